"""The status: the plan on one day as a typed result, and what `exitplan status` prints for it.

One module for both paths: the glance (`service/glance`, no framework) and the full command line
print what `status_output` returns, so their bytes are the same by construction. It imports
neither typer, pydantic, rich nor cryptography.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from exitplan.base.i18n import _
from exitplan.base.safetext import json_text
from exitplan.domain.day import day_view
from exitplan.journal.listing import copy_age
from exitplan.journal.listing import glance as journal_glance
from exitplan.service import terminal
from exitplan.service.results import Look
from exitplan.views.data import status_data, versioned
from exitplan.views.screen import status_text

if TYPE_CHECKING:
    from collections.abc import Sequence
    from datetime import date
    from pathlib import Path

    from exitplan.domain.day import DayView
    from exitplan.domain.plan import Plan
    from exitplan.service.results import Document
    from exitplan.service.workspace import Workspace


class StatusReport(NamedTuple):
    """`status`: the plan on one day, and a word on the journal kept beside it."""

    view: DayView
    # The journal's records and the day of the last one (None: no journal looked at).
    journal: tuple[int, date | None] | None = None
    missing_plan: bool = False
    # A copy of the journal is due: (days since the last copy, whether there ever was one).
    copy_age: tuple[int, bool] | None = None
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        return status_data(self.view, journal=self.journal)

    def screen(self, look: Look) -> str:
        return status_text(
            self.view,
            columns=look.columns,
            colour=look.colour,
            plain=look.plain,
            missing_plan=self.missing_plan,
            journal=self.journal,
            rows=look.rows,
            copy_age=self.copy_age,
        )


def status_output(
    plan: Plan,
    today: date,
    *,
    as_json: bool = False,
    plain: bool = False,
    missing_plan: bool = False,
    notes: Sequence[str] = (),
    home: Path | None = None,
    full: bool = False,
) -> tuple[str, str, int]:
    """What `exitplan status` prints for this plan and day: (stdout, stderr, exit code).

    The one place both the full command line and the glance get the status from. With `home`,
    it also tells of the journal kept there (one directory listing; nothing sealed is opened).
    The screen keeps within the terminal's height unless `full` asks for every part.
    """
    err = "".join(f"{note}\n" for note in notes)
    journal = journal_glance(home) if home is not None else None
    state = plan.state
    age = None
    if journal is not None and home is not None and state is not None:
        age = copy_age(home, state.journal_copied, state.journal_copied_records, today)
    due = (age.days, age.copied) if age is not None else None
    report = StatusReport(day_view(plan, today), journal, missing_plan, due)
    if as_json:
        return json_text(versioned(report.document())), err, 0
    look = Look(
        terminal.width(),
        terminal.colour_enabled(plain=plain),
        plain,
        None if full else terminal.height(),
    )
    return report.screen(look), err, 0


def status_of(
    ws: Workspace, *, as_json: bool = False, plain: bool = False, full: bool = False
) -> tuple[str, str, int]:
    """`exitplan status` on the full path: the plan read, then `status_output` with what status
    says first (the plan file missing while its backups are kept, an older copy put back)."""
    plan = ws.read()
    missing = plan.state is None and bool(ws.store.backups())
    notes = [_("Note: {problem}.").format(problem=ws.store.no_plan())] if missing else []
    rollback = ws.rollback_note(plan.state)
    notes += [rollback] if rollback else []
    return status_output(
        plan,
        ws.today,
        as_json=as_json,
        plain=plain,
        missing_plan=missing,
        notes=notes,
        home=ws.home,
        full=full,
    )
