"""YAML read strictly: plain data only (PyYAML's safe loader), and no key twice in a mapping.

Records (:mod:`muehle.notation.jsonrecord`) and rulesets (:mod:`muehle.analyzer.rules`)
are read so.
"""

from __future__ import annotations

from typing import Any

import yaml

#: PyYAML's safe loader, in C where libyaml is there (many times faster; the same plain data).
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml_strictly(text: str) -> Any:
    """The plain data of a YAML document, read with the safe loader; a mapping that repeats a
    key is a :class:`yaml.MarkedYAMLError` (YAML forbids it; ``safe_load`` keeps the last).

    >>> load_yaml_strictly("a: 1\\nb: [x, y]\\n")
    {'a': 1, 'b': ['x', 'y']}
    >>> load_yaml_strictly("a: 1\\na: 2\\n")
    Traceback (most recent call last):
    ...
    yaml.constructor.ConstructorError: while reading a mapping
      in "<unicode string>", line 1, column 1
    found the key 'a' twice
      in "<unicode string>", line 2, column 1
    """
    loader = _SAFE_LOADER(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _reject_repeated_keys(node)
        return loader.construct_document(node)
    finally:
        loader.dispose()


def _reject_repeated_keys(root: yaml.Node) -> None:
    """Raise on the first mapping under ``root`` that repeats a key."""
    pending = [root]
    while pending:
        node = pending.pop()
        if isinstance(node, yaml.MappingNode):
            seen: set[tuple[str, str]] = set()
            for key_node, value_node in node.value:
                if isinstance(key_node, yaml.ScalarNode):
                    key = (key_node.tag, key_node.value)
                    if key in seen:
                        raise yaml.constructor.ConstructorError(
                            "while reading a mapping", node.start_mark,
                            f"found the key {key_node.value!r} twice", key_node.start_mark,
                        )
                    seen.add(key)
                pending.append(value_node)
        elif isinstance(node, yaml.SequenceNode):
            pending.extend(node.value)
