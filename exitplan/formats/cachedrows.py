"""The inventories as the cache keeps them: every field judged on the way back in.

The cache's checksum has no key, so a forged cache must not skip validation: each row of the
documents, accounts and money is rebuilt only when every field has the type or the words
exitplan writes (text was already judged for control characters by the cache reader). Cheap
enough for the glance: type checks, no parsing.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, TypeVar

from exitplan.domain import checks
from exitplan.domain import inventory as inv

if TYPE_CHECKING:
    from exitplan.domain.model import PlanState


def cached_amount(text: object) -> Decimal:
    """An amount as exitplan writes it: exact text, never negative, at most two decimals."""
    if not isinstance(text, str):
        raise TypeError("an amount as exitplan never writes it")
    amount = Decimal(text)
    exponent = amount.as_tuple().exponent
    if not amount.is_finite() or amount < 0 or exponent not in (0, -1, -2):
        raise ValueError("an amount as exitplan never writes it")
    if len(text.split(".")[0].lstrip("0")) > checks.MAX_AMOUNT_DIGITS:
        raise ValueError("an amount as exitplan never writes it")
    return amount


R = TypeVar("R", inv.Document, inv.Account, inv.Money)

# Each inventory field as exitplan writes it: the types it may have (NoneType: empty), or the
# words it may hold.
_TEXT: frozenset[type] = frozenset({str, type(None)})
_ROW_FIELDS: dict[type, dict[str, frozenset[type | str]]] = {
    inv.Document: {
        "number": frozenset({int}),
        "kind": frozenset({str}),
        "whose": frozenset(checks.WHOSE),
        "child": _TEXT,
        "original": _TEXT,
        "copy": frozenset({bool}),
        "copy_where": _TEXT,
        "expires": frozenset({date, type(None)}),
        "note": _TEXT,
    },
    inv.Account: {
        "number": frozenset({int}),
        "what": frozenset({str}),
        **dict.fromkeys(
            ("partner_knows", "shared", "linked", "location", "recovery", "two_step"),
            frozenset(checks.ANSWERS),
        ),
        "safe_to_change": frozenset(checks.SAFE_WHEN),
        "state": frozenset(checks.ACCOUNT_STATES),
        "note": _TEXT,
    },
    inv.Money: {
        "number": frozenset({int}),
        "kind": frozenset(checks.MONEY_KINDS),
        "what": frozenset({str}),
        "amount": frozenset({str}),  # exact text, read back as a Decimal
        "per": frozenset(checks.PERS),
        "note": _TEXT,
    },
}
# The (row type, field) pairs whose rule is words rather than types.
_WORDS = {
    (kind, name)
    for kind, rules in _ROW_FIELDS.items()
    for name, rule in rules.items()
    if all(isinstance(word, str) for word in rule)
}


def _rows(kind: type[R], section: checks.Section, rows: object) -> tuple[R, ...]:
    """The rows of one inventory, judged a column at a time (the checksum has no key), then
    built straight from their values (their fields are exactly the row's, checked here, with
    the domain's own limits: how many rows, how long each text)."""
    rules = _ROW_FIELDS[kind]
    keys = rules.keys()
    if type(rows) is not list or not all(type(r) is dict and r.keys() == keys for r in rows):
        raise ValueError("an inventory row as exitplan never writes it")
    if len(rows) > checks.MAX_ROWS:
        raise ValueError("an inventory as exitplan never writes it")
    limits = inv.TEXT_LIMITS[section]
    for name, rule in rules.items():
        column = [row[name] for row in rows]
        found = set(column) if (kind, name) in _WORDS else {type(value) for value in column}
        if not found <= rule:
            raise ValueError("an inventory row as exitplan never writes it")
        if name in limits and any(
            value is not None and len(value) > limits[name] for value in column
        ):
            raise ValueError("an inventory row as exitplan never writes it")
    if kind is inv.Money:
        for row in rows:
            row["amount"] = cached_amount(row["amount"])
    new = tuple.__new__
    fields = kind._fields
    return tuple(new(kind, [row[name] for name in fields]) for row in rows)


def state_data(state: PlanState) -> dict[str, object]:
    """The plan state as the cache writes it: plain data, amounts as their exact text."""
    data = state.to_data()
    inventory = state.inventory
    data["inventory"] = inventory._asdict() | {
        "documents": [row._asdict() for row in inventory.documents],
        "accounts": [row._asdict() for row in inventory.accounts],
        "money": [row._asdict() | {"amount": format(row.amount, "f")} for row in inventory.money],
    }
    return data


_INVENTORY_KEYS = frozenset(inv.Inventory._fields)


def cached_inventory(data: object) -> inv.Inventory:
    """The inventories from the cache (text was judged for control characters already)."""
    if not isinstance(data, dict) or data.keys() != _INVENTORY_KEYS:
        raise ValueError("an inventory as exitplan never writes it")
    currency, threshold = data["currency"], data["threshold_weeks"]
    if (
        type(currency) not in _TEXT
        or (currency is not None and len(currency) > checks.MAX_CURRENCY_CHARS)
        or type(threshold) is not int
        or not 0 < threshold <= checks.MAX_THRESHOLD_WEEKS
    ):
        raise ValueError("an inventory as exitplan never writes it")
    return inv.Inventory(
        documents=_rows(inv.Document, "documents", data["documents"]),
        accounts=_rows(inv.Account, "accounts", data["accounts"]),
        money=_rows(inv.Money, "money", data["money"]),
        currency=currency,
        threshold_weeks=threshold,
    )
