"""The package's imports, read from its source with `ast`: which module imports which, at run
time or for type hints only, at the top or inside a function. The architecture tests judge them."""

from __future__ import annotations

import ast
from pathlib import Path

from helpers import REPO

PACKAGE = REPO / "exitplan"


def module_name(path: Path) -> str:
    """`exitplan.cli.app` for exitplan/cli/app.py, `exitplan.cli` for its __init__.py."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name."""
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


class Import:
    """One import of a package module: what it names, and where in its module it stands."""

    def __init__(self, target: str, *, typing: bool, in_function: bool, line: int) -> None:
        self.target, self.typing, self.in_function, self.line = target, typing, in_function, line

    def __repr__(self) -> str:
        return f"{self.target} (line {self.line})"


def imports(path: Path, known: set[str]) -> list[Import]:
    """Every import of a package module in a module: at run time, under `if TYPE_CHECKING:`,
    at the top or inside functions."""
    found: list[Import] = []
    this = module_name(path)

    def add(target: str, node: ast.AST, typing: bool, in_function: bool) -> None:
        if target != this:
            line = getattr(node, "lineno", 0)
            found.append(Import(target, typing=typing, in_function=in_function, line=line))

    def targets(node: ast.Import | ast.ImportFrom) -> list[str]:
        if isinstance(node, ast.Import):
            return [alias.name for alias in node.names if alias.name in known]
        base = node.module or ""
        if node.level:
            anchor = this.split(".")[: -node.level or None]
            base = ".".join([*anchor, base] if base else anchor)
        # `from exitplan.disk import atomic` names the submodule itself
        found = [f"{base}.{alias.name}" for alias in node.names]
        return [name if name in known else base for name in found if name in known or base in known]

    def visit(node: ast.AST, typing: bool, in_function: bool) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.body:
                visit(child, True, in_function)
            for child in node.orelse:
                visit(child, typing, in_function)
            return
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            in_function = True
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for target in dict.fromkeys(targets(node)):
                add(target, node, typing, in_function)
        for inner in ast.iter_child_nodes(node):
            visit(inner, typing, in_function)

    visit(ast.parse(path.read_text(encoding="utf-8")), False, False)
    return found


def import_graph(*, typing: bool = True) -> dict[str, set[str]]:
    """Module name -> the package modules it imports (type-only imports too, unless told)."""
    mods = modules()
    return {
        name: {i.target for i in imports(path, set(mods)) if typing or not i.typing}
        for name, path in mods.items()
    }
