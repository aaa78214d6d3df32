"""A closed standard output (`exitplan status >&-`): every command does its work and ends
without a traceback, what it would have shown is dropped, and at a terminal the review's quick
hide still clears the screen (it once asked a closed stdout whether it was a terminal)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import TODAY, Run
from helpers import EXITPLAN, ok
from helpers_terminal import on_terminal, readable, without_faketime_s_shared_clock

from exitplan.cli.console import CLEAR_SEQUENCE

pytestmark = [
    pytest.mark.process,
    pytest.mark.skipif(sys.platform == "win32", reason="closes stdout with a POSIX shell"),
]


def closed_stdout(home: Path, *command: str) -> subprocess.CompletedProcess[str]:
    """`exitplan --home HOME --today TODAY COMMAND >&-` run by a shell, as a person would."""
    args = [*EXITPLAN, "--home", str(home), "--today", TODAY.isoformat(), *command]
    return subprocess.run(
        ["/bin/sh", "-c", '"$@" >&-', "sh", *args],
        capture_output=False,
        stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
        check=False,
        env=without_faketime_s_shared_clock(os.environ),
    )


@pytest.mark.parametrize(
    "command",
    [
        ("status",),
        ("status", "--json"),
        ("list",),
        ("show", "1"),
        ("summary",),
        ("where",),
        ("help-now",),
        ("region", "--list"),
    ],
    ids=" ".join,
)
def test_a_command_with_stdout_closed_ends_calmly(
    plan_home: Path, command: tuple[str, ...]
) -> None:
    """With stdout closed, a command that shows things exits 0 with no traceback."""
    result = closed_stdout(plan_home, *command)
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.returncode == 0, result.stderr[-2000:]


def test_a_change_with_stdout_closed_is_saved(run: Run, plan_home: Path) -> None:
    """`done 1 >&-` ticks the step and says so on stderr, as with stdout open."""
    result = closed_stdout(plan_home, "done", "1")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "Done: #1" in result.stderr
    rows = json.loads(ok(run("list", "--all", "--json")).stdout)
    assert [row["status"] for row in rows if row["number"] == 1] == ["done"]


def test_the_quick_hide_clears_the_screen_with_stdout_closed(plan_home: Path) -> None:
    """`review >&-` at a terminal: h clears the screen on stderr and ends with exit 0."""
    args = ["--home", str(plan_home), "--today", TODAY.isoformat(), "review"]
    code, shown = on_terminal(args, [("ide", b"h")], close_stdout=True, quiet_seconds=10)
    assert "Traceback" not in shown, readable(shown)
    assert code == 0, readable(shown)
    assert CLEAR_SEQUENCE in shown
