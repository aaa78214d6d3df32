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
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REAL_FSYNC, ProcessUsed, unsynced
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


def misnamed_unit_tests(tests: Path, package: Path) -> list[str]:
    """The unit test modules that do not name a layer and a module in it."""
    wrong = []
    for path in sorted((tests / "unit").rglob("test_*.py")):
        layer = package / path.parent.name
        modules = {p.stem for p in layer.glob("*.py") if p.stem != "__init__"}
        stem = path.stem.removeprefix("test_")
        if path.parent.parent != tests / "unit" or not any(
            stem == name or stem.startswith(f"{name}_") for name in modules
        ):
            wrong.append(str(path.relative_to(tests)))
    return wrong


def mirrored_modules(folder: Path, package: Path) -> set[str]:
    """The modules of the layer `folder` is named for that one of its test modules names."""
    layer = package / folder.name
    modules = {p.stem for p in layer.glob("*.py") if p.stem != "__init__"}
    found = set()
    for path in folder.glob("test_*.py"):
        stem = path.stem.removeprefix("test_")
        found |= {name for name in modules if stem == name or stem.startswith(f"{name}_")}
    return found


def unmirrored(tests: Path, package: Path) -> list[str]:
    """`layer.module` for each module below the CLI with no tests/unit/<layer>/test_<module>.py
    (or test_<module>_<aspect>.py)."""
    missing = []
    for layer in sorted(p for p in package.iterdir() if (p / "__init__.py").is_file()):
        if layer.name == "cli":
            continue  # the CLI is tested end to end
        have = mirrored_modules(tests / "unit" / layer.name, package)
        missing += [
            f"{layer.name}.{p.stem}"
            for p in sorted(layer.glob("*.py"))
            if p.stem != "__init__" and p.stem not in have
        ]
    return missing


def layers_without_unit_tests(tests: Path, package: Path) -> set[str]:
    """The layers below the CLI whose unit folder holds no test module named for their modules
    (a missing folder and an empty one alike)."""
    layers = {p.name for p in package.iterdir() if (p / "__init__.py").is_file()} - {"cli"}
    return {layer for layer in layers if not mirrored_modules(tests / "unit" / layer, package)}


def test_unit_tests_mirror_the_package_modules() -> None:
    """tests/unit/<layer>/test_<module>[_<aspect>].py names a layer and a module in it."""
    assert len(list((TESTS / "unit").rglob("test_*.py"))) > 30  # the rule looked somewhere
    assert misnamed_unit_tests(TESTS, PACKAGE) == [], "name each unit test for its module"


def test_every_layer_has_unit_tests() -> None:
    """Each layer below the CLI has unit tests named for its modules (the CLI is tested end to
    end); an empty folder is not tests."""
    assert layers_without_unit_tests(TESTS, PACKAGE) == set()


def small_house(root: Path) -> tuple[Path, Path]:
    """A package of two layers (`disk`: `atomic`, `paths`; `domain`: `dates`) and its tests."""
    package, tests = root / "exitplan", root / "tests"
    for layer, names in {"disk": ("atomic", "paths"), "domain": ("dates",)}.items():
        (package / layer).mkdir(parents=True)
        for name in ("__init__", *names):
            (package / layer / f"{name}.py").write_text("", encoding="utf-8")
        (tests / "unit" / layer).mkdir(parents=True)
    return tests, package


def test_the_mirror_rules_see_an_empty_folder_and_a_stray_name(tmp_path: Path) -> None:
    """The rules above fail where they should: an empty layer folder has no unit tests, a test
    named for no module is misnamed, and a module without a test is listed."""
    tests, package = small_house(tmp_path)
    assert layers_without_unit_tests(tests, package) == {"disk", "domain"}
    assert unmirrored(tests, package) == ["disk.atomic", "disk.paths", "domain.dates"]
    (tests / "unit" / "disk" / "test_atomic_kills.py").write_text("", encoding="utf-8")
    (tests / "unit" / "domain" / "test_calendar.py").write_text("", encoding="utf-8")
    assert layers_without_unit_tests(tests, package) == {"domain"}
    assert misnamed_unit_tests(tests, package) == ["unit/domain/test_calendar.py"]
    assert unmirrored(tests, package) == ["disk.paths", "domain.dates"]


# The modules below the CLI that have no unit tests of their own yet (tested only through the
# command line, or not at all). The list only shrinks: a new module comes with its unit tests,
# and a module given its tests leaves the list (the test below says which).
UNMIRRORED: list[str] = []


def test_the_modules_without_unit_tests_only_get_fewer() -> None:
    """A new module below the CLI comes with tests/unit/<layer>/test_<module>.py, and a module
    that gets one leaves UNMIRRORED, so the list only shrinks."""
    missing = unmirrored(TESTS, PACKAGE)
    assert [name for name in missing if name not in UNMIRRORED] == [], "write its unit tests"
    assert [name for name in UNMIRRORED if name not in missing] == [], "take it off UNMIRRORED"


CLI_MODULE = "exitplan.cli"
# What starts exitplan's command line in the harness: tests/helpers.py's runners and argv, and the
# conftest fixtures that run it (`run`) or make a plan through it.
CLI_HARNESS = {"cli", "child", "EXITPLAN", "console_script", "CliRunner"}
CLI_FIXTURES = {"run", "plan_home", "user_home", "plan_home_with_builtins"}


def drives_the_command_line(source: str) -> list[str]:
    """What in a test module starts exitplan's command line: an import of exitplan.cli (or its
    name in a string, for a child), CliRunner or the harness's runners, a fixture that runs it."""
    found = []
    for node in ast.walk(ast.parse(source)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == CLI_MODULE or node.module.startswith(f"{CLI_MODULE}."):
                found.append(f"line {line}: from {node.module}")
            found += [
                f"line {line}: {alias.name}" for alias in node.names if alias.name in CLI_HARNESS
            ]
        elif isinstance(node, ast.Import):
            found += [
                f"line {line}: import {alias.name}"
                for alias in node.names
                if alias.name == CLI_MODULE or alias.name.startswith(f"{CLI_MODULE}.")
            ]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if re.search(rf"\b{re.escape(CLI_MODULE)}\b", node.value):
                found.append(f"line {line}: names {CLI_MODULE}")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found += [
                f"line {line}: {node.name} takes {arg.arg}"
                for arg in node.args.args
                if arg.arg in CLI_FIXTURES
            ]
    return found


def test_unit_tests_call_the_layer_they_mirror() -> None:
    """No unit test drives the command line: what goes through the CLI is an end-to-end test in
    tests/e2e, and a unit test calls its own layer (a unit test of a CLI module, such as the
    reading of replies, imports that one module and nothing that runs a command)."""
    driving = {
        str(path.relative_to(TESTS)): found
        for path in sorted((TESTS / "unit").rglob("*.py"))
        if (
            found := [
                f
                for f in drives_the_command_line(path.read_text(encoding="utf-8"))
                if f != own_cli_module(path, f)
            ]
        )
    }
    assert driving == {}


def own_cli_module(path: Path, found: str) -> str:
    """The finding a mirror of a CLI module may have: `from exitplan.cli.<its module>`."""
    if path.parent.name != "cli" or not path.stem.startswith("test_"):
        return ""
    line = found.split(":", 1)[0]
    return f"{line}: from {CLI_MODULE}.{path.stem.removeprefix('test_')}"


def test_the_command_line_rule_sees_each_way_in() -> None:
    """The rule above names an import of the CLI, the harness's runner, a child that imports the
    CLI, and a fixture that runs it, and passes a test of the core."""
    assert drives_the_command_line("from exitplan.cli.app import app\n") == [
        "line 1: from exitplan.cli.app"
    ]
    assert drives_the_command_line("import exitplan.cli.entry\n") == [
        "line 1: import exitplan.cli.entry"
    ]
    assert drives_the_command_line("from helpers import REPO, cli\n") == ["line 1: cli"]
    assert drives_the_command_line("from typer.testing import CliRunner\n") == ["line 1: CliRunner"]
    assert drives_the_command_line('code = "from exitplan.cli.entry import main"\n') == [
        "line 1: names exitplan.cli"
    ]
    assert drives_the_command_line("def test_x(run, home):\n    pass\n") == [
        "line 1: test_x takes run"
    ]
    core = "from exitplan.domain.dates import parse_day\nfrom helpers import REPO\n"
    assert drives_the_command_line(core) == []


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


# The tests about what reaches the disk: they keep the disk's own fsync (see conftest.py).
DURABILITY = (
    "e2e/test_never_lose_progress.py",
    "e2e/test_encryption_at_every_instant.py",
    "e2e/test_answers_are_kept.py",
    "unit/disk/test_atomic.py",
    "unit/disk/test_system.py",
)


def test_a_test_not_about_durability_does_not_wait_on_the_disk(tmp_path: Path) -> None:
    """Outside the durability tests a sync checks its descriptor and returns, so the fast loop
    does not wait on the disk; a closed descriptor still fails as a real sync would."""
    assert os.fsync is unsynced
    fd = os.open(tmp_path / "f", os.O_WRONLY | os.O_CREAT, 0o600)
    os.fsync(fd)
    os.close(fd)
    with pytest.raises(OSError, match="Bad file descriptor"):
        os.fsync(fd)


@pytest.mark.durability
def test_a_durability_test_syncs_for_real() -> None:
    """A test marked `durability` gets the disk's own fsync."""
    assert os.fsync is REAL_FSYNC


def test_the_durability_tests_keep_the_real_sync() -> None:
    """The modules about never losing progress, encryption at every instant, atomic writes and
    the disk's sync are marked `durability` as a whole, so none of their tests is ever run with
    the stand-in sync."""
    unmarked = []
    for name in DURABILITY:
        tree = ast.parse((TESTS / name).read_text(encoding="utf-8"))
        marks = [
            ast.unparse(node.value)
            for node in tree.body
            if isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets)
        ]
        if "pytest.mark.durability" not in marks:
            unmarked.append(name)
    assert unmarked == []
