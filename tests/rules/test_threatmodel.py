"""Every test THREATMODEL.md cites as the proof of a promise exists, at the path it names.

The evidence table ("Promises and the tests that prove them") and the list after it cite
tests as `path/test_file.py::test_name` (relative to tests/), a whole file as
`path/test_file.py`, or a test by name alone. A test renamed or moved without the table
following it leaves a promise without its proof; this test names each such citation.
"""

from __future__ import annotations

import re
from pathlib import Path

from helpers import REPO

TESTS = REPO / "tests"
SECTION = "## Promises and the tests that prove them"
_PAIR = re.compile(r"`([\w/]+\.py)::(test_\w+)`")
_FILE = re.compile(r"`([\w/]*test_\w+\.py)`")
_NAME = re.compile(r"`(test_\w+)`")


def evidence(text: str) -> str:
    """The part of the threat model that cites tests: from the table to the end."""
    return text[text.index(SECTION) :]


def unresolved(text: str, tests: Path) -> list[str]:
    """Each citation in `text` that names no test there: a missing file or function."""
    problems = []
    defined: dict[str, set[str]] = {}
    for path in tests.rglob("test_*.py"):
        names = set(re.findall(r"^(?:async )?def (test_\w+)\(", path.read_text(), re.MULTILINE))
        defined[path.relative_to(tests).as_posix()] = names
    everywhere = set().union(*defined.values()) if defined else set()
    for file, name in _PAIR.findall(text):
        if file not in defined:
            problems.append(f"{file}::{name} (no such file in tests/)")
        elif name not in defined[file]:
            problems.append(f"{file}::{name} (no such test in that file)")
    for file in _FILE.findall(text):
        if file not in defined:
            problems.append(f"{file} (no such file in tests/)")
    for name in _NAME.findall(_PAIR.sub("", text)):
        if name not in everywhere:
            problems.append(f"{name} (no such test anywhere)")
    return problems


def test_every_cited_test_exists() -> None:
    """Each test the evidence table cites is defined at the path it names."""
    text = evidence((REPO / "THREATMODEL.md").read_text(encoding="utf-8"))
    assert len(_PAIR.findall(text)) > 100  # the table is read, not skipped
    assert unresolved(text, TESTS) == []


def test_a_stale_citation_is_named(tmp_path: Path) -> None:
    """A moved file, a renamed test and a lost name are each named (the rule can fail)."""
    (tmp_path / "e2e").mkdir()
    (tmp_path / "e2e" / "test_here.py").write_text("def test_kept() -> None:\n    pass\n")
    text = (
        f"{SECTION}\n| p | `e2e/test_here.py::test_kept`, `test_gone.py::test_kept`, "
        "`e2e/test_here.py::test_renamed`, `e2e/test_here.py` |\n- once (`test_lost`)\n"
    )
    assert unresolved(evidence(text), tmp_path) == [
        "test_gone.py::test_kept (no such file in tests/)",
        "e2e/test_here.py::test_renamed (no such test in that file)",
        "test_lost (no such test anywhere)",
    ]
