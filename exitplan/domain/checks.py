"""The rules of one value of an inventory: the words a field may hold, the limits, the checks.

Every check raises `InventoryError` with one plain sentence naming the field, and is used by
the plan file's schema, the TOML read from a pipe and the answers typed at a prompt alike.
Amounts are `Decimal`, never float. Pure: stdlib and the leaves only.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Literal, get_args

from exitplan.base.errors import DateError, ExitplanError
from exitplan.base.i18n import ENGLISH, N_, _, current
from exitplan.base.safetext import first_refused
from exitplan.domain.dates import is_iso_day, parse_day, parse_when, real_today

Whose = Literal["me", "child", "partner"]
Answer = Literal["yes", "no", "unsure"]
SafeWhen = Literal["now", "after", "advocate"]
AccountState = Literal["check", "fine", "change-after", "changed"]
MoneyKind = Literal["saved", "income", "cost", "one-off", "debt", "joint"]
# How often an income or a cost comes: "fortnight" every two weeks (26 a year), "half-month"
# twice a month (24 a year). Added after the first files: an older reader refuses the row.
Per = Literal["month", "week", "fortnight", "half-month"]
Section = Literal["documents", "accounts", "money"]

SECTIONS: tuple[Section, ...] = ("documents", "accounts", "money")
WHOSE: tuple[Whose, ...] = get_args(Whose)
ANSWERS: tuple[Answer, ...] = get_args(Answer)
SAFE_WHEN: tuple[SafeWhen, ...] = get_args(SafeWhen)
ACCOUNT_STATES: tuple[AccountState, ...] = get_args(AccountState)
MONEY_KINDS: tuple[MoneyKind, ...] = get_args(MoneyKind)
PERS: tuple[Per, ...] = get_args(Per)

# Limits: rows per inventory, characters per field, digits of an amount.
MAX_ROWS = 2000
MAX_LINE_CHARS = 300  # one-line fields: where something is, what it is
MAX_LABEL_CHARS = 60  # a child's label, a document kind in the person's own words
MAX_NOTE_CHARS = 2000
MAX_CURRENCY_CHARS = 12
MAX_AMOUNT_DIGITS = 12  # up to 999,999,999,999.99: more is surely a typo
DEFAULT_THRESHOLD_WEEKS = 8
MAX_THRESHOLD_WEEKS = 520


# What each field and inventory is called in the person's own language. An error names the
# field in those words, and keeps the key beside it (in brackets), since a file or a pipe is
# written with the keys: "'vencimiento (expires)' debe ser una fecha...". English shows the key.
FIELD_WORDS = {
    "whose": N_("whose it is"),
    "child": N_("which child"),
    "kind": N_("kind of row"),
    "original": N_("where the original is"),
    "copy": N_("a copy"),
    "copy_where": N_("where the copy is"),
    "expires": N_("expiry date"),
    "note": N_("note"),
    "what": N_("what it is"),
    "partner_knows": N_("your partner knows the password"),
    "shared": N_("shared or family plan"),
    "linked": N_("linked devices or people"),
    "location": N_("location sharing"),
    "recovery": N_("recovery email or phone"),
    "two_step": N_("two-step sign-in"),
    "safe_to_change": N_("when it is safe to change"),
    "state": N_("state"),
    "amount": N_("amount"),
    "per": N_("how often"),
    "currency": N_("currency"),
    "threshold_weeks": N_("weeks of money you want"),
    "number": N_("number"),
    "rows": N_("rows"),
}
SECTION_WORDS: dict[str, str] = {
    "documents": N_("documents"),
    "accounts": N_("accounts"),
    "money": N_("money"),
}


def field_name(name: str) -> str:
    """A field as an error names it: its key in English; its words and its key elsewhere."""
    word = FIELD_WORDS.get(name)
    if word is None or current() == ENGLISH:
        return name
    return f"{_(word)} ({name})"


def section_name(section: str) -> str:
    """An inventory as a sentence names it, in the language spoken."""
    word = SECTION_WORDS.get(section)
    return _(word) if word else section


class InventoryError(ExitplanError):
    """A row or a value that cannot be kept; nothing was written."""


# -- checking one value ------------------------------------------------------------------------


def check_text(
    name: str, value: object, limit: int, *, lines: bool = False, required: bool = False
) -> str | None:
    """Text with outer blank space removed (None when empty and not required).

    Control characters are refused (a note may hold new lines and tabs), as is text longer
    than `limit` characters or, where one line is expected, a line break.
    """
    if not isinstance(value, str):
        raise InventoryError(_("'{name}' must be text, in quotes").format(name=field_name(name)))
    text = value.replace("\r\n", "\n").strip()
    if not lines and ("\n" in text or "\r" in text):
        raise InventoryError(_("'{name}' must be one line").format(name=field_name(name)))
    char = first_refused(text) or ("\t" if not lines and "\t" in text else None)
    if char is not None:
        raise InventoryError(
            _(
                "'{name}' holds a control character (U+{code:04X}); only plain text can be kept"
            ).format(name=field_name(name), code=ord(char))
        )
    if len(text) > limit:
        raise InventoryError(
            _("'{name}' is longer than {limit} characters").format(
                name=field_name(name), limit=limit
            )
        )
    if not text:
        if required:
            raise InventoryError(_("'{name}' is empty; it is needed").format(name=field_name(name)))
        return None
    return text


def check_required(name: str, value: object, limit: int) -> str:
    """Text that must be there."""
    return check_text(name, value, limit, required=True) or ""


_AMOUNT = re.compile(r"\d+(\.\d{1,2})?")


def without_currency(text: str, currency: str | None) -> str:
    """An amount as typed with the person's own currency before or after it (`£640`, `640 €`,
    `MXN 640`) without it; the text as it is when no currency is set or it is not there."""
    mark = (currency or "").strip()
    words = text.strip()
    if not mark:
        return words
    if words.casefold().startswith(mark.casefold()):
        return words[len(mark) :].strip()
    if words.casefold().endswith(mark.casefold()):
        return words[: -len(mark)].strip()
    return words


def check_amount(name: str, value: object) -> Decimal:
    """An amount of money: a whole number or one with up to two decimals, never negative.

    Given as text ("1200.50"), a whole number, or a TOML decimal read exactly (as a Decimal,
    never a float). No currency sign, no thousands separator: the currency is set once.
    """
    if isinstance(value, (bool, float)):
        raise InventoryError(
            _("'{name}' must be written exactly, in quotes, like \"1200.50\"").format(
                name=field_name(name)
            )
        )
    if isinstance(value, int):
        text = str(value)
    elif isinstance(value, Decimal):
        if not value.is_finite():
            raise InventoryError(_("'{name}' is not an amount").format(name=field_name(name)))
        text = format(value, "f") if value.as_tuple().exponent in (0, -1, -2) else "x"
    elif isinstance(value, str):
        text = value.strip()
    else:
        raise InventoryError(
            _("'{name}' must be an amount, like 1200.50").format(name=field_name(name))
        )
    if text.startswith("-"):
        raise InventoryError(
            _("'{name}' cannot be negative; a debt is its own kind of row").format(
                name=field_name(name)
            )
        )
    if "," in text:
        raise InventoryError(
            _(
                "'{name}' has a comma: write the amount with digits and a point only, like 1200.50"
            ).format(name=field_name(name))
        )
    if not text.isascii() or not _AMOUNT.fullmatch(text):
        raise InventoryError(
            _(
                "'{name}' should be a whole number or have two decimals, like 1200 or 1200.50, "
                "without a currency sign"
            ).format(name=field_name(name))
        )
    if len(text.split(".")[0].lstrip("0")) > MAX_AMOUNT_DIGITS:
        raise InventoryError(_("'{name}' is too large to be right").format(name=field_name(name)))
    try:
        return Decimal(text)
    except InvalidOperation:  # pragma: no cover - the pattern allows only digits and a point
        raise InventoryError(_("'{name}' is not an amount").format(name=field_name(name))) from None


def check_date(name: str, value: object, today: date | None = None) -> date | None:
    """A day (a TOML date, or text as the one date parser reads it); an empty text is no day.

    Text is `2027-03-31`, or, given `today`, also `today` or an offset from today (`+3w`,
    `-10d`). Without `today` (a stored file, a check while typing) an offset is read from the
    computer's own date: only its form and the ten-year limit are judged then.
    """
    if isinstance(value, date) and not hasattr(value, "hour"):
        return value
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return None
        try:
            if today is not None:
                return parse_when(text, today)
            # A stored day is never judged against the clock; a typed offset or a day in the
            # country's order (31/03/2027) is read from the computer's own date.
            return parse_day(text) if is_iso_day(text) else parse_when(text, real_today())
        except DateError as exc:
            raise InventoryError(
                _("'{name}': {problem}").format(name=field_name(name), problem=str(exc))
            ) from None
    raise InventoryError(
        _("'{name}' should be a date like 2027-03-31, without a time").format(name=field_name(name))
    )


def check_choice(name: str, value: object, choices: tuple[str, ...]) -> str:
    """One of a few words."""
    if isinstance(value, str) and value.strip().lower() in choices:
        return value.strip().lower()
    raise InventoryError(
        _("'{name}' should be one of: {choices}").format(
            name=field_name(name), choices=", ".join(choices)
        )
    )


def check_answer(name: str, value: object) -> Answer:
    """yes, no or unsure (TOML's true and false read as yes and no)."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, str) and value.strip().lower() in {"not sure", "not-sure"}:
        return "unsure"
    return check_choice(name, value, ANSWERS)  # type: ignore[return-value]


def check_bool(name: str, value: object) -> bool:
    """true or false (yes and no as text too)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in {"yes", "no"}:
        return value.strip().lower() == "yes"
    raise InventoryError(_("'{name}' should be true or false").format(name=field_name(name)))


def check_number(value: object) -> int:
    """A row's number: a whole number from 1."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10 * MAX_ROWS:
        raise InventoryError(
            _("'number' should be a whole number from 1 to {most}").format(most=10 * MAX_ROWS)
        )
    return value


def check_threshold(value: object) -> int:
    """The weeks of money wanted after leaving: a whole number from 1 to 520."""
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise InventoryError(_("'threshold_weeks' should be a whole number of weeks, like 8"))
    if not 1 <= value <= MAX_THRESHOLD_WEEKS:
        raise InventoryError(
            _("'threshold_weeks' should be from 1 to {most} weeks").format(most=MAX_THRESHOLD_WEEKS)
        )
    return value
