"""Due dates and flags: pure functions of the plan, the exit date and today."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Literal, NamedTuple

from exitplan.base.limits import UNDATED
from exitplan.domain.dates import shift
from exitplan.domain.model import PRIORITY_RANK, Entry
from exitplan.domain.pacing import Pace, pace

if TYPE_CHECKING:
    from collections.abc import Iterable


Flag = Literal["overdue", "open_at_exit", "due_soon", "upcoming"]
# Most urgent first; this order is also the order `status` shows them in.
FLAG_ORDER: tuple[Flag, ...] = ("overdue", "open_at_exit", "due_soon", "upcoming")
FLAG_RANK = {flag: rank for rank, flag in enumerate(FLAG_ORDER)}
# Every flag that asks for something soon: what the summary's full plan marks as an alert.
ALERT_FLAGS: frozenset[str] = frozenset({"overdue", "open_at_exit", "due_soon"})
# The flags of a step that is behind.
BEHIND_FLAGS: frozenset[str] = frozenset({"overdue", "open_at_exit"})


def days_left(exit_date: date | None, today: date) -> int | None:
    """Days from today until the exit date (negative once it has passed)."""
    return None if exit_date is None else (exit_date - today).days


class Scheduled(NamedTuple):
    """An entry with its due date and flag for a given day.

    `if_time`: the days are too few for every step, and this one is "if there is time": it has
    no date and is never overdue. `passed`: the exit has passed and this open step could only
    be done before it (`Item.moot_after_exit`): it is kept as history, never behind.
    """

    entry: Entry
    due: date | None
    flag: Flag | None
    if_time: bool = False
    passed: bool = False

    @property
    def urgent(self) -> bool:
        """A critical step that is behind: the only kind of row shown in red."""
        return self.entry.item.priority == "critical" and self.flag in BEHIND_FLAGS


def schedule(
    entries: Iterable[Entry],
    exit_date: date | None,
    today: date,
    warn_days: int,
    *,
    start: date | None = None,
    per_day: int | None = None,
    paced: Pace | None = None,
) -> list[Scheduled]:
    """Attach paced due dates and flags to entries, keeping their order.

    `start` is the day the exit date was chosen and `per_day` the daily limit (None: the
    default). The pacing looks at all the given entries together, so pass the whole plan and
    filter the rows afterwards; `paced` is that pacing when it is already known.
    """
    listed = list(entries)
    if paced is None and exit_date is not None:
        paced = pace(listed, exit_date, start, per_day)
    dates = paced.dates if paced else {}
    spare = paced.if_time if paced else frozenset()
    rows = []
    # A step's own date (its fixed day, or the exit date plus its offset; the pacing may put a
    # step before the exit earlier) and its flag, written out: this runs for every step of
    # every status, and is the one place either is worked out.
    past_exit = exit_date is not None and today > exit_date
    leads = _LeadDates(exit_date) if exit_date is not None else None
    dates_get = dates.get
    for n, entry in enumerate(listed):
        if_time = n in spare
        item = entry.item
        if not entry.applies or if_time or item.when in UNDATED:
            due = None  # an undated step (done when it happens, or any time) is never behind
        else:
            due = dates_get(n)
            if due is None:
                on = item.due.on
                if on is not None:
                    due = on
                elif leads is not None:  # there is an exit date
                    due = leads[item.due.offset]
        flag: Flag | None
        passed = False
        if due is None or entry.state.status != "open" or not entry.applies:
            flag = None
        elif past_exit and item.when != "after":
            # A step that cannot be done once the exit has passed is history, never behind.
            passed = item.moot_after_exit
            flag = None if item.reflective or passed else "open_at_exit"
        elif due < today:
            flag = None if item.reflective else "overdue"
        elif (due - today).days <= warn_days:
            flag = "due_soon"
        else:
            flag = "upcoming"
        rows.append(Scheduled(entry, due, flag, if_time, passed))
    return rows


class _LeadDates(dict[int, date]):
    """The exit date plus an offset, worked out once per offset."""

    def __init__(self, exit_date: date) -> None:
        super().__init__()
        self.exit_date = exit_date

    def __missing__(self, offset: int) -> date:
        day = self[offset] = shift(self.exit_date, offset)
        return day


def urgency_key(row: Scheduled) -> tuple[int, int, date, int]:
    """Sort key: flag, then critical and high first, then due date, then plan order."""
    return (
        FLAG_RANK[row.flag] if row.flag else len(FLAG_ORDER),
        PRIORITY_RANK[row.entry.item.priority],
        row.due or date.max,
        row.entry.number,
    )
