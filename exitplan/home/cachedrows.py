"""The inventories as the cache keeps them: every field judged on the way back in.

The cache's checksum has no key, so a forged cache must not skip validation: each row of the
documents, accounts and money is rebuilt only when every field has the type or the words
exitplan writes (text was already judged for control characters by the cache reader). Cheap
enough for the glance: type checks, no parsing.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from exitplan.domain import checks
from exitplan.domain import inventory as inv


def cached_amount(text: object) -> Decimal:
    """An amount as exitplan writes it: exact text, never negative, at most two decimals."""
    if not isinstance(text, str):
        raise TypeError("an amount as exitplan never writes it")
    amount = Decimal(text)
    exponent = amount.as_tuple().exponent
    if not amount.is_finite() or amount < 0 or exponent not in (0, -1, -2):
        raise ValueError("an amount as exitplan never writes it")
    return amount


# Each inventory field as exitplan writes it: a type, or the words it may hold (None: empty).
_TEXT = (str, None)
_ROW_FIELDS: dict[type, dict[str, Any]] = {
    inv.Document: {
        "number": int,
        "kind": str,
        "whose": checks.WHOSE,
        "child": _TEXT,
        "original": _TEXT,
        "copy": bool,
        "copy_where": _TEXT,
        "expires": (date, None),
        "note": _TEXT,
    },
    inv.Account: {
        "number": int,
        "what": str,
        **dict.fromkeys(
            ("partner_knows", "shared", "linked", "location", "recovery"), checks.ANSWERS
        ),
        "two_step": checks.ANSWERS,
        "safe_to_change": checks.SAFE_WHEN,
        "state": checks.ACCOUNT_STATES,
        "note": _TEXT,
    },
    inv.Money: {
        "number": int,
        "kind": checks.MONEY_KINDS,
        "what": str,
        "amount": Decimal,
        "per": checks.PERS,
        "note": _TEXT,
    },
}


def _fits(value: Any, rule: Any) -> bool:
    if isinstance(rule, tuple) and rule and isinstance(rule[0], str):  # words
        return value in rule
    kinds = rule if isinstance(rule, tuple) else (rule,)
    return any(value is None if kind is None else type(value) is kind for kind in kinds)


def _rows(kind: type, rows: Any) -> tuple[Any, ...]:
    """The rows of one inventory, each field judged (the checksum has no key)."""
    rules = _ROW_FIELDS[kind]
    built = []
    for row in rows:
        if row.keys() != rules.keys() or not all(_fits(row[k], r) for k, r in rules.items()):
            raise ValueError("an inventory row as exitplan never writes it")
        built.append(kind(**row))
    return tuple(built)


def cached_inventory(data: dict[str, Any]) -> inv.Inventory:
    """The inventories from the cache (text was judged for control characters already)."""
    if data.keys() != {"documents", "accounts", "money", "currency", "threshold_weeks"}:
        raise ValueError("an inventory as exitplan never writes it")
    currency, threshold = data["currency"], data["threshold_weeks"]
    if not _fits(currency, _TEXT) or type(threshold) is not int or not 0 < threshold <= 520:
        raise ValueError("an inventory as exitplan never writes it")
    return inv.Inventory(
        documents=_rows(inv.Document, data["documents"]),
        accounts=_rows(inv.Account, data["accounts"]),
        money=_rows(inv.Money, data["money"]),
        currency=currency,
        threshold_weeks=threshold,
    )
