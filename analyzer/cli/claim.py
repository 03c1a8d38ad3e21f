"""``muehle claim``: was a draw claim right at a given ply? A verdict with its proof.

The exit status is the verdict: 0 for ``valid``, 1 for ``invalid`` (and for a
claim that cannot be judged: no such game or ply, an illegal ply before it, a
record that cannot be read), 2 for a usage error. The JSON form is described in
``docs/analyze.md``.
"""

from __future__ import annotations

import difflib
import json
import sys
from typing import Any, Optional

import click
import yaml

from muehle.analyzer.cli import exits
from muehle.analyzer.cli.common import (
    RULES,
    SideChoice,
    TextChoice,
    check_ply_choice,
    echo_data,
    fails_cleanly,
    from_option,
    ply_of_move,
    ply_options,
    rules_option,
)
from muehle.analyzer.cli.game_input import load_games
from muehle.analyzer.engine.rules import Ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.reports.claims import CLAIM_RULES, judge_claim
from muehle.notation.text.errors import MuehleError, visible
from muehle.notation.text.i18n import N_, _

#: The forms of the verdict: text for people, JSON and YAML the same data (``docs/analyze.md``).
FORMATS = ("text", "json", "yaml")


#: What a claim's rule may be called instead of its name: the no-capture rule by its count.
RULE_NAMES = {"30-move": "no-capture", "50-move": "no-capture", "30-moves": "no-capture", "50-moves": "no-capture",
              "thirty-move": "no-capture", "fifty-move": "no-capture", "threefold": "repetition",
              "threefold-repetition": "repetition", "mandatory": "mandatory-draw"}


class ClaimRule(TextChoice):
    """``--rule``: one of :data:`CLAIM_RULES`; a value that is none says which was likely meant
    (``30-move``: ``no-capture``, the 30-move rule; a near miss: the rule it nearly is)."""

    def convert(self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as error:
            said = str(value).strip().lower()
            meant = RULE_NAMES.get(said) or next(iter(difflib.get_close_matches(said, CLAIM_RULES, 1, 0.6)), None)
            if meant is None:
                raise
            hint = (_("no-capture is the 30-move rule of the WMD, the 50-move rule elsewhere") if meant == "no-capture"
                    else "")
            self.fail(error.message.rstrip(".") + ". " + (
                _("Did you mean '{rule}'? ({hint})") if hint else _("Did you mean '{rule}'?")).format(
                    rule=meant, hint=hint), param, ctx)


def rules_or_rule(ctx: click.Context, param: click.Parameter, value: Optional[str]) -> Optional[Ruleset]:
    """``--rules``, the ruleset; a claim's rule given there (``--rules repetition``) is told to go to ``--rule``."""
    try:
        return rules_option(ctx, param, value)
    except click.BadParameter as error:
        said = (value or "").strip().lower()
        if said not in CLAIM_RULES and said not in RULE_NAMES:
            raise
        raise click.BadParameter(error.message + " " + _("(a claim's rule is given with --rule: --rule {rule})").format(
            rule=RULE_NAMES.get(said, said)), ctx=ctx, param=param) from None


@click.command(name="claim")
@click.argument("file", metavar="FILE")
@ply_options(ply_help=N_("The claim is made after this ply (1 is the record's first ply: White's first placement, "
                          "or the first ply after a set-up position; 0: at the start)."),
             move_help=N_("Or after this full move's ply of --side, as the score sheet numbers it."))
@click.option("--by", "by", type=SideChoice(), required=True,
              help=N_("The side that claims (for mandatory-draw: the side that offers the draw); weiss and "
                      "schwarz do too."))
@click.option("--rule", type=ClaimRule(CLAIM_RULES, case_sensitive=False), required=True,
              help=N_("repetition (threefold repetition, WMD 11.2), no-capture (the 30-move rule of WMD 11.3: 30 "
                      "moves without a capture; the 50-move rule elsewhere) or mandatory-draw (11.5)."))
@click.option("--game", "game_number", type=click.IntRange(min=1), default=1, show_default=True,
              help=N_("Which game of the file (1 is the first)."))
@click.option("--rules", default=None, metavar="NAME|FILE", type=RULES, callback=rules_or_rule,
              help=N_("Ruleset (preset name or YAML file); default: the record's Rules tag, else wmd."))
@click.option("--format", "fmt", type=click.Choice(FORMATS, case_sensitive=False), default="text",
              show_default=True, help=N_("The verdict as two lines of text, or as JSON or YAML (the same data)."))
@from_option
@fails_cleanly
def claim(file: str, ply: Optional[int], move: Optional[int], side: Optional[str], by: str, rule: str,
          game_number: int, rules: Optional[Ruleset], fmt: str, source_format: Optional[str]) -> None:
    """Decide whether a draw claim after ply N was right; exit 0 if valid, 1 if not.

    FILE holds records in the notation, PGN, PlayOK's numbered points, JSON or YAML ('-' reads standard input).

    Example (White claims a threefold repetition after Black's 13th move):

    \b
      muehle claim examples/analyze-repetition.txt --move 13 --side black --by white --rule repetition
    """
    check_ply_choice(ply, move, side, needed_for=N_("the claim"))
    data = load_games(file, source_format)
    game = data.pick(game_number)
    try:
        if game.errors:
            raise game.errors[0]
        replayed = replay_record(game, rules)
        if move is not None:
            ply = ply_of_move(game, replayed, move, side)
        assert ply is not None
        verdict = judge_claim(replayed, ply, by, rule)  # type: ignore[arg-type]
    except MuehleError as error:
        raise data.located(error, game_number) from None
    if fmt == "text":
        click.echo(visible(verdict.text()), nl=False)
    else:
        output = {"source": data.source, "game": game_number, "rules": replayed.rules.name,
                  **verdict.to_dict()}
        echo_data(json.dumps(output, ensure_ascii=False, indent=2) + "\n" if fmt == "json"
                  else yaml.safe_dump(output, sort_keys=False, allow_unicode=True, width=100))
    if not verdict.valid:
        sys.exit(exits.FAILED)
