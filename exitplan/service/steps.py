"""Changing one step of the plan from the face: its state and note, checked and saved under the
lock; and the steps review goes through.

The face asks and says; what a note may hold and how it is recorded are the domain's rules,
applied here. Nothing here prints.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from exitplan.base.limits import MAX_NOTE_CHARS, MAX_REASON_CHARS, Status
from exitplan.domain.day import day_view
from exitplan.domain.plan import clean_text, set_note, set_status

if TYPE_CHECKING:
    from datetime import date

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


def review_steps(ws: Workspace, today: date, name: str | None) -> tuple[Plan, list[Scheduled]]:
    """The plan, and its open steps that apply (of the checklist named, or all), most urgent
    first: a step set aside as not for you never comes up. No plan yet is refused plainly."""
    plan = ws.read()
    if plan.state is None:
        raise ws.store.no_plan()
    wanted = None if name is None else plan.checklist(name).id
    rows = day_view(plan, today).open_rows()
    return plan, [row for row in rows if wanted in {None, row.entry.checklist.id}]
