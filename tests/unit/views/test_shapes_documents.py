"""The JSON documents' types name exactly what is printed: each document the views build, and
each part of one, holds every key its TypedDict requires and no key it does not declare."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest

from exitplan.domain.day import day_view
from exitplan.domain.inventory import Account, Document, Inventory, Money
from exitplan.domain.model import Checklist, Due, Event, Item
from exitplan.domain.plan import Plan, build_plan, new_state, set_status
from exitplan.formats.catalog import Catalog
from exitplan.journal.records import Moment
from exitplan.views import data as export
from exitplan.views import shapes
from exitplan.views.inventory import row_json, section_json

NOW = datetime(2026, 11, 16, 9, 0, tzinfo=UTC)
TODAY = date(2026, 11, 30)
EXIT = date(2026, 12, 14)
BOOK = Inventory(
    documents=(Document(1, "passport", expires=date(2027, 1, 1)),),
    accounts=(Account(2, "email"),),
    money=(Money(3, "saved", "savings", Decimal(100)), Money(4, "cost", "rent", Decimal(500))),
)
STEPS = [
    Item(id=name, title=name, why="Because.", due=Due(offset), priority="critical")
    for name, offset in (("late", -21), ("soon", -10), ("later", -1))
]
CATALOG = Catalog((Checklist(id="money", title="Money", order=1, builtin=True, items=STEPS),))


def fits(value: Mapping[str, object], shape: type) -> bool:
    """Whether a document holds every key its TypedDict requires and only keys it declares."""
    required: frozenset[str] = shape.__required_keys__  # type: ignore[attr-defined]
    optional: frozenset[str] = shape.__optional_keys__  # type: ignore[attr-defined]
    return required <= set(value) <= required | optional


@pytest.fixture
def plan() -> Plan:
    """A plan of one checklist, one step done, with the three inventories filled in."""
    state = new_state(NOW, CATALOG, None, EXIT, NOW.date())
    state.inventory = BOOK
    set_status(state, build_plan(CATALOG, state).resolve("money.later"), "done", NOW)
    state.history.append(Event(at=NOW, action="skip", item="money.soon", detail="not for me"))
    return build_plan(CATALOG, state)


def test_the_status_document_and_its_parts_fit_their_types(plan: Plan) -> None:
    """`status --json`: the document, its attention, journal note, progress and flagged rows."""
    data = export.status_data(day_view(plan, TODAY), journal=(3, TODAY))
    assert fits(data, shapes.StatusData)
    assert fits(data["attention"], shapes.AttentionData)
    assert data["journal"] is not None
    assert fits(data["journal"], shapes.JournalNote)
    assert data["checklists"]
    assert all(fits(row, shapes.ProgressData) for row in data["checklists"])
    assert "skipped" not in data["checklists"][0]
    assert data["flagged"]
    assert all(fits(row, shapes.FlaggedData) for row in data["flagged"])


def test_the_summary_document_and_its_parts_fit_their_types(plan: Plan) -> None:
    """`summary --format json`: the document, its steps, timeline and inventories."""
    view = day_view(plan, TODAY)
    moment = Moment(number=1, when="2026-11-20", what="words", corrections=0, files=1)
    books = {"money": section_json("money", BOOK, EXIT, TODAY, plan)}
    data = export.summary_data(view, (moment,), books)
    assert fits(data, shapes.SummaryData)
    assert data["items"]
    assert all(fits(item, shapes.SummaryItem) for item in data["items"])
    assert all(fits(item, shapes.ItemData) for item in data["attention"])
    assert all(fits(row, shapes.ProgressData) for row in data["checklists"])
    assert data["journal"] is not None
    assert fits(data["journal"][0], shapes.MomentData)


def test_a_step_its_history_and_the_checklists_fit_their_types(plan: Plan) -> None:
    """`list`, `show`, `history` and `checklists` documents, with an event in full."""
    entry = plan.resolve("money.soon")
    row = day_view(plan, TODAY).row(entry)
    assert fits(export.item_data(row), shapes.ItemData)
    detail = export.item_detail(row, export.item_events(plan, entry))
    assert fits(detail, shapes.ItemDetail)
    assert fits(detail["history"][0], shapes.EventJson)
    assert set(detail["history"][0]) == {"at", "action", "item", "detail"}
    assert set(export.event_data(Event(at=NOW, action="init"))) == {"at", "action"}
    shelf = export.checklist_rows(CATALOG, plan)
    assert shelf
    assert all(fits(row, shapes.ChecklistRow) for row in shelf)


@pytest.mark.parametrize("section", ["documents", "accounts", "money"])
def test_each_inventory_fits_its_type(plan: Plan, section: str) -> None:
    """An inventory's document: its rows, counts or runway, and the steps it completes."""
    data = section_json(section, BOOK, EXIT, TODAY, plan)  # type: ignore[arg-type]
    assert fits(data, shapes.InventoryJson)
    assert ("runway" in data) == (section == "money") != ("counts" in data)
    if "runway" in data:
        assert fits(data["runway"], shapes.RunwayData)
    assert all(fits(step, shapes.LinkedStep) for step in data["steps"])


def test_an_inventory_row_keeps_its_fields_and_its_words() -> None:
    """A row as JSON: its own fields (a date as ISO text), then its title, flags and advice."""
    data = row_json(BOOK.documents[0], BOOK, EXIT, TODAY)
    assert data["expires"] == "2027-01-01"
    assert list(data)[-5:] == ["title", "flags", "needs_a_look", "advice", "sources"]
