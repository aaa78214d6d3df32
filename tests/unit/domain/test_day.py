"""The day view: what needs attention on a day (today, behind, coming next, danger signs), the
totals and progress, and every alert, from one walk over the schedule."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from exitplan.domain.day import FEW, Attention, shown_attention, view_of_rows
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
    shown, more = shown_attention(view.attention, behind=1, coming=1)
    assert (numbers(shown), more) == ([2, 3], 2)


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
