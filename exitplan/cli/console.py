"""The console on each system: escape codes made to work on Windows, and a clear that clears.

- **Windows**: output to a pipe or a file is in the ANSI code page, which cannot spell most of
  what exitplan prints: `prepare()` makes it UTF-8. A console shows escape codes as text
  unless its virtual-terminal mode is on.
  `prepare()` turns it on at start-up through colorama's `just_fix_windows_console()` (a no-op
  elsewhere, and where it is on already). Should that fail, `clear()` still clears, through the
  console's own calls (filling the whole buffer, scrollback included, with spaces).
- **iTerm2** (macOS) keeps its scrollback after the standard erase-scrollback code; its own code
  (`OSC 1337 ; ClearScrollback`) erases it. It is sent only to iTerm2, which others may print.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Mapping
from typing import TextIO

# Go home and clear the screen, then erase the scrollback (where the terminal allows it). In
# this order: many terminals move a cleared screen into the scrollback, so erasing it first
# would leave what was on screen one scroll away.
CLEAR_SEQUENCE = "\033[H\033[2J\033[3J"
ITERM_CLEAR_SCROLLBACK = "\033]1337;ClearScrollback\a"
_ENABLE_VIRTUAL_TERMINAL_PROCESSING = 0x0004

_prepared = False


def prepare() -> None:
    """Make escape codes work in a Windows console (once a run; nothing elsewhere)."""
    global _prepared  # noqa: PLW0603 (one console per process, prepared once)
    if _prepared or sys.platform != "win32":
        return
    _prepared = True
    # A pipe or a file gets the ANSI code page (cp1252), which has no ✓, no box drawing and no
    # Cyrillic: every character exitplan prints would be an encoding error. UTF-8 instead, as
    # the console itself already has.
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if reconfigure is not None and encoding != "utf8":
            with contextlib.suppress(ValueError, OSError):
                reconfigure(encoding="utf-8")
    with contextlib.suppress(ImportError, OSError, AttributeError):
        import colorama  # Windows only (typer's own dependency there): loaded only there

        colorama.just_fix_windows_console()


def is_iterm(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the terminal is iTerm2 (it says so in TERM_PROGRAM, and over ssh LC_TERMINAL)."""
    env = os.environ if environ is None else environ
    return env.get("TERM_PROGRAM") == "iTerm.app" or env.get("LC_TERMINAL") == "iTerm2"


def clear_sequence(environ: Mapping[str, str] | None = None) -> str:
    """The codes that clear the screen and the scrollback in this terminal."""
    return CLEAR_SEQUENCE + (ITERM_CLEAR_SCROLLBACK if is_iterm(environ) else "")


def clear(stream: TextIO) -> None:
    """Clear the terminal behind `stream` and its scrollback, printing nothing else."""
    prepare()
    if sys.platform == "win32" and not _virtual_terminal(stream):
        stream.flush()
        if _clear_windows_console(stream):
            return
    stream.write(clear_sequence())
    stream.flush()


def _virtual_terminal(stream: TextIO) -> bool:
    """Whether the Windows console behind `stream` reads escape codes (False for no console)."""
    if sys.platform != "win32":  # pragma: no cover - for mypy's other platforms
        return True
    import ctypes
    from ctypes import wintypes

    handle = _console_handle(stream)
    if handle is None:
        return True  # not a console: a pipe or a file gets the codes as they are
    mode = wintypes.DWORD()
    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
    if not kernel32.GetConsoleMode(handle, ctypes.byref(mode)):
        return True
    return bool(mode.value & _ENABLE_VIRTUAL_TERMINAL_PROCESSING)


def _console_handle(stream: TextIO) -> int | None:
    """The Windows handle behind `stream` (None when it has none: a test's stream, say)."""
    if sys.platform != "win32":  # pragma: no cover - for mypy's other platforms
        return None
    import msvcrt

    try:
        return msvcrt.get_osfhandle(stream.fileno())
    except (OSError, ValueError, AttributeError):
        return None


def _clear_windows_console(stream: TextIO) -> bool:
    """Blank a Windows console's whole buffer and put the cursor home (False when it cannot)."""
    if sys.platform != "win32":  # pragma: no cover - for mypy's other platforms
        return False
    handle = _console_handle(stream)
    return handle is not None and _blank_console(handle)


def _blank_console(handle: int) -> bool:
    """Fill every cell of a console's buffer, scrollback included, with a space in its colours,
    and put the cursor home (False when the handle is not a console's)."""
    if sys.platform != "win32":  # pragma: no cover - for mypy's other platforms
        return False
    import ctypes
    from ctypes import wintypes

    class Info(ctypes.Structure):
        _fields_ = (
            ("dwSize", wintypes._COORD),
            ("dwCursorPosition", wintypes._COORD),
            ("wAttributes", wintypes.WORD),
            ("srWindow", wintypes.SMALL_RECT),
            ("dwMaximumWindowSize", wintypes._COORD),
        )

    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
    info = Info()
    if not kernel32.GetConsoleScreenBufferInfo(handle, ctypes.byref(info)):
        return False
    cells = info.dwSize.X * info.dwSize.Y
    home = wintypes._COORD(0, 0)
    written = wintypes.DWORD()
    kernel32.FillConsoleOutputCharacterW(
        handle, ctypes.c_wchar(" "), cells, home, ctypes.byref(written)
    )
    kernel32.FillConsoleOutputAttribute(
        handle, info.wAttributes, cells, home, ctypes.byref(written)
    )
    kernel32.SetConsoleCursorPosition(handle, home)
    return True
