"""The README documents every command, and its Quick start is what CI runs."""

from __future__ import annotations

import re

import pytest
from helpers import REPO, command_names

ROOT = REPO
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_there_are_commands_to_check() -> None:
    """The command list is real, so the documentation test below cannot pass vacuously."""
    names = command_names()
    assert {"status", "init", "done", "help-now", "wipe"} <= set(names)


def test_every_command_is_in_the_readme() -> None:
    """Each command appears in the README as `exitplan <name>` or in a slash list after one."""
    missing = [
        name
        for name in command_names()
        if not re.search(rf"exitplan {re.escape(name)}\b|/ `?{re.escape(name)}`?\b", README)
    ]
    assert missing == []


def test_readme_has_no_unfilled_placeholders() -> None:
    """Sample output and tables were filled in from real runs."""
    leftovers = re.findall(
        r"^(SAMPLE_[A-Z]+|CHECKLIST_TABLE|RELIABILITY|PERFORMANCE)$", README, flags=re.MULTILINE
    )
    assert leftovers == []


def test_quick_start_has_two_commands_and_ci_runs_the_test_one() -> None:
    """Quick start has exactly two shell commands; .ci/run runs the second verbatim."""
    section = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```sh\n(.+?)\n```", section, flags=re.DOTALL)
    assert len(commands) == 2
    assert "exitplan status" in commands[0]
    assert "pytest" in commands[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1] in ci


def test_ci_runs_the_suite_again_years_ahead() -> None:
    """.ci/run installs faketime and runs the whole suite once more years ahead (issue 31: a
    test with a fixed "future" day broke CI on the day it named), bounded in time, and fails
    the build when that run fails, hangs or collects nothing."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "missing+=(faketime)" in ci
    start = ci.index("\nif ! timeout ") + 1
    line = ci[start : ci.index("\n", start)]
    assert re.fullmatch(
        r"if ! timeout \d+ faketime -f '\+\d+y' \S+/python -m pytest -q -p no:cacheprovider; then",
        line,
    ), line  # the whole suite: no -m, no --deselect, no -k
    after = ci[ci.index("\n", start) + 1 :].splitlines()
    assert after[1].strip() == "exit 1", after[:3]


def code_map() -> str:
    """The README's map of the code (in its Development section)."""
    return README.split("### Map of the code", 1)[1].split("\n## ", 1)[0]


def package_modules() -> list[str]:
    """Every module of the package as the map names it: `store`, `cli/app`."""
    package = ROOT / "exitplan"
    names = []
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package).with_suffix("")
        if rel.name in {"__init__", "__main__"}:
            continue
        names.append("/".join(rel.parts))
    return names


def test_the_code_map_names_every_module() -> None:
    """Every module of exitplan appears in the README's map as `name` in a table row."""
    rows = set(re.findall(r"^\| `([a-z0-9_/]+)` \|", code_map(), flags=re.MULTILINE))
    assert len(package_modules()) > 20
    assert [name for name in package_modules() if name not in rows] == []


def test_the_code_map_names_no_module_that_is_gone() -> None:
    """The map lists no module that no longer exists."""
    rows = set(re.findall(r"^\| `([a-z0-9_/]+)` \|", code_map(), flags=re.MULTILINE))
    assert sorted(rows - set(package_modules())) == []


@pytest.mark.process
def test_readme_samples_are_what_the_cli_prints() -> None:
    """The sample screens and JSON in the README are exactly what the CLI prints for them."""
    from readme_screens import marked, refreshed, screens

    assert marked(README) == ["init", "status", "status-json"]
    assert refreshed(README, screens()) == README, "run: python tests/readme_screens.py --write"
