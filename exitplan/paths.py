"""Where exitplan keeps its files."""

from __future__ import annotations

import os
from pathlib import Path

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
