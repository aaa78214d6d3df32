"""Every file of the data directory: listing them (`where`) and erasing them (`wipe`).

Links are listed and never followed; special files (FIFOs, devices) are named and never opened.
The wipe checks everything first and erases nothing unless it can erase all of exitplan's
files; then it overwrites each file's bytes with zeros (same length, synced) before deleting it.
That helps on simple file systems; it cannot reach copies a journaling file system, an SSD, a
backup or a sync service may keep, and the person is told so.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path
from typing import NamedTuple

from exitplan.base.errors import ExitplanError, StorageError, os_reason
from exitplan.base.i18n import N_, _, ngettext
from exitplan.base.limits import (
    BACKUP_DIR,
    CACHE_DIR,
    CHECKLIST_DIR,
    FOLDERS,
    JOURNAL_DIR,
    JOURNAL_FILES_DIR,
    KEY_FILE,
    LOCK_FILE,
    NEXT_KEY_FILE,
    OUTSIDE_FILE,
    OWN_FILES,
    PLAN_FILE,
    SEALED_COPY_MARK,
    SEALED_MARK,
    TEMP_SUFFIX,
    VOUCH_FILE,
)
from exitplan.base.safetext import one_line
from exitplan.disk import system
from exitplan.disk.atomic import fsync_dir
from exitplan.disk.leftovers import is_private_folder
from exitplan.disk.safeio import is_link, overwrite, read_capped
from exitplan.formats.cache import is_cache_file


def describe_files(home: Path) -> list[tuple[str, int, str]]:
    """Every file under the data directory: relative path, size, and whether it is sealed."""
    if not home.is_dir():
        return []
    rows = []
    closed: list[OSError] = []  # folders that cannot be opened: named, never passed over
    for folder, dirs, names in os.walk(home, onerror=closed.append):  # links not followed
        base = Path(folder)
        links = [d for d in dirs if is_link(base / d)]
        dirs[:] = sorted(d for d in dirs if d not in links)
        for name in [*names, *links]:
            path = base / name
            st = os.lstat(path)
            rows.append(
                (one_line(path.relative_to(home)), st.st_size, _file_kind(path, st.st_mode, home))
            )
    for exc in closed:
        reason = _("cannot be read: {reason}").format(reason=os_reason(exc))
        rows.append((one_line(Path(exc.filename or home).relative_to(home)), 0, reason))
    return sorted(rows)


_KNOWN = {
    LOCK_FILE: N_("lock file, empty"),
    KEY_FILE: N_("key file: the plan's key, locked by the passphrase"),
    NEXT_KEY_FILE: N_("next key file: a passphrase change that is not finished"),
    VOUCH_FILE: N_("the files an encrypt will seal, itself encrypted: an encrypt not finished"),
}
# The list of files written outside the folder: named for what it is, sealed or not.
_LISTS = {
    OUTSIDE_FILE: (
        N_("the files exitplan wrote outside this folder, with their hashes: plain text"),
        N_("the files exitplan wrote outside this folder, with their hashes: encrypted"),
    )
}


def _file_kind(path: Path, mode: int, home: Path) -> str:
    if stat.S_ISLNK(mode):
        return _("a link to {target}, never followed").format(target=one_line(os.readlink(path)))
    if not stat.S_ISREG(mode):
        return _("not a regular file, never opened")
    if path.parent == home and path.name in _KNOWN:
        return _(_KNOWN[path.name])
    try:
        head = read_capped(path, len(SEALED_MARK))[: len(SEALED_MARK)]
    except OSError as exc:
        return _("cannot be read: {reason}").format(reason=os_reason(exc))
    sealed = head in (SEALED_MARK, SEALED_COPY_MARK)
    if path.parent == home and path.name in _LISTS:
        label = _LISTS[path.name][sealed]
    elif sealed:
        label = N_("encrypted")
    elif path.parent == home / JOURNAL_FILES_DIR:
        label = N_("a copy of an attached file, not encrypted")
    else:
        label = N_("plain text")
    return _(label)


# -- wipe ----------------------------------------------------------------------------------


class WipeRefused(ExitplanError):
    """Something of exitplan's cannot be erased; nothing was."""


class Erasure(NamedTuple):
    """What a wipe will erase, found and checked before anything is touched."""

    files: list[Path]  # exitplan's files, deepest folders first
    folders: list[Path]  # exitplan's folders, removed when nothing else is left in them
    sealed: bool  # whether any of the files is encrypted (or the key file is there)


class WipeContents(NamedTuple):
    """What a wipe would erase, counted for the person before they are asked."""

    plan: bool
    backups: int
    checklists: int
    records: int  # journal records: entries, corrections and attached files
    copies: int  # kept copies of attached files
    key: bool


def contents(home: Path, erasure: Erasure) -> WipeContents:
    """Count what an erasure holds (names only: nothing is opened)."""
    rel = [path.relative_to(home) for path in erasure.files]
    tops = [p.parts[0] for p in rel]

    def count(folder: str, suffix: str = "") -> int:
        return sum(
            1
            for p in rel
            if len(p.parts) == 2
            and p.parts[0] == folder
            and p.name.endswith(suffix)
            and not p.name.endswith(TEMP_SUFFIX)
        )

    copies = sum(
        1
        for p in rel
        if p.parts[:2] == tuple(JOURNAL_FILES_DIR.split("/"))
        and len(p.parts) == 3
        and not p.name.startswith(".")
    )
    return WipeContents(
        plan=PLAN_FILE in tops,
        backups=count(BACKUP_DIR, ".toml"),
        checklists=count(CHECKLIST_DIR, ".toml"),
        records=count(JOURNAL_DIR, ".rec"),
        copies=copies,
        key=KEY_FILE in tops,
    )


class WipeReport(NamedTuple):
    """What a wipe did."""

    erased: int
    left: list[str]  # what is not exitplan's and was left alone, relative to the home
    sealed: bool


def _is_ours(folder: str, name: str) -> bool:
    if name.endswith(TEMP_SUFFIX):
        return True
    if folder == "":
        return name in OWN_FILES
    if folder in (BACKUP_DIR, CHECKLIST_DIR):
        return name.endswith(".toml")
    if folder == CACHE_DIR:
        return is_cache_file(name)
    return folder == JOURNAL_DIR or folder.startswith(JOURNAL_DIR + "/")


def find_erasure(home: Path) -> Erasure:
    """Every file and folder of exitplan's in `home`, each checked: it can be erased.

    Raises `WipeRefused` naming the first thing that cannot be erased and how to fix it.
    """
    files: list[Path] = []
    folders: list[Path] = []
    for rel in [*FOLDERS, JOURNAL_FILES_DIR]:
        folder = home / rel
        if is_link(folder):
            raise WipeRefused(
                _(
                    "{rel} in {home} is a link to {target}; wipe never deletes anything through a "
                    "link. Remove the link itself with: rm '{folder}' (what it points to stays as "
                    "it is), then run wipe again. Nothing was erased"
                ).format(rel=rel, home=home, target=os.readlink(folder), folder=folder)
            )
        if folder.is_dir():
            if not os.access(folder, os.R_OK | os.X_OK):  # what is in it cannot be checked
                raise WipeRefused(
                    _(
                        "cannot look inside {folder}, so wipe cannot check what is in it; {fix}, "
                        "then run wipe again. Nothing was erased"
                    ).format(folder=folder, fix=_fix(folder, "u+rwx"))
                )
            folders.append(folder)
    for folder in [*folders, home]:
        # Always with "/", as the names in limits are (Windows would give "journal\\files").
        rel = "" if folder == home else folder.relative_to(home).as_posix()
        for entry in sorted(os.scandir(folder), key=lambda e: e.name):
            if entry.is_dir(follow_symlinks=False) or not _is_ours(rel, entry.name):
                continue
            path = folder / entry.name
            if entry.is_symlink():
                raise WipeRefused(
                    _(
                        "{rel} in {home} is a link to {target}; wipe never deletes anything "
                        "through a link. Remove the link itself with: rm '{path}', then run wipe "
                        "again. Nothing was erased"
                    ).format(
                        rel=path.relative_to(home),
                        home=home,
                        target=os.readlink(path),
                        path=path,
                    )
                )
            _check_erasable(path, entry.is_file(follow_symlinks=False))
            files.append(path)
    # A run's private folders (a phone check's adb key, when the check was killed outright):
    # everything in them goes, links deleted as they are, never followed.
    for entry in sorted(os.scandir(home), key=lambda e: e.name):
        if is_private_folder(entry.name) and entry.is_dir(follow_symlinks=False):
            for base, dirs, names in os.walk(home / entry.name):
                folder = Path(base)
                for name in names:
                    _check_erasable(folder / name, regular=False)
                files += [folder / name for name in [*names, *dirs] if is_link(folder / name)]
                files += [folder / name for name in names if not is_link(folder / name)]
                folders += [folder / name for name in dirs if not is_link(folder / name)]
            folders.append(home / entry.name)
    sealed = (home / KEY_FILE) in files or any(_sealed(p) for p in files)
    folders.sort(key=lambda f: len(f.parts), reverse=True)
    return Erasure(files, folders, sealed)


def _check_erasable(path: Path, regular: bool) -> None:
    folder = path.parent
    if not os.access(folder, os.W_OK | os.X_OK):
        raise WipeRefused(
            _(
                "cannot erase {path}: the folder {folder} is read-only for you; {fix}, then run "
                "wipe again. Nothing was erased"
            ).format(path=path, folder=folder, fix=_fix(folder, "u+rwx"))
        )
    if regular and not os.access(path, os.W_OK) and not system.owned_by_me(os.lstat(path).st_uid):
        raise WipeRefused(
            _(
                "cannot erase {path}: it belongs to another user account of this computer, who "
                "(or an administrator) must delete it. Nothing was erased"
            ).format(path=path)
        )


def _fix(folder: Path, mode: str) -> str:
    if system.owned_by_me(os.stat(folder).st_uid):
        return _("make it writable with: chmod {mode} '{folder}'").format(mode=mode, folder=folder)
    return _("it belongs to another user account, who (or an administrator) must allow it")


def _sealed(path: Path) -> bool:
    try:
        return read_capped(path, len(SEALED_MARK)).startswith(SEALED_MARK)
    except OSError:
        return False


def erase(home: Path, erasure: Erasure) -> None:
    """Overwrite each regular file with zeros, sync it, delete it; then the empty folders.

    The lock file goes last: the caller holds it until the end. On Windows a file held open
    cannot be deleted: there the caller erases it once released (`erase_lock_file`).
    """
    failures: list[str] = []
    lock = home / LOCK_FILE
    for path in sorted(erasure.files, key=lambda p: p == lock):
        if path == lock and system.on_windows():
            continue
        try:
            overwrite(path)
            path.unlink()
        except FileNotFoundError:
            continue
        except OSError as exc:
            failures.append(f"{path} ({os_reason(exc)})")
    for folder in {*erasure.folders, home}:
        with contextlib.suppress(OSError):
            fsync_dir(folder)
    for folder in erasure.folders:
        with contextlib.suppress(OSError):
            folder.rmdir()  # only when nothing else is left in it
    if failures:
        others = len(failures) - 1
        if others:
            words = ngettext(
                "could not erase {path} and {count} more; the rest was erased",
                "could not erase {path} and {count} more; the rest was erased",
                others,
            )
        else:
            words = _("could not erase {path}; the rest was erased")
        raise StorageError(words.format(path=failures[0], count=others))


def erase_lock_file(home: Path) -> None:
    """Delete the (empty) lock file after the lock is released: Windows' turn at the end of a
    wipe, where the held file could not be deleted."""
    path = home / LOCK_FILE
    try:
        if not is_link(path):
            path.unlink()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StorageError(
            _("could not erase {path}; the rest was erased").format(
                path=f"{path} ({os_reason(exc)})"
            )
        ) from None


def leftovers(home: Path) -> list[str]:
    """What is still in the home after a wipe (not exitplan's), relative to it."""
    if not home.is_dir():
        return []
    found = []
    for folder, dirs, names in os.walk(home):
        base = Path(folder)
        found += [str((base / n).relative_to(home)) for n in [*dirs, *names]]
        dirs[:] = [d for d in dirs if not is_link(base / d)]
    return sorted(found)
