"""Pacing: spread the steps before the exit over the days there are, a few a day.

A pure function of the entries, the exit date, the day the date was chosen and the daily limit.
It never looks at today or at what is done, so a step's date only moves when the plan itself
changes (the exit date, the steps that apply, the daily limit), never from one day to the next.

The rules, in order:

- Paced steps are the applying steps before the exit with an offset (`due = "-3w"`). Exit-day and
  after steps keep exit + offset; a fixed date (`due = 2027-01-05`) is kept, and takes a place in
  its day's limit. A step due "before" with offset 0 keeps the exit day.
- The days are from `start` (the day the exit date was chosen) to the day before the exit.
- When the days hold fewer places than there are steps, only the critical and high steps, the
  danger-sign steps and the steps they need are given dates; the rest are "if there is time".
- Each step is placed as late as it can be without passing its lead date (exit + offset), so a
  step such as packing a bag is not asked for weeks early. The daily limit is then lowered as far
  as it goes without putting any more steps past their lead dates, so the steps are spread as
  evenly as the dates allow. Where steps compete for the places,
  the most important go first: danger-sign steps (placed from the first day), then priority,
  then the longer lead time. A step never falls before a step it comes `after`.
- No day before the exit holds more than `per_day` steps, unless the critical and high steps
  alone need more places than the days have: then the limit rises just enough (`Pace.limit`).
- A step an answer brought in after the plan was made (`Entry.since`) is never due before the
  day of that answer: a danger sign disclosed today asks for its steps from today, never as
  overdue from the day the plan was made. One brought in on or after the exit day is due on
  the answer's day and takes no place before the exit from the others.
- Danger shortens the timeline: a step a danger sign hastens (`Entry.by`: the bag, the stash,
  the order, when any danger sign is answered yes) is due by that day at the latest, and is
  chosen first when the days are too few.
"""

from __future__ import annotations

import heapq
from datetime import date, timedelta
from typing import TYPE_CHECKING, NamedTuple, TypedDict

from exitplan.domain.dates import shift
from exitplan.domain.model import PRIORITY_RANK

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from _typeshed import SupportsRichComparison

    from exitplan.domain.model import Entry

DEFAULT_PER_DAY = 4
MAX_PER_DAY = 20


class PaceData(TypedDict):
    """The pacing as the cache keeps it: the positions paced, their days (as day numbers), the
    positions done only if time allows, and the daily limit."""

    at: list[int]
    days: list[int]
    if_time: list[int]
    limit: int


class Pace(NamedTuple):
    """Where the paced steps fall: positions in the given entries mapped to dates."""

    dates: dict[int, date]
    if_time: frozenset[int]
    limit: int

    def to_data(self) -> PaceData:
        """The pacing as JSON data (dates as day numbers), for the cache."""
        return {
            "at": list(self.dates),
            "days": [day.toordinal() for day in self.dates.values()],
            "if_time": sorted(self.if_time),
            "limit": self.limit,
        }

    @classmethod
    def from_data(cls, data: object, entries: int) -> Pace | None:
        """The pacing `to_data` wrote for a plan of this many entries, or None for anything else."""
        if not isinstance(data, dict):
            return None
        try:
            at, days, if_time, limit = data["at"], data["days"], data["if_time"], data["limit"]
            positions = [*at, *if_time]
            if (
                not all(type(i) is int and 0 <= i < entries for i in positions)
                or type(limit) is not int
                or not 1 <= limit <= entries + MAX_PER_DAY
            ):
                return None
            # A date for every position and no more: `strict` raises ValueError otherwise.
            dates = {i: date.fromordinal(day) for i, day in zip(at, days, strict=True)}
        except (KeyError, TypeError, ValueError, OverflowError):
            return None
        return cls(dates, frozenset(if_time), limit)


def pace(
    entries: Sequence[Entry], exit_date: date, start: date | None, per_day: int | None = None
) -> Pace:
    """Dates for the paced entries (see the module text for the rules)."""
    limit = max(1, per_day or DEFAULT_PER_DAY)
    paced = [  # the steps whose date the pacing chooses
        i
        for i, entry in enumerate(entries)
        if entry.applies
        and entry.item.when == "before"
        and entry.item.due.on is None
        and entry.item.due.offset < 0
    ]
    paced, arrived_late = _set_aside_late(entries, paced, exit_date)
    if not paced:
        return Pace(arrived_late, frozenset(), limit)
    offset = {i: entries[i].item.due.offset for i in paced}  # the lead date, from the exit
    spread = start is not None
    if start is None:  # a plan from before the day was recorded: as if there were time enough
        span = -min(offset.values())
        start = shift(exit_date, -span)
    else:
        span = (exit_date - start).days
    n_days = max(0, min(span, 100_000))
    fixed = [0] * n_days
    for entry in entries:
        on = entry.item.due.on
        if entry.applies and on is not None and 0 <= (on - start).days < n_days:
            fixed[(on - start).days] += 1

    def room(cap: int) -> int:
        return sum(max(0, cap - used) for used in fixed)

    needs = _needs(entries, paced)
    chosen = set(paced)
    if len(paced) > room(limit):
        chosen = _closure(
            {
                i
                for i in paced
                if entries[i].danger or entries[i].by or entries[i].item.priority in _FIRST
            },
            needs,
        )
    if_time = frozenset(set(paced) - chosen)
    if n_days == 0:  # no day before the exit: everything chosen is for the exit day itself
        return Pace(dict.fromkeys(chosen, exit_date) | arrived_late, if_time, limit)
    most = len(chosen) + max(fixed)  # enough, even on the day with the most fixed dates
    fewest = _least(1, most, lambda cap: room(cap) >= len(chosen))
    limit = max(limit, fewest)  # more only when the first steps alone need more places

    def deadline(i: int) -> int:
        since = entries[i].since
        # The answer's day, which is before the exit (a later one is set aside above); a
        # deadline past the last day places the step on the last day.
        release = max((since - start).days, 0) if since else 0
        if entries[i].danger:
            return release
        return max(_hastened(span + offset[i], entries[i].by, start), release)

    rank = {
        i: (
            not entries[i].danger,
            PRIORITY_RANK[entries[i].item.priority],
            offset[i],
            entries[i].number,
        )
        for i in chosen
    }
    edges = {i: [a for a in needs[i] if a in chosen] for i in chosen if i in needs}
    order = _topological(list(chosen), edges, rank.__getitem__)
    position = {i: n for n, i in enumerate(order)}
    edges = {i: [a for a in after if position[a] < position[i]] for i, after in edges.items()}
    # A step must be ready by the deadline of every step that needs it.
    latest = {i: deadline(i) for i in chosen}
    for i in reversed(order):
        for a in edges.get(i, ()):
            latest[a] = min(latest[a], latest[i])
    sequence = _topological(order, edges, lambda i: (latest[i], rank[i]))

    def placed(cap: int) -> tuple[dict[int, int], int]:
        days = _place(sequence, latest, [max(0, cap - used) for used in fixed])
        return days, sum(d > latest[i] for i, d in days.items())

    # Spread the steps as evenly as the lead dates allow: the lowest daily limit that leaves no
    # more steps past their deadline than the full limit does. (Not for a plan without a start,
    # whose dates stay on the lead dates as they always were.)
    days, late = placed(limit)
    level = _least(fewest, limit, lambda cap: placed(cap)[1] <= late) if spread else limit
    if level < limit:
        limit = level
        days, _ = placed(level)
    dates = {i: start + timedelta(days=d) for i, d in days.items()}
    for i, day in dates.items():
        since = entries[i].since
        if since is not None and since > day:  # never due before the answer that brought it in
            dates[i] = since
    return Pace(dates | arrived_late, if_time, limit)


_FIRST = frozenset({"critical", "high"})


def _set_aside_late(
    entries: Sequence[Entry], paced: list[int], exit_date: date
) -> tuple[list[int], dict[int, date]]:
    """The paced steps to place, and those an answer brought in on or after the exit day, each
    due on that day: they take no place before the exit from the others."""
    late = {
        i: since for i in paced if (since := entries[i].since) is not None and since >= exit_date
    }
    return [i for i in paced if i not in late], late


def _hastened(lead: int, by: date | None, start: date) -> int:
    """A step's last day from the start: its lead day, or the day a danger sign hastened it to
    (a week after the answer at the latest) when that is sooner."""
    return lead if by is None else min(lead, (by - start).days)


def _least(low: int, high: int, enough: Callable[[int], bool]) -> int:
    """The least number from low to high that is enough (high when none below it is)."""
    while low < high:
        mid = (low + high) // 2
        low, high = (low, mid) if enough(mid) else (mid + 1, high)
    return low


def _needs(entries: Sequence[Entry], paced: list[int]) -> dict[int, list[int]]:
    """For each paced entry, the paced entries it comes after."""
    if not any(entries[i].item.after for i in paced):
        return {}
    # Only steps some step names can be needed: look up their ids, not all of them.
    # (Ids hold no dots; one that did is kept too, so no step is ever missed.)
    named = {ref.rpartition(".")[2] for i in paced for ref in entries[i].item.after}
    where = {
        entries[i].full_id: i
        for i in paced
        if entries[i].item.id in named or "." in entries[i].item.id
    }
    needs: dict[int, list[int]] = {}
    for i in paced:
        entry = entries[i]
        for ref in entry.item.after:
            full = ref if "." in ref else f"{entry.checklist.id}.{ref}"
            other = where.get(full)
            if other is not None and other != i:
                needs.setdefault(i, []).append(other)
    return needs


def _closure(first: set[int], needs: dict[int, list[int]]) -> set[int]:
    """The chosen steps and every step they need, directly or not."""
    chosen, todo = set(first), list(first)
    while todo:
        for other in needs.get(todo.pop(), ()):
            if other not in chosen:
                chosen.add(other)
                todo.append(other)
    return chosen


def _topological(
    nodes: list[int], edges: dict[int, list[int]], sort_key: Callable[[int], SupportsRichComparison]
) -> list[int]:
    """The nodes with every step after the steps it needs, smallest key first where free.

    A cycle (two steps each after the other, from hand-written files) is broken at its
    smallest key, so the order is always complete and always the same.
    """
    if not any(edges.values()):  # the usual case: no step comes after another
        return sorted(nodes, key=sort_key)
    # Steps with no `after` either way keep their sorted order and are merged in as the
    # smallest available key, as a heap of every step would give them: only the steps that
    # are linked go through the heap.
    linked = {i for i, after in edges.items() if after}
    linked.update(a for after in edges.values() for a in after)
    free = sorted(((sort_key(i), i) for i in nodes if i not in linked), reverse=True)
    waiting = {i: len(edges.get(i, ())) for i in linked}
    followers: dict[int, list[int]] = {}
    for i in linked:
        for a in edges.get(i, ()):
            followers.setdefault(a, []).append(i)
    heap = [(sort_key(i), i) for i in linked if waiting[i] == 0]
    heapq.heapify(heap)
    rest: list[int] | None = None
    done: set[int] = set()
    order: list[int] = []
    next_rest = 0
    while len(order) < len(nodes):
        if free and (not heap or free[-1] < heap[0]):
            order.append(free.pop()[1])
            continue
        if not heap:  # only a cycle is left: let its smallest step go first
            if rest is None:
                rest = sorted(linked, key=sort_key)
            while rest[next_rest] in done:
                next_rest += 1
            forced = rest[next_rest]
            heap.append((sort_key(forced), forced))
        # Never a step twice: a step enters the heap once, when its last need is placed (never
        # after it was placed) or when forced out of a cycle (only when the heap is empty, and
        # a step still waiting is in no heap).
        _, i = heapq.heappop(heap)
        done.add(i)
        order.append(i)
        for f in followers.get(i, ()):
            waiting[f] -= 1
            if waiting[f] == 0 and f not in done:
                heapq.heappush(heap, (sort_key(f), f))
    return order


def _place(sequence: list[int], latest: dict[int, int], caps: list[int]) -> dict[int, int]:
    """A day number for each step of the sequence: never decreasing along it, within caps, each
    as late as it can be.

    First the earliest day each step could have if all were done as soon as possible; then, from
    the last step back, each goes to the latest free day no later than its deadline (or than that
    earliest day, when the deadline cannot be met) and no later than the step after it.
    """
    earliest, day, used = [], 0, 0
    for _ in sequence:
        while used >= caps[day]:
            day, used = day + 1, 0
        earliest.append(day)
        used += 1
    days: dict[int, int] = {}
    day, used = len(caps) - 1, 0
    for n in range(len(sequence) - 1, -1, -1):  # from the last step back
        target = max(latest[sequence[n]], earliest[n])
        if target < day:
            day, used = target, 0
        while used >= caps[day]:
            day, used = day - 1, 0
        days[sequence[n]] = day
        used += 1
    return days
