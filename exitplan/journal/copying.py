"""A sealed copy of the journal kept elsewhere (`exitplan log copy`), on a USB stick, say.

The copy is the journal's own files as they are sealed at rest, byte for byte: the key file
(wrapped by the passphrase), every record and every kept file. So the copy is itself an
exitplan folder with a journal and no plan: `exitplan --home FOLDER log list` (or `log verify`,
`log export`) reads it with the passphrase the plan had when the copy was made, and nothing in
it can be read without that passphrase. A plain journal is never copied this way: a copy that
anyone finding the stick could read is what `log export` makes, knowingly.

Each copy is written whole into a new folder beside the target, each file read back and
compared, then swapped in for the previous copy, so a stopped run leaves the old copy or the new
one at the name (and a folder beside it that the next run clears). Nothing that is not a copy
is ever replaced or removed.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from exitplan.base.errors import ExitplanError, StorageError, os_reason
from exitplan.base.i18n import _
from exitplan.base.limits import JOURNAL_DIR, KEY_FILE
from exitplan.disk import atomic, safeio, system
from exitplan.journal.listing import FILES_DIR, files_dir, numbered

if TYPE_CHECKING:
    from collections.abc import Callable

# What a copy folder holds: nothing else is ever replaced or removed as "a previous copy".
COPY_NAMES = frozenset({KEY_FILE, JOURNAL_DIR})
_CHUNK = 1024 * 1024


class Copied(NamedTuple):
    """What a copy holds."""

    records: int
    files: int


def is_copy(folder: Path) -> bool:
    """Whether a folder is an earlier copy (its key file and journal only), or empty."""
    if safeio.is_link(folder) or not folder.is_dir():
        return False
    names = {entry.name for entry in os.scandir(folder)}
    return names <= COPY_NAMES


def copy_journal(home: Path, target: Path, progress: Callable[[int], None] | None = None) -> Copied:
    """Write the sealed journal of `home` as the folder `target`, replacing an earlier copy
    there; each file is read back and compared before the copy takes the name."""
    records = numbered(home)
    key = home / KEY_FILE
    fresh = target.parent / f".{target.name}.new"
    old = target.parent / f".{target.name}.old"
    for leftover in (fresh, old):  # a stopped run's
        _remove_copy(leftover)
    if target.exists() and not is_copy(target):
        raise ExitplanError(
            _(
                "{path} is not empty and is not a copy of the journal; nothing was written. "
                "Give a new or empty folder"
            ).format(path=target)
        )
    kept = [
        Path(entry.path)
        for entry in (os.scandir(files_dir(home)) if files_dir(home).is_dir() else ())
        if entry.is_file(follow_symlinks=False)
    ]
    try:
        atomic.make_private_dir(fresh)
        atomic.make_private_dir(fresh / JOURNAL_DIR)
        _copy_file(key, fresh / KEY_FILE, progress)
        for _n, path in records:
            _copy_file(path, fresh / JOURNAL_DIR / path.name, progress)
        if kept:
            atomic.make_private_dir(fresh / JOURNAL_DIR / FILES_DIR)
            for path in kept:
                _copy_file(path, fresh / JOURNAL_DIR / FILES_DIR / path.name, progress)
            atomic.fsync_dir(fresh / JOURNAL_DIR / FILES_DIR)
        atomic.fsync_dir(fresh / JOURNAL_DIR)
        atomic.fsync_dir(fresh)
        if target.exists():
            target.rename(old)
        fresh.rename(target)
        atomic.fsync_dir(target.parent)
    except OSError as exc:
        raise StorageError(
            _("could not write the copy in {path} ({reason}); the earlier copy is kept").format(
                path=target, reason=os_reason(exc)
            )
        ) from None
    _remove_copy(old)
    return Copied(len(records), len(kept))


def _copy_file(source: Path, target: Path, progress: Callable[[int], None] | None) -> None:
    """Copy one file (never through a link), sync it, and compare it read back."""
    digest = hashlib.sha256()
    src = safeio.open_regular(source)
    try:
        out = safeio.create_new(target)
        try:
            while chunk := os.read(src, _CHUNK):
                digest.update(chunk)
                view = memoryview(chunk)
                while view:
                    view = view[os.write(out, view) :]
                if progress is not None:
                    progress(len(chunk))
            system.sync_fd(out)
        finally:
            os.close(out)
    finally:
        os.close(src)
    if _hash(target) != digest.hexdigest():
        raise OSError(0, _("{name} read back differs from what was written").format(name=target))


def _hash(path: Path) -> str:
    digest = hashlib.sha256()
    fd = safeio.open_regular(path)
    try:
        while chunk := os.read(fd, _CHUNK):
            digest.update(chunk)
    finally:
        os.close(fd)
    return digest.hexdigest()


def _remove_copy(folder: Path) -> None:
    """Remove a stopped run's folder beside the copy, if it holds only a copy's files."""
    if not os.path.lexists(folder):
        return
    if not is_copy(folder):
        raise ExitplanError(
            _(
                "{path} is in the way of the copy and is not one; nothing was written. Move it "
                "away and try again"
            ).format(path=folder)
        )
    try:
        shutil.rmtree(folder)
    except OSError as exc:
        raise StorageError(
            _("could not remove {path} ({reason})").format(path=folder, reason=os_reason(exc))
        ) from None
