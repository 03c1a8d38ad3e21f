"""A function compiled again with some of its locals known: the branches they rule out dropped.

The core's :func:`~muehle.analyzer.engine.core.play_line` asks at every ply questions that only some
rulesets raise (a capture kind, a marked point, a blocked side's action, the defender moving first).
Under a ruleset that sets none of them each such test is known to fail before the first ply.
:func:`specialized` reads the function's one source, puts in the values of the locals it is given,
folds what they decide (tests, ``and``, ``or``, ``not``, comparisons, conditional expressions, and
locals that then only ever hold one value) and drops the branches that cannot run. The rest is
compiled with the source's file name and line numbers, so tracebacks, coverage and debuggers point at
the one source, and the function it gives behaves as the function with those values would.

A local is taken as known only where that holds whatever the function does: a parameter it never
assigns, or a name assigned once among its top-level statements (the values given are the caller's
word for what that assignment gives). A name assigned elsewhere is left as it is. Where the source
cannot be read, or is not the source of the function as loaded, the function itself is returned.

>>> def scaled(values, factor, doubled):
...     total = 0
...     for value in values:
...         if doubled and value > 0:
...             value *= 2
...         total += value * factor
...     return total
>>> fast = specialized(scaled, {"doubled": False})
>>> fast([1, -2, 3], 10, False) == scaled([1, -2, 3], 10, False), fast.known
(True, {'doubled': False})
>>> len(fast.__code__.co_code) < len(scaled.__code__.co_code)  # (the test and the doubling are gone)
True
"""

from __future__ import annotations

import ast
import builtins
import functools
import importlib.util
import inspect
import marshal
import operator
import os
import sys
import tempfile
import textwrap
import types
import zlib
from pathlib import Path
from typing import Any, Callable, Mapping, Optional, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

#: The types a value must have to be put into the code (those ``compile`` takes as constants).
FOLDABLE = (type(None), bool, int, str, tuple)

_UNKNOWN = object()

_COMPARISONS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Is: operator.is_, ast.IsNot: operator.is_not, ast.Eq: operator.eq, ast.NotEq: operator.ne,
    ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
}


def foldable(value: object) -> bool:
    """Whether ``value`` can be put into compiled code as a constant.

    >>> foldable(None), foldable((1, 2)), foldable(("a", [1])), foldable(len)
    (True, True, False, False)
    """
    if isinstance(value, tuple):
        return all(foldable(item) for item in value)
    return isinstance(value, FOLDABLE)


def specialized(func: F, known: Mapping[str, object], cache: Optional[Path] = None, fold: bool = True) -> F:
    """``func`` compiled again with the locals named in ``known`` holding those values (see the module).

    Names it cannot take as known are left to the code; values that cannot be constants are left out.
    The compiled code is kept in the directory ``cache`` (default: :func:`cache_directory`), as
    Python keeps a module's (not written where ``sys.dont_write_bytecode``), and taken from there
    the next time: folding takes some milliseconds, reading the code back a fraction of one. With
    ``fold=False``, ``func`` itself is returned where no code was kept and none can be.
    """
    if not isinstance(func, types.FunctionType) or func.__closure__:
        return func
    given = {name: value for name, value in known.items() if foldable(value)}
    loaded = func.__code__
    try:  # (the file as Python knows whether its compiled module is current: by its time and size)
        stat = os.stat(loaded.co_filename)
    except OSError:  # (no file: a function typed in a session or a doctest is folded, not kept)
        stat = None
    path, key = None, ""
    if stat is not None:
        # (what the kept code was made of, kept with it and compared when read; its checksum names the file)
        key = repr((_CACHE_FORMAT, importlib.util.MAGIC_NUMBER, loaded.co_filename, stat.st_mtime_ns, stat.st_size,
                    loaded.co_firstlineno, loaded.co_name, loaded.co_varnames, loaded.co_names, sorted(given.items())))
        checksum = zlib.crc32(key.encode()) << 32 | zlib.adler32(key.encode())
        path = (cache_directory() if cache is None else cache) / f"{func.__name__}-{checksum:016x}.code"
    kept = None if path is None else _read_kept(path, key)
    if kept is None and not fold and (path is None or sys.dont_write_bytecode):
        return func
    if kept is None:
        source = _source(func)
        if source is None:
            return func
        kept = _folded(func, source, given)
        if path is not None:
            _keep(path, key, kept)
    code, constants = kept
    made = types.FunctionType(code, func.__globals__, func.__name__, func.__defaults__)
    made.__kwdefaults__ = func.__kwdefaults__
    functools.update_wrapper(made, func)
    setattr(made, "known", constants)  # (what it was compiled with: for tests and for whoever debugs it)
    return made  # type: ignore[return-value]


def cache_directory() -> Path:
    """Where :func:`specialized` keeps what it compiled: ``$MUEHLE_CODE_CACHE`` if set, else the user's
    cache (``~/.cache/muehle/compiled`` on Linux, by platformdirs)."""
    chosen = os.environ.get("MUEHLE_CODE_CACHE")
    if chosen:
        return Path(chosen)
    import platformdirs  # (start-up: only where code is kept or looked for)
    return platformdirs.user_cache_path("muehle", appauthor=False, opinion=False) / "compiled"


#: Changed whenever the folding changes what it makes of a source.
_CACHE_FORMAT = 2


def _read_kept(path: Path, key: str) -> Optional[tuple[types.CodeType, dict[str, object]]]:
    """The code and constants kept at ``path`` for ``key``, or ``None`` (none there, another key's, or not
    readable as such)."""
    try:
        kept = marshal.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return None
    if not (isinstance(kept, tuple) and len(kept) == 3 and kept[0] == key and isinstance(kept[1], types.CodeType)
            and isinstance(kept[2], dict)):
        return None
    return kept[1], kept[2]


def _keep(path: Path, key: str, kept: tuple[types.CodeType, dict[str, object]]) -> None:
    """Write ``kept`` (with its ``key``) to ``path`` whole or not at all (another process may read it at
    the same time); where it cannot be written, it is not kept."""
    if sys.dont_write_bytecode:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".part")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(marshal.dumps((key, *kept)))
            os.replace(name, path)
        except BaseException:
            os.unlink(name)
            raise
    except OSError:
        pass


def _folded(func: Callable[..., Any], source: tuple[str, int],
            given: dict[str, object]) -> tuple[types.CodeType, dict[str, object]]:
    """The code of ``func`` folded with the constants ``given`` (those it can trust), and all the
    constants it folded."""
    constants = dict(given)
    tree = _parsed(*source)
    params = {arg.arg for arg in (*tree.args.posonlyargs, *tree.args.args, *tree.args.kwonlyargs)}
    while True:
        _Folder(constants).visit(tree)  # (folding a folded tree with more constants folds what they add)
        assignments = _Assignments(tree)
        loose = {name for name in given if not assignments.fixed(name, name in params)}
        if loose:  # (a name assigned where it may not be is let go, and the folding starts again)
            given = {name: value for name, value in given.items() if name not in loose}
            constants = dict(given)
            tree = _parsed(*source)
            continue
        found = {name: value for name, value in assignments.single_valued().items()
                 if name not in constants and name not in params}
        if not found:
            break
        constants.update(found)  # (locals that now hold one value only: folded in turn)
    _mend_empty_bodies(tree)
    for argument in (*tree.args.posonlyargs, *tree.args.args, *tree.args.kwonlyargs):
        argument.annotation = None  # (the function's annotations are those of the source's: update_wrapper)
    tree.returns = None
    module = ast.fix_missing_locations(ast.Module(body=[tree], type_ignores=[]))
    compiled = compile(module, func.__code__.co_filename, "exec", dont_inherit=True)
    code = next(const for const in compiled.co_consts if isinstance(const, types.CodeType))
    return code, constants


@functools.lru_cache(maxsize=None)
def _source(func: Callable[..., Any]) -> Optional[tuple[str, int]]:
    """The source of ``func`` (its lines, dedented) and its first line, if that is the source it was
    loaded from (a module function without decorators or closure)."""
    if not isinstance(func, types.FunctionType) or func.__closure__:
        return None
    loaded = func.__code__
    try:
        lines, first = inspect.getsourcelines(func)
    except (OSError, TypeError):
        return None
    try:
        text = textwrap.dedent("".join(lines))
        again = compile(text, loaded.co_filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):  # (the file changed since the function was loaded)
        return None
    code = next((const for const in again.co_consts if isinstance(const, types.CodeType)), None)
    if code is None or (code.co_name, code.co_varnames, code.co_names) != \
            (loaded.co_name, loaded.co_varnames, loaded.co_names):
        return None  # (not the function as loaded: the file changed, or it has decorators)
    return text, first


def _parsed(text: str, first: int) -> ast.FunctionDef:
    """The definition in ``text``, its lines those of the file (from ``first``)."""
    parsed = ast.parse(text)
    ast.increment_lineno(parsed, first - 1)
    return parsed.body[0]  # type: ignore[return-value]


class _Assignments:
    """Where the names of a function are assigned (one walk of its tree)."""

    def __init__(self, tree: ast.FunctionDef) -> None:
        self.stores: dict[str, list[ast.Name]] = {}
        self.args: dict[str, int] = {}  # (its parameters, and those of the functions and lambdas in it)
        self.declared: set[str] = set()  # (global or nonlocal)
        self.values: dict[str, list[object]] = {}  # (the constants simple assignments give each)
        self.top = {id(node) for statement in tree.body if isinstance(statement, ast.Assign)
                    for target in statement.targets for node in ast.walk(target)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Name):
                if not isinstance(node.ctx, ast.Load):
                    self.stores.setdefault(node.id, []).append(node)
            elif isinstance(node, ast.arg):
                self.args[node.arg] = self.args.get(node.arg, 0) + 1
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                self.declared.update(node.names)
            elif isinstance(node, ast.Assign) and len(node.targets) == 1:
                target, value = node.targets[0], node.value
                pairs = [(target, value)] if isinstance(target, ast.Name) else list(zip(target.elts, value.elts)) \
                    if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) \
                    and len(target.elts) == len(value.elts) else []
                for name, given in pairs:
                    if isinstance(name, ast.Name):
                        self.values.setdefault(name.id, []).append(_value(given))

    def fixed(self, name: str, is_param: bool) -> bool:
        """Whether ``name`` holds one value all through: a parameter never assigned, or a name assigned
        once, by a statement of the function's own (not in a branch or a loop)."""
        if name in self.declared or self.args.get(name, 0) > (1 if is_param else 0):
            return False
        stores = self.stores.get(name, [])
        if is_param:
            return not stores
        return len(stores) == 1 and id(stores[0]) in self.top

    def single_valued(self) -> dict[str, object]:
        """The names that every assignment gives one and the same constant (``x = False``, ``x, y =
        False, 0``), and that nothing else assigns."""
        return {name: seen[0] for name, seen in self.values.items()
                if len(seen) == len(self.stores.get(name, ())) and not self.args.get(name) and name not in self.declared
                and seen[0] is not _UNKNOWN
                and all(type(other) is type(seen[0]) and other == seen[0] for other in seen)}


def _value(node: ast.AST) -> Any:
    return node.value if isinstance(node, ast.Constant) else _UNKNOWN


def _pure(node: ast.AST) -> bool:
    """Whether evaluating ``node`` does nothing but give a value (it may be left out)."""
    return not any(isinstance(part, (ast.Call, ast.NamedExpr, ast.Await, ast.Yield, ast.YieldFrom, ast.Subscript,
                                     ast.Attribute)) for part in ast.walk(node))


def _constant(value: Any, like: ast.AST) -> ast.Constant:
    return ast.copy_location(ast.Constant(value), like)


def _truth(node: ast.expr) -> ast.expr:
    """``node`` simplified where only its truth counts (a test): ``x and True`` is ``x``, ``x or True``
    is true where ``x`` may be left out."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        node.operand = _truth(node.operand)
        value = _value(node.operand)
        return node if value is _UNKNOWN else _constant(not value, node)
    if not isinstance(node, ast.BoolOp):
        return node
    conjunction = isinstance(node.op, ast.And)
    kept: list[ast.expr] = []
    for part in map(_truth, node.values):
        value = _value(part)
        if value is _UNKNOWN:
            kept.append(part)
        elif bool(value) != conjunction:  # (it decides: false in an ``and``, true in an ``or``)
            if all(map(_pure, kept)):
                return _constant(not conjunction, node)
            kept.append(part)
            break
    if not kept:
        return _constant(conjunction, node)
    if len(kept) == 1:
        return kept[0]
    node.values = kept
    return node


class _Folder(ast.NodeTransformer):
    """Puts the ``constants`` in and folds what they decide."""

    def __init__(self, constants: Mapping[str, object]) -> None:
        self.constants = constants

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if isinstance(node.ctx, ast.Load) and node.id in self.constants:
            return _constant(self.constants[node.id], node)
        return node

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.expr:
        self.generic_visit(node)
        value = _value(node.operand)
        if value is not _UNKNOWN and isinstance(node.op, ast.Not):
            return _constant(not value, node)
        return node

    def visit_Compare(self, node: ast.Compare) -> ast.expr:
        self.generic_visit(node)
        compare = _COMPARISONS.get(type(node.ops[0])) if len(node.ops) == 1 else None
        left, right = _value(node.left), _value(node.comparators[0])
        if compare is None or left is _UNKNOWN or right is _UNKNOWN:
            return node
        return _constant(compare(left, right), node)

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.expr:
        self.generic_visit(node)
        conjunction = isinstance(node.op, ast.And)
        values = node.values
        while values and _value(values[0]) is not _UNKNOWN:  # (a known first value decides or drops out)
            value = _value(values[0])
            if bool(value) != conjunction or len(values) == 1:
                return _constant(value, node)
            values = values[1:]
        if len(values) == 1:
            return values[0]
        node.values = values
        return node

    def visit_IfExp(self, node: ast.IfExp) -> ast.expr:
        self.generic_visit(node)
        node.test = _truth(node.test)
        test, body, orelse = _value(node.test), _value(node.body), _value(node.orelse)
        if test is not _UNKNOWN:
            return node.body if test else node.orelse
        if body is not _UNKNOWN and orelse is not _UNKNOWN and type(body) is type(orelse) and body == orelse \
                and _pure(node.test):
            return _constant(body, node)
        return node

    def visit_Call(self, node: ast.Call) -> ast.expr:
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "bool" and len(node.args) == 1 and not node.keywords \
                and "bool" not in self.constants:
            node.args[0] = _truth(node.args[0])
            value = _value(node.args[0])
            if value is not _UNKNOWN and bool is builtins.bool:
                return _constant(bool(value), node)
        return node

    def visit_If(self, node: ast.If) -> Any:
        self.generic_visit(node)
        node.test = _truth(node.test)
        test = _value(node.test)
        if test is _UNKNOWN:
            return node
        return (node.body if test else node.orelse) or None  # (no statement left: the ``if`` goes)


def _mend_empty_bodies(tree: ast.AST) -> None:
    """A block whose statements all went gets a ``pass`` (an empty ``else`` is no ``else``)."""
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and not body:
            setattr(node, "body", [ast.Pass()])
