"""The data directory: the lock against concurrent runs, loading and saving the plan, restoring.

The other rooms: `folder` (its paths and checks), `atomic` (safe writes), `planfile` (the file
format), `keys` (sealing), `backups` (earlier generations), `workspace` (the locked change and
the cache).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from exitplan.base.errors import (
    ChecklistError,
    LockError,
    NoPlanError,
    PlanError,
    StorageError,
    os_reason,
)
from exitplan.base.i18n import _
from exitplan.base.limits import (
    BACKUP_FROM,
    BACKUP_TIME,
    JOURNAL_DIR,
    JOURNAL_FILES_DIR,
    LOCK_FILE,
    MAX_PLAN_BYTES,
    OUTSIDE_FILE,
    OWN_NAMES,
    PRIVATE_FILE,
    PRIVATE_FOLDER,
    SEALED_MARK,
    is_own,
    is_temp,
)
from exitplan.crypto.datakey import sealed_size
from exitplan.crypto.vault import VaultError, WrongPassphrase
from exitplan.disk import atomic, leftovers, system
from exitplan.disk.atomic import make_private_dir
from exitplan.disk.paths import inside
from exitplan.disk.safeio import is_link, is_regular, overwrite, read_capped
from exitplan.domain.model import Event
from exitplan.formats.checklistfile import MAX_FILE_BYTES
from exitplan.formats.planfile import dump_plan, parse_plan
from exitplan.home.backups import (
    Backup,
    has_backups,
    keep_backup,
    list_backups,
    new_backup_path,
    prune_backups,
    written_after_newest,
)
from exitplan.home.folder import Folder
from exitplan.home.keys import KeySession, is_plain, seal_leftovers
from exitplan.home.vouch import digest, not_vouched, read_vouch, relative

if TYPE_CHECKING:
    from exitplan.crypto.datakey import DataKey
    from exitplan.domain.model import PlanState

# An own checklist may be 16 MiB of text (checklistfile.MAX_FILE_BYTES), sealed or not.
MAX_CHECKLIST_FILE_BYTES = sealed_size(MAX_FILE_BYTES)
# Seconds to wait for another run to finish (the tests hand in their own: helpers_exitplan.py).
LOCK_TIMEOUT = 5.0


class NotVouched(PlanError):
    """A plain file in an encrypted home that nothing sealed vouches for: not exitplan's."""


class Store(Folder):
    """The data directory: plan file, backups, lock and the person's own checklists."""

    def __init__(
        self,
        home: Path,
        ask_passphrase: Callable[[], str] | None = None,
        retry: Callable[[], bool] | None = None,
    ) -> None:
        super().__init__(home)
        self.keys = KeySession(home, ask_passphrase, retry)
        self._lock_fd: int | None = None

    @property
    def key(self) -> DataKey | None:
        """The key every file is sealed with (None: the plan is stored plain)."""
        return self.keys.key

    def owns(self, path: Path) -> bool:
        """Whether a path is one of exitplan's own files or in one of its folders (the one list,
        `limits.is_own`), which only exitplan may write. Links are resolved first; names are
        compared as a case-insensitive file system sees them (`paths.inside`)."""
        relative = inside(path, self.home)
        return relative is not None and is_own(relative)

    def backups(self) -> list[Backup]:
        """Kept generations, newest first."""
        return list_backups(self.backup_dir)

    # -- reading -------------------------------------------------------------------------

    def read_raw(self, path: Path | None = None) -> bytes:
        """The raw bytes of the plan (or a backup), with plain errors."""
        path = path or self.plan_path
        try:
            data = read_capped(path, MAX_PLAN_BYTES)
        except FileNotFoundError:
            if path == self.plan_path:
                raise self.no_plan() from None
            raise PlanError(_("{path}: no such file").format(path=path)) from None
        except OSError as exc:
            raise PlanError(
                _("{path}: cannot be read ({reason})").format(path=path, reason=os_reason(exc))
            ) from None
        if len(data) > MAX_PLAN_BYTES:
            raise PlanError(_("{path}: is too large to be an exitplan plan").format(path=path))
        return data

    def load(self, path: Path | None = None) -> PlanState:
        """Read and validate the plan (or a backup of it), unlocking it if it is encrypted."""
        path = path or self.plan_path
        self.check_private(path)
        data = self.open_sealed(self.read_raw(path), path)
        try:
            return parse_plan(data, path)
        except PlanError as exc:
            # The backups are looked at only when something is wrong, never on every load.
            raise PlanError(f"{exc}{self._restore_hint(path)}") from None

    def open_sealed(self, data: bytes, path: Path) -> bytes:
        """Plain bytes of a file that may be sealed. In an encrypted home a plain file is read
        only when the marker of an unfinished encrypt vouches for it (`exitplan.home.vouch`):
        anything else plain there was not written by exitplan (NotVouched)."""
        if not data.startswith(SEALED_MARK) and not self.vouched(path, data):
            raise NotVouched(not_vouched(path, self.home))

        def wrong() -> str:
            if path == self.plan_path and has_backups(self.backup_dir):
                return " " + _(
                    "If the passphrase is right, the file was damaged: 'exitplan restore' "
                    "brings back the latest good backup."
                )
            return ""

        return self.keys.open(data, path, wrong=wrong, damaged=lambda: self._restore_hint(path))

    def vouched(self, path: Path, data: bytes) -> bool:
        """Whether plain bytes at `path` may be read as the person's: always in a plain home;
        in an encrypted one, only when the sealed marker of an unfinished encrypt lists them
        (the passphrase is asked to open it)."""
        if not self.home_is_encrypted():
            return True
        if not self.keys.keyed():
            return False  # sealed files, and no key file: nothing can vouch
        self.keys.unlock_key_file()
        return read_vouch(self.home, self.keys.ring).get(relative(self.home, path)) == digest(data)

    def open_cache(self, data: bytes) -> bytes | None:
        """Plain bytes of a cache file, or None when it does not belong to the current plan."""
        return self.keys.open_cache(data, self.plan_head())

    def read_private(self, path: Path) -> bytes:
        """A file of the data directory as plain bytes (for the person's own checklists)."""
        try:
            data = read_capped(path, MAX_CHECKLIST_FILE_BYTES)
        except OSError as exc:
            raise PlanError(
                _("{path}: cannot be read ({reason})").format(path=path, reason=os_reason(exc))
            ) from None
        if len(data) > MAX_CHECKLIST_FILE_BYTES:
            raise PlanError(_("{path}: is larger than 16 MiB").format(path=path))
        try:
            return self.open_sealed(data, path)
        except NotVouched as exc:  # left out of the plan with one line, like a broken file
            raise ChecklistError(
                _(
                    "{problem}. If you put it there, adopt it with: exitplan checklists "
                    "--adopt {name}"
                ).format(problem=exc, name=path.stem)
            ) from None

    def _restore_hint(self, path: Path) -> str:
        if path == self.plan_path and has_backups(self.backup_dir):
            return " " + _(
                "Your earlier versions are safe: 'exitplan backups' lists them"
                " and 'exitplan restore' brings the latest good one back."
            )
        return ""

    def no_plan(self) -> NoPlanError:
        """The error for a missing plan, pointing at backups when there are some."""
        if has_backups(self.backup_dir):
            return NoPlanError(
                _(
                    "there is no plan.toml in {home}, but there are backups of one: 'exitplan "
                    "restore' brings the latest back"
                ).format(home=self.home)
            )
        return NoPlanError(
            _("there is no plan in {home} yet: start one with 'exitplan init'").format(
                home=self.home
            )
        )

    def private_files(self) -> list[Path]:
        """Every file that may hold the plan's content: plan, backups, own checklists, the list
        of files written outside the folder.

        Only regular files: a link or a FIFO is never read, sealed or rewritten (a FIFO would
        hang the save that seals leftovers, under the lock).
        """
        files = [self.plan_path, *(backup.path for backup in self.backups())]
        if self.checklist_dir.is_dir():
            files += sorted(self.checklist_dir.glob("*.toml"))
        files.append(self.home / OUTSIDE_FILE)
        return [path for path in files if is_regular(path)]

    def all_private_files(self) -> list[Path]:
        """`private_files`, plus the cache and the journal: every file that may hold plan text."""
        files = self.private_files()
        if self.cache_dir.is_dir():
            files += sorted(p for p in self.cache_dir.iterdir() if p.is_file())
        journal = self.home / JOURNAL_DIR
        if journal.is_dir():
            files += sorted(
                base / name
                for base, _dirs, names in system.walk(journal)
                for name in names
                if not is_link(base / name) and (base / name).is_file()
            )
        return files

    def home_is_encrypted(self) -> bool:
        """Whether this home was encrypted: it has a key file, or a sealed backup."""
        return self.keys.keyed() or any(not is_plain(b.path) for b in self.backups())

    def plain_in_sealed_home(self) -> bool:
        """Whether plan.toml is in plain text in a home that was encrypted: put there, or left
        by a stopped encrypt or decrypt (what it holds may not be the person's plan)."""
        return self.exists() and not self.is_encrypted() and self.home_is_encrypted()

    def refuse_plain_write(self, *, plain_plan: bool = False) -> None:
        """Refuse to write the plan in clear in a home that was encrypted.

        With `plain_plan`, also refuse any change to a plan.toml that is in plain text there
        (put in place of the sealed one, or left by a stopped encrypt or decrypt).
        """
        if self.keys.change_in_progress():
            raise PlanError(
                _(
                    "a passphrase change was stopped before it finished, so nothing was written; "
                    "run 'exitplan passphrase' again to finish it (either passphrase opens the "
                    "plan "
                    "until then)"
                )
            )
        suspicious = not self.is_encrypted() if plain_plan else self.key is None
        if suspicious and self.home_is_encrypted():
            raise PlanError(
                _(
                    "{plan_path} is in plain text, but this plan was encrypted (an encrypt or "
                    "decrypt was stopped, or the file was replaced), so nothing was written; "
                    "finish with 'exitplan encrypt' or 'exitplan decrypt', or bring back the "
                    "latest encrypted backup with 'exitplan restore'"
                ).format(plan_path=self.plan_path)
            )

    # -- locking -------------------------------------------------------------------------

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the exclusive lock; create the private data directory if needed."""
        self.ensure_home()
        try:
            # No-follow: a planted link must not make exitplan create a file outside the home.
            fd = os.open(
                self.home / LOCK_FILE,
                system.open_flags(os.O_RDWR | os.O_CREAT),
                PRIVATE_FILE,
            )
        except OSError as exc:
            raise StorageError(
                _("cannot write in {home} ({reason}); is it read-only? Nothing was changed").format(
                    home=self.home, reason=os_reason(exc)
                )
            ) from None
        try:
            deadline = time.monotonic() + LOCK_TIMEOUT
            while True:
                try:
                    system.lock(fd)
                    break
                except system.LockUnsupported:
                    raise StorageError(
                        _(
                            "the drive that holds {home} cannot lock files, so exitplan cannot "
                            "keep two runs from changing the plan at once; nothing was changed. "
                            "Copy the folder to a drive formatted for this computer, or use "
                            "your own data folder (leave --home out)"
                        ).format(home=self.home)
                    ) from None
                except BlockingIOError:
                    if time.monotonic() >= deadline:
                        raise LockError(
                            _(
                                "another exitplan is running and using this plan; "
                                "try again when it has finished"
                            )
                        ) from None
                    time.sleep(0.02)
            self._lock_fd = fd
            self.sweep_temp_files()
            yield
        finally:
            self._lock_fd = None
            os.close(fd)  # closing releases the lock

    def require_lock(self, what: str) -> None:
        """Refuse a write attempted without the lock (a programming error, not the person's)."""
        if self._lock_fd is None:
            raise RuntimeError(f"{what} needs the lock: use 'with store.locked():'")

    def ensure_home(self) -> None:
        """Create the data directory (0700) if it does not exist yet."""
        try:
            fresh = self.home.is_dir() and not self.plan_path.exists()
            if fresh and all(p.name in OWN_NAMES for p in self.home.iterdir()):
                # A folder made for the plan (empty, or only exitplan's things): make it private.
                # Anyone else's folder is never changed; check_private refuses it instead.
                system.protect_folder(self.home)
            made = not self.home.exists()
            self.home.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
            if made and system.on_windows():  # no mode bits there: an owner-only access list
                system.protect_folder(self.home)
        except OSError as exc:
            raise StorageError(
                _("cannot create {home} ({reason})").format(home=self.home, reason=os_reason(exc))
            ) from None
        self.check_private(self.home)

    def sweep_temp_files(self) -> None:
        """Remove temp files a killed run left behind (only ever under the lock)."""
        journal = self.home / JOURNAL_DIR
        folders = (self.home, self.backup_dir, self.cache_dir, self.checklist_dir, journal)
        for folder in (*folders, self.home / JOURNAL_FILES_DIR):
            if folder.is_dir() and not is_link(folder):
                for leftover in [p for p in folder.iterdir() if is_temp(p.name)]:
                    # A temp file may hold the plan in plain text: zero its bytes first.
                    with contextlib.suppress(OSError):
                        overwrite(leftover)
                    with contextlib.suppress(FileNotFoundError):
                        leftover.unlink()
        # A run killed outright (a phone check's adb key, say) left its private folder here.
        leftovers.sweep_folders(self.home)

    # -- writing -------------------------------------------------------------------------

    def save(self, state: PlanState, *, keep_backup: bool = True) -> None:
        """Write the plan atomically, keeping the previous version as a backup."""
        self.require_lock("save()")
        self.refuse_plain_write()
        data = dump_plan(state)
        if keep_backup and self.plan_path.exists():
            keep_backup_of(self)
        self.write_file(self.plan_path, data)
        if self.key is not None:
            seal_leftovers(self)

    def write_file(self, path: Path, plain: bytes, *, sync_folder: bool = True) -> None:
        """Write a file of the data directory, sealed when the plan is encrypted."""
        self.keys.write(path, plain, sync_folder=sync_folder)


def keep_backup_of(store: Store) -> None:
    """Keep the current plan as a backup, in plain bytes re-sealed with the current key."""
    plain = store.open_sealed(store.read_raw(), store.plan_path)
    keep_backup(store.backup_dir, lambda path: store.write_file(path, plain, sync_folder=False))


def check_choice(store: Store, number: int | None) -> list[Backup]:
    """The backups, when `number` (a list position, or None) names one of them."""
    available = store.backups()
    if not available:
        raise PlanError(_("there are no backups to restore from"))
    if number is not None and not 1 <= number <= len(available):
        raise PlanError(
            _("there is no backup number {number}; 'exitplan backups' lists them").format(
                number=number
            )
        )
    return available


def pick_backup(store: Store, number: int | None) -> tuple[Backup, PlanState]:
    """The backup at list position `number` (or the latest readable one) and its plan state."""
    available = check_choice(store, number)
    candidates = [available[number - 1]] if number else available
    failures: list[Exception] = []
    for backup in candidates:
        try:
            return backup, store.load(backup.path)
        except (PlanError, VaultError, ValueError) as exc:
            wrong = isinstance(exc, WrongPassphrase) and store.keys.key is None
            if wrong and store.keys.keyed():
                raise  # the key file's check: the passphrase itself is wrong
            if number:
                raise PlanError(
                    _("backup {number} cannot be read: {exc}").format(number=number, exc=exc)
                ) from None
            failures.append(exc)
    if all(isinstance(exc, WrongPassphrase) for exc in failures):
        raise WrongPassphrase(
            _("the passphrase is not right, or every backup was changed; nothing was written")
        )
    raise PlanError(
        _("none of the backups can be opened (if the plan is encrypted: is the passphrase right?)")
    )


def restore_backup(store: Store, number: int | None, now: datetime) -> tuple[Backup, PlanState]:
    """Make a backup the current plan, keeping what it replaces byte for byte (needs the lock)."""
    store.require_lock("restore_backup()")
    backup, state = pick_backup(store, number)
    if store.plan_path.exists():
        # Keep what is there byte for byte, even if it no longer opens.
        make_private_dir(store.backup_dir)
        path, kept = new_backup_path(store.backup_dir), store.read_raw()
        written_after_newest(store.backup_dir, path, lambda: atomic.write_atomic(path, kept))
    taken = backup.taken.astimezone()
    state.history.append(
        Event(at=now, action="restore", detail=f"{BACKUP_FROM} {taken:{BACKUP_TIME}}")
    )
    store.save(state, keep_backup=False)
    # Pruning only now: restoring the oldest kept backup must not delete it first.
    prune_backups(store.backup_dir)
    return backup, state
