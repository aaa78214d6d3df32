"""Never lose progress: crash-proof saving, faults, locking, backups, restore and history.

Every test runs the real code: the CLI in-process through CliRunner, or real child processes
(tests/helpers_crash.py) that are killed with SIGKILL. The file needs nothing from conftest.py:
its fixtures have names of their own and it sets the environment it needs explicitly.

Figures measured by the slow and default runs are printed on one line starting with
"reliability:" (run pytest with -s to see them).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import random
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from helpers import TESTS, cli, ok, one_error_line, read_plan, snapshot
from helpers_exitplan import LOCK_TIMEOUT_ENV
from typer.testing import Result

from exitplan.base.errors import ExitplanError
from exitplan.disk import atomic as atomic_module
from exitplan.domain.model import PlanState
from exitplan.home import backups as backups_module
from exitplan.home.backups import KEEP_BACKUPS
from exitplan.home.store import Store

# About what reaches the disk: every sync here is the disk's own (see conftest.py).
pytestmark = pytest.mark.durability

HELPER = TESTS / "helpers_crash.py"
TODAY = "2026-11-30"
CHECKLIST = "rel"
PASSPHRASE = "correct horse battery staple"  # noqa: S105 - a test passphrase
MAGIC = b"\x89EXPLVT\x00"  # the vault's documented file magic, written out independently
MARKER = "zebra-crossing-7431"  # a word no exitplan file has unless a note put it there
BASE_ENV: dict[str, str | None] = {
    "EXITPLAN_TODAY": TODAY,
    "EXITPLAN_TEST_FAST_KDF": "1",
    LOCK_TIMEOUT_ENV: "10",
    "EXITPLAN_HOME": None,  # unset: every run names its folder with --home
    "EXITPLAN_PASSPHRASE_FILE": None,
}
HAS_PROC_FD = Path("/proc/self/fd").is_dir()


@pytest.fixture(autouse=True)
def _reliability_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every in-process run sees BASE_ENV (a fixed day, the fast KDF, a longer lock wait)."""
    for name, value in BASE_ENV.items():
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)


@pytest.fixture(autouse=True, scope="module")
def _reliability_without_builtins(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Hide the built-in checklists from in-process runs: these tests bring their own small
    checklist, and parsing the built-in content for every new data folder only costs time.
    (Child processes still see the real built-in checklists.)"""
    from exitplan.formats import catalog

    empty = tmp_path_factory.mktemp("no-builtins")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(catalog, "builtin_dir", lambda: empty)
        yield


# -- building blocks -------------------------------------------------------------------------


def checklist_toml(count: int) -> str:
    """A checklist 'rel' with items s1..sN, zero-padded to the width of N (s001..s100)."""
    width = len(str(count))
    lines = [
        "schema = 1",
        f'id = "{CHECKLIST}"',
        'title = "Reliability test steps"',
        "order = 1",
    ]
    for n in range(1, count + 1):
        item_id = f"s{n:0{width}d}"
        lines += ["", "[[item]]", f'id = "{item_id}"', f'title = "Step {n}"', 'why = "A test."']
    return "\n".join(lines) + "\n"


def item(n: int, count: int = 6) -> str:
    """The full id of item n of a checklist made by checklist_toml(count)."""
    return f"{CHECKLIST}.s{n:0{len(str(count))}d}"


def make_rel_home(root: Path, count: int = 6) -> Path:
    """A private data directory holding only our own checklist; no plan yet."""
    home = root / "home"
    (home / "checklists").mkdir(parents=True, mode=0o700)
    home.chmod(0o700)
    path = home / "checklists" / f"{CHECKLIST}.toml"
    path.write_text(checklist_toml(count), encoding="utf-8")
    path.chmod(0o600)
    return home


def init_plan(home: Path, *extra: str) -> None:
    """`exitplan init` with only our checklist."""
    ok(cli(home, "init", "--checklist", CHECKLIST, *extra))


def temp_files(home: Path) -> list[str]:
    """Every temp file left anywhere under home."""
    return sorted(str(p.relative_to(home)) for p in home.rglob("*.tmp"))


def status_of(state: Any, full_id: str) -> str:
    """The status of one item in a plan state ('open' when it has none)."""
    found = state.items.get(full_id)
    return found.status if found else "open"


def shown_status(home: Path, full_id: str, passphrase: Path | None = None) -> str:
    """The status `exitplan list --all --json` shows (it may come from the cache)."""
    rows = json.loads(ok(cli(home, "list", "--all", "--json", passphrase=passphrase)).stdout)
    status: str = {row["id"]: row["status"] for row in rows}[full_id]
    return status


def backup_files(home: Path) -> list[Path]:
    """Backup files, newest first, as the store orders them."""
    return [b.path for b in Store(home).backups()]


def passphrase_file(root: Path) -> Path:
    """A private file holding the test passphrase."""
    path = root / "passphrase.txt"
    path.write_text(PASSPHRASE + "\n", encoding="utf-8")
    path.chmod(0o600)
    return path


@pytest.fixture
def rel_home(tmp_path: Path) -> Path:
    """A data directory with a plan of our 6-item checklist and nothing done yet."""
    home = make_rel_home(tmp_path)
    init_plan(home)
    return home


@pytest.fixture
def rel_secret(tmp_path: Path) -> Path:
    """The passphrase file."""
    return passphrase_file(tmp_path)


@pytest.fixture
def rel_encrypted_home(rel_home: Path, rel_secret: Path) -> Path:
    """The plan of rel_home, encrypted with the test passphrase (fast KDF)."""
    ok(cli(rel_home, "encrypt", "--passphrase-file", str(rel_secret)))
    assert (rel_home / "plan.toml").read_bytes().startswith(MAGIC)
    return rel_home


def child_env(**extra: str) -> dict[str, str]:
    """The environment for child processes: ours plus the test settings."""
    env = dict(os.environ) | {k: v for k, v in BASE_ENV.items() if v is not None} | extra
    for name in ("EXITPLAN_HOME", "EXITPLAN_PASSPHRASE_FILE"):
        env.pop(name, None)
    return env


class Child:
    """A running tests/helpers_crash.py: its lines are read with select + os.read, so nothing
    printed is ever lost in a buffer, and a child that hangs fails the test instead."""

    def __init__(self, args: tuple[str, ...], env: dict[str, str], log: Path) -> None:
        self.log = log
        with log.open("wb") as err:
            self.proc = subprocess.Popen(
                [sys.executable, str(HELPER), *args],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=err,
                env=child_env(**env),
            )
        assert self.proc.stdout is not None
        self.fd = self.proc.stdout.fileno()
        self.buffer = b""

    def stderr(self) -> str:
        """The end of what the child wrote on stderr."""
        return self.log.read_text(errors="replace")[-3000:]

    def line(self, timeout: float = 120.0) -> str | None:
        """The next line, or None at end of output."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            remaining = deadline - time.monotonic()
            ready, _, _ = select.select([self.fd], [], [], max(0.0, remaining))
            if not ready:
                self.kill()
                pytest.fail(f"the child printed nothing for {timeout} s; stderr: {self.stderr()}")
            chunk = os.read(self.fd, 65536)
            if not chunk:
                return None
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\n", 1)
        return raw.decode("utf-8", "replace")

    def until(self, prefix: str, seen: list[str] | None = None) -> str:
        """Read lines up to one starting with prefix; collect the others in `seen`."""
        while True:
            text = self.line()
            if text is None:
                pytest.fail(f"the child ended before {prefix!r}; stderr: {self.stderr()}")
            if text.startswith("FAIL"):
                self.kill()
                pytest.fail(f"the child failed: {text}; stderr: {self.stderr()}")
            if text.startswith(prefix):
                return text
            if seen is not None:
                seen.append(text)

    def send(self, text: str) -> None:
        """A line on the child's stdin."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(text.encode() + b"\n")
        self.proc.stdin.flush()

    def kill(self) -> None:
        """SIGKILL the child (if it still runs) and reap it."""
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=60)

    def finish(self, timeout: float = 600.0) -> tuple[int, str]:
        """Wait for the child to end by itself; (exit code, everything it printed)."""
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        lines = []
        while (text := self.line(timeout)) is not None:
            lines.append(text)
        return self.proc.wait(timeout=60), "\n".join(lines)


@contextlib.contextmanager
def child(tmp_path: Path, *args: str, **env: str) -> Iterator[Child]:
    """Run a helper child; it is killed and reaped when the block ends, whatever happens."""
    log = tmp_path / f"child-{args[0]}-{time.monotonic_ns()}.log"
    running = Child(args, env, log)
    try:
        yield running
    finally:
        running.kill()
        if running.proc.stdin is not None:
            with contextlib.suppress(OSError):
                running.proc.stdin.close()
        if running.proc.stdout is not None:
            running.proc.stdout.close()


# -- 1. crash test: SIGKILL at random moments ------------------------------------------------


@dataclass
class KillStats:
    """What the kill harness saw."""

    kills: int = 0
    acked_saves: int = 0  # saves the children reported as finished
    mid_write: int = 0  # kills that left a temp file: the child died inside a write
    unreadable: int = 0  # the plan did not load
    older: int = 0  # the plan was older than the last acknowledged save
    inconsistent: int = 0  # the item's status does not match the number of saves
    stale_view: int = 0  # `list --json` (which may use the cache) disagreed with plan.toml
    problems: list[str] = field(default_factory=list)

    @property
    def corruptions(self) -> int:
        """Trials in which progress was damaged or lost."""
        return self.unreadable + self.older + self.inconsistent + self.stale_view


def check_after_kill(
    home: Path,
    target: str,
    base_events: int,
    last_ack: int,
    stats: KillStats,
    trial: int,
    check_view: bool,
) -> Any:
    """Load the plan after a kill and count what is wrong with it; return it (None: unreadable)."""
    try:
        state = read_plan(home)
    except ExitplanError as exc:
        stats.unreadable += 1
        stats.problems.append(f"trial {trial}: plan unreadable: {exc}")
        return None
    events = len(state.history)
    expected = "done" if (events - base_events) % 2 else "open"
    if events < last_ack:
        stats.older += 1
        stats.problems.append(f"trial {trial}: {events} events < acknowledged {last_ack}")
    elif status_of(state, target) != expected:
        stats.inconsistent += 1
        stats.problems.append(f"trial {trial}: status does not match {events} events")
    elif check_view:
        shown = json.loads(ok(cli(home, "list", "--all", "--json")).stdout)
        seen = {row["id"]: row["status"] for row in shown}
        if seen.get(target) != expected:
            stats.stale_view += 1
            stats.problems.append(f"trial {trial}: list shows {seen.get(target)}")
    return state


def fork_saving_child(zygote: Child, live: list[int]) -> list[str]:
    """Ask the zygote for a saving child; wait until it is ready. Its pid goes into `live`;
    returns the other lines seen meanwhile."""
    zygote.send("go")
    seen: list[str] = []
    ready = False
    while not (live and ready):  # PID (from the zygote) and READY, in either order
        text = zygote.until("")
        if text.startswith("PID "):
            live.append(int(text.split()[1]))
        elif text.startswith("READY"):
            ready = True
        else:
            seen.append(text)
    return seen


def kill_trials(
    home: Path,
    mode: str,
    kills: int,
    rng: random.Random,
    *,
    stop_when: Callable[[KillStats], bool] | None = None,
    check_view: bool = True,
) -> KillStats:
    """Fork a saving child, SIGKILL it at a random moment, check the plan; `kills` times.

    The kill comes 0 to `window` seconds after the child is ready: a few of its saves long
    (a CLI save takes about 0.1 s on the shared test machine, a store save about 0.02 s).

    The children are forked from one warm "zygote" process (see helpers_crash.py), so a trial
    costs the random wait plus the checks, not a Python start-up.
    """
    window = 0.3 if mode in {"toggle", "naive"} else 0.2
    target = item(1)
    base = read_plan(home)
    base_events = len(base.history)  # the item is open here; every save toggles it once
    assert status_of(base, target) == "open"
    last_ack = base_events
    good = (home / "plan.toml").read_bytes()
    stats = KillStats()
    live: list[int] = []  # the forked child of the current trial, until it is reaped
    with child(home.parent, "zygote", str(home), target, mode) as zygote:
        try:
            zygote.until("ZYGOTE")
            for trial in range(kills):
                temps_before = set(temp_files(home))
                seen = fork_saving_child(zygote, live)
                pid = live[-1]
                time.sleep(rng.uniform(0.0, window))
                os.kill(pid, signal.SIGKILL)  # not reaped yet: the pid is still our child's
                zygote.send("reap")
                zygote.until(f"REAPED {pid}", seen)
                live.clear()
                stats.kills += 1
                for text in seen:
                    if text.startswith("ACK "):
                        stats.acked_saves += 1
                        last_ack = max(last_ack, int(text.split()[1]))
                if set(temp_files(home)) - temps_before:
                    stats.mid_write += 1
                before = stats.corruptions
                state = check_after_kill(
                    home, target, base_events, last_ack, stats, trial, check_view
                )
                if state is None or stats.corruptions > before:
                    # Put back the last good plan so the next trial starts from a sound one
                    # (what the naive control needs; for the real writer the test fails anyway).
                    (home / "plan.toml").write_bytes(good)
                    last_ack = len(read_plan(home).history)
                else:
                    good = (home / "plan.toml").read_bytes()
                    last_ack = len(state.history)  # it may hold a save not acknowledged yet
                if stop_when is not None and stop_when(stats):
                    break
            zygote.send("stop")
        finally:
            for pid in live:  # a trial failed half-way: its child is still ours (not reaped)
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
    return stats


def report(name: str, stats: KillStats) -> None:
    """One line of measured figures for the final report."""
    print(
        f"\nreliability: {name}: kills={stats.kills} acked_saves={stats.acked_saves} "
        f"mid_write={stats.mid_write} unreadable={stats.unreadable} older={stats.older} "
        f"inconsistent={stats.inconsistent} stale_view={stats.stale_view}"
    )


@pytest.mark.process
@pytest.mark.parametrize("mode", ["toggle", "store"], ids=["cli-done-undo", "store-save"])
def test_atomic_save_survives_sigkill(tmp_path: Path, mode: str) -> None:
    """30 children saving in a loop are SIGKILLed at random moments.

    cli-done-undo: `done` / `undo` through the real CLI (plan, backup and cache written);
    store-save: Store.locked / load / save with the plan functions, so most kills land inside
    the save protocol. After every kill the plan loads, is never older than the last save a
    child reported finished, its item status agrees with the number of saves, and (CLI mode)
    `list --json`, which may read the cache, shows the same.
    """
    home = make_rel_home(tmp_path)
    init_plan(home)
    stats = kill_trials(home, mode, 30, random.Random(5), check_view=mode == "toggle")
    report(f"sigkill default {mode}", stats)
    assert stats.kills == 30
    assert stats.corruptions == 0, stats.problems
    assert stats.acked_saves > 0, "the children never finished a save: the test proved nothing"


@pytest.mark.slow
@pytest.mark.process
@pytest.mark.parametrize("mode", ["toggle", "store"], ids=["cli-done-undo", "store-save"])
def test_atomic_save_survives_300_sigkills(tmp_path: Path, mode: str) -> None:
    """The crash test with 300 kills (slow): zero corrupt, zero older than acknowledged, and
    some kills really landed inside a write (they left a temp file behind)."""
    home = make_rel_home(tmp_path)
    init_plan(home)
    stats = kill_trials(home, mode, 300, random.Random(300), check_view=False)
    report(f"sigkill slow {mode}", stats)
    assert stats.kills == 300
    assert stats.corruptions == 0, stats.problems[:20]
    assert stats.mid_write > 0, "no kill ever landed inside a write"


@pytest.mark.process
def test_naive_writer_is_caught_by_the_harness(tmp_path: Path) -> None:
    """CONTROL: the same harness with a truncate-and-rewrite writer shows corruption.

    The writer lives in tests/helpers_crash.py and replaces exitplan.disk.atomic.write_atomic in the
    child only. At least one trial must end with a plan that does not load or lost a save;
    otherwise the harness could not tell a safe writer from an unsafe one.
    """
    home = make_rel_home(tmp_path)
    init_plan(home)
    stats = kill_trials(
        home,
        "naive",
        60,
        random.Random(2),
        stop_when=lambda s: s.kills >= 15 and s.corruptions > 0,
        check_view=False,
    )
    report("naive control", stats)
    assert stats.corruptions >= 1, "the harness did not catch the naive writer"


# -- 2. fault injection ----------------------------------------------------------------------


def fd_path(fd: int) -> str:
    """The path an open file descriptor refers to (Linux /proc)."""
    try:
        return os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        return ""


class FailingFile:
    """A file object whose writes fail; everything else goes to the real file."""

    def __init__(self, real: Any, error: OSError) -> None:
        self._real = real
        self._error = error

    def write(self, _data: Any) -> int:
        raise self._error

    def __enter__(self) -> FailingFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self._real.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


@dataclass
class Injector:
    """Make one step of saving fail for files of one home, and count how often it did."""

    home: Path
    step: str  # create | write | fsync | replace | dirsync
    error: OSError
    only_plan: bool  # only the plan's own temp file / rename / folder, not backups
    fired: int = 0

    def hits(self, path: str) -> bool:
        """Whether a file or folder path is one this injector fails."""
        home = os.path.realpath(self.home)
        path = os.path.realpath(path) if path else ""
        if not path.startswith(home):
            return False
        name = os.path.basename(path)
        if self.only_plan:
            if self.step == "dirsync":
                return path == home
            if self.step == "replace":
                return path == os.path.join(home, "plan.toml")
            return os.path.dirname(path) == home and name.startswith(".plan.toml.")
        if self.step in {"dirsync", "replace"}:
            return True
        return name.endswith(".tmp")

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Patch the one OS call this injector breaks."""
        if self.step == "write":
            real_fdopen, real_write = os.fdopen, os.write

            def fdopen(fd: int, *args: Any, **kwargs: Any) -> Any:
                handle = real_fdopen(fd, *args, **kwargs)
                if self.hits(fd_path(fd)):
                    self.fired += 1
                    return FailingFile(handle, self.error)
                return handle

            def write(fd: int, data: Any) -> int:
                if self.hits(fd_path(fd)):
                    self.fired += 1
                    raise self.error
                return real_write(fd, data)

            monkeypatch.setattr(os, "fdopen", fdopen)
            monkeypatch.setattr(os, "write", write)
        elif self.step == "create":
            import tempfile

            real_mkstemp = tempfile.mkstemp

            def mkstemp(*args: Any, **kwargs: Any) -> tuple[int, str]:
                prefix = kwargs.get("prefix") or ""
                folder = os.fspath(kwargs.get("dir") or "")
                if self.hits(os.path.join(folder, f"{prefix}x.tmp")):
                    self.fired += 1
                    raise self.error
                return real_mkstemp(*args, **kwargs)

            monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
        elif self.step == "fsync":
            real_fsync = os.fsync

            def fsync(fd: int) -> None:
                if self.hits(fd_path(fd)):
                    self.fired += 1
                    raise self.error
                real_fsync(fd)

            monkeypatch.setattr(os, "fsync", fsync)
        elif self.step == "replace":
            real_replace = os.replace

            def replace(src: Any, dst: Any, *args: Any, **kwargs: Any) -> None:
                if self.hits(os.fspath(dst)):
                    self.fired += 1
                    raise self.error
                real_replace(src, dst, *args, **kwargs)

            monkeypatch.setattr(os, "replace", replace)
        elif self.step == "dirsync":
            real_sync = atomic_module.fsync_dir

            def fsync_dir(folder: Path) -> None:
                if self.hits(os.fspath(folder)):
                    self.fired += 1
                    raise self.error
                real_sync(folder)

            monkeypatch.setattr(atomic_module, "fsync_dir", fsync_dir)
        else:  # pragma: no cover - a typo in a parametrize list
            raise ValueError(self.step)


ERRORS = {
    "EIO": OSError(errno.EIO, os.strerror(errno.EIO)),
    "ENOSPC": OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)),
}


@pytest.mark.skipif(not HAS_PROC_FD, reason="needs /proc/self/fd to know which file is written")
@pytest.mark.parametrize("only_plan", [False, True], ids=["first-write", "plan-write"])
@pytest.mark.parametrize("error", ["EIO", "ENOSPC"])
@pytest.mark.parametrize("step", ["create", "write", "fsync", "replace"])
def test_fault_before_rename_keeps_old_plan(
    rel_home: Path, step: str, error: str, only_plan: bool
) -> None:
    """A failing temp-file creation, write, fsync or rename (EIO, ENOSPC) during `done`: exit 1,
    one clear line, the old plan byte-for-byte, and no temp file anywhere.

    'first-write' fails the first file the save writes (the backup of the current plan);
    'plan-write' lets the backup through and fails the plan file itself.
    """
    ok(cli(rel_home, "done", item(1)))
    before = (rel_home / "plan.toml").read_bytes()
    injector = Injector(rel_home, step, ERRORS[error], only_plan)
    with pytest.MonkeyPatch.context() as mp:
        injector.install(mp)
        result = cli(rel_home, "done", item(2))
    assert injector.fired >= 1, "the fault was never hit: the test proved nothing"
    message = one_error_line(result)
    assert "unchanged" in message, message
    reason = "disk is full" if error == "ENOSPC" else os.strerror(errno.EIO)
    assert reason in message, message
    assert (rel_home / "plan.toml").read_bytes() == before
    assert temp_files(rel_home) == []
    assert shown_status(rel_home, item(2)) == "open"  # no reading command sees the failed save
    # Nothing is left half-done: the next save works and the plan has both steps.
    ok(cli(rel_home, "done", item(2)))
    state = read_plan(rel_home)
    assert (status_of(state, item(1)), status_of(state, item(2))) == ("done", "done")


@pytest.mark.parametrize("error", ["EIO", "ENOSPC"])
def test_directory_fsync_failure_after_rename_is_reported_honestly(
    rel_home: Path, error: str
) -> None:
    """The folder sync fails after plan.toml was renamed into place: exit 1, one line that says
    the plan was saved (it was: the new plan is in place) and does not claim it is unchanged."""
    injector = Injector(rel_home, "dirsync", ERRORS[error], only_plan=True)
    with pytest.MonkeyPatch.context() as mp:
        injector.install(mp)
        result = cli(rel_home, "done", item(3))
    assert injector.fired == 1
    message = one_error_line(result)
    assert "saved" in message
    assert "unchanged" not in message
    assert status_of(read_plan(rel_home), item(3)) == "done"
    assert shown_status(rel_home, item(3)) == "done"
    assert temp_files(rel_home) == []


@pytest.mark.parametrize("error", ["EIO"])
def test_directory_fsync_failure_on_backup_is_reported_honestly(rel_home: Path, error: str) -> None:
    """Every folder sync fails (the first one is for the backup): whatever happens, the message
    matches the plan on disk: 'unchanged' when the step was not saved, 'saved' only when it was."""
    before = (rel_home / "plan.toml").read_bytes()
    injector = Injector(rel_home, "dirsync", ERRORS[error], only_plan=False)
    with pytest.MonkeyPatch.context() as mp:
        injector.install(mp)
        result = cli(rel_home, "done", item(3))
    assert injector.fired >= 1
    message = one_error_line(result)
    saved = status_of(read_plan(rel_home), item(3)) == "done"
    if saved:
        assert "unchanged" not in message
    else:
        assert (rel_home / "plan.toml").read_bytes() == before
        assert "unchanged" in message
        assert "saved" not in message.replace("unchanged", "")
    assert temp_files(rel_home) == []


def _inside_write_atomic() -> bool:
    frame: FrameType | None = sys._getframe(2)
    while frame is not None:
        if frame.f_code.co_name == "write_atomic":
            return True
        frame = frame.f_back
    return False


@pytest.mark.parametrize("how", ["raises", "wrong-bytes"])
def test_encrypted_verify_failure_keeps_old_file(
    rel_encrypted_home: Path, rel_secret: Path, how: str
) -> None:
    """Verify-before-commit: when the sealed temp file does not open back to the same bytes,
    nothing is replaced: exit 1, one line, the old file byte-for-byte, no temp file."""
    from exitplan.crypto import datakey, vault

    home = rel_encrypted_home
    ok(cli(home, "done", item(1), passphrase=rel_secret))
    before = snapshot(home)
    real_unseal = datakey.open_with
    calls = []

    def unseal(data: bytes, key: Any) -> bytes:
        if _inside_write_atomic():
            calls.append(1)
            if how == "raises":
                raise vault.VaultError("The encrypted file is cut short; it may have been damaged.")
            return b"not what was written"
        return real_unseal(data, key)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(datakey, "open_with", unseal)
        result = cli(home, "done", item(2), passphrase=rel_secret)
    assert calls, "the verify step never ran"
    one_error_line(result)
    assert snapshot(home)["plan.toml"] == before["plan.toml"]
    assert temp_files(home) == []
    assert status_of(read_plan(home, PASSPHRASE), item(2)) == "open"
    assert shown_status(home, item(2), rel_secret) == "open"


@pytest.mark.skipif(not HAS_PROC_FD, reason="needs /proc/self/fd")
def test_save_is_fsynced_before_rename_and_folder_after(rel_home: Path) -> None:
    """The plan's temp file is fsynced before it is renamed over plan.toml, and the folder is
    synced after the rename, all before the command returns."""
    events: list[tuple[str, str]] = []
    real_fsync, real_replace, real_dirsync = os.fsync, os.replace, atomic_module.fsync_dir

    def fsync(fd: int) -> None:
        events.append(("fsync", os.path.basename(fd_path(fd))))
        real_fsync(fd)

    def replace(src: Any, dst: Any, *args: Any, **kwargs: Any) -> None:
        events.append(("replace", os.path.basename(os.fspath(dst))))
        real_replace(src, dst, *args, **kwargs)

    def fsync_dir(folder: Path) -> None:
        events.append(("dirsync", os.fspath(folder)))
        real_dirsync(folder)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(os, "fsync", fsync)
        mp.setattr(os, "replace", replace)
        mp.setattr(atomic_module, "fsync_dir", fsync_dir)
        ok(cli(rel_home, "done", item(1)))
    rename = events.index(("replace", "plan.toml"))
    synced = [i for i, (kind, name) in enumerate(events) if kind == "fsync"]
    assert any(events[i][1].startswith(".plan.toml.") for i in synced if i < rename), events
    assert ("dirsync", str(rel_home)) in events[rename:], events


# -- 3. leftover temp files ------------------------------------------------------------------


def plant_leftovers(home: Path) -> list[Path]:
    """Temp files as a run killed inside write_atomic leaves them."""
    (home / "backups").mkdir(mode=0o700, exist_ok=True)
    planted = [
        home / ".plan.toml.k1ll3d.tmp",
        home / "backups" / ".plan-20261130T000000000000Z.toml.x7y8z9.tmp",
    ]
    for path in planted:
        path.write_bytes(b'schema = 1\ncreated = 2026-11-30T00:00:00Z\n[items."rel.s1"]\nsta')
        path.chmod(0o600)
    return planted


def test_leftover_temp_files_are_swept_by_the_next_change(rel_home: Path) -> None:
    """Temp files of a killed run are removed by the next changing command; the plan gets
    that command's change and nothing else."""
    ok(cli(rel_home, "done", item(1)))
    before = read_plan(rel_home)
    plant_leftovers(rel_home)
    ok(cli(rel_home, "done", item(2)))
    assert temp_files(rel_home) == []
    after = read_plan(rel_home)
    assert after.items[item(1)] == before.items[item(1)]
    assert status_of(after, item(2)) == "done"
    assert after.history[: len(before.history)] == before.history
    assert [e.action for e in after.history[len(before.history) :]] == ["done"]


def test_sweep_under_the_lock_leaves_the_plan_alone(rel_home: Path) -> None:
    """Taking the lock sweeps leftovers and touches no other file."""
    before = snapshot(rel_home)
    planted = plant_leftovers(rel_home)
    with Store(rel_home).locked():
        assert not any(p.exists() for p in planted)
    assert snapshot(rel_home) == before


def test_leftover_cache_temp_files_are_swept(rel_home: Path) -> None:
    """A temp file in cache/ (from a run killed while writing the cache) is swept too."""
    ok(cli(rel_home, "done", item(1)))
    cache = rel_home / "cache"
    assert cache.is_dir(), "a change must write the cache"
    leftover = cache / ".plan.json.k1ll3d.tmp"
    leftover.write_bytes(b'{"format":1,"sta')
    ok(cli(rel_home, "done", item(2)))
    assert temp_files(rel_home) == []


# -- 4. concurrent runs ----------------------------------------------------------------------


@pytest.mark.process
def test_four_processes_ticking_100_items_lose_nothing(tmp_path: Path) -> None:
    """4 real processes each tick 25 distinct items (one save per item) at the same time:
    all 100 are done and the history holds 100 'done' events."""
    home = make_rel_home(tmp_path, count=100)
    init_plan(home)
    ids = [item(n, 100) for n in range(1, 101)]
    with contextlib.ExitStack() as stack:
        ticking = [
            stack.enter_context(
                child(tmp_path, "tick", str(home), *ids[k::4], **{LOCK_TIMEOUT_ENV: "120"})
            )
            for k in range(4)
        ]
        outputs = []
        for running in ticking:
            code, out = running.finish()
            assert code == 0, (out, running.stderr())
            outputs.append(out)
    assert all("DONE 25" in out for out in outputs), outputs
    state = read_plan(home)
    done = sorted(key for key, value in state.items.items() if value.status == "done")
    print(f"\nreliability: concurrent: {len(done)} of 100 updates kept")
    assert done == ids
    assert sorted(e.item for e in state.history if e.action == "done") == ids
    assert len(backup_files(home)) <= KEEP_BACKUPS


@contextlib.contextmanager
def hold_lock(home: Path) -> Iterator[int]:
    """Hold <home>/.lock with flock from this process, as another exitplan would."""
    fd = os.open(home / ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield fd
    finally:
        os.close(fd)


@pytest.mark.parametrize(
    "args",
    [("done", "rel.s1"), ("undo", "rel.s2"), ("date", "+3w"), ("restore",)],
    ids=["done", "undo", "date", "restore"],
)
def test_second_instance_times_out_and_writes_nothing(rel_home: Path, args: tuple[str]) -> None:
    """While another exitplan holds the lock, a changing command waits its lock timeout,
    then says another exitplan is running, exits 1 and writes nothing: not even the sweep of
    temp files (they may belong to the running exitplan)."""
    ok(cli(rel_home, "done", item(2)))
    plant_leftovers(rel_home)
    before = snapshot(rel_home)
    with hold_lock(rel_home):
        result = cli(rel_home, *args, env={LOCK_TIMEOUT_ENV: "0.5"})
    message = one_error_line(result)
    assert "another exitplan is running" in message
    assert snapshot(rel_home) == before


@pytest.mark.process
def test_lock_of_a_killed_process_never_blocks(rel_home: Path) -> None:
    """A child takes exitplan's lock and is SIGKILLed while holding it: the next run gets the
    lock at once. While the child lived, the lock really was held."""
    with child(rel_home.parent, "hold", str(rel_home)) as holder:
        holder.until("LOCKED")
        blocked = cli(rel_home, "done", item(1), env={LOCK_TIMEOUT_ENV: "0.3"})
        assert "another exitplan is running" in one_error_line(blocked)
        os.kill(holder.proc.pid, signal.SIGKILL)
        holder.proc.wait(timeout=30)
    ok(cli(rel_home, "done", item(1), env={LOCK_TIMEOUT_ENV: "30"}))
    assert status_of(read_plan(rel_home), item(1)) == "done"
    assert (rel_home / ".lock").stat().st_mode & 0o777 == 0o600


# -- 5. backups and restore ------------------------------------------------------------------


def test_every_save_keeps_the_previous_plan_and_prunes_the_oldest(rel_home: Path) -> None:
    """Each save copies the plan it replaces into backups/; at most KEEP_BACKUPS (>= 10) are
    kept, and the ones kept are the newest."""
    assert KEEP_BACKUPS >= 10
    previous: list[bytes] = []
    for n in range(KEEP_BACKUPS + 4):
        current = (rel_home / "plan.toml").read_bytes()
        ok(cli(rel_home, "undo" if n % 2 else "done", item(1)))
        previous.append(current)
        kept = backup_files(rel_home)
        assert len(kept) == min(n + 1, KEEP_BACKUPS)
        assert kept[0].read_bytes() == current
    kept = backup_files(rel_home)
    assert len(kept) == KEEP_BACKUPS
    # The init save had no plan to keep; the rest are exactly the newest generations in order.
    assert [p.read_bytes() for p in kept] == previous[::-1][:KEEP_BACKUPS]


def test_backups_lists_time_exit_date_and_progress(rel_home: Path) -> None:
    """`exitplan backups` lists the kept generations newest first with their time, exit date
    and done/total; --json gives the same as data."""
    ok(cli(rel_home, "done", item(1)))
    ok(cli(rel_home, "done", item(2)))
    ok(cli(rel_home, "date", "2026-12-14"))
    rows = json.loads(ok(cli(rel_home, "backups", "--json")).stdout)
    assert [r["number"] for r in rows] == [1, 2, 3]
    assert [(r["exit_date"], r["done"], r["total"], r["readable"]) for r in rows] == [
        (None, 2, 6, True),
        (None, 1, 6, True),
        (None, 0, 6, True),
    ]
    taken = [datetime.fromisoformat(r["taken"]) for r in rows]
    assert taken == sorted(taken, reverse=True)
    text = ok(cli(rel_home, "backups")).stdout.splitlines()
    assert len(text) == 3
    for line, progress in zip(text, ["2/6", "1/6", "0/6"], strict=True):
        assert progress in line
    assert all("not set" in line for line in text)


def test_restore_latest_and_numbered_and_restore_is_a_save(rel_home: Path) -> None:
    """`restore` brings back the newest backup, `restore N` the N-th; each restore keeps the
    plan it replaces as the newest backup (byte for byte) and logs a 'restore' event."""
    ok(cli(rel_home, "done", item(1)))
    ok(cli(rel_home, "done", item(2)))
    ok(cli(rel_home, "done", item(3)))
    replaced = (rel_home / "plan.toml").read_bytes()
    ok(cli(rel_home, "restore"))
    state = read_plan(rel_home)
    assert [status_of(state, item(n)) for n in (1, 2, 3)] == ["done", "done", "open"]
    assert state.history[-1].action == "restore"
    assert backup_files(rel_home)[0].read_bytes() == replaced
    # Numbered: 1 is now the 3-done plan it just replaced; 3 is the plan with only s1 done.
    rows = json.loads(ok(cli(rel_home, "backups", "--json")).stdout)
    assert [r["done"] for r in rows] == [3, 2, 1, 0]
    ok(cli(rel_home, "restore", "3"))
    state = read_plan(rel_home)
    assert [status_of(state, item(n)) for n in (1, 2, 3)] == ["done", "open", "open"]
    ok(cli(rel_home, "restore", "1"))
    state = read_plan(rel_home)
    assert [status_of(state, item(n)) for n in (1, 2, 3)] == ["done", "done", "open"]
    assert "no backup number 99" in one_error_line(cli(rel_home, "restore", "99"))


def test_encrypted_backups_are_ciphertext(tmp_path: Path) -> None:
    """With encryption on, every backup (also those kept before) is sealed: no file under the
    data folder holds the text of a note or a custom step in the clear."""
    home = make_rel_home(tmp_path)
    secret = passphrase_file(tmp_path)
    init_plan(home)
    ok(cli(home, "note", item(1), input=f"meet {MARKER} at the library\n"))
    ok(cli(home, "done", item(1)))
    ok(cli(home, "encrypt", "--passphrase-file", str(secret)))
    ok(cli(home, "add", CHECKLIST, f"Ask {MARKER} for help", passphrase=secret))
    ok(cli(home, "done", item(2), passphrase=secret))
    ok(cli(home, "restore", passphrase=secret))
    kept = backup_files(home)
    assert len(kept) >= 4
    assert all(p.read_bytes().startswith(MAGIC) for p in kept)
    assert (home / "plan.toml").read_bytes().startswith(MAGIC)
    leaks = [name for name, data in snapshot(home).items() if MARKER.encode() in data]
    assert leaks == []
    rows = json.loads(ok(cli(home, "backups", "--json", passphrase=secret)).stdout)
    assert all(row["readable"] for row in rows)


# A plan that no longer loads must never be overwritten.

WRITING_COMMANDS: list[tuple[str, ...]] = [
    ("done", "rel.s1"),
    ("undo", "rel.s1"),
    ("skip", "rel.s2"),
    ("note", "rel.s3"),
    ("add", CHECKLIST, "A new step"),
    ("date", "+3w"),
    ("encrypt",),
]


def damage(home: Path, how: str) -> bytes:
    """Break plan.toml the way a bad edit or a disk fault would; return the damaged bytes."""
    path = home / "plan.toml"
    data = path.read_bytes()
    if how == "garbage":
        broken = b"\x00\xff\xfe this is {not} a plan ]]\n"
    elif how == "empty":
        broken = b""
    elif how == "truncated":
        cut = data.index(b' = "', len(data) // 2) + 5  # inside a quoted string value
        broken = data[:cut]
    elif how == "bad-edit":
        broken = data.replace(b"schema = 1", b"schema = 1\nwarn_days = -5", 1)
    elif how == "flipped-byte":
        assert data.startswith(MAGIC)
        broken = data[:-20] + bytes([data[-20] ^ 0x01]) + data[-19:]
    else:  # pragma: no cover
        raise ValueError(how)
    path.write_bytes(broken)
    return broken


def _damaged_home(tmp_path: Path, how: str) -> tuple[Path, Path | None, PlanState]:
    home = make_rel_home(tmp_path)
    init_plan(home)
    secret = None
    if how == "flipped-byte":
        secret = passphrase_file(tmp_path)
        ok(cli(home, "encrypt", "--passphrase-file", str(secret)))
    ok(cli(home, "done", item(1), passphrase=secret))
    good = read_plan(home, PASSPHRASE if secret else None)  # the newest backup after the next save
    ok(cli(home, "note", item(1), input="lost with the damaged plan\n", passphrase=secret))
    damage(home, how)
    with pytest.raises(ExitplanError):
        read_plan(home, PASSPHRASE if secret else None)
    return home, secret, good


def _run_writing(home: Path, args: tuple[str, ...], secret: Path | None, tmp: Path) -> Result:
    if args == ("encrypt",):
        new = tmp / "new-passphrase.txt"
        new.write_text("another long passphrase\n", encoding="utf-8")
        return cli(home, "encrypt", "--passphrase-file", str(secret or new))
    return cli(home, *args, input="a note\n", passphrase=secret)


DAMAGES = ["garbage", "empty", "truncated", "bad-edit", "flipped-byte"]


@pytest.mark.parametrize("how", DAMAGES)
def test_unreadable_plan_is_never_overwritten(tmp_path: Path, how: str) -> None:
    """Every writing command refuses a plan that does not load: exit 1, one line, and not a
    byte changes anywhere in the data folder. Then `restore` brings back the latest good
    backup and keeps the damaged bytes as a backup."""
    home, secret, good = _damaged_home(tmp_path, how)
    broken = (home / "plan.toml").read_bytes()
    before = snapshot(home)
    for args in WRITING_COMMANDS:
        result = _run_writing(home, args, secret, tmp_path)
        one_error_line(result)
        assert snapshot(home) == before, args
    ok(cli(home, "restore", passphrase=secret))
    restored = read_plan(home, PASSPHRASE if secret else None)
    assert restored.items == good.items
    assert restored.history[:-1] == good.history
    assert restored.history[-1].action == "restore"
    assert any(p.read_bytes() == broken for p in backup_files(home))


@pytest.mark.parametrize("how", DAMAGES)
def test_unreadable_plan_message_says_how_to_restore(tmp_path: Path, how: str) -> None:
    """The refusal of every writing command names 'exitplan restore' (encrypt excepted for an
    encrypted plan, which it refuses because it is already encrypted)."""
    home, secret, _good = _damaged_home(tmp_path, how)
    for args in WRITING_COMMANDS:
        if secret is not None and args == ("encrypt",):
            continue
        message = one_error_line(_run_writing(home, args, secret, tmp_path))
        assert "exitplan restore" in message, (args, message)


@pytest.mark.parametrize(
    "content", [b"", b"\n\n", b"# nothing here\n"], ids=["0-bytes", "blank", "comment"]
)
def test_empty_plan_is_reported_as_damaged_not_as_a_newer_version(
    rel_home: Path, content: bytes
) -> None:
    """A plan.toml with no data in it is called empty or damaged, with the way to restore, and
    not a plan from an unknown format version."""
    ok(cli(rel_home, "done", item(1)))
    (rel_home / "plan.toml").write_bytes(content)
    message = one_error_line(cli(rel_home, "done", item(2)))
    assert "exitplan restore" in message
    assert "format version" not in message, message


@pytest.mark.parametrize("encrypted", [False, True], ids=["plain", "encrypted"])
def test_restore_falls_back_past_a_damaged_backup(tmp_path: Path, encrypted: bool) -> None:
    """When the newest backup is damaged too, `restore` brings back the newest one that loads."""
    home = make_rel_home(tmp_path)
    init_plan(home)
    secret = None
    if encrypted:
        secret = passphrase_file(tmp_path)
        ok(cli(home, "encrypt", "--passphrase-file", str(secret)))
    ok(cli(home, "done", item(1), passphrase=secret))
    good = read_plan(home, PASSPHRASE if secret else None)
    ok(cli(home, "done", item(2), passphrase=secret))  # keeps a backup: s1 done
    ok(cli(home, "done", item(3), passphrase=secret))  # keeps a backup: s1 and s2 done
    newest = backup_files(home)[0]
    data = newest.read_bytes()
    newest.write_bytes(data[:-20] + bytes([data[-20] ^ 0x01]) + data[-19:] if encrypted else b"]")
    damage(home, "flipped-byte" if encrypted else "garbage")
    ok(cli(home, "restore", passphrase=secret))
    restored = read_plan(home, PASSPHRASE if secret else None)
    assert [status_of(restored, item(n)) for n in (1, 2, 3)] == ["done", "open", "open"]
    assert restored.history[: len(good.history)] == good.history


def test_restore_brings_back_a_deleted_plan(rel_home: Path) -> None:
    """plan.toml is gone (deleted by mistake, lost by a sync tool) but backups are there:
    `restore` brings back the newest one."""
    ok(cli(rel_home, "done", item(1)))
    ok(cli(rel_home, "done", item(2)))
    (rel_home / "plan.toml").unlink()
    ok(cli(rel_home, "restore"))
    state = read_plan(rel_home)
    assert [status_of(state, item(n)) for n in (1, 2)] == ["done", "open"]


def test_missing_plan_with_backups_points_to_restore(rel_home: Path) -> None:
    """When plan.toml is missing but backups exist, a writing command refuses and says how to
    restore, instead of only suggesting to start a new plan."""
    ok(cli(rel_home, "done", item(1)))
    (rel_home / "plan.toml").unlink()
    before = snapshot(rel_home)
    message = one_error_line(cli(rel_home, "done", item(2)))
    assert snapshot(rel_home) == before
    assert "exitplan restore" in message, message


@pytest.mark.skipif(not HAS_PROC_FD, reason="needs /proc/self/fd")
def test_restore_of_the_oldest_backup_survives_a_failing_save(rel_home: Path) -> None:
    """`restore N` of the oldest kept backup while the disk is full: the command fails, the
    plan is unchanged, and the backup it tried to bring back is still there."""
    for n in range(KEEP_BACKUPS):
        ok(cli(rel_home, "undo" if n % 2 else "done", item(1)))
    kept = backup_files(rel_home)
    assert len(kept) == KEEP_BACKUPS
    oldest = kept[-1].read_bytes()
    before = (rel_home / "plan.toml").read_bytes()
    injector = Injector(rel_home, "write", ERRORS["ENOSPC"], only_plan=True)
    with pytest.MonkeyPatch.context() as mp:
        injector.install(mp)
        result = cli(rel_home, "restore", str(KEEP_BACKUPS))
    assert injector.fired >= 1
    one_error_line(result)
    assert (rel_home / "plan.toml").read_bytes() == before
    assert oldest in [p.read_bytes() for p in backup_files(rel_home)]


def test_restore_with_a_wrong_passphrase_writes_nothing(
    rel_encrypted_home: Path, rel_secret: Path, tmp_path: Path
) -> None:
    """A wrong passphrase never makes restore give up on good backups or write anything."""
    home = rel_encrypted_home
    ok(cli(home, "done", item(1), passphrase=rel_secret))
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("not the passphrase\n", encoding="utf-8")
    before = snapshot(home)
    for args in (("restore",), ("done", item(2)), ("restore", "1")):
        one_error_line(cli(home, *args, passphrase=wrong))
        assert snapshot(home) == before, args


def test_backups_keep_save_order_when_the_clock_steps_back(rel_home: Path) -> None:
    """After the clock is set back a day, each save still keeps the plan it replaced, and
    `restore` still brings back the plan from just before the last save."""
    shift = timedelta(0)

    class SteppedClock(datetime):  # stands in for the class exitplan.home.backups imports
        @classmethod
        def now(cls, tz: Any = None) -> Any:
            return datetime.now(tz or UTC) - shift

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(backups_module, "datetime", SteppedClock)
        for n in range(KEEP_BACKUPS):
            ok(cli(rel_home, "undo" if n % 2 else "done", item(1)))
        shift = timedelta(days=1)
        for n in range(3):
            current = (rel_home / "plan.toml").read_bytes()
            ok(cli(rel_home, "done", item(2 + n)))
            assert current in [p.read_bytes() for p in backup_files(rel_home)], n
        ok(cli(rel_home, "restore"))
    state = read_plan(rel_home)
    assert [status_of(state, item(n)) for n in (2, 3, 4)] == ["done", "done", "open"]


# -- 6. history ------------------------------------------------------------------------------


def test_history_shows_every_kind_of_change(rel_home: Path) -> None:
    """`exitplan history` (and --json) shows done, skip, note, date, add and restore events
    with the item they concern, oldest first; `history ITEM` shows only that item's."""
    ok(cli(rel_home, "done", item(1)))
    ok(cli(rel_home, "skip", item(2), "--reason", "not for me"))
    ok(cli(rel_home, "note", item(3), input="call the advocate\n"))
    ok(cli(rel_home, "date", "2026-12-14"))
    added = ok(cli(rel_home, "add", CHECKLIST, "Pack documents")).stdout
    assert "rel.mine-1" in added
    ok(cli(rel_home, "undo", item(1)))
    events = json.loads(ok(cli(rel_home, "history", "--json")).stdout)
    pairs = [(e["action"], e.get("item")) for e in events]
    assert pairs == [
        ("init", None),
        ("done", item(1)),
        ("skip", item(2)),
        ("note", item(3)),
        ("date", None),
        ("add", "rel.mine-1"),
        ("reopen", item(1)),
    ]
    assert events[2]["detail"] == "not for me"
    assert events[4]["detail"] == "2026-12-14"
    assert all(datetime.fromisoformat(e["at"]) for e in events)
    text = ok(cli(rel_home, "history")).stdout.splitlines()
    assert len(text) == len(events)
    for line, (action, about) in zip(text, pairs, strict=True):
        assert action in line
        if about:
            assert about in line
    only = json.loads(ok(cli(rel_home, "history", item(1), "--json")).stdout)
    assert [e["action"] for e in only] == ["done", "reopen"]
    # Restore brings back the plan before the undo, and logs itself after that plan's events.
    ok(cli(rel_home, "restore"))
    restored = json.loads(ok(cli(rel_home, "history", "--json")).stdout)
    assert [(e["action"], e.get("item")) for e in restored] == [*pairs[:-1], ("restore", None)]
    assert "backup from" in restored[-1]["detail"]
    assert "restore" in ok(cli(rel_home, "history")).stdout.splitlines()[-1]
