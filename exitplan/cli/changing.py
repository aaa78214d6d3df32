"""Commands that change the plan: init, date, done, undo, skip, note, add (review is its own)."""

from __future__ import annotations

import copy
import sys
from typing import TYPE_CHECKING, Annotated, Literal

import typer

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import _, ngettext
from exitplan.base.limits import MAX_REASON_CHARS
from exitplan.cli.common import (
    ASK,
    env_of,
    long_date,
    read_private_text,
    say,
    stream_is_terminal,
)
from exitplan.cli.review import review as review_cmd

if TYPE_CHECKING:
    from datetime import date

    from exitplan.cli.common import Env
    from exitplan.domain.model import Due, PlanState, Status
    from exitplan.domain.plan import Plan
    from exitplan.domain.schedule import Entry


ItemsArg = Annotated[
    list[str], typer.Argument(metavar="ITEM", help="Numbers, ids, or parts of ids.")
]


PastOpt = Annotated[
    bool,
    typer.Option(
        "--past",
        help="Accept a day that has already passed (the day you left, say). At a terminal "
        "you are asked instead.",
    ),
]


def init(
    ctx: typer.Context,
    exit_date: Annotated[
        str | None,
        typer.Option(
            "--exit-date",
            "-d",
            metavar="DATE",
            help=(
                "The day you plan to leave: 2027-01-31 or +6w. Leave it out to be asked "
                f"(kept out of shell history), or give {ASK} to read it from a pipe."
            ),
            show_default=False,
        ),
    ] = None,
    checklist: Annotated[
        list[str] | None,
        typer.Option(
            "--checklist",
            "-c",
            help="Use only this checklist (repeat for more). Default: all.",
            show_default=False,
        ),
    ] = None,
    force: Annotated[
        bool,
        typer.Option("--force", help="Replace an existing plan (the old one is kept as a backup)."),
    ] = False,
    past: PastOpt = False,
) -> None:
    """Create your plan. You are asked for the day you plan to leave (Enter: decide later).

    Example: exitplan init   (or, from a script: exitplan init --exit-date +6w)
    """
    from exitplan.cli.prompts import at_terminal
    from exitplan.views.export import countdown_text

    env = env_of(ctx)
    env.ws.check_init(checklist, force=force)  # refused before anything is asked
    if exit_date is None and at_terminal():
        when = ask_exit_date(env.today, _("Enter decides later"))
    else:
        when = exit_date_given(exit_date, env.today, past=past) if exit_date else None
    plan = env.ws.init(when, checklist, force=force)
    steps, lists = len(plan.entries), len(plan.checklists)
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
    if when is None:
        say(date_hint(env.today))
    else:
        say(_("Your exit date: {sentence}").format(sentence=countdown_text(when, env.today)))
    from exitplan.cli.situation import offer

    offer(env)
    say(_("See where you are with: exitplan status"))


def date_hint(today: date) -> str:
    """How to set the exit date, the prompt form first (it keeps the day out of shell history)."""
    from exitplan.views.screen import suggested_date

    return _(
        "When you know the day you plan to leave: exitplan date  (it asks for the day; or "
        "give it: exitplan date {example})"
    ).format(example=suggested_date(today))


def exit_date_prompt() -> str:
    """The question for the exit date."""
    return _("The day you plan to leave (a date like 2027-01-31, or +6w for six weeks from today")


def ask_exit_date(today: date, enter: str) -> date | None:
    """The exit date typed at the terminal, checked as it is typed (None: Enter, nothing typed).

    A day that has already passed is kept only when the person says it is meant.
    """
    from exitplan.cli.prompts import ask_checked
    from exitplan.domain.dates import parse_when

    def check(text: str) -> date | None:
        return parse_when(text, today) if text.strip() else None

    while True:
        when = ask_checked(f"{exit_date_prompt()}; {enter})", check)
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
    ).format(day=long_date(when), ago=ago)

    def check(text: str) -> bool:
        reply = text.strip().lower()
        if reply in {"y", "yes"}:
            return True
        if reply in {"", "n", "no"}:
            return False
        raise ExitplanError(_("please type yes, or press Enter"))

    return ask_checked(question, check)


def exit_date_given(text: str, today: date, *, past: bool) -> date:
    """The exit date given on the command line, or read from a pipe when it is `-`.

    A day already behind us is asked about at a terminal; elsewhere it needs --past.
    """
    from exitplan.base.errors import DateError
    from exitplan.cli.prompts import at_terminal
    from exitplan.domain.dates import parse_when

    if text == ASK:
        if at_terminal():
            when = ask_exit_date(today, _("Enter stops"))
            if when is None:
                raise DateError(_("no date was given; nothing was changed"))
            return when
        lines = [line.strip() for line in sys.stdin.read(4096).splitlines() if line.strip()]
        if not lines:
            raise DateError(_("no date came from the pipe; nothing was changed"))
        text = lines[0]
    when = parse_when(text, today)
    if when >= today or past:
        return when
    if at_terminal() and past_is_meant(when, today):
        return when
    if at_terminal():
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


def date_cmd(
    ctx: typer.Context,
    new: Annotated[
        str | None,
        typer.Argument(
            metavar="DATE",
            help=(
                f"2027-01-31, or +3w / +10d from today; {ASK} reads it from a pipe. Leave it out "
                "to be shown the date and asked for a new one (kept out of shell history)."
            ),
            show_default=False,
        ),
    ] = None,
    clear: Annotated[bool, typer.Option("--clear", help="Remove the exit date.")] = False,
    warn_days: Annotated[
        int | None,
        typer.Option(
            "--warn-days",
            min=0,
            max=365,
            help="Days ahead a step counts as due soon (default 7).",
            show_default=False,
        ),
    ] = None,
    per_day: Annotated[
        int | None,
        typer.Option(
            "--per-day",
            metavar="N",
            help="Most steps the plan asks for on one day, 1 to 20 (default 4).",
            show_default=False,
        ),
    ] = None,
    past: PastOpt = False,
) -> None:
    """Show, set or clear the day you plan to leave, and the pace.

    At a terminal, 'exitplan date' shows the day and asks for a new one. Example: exitplan date
    """
    from exitplan.cli.prompts import at_terminal
    from exitplan.domain.pacing import MAX_PER_DAY
    from exitplan.domain.plan import record, set_exit_date, set_per_day

    env = env_of(ctx)
    if new is not None and clear:
        raise typer.BadParameter(_("give a date or --clear, not both"))
    if per_day is not None and not 1 <= per_day <= MAX_PER_DAY:
        raise typer.BadParameter(
            _("give a number of steps from 1 to {most}").format(most=MAX_PER_DAY),
            param_hint="--per-day",
        )
    env.ws.require_plan()  # a plan to change, before anything is asked
    before = env.ws.state().exit_date
    if new is None and not clear and warn_days is None and per_day is None:
        show_date(env)
        if not at_terminal():
            return
        when = ask_exit_date(env.today, _("Enter keeps it"))
        if when is None:
            return
    else:
        when = exit_date_given(new, env.today, past=past) if new is not None else None
    setting = when is not None
    if clear and warn_days is None and per_day is None and before is None:
        say(_("There is no exit date to clear; nothing changed."))
        say(date_hint(env.today))
        return

    only_pace = not setting and not clear and warn_days is None
    if only_pace and per_day is not None and env.ws.state().per_day == per_day:  # no change
        say(
            ngettext(
                "The plan already asks for at most {n} step a day.",
                "The plan already asks for at most {n} steps a day.",
                per_day,
            ).format(n=per_day)
        )
        return

    def apply(state: PlanState, _plan: Plan) -> None:
        if setting or (clear and state.exit_date is not None):
            set_exit_date(state, when, env.ws.now(), env.today)
        if warn_days is not None:
            state.warn_days = warn_days
            record(state, env.ws.now(), "warn-days", detail=str(warn_days))
        if per_day is not None:
            set_per_day(state, per_day, env.ws.now())

    env.ws.change(apply)
    if clear:
        say(
            _(
                "The exit date is cleared (it was {day}): steps timed from it have no deadline "
                "until you pick a day."
            ).format(day=long_date(before))
            if before
            else _("The exit date is cleared.")
        )
        say(date_hint(env.today))
    elif when is not None:
        say_new_date(before, when, env.today)
    if per_day is not None:
        say(
            ngettext(
                "The plan now asks for at most {n} step a day.",
                "The plan now asks for at most {n} steps a day.",
                per_day,
            ).format(n=per_day)
        )


def say_new_date(before: date | None, when: date, today: date) -> None:
    """What a new exit date changed: the day it replaced, then the countdown to the new one."""
    from exitplan.views.export import countdown_text

    if before is not None and before != when:
        say(
            _("The exit date was {old}; it is now {new}.").format(
                old=long_date(before), new=long_date(when)
            )
        )
    elif before == when:
        say(_("The exit date stays {day}.").format(day=long_date(when)))
    say(countdown_text(when, today))


def show_date(env: Env) -> None:
    """The exit date on stdout (for scripts); the countdown, pace and window on stderr."""
    from exitplan.views.export import countdown_text

    plan = env.ws.read()
    state = env.ws.state()
    typer.echo(state.exit_date.isoformat() if state.exit_date else "not set")
    say(countdown_text(state.exit_date, env.today))
    if state.per_day:
        say(
            _("Steps a day: at most {n}. Change it with: exitplan date --per-day N").format(
                n=plan.per_day
            )
        )
    else:
        say(
            _(
                "Steps a day: at most {n} (the default). Change it with: exitplan date --per-day N"
            ).format(n=plan.per_day)
        )
    say(
        _("Due soon: within {n} days. Change it with: exitplan date --warn-days N").format(
            n=plan.warn_days
        )
    )


def _set_status(
    ctx: typer.Context, refs: list[str], status: Status, reason: str | None = None
) -> None:
    from exitplan.domain.plan import set_status

    env = env_of(ctx)

    def apply(state: PlanState, plan: Plan) -> list[tuple[Entry, str | None, bool]]:
        found = (plan.resolve(ref) for ref in refs)
        entries = list({entry.full_id: entry for entry in found}.values())
        # Each step's earlier skip reason, so the person is told whether it was kept or replaced.
        return [
            (e, e.state.reason, set_status(state, e, status, env.ws.now(), reason)) for e in entries
        ]

    # Tried on a copy first: when no step would change, nothing is written (no backup pushed
    # out, no "saved for real" under a rehearsed day).
    env.ws.require_plan()
    trial = copy.deepcopy(env.ws.state())
    results = apply(trial, env.ws.plan(trial))
    if any(changed for *_, changed in results):
        results = env.ws.change(apply)
    for entry, earlier, changed in results:
        say(status_message(entry, status, earlier, reason, changed=changed))


def status_message(
    entry: Entry, status: Status, earlier: str | None, reason: str | None, *, changed: bool
) -> str:
    """What a done, undo or skip did to one step, said truthfully."""
    name = f"#{entry.number} {entry.item.title}"
    was = entry.state.status
    if status == "open":
        return f"Reopened: {name}" if changed else f"Already open, nothing to undo: {name}"
    if status == "done":
        return f"Done: {name}" if changed else f"Already done: {name}"
    if not changed:
        kept = " (its reason is kept)" if earlier else ""
        return f"Already skipped: {name}{kept}"
    if was == "skipped" and earlier and reason:
        return f"Skipped: {name} (the new reason replaces the earlier one)"
    if was == "skipped":
        return f"Skipped: {name} (a reason is kept now)"
    return f"Skipped: {name}"


def done(ctx: typer.Context, items: ItemsArg) -> None:
    """Tick off one or more steps. Example: exitplan done 3 finances.own-account"""
    _set_status(ctx, items, "done")


def undo(ctx: typer.Context, items: ItemsArg) -> None:
    """Mark steps as open again. Example: exitplan undo 3"""
    _set_status(ctx, items, "open")


def skip(
    ctx: typer.Context,
    items: ItemsArg,
    reason: Annotated[
        str | None,
        typer.Option(
            "--reason",
            "-r",
            help=(
                "A few words on why it does not apply (kept with the step). "
                f"Give {ASK} to be asked instead (kept out of shell history)."
            ),
            show_default=False,
        ),
    ] = None,
) -> None:
    """Set aside steps that do not apply to you. Example: exitplan skip children.school"""
    from exitplan.domain.plan import clean_text

    if reason == ASK:
        env_of(ctx).ws.require_plan()  # a plan, then every step, before anything is typed
        plan = env_of(ctx).ws.read()
        for ref in items:  # every step is found before anything is typed
            plan.resolve(ref)
        reason = read_private_text("Why does it not apply (a few words)").strip()
    cleaned = clean_text(reason, "reason", MAX_REASON_CHARS) or None if reason else None
    _set_status(ctx, items, "skipped", cleaned)


def note(
    ctx: typer.Context,
    item: Annotated[str, typer.Argument(help="Number, id, or part of an id.")],
    clear: Annotated[bool, typer.Option("--clear", help="Remove the note.")] = False,
    append: Annotated[
        bool, typer.Option("--add", help="Add the new text after the note there is.")
    ] = False,
    overwrite: Annotated[
        bool, typer.Option("--replace", help="Replace the note there is with the new text.")
    ] = False,
) -> None:
    """Write a note on a step. The text is asked for, never taken from the command line.

    Over an existing note it is shown first, and you choose to add to it, replace it or keep
    it. Example: exitplan note 3   (or: pbpaste | exitplan note 3 --add)
    """
    from exitplan.domain.plan import set_note

    env = env_of(ctx)
    if sum((clear, append, overwrite)) > 1:
        raise typer.BadParameter(_("choose one of --clear, --add or --replace"))
    env.ws.require_plan()  # a plan to write to, and the step, before anything is typed
    entry = env.ws.read().resolve(item)
    name = f"#{entry.number} {entry.item.title}"
    if clear:
        if not entry.state.note:
            say(_("There is no note on {step}, so nothing was changed.").format(step=name))
            return
        env.ws.change(lambda state, plan: set_note(state, plan.resolve(item), "", env.ws.now()))
        say(_("Removed the note from: {step}").format(step=name))
        return
    how = "add" if append else "replace" if overwrite else None
    text = typed_note(entry.state.note, name, how)
    if text is None:
        say(_("Kept the note as it was: {step}").format(step=name))
        return
    if not text:
        say(_("The note is empty, so nothing was changed. Use --clear to remove a note."))
        return
    env.ws.change(lambda state, plan: set_note(state, plan.resolve(item), text, env.ws.now()))
    added = how == "add" and bool(entry.state.note)
    say(
        (_("Added to the note on: {step}") if added else _("Saved the note on: {step}")).format(
            step=name
        )
    )


def typed_note(
    current: str | None, name: str, how: str | None, stopped: str | None = None
) -> str | None:
    """The whole new note for a step (None: keep the note there is; "": nothing was typed).

    Over a note there is, at a terminal, the note is shown and the person chooses to add to it,
    replace it or keep it (`how` chooses beforehand: "add" or "replace"); from a pipe one of
    them must be chosen with --add or --replace, since nothing can be asked. Each answer is
    checked as it is typed; an empty text changes nothing.

    Given `stopped` (review's words for Ctrl-C), every answer is one line, from the terminal or
    from the lines of a pipe, as review reads its keys.
    """
    from exitplan.base.limits import MAX_NOTE_CHARS
    from exitplan.cli.prompts import at_terminal
    from exitplan.domain.plan import clean_text

    one_line = stopped is not None
    if current and how is None:
        if not at_terminal() and not one_line:
            raise ExitplanError(
                _(
                    "{step} already has a note; nothing was changed. Give --add to add the new "
                    "text after it, or --replace to replace it"
                ).format(step=name)
            )
        how = choose_note_action(current, name, stopped)
        if how == "keep":
            return None
    adding = bool(current) and how == "add"
    room = MAX_NOTE_CHARS - (len(current or "") + 1 if adding else 0)

    def check(text: str) -> str:
        cleaned = clean_text(text, "note", MAX_NOTE_CHARS)
        if len(cleaned) > room:
            raise ExitplanError(
                _("the note would be longer than {limit} characters in all").format(
                    limit=MAX_NOTE_CHARS
                )
            )
        return cleaned

    prompt = _("Text to add to the note") if adding else _("Note for {step}").format(step=name)
    if one_line:
        from exitplan.cli.prompts import ask_checked

        text = ask_checked(prompt, check, stopped=stopped)
    else:
        text = read_private_text(prompt, check)
    if not text:
        return ""
    return f"{current}\n{text}" if adding and current else text


def choose_note_action(current: str, name: str, stopped: str | None = None) -> str:
    """Show the note there is; ask whether to add to it, replace it or keep it."""
    from exitplan.cli.prompts import ask_checked
    from exitplan.views.term import width, wrap

    say(_("The note on {step} now reads:").format(step=name))
    for line in current.splitlines() or [""]:
        say("\n".join(wrap(line, width(), "  ", indent=2)))
    words = {"a": "add", "add": "add", "r": "replace", "replace": "replace"}
    words |= {"k": "keep", "keep": "keep", "": "keep"}

    def check(answer: str) -> str:
        chosen = words.get(answer.strip().lower())
        if chosen is None:
            raise ExitplanError(_("please answer a, r or k"))
        return chosen

    return ask_checked(
        _("[a]dd to it, [r]eplace it, or [k]eep it (Enter keeps it)"), check, stopped=stopped
    )


def add(
    ctx: typer.Context,
    checklist: Annotated[str, typer.Argument(help="The checklist to add to, e.g. documents.")],
    title: Annotated[
        str | None,
        typer.Argument(
            help="A short title. Leave it out to be asked instead (kept out of shell history).",
            show_default=False,
        ),
    ] = None,
    due: Annotated[
        str | None,
        typer.Option(
            "--due", help="-3w, +7d, exit, or a date like 2027-01-31.", show_default=False
        ),
    ] = None,
    priority: Annotated[
        Literal["critical", "high", "normal", "low"],
        typer.Option("--priority", "-p", help="critical, high, normal or low."),
    ] = "normal",
    why: Annotated[
        str | None,
        typer.Option(
            "--why",
            help=(
                f"Why it matters to you. Give {ASK} to be asked instead "
                "(kept out of shell history)."
            ),
            show_default=False,
        ),
    ] = None,
) -> None:
    """Add your own step to a checklist. Example: exitplan add documents --due -2w

    The step gets a number and a plain id (mine-1, mine-2, ...) that says nothing about it:
    use the number in other commands, e.g. exitplan done 214.
    """
    from exitplan.domain.plan import add_custom, require_checklist

    env = env_of(ctx)
    parsed_due = parse_due_option(due)
    if title is None and why == ASK and not sys.stdin.isatty():
        raise typer.BadParameter(
            "the title and the why cannot both come from piped input: give the title here, "
            "or run it at the terminal to be asked for both",
            param_hint="--why",
        )
    if title is None or why == ASK:  # the plan and checklist are found before anything is typed
        env.ws.require_plan()
        before = env.ws.read()
        require_checklist(before, canonical_checklist(before, checklist))
    if title is None:
        title = read_private_text("Title of the new step").strip()
    if why == ASK:
        why = read_private_text("Why it matters to you").strip() or None
    full_id = env.ws.change(
        lambda state, plan: add_custom(
            state,
            plan,
            canonical_checklist(plan, checklist),
            title,
            env.ws.now(),
            due=parsed_due,
            priority=priority,
            why=why,
        )
    )
    plan = env.ws.read()
    entry = plan.resolve(full_id)
    if not stream_is_terminal(err=False):
        typer.echo(full_id)  # for scripts; a person at the terminal is given the number below
    say(
        _("Added step #{number}. Use its number from now on: exitplan done {number}").format(
            number=entry.number
        )
    )
    warn_if_due_passed(plan, entry, env.today)


def parse_due_option(due: str | None) -> Due | None:
    """The --due of `add`, with an error that names both forms it accepts."""
    from exitplan.formats.schema import parse_due

    if due is None:
        return None
    try:
        return parse_due(due)
    except ValueError as exc:
        message = str(exc)
        if "is not an offset" in message:  # neither form: say both are accepted
            message = (
                f"'{due}' is neither a date nor an offset: use a date like 2027-01-31, or days "
                "or weeks from the exit date like -3w, -10d, +7d or exit"
            )
        raise typer.BadParameter(message, param_hint="--due") from None


def warn_if_due_passed(plan: Plan, entry: Entry, today: date) -> None:
    """A calm word when a new step's due date is already behind us."""
    from exitplan.domain.schedule import lead_date

    when = lead_date(entry.item, plan.exit_date)
    if when is not None and when < today:
        say(f"Note: its due date, {when.isoformat()}, has already passed, so it shows as overdue.")


def canonical_checklist(plan: Plan, name: str) -> str:
    """A checklist id as typed, matched regardless of case (unknown names are left as typed)."""
    wanted = name.strip().casefold()
    return next((c.id for c in plan.checklists if c.id.casefold() == wanted), name)


# `review` lives in its own module; re-exported here, where the command list looks for it.
review = review_cmd
