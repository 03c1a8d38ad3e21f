"""Message catalogs, a development tool: each gettext ``.po`` file compiled by Babel to the
``.mo`` file gettext loads.

The German catalogs in ``locale/de/LC_MESSAGES/`` are the texts translators edit: ``muehle.po``
(muehle's messages, reports and help) and ``click.po`` (the words of click, the library of the
command line: "Usage:", "Error: Missing argument"). The ``.mo`` beside each is compiled from it
and committed (a test checks that the two agree), so that an installation needs neither Babel
nor GNU ``msgfmt``: at run time the standard library's ``gettext`` reads the ``.mo``. After
editing a ``.po`` (with the test extra, which has Babel, installed)::

    python -m muehle.notation.text.catalogs

(or ``pybabel compile -d notation/text/locale -D muehle`` and ``-D click``, the same bytes).

>>> import gettext, io
>>> catalog = read_po('msgid ""\\nmsgstr "Language: de\\\\n"\\n\\nmsgid "board"\\nmsgstr "Brett"\\n')
>>> gettext.GNUTranslations(io.BytesIO(mo_bytes(catalog))).gettext("board")
'Brett'
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po as babel_read_po

from muehle.notation.text.i18n import CLICK_DOMAIN, DOMAIN, LANGUAGES, LOCALE_DIR


def read_po(text: str) -> Catalog:
    """The catalog a ``.po`` file's text holds, as Babel reads it."""
    return babel_read_po(io.StringIO(text))


def mo_bytes(catalog: Catalog) -> bytes:
    """The ``.mo`` file of ``catalog``, as Babel writes it (entries marked ``fuzzy`` or left
    untranslated left out, as ``msgfmt`` leaves them out)."""
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def po_path(language: str, domain: str = DOMAIN) -> Path:
    """The ``.po`` file of ``language`` (muehle's messages, or click's words for ``domain="click"``)."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


def compiled_po(language: str, domain: str = DOMAIN) -> bytes:
    """The ``.mo`` file compiled from the ``.po`` of ``language`` and ``domain``."""
    return mo_bytes(read_po(po_path(language, domain).read_text(encoding="utf-8")))


def compile_catalogs() -> list[Path]:
    """Write the ``.mo`` of every language and domain from its ``.po``; the files written."""
    written = []
    for language in LANGUAGES:
        for domain in (DOMAIN, CLICK_DOMAIN):  # (muehle's messages and click's words)
            mo = po_path(language, domain).with_suffix(".mo")
            mo.write_bytes(compiled_po(language, domain))
            written.append(mo)
    return written


if __name__ == "__main__":
    for path in compile_catalogs():
        sys.stdout.write(f"wrote {path}\n")
