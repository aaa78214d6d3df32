"""Drawing for a terminal without a framework: wrapping, a tiny painter, the caution mark.

Standard library only and no I/O: the width, the colour and plain mode are given (the service
layer's `terminal` reads them from the terminal and the environment). Wrapping never splits a
word, a phone number (digits with spaces between them) or a URL, nor breaks at a no-break space
(U+00A0, U+202F: French puts them before « : ; ? ! »), which it prints as it is.
"""

from __future__ import annotations

import re

# The caution mark, and a space wrapping never breaks at and prints as a plain space (the mark
# stays with its title); see _HOLD below.
CAUTION = "⚠"
GLUE = "\ue000"
NARROW = 60  # below this many columns, screens stack what sits side by side when wide

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
# Held inside wrapping only, and printed as the plain space it was: a private-use character, so
# the no-break spaces of the text itself (French « : », 1 200 €) are printed as they are.
_HOLD = GLUE
_SPACES = re.compile(r"[ \t\r\n\f\v]+")  # str.split() would also split at _HOLD
_OTHER_SPACE = re.compile(r"[\t\r\n\f\v]")  # runs of plain spaces need no regex


def squeeze(text: str) -> str:
    """`text` on one line, each run of ordinary white space one space; the no-break spaces of
    French typography (U+00A0, U+202F), which `str.split()` would also cut, are kept."""
    return _SPACES.sub(" ", text).strip()


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
