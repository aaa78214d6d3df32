"""The terminal rendering: due texts, list lines, the item view and the checklists."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from exitplan.domain.day import day_view
from exitplan.domain.model import Checklist, Due, Item
from exitplan.domain.plan import Plan, build_plan, new_state
from exitplan.domain.schedule import Scheduled
from exitplan.formats.catalog import Catalog
from exitplan.views import render
from exitplan.views.term import CAUTION, GLUE, wrap
from exitplan.views.words import short_state, state_style

NOW = datetime(2026, 11, 16, 9, 0, tzinfo=UTC)
TODAY = date(2026, 11, 30)
EXIT = date(2026, 12, 14)


@pytest.fixture
def plan() -> Plan:
    """A plan with one overdue step that could alert the partner and one upcoming step."""
    catalog = Catalog(
        (
            Checklist(
                id="money",
                title="Money",
                builtin=True,
                items=[
                    Item(
                        id="late",
                        title="Open an account",
                        why="W.",
                        due=Due(-21),
                        alerts_partner=True,
                        priority="critical",
                    ),
                    Item(id="later", title="Pack", why="W.", due=Due(-1)),
                ],
            ),
        )
    )
    return build_plan(catalog, new_state(NOW, catalog, None, EXIT, NOW.date()))


def rows_for(plan: Plan, today: date) -> list[Scheduled]:
    """Every step's row on the day, as the day view has it."""
    return list(day_view(plan, today).rows)


def test_a_step_moot_after_the_exit_reads_passed_once_the_exit_has_gone(plan: Plan) -> None:
    """After the exit, an open step that could only be done before it says "passed", never
    "open at exit", and is not red; before the exit it is an ordinary step."""
    from exitplan.views.words import state_words

    moot = Item(id="route", title="Practise the route", why="W.", due=Due(-7), moot_after_exit=True)
    checklist = plan.checklists[0].replace(items=[*plan.checklists[0].items, moot])
    catalog = Catalog((checklist,))
    later = build_plan(catalog, new_state(NOW, catalog, None, EXIT, NOW.date()))
    after = {row.entry.item.id: row for row in rows_for(later, EXIT + timedelta(days=14))}
    assert short_state(after["route"]) == "passed"
    assert state_words(after["route"]) == "open, its time passed with the exit"
    assert short_state(after["later"]) == "open at exit"
    assert state_style(after["route"]) == "dim"
    before = {row.entry.item.id: row for row in rows_for(later, TODAY)}
    assert short_state(before["route"]) != "passed"


def test_list_lines_have_a_header_and_one_line_per_row(plan: Plan) -> None:
    """List lines: a header, then number, state, due date, title and id for each row."""
    lines = render.list_lines(rows_for(plan, TODAY), TODAY, columns=100)
    assert lines[0].split() == ["#", "state", "due", "step", "(id)"]
    assert lines[1].startswith("1  overdue")
    assert lines[1].endswith("(money.late)")
    assert render.list_lines([], TODAY) == ["No steps to show."]


def test_list_lines_stack_on_a_narrow_screen(plan: Plan) -> None:
    """At 40 columns a step is its title, then its state, due date and id on the next line."""
    lines = render.list_lines(rows_for(plan, TODAY), TODAY, columns=40)
    assert lines[0] == f"1  Open an account {CAUTION}"
    assert lines[1:3] == ["   overdue, due 23 Nov (7 days ago)", "   (money.late)"]
    assert max(len(line) for line in lines) <= 40


def test_item_view_shows_caution_and_when(plan: Plan) -> None:
    """One step in full shows why, the caution for a step that could alert, and when."""
    text = "\n".join(render.item_lines(rows_for(plan, TODAY)[0], TODAY, []))
    assert "Doing this could be noticed" in text
    assert "before you leave" in text
    assert "money.late  (#1)" in text
    assert render.item_lines(rows_for(plan, TODAY)[0], TODAY, [])[0].startswith("Step")


def test_checklists_view_says_whose_and_whether_in_plan() -> None:
    """The checklist table marks built-in or yours, and whether the plan uses it."""
    rows = [
        {
            "id": "money",
            "title": "Money",
            "summary": "",
            "items": 2,
            "builtin": True,
            "in_plan": True,
        },
        {
            "id": "mine",
            "title": "Mine",
            "summary": "",
            "items": 1,
            "builtin": False,
            "in_plan": False,
        },
    ]
    text = "\n".join(render.checklists_lines(rows))
    assert "money  Money: 2 steps, built-in, in your plan." in text
    assert "mine   Mine: 1 step, yours, not in your plan." in text


def test_wrap_keeps_phone_numbers_urls_and_the_caution_mark_whole() -> None:
    """Wrapping breaks only between words: never inside a phone number, a URL, or before ⚠."""
    assert wrap("Call 0808 2000 247 today", 12) == ["Call", "0808 2000 247", "today"]
    url = "https://example.org/a-long-path-with-hyphens"
    assert wrap(f"See {url} now", 20, "  ") == ["  See", f"  {url}", "  now"]
    assert wrap(f"Open an account{GLUE}{CAUTION}", 16) == [
        "Open an",
        f"account {CAUTION}",
    ]
    assert wrap("a  b", 10) == ["a  b"]  # a line that fits keeps its spacing


def test_item_view_puts_title_state_why_how_first_and_sources_last() -> None:
    """A step in full leads with what a person needs (title, state, due, why, how) and ends
    with its sources and the day they were checked."""
    catalog = Catalog(
        (
            Checklist(
                id="money",
                title="Money",
                builtin=True,
                items=[
                    Item(
                        id="late",
                        title="Open an account",
                        why="W.",
                        how="H.",
                        due=Due(-21),
                        sources=("https://example.gov/page",),
                        checked="2026-12-01",
                    )
                ],
            ),
        )
    )
    plan = build_plan(catalog, new_state(NOW, catalog, None, EXIT, NOW.date()))
    lines = render.item_lines(rows_for(plan, TODAY)[0], TODAY, [])
    labels = [line.split(" ", 1)[0] for line in lines if line[:1] != " "]
    assert labels[:5] == ["Step", "State", "Due", "Why", "How"]
    assert labels[-2:] == ["Sources", "Checked"]
