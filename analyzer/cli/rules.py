"""``muehle rules``: list the rulesets, or print one as YAML.

Without an argument, every preset with its title and the rules text it follows.
With a preset name or a YAML file, that ruleset as YAML: the same text read back
with ``--rules FILE`` gives the same ruleset.
"""

from __future__ import annotations

from typing import Optional

import click

from muehle.analyzer.cli.common import fails_cleanly, resolve_rules
from muehle.analyzer.engine.rules import load_ruleset, preset_names, ruleset_to_yaml
from muehle.notation.text.i18n import N_


def preset_table() -> str:
    """The presets, one per line: name, title, the text followed (the default marked).

    >>> print(preset_table().splitlines()[0])  # doctest: +ELLIPSIS +NORMALIZE_WHITESPACE
    wmd (default) WMD Turnierreglement 3.0 (2019)...
    """
    rows = []
    for index, name in enumerate(preset_names()):
        rules = load_ruleset(name)
        rows.append((name + (" (default)" if index == 0 else ""), rules.title, rules.follows))
    width = max(len(row[0]) for row in rows) + 2
    return "".join(f"{name:<{width}}{title}\n{'':<{width}}follows: {follows}\n" for name, title, follows in rows)


@click.command(help=N_("List the rulesets, or print one (a preset or a YAML file) as YAML.\n\n"
                       "Example:\n\n\b\n  muehle rules schuermann"))
@click.argument("ruleset", required=False, metavar="[NAME|FILE]")
@fails_cleanly
def rules(ruleset: Optional[str]) -> None:
    if ruleset is None:
        click.echo(preset_table(), nl=False)
        return
    click.echo(ruleset_to_yaml(resolve_rules(ruleset, param_hint="'NAME|FILE'")), nl=False)
