"""Commands that change steps: done, undo, skip, add (init, date, note and review: their own)."""

from __future__ import annotations

import copy
import re
from typing import TYPE_CHECKING, Annotated, cast

import typer

from exitplan.base import spoken
from exitplan.base.i18n import N_, _
from exitplan.base.limits import MAX_REASON_CHARS
from exitplan.cli import keyboard
from exitplan.cli.common import (
    ASK,
    env_of,
    read_private_text,
    say,
    stream_is_terminal,
)
from exitplan.cli.talk import helptext

if TYPE_CHECKING:
    from datetime import date

    from exitplan.base.limits import Priority, Status
    from exitplan.domain.model import Due, Entry, PlanState
    from exitplan.domain.plan import Plan


ItemsArg = Annotated[
    list[str], typer.Argument(metavar="ITEM", help=N_("Numbers, ids, or parts of ids."))
]


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
        text = _("Reopened: {name}") if changed else _("Already open, nothing to undo: {name}")
    elif status == "done":
        text = _("Done: {name}") if changed else _("Already done: {name}")
    elif not changed:
        text = (
            _("Already skipped: {name} (its reason is kept)")
            if earlier
            else _("Already skipped: {name}")
        )
    elif was == "skipped" and earlier and reason:
        text = _("Skipped: {name} (the new reason replaces the earlier one)")
    elif was == "skipped":
        text = _("Skipped: {name} (a reason is kept now)")
    else:
        text = _("Skipped: {name}")
    return text.format(name=name)


@helptext(N_("Tick off one or more steps. Example: exitplan done 3 finances.own-account"))
def done(ctx: typer.Context, items: ItemsArg) -> None:
    _set_status(ctx, items, "done")


@helptext(N_("Mark steps as open again. Example: exitplan undo 3"))
def undo(ctx: typer.Context, items: ItemsArg) -> None:
    _set_status(ctx, items, "open")


@helptext(N_("Set aside steps that do not apply to you. Example: exitplan skip children.school"))
def skip(
    ctx: typer.Context,
    items: ItemsArg,
    reason: Annotated[
        str | None,
        typer.Option(
            "--reason",
            "-r",
            help=N_(
                "A few words on why it does not apply (kept with the step). "
                "Give - to be asked instead (kept out of shell history)."
            ),
            show_default=False,
        ),
    ] = None,
) -> None:
    from exitplan.domain.plan import clean_text

    if reason == ASK:
        env_of(ctx).ws.require_plan()  # a plan, then every step, before anything is typed
        plan = env_of(ctx).ws.read()
        for ref in items:  # every step is found before anything is typed
            plan.resolve(ref)
        reason = read_private_text(_("Why does it not apply (a few words)")).strip()
    cleaned = clean_text(reason, "reason", MAX_REASON_CHARS) or None if reason else None
    _set_status(ctx, items, "skipped", cleaned)


@helptext(
    N_(
        "Add your own step to a checklist. Example: exitplan add documents "
        "--due -2w\n"
        "\n"
        "The step gets a number and a plain id (mine-1, mine-2, ...) that "
        "says nothing about it: use the number in other commands, e.g. "
        "exitplan done 214."
    )
)
def add(
    ctx: typer.Context,
    checklist: Annotated[str, typer.Argument(help=N_("The checklist to add to, e.g. documents."))],
    title: Annotated[
        str | None,
        typer.Argument(
            help=N_("A short title. Leave it out to be asked instead (kept out of shell history)."),
            show_default=False,
        ),
    ] = None,
    due: Annotated[
        str | None,
        typer.Option(
            "--due", help=N_("-3w, +7d, exit, or a date like 2027-01-31."), show_default=False
        ),
    ] = None,
    priority: Annotated[
        str,
        typer.Option("--priority", "-p", help=N_("critical, high, normal or low.")),
    ] = "normal",
    why: Annotated[
        str | None,
        typer.Option(
            "--why",
            help=N_(
                "Why it matters to you. Give - to be asked instead (kept out of shell history)."
            ),
            show_default=False,
        ),
    ] = None,
) -> None:
    from exitplan.domain.plan import add_custom

    env = env_of(ctx)
    if due is not None and env.ws.store.exists():
        env.ws.state()  # the plan's place: a typed 10/02/2027 is read in its order
    parsed_due = parse_due_option(due)
    level = priority_value(priority)
    if title is None and why == ASK and not keyboard.someone_typing():
        raise typer.BadParameter(
            _(
                "the title and the why cannot both come from piped input: give the title here, "
                "or run it at the terminal to be asked for both"
            ),
            param_hint="--why",
        )
    if title is None or why == ASK:  # the plan and checklist are found before anything is typed
        env.ws.require_plan()
        before = env.ws.read()
        before.checklist(checklist)  # refuses a name that is not in the plan
    if title is None:
        title = read_private_text(_("Title of the new step")).strip()
    if why == ASK:
        why = read_private_text(_("Why it matters to you")).strip() or None
    full_id = env.ws.change(
        lambda state, plan: add_custom(
            state,
            plan,
            checklist,
            title,
            env.ws.now(),
            due=parsed_due,
            priority=level,
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


def priority_value(text: str) -> Priority:
    """--priority as a word the screens show, in the language spoken or in English."""
    from exitplan.cli.replies import choice
    from exitplan.views.render import PRIORITY_WORDS

    found = choice(text, tuple(PRIORITY_WORDS.items()))
    if found is None:
        words = ", ".join(_(word) for word in PRIORITY_WORDS.values())
        raise typer.BadParameter(
            _("'{text}' is not one of the choices for --priority; use one of: {choices}").format(
                text=text, choices=words
            )
        )
    return cast("Priority", found)


def parse_due_option(due: str | None) -> Due | None:
    """The --due of `add`, with an error that names both forms it accepts."""
    from exitplan.formats.schema import parse_due

    if due is None:
        return None
    local = spoken.numeric_date(due)  # the person's words and order: +6s, salida, 15/01/2027
    typed = local.isoformat() if local is not None else spoken.offset_text(due)
    try:
        return parse_due(typed)
    except ValueError as exc:
        message = str(exc)
        if not _looks_like_due(typed):  # neither form: say both are accepted
            message = _(
                "'{text}' is neither a date nor an offset: use a date like 2027-01-31, or days "
                "or weeks from the exit date like -3w, -10d, +7d or exit"
            ).format(text=due)
        raise typer.BadParameter(message, param_hint="--due") from None


def _looks_like_due(text: str) -> bool:
    """Whether a --due at least has the shape of a date (2027-...) or an offset (-3w, exit)."""
    from exitplan.domain.dates import EXIT_WORDS

    cleaned = text.strip().lower()
    return cleaned in EXIT_WORDS or bool(re.fullmatch(r"[+-]?\d+[dwjs]?|\d{4}-.*", cleaned))


def warn_if_due_passed(plan: Plan, entry: Entry, today: date) -> None:
    """A calm word when the schedule (with its pacing) says a new step is already overdue.

    The verdict is the day view's, never worked out here: a step the pacing leaves for "if
    there is time" has no date, and one the pacing moves is judged by its paced date.
    """
    from exitplan.domain.day import day_view

    row = day_view(plan, today).row(entry)
    if row.flag == "overdue" and row.due is not None:
        say(
            _("Note: its due date, {date}, has already passed, so it shows as overdue.").format(
                date=row.due.isoformat()
            )
        )
