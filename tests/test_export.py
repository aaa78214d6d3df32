"""The plan as data: totals, progress, the status and item shapes, checklists and history lines."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from exitplan.domain.flags import FLAGS
from exitplan.domain.model import Checklist, Due, Event, Item, PlanState
from exitplan.domain.plan import Plan, build_plan, new_state, set_status
from exitplan.formats.catalog import Catalog
from exitplan.views import export

NOW = datetime(2026, 11, 16, 9, 0, tzinfo=UTC)
TODAY = date(2026, 11, 30)
EXIT = date(2026, 12, 14)


def item(item_id: str, offset: int, **kwargs: object) -> Item:
    """An item due `offset` days from the exit date."""
    return Item(id=item_id, title=item_id.title(), why="Because.", due=Due(offset), **kwargs)  # type: ignore[arg-type]


@pytest.fixture
def catalog() -> Catalog:
    """One checklist whose items fall overdue, due soon, upcoming and after the exit."""
    return Catalog(
        (
            Checklist(
                id="money",
                title="Money",
                order=1,
                builtin=True,
                items=[
                    item("late", -21, priority="critical"),
                    item("soon", -10, alerts_partner=True),
                    item("later", -1),
                    item("after", 7, when="after"),
                ],
            ),
            Checklist(id="papers", title="Papers", order=2, builtin=True, items=[item("copy", -3)]),
        )
    )


@pytest.fixture
def state(catalog: Catalog) -> PlanState:
    """A plan of both checklists, made on 16 November to leave on 14 December."""
    return new_state(NOW, catalog, None, EXIT, NOW.date())


@pytest.fixture
def plan(catalog: Catalog, state: PlanState) -> Plan:
    """The plan joined with the catalog; the 'copy' step is done."""
    set_status(state, build_plan(catalog, state).resolve("papers.copy"), "done", NOW)
    return build_plan(catalog, state)


def test_totals_count_statuses_and_flags(plan: Plan) -> None:
    """Totals count items by status and by flag on the given day."""
    totals = export.totals(export.rows_for(plan, TODAY))
    assert totals == {
        "items": 5,
        "done": 1,
        "skipped": 0,
        "open": 4,
        "overdue": 1,
        "due_soon": 1,
        "open_at_exit": 0,
    }


def test_progress_is_per_checklist_in_order(plan: Plan) -> None:
    """Progress lists each checklist with its done, skipped and total counts."""
    rows = export.rows_for(plan, TODAY)
    assert [(c["id"], c["done"], c["total"]) for c in export.progress(plan, rows)] == [
        ("money", 0, 4),
        ("papers", 1, 1),
    ]


def test_status_data_has_the_documented_shape(plan: Plan) -> None:
    """The status data names today, the exit date, days left, totals, checklists and flags."""
    data = export.status_data(plan, TODAY)
    assert data["today"] == "2026-11-30"
    assert data["exit_date"] == "2026-12-14"
    assert data["days_left"] == 14
    assert data["has_plan"] is True
    assert [c for c in data["checklists"] if "skipped" in c] == []
    assert [(f["id"], f["flag"]) for f in data["flagged"]] == [
        ("money.late", "overdue"),
        ("money.soon", "due_soon"),
    ]
    assert data["flagged"][1]["alerts_partner"] is True


def test_status_data_without_a_plan(catalog: Catalog) -> None:
    """Without a plan there is no exit date and nothing is flagged."""
    data = export.status_data(build_plan(catalog, None), TODAY)
    assert (data["has_plan"], data["exit_date"], data["days_left"], data["flagged"]) == (
        False,
        None,
        None,
        [],
    )


def test_item_detail_adds_how_note_and_history(plan: Plan) -> None:
    """One item in full: the list shape plus how, caution, note, reason, sources and history."""
    entry = plan.resolve("papers.copy")
    row = export.rows_for(plan, TODAY, [entry])[0]
    events = export.item_events(plan, entry)
    detail = export.item_detail(row, events)
    assert detail["id"] == "papers.copy"
    assert detail["status"] == "done"
    assert detail["due"] == "2026-12-11"
    assert [e["action"] for e in detail["history"]] == ["done"]
    assert detail["history"][0]["at"] == "2026-11-16T09:00:00+00:00"
    assert set(detail) >= {"how", "caution", "note", "reason", "sources"}


def test_checklist_rows_mark_what_is_in_the_plan(catalog: Catalog, state: PlanState) -> None:
    """Each available checklist says how many items it has and whether the plan uses it."""
    state.checklists = ["money"]
    rows = export.checklist_rows(catalog, build_plan(catalog, state))
    assert [(r["id"], r["items"], r["in_plan"]) for r in rows] == [
        ("money", 4, True),
        ("papers", 1, False),
    ]


def test_status_word_uses_the_flag_table(plan: Plan) -> None:
    """A summary reads an open step by its flag word, a done one as done."""
    words = {r.entry.full_id: export.status_word(r) for r in export.rows_for(plan, TODAY)}
    assert words["money.late"] == FLAGS["overdue"].word
    assert words["papers.copy"] == "done"
    assert {name: flag.word for name, flag in FLAGS.items()} == export.FLAG_WORDS


def test_countdown_sentences() -> None:
    """The countdown is a calm sentence for every distance to the exit date."""
    assert export.countdown_text(None, TODAY).startswith("No exit date is set yet")
    assert export.countdown_text(EXIT, TODAY) == "14 days until Monday 14 December 2026."
    assert export.countdown_text(TODAY, TODAY).startswith("Today is the day")
    assert export.countdown_text(date(2026, 12, 1), TODAY).startswith("Tomorrow is the day")
    assert export.countdown_text(date(2026, 11, 29), TODAY).endswith("was yesterday.")
    assert export.countdown_text(date(2026, 11, 20), TODAY).endswith("was 10 days ago.")


def test_history_lines_show_action_item_and_detail() -> None:
    """One line per event: local time, action and item, and the detail in brackets."""
    events = [
        Event(at=NOW, action="init"),
        Event(at=NOW, action="skip", item="money.late", detail="not for me"),
    ]
    lines = export.history_lines(events)
    local = NOW.astimezone()
    assert lines == [
        f"{local:%Y-%m-%d %H:%M}  init",
        f"{local:%Y-%m-%d %H:%M}  skip money.late  (not for me)",
    ]


def test_backup_lines_show_number_time_and_progress() -> None:
    """A readable backup shows its exit date and progress; an unreadable one says so."""
    taken = NOW.isoformat()
    rows = [
        {"number": 1, "taken": taken, "exit_date": None, "done": 2, "total": 5, "readable": True},
        {
            "number": 2,
            "taken": taken,
            "exit_date": None,
            "done": None,
            "total": None,
            "readable": False,
        },
    ]
    local = NOW.astimezone()
    assert export.backup_lines(rows) == [
        f"  1  {local:%Y-%m-%d %H:%M:%S}  exit not set, 2/5 done",
        f"  2  {local:%Y-%m-%d %H:%M:%S}  cannot be read",
    ]


def test_rows_for_some_entries_keeps_the_whole_plan_pacing(plan: Plan) -> None:
    """One step's row has the date the whole plan gives it, not a date paced on its own."""
    whole = {row.entry.full_id: row.due for row in export.rows_for(plan, TODAY)}
    for entry in plan.entries:
        (row,) = export.rows_for(plan, TODAY, [entry])
        assert row.due == whole[entry.full_id]


def test_item_data_has_the_new_keys(plan: Plan) -> None:
    """Each step says whether it applies, waits for if there is time, is urgent or reflective."""
    rows = {r.entry.full_id: export.item_data(r) for r in export.rows_for(plan, TODAY)}
    late = rows["money.late"]
    assert (late["applies"], late["if_time"], late["urgent"], late["reflective"]) == (
        True,
        False,
        True,  # critical and overdue
        False,
    )
    assert rows["money.soon"]["urgent"] is False
    assert rows["money.after"]["when"] == "after"


def test_totals_and_progress_leave_out_steps_that_do_not_apply(catalog: Catalog) -> None:
    """A step whose condition is answered no counts in neither totals nor progress."""
    catalog.checklists[0].items[1].applies_if = ["children"]
    state = new_state(NOW, catalog, None, EXIT, NOW.date())
    state.situation = {"children": False}
    plan = build_plan(catalog, state)
    rows = export.rows_for(plan, TODAY)
    assert export.totals(rows)["items"] == 4
    assert export.progress(plan, rows)[0]["total"] == 3
    assert export.status_data(plan, TODAY)["not_for_you"] == 1
