"""Backups: earlier generations of the plan, how long they are kept, and restoring one.

Two numbers, never mixed: a backup's `seq` is the sequence number in its file name (it orders
backups even when the clock steps back); the number a person types is its position in the
list `exitplan backups` prints, newest first, starting at 1.
"""

from __future__ import annotations

import contextlib
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from exitplan import atomic
from exitplan.atomic import make_private_dir
from exitplan.errors import PlanError

if TYPE_CHECKING:
    from exitplan.model import PlanState
    from exitplan.store import Store

KEEP_BACKUPS = 12
KEEP_DAYS = 30
_STAMP = "%Y%m%dT%H%M%S%fZ"


class Backup(NamedTuple):
    """One kept generation of the plan."""

    path: Path
    taken: datetime
    seq: int


def list_backups(folder: Path) -> list[Backup]:
    """Kept generations, newest first."""
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob("plan-*-*.toml"):
        _, seq, stamp = path.stem.split("-", 2)
        try:
            taken = datetime.strptime(stamp, _STAMP).replace(tzinfo=UTC)
            found.append(Backup(path, taken, int(seq)))
        except ValueError:
            continue
    return sorted(found, key=lambda b: b.seq, reverse=True)


def has_backups(folder: Path) -> bool:
    """Whether any backup is kept (cheaper than listing them)."""
    return folder.is_dir() and any(folder.glob("plan-*-*.toml"))


def new_backup_path(folder: Path) -> Path:
    """The name of the next backup: the next sequence number, and the time for people."""
    existing = list_backups(folder)
    seq = existing[0].seq + 1 if existing else 1
    return folder / f"plan-{seq:06d}-{datetime.now(UTC):{_STAMP}}.toml"


def prune_backups(folder: Path) -> None:
    """Keep the latest saves, plus the last save of each earlier day.

    A busy review session must not push yesterday's plan out of reach.
    """
    kept = list_backups(folder)
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


def keep_backup(store: Store, plain: bytes) -> None:
    """Keep the plan's current content as a backup before it is replaced (needs the lock)."""
    folder = store.backup_dir
    make_private_dir(folder)
    # The backup is a courtesy copy: a failure to sync its folder must not stop the save.
    store.write_file(new_backup_path(folder), plain, sync_folder=False)
    with contextlib.suppress(OSError):
        atomic.fsync_dir(folder)
    prune_backups(folder)


def check_choice(store: Store, number: int | None) -> list[Backup]:
    """The backups, when `number` (a list position, or None) names one of them."""
    available = store.backups()
    if not available:
        raise PlanError("there are no backups to restore from")
    if number is not None and not 1 <= number <= len(available):
        raise PlanError(f"there is no backup number {number}; 'exitplan backups' lists them")
    return available


def pick_backup(store: Store, number: int | None) -> tuple[Backup, PlanState]:
    """The backup at list position `number` (or the latest readable one) and its plan state."""
    from exitplan.vault import VaultError, WrongPassphrase

    available = check_choice(store, number)
    candidates = [available[number - 1]] if number else available
    failures: list[Exception] = []
    for backup in candidates:
        try:
            return backup, store.load(backup.path)
        except (PlanError, VaultError, ValueError) as exc:
            wrong = isinstance(exc, WrongPassphrase) and store.keys.key is None
            if wrong and store.keys.key_path.exists():
                raise  # the key file's check: the passphrase itself is wrong
            if number:
                raise PlanError(f"backup {number} cannot be read: {exc}") from None
            failures.append(exc)
    if all(isinstance(exc, WrongPassphrase) for exc in failures):
        raise WrongPassphrase(
            "the passphrase is not right, or every backup was changed; nothing was written"
        )
    raise PlanError(
        "none of the backups can be opened (if the plan is encrypted: is the passphrase right?)"
    )


def restore_backup(store: Store, number: int | None, now: datetime) -> tuple[Backup, PlanState]:
    """Make a backup the current plan, keeping what it replaces byte for byte (needs the lock)."""
    from exitplan.model import Event

    store.require_lock("restore_backup()")
    backup, state = pick_backup(store, number)
    if store.plan_path.exists():
        # Keep what is there byte for byte, even if it no longer opens.
        make_private_dir(store.backup_dir)
        atomic.write_atomic(new_backup_path(store.backup_dir), store.read_bytes())
    taken = backup.taken.astimezone()
    state.history.append(
        Event(at=now, action="restore", detail=f"backup from {taken:%Y-%m-%d %H:%M:%S}")
    )
    store.save(state, keep_backup=False)
    # Pruning only now: restoring the oldest kept backup must not delete it first.
    prune_backups(store.backup_dir)
    return backup, state
