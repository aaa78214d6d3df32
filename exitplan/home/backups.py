"""Backups: earlier generations of the plan, how long they are kept, and restoring one.

Two numbers, never mixed: a backup's `seq` is the sequence number in its file name (it orders
backups even when the clock steps back); the number a person types is its position in the
list `exitplan backups` prints, newest first, starting at 1.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from exitplan.disk import atomic
from exitplan.disk.atomic import make_private_dir
from exitplan.disk.safeio import is_regular

KEEP_BACKUPS = 12
KEEP_DAYS = 30
_STAMP = "%Y%m%dT%H%M%S%fZ"
# Backups written now have neutral names: the day (UTC) and a random tag, no save count and no
# time of day (`plan-d20261201-3f9a1c2e.toml`). Names with a sequence number and a time to the
# microsecond (`plan-000012-20261201T101500123456Z.toml`) were written by earlier releases.
_NEUTRAL_DAY = "d%Y%m%d"
# How far a new backup's file time is moved past the newest one's, finest first.
_AFTER_STEPS_NS = (1_000, 1_000_000_000, 2_000_000_000)


class Backup(NamedTuple):
    """One kept generation of the plan."""

    path: Path
    taken: datetime
    seq: int


def _parse(path: Path) -> tuple[tuple[int, datetime, int, str], datetime] | None:
    """(sort key, time taken) from a backup's name, or None for a name that is not a backup's."""
    parts = path.stem.split("-", 2)
    if len(parts) != 3:
        return None
    _, first, second = parts
    try:
        if first.startswith("d"):
            day = datetime.strptime(first, _NEUTRAL_DAY).replace(tzinfo=UTC)
            mtime = path.stat().st_mtime_ns
            # The time of day comes from the file (which shows it anyway), never from the name.
            shown = datetime.fromtimestamp(mtime / 1e9, UTC).replace(microsecond=0)
            taken = shown if shown.date() == day.date() else day
            return (1, day, mtime, second), taken
        taken = datetime.strptime(second, _STAMP).replace(tzinfo=UTC)
        return (0, taken, int(first), ""), taken
    except (ValueError, OSError):
        return None


def list_backups(folder: Path) -> list[Backup]:
    """Kept generations, newest first (every neutral name is newer than the old-style ones)."""
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob("plan-*-*.toml"):
        if not is_regular(path):  # a link or a FIFO is never a backup: it is never opened
            continue
        parsed = _parse(path)
        if parsed is not None:
            found.append((parsed[0], path, parsed[1]))
    found.sort(key=lambda row: row[0])
    return [Backup(path, taken, seq) for seq, (_key, path, taken) in enumerate(found, 1)][::-1]


def has_backups(folder: Path) -> bool:
    """Whether any backup is kept (cheaper than listing them)."""
    return folder.is_dir() and any(folder.glob("plan-*-*.toml"))


def new_backup_path(folder: Path) -> Path:
    """A neutral name for the next backup: the day and a random tag (no count, no time).

    The day never goes back before the newest backup's, so a clock set back keeps the order.
    """
    import secrets

    day = datetime.now(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    newest = _newest_neutral(folder)
    if newest is not None and newest[0] > day:
        day = newest[0]
    return folder / f"plan-{day:{_NEUTRAL_DAY}}-{secrets.token_hex(4)}.toml"


def _newest_neutral(folder: Path) -> tuple[datetime, int] | None:
    """(day, modification time) of the newest neutrally named backup."""
    keys = [parsed[0] for p in folder.glob("plan-d*-*.toml") if (parsed := _parse(p)) is not None]
    if not keys:
        return None
    _flag, day, mtime, _tag = max(keys)
    return day, mtime


def written_after_newest(folder: Path, path: Path, write: Callable[[], object]) -> None:
    """Write a new backup so that it sorts after every other (even if the clock stepped back)."""
    newest = _newest_neutral(folder)
    write()
    if newest is None:
        return
    with contextlib.suppress(OSError):
        # Some file systems keep times to the second (or two): step until the time has moved.
        for step in _AFTER_STEPS_NS:
            info = path.stat()
            if info.st_mtime_ns > newest[1]:
                return
            os.utime(path, ns=(info.st_atime_ns, newest[1] + step))


def keep_time(path: Path, write: Callable[[], object]) -> None:
    """Rewrite a file keeping its modification time (backups are ordered by it within a day)."""
    try:
        before = path.stat()
    except OSError:
        before = None
    write()
    if before is not None:
        with contextlib.suppress(OSError):
            os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))


def neutral_name(backup: Backup) -> Path:
    """The neutral name an old-style backup gets when it is sealed (same day, random tag)."""
    import secrets

    return backup.path.with_name(f"plan-{backup.taken:{_NEUTRAL_DAY}}-{secrets.token_hex(4)}.toml")


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


def keep_backup(folder: Path, write: Callable[[Path], object]) -> None:
    """Keep the plan's current content as a backup before it is replaced (needs the lock).

    `write(path)` writes the plan's bytes (sealed as the store seals them) to the new backup.
    """
    make_private_dir(folder)
    # The backup is a courtesy copy: a failure to sync its folder must not stop the save.
    path = new_backup_path(folder)
    written_after_newest(folder, path, lambda: write(path))
    with contextlib.suppress(OSError):
        atomic.fsync_dir(folder)
    prune_backups(folder)
