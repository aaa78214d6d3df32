"""The inventories in files: one row given as TOML on a pipe, and the plan file's sections read
row by row; only the form is judged here, each refusal one plain line that saves nothing, and
amounts are read exactly."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from exitplan.domain.checks import MAX_ROWS, InventoryError
from exitplan.formats.inventoryfile import (
    MAX_ROW_BYTES,
    money_from_data,
    parse_row_toml,
    plan_section,
    rows_from_data,
)


def refusal(read: Any, *args: Any) -> str:
    """The one line a reader refuses with."""
    with pytest.raises(InventoryError) as caught:
        read(*args)
    assert "\n" not in str(caught.value)
    return str(caught.value)


def test_a_row_on_a_pipe_is_read_with_exact_amounts() -> None:
    """One field a line; an amount with decimals is a Decimal, never a float; a byte order
    mark from an editor is accepted."""
    given = b'\xef\xbb\xbfkind = "saved"\nwhat = "cash"\namount = 1200.10\n'
    assert parse_row_toml(given) == {
        "kind": "saved",
        "what": "cash",
        "amount": Decimal("1200.10"),
    }


@pytest.mark.parametrize(
    ("given", "words"),
    [
        (b"", "nothing was given; nothing was saved"),
        (b"what = \xff", "what was given is not UTF-8 text; nothing was saved"),
        (b"what = email", "what was given is not valid TOML (line 1, column 8: "),
        (b'what = ["a", "b"]', "'what' must be a single value, not a table or a list"),
        (b"[what]\nx = 1", "'what' must be a single value, not a table or a list"),
        (b"a = " + b"[" * 5000, "what was given is nested too deeply; nothing was saved"),
        (b"x" * (MAX_ROW_BYTES + 1), "what was given is larger than 64 KiB"),
    ],
)
def test_what_cannot_be_a_row_is_one_plain_line(given: bytes, words: str) -> None:
    """Empty, not text, not TOML, a table or list for a field, nested without end, too large:
    each is refused in one line that says nothing was saved."""
    assert refusal(parse_row_toml, given).startswith(words)


def test_the_plan_file_s_rows_keep_their_numbers_and_are_checked_as_new_rows() -> None:
    """Rows keep the numbers they were given; each is judged by the inventory's own rules,
    and a refusal names the row by its place in the file."""
    rows = rows_from_data("accounts", [{"number": 4, "what": "email"}, {"number": 2, "what": "x"}])
    assert [(row.number, row.what) for row in rows] == [(4, "email"), (2, "x")]  # type: ignore[union-attr]
    assert refusal(rows_from_data, "accounts", [{"number": 1}]).startswith("row 1: ")
    assert refusal(rows_from_data, "accounts", [{"what": "email"}]) == "row 1: 'number' is missing"
    assert refusal(rows_from_data, "accounts", [{"number": 1, "what": "a"}, "b"]) == (
        "row 2: should be a table of fields"
    )
    assert refusal(rows_from_data, "accounts", {"number": 1}) == "should be a list of rows"


def test_more_rows_than_the_limit_are_refused_before_any_is_read() -> None:
    """A section longer than the domain's limit is refused as a whole."""
    too_many = [{"number": n, "what": "x"} for n in range(1, MAX_ROWS + 2)]
    assert refusal(rows_from_data, "accounts", too_many) == f"has more than {MAX_ROWS} rows"


def test_the_money_table_holds_its_settings_and_its_rows() -> None:
    """`[money]` holds the currency, the weeks to cover and its rows; any other field is
    refused naming the ones it has."""
    money = money_from_data(
        {
            "currency": "EUR",
            "threshold_weeks": 6,
            "rows": [{"number": 1, "kind": "saved", "what": "cash", "amount": Decimal(50)}],
        }
    )
    assert (money["currency"], money["threshold_weeks"]) == ("EUR", 6)
    assert [row.amount for row in money["money"]] == [Decimal(50)]
    assert refusal(money_from_data, {"colour": "red"}) == (
        "'colour' is not a field of money; the fields are: currency, threshold_weeks, rows"
    )
    assert refusal(money_from_data, ["rows"]) == "should be a table of fields"


def test_a_section_s_refusal_reaches_the_schema_as_a_value_error() -> None:
    """Read as part of the plan file, a refusal is a ValueError (which the schema turns into
    a message naming the section), with the same words."""
    read = plan_section(lambda value: rows_from_data("documents", value))
    with pytest.raises(ValueError, match=r"^should be a list of rows$"):
        read("documents")
