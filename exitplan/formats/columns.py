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

from collections.abc import Callable
from datetime import date
from typing import Any, get_args

from exitplan.base.limits import Priority, When
from exitplan.domain.model import Checklist, Due, Item

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
CHECKLIST_FIELDS = tuple(name for name in Checklist._FIELDS if name != "items")
# A record keeps each field's default as a class attribute, so an item whose own attributes
# leave out a field that has its default reads the default from the class: most items are
# built from their few values that differ, not from all of them.
_ON_CLASS = frozenset(name for name, value in _DEFAULTS.items() if vars(Item).get(name) == value)
_new = object.__new__


def to_columns(items: list[Item]) -> dict[str, Any]:
    """A checklist's items as columns (see above)."""
    out: dict[str, Any] = {"due.offset": [item.due.offset for item in items]}
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


def _sparse(pairs: list[tuple[int, Any]]) -> dict[str, list[Any]]:
    return {"at": [k for k, _ in pairs], "values": [value for _, value in pairs]}


def from_columns(
    columns: dict[str, Any], known: dict[tuple[int, date | None], Due], *, texts: bool = True
) -> list[Item]:
    """The items of one checklist from its columns; ValueError when they are not as written.

    `texts=False`: the columns hold no texts, and the items are built without them."""
    if not columns.keys() <= (_COLUMNS if texts else _COLUMNS - TEXTS):  # a field no item has
        raise ValueError("unknown column")
    for name, column in columns.items():
        values = column if isinstance(column, list) else column["values"]
        if not _ACCEPTS[name](values):  # the checksum has no key: values are judged too
            raise ValueError(f"a value exitplan never writes in {name}")
    offsets = columns["due.offset"]
    n = len(offsets)
    # Due is frozen: equal ones are shared, so each is built only once.
    plain = {o: known.get((o, None)) or known.setdefault((o, None), Due(o)) for o in set(offsets)}
    dues = list(map(plain.__getitem__, offsets))
    for k, text in _pairs(columns.get("due.on", {"at": [], "values": []}), n):
        key = (offsets[k], date.fromisoformat(text))
        dues[k] = known.get(key) or known.setdefault(key, Due(*key))
    built = []
    for row in _rows(columns, dues, _DEFAULTS if texts else _DEFAULTS | _NO_TEXTS):
        item: Item = _new(Item)
        item.__dict__ = row  # an Item's fields, checked in _rows: no __init__ needed
        built.append(item)
    return built


def _rows(
    columns: dict[str, Any], dues: list[Due], defaults: dict[str, Any]
) -> list[dict[str, Any]]:
    """The field values of the items: the defaults, the full columns, then the sparse ones."""
    n = len(dues)
    full = {k: v for k, v in columns.items() if isinstance(v, list) and k != "due.offset"}
    if not full.keys() >= _FULL - defaults.keys() or any(len(c) != n for c in full.values()):
        raise ValueError("an item without every field")
    full["due"] = dues
    for name in _TUPLES.intersection(full):  # JSON has no tuples
        full[name] = [tuple(value) for value in full[name]]
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
        tuples = name in _TUPLES
        for k, value in _pairs(column, n):
            rows[k][name] = tuple(value) if tuples else value
    return rows


def _all(kind: type, *, or_none: bool = False) -> Callable[[list[Any]], bool]:
    kinds = (kind, type(None)) if or_none else (kind,)
    return lambda values: all(type(value) in kinds for value in values)


def _one_of(allowed: tuple[str, ...]) -> Callable[[list[Any]], bool]:
    return lambda values: all(type(value) is str and value in allowed for value in values)


def _texts(values: list[Any]) -> bool:
    return all(type(value) is list and all(type(v) is str for v in value) for value in values)


# What each column may hold, as exitplan writes it: a forged cache with anything else is a miss
# (and the files are read and validated instead), never a crash further on.
_ACCEPTS: dict[str, Callable[[list[Any]], bool]] = {
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


def _pairs(column: dict[str, list[Any]], n: int) -> zip[tuple[int, Any]]:
    """The (position, value) pairs of a sparse column, each position one of the n items."""
    at, values = column["at"], column["values"]
    if len(at) != len(values) or not all(type(k) is int and 0 <= k < n for k in at):
        raise ValueError("not the positions of items")
    return zip(at, values, strict=True)


def split_texts(columns: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A checklist's columns as two parts: everything but the texts, and the texts."""
    rest = {name: column for name, column in columns.items() if name not in TEXTS}
    return rest, {name: column for name, column in columns.items() if name in TEXTS}
