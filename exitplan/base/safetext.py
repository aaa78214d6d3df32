"""The one rule for control characters: what text exitplan never keeps, and how text it did not
write reaches the screen.

Kept text (a file's fields, a typed note, a journal entry, a cache) must not hold a control
character other than new line and tab, nor a lone surrogate (`REFUSED`): the file formats refuse
it, typed text has it stripped, a cache or a record holding it is read as damaged.

A name or a value planted in the data folder (a checklist's file name, a field of a planted
file, an attached file's name, a phone's app name) may hold escape sequences that retitle the
terminal, write the clipboard (OSC 52) or hide text, new lines that fake lines of output, or
characters that act unseen: direction overrides (U+202E shows "gpj.exe" as "exe.jpg"),
zero-width characters and tag characters. One class of characters (`UNSAFE_RANGES`) is never shown
raw: `screen_text` and `one_line` show each as U+FFFD (the replacement character), `escaped`
writes its code (for what the person typed, so they see what went wrong), and `json_text` writes
it as a JSON escape (the same string to any JSON reader, inert on a terminal). Stdlib only,
importable anywhere.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from typing import Any

# Never shown raw: control characters (C0, DEL, C1), lone surrogates, direction marks, embeddings,
# overrides and isolates, zero-width characters, the byte-order mark, and tag characters.
UNSAFE_RANGES = (
    "\x00-\x1f\x7f-\x9f"
    "\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff"
    "\ud800-\udfff\U000e0000-\U000e007f"
)
UNSAFE = re.compile(f"[{UNSAFE_RANGES}]")
_SCREEN = re.compile(f"(?![\n])[{UNSAFE_RANGES}]")  # the new line is the one kept on a screen
_LINE_BREAKERS = re.compile(f"[{UNSAFE_RANGES}\u2028\u2029]")
# What exitplan itself never writes, so no output stream ever carries it raw: direction marks,
# overrides and isolates, zero-width and tag characters, lone surrogates. (Control characters are
# not among them: exitplan's own colours are escape codes; text from outside is shown through
# `screen_text` or `one_line`, and JSON through `json_text`.)
_INVISIBLE = re.compile(
    "[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff"
    "\ud800-\udfff\U000e0000-\U000e007f]"
)

REPLACEMENT = "\ufffd"
# What is never kept: control characters but new line and tab (C0, DEL and C1), lone surrogates.
REFUSED = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def first_refused(text: str) -> str | None:
    """The first character of `text` that is never kept, or None when there is none."""
    found = REFUSED.search(text)
    return found.group() if found else None


def holds_refused(value: object) -> bool:
    """Whether any text in decoded data (a JSON document's values and keys, at any depth) holds
    a character validation never lets in: such data was not written by exitplan (a record or a
    cache file planted with an escape sequence, say), and is never shown or used."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if REFUSED.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def without_refused(text: str) -> str:
    """`text` with every character that is never kept taken out."""
    return REFUSED.sub("", text)


def without_unsafe(text: str) -> str:
    """`text` with every unsafe character taken out (a name typed or piped, shown back)."""
    return UNSAFE.sub("", text) if UNSAFE.search(text) else text


def screen_text(text: str) -> str:
    """Text for the screen: every unsafe character shown as U+FFFD, new lines kept."""
    return _SCREEN.sub(REPLACEMENT, text) if _SCREEN.search(text) else text


def one_line(text: object) -> str:
    """Text that must stay on one line (a name, a path): new lines, tabs and every other
    unsafe character shown as U+FFFD, so it can never fake a line of output."""
    value = str(text)
    return _LINE_BREAKERS.sub(REPLACEMENT, value) if _LINE_BREAKERS.search(value) else value


def _code(found: re.Match[str]) -> str:
    code = ord(found.group())
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def escaped(text: str) -> str:
    """What the person typed, safe to show: each unsafe character (an escape code, a direction
    override) written as its code, `\\x1b` or `\\u202e`, so nothing typed works on the terminal."""
    return _LINE_BREAKERS.sub(_code, text)


def _json_escape(found: re.Match[str]) -> str:
    char = found.group()
    code = ord(char)
    if code < 0x10000:
        return f"\\u{code:04x}"
    high, low = 0xD800 + ((code - 0x10000) >> 10), 0xDC00 + ((code - 0x10000) & 0x3FF)
    return f"\\u{high:04x}\\u{low:04x}"


def json_text(data: object) -> str:
    """One JSON document for output (stdout or a file a person opens), ending in a new line.

    Letters stay letters (`ensure_ascii=False`), but no unsafe character is written raw: the
    standard library escapes only C0 controls, so C1 controls, direction overrides and
    zero-width characters are written as `\\uXXXX` here, which every JSON reader reads back as
    the same text.
    """
    import json

    text = json.dumps(data, ensure_ascii=False, indent=2)
    return _SCREEN.sub(_json_escape, text) + "\n"  # raw new lines are only the layout's


_NOT_SPACE_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def only_controls(text: str) -> bool:
    """Whether a text holds control characters (other than spacing: new lines, tabs) and
    nothing else but space: bytes piped in by mistake, never a note (nor an empty one)."""
    return bool(_NOT_SPACE_CONTROL.search(text)) and not _NOT_SPACE_CONTROL.sub("", text).strip()


def without_invisible(text: str) -> str:
    """`text` with each character that acts unseen (a direction override, a zero-width or tag
    character) shown as U+FFFD."""
    return _INVISIBLE.sub(REPLACEMENT, text) if _INVISIBLE.search(text) else text


class ScreenGuard:
    """An output stream (stdout, stderr) that never passes a character that acts unseen: the
    last guard, whatever the text's source, for what reaches a terminal or a pipe."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        """Write `text`, each unseen-acting character as U+FFFD."""
        return int(self._stream.write(without_invisible(text)))

    def writelines(self, lines: Iterable[str]) -> None:
        """Write each line through `write`."""
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def guard_output() -> None:
    """Put a ScreenGuard on stdout and stderr (once; a closed stream is left as it is)."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is not None and not isinstance(stream, ScreenGuard):
            setattr(sys, name, ScreenGuard(stream))
