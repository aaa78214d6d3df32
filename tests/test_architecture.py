"""The package's shape: no import cycle; the core never imports the face; the face never saves."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "exitplan"


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


def runtime_imports(path: Path, known: set[str]) -> set[str]:
    """The package's modules a module imports when it runs (at the top or inside functions).

    Imports under `if TYPE_CHECKING:` never run, so they are left out.
    """
    found: set[str] = set()
    this = module_name(path)

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = this.split(".")[: -node.level or None]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in known:
                    found.add(full)  # `from exitplan import atomic`: the submodule itself
                elif base in known:
                    found.add(base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    found.discard(this)
    return found


def import_graph() -> dict[str, set[str]]:
    """Module name -> the package modules it imports at run time."""
    mods = modules()
    return {name: runtime_imports(path, set(mods)) for name, path in mods.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of names (first name repeated at the end), or None."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = finished
    path: list[str] = []

    def walk(name: str) -> list[str] | None:
        state[name] = 1
        path.append(name)
        for target in sorted(graph.get(name, ())):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (cycle := walk(target)):
                return cycle
        path.pop()
        state[name] = 2
        return None

    for name in sorted(graph):
        if name not in state and (cycle := walk(name)):
            return cycle
    return None


def test_the_graph_is_real() -> None:
    """The walk sees the imports that are there, so the cycle test cannot pass vacuously."""
    graph = import_graph()
    assert "exitplan.home.store" in graph["exitplan.service.workspace"]
    assert "exitplan.disk.atomic" in graph["exitplan.home.keys"]  # `from exitplan import atomic`
    assert "exitplan.home.cache" in graph["exitplan.service.workspace"]  # imported inside a method
    assert "exitplan.home.store" not in graph["exitplan.home.keys"]  # only under TYPE_CHECKING


def test_a_cycle_is_found_when_there_is_one() -> None:
    """The cycle finder reports a cycle of two and of three modules."""
    assert find_cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_no_import_cycle_in_the_package() -> None:
    """No module imports, directly or through others, a module that imports it back."""
    assert find_cycle(import_graph()) is None


def test_the_core_never_imports_the_face() -> None:
    """Only exitplan.cli imports typer; only the cli and render import rich."""
    graph = import_graph()
    for name, path in modules().items():
        if name.startswith("exitplan.cli") or name == "exitplan.__main__":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        roots = {
            alias.name.split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        } | {
            (node.module or "").split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and not node.level
        }
        assert "typer" not in roots, name
        assert "click" not in roots, name
        assert not any(target.startswith("exitplan.cli") for target in graph[name]), name
        if name != "exitplan.views.render":
            assert "rich" not in roots, name


def test_the_face_never_locks_or_saves() -> None:
    """No command module takes the lock, saves the plan or writes the cache itself."""
    forbidden = (".locked(", ".save(", "save_cache", "write_file(", "drop_cache", "reseal(")
    for name, path in modules().items():
        if name.startswith("exitplan.cli"):
            text = path.read_text(encoding="utf-8")
            assert [word for word in forbidden if word in text] == [], name


def test_every_module_stays_small() -> None:
    """No module of the package is much over 400 lines."""
    sizes = {name: len(path.read_text().splitlines()) for name, path in modules().items()}
    assert {name: n for name, n in sizes.items() if n > 420} == {}
