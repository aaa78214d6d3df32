"""Answers typed at the terminal: line editing, each answer checked as it is typed, a calm stop.

Every question exitplan asks at a terminal goes through `ask`:

- **Line editing.** The standard library's `readline` (where Python has it) gives Left, Right,
  Home, End, Backspace and the rest. It keeps no history: nothing typed is remembered for the
  Up key, and no history file is read or written. Where there is no line editing, an answer
  holding a key's escape code (an arrow, say) is never kept: the question is asked again.
- **One answer at a time.** A check runs on each answer as it is typed; a fault is said in one
  line and the same question is asked again, so nothing typed before it is lost.
- **A calm stop.** Ctrl-C ends the run on a new line with one calm sentence and exit code 130;
  the end of input (Ctrl-D) does the same with exit code 1. Never "Aborted!", never a traceback.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import typer

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import N_, _
from exitplan.cli import keyboard
from exitplan.cli.talk import prompt_text, say

T = TypeVar("T")

# Ctrl-C: the usual exit code of a program stopped by SIGINT, so scripts can tell.
STOPPED_CODE = 130
ENDED_CODE = 1  # the end of input (Ctrl-D, or a pipe that ran dry)
# The one calm sentence of a question stopped before anything was saved.
STOPPED = N_("Stopped. Nothing was changed.")
# What a key's escape code looks like when no line editing caught it: CSI (ESC [ ... final),
# SS3 (ESC O x) or ESC and one more character.
_KEY_CODE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|O.|.)?", re.DOTALL)

_editing: Any = None  # the readline module, set up once; False where there is none


class Stopped(Exception):
    """The person stopped at a question: Ctrl-C (130) or the end of input (1)."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def line_editing() -> Any:
    """The readline module, set up for exitplan once (None where Python has no readline).

    No history: nothing typed is added to it (Up recalls nothing) and no history file is
    ever read or written. Tab inserts a tab instead of completing file names.
    """
    global _editing  # noqa: PLW0603 (one terminal per process, set up once)
    if _editing is None:
        try:
            import readline
        except ImportError:  # pragma: no cover - Windows and Pythons built without it
            _editing = False
        else:
            readline.set_auto_history(False)
            readline.clear_history()
            if "libedit" in (readline.__doc__ or ""):  # pragma: no cover - macOS
                readline.parse_and_bind("bind ^I ed-insert")
            else:
                readline.parse_and_bind("tab: tab-insert")
            _editing = readline
    return _editing or None


def _terminal_fd(stream: Any) -> int | None:
    """The file descriptor of a stream when it is a terminal (None for a pipe, a file or a test
    runner's buffer)."""
    try:
        fd = stream.fileno()
    except (AttributeError, ValueError, OSError):
        return None
    return fd if os.isatty(fd) else None


@contextlib.contextmanager
def _output_on(fd: int) -> Iterator[None]:
    """Let `input()` draw on the terminal at `fd` while stdout is a pipe or a file: stdout's
    descriptor points at the terminal for the length of one question, then back."""
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        os.dup2(fd, 1)
        yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)


def read_line(prompt: str) -> str:
    """One line typed at the terminal, with line editing where there is any.

    Raises KeyboardInterrupt (Ctrl-C) or EOFError (the end of input). Where stdin is no
    terminal, one line is read from it; the question is shown on a line of its own only when
    stderr is a terminal (never in a log or in a script's output).
    """
    stdin_fd = _terminal_fd(keyboard.stdin())
    screen = _terminal_fd(sys.stdout) if stdin_fd == 0 else None
    if stdin_fd == 0 and screen is None and _terminal_fd(sys.stderr) is not None:
        screen = 2
    if stdin_fd == 0 and screen is not None and line_editing() is not None:
        sys.stderr.flush()
        if screen == 1:
            return input(prompt)
        with _output_on(screen):
            return input(prompt)
    if _terminal_fd(sys.stderr) is not None:  # someone watching: the question, on its own line
        sys.stderr.write(prompt.rstrip() + "\n")
        sys.stderr.flush()
    line = keyboard.read_line()
    if not line:
        raise EOFError
    return line.removesuffix("\n").removesuffix("\r")


def stop(code: int, words: str | None = None) -> typer.Exit:
    """End the run calmly: a new line (the shell prompt must not land on the question's line),
    one sentence, and the exit code. Returns the exception for the caller to raise."""
    typer.echo("", err=True)
    say(_(words or STOPPED))
    return typer.Exit(code)


def typed(prompt: str) -> str:
    """One raw answer; Stopped(130) for Ctrl-C and Stopped(1) at the end of input."""
    try:
        return read_line(prompt_text(prompt, err=True) + ": ")
    except KeyboardInterrupt:
        raise Stopped(STOPPED_CODE) from None
    except EOFError:
        raise Stopped(ENDED_CODE) from None


def ask_checked(
    prompt: str,
    check: Callable[[str], T],
    *,
    again: str | None = None,
    stopped: str | None = None,
) -> T:
    """Ask until an answer passes `check` (which raises ExitplanError for a fault); return what
    `check` made of it. Each fault is said in one line, then the question is asked again.

    Ctrl-C ends the run (130), the end of input too (1), after the sentence `stopped`.
    """
    while True:
        try:
            answer = typed(prompt)
        except Stopped as halt:
            raise stop(halt.code, stopped) from None
        if _KEY_CODE.search(answer):
            say(
                _(
                    "That answer holds the code of a key such as an arrow, which cannot be kept "
                    "in the text. Please type it again."
                )
            )
            continue
        try:
            return check(answer)
        except ExitplanError as exc:
            say(_("{problem}. {again}").format(problem=fault(exc), again=again or _(AGAIN)))


AGAIN = N_("Please type it again.")


def fault(exc: ExitplanError) -> str:
    """An error's words as the first half of a sentence (no "Error:", no full stop)."""
    text = str(exc).strip().rstrip(".")
    return text[:1].upper() + text[1:]


def ask(prompt: str, *, stopped: str | None = None) -> str:
    """One answer typed at the terminal (Enter alone is an empty answer), never holding a key's
    escape code; Ctrl-C ends the run calmly (130), the end of input too (1)."""
    return ask_checked(prompt, lambda text: text, stopped=stopped)
