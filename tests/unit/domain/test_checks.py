"""The field checks of the inventories: an amount typed with the person's own currency."""

from __future__ import annotations

from decimal import Decimal

import pytest

from exitplan.domain.checks import InventoryError, check_amount, without_currency


@pytest.mark.parametrize(
    ("typed", "currency", "kept"),
    [
        ("£640", "£", "640"),
        ("640 €", "€", "640"),
        ("mxn 1200.50", "MXN", "1200.50"),
        ("$ 75", "$", "75"),
        ("640", "£", "640"),
        ("£640", None, "£640"),
    ],
)
def test_the_currency_set_is_taken_off_an_amount(
    typed: str, currency: str | None, kept: str
) -> None:
    """The currency set, before or after the digits, is taken off; nothing else is."""
    assert without_currency(typed, currency) == kept


def test_another_currency_is_still_refused() -> None:
    """`$640` with the currency set to £ is not read as £640: the check says how to write it."""
    assert check_amount("amount", without_currency("£640", "£")) == Decimal("640")
    with pytest.raises(InventoryError, match="without a currency sign"):
        check_amount("amount", without_currency("$640", "£"))
