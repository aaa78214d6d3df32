"""The day view: what needs attention on a day (today, behind, coming next, danger signs), the
totals and progress, and every alert, from one walk over the schedule."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from exitplan.domain.day import FEW, Attention, shown_attention, shown_for_now, view_of_rows
from exitplan.domain.model import Checklist, Due, Entry, Item, ItemState, PlanState
from exitplan.domain.plan import Plan
from exitplan.domain.schedule import Scheduled

EXIT = date(2027, 3, 1)
TODAY = date(2027, 2, 10)
LIST = Checklist(id="money", title="Money")


def row(
    number: int,
    due: date | None,
    flag: str | None,
    *,
    priority: str = "normal",
    status: str = "open",
    applies: bool = True,
    danger: bool = False,
    if_time: bool = False,
    alerts_partner: bool = False,
) -> Scheduled:
    """A scheduled row of step `s<number>`."""
    item = Item(id=f"s{number}", title=f"S{number}", why="W.", due=Due(offset=-7))
    item.priority = priority  # type: ignore[assignment]
    item.alerts_partner = alerts_partner
    entry = Entry(number, LIST, item, ItemState(status=status), applies=applies, danger=danger)  # type: ignore[arg-type]
    return Scheduled(entry, due, flag, if_time)  # type: ignore[arg-type]


def plan_of(situation: dict[str, bool] | None = None) -> Plan:
    """A plan of one checklist with these situation answers (its rows are given to the view)."""
    state = PlanState(
        created=datetime(2027, 1, 1, tzinfo=UTC),
        exit_date=EXIT,
        planned_on=date(2027, 1, 1),
        checklists=[LIST.id],
        situation=situation or {},
    )
    return Plan((LIST,), (), state)


def attention(rows: list[Scheduled], situation: dict[str, bool] | None = None) -> Attention:
    """The attention groups of the day view of these rows."""
    return view_of_rows(plan_of(situation), TODAY, rows).attention


def numbers(rows: tuple[Scheduled, ...] | list[Scheduled]) -> list[int]:
    """The step numbers of rows, in order."""
    return [r.entry.number for r in rows]


def later(days: int) -> date:
    """TODAY shifted by days."""
    return TODAY + timedelta(days=days)


def test_groups_for_a_day() -> None:
    """Due today, behind (critical first, a few shown, with the full count) and the next few."""
    rows = [
        row(1, TODAY, "due_soon"),
        row(2, TODAY, "due_soon", priority="high"),
        row(3, later(-3), "overdue"),
        row(4, later(-1), "overdue", priority="critical"),
        row(5, later(-9), "overdue", priority="high"),
        row(6, later(-2), "overdue", priority="low"),
        row(7, later(2), "due_soon"),
        row(8, later(1), "due_soon", priority="low"),
        row(9, later(1), "due_soon", priority="critical"),
        row(10, later(5), "due_soon"),
    ]
    result = attention(rows)
    assert numbers(result.today) == [2, 1]
    assert numbers(result.behind[:FEW]) == [4, 5, 3]
    assert len(result.behind) == 4
    assert numbers(result.coming[:FEW]) == [9, 8, 7]
    assert [r.urgent for r in result.behind[:FEW]] == [True, False, False]
    assert not result.dangers


def test_done_skipped_set_aside_and_if_time_steps_are_left_out() -> None:
    """Only open steps that apply are counted; "if there is time" steps are only counted."""
    rows = [
        row(1, later(-3), "overdue", status="done"),
        row(2, later(-3), "overdue", status="skipped"),
        row(3, later(-3), None, applies=False),
        row(4, None, None, if_time=True),
        row(5, None, None, if_time=True, status="done"),
    ]
    view = view_of_rows(plan_of(), TODAY, rows)
    result = view.attention
    assert (result.today, result.behind, result.coming) == ((), (), ())
    assert view.totals.if_time == 1
    assert view.totals.not_for_you == 1


def test_danger_signs_lead_with_their_critical_steps_first() -> None:
    """A danger sign answered yes is named, with its open steps, critical first."""
    rows = [
        row(1, later(3), "due_soon", danger=True),
        row(2, later(5), "due_soon", danger=True, priority="critical"),
        row(3, later(1), "due_soon", priority="critical"),
        row(4, later(1), "due_soon", danger=True, status="done"),
    ]
    answers = {"stalking": True, "weapons": True, "children": True, "strangled": False}
    result = attention(rows, answers)
    assert result.dangers == ("weapons", "stalking")
    assert numbers(result.danger) == [2, 1]
    assert numbers(result.coming) == [3]  # a danger step is never in two groups


def test_no_danger_sign_answered_yes() -> None:
    """Danger signs answered no, or not at all, give no danger group."""
    rows = [row(1, later(3), "due_soon", danger=True)]
    result = attention(rows, {"weapons": False})
    assert (result.dangers, result.danger) == ((), ())


def test_urgent_is_only_for_critical_steps_that_are_behind() -> None:
    """Red is for critical steps overdue or still open after the exit, nothing else."""
    assert row(1, later(-1), "overdue", priority="critical").urgent
    assert row(1, later(-1), "open_at_exit", priority="critical").urgent
    assert not row(1, later(-1), "overdue", priority="high").urgent
    assert not row(1, TODAY, "due_soon", priority="critical").urgent


def test_alerts_are_every_flagged_step_and_attention_is_what_status_shows() -> None:
    """The two lists are named apart: `alerts` holds every step overdue or due soon, most urgent
    first; `attention` holds the status screen's groups, in its order; a screen cuts a group
    short only to count the rest."""
    rows = [
        row(1, later(-3), "overdue"),
        row(2, later(-1), "overdue", priority="critical"),
        row(3, later(2), "due_soon"),
        row(4, later(6), "due_soon", priority="critical"),
        row(5, later(30), "upcoming"),
    ]
    view = view_of_rows(plan_of(), TODAY, rows)
    assert numbers(view.alerts) == [2, 1, 4, 3]
    assert numbers(view.attention.rows()) == [2, 1, 3, 4]
    shown = shown_attention(view.attention, behind=1, coming=1)
    assert (numbers(shown.rows()), shown.more) == ([2, 3], 2)
    assert (numbers(shown.behind), numbers(shown.coming)) == ([2], [3])


def test_totals_progress_and_what_may_alert_the_partner_in_one_walk() -> None:
    """Totals and progress count the steps that apply; open steps that may alert are counted."""
    rows = [
        row(1, later(-3), "overdue", alerts_partner=True),
        row(2, later(-3), None, status="done", alerts_partner=True),
        row(3, later(2), "due_soon", status="skipped"),
        row(4, later(2), None, applies=False, alerts_partner=True),
        row(5, later(2), "due_soon"),
    ]
    view = view_of_rows(plan_of(), TODAY, rows)
    assert view.totals.data() == {
        "items": 4,
        "done": 1,
        "skipped": 1,
        "open": 2,
        "overdue": 1,
        "due_soon": 1,
        "open_at_exit": 0,
    }
    assert [(p.id, p.done, p.skipped, p.total) for p in view.progress] == [("money", 1, 1, 4)]
    assert view.alerting == 1
    assert view.days_left == (EXIT - TODAY).days
    assert numbers(view.open_rows()) == [1, 5]
    assert numbers(view.listing("done")) == [2, 3]
    assert numbers(view.listing("all")) == [1, 2, 3, 4, 5]
    assert numbers(view.listing()) == numbers(view.listing("open")) == [1, 5]


# -- every figure of the view, each able to fail alone (mutation testing found them unchecked) --

PAPERS = Checklist(id="papers", title="Papers")


def paper_row(number: int, due: date | None, flag: str | None, **kw: object) -> Scheduled:
    """A row of step `s<number>` in the second checklist, Papers."""
    made = row(number, due, flag, **kw)  # type: ignore[arg-type]
    entry = made.entry._replace(checklist=PAPERS)
    return made._replace(entry=entry)


def two_list_plan(**state: object) -> Plan:
    """A plan of the checklists Money and Papers, leaving on EXIT."""
    made = PlanState(
        created=datetime(2027, 1, 1, tzinfo=UTC),
        exit_date=EXIT,
        planned_on=date(2027, 1, 1),
        checklists=[LIST.id, PAPERS.id],
        **state,
    )
    return Plan((LIST, PAPERS), (), made)


def test_every_count_adds_up_over_several_steps_of_each_kind() -> None:
    """Two steps of each kind are counted as two: set aside, done, skipped, overdue, due soon,
    still open at the exit, kept for if there is time, may alert; per checklist too."""
    rows = [
        row(1, later(2), None, applies=False),
        row(2, later(2), None, applies=False),
        row(3, later(-9), None, status="done"),
        paper_row(4, later(-9), None, status="done"),
        row(5, later(-9), None, status="done"),
        row(6, later(-2), None, status="skipped"),
        paper_row(7, later(-2), None, status="skipped"),
        paper_row(8, later(-2), None, status="skipped"),
        row(9, later(-3), "overdue", alerts_partner=True),
        row(10, later(-4), "overdue", alerts_partner=True),
        paper_row(11, later(1), "due_soon", if_time=True),
        row(12, later(3), "due_soon", if_time=True),
        paper_row(13, later(-20), "open_at_exit"),
        paper_row(14, later(-21), "open_at_exit"),
        row(15, later(40), "upcoming"),
    ]
    view = view_of_rows(two_list_plan(), TODAY, rows)
    assert view.totals._asdict() == {
        "items": 13,
        "done": 3,
        "skipped": 3,
        "open": 7,
        "overdue": 2,
        "due_soon": 2,
        "open_at_exit": 2,
        "not_for_you": 2,
        "if_time": 2,
    }
    assert [tuple(p) for p in view.progress] == [
        ("money", "Money", 2, 1, 7),
        ("papers", "Papers", 1, 2, 6),
    ]
    assert view.alerting == 2
    assert sorted(numbers(view.alerts)) == [9, 10, 11, 12, 13, 14]
    assert (view.plan.exit_date, view.today, view.has_plan) == (EXIT, TODAY, True)


def test_a_step_of_a_checklist_not_in_the_plan_counts_in_totals_only() -> None:
    """A row whose checklist the plan does not list is counted in the totals, in no progress."""
    rows = [row(1, later(-1), None, status="done"), paper_row(2, later(-1), None, status="done")]
    view = view_of_rows(plan_of(), TODAY, rows)
    assert (view.totals.items, view.totals.done) == (2, 2)
    assert [tuple(p) for p in view.progress] == [("money", "Money", 1, 0, 1)]


def test_what_needs_no_exit_date_is_kept_in_plan_order() -> None:
    """`for_now` holds the open "anytime" steps that apply, in plan order, and nothing else."""
    rows = [
        row(1, None, None),
        row(2, None, None),
        row(3, None, None, status="done"),
        row(4, None, None, applies=False),
        row(5, None, None),
    ]
    for made in (rows[0], rows[1], rows[2], rows[3]):
        made.entry.item.when = "anytime"
    view = view_of_rows(plan_of(), TODAY, rows)
    assert numbers(view.for_now) == [1, 2]


def test_a_screen_shows_the_first_steps_for_now_and_counts_the_rest() -> None:
    """`shown_for_now` gives the first steps for now a screen of that size shows, in plan
    order, and how many more; a size of 0 or less shows none and counts them all."""
    rows = [row(n, None, None) for n in (1, 2, 3)]
    for made in rows:
        made.entry.item.when = "anytime"
    view = view_of_rows(plan_of(), TODAY, rows)
    shown, more = shown_for_now(view, 2)
    assert (numbers(shown), more) == ([1, 2], 1)
    assert shown_for_now(view, 5) == (view.for_now, 0)
    assert shown_for_now(view, 0) == ((), 3)
    assert shown_for_now(view, -1) == ((), 3)


def test_due_soon_counts_the_warning_window_to_its_last_day() -> None:
    """Due soon counts the steps the schedule flags so (from today to the window's last day,
    both ends included); a day past the window goes to later, never to what comes next."""
    horizon = TODAY + timedelta(days=plan_of().warn_days)
    rows = [
        row(1, TODAY, "due_soon"),
        row(2, horizon, "due_soon"),
        row(3, horizon + timedelta(days=1), "upcoming"),
        row(4, later(-1), "overdue"),
        row(5, later(2), "upcoming"),
    ]
    view = view_of_rows(plan_of(), TODAY, rows)
    assert view.attention.due_soon == 2
    assert numbers(view.attention.coming) == [5, 2]
    assert not view.attention.quiet


def test_when_nothing_is_due_soon_the_next_few_dated_steps_come_next() -> None:
    """Nothing in the window: the next FEW dated steps, the earliest first, then by priority."""
    far = TODAY + timedelta(days=plan_of().warn_days + 10)
    rows = [
        row(1, far + timedelta(days=5), "upcoming"),
        row(2, far, "upcoming"),
        row(3, far, "upcoming", priority="critical"),
        row(4, far + timedelta(days=1), "upcoming"),
        row(5, None, None),
    ]
    view = view_of_rows(plan_of(), TODAY, rows)
    assert len(view.attention.coming) == FEW
    assert numbers(view.attention.coming) == [3, 2, 4]
    assert view.attention.quiet


def test_a_flagged_phone_brings_its_steps_first() -> None:
    """A phone check that found a sign brings the danger steps to the top, and says so."""
    from exitplan.domain.model import PhoneCheck

    checked = PhoneCheck(datetime(2027, 2, 9, tzinfo=UTC), ("stalkerware",))
    rows = [row(1, later(3), "due_soon"), row(2, later(20), "upcoming", danger=True)]
    view = view_of_rows(two_list_plan(phone={"android": checked}), TODAY, rows)
    assert view.attention.phone is True
    assert numbers(view.attention.danger) == [2]
    calm = view_of_rows(two_list_plan(), TODAY, rows)
    assert (calm.attention.phone, numbers(calm.attention.danger)) == (False, [])


def test_behind_is_ordered_by_priority_then_the_earlier_day() -> None:
    """Behind: the most important first; of equal priority, the one due earlier first."""
    rows = [
        row(1, later(-1), "overdue"),
        row(2, later(-9), "overdue"),
        row(3, later(-5), "overdue", priority="high"),
    ]
    assert numbers(attention(rows).behind) == [3, 2, 1]


def test_review_walks_the_most_urgent_first_not_in_plan_order() -> None:
    """`open_rows`: the open steps that apply, most urgent first."""
    rows = [
        row(1, later(20), "upcoming"),
        row(2, later(-2), "overdue", priority="critical"),
        row(3, later(1), "due_soon"),
        row(4, later(-2), None, status="done"),
    ]
    view = view_of_rows(plan_of(), TODAY, rows)
    assert numbers(view.open_rows()) == [2, 3, 1]


def test_listing_what_needs_attention_and_one_checklist() -> None:
    """`list --attention` is the attention groups in screen order; a checklist id keeps only
    its own steps, in any listing."""
    rows = [
        row(1, later(20), "upcoming"),
        paper_row(2, later(-2), "overdue"),
        row(3, later(-3), "overdue"),
        paper_row(4, later(2), "due_soon"),
    ]
    view = view_of_rows(two_list_plan(), TODAY, rows)
    assert numbers(view.listing("attention")) == numbers(view.attention.rows()) == [3, 2, 4]
    assert numbers(view.listing("attention", "papers")) == [2, 4]
    assert numbers(view.listing("open", "money")) == [1, 3]
    assert numbers(view.listing("all", "papers")) == [2, 4]


def test_a_row_is_found_by_its_step() -> None:
    """`row(entry)` gives that step's row; a step not in the view is a KeyError naming it."""
    rows = [row(1, later(1), "due_soon"), row(2, later(9), "upcoming")]
    view = view_of_rows(plan_of(), TODAY, rows)
    assert view.row(rows[1].entry) is rows[1]
    stranger = row(7, None, None).entry
    with pytest.raises(KeyError) as missing:
        view.row(stranger)
    assert missing.value.args == (stranger.full_id,)


def test_a_screen_of_no_room_shows_none_of_a_group() -> None:
    """A size of 0 (or less) for a group shows none of it, and counts all of it as more."""
    rows = [
        row(1, later(20), "upcoming", danger=True),
        row(2, TODAY, "due_soon"),
        row(3, later(-3), "overdue"),
        row(4, later(2), "due_soon"),
    ]
    groups = attention(rows, {"weapons": True})
    assert shown_attention(groups, danger=0, today=0, behind=0, coming=0) == ((), (), (), (), 4)
    none = shown_attention(groups, danger=-1, today=-1, behind=-1, coming=-1)
    assert none == ((), (), (), (), 4)
    shown = shown_attention(groups, danger=1, today=0, behind=1, coming=0)
    assert (numbers(shown.rows()), shown.more) == ([1, 3], 2)
    assert (numbers(shown.danger), shown.today, numbers(shown.behind)) == ([1], (), [3])


def test_the_day_view_of_a_plan_is_its_rows_on_that_day() -> None:
    """`day_view(plan, today)` is the view of the plan's own rows on that day."""
    from exitplan.domain.day import day_view

    item = Item(id="a", title="A", why="W.", due=Due(offset=-7))
    plan = Plan((LIST,), (Entry(1, LIST, item, ItemState()),), plan_of().state)
    view = day_view(plan, TODAY)
    assert view.today == TODAY
    assert view.rows == tuple(plan.rows(TODAY))
    assert [r.due for r in view.rows] == [EXIT - timedelta(days=7)]


def test_a_listing_that_does_not_exist_is_refused() -> None:
    """Only the four listings exist: another name is a programming error, not "open"."""
    view = view_of_rows(plan_of(), TODAY, [row(1, later(2), "due_soon")])
    with pytest.raises(ValueError, match="no such listing"):
        view.listing("opened")  # type: ignore[arg-type]
