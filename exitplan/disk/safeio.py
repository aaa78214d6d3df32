"""Files of the data directory, handled safely: regular files only, no links followed, capped.

Someone with the same account can put a link, a FIFO or a huge file where exitplan expects its
own file. Every read here opens the file without following a final symbolic link and without
blocking (a FIFO would otherwise hang the command), checks with `fstat` that it is a regular
file, and reads at most `cap + 1` bytes, so the caller can refuse an oversized file without
ever holding more than that in memory. `overwrite` zeroes a file's bytes before it is deleted.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from exitplan.base.errors import StorageError
from exitplan.base.i18n import N_, _
from exitplan.base.limits import FOLDERS, OTHERS_BITS, PRIVATE_FILE
from exitplan.disk import system

__all__ = [
    "LINK_REASON",
    "NOT_REGULAR_REASON",
    "is_link",
    "is_regular",
    "open_regular",
    "overwrite",
    "read_capped",
]

# Reasons given as an OSError's `strerror`, in English (compared as they are); `os_reason`
# translates them where they are shown.
LINK_REASON = N_("it is a link, and exitplan never follows links in its folder")
NOT_REGULAR_REASON = N_("it is not a regular file")
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CHUNK = 1 << 20


def open_regular(path: Path, *, follow: bool = False) -> int:
    """A read-only descriptor of a regular file (raises OSError with a plain `strerror`).

    A link is refused (unless `follow`), and so is anything that is not a regular file: a
    FIFO, a device or a folder. The descriptor is blocking again once it is known to be a file.
    """
    if not follow and system.is_link(path):  # a Windows junction has no O_NOFOLLOW to stop it
        raise OSError(errno.ELOOP, LINK_REASON, str(path))
    flags = system.open_flags(os.O_RDONLY | _NONBLOCK, follow=follow)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP and not follow:
            raise OSError(errno.ELOOP, LINK_REASON, str(path)) from None
        raise
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            reason = N_("it is a folder") if stat.S_ISDIR(mode) else NOT_REGULAR_REASON
            raise OSError(errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL, reason, str(path))
        if _NONBLOCK:
            system.set_blocking(fd)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_capped(path: Path, cap: int, *, follow: bool = False) -> bytes:
    """At most `cap + 1` bytes of a regular file: more than `cap` means it is too large."""
    fd = open_regular(path, follow=follow)
    try:
        chunks = []
        left = cap + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def is_link(path: Path) -> bool:
    """Whether `path` itself is a symbolic link or a junction (a missing path is not)."""
    return system.is_link(path)


def is_regular(path: Path) -> bool:
    """Whether `path` itself is a regular file (not a link, a FIFO or a folder)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def overwrite(path: Path) -> None:
    """Replace a regular file's bytes with zeros in place (same length) and sync them.

    Links and special files are never opened (they are deleted as they are).
    """
    if system.is_link(path):
        return
    flags = system.open_flags(os.O_WRONLY | _NONBLOCK)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if not os.path.isfile(path) or system.is_link(path):
            return  # a FIFO without a reader, a socket: nothing to overwrite
        if exc.errno in (errno.EACCES, errno.EPERM):
            os.chmod(path, PRIVATE_FILE)  # a read-only file of the person's own: writable first
            fd = os.open(path, flags)
        else:
            raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return
        zeros = bytes(min(st.st_size, _CHUNK))
        left = st.st_size
        while left > 0:
            left -= os.write(fd, zeros[: min(left, _CHUNK)])
        system.sync_fd(fd)
    finally:
        os.close(fd)


def readable_by_others(mode: int) -> bool:
    """Whether a file or folder of this mode lets other users of this computer in (any bit for
    the group or others). Windows makes its mode bits up: there the access list holds."""
    return system.modes_are_real() and bool(mode & OTHERS_BITS)


def shared_folder(mode: int, owner: int) -> bool:
    """Whether a folder is shared: sticky (like /tmp), writable by anyone, or someone else's.

    Windows makes its mode bits and owner up: there the folder's access list decides instead.
    """
    if not system.modes_are_real():
        return False
    return bool(mode & (stat.S_ISVTX | stat.S_IWOTH)) or not system.owned_by_me(owner)


def refuse_link(home: Path, path: Path) -> None:
    """Raise a plain error when `path` is a link (exitplan never follows links in its folder)."""
    if not is_link(path):
        return
    try:
        target = os.readlink(path)
    except OSError:  # pragma: no cover - removed between the two calls
        target = _("somewhere else")
    if path.name in FOLDERS:
        message = _(
            "{name} in {home} is a link to {target}; exitplan never follows links out of its "
            "folder, so nothing was read or changed. Put the real folder there instead of the link"
        )
    else:
        message = _(
            "{name} in {home} is a link to {target}; exitplan never follows links out of its "
            "folder, so nothing was read or changed. Put the real file there instead of the link"
        )
    raise StorageError(message.format(name=path.relative_to(home), home=home, target=target))


def create_new(path: Path) -> int:
    """A new private file (0600) open for writing: never one already there, never a link."""
    return os.open(path, system.open_flags(os.O_WRONLY | os.O_CREAT | os.O_EXCL), PRIVATE_FILE)
