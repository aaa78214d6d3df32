"""A checklist's items as columns, the form the cache keeps them in.

Each field of a checklist's items is either a full list (one value per item) or, when most
items keep the field's default, only the others, as {"at": [positions], "values": [...]}.
Field names are written once instead of once per item, and a list of 10,000 strings decodes far
quicker than 10,000 small objects: a 10,000-step catalog reads in a third of the time. The due
date is two columns, `due.offset` (full) and `due.on` (the fixed dates, as ISO text).

The steps' texts (why, how, caution, sources, tags) can be kept apart (`TEXTS`): the status
screen needs none of them, and most of a catalog's bytes are theirs.

Reading is strict: a column exitplan would not write (an unknown name, a wrong length, a
position outside the list) raises ValueError, and the cache is then not used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date
from typing import TYPE_CHECKING, TypedDict, cast, get_args

from exitplan.base.limits import Priority, When
from exitplan.domain.model import Due, Item

if TYPE_CHECKING:
    from collections.abc import Sequence

_ITEM_FIELDS = Item._FIELDS
_DEFAULTS = {  # the tuples among them are shared: they cannot change
    name: getattr(Item, name) for name in _ITEM_FIELDS if hasattr(Item, name)
}
_TUPLES = frozenset(name for name, value in _DEFAULTS.items() if value == ())
_FULL = frozenset(name for name in _ITEM_FIELDS if name not in _DEFAULTS) - {"due"}
_COLUMNS = frozenset({*_ITEM_FIELDS, "due.offset", "due.on"} - {"due"})
TEXTS = frozenset({"why", "how", "caution", "sources", "tags", "checked"})
# An item read without its texts: an empty why, and the other texts' defaults.
_NO_TEXTS = {name: "" if name in _FULL else _DEFAULTS[name] for name in TEXTS}
# A record keeps each field's default as a class attribute, so an item whose own attributes
# leave out a field that has its default reads the default from the class: most items are
# built from their few values that differ, not from all of them.
_ON_CLASS = frozenset(name for name, value in _DEFAULTS.items() if vars(Item).get(name) == value)
_new = object.__new__


class Sparse(TypedDict):
    """A column of the items whose value is not the field's default: where, and the values."""

    at: list[int]
    values: list[object]


# One field of a checklist's items, as written: a value per item, or only those not the default.
Column = list[object] | Sparse
Columns = dict[str, Column]
_NO_FIXED_DATES: Sparse = {"at": [], "values": []}


def to_columns(items: list[Item]) -> Columns:
    """A checklist's items as columns (see above)."""
    out: Columns = {"due.offset": [item.due.offset for item in items]}
    fixed = [(k, item.due.on.isoformat()) for k, item in enumerate(items) if item.due.on]
    if fixed:
        out["due.on"] = _sparse(fixed)
    for name in _ITEM_FIELDS:
        if name == "due":
            continue
        column = [getattr(item, name) for item in items]
        if name in _FULL:
            out[name] = column
            continue
        default = _DEFAULTS[name]
        others = [(k, value) for k, value in enumerate(column) if value != default]
        if len(others) * 2 > len(items):
            out[name] = column
        elif others:
            out[name] = _sparse(others)
    return out


def _sparse(pairs: Sequence[tuple[int, object]]) -> Sparse:
    return {"at": [k for k, _ in pairs], "values": [value for _, value in pairs]}


def from_columns(
    columns: Mapping[str, object], known: dict[tuple[int, date | None], Due], *, texts: bool = True
) -> list[Item]:
    """The items of one checklist from its columns; ValueError when they are not as written.

    `texts=False`: the columns hold no texts, and the items are built without them."""
    if not columns.keys() <= (_COLUMNS if texts else _COLUMNS - TEXTS):  # a field no item has
        raise ValueError("unknown column")
    for name, column in columns.items():
        if not _ACCEPTS[name](_values(column)):  # the checksum has no key: values are judged too
            raise ValueError(f"a value exitplan never writes in {name}")
    if not isinstance(columns["due.offset"], list):
        raise ValueError("due.offset is always written in full")
    # Every offset is an int: _ACCEPTS["due.offset"] judged each one just above.
    offsets = cast("list[int]", columns["due.offset"])
    n = len(offsets)
    # Due is frozen: equal ones are shared, so each is built only once.
    plain = {o: known.get((o, None)) or known.setdefault((o, None), Due(o)) for o in set(offsets)}
    dues = list(map(plain.__getitem__, offsets))
    for k, text in _pairs(columns.get("due.on", _NO_FIXED_DATES), n):
        if not isinstance(text, str):  # judged already by _ACCEPTS: this tells mypy
            raise ValueError("a fixed date that is not text")
        key = (offsets[k], date.fromisoformat(text))
        dues[k] = known.get(key) or known.setdefault(key, Due(*key))
    built = []
    for row in _rows(columns, dues, _DEFAULTS if texts else _DEFAULTS | _NO_TEXTS):
        item: Item = _new(Item)
        item.__dict__ = row  # an Item's fields, checked in _rows: no __init__ needed
        built.append(item)
    return built


def _rows(
    columns: Mapping[str, object], dues: list[Due], defaults: Mapping[str, object]
) -> list[dict[str, object]]:
    """The field values of the items: the defaults, the full columns, then the sparse ones."""
    n = len(dues)
    full: dict[str, Sequence[object]] = {
        k: v for k, v in columns.items() if isinstance(v, list) and k != "due.offset"
    }
    if not full.keys() >= _FULL - defaults.keys() or any(len(c) != n for c in full.values()):
        raise ValueError("an item without every field")
    full["due"] = dues
    for name in _TUPLES.intersection(full):  # JSON has no tuples
        # Every value is a list of texts: _ACCEPTS (`_texts`) judged each one in from_columns.
        full[name] = [tuple(value) for value in cast("list[list[str]]", full[name])]
    names = tuple(full)
    # Every field is in `full`, a default on the class, or one of `rest` (a missing text).
    rest = {k: v for k, v in defaults.items() if k not in full and k not in _ON_CLASS}
    # Every column has n values (checked above), so the zips need no check of their own
    # (which would cost a tenth of the reading on a long plan).
    rows = [dict(zip(names, values, strict=False)) for values in zip(*full.values(), strict=False)]
    if rest:
        for row in rows:
            row.update(rest)
    for name, column in columns.items():
        if name in full or name.startswith("due."):
            continue
        pairs = _pairs(column, n)
        if name in _TUPLES:
            # Every value is a list of texts: _ACCEPTS (`_texts`) judged each one in from_columns.
            for k, texts in cast("zip[tuple[int, list[str]]]", pairs):
                rows[k][name] = tuple(texts)
            continue
        for k, value in pairs:
            rows[k][name] = value
    return rows


def _values(column: object) -> list[object]:
    """A column's values, full or sparse; ValueError for anything else."""
    if isinstance(column, list):
        return column
    if isinstance(column, dict) and isinstance(values := column.get("values"), list):
        return values
    raise ValueError("not a column exitplan writes")


def _all(kind: type, *, or_none: bool = False) -> Callable[[list[object]], bool]:
    kinds = (kind, type(None)) if or_none else (kind,)
    return lambda values: all(type(value) in kinds for value in values)


def _one_of(allowed: tuple[str, ...]) -> Callable[[list[object]], bool]:
    return lambda values: all(type(value) is str and value in allowed for value in values)


def _texts(values: list[object]) -> bool:
    return all(type(value) is list and all(type(v) is str for v in value) for value in values)


# What each column may hold, as exitplan writes it: a forged cache with anything else is a miss
# (and the files are read and validated instead), never a crash further on.
_ACCEPTS: dict[str, Callable[[list[object]], bool]] = {
    "id": _all(str),
    "title": _all(str),
    "why": _all(str),
    "how": _all(str, or_none=True),  # a full column holds None where a step has none
    "caution": _all(str, or_none=True),
    "priority": _one_of(get_args(Priority)),
    "when": _one_of(get_args(When)),
    "alerts_partner": _all(bool),
    "reflective": _all(bool),
    "batch": _all(int),
    "soon_if_danger": _all(bool),
    "moot_after_exit": _all(bool),
    "checked": _all(str, or_none=True),
    **dict.fromkeys(_TUPLES, _texts),
    "due.offset": _all(int),
    "due.on": _all(str),
}


def _pairs(column: object, n: int) -> zip[tuple[int, object]]:
    """The (position, value) pairs of a sparse column, each position one of the n items."""
    if not isinstance(column, dict):
        raise ValueError("not a sparse column")
    at, values = column["at"], column["values"]
    if not isinstance(at, list) or not isinstance(values, list):
        raise ValueError("not a sparse column")
    if len(at) != len(values) or not all(type(k) is int and 0 <= k < n for k in at):
        raise ValueError("not the positions of items")
    return zip(at, values, strict=True)


def split_texts(columns: Columns) -> tuple[Columns, Columns]:
    """A checklist's columns as two parts: everything but the texts, and the texts."""
    rest = {name: column for name, column in columns.items() if name not in TEXTS}
    return rest, {name: column for name, column in columns.items() if name in TEXTS}
