"""Files the person asks for (`--output`, `--folder`): checked before anything is made, then
written privately and atomically.

One rule for every such file (`summary`, `log export`, `log file`): never one of exitplan's own
files (`Store.owns`, from the one list in `limits`), never anything but a regular file the person
named (a link, a device such as /dev/stdout, a FIFO or a folder is refused, even with --force),
never over an existing file without --force, and every failure of the path itself (a folder that
does not exist or cannot be opened, a name too long) one plain line.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING

from exitplan.base.errors import ExitplanError, StorageError, os_reason
from exitplan.base.i18n import _
from exitplan.base.limits import PRIVATE_FILE, PRIVATE_FOLDER
from exitplan.disk import system
from exitplan.disk.atomic import write_atomic
from exitplan.disk.paths import inside

if TYPE_CHECKING:
    from exitplan.home.store import Store


def path_problem(path: Path, exc: OSError) -> str:
    """One plain reason a path could not be used."""
    if exc.errno == errno.ENAMETOOLONG:
        return _("the name is too long for this computer; choose a shorter one")
    if exc.errno in (errno.EACCES, errno.EPERM):
        return _("there is no permission to open a folder on the way")
    if exc.errno == errno.ENOTDIR:
        return _("a part of the path is a file, not a folder")
    if exc.errno == errno.ELOOP:
        return _("it goes through too many links")
    return os_reason(exc)


def check_target(store: Store, target: Path, *, force: bool, folder: bool = False) -> None:
    """Refuse an output path that is exitplan's, not a regular file (or, with `folder`, not a
    folder), already there without `force`, or in a folder that cannot be written."""
    what = _("folder") if folder else _("file")
    if store.owns(target):
        raise ExitplanError(
            _("{path} is one of exitplan's own files; choose another name").format(path=target)
        )
    if inside(target, store.home) is not None:
        # Only exitplan writes there: wipe would leave a summary or an export behind, unencrypted.
        raise ExitplanError(
            _(
                "{path} is inside exitplan's data folder {home}, where only exitplan writes "
                "(wipe would leave it behind); choose a place outside it"
            ).format(path=target, home=store.home)
        )
    try:
        parent_ok = target.parent.is_dir()
        info = os.lstat(target)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise ExitplanError(
            _("cannot write {path}: {reason}; nothing was written").format(
                path=target, reason=path_problem(target, exc)
            )
        ) from None
    if not parent_ok:
        raise ExitplanError(
            _("cannot write {path}: the folder {folder} does not exist").format(
                path=target, folder=target.parent
            )
        )
    if info is not None:
        kind = info.st_mode
        wrong = not stat.S_ISDIR(kind) if folder else not stat.S_ISREG(kind)
        if stat.S_ISLNK(kind) or wrong:
            raise ExitplanError(
                _(
                    "{path} is not a {what} exitplan may write over (it is a link, a device or "
                    "another kind of file); nothing was written. Choose another name"
                ).format(path=target, what=what)
            )
        if folder and any(os.scandir(target)):
            raise ExitplanError(
                _("{path} is a folder that is not empty; give a new or empty folder").format(
                    path=target
                )
            )
        if not folder and not force:
            raise ExitplanError(
                _(
                    "{path} already exists; nothing was written. Choose another name, or add "
                    "--force to replace it"
                ).format(path=target)
            )
    if not os.access(target.parent, os.W_OK | os.X_OK):
        raise ExitplanError(
            _("cannot write {path}: the folder {folder} is read-only for you").format(
                path=target, folder=target.parent
            )
        )


def write_private(target: Path, data: bytes) -> None:
    """Write an output file atomically, readable by its owner only (0600)."""

    try:
        write_atomic(target, data)
        target.chmod(PRIVATE_FILE)
    except StorageError:
        raise
    except OSError as exc:  # pragma: no cover - the temp file was made, then the folder went
        raise StorageError(
            _("could not write {path} ({reason})").format(
                path=target, reason=path_problem(target, exc)
            )
        ) from None


def make_private_folder(target: Path) -> None:
    """Create an output folder readable by its owner only (0700)."""
    try:
        target.mkdir(mode=PRIVATE_FOLDER, exist_ok=True)
        system.protect_folder(target)
    except OSError as exc:
        raise StorageError(
            _("could not create the folder {path} ({reason})").format(
                path=target, reason=path_problem(target, exc)
            )
        ) from None
