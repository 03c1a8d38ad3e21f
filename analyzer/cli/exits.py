"""The exit statuses of the ``muehle`` command, each named here once.

Every command ends with one of these (README.md, "Exit statuses", says what each means to
the user; tests/cli/test_exits.py checks that every one is told there and that no module of
the command line exits with a bare number):

>>> OK, FAILED, USAGE, INTERNAL, INTERRUPTED, BROKEN_PIPE, TERMINATED
(0, 1, 2, 3, 130, 141, 143)
>>> outcome(True), outcome(False)
(0, 1)
"""

from __future__ import annotations

import signal
from typing import Final

import click

#: Every game, input and claim was as it should be.
OK: Final = 0
#: An input or a record is bad, a game invalid, a claim wrong or not to be judged, a file or
#: standard output cannot be written, a worker process or the scheduler failed.
FAILED: Final = 1
#: A usage error: an unknown option, a value not allowed, options that do not go together
#: (click's own status for :class:`click.UsageError`).
USAGE: Final = click.UsageError.exit_code
#: An internal error: a fault of muehle's own, told in one line (``MUEHLE_DEBUG=1`` shows the
#: traceback); never a fault of the input's.
INTERNAL: Final = 3


def signalled(signum: int) -> int:
    """The status of a command stopped by the signal ``signum``: 128 + its number, as the shell
    reports a command the signal ended.

    >>> signalled(2)
    130
    """
    return 128 + int(signum)


#: Stopped by Ctrl-C (SIGINT).
INTERRUPTED: Final = signalled(signal.SIGINT)
#: Standard output is a pipe whose reader went away (``| head``): SIGPIPE's status (13 on POSIX).
BROKEN_PIPE: Final = signalled(13)
#: Stopped by SIGTERM (``timeout``, ``kill``, a job scheduler).
TERMINATED: Final = signalled(15)

#: Every status above, by its name (the names as the documentation tells them).
STATUSES: Final = {"OK": OK, "FAILED": FAILED, "USAGE": USAGE, "INTERNAL": INTERNAL,
                   "INTERRUPTED": INTERRUPTED, "BROKEN_PIPE": BROKEN_PIPE, "TERMINATED": TERMINATED}


def outcome(ok: bool) -> int:
    """:data:`OK` when everything was as it should be, else :data:`FAILED`."""
    return OK if ok else FAILED
