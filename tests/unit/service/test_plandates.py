"""The plan's dates from the face: typed days and due dates read by the domain's one parser, and
the exit date and pace read and changed as one change."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest
from helpers import EXIT, MONEY, PLANNED, TODAY, make_home

from exitplan.base.errors import DateError, ExitplanError
from exitplan.service import plandates
from exitplan.service.plandates import Due, DueNotRead
from exitplan.service.workspace import Workspace


@pytest.fixture
def ws(home: Path, no_builtins: Path) -> Workspace:
    """A workspace with a plan of the money checklist, leaving on EXIT."""
    make_home(home, MONEY)
    Workspace(home, PLANNED).init(EXIT, [MONEY])
    return Workspace(home, TODAY)


def test_a_typed_day_is_read_from_today_and_nonsense_refused() -> None:
    """`+3w` is three weeks from today; words that are no date are a DateError."""
    assert plandates.typed_day("+3w", TODAY) == TODAY + timedelta(weeks=3)
    assert plandates.typed_day("2027-01-31", TODAY).isoformat() == "2027-01-31"
    with pytest.raises(DateError, match="not a date"):
        plandates.typed_day("someday", TODAY)


def test_a_due_is_an_offset_from_the_exit_or_a_date(ws: Workspace) -> None:
    """`-3w` is 21 days before the exit, `exit` the day itself, an ISO date that very day."""
    assert plandates.due_from_text(ws, "-3w") == Due(offset=-21)
    assert plandates.due_from_text(ws, "exit") == Due(offset=0)
    assert plandates.due_from_text(ws, "2027-01-31") == Due(on=date(2027, 1, 31))


def test_a_due_of_neither_form_names_both(ws: Workspace) -> None:
    """Words that look like neither form are refused naming both; a date-shaped mistake keeps
    the parser's own, more exact, words."""
    with pytest.raises(DueNotRead, match="neither a date nor an offset"):
        plandates.due_from_text(ws, "soon")
    with pytest.raises(DueNotRead) as caught:
        plandates.due_from_text(ws, "2027-02-30")
    assert "neither" not in str(caught.value)


def test_a_day_read_two_ways_is_a_plain_error_not_a_bad_option(ws: Workspace) -> None:
    """With no place chosen, 10/02/2027 could be two days: a DateError, not DueNotRead."""
    with pytest.raises(DateError, match="2027-02-10"):
        plandates.due_from_text(ws, "10/02/2027")


def test_the_pace_is_the_default_until_chosen(ws: Workspace, home: Path) -> None:
    """A new plan's pace is the default, not chosen; a chosen pace and warning days are kept."""
    before = plandates.pace(ws)
    assert (before.exit_date, before.chosen) == (EXIT, False)
    plandates.set_dates(ws, None, per_day=2, warn_days=3)
    after = plandates.pace(Workspace(home, TODAY))
    assert (after.exit_date, after.per_day, after.chosen, after.warn_days) == (EXIT, 2, True, 3)


def test_the_exit_date_is_moved_and_cleared(ws: Workspace, home: Path) -> None:
    """A new exit date is saved; clearing leaves none."""
    later = EXIT + timedelta(days=7)
    plandates.set_dates(ws, later)
    assert plandates.pace(Workspace(home, TODAY)).exit_date == later
    plandates.set_dates(Workspace(home, TODAY), None, clear=True)
    assert plandates.pace(Workspace(home, TODAY)).exit_date is None


def test_the_pace_of_no_plan_is_refused(home: Path, no_builtins: Path) -> None:
    """Without a plan, reading the pace says there is none."""
    make_home(home, MONEY)
    with pytest.raises(ExitplanError, match="no plan"):
        plandates.pace(Workspace(home, TODAY))


def test_the_exit_date_and_a_chosen_pace_are_read_from_disk(ws: Workspace, home: Path) -> None:
    """The exit date is read as saved; the default pace is no choice, a chosen one is."""
    assert plandates.exit_date(ws) == EXIT
    default = plandates.pace(ws).per_day
    assert not plandates.same_pace(ws, default)
    plandates.set_dates(ws, None, per_day=default)
    assert plandates.same_pace(Workspace(home, TODAY), default)
    with pytest.raises(ExitplanError, match="no plan"):
        plandates.exit_date(Workspace(home / "elsewhere", TODAY))
