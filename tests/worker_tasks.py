"""Tasks the tests give the workers of a pool, to learn what a worker has: module-level functions,
which a worker that was not forked finds by importing this module (``tests/`` is on the path)."""

from __future__ import annotations


def language(task: object) -> str:
    """The language of the worker's messages."""
    from muehle.notation.text.i18n import current_language

    return current_language()


def reader_built(task: object) -> bool:
    """Whether the worker's reader of records is built (what ``validate``'s warm-up builds)."""
    from muehle.notation.reading import parser

    return parser._PARSERS.fast is not None
