"""What the person has: documents, accounts and devices, and money, as plain values.

Three inventories kept in the plan (and so sealed, backed up and restored with it). A row is a
frozen value with a neutral number, never an id made from what it holds. The rules for every
field live here, once: the plan file's schema, the TOML read from a pipe and the answers typed
at a prompt all check a value with the same functions, so a value refused in one place is
refused in all. Amounts are `Decimal`, never float: whole numbers or two decimals, in the
person's own currency, never converted.

Pure: no files, no framework; nothing here prints.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date
from decimal import Decimal
from typing import Any, NamedTuple, TypedDict, cast

from exitplan.base.i18n import N_, _
from exitplan.domain.checks import (
    ACCOUNT_STATES,
    ANSWERS,
    DEFAULT_THRESHOLD_WEEKS,
    MAX_CURRENCY_CHARS,
    MAX_LABEL_CHARS,
    MAX_LINE_CHARS,
    MAX_NOTE_CHARS,
    MAX_ROWS,
    MONEY_KINDS,
    PERS,
    SAFE_WHEN,
    SECTIONS,
    WHOSE,
    AccountState,
    Answer,
    InventoryError,
    MoneyKind,
    Per,
    SafeWhen,
    Section,
    Whose,
    check_amount,
    check_answer,
    check_bool,
    check_choice,
    check_date,
    check_required,
    check_text,
    check_threshold,
    field_name,
    section_name,
)

# The document kinds offered by name; the person may also use their own words.
DOCUMENT_KINDS: dict[str, str] = {
    "passport": N_("Passport"),
    "id-card": N_("ID card"),
    "driving-licence": N_("Driving licence"),
    "birth-certificate": N_("Birth certificate"),
    "visa": N_("Visa or residence permit"),
    "immigration": N_("Other immigration papers"),
    "benefits": N_("Benefits letter"),
    "health-card": N_("Health card"),
    "medical": N_("Medical records"),
    "marriage": N_("Marriage or civil-partnership certificate"),
    "divorce": N_("Divorce or separation papers"),
    "court-order": N_("Court order"),
    "tenancy": N_("Tenancy or mortgage papers"),
    "payslips": N_("Payslips"),
    "bank": N_("Bank cards and statements"),
    "tax": N_("Tax papers"),
    "insurance-number": N_("National insurance or social security number"),
    "school": N_("School records"),
    "vehicle": N_("Vehicle papers"),
    "insurance": N_("Insurance papers"),
}


class Document(NamedTuple):
    """One document of one person: the person, a child (by their label) or the partner."""

    number: int
    kind: str  # a key of DOCUMENT_KINDS, or the person's own words
    whose: Whose = "me"
    child: str | None = None  # the label chosen for a child; only for a child's document
    original: str | None = None  # where the original is; None: not with the person
    copy: bool = False
    copy_where: str | None = None
    expires: date | None = None
    note: str | None = None


class Account(NamedTuple):
    """One account or device, and how far the partner can reach it."""

    number: int
    what: str
    partner_knows: Answer = "unsure"  # the partner knows the password or could reset it
    shared: Answer = "unsure"  # on a shared or family plan
    linked: Answer = "unsure"  # other devices or people linked to it
    location: Answer = "unsure"  # it shares the person's location
    recovery: Answer = "unsure"  # a recovery email or phone the partner controls
    two_step: Answer = "unsure"  # two-step sign-in is on
    safe_to_change: SafeWhen = "after"  # a change can alert the partner: after leaving
    state: AccountState = "check"
    note: str | None = None


class Money(NamedTuple):
    """One amount: money set aside, income or a cost after leaving, a one-off cost, a debt, or
    a joint account."""

    number: int
    kind: MoneyKind
    what: str
    amount: Decimal
    per: Per = "month"  # income and costs only
    note: str | None = None


Row = Document | Account | Money


class Inventory(NamedTuple):
    """The three inventories and the money settings."""

    documents: tuple[Document, ...] = ()
    accounts: tuple[Account, ...] = ()
    money: tuple[Money, ...] = ()
    currency: str | None = None
    threshold_weeks: int = DEFAULT_THRESHOLD_WEEKS

    def rows(self, section: Section) -> tuple[Row, ...]:
        """The rows of one inventory, in the order they were added."""
        rows: tuple[Row, ...] = getattr(self, section)
        return rows

    @property
    def empty(self) -> bool:
        """Whether nothing at all is kept (no row and the default settings)."""
        return self == EMPTY


EMPTY = Inventory()
ROW_TYPES: dict[Section, type[Row]] = {"documents": Document, "accounts": Account, "money": Money}


# -- the fields of each inventory ----------------------------------------------------------------

Check = Callable[[object], Any]


def _text(name: str, limit: int, *, lines: bool = False) -> Check:
    return lambda value: check_text(name, value, limit, lines=lines)


def _required(name: str, limit: int) -> Check:
    return lambda value: check_required(name, value, limit)


def _choice(name: str, choices: tuple[str, ...]) -> Check:
    return lambda value: check_choice(name, value, choices)


def _answer(name: str) -> Check:
    return lambda value: check_answer(name, value)


def _kind(value: object) -> str:
    text = check_required("kind", value, MAX_LABEL_CHARS)
    return document_kind(text)


# Each inventory's fields in the order they are asked and written, with their checks. A field
# left out of a new row takes the row's default; `number` is never given by the person.
FIELDS: dict[Section, dict[str, Check]] = {
    "documents": {
        "whose": _choice("whose", WHOSE),
        "child": _text("child", MAX_LABEL_CHARS),
        "kind": _kind,
        "original": _text("original", MAX_LINE_CHARS),
        "copy": lambda value: check_bool("copy", value),
        "copy_where": _text("copy_where", MAX_LINE_CHARS),
        "expires": lambda value: check_date("expires", value),
        "note": _text("note", MAX_NOTE_CHARS, lines=True),
    },
    "accounts": {
        "what": _required("what", MAX_LINE_CHARS),
        "partner_knows": _answer("partner_knows"),
        "shared": _answer("shared"),
        "linked": _answer("linked"),
        "location": _answer("location"),
        "recovery": _answer("recovery"),
        "two_step": _answer("two_step"),
        "safe_to_change": _choice("safe_to_change", SAFE_WHEN),
        "state": _choice("state", ACCOUNT_STATES),
        "note": _text("note", MAX_NOTE_CHARS, lines=True),
    },
    "money": {
        "kind": _choice("kind", MONEY_KINDS),
        "what": _required("what", MAX_LINE_CHARS),
        "amount": lambda value: check_amount("amount", value),
        "per": _choice("per", PERS),
        "note": _text("note", MAX_NOTE_CHARS, lines=True),
    },
}
# The longest text each field keeps: the checks above refuse more, and the cache reader, which
# judges rows without the checks, holds them to the same limits.
TEXT_LIMITS: dict[Section, dict[str, int]] = {
    "documents": {
        "kind": MAX_LABEL_CHARS,
        "child": MAX_LABEL_CHARS,
        "original": MAX_LINE_CHARS,
        "copy_where": MAX_LINE_CHARS,
        "note": MAX_NOTE_CHARS,
    },
    "accounts": {"what": MAX_LINE_CHARS, "note": MAX_NOTE_CHARS},
    "money": {"what": MAX_LINE_CHARS, "note": MAX_NOTE_CHARS},
}
REQUIRED: dict[Section, tuple[str, ...]] = {
    "documents": ("kind",),
    "accounts": ("what",),
    "money": ("kind", "what", "amount"),
}
SETTINGS: dict[str, Check] = {
    "currency": _text("currency", MAX_CURRENCY_CHARS),
    "threshold_weeks": check_threshold,
}


def document_kind(text: str) -> str:
    """A kind typed in words: the key of a known kind when it names one (its key or its English
    name, any case), else the person's own words as they typed them."""
    wanted = " ".join(text.split()).lower()
    for key, label in DOCUMENT_KINDS.items():
        if wanted in {key, label.lower(), _(label).lower()}:
            return key
    return text


# The fields that hold a day: given `today`, they also read `today` and offsets (`+3w`).
DATE_FIELDS = frozenset({"expires"})


def read_fields(
    section: Section, raw: Mapping[str, object], today: date | None = None
) -> dict[str, Any]:
    """The checked values of the fields given (unknown fields refused, one message); a day
    given as an offset is counted from `today`."""
    fields = FIELDS[section]
    unknown = [key for key in raw if key not in fields]
    if unknown:
        raise InventoryError(
            _("'{key}' is not a field of {section}; the fields are: {known}").format(
                key=unknown[0], section=section_name(section), known=", ".join(fields)
            )
        )
    return {
        name: check_date(name, raw[name], today) if name in DATE_FIELDS else fields[name](raw[name])
        for name in fields
        if name in raw
    }


def new_row(
    section: Section, number: int, raw: Mapping[str, object], today: date | None = None
) -> Row:
    """A new row from the fields given; the ones left out take their defaults."""
    values = read_fields(section, raw, today)
    missing = [name for name in REQUIRED[section] if values.get(name) is None]
    if missing:
        raise InventoryError(
            _("'{name}' is needed for a new row; nothing was added").format(
                name=field_name(missing[0])
            )
        )
    values = {key: value for key, value in values.items() if value is not None}
    return _consistent(ROW_TYPES[section](number=number, **values))


def changed_row(
    section: Section, row: Row, raw: Mapping[str, object], today: date | None = None
) -> Row:
    """The row with the fields given replaced (an empty optional text clears it)."""
    # A required field given empty is refused by its own check ("'what' is empty").
    return _consistent(row._replace(**read_fields(section, raw, today)))


def _consistent(row: Row) -> Row:
    """Fields that only make sense together: a child's label, a copy's place, a period."""
    if isinstance(row, Document):
        if row.whose == "child" and not row.child:
            raise InventoryError(
                _("a child's document needs the child's label ('child'), such as an initial")
            )
        if row.whose != "child" and row.child:
            row = row._replace(child=None)
        if not row.copy and row.copy_where:
            row = row._replace(copy=True)
    if isinstance(row, Money) and row.kind not in {"income", "cost"} and row.per != "month":
        row = row._replace(per="month")
    return row


def next_number(rows: tuple[Row, ...]) -> int:
    """The number of a new row: one more than the highest, so no row's number ever changes."""
    return max((row.number for row in rows), default=0) + 1


def find_row(inventory: Inventory, section: Section, number: int) -> Row:
    """The row with this number, or a plain message naming the command that lists them."""
    for row in inventory.rows(section):
        if row.number == number:
            return row
    raise InventoryError(
        _("there is no row {number} in {section}; 'exitplan {section}' lists them").format(
            number=number, section=section
        )
    )


def with_rows(inventory: Inventory, section: Section, rows: tuple[Row, ...]) -> Inventory:
    """The inventory with one section's rows replaced (at most MAX_ROWS)."""
    if len(rows) > MAX_ROWS:
        raise InventoryError(
            _("{section} can hold at most {limit} rows; nothing was added").format(
                section=section_name(section), limit=MAX_ROWS
            )
        )
    if section == "documents":
        return inventory._replace(documents=cast("tuple[Document, ...]", rows))
    if section == "accounts":
        return inventory._replace(accounts=cast("tuple[Account, ...]", rows))
    return inventory._replace(money=cast("tuple[Money, ...]", rows))


def add_row(
    inventory: Inventory, section: Section, raw: Mapping[str, object], today: date | None = None
) -> Inventory:
    """The inventory with a new row at the end (numbered after the highest)."""
    rows = inventory.rows(section)
    return with_rows(inventory, section, (*rows, new_row(section, next_number(rows), raw, today)))


def change_row(
    inventory: Inventory,
    section: Section,
    number: int,
    raw: Mapping[str, object],
    today: date | None = None,
) -> Inventory:
    """The inventory with one row's fields changed."""
    old = find_row(inventory, section, number)
    new = changed_row(section, old, raw, today)
    rows = tuple(new if row.number == number else row for row in inventory.rows(section))
    return with_rows(inventory, section, rows)


def remove_row(inventory: Inventory, section: Section, number: int) -> Inventory:
    """The inventory without one row (the other rows keep their numbers)."""
    find_row(inventory, section, number)
    rows = tuple(row for row in inventory.rows(section) if row.number != number)
    return with_rows(inventory, section, rows)


def change_settings(inventory: Inventory, raw: Mapping[str, object]) -> Inventory:
    """The inventory with the money settings given (currency, threshold_weeks)."""
    unknown = [key for key in raw if key not in SETTINGS]
    if unknown:
        raise InventoryError(
            _("'{key}' is not a money setting; the settings are: {known}").format(
                key=unknown[0], known=", ".join(SETTINGS)
            )
        )
    values = {name: SETTINGS[name](raw[name]) for name in SETTINGS if name in raw}
    return inventory._replace(**values)


# -- as plain data (the plan file and JSON) --------------------------------------------------------


# A row as plain data: its fields by name (text, whole numbers, true or false, days). Its values
# stay `Any` while `views.inventory` reads `expires` as a date without narrowing.
RowData = dict[str, Any]


def row_data(row: Row) -> RowData:
    """A row as the plain data the plan file keeps: no empty fields, amounts as exact text."""
    data: RowData = {}
    for name in ("number", *FIELDS[section_of(row)]):
        value = getattr(row, name)
        if value is None or (name == "per" and getattr(row, "kind", "") not in {"income", "cost"}):
            continue
        data[name] = format(value, "f") if isinstance(value, Decimal) else value
    return data


def section_of(row: Row) -> Section:
    """The inventory a row belongs to."""
    if isinstance(row, Document):
        return "documents"
    if isinstance(row, Account):
        return "accounts"
    return "money"


class MoneyData(TypedDict, total=False):
    """The plan file's `[money]` table: the settings that are not the defaults, and the rows."""

    currency: str
    threshold_weeks: int
    rows: list[RowData]


class InventoryData(TypedDict, total=False):
    """The inventories as the plan file's sections (`row_data` gives each row)."""

    documents: list[RowData]
    accounts: list[RowData]
    money: MoneyData


def inventory_data(inventory: Inventory) -> InventoryData:
    """The inventories as the sections of the plan file (empty ones left out)."""
    data: InventoryData = {}
    if inventory.documents:
        data["documents"] = [row_data(row) for row in inventory.documents]
    if inventory.accounts:
        data["accounts"] = [row_data(row) for row in inventory.accounts]
    money: MoneyData = {}
    if inventory.currency is not None:
        money["currency"] = inventory.currency
    if inventory.threshold_weeks != DEFAULT_THRESHOLD_WEEKS:
        money["threshold_weeks"] = inventory.threshold_weeks
    if inventory.money:
        money["rows"] = [row_data(row) for row in inventory.money]
    if money:
        data["money"] = money
    return data


__all__ = [
    "ACCOUNT_STATES",
    "ANSWERS",
    "DOCUMENT_KINDS",
    "EMPTY",
    "FIELDS",
    "MONEY_KINDS",
    "SECTIONS",
    "Account",
    "Document",
    "Inventory",
    "InventoryError",
    "Money",
    "Row",
]
