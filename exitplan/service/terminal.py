"""The terminal this run writes to: its colour, its size and plain mode, read once per run.

No framework (the standard library and file access alone), so the glance can use it. The rules:

- Colour only when stdout is a terminal, `NO_COLOR` is unset (or empty) and `TERM` is not
  `dumb`; a non-empty `FORCE_COLOR` forces it on, even when piped. `NO_COLOR` always wins, and
  plain mode never has colour.
- Width: the terminal's width; when piped, `COLUMNS` if set, else 80 (never under 20). Height:
  the terminal's rows, `LINES`, else None (a pipe or a file has no screen to fit).
- Plain mode (`--plain` or `EXITPLAN_PLAIN=1`), for screen readers and braille displays: no box
  drawing, no bar blocks, no symbols standing for words, no colour, one fact per line.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, TextIO

from exitplan.base.limits import PLAIN_ENV
from exitplan.disk import system

if TYPE_CHECKING:
    from collections.abc import Mapping

MIN_WIDTH = 20
_OFF = frozenset({"", "0", "false", "no", "off"})


def _env(environ: Mapping[str, str] | None) -> Mapping[str, str]:
    return os.environ if environ is None else environ


def open_closed_streams() -> None:
    """Give each standard stream the shell closed (`exitplan status >&-`) the null device, first
    thing in a run; the file access layer opens it (`disk.system.open_closed_streams`)."""
    system.open_closed_streams()


def is_terminal(stream: object) -> bool:
    """Whether a stream is a terminal: never for a pipe, a file, a test runner's buffer, a
    closed stream (`exitplan status >&-`, where Python's `sys.stdout` is None) or no stream."""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except (ValueError, OSError):  # closed, or a stream that cannot tell
        return False


def terminal_fd(stream: object) -> int | None:
    """The file descriptor of a stream when it is a terminal (None for a pipe, a file, a test
    runner's buffer or a closed stream)."""
    fileno = getattr(stream, "fileno", None)
    try:
        fd = fileno() if callable(fileno) else None
        return fd if isinstance(fd, int) and os.isatty(fd) else None
    except (AttributeError, ValueError, OSError):
        return None


def plain_enabled(environ: Mapping[str, str] | None = None, flag: bool = False) -> bool:
    """Whether plain mode is on: `--plain` was given, or EXITPLAN_PLAIN is set (not 0/false)."""
    return flag or _env(environ).get(PLAIN_ENV, "").strip().lower() not in _OFF


def colour_enabled(
    stream: TextIO | None = None, environ: Mapping[str, str] | None = None, *, plain: bool = False
) -> bool:
    """Whether to colour output written to `stream` (stdout by default); see the module text."""
    env = _env(environ)
    if plain or env.get("NO_COLOR", ""):
        return False
    if env.get("FORCE_COLOR", ""):
        return True
    if env.get("TERM", "") == "dumb":
        return False
    return is_terminal(sys.stdout if stream is None else stream)


def width() -> int:
    """The columns to write for: COLUMNS, else the terminal's, else 80 (never under 20)."""
    return max(MIN_WIDTH, terminal_columns())


def terminal_columns(fallback: int = 80) -> int:
    """The columns `shutil.get_terminal_size` gives, without importing shutil (and bz2, lzma).

    COLUMNS when it is a positive number, else the width of the terminal on stdout, else
    `fallback` (also when the terminal says 0).
    """
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or fallback


def height() -> int | None:
    """The rows of the terminal on stdout (`LINES` first), or None when stdout is no terminal."""
    try:
        lines = int(os.environ["LINES"])
    except (KeyError, ValueError):
        lines = 0
    if lines > 0:
        return lines
    stream = sys.__stdout__
    if stream is None or not is_terminal(stream):
        return None
    try:
        return os.get_terminal_size(stream.fileno()).lines or None
    except (ValueError, OSError):
        return None
