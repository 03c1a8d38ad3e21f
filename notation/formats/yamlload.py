"""YAML read strictly: plain data only (PyYAML's safe loader), no key twice in a mapping,
no anchors and aliases (muehle never writes them, and a few aliases can stand for a huge tree),
no integer of more than :data:`~muehle.notation.record.model.MAX_DIGITS` digits, nor one written with
more than :data:`LONGEST_INTEGER_TEXT` characters (YAML 1.1 reads ``1:2:3`` in base 60, and
reading a long one takes time that grows with the square of its length).

Records (:mod:`muehle.notation.formats.jsonrecord`) and rulesets (:mod:`muehle.analyzer.engine.rules`)
are read so.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import yaml

from muehle.notation.record.model import TOO_LARGE, decimal_digits, too_many_digits
from muehle.notation.text.errors import quoted
from muehle.notation.text.i18n import N_, _

#: PyYAML's safe loader, in C where libyaml is there (many times faster; the same plain data).
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def compose_yaml(text: str) -> Optional[yaml.Node]:
    """The node tree of a YAML document (with its marks), read by the safe loader: in C where it
    can, which reads collections nested up to libyaml's limit (1000) without Python's recursion."""
    return yaml.compose(text, Loader=_SAFE_LOADER)


def load_yaml_strictly(text: str) -> Any:
    """The plain data of a YAML document, read with the safe loader; a mapping that repeats a
    key is a :class:`yaml.MarkedYAMLError` (YAML forbids it; ``safe_load`` keeps the last), and
    so are an alias (``*name``), at the value it names, and an integer that is too long.

    >>> load_yaml_strictly("a: 1\\nb: [x, y]\\n")
    {'a': 1, 'b': ['x', 'y']}
    >>> load_yaml_strictly("a: 1\\na: 2\\n")
    Traceback (most recent call last):
    ...
    yaml.constructor.ConstructorError: while reading a mapping
      in "<unicode string>", line 1, column 1
    found the key 'a' twice
      in "<unicode string>", line 2, column 1
    >>> load_yaml_strictly("a: &x [1]\\nb: *x\\n")
    Traceback (most recent call last):
    ...
    yaml.constructor.ConstructorError: YAML anchors and aliases are not read here: write the value out
      in "<unicode string>", line 1, column 4
    """
    loader = _SAFE_LOADER(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check_nodes(node, loader.construct_yaml_int)
        return loader.construct_document(node)
    except RecursionError:  # (PyYAML reads nested collections recursively)
        depth, mark = _deepest(text)
        raise yaml.constructor.ConstructorError(
            None, None, _("collections nested {depth} deep, deeper than can be read").format(depth=depth), mark) from None
    finally:
        loader.dispose()


_OPENING_TOKENS = (yaml.BlockMappingStartToken, yaml.BlockSequenceStartToken, yaml.FlowMappingStartToken,
                   yaml.FlowSequenceStartToken)
_CLOSING_TOKENS = (yaml.BlockEndToken, yaml.FlowMappingEndToken, yaml.FlowSequenceEndToken)


def _deepest(text: str) -> tuple[int, Any]:
    """How deep the collections of a YAML text nest, and the mark of the first that deep (its
    tokens counted without recursion: only on the error path).

    >>> depth, mark = _deepest("a: [[1], {b: [2]}]\\n")
    >>> depth, mark.line, mark.column
    (4, 0, 13)
    """
    loader = _SAFE_LOADER(text)
    depth = deepest = 0
    mark = None
    try:
        while loader.check_token():
            token = loader.get_token()
            if isinstance(token, _OPENING_TOKENS):
                depth += 1
                if depth > deepest:
                    deepest, mark = depth, token.start_mark
            elif isinstance(token, _CLOSING_TOKENS):
                depth -= 1
    except yaml.YAMLError:
        pass  # (counted up to there)
    finally:
        loader.dispose()
    return deepest, mark


def _check_nodes(root: yaml.Node, integer: Callable[[yaml.ScalarNode], int]) -> None:
    """Raise on the first node under ``root`` reached twice (an alias names a node already
    read), a mapping that repeats a key, or an integer too long (read by ``integer``); each node
    is looked at once."""
    if isinstance(root, yaml.ScalarNode):
        _check_scalar(root, integer)
    walked = {id(root)}
    add = walked.add
    pending = [root]
    while pending:
        node = pending.pop()
        if isinstance(node, yaml.MappingNode):
            seen: set[tuple[str, str]] = set()
            children: list[yaml.Node] = []
            for key_node, value_node in node.value:
                if isinstance(key_node, yaml.ScalarNode):
                    key = (key_node.tag, key_node.value)
                    if key in seen:
                        raise yaml.constructor.ConstructorError(
                            _("while reading a mapping"), node.start_mark,
                            _("found the key {key} twice").format(key=quoted(key_node.value)), key_node.start_mark,
                        )
                    seen.add(key)
                children.append(key_node)
                children.append(value_node)
        elif isinstance(node, yaml.SequenceNode):
            children = node.value
        else:
            continue  # (a document that is one scalar)
        for child in children:
            count = len(walked)
            add(id(child))
            if len(walked) == count:
                raise yaml.constructor.ConstructorError(None, None, _("YAML anchors and aliases are not read here: write the value out"), child.start_mark)
            if not isinstance(child, yaml.ScalarNode):
                pending.append(child)
            elif child.tag == _INT_TAG and len(child.value) > 100:  # (a shorter one is not too long)
                _check_scalar(child, integer)


_INT_TAG = "tag:yaml.org,2002:int"

#: The most characters an integer may be written with: one of 4000 digits, with underscores
#: between them, or one in base 60 of as many digits (``1:59:59...``) is read and judged by its
#: digits; a longer text is refused unread.
LONGEST_INTEGER_TEXT = 20_000


def _check_scalar(node: yaml.ScalarNode, integer: Callable[[yaml.ScalarNode], int]) -> None:
    """Raise when ``node`` is an integer of more than :data:`~muehle.notation.record.model.MAX_DIGITS` digits."""
    if node.tag != _INT_TAG:
        return
    if len(node.value) > LONGEST_INTEGER_TEXT:
        raise yaml.constructor.ConstructorError(
            None, None, _("a number written with {length} characters is too long (at most {most})").format(
                length=len(node.value), most=LONGEST_INTEGER_TEXT),
            node.start_mark)
    try:
        value = integer(node)
    except ValueError:  # in decimal, longer than Python reads
        digits = sum(char.isdigit() for char in node.value)
    else:
        if -TOO_LARGE < value < TOO_LARGE:
            return
        digits = decimal_digits(value)
    raise yaml.constructor.ConstructorError(None, None, too_many_digits(N_("a number"), digits), node.start_mark)
