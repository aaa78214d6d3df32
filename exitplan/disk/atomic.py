"""Atomic files: write a temp file, fsync it, replace the target, fsync the folder."""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO, NamedTuple

from exitplan.base.errors import StorageError, os_reason
from exitplan.base.i18n import _
from exitplan.base.limits import BACKUP_DIR, PLAN_FILE, PRIVATE_FOLDER, TEMP_SUFFIX
from exitplan.disk import leftovers, safeio, system


class Temp(NamedTuple):
    """The temp file `replacing` opened: write to `file`; `path` is where it lies until then."""

    file: BinaryIO
    path: Path


@contextlib.contextmanager
def replacing(path: Path, *, scrub: bool = False, partial: bool = False) -> Iterator[Temp]:
    """The one way exitplan replaces a file: the body writes a temp file beside `path` (0600);
    when it ends cleanly the temp file is synced and renamed over `path` (the folder is not
    synced: see `fsync_dir`). When the body or the rename fails, the temp file is removed
    (overwritten first with `scrub`, for evidence) and the exception goes on unchanged.

    With `partial` (a decrypted copy saved outside the home), the temp file has a name of its
    own and a lock held until it is renamed, and what a killed save left in that folder is
    erased first (`exitplan.disk.leftovers`).
    """
    import tempfile

    folder = path.parent
    held = -1
    prefix, suffix = f".{path.name[:40]}.", TEMP_SUFFIX
    if partial:
        leftovers.sweep_partials(folder)
        prefix, suffix = leftovers.PARTIAL_PREFIX, leftovers.PARTIAL_SUFFIX
    fd, tmp_name = tempfile.mkstemp(prefix=prefix, suffix=suffix, dir=folder)
    tmp = Path(tmp_name)
    if partial:
        leftovers.hold(fd)
        held = os.dup(fd)  # the lock lives with the open file, until the rename is done
    try:
        with os.fdopen(fd, "wb") as handle:
            yield Temp(handle, tmp)
            handle.flush()
            system.sync_fd(handle.fileno())
        system.replace(tmp, path)
    except BaseException:
        if scrub:
            with contextlib.suppress(OSError):
                safeio.overwrite(tmp)
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        raise
    finally:
        if held >= 0:
            os.close(held)


def write_atomic(
    path: Path,
    data: bytes,
    *,
    verify: Callable[[Path], None] | None = None,
    sync_folder: bool = True,
    what: str | None = None,
) -> None:
    """Write a file so that a crash leaves the old or the new version, never a torn one.

    A failure names what was not saved: `what` (say "the journal entry"), else the file's name.
    """
    folder = path.parent
    existed = path.exists()
    try:
        with replacing(path) as temp:
            temp.file.write(data)
            if verify is not None:
                temp.file.flush()
                verify(temp.path)
    except OSError as exc:
        raise StorageError(_write_failure(path, exc, existed, what)) from None
    if not sync_folder:
        return
    try:
        fsync_dir(folder)
    except OSError as exc:
        raise StorageError(
            _(
                "saved {name}, but the disk reported a problem confirming it ({reason}); "
                "check your plan with 'exitplan status'"
            ).format(name=path.name, reason=os_reason(exc))
        ) from None


def fsync_dir(folder: Path) -> None:
    """Make a rename durable by syncing its directory."""
    system.sync_folder(folder)


def make_private_dir(folder: Path) -> None:
    """Create a folder (0700) if it is missing, with a plain error when that fails."""
    try:
        fresh = not folder.exists()
        folder.mkdir(mode=PRIVATE_FOLDER, exist_ok=True)
        if fresh and system.on_windows():  # no mode bits there: an owner-only access list
            system.protect_folder(folder)
    except OSError as exc:
        raise StorageError(
            _("cannot create {folder} ({reason})").format(folder=folder, reason=os_reason(exc))
        ) from None


def _write_failure(path: Path, exc: OSError, existed: bool, what: str | None) -> str:
    """What was not saved, why, and what is as it was: only the plan file is "your plan"."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        reason = _("the disk is full")
    elif exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        reason = _("there is no permission to write there")
    else:
        reason = os_reason(exc)
    if what is None and path.parent.name == BACKUP_DIR:  # kept before the plan is replaced
        return _("could not save a backup of your plan ({reason}); your plan is unchanged").format(
            reason=reason
        )
    if what is None and path.name == PLAN_FILE:
        if existed:
            return _("could not save your plan ({reason}); your previous plan is unchanged").format(
                reason=reason
            )
        return _("could not save your plan ({reason}); nothing was written").format(reason=reason)
    name = what or path.name
    if existed:
        return _("could not save {name} ({reason}); the earlier {file} is unchanged").format(
            name=name, reason=reason, file=path.name
        )
    return _("could not save {name} ({reason}); nothing was written").format(
        name=name, reason=reason
    )
