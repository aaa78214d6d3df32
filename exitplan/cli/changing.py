"""Commands that change steps: done, undo, skip, add (init, date, note and review: their own)."""

from __future__ import annotations

import copy
import sys
from typing import TYPE_CHECKING, Annotated, Literal

import typer

from exitplan.base.i18n import _
from exitplan.base.limits import MAX_REASON_CHARS
from exitplan.cli.common import (
    ASK,
    env_of,
    read_private_text,
    say,
    stream_is_terminal,
)

if TYPE_CHECKING:
    from datetime import date

    from exitplan.base.limits import Status
    from exitplan.domain.model import Due, Entry, PlanState
    from exitplan.domain.plan import Plan


ItemsArg = Annotated[
    list[str], typer.Argument(metavar="ITEM", help="Numbers, ids, or parts of ids.")
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
    from exitplan.domain.plan import add_custom

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
        before.checklist(checklist)  # refuses a name that is not in the plan
    if title is None:
        title = read_private_text("Title of the new step").strip()
    if why == ASK:
        why = read_private_text("Why it matters to you").strip() or None
    full_id = env.ws.change(
        lambda state, plan: add_custom(
            state,
            plan,
            checklist,
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
