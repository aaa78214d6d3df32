"""The cache's reading of the inventories holds rows to the domain's own limits."""

from __future__ import annotations

from typing import Any

import pytest

from exitplan.domain import checks
from exitplan.domain import inventory as inv
from exitplan.formats.cachedrows import cached_inventory


def inventory_data(**changes: Any) -> dict[str, Any]:
    """The inventories as the cache writes them: one document, one account, one money row."""
    document = {
        "number": 1,
        "kind": "passport",
        "whose": checks.WHOSE[0],
        "child": None,
        "original": "blue folder",
        "copy": False,
        "copy_where": None,
        "expires": None,
        "note": None,
    }
    account = {
        "number": 1,
        "what": "Main email",
        **dict.fromkeys(
            ("partner_knows", "shared", "linked", "location", "recovery", "two_step"),
            checks.ANSWERS[0],
        ),
        "safe_to_change": checks.SAFE_WHEN[0],
        "state": checks.ACCOUNT_STATES[0],
        "note": None,
    }
    money = {
        "number": 1,
        "kind": "saved",
        "what": "Cash",
        "amount": "250",
        "per": checks.PERS[0],
        "note": None,
    }
    data: dict[str, Any] = {
        "documents": [document],
        "accounts": [account],
        "money": [money],
        "currency": None,
        "threshold_weeks": 12,
    }
    for key, value in changes.items():
        section, _, field = key.partition("__")
        if field:
            data[section][0][field] = value
        else:
            data[section] = value
    return data


def test_a_row_as_exitplan_writes_it_is_read() -> None:
    """The control: the rows above are read back whole."""
    read = cached_inventory(inventory_data())
    assert read.documents[0].original == "blue folder"
    assert read.threshold_weeks == 12


@pytest.mark.parametrize(
    ("section", "field"),
    [(section, field) for section, limits in inv.TEXT_LIMITS.items() for field in limits],
)
def test_each_text_is_held_to_the_domain_s_limit(section: str, field: str) -> None:
    """A text at the domain's limit is read; one character more is refused."""
    limit = inv.TEXT_LIMITS[section][field]  # type: ignore[index]
    cached_inventory(inventory_data(**{f"{section}__{field}": "x" * limit}))
    with pytest.raises(ValueError, match="never writes"):
        cached_inventory(inventory_data(**{f"{section}__{field}": "x" * (limit + 1)}))


@pytest.mark.parametrize(
    ("section", "field"),
    [(section, field) for section, limits in inv.TEXT_LIMITS.items() for field in limits],
)
def test_the_limits_are_the_checks_own(section: str, field: str) -> None:
    """The limit the cache applies is the one the field's check applies to what is typed."""
    limit = inv.TEXT_LIMITS[section][field]  # type: ignore[index]
    check = inv.FIELDS[section][field]  # type: ignore[index]
    check("x" * limit)
    with pytest.raises(checks.InventoryError):
        check("x" * (limit + 1))


@pytest.mark.parametrize(
    "changes",
    [
        {"threshold_weeks": checks.MAX_THRESHOLD_WEEKS + 1},
        {"currency": "x" * (checks.MAX_CURRENCY_CHARS + 1)},
        {"money__amount": "1" * (checks.MAX_AMOUNT_DIGITS + 1)},
    ],
)
def test_settings_and_amounts_are_held_to_the_domain_s_limits(changes: dict[str, Any]) -> None:
    """The weeks wanted, the currency and an amount's digits: no more than the checks allow."""
    with pytest.raises(ValueError, match="never writes"):
        cached_inventory(inventory_data(**changes))


def test_no_more_rows_than_the_domain_allows() -> None:
    """A list longer than MAX_ROWS is refused."""
    row = inventory_data()["accounts"][0]
    many = [{**row, "number": n} for n in range(1, checks.MAX_ROWS + 2)]
    with pytest.raises(ValueError, match="never writes"):
        cached_inventory(inventory_data(accounts=many))
