"""The inventory screens and data (views/inventory.py): a list wrapped to the terminal (plain for
screen readers), JSON with exact amounts, and the plan's steps an inventory completes."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal

import pytest

from exitplan.domain.findings import StepProgress
from exitplan.domain.inventory import Account, Document, Inventory, Money
from exitplan.domain.model import Checklist, Due, Item
from exitplan.domain.plan import Plan, build_plan, new_state, set_status
from exitplan.domain.runway import runway
from exitplan.formats.catalog import Catalog
from exitplan.views.inventory import (
    linked_steps,
    list_lines,
    progress_text,
    row_json,
    runway_json,
    section_json,
    step_note,
)
from exitplan.views.term import Painter

NOW = datetime(2026, 11, 16, 9, 0, tzinfo=UTC)
TODAY = date(2026, 11, 30)
EXIT = date(2026, 12, 14)

PASSPORT = Document(number=1, kind="passport", original="drawer", copy=True)
BIRTH = Document(number=2, kind="birth-certificate", original=None, copy=False)
EMAIL = Account(number=1, what="Email")
MONEY = (
    Money(number=1, kind="saved", what="Savings", amount=Decimal("1000")),
    Money(number=2, kind="one-off", what="Deposit", amount=Decimal("200")),
    Money(number=3, kind="cost", what="Rent", amount=Decimal("100"), per="week"),
)


def step(item_id: str, offset: int) -> Item:
    """A step due `offset` days from the exit date."""
    return Item(
        id=item_id, title=item_id.replace("-", " ").capitalize(), why="Because.", due=Due(offset)
    )


def plan_with(inventory: Inventory, done: tuple[str, ...] = ()) -> Plan:
    """A plan of the steps the inventories complete, made on 16 November to leave on 14
    December, holding `inventory`, with the steps `done` marked done."""
    catalog = Catalog(
        (
            Checklist(
                id="documents",
                title="Documents",
                order=1,
                builtin=True,
                items=[step("document-list", -20), step("copies", -10), step("identity", -7)],
            ),
            Checklist(
                id="finances",
                title="Finances",
                order=2,
                builtin=True,
                items=[step("save-quietly", -5), step("unlinked", -3)],
            ),
        )
    )
    state = new_state(NOW, catalog, None, EXIT, NOW.date())
    state.inventory = inventory
    for full_id in done:
        set_status(state, build_plan(catalog, state).resolve(full_id), "done", NOW)
    return build_plan(catalog, state)


# -- the steps an inventory completes ---------------------------------------------------------


def test_the_linked_steps_are_the_plans_steps_for_that_inventory_in_plan_order() -> None:
    """Documents complete the list, copies and identity steps; money the saving step; a step tied
    to no inventory is never linked."""
    plan = plan_with(Inventory(documents=(PASSPORT,)))
    found = linked_steps(plan, "documents", TODAY)
    assert [(n, full_id, title) for n, full_id, title, _ in found] == [
        (1, "documents.document-list", "Document list"),
        (2, "documents.copies", "Copies"),
        (3, "documents.identity", "Identity"),
    ]
    assert [full_id for _, full_id, _, _ in linked_steps(plan, "money", TODAY)] == [
        "finances.save-quietly"
    ]
    assert linked_steps(plan, "accounts", TODAY) == []


def test_no_plan_has_no_linked_steps() -> None:
    """Without a plan, nothing is linked."""
    assert linked_steps(None, "documents", TODAY) == []


@pytest.mark.parametrize(
    ("progress", "words"),
    [
        (
            StepProgress("documents", "listed", 0, (), False),
            "Nothing is in your list yet: exitplan documents add",
        ),
        (
            StepProgress("documents", "listed", 1, (), True),
            "Your list holds 1 row: exitplan documents",
        ),
        (
            StepProgress("accounts", "listed", 3, (), True),
            "Your list holds 3 rows: exitplan accounts",
        ),
        (
            StepProgress("documents", "copies", 2, (2,), False),
            "No copy yet of document 2: exitplan documents show N",
        ),
        (
            StepProgress("documents", "no-expiry-or-missing", 3, (1, 3), False),
            "Not with you, or out of date before you leave: documents 1, 3 "
            "(exitplan documents show N)",
        ),
        (
            StepProgress("accounts", "reach:linked", 2, (2,), False),
            "Still to settle this way: account or device 2 (exitplan accounts show N)",
        ),
        (
            StepProgress("money", "joint", 0, (), False),
            "None listed yet: exitplan money add",
        ),
        (StepProgress("money", "debts", 2, (), True), "2 listed: exitplan money"),
        (
            StepProgress("money", "saved", 3, (), False),
            "Your money list falls short of your threshold: exitplan money",
        ),
        (
            StepProgress("money", "saved", 0, (), False),
            "Your money list falls short of your threshold: exitplan money",
        ),
        (
            StepProgress("money", "saved", 3, (), True),
            "Your list shows nothing left in the way: exitplan money",
        ),
        (
            StepProgress("documents", "copies", 0, (), False),
            "Nothing is in your list yet: exitplan documents add",
        ),
        (
            StepProgress("documents", "copies", 2, (), True),
            "Your list shows nothing left in the way: exitplan documents",
        ),
    ],
)
def test_each_way_an_inventory_stands_for_a_step_is_one_sentence(
    progress: StepProgress, words: str
) -> None:
    """How the inventory stands is one sentence with the command that says more, counted
    right in the singular and the plural."""
    assert progress_text(progress) == words


def test_show_notes_the_inventory_that_completes_a_step() -> None:
    """`show` of a linked step names the inventory, how it stands, and whether it shows the
    step done; a step tied to no inventory gets no note."""
    plan = plan_with(Inventory(documents=(PASSPORT,)))
    assert step_note(plan, "documents.copies", TODAY) == (
        "Documents",
        "Your list shows nothing left in the way: exitplan documents",
        True,
    )
    assert step_note(plan, "documents.document-list", TODAY) == (
        "Documents",
        "Your list holds 1 row: exitplan documents",
        False,
    )
    assert step_note(plan, "finances.unlinked", TODAY) is None


# -- JSON ------------------------------------------------------------------------------------


def test_a_rows_json_holds_its_fields_title_flags_advice_and_sources() -> None:
    """A document as data: its fields (the expiry as ISO text), its title, its flags as codes
    and as sentences, its advice and sources."""
    expiring = Document(number=4, kind="passport", original="drawer", copy=True, expires=EXIT)
    data = row_json(expiring, Inventory(documents=(expiring,)), EXIT, TODAY)
    assert data["expires"] == "2026-12-14"
    assert data["title"] == "Passport, yours"
    assert data["flags"] == ["expires-before-exit"]
    assert data["needs_a_look"] == ["Expires 14 Dec 2026, before you leave."]
    advice = data["advice"]  # a row's fields differ by inventory: its JSON is checked here
    assert isinstance(advice, list)
    assert len(advice) == 1
    assert data["sources"]
    assert data["number"] == 4


def test_the_runway_as_json_is_exact_text_in_the_persons_currency() -> None:
    """Every amount is exact text to the cent; the weeks and the threshold are numbers."""
    inventory = Inventory(money=MONEY, currency="£", threshold_weeks=4)
    data = runway_json(runway(inventory, EXIT, TODAY), inventory.currency)
    assert data == {
        "currency": "£",
        "set_aside": "1000.00",
        "one_off_costs": "200.00",
        "income_a_week": "0.00",
        "costs_a_week": "100.00",
        "debts": "0.00",
        "joint_accounts": "0.00",
        "weeks": 8,
        "threshold_weeks": 4,
        "short": False,
        "needed_by_exit": "0.00",
        "days_left": 14,
        "needed_a_week": None,
    }


def test_money_short_of_the_threshold_says_how_much_a_week_until_the_exit() -> None:
    """£300 saved against £600 needed, two weeks before leaving: £300 more, £150 a week."""
    short = Inventory(
        money=(MONEY[0]._replace(amount=Decimal("300")), *MONEY[1:]), threshold_weeks=4
    )
    data = runway_json(runway(short, EXIT, TODAY), None)
    assert (data["short"], data["needed_by_exit"], data["needed_a_week"]) == (
        True,
        "300.00",
        "150.00",
    )
    assert data["currency"] is None


def test_a_sections_json_has_its_rows_counts_and_steps() -> None:
    """Documents and accounts carry their counts, money its runway, and each the plan's steps
    it completes with whether it shows them done."""
    plan = plan_with(Inventory(documents=(PASSPORT, BIRTH), money=MONEY))
    assert plan.state is not None
    inventory = plan.state.inventory
    documents = section_json("documents", inventory, EXIT, TODAY, plan)
    assert documents["inventory"] == "documents"
    assert [row["number"] for row in documents["rows"]] == [1, 2]
    assert "counts" in documents
    assert "runway" not in documents
    assert documents["steps"] == [
        {"number": 1, "id": "documents.document-list", "shows_done": False},
        {"number": 2, "id": "documents.copies", "shows_done": False},
        {"number": 3, "id": "documents.identity", "shows_done": False},
    ]
    money = section_json("money", inventory, EXIT, TODAY, plan)
    assert "counts" not in money
    assert money["runway"]["set_aside"] == "1000.00"
    accounts = section_json("accounts", inventory, EXIT, TODAY, None)
    assert (accounts["rows"], accounts["steps"]) == ([], [])
    assert "counts" in accounts


# -- the terminal ----------------------------------------------------------------------------


def test_an_empty_inventory_says_nothing_is_listed_and_how_to_add() -> None:
    """No rows: a calm heading, the caution, and how to add one."""
    lines = list_lines("documents", Inventory(), EXIT, TODAY)
    assert lines[0] == "Documents: nothing listed yet."
    assert lines[1].startswith("Take papers, or copies of them, only if it is safe.")
    assert " ".join(lines[-2:]) == (
        "'exitplan documents show N' says more about a row and what to do; "
        "'exitplan documents add' adds one."
    )


def test_the_list_counts_rows_and_those_to_look_at() -> None:
    """The heading counts the rows and those needing a look; each row shows its number and
    title, and under it what needs a look."""
    inventory = Inventory(documents=(PASSPORT, BIRTH))
    lines = list_lines("documents", inventory, EXIT, TODAY)
    assert lines[0] == "Documents: 2 listed, 1 to look at."
    at = lines.index("1  Passport, yours")
    assert lines[at + 2 : at + 5] == [
        "2  Birth certificate, yours",
        "   The original is not with you.",
        "   No copy yet.",
    ]


def test_plain_mode_says_each_row_in_one_sentence_without_columns() -> None:
    """For a screen reader: `Row 2: title.` followed by what needs a look, no number column."""
    inventory = Inventory(documents=(PASSPORT, BIRTH))
    lines = list_lines("documents", inventory, EXIT, TODAY, plain=True)
    assert "Row 1: Passport, yours." in lines
    assert "Row 2: Birth certificate, yours. The original is not with you. No copy yet." in lines


def test_the_money_list_puts_the_runway_first_then_each_kind_under_its_heading() -> None:
    """Money: the number of rows, the caution, how long the money lasts, then the rows under
    headings in a fixed order."""
    inventory = Inventory(money=MONEY, currency="£", threshold_weeks=4)
    lines = list_lines("money", inventory, EXIT, TODAY)
    assert lines[0] == "Money: 3 rows."
    runway_at = lines.index("Saved: £1,000. One-off costs of leaving: £200.")
    assert runway_at < lines.index("Saved, out of your partner's reach")
    headings = [
        line
        for line in lines
        if line
        in {
            "Saved, out of your partner's reach",
            "Costs after leaving",
            "One-off costs of leaving",
        }
    ]
    assert headings == [
        "Saved, out of your partner's reach",
        "Costs after leaving",
        "One-off costs of leaving",
    ]
    assert "3  Rent: £100 a week" in lines
    plain = list_lines("money", inventory, EXIT, TODAY, plain=True)
    assert "Row 3: Rent: £100 a week." in plain


def test_an_empty_money_list_has_no_runway() -> None:
    """No money rows: nothing to count, so no runway sentence."""
    lines = list_lines("money", Inventory(), EXIT, TODAY)
    assert lines[0] == "Money: nothing listed yet."
    assert not [line for line in lines if line.startswith("Saved:")]


def test_the_list_says_which_open_steps_it_shows_done() -> None:
    """A step the inventory settles and still open is named with how to mark it done; once
    done, or while the list only holds rows, it is not."""
    inventory = Inventory(documents=(PASSPORT,))
    lines = list_lines("documents", inventory, EXIT, TODAY, plan=plan_with(inventory))
    shown = [line for line in lines if line.startswith("Your list shows step")]
    assert shown == [
        "Your list shows step 2 is done (Copies): exitplan done 2",
        "Your list shows step 3 is done (Identity): exitplan done 3",
    ]
    done = plan_with(inventory, done=("documents.copies",))
    lines = list_lines("documents", inventory, EXIT, TODAY, plan=done)
    assert [line for line in lines if line.startswith("Your list shows step")] == [
        "Your list shows step 3 is done (Identity): exitplan done 3"
    ]


@pytest.mark.parametrize("columns", [20, 40, 80])
def test_the_list_fits_the_terminal(columns: int) -> None:
    """Every line fits the width asked for."""
    inventory = Inventory(documents=(PASSPORT, BIRTH), accounts=(EMAIL,), money=MONEY)
    for section in ("documents", "accounts", "money"):
        lines = list_lines(section, inventory, EXIT, TODAY, columns=columns)
        assert [line for line in lines if len(line) > columns] == []


def test_colour_marks_the_heading_and_what_needs_a_look_only_when_on() -> None:
    """With colour the heading is bold and a flag yellow; without it no escape code is written."""
    inventory = Inventory(documents=(BIRTH,))
    coloured = list_lines("documents", inventory, EXIT, TODAY, paint=Painter(True))
    assert coloured[0].startswith("\x1b[")
    assert coloured[0].endswith("\x1b[0m")
    assert any("The original is not with you." in line and "\x1b[" in line for line in coloured)
    plain = list_lines("documents", inventory, EXIT, TODAY)
    assert not [line for line in plain if "\x1b" in line]
