"""Due dates and flags: pure functions of the plan, the exit date and today."""

from __future__ import annotations

from datetime import date, timedelta
from typing import TYPE_CHECKING, Literal, NamedTuple

from exitplan.model import PRIORITY_RANK

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from exitplan.model import Checklist, Item, ItemState

Flag = Literal["overdue", "open_at_exit", "due_soon", "upcoming"]
# Most urgent first; this order is also the order `status` shows them in.
FLAG_ORDER: tuple[Flag, ...] = ("overdue", "open_at_exit", "due_soon", "upcoming")
FLAG_RANK = {flag: rank for rank, flag in enumerate(FLAG_ORDER)}
ALERT_FLAGS: frozenset[str] = frozenset({"overdue", "open_at_exit", "due_soon"})


class Entry(NamedTuple):
    """One item of the plan, joined with what the person has done about it."""

    number: int
    checklist: Checklist
    item: Item
    state: ItemState
    custom: bool = False

    @property
    def full_id(self) -> str:
        """The id people type: `checklist.item`."""
        return f"{self.checklist.id}.{self.item.id}"

    @property
    def is_open(self) -> bool:
        """Neither done nor skipped."""
        return self.state.status == "open"


def due_date(
    item: Item, exit_date: date | None, *, start: date | None = None, lead: int = 0
) -> date | None:
    """The calendar date an item is due, or None when there is no exit date to count from.

    `start` is the day the exit date was chosen and `lead` the plan's longest lead time in days.
    When the exit date leaves less time than that, the steps before it are squeezed
    proportionally into the time there is, so a new plan never starts out overdue.
    """
    if item.due.on is not None:
        return item.due.on
    if exit_date is None:
        return None
    offset = item.due.offset
    if start is not None and offset < 0:
        room = max((exit_date - start).days, 0)
        if room < lead:
            offset = -round(-offset * room / lead)
        offset = max(offset, -room)  # a lead longer than the plan's own falls due at the start
    try:
        return exit_date + timedelta(days=offset)
    except OverflowError:  # an exit date at the edge of the calendar, from a hand-edited plan
        return date.max if item.due.offset > 0 else date.min


def flag_of(
    entry: Entry,
    exit_date: date | None,
    today: date,
    warn_days: int,
    *,
    start: date | None = None,
    lead: int = 0,
) -> Flag | None:
    """The flag of an open item (None for done or skipped items, or when nothing is dated)."""
    return _flag(
        entry, due_date(entry.item, exit_date, start=start, lead=lead), exit_date, today, warn_days
    )


def _flag(
    entry: Entry, due: date | None, exit_date: date | None, today: date, warn_days: int
) -> Flag | None:
    if not entry.is_open or due is None:
        return None
    if exit_date is not None and today > exit_date and entry.item.when != "after":
        return "open_at_exit"
    if due < today:
        return "overdue"
    if (due - today).days <= warn_days:
        return "due_soon"
    return "upcoming"


def days_left(exit_date: date | None, today: date) -> int | None:
    """Days from today until the exit date (negative once it has passed)."""
    return None if exit_date is None else (exit_date - today).days


class Scheduled(NamedTuple):
    """An entry with its due date and flag for a given day."""

    entry: Entry
    due: date | None
    flag: Flag | None


def schedule(
    entries: Iterable[Entry],
    exit_date: date | None,
    today: date,
    warn_days: int,
    *,
    start: date | None = None,
    lead: int = 0,
) -> list[Scheduled]:
    """Attach due dates and flags to entries, keeping their order."""
    rows = []
    for entry in entries:
        due = due_date(entry.item, exit_date, start=start, lead=lead)
        rows.append(Scheduled(entry, due, _flag(entry, due, exit_date, today, warn_days)))
    return rows


def lead_days(entries: Iterable[Entry]) -> int:
    """The longest lead time before the exit among the built-in checklists' items, in days.

    The person's own steps and files do not count (unless the plan has nothing else): one long
    lead there must not move every other date in the plan; it falls due at the start instead.
    """
    rows = [e for e in entries if e.item.due.on is None and not e.custom]
    builtin = [e for e in rows if e.checklist.builtin] or rows
    return max((-e.item.due.offset for e in builtin), default=0)


def urgency_key(row: Scheduled) -> tuple[int, int, date, int]:
    """Sort key: flag, then critical and high first, then due date, then plan order."""
    return (
        FLAG_RANK[row.flag] if row.flag else len(FLAG_ORDER),
        PRIORITY_RANK[row.entry.item.priority],
        row.due or date.max,
        row.entry.number,
    )


def most_urgent(rows: Sequence[Scheduled]) -> list[Scheduled]:
    """Open rows ordered most urgent first."""
    return sorted((row for row in rows if row.entry.is_open), key=urgency_key)
