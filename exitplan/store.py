"""The plan file on disk: atomic saves, a lock against concurrent runs, and backups."""

from __future__ import annotations

import contextlib
import errno
import os
import time
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from exitplan.errors import LockError, NoPlanError, PlanError, StorageError

if TYPE_CHECKING:
    from exitplan.model import PlanState

PLAN_FILE = "plan.toml"
BACKUP_DIR = "backups"
LOCK_FILE = ".lock"
TEMP_SUFFIX = ".tmp"
KEEP_BACKUPS = 12
MAX_PLAN_BYTES = 64 * 1024 * 1024
LOCK_TIMEOUT_ENV = "EXITPLAN_LOCK_TIMEOUT"
DEFAULT_LOCK_TIMEOUT = 5.0


@dataclass(frozen=True)
class Backup:
    """One kept generation of the plan."""

    path: Path
    taken: datetime


class Store:
    """The data directory: plan file, backups, lock and the person's own checklists."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self._lock_fd: int | None = None

    @property
    def plan_path(self) -> Path:
        """The plan file."""
        return self.home / PLAN_FILE

    @property
    def backup_dir(self) -> Path:
        """Where earlier generations of the plan are kept."""
        return self.home / BACKUP_DIR

    @property
    def checklist_dir(self) -> Path:
        """The person's own checklist files."""
        return self.home / "checklists"

    def exists(self) -> bool:
        """Whether a plan has been created here."""
        return self.plan_path.is_file()

    # -- reading -------------------------------------------------------------------------

    def read_bytes(self, path: Path | None = None) -> bytes:
        """The raw bytes of the plan (or a backup), with plain errors."""
        path = path or self.plan_path
        try:
            with path.open("rb") as handle:
                data = handle.read(MAX_PLAN_BYTES + 1)
        except FileNotFoundError:
            if path == self.plan_path:
                raise NoPlanError(
                    f"there is no plan in {self.home} yet: start one with 'exitplan init'"
                ) from None
            raise PlanError(f"{path}: no such file") from None
        except OSError as exc:
            raise PlanError(f"{path}: cannot be read ({exc.strerror or exc})") from None
        if len(data) > MAX_PLAN_BYTES:
            raise PlanError(f"{path}: is too large to be an exitplan plan")
        return data

    def load(self, path: Path | None = None) -> PlanState:
        """Read and validate the plan (or a backup of it)."""
        path = path or self.plan_path
        return parse_plan(self.read_bytes(path), path, self._restore_hint(path))

    def load_or_none(self) -> PlanState | None:
        """The plan, or None when none has been created yet."""
        try:
            return self.load()
        except NoPlanError:
            return None

    def _restore_hint(self, path: Path) -> str:
        if path == self.plan_path and self.backups():
            return " Your earlier versions are safe: 'exitplan backups' lists them and 'exitplan restore' brings the latest back."
        return ""

    # -- locking -------------------------------------------------------------------------

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the exclusive lock; create the private data directory if needed."""
        import fcntl

        self.ensure_home()
        fd = os.open(self.home / LOCK_FILE, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            deadline = time.monotonic() + lock_timeout()
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() >= deadline:
                        raise LockError(
                            "another exitplan is running and using this plan; "
                            "try again when it has finished"
                        ) from None
                    time.sleep(0.02)
            self._lock_fd = fd
            self.sweep_temp_files()
            yield
        finally:
            self._lock_fd = None
            os.close(fd)  # closing releases the flock

    def ensure_home(self) -> None:
        """Create the data directory (0700) if it does not exist yet."""
        try:
            self.home.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageError(f"cannot create {self.home} ({exc.strerror or exc})") from None

    def sweep_temp_files(self) -> None:
        """Remove temp files a killed run left behind (only ever under the lock)."""
        for folder in (self.home, self.backup_dir):
            if folder.is_dir():
                for leftover in folder.glob(f".*{TEMP_SUFFIX}"):
                    with contextlib.suppress(FileNotFoundError):
                        leftover.unlink()

    # -- writing -------------------------------------------------------------------------

    def save(self, state: PlanState, *, keep_backup: bool = True) -> None:
        """Write the plan atomically, keeping the previous version as a backup."""
        if self._lock_fd is None:
            raise RuntimeError("save() needs the lock: use 'with store.locked():'")
        data = dump_plan(state)
        if keep_backup and self.plan_path.exists():
            self._backup_current()
        write_atomic(self.plan_path, data)

    def _backup_current(self) -> None:
        previous = self.read_bytes()
        folder = self.backup_dir
        try:
            folder.mkdir(mode=0o700, exist_ok=True)
        except OSError as exc:
            raise StorageError(f"cannot create {folder} ({exc.strerror or exc})") from None
        stamp = datetime.now(UTC)
        target = folder / f"plan-{stamp:%Y%m%dT%H%M%S%fZ}.toml"
        while target.exists():  # two saves within one microsecond
            stamp = stamp.replace(microsecond=(stamp.microsecond + 1) % 1_000_000)
            target = folder / f"plan-{stamp:%Y%m%dT%H%M%S%fZ}.toml"
        write_atomic(target, previous)
        for old in self.backups()[KEEP_BACKUPS:]:
            with contextlib.suppress(FileNotFoundError):
                old.path.unlink()

    def backups(self) -> list[Backup]:
        """Kept generations, newest first."""
        if not self.backup_dir.is_dir():
            return []
        found = []
        for path in self.backup_dir.glob("plan-*.toml"):
            try:
                taken = datetime.strptime(path.stem[5:], "%Y%m%dT%H%M%S%fZ").replace(tzinfo=UTC)
            except ValueError:
                continue
            found.append(Backup(path, taken))
        return sorted(found, key=lambda b: b.taken, reverse=True)


def lock_timeout() -> float:
    """Seconds to wait for another run to finish."""
    try:
        return max(0.0, float(os.environ.get(LOCK_TIMEOUT_ENV, DEFAULT_LOCK_TIMEOUT)))
    except ValueError:
        return DEFAULT_LOCK_TIMEOUT


def dump_plan(state: PlanState) -> bytes:
    """The plan as TOML bytes."""
    import tomli_w

    return tomli_w.dumps(state.to_toml_dict()).encode("utf-8")


def parse_plan(data: bytes, path: Path, hint: str = "") -> PlanState:
    """Validate plan bytes into a PlanState, with one plain message on any problem."""
    from pydantic import ValidationError

    from exitplan.catalog import describe_errors
    from exitplan.model import PlanState

    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise PlanError(f"{path}: is not valid UTF-8 text.{hint}") from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        where = f" at line {exc.lineno}, column {exc.colno}" if getattr(exc, "lineno", None) else ""
        raise PlanError(f"{path}: cannot be read: TOML syntax error{where}.{hint}") from None
    except RecursionError:
        raise PlanError(f"{path}: is nested too deeply to be a plan.{hint}") from None
    version = raw.get("schema")
    if version != 1:
        raise PlanError(
            f"{path}: has plan format version {version!r}, which this exitplan does not know"
            f" (it reads version 1).{hint}"
        )
    try:
        return PlanState.model_validate(raw)
    except ValidationError as exc:
        problem = describe_errors(exc, {})[0]
        raise PlanError(f"{path}: {problem}.{hint}") from None
    except RecursionError:
        raise PlanError(f"{path}: is nested too deeply to be a plan.{hint}") from None


def write_atomic(path: Path, data: bytes, *, verify: Callable[[Path], None] | None = None) -> None:
    """Write a file so that a crash leaves the old or the new version, never a torn one."""
    import tempfile

    folder = path.parent
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=folder)
    tmp = Path(tmp_name)
    try:
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            if verify is not None:
                verify(tmp)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()
            raise
        fsync_dir(folder)
    except OSError as exc:
        raise StorageError(_write_failure(path, exc)) from None


def fsync_dir(folder: Path) -> None:
    """Make a rename durable by syncing its directory."""
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_failure(path: Path, exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        reason = "the disk is full"
    elif exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        reason = "there is no permission to write there"
    else:
        reason = exc.strerror or str(exc)
    return f"could not save {path.name} ({reason}); your previous plan is unchanged"
