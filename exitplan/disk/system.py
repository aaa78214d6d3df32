"""What differs between Linux, macOS and Windows, in one place: every other module asks here.

exitplan makes the same promises on every system (private files, no link followed, saves that
survive a crash, one writer at a time), but each system keeps them with different calls:

- **Opening**: `O_NOFOLLOW` and `O_CLOEXEC` exist only on POSIX; Windows needs `O_BINARY`, or a
  read stops at the first byte 26 and line ends are rewritten (ciphertext would read as damaged).
- **Owner and mode**: Windows makes up its mode bits and has no `geteuid`; there, privacy comes
  from the folder's access list (`protect_folder`), not from `chmod`.
- **Links**: a Windows directory junction is no symbolic link to `S_ISLNK`, but it leads out of
  the folder all the same: `is_link` counts every reparse point.
- **Syncing**: macOS's `fsync` stops at the drive's cache; `F_FULLFSYNC` reaches the disk. A
  Windows folder cannot be opened to be synced (NTFS journals its renames).
- **Replacing**: on Windows a file another program has open (an antivirus scan, an indexer)
  cannot be replaced for a moment: `replace` tries again a few times, briefly.
- **Locking**: `flock` on POSIX, `LockFileEx` on Windows; a file system with no locks at all
  raises `LockUnsupported`, which the store turns into a plain message.
- **Names**: most file systems (ext4, APFS, FAT, exFAT, NTFS) cap a name at 255 bytes or
  UTF-16 units; `cap_name` keeps a name within that, counted in UTF-8 bytes.

The system is read from `sys.platform` at each call, so the tests can simulate each one.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from exitplan.base.limits import PRIVATE_FOLDER

if TYPE_CHECKING:
    import subprocess

__all__ = [
    "NAME_LIMIT",
    "LockUnsupported",
    "cap_name",
    "effective_uid",
    "free_bytes",
    "is_link",
    "kill_process_group",
    "lock",
    "modes_are_real",
    "on_windows",
    "open_flags",
    "owned_by_me",
    "protect_folder",
    "read_at",
    "remove_entry",
    "replace",
    "set_blocking",
    "sync_fd",
    "sync_folder",
    "walk",
]

NAME_LIMIT = 255
FILE_ATTRIBUTE_REPARSE_POINT = 0x400
# Owner-only on Windows: a protected access list (nothing inherited from the folder above) that
# lets the owner (OW) and the system itself (SY: backups, the disk checker) in, and no one else;
# OICI passes it on to every file and folder made inside.
PRIVATE_SDDL = "D:P(A;OICI;FA;;;OW)(A;OICI;FA;;;SY)"
_NO_PERMISSIONS = frozenset({errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOTSUP})
_LOCKED = frozenset({errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES})
_REPLACE_TRIES = 10
_REPLACE_PAUSE = 0.05  # seconds, doubled each time up to _REPLACE_PAUSE_MAX
_REPLACE_PAUSE_MAX = 0.5
_ERROR_LOCK_VIOLATION = 33  # winerror.h
_ERROR_SHARING_VIOLATION = 32


class LockUnsupported(OSError):
    """The file system cannot lock files at all (some USB sticks' and network drives')."""


def on_windows() -> bool:
    """Whether this is Windows."""
    return sys.platform == "win32"


def modes_are_real() -> bool:
    """Whether `st_mode`'s permission bits mean anything here (Windows makes them up)."""
    return not on_windows()


def open_flags(flags: int, *, follow: bool = False) -> int:
    """`flags` plus binary mode, close-on-exec and, unless `follow`, no-follow where they exist."""
    flags |= getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    flags |= getattr(os, "O_NOINHERIT", 0)  # Windows' close-on-exec
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    return flags


def effective_uid() -> int | None:
    """The user id this runs as, or None where there are no user ids (Windows)."""
    geteuid = getattr(os, "geteuid", None)
    return int(geteuid()) if geteuid is not None else None


def owned_by_me(owner: int) -> bool:
    """Whether a file's `st_uid` is this user's (always so where there are no user ids)."""
    uid = effective_uid()
    return uid is None or owner == uid


def is_link(path: Path | str) -> bool:
    """Whether `path` itself is a symbolic link or another reparse point, such as a Windows
    directory junction (a missing path is not)."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    return is_link_stat(st)


def is_link_stat(st: os.stat_result) -> bool:
    """Whether an `lstat` result is a link or a reparse point."""
    attributes = int(getattr(st, "st_file_attributes", 0) or 0)
    return stat.S_ISLNK(st.st_mode) or bool(attributes & FILE_ATTRIBUTE_REPARSE_POINT)


def walk(folder: Path) -> Iterator[tuple[Path, list[str], list[str]]]:
    """`os.walk` from the top that never enters a link or a junction: each is listed with the
    files, to be removed as itself (Python 3.11's walk enters a Windows junction)."""
    for base, dirs, names in os.walk(folder):
        here = Path(base)
        links = [d for d in dirs if is_link(here / d)]
        dirs[:] = sorted(d for d in dirs if d not in links)
        yield here, list(dirs), sorted([*names, *links])


def remove_entry(path: Path) -> None:
    """Remove a file or a link (a Windows junction is removed as a folder, never emptied)."""
    try:
        path.unlink()
    except (IsADirectoryError, PermissionError):
        if not is_link(path):
            raise
        os.rmdir(path)


def set_blocking(fd: int) -> None:
    """Make a descriptor opened with `O_NONBLOCK` blocking again (nothing to do on Windows)."""
    setter = getattr(os, "set_blocking", None)
    if setter is not None:
        setter(fd, True)


def read_at(fd: int, size: int, offset: int) -> bytes:
    """Up to `size` bytes at `offset`, leaving the descriptor's position where it was."""
    pread = getattr(os, "pread", None)
    if pread is not None:
        return bytes(pread(fd, size, offset))
    here = os.lseek(fd, 0, os.SEEK_CUR)
    try:
        os.lseek(fd, offset, os.SEEK_SET)
        return os.read(fd, size)
    finally:
        os.lseek(fd, here, os.SEEK_SET)


def kill_process_group(child: subprocess.Popen[bytes]) -> None:
    """Stop a child started in its own session, with all it started (Windows: the child)."""
    killpg = getattr(os, "killpg", None)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        if killpg is not None:
            killpg(child.pid, 9)  # SIGKILL, which Windows' signal module does not name
        else:
            child.kill()


def sync_fd(fd: int) -> None:
    """Make a file's written bytes durable: on macOS through the drive's cache too."""
    if sys.platform == "darwin":  # read at each call (tests simulate it), and narrows for mypy
        try:
            import fcntl

            fcntl.fcntl(fd, getattr(fcntl, "F_FULLFSYNC", 51))
        except (ImportError, OSError):
            pass  # a file system without it (a network drive, some USB sticks): plain fsync
        else:
            return
    os.fsync(fd)


def sync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable (Windows cannot open a folder to sync it: nothing)."""
    if on_windows():
        return
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        sync_fd(fd)
    finally:
        os.close(fd)


def replace(source: Path, target: Path) -> None:
    """`os.replace`, tried again briefly on Windows while another program holds the target."""
    pause = _REPLACE_PAUSE
    for attempt in range(_REPLACE_TRIES):
        try:
            os.replace(source, target)
        except PermissionError as exc:
            busy = getattr(exc, "winerror", None) in (_ERROR_SHARING_VIOLATION, 5, None)
            if not on_windows() or not busy or attempt == _REPLACE_TRIES - 1:
                raise
            time.sleep(pause)
            pause = min(pause * 2, _REPLACE_PAUSE_MAX)
        else:
            return


def free_bytes(folder: Path) -> int | None:
    """The bytes free for this user on the disk that holds `folder` (None when unknown)."""
    try:
        import shutil  # here: the glance, which never asks, need not load it

        return int(shutil.disk_usage(folder).free)
    except OSError:
        return None


def lock(fd: int) -> None:
    """Take an exclusive lock on an open file without waiting.

    Raises BlockingIOError when another process holds it, LockUnsupported when the file system
    cannot lock at all, OSError otherwise.
    """
    if sys.platform == "win32":
        _lock_windows(fd)
        return
    try:
        import fcntl
    except ImportError:  # pragma: no cover - a POSIX Python always has it
        raise LockUnsupported(errno.ENOSYS, "no file locks on this system") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise
    except OSError as exc:
        if exc.errno in _LOCKED:
            raise BlockingIOError(exc.errno, exc.strerror) from None
        raise LockUnsupported(exc.errno, exc.strerror) from None


def _lock_windows(fd: int) -> None:
    """LockFileEx on the file's first byte, failing at once when another process holds it."""
    if sys.platform != "win32":  # pragma: no cover - for mypy's other platforms
        raise LockUnsupported(errno.ENOSYS, "LockFileEx is Windows' own")
    import ctypes
    import msvcrt
    from ctypes import wintypes

    class Overlapped(ctypes.Structure):
        _fields_ = (
            ("Internal", ctypes.c_void_p),
            ("InternalHigh", ctypes.c_void_p),
            ("Offset", wintypes.DWORD),
            ("OffsetHigh", wintypes.DWORD),
            ("hEvent", wintypes.HANDLE),
        )

    exclusive, fail_immediately = 0x2, 0x1
    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
    kernel32.LockFileEx.argtypes = (
        wintypes.HANDLE,
        wintypes.DWORD,
        wintypes.DWORD,
        wintypes.DWORD,
        wintypes.DWORD,
        ctypes.POINTER(Overlapped),
    )
    kernel32.LockFileEx.restype = wintypes.BOOL
    handle = msvcrt.get_osfhandle(fd)
    overlapped = Overlapped()
    if kernel32.LockFileEx(handle, exclusive | fail_immediately, 0, 1, 0, ctypes.byref(overlapped)):
        return
    code = ctypes.get_last_error()
    if code == _ERROR_LOCK_VIOLATION:
        raise BlockingIOError(errno.EWOULDBLOCK, "locked by another process")
    raise LockUnsupported(errno.ENOLCK, ctypes.FormatError(code))


def protect_folder(folder: Path) -> None:
    """Make `folder` owner-only: chmod 700 on POSIX, a protected access list on Windows."""
    if sys.platform != "win32":
        try:
            os.chmod(folder, PRIVATE_FOLDER)
        except OSError as exc:
            # A file system with no permissions to set (a FAT stick through FUSE): nothing to
            # do here; the privacy check judges the mode the folder really has.
            if exc.errno not in _NO_PERMISSIONS:
                raise
        return
    import ctypes
    from ctypes import wintypes

    advapi32 = ctypes.WinDLL("advapi32", use_last_error=True)
    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
    descriptor = ctypes.c_void_p()
    convert = advapi32.ConvertStringSecurityDescriptorToSecurityDescriptorW
    convert.argtypes = (
        wintypes.LPCWSTR,
        wintypes.DWORD,
        ctypes.POINTER(ctypes.c_void_p),
        ctypes.c_void_p,
    )
    convert.restype = wintypes.BOOL
    if not convert(PRIVATE_SDDL, 1, ctypes.byref(descriptor), None):  # 1 = SDDL_REVISION_1
        raise ctypes.WinError(ctypes.get_last_error())
    try:
        set_security = advapi32.SetFileSecurityW
        set_security.argtypes = (wintypes.LPCWSTR, wintypes.DWORD, ctypes.c_void_p)
        set_security.restype = wintypes.BOOL
        dacl, protected = 0x4, 0x80000000  # DACL_ and PROTECTED_DACL_SECURITY_INFORMATION
        if not set_security(str(folder), dacl | protected, descriptor):
            raise ctypes.WinError(ctypes.get_last_error())
    finally:
        kernel32.LocalFree(descriptor)


def cap_name(name: str, limit: int = NAME_LIMIT) -> str:
    """`name` shortened, if needed, to at most `limit` bytes in UTF-8, its extension kept.

    A name of at most 255 UTF-8 bytes is also at most 255 UTF-16 units (Windows' limit).
    """
    if len(name.encode("utf-8")) <= limit:
        return name
    stem, dot, suffix = name.rpartition(".")
    if not dot or not stem or len(suffix) > 16:
        stem, suffix = name, ""
    tail = f".{suffix}" if suffix else ""
    room = limit - len(tail.encode("utf-8"))
    kept = stem.encode("utf-8")[:room].decode("utf-8", errors="ignore")
    return kept.rstrip(" .") + tail


def open_closed_streams() -> None:
    """Give a standard stream closed by the shell (`exitplan status >&-`) the null device, before
    anything opens a file: a closed stdout reads as a place output goes to and is dropped (as a
    closed stdin reads as empty), never a traceback, and no file exitplan opens later can take
    descriptor 0, 1 or 2 and have a prompt, a report or a child's output written into it."""
    import io

    for fd, mode in ((0, os.O_RDONLY), (1, os.O_WRONLY), (2, os.O_WRONLY)):
        try:
            os.fstat(fd)
        except OSError:  # closed: the lowest free descriptor is this one
            null = os.open(os.devnull, mode)
            if null != fd:  # pragma: no cover - only if the system reused another number
                os.dup2(null, fd)
                os.close(null)
    for name, fd in (("stdout", 1), ("stderr", 2)):
        if getattr(sys, name) is None:
            raw = io.FileIO(fd, "w", closefd=False)
            setattr(sys, name, io.TextIOWrapper(raw, encoding="utf-8", write_through=True))
