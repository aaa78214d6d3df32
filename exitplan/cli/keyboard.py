"""Standard input, in one place: whether someone is typing, and what a pipe or a file gives.

A leaf of the CLI. Standard input may be a terminal, a pipe, a file, /dev/null, a test runner's
buffer, or closed (`exitplan add … <&-`, where Python's `sys.stdin` is None): a closed input
reads as an empty one and nobody is typing at it, so every command ends with its plain message
for an empty answer, never a traceback.
"""

from __future__ import annotations

import io
import sys
from typing import TextIO

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import _
from exitplan.base.limits import MAX_NOTE_CHARS
from exitplan.base.spoken import number_text

# Characters read from a pipe beyond the longest text kept (a note), so a longer text is refused
# as too long, never held whole (`< /dev/zero` would otherwise grow until memory runs out).
PIPE_LIMIT = MAX_NOTE_CHARS + 4096


def stdin() -> TextIO:
    """Standard input, or an empty stream when it is closed."""
    stream = sys.stdin
    if stream is None:
        return io.TextIOWrapper(io.BytesIO(b""), encoding="utf-8")
    return stream


def someone_typing() -> bool:
    """Whether someone is typing (stdin is a terminal), rather than a pipe, a file or nothing."""
    from exitplan.service.terminal import is_terminal

    return is_terminal(sys.stdin)


def piped_text(limit: int) -> str:
    """At most `limit` characters of standard input (a closed input reads as empty). A limit is
    required: read whole, a pipe from /dev/zero would grow until memory runs out."""
    if limit < 0:
        raise ValueError("standard input is always read up to a limit")
    return stdin().read(limit)


def piped_bytes(limit: int) -> bytes:
    """At most `limit` bytes of standard input, undecoded (a closed input reads as empty)."""
    if limit < 0:
        raise ValueError("standard input is always read up to a limit")
    stream = stdin()
    buffer = getattr(stream, "buffer", None)
    if buffer is None:  # a text-only stream (rare): its text, encoded back
        return stream.read(limit).encode("utf-8")[:limit]
    data = buffer.read(limit)
    return data if isinstance(data, bytes) else bytes(data)


def read_line(limit: int = PIPE_LIMIT) -> str:
    """One line of standard input with its line end ("" at the end of input), at most `limit`
    characters: a longer line is refused, never held whole (a pipe can reach a prompt)."""
    line = stdin().readline(limit + 1)
    if len(line) > limit:
        raise too_long(limit)
    return line


def too_long(limit: int) -> ExitplanError:
    """The refusal of standard input past its limit (nothing was read further, or changed)."""
    return ExitplanError(
        _(
            "the text given on standard input is longer than {count} characters; "
            "nothing was changed"
        ).format(count=number_text(limit))
    )
