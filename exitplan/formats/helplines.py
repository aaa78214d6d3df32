"""Crisis numbers shipped as data, read offline with no plan and no passphrase."""

from __future__ import annotations

import tomllib
from typing import Any


def load_lines() -> list[dict[str, Any]]:
    """The verified helplines shipped with exitplan."""
    from importlib.resources import files

    data = tomllib.loads((files("exitplan") / "helplines.toml").read_text(encoding="utf-8"))
    lines: list[dict[str, Any]] = data.get("line", [])
    return lines
