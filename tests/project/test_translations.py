"""Every message muehle words has a German form, the German catalog holds nothing else, and the
compiled catalog gettext loads is the one built from the text translators edit."""

from __future__ import annotations

import ast
import string

import pytest

from muehle.notation.text.catalogs import mo_bytes, po_path, read_po
from muehle.notation.text.i18n import LANGUAGES
from paths import ROOT


def messages_in_sources() -> dict[str, str]:
    """Each text passed to ``_``, ``N_`` or ``ngettext`` in the package (a plural as its two
    forms joined by NUL, as catalogs key it), and to ``pgettext`` or ``NP_`` (the context and the
    text joined by EOT), with the first place it is used."""
    found: dict[str, str] = {}
    for package in ("notation", "analyzer"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                help_text = _command_docstring(node)
                if help_text:
                    found.setdefault(help_text, f"{path.relative_to(ROOT)}:{node.lineno}")
                if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                    continue
                name, args = node.func.id, node.args
                texts = [arg.value for arg in args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
                if name in ("_", "N_") and len(args) == 1:
                    # (``_(TABLE[key])`` translates a text marked with ``N_`` where the table is)
                    assert texts or name == "_", f"{path}:{node.lineno}: N_() of something other than a text"
                    if texts:
                        found.setdefault(texts[0], f"{path.relative_to(ROOT)}:{node.lineno}")
                elif name in ("pgettext", "NP_") and len(args) == 2:
                    # (``pgettext(context, TABLE[key])`` translates a text marked with ``NP_``)
                    assert isinstance(args[0], ast.Constant), f"{path}:{node.lineno}: {name}() of a context that is no text"
                    assert len(texts) == 2 or name == "pgettext", f"{path}:{node.lineno}: NP_() of something other than texts"
                    if len(texts) == 2:
                        found.setdefault("\x04".join(texts), f"{path.relative_to(ROOT)}:{node.lineno}")
                elif name == "ngettext" and len(args) == 3:
                    assert len(texts) == 2, f"{path}:{node.lineno}: ngettext() of something other than texts"
                    found.setdefault("\0".join(texts), f"{path.relative_to(ROOT)}:{node.lineno}")
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


def _catalog(language: str) -> dict[str, str]:
    return read_po(po_path(language).read_text(encoding="utf-8"))


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


def test_a_german_form_is_no_copy_of_the_english() -> None:
    """An entry whose German is the English text word for word is not translated (a copy
    satisfies the test above); only a name both languages share may stand so."""
    shared = {"NAGs"}  # (PGN's Numeric Annotation Glyphs: the name in German too)
    copied = [text for text, translated in _catalog("de").items() if text and translated == text]
    assert set(copied) <= shared, copied


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_translation_is_stale(language: str) -> None:
    used = messages_in_sources()
    stale = [text for text in _catalog(language) if text and text not in used]
    assert not stale, f"{language} entries no message uses: {stale}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_fill_in_only_the_fields_of_the_english(language: str) -> None:
    """A translation names no placeholder its English text lacks (formatting it cannot fail), and
    leaves out only what its grammar has no word for (the English ordinal's suffix: ``3rd``, ``3.``)."""
    optional = {"suffix"}
    wrong = []
    for text, translated in _catalog(language).items():
        if not text:
            continue
        english = set().union(*(_fields(form) for form in text.split("\0")))
        for form in translated.split("\0"):
            if not english - optional <= _fields(form) <= english:
                wrong.append((text, form))
    assert not wrong


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_committed_mo_is_the_compiled_po(language: str) -> None:
    po = po_path(language)
    assert po.with_suffix(".mo").read_bytes() == mo_bytes(read_po(po.read_text(encoding="utf-8"))), (
        "run: python -m muehle.notation.text.catalogs")


def test_the_catalog_declares_german_plurals() -> None:
    header = _catalog("de")[""]
    assert "Plural-Forms: nplurals=2; plural=(n != 1);" in header
    assert "charset=UTF-8" in header


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
