"""``muehle stats``: counts over the games of some files (the contract is in ``docs/select.md``).

The games are read one at a time (:func:`~muehle.analyzer.batch.sources.sourced_games`)
and their facts (:func:`~muehle.analyzer.corpus.facts.game_facts`) counted by
:class:`~muehle.analyzer.corpus.stats.Stats`; the counts are written at the end. A
game with a syntax error is an invalid game (code ``syntax``). An input that cannot
be read is reported, located, on standard error and stops the run (exit status 1,
nothing written), or with ``--keep-going`` is counted as unreadable and the others
are read (the counts are written; exit status 1). ``-o`` writes the counts atomically to a file.
"""

from __future__ import annotations

import json
import sys
from contextlib import closing
from functools import partial
from typing import Optional

import click

from muehle.analyzer.batch.progress import FileProgress
from muehle.analyzer.batch.sources import each_game
from muehle.analyzer.batch.validate import fewer_collections, read_stdin
from muehle.analyzer.cli import exits
from muehle.analyzer.cli.common import (
    RULES,
    echo_error,
    fails_cleanly,
    from_option,
    output_option,
    require_dask_or_exit,
    resolve_rules,
    workers_options,
    write_report,
)
from muehle.analyzer.corpus.facts import facts_of
from muehle.analyzer.corpus.stats import Stats
from muehle.notation.text.errors import MuehleError
from muehle.notation.text.i18n import N_


@click.command(name="stats", help=(
    N_("Count the games of FILE...: valid and invalid ones by error code, results declared and on the board, "
       "ends, draw rights, lengths in plies (min, median, max), players and events.\n\n"
       "FILE is a record in notation, PGN, PlayOK's numbered points, JSON or YAML (- for standard input). "
       "A file that cannot be read stops the run (exit status 1, nothing written) unless --keep-going.\n\n"
       "Example:\n\n\b\n  muehle stats examples/multi-game.txt --format json")))
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--format", "output_format", type=click.Choice(["text", "json"], case_sensitive=False), default="text",
              show_default=True, help=N_("Lines of text, or one JSON object."))
@click.option("--rules", "rules_name", metavar="NAME|FILE", type=RULES,
              help=N_("Replay every game under this ruleset (a preset or a YAML file); default: each record's "
                      "Rules tag, else wmd."))
@click.option("--keep-going", is_flag=True, default=False,
              help=N_("After a file that cannot be read, go on with the others (the exit status is 1 still)."))
@output_option
@workers_options()
@from_option
@fails_cleanly
def stats(files: tuple[str, ...], output_format: str, rules_name: Optional[str], keep_going: bool,
          output: Optional[str], jobs: int, scheduler: Optional[str], source_format: Optional[str]) -> None:
    rules = resolve_rules(rules_name)
    if scheduler is not None:
        require_dask_or_exit()
    stdin = read_stdin() if "-" in files else None
    counts = Stats()
    json_output = output_format == "json"
    with FileProgress(files, quiet=json_output) as progress, fewer_collections(), \
            closing(each_game(files, partial(facts_of, rules=rules), stdin, source_format, jobs, scheduler)) as games:
        for item in games:
            if isinstance(item, MuehleError):
                progress.clear()
                echo_error(item)
                if not keep_going:
                    sys.exit(exits.FAILED)
                counts.unreadable()
                continue
            facts = item[1]
            counts.add(facts)
            progress.game(facts.source, facts.line, facts.plies)
    write_report(json.dumps(counts.to_dict(), indent=2, ensure_ascii=False) + "\n" if json_output
                 else "\n".join(counts.text_lines()) + "\n", output, files, data=json_output)
    sys.exit(exits.outcome(not counts.unreadable_inputs))
