"""Start-up: only the command that runs is built, and help and typos still see every command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import child

from exitplan.cli.app import app, command_name, invoked_command
from exitplan.cli.entry import main


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ([], None),
        (["status"], "status"),
        (["--home", "/x", "list", "--all"], "list"),
        (["--today", "2026-11-30", "--passphrase-file", "f", "done", "3"], "done"),
        (["--home=/x", "show", "1"], "show"),
        (["--help"], None),
        (["-h", "status"], None),
        (["--version"], None),
        (["--home"], None),
    ],
)
def test_invoked_command(args: list[str], expected: str | None) -> None:
    """The command is found past the global options and their values."""
    assert invoked_command(args) == expected


def test_command_names_match_what_typer_registers() -> None:
    """Every registered command has the name people type."""
    names = {command_name(info) for info in app.registered_commands}
    assert {"status", "list", "date", "help-now", "done"} <= names
    assert "list-items" not in names
    assert "date-cmd" not in names


def run(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    """The real entry point in a child process, on a fixed day."""
    return child(*args, env={"EXITPLAN_HOME": str(home), "EXITPLAN_TODAY": "2026-11-30"})


@pytest.mark.process
def test_help_lists_every_command(tmp_path: Path) -> None:
    """Pruning never hides commands from `help all`."""
    result = run("help", "all", home=tmp_path / "h")
    assert result.returncode == 0
    for info in app.registered_commands:
        assert f"  {command_name(info)} " in result.stdout


@pytest.mark.process
def test_a_typo_still_gets_a_suggestion(tmp_path: Path) -> None:
    """An unknown command keeps every command registered, so the hint can name the right one."""
    result = run("statsu", home=tmp_path / "h")
    assert result.returncode == 2
    assert "status" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.process
def test_no_command_runs_status(tmp_path: Path) -> None:
    """`exitplan` alone shows the status, and writes nothing without a plan."""
    result = run(home=tmp_path / "h")
    assert result.returncode == 0
    assert "You have no plan yet" in result.stdout
    assert not (tmp_path / "h").exists()


@pytest.mark.process
def test_help_now_imports_no_pydantic_models_or_crypto(tmp_path: Path) -> None:
    """help-now is instant: it loads no plan, no models and no cryptography."""
    code = (
        "import sys; from exitplan.cli.entry import main; sys.argv = ['exitplan', 'help-now'];\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('LOADED', [m for m in "
        "('exitplan.formats.schema', 'exitplan.home.store', 'cryptography')"
        " if m in sys.modules])"
    )
    env = {**os.environ, "EXITPLAN_HOME": str(tmp_path / "h")}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert "LOADED []" in result.stdout


def test_main_can_run_twice_in_one_process(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Running one command leaves every command registered, so a second run still finds its own."""
    before = [command_name(info) for info in app.registered_commands]
    monkeypatch.setenv("EXITPLAN_HOME", str(tmp_path / "h"))
    for argv in (["exitplan", "help-now"], ["exitplan", "where"]):
        monkeypatch.setattr(sys, "argv", argv)
        with pytest.raises(SystemExit) as exit_info:
            main()
        assert exit_info.value.code in (0, None)
    assert [command_name(info) for info in app.registered_commands] == before


@pytest.mark.process
def test_help_lists_commands_in_the_documented_order(tmp_path: Path) -> None:
    """`help all` lists the commands by topic, in the order TOPICS gives, whatever order
    modules were imported in."""
    from exitplan.cli.helpscreens import TOPICS

    result = run("help", "all", home=tmp_path / "h")
    listed = result.stdout.split("Options:\n", 1)[1].splitlines()
    names = [line.split()[0] for line in listed if line.startswith("  ") and line[2] != " "]
    expected = [name for topic in TOPICS for name in topic.commands]
    commands = [name for name in names if not name.startswith("-")]
    assert list(dict.fromkeys(commands)) == expected  # "log add", "log list"... under "log"
