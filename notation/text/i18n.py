"""The language of muehle's words: English, the language of its source, or German.

Messages, reports and help are written in English and passed through :func:`_` (or
:func:`ngettext` for a count) when they are worded, which is on the error path only; the
German forms come from the gettext catalog ``locale/de/LC_MESSAGES/muehle.mo`` (see
:mod:`muehle.notation.text.catalogs`). Codes, keys and the words of the formats stay English.

The library speaks English until told otherwise (:func:`set_language`), whatever the
environment; the ``muehle`` command follows ``--lang``, else the environment
(:func:`language_from_environment`).

>>> with language("de"):
...     _("there is no game in the input")
'die Eingabe enthält keine Partie'
>>> _("there is no game in the input")
'there is no game in the input'
>>> with language("de"):
...     ngettext("{count} ply", "{count} plies", 2).format(count=2)
'2 Halbzüge'
"""

from __future__ import annotations

import contextlib
import gettext
import os
from pathlib import Path
from typing import Callable, Iterator, Mapping, Optional

#: Where the catalogs are: ``LOCALE_DIR/<language>/LC_MESSAGES/muehle.mo`` (built from the
#: ``.po`` beside it by :mod:`muehle.notation.text.catalogs`).
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The gettext domain of muehle's messages.
DOMAIN = "muehle"
#: The gettext domain of the words of click, the library of the command line ("Usage:", "Error:
#: Missing argument"), in muehle's own catalogs (``LOCALE_DIR/<language>/LC_MESSAGES/click.mo``).
CLICK_DOMAIN = "click"
#: The languages muehle speaks besides English (the language of its source).
LANGUAGES = ("de",)

#: The languages one may ask for: English (the default) and those with a catalog.
CHOICES = ("en", *LANGUAGES)

_current: gettext.NullTranslations = gettext.NullTranslations()
_current_click: gettext.NullTranslations = gettext.NullTranslations()
_current_name = "en"


def _(message: str) -> str:
    """``message`` in the current language (itself in English, or where no translation is)."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of ``singular``/``plural`` for ``count``, in the current language."""
    return _current.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language as it is meant in ``context`` (an English word that
    two places mean differently: a column's ``valid`` game, a claim's ``valid`` verdict)."""
    return _current.pgettext(context, message)


def NP_(context: str, message: str) -> str:
    """Marks ``message`` in ``context`` as one to translate where it is used later (with
    :func:`pgettext`): returns it unchanged."""
    return message


def N_(message: str) -> str:
    """Marks ``message`` as one to translate where it is used later (help texts read at import):
    returns it unchanged."""
    return message


def click_gettext(message: str) -> str:
    """click's ``gettext``: one of click's words in the current language; in English, what the
    standard library's ``gettext`` gives (so that a program's own catalog for click still counts).

    >>> with language("de"):
    ...     click_gettext("Usage:"), click_gettext("Missing argument")
    ('Aufruf:', 'Fehlendes Argument')
    """
    return gettext.gettext(message) if _current_name == "en" else _current_click.gettext(message)


def click_ngettext(singular: str, plural: str, count: int) -> str:
    """click's ``ngettext``: the form of one of click's words for ``count`` (see :func:`click_gettext`)."""
    if _current_name == "en":
        return gettext.ngettext(singular, plural, count)
    return _current_click.ngettext(singular, plural, count)


#: English text made of translated pieces -> the function that makes it (see :func:`composed`).
_COMPOSED: dict[str, Callable[[], str]] = {}


def composed(make: Callable[[], str]) -> str:
    """A text made of translated pieces (a help that lists a table's words), made in English now;
    :func:`translated_text` makes it again in the current language.

    >>> help_text = composed(lambda: _("there is no game in the input") + ".")
    >>> help_text
    'there is no game in the input.'
    >>> with language("de"):
    ...     translated_text(help_text)
    'die Eingabe enthält keine Partie.'
    """
    with language("en"):
        text = make()
    _COMPOSED[text] = make
    return text


def translated_text(text: str) -> str:
    """``text`` in the current language: a :func:`composed` text made again, any other looked up."""
    make = _COMPOSED.get(text)
    return make() if make is not None else _(text)


def current_language() -> str:
    """The language words are given in now: ``en`` or ``de``."""
    return _current_name


def set_language(name: Optional[str]) -> None:
    """Give words in ``name`` (one of :data:`CHOICES`; ``None``: English) from now on.

    >>> set_language("fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose one of en, de
    """
    global _current, _current_click, _current_name
    name = name or "en"
    if name not in CHOICES:
        raise ValueError(f"unknown language {name!r}: choose one of {', '.join(CHOICES)}")
    if name == "en":
        _current = _current_click = gettext.NullTranslations()
    else:
        _current = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[name], fallback=True)
        _current_click = gettext.translation(CLICK_DOMAIN, localedir=str(LOCALE_DIR), languages=[name],
                                             fallback=True)
    _current_name = name


@contextlib.contextmanager
def language(name: Optional[str]) -> Iterator[None]:
    """Words in ``name`` within the block, the language before restored after it."""
    before = _current_name
    set_language(name)
    try:
        yield
    finally:
        set_language(before)


def language_from_environment(environ: Optional[Mapping[str, str]] = None) -> str:
    """The language the environment asks for, as gettext reads it: the first of ``LANGUAGE``,
    ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set; German if it starts with ``de``,
    else English (``LANGUAGE`` may list several, ``de:en``: the first one muehle speaks counts).

    >>> language_from_environment({"LANG": "de_DE.UTF-8"}), language_from_environment({"LANG": "C.UTF-8"})
    ('de', 'en')
    >>> language_from_environment({"LC_ALL": "en_US.UTF-8", "LANG": "de_CH.UTF-8"})
    'en'
    >>> language_from_environment({"LANGUAGE": "fr:de", "LANG": "fr_FR"})
    'de'
    """
    environ = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if not value:
            continue
        for wanted in value.split(":"):
            code = wanted.split("_")[0].split(".")[0].lower()
            if code in CHOICES:
                return code
        if variable != "LANGUAGE":
            return "en"
    return "en"
