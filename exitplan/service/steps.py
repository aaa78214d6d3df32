"""Changing one step of the plan from the face: its note, checked and saved under the lock.

The face asks and says; what a note may hold and how it is recorded are the domain's rules,
applied here. Nothing here prints.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from exitplan.base.limits import MAX_NOTE_CHARS
from exitplan.domain.plan import clean_text, set_note

if TYPE_CHECKING:
    from exitplan.service.workspace import Workspace


def checked_note(text: str) -> str:
    """A typed note as it would be kept (stripped), or a PlanError saying why it cannot be."""
    return clean_text(text, "note", MAX_NOTE_CHARS)


def save_note(ws: Workspace, item: str, text: str) -> None:
    """Replace the note of the step `item` names (an empty text removes it), as one change."""
    ws.change(lambda state, plan: set_note(state, plan.resolve(item), text, ws.now()))
