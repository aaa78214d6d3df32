"""An inventory row's fields from the face: a kind by its number, an answer passed by its
field's check (an amount with the currency or in the country's own form), a row from a pipe."""

from __future__ import annotations

import pytest

from exitplan.service import fields
from exitplan.service.fields import InventoryError


def test_a_kind_is_named_by_its_number_in_the_list() -> None:
    """1 is the first kind offered, the last number the last; 0, a number too big or words
    name none."""
    labels = fields.kind_labels()
    assert fields.kind_by_number("1") == "passport"
    assert labels[0] == "Passport"
    assert fields.kind_by_number(f" {len(labels)} ") is not None
    assert fields.kind_by_number("0") is None
    assert fields.kind_by_number(str(len(labels) + 1)) is None
    assert fields.kind_by_number("my papers") is None


def test_an_answer_is_passed_by_its_field_s_check() -> None:
    """A word a choice does not know is refused; a kept value comes back as it is kept."""
    assert fields.checked_answer("accounts", "two_step", "yes") == "yes"
    with pytest.raises(InventoryError):
        fields.checked_answer("accounts", "two_step", "perhaps")


def test_an_amount_may_carry_the_currency_set() -> None:
    """£640 is 640 when the currency is £; a word is not an amount."""
    assert fields.checked_answer("money", "amount", "£640", "£") == "640"
    with pytest.raises(InventoryError):
        fields.checked_answer("money", "amount", "lots", "£")


def test_the_money_settings_have_their_own_checks() -> None:
    """The weeks of money wished for are checked as a number of weeks."""
    assert fields.checked_answer("money", "threshold_weeks", "12") == "12"
    with pytest.raises(InventoryError):
        fields.checked_answer("money", "threshold_weeks", "many")


def test_an_amount_in_the_country_s_form_is_read(in_spanish: None) -> None:
    """Spoken in Spanish, 1.200,50 is 1200.50; a word is refused with the country's forms."""
    assert not fields.speaks_english()
    assert fields.checked_answer("money", "amount", "1.200,50") == "1200.50"
    with pytest.raises(InventoryError, match="mucho"):
        fields.typed_amount("mucho")


def test_a_piped_row_is_read_up_to_its_limit() -> None:
    """The pipe is asked for one byte past the limit, and the TOML row read from what came."""
    asked: list[int] = []

    def read(size: int) -> bytes:
        asked.append(size)
        return b'what = "Bank"\n'

    assert fields.row_from_pipe(read) == {"what": "Bank"}
    assert asked == [64 * 1024 + 1]
