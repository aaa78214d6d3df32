"""The package's shape: layers in folders, each importing only from itself or below; no import
cycle, type-only imports counted; the core never imports the face; the face never saves.

The layers, lowest first (README, "Map of the code"):

    base < disk < domain < formats < crypto < journal < phone < home < views < service < cli

A module may import modules of its own layer or of a layer below. Views import only the domain
and the leaves (and the journal's constants and types, for its pages) and do no I/O. Each
subpackage's `__init__.py` holds only a docstring. Outside `cli/`, the package's own modules are
imported at the top of a module, so its dependencies show; only other libraries (the standard
library and third-party ones, some of them slow to load) may be imported inside a function.
"""

from __future__ import annotations

import ast
from pathlib import Path

import helpers_imports
import pytest
from helpers_imports import PACKAGE, import_graph, imports, modules

LAYERS = (
    "base",
    "disk",
    "domain",
    "formats",
    "crypto",
    "journal",
    "phone",
    "home",
    "views",
    "service",
    "cli",
)
RANK = {name: rank for rank, name in enumerate(LAYERS)}
# What the views may use of the journal: its field names and questions (constants, for the
# journal's pages), and, for type hints only, its record types.
VIEWS_FROM_JOURNAL = {"exitplan.journal.entry"}
VIEWS_TYPES_FROM_JOURNAL = {"exitplan.journal.chain", "exitplan.journal.records"}
# Modules that read or write files, processes, the terminal or the environment.
IO_MODULES = {"os", "sys", "io", "pathlib", "shutil", "subprocess", "socket", "tempfile", "fcntl"}
IO_CALLS = {"open", "print", "input"}


def layer(name: str) -> str | None:
    """The layer a module belongs to (None for the package's own `__init__` and `__main__`)."""
    parts = name.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in RANK) else None


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
    """The walk sees the imports that are there, so the tests below cannot pass vacuously."""
    graph = import_graph()
    runtime = import_graph(typing=False)
    assert "exitplan.home.store" in graph["exitplan.service.workspace"]
    assert (
        "exitplan.disk.atomic" in graph["exitplan.home.keys"]
    )  # `from exitplan.disk import atomic`
    assert "exitplan.domain.plan" in graph["exitplan.views.data"]  # only under TYPE_CHECKING
    assert "exitplan.domain.plan" not in runtime["exitplan.views.data"]
    assert "exitplan.service.reading" in graph["exitplan.cli.reading"]  # inside a function
    assert layer("exitplan.home.store") == "home"
    assert layer("exitplan.cli") == "cli"
    assert layer("exitplan.__main__") is None


def test_a_cycle_is_found_when_there_is_one() -> None:
    """The cycle finder reports a cycle of two and of three modules."""
    assert find_cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_no_import_cycle_in_the_package_type_only_imports_counted() -> None:
    """No module imports, directly or through others, a module that imports it back, even when
    an import only serves type hints (a cycle there marks a concept in the wrong room)."""
    assert find_cycle(import_graph()) is None


def test_every_module_is_in_a_layer() -> None:
    """Every module lives in one of the layer folders (beside the package's own entry files)."""
    loose = [name for name in modules() if layer(name) is None]
    assert sorted(loose) == ["exitplan", "exitplan.__main__"]
    assert {layer(name) for name in modules()} - {None} == set(LAYERS)


def test_each_layer_imports_only_itself_or_below() -> None:
    """A module imports (at run time or for types) only from its own layer or a lower one."""
    mods = modules()
    wrong = {}
    for name, path in mods.items():
        own = layer(name)
        if own is None:
            continue
        up = [i for i in imports(path, set(mods)) if RANK[layer(i.target) or "cli"] > RANK[own]]
        if up:
            wrong[name] = up
    assert wrong == {}


def test_views_read_only_the_domain_and_the_leaves() -> None:
    """Views turn a day view or a plan into text and data: they import the domain and the
    leaves (the journal's constants for its pages, and its types for hints), nothing else."""
    mods = modules()
    allowed = ("exitplan.base.", "exitplan.domain.", "exitplan.views.")
    wrong = {}
    for name, path in mods.items():
        if layer(name) != "views":
            continue
        bad = [
            i
            for i in imports(path, set(mods))
            if not i.target.startswith(allowed)
            and i.target not in VIEWS_FROM_JOURNAL
            and not (i.typing and i.target in VIEWS_TYPES_FROM_JOURNAL)
        ]
        if bad:
            wrong[name] = bad
    assert wrong == {}


def test_views_do_no_io() -> None:
    """No view opens a file, prints, asks, or reads the terminal or the environment."""
    wrong = {}
    for name, path in modules().items():
        if layer(name) != "views":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        used = {
            alias.name.split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        } | {
            (node.module or "").split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and not node.level
        }
        calls = {
            node.func.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        }
        bad = sorted((used & IO_MODULES) | (calls & IO_CALLS))
        if bad:
            wrong[name] = bad
    assert wrong == {}


def test_each_subpackage_init_holds_only_a_docstring() -> None:
    """A layer's `__init__.py` is its docstring: no code, no re-exports, nothing loaded."""
    inits = sorted(PACKAGE.glob("*/__init__.py"))
    assert len(inits) == len(LAYERS)
    for path in inits:
        body = ast.parse(path.read_text(encoding="utf-8")).body
        assert len(body) == 1, path
        assert isinstance(body[0], ast.Expr), path
        assert isinstance(body[0].value, ast.Constant), path
        assert isinstance(body[0].value.value, str), path


def test_the_package_is_imported_at_the_top_outside_the_face() -> None:
    """Outside `cli/`, no function imports one of the package's modules: they are imported at
    the top, so a module's dependencies show (other libraries may load late, for speed)."""
    mods = modules()
    late = {}
    for name, path in mods.items():
        if layer(name) in {None, "cli"}:
            continue
        found = [i for i in imports(path, set(mods)) if i.in_function]
        if found:
            late[name] = found
    assert late == {}


def test_the_core_never_imports_the_face() -> None:
    """Only exitplan.cli imports typer or rich."""
    graph = import_graph()
    for name, path in modules().items():
        if layer(name) == "cli" or name == "exitplan.__main__":
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
        assert "rich" not in roots, name
        assert not any(target.startswith("exitplan.cli") for target in graph[name]), name


def test_the_face_never_locks_or_saves() -> None:
    """No command module takes the lock, saves the plan or writes the cache itself."""
    forbidden = (".locked(", ".save(", "save_cache", "write_file(", "drop_cache", "reseal(")
    for name, path in modules().items():
        if layer(name) == "cli":
            text = path.read_text(encoding="utf-8")
            assert [word for word in forbidden if word in text] == [], name


def test_the_rules_catch_what_they_forbid(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each rule fails on a module that breaks it: an upward import, a late import of the
    package, an `__init__` with code, a view that prints."""
    pkg = tmp_path / "exitplan"
    (pkg / "domain").mkdir(parents=True)
    (pkg / "domain" / "__init__.py").write_text("x = 1\n")
    bad = pkg / "domain" / "bad.py"
    bad.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from exitplan.home.store import Store\n"
        "def f():\n    from exitplan.domain.model import Entry\n    print(1)\n"
    )
    known = {"exitplan.home.store", "exitplan.domain.model", "exitplan.domain.bad"}
    monkeypatch.setattr(helpers_imports, "PACKAGE", pkg)  # the sample package, for this test only
    found = imports(bad, known)
    assert [(i.target, i.typing, i.in_function) for i in found] == [
        ("exitplan.home.store", True, False),
        ("exitplan.domain.model", False, True),
    ]
    assert RANK[layer(found[0].target) or "cli"] > RANK["domain"]
    body = ast.parse((pkg / "domain" / "__init__.py").read_text()).body
    assert not isinstance(body[0], ast.Expr)
