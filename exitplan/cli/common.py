"""What every command shares: the options holder, messages, and the one output layer."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from exitplan.base.errors import PassphraseNeeded
from exitplan.base.i18n import N_, _
from exitplan.base.signals import STOPPED_CODE
from exitplan.base.spoken import long_day
from exitplan.cli import keyboard
from exitplan.cli.talk import prompt_text, say, stream_is_terminal

if TYPE_CHECKING:
    from exitplan.service.results import Result
    from exitplan.service.workspace import Workspace

T = TypeVar("T")
# What command modules take from here (say, prompt_text and stream_is_terminal live in talk).
__all__ = [
    "ASK",
    "STOPPED_CODE",
    "Env",
    "JsonOpt",
    "ask",
    "emit_json",
    "env_of",
    "hidden_prompt",
    "prompt_text",
    "read_private_text",
    "rehearsal_note",
    "render",
    "say",
    "stream_is_terminal",
]


def hidden_prompt(text: str) -> str:
    """A passphrase typed with hidden input; Ctrl-C or Ctrl-D ends the run calmly."""
    return ask(text, hidden=True)


def ask(text: str, *, hidden: bool = False) -> str:
    """One answer typed at the terminal (Enter alone is an empty answer, unless hidden).

    Visible answers have line editing (`exitplan.cli.prompts`). Ctrl-C ends the run calmly on a
    new line with exit code 130, and the end of input with exit code 1, instead of "Aborted!".
    """
    from exitplan.cli import prompts

    if not hidden:
        return prompts.ask(text)
    try:
        return str(typer.prompt(prompt_text(text), hide_input=True, err=True))
    except (KeyboardInterrupt, EOFError, typer.Abort) as exc:
        ended = isinstance(exc, EOFError) or isinstance(exc.__context__, EOFError)
        say(_(prompts.STOPPED))  # hidden input has ended its line already
        raise typer.Exit(prompts.ENDED_CODE if ended else STOPPED_CODE) from None


# Given as the value of --reason or --why: ask for the text (or read it from stdin) instead, so
# the words never stand in the command line, where shell history and other programs see them.
ASK = "-"


PIPE_LIMIT = keyboard.PIPE_LIMIT
# A one-line answer piped in (a date, a place): a few words, never a flood.
LINE_PIPE_LIMIT = 4096
# Answers piped in one per line or as TOML (the situation's, the iPhone check's).
ANSWERS_PIPE_LIMIT = 64 * 1024


def read_piped(limit: int = PIPE_LIMIT) -> str:
    """Standard input, at most `limit` characters; more than that is refused, unread."""
    text = keyboard.piped_text(limit + 1)
    if len(text) > limit:
        raise keyboard.too_long(limit)
    return text


def read_private_text(prompt: str, check: Callable[[str], str] | None = None) -> str:
    """Free text from a prompt (checked as it is typed, and asked again on a fault), or from
    stdin when it is not a terminal (checked once: a pipe cannot be asked again; read up to its
    limit only)."""
    if not keyboard.someone_typing():
        text = read_piped()
        return check(text) if check else text
    from exitplan.cli import prompts

    return str(prompts.ask_checked(prompt, check or (lambda text: text), free=True))


@dataclass
class Env:
    """The global options of a run; the workspace built from them does the work."""

    home: Path
    today: date
    passphrase_file: Path | None = None
    passphrase_from_env: bool = False  # EXITPLAN_PASSPHRASE_FILE, not --passphrase-file
    home_given: bool = False
    rehearsing: bool = False  # --today names a day that is not the real today
    plan_before: tuple[int, int, int] | None = None  # plan.toml before the command, if rehearsing
    on_warning: Callable[[str], None] | None = None
    plain: bool = False  # --plain or EXITPLAN_PLAIN=1: output for screen readers
    prompt: str = N_("Passphrase")
    _tries: int = field(default=1, repr=False)
    _workspace: Workspace | None = field(default=None, repr=False)
    _passphrase: str | None = field(default=None, repr=False)

    @property
    def ws(self) -> Workspace:
        """The plan's workspace (built on first use, so help-now never imports the store)."""
        if self._workspace is None:
            from exitplan.service.options import check_home
            from exitplan.service.workspace import Workspace

            check_home(self.home, given=self.home_given)
            self._workspace = Workspace(
                self.home,
                self.today,
                self.ask_passphrase,
                on_warning=self.on_warning or say,
                retry=self.retry_passphrase,
            )
        return self._workspace

    def ask_passphrase(self) -> str:
        """The plan's passphrase: from --passphrase-file, or typed once with hidden input."""
        if self._passphrase is None:
            self._passphrase = self._read_passphrase()
        return self._passphrase

    def use_passphrase(self, typed: str) -> None:
        """Open the plan with this passphrase, typed elsewhere; a wrong one is not asked again."""
        self._passphrase = typed
        self._tries = 3

    def retry_passphrase(self) -> bool:
        """After a wrong passphrase: ask again (up to three tries in all, at a terminal only)."""
        if self.passphrase_file is not None or not keyboard.someone_typing() or self._tries >= 3:
            return False
        self._tries += 1
        self._passphrase = None
        say(_("That passphrase did not open the plan. Please try again."))
        return True

    def _read_passphrase(self) -> str:
        if self.passphrase_file is not None:
            from exitplan.service.options import read_passphrase_file

            return read_passphrase_file(self.passphrase_file)
        if not keyboard.someone_typing():
            raise PassphraseNeeded(
                _(
                    "this plan is encrypted: run exitplan in a terminal to type the passphrase "
                    "(or give --passphrase-file FILE)"
                )
            )
        return hidden_prompt(_(self.prompt))


def rehearsal_note(today: date) -> str:
    """Said once when a rehearsed day changed the plan: the change is real."""
    return _(
        "Note: you are rehearsing as if today were {date}, but this change is "
        "saved for real. 'exitplan restore' brings back the plan as it was just before it."
    ).format(date=long_day(today))


def env_of(ctx: typer.Context) -> Env:
    """The Env the main callback stored."""
    root = ctx.find_root()
    if not isinstance(root.obj, Env):  # pragma: no cover - the callback always runs first
        raise RuntimeError("exitplan callback did not run")
    return root.obj


# -- the output layer ---------------------------------------------------------------------

JsonOpt = Annotated[bool, typer.Option("--json", help=N_("Print JSON for scripts."))]


def render(result: Result, *, json: bool, plain: bool = False) -> None:
    """The one renderer: a command's notes on stderr, then its result on stdout, as one JSON
    document with its schema version or as the screen a person reads (at this terminal's width
    and colour, or plain)."""
    from exitplan.views.data import versioned

    for note in result.notes:
        say(note)
    if json:
        emit_json(versioned(result.document()))
        return
    from exitplan.cli import talk
    from exitplan.service.results import Look
    from exitplan.service.terminal import colour_enabled, height, width

    terminal = talk.stream_is_terminal(err=False)
    look = Look(width(), colour_enabled(plain=plain), plain, height(), terminal)
    text = result.screen(look)
    if text:
        # As it is: typer.echo would strip colour forced when piped.
        sys.stdout.write(text)
        sys.stdout.flush()


def emit_json(data: object) -> None:
    """One JSON document on stdout."""
    from exitplan.base.safetext import json_text

    typer.echo(json_text(data), nl=False)
