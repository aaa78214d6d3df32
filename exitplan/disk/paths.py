"""Where exitplan keeps its files."""

from __future__ import annotations

import os
from pathlib import Path

from exitplan.base.errors import StorageError

APP_NAME = "exitplan"
HOME_ENV = "EXITPLAN_HOME"


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
            f"{parent}: that folder does not exist. Is the drive connected? Nothing was changed"
        )
