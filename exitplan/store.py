"""The plan file on disk: atomic saves, a lock against concurrent runs, and backups."""

from __future__ import annotations

import contextlib
import errno
import os
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from exitplan.errors import (
    ExitplanError,
    LockError,
    NoPlanError,
    PassphraseNeeded,
    PlanError,
    StorageError,
)

if TYPE_CHECKING:
    from exitplan.model import PlanState
    from exitplan.vault import Key

PLAN_FILE = "plan.toml"
BACKUP_DIR = "backups"
LOCK_FILE = ".lock"
TEMP_SUFFIX = ".tmp"
KEEP_BACKUPS = 12
KEEP_DAYS = 30
MAX_PLAN_BYTES = 64 * 1024 * 1024
LOCK_TIMEOUT_ENV = "EXITPLAN_LOCK_TIMEOUT"
# vault.MAGIC, repeated so that reading a plain plan never imports the vault.
SEALED_MARK = b"\x89EXPLVT\x00"
DEFAULT_LOCK_TIMEOUT = 5.0


class Backup(NamedTuple):
    """One kept generation of the plan."""

    path: Path
    taken: datetime
    number: int


class Store:
    """The data directory: plan file, backups, lock and the person's own checklists."""

    def __init__(self, home: Path, ask_passphrase: Callable[[], str] | None = None) -> None:
        self.home = home
        self._ask_passphrase = ask_passphrase
        self._lock_fd: int | None = None
        # Set once the plan is unlocked (or encryption is turned on): every file is sealed with it.
        self.key: Key | None = None

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

    def owns(self, path: Path) -> bool:
        """Whether a path is one of exitplan's own files, which only exitplan may write."""
        from exitplan.cache import CACHE_DIR

        target = path.resolve()
        home = self.home.resolve()
        if target in (home / PLAN_FILE, home / LOCK_FILE):
            return True
        return any(
            target.is_relative_to(home / folder) for folder in (BACKUP_DIR, "checklists", CACHE_DIR)
        )

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
                raise self.no_plan() from None
            raise PlanError(f"{path}: no such file") from None
        except OSError as exc:
            raise PlanError(f"{path}: cannot be read ({exc.strerror or exc})") from None
        if len(data) > MAX_PLAN_BYTES:
            raise PlanError(f"{path}: is too large to be an exitplan plan")
        return data

    def load(self, path: Path | None = None) -> PlanState:
        """Read and validate the plan (or a backup of it), unlocking it if it is encrypted."""
        path = path or self.plan_path
        self.check_private(path)
        data = self.open_sealed(self.read_bytes(path), path)
        return parse_plan(data, path, self._restore_hint(path))

    def is_encrypted(self) -> bool:
        """Whether the plan file on disk is sealed."""
        try:
            with self.plan_path.open("rb") as handle:
                return handle.read(len(SEALED_MARK)) == SEALED_MARK
        except OSError:
            return False

    def unseal(self, data: bytes) -> bytes:
        """Open sealed bytes with the key already derived, or one from the passphrase.

        A derived key is kept only once it has opened something, so a mistyped passphrase
        never sticks.
        """
        from exitplan.vault import key_for, read_header, unseal

        params, salt = read_header(data)
        if self.key is not None and (self.key.params, self.key.salt) == (params, salt):
            return unseal(data, self.key)
        if self._ask_passphrase is None:
            raise PassphraseNeeded("this plan is encrypted and no passphrase was given")
        key = key_for(data, self._ask_passphrase())
        plain = unseal(data, key)
        self.key = key
        return plain

    def open_sealed(self, data: bytes, path: Path) -> bytes:
        """Plain bytes of a file that may be sealed."""
        if not data.startswith(SEALED_MARK):
            return data
        from exitplan.vault import VaultError, WrongPassphrase

        try:
            return self.unseal(data)
        except WrongPassphrase:
            hint = (
                " If the passphrase is right, the file was damaged: 'exitplan restore' brings "
                "back the latest good backup."
                if path == self.plan_path and self.backups()
                else ""
            )
            raise WrongPassphrase(
                f"the passphrase is not right, or the file was changed; nothing was written.{hint}"
            ) from None
        except VaultError as exc:
            reason = str(exc).rstrip(".")
            raise PlanError(f"{path}: {reason}.{self._restore_hint(path)}") from None

    def open_cache(self, data: bytes) -> bytes | None:
        """Plain bytes of a cache file, or None when it does not belong to the current plan."""
        try:
            with self.plan_path.open("rb") as handle:
                plan_head = handle.read(256)
        except OSError:
            return None
        plan_sealed = plan_head.startswith(SEALED_MARK)
        if not data.startswith(SEALED_MARK):
            return None if plan_sealed else data
        if not plan_sealed:
            return None
        from exitplan.vault import VaultError, read_header

        try:
            # Only a cache sealed with the plan's own key is used: never ask twice.
            if read_header(data) != read_header(plan_head + bytes(16)):
                return None
            return self.unseal(data)
        except VaultError:
            return None

    def read_private(self, path: Path) -> bytes:
        """A file of the data directory as plain bytes (for the person's own checklists)."""
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise PlanError(f"{path}: cannot be read ({exc.strerror or exc})") from None
        return self.open_sealed(data, path)

    def check_private(self, path: Path | None = None) -> None:
        """Refuse a data directory or file that other users could read."""
        for target in (self.home, path or self.plan_path):
            try:
                mode = target.stat().st_mode
            except OSError:
                continue
            if mode & 0o077:
                kind = "folder" if target.is_dir() else "file"
                fix = "700" if target.is_dir() else "600"
                raise PlanError(
                    f"the {kind} {target} can be read by other users of this computer; "
                    f"make it private with: chmod {fix} '{target}'"
                )

    def load_or_none(self) -> PlanState | None:
        """The plan, or None when none has been created yet."""
        try:
            return self.load()
        except NoPlanError:
            return None

    def _restore_hint(self, path: Path) -> str:
        if path == self.plan_path and self.backups():
            return (
                " Your earlier versions are safe: 'exitplan backups' lists them"
                " and 'exitplan restore' brings the latest good one back."
            )
        return ""

    # -- locking -------------------------------------------------------------------------

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the exclusive lock; create the private data directory if needed."""
        import fcntl

        self.ensure_home()
        try:
            fd = os.open(self.home / LOCK_FILE, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        except OSError as exc:
            raise StorageError(
                f"cannot write in {self.home} ({exc.strerror or exc}); is it read-only? "
                "Nothing was changed"
            ) from None
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
            own = {PLAN_FILE, LOCK_FILE, BACKUP_DIR, "checklists", "cache"}
            fresh = self.home.is_dir() and not self.plan_path.exists()
            if fresh and all(p.name in own for p in self.home.iterdir()):
                # A folder made for the plan (empty, or only exitplan's things): make it private.
                # Anyone else's folder is never changed; check_private refuses it instead.
                self.home.chmod(0o700)
            self.home.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageError(f"cannot create {self.home} ({exc.strerror or exc})") from None
        self.check_private(self.home)

    def sweep_temp_files(self) -> None:
        """Remove temp files a killed run left behind (only ever under the lock)."""
        from exitplan.cache import CACHE_DIR

        for folder in (self.home, self.backup_dir, self.home / CACHE_DIR):
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
        self.write_file(self.plan_path, data)
        if self.key is not None:
            self.seal_leftovers()

    def write_file(self, path: Path, plain: bytes, *, sync_folder: bool = True) -> None:
        """Write a file of the data directory, sealed when the plan is encrypted."""
        if self.key is None:
            write_atomic(path, plain, sync_folder=sync_folder)
            return
        from exitplan.vault import seal, unseal

        key = self.key
        sealed = seal(plain, key)

        def verify(tmp: Path) -> None:
            # Read the temp file back and open it before it replaces anything.
            if unseal(tmp.read_bytes(), key) != plain:  # pragma: no cover - a broken disk
                raise StorageError(f"could not verify {path.name}; nothing was replaced")

        write_atomic(path, sealed, verify=verify, sync_folder=sync_folder)

    def private_files(self) -> list[Path]:
        """Every file that may hold the plan's content: plan, backups, own checklists."""
        files = [self.plan_path] if self.plan_path.exists() else []
        files += [backup.path for backup in self.backups()]
        if self.checklist_dir.is_dir():
            files += sorted(p for p in self.checklist_dir.glob("*.toml") if p.is_file())
        return files

    def adopt_key(self) -> None:
        """If any file here is sealed, unlock it so that new saves are sealed too.

        A plan made again over encrypted backups (after plan.toml went missing) must not
        quietly start writing plain files beside them.
        """
        from exitplan.cache import CACHE_DIR

        if self.key is not None:
            return
        candidates = [*self.private_files(), *sorted((self.home / CACHE_DIR).glob("*.json"))]
        for path in candidates:
            with contextlib.suppress(OSError):
                data = path.read_bytes()
                if data.startswith(SEALED_MARK):
                    self.open_sealed(data, path)
                    return

    def plain_files(self) -> list[Path]:
        """Private files that are not sealed."""
        from exitplan.vault import MAGIC

        found = []
        for path in self.private_files():
            with contextlib.suppress(OSError), path.open("rb") as handle:
                if handle.read(len(MAGIC)) != MAGIC:
                    found.append(path)
        return found

    def seal_leftovers(self) -> int:
        """Seal every plain copy left in the data directory (older backups, own checklists).

        Runs after the plan itself is saved, so it never fails the command: anything it cannot
        do now is tried again at the next save.
        """
        from exitplan.vault import is_sealed

        sealed = 0
        for path in self.private_files():
            with contextlib.suppress(OSError, ExitplanError):
                data = path.read_bytes()
                if not is_sealed(data):
                    self.write_file(path, data)
                    sealed += 1
        return sealed

    def reseal_all(self, key: Key | None) -> None:
        """Rewrite every private file under a new key (None: as plain files). Needs the lock."""
        if self._lock_fd is None:
            raise RuntimeError("reseal_all() needs the lock")
        from exitplan.cache import drop_cache

        plain = {}
        for path in self.private_files():
            try:
                plain[path] = self.open_sealed(path.read_bytes(), path)
            except ExitplanError:
                raise PlanError(
                    f"{path} cannot be opened with this passphrase (it may be damaged); "
                    "move it out of the folder, or delete it, and try again"
                ) from None
        drop_cache(self)
        self.key = key
        # The plan goes last: if this is interrupted, the plan still says what it was, and
        # running the same command again finishes the job.
        for path in sorted(plain, key=lambda p: p == self.plan_path):
            self.write_file(path, plain[path])

    def _backup_current(self) -> None:
        previous = self.open_sealed(self.read_bytes(), self.plan_path)
        folder = self.backup_dir
        try:
            folder.mkdir(mode=0o700, exist_ok=True)
        except OSError as exc:
            raise StorageError(f"cannot create {folder} ({exc.strerror or exc})") from None
        # The backup is a courtesy copy: a failure to sync its folder must not stop the save.
        self.write_file(self._new_backup_path(), previous, sync_folder=False)
        with contextlib.suppress(OSError):
            fsync_dir(folder)
        self._prune_backups()

    def backups(self) -> list[Backup]:
        """Kept generations, newest first."""
        if not self.backup_dir.is_dir():
            return []
        found = []
        for path in self.backup_dir.glob("plan-*-*.toml"):
            _, number, stamp = path.stem.split("-", 2)
            try:
                taken = datetime.strptime(stamp, "%Y%m%dT%H%M%S%fZ").replace(tzinfo=UTC)
                found.append(Backup(path, taken, int(number)))
            except ValueError:
                continue
        return sorted(found, key=lambda b: b.number, reverse=True)

    def restore(self, number: int | None, now: datetime) -> datetime:
        """Make a backup the current plan (the latest readable one by default)."""
        from exitplan.model import Event
        from exitplan.vault import VaultError, WrongPassphrase

        available = self.backups()
        if not available:
            raise PlanError("there are no backups to restore from")
        if number is not None and not 1 <= number <= len(available):
            raise PlanError(f"there is no backup number {number}; 'exitplan backups' lists them")
        with self.locked():
            candidates = [available[number - 1]] if number else available
            failures: list[Exception] = []
            for backup in candidates:
                try:
                    state = self.load(backup.path)
                except (PlanError, VaultError, ValueError) as exc:
                    if number:
                        raise PlanError(f"backup {number} cannot be read: {exc}") from None
                    failures.append(exc)
                    continue
                break
            else:
                if all(isinstance(exc, WrongPassphrase) for exc in failures):
                    raise WrongPassphrase(
                        "the passphrase is not right, or every backup was changed; "
                        "nothing was written"
                    )
                raise PlanError(
                    "none of the backups can be opened (if the plan is encrypted: is the "
                    "passphrase right?)"
                )
            if self.plan_path.exists():
                # Keep what is there byte for byte, even if it no longer opens.
                self.backup_dir.mkdir(mode=0o700, exist_ok=True)
                write_atomic(self._new_backup_path(), self.read_bytes())
            taken = backup.taken.astimezone()
            state.history.append(
                Event(at=now, action="restore", detail=f"backup from {taken:%Y-%m-%d %H:%M:%S}")
            )
            self.save(state, keep_backup=False)
            # Pruning only now: restoring the oldest kept backup must not delete it first.
            self._prune_backups()
        return backup.taken

    def _new_backup_path(self) -> Path:
        # A sequence number orders backups even when the clock steps back; the time is for people.
        existing = self.backups()
        number = existing[0].number + 1 if existing else 1
        return self.backup_dir / f"plan-{number:06d}-{datetime.now(UTC):%Y%m%dT%H%M%S%fZ}.toml"

    def _prune_backups(self) -> None:
        # The latest saves, plus the last save of each earlier day: a busy review session
        # must not push yesterday's plan out of reach.
        kept = self.backups()
        keep = {backup.path for backup in kept[:KEEP_BACKUPS]}
        days: set[object] = set()
        for backup in kept:
            day = backup.taken.astimezone().date()
            if day not in days and len(days) < KEEP_DAYS:
                days.add(day)
                keep.add(backup.path)
        for old in kept:
            if old.path not in keep:
                with contextlib.suppress(FileNotFoundError):
                    old.path.unlink()

    def no_plan(self) -> NoPlanError:
        """The error for a missing plan, pointing at backups when there are some."""
        if self.backups():
            return NoPlanError(
                f"there is no plan.toml in {self.home}, but there are backups of one: "
                "'exitplan restore' brings the latest back"
            )
        return NoPlanError(f"there is no plan in {self.home} yet: start one with 'exitplan init'")


def describe_files(home: Path) -> list[tuple[str, int, str]]:
    """Every file under the data directory: relative path, size, and whether it is sealed."""
    from exitplan.vault import MAGIC

    if not home.is_dir():
        return []
    rows = []
    for path in sorted(home.rglob("*")):
        if not path.is_file():
            continue
        with path.open("rb") as handle:
            head = handle.read(len(MAGIC))
        if path.name == LOCK_FILE:
            kind = "lock file, empty"
        else:
            kind = "encrypted" if head == MAGIC else "plain text"
        rows.append((str(path.relative_to(home)), path.stat().st_size, kind))
    return rows


def wipe_home(store: Store) -> list[str]:
    """Delete every file exitplan keeps; returns the names of files that are not exitplan's."""
    home = store.home
    with store.locked():
        for folder in (store.backup_dir, store.checklist_dir):
            if folder.is_dir():
                for path in folder.iterdir():
                    if path.is_file() and (
                        path.suffix == ".toml" or path.name.endswith(TEMP_SUFFIX)
                    ):
                        path.unlink()
                with contextlib.suppress(OSError):
                    folder.rmdir()
        for path in home.iterdir():
            if path.is_file() and (path.name == PLAN_FILE or path.name.endswith(TEMP_SUFFIX)):
                path.unlink()
        from exitplan.cache import drop_cache

        drop_cache(store)
        (home / LOCK_FILE).unlink(missing_ok=True)
    left = sorted(str(p.relative_to(home)) for p in home.rglob("*"))
    if not left:
        with contextlib.suppress(OSError):
            home.rmdir()
    return left


def lock_timeout() -> float:
    """Seconds to wait for another run to finish."""
    try:
        return max(0.0, float(os.environ.get(LOCK_TIMEOUT_ENV, DEFAULT_LOCK_TIMEOUT)))
    except ValueError:
        return DEFAULT_LOCK_TIMEOUT


def dump_plan(state: PlanState) -> bytes:
    """The plan as TOML bytes."""
    import tomli_w

    return tomli_w.dumps(state.to_dict()).encode("utf-8")


def parse_plan(data: bytes, path: Path, hint: str = "") -> PlanState:
    """Validate plan bytes into a PlanState, with one plain message on any problem."""
    from pydantic import ValidationError

    from exitplan.catalog import describe_errors
    from exitplan.schema import validate_plan

    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise PlanError(f"{path}: is not valid UTF-8 text.{hint}") from None
    import tomllib

    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        from exitplan.catalog import toml_error

        raise PlanError(f"{path}: cannot be read: {toml_error(exc)}.{hint}") from None
    except RecursionError:
        raise PlanError(f"{path}: is nested too deeply to be a plan.{hint}") from None
    version = raw.get("schema")
    if version is None:
        raise PlanError(f"{path}: is empty or damaged (it has no 'schema' line).{hint}")
    if version != 1:
        raise PlanError(
            f"{path}: has plan format version {version!r}, which this exitplan does not know"
            f" (it reads version 1).{hint}"
        )
    try:
        return validate_plan(raw)
    except ValidationError as exc:
        problem = describe_errors(exc, {})[0]
        raise PlanError(f"{path}: {problem}.{hint}") from None
    except RecursionError:
        raise PlanError(f"{path}: is nested too deeply to be a plan.{hint}") from None


def write_atomic(
    path: Path,
    data: bytes,
    *,
    verify: Callable[[Path], None] | None = None,
    sync_folder: bool = True,
) -> None:
    """Write a file so that a crash leaves the old or the new version, never a torn one."""
    import tempfile

    folder = path.parent
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=folder)
    except OSError as exc:
        raise StorageError(_write_failure(path, exc)) from None
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
    except OSError as exc:
        raise StorageError(_write_failure(path, exc)) from None
    if not sync_folder:
        return
    try:
        fsync_dir(folder)
    except OSError as exc:
        raise StorageError(
            f"saved {path.name}, but the disk reported a problem confirming it "
            f"({exc.strerror or exc}); check your plan with 'exitplan status'"
        ) from None


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
