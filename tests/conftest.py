"""Shared fixtures: a private temp home, a fixed today, a CLI runner, snapshots, no network."""

from __future__ import annotations

import functools
import os
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest

# The harness lives in tests/helpers.py; these names are re-exported for the test files.
from helpers import (
    DATA,
    EXIT,
    MONEY,
    PAPERS,
    PLANNED,
    REPO,
    TODAY,
    assert_error,
    assert_usage_error,
    cli,
    make_home,
    ok,
    read_plan,
    snapshot,
)
from helpers_privileges import reachable_python  # noqa: F401 - a fixture, shared by name
from typer.testing import Result

from exitplan.base import i18n, spoken

__all__ = [
    "DATA",
    "EXIT",
    "MONEY",
    "PAPERS",
    "PLANNED",
    "REPO",
    "TODAY",
    "assert_error",
    "assert_usage_error",
    "cli",
    "make_home",
    "ok",
    "read_plan",
    "snapshot",
]

# Encryption tests derive keys; the test-only fast KDF keeps the whole suite quick.
os.environ["EXITPLAN_TEST_FAST_KDF"] = "1"

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


class ProcessUsed(AssertionError):
    """Raised when a test not marked `process` starts a child process."""


# Which test is running, and whether it may start processes. Outside a test (collection, the
# report) anything goes; a fixture that starts one counts for the test that asked for it.
_running = {"nodeid": "", "may_start": True}


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> object:
    """Note the running test and its `process` marker for the guard below."""
    _running.update(nodeid=item.nodeid, may_start=item.get_closest_marker("process") is not None)
    try:
        return (yield)
    finally:
        _running.update(nodeid="", may_start=True)


def _guarded(original: Callable[..., Any]) -> Callable[..., Any]:
    """`original`, refused to a test not marked `process`: so `pytest -m "not process"` is a fast
    in-process loop that truly starts none, and a test that forgets its marker fails."""

    @functools.wraps(original)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if not _running["may_start"]:
            raise ProcessUsed(
                f"{_running['nodeid']} starts a process: mark it @pytest.mark.process"
            )
        return original(*args, **kwargs)

    return guarded


subprocess.Popen._execute_child = _guarded(subprocess.Popen._execute_child)  # type: ignore[attr-defined]
for _name in ("fork", "forkpty", "posix_spawn", "posix_spawnp", "system"):
    setattr(os, _name, _guarded(getattr(os, _name)))


# The disk's own sync, kept for the tests about durability; the rest of the in-process loop does
# not wait on the disk for what it does not test (a sync took a fifth of the fast loop's time).
REAL_FSYNC = os.fsync


def unsynced(fd: int) -> None:
    """`os.fsync` for a test that is not about durability: it checks the descriptor (a closed or
    wrong one fails as a sync would) and returns without waiting on the disk."""
    os.fstat(fd)


@pytest.fixture(autouse=True)
def fsync_where_durability_is_tested(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """os.fsync reaches the disk in the tests marked `durability` (and in every child process,
    which this cannot touch); elsewhere a sync only checks its descriptor. Never a switch in
    exitplan itself: the program always syncs."""
    if request.node.get_closest_marker("durability") is None:
        monkeypatch.setattr(os, "fsync", unsynced)


@pytest.fixture(autouse=True)
def clean_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[None]:
    """No settings leak in from the developer's shell; the default data dir is a throwaway one."""
    for name in (
        "EXITPLAN_HOME",
        "EXITPLAN_TODAY",
        "EXITPLAN_TEST_LOCK_TIMEOUT",
        "EXITPLAN_PASSPHRASE_FILE",
        "FORCE_COLOR",
        "EXITPLAN_LANG",
        "LANGUAGE",
        "LC_ALL",
        "LC_MESSAGES",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")  # English unless a test asks for another language
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
        i18n.install(i18n.ENGLISH)  # a test that spoke another language leaves English behind
        spoken.set_place(None)  # nor a place whose order dates were read in


@pytest.fixture(autouse=True)
def kdf_follows_the_harness(monkeypatch: pytest.MonkeyPatch) -> None:
    """In-process runs follow the harness's EXITPLAN_TEST_FAST_KDF as a child started through
    helpers_exitplan.py does: the fast settings written and accepted while it is 1. exitplan
    itself never reads the variable."""
    from helpers_exitplan import FAST_KDF_ENV, FAST_MEMORY_KIB

    from exitplan.crypto import keyfile, vault

    fast = vault.KdfParams(memory_kib=FAST_MEMORY_KIB, iterations=1, lanes=1)

    def written() -> vault.KdfParams:
        return fast if os.environ.get(FAST_KDF_ENV) == "1" else vault.WRITE_PARAMS

    def accepted() -> tuple[vault.KdfParams, ...]:
        if os.environ.get(FAST_KDF_ENV) == "1" and fast not in vault.ACCEPTED_PARAMS:
            return (*vault.ACCEPTED_PARAMS, fast)
        return vault.ACCEPTED_PARAMS

    monkeypatch.setattr(vault, "current_params", written)
    monkeypatch.setattr(keyfile, "current_params", written)
    monkeypatch.setattr(vault, "accepted_params", accepted)


@pytest.fixture(autouse=True)
def real_today_is_today(monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer's own date is the tests' TODAY, so `--today TODAY` is no rehearsal."""
    import exitplan.domain.dates

    monkeypatch.setattr(exitplan.domain.dates, "real_today", lambda: TODAY)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A data directory that does not exist yet."""
    return tmp_path / "home"


@pytest.fixture
def today() -> date:
    """The fixed day every test pretends it is."""
    return TODAY


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
        return cli(home_dir or home, *args, today=today, input=input, env=env)

    return runner


@pytest.fixture
def no_builtins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Hide the built-in checklists from this test (in-process runs only).

    Tests of the plan engine use their own small checklists; the built-in content is written
    and tested elsewhere, and parsing all of it for every temp home would slow the suite down.
    """
    from exitplan.formats import catalog

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


@pytest.fixture
def in_spanish() -> Iterator[None]:
    """Spanish spoken for one test (the core's words), English again after it."""
    from exitplan.base import i18n

    i18n.install("es")
    try:
        yield
    finally:
        i18n.install(i18n.ENGLISH)


@pytest.fixture
def an_hour_east(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This computer's clock one hour ahead of UTC, with no summer time (a POSIX zone): the
    journal's times shown in local time read the same on every machine."""
    monkeypatch.setenv("TZ", "ZZZ-1")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()
