"""The `phone-check` command: an Android phone read over USB, or a guided iPhone check.

The safety preface and the questions go to stderr; what was found goes to stdout. Nothing is read
from the phone before the person says yes, and nothing is written when the phone cannot be read.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from exitplan.base.i18n import N_, _
from exitplan.base.limits import MAX_PHONE_TIMEOUT, PHONE_TIMEOUT
from exitplan.cli import keyboard
from exitplan.cli.common import ANSWERS_PIPE_LIMIT, STOPPED_CODE, env_of, read_piped, render, say
from exitplan.cli.replies import NO, UNSURE, YES, meaning
from exitplan.cli.talk import asking, helptext

if TYPE_CHECKING:
    from collections.abc import Iterable

    from exitplan.cli.common import Env
    from exitplan.service.phonecheck import Paragraph


@helptext(
    N_(
        "Look for signs that a phone is watched: read-only, offline, and only "
        "when you say yes.\n"
        "\n"
        "With an Android phone connected by USB, and USB debugging allowed on "
        "it, this reads what the phone says about its apps and settings "
        "(through the adb program) and compares the apps with a list of known "
        "stalkerware. It never removes or changes anything on the phone. With "
        "--iphone --usb, it reads an iPhone over USB the same way (with "
        "libimobiledevice); with --iphone alone, it guides you through what a "
        "computer cannot read in the iPhone's own settings. --about says where "
        "the list comes from."
    )
)
def phone_check(
    ctx: typer.Context,
    iphone: Annotated[
        bool, typer.Option("--iphone", help=N_("A guided check of an iPhone's own settings."))
    ] = False,
    usb: Annotated[
        bool,
        typer.Option("--usb", help=N_("With --iphone: read the iPhone over a USB cable.")),
    ] = False,
    about: Annotated[
        bool,
        typer.Option(
            "--about",
            help=N_("Where the list of known stalkerware comes from, its date and its licence."),
        ),
    ] = False,
    timeout: Annotated[
        int,
        typer.Option(
            "--timeout",
            min=1,
            max=MAX_PHONE_TIMEOUT,
            metavar="SECONDS",
            help=N_("How long to wait for each answer from the phone (20 by default)."),
        ),
    ] = PHONE_TIMEOUT,
) -> None:
    from exitplan.service import phonecheck

    env = env_of(ctx)
    face = Face(env)
    if about:
        render(phonecheck.stalkerware_list(), json=False, plain=env.plain)
        return
    if usb and not iphone:
        raise typer.BadParameter(_("--usb goes with --iphone"), param_hint="--usb")
    if iphone and usb:
        phonecheck.iphone_usb(env.ws, face, timeout, plain=env.plain)
    elif iphone:
        iphone_check(env, face)
    else:
        phonecheck.android(env.ws, face, timeout, plain=env.plain)


# What the service's kinds of reply are, in the words a person may type.
KINDS = {"yes": YES, "no": NO, "unsure": UNSURE}


class Face:
    """The person the phone check talks to: paragraphs shown, lines said, questions asked."""

    def __init__(self, env: Env) -> None:
        self.env = env

    def show(self, paragraphs: Iterable[Paragraph], *, err: bool = False) -> None:
        """Paragraphs wrapped to the terminal, on stdout (or stderr, with the questions)."""
        show(paragraphs, self.env, err=err)

    def say(self, text: str) -> None:
        """One line on stderr."""
        say(text)

    def ask(self, question: str, kinds: tuple[str, ...], again: str, *, empty: bool = False) -> str:
        """One reply meaning one of `kinds`, or '' when `empty` allows it."""
        return answer(question, tuple(KINDS[kind] for kind in kinds), again, empty=empty)


def answer(question: str, kinds: tuple[str, ...], again: str, *, empty: bool = False) -> str:
    """One reply, asked on stderr until it means one of `kinds` ('yes', 'no', 'unsure': see
    `replies`), or is empty when `empty` allows it ('').

    The line is read straight from stdin, so nothing of the prompt reaches stdout. Ctrl-C ends
    the run with exit 130 and the end of input with 1, saying what was kept.
    """
    while True:
        sys.stderr.write(asking(question))
        sys.stderr.flush()
        try:
            line = keyboard.read_line()
        except KeyboardInterrupt:
            line = None
        if not line:
            typer.echo("", err=True)
            say(_("Stopped. Whatever was already saved stays as it was."))
            raise typer.Exit(1 if line == "" else STOPPED_CODE)
        reply = meaning(line, kinds)
        if reply is not None:
            return reply
        if empty and not line.strip():
            return ""
        say(again)


def show(paragraphs: Iterable[Paragraph], env: Env, *, err: bool = False) -> None:
    """Print paragraphs wrapped to the terminal, bold only where colour is on."""
    from exitplan.service.phonecheck import screen
    from exitplan.service.results import Look
    from exitplan.service.terminal import colour_enabled, width

    stream = sys.stderr if err else sys.stdout
    look = Look(width(), colour_enabled(stream, plain=env.plain), env.plain)
    typer.echo(screen(paragraphs, look), err=err)


def iphone_check(env: Env, face: Face) -> None:
    """The guided iPhone check: each question asked at a terminal, or TOML read from a pipe."""
    from exitplan.service import phonecheck

    env.ws.require_plan()
    answers = (
        phonecheck.ask_iphone(face)
        if keyboard.someone_typing()
        else phonecheck.read_iphone_answers(read_piped(ANSWERS_PIPE_LIMIT))
    )
    render(phonecheck.keep_iphone_answers(env.ws, answers), json=False, plain=env.plain)
