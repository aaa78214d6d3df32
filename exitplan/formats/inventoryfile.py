"""The inventories in files: the plan file's sections read row by row, and one row (or the
money settings) given as TOML on a pipe.

Only the form is checked here (size, UTF-8, TOML, tables and lists where they belong); what each
field may hold is checked by the inventory's own rules (`exitplan.domain.inventory`), the same
for the plan file, the pipe and the prompts. Decimals are read exactly, never as floats.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict, TypeVar, cast

from exitplan.base.i18n import _
from exitplan.base.tomlcost import toml_cost_problem
from exitplan.domain.checks import MAX_ROWS, InventoryError, Section, check_number
from exitplan.domain.inventory import SETTINGS, Money, Row, new_row
from exitplan.formats.tomlerrors import toml_error

# A row is a few short lines; a note may be long. Anything larger is not a row.
MAX_ROW_BYTES = 64 * 1024
T = TypeVar("T")


class MoneyTable(TypedDict, total=False):
    """The plan file's `[money]` table, checked: the inventory's fields it gives."""

    money: tuple[Money, ...]
    currency: str | None
    threshold_weeks: int


def parse_row_toml(data: bytes) -> dict[str, object]:
    """The fields of one row given as TOML, as plain values (InventoryError when unusable)."""
    import tomllib
    from decimal import Decimal

    if len(data) > MAX_ROW_BYTES:
        raise InventoryError(
            _(
                "what was given is larger than {limit} KiB, too large to be a row; "
                "nothing was saved"
            ).format(limit=MAX_ROW_BYTES // 1024)
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InventoryError(_("what was given is not UTF-8 text; nothing was saved")) from None
    if problem := toml_cost_problem(text):
        raise InventoryError(
            _("what was given could not be read: {problem}; nothing was saved").format(
                problem=problem
            )
        )
    try:
        raw = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise InventoryError(
            _(
                "what was given is not valid TOML ({problem}); nothing was saved. Write one field "
                'a line, as in: what = "email"'
            ).format(problem=toml_error(exc))
        ) from None
    except RecursionError:
        raise InventoryError(_("what was given is nested too deeply; nothing was saved")) from None
    if not raw:
        raise InventoryError(_("nothing was given; nothing was saved"))
    for key, value in raw.items():
        if isinstance(value, (dict, list)):
            raise InventoryError(
                _(
                    "'{key}' must be a single value, not a table or a list; nothing was saved"
                ).format(key=key)
            )
    return raw


def rows_from_data(section: Section, value: object) -> tuple[Row, ...]:
    """The rows of one section of the plan file, each checked as a new row would be.

    Unknown fields, impossible values, a missing or repeated number and more than MAX_ROWS
    rows are refused with one message naming the row.
    """
    if not isinstance(value, list):
        raise InventoryError(_("should be a list of rows"))
    if len(value) > MAX_ROWS:
        raise InventoryError(_("has more than {limit} rows").format(limit=MAX_ROWS))
    rows: list[Row] = []
    seen: set[int] = set()
    for index, raw in enumerate(value, 1):
        try:
            if not isinstance(raw, dict):
                raise InventoryError(_("should be a table of fields"))
            fields = dict(raw)
            if "number" not in fields:
                raise InventoryError(_("'number' is missing"))
            number = check_number(fields.pop("number"))
            if number in seen:
                raise InventoryError(_("the number {number} is used twice").format(number=number))
            seen.add(number)
            rows.append(new_row(section, number, fields))
        except InventoryError as exc:
            raise InventoryError(
                _("row {index}: {problem}").format(index=index, problem=exc)
            ) from None
    return tuple(rows)


def money_from_data(value: object) -> MoneyTable:
    """The `[money]` table of the plan file: its settings and its rows, checked."""
    if not isinstance(value, dict):
        raise InventoryError(_("should be a table of fields"))
    data = dict(value)
    rows = rows_from_data("money", data.pop("rows", []))
    # Honest: `new_row("money", ...)` builds every row of this section as a Money (ROW_TYPES).
    section: MoneyTable = {"money": cast("tuple[Money, ...]", rows)}
    for key, raw in data.items():
        if key not in SETTINGS:
            raise InventoryError(
                _("'{key}' is not a field of money; the fields are: {known}").format(
                    key=key, known=", ".join([*SETTINGS, "rows"])
                )
            )
        checked = SETTINGS[key](raw)
        if key == "currency":
            section["currency"] = checked
        else:
            section["threshold_weeks"] = checked
    return section


def plan_section(read: Callable[[object], T]) -> Callable[[object], T]:
    """A reader of a plan file section whose refusals are ValueErrors, as the schema's
    validators raise them (pydantic then names the section)."""

    def run(value: object) -> T:
        try:
            return read(value)
        except InventoryError as exc:
            raise ValueError(str(exc)) from None

    return run


def section_reader(section: Section) -> Callable[[object], tuple[Row, ...]]:
    """The reader of the plan file's `documents` or `accounts`."""
    return plan_section(lambda value: rows_from_data(section, value))
