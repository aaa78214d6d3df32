"""Privacy basics: no network, read-only commands leave no trace, no shell completion, no locals."""

from __future__ import annotations

import os
import shutil
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import DATA, MONEY, NetworkUsed, Run, make_home, snapshot

from exitplan.formats.checklistfile import load_catalog

RealSocket = socket.socket  # taken at import, before the suite-wide patch replaces the name


def test_the_network_is_blocked_during_the_tests() -> None:
    """The suite-wide patch is active: every way of opening a connection raises."""
    with pytest.raises(NetworkUsed):
        socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    with pytest.raises(NetworkUsed):
        socket.create_connection(("127.0.0.1", 9))
    with pytest.raises(NetworkUsed):
        RealSocket.connect(object(), ("127.0.0.1", 9))  # type: ignore[arg-type]


def test_a_whole_session_tries_no_connection(
    run: Run, user_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No command even attempts a connection (a swallowed attempt would still be recorded)."""
    attempts: list[tuple[Any, ...]] = []

    def record(*args: Any, **_kwargs: Any) -> Any:
        attempts.append(args)
        raise NetworkUsed("no network")

    for name in ("socket", "create_connection", "getaddrinfo", "gethostbyname"):
        monkeypatch.setattr(socket, name, record)
    session: list[tuple[list[str], str | None]] = [
        (["init", "-c", MONEY, "--exit-date", "+3w"], None),
        (["status"], None),
        (["status", "--json"], None),
        (["done", "1"], None),
        (["skip", "2", "--reason", "n/a"], None),
        (["undo", "2"], None),
        (["note", "3"], "a note\n"),
        (["add", MONEY, "My own step", "--due", "-1w"], None),
        (["list", "--all", "--json"], None),
        (["show", "1", "--json"], None),
        (["review"], "n\nanother note\n\nq\n"),
        (["date", "+4w"], None),
        (["summary", "--format", "markdown"], None),
        (["checklists", "--json"], None),
        (["validate", str(DATA / f"{MONEY}.toml")], None),
    ]
    for args, text in session:
        result = run(*args, input=text)
        assert result.exit_code == 0, (args, result.output)
    assert attempts == []


# -- read-only commands leave no trace -----------------------------------------------------------

READ_ONLY = [
    ("status",),
    ("status", "--json"),
    ("list",),
    ("list", "--all", "--json"),
    ("show", "1"),
    ("show", "1", "--json"),
    ("checklists",),
    ("checklists", "--json"),
    ("summary",),
    ("summary", "--format", "markdown"),
    ("summary", "--format", "json"),
    ("help-now",),
    ("validate", str(DATA / f"{MONEY}.toml")),
    ("--version",),
    ("--help",),
    (),
]


def check_data_present(command: tuple[str, ...], *, with_plan: bool) -> None:
    """The data a command needs is shipped: the region files, the built-in checklists."""
    from importlib.resources import files

    if command[:1] == ("help-now",):
        assert (files("exitplan") / "data" / "regions" / "gb.toml").is_file()
    if command[:1] == ("show",) and not with_plan:
        assert load_catalog().checklists


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[], dict[str, bytes]]:
    """Run from an empty working directory; return a function snapshotting it and the XDG dir."""
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    xdg = Path(os.environ["XDG_DATA_HOME"])
    return lambda: {
        **snapshot(cwd),
        **{f"xdg/{k}": v for k, v in snapshot(xdg).items()},
        "xdg-exists": str(xdg.exists()).encode(),
    }


@pytest.mark.parametrize("command", READ_ONLY, ids=lambda c: " ".join(c) or "no-command")
def test_read_only_commands_create_nothing_without_a_plan(
    run: Run, home: Path, elsewhere: Callable[[], dict[str, bytes]], command: tuple[str, ...]
) -> None:
    """With no plan yet, reading commands succeed and create no file or folder anywhere."""
    check_data_present(command, with_plan=False)
    around = elsewhere()
    result = run(*command)
    assert result.exit_code == 0, result.output
    assert not home.exists()
    assert elsewhere() == around


@pytest.mark.parametrize(
    "command", [*READ_ONLY, ("date",)], ids=lambda c: " ".join(c) or "no-command"
)
def test_read_only_commands_change_nothing_with_a_plan(
    run: Run, plan_home: Path, elsewhere: Callable[[], dict[str, bytes]], command: tuple[str, ...]
) -> None:
    """With a plan, reading commands leave every file byte for byte as it was."""
    check_data_present(command, with_plan=True)
    assert run("done", "2").exit_code == 0
    assert run("note", "3", input="a private note\n").exit_code == 0
    before, around = snapshot(plan_home), elsewhere()
    result = run(*command)
    assert result.exit_code == 0, result.output
    assert snapshot(plan_home) == before
    assert elsewhere() == around


@pytest.mark.parametrize("command", [("status",), ("list",), ("show", "1"), ("summary",)])
def test_read_only_commands_do_not_rebuild_a_missing_cache(
    run: Run, plan_home: Path, command: tuple[str, ...]
) -> None:
    """Reading a plan whose cache is gone still writes nothing (no cache is rebuilt)."""
    assert run("done", "2").exit_code == 0
    shutil.rmtree(plan_home / "cache", ignore_errors=True)
    before = snapshot(plan_home)
    assert run(*command).exit_code == 0
    assert snapshot(plan_home) == before
    assert not (plan_home / "cache").exists()


def test_failing_commands_create_no_home(run: Run, home: Path) -> None:
    """Commands that fail for want of a plan do not create the data directory either."""
    for args in (("done", "1"), ("date",), ("review",), ("note", "1"), ("add", "x", "y")):
        assert run(*args, input="text\n").exit_code == 1
    assert not home.exists()


# -- nothing that would leave traces in the shell ------------------------------------------------


@pytest.mark.parametrize("option", ["--install-completion", "--show-completion"])
def test_shell_completion_is_not_offered(run: Run, home: Path, option: str) -> None:
    """Installing completion would edit shell start-up files: the options do not exist."""
    result = run(option)
    assert result.exit_code == 2
    assert f"exitplan has no option {option}" in result.stderr
    assert not home.exists()


def test_help_does_not_mention_completion(run: Run) -> None:
    """The help text offers no completion options."""
    assert "completion" not in run("--help").stdout


def test_tracebacks_never_show_local_variables() -> None:
    """Pretty exceptions are off and would not show locals (they may hold notes)."""
    from exitplan.cli.app import app

    assert app.pretty_exceptions_show_locals is False
    assert app.pretty_exceptions_enable is False


def test_note_text_is_never_echoed(run: Run, plan_home: Path) -> None:
    """A note read from stdin is not echoed back to the terminal or logged in the history."""
    words = "moving to my sister's on Friday"
    result = run("note", "1", input=words + "\n")
    assert result.exit_code == 0
    assert words not in result.output
    history = run("show", "1", "--json").stdout.split('"history"')[1]
    assert words not in history


def test_summary_file_is_private_even_with_a_permissive_umask(
    run: Run, plan_home: Path, tmp_path: Path
) -> None:
    """The summary file, which holds notes, is 0600 whatever the umask."""
    os.umask(0)
    target = tmp_path / "plan.md"
    assert run("summary", "-f", "markdown", "-o", str(target)).exit_code == 0
    assert target.stat().st_mode & 0o777 == 0o600


def test_own_checklists_folder_is_read_not_written(run: Run, home: Path) -> None:
    """The person's own checklist files are only read: changes never rewrite them."""
    make_home(home, MONEY)
    folder = home / "checklists"
    before = snapshot(folder)
    assert run("init", "-c", MONEY).exit_code == 0
    assert run("done", "1").exit_code == 0
    assert run("add", MONEY, "Another step").exit_code == 0
    assert snapshot(folder) == before
