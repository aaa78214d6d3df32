"""Every read of a file in the data home goes through the one safe reader (exitplan/disk).

A link, a FIFO or a huge file planted where exitplan expects its own file must never be
followed, waited on or read whole. `exitplan.disk.safeio` opens without following links and
without blocking, checks for a regular file and caps the read; this test fails on any other
way of opening or reading a file (`open()`, `os.open()`, `Path.open()`, `.read_bytes()`,
`.read_text()`) anywhere else in the package, unless it is in the short list below, each with
the reason it is not a file of the data home.
"""

from __future__ import annotations

import ast

from helpers import REPO

PACKAGE = REPO / "exitplan"
FILE_ACCESS_LAYER = "disk"

# (module, function) -> why it may open a file itself. Nothing here reads a file of the home.
ALLOWED = {
    # Paths the person names on the command line, outside the data home:
    ("service/options.py", "_first_line"): "--passphrase-file FILE (may be a pipe, <(...))",
    # exitplan's own package files, never the data home:
    ("base/i18n.py", "_read_catalog"): "a compiled catalog inside the package",
    ("formats/regions.py", "_read_country"): "a region file bundled in the package",
    ("phone/indicators.py", "_read"): "the bundled stalkerware indicators and their provenance",
    ("formats/cache.py", "pacing_code"): "the package's own source, to checksum the pacing code",
    # Not reads: the lock is opened (no-follow, never read) to hold it; /dev/null for a pipe.
    ("home/store.py", "locked"): "the lock file: O_NOFOLLOW, only locked, never read",
    ("base/errors.py", "quiet_stdout"): "/dev/null, after the reader of stdout went away",
}


def file_opens(tree: ast.AST) -> list[tuple[str, int, str]]:
    """(function, line, what) for every call in a module that opens or reads a file itself."""
    found: list[tuple[str, int, str]] = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function = node.name
        if isinstance(node, ast.Call):
            what = _kind(node)
            if what:
                found.append((function, node.lineno, what))
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(tree, "<module>")
    return found


def _kind(call: ast.Call) -> str | None:  # noqa: PLR0911 - one answer per kind of open
    func = call.func
    if isinstance(func, ast.Name) and func.id == "open":
        return "open()"
    if not isinstance(func, ast.Attribute):
        return None
    if func.attr in ("read_bytes", "read_text"):
        return f".{func.attr}()"
    if func.attr == "open":
        if isinstance(func.value, ast.Name) and func.value.id == "os":
            return "os.open()"
        # Path.open(): no argument, a mode string, or mode=; other `.open(data)` methods
        # (a sealing's, the key session's) take bytes and are not file opens.
        first = call.args[0] if call.args else None
        moded = any(k.arg == "mode" for k in call.keywords)
        if (first is None and not call.keywords) or moded:
            return "Path.open()"
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return "Path.open()"
    return None


def test_only_the_file_access_layer_opens_files() -> None:
    """Outside exitplan/disk, no module opens or reads a file but those the list allows."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith(f"{FILE_ACCESS_LAYER}/"):
            continue
        for function, line, what in file_opens(ast.parse(path.read_text(encoding="utf-8"))):
            if (rel, function) not in ALLOWED:
                found.append(f"{rel}:{line} {what} in {function}")
    assert found == []


def test_the_allow_list_is_used() -> None:
    """Every allowed place still opens a file: a stale entry would hide a new read there."""
    used = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        for function, _line, _what in file_opens(ast.parse(path.read_text(encoding="utf-8"))):
            used.add((rel, function))
    assert set(ALLOWED) - used == set()


def test_the_check_finds_each_kind_of_read() -> None:
    """Control: each way of opening a file is found, and a sealing's `.open(data)` is not."""
    source = """
def reader(path, sealing, data):
    open(path)
    path.read_bytes()
    path.read_text(encoding="utf-8")
    path.open("rb")
    path.open()
    path.open(mode="r")
    os.open(path, 0)
    sealing.open(data)
"""
    kinds = [what for _f, _l, what in file_opens(ast.parse(source))]
    assert kinds == [
        "open()",
        ".read_bytes()",
        ".read_text()",
        "Path.open()",
        "Path.open()",
        "Path.open()",
        "os.open()",
    ]
