"""Changing the plan's steps from the face: done, undo, skip and add, a step's note, checked and
saved under the lock; and the steps review goes through.

The face asks and says; what a note may hold and how it is recorded are the domain's rules,
applied here. Nothing here prints.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, NamedTuple

from exitplan.base.limits import MAX_NOTE_CHARS, MAX_REASON_CHARS, Priority, Status
from exitplan.domain.day import day_view
from exitplan.domain.plan import add_custom, clean_text, set_note, set_status

if TYPE_CHECKING:
    from collections.abc import Iterable
    from datetime import date

    from exitplan.domain.model import Due, PlanState
    from exitplan.domain.plan import Plan
    from exitplan.domain.schedule import Scheduled
    from exitplan.service.workspace import Workspace


def checked_note(text: str) -> str:
    """A typed note as it would be kept (stripped), or a PlanError saying why it cannot be."""
    return clean_text(text, "note", MAX_NOTE_CHARS)


def save_note(ws: Workspace, item: str, text: str) -> None:
    """Replace the note of the step `item` names (an empty text removes it), as one change."""
    ws.change(lambda state, plan: set_note(state, plan.resolve(item), text, ws.now()))


def checked_reason(text: str) -> str:
    """A typed reason for setting a step aside, as it would be kept, or a PlanError."""
    return clean_text(text, "reason", MAX_REASON_CHARS)


def save_status(ws: Workspace, item: str, status: Status, reason: str | None = None) -> None:
    """Mark the step `item` names done or skipped (with its reason), as one change."""
    ws.change(lambda state, plan: set_status(state, plan.resolve(item), status, ws.now(), reason))


class Review(NamedTuple):
    """`review`: the plan, and the open steps it goes through, most urgent first."""

    plan: Plan
    rows: list[Scheduled]


def review_steps(ws: Workspace, today: date, name: str | None) -> Review:
    """The plan, and its open steps that apply (of the checklist named, or all), most urgent
    first: a step set aside as not for you never comes up. No plan yet is refused plainly."""
    plan = ws.read()
    if plan.state is None:
        raise ws.store.no_plan()
    wanted = None if name is None else plan.checklist(name).id
    rows = day_view(plan, today).open_rows()
    return Review(plan, [row for row in rows if wanted in {None, row.entry.checklist.id}])


# -- done, undo, skip and add ---------------------------------------------------------------------


class StatusChange(NamedTuple):
    """One step a done, undo or skip named: its number and title, its status and skip reason
    before, and whether this changed it."""

    number: int
    title: str
    was: Status
    earlier: str | None
    changed: bool


def find_steps(ws: Workspace, refs: Iterable[str]) -> None:
    """Refuse a home without a plan, or a step that is not in it, before anything is typed."""
    ws.require_plan()
    plan = ws.read()
    for ref in refs:
        plan.resolve(ref)


def change_status(
    ws: Workspace, refs: Iterable[str], status: Status, reason: str | None = None
) -> list[StatusChange]:
    """Mark the steps named done, open or skipped (each once, however often named).

    Tried on a copy first: when no step would change, nothing is written (no backup pushed out,
    no "saved for real" under a rehearsed day).
    """
    wanted = list(refs)

    def apply(state: PlanState, plan: Plan) -> list[StatusChange]:
        found = (plan.resolve(ref) for ref in wanted)
        entries = list({entry.full_id: entry for entry in found}.values())
        return [
            StatusChange(
                e.number,
                e.item.title,
                e.state.status,
                e.state.reason,  # the earlier skip reason: the person is told if it was kept
                set_status(state, e, status, ws.now(), reason),
            )
            for e in entries
        ]

    ws.require_plan()
    trial = copy.deepcopy(ws.state())
    results = apply(trial, ws.plan(trial))
    if any(result.changed for result in results):
        results = ws.change(apply)
    return results


def find_checklist(ws: Workspace, name: str) -> None:
    """Refuse a home without a plan, or a checklist name not in it, before anything is typed."""
    ws.require_plan()
    ws.read().checklist(name)


class Added(NamedTuple):
    """A step the person added: its id and number, and its due date when the schedule (with its
    pacing) already counts it overdue."""

    full_id: str
    number: int
    overdue: date | None


def add_step(
    ws: Workspace,
    checklist: str,
    title: str,
    *,
    due: Due | None = None,
    priority: Priority = "normal",
    why: str | None = None,
) -> Added:
    """Add the person's own step to a checklist, as one change.

    Whether it is overdue is the day view's verdict, never worked out here: a step the pacing
    leaves for "if there is time" has no date, and one the pacing moves is judged by its paced
    date.
    """
    full_id = ws.change(
        lambda state, plan: add_custom(
            state, plan, checklist, title, ws.now(), due=due, priority=priority, why=why
        )
    )
    plan = ws.read()
    entry = plan.resolve(full_id)
    row = day_view(plan, ws.today).row(entry)
    late = row.due if row.flag == "overdue" else None
    return Added(full_id, entry.number, late)
