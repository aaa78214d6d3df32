"""The tests' own house: unit tests mirror the package's modules, end-to-end tests are named for
what they promise, exitplan runs in a real process one way only, and a test that starts a process
says so, so that `pytest -m "not process"` is a fast loop that truly starts none.

    tests/unit/<layer>/test_<module>[_<aspect>].py   the core, module by module, no CLI
    tests/e2e/test_<promise or command>.py           through the real CLI (CliRunner or processes)
    tests/rules/test_<rule>.py                       rules read from the source and the content
    tests/helpers*.py, conftest.py                   the one harness they share
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ProcessUsed
from helpers import REPO, TESTS

PACKAGE = REPO / "exitplan"
FOLDERS = ("unit", "e2e", "rules")
SPELLED = '"-m", ' + '"exitplan"'  # (split, so this file does not spell it)
# The one test that runs exitplan with another interpreter: the unprivileged user's, which
# cannot reach this one's virtual environment (tests/helpers_privileges.py builds it).
OTHER_INTERPRETER = {"e2e/test_same_keyboard_home.py"}


def all_test_modules() -> list[Path]:
    """Every test module of the suite."""
    return sorted(TESTS.rglob("test_*.py"))


def test_every_test_module_lives_in_one_of_the_three_folders() -> None:
    """A test module sits in unit/, e2e/ or rules/; the top folder holds only the harness."""
    stray = [
        str(path.relative_to(TESTS))
        for path in all_test_modules()
        if path.relative_to(TESTS).parts[0] not in FOLDERS
    ]
    assert stray == []
    assert all(
        path.name.startswith(("helpers", "conftest"))
        or path.name
        in {
            "readme_screens.py",
            "standin_adb.py",
            "standin_idevice.py",
            "phone_helpers.py",
        }
        for path in TESTS.glob("*.py")
    )


def test_unit_tests_mirror_the_package_modules() -> None:
    """tests/unit/<layer>/test_<module>[_<aspect>].py names a layer and a module in it."""
    wrong = []
    for path in sorted((TESTS / "unit").rglob("test_*.py")):
        layer = path.parent.name
        modules = {p.stem for p in (PACKAGE / layer).glob("*.py") if p.stem != "__init__"}
        stem = path.stem.removeprefix("test_")
        if path.parent.parent != TESTS / "unit" or not any(
            stem == name or stem.startswith(f"{name}_") for name in modules
        ):
            wrong.append(str(path.relative_to(TESTS)))
    assert wrong == [], "name each unit test module for the module it tests"


def test_every_layer_has_unit_tests() -> None:
    """Each layer below the CLI has a folder of unit tests (the CLI is tested end to end)."""
    layers = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()} - {"cli"}
    assert layers - {p.name for p in (TESTS / "unit").iterdir() if p.is_dir()} == set()


def test_exitplan_runs_in_a_process_one_way() -> None:
    """No test module spells out how to start exitplan: helpers.EXITPLAN and `child` do."""
    spelled = [
        str(path.relative_to(TESTS))
        for path in all_test_modules()
        if SPELLED in path.read_text(encoding="utf-8")
        and str(path.relative_to(TESTS)) not in OTHER_INTERPRETER
    ]
    assert spelled == []


def test_test_modules_share_code_only_through_the_harness() -> None:
    """No test module imports another one; what they share lives in tests/helpers*.py."""
    names = {path.stem for path in all_test_modules()}
    importing = []
    for path in all_test_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module in names:
                importing.append(f"{path.relative_to(TESTS)}: {node.module}")
            if isinstance(node, ast.Import):
                importing += [f"{path.name}: {a.name}" for a in node.names if a.name in names]
    assert importing == []


def test_a_test_not_marked_process_cannot_start_one() -> None:
    """The fast loop's promise is kept by the suite itself: an unmarked test that starts a
    process fails and is told to mark itself."""
    with pytest.raises(ProcessUsed, match=r"mark it @pytest\.mark\.process"):
        subprocess.run([sys.executable, "-c", "pass"], check=False)


@pytest.mark.process
def test_a_test_marked_process_may_start_one() -> None:
    """The marker lets a test start a process (and keeps it out of the fast loop)."""
    assert subprocess.run([sys.executable, "-c", "pass"], check=False).returncode == 0
