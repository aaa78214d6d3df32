"""An inventory row's fields from the face: the kinds of document, each field's check, an answer
read as the inventory keeps it (an amount in the country's own form, a kind by its number), and
a row piped in as TOML.

The face asks each field and says what is wrong; what a field may hold is the domain's rule and
how a row is read from a pipe the format's, applied here. Nothing here prints.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from exitplan.base import spoken
from exitplan.base.i18n import ENGLISH, _, current
from exitplan.domain.checks import InventoryError, Section, without_currency
from exitplan.domain.inventory import DOCUMENT_KINDS, FIELDS, SETTINGS, Document, Inventory, Row
from exitplan.formats.inventoryfile import MAX_ROW_BYTES, parse_row_toml

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = [
    "Document",
    "Inventory",
    "InventoryError",
    "Row",
    "Section",
    "checked_answer",
    "kind_by_number",
    "kind_labels",
    "row_from_pipe",
    "speaks_english",
    "typed_amount",
]


def kind_labels() -> tuple[str, ...]:
    """The document kinds offered by number, in order, as marked words (the face translates)."""
    return tuple(DOCUMENT_KINDS.values())


def kind_by_number(text: str) -> str | None:
    """The document kind a typed number names in that list (None: not such a number)."""
    if not text.strip().isdigit():
        return None
    number = int(text.strip())
    kinds = list(DOCUMENT_KINDS)
    return kinds[number - 1] if 1 <= number <= len(kinds) else None


def speaks_english() -> bool:
    """Whether the language spoken is English (amounts are then typed as 1200.50)."""
    return current() == ENGLISH


def typed_amount(answer: str) -> str:
    """An amount typed as the person's country writes it ($12,000.50, 1.200,50 €), as the
    inventory keeps it (12000.50); one plain message, with that country's forms, otherwise."""
    amount = spoken.read_amount(answer)
    if amount is None:
        first, second, third = spoken.amount_examples()
        raise InventoryError(
            _("'{text}' is not an amount; write it like {first}, {second} or {third}").format(
                text=answer.strip(), first=first, second=second, third=third
            )
        )
    return amount


def checked_answer(section: Section, name: str, value: str, currency: str | None = None) -> str:
    """A field's typed value as the inventory keeps it, passed by the field's own check (or the
    money settings'); an InventoryError saying what is wrong otherwise. An amount may carry the
    currency set (`£640`) and is read in the country's own form."""
    check: Callable[[object], object] = FIELDS[section].get(name) or SETTINGS[name]
    if name == "amount":
        value = without_currency(value, currency)
        if not speaks_english():  # the country's own form: $12,000.50, 1.200,50
            value = typed_amount(value)
    check(value)
    return value


def row_from_pipe(read: Callable[[int], bytes]) -> dict[str, object]:
    """One row given as TOML, read with `read(size)` up to its limit and never more."""
    return parse_row_toml(read(MAX_ROW_BYTES + 1))
