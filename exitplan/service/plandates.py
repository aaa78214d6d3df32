"""The plan's dates from the face: a day or a step's due date as the person typed it, read by the
domain's one parser; the exit date and the pace, read and changed under the lock.

The face asks and says; which forms a date may take and what a change records are the domain's
rules, applied here. Nothing here prints.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from exitplan.base.errors import DateError, TwoReadings
from exitplan.domain.dates import parse_due_text, parse_when
from exitplan.domain.model import Due
from exitplan.domain.plan import PaceError, check_per_day, record, set_exit_date, set_per_day

if TYPE_CHECKING:
    from datetime import date

    from exitplan.domain.model import PlanState
    from exitplan.domain.plan import Plan
    from exitplan.service.workspace import Workspace

__all__ = [
    "Due",
    "DueNotRead",
    "Pace",
    "PaceError",
    "check_per_day",
    "due_from_text",
    "pace",
    "set_dates",
    "typed_day",
]


def typed_day(text: str, today: date) -> date:
    """A day the person typed (`2027-01-31`, `+6w`, `in 6 weeks`, `15/01/2027`...), or a
    DateError saying which forms are accepted."""
    return parse_when(text, today)


class DueNotRead(ValueError):
    """A due date that is neither a date nor an offset: the face says it as a bad option (a day
    that could be read two ways is a DateError, said as any other error)."""


def due_from_text(ws: Workspace, text: str) -> Due:
    """The `--due` of a new step: days or weeks from the exit date, or a day, in the person's
    words and order (`+6s`, `salida`, `1 juin 2027`, `15/01/2027`), read as `exitplan date`
    reads a day; DueNotRead otherwise (numbers that make a day both ways round are a plain
    DateError)."""
    if ws.store.exists():
        ws.state()  # the plan's place: a typed 10/02/2027 is read in its order
    try:
        read = parse_due_text(text, ws.today)
    except TwoReadings:
        raise
    except DateError as exc:
        raise DueNotRead(str(exc)) from None
    return Due(offset=read) if isinstance(read, int) else Due(on=read)


class Pace(NamedTuple):
    """The exit date and the pace: at most `per_day` steps a day (`chosen`: set by the person,
    not the default), and how many days ahead a step counts as due soon."""

    exit_date: date | None
    per_day: int
    chosen: bool
    warn_days: int


def pace(ws: Workspace) -> Pace:
    """The plan's exit date and pace as they are on disk (no plan: refused plainly)."""
    ws.require_plan()
    plan = ws.read()
    state = ws.state()
    return Pace(state.exit_date, plan.per_day, bool(state.per_day), plan.warn_days)


def exit_date(ws: Workspace) -> date | None:
    """The plan's exit date as it is on disk; refused plainly when there is no plan, so it
    comes before anything is asked."""
    ws.require_plan()
    return ws.state().exit_date


def same_pace(ws: Workspace, per_day: int) -> bool:
    """Whether the person already chose this many steps a day (the default is not a choice)."""
    return ws.state().per_day == per_day


def set_dates(
    ws: Workspace,
    when: date | None,
    *,
    clear: bool = False,
    warn_days: int | None = None,
    per_day: int | None = None,
) -> None:
    """Set the exit date (or clear it), the days of "due soon" and the pace, as one change."""

    def apply(state: PlanState, _plan: Plan) -> None:
        if when is not None or (clear and state.exit_date is not None):
            set_exit_date(state, when, ws.now(), ws.today)
        if warn_days is not None:
            state.warn_days = warn_days
            record(state, ws.now(), "warn-days", detail=str(warn_days))
        if per_day is not None:
            set_per_day(state, per_day, ws.now())

    ws.change(apply)
