"""What a stopped run may leave behind, named so it is recognised and erased later.

Every signal that ends a run runs the clean-ups (`exitplan.base.signals`); a kill (SIGKILL) or a
power cut cannot. So whatever a run writes for a while and erases at its end carries a name of
its own and a lock held for as long as the run uses it:

- a decrypted copy being written (`log file`, `log export --folder`) is `.exitplan-partial-*.tmp`
  in the folder it is saved to; the next save into that folder erases every such file whose
  lock is free (its writer has ended);
- a private folder (a phone check's adb key and log) is `<prefix>*` in the data folder, made by
  `private_folder`; every later run that takes the plan's lock erases each one whose lock is
  free. `wipe` erases them all.

A lock held is a run still at work: its files are never touched. Zeros are written over each
file before it is deleted, as `wipe` does, and no link is ever followed.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

from exitplan.base.limits import PRIVATE_FILE, TEMP_SUFFIX
from exitplan.disk import system
from exitplan.disk.safeio import overwrite

PARTIAL_PREFIX = ".exitplan-partial-"
PARTIAL_SUFFIX = TEMP_SUFFIX
# Private folders a run makes in the data folder: a phone check's (`.adb-`), or any other's.
FOLDER_PREFIXES = (".adb-", ".exitplan-work-")
HELD = ".exitplan-held"  # the file inside such a folder whose lock says it is in use


def hold(fd: int) -> None:
    """Lock an open partial copy for as long as its file stays open (another run then leaves it
    alone); where the file system has no locks, nothing happens."""
    with contextlib.suppress(OSError):
        system.lock(fd)


def is_partial(name: str) -> bool:
    """Whether a file name is one a stopped save left behind."""
    return name.startswith(PARTIAL_PREFIX) and name.endswith(PARTIAL_SUFFIX)


def sweep_partials(folder: Path) -> list[Path]:
    """Erase the partial copies in `folder` that no running exitplan holds; their paths."""
    erased: list[Path] = []
    try:
        listing = [e.name for e in os.scandir(folder) if is_partial(e.name)]
    except OSError:
        return erased
    for name in listing:
        path = folder / name
        if _erase_if_free(path, path):
            erased.append(path)
    return erased


def is_private_folder(name: str) -> bool:
    """Whether a name in the data folder is one of a run's private folders."""
    return name.startswith(FOLDER_PREFIXES)


@contextlib.contextmanager
def private_folder(parent: Path | None, prefix: str = ".exitplan-work-") -> Iterator[Path]:
    """A folder only this user can open (0700), in `parent` (else the system's temporary
    folder), held for the block and erased at its end, however it ends (a signal too).

    Should the run be killed outright, the next run that takes the plan's lock, or `wipe`,
    erases it (`sweep_folders`). `prefix` must be one of FOLDER_PREFIXES for that.
    """
    folder = Path(tempfile.mkdtemp(prefix=prefix, dir=parent))
    fd = -1
    try:
        fd = os.open(
            folder / HELD, system.open_flags(os.O_RDWR | os.O_CREAT | os.O_EXCL), PRIVATE_FILE
        )
        with contextlib.suppress(OSError):
            system.lock(fd)
        yield folder
    finally:
        erase_folder(folder)
        if fd >= 0:
            os.close(fd)


def sweep_folders(home: Path) -> list[str]:
    """Erase the private folders in `home` that no running exitplan holds (a folder made by
    `private_folder`, whose held file's lock is free); their names."""
    erased: list[str] = []
    try:
        names = [
            e.name
            for e in os.scandir(home)
            if is_private_folder(e.name) and e.is_dir(follow_symlinks=False)
        ]
    except OSError:
        return erased
    for name in names:
        folder = home / name
        if _erase_if_free(folder / HELD, folder):
            erased.append(name)
    return erased


def erase_folder(folder: Path) -> None:
    """Overwrite every regular file under `folder` with zeros, delete it all, deepest first; a
    link or a Windows junction is removed as itself, never entered. Never fails (what cannot go
    stays)."""
    if not os.path.isdir(folder) or system.is_link(folder):
        return
    for base, dirs, names in reversed(list(system.walk(folder))):
        for name in names:
            path = base / name
            with contextlib.suppress(OSError):
                if not system.is_link(path) and stat.S_ISREG(os.lstat(path).st_mode):
                    overwrite(path)
                system.remove_entry(path)
        for name in dirs:
            with contextlib.suppress(OSError):
                (base / name).rmdir()
    with contextlib.suppress(OSError):
        folder.rmdir()


def _erase_if_free(lock_path: Path, what: Path) -> bool:
    """Erase `what` (a file, or a folder) unless the lock on `lock_path` is held; whether it is
    gone. A lock file that is missing or not a plain file means no run holds it."""
    try:
        fd = os.open(lock_path, system.open_flags(os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)))
    except OSError:
        fd = -1
    try:
        if fd >= 0:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                os.close(fd)
                fd = -1
            else:
                try:
                    system.lock(fd)
                except BlockingIOError:
                    return False  # a run is still at work with it
                except OSError:
                    pass  # no locks on this file system: treat it as ended
        if what.is_dir() and not what.is_symlink():
            if fd < 0 and what != lock_path:
                return False  # not made by private_folder: only wipe erases it
            erase_folder(what)
        else:
            with contextlib.suppress(OSError):
                if stat.S_ISREG(os.lstat(what).st_mode):
                    overwrite(what)
                what.unlink()
        return not os.path.lexists(what)
    finally:
        if fd >= 0:
            os.close(fd)
