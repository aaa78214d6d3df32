"""Shared fixtures: a private temp home, a fixed today, a CLI runner, snapshots, no network."""

from __future__ import annotations

import functools
import os
import shutil
import socket
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
import typer.testing
from typer.testing import CliRunner, Result

# Encryption tests derive keys; the test-only fast KDF keeps the whole suite quick.
os.environ["EXITPLAN_TEST_FAST_KDF"] = "1"

DATA = Path(__file__).resolve().parent / "data"
REPO = Path(__file__).resolve().parent.parent

TODAY = date(2026, 11, 30)  # a Monday
EXIT = date(2026, 12, 14)  # two weeks later, also a Monday
# The day the test plan was made: four weeks before EXIT, which is more than the longest lead
# time of the test checklists (21 days), so every step is due exactly at EXIT + its offset.
PLANNED = date(2026, 11, 16)
# The two small checklists in tests/data that most CLI tests use; their ids clash with no
# built-in checklist, so the built-in files (written by others, still changing) never matter.
MONEY = "t-money"
PAPERS = "t-papers"

Run = Callable[..., Result]


class NetworkUsed(AssertionError):
    """Raised when anything tries to open a socket during the tests."""


def _no_network(*_args: Any, **_kwargs: Any) -> Any:
    raise NetworkUsed("exitplan must never open a network connection")


@pytest.fixture(autouse=True)
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every way of opening a connection fail for the whole suite."""
    monkeypatch.setattr(socket.socket, "connect", _no_network)
    monkeypatch.setattr(socket.socket, "connect_ex", _no_network)
    monkeypatch.setattr(socket, "create_connection", _no_network)
    monkeypatch.setattr(socket, "socket", _no_network)


@pytest.fixture(autouse=True)
def clean_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[None]:
    """No settings leak in from the developer's shell; the default data dir is a throwaway one."""
    for name in (
        "EXITPLAN_HOME",
        "EXITPLAN_TODAY",
        "EXITPLAN_LOCK_TIMEOUT",
        "EXITPLAN_PASSPHRASE_FILE",
        "FORCE_COLOR",
    ):
        monkeypatch.delenv(name, raising=False)
    xdg = tmp_path_factory.mktemp("xdg")
    monkeypatch.setenv("XDG_DATA_HOME", str(xdg / "data"))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")  # rich and typer wrap at this width: no split messages
    # The CLI sets umask 077 for the process; start each test from a permissive one and restore.
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A data directory that does not exist yet."""
    return tmp_path / "home"


@pytest.fixture
def today() -> date:
    """The fixed day every test pretends it is."""
    return TODAY


def make_home(home: Path, *checklist_files: Path | str) -> Path:
    """Create a private data directory holding the given checklist files (no plan yet)."""
    home.mkdir(mode=0o700, parents=True, exist_ok=True)
    home.chmod(0o700)
    folder = home / "checklists"
    folder.mkdir(exist_ok=True)
    for item in checklist_files:
        source = item if isinstance(item, Path) else DATA / f"{item}.toml"
        shutil.copyfile(source, folder / source.name)
    return home


def snapshot(root: Path) -> dict[str, bytes]:
    """{relative path: bytes} of every file under root (empty when root does not exist)."""
    if not root.exists():
        return {}
    return {
        str(path.relative_to(root)): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }


def invoke(
    *args: str,
    home: Path | None,
    today: date | None = TODAY,
    input: str | bytes | None = None,
    env: dict[str, str | None] | None = None,
) -> Result:
    """Run the CLI in-process; an unhandled exception propagates and fails the test."""
    from exitplan.cli import app

    argv: list[str] = []
    if home is not None:
        argv += ["--home", str(home)]
    if today is not None:
        argv += ["--today", today.isoformat()]
    argv += list(args)
    with pytest.MonkeyPatch.context() as mp:
        if hasattr(typer.testing, "_get_command"):
            # Building the Click command from the Typer app costs more than most commands do;
            # build it once for the session (it holds no state between invocations).
            mp.setattr(typer.testing, "_get_command", _cached_command)
        return CliRunner().invoke(app, argv, input=input, env=env, catch_exceptions=False)


@functools.cache
def _cached_command(app: Any) -> Any:
    from typer.main import get_command

    return get_command(app)


@pytest.fixture
def run(home: Path) -> Run:
    """Invoke `exitplan --home HOME --today TODAY ARGS...` and return the result."""

    def runner(
        *args: str,
        input: str | bytes | None = None,
        env: dict[str, str | None] | None = None,
        today: date | None = TODAY,
        home_dir: Path | None = None,
    ) -> Result:
        return invoke(*args, home=home_dir or home, today=today, input=input, env=env)

    return runner


@pytest.fixture
def no_builtins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Hide the built-in checklists from this test (in-process runs only).

    Tests of the plan engine use their own small checklists; the built-in content is written
    and tested elsewhere, and parsing all of it for every temp home would slow the suite down.
    """
    from exitplan import catalog

    empty = tmp_path / "no-builtins"
    empty.mkdir()
    monkeypatch.setattr(catalog, "builtin_dir", lambda: empty)
    return empty


@pytest.fixture
def user_home(home: Path, no_builtins: Path) -> Path:
    """A data directory with the two test checklists and no plan yet (built-ins hidden)."""
    return make_home(home, MONEY, PAPERS)


def init_plan(run: Run) -> None:
    """`init` on PLANNED a plan of the test checklists, leaving on EXIT."""
    result = run("init", "--checklist", MONEY, "--exit-date", EXIT.isoformat(), today=PLANNED)
    assert result.exit_code == 0, result.output


@pytest.fixture
def plan_home(user_home: Path, run: Run) -> Path:
    """A plan of the two test checklists (8 items), made on PLANNED to leave on EXIT."""
    init_plan(run)
    return user_home


@pytest.fixture
def plan_home_with_builtins(home: Path, run: Run) -> Path:
    """The same plan, with the real built-in checklists available beside it."""
    make_home(home, MONEY, PAPERS)
    init_plan(run)
    return home


def assert_no_crash(result: Result) -> None:
    """No traceback anywhere and no exception other than a deliberate exit."""
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception


def assert_error(result: Result, message: str, *, exact: bool = True, code: int = 1) -> None:
    """A handled error: exit code 1, one line 'Error: ...' on stderr, nothing on stdout."""
    assert_no_crash(result)
    assert result.exit_code == code, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    if exact:
        assert lines[0] == f"Error: {message}"
    else:
        assert lines[0].startswith("Error: ")
        assert message in lines[0]
    assert result.stdout == ""


def assert_usage_error(result: Result, message: str) -> None:
    """A usage error: exit code 2, the reason on stderr, no traceback."""
    assert_no_crash(result)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert message in result.stderr
    assert result.stdout == ""


def read_plan(home: Path) -> Any:
    """The plan state on disk, parsed by the store."""
    from exitplan.store import Store

    return Store(home).load()
