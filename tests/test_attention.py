"""What needs attention on a day: today, what is behind, what comes next, and danger signs."""

from __future__ import annotations

from datetime import date, timedelta

from exitplan.domain.attention import attention
from exitplan.domain.model import Checklist, Due, Item, ItemState
from exitplan.domain.schedule import Entry, Scheduled

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
) -> Scheduled:
    """A scheduled row of step `s<number>`."""
    item = Item(id=f"s{number}", title=f"S{number}", why="W.", due=Due(offset=-7))
    item.priority = priority  # type: ignore[assignment]
    entry = Entry(number, LIST, item, ItemState(status=status), applies=applies, danger=danger)  # type: ignore[arg-type]
    return Scheduled(entry, due, flag, if_time)  # type: ignore[arg-type]


def numbers(rows: list[Scheduled]) -> list[int]:
    """The step numbers of rows, in order."""
    return [r.entry.number for r in rows]


def later(days: int) -> date:
    """TODAY shifted by days."""
    return TODAY + timedelta(days=days)


def test_groups_for_a_day() -> None:
    """Due today, behind (critical first, a few, with the full count) and the next few."""
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
    result = attention(rows, {}, TODAY)
    assert numbers(result.today) == [2, 1]
    assert numbers(result.behind) == [4, 5, 3]
    assert result.behind_count == 4
    assert numbers(result.coming) == [9, 8, 7]
    assert [r.urgent for r in result.behind] == [True, False, False]
    assert not result.danger


def test_done_skipped_set_aside_and_if_time_steps_are_left_out() -> None:
    """Only open steps that apply are counted; "if there is time" steps are only counted."""
    rows = [
        row(1, later(-3), "overdue", status="done"),
        row(2, later(-3), "overdue", status="skipped"),
        row(3, later(-3), None, applies=False),
        row(4, None, None, if_time=True),
        row(5, None, None, if_time=True, status="done"),
    ]
    result = attention(rows, {}, TODAY)
    assert (result.today, result.behind, result.behind_count, result.coming) == ([], [], 0, [])
    assert result.if_time == 1


def test_danger_signs_lead_with_their_critical_steps_first() -> None:
    """A danger sign answered yes is named, with its open steps, critical first."""
    rows = [
        row(1, later(3), "due_soon", danger=True),
        row(2, later(5), "due_soon", danger=True, priority="critical"),
        row(3, later(1), "due_soon", priority="critical"),
        row(4, later(1), "due_soon", danger=True, status="done"),
    ]
    answers = {"stalking": True, "weapons": True, "children": True, "strangled": False}
    result = attention(rows, answers, TODAY)
    assert result.danger
    assert result.dangers == ("weapons", "stalking")
    assert numbers(result.danger_steps) == [2, 1]


def test_no_danger_sign_answered_yes() -> None:
    """Danger signs answered no, or not at all, give no danger group."""
    rows = [row(1, later(3), "due_soon", danger=True)]
    result = attention(rows, {"weapons": False}, TODAY)
    assert (result.danger, result.danger_steps) == (False, [])


def test_urgent_is_only_for_critical_steps_that_are_behind() -> None:
    """Red is for critical steps overdue or still open after the exit, nothing else."""
    assert row(1, later(-1), "overdue", priority="critical").urgent
    assert row(1, later(-1), "open_at_exit", priority="critical").urgent
    assert not row(1, later(-1), "overdue", priority="high").urgent
    assert not row(1, TODAY, "due_soon", priority="critical").urgent
