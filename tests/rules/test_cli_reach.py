"""The face stays thin: the CLI imports only the service layer and the views (and the leaves and
its own modules), and no CLI function is longer than 30 lines.

The CLI parses, calls the service, renders. A CLI module that imports the domain, the journal,
the phone check, the data home, the formats, crypto or file access directly is deciding
something the service should decide. What still does is named below, module by module, with the
reason; the lists may only shrink: an entry that is no longer needed fails too, so the list
keeps to what is true.
"""

from __future__ import annotations

import ast

from helpers_imports import imports, modules

# The layers below the service that the face must not reach into.
BELOW = ("domain", "journal", "phone", "home", "formats", "crypto", "disk")
# Each CLI module that still reaches past the service: the modules it imports (at run time or
# for type hints), and why it still does. Remove an entry when its import goes.
REACHES: dict[str, tuple[set[str], str]] = {}
# CLI functions still over 30 lines (body, without the docstring and nested functions), and why.
LONG: dict[str, str] = {}
MAX_LINES = 30


def reaches(below: tuple[str, ...] = BELOW) -> dict[str, set[str]]:
    """Each CLI module's imports of the layers `below` the service (`domain.day`, ...)."""
    mods = modules()
    found: dict[str, set[str]] = {}
    for name, path in mods.items():
        if not name.startswith("exitplan.cli"):
            continue
        for used in imports(path, set(mods)):
            parts = used.target.split(".")
            if len(parts) > 2 and parts[1] in below:
                found.setdefault(name, set()).add(".".join(parts[1:3]))
    return found


def body_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """A function's length: its body without the docstring and without nested functions."""
    body = node.body
    first = body[0] if body else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
        body = body[1:]
    if not body:
        return 0
    lines = set(range(body[0].lineno, (body[-1].end_lineno or body[-1].lineno) + 1))
    for inner in ast.walk(node):
        if inner is not node and isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)):
            start = min([d.lineno for d in inner.decorator_list] + [inner.lineno])
            lines -= set(range(start, (inner.end_lineno or inner.lineno) + 1))
    return len(lines)


def long_functions() -> dict[str, int]:
    """Every CLI function over MAX_LINES, by dotted name, with its length."""
    found = {}
    for name, path in modules().items():
        if not name.startswith("exitplan.cli"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = body_lines(node)
                if length > MAX_LINES:
                    found[f"{name}.{node.name}"] = length
    return found


def test_the_walk_sees_the_imports() -> None:
    """The import walk finds a reach that is there, so the tests below cannot pass vacuously:
    counted as a layer below, the service is reached by the phone check's face."""
    assert "service.phonecheck" in reaches((*BELOW, "service"))["exitplan.cli.phone"]
    assert "exitplan.cli.phone" not in reaches()


def test_the_cli_reaches_only_the_service_and_the_views() -> None:
    """No CLI module imports a layer below the service, but those named with a reason."""
    unlisted = {
        module: sorted(found - REACHES.get(module, (set(), ""))[0])
        for module, found in reaches().items()
    }
    assert {module: names for module, names in unlisted.items() if names} == {}


def test_the_list_of_reaches_only_shrinks() -> None:
    """Every reach named here still exists: one that went is taken off the list."""
    found = reaches()
    stale = {
        module: sorted(names - found.get(module, set()))
        for module, (names, _why) in REACHES.items()
    }
    assert {module: names for module, names in stale.items() if names} == {}


def test_no_cli_function_is_over_thirty_lines() -> None:
    """A command parses, calls the service and renders: 30 lines at most, but those named."""
    assert sorted(set(long_functions()) - set(LONG)) == []


def test_the_list_of_long_functions_only_shrinks() -> None:
    """Every long function named here is still long: one made short is taken off the list."""
    assert sorted(set(LONG) - set(long_functions())) == []


def test_the_length_counts_the_body_alone() -> None:
    """A nested function and the docstring do not count toward the length of the outer one."""
    source = 'def f():\n    """Doc."""\n    x = 1\n'
    source += "    def g():\n        y = 2\n        return y\n    return x\n"
    node = ast.parse(source).body[0]
    assert isinstance(node, ast.FunctionDef)
    assert body_lines(node) == 2
