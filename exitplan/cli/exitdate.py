"""The exit date: `init` and `date`, which ask for the day at a terminal (so it stays out of shell
history), say which day it is and the one it replaces, and confirm a day already passed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from exitplan.base.i18n import N_, _, ngettext
from exitplan.base.limits import MAX_WARN_DAYS
from exitplan.cli import keyboard
from exitplan.cli.common import ASK, LINE_PIPE_LIMIT, env_of, read_piped, render, say
from exitplan.cli.replies import meaning
from exitplan.cli.talk import helptext
from exitplan.views.words import long_day

if TYPE_CHECKING:
    from datetime import date


PastOpt = Annotated[
    bool,
    typer.Option(
        "--past",
        help=N_(
            "Accept a day that has already passed (the day you left, say). At a terminal "
            "you are asked instead."
        ),
    ),
]


@helptext(
    N_(
        "Create your plan. You are asked for the day you plan to leave "
        "(Enter: decide later).\n"
        "\n"
        "Example: exitplan init (or, from a script: exitplan init --exit-date "
        "+6w)"
    )
)
def init(
    ctx: typer.Context,
    exit_date: Annotated[
        str | None,
        typer.Option(
            "--exit-date",
            "-d",
            metavar="DATE",
            help=N_(
                "The day you plan to leave: 2027-01-31 or +6w. Leave it out to be asked "
                "(kept out of shell history), or give - to read it from a pipe."
            ),
            show_default=False,
        ),
    ] = None,
    checklist: Annotated[
        list[str] | None,
        typer.Option(
            "--checklist",
            "-c",
            help=N_("Use only this checklist (repeat for more). Default: all."),
            show_default=False,
        ),
    ] = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force", help=N_("Replace an existing plan (the old one is kept as a backup).")
        ),
    ] = False,
    past: PastOpt = False,
) -> None:
    env = env_of(ctx)
    env.ws.check_init(checklist, force=force)  # refused before anything is asked
    if exit_date is None and keyboard.someone_typing():
        when = ask_exit_date(env.today, _("Enter decides later"))
    else:
        when = exit_date_given(exit_date, env.today, past=past) if exit_date else None
    plan = env.ws.init(when, checklist, force=force)
    say_ready(len(plan.entries), len(plan.checklists))
    say_exit_day(when, env.today)
    from exitplan.cli.situation import offer

    offer(env)
    say(_("See where you are with: exitplan status"))
    if not env.home_given:
        say(_(FOLDER_TRACE).format(home=env.home))
    say(_(HISTORY_TRACE))


def say_ready(steps: int, lists: int) -> None:
    """How many steps and checklists the new plan holds."""
    if lists == 1:
        ready = ngettext(
            "Your plan is ready: {steps} step in 1 checklist.",
            "Your plan is ready: {steps} steps in 1 checklist.",
            steps,
        )
    else:
        ready = ngettext(
            "Your plan is ready: {steps} step in {lists} checklists.",
            "Your plan is ready: {steps} steps in {lists} checklists.",
            steps,
        )
    say(ready.format(steps=steps, lists=lists))


def say_exit_day(when: date | None, today: date) -> None:
    """The new plan's exit date: how to set one, the countdown, or how long ago it was."""
    from exitplan.service.changes import date_hint
    from exitplan.views.words import countdown_text

    if when is None:
        say(date_hint(today))
    elif when >= today:
        say(_("Your exit date: {sentence}").format(sentence=countdown_text(when, today)))
    else:
        ago = (today - when).days
        say(
            ngettext(
                "Your exit date: {day}, {n} day ago.",
                "Your exit date: {day}, {n} days ago.",
                ago,
            ).format(day=long_day(when), n=ago)
        )


# Said when they are made, with the fix: the traces a first use leaves on a shared computer.
FOLDER_TRACE = N_(
    "On a shared computer: your plan is in {home}, a folder whose name says exitplan. To keep "
    "it elsewhere, such as on a USB stick, use --home (or EXITPLAN_HOME)."
)
HISTORY_TRACE = N_(
    "Your shell may keep the commands you type in its history: in bash, run history -c just "
    "before you close this terminal."
)


def exit_date_prompt(today: date) -> str:
    """The question for the exit date, with an example six weeks from today."""
    from exitplan.views.screen import suggested_date

    return _(
        "The day you plan to leave (a date like {example}, or +6w for six weeks from today"
    ).format(example=suggested_date(today))


def ask_exit_date(today: date, enter: str) -> date | None:
    """The exit date typed at the terminal, checked as it is typed (None: Enter, nothing typed).

    A day that has already passed is kept only when the person says it is meant.
    """
    from exitplan.cli.prompts import ask_checked
    from exitplan.service.plandates import typed_day

    def check(text: str) -> date | None:
        return typed_day(text, today) if text.strip() else None

    while True:
        # Translators: the exit-date question, then what Enter does, closing its bracket.
        question = _("{question}; {enter})").format(question=exit_date_prompt(today), enter=enter)
        when = ask_checked(question, check)
        if when is None or when >= today or past_is_meant(when, today):
            return when


def past_is_meant(when: date, today: date) -> bool:
    """At the terminal: whether a day already behind us is the one meant (the day the person
    left, say), or a typo to type again."""
    from exitplan.base.errors import ExitplanError
    from exitplan.cli.prompts import ask_checked

    ago = (today - when).days
    question = ngettext(
        "{day} was yesterday. Keep it (the day you left, say)? Type yes to keep it, or press "
        "Enter to give another day",
        "{day} was {ago} days ago. Keep it (the day you left, say)? Type yes to keep it, or "
        "press Enter to give another day",
        ago,
    ).format(day=long_day(when), ago=ago)

    def check(text: str) -> bool:
        reply = meaning(text)
        if reply == "yes":
            return True
        if reply == "no" or not text.strip():
            return False
        raise ExitplanError(_("please type yes, or press Enter"))

    return ask_checked(question, check)


def exit_date_given(text: str, today: date, *, past: bool) -> date:
    """The exit date given on the command line, or read from a pipe when it is `-`.

    A day already behind us is asked about at a terminal; elsewhere it needs --past.
    """
    from exitplan.base.errors import DateError
    from exitplan.service.plandates import typed_day

    if text == ASK:
        if keyboard.someone_typing():
            when = ask_exit_date(today, _("Enter stops"))
            if when is None:
                raise DateError(_("no date was given; nothing was changed"))
            return when
        lines = [line.strip() for line in read_piped(LINE_PIPE_LIMIT).splitlines() if line.strip()]
        if not lines:
            raise DateError(_("no date came from the pipe; nothing was changed"))
        text = lines[0]
    when = typed_day(text, today)
    if when >= today or past:
        return when
    if keyboard.someone_typing() and past_is_meant(when, today):
        return when
    if keyboard.someone_typing():
        fresh = ask_exit_date(today, _("Enter stops"))
        if fresh is None:
            raise DateError(_("no date was given; nothing was changed"))
        return fresh
    raise DateError(
        _(
            "{day} has already passed; nothing was changed. If it is the day you left, add "
            "--past; if it is a typo, give the date again"
        ).format(day=when.isoformat())
    )


@helptext(
    N_(
        "Show, set or clear the day you plan to leave, and the pace.\n"
        "\n"
        "At a terminal, 'exitplan date' shows the day and asks for a new one. "
        "Example: exitplan date"
    )
)
def date_cmd(
    ctx: typer.Context,
    new: Annotated[
        str | None,
        typer.Argument(
            metavar="DATE",
            help=N_(
                "2027-01-31, or +3w / +10d from today; - reads it from a pipe. Leave it out "
                "to be shown the date and asked for a new one (kept out of shell history)."
            ),
            show_default=False,
        ),
    ] = None,
    clear: Annotated[bool, typer.Option("--clear", help=N_("Remove the exit date."))] = False,
    warn_days: Annotated[
        int | None,
        typer.Option(
            "--warn-days",
            min=0,
            max=MAX_WARN_DAYS,
            help=N_("Days ahead a step counts as due soon (default 7)."),
            show_default=False,
        ),
    ] = None,
    per_day: Annotated[
        int | None,
        typer.Option(
            "--per-day",
            metavar="N",
            help=N_("Most steps the plan asks for on one day, 1 to 20 (default 4)."),
            show_default=False,
        ),
    ] = None,
    past: PastOpt = False,
) -> None:
    from exitplan.service import changes, plandates

    env = env_of(ctx)
    check_date_options(new, clear=clear, per_day=per_day)
    before = plandates.exit_date(env.ws)  # a plan to change, before anything is asked
    if new is None and not clear and warn_days is None and per_day is None:
        render(changes.show_dates(env.ws, env.today), json=False)
        if not keyboard.someone_typing():
            return
        when = ask_exit_date(env.today, _("Enter keeps it"))
        if when is None:
            return
    else:
        when = exit_date_given(new, env.today, past=past) if new is not None else None
    result = changes.change_dates(
        env.ws, before, when, clear=clear, warn_days=warn_days, per_day=per_day
    )
    render(result, json=False)


def check_date_options(new: str | None, *, clear: bool, per_day: int | None) -> None:
    """Refuse a date with --clear, and a pace out of its bounds, before anything is read."""
    from exitplan.service.plandates import PaceError, check_per_day

    if new is not None and clear:
        raise typer.BadParameter(_("give a date or --clear, not both"))
    try:
        if per_day is not None:
            check_per_day(per_day)  # the domain's rule, asked before anything is read
    except PaceError as exc:
        raise typer.BadParameter(str(exc), param_hint="--per-day") from None
