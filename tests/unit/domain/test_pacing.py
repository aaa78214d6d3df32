"""The paced schedule: a few steps a day, each by its lead date, in order, most important first."""

from __future__ import annotations

from collections import Counter
from datetime import date, timedelta
from math import ceil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exitplan.base.limits import Priority, Status, When
from exitplan.domain.model import Checklist, Due, Entry, Item, ItemState
from exitplan.domain.pacing import DEFAULT_PER_DAY, pace
from exitplan.domain.schedule import Scheduled, schedule

EXIT = date(2027, 3, 1)
LIST = Checklist(id="money", title="Money")


def day(delta: int) -> date:
    """EXIT shifted by delta days."""
    return EXIT + timedelta(days=delta)


def step(
    number: int,
    offset: int = -7,
    *,
    priority: Priority = "normal",
    after: tuple[int, ...] = (),
    on: date | None = None,
    when: When = "before",
    reflective: bool = False,
    danger: bool = False,
    status: Status = "open",
) -> Entry:
    """Step number `number` of the `money` list (id `s<number>`), coming after the given steps."""
    item = Item(
        id=f"s{number}",
        title=f"Step {number}",
        why="Because.",
        due=Due(offset=offset, on=on),
        priority=priority,
        when=when,
        after=tuple(f"s{n}" for n in after),
        reflective=reflective,
    )
    return Entry(number, LIST, item, ItemState(status=status), danger=danger)


def dues(rows: list[Scheduled]) -> dict[int, date | None]:
    """Due date by step number."""
    return {row.entry.number: row.due for row in rows}


def per_day_counts(rows: list[Scheduled]) -> Counter[date]:
    """How many steps are due on each day before the exit."""
    return Counter(row.due for row in rows if row.due is not None and row.due < EXIT)


def test_a_crowded_lead_date_spills_to_the_days_before_it() -> None:
    """Twenty steps with the same lead date and five days to it: four a day on those days."""
    rows = schedule([step(n, -7) for n in range(1, 21)], EXIT, day(-11), 7, start=day(-11))
    counts = per_day_counts(rows)
    assert counts == {day(-7 - k): 4 for k in range(5)}


def test_steps_are_spread_as_evenly_as_their_dates_allow() -> None:
    """With six weeks for twenty steps due a week before the exit, one a day is enough."""
    result = pace([step(n, -7) for n in range(1, 21)], EXIT, day(-42), 4)
    assert result.limit == 1
    assert sorted(result.dates.values()) == [day(-7 - k) for k in range(19, -1, -1)]


def test_the_daily_limit_can_be_changed() -> None:
    """With two a day, the same twenty steps take ten days."""
    rows = schedule(
        [step(n, -7) for n in range(1, 21)], EXIT, day(-16), 7, start=day(-16), per_day=2
    )
    assert max(per_day_counts(rows).values()) == 2
    assert min(per_day_counts(rows)) == day(-16)


def test_most_important_steps_get_the_earliest_days() -> None:
    """Where steps compete for days, critical and high go first, then the longer lead time."""
    entries = [
        step(1, -20, priority="low"),
        step(2, -20, priority="critical"),
        step(3, -30),
        step(4, -20),
        step(5, -20, priority="high"),
    ]
    rows = schedule(entries, EXIT, day(-10), 7, start=day(-10), per_day=1)
    assert dues(rows) == {2: day(-10), 5: day(-9), 3: day(-8), 4: day(-7), 1: day(-6)}


def test_a_step_is_never_before_a_step_it_needs() -> None:
    """A critical step after a low one: the low one moves up to be ready in time."""
    entries = [step(1, -2, priority="critical", after=(2,)), step(2, -1, priority="low")]
    rows = schedule(entries, EXIT, day(-30), 7, start=day(-30))
    due = dues(rows)
    assert due[2] is not None
    assert due[1] is not None
    assert due[2] <= due[1] <= day(-2)


def test_after_in_another_checklist_uses_the_full_id() -> None:
    """`after = ["docs.copy"]` names a step of another checklist by its full id."""
    other = Checklist(id="docs", title="Docs")
    needed = Entry(
        2, other, Item(id="copy", title="Copy", why="W.", due=Due(offset=-1)), ItemState()
    )
    needing = step(1, -5, priority="high")
    needing.item.after = ("docs.copy",)
    rows = schedule([needing, needed], EXIT, day(-30), 7, start=day(-30))
    due = dues(rows)
    assert due[2] is not None
    assert due[1] is not None
    assert due[2] <= due[1]


def test_steps_that_need_each_other_still_get_dates() -> None:
    """A loop of `after` (from hand-written files) is broken, never endless."""
    entries = [step(1, -5, after=(2,)), step(2, -5, after=(1,))]
    rows = schedule(entries, EXIT, day(-30), 7, start=day(-30))
    assert all(row.due is not None for row in rows)


def test_short_plans_date_only_critical_and_high_steps() -> None:
    """Ten steps, two days of two: the critical and high ones get dates, the rest none."""
    entries = [
        step(n, -14, priority=("critical", "high", "normal", "low")[n % 4]) for n in range(10)
    ]
    rows = schedule(entries, EXIT, day(-2), 7, start=day(-2), per_day=2)
    for row in rows:
        first = row.entry.item.priority in {"critical", "high"}
        assert row.if_time is not first
        assert (row.due is None) is not first
        assert row.flag is None or first


def test_if_time_steps_are_never_overdue() -> None:
    """Long after the exit, a step "if there is time" still has no flag."""
    entries = [step(n, -14, priority="high" if n < 4 else "normal") for n in range(8)]
    rows = schedule(entries, EXIT, day(30), 7, start=day(-2), per_day=2)
    assert {row.flag for row in rows if row.if_time} == {None}
    assert {row.flag for row in rows if not row.if_time} == {"open_at_exit"}


def test_a_step_the_first_steps_need_is_dated_too() -> None:
    """A normal step that a critical step comes after is not left "if there is time"."""
    entries = [step(1, -3, priority="critical", after=(2,)), step(2, -3), step(3, -3)]
    rows = schedule(entries, EXIT, day(-1), 7, start=day(-1), per_day=1)
    assert [(row.entry.number, row.if_time) for row in rows] == [(1, False), (2, False), (3, True)]


def test_the_limit_rises_only_when_the_first_steps_need_it() -> None:
    """Six high steps and two days of two: the limit becomes three a day."""
    entries = [step(n, -14, priority="high") for n in range(6)]
    result = pace(entries, EXIT, day(-2), 2)
    assert result.limit == 3
    assert Counter(result.dates.values()) == {day(-2): 3, day(-1): 3}
    assert pace(entries[:4], EXIT, day(-2), 2).limit == 2


def test_danger_sign_steps_come_first() -> None:
    """A step for a danger sign answered yes is due on the first day, whatever its lead."""
    entries = [step(1, -30, priority="critical"), step(2, -1, danger=True)]
    rows = schedule(entries, EXIT, day(-10), 7, start=day(-10), per_day=1)
    assert dues(rows) == {2: day(-10), 1: day(-9)}


def test_danger_sign_steps_are_dated_in_a_short_plan() -> None:
    """A normal-priority danger-sign step is never left "if there is time"."""
    entries = [step(1, -3, danger=True), step(2, -3), step(3, -3)]
    rows = schedule(entries, EXIT, day(-1), 7, start=day(-1), per_day=1)
    assert [row.if_time for row in rows] == [False, True, True]
    assert rows[0].due == day(-1)


def test_reflective_steps_are_never_overdue() -> None:
    """A reflective step whose date has passed has no flag; an ordinary one is overdue."""
    entries = [step(1, -20, reflective=True), step(2, -20)]
    for today in (day(-5), day(10)):
        rows = schedule(entries, EXIT, today, 7, start=day(-40))
        assert rows[0].flag is None
        assert rows[1].flag in {"overdue", "open_at_exit"}
    ahead = schedule(entries, EXIT, day(-22), 7, start=day(-40))
    assert ahead[0].flag == "due_soon"  # before its date it is shown like any other step


def test_dates_do_not_move_from_day_to_day_or_as_steps_are_done() -> None:
    """The same plan seen on different days, with some steps done, has the same dates."""
    entries = [step(n, -7 * (n % 6 + 1), priority="high" if n % 3 else "normal") for n in range(40)]
    first = dues(schedule(entries, EXIT, day(-42), 7, start=day(-42)))
    later = [
        step(
            n,
            -7 * (n % 6 + 1),
            priority="high" if n % 3 else "normal",
            status="done" if n % 2 else "open",
        )
        for n in range(40)
    ]
    for today in (day(-41), day(-20), day(5)):
        assert dues(schedule(later, EXIT, today, 7, start=day(-42))) == first


def test_a_fixed_date_takes_a_place_in_its_day() -> None:
    """With one a day, a step with its own fixed date keeps it, and a paced step moves aside."""
    entries = [step(1, on=day(-5)), step(2, -5)]
    rows = schedule(entries, EXIT, day(-30), 7, start=day(-30), per_day=1)
    assert dues(rows) == {1: day(-5), 2: day(-6)}


def test_a_full_day_of_fixed_dates_still_leaves_room_for_a_critical_step() -> None:
    """One day, one a day, already taken by a fixed date: the critical step shares it."""
    result = pace([step(1, -3, priority="critical"), step(2, on=day(-1))], EXIT, day(-1), 1)
    assert (result.dates, result.limit) == ({0: day(-1)}, 2)


def test_exit_day_and_after_steps_keep_their_offsets() -> None:
    """Exit-day and after steps are not paced, however crowded the days."""
    entries = [step(n, -1) for n in range(10)]
    entries += [step(10, 0, when="exit-day"), step(11, 14, when="after")]
    rows = schedule(entries, EXIT, day(-3), 7, start=day(-3), per_day=1)
    assert dues(rows)[10] == EXIT
    assert dues(rows)[11] == day(14)


def test_default_limit_is_four() -> None:
    """Without a chosen limit, four a day."""
    assert DEFAULT_PER_DAY == 4


# -- properties ----------------------------------------------------------------------------------

PRIORITIES = ("critical", "high", "normal", "low")


@st.composite
def plans(draw: st.DrawFn, *, with_after: bool = True) -> tuple[list[Entry], int, int]:
    """Steps before the exit (some after earlier ones), the days there are, and the limit."""
    count = draw(st.integers(0, 60))
    entries = []
    for n in range(count):
        after = (
            tuple(draw(st.lists(st.integers(0, n - 1), max_size=2, unique=True)))
            if with_after and n
            else ()
        )
        entries.append(
            step(
                n,
                -draw(st.integers(1, 80)),
                priority=draw(st.sampled_from(PRIORITIES)),
                after=after,
                danger=draw(st.booleans()) if with_after else False,
            )
        )
    return entries, draw(st.integers(0, 70)), draw(st.integers(1, 6))


@settings(max_examples=150, deadline=None)
@given(plans())
def test_property_no_day_before_the_exit_exceeds_the_limit(
    plan: tuple[list[Entry], int, int],
) -> None:
    """Every day before the exit holds at most per_day steps, unless the critical, high and
    danger-sign steps alone need more places: then at most the fewest a day that fit them."""
    entries, days, per_day = plan
    rows = schedule(entries, EXIT, day(-days), 7, start=day(-days), per_day=per_day)
    counts = per_day_counts(rows)
    dated = sum(row.due is not None for row in rows)
    allowed = per_day if dated <= per_day * days else ceil(dated / max(days, 1))
    assert all(count <= allowed for count in counts.values())
    assert all(day(-days) <= due for due in counts)


@settings(max_examples=150, deadline=None)
@given(plans())
def test_property_after_is_respected(plan: tuple[list[Entry], int, int]) -> None:
    """A dated step is never due before a step it comes after, and that step is dated too."""
    entries, days, per_day = plan
    due = dues(schedule(entries, EXIT, day(-days), 7, start=day(-days), per_day=per_day))
    for entry in entries:
        mine = due[entry.number]
        if mine is None:
            continue
        for ref in entry.item.after:
            theirs = due[int(ref[1:])]
            assert theirs is not None
            assert theirs <= mine


@settings(max_examples=150, deadline=None)
@given(plans(with_after=False))
def test_property_late_only_when_every_day_until_the_lead_date_is_full(
    plan: tuple[list[Entry], int, int],
) -> None:
    """A step is due after its lead date only when that date is before the plan began, or when
    every day from the start to its lead date is already full."""
    entries, days, per_day = plan
    result = pace(entries, EXIT, day(-days), per_day)
    counts = Counter(result.dates.values())
    for n, due in result.dates.items():
        lead = day(entries[n].item.due.offset)
        if due > lead >= day(-days):
            span = (lead - day(-days)).days + 1
            assert all(counts[day(-days) + timedelta(days=k)] == result.limit for k in range(span))


@settings(max_examples=150, deadline=None)
@given(plans())
def test_property_if_time_only_when_the_days_are_too_few(
    plan: tuple[list[Entry], int, int],
) -> None:
    """Steps are "if there is time" only when there are more steps than places, and then
    only normal and low steps that no dated step needs."""
    entries, days, per_day = plan
    rows = schedule(entries, EXIT, day(-days), 7, start=day(-days), per_day=per_day)
    spare = [row for row in rows if row.if_time]
    if spare:
        assert len(entries) > per_day * days
    for row in spare:
        assert row.entry.item.priority in {"normal", "low"}
        assert not row.entry.danger


@settings(max_examples=100, deadline=None)
@given(plans(), st.randoms(use_true_random=False))
def test_property_dates_do_not_depend_on_the_order_given(
    plan: tuple[list[Entry], int, int], rnd: object
) -> None:
    """Shuffling the entries changes no step's date."""
    import random

    entries, days, per_day = plan
    shuffled = list(entries)
    assert isinstance(rnd, random.Random)
    rnd.shuffle(shuffled)
    first = dues(schedule(entries, EXIT, day(-days), 7, start=day(-days), per_day=per_day))
    again = dues(schedule(shuffled, EXIT, day(-days), 7, start=day(-days), per_day=per_day))
    assert first == again


@settings(max_examples=150, deadline=None)
@given(plans(with_after=False))
def test_property_danger_sign_steps_come_before_the_rest(
    plan: tuple[list[Entry], int, int],
) -> None:
    """Without `after`, every dated danger-sign step is due no later than any other step."""
    entries, days, per_day = plan
    rows = schedule(entries, EXIT, day(-days), 7, start=day(-days), per_day=per_day)
    danger = [row.due for row in rows if row.entry.danger and row.due is not None]
    other = [row.due for row in rows if not row.entry.danger and row.due is not None]
    if danger and other:
        assert max(danger) <= min(other)


@settings(max_examples=150, deadline=None)
@given(plans(), st.sets(st.integers(1, 70), max_size=10))
def test_property_fixed_dates_count_in_the_daily_limit(
    plan: tuple[list[Entry], int, int], fixed_days: set[int]
) -> None:
    """Steps with their own fixed date keep it and share their day's limit with paced steps."""
    entries, days, per_day = plan
    fixed = [step(1000 + k, on=day(-k)) for k in sorted(fixed_days)]
    rows = schedule(entries + fixed, EXIT, day(-days), 7, start=day(-days), per_day=per_day)
    assert [row.due for row in rows[len(entries) :]] == [day(-k) for k in sorted(fixed_days)]
    counts = Counter(
        row.due for row in rows if row.due is not None and day(-days) <= row.due < EXIT
    )
    limit = pace(entries + fixed, EXIT, day(-days), per_day).limit
    assert all(count <= limit for count in counts.values())


def reference_order(
    nodes: list[int], edges: dict[int, list[int]], key: dict[int, int]
) -> list[int]:
    """The order the steps must come in, found the slow way: at each turn, of the steps whose
    needs are all placed, the smallest key; when none is free (a cycle), the smallest left."""
    order: list[int] = []
    left = set(nodes)
    while left:
        ready = [i for i in left if all(a not in left for a in edges.get(i, ()))]
        chosen = min(ready or left, key=lambda i: (key[i], i))
        order.append(chosen)
        left.remove(chosen)
    return order


@settings(max_examples=300, deadline=None)
@given(
    st.integers(min_value=1, max_value=14).flatmap(
        lambda n: st.tuples(
            st.permutations(range(n)),
            st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=2 * n),
        )
    )
)
def test_steps_come_after_their_needs_smallest_key_first(
    case: tuple[list[int], list[tuple[int, int]]],
) -> None:
    """Every step comes after the steps it needs, and where several are free the smallest key
    goes first; steps needing nothing are merged in exactly where their key puts them."""
    from exitplan.domain.pacing import _topological

    keys, pairs = case
    nodes = list(range(len(keys)))
    key = dict(enumerate(keys))
    edges: dict[int, list[int]] = {}
    for i, a in pairs:
        if i != a:
            edges.setdefault(i, []).append(a)
    assert _topological(nodes, edges, key.__getitem__) == reference_order(nodes, edges, key)


def test_a_step_a_danger_sign_hastens_is_due_by_its_day_not_its_lead_date() -> None:
    """A step due four weeks before the exit, hastened to a day, is due by that day at most."""
    hastened = step(1, -28)._replace(by=day(-80))
    rows = schedule([hastened, step(2, -28)], EXIT, day(-90), 7, start=day(-90))
    due = dues(rows)
    assert due[1] is not None
    assert day(-90) <= due[1] <= day(-80)
    assert due[2] == day(-28)


def test_a_hastened_step_is_given_a_date_when_the_days_are_too_few() -> None:
    """When only the first steps get dates, a hastened normal step still gets one."""
    crowd = [step(n, -2) for n in range(2, 12)]
    hastened = step(1, -2)._replace(by=day(-1))
    rows = schedule([hastened, *crowd], EXIT, day(-2), 7, start=day(-2), per_day=1)
    by_number = {row.entry.number: row for row in rows}
    assert not by_number[1].if_time
    assert by_number[1].due is not None
    assert by_number[1].due <= day(-1)


# -- each rule able to fail alone (mutation testing found these unchecked) ---------------------


def dated(entries: list[Entry], start: date, per_day: int | None = None) -> dict[int, date]:
    """The paced date of each step, by step number (steps with no paced date left out)."""
    paced = pace(entries, EXIT, start, per_day)
    return {entries[i].number: d for i, d in paced.dates.items()}


def test_a_before_step_with_no_lead_keeps_the_exit_day() -> None:
    """A "before" step due at offset 0 is not paced: it keeps the exit day itself."""
    entries = [step(1, 0), step(2, -1)]
    assert dated(entries, day(-30)) == {2: day(-1)}
    rows = schedule(entries, EXIT, day(-30), 7, start=day(-30), per_day=4)
    assert dues(rows) == {1: EXIT, 2: day(-1)}


def test_a_step_due_the_day_before_is_asked_for_that_day() -> None:
    """With room to spare, a step is placed on its lead date, the last day included."""
    assert dated([step(1, -1), step(2, -3)], day(-30)) == {1: day(-1), 2: day(-3)}


def test_a_plan_of_more_than_the_day_cap_places_by_the_cap() -> None:
    """The days counted are capped at 100,000 (a hand-edited start centuries back): a step due
    the day before the exit falls on the last counted day."""
    start = day(-200_000)
    assert dated([step(1, -1)], start) == {1: start + timedelta(days=99_999)}


def test_fixed_dates_take_one_place_each_and_the_exit_day_takes_none() -> None:
    """Two steps fixed on one day take two of its places; a step fixed on the exit day takes
    no place before it (and is no crash)."""
    fixed = [step(10, on=day(-2)), step(11, on=day(-2)), step(12, on=EXIT)]
    entries = [*fixed, *[step(n, -2) for n in range(1, 5)]]
    counts = Counter(dated(entries, day(-3), per_day=3).values())
    assert counts == Counter({day(-2): 1, day(-3): 3})


def test_when_the_room_is_exactly_enough_every_step_is_dated() -> None:
    """As many places as steps: none is left for if there is time."""
    entries = [step(n, -2) for n in range(1, 9)]
    paced = pace(entries, EXIT, day(-2), 4)
    assert paced.if_time == frozenset()
    assert sorted(paced.dates.values()) == [day(-2)] * 4 + [day(-1)] * 4
    crowded = pace([*entries, step(9, -2)], EXIT, day(-2), 4)
    assert crowded.if_time == frozenset(range(9))


def test_with_no_day_before_the_exit_the_limit_is_kept() -> None:
    """Chosen on the exit day itself: every step is for the exit day, and the limit is said."""
    paced = pace([step(1, -3, priority="high")], EXIT, EXIT, 5)
    assert paced.dates == {0: EXIT}
    assert paced.limit == 5


def test_a_step_brought_in_by_a_later_answer_is_never_due_before_that_answer() -> None:
    """`since`: a danger step is due on the answer's day; another step at its lead date or the
    answer's day, whichever is later; an answer before the start counts from the start; one on
    or after the exit keeps its own day."""
    start = day(-30)
    danger = step(1, -25, danger=True)._replace(since=day(-10))
    late_lead = step(2, -25)._replace(since=day(-12))
    early_lead = step(3, -5)._replace(since=day(-12))
    before_start = step(4, -20, danger=True)._replace(since=day(-40))
    at_exit = step(5, -20)._replace(since=EXIT)
    entries = [danger, late_lead, early_lead, before_start, at_exit]
    assert dated(entries, start) == {
        1: day(-10),
        2: day(-12),
        3: day(-5),
        4: start,
        5: EXIT,
    }


def test_a_needed_step_is_ready_by_the_deadline_of_the_step_that_needs_it() -> None:
    """A step needed by an earlier step takes that step's deadline (spread a step a day before
    it); an unrelated step stays at its own lead date."""
    entries = [step(1, -2), step(2, -20, after=(1,)), step(3, -10)]
    assert dated(entries, day(-30)) == {1: day(-21), 2: day(-20), 3: day(-10)}


def test_steps_after_themselves_or_after_unpaced_steps_still_get_dates() -> None:
    """In a crowded plan, a step after itself, or after a step that is not paced (the exit day,
    an unknown id), is dated like any other: no crash, no step lost."""
    entries = [
        step(1, -3, priority="high", after=(1,)),
        step(2, -3, priority="high", after=(9,)),
        step(9, 0, when="exit-day"),
        *[step(n, -3) for n in range(20, 40)],
    ]
    entries[1] = entries[1]._replace(item=_with_after(entries[1].item, ("s9", "nowhere")))
    paced = pace(entries, EXIT, day(-3), 2)
    dated_numbers = {entries[i].number for i in paced.dates}
    assert {1, 2} <= dated_numbers
    assert all(d < EXIT for d in paced.dates.values())


def test_an_id_with_a_dot_is_still_found_by_its_full_id() -> None:
    """A hand-made step whose own id holds a dot is still found by the step that needs it."""
    needed = step(1, -2)
    needed = needed._replace(item=_with_id(needed.item, "a.b"))
    needing = step(2, -20)
    needing = needing._replace(item=_with_after(needing.item, ("money.a.b",)))
    assert dated([needed, needing], day(-30)) == {1: day(-21), 2: day(-20)}


def _with_id(item: Item, new_id: str) -> Item:
    """The item with another id."""
    item.id = new_id
    return item


def _with_after(item: Item, after: tuple[str, ...]) -> Item:
    """The item coming after these steps."""
    item.after = after
    return item


def test_the_pacing_kept_in_the_cache_reads_back_the_same() -> None:
    """`to_data` and `from_data` round-trip a pacing exactly."""
    from exitplan.domain.pacing import Pace

    entries = [step(n, -n, priority="high" if n % 3 else "low") for n in range(1, 12)]
    paced = pace(entries, EXIT, day(-4), 2)
    data = paced.to_data()
    assert data == {
        "at": list(paced.dates),
        "days": [d.toordinal() for d in paced.dates.values()],
        "if_time": sorted(paced.if_time),
        "limit": paced.limit,
    }
    assert Pace.from_data(data, len(entries)) == paced


def test_a_pacing_that_does_not_fit_the_plan_is_not_used() -> None:
    """Anything but what `to_data` writes for a plan of that size reads as None."""
    from exitplan.domain.pacing import MAX_PER_DAY, Pace

    good = {"at": [0, 2], "days": [EXIT.toordinal(), EXIT.toordinal()], "if_time": [1], "limit": 2}
    assert Pace.from_data(good, 3) == Pace({0: EXIT, 2: EXIT}, frozenset({1}), 2)
    assert Pace.from_data({**good, "limit": 3 + MAX_PER_DAY}, 3) is not None
    assert Pace.from_data({**good, "limit": 1}, 3) == Pace({0: EXIT, 2: EXIT}, frozenset({1}), 1)
    bad: list[object] = [
        None,
        [],
        {**good, "at": [0]},
        {**good, "days": [EXIT.toordinal()] * 3},
        {**good, "at": [0, 3]},
        {**good, "at": [0, -1]},
        {**good, "at": [0, True]},
        {**good, "if_time": [3]},
        {**good, "if_time": ["1"]},
        {**good, "limit": 0},
        {**good, "limit": 4 + MAX_PER_DAY},
        {**good, "limit": 2.0},
        {**good, "days": [0, 1]},
        {**good, "days": [10**20, 1]},
        {**good, "days": ["x", 1]},
        {k: v for k, v in good.items() if k != "limit"},
        {k: v for k, v in good.items() if k != "at"},
        {k: v for k, v in good.items() if k != "days"},
        {k: v for k, v in good.items() if k != "if_time"},
    ]
    for data in bad:
        assert Pace.from_data(data, 3) is None, data


def test_with_no_step_to_pace_the_chosen_limit_is_kept() -> None:
    """No step before the exit has an offset: nothing is dated, and the limit is the one chosen."""
    paced = pace([step(1, 0), step(2, 3, when="after")], EXIT, day(-30), 6)
    assert (paced.dates, paced.if_time, paced.limit) == ({}, frozenset(), 6)


def test_a_step_brought_in_later_leaves_the_early_days_to_the_others() -> None:
    """A danger step an answer brought in on day -10 takes a place then, not on the first day:
    a step whose only day is the first keeps it."""
    danger = step(1, -25, danger=True)._replace(since=day(-10))
    first_day_only = step(2, -30)
    assert dated([danger, first_day_only], day(-30), per_day=1) == {1: day(-10), 2: day(-30)}


@pytest.mark.parametrize("answered", [EXIT, day(5)])
def test_a_step_brought_in_on_or_after_the_exit_takes_no_place_before_it(answered: date) -> None:
    """A step an answer brought in on or after the exit day is due on that day, and the steps
    before the exit keep their lead dates as if it were not there (one a day, three days)."""
    late = step(1, -1, danger=True)._replace(since=answered)
    result = pace([late, step(2, -1), step(3, -2)], EXIT, day(-3), 1)
    assert result.dates == {0: answered, 1: day(-1), 2: day(-2)}
    assert result.if_time == frozenset()


def test_a_step_is_never_due_before_the_answer_that_brought_it_in() -> None:
    """When the days from the answer on are full, the step is still due on the answer's day,
    not on an earlier free day."""
    danger = step(1, -1, danger=True)._replace(since=day(-1))
    result = pace([danger, step(2, -1), step(3, -1)], EXIT, day(-3), 1)
    assert result.dates[0] == day(-1)
    assert sorted(result.dates.values()) == [day(-2), day(-1), day(-1)]


def test_a_deadline_past_the_last_day_places_the_step_on_the_last_day() -> None:
    """`_place` never looks past its days: a later deadline is the last day."""
    from exitplan.domain.pacing import _place

    assert _place([5, 3], {5: 10, 3: 10}, [1, 1]) == {5: 0, 3: 1}
    assert _place([5], {5: 10}, [1, 1]) == {5: 1}
