"""The inventories' core: the rules of every field, row numbers, flags, status facts, steps."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

import pytest

from exitplan.domain import checks
from exitplan.domain import inventory as inv
from exitplan.domain.checks import InventoryError
from exitplan.domain.findings import (
    account_flag,
    document_flags,
    notices,
    step_progress,
)
from exitplan.domain.inventory import Account, Document, Inventory
from exitplan.formats.inventoryfile import money_from_data, rows_from_data

TODAY = date(2026, 11, 30)
EXIT = date(2026, 12, 14)


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


@pytest.mark.parametrize(
    ("expires", "flags"),
    [
        (date(2026, 11, 29), ("expired",)),
        (TODAY, ("expires-before-exit",)),
        (EXIT, ("expires-before-exit",)),  # on the day you leave is too late
        (date(2026, 12, 15), ("expires-soon",)),
        (date(2027, 3, 15), ("expires-soon",)),  # 91 days after the exit
        (date(2027, 3, 16), ()),
        (None, ()),
    ],
)
def test_expiry_against_the_exit_date(expires: date | None, flags: tuple[str, ...]) -> None:
    """Expired, expiring by the exit date, within three months after it, or fine."""
    assert document_flags(doc(expires=expires), EXIT, TODAY) == flags


def test_missing_originals_and_copies_and_the_partners_papers() -> None:
    """No original with the person, no copy; for the partner's papers only the copy counts."""
    assert document_flags(doc(original=None, copy=False), EXIT, TODAY) == ("missing", "no-copy")
    partner = doc(whose="partner", original=None, copy=False, expires=date(2026, 1, 1))
    assert document_flags(partner, EXIT, TODAY) == ("no-copy",)


def test_without_an_exit_date_expiry_counts_from_today() -> None:
    """No exit date: expiring within three months of today is flagged as soon."""
    assert document_flags(doc(expires=date(2027, 1, 10)), None, TODAY) == ("expires-soon",)


def account(**fields: Any) -> Account:
    """An account with every answer no, unless told otherwise."""
    values: dict[str, Any] = {"number": 1, "what": "email"}
    values |= dict.fromkeys(("partner_knows", "shared", "linked", "location", "recovery"), "no")
    return Account(**(values | fields))


def test_an_account_is_flagged_until_it_is_safe() -> None:
    """Reachable while any answer is yes, until it is set fine or changed; to check while
    nothing is decided; waiting before the exit, to change now after it."""
    assert account_flag(account(partner_knows="yes"), EXIT, TODAY) == "reachable"
    assert account_flag(account(partner_knows="yes", state="changed"), EXIT, TODAY) is None
    assert account_flag(account(), EXIT, TODAY) == "to-check"
    assert account_flag(account(state="fine"), EXIT, TODAY) is None
    waiting = account(state="change-after")
    assert account_flag(waiting, EXIT, TODAY) == "waiting"
    assert account_flag(waiting, EXIT, EXIT) == "change-now"
    assert (
        account_flag(account(state="change-after", safe_to_change="advocate"), EXIT, EXIT)
        == "waiting"
    )


def test_a_new_account_defaults_to_after_leaving_and_to_check() -> None:
    """Changes wait until after leaving unless the person says otherwise."""
    row = inv.new_row("accounts", 1, {"what": "phone"})
    assert (row.safe_to_change, row.state) == ("after", "check")  # type: ignore[union-attr]


def test_one_notice_per_inventory_the_most_pressing() -> None:
    """Status gets one fact per inventory, the most pressing, and none when all is well."""
    book = Inventory(
        documents=(
            doc(number=1, copy=False),
            doc(number=2, expires=EXIT),
            doc(number=3, expires=TODAY),
        ),
        accounts=(account(number=1), account(number=2, shared="yes")),
    )
    found = [(n.section, n.fact, n.total) for n in notices(book, EXIT, TODAY)]
    assert found == [("documents", "expires-before-exit", 2), ("accounts", "reachable", 1)]
    calm = Inventory(documents=(doc(),), accounts=(account(state="change-after"),))
    assert notices(calm, EXIT, TODAY) == ()


def test_the_money_notice_counts_weeks_from_the_exit_date() -> None:
    """Money short of the threshold: the whole weeks it lasts."""
    book = Inventory(threshold_weeks=8)
    for kind, amount in (("saved", "500"), ("cost", "100")):
        book = inv.add_row(
            book, "money", {"kind": kind, "what": kind, "amount": amount, "per": "week"}
        )
    assert [(n.fact, n.total) for n in notices(book, EXIT, TODAY)] == [("weeks", 5)]


# -- the plan's steps -----------------------------------------------------------------------------


def test_replacing_missing_documents_is_done_when_nothing_is_missing_or_expiring() -> None:
    """The step shows done once no document is missing, expired or expiring before the exit;
    until then it names the rows in the way."""
    book = Inventory(documents=(doc(number=1), doc(number=2, original=None)))
    progress = step_progress("documents.replace-missing", book, EXIT, TODAY)
    assert progress is not None
    assert (progress.left, progress.tickable) == ((2,), False)
    fixed = inv.change_row(book, "documents", 2, {"original": "with my sister"})
    progress = step_progress("documents.replace-missing", fixed, EXIT, TODAY)
    assert progress is not None
    assert (progress.left, progress.tickable) == ((), True)


def test_not_sure_is_in_the_way_of_an_account_step() -> None:
    """An account whose recovery is not known to be safe keeps the step open."""
    book = Inventory(accounts=(account(recovery="unsure"),))
    progress = step_progress("digital.recovery-details", book, EXIT, TODAY)
    assert progress is not None
    assert progress.left == (1,)
    assert not progress.tickable


def test_a_list_with_rows_never_shows_a_listing_step_done() -> None:
    """One listed account is not every account: a listing step is never shown done."""
    book = Inventory(accounts=(account(),))
    progress = step_progress("digital.account-inventory", book, EXIT, TODAY)
    assert progress is not None
    assert progress.complete
    assert not progress.tickable


def test_every_linked_step_exists_in_the_built_in_checklists() -> None:
    """The steps the inventories complete are named by ids the built-in checklists have, so a
    renamed step is caught here rather than silently unlinked."""
    from exitplan.domain.findings import STEP_LINKS
    from exitplan.formats.catalog import builtin_dir
    from exitplan.formats.checklistfile import load_catalog

    assert builtin_dir().is_dir()
    catalog = load_catalog()
    ids = {f"{c.id}.{item.id}" for c in catalog.checklists for item in c.items}
    assert set(STEP_LINKS) <= ids


# -- the cache ---------------------------------------------------------------------------------


def test_the_cache_rebuilds_the_same_inventory() -> None:
    """Rows written to the cache's JSON read back equal, without pydantic."""
    import json
    from datetime import datetime

    from exitplan.domain.model import PlanState
    from exitplan.formats.cachedrows import cached_inventory, state_data
    from exitplan.home import cache

    book = Inventory(currency="£")
    book = inv.add_row(book, "documents", {"kind": "passport", "expires": "2027-01-31"})
    book = inv.add_row(book, "accounts", {"what": "phone", "partner_knows": "yes"})
    book = inv.add_row(book, "money", {"kind": "income", "what": "pay", "amount": "10.50"})
    data = state_data(PlanState(created=datetime(2026, 11, 1), inventory=book))
    assert data["inventory"]["money"][0]["amount"] == "10.50"
    text = json.dumps(data["inventory"], default=cache._encode)
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
    data[section][0][field] = value
    with pytest.raises((ValueError, TypeError)):
        cached_inventory(data)


@pytest.mark.parametrize(
    ("rows", "fact"),
    [
        ((("cost", "100"),), ("nothing", 0)),
        ((("saved", "50"), ("one-off", "80"), ("cost", "10")), ("one-off", 0)),
        ((("saved", "5"), ("cost", "100")), ("weeks", 0)),
        ((("saved", "50"), ("one-off", "80"), ("income", "10"), ("cost", "5")), ("one-off", 0)),
    ],
)
def test_the_money_notice_says_what_is_short(
    rows: tuple[tuple[str, str], ...], fact: tuple[str, int]
) -> None:
    """Nothing set aside, not enough for the one-off costs, or the weeks it lasts (less than
    one as 0): one plain fact each."""
    book = Inventory()
    for kind, amount in rows:
        book = inv.add_row(
            book, "money", {"kind": kind, "what": kind, "amount": amount, "per": "week"}
        )
    [notice] = [n for n in notices(book, EXIT, TODAY) if n.section == "money"]
    assert (notice.fact, notice.total) == fact
