"""Where exitplan keeps its files."""

from __future__ import annotations

import os
from pathlib import Path, PurePath

from exitplan.base.errors import StorageError
from exitplan.base.i18n import _
from exitplan.base.limits import HOME_ENV, KEY_FILE, NEXT_KEY_FILE

APP_NAME = "exitplan"


def default_home() -> Path:
    """The per-user data directory (XDG data dir on Linux), never Desktop or Documents."""
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False)


def resolve_home(option: str | os.PathLike[str] | None) -> Path:
    """The data directory: `--home`, else `EXITPLAN_HOME`, else the platform default."""
    if option:
        return Path(option).expanduser()
    env = os.environ.get(HOME_ENV)
    if env:
        return Path(env).expanduser()
    return default_home()


def key_file_here(home: Path) -> bool:
    """Whether a key file is in `home`: plan.key, or plan.key.next while a passphrase change is
    unfinished (either means the home was encrypted, and either can unlock it). Any entry of
    that name counts, a link too: what is there is then the key session's to open or refuse."""
    return any(os.path.lexists(home / name) for name in (KEY_FILE, NEXT_KEY_FILE))


def home_was_given(option: str | os.PathLike[str] | None) -> bool:
    """Whether the person chose the folder (`--home` or `EXITPLAN_HOME`) rather than the default."""
    return bool(option) or bool(os.environ.get(HOME_ENV))


def check_given_home(home: Path) -> None:
    """Refuse a chosen home whose parent folder is missing (often a drive not plugged in).

    Only the last folder of a chosen home is ever created, so a plan meant for a USB stick
    never lands on the internal disk because the stick was not there.
    """

    parent = home.parent
    if not home.is_dir() and not parent.is_dir():
        raise StorageError(
            _(
                "{parent}: that folder does not exist. Is the drive connected? Nothing was changed"
            ).format(parent=parent)
        )


def inside(path: Path, folder: Path) -> PurePath | None:
    """Where `path` is inside `folder` (relative to it), or None when it is not, decided as a
    case-insensitive file system (FAT or exFAT on a USB stick, macOS's default) sees names:
    parts compared case-folded, or a folder on the way that is `folder` itself by identity
    (st_dev, st_ino). Links are resolved first. When in doubt (a name differing only in case on
    a file system that tells them apart), it counts as inside: the answer refuses a write.
    """
    try:
        target = path.expanduser().resolve()
        home = folder.expanduser().resolve()
    except (OSError, RuntimeError):  # a path too long, a loop of links
        return None
    parts, base = target.parts, home.parts
    if len(parts) >= len(base) and all(
        a.casefold() == b.casefold() for a, b in zip(parts, base, strict=False)
    ):
        return PurePath(*parts[len(base) :])
    try:
        home_id = os.stat(home)
    except OSError:
        return None
    for ancestor in target.parents:
        try:
            if os.path.samestat(os.stat(ancestor), home_id):
                return target.relative_to(ancestor)
        except OSError:
            continue
    return None
