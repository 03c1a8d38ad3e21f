"""Message catalogs: a gettext ``.po`` file read, and written as the ``.mo`` file gettext loads.

The German catalog ``locale/de/LC_MESSAGES/muehle.po`` is the text translators edit; the
``muehle.mo`` beside it is built from it by this module and committed (a test checks that
the two agree), so that neither an installation nor a test needs GNU ``msgfmt``. After
editing the ``.po``::

    python -m muehle.notation.text.catalogs

The ``.mo`` layout (GNU gettext manual, "The Format of GNU MO Files"): the magic number
``0x950412de``, the format revision 0, the number of strings, the offsets of the two tables
of (length, offset) pairs, a hash table of size 0, then the original strings (sorted) and
their translations, each ending with a NUL. A plural entry is its forms joined by NUL.

>>> entries = read_po('msgid ""\\nmsgstr "Language: de\\\\n"\\n\\nmsgid "board"\\nmsgstr "Brett"\\n')
>>> entries
{'': 'Language: de\\n', 'board': 'Brett'}
>>> import gettext, io
>>> gettext.GNUTranslations(io.BytesIO(mo_bytes(entries))).gettext("board")
'Brett'
"""

from __future__ import annotations

import ast
import struct
import sys
from pathlib import Path

from muehle.notation.text.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

_MAGIC = 0x950412DE


def read_po(text: str) -> dict[str, str]:
    """The entries of a ``.po`` file: msgid -> msgstr; a plural entry's key and value are its
    forms joined by NUL (as in a ``.mo``), an entry with a context (``msgctxt``) the context and
    the msgid joined by EOT, as gettext keys it. Comments are skipped; an entry marked ``fuzzy``
    or left untranslated is left out, as ``msgfmt`` leaves it out.

    >>> read_po('#, fuzzy\\nmsgid "a"\\nmsgstr "b"\\n\\nmsgid "c"\\nmsgstr ""\\n')
    {}
    """
    entries: dict[str, str] = {}
    for block in text.replace("\r\n", "\n").split("\n\n"):
        fields: dict[str, str] = {}
        field = ""
        fuzzy = False
        for line in block.split("\n"):
            line = line.strip()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            if not line or line.startswith("#"):
                continue
            if line.startswith('"'):
                fields[field] += ast.literal_eval(line)
                continue
            field, _, value = line.partition(" ")
            fields[field] = ast.literal_eval(value)
        if "msgid" not in fields or fuzzy and fields["msgid"]:
            continue
        if "msgctxt" in fields:
            fields["msgid"] = fields["msgctxt"] + "\x04" + fields["msgid"]
        if "msgid_plural" in fields:
            forms = [fields[key] for key in sorted(fields) if key.startswith("msgstr[")]
            if all(forms):
                entries[fields["msgid"] + "\0" + fields["msgid_plural"]] = "\0".join(forms)
        elif fields.get("msgstr"):
            entries[fields["msgid"]] = fields["msgstr"]
    return entries


def mo_bytes(entries: dict[str, str]) -> bytes:
    """The ``.mo`` file of ``entries`` (msgid -> msgstr, as :func:`read_po` gives them)."""
    keys = sorted(entries, key=lambda key: key.encode("utf-8"))
    ids = [key.encode("utf-8") for key in keys]
    strs = [entries[key].encode("utf-8") for key in keys]
    header_size = 7 * 4
    ids_table = header_size
    strs_table = ids_table + 8 * len(keys)
    offset = strs_table + 8 * len(keys)
    tables = [b"", b""]
    data = b""
    for number, texts in enumerate((ids, strs)):
        for text in texts:
            tables[number] += struct.pack("<2I", len(text), offset + len(data))
            data += text + b"\0"
    header = struct.pack("<7I", _MAGIC, 0, len(keys), ids_table, strs_table, 0, offset)
    return header + tables[0] + tables[1] + data


def po_path(language: str) -> Path:
    """The ``.po`` file of ``language``."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def compile_catalogs() -> list[Path]:
    """Write the ``.mo`` of every language from its ``.po``; the files written."""
    written = []
    for language in LANGUAGES:
        po = po_path(language)
        mo = po.with_suffix(".mo")
        mo.write_bytes(mo_bytes(read_po(po.read_text(encoding="utf-8"))))
        written.append(mo)
    return written


if __name__ == "__main__":
    for path in compile_catalogs():
        sys.stdout.write(f"wrote {path}\n")
