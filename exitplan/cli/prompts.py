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
- **A quick way out of free text.** At a question that takes the person's own words (a journal
  entry, a note, a reason, an inventory row), Esc twice or Ctrl-C clears the screen and the
  scrollback at once and shows nothing more. What was typed stays in this process's memory
  only: typing `back` and Enter on the blank screen (nothing of it shows) asks whether to bring
  it back; Ctrl-C or Ctrl-D there ends the run with nothing said, and the words are gone.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import sys
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import typer

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import N_, _
from exitplan.base.signals import STOPPED_CODE
from exitplan.cli import keyboard
from exitplan.cli.console import CLEAR_SEQUENCE
from exitplan.cli.talk import asking, say

T = TypeVar("T")

ENDED_CODE = 1  # the end of input (Ctrl-D, or a pipe that ran dry)
# The one calm sentence of a question stopped before anything was saved.
STOPPED = N_("Stopped. Nothing was changed.")
# What a key's escape code looks like when no line editing caught it: CSI (ESC [ ... final),
# SS3 (ESC O x) or ESC and one more character.
_KEY_CODE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|O.|.)?", re.DOTALL)

_editing: Any = None  # the readline module, set up once; False where there is none

# What Esc twice types at a free-text question: readline's macro goes to the end of the line,
# puts this character there (a key nobody presses alone) and ends the line, so `input()`
# returns what was typed with this mark after it.
HIDE_MARK = "\x1f"
_ESC_TWICE = r'"\e\e": "\C-e\C-v\C-_\C-m"'
# The word typed, unseen, on the blank screen to be asked whether to bring the words back.
BACK = N_("back")
HIDE_HINT = N_(
    "Esc twice (or Ctrl-C) clears the screen at once. On the blank screen, type {word} and "
    "press Enter (nothing shows) to bring your words back."
)
_hint_said = False  # the hint is said at the first free-text question of a run only


class Stopped(Exception):
    """The person stopped at a question: Ctrl-C (130) or the end of input (1)."""

    def __init__(self, code: int, left: str = "") -> None:
        super().__init__(code)
        self.code = code
        self.left = left  # what was typed on the line when Ctrl-C came


def line_editing() -> Any:
    """The readline module, set up for exitplan once (None where there is none to trust).

    No history: nothing typed is added to it (Up recalls nothing) and no history file is
    ever read or written. Tab inserts a tab instead of completing file names. No inputrc is
    read: a binding there that starts with Esc Esc (Debian's own has two) would make readline
    wait for a third key, and the quick way out must work at the second. Where Python has no
    readline (Windows) or has libedit's stand-in (macOS's own Python and Homebrew's), whose
    prompts mangle letters such as á and ñ, questions are read without line editing.
    """
    global _editing  # noqa: PLW0603 (one terminal per process, set up once)
    if _editing is None:
        _editing = False
        if sys.platform == "win32":
            return None
        saved = os.environ.get("INPUTRC")
        os.environ["INPUTRC"] = os.devnull  # read once, when the module is first imported
        try:
            import readline
        except ImportError:  # pragma: no cover - Pythons built without it
            pass
        else:
            if "libedit" not in (readline.__doc__ or ""):
                readline.set_auto_history(False)
                readline.clear_history()
                readline.parse_and_bind("tab: tab-insert")
                readline.parse_and_bind(_ESC_TWICE)
                _editing = readline
        finally:
            if saved is None:
                os.environ.pop("INPUTRC", None)
            else:
                os.environ["INPUTRC"] = saved
    return _editing or None


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


def _screen() -> int | None:
    """The descriptor of the terminal questions are drawn on when stdin is a terminal too
    (stdout, else stderr); None when the answers come from a pipe or a file."""
    from exitplan.service.terminal import terminal_fd

    if terminal_fd(keyboard.stdin()) != 0:
        return None
    screen = terminal_fd(sys.stdout)
    if screen is None and terminal_fd(sys.stderr) is not None:
        screen = 2
    return screen


def _edited(prompt: str, start: str) -> str:
    """`input(prompt)` with `start` already on the line, ready to edit."""
    editing = line_editing()
    if not start:
        return input(prompt)

    def put_back() -> None:
        editing.insert_text(start)
        editing.redisplay()

    editing.set_pre_input_hook(put_back)
    try:
        return input(prompt)
    finally:
        editing.set_pre_input_hook(None)


def read_line(prompt: str, start: str = "") -> str:
    """One line typed at the terminal, with line editing where there is any (`start` is
    already on the line, to edit, where there is line editing).

    Raises KeyboardInterrupt (Ctrl-C) or EOFError (the end of input). Where stdin is no
    terminal, one line is read from it; the question is shown on a line of its own only when
    stderr is a terminal (never in a log or in a script's output).
    """
    screen = _screen()
    if screen is not None and line_editing() is not None:
        sys.stderr.flush()
        if screen == 1:
            return _edited(prompt, start)
        with _output_on(screen):
            return _edited(prompt, start)
    from exitplan.service.terminal import terminal_fd

    if terminal_fd(sys.stderr) is not None:  # someone watching: the question, on its own line
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


def typed(prompt: str, start: str = "") -> str:
    """One raw answer; Stopped(130) for Ctrl-C (with what was on the line) and Stopped(1) at
    the end of input."""
    try:
        shown = asking(prompt)
        return read_line(shown, start) if start else read_line(shown)
    except KeyboardInterrupt as exc:
        from exitplan.base import signals

        ended = signals.stopped_by(exc)
        if ended is not None and ended.number != signal.SIGINT:
            raise  # a closed terminal or SIGTERM ends the run; only Ctrl-C is a key here
        editing = line_editing() if _screen() is not None else None
        left = editing.get_line_buffer() if editing is not None else ""
        raise Stopped(STOPPED_CODE, left) from None
    except EOFError:
        raise Stopped(ENDED_CODE) from None


def can_hide() -> bool:
    """Whether the quick way out works here: a person typing at a terminal, with line editing."""
    return _screen() is not None and line_editing() is not None


@contextlib.contextmanager
def _unseen(fd: int) -> Iterator[None]:
    """Keys at the terminal `fd` read one at a time and never shown (no echo; Ctrl-C and
    Ctrl-Z only keys), then the terminal as it was. Keys typed ahead are kept, never flushed."""
    if sys.platform == "win32":  # no termios there (nor line editing, so never reached)
        yield
        return
    import termios

    saved = termios.tcgetattr(fd)
    quiet = termios.tcgetattr(fd)
    quiet[3] &= ~(termios.ECHO | termios.ICANON | termios.ISIG | termios.IEXTEN)
    quiet[6][termios.VMIN] = 1
    quiet[6][termios.VTIME] = 0
    termios.tcsetattr(fd, termios.TCSADRAIN, quiet)
    try:
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def _unseen_word(fd: int) -> str | None:
    """A line typed on the blank screen (see `_unseen`); None for Ctrl-C, Ctrl-D or the end
    of input. A key's escape code starts the word again."""
    word = b""
    while True:
        key = os.read(fd, 1)
        if key in (b"", b"\x03", b"\x04"):
            return None
        if key in (b"\r", b"\n"):
            return word.decode(errors="replace")
        if key in (b"\x7f", b"\x08"):
            word = word[:-1]
        elif key == b"\x1b" or len(word) > 64:
            word = b""
        else:
            word += key


def hide(words: str) -> str:
    """Clear the screen and the scrollback at once and show nothing more; `words` stay in
    memory only. Returns them when the person types `back` (unseen) and then says yes; ends
    the run with nothing said on Ctrl-C or Ctrl-D, and calmly on any answer but yes."""
    screen = _screen()
    if screen is None:  # pragma: no cover - callers check can_hide first
        raise stop(STOPPED_CODE)
    sys.stdout.flush()
    sys.stderr.flush()
    # The Ctrl-C that brought us here was a key, not an end: the run goes on, and every ending
    # signal ends it again (the first one had set them aside for the clean-ups).
    from exitplan.base import signals

    signals.rearm()
    _blank_until_back(screen)
    return _bring_back(words)


def _blank_until_back(screen: int) -> None:
    """Clear the screen and wait, showing nothing, until `back` is typed; Ctrl-C, Ctrl-D or a
    SIGINT sent from elsewhere while the screen is blank end the run, as Ctrl-C does."""
    backs = {"back", _(BACK).casefold()}
    try:
        with _unseen(0):  # before the clear: no key typed after it may show
            os.write(screen, CLEAR_SEQUENCE.encode())
            while True:
                word = _unseen_word(0)
                if word is None:
                    raise typer.Exit(STOPPED_CODE)  # nothing on the screen points back
                if word.strip().casefold() in backs:
                    return
    except KeyboardInterrupt:
        raise typer.Exit(STOPPED_CODE) from None


def _bring_back(words: str) -> str:
    """Ask whether to bring back what was being typed: `words` after a yes; any other answer
    ends the run calmly."""
    from exitplan.cli.replies import meaning

    try:
        answer = typed(_("Bring back what you were typing? Type yes to bring it back"))
    except Stopped as halt:
        raise stop(halt.code) from None
    if meaning(answer) != "yes":
        raise stop(STOPPED_CODE)
    return words


def ask_checked(
    prompt: str,
    check: Callable[[str], T],
    *,
    again: str | None = None,
    stopped: str | None = None,
    free: bool = False,
) -> T:
    """Ask until an answer passes `check` (which raises ExitplanError for a fault); return what
    `check` made of it. Each fault is said in one line, then the question is asked again.

    Ctrl-C ends the run (130), the end of input too (1), after the sentence `stopped`. A
    `free` question (the person's own words) has the quick way out instead: Esc twice or
    Ctrl-C hides everything at once (see `hide`), and the words come back on the line.
    """
    global _hint_said  # noqa: PLW0603 (said once in a run)
    free = free and can_hide()
    if free and not _hint_said:
        _hint_said = True
        say(_(HIDE_HINT).format(word=_(BACK)))
    start = ""
    while True:
        try:
            answer = typed(prompt, start)
        except Stopped as halt:
            if free and halt.code == STOPPED_CODE:
                start = hide(halt.left)
                continue
            raise stop(halt.code, stopped) from None
        start = ""
        if free and answer.endswith(HIDE_MARK):
            start = hide(answer.removesuffix(HIDE_MARK))
            continue
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


def ask(prompt: str, *, stopped: str | None = None, free: bool = False) -> str:
    """One answer typed at the terminal (Enter alone is an empty answer), never holding a key's
    escape code; Ctrl-C ends the run calmly (130), the end of input too (1); a `free` question
    has the quick way out (`ask_checked`)."""
    return ask_checked(prompt, lambda text: text, stopped=stopped, free=free)
