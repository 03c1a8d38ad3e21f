"""Every message muehle words has a German form, the German catalogs hold nothing else, and the
compiled catalogs gettext loads are the ones Babel builds from the texts translators edit.

The messages are found by Babel's extractor (its ``python`` method, with muehle's marking
functions as keywords), as ``pybabel extract`` finds them; the help click takes from a command's
docstring, which no extractor knows, by ``ast``. click's own words ("Usage:", "Error: Missing
argument") are extracted from the installed click the same way and checked against ``click.po``."""

from __future__ import annotations

import ast
import gettext
import io
import string
from pathlib import Path

import click
import pytest
from babel.messages.extract import extract
from babel.messages.mofile import read_mo

from muehle.notation.text.catalogs import compiled_po, po_path, read_po
from muehle.notation.text.i18n import CLICK_DOMAIN, LANGUAGES
from paths import ROOT

#: muehle's marking functions, as Babel's extractor takes them: a text to translate is the first
#: argument of ``_`` and ``N_``; ``ngettext`` takes the singular and the plural; ``pgettext`` and
#: ``NP_`` a context, then the text.
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "NP_": ((1, "c"), 2)}

#: click's words through its ``gettext as _`` and ``ngettext``.
CLICK_KEYWORDS = {"_": None, "ngettext": (1, 2)}

#: The words click translates that its extraction misses: one wrapped by ``_()`` within an f-string
#: (``f"{_('Usage:')} "``), one looked up from a variable (``_(extra["required"])``, click 8.2 on).
CLICK_UNEXTRACTED = ("Usage:", "required")


def _key(message: "str | tuple[str, ...]", context: "str | None") -> str:
    """A message as catalogs key it: a plural's forms joined by NUL, a context before its text and EOT."""
    text = "\0".join(message) if isinstance(message, tuple) else message
    return f"{context}\x04{text}" if context else text


def extracted(paths: "list[Path]", keywords: dict, method: str = "python") -> dict[str, str]:
    """Each text Babel's extractor finds marked in ``paths``, with the first place it is used."""
    found: dict[str, str] = {}
    for path in paths:
        with path.open("rb") as source:
            for line, message, _comments, context in extract(method, source, keywords=keywords,
                                                             options={"encoding": "utf-8"}):
                place = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
                found.setdefault(_key(message, context), f"{place}:{line}")
    return found


def _sources() -> list[Path]:
    return [path for package in ("notation", "analyzer") for path in sorted((ROOT / package).rglob("*.py"))]


def messages_in_sources() -> dict[str, str]:
    """Each text passed to ``_``, ``N_``, ``ngettext``, ``pgettext`` or ``NP_`` in the package (Babel's
    extraction), and each docstring click takes as a command's help, with the first place it is used."""
    found = extracted(_sources(), KEYWORDS)
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            help_text = _command_docstring(node)
            if help_text:
                found.setdefault(help_text, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def clicks_messages() -> dict[str, str]:
    """The words the installed click passes through gettext, with the first place of each."""
    found = extracted(sorted(Path(click.__file__).parent.glob("*.py")), CLICK_KEYWORDS)
    for text in CLICK_UNEXTRACTED:
        found.setdefault(text, "click")
    return found


def _command_docstring(node: ast.AST) -> str:
    """The help a click command takes from its docstring (none when the decorator gives ``help``)."""
    if not isinstance(node, ast.FunctionDef):
        return ""
    for decorator in node.decorator_list:
        if (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute)
                and decorator.func.attr in ("command", "group")
                and not any(keyword.arg == "help" for keyword in decorator.keywords)):
            return ast.get_docstring(node) or ""
    return ""


def _catalog(language: str, domain: str = "muehle") -> dict[str, str]:
    """The translated entries of a catalog as Babel reads it: key (as :func:`_key`) -> its German
    (a plural's forms joined by NUL); an entry marked ``fuzzy`` or not translated in every form is
    left out, as the compiled catalog leaves it out."""
    catalog = read_po(po_path(language, domain).read_text(encoding="utf-8"))
    entries = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if all(forms):
            entries[_key(message.id, message.context)] = "\0".join(forms)
    return entries


def _fields(text: str) -> set[str]:
    """The placeholders of ``text``; none for a text that is no template (a lone ``'}'`` in a text
    that a message only quotes)."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return set()


def test_the_sources_mark_messages_to_translate() -> None:
    found = messages_in_sources()
    assert len(found) > 50
    assert "there is no game in the input" in found
    assert "{count} ply\0{count} plies" in found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_has_a_translation(language: str) -> None:
    catalog = _catalog(language)
    missing = [f"{place}: {text!r}" for text, place in messages_in_sources().items() if text not in catalog]
    assert not missing, f"{len(missing)} messages without a {language} form:\n" + "\n".join(missing)


@pytest.mark.parametrize("domain", ["muehle", CLICK_DOMAIN])
def test_a_german_form_is_no_copy_of_the_english(domain: str) -> None:
    """An entry whose German is the English text word for word is not translated (a copy
    satisfies the test above); only a name both languages share may stand so."""
    shared = {"NAGs"}  # (PGN's Numeric Annotation Glyphs: the name in German too)
    copied = [text for text, translated in _catalog("de", domain).items() if text and translated == text]
    assert set(copied) <= shared, copied


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_of_click_has_a_translation(language: str) -> None:
    """click's words as the installed click (8.1 to 8.x) has them, each in ``click.po`` (which holds
    the words of click 8.1 too: a word click renamed may stay there)."""
    found = clicks_messages()
    assert {"Usage:", "Options", "Missing argument", "Error: {message}", "Try '{command} {option}' for help."} <= set(found)
    catalog = _catalog(language, CLICK_DOMAIN)
    missing = [f"{place}: {text!r}" for text, place in found.items() if text not in catalog]
    assert not missing, f"{len(missing)} words of click {click.__version__ if hasattr(click, '__version__') else ''} " \
        f"without a {language} form:\n" + "\n".join(missing)


def test_the_markers_are_given_texts() -> None:
    """``N_``, ``NP_`` and ``ngettext`` are given the texts themselves (an extractor sees nothing
    else), and no ``_``, ``N_`` or ``ngettext`` stands within an f-string, where Babel's extractor
    does not see it before Python 3.12 (``f"{_('undecided')}"``)."""
    wrong = []
    for path in _sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                wrong.extend(f"{path.relative_to(ROOT)}:{call.lineno}: {call.func.id}() in an f-string"
                             for call in ast.walk(node) if isinstance(call, ast.Call)
                             and isinstance(call.func, ast.Name) and call.func.id in KEYWORDS
                             and any(isinstance(arg, ast.Constant) for arg in call.args))
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            name, args = node.func.id, node.args
            texts = [arg for arg in args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
            given = {"N_": (1, 1), "NP_": (2, 2), "ngettext": (3, 2), "pgettext": (2, 1)}.get(name)
            if given is not None and (len(args) != given[0] or len(texts) < given[1]
                                      or name in ("pgettext", "NP_") and args[0] not in texts):
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}() of something other than texts")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_translation_is_stale(language: str) -> None:
    used = messages_in_sources()
    stale = [text for text in _catalog(language) if text and text not in used]
    assert not stale, f"{language} entries no message uses: {stale}"


@pytest.mark.parametrize("domain", ["muehle", CLICK_DOMAIN])
@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_fill_in_only_the_fields_of_the_english(language: str, domain: str) -> None:
    """A translation names no placeholder its English text lacks (formatting it cannot fail), and
    leaves out only what its grammar has no word for (the English ordinal's suffix: ``3rd``, ``3.``)."""
    optional = {"suffix"}
    wrong = []
    for text, translated in _catalog(language, domain).items():
        if not text:
            continue
        forms = text.split("\0")
        english = set().union(*(_fields(form) for form in forms))
        for number, form in enumerate(translated.split("\0")):
            # (a plural's form names the fields of the English form for the same counts: click's
            # "Did you mean {possibility}?" and "(Did you mean one of: {possibilities}?)")
            if not _fields(forms[min(number, len(forms) - 1)]) - optional <= _fields(form) <= english:
                wrong.append((text, form))
    assert not wrong


@pytest.mark.parametrize("domain", ["muehle", CLICK_DOMAIN])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_committed_mo_is_the_po_compiled_by_babel(language: str, domain: str) -> None:
    """The same entries, and the same header but for the version of Babel that wrote it (another
    Babel, the same catalog)."""
    committed = _mo_content(po_path(language, domain).with_suffix(".mo").read_bytes())
    assert committed == _mo_content(compiled_po(language, domain)), "run: python -m muehle.notation.text.catalogs"
    assert len(committed) > 50


def _mo_content(data: bytes) -> dict[str, str]:
    """What gettext reads from a ``.mo``: each key and its translation, the header without the line
    that names the version of Babel (``Generated-By``)."""
    entries = {}
    for message in read_mo(io.BytesIO(data)):
        if message.id:
            forms = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
            ids = tuple(message.id) if isinstance(message.id, (tuple, list)) else message.id
            entries[_key(ids, message.context)] = "\0".join(forms)
    header = gettext.GNUTranslations(io.BytesIO(data)).info()
    header.pop("generated-by", None)
    entries[""] = repr(sorted(header.items()))
    return entries


@pytest.mark.parametrize("domain", ["muehle", CLICK_DOMAIN])
def test_the_catalog_declares_german_plurals(domain: str) -> None:
    text = po_path("de", domain).read_text(encoding="utf-8")
    assert '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"' in text
    assert '"Content-Type: text/plain; charset=UTF-8\\n"' in text
    catalog = read_po(text)
    assert (catalog.num_plurals, catalog.plural_expr, catalog.charset.lower()) == (2, "(n != 1)", "utf-8")
    compiled = gettext.GNUTranslations(io.BytesIO(compiled_po("de", domain)))
    singular, plural, german = PLURALS[domain]
    assert [compiled.ngettext(singular, plural, count) for count in (1, 2, 0)] == [german[0], german[1], german[1]]


#: A plural entry of each catalog and its German forms (one; other counts).
PLURALS = {
    "muehle": ("{count} ply", "{count} plies", ("{count} Halbzug", "{count} Halbzüge")),
    CLICK_DOMAIN: ("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)",
                   ("Meinten Sie {possibility}?", "(Meinten Sie eine von: {possibilities}?)")),
}


def _own_nodes(function: ast.AST) -> list[ast.AST]:
    """The nodes of ``function``'s own scope (not those of the functions, classes, lambdas and
    comprehensions within it)."""
    found, pending = [], list(ast.iter_child_nodes(function))
    scopes = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda, ast.ListComp, ast.SetComp,
              ast.DictComp, ast.GeneratorExp)
    while pending:
        node = pending.pop()
        found.append(node)
        if not isinstance(node, scopes):
            pending.extend(ast.iter_child_nodes(node))
    return found


def test_no_function_both_calls_and_assigns_the_translating_underscore() -> None:
    """A function that assigns ``_`` (``line, column, _ = ...``) makes it local: a call of ``_()`` in
    it would fail, and only on the path that words a message."""
    wrong = []
    for package in ("notation", "analyzer"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    continue
                nodes = _own_nodes(function)
                assigns = any(isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store)
                              for node in nodes)
                calls = any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"
                            for node in nodes)
                if assigns and calls:
                    wrong.append(f"{path.relative_to(ROOT)}:{function.lineno} {function.name}")
    assert not wrong
