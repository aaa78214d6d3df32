"""The terminal without a framework: colour, width, plain mode, wrapping and a tiny painter.

Standard library only, so the status screen (and a later fast path) can use it without rich,
typer or pydantic. The rules:

- Colour only when stdout is a terminal, `NO_COLOR` is unset (or empty) and `TERM` is not
  `dumb`; a non-empty `FORCE_COLOR` forces it on, even when piped. `NO_COLOR` always wins, and
  plain mode never has colour.
- Width: the terminal's width; when piped, `COLUMNS` if set, else 80 (never under 20).
- Plain mode (`--plain` or `EXITPLAN_PLAIN=1`), for screen readers and braille displays: no box
  drawing, no bar blocks, no symbols standing for words, no colour, one fact per line.
- Wrapping never splits a word, a phone number (digits with spaces between them) or a URL.
"""

from __future__ import annotations

import os
import re
import sys
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from collections.abc import Mapping

MIN_WIDTH = 20
_OFF = frozenset({"", "0", "false", "no", "off"})


def _env(environ: Mapping[str, str] | None) -> Mapping[str, str]:
    return os.environ if environ is None else environ


def plain_enabled(environ: Mapping[str, str] | None = None, flag: bool = False) -> bool:
    """Whether plain mode is on: `--plain` was given, or EXITPLAN_PLAIN is set (not 0/false)."""
    return flag or _env(environ).get("EXITPLAN_PLAIN", "").strip().lower() not in _OFF


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
    out = sys.stdout if stream is None else stream
    try:
        return out.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False


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


STYLES = {
    "bold": "1",
    "dim": "2",
    "red": "31",
    "bold red": "1;31",
    "green": "32",
    "yellow": "33",
}


class Painter:
    """Wraps text in ANSI codes for a style, or returns it as it is when colour is off."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, text: str, style: str) -> str:
        """`text` in `style` (one of STYLES; an empty style or text is left alone)."""
        if not self.enabled or not style or not text:
            return text
        return f"\x1b[{STYLES[style]}m{text}\x1b[0m"


# A space inside a phone number (`0808 2000 247`, `+44 808`) is held together while wrapping.
_NUMBER_SPACE = re.compile(r"(?<=\d) +(?=\+?\d)")
_NUMBER = re.compile(r"\d +\+?\d")  # a quicker first look for the same
_HOLD = "\u00a0"
_SPACES = re.compile(r"[ \t\r\n\f\v]+")  # str.split() would also split at _HOLD
_OTHER_SPACE = re.compile(r"[\t\r\n\f\v]")  # runs of plain spaces need no regex


def wrap(text: str, width: int, first: str = "", indent: int | None = None) -> list[str]:
    """`text` in lines of at most `width` columns, after the prefix `first` on the first line.

    Following lines are indented by `indent` spaces (the prefix's length by default). Words,
    phone numbers and URLs are never split: a token longer than the room gets a line of its own.
    """
    hang = " " * (len(first) if indent is None else indent)
    if "\n" not in text and len(first) + len(text) <= width:
        return [(first + text).replace(_HOLD, " ")]  # fits: keep its spacing as it is
    if _OTHER_SPACE.search(text):
        text = _SPACES.sub(" ", text)
    text = text.strip()
    if _NUMBER.search(text):
        text = _NUMBER_SPACE.sub(_HOLD, text)
    words = [word for word in text.split(" ") if word]
    if not words:
        return [first.rstrip()]
    # Greedy filling at single spaces, as textwrap does with break_long_words and
    # break_on_hyphens off, written out because textwrap's regular expressions cost most of the
    # time of `list` on a long plan.
    room = max(width, len(first) + 1, len(hang) + 1)
    lines: list[str] = []
    line = first + words[0]
    for word in words[1:]:
        if len(line) + 1 + len(word) <= room:
            line += " " + word
        else:
            lines.append(line)
            line = hang + word
    lines.append(line)
    return [line.replace(_HOLD, " ") for line in lines]


def wrap_lines(text: str, width: int, indent: str = "") -> list[str]:
    """Each paragraph of a multi-line text wrapped with `indent` before every line."""
    out: list[str] = []
    for paragraph in text.splitlines() or [""]:
        out += wrap(paragraph, width, indent) if paragraph.strip() else [""]
    return out
