"""The inventories' core: the rules of every field, row numbers, flags, status facts, steps."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

import pytest

from exitplan.domain import checks
from exitplan.domain import inventory as inv
from exitplan.domain.checks import InventoryError
from exitplan.domain.inventory import Document, Inventory
from exitplan.formats.inventoryfile import money_from_data, rows_from_data

TODAY = date(2026, 11, 30)


def refused(check: Any, *args: Any, **options: Any) -> str:
    """The message a check refuses with."""
    with pytest.raises(InventoryError) as caught:
        check(*args, **options)
    return str(caught.value)


# -- one value --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("1200", Decimal("1200")),
        (" 1200.50 ", Decimal("1200.50")),
        ("0.5", Decimal("0.5")),
        (1200, Decimal("1200")),
        (Decimal("12.5"), Decimal("12.5")),
        ("000012", Decimal("12")),
    ],
)
def test_amounts_are_whole_numbers_or_two_decimals(given: object, kept: Decimal) -> None:
    """Text, whole numbers and exact decimals are kept exactly."""
    found = checks.check_amount("amount", given)
    assert found == kept
    assert isinstance(found, Decimal)


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ("-5", "cannot be negative"),
        (-5, "cannot be negative"),
        (Decimal("-0.5"), "cannot be negative"),
        ("5.555", "two decimals"),
        (Decimal("5.555"), "two decimals"),
        (Decimal("1E+3"), "two decimals"),
        ("1,200", "comma"),
        ("£5", "without a currency sign"),
        ("1e3", "two decimals"),
        ("NaN", "two decimals"),
        (Decimal("NaN"), "not an amount"),
        ("", "two decimals"),
        (5.5, "exactly, in quotes"),
        (True, "exactly, in quotes"),
        ("1" * 13, "too large"),
        ("١٢", "two decimals"),  # digits of another script
    ],
)
def test_bad_amounts_are_refused_in_plain_words(given: object, words: str) -> None:
    """Negative amounts, three decimals, commas, symbols, floats and nonsense are refused."""
    assert words in refused(checks.check_amount, "amount", given)


def test_impossible_dates_and_times_are_refused() -> None:
    """A day not in the calendar, a time of day, and words are refused; TOML dates pass."""
    assert "not a day in the calendar" in refused(checks.check_date, "expires", "2027-02-30")
    assert "without a time" in refused(checks.check_date, "expires", datetime(2027, 1, 1, 9))
    assert "is not a date" in refused(checks.check_date, "expires", "next spring")
    assert checks.check_date("expires", date(2027, 2, 28)) == date(2027, 2, 28)
    assert checks.check_date("expires", " ") is None


@pytest.mark.parametrize(
    ("given", "day"),
    [("+3w", date(2026, 12, 21)), ("-10d", date(2026, 11, 20)), ("today", TODAY)],
)
def test_a_day_may_be_an_offset_from_today(given: str, day: date) -> None:
    """A document's expiry reads `+3w`, `-10d` and `today` as the date parser does."""
    assert checks.check_date("expires", given, TODAY) == day
    assert inv.read_fields("documents", {"expires": given}, TODAY) == {"expires": day}


@pytest.mark.parametrize("given", ["+600w", "2040-01-01", "3w"])
def test_a_day_past_the_ten_year_limit_or_without_a_sign_is_refused(given: str) -> None:
    """The ten-year limit and the accepted forms are the date parser's own."""
    words = refused(checks.check_date, "expires", given, TODAY)
    assert words.startswith(f"'expires': '{given}'")


@pytest.mark.parametrize("char", ["\x07", "\x1b", "\x00", "\x9b", "\ud800"])
def test_control_characters_are_refused_everywhere(char: str) -> None:
    """A control character in any text field is refused with its code; a note may hold new
    lines and tabs, a one-line field may not."""
    message = refused(checks.check_text, "note", f"a{char}b", 100, lines=True)
    assert "control character" in message
    assert "one line" in refused(checks.check_text, "original", "a\nb", 100)
    assert checks.check_text("note", "a\n\tb", 100, lines=True) == "a\n\tb"


def test_text_longer_than_its_limit_is_refused() -> None:
    """Each field has a limit; text over it is refused, not cut."""
    assert "longer than 300" in refused(checks.check_text, "original", "x" * 301, 300)


def test_answers_take_yes_no_not_sure_and_toml_booleans() -> None:
    """Yes, no and not sure, in any case; true and false read as yes and no."""
    assert checks.check_answer("partner_knows", True) == "yes"
    assert checks.check_answer("partner_knows", "No") == "no"
    assert checks.check_answer("partner_knows", "not sure") == "unsure"
    assert "one of: yes, no, unsure" in refused(checks.check_answer, "partner_knows", "maybe")


# -- rows -------------------------------------------------------------------------------------


def test_unknown_fields_are_refused_and_named() -> None:
    """A typo never silently drops a value: the unknown field is named with the known ones."""
    message = refused(inv.new_row, "documents", 1, {"kind": "passport", "expiry": "2027-01-01"})
    assert "'expiry' is not a field of documents" in message
    assert "expires" in message


def test_required_fields_and_a_childs_label() -> None:
    """A new row needs its required fields; a child's document needs the child's label."""
    assert "'what' is needed" in refused(inv.new_row, "accounts", 1, {})
    assert "child's label" in refused(inv.new_row, "documents", 1, {"kind": "x", "whose": "child"})


def test_a_known_kind_is_kept_by_its_key_and_own_words_as_typed() -> None:
    """ "birth certificate" in any case is the known kind; other words are kept as typed."""
    assert inv.new_row("documents", 1, {"kind": "Birth  Certificate"}).kind == "birth-certificate"  # type: ignore[union-attr]
    assert inv.new_row("documents", 1, {"kind": "Gun licence"}).kind == "Gun licence"  # type: ignore[union-attr]


def test_rows_keep_their_numbers() -> None:
    """Numbers are neutral and never change: removing a row leaves the others as they were,
    and a new row is numbered after the highest."""
    book = Inventory()
    for kind in ("passport", "visa", "tax"):
        book = inv.add_row(book, "documents", {"kind": kind})
    book = inv.remove_row(book, "documents", 2)
    assert [d.number for d in book.documents] == [1, 3]
    book = inv.add_row(book, "documents", {"kind": "school"})
    assert [d.number for d in book.documents] == [1, 3, 4]
    assert "no row 2 in documents" in refused(inv.find_row, book, "documents", 2)


def test_changing_a_row_keeps_what_was_not_given_and_clears_what_is_empty() -> None:
    """Only the fields given change; an empty optional text clears it; a required one stays."""
    book = inv.add_row(Inventory(), "documents", {"kind": "passport", "original": "drawer"})
    book = inv.change_row(book, "documents", 1, {"copy_where": "with my sister"})
    doc = book.documents[0]
    assert (doc.original, doc.copy, doc.copy_where) == ("drawer", True, "with my sister")
    book = inv.change_row(book, "documents", 1, {"original": ""})
    assert book.documents[0].original is None
    assert "'kind' is empty" in refused(inv.change_row, book, "documents", 1, {"kind": ""})


def test_at_most_max_rows_per_inventory(monkeypatch: pytest.MonkeyPatch) -> None:
    """An inventory holds at most MAX_ROWS rows; one more is refused."""
    monkeypatch.setattr(inv, "MAX_ROWS", 2)
    book = inv.add_row(
        inv.add_row(Inventory(), "accounts", {"what": "a"}), "accounts", {"what": "b"}
    )
    assert "at most 2 rows" in refused(inv.add_row, book, "accounts", {"what": "c"})


def test_the_plan_files_sections_round_trip() -> None:
    """Rows written as plan-file data read back as the same rows (amounts exact)."""
    book = Inventory(currency="EUR", threshold_weeks=12)
    book = inv.add_row(book, "money", {"kind": "saved", "what": "tin", "amount": "10.05"})
    book = inv.add_row(book, "documents", {"kind": "passport", "expires": "2027-01-31"})
    book = inv.add_row(book, "accounts", {"what": "phone", "partner_knows": True})
    data = inv.inventory_data(book)
    assert data["money"]["rows"][0]["amount"] == "10.05"
    again = Inventory(
        documents=rows_from_data("documents", data["documents"]),  # type: ignore[arg-type]
        accounts=rows_from_data("accounts", data["accounts"]),  # type: ignore[arg-type]
        **money_from_data(data["money"]),
    )
    assert again == book


def test_every_period_is_kept_in_the_file_and_an_unknown_one_refused() -> None:
    """Income and costs keep month, week, fortnight or half-month through the plan file's data;
    a period the reader does not know is refused, naming the row and the four it knows."""
    book = Inventory()
    for per in checks.PERS:
        book = inv.add_row(
            book, "money", {"kind": "income", "what": per, "amount": "5", "per": per}
        )
    data = inv.inventory_data(book)
    assert [row["per"] for row in data["money"]["rows"]] == [
        "month",
        "week",
        "fortnight",
        "half-month",
    ]
    assert money_from_data(data["money"])["money"] == book.money
    message = refused(
        rows_from_data,
        "money",
        [{"number": 1, "kind": "cost", "what": "rent", "amount": "5", "per": "bimonthly"}],
    )
    assert message == "row 1: 'per' should be one of: month, week, fortnight, half-month"


def test_a_period_is_kept_for_income_and_costs_only() -> None:
    """Money set aside has no period: one given is dropped, and the file holds none."""
    book = inv.add_row(
        Inventory(), "money", {"kind": "saved", "what": "tin", "amount": "5", "per": "fortnight"}
    )
    assert book.money[0].per == "month"
    assert "per" not in inv.inventory_data(book)["money"]["rows"][0]


def test_a_repeated_number_in_the_file_is_refused() -> None:
    """Two rows with one number (a hand edit) are refused, naming the row."""
    message = refused(
        rows_from_data, "accounts", [{"number": 1, "what": "a"}, {"number": 1, "what": "b"}]
    )
    assert message == "row 2: the number 1 is used twice"


# -- flags -------------------------------------------------------------------------------------


def doc(**fields: Any) -> Document:
    """A document with its original somewhere and a copy, unless told otherwise."""
    values: dict[str, Any] = {"number": 1, "kind": "passport", "original": "drawer", "copy": True}
    return Document(**(values | fields))


def test_a_new_account_defaults_to_after_leaving_and_to_check() -> None:
    """Changes wait until after leaving unless the person says otherwise."""
    row = inv.new_row("accounts", 1, {"what": "phone"})
    assert (row.safe_to_change, row.state) == ("after", "check")  # type: ignore[union-attr]


# -- the cache ---------------------------------------------------------------------------------


def test_the_cache_rebuilds_the_same_inventory() -> None:
    """Rows written to the cache's JSON read back equal, without pydantic."""
    import json
    from datetime import datetime

    from exitplan.domain.model import PlanState
    from exitplan.formats import cache
    from exitplan.formats.cachedrows import cached_inventory, state_data

    book = Inventory(currency="£")
    book = inv.add_row(book, "documents", {"kind": "passport", "expires": "2027-01-31"})
    book = inv.add_row(book, "accounts", {"what": "phone", "partner_knows": "yes"})
    book = inv.add_row(book, "money", {"kind": "income", "what": "pay", "amount": "10.50"})
    kept = state_data(PlanState(created=datetime(2026, 11, 1), inventory=book))["inventory"]
    assert isinstance(kept, dict)
    assert kept["money"][0]["amount"] == "10.50"
    text = json.dumps(kept, default=cache._encode)
    assert cached_inventory(json.loads(text, object_hook=cache._decode)) == book


@pytest.mark.parametrize(
    ("section", "field", "value"),
    [
        ("documents", "whose", "neighbour"),
        ("documents", "kind", 5),
        ("documents", "copy", "yes"),
        ("accounts", "state", "gone"),
        ("accounts", "number", True),
        ("money", "kind", "loot"),
        ("money", "amount", 5),
        ("money", "amount", "-5"),
        ("money", "amount", "5.555"),
        ("money", "extra", 1),
    ],
)
def test_a_forged_cache_row_is_refused(section: str, field: str, value: object) -> None:
    """A value exitplan never writes (a word outside its list, a wrong type, an unknown field)
    makes the cache unusable: the plan is read and validated instead."""
    from datetime import datetime

    from exitplan.domain.model import PlanState
    from exitplan.formats.cachedrows import cached_inventory, state_data

    book = Inventory()
    book = inv.add_row(book, "documents", {"kind": "passport"})
    book = inv.add_row(book, "accounts", {"what": "phone"})
    book = inv.add_row(book, "money", {"kind": "saved", "what": "tin", "amount": "1"})
    data = state_data(PlanState(created=datetime(2026, 11, 1), inventory=book))["inventory"]
    assert isinstance(data, dict)
    data[section][0][field] = value
    with pytest.raises((ValueError, TypeError)):
        cached_inventory(data)
