"""The one rule for control characters: what text exitplan never keeps, and how text it did not
write reaches the screen.

Kept text (a file's fields, a typed note, a journal entry, a cache) must not hold a control
character other than new line and tab, nor a lone surrogate (`REFUSED`): the file formats refuse
it, typed text has it stripped, a cache or a record holding it is read as damaged.

A name or a value planted in the data folder (a checklist's file name, a field of a planted
file, an attached file's name) may hold escape sequences that retitle the terminal, write the
clipboard (OSC 52) or hide text, or new lines that fake lines of output. Every such text is
shown through `screen_text` or `one_line`: control characters become U+FFFD (the replacement
character), so nothing is ever interpreted by the terminal. Stdlib only, importable anywhere.
"""

from __future__ import annotations

import re

_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")  # every control character but the new line
_LINE_BREAKERS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")

REPLACEMENT = "\ufffd"
# What is never kept: control characters but new line and tab (C0, DEL and C1), lone surrogates.
REFUSED = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def first_refused(text: str) -> str | None:
    """The first character of `text` that is never kept, or None when there is none."""
    found = REFUSED.search(text)
    return found.group() if found else None


def without_refused(text: str) -> str:
    """`text` with every character that is never kept taken out."""
    return REFUSED.sub("", text)


def screen_text(text: str) -> str:
    """Text for the screen: control characters shown as U+FFFD, new lines kept."""
    return _CONTROL.sub(REPLACEMENT, text) if _CONTROL.search(text) else text


def one_line(text: object) -> str:
    """Text that must stay on one line (a name, a path): new lines, tabs and every other
    control character shown as U+FFFD, so it can never fake a line of output."""
    value = str(text)
    return _LINE_BREAKERS.sub(REPLACEMENT, value) if _LINE_BREAKERS.search(value) else value


_NOT_SPACE_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def only_controls(text: str) -> bool:
    """Whether a text holds control characters (other than spacing: new lines, tabs) and
    nothing else but space: bytes piped in by mistake, never a note (nor an empty one)."""
    return bool(_NOT_SPACE_CONTROL.search(text)) and not _NOT_SPACE_CONTROL.sub("", text).strip()
