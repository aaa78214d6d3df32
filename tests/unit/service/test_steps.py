"""Changing one step from the face: a note checked as it would be kept, and saved as one change."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from helpers import EXIT, MONEY, PLANNED, TODAY, make_home

from exitplan.base.errors import ExitplanError
from exitplan.base.limits import MAX_NOTE_CHARS
from exitplan.service import steps
from exitplan.service.plandates import Due
from exitplan.service.workspace import Workspace


@pytest.fixture
def ws(home: Path, no_builtins: Path) -> Workspace:
    """A workspace with a plan of the money checklist."""
    make_home(home, MONEY)
    Workspace(home, PLANNED).init(EXIT, [MONEY])
    return Workspace(home, TODAY)


def test_a_note_is_kept_stripped_and_a_long_one_refused() -> None:
    """Spaces around a note go; a note over the limit is refused with a plain error."""
    assert steps.checked_note("  call her  ") == "call her"
    with pytest.raises(ExitplanError):
        steps.checked_note("x" * (MAX_NOTE_CHARS + 1))


def test_a_saved_note_is_on_disk_and_an_empty_one_removes_it(ws: Workspace, home: Path) -> None:
    """The note is saved for the step named; saving an empty text removes it."""
    steps.save_note(ws, "1", "call her")
    assert Workspace(home, TODAY).read().resolve("1").state.note == "call her"
    steps.save_note(ws, "1", "")
    assert not Workspace(home, TODAY).read().resolve("1").state.note


def test_a_status_is_saved_with_its_reason(ws: Workspace, home: Path) -> None:
    """A step skipped with a reason is skipped, with that reason, on disk."""
    steps.save_status(ws, "1", "skipped", "not now")
    state = Workspace(home, TODAY).read().resolve("1").state
    assert (state.status, state.reason) == ("skipped", "not now")


def test_review_goes_through_the_open_steps_of_the_checklist_named(ws: Workspace) -> None:
    """Review's steps are the open ones, of the checklist named (any case); a done one leaves."""
    _plan, rows = steps.review_steps(ws, TODAY, MONEY.upper())
    first = rows[0].entry.full_id
    assert all(row.entry.checklist.id == MONEY for row in rows)
    steps.save_status(ws, first, "done")
    _plan, after = steps.review_steps(ws, TODAY, None)
    assert first not in {row.entry.full_id for row in after}
    assert len(after) == len(rows) - 1


def test_review_without_a_plan_is_refused(home: Path, no_builtins: Path) -> None:
    """With no plan yet, review says so plainly."""
    with pytest.raises(ExitplanError, match="no plan"):
        steps.review_steps(Workspace(home, TODAY), TODAY, None)


def test_a_step_marked_twice_changes_once_and_the_file_stays(ws: Workspace, home: Path) -> None:
    """Done twice: the first says changed, the second not, and no file is written (no backup);
    a step named twice in one call is changed once."""
    first = steps.change_status(ws, ["1", "1"], "done")
    assert [(change.number, change.was, change.changed) for change in first] == [(1, "open", True)]
    before = {path: path.read_bytes() for path in home.rglob("*") if path.is_file()}
    again = steps.change_status(Workspace(home, TODAY), ["1"], "done")
    assert [change.changed for change in again] == [False]
    assert {path: path.read_bytes() for path in home.rglob("*") if path.is_file()} == before


def test_a_skip_tells_the_earlier_reason(ws: Workspace, home: Path) -> None:
    """Skipping a skipped step reports the reason it had, and what it was, before the change."""
    steps.change_status(ws, ["1"], "skipped", "not now")
    [change] = steps.change_status(Workspace(home, TODAY), ["1"], "skipped", "never")
    assert (change.was, change.earlier, change.changed) == ("skipped", "not now", True)
    assert Workspace(home, TODAY).read().resolve("1").state.reason == "never"


def test_a_wrong_step_or_checklist_is_refused_before_anything_is_asked(ws: Workspace) -> None:
    """A step number or a checklist name that is not in the plan is a plain error."""
    steps.find_steps(ws, ["1"])
    steps.find_checklist(ws, MONEY.upper())
    with pytest.raises(ExitplanError, match="no step number 9999"):
        steps.find_steps(ws, ["1", "9999"])
    with pytest.raises(ExitplanError):
        steps.find_checklist(ws, "no-such-list")


def test_an_added_step_gets_a_number_and_a_past_due_is_overdue(ws: Workspace, home: Path) -> None:
    """A new step is saved with its number; one due before today is overdue with that date,
    one without a due is not."""
    plain = steps.add_step(ws, MONEY, "Call the bank")
    assert plain.overdue is None
    assert Workspace(home, TODAY).read().resolve(str(plain.number)).full_id == plain.full_id
    late = TODAY - timedelta(days=3)
    added = steps.add_step(Workspace(home, TODAY), MONEY, "Find the deeds", due=Due(on=late))
    assert added.overdue == late
    assert added.number != plain.number
