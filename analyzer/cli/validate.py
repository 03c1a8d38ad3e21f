"""``muehle validate``: replay records under a ruleset and report every broken rule.

Text output reads like a compiler's (``file:line:col: error: game N (White - Black): message [code]``, the
line and a caret under it) followed by ``N games, M valid, K invalid``; ``--explain``
adds the position to restore after an illegal ply; ``--format json`` prints one JSON
array with one object per game (the contract is in ``docs/validate.md``). Exit
status: 0 when every game is valid, 1 when any is not or an input cannot be read,
2 for usage errors.
"""

from __future__ import annotations

import json
import signal
import sys
import threading
from typing import Any, Callable, Optional

import click

from muehle.analyzer.batch.progress import FileProgress
from muehle.analyzer.batch.source_lines import SourceLines
from muehle.analyzer.batch.validate import ValidationSummary, fewer_collections, read_stdin, validate_paths
from muehle.analyzer.cli import exits
from muehle.analyzer.cli.common import (
    RULES,
    colour_for,
    colour_option,
    echo_error,
    fails_cleanly,
    from_option,
    given,
    require_dask_or_exit,
    resolve_rules,
    stdout_is_utf8,
    workers_options,
)
from muehle.analyzer.engine.fen import MOVE_NUMBERS
from muehle.notation.reading.inputs import source_name
from muehle.notation.text.errors import MuehleError
from muehle.notation.text.i18n import N_, _

#: The signals that ask a run to stop, each with its word and exit status (128 + its number).
STOP_SIGNALS: dict[int, tuple[str, int]] = {signal.SIGINT: (N_("interrupted"), exits.INTERRUPTED)}
if hasattr(signal, "SIGTERM"):  # what ``timeout``, ``kill`` and job schedulers send
    STOP_SIGNALS[signal.SIGTERM] = (N_("terminated"), exits.TERMINATED)


#: How long a stop may wait for the game being judged (seconds): then the run ends where it is.
STOP_GRACE = 1.0


class StopNow(KeyboardInterrupt):
    """Raised by :class:`StopRequest` where the run stands, when a stop cannot wait (an
    interrupt: should it come after the report, the command ends as after Ctrl-C)."""


class StopRequest:
    """Within it, Ctrl-C (SIGINT) or SIGTERM does not break off the game being reported:
    it asks the loop to stop (``requested``: the signal's word and exit status). A second
    signal, or the first one not heeded within :data:`STOP_GRACE` seconds (a slow game, a
    wait on a pipe that stalls), raises :class:`StopNow` where the run stands.

    >>> with StopRequest() as stop:
    ...     stop.requested is None
    True
    """

    def __init__(self) -> None:
        self.requested: Optional[tuple[str, int]] = None
        self._previous: dict[int, Any] = {}
        self._timer: Optional[threading.Timer] = None

    def _request(self, signum: int, frame: Any) -> None:
        if self.requested is not None:
            raise StopNow()
        self.requested = STOP_SIGNALS[signum]
        self._timer = threading.Timer(STOP_GRACE, _signal_main_thread, (signum,))
        self._timer.daemon = True
        self._timer.start()

    def __enter__(self) -> "StopRequest":
        if threading.current_thread() is threading.main_thread():
            for number in STOP_SIGNALS:
                self._previous[number] = signal.signal(number, self._request)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._timer is not None:
            self._timer.cancel()
        for number, previous in self._previous.items():
            signal.signal(number, previous)


def _signal_main_thread(signum: int) -> None:
    """Send ``signum`` again, to the main thread (a wait it is in is broken off)."""
    kill = getattr(signal, "pthread_kill", None)
    if kill is not None:
        kill(threading.main_thread().ident, signum)
    else:  # (Windows)
        signal.raise_signal(signum)


@click.command(help=N_("Replay records under a ruleset and report every broken rule.\n\n"
                       "FILES are records in notation, PGN, PlayOK's numbered points, JSON or YAML (- for standard input). "
                       "Exit status: 0 when every game is valid, 1 when any is not or a file cannot "
                       "be read, 2 for usage errors.\n\n"
                       "Example:\n\n\b\n  muehle validate examples/illegal-moves.txt --rules wmd"))
@click.argument("files", nargs=-1, required=True)
@click.option("--rules", "rules_name", metavar="NAME|FILE", type=RULES,
              help=N_("Ruleset for every game (a preset or a YAML file); default: each record's "
                      "Rules tag, else wmd."))
@click.option("--format", "output_format", type=click.Choice(["text", "json"], case_sensitive=False), default="text",
              show_default=True, help=N_("Compiler-style lines, or one JSON array."))
@click.option("--explain", is_flag=True,
              help=N_("After an illegal ply, show the position to restore: a board diagram, the stones on the "
                      "board and in hand, the side to move, the FEN (text output; the JSON always has it)."))
@click.option("--fen-numbers", type=click.Choice(MOVE_NUMBERS, case_sensitive=False), default="record",
              show_default=True,
              help=N_("With --explain or --format json: field 17 of the FEN of the position to restore as the record "
                      "numbers its moves, or as Sanmill counts (every action, each removal one)."))
@click.option("--suggest", is_flag=True,
              help=N_("Under each invalid game, the best repair muehle repair finds: the scorekeeper's slips whose "
                      "undoing makes the main line legal, or that none was found (the JSON: a \"repair\" member "
                      "of each game). Slower: each invalid game is searched."))
@workers_options(N_("Worker processes that judge the games (0: one per processor; 1: this process alone; at most "
                    "256, and no more than the largest file has pieces of 64 KB); the output is the same for any "
                    "number."),
                 N_("Judge the games on a Dask cluster: its scheduler's address (every worker must read the "
                    "FILES at the same paths), or 'local' for a cluster of --jobs processes on this machine "
                    "(needs: pip install 'muehle[dask]')."))
@from_option
@colour_option
@fails_cleanly
def validate(files: tuple[str, ...], rules_name: Optional[str], output_format: str, explain: bool, fen_numbers: str,
             suggest: bool, jobs: int, scheduler: Optional[str], source_format: Optional[str]) -> None:
    fen_numbers = fen_numbers.lower()
    if given("fen_numbers") and output_format.lower() != "json" and not explain:
        raise click.UsageError(_("--fen-numbers goes with --explain or --format json (the FEN of the position to "
                                 "restore)"))
    rules = resolve_rules(rules_name)
    if scheduler is not None:
        require_dask_or_exit()
    # standard input is read first (Ctrl-C stops the wait for it); an error reading it is
    # reported in its place, and the other inputs are still checked
    stdin = read_stdin() if "-" in files else None
    summary = ValidationSummary()
    json_output = output_format == "json"
    ascii_only = not stdout_is_utf8()
    colour = not json_output and colour_for(sys.stdout)
    source_lines = SourceLines({source_name(name): name for name in files}, stdin if isinstance(stdin, str) else None)
    out = sys.stdout
    repair_lines: Optional[Callable[[Any], list[str]]] = None  # (--suggest's words of the best repair)
    repair_data: Optional[Callable[[Any], Optional[dict[str, Any]]]] = None
    if suggest:
        from muehle.analyzer.repair import hint  # (start-up: the repair only for --suggest)

        repair_lines, repair_data = hint.hint_lines, hint.hint_dict
    if json_output:
        out.write("[")
    first = True
    broken_off: Optional[MuehleError] = None  # what stopped the run before its end (a worker that died)
    with FileProgress(files, quiet=json_output) as progress, \
            StopRequest() as stop, fewer_collections():
        reports = validate_paths(files, rules, jobs, stdin, source_format, scheduler, suggest, fen_numbers)
        try:
            while True:
                try:
                    item = next(reports)
                except StopIteration:
                    break
                except MuehleError as error:
                    broken_off = error
                    progress.clear()
                    break
                summary.add(item)
                if isinstance(item, MuehleError):
                    progress.clear()
                    echo_error(item)
                elif json_output:
                    data = item.to_dict()
                    if repair_data is not None:
                        data["repair"] = repair_data(item.repair)
                    out.write(("\n" if first else ",\n") + json.dumps(data, ensure_ascii=ascii_only))
                    first = False
                elif item.errors or item.warnings:
                    progress.clear()
                    source = item.source
                    notes = repair_lines(item.repair) if repair_lines is not None and not item.valid else ()
                    out.write("".join(line + "\n" for line in item.text_lines(
                        ascii_only, explain=explain, line_text=lambda number: source_lines.line_text(source, number),
                        colour=colour, notes=notes)))
                    out.flush()
                if not isinstance(item, MuehleError):
                    progress.game(item.source, item.line, item.plies)
                if stop.requested is not None:
                    reports.close()  # stops the worker processes
                    progress.clear()
                    break
        except StopNow:  # a second signal, or a stop not heeded in time: the report so far
            reports.close()
            progress.clear()
    interrupted = stop.requested
    # what was checked so far is reported completely, also when interrupted or broken off
    if json_output:
        out.write("\n]\n" if not first else "]\n")
    else:
        out.write(summary.line() + "\n")
    out.flush()
    if broken_off is not None:
        echo_error(broken_off)
        click.echo("muehle: " + _("stopped; {summary} checked so far").format(summary=summary.line()), err=True)
        sys.exit(exits.FAILED)
    if interrupted is not None:
        word, status = interrupted
        click.echo("muehle: " + _("{what}; {summary} checked so far").format(what=_(word), summary=summary.line()),
                   err=True)
        sys.exit(status)
    sys.exit(exits.outcome(summary.ok))
