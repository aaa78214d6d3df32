"""Due dates, flags and order: pure functions of the items, the exit date and a given today."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from exitplan.base.errors import DateError
from exitplan.base.limits import Priority, Status, When
from exitplan.domain.dates import format_offset, parse_offset, parse_when
from exitplan.domain.model import Checklist, Due, Entry, Item, ItemState
from exitplan.domain.schedule import (
    FLAG_ORDER,
    Scheduled,
    days_left,
    schedule,
    urgency_key,
)

EXIT = date(2027, 1, 31)
LIST = Checklist(id="money", title="Money")
_numbers = iter(range(1, 10_000))


def entry(
    offset: int = 0,
    *,
    on: date | None = None,
    when: When = "before",
    priority: Priority = "normal",
    status: Status = "open",
    item_id: str = "step",
    number: int | None = None,
) -> Entry:
    """An entry of the `money` checklist with the given due, timing, priority and status."""
    item = Item(
        id=item_id,
        title=item_id.title(),
        why="Because.",
        due=Due(offset=offset, on=on),
        when=when,
        priority=priority,
    )
    return Entry(number or next(_numbers), LIST, item, ItemState(status=status))


def day(delta: int) -> date:
    """EXIT shifted by delta days."""
    return EXIT + timedelta(days=delta)


# -- due dates -----------------------------------------------------------------------------------


def flag_of(item: Entry, exit_date: date | None, today: date, warn_days: int) -> str | None:
    """The flag `schedule` gives one entry on its own."""
    return schedule([item], exit_date, today, warn_days)[0].flag


def lead(step: Entry, exit_date: date | None) -> date | None:
    """The step's date from `schedule` alone, with days enough that no pacing moves it."""
    return schedule([step], exit_date, day(-400), 7, start=day(-400))[0].due


def test_lead_date_is_the_exit_date_plus_the_offset() -> None:
    """A relative due is counted from the exit date; the default offset is the exit day itself."""
    assert lead(entry(-21), EXIT) == date(2027, 1, 10)
    assert lead(entry(7, when="after"), EXIT) == date(2027, 2, 7)
    assert lead(entry(), EXIT) == EXIT
    assert lead(entry(-21), day(3)) == date(2027, 1, 13)  # the exit moved: the step with it


def test_relative_due_without_exit_date_has_no_date() -> None:
    """Without an exit date a relative due has no calendar date."""
    assert lead(entry(-21), None) is None
    assert schedule([entry(-21)], None, EXIT, 7)[0].due is None


def test_absolute_due_ignores_the_exit_date() -> None:
    """An absolute date stays put whatever the exit date is, and with none."""
    fixed = entry(on=date(2027, 1, 5))
    assert lead(fixed, EXIT) == date(2027, 1, 5)
    assert lead(fixed, day(100)) == date(2027, 1, 5)
    for exit_date in (EXIT, day(100), None):
        assert schedule([fixed], exit_date, EXIT, 7, start=day(-60))[0].due == date(2027, 1, 5)


def test_enough_time_keeps_every_offset() -> None:
    """When there are days enough, each step before the exit is due on its own lead date."""
    rows = schedule([entry(-21), entry(-7)], EXIT, day(-60), 7, start=day(-60))
    assert [row.due for row in rows] == [day(-21), day(-7)]


def test_too_little_time_puts_long_leads_first_from_the_start() -> None:
    """Steps whose lead is longer than the plan are due from the day the date was chosen,
    most important first, a few a day; shorter leads keep their date."""
    entries = [
        entry(-28, item_id="long-normal", number=1),
        entry(-28, priority="high", item_id="long-high", number=2),
        entry(-14, priority="critical", item_id="mid-critical", number=3),
        entry(-2, item_id="short", number=4),
    ]
    rows = schedule(entries, EXIT, day(-7), 7, start=day(-7), per_day=1)
    due = {row.entry.item.id: row.due for row in rows}
    assert due == {
        "mid-critical": day(-7),
        "long-high": day(-6),
        "long-normal": day(-5),
        "short": day(-2),
    }


def test_paced_steps_are_never_due_before_the_plan_was_made() -> None:
    """Whatever the lead, a paced step is due on or after the day the date was chosen and
    before the exit, or is "if there is time" without a date."""
    start = day(-30)
    entries = [entry(-offset, number=offset) for offset in range(1, 366)]
    for row in schedule(entries, EXIT, start, 7, start=start):
        if row.if_time:
            assert row.due is None
        else:
            assert row.due is not None
            assert start <= row.due < EXIT


def test_pacing_leaves_after_items_and_fixed_dates_alone() -> None:
    """Steps after the exit and steps with a fixed date are never moved."""
    rows = schedule(
        [entry(14, when="after"), entry(on=date(2027, 1, 2))], EXIT, day(-2), 7, start=day(-2)
    )
    assert [row.due for row in rows] == [day(14), date(2027, 1, 2)]


def test_exit_date_chosen_after_it_passed_keeps_only_the_first_steps_on_the_exit_day() -> None:
    """No day is left before the exit: critical and high steps are due on the exit day and the
    others are "if there is time"."""
    entries = [entry(-21, priority="high"), entry(-21)]
    rows = schedule(entries, EXIT, day(6), 7, start=day(5))
    assert [(row.due, row.if_time) for row in rows] == [(EXIT, False), (None, True)]
    assert rows[1].flag is None


def test_no_start_means_plain_offsets() -> None:
    """A plan that does not record when the date was chosen uses the plain offsets."""
    rows = schedule([entry(-21), entry(-3)], EXIT, day(-30), 7, start=None)
    assert [row.due for row in rows] == [day(-21), day(-3)]


def test_a_new_plan_made_a_week_ahead_has_nothing_overdue() -> None:
    """On the day the date is chosen nothing is overdue, however long the leads."""
    entries = [entry(-21), entry(-14), entry(-7), entry(0, when="exit-day")]
    rows = schedule(entries, EXIT, day(-7), 7, start=day(-7))
    assert [row.flag for row in rows] == ["due_soon"] * 4
    assert [row.due for row in rows] == [day(-7), day(-7), day(-7), EXIT]


# -- flags ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("today", "flag"),
    [
        (day(-7 - 30), "upcoming"),
        (day(-7 - 8), "upcoming"),  # 8 days ahead: one past the window
        (day(-7 - 7), "due_soon"),  # exactly warn_days ahead: inside the window
        (day(-7 - 1), "due_soon"),
        (day(-7), "due_soon"),  # due today is not overdue yet
        (day(-7 + 1), "overdue"),  # the day after the due date
        (day(0), "overdue"),  # on the exit day itself, still overdue (not open at exit)
        (day(1), "open_at_exit"),  # the exit date has passed and it is still open
        (day(60), "open_at_exit"),
    ],
)
def test_flag_of_a_before_exit_item(today: date, flag: str) -> None:
    """An open item due a week before the exit, seen on different days (warn window 7 days)."""
    assert flag_of(entry(-7), EXIT, today, 7) == flag


@pytest.mark.parametrize(
    ("today", "flag"),
    [
        (day(-8), "upcoming"),
        (day(-7), "due_soon"),
        (day(0), "due_soon"),
        (day(1), "open_at_exit"),
    ],
)
def test_flag_of_an_exit_day_item(today: date, flag: str) -> None:
    """An exit-day item is due soon in the last week and open at exit once the day has passed."""
    assert flag_of(entry(0, when="exit-day"), EXIT, today, 7) == flag


@pytest.mark.parametrize(
    ("today", "flag"),
    [
        (day(0), "upcoming"),  # 14 days ahead
        (day(7), "due_soon"),  # exactly 7 days ahead
        (day(14), "due_soon"),
        (day(15), "overdue"),
    ],
)
def test_flag_of_an_after_exit_item(today: date, flag: str) -> None:
    """After-exit items are never 'open at exit': they follow their own due date."""
    assert flag_of(entry(14, when="after"), EXIT, today, 7) == flag


@pytest.mark.parametrize(
    ("warn_days", "today", "flag"),
    [
        (0, day(-7), "due_soon"),  # a zero window still flags what is due today
        (0, day(-8), "upcoming"),
        (3, day(-10), "due_soon"),
        (3, day(-11), "upcoming"),
        (30, day(-37), "due_soon"),
    ],
)
def test_warn_days_sets_the_due_soon_window(warn_days: int, today: date, flag: str) -> None:
    """The due-soon window is configurable; its edge (exactly warn_days ahead) is inside."""
    assert flag_of(entry(-7), EXIT, today, warn_days) == flag


@pytest.mark.parametrize("status", ["done", "skipped"])
def test_settled_items_have_no_flag(status: Status) -> None:
    """Done and skipped items are never flagged, however late."""
    assert flag_of(entry(-7, status=status), EXIT, day(30), 7) is None


def test_no_exit_date_no_flags() -> None:
    """Without an exit date, items timed from it have no deadline and no flag."""
    for today in (day(-100), EXIT, day(100)):
        assert flag_of(entry(-7), None, today, 7) is None
        assert flag_of(entry(0, when="exit-day"), None, today, 7) is None
        assert flag_of(entry(7, when="after"), None, today, 7) is None


def test_absolute_dates_are_flagged_by_their_own_date() -> None:
    """An item with a fixed date is flagged by that date, with or without an exit date."""
    fixed = entry(on=date(2027, 1, 5))
    assert flag_of(fixed, None, date(2027, 1, 6), 7) == "overdue"
    assert flag_of(fixed, None, date(2027, 1, 1), 7) == "due_soon"
    assert flag_of(fixed, None, date(2026, 12, 1), 7) == "upcoming"
    assert flag_of(fixed, EXIT, date(2027, 1, 6), 7) == "overdue"
    assert flag_of(fixed, EXIT, day(1), 7) == "open_at_exit"


def test_absolute_date_after_the_exit_is_not_open_at_exit() -> None:
    """A fixed date on an after-exit item is judged by the date, not by the exit."""
    later = entry(on=day(20), when="after")
    assert flag_of(later, EXIT, day(5), 7) == "upcoming"


# -- countdown -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("today", "left"), [(day(-42), 42), (day(-1), 1), (EXIT, 0), (day(3), -3)])
def test_days_left(today: date, left: int) -> None:
    """Days left count down to 0 on the exit day and go negative after it."""
    assert days_left(EXIT, today) == left


def test_days_left_without_exit_date() -> None:
    """No exit date: no countdown."""
    assert days_left(None, EXIT) is None


# -- scheduling and order ------------------------------------------------------------------------


def test_schedule_keeps_order_and_attaches_due_and_flag() -> None:
    """schedule returns one row per entry, in the same order, with its due date and flag."""
    entries = [entry(-7), entry(-30, status="done"), entry(14, when="after")]
    rows = schedule(entries, EXIT, day(-10), 7)
    assert [row.entry for row in rows] == entries
    assert [row.due for row in rows] == [day(-7), day(-30), day(14)]
    assert [row.flag for row in rows] == ["due_soon", None, "upcoming"]


def most_urgent(rows: list[Scheduled]) -> list[Scheduled]:
    """Open rows ordered by `urgency_key`, as review and the alerts order them."""
    return sorted((row for row in rows if row.entry.is_open), key=urgency_key)


def test_flag_order_is_most_urgent_first() -> None:
    """The documented order of flags, most urgent first."""
    assert FLAG_ORDER == ("overdue", "open_at_exit", "due_soon", "upcoming")


def test_most_urgent_sorts_by_flag_then_priority_then_due_date() -> None:
    """Open rows: by flag, then critical and high first, then earlier due date, then list order."""
    today = day(-10)
    entries = [
        entry(-1, priority="critical", item_id="upcoming-critical", number=1),
        entry(-5, priority="low", item_id="soon-low", number=2),
        entry(-20, priority="normal", item_id="overdue-normal", number=3),
        entry(-9, priority="normal", item_id="soon-normal-late", number=4),
        entry(-10, priority="normal", item_id="soon-normal-early", number=5),
        entry(-12, priority="high", item_id="overdue-high", number=6),
        entry(-6, priority="critical", item_id="soon-critical", number=7),
        entry(-30, priority="critical", item_id="done-critical", status="done", number=8),
        entry(-4, priority="high", item_id="soon-high", number=9),
        entry(-9, priority="normal", item_id="soon-normal-late-2", number=10),
    ]
    rows = most_urgent(schedule(entries, EXIT, today, 7))
    assert [row.entry.item.id for row in rows] == [
        "overdue-high",
        "overdue-normal",
        "soon-critical",
        "soon-high",
        "soon-normal-early",
        "soon-normal-late",
        "soon-normal-late-2",  # same flag, priority and date: list order decides
        "soon-low",
        "upcoming-critical",
    ]


def test_open_at_exit_ranks_between_overdue_and_due_soon() -> None:
    """After the exit: overdue after-exit items first, then open-at-exit, then due soon."""
    today = day(10)
    entries = [
        entry(14, when="after", item_id="after-soon", number=1),
        entry(-20, priority="low", item_id="before-open", number=2),
        entry(5, when="after", item_id="after-overdue", number=3),
    ]
    rows = most_urgent(schedule(entries, EXIT, today, 7))
    assert [(row.entry.item.id, row.flag) for row in rows] == [
        ("after-overdue", "overdue"),
        ("before-open", "open_at_exit"),
        ("after-soon", "due_soon"),
    ]


def test_undated_rows_sort_last_by_priority() -> None:
    """Without an exit date there are no flags; higher priority still comes first."""
    entries = [
        entry(-3, item_id="normal", number=1),
        entry(-3, priority="critical", item_id="critical", number=2),
    ]
    rows = most_urgent(schedule(entries, None, EXIT, 7))
    assert [row.entry.item.id for row in rows] == ["critical", "normal"]
    assert urgency_key(rows[0])[0] == len(FLAG_ORDER)


def test_entry_full_id_and_open() -> None:
    """An entry's full id is `checklist.item`; it is open unless done or skipped."""
    assert entry(item_id="own-account").full_id == "money.own-account"
    assert entry().is_open
    assert not entry(status="done").is_open
    assert not entry(status="skipped").is_open


# -- dates typed by the person -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("exit", 0),
        ("EXIT", 0),
        ("0", 0),
        ("-3w", -21),
        ("+10d", 10),
        ("5d", 5),
        (" -1w ", -7),
        ("+3660d", 3660),
    ],
)
def test_parse_offset(text: str, days: int) -> None:
    """Offsets: exit, or days/weeks before (-) or after (+) the exit."""
    assert parse_offset(text) == days


@pytest.mark.parametrize("text", ["", "3", "-3x", "3 weeks", "+-3d", "--3d", "+3661d", "99999w"])
def test_parse_offset_rejects(text: str) -> None:
    """Anything else, and offsets beyond ten years, is a DateError with an example."""
    with pytest.raises(DateError, match=r"offset|ten years"):
        parse_offset(text)


@pytest.mark.parametrize(("days", "text"), [(0, "exit"), (-21, "-21d"), (7, "+7d")])
def test_format_offset(days: int, text: str) -> None:
    """Offsets are written back in one canonical form."""
    assert format_offset(days) == text
    assert parse_offset(text) == days


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2027-01-31", date(2027, 1, 31)),
        (" 2027-01-31 ", date(2027, 1, 31)),
        ("today", EXIT),
        ("+6w", day(42)),
        ("+10d", day(10)),
        ("-3d", day(-3)),
    ],
)
def test_parse_when(text: str, expected: date) -> None:
    """Dates typed by the person: ISO, today, or relative to today."""
    assert parse_when(text, EXIT) == expected


@pytest.mark.parametrize("text", ["", "soon", "31.13.2027", "+6y", "2027/01/31"])
def test_parse_when_rejects(text: str) -> None:
    """A date that cannot be read is a DateError showing the accepted forms."""
    with pytest.raises(DateError, match=r"is not a date: use the form 2027-01-31, or \+3w"):
        parse_when(text, EXIT)


def test_parse_when_names_a_day_not_in_the_calendar() -> None:
    """A date of the right form that the calendar lacks is said to be just that."""
    with pytest.raises(DateError, match=r"'2027-02-30' is not a day in the calendar"):
        parse_when("2027-02-30", EXIT)


def test_a_step_moot_after_the_exit_is_never_behind_once_the_exit_has_passed() -> None:
    """After the exit, a step that can no longer be done has no flag; another one is behind."""
    moot = entry(-7)._replace(
        item=Item(
            id="rehearse", title="Rehearse", why="Because.", due=Due(-7), moot_after_exit=True
        )
    )
    other = entry(-7)
    rows = schedule([moot, other], EXIT, day(14), 7)
    assert [row.flag for row in rows] == [None, "open_at_exit"]
    before = schedule([moot], EXIT, day(-3), 7)
    assert before[0].flag == "overdue"


def test_a_step_that_cannot_be_done_after_the_exit_is_history_not_behind() -> None:
    """Once the exit has passed, an open step marked moot after the exit is `passed` with no
    flag; an open step not so marked is open at the exit; a done moot step is not `passed`, and
    before the exit nothing is."""
    moot = entry(-7, item_id="route")
    moot.item.moot_after_exit = True
    done_moot = entry(-7, item_id="drill", status="done")
    done_moot.item.moot_after_exit = True
    plain = entry(-7, item_id="bag")
    after = EXIT + timedelta(days=3)
    rows = {r.entry.item.id: r for r in schedule([moot, done_moot, plain], EXIT, after, 7)}
    assert (rows["route"].passed, rows["route"].flag) == (True, None)
    assert (rows["drill"].passed, rows["drill"].flag) == (False, None)
    assert (rows["bag"].passed, rows["bag"].flag) == (False, "open_at_exit")
    before = schedule([moot, done_moot, plain], EXIT, EXIT - timedelta(days=30), 7)
    assert [r.passed for r in before] == [False, False, False]
