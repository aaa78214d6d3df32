"""The plan as data: totals, progress, the status and item shapes, checklists and history lines.

The shapes are read from the day view (`exitplan.domain.day`); the words from `views.words`.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from exitplan.base import i18n, spoken
from exitplan.domain.day import day_view
from exitplan.domain.model import Checklist, Due, Event, Item, PlanState
from exitplan.domain.plan import Plan, build_plan, new_state, set_status
from exitplan.formats.catalog import Catalog
from exitplan.views import data as export
from exitplan.views.render import backup_lines, history_lines
from exitplan.views.words import FLAGS, countdown_text, state_words

NOW = datetime(2026, 11, 16, 9, 0, tzinfo=UTC)
TODAY = date(2026, 11, 30)
EXIT = date(2026, 12, 14)


def item(item_id: str, offset: int, **kwargs: object) -> Item:
    """An item due `offset` days from the exit date."""
    return Item(id=item_id, title=item_id.title(), why="Because.", due=Due(offset), **kwargs)


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
    totals = day_view(plan, TODAY).totals.data()
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
    progress = export.progress_data(day_view(plan, TODAY).progress)
    assert [(c["id"], c["done"], c["total"]) for c in progress] == [
        ("money", 0, 4),
        ("papers", 1, 1),
    ]


def test_status_data_has_the_documented_shape(plan: Plan) -> None:
    """The status data names today, the exit date, days left, totals, checklists and flags."""
    data = export.status_data(day_view(plan, TODAY))
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
    data = export.status_data(day_view(build_plan(catalog, None), TODAY))
    assert (data["has_plan"], data["exit_date"], data["days_left"], data["flagged"]) == (
        False,
        None,
        None,
        [],
    )


def test_item_detail_adds_how_note_and_history(plan: Plan) -> None:
    """One item in full: the list shape plus how, caution, note, reason, sources and history."""
    entry = plan.resolve("papers.copy")
    row = day_view(plan, TODAY).row(entry)
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


def test_state_words_use_the_flag_table(plan: Plan) -> None:
    """An open step reads as open with its flag word, a done one as done."""
    words = {r.entry.full_id: state_words(r) for r in day_view(plan, TODAY).rows}
    assert words["money.late"] == f"open, {FLAGS['overdue'].word}"
    assert words["papers.copy"] == "done"
    assert max(len(flag.short) for flag in FLAGS.values()) <= 12


def test_countdown_sentences() -> None:
    """The countdown is a calm sentence for every distance to the exit date."""
    assert countdown_text(None, TODAY).startswith("No exit date is set yet")
    assert countdown_text(EXIT, TODAY) == "14 days until Monday 14 December 2026."
    assert countdown_text(TODAY, TODAY).startswith("Today is the day")
    assert countdown_text(date(2026, 12, 1), TODAY).startswith("Tomorrow is the day")
    assert countdown_text(date(2026, 11, 29), TODAY).endswith("was yesterday.")
    assert countdown_text(date(2026, 11, 20), TODAY).endswith("was 10 days ago.")


def test_history_lines_show_action_item_and_detail() -> None:
    """One line per event: local time, action and item, and the detail in brackets."""
    events = [
        Event(at=NOW, action="init"),
        Event(at=NOW, action="skip", item="money.late", detail="not for me"),
    ]
    lines = history_lines(events)
    stamp = spoken.day_and_time(NOW.astimezone())
    assert lines == [
        f"{stamp}  init",
        f"{stamp}  skip money.late  (not for me)",
    ]


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        (
            "en",
            [
                "16 Nov 2026, {hm}  init  (exit date 20 Jan 2027)",
                "16 Nov 2026, {hm}  date  (1 Feb 2027)",
            ],
        ),
        (
            "es",
            [
                "16 nov 2026, {hm}  inicio  (fecha de salida: 20 ene 2027)",
                "16 nov 2026, {hm}  fecha  (1 feb 2027)",
            ],
        ),
        (
            "fr",
            [
                "16 nov. 2026 à {h} h {m}  création  (date de départ\u00a0: 20 janv. 2027)",
                "16 nov. 2026 à {h} h {m}  date  (1er févr. 2027)",
            ],
        ),
    ],
)
def test_history_lines_say_every_date_in_the_language_spoken(tag: str, expected: list[str]) -> None:
    """The time of each change and the dates in its details are the language's own, never
    ISO or English words on a Spanish or French screen."""
    i18n.install(tag)
    events = [
        Event(at=NOW, action="init", detail="exit date 2027-01-20"),
        Event(at=NOW, action="date", detail="2027-02-01"),
    ]
    local = NOW.astimezone()
    hm, h, m = f"{local:%H:%M}", str(local.hour), f"{local.minute:02d}"
    assert history_lines(events) == [line.format(hm=hm, h=h, m=m) for line in expected]


def test_history_lines_put_the_time_above_the_words_when_narrow() -> None:
    """Below 60 columns each change's time has a line of its own and its words wrap under it."""
    i18n.install("fr")
    events = [Event(at=NOW, action="skip", item="money.late", detail="pas pour moi du tout")]
    lines = history_lines(events, 30)
    assert lines[0] == spoken.day_and_time(NOW.astimezone())
    assert all(len(line) <= 30 and line.startswith("  ") for line in lines[1:])
    assert " ".join(" ".join(lines[1:]).split()) == "mise de côté money.late (pas pour moi du tout)"


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
    assert backup_lines(rows) == [
        f"  1  {local:%Y-%m-%d %H:%M:%S}  exit not set, 2/5 done",
        f"  2  {local:%Y-%m-%d %H:%M:%S}  cannot be read",
    ]


def test_one_steps_row_keeps_the_whole_plan_pacing(plan: Plan) -> None:
    """One step's row has the date the whole plan gives it, not a date paced on its own."""
    view = day_view(plan, TODAY)
    whole = {row.entry.full_id: row.due for row in view.rows}
    for entry in plan.entries:
        assert view.row(entry).due == whole[entry.full_id]


def test_item_data_has_the_new_keys(plan: Plan) -> None:
    """Each step says whether it applies, waits for if there is time, is urgent or reflective."""
    rows = {r.entry.full_id: export.item_data(r) for r in day_view(plan, TODAY).rows}
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
    catalog.checklists[0].items[1].applies_if = ("children",)
    state = new_state(NOW, catalog, None, EXIT, NOW.date())
    state.situation = {"children": False}
    plan = build_plan(catalog, state)
    view = day_view(plan, TODAY)
    assert view.totals.items == 4
    assert view.progress[0].total == 3
    assert export.status_data(view)["not_for_you"] == 1


def test_a_step_with_no_date_of_its_own_says_when_it_is_for(catalog: Catalog) -> None:
    """An open "event" or "anytime" step reads "open, when needed" / "open, any time", never
    as upcoming, in every screen and summary (the one way to word a step's state)."""
    catalog.checklists[0].items.extend(
        [item("injury", 0, when="event"), item("signal", 0, when="anytime")]
    )
    plan = build_plan(catalog, new_state(NOW, catalog, None, EXIT, NOW.date()))
    words = {r.entry.full_id: state_words(r) for r in day_view(plan, TODAY).rows}
    assert words["money.injury"] == "open, when needed"
    assert words["money.signal"] == "open, any time"
    assert words["money.after"] == "open, upcoming"
