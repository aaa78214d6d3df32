"""A private cache of validated checklists and plan state, so `status` skips TOML and pydantic.

The cache lives in the data directory (sealed when the plan is encrypted) and is written only by
commands that change the plan. Every entry carries the signature (size, times, inode) of the file
it came from; one changed, added or removed file and the cache is ignored, so a stale or invalid
checklist can never look valid.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import json
import re
from dataclasses import asdict
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from exitplan.catalog import Catalog, all_checklist_files, signature
from exitplan.limits import CACHE_DIR, TEMP_SUFFIX
from exitplan.model import Checklist, CustomItem, Due, Event, Item, ItemState, PlanState
from exitplan.safeio import is_link, read_capped

if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = ["CACHE_DIR", "CacheFiles"]
CATALOG_FILE = "catalog.json"
PLAN_FILE = "plan.json"
FORMAT = 4
# The largest cache file read: a plan may be 64 MiB, and a larger file is not worth the speed.
MAX_CACHE_BYTES = 64 * 1024 * 1024
# What validation refuses in any text that reaches the screen (see schema._no_control).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# What in a cache file's bytes could decode to such a character: DEL or a C1 control in UTF-8,
# a JSON escape of any of them, or a NUL byte (JSON in UTF-16 or UTF-32; json.loads reads those
# too). Other raw control bytes never decode: strict JSON refuses them. A body without any of
# these cannot hold one, so the walk over every decoded string runs only when one appears.
_MAYBE_CONTROL = (  # searches that each start at one byte: far quicker than one alternation
    re.compile(rb"\xc2[\x80-\x9f]"),
    re.compile(rb"\\(?:u00[0-189][0-9a-fA-F]|u007[fF]|[bfr])"),
)
# Below this size the built-in SHA-256 is quicker than importing OpenSSL's (about 1.5 ms).
SMALL_BODY = 1024 * 1024


def _encode(value: Any) -> Any:
    if isinstance(value, datetime):
        return {"$dt": value.isoformat()}
    if isinstance(value, date):
        return {"$d": value.isoformat()}
    raise TypeError(f"cannot cache {type(value).__name__}")


def _decode(obj: dict[str, Any]) -> Any:
    if "$dt" in obj:
        return datetime.fromisoformat(obj["$dt"])
    if "$d" in obj:
        return date.fromisoformat(obj["$d"])
    return obj


# The catalog is cached by columns: each field of a checklist's items is either a full list
# (one value per item) or, when most items keep the field's default, only the others, as
# {"at": [positions], "values": [...]}. Field names are written once instead of once per item,
# and a list of 10,000 strings decodes far quicker than 10,000 small objects: a 10,000-step
# catalog reads in a third of the time. The due date is two columns, `due.offset` (full) and
# `due.on` (the fixed dates, as ISO text).
_ITEM_FIELDS = Item.__dataclass_fields__
_DEFAULTS = {  # the tuples among them are shared: they cannot change
    name: f.default for name, f in _ITEM_FIELDS.items() if f.default is not dataclasses.MISSING
}
_TUPLES = frozenset(name for name, value in _DEFAULTS.items() if value == ())
_FULL = frozenset(name for name in _ITEM_FIELDS if name not in _DEFAULTS) - {"due"}
_COLUMNS = frozenset({*_ITEM_FIELDS, "due.offset", "due.on"} - {"due"})
_CHECKLIST_FIELDS = tuple(name for name in Checklist.__dataclass_fields__ if name != "items")
_new = object.__new__


def _columns(items: list[Item]) -> dict[str, Any]:
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


def _items(columns: dict[str, Any], known: dict[tuple[int, date | None], Due]) -> list[Item]:
    """The items of one checklist from its columns; ValueError when they are not as written."""
    if not columns.keys() <= _COLUMNS:  # not as exitplan writes it (a field no item has)
        raise ValueError("unknown column")
    offsets = columns["due.offset"]
    fixed: list[date | None] = [None] * len(offsets)
    for k, text in _pairs(columns.get("due.on", {"at": [], "values": []}), len(offsets)):
        fixed[k] = date.fromisoformat(text)
    items = []
    for row, offset, on in zip(_rows(columns, len(offsets)), offsets, fixed, strict=True):
        due = known.get((offset, on))
        if due is None:  # Due is frozen: equal ones are shared, so most are built only once
            if type(offset) is not int:
                raise ValueError("an offset that is not a number of days")
            due = known[offset, on] = Due(offset=offset, on=on)
        row["due"] = due
        item: Item = _new(Item)
        item.__dict__ = row  # exactly an Item's fields (checked in _rows): no __init__ needed
        items.append(item)
    return items


def _rows(columns: dict[str, Any], n: int) -> list[dict[str, Any]]:
    """The field values of n items: the defaults, the full columns, then the sparse ones."""
    full = {k: v for k, v in columns.items() if isinstance(v, list) and k != "due.offset"}
    if not full.keys() >= _FULL or any(len(column) != n for column in full.values()):
        raise ValueError("an item without every field")
    for name in _TUPLES.intersection(full):  # JSON has no tuples
        full[name] = [tuple(value) for value in full[name]]
    names = tuple(full)
    rest = {k: v for k, v in _DEFAULTS.items() if k not in full}
    rows = []
    for values in zip(*full.values(), strict=True):
        row = rest.copy()
        row.update(zip(names, values, strict=True))
        rows.append(row)
    for name, column in columns.items():
        if name in full or name.startswith("due."):
            continue
        tuples = name in _TUPLES
        for k, value in _pairs(column, n):
            rows[k][name] = tuple(value) if tuples else value
    return rows


def _pairs(column: dict[str, list[Any]], n: int) -> zip[tuple[int, Any]]:
    """The (position, value) pairs of a sparse column, each position one of the n items."""
    at, values = column["at"], column["values"]
    if len(at) != len(values) or not all(type(k) is int and 0 <= k < n for k in at):
        raise ValueError("not the positions of items")
    return zip(at, values, strict=True)


def _checklist(data: dict[str, Any], known: dict[tuple[int, date | None], Due]) -> Checklist:
    data["items"] = _items(data["items"], known)
    return Checklist(**data)


def _plan(data: dict[str, Any]) -> PlanState:
    data["items"] = {key: ItemState(**value) for key, value in data["items"].items()}
    data["custom"] = [
        CustomItem(**(c | {"due": Due(**c["due"]) if c["due"] else None})) for c in data["custom"]
    ]
    data["history"] = [Event(**event) for event in data["history"]]
    return PlanState(**data)


class CacheFiles(Protocol):
    """What the cache needs of the data directory (a `store.Store` is one)."""

    @property
    def home(self) -> Path: ...

    @property
    def plan_path(self) -> Path: ...

    @property
    def checklist_dir(self) -> Path: ...

    def open_cache(self, data: bytes) -> bytes | None: ...

    def write_file(self, path: Path, plain: bytes, *, sync_folder: bool = True) -> None: ...


def cache_dir(store: CacheFiles) -> Path:
    """Where the cache files live."""
    return store.home / CACHE_DIR


def _read(store: CacheFiles, name: str, *, hook: bool = True) -> dict[str, Any] | None:
    """A cache file's checked JSON; `hook=False` leaves `{"$d": ...}` dates undecoded."""
    raw = _read_bytes(cache_dir(store) / name)
    data = None if raw is None else store.open_cache(raw)
    if data is None:
        return None
    digest, _, body = data.partition(b"\n")
    if digest != _digest(body):  # written by something other than exitplan, or damaged
        return None
    try:
        loaded = json.loads(body, object_hook=_decode) if hook else json.loads(body)
    except (ValueError, RecursionError):
        return None
    if not isinstance(loaded, dict) or loaded.get("format") != FORMAT:
        return None
    # The checksum has no key: a forged cache must not skip validation.
    if _may_hold_control(body) and _has_control(loaded):
        return None
    return loaded


def _read_bytes(path: Path) -> bytes | None:
    """A cache file's bytes; never through a link, from a FIFO, or more than the cap."""
    try:
        raw = read_capped(path, MAX_CACHE_BYTES)
    except OSError:
        return None
    return raw if len(raw) <= MAX_CACHE_BYTES else None


def _may_hold_control(body: bytes) -> bool:
    """Whether a cache body's bytes could decode to a character validation refuses."""
    if b"\x00" in body or b"\x7f" in body:  # `in` is much quicker than a regex class
        return True
    return any(pattern.search(body) for pattern in _MAYBE_CONTROL)


def _has_control(value: Any) -> bool:
    """Whether any text in a decoded cache holds a character validation refuses."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _CONTROL.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.values())
            stack.extend(item.keys())
        elif isinstance(item, list):
            stack.extend(item)
    return False


@contextlib.contextmanager
def _no_gc() -> Iterator[None]:
    """No cyclic garbage collection inside: decoding a big cache makes only objects that stay,
    and the collector would walk all of them again and again (about 15 ms on 10,000 items)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def load_catalog_cached(store: CacheFiles) -> Catalog | None:
    """The catalog from the cache, if every checklist file is exactly as when it was cached."""
    with _no_gc():
        return _load_catalog(store)


def _load_catalog(store: CacheFiles) -> Catalog | None:
    # Decoded without the date hook (one Python call per JSON object, 20,000 on a big plan):
    # the catalog's only dates are the items' fixed due dates, which `_items` decodes.
    cached = _read(store, CATALOG_FILE, hook=False)
    if cached is None:
        return None
    try:
        files = tuple((str(p), signature(p)) for p in all_checklist_files(store.checklist_dir))
        if [[path, list(sig)] for path, sig in files] != cached["files"]:
            return None
        known: dict[tuple[int, date | None], Due] = {}
        checklists = tuple(_checklist(c, known) for c in cached["checklists"])
    except (OSError, KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None
    return Catalog(checklists, files, from_cache=True)


def load_plan_cached(store: CacheFiles) -> PlanState | None:
    """The plan state from the cache, if plan.toml is exactly as when it was cached."""
    cached = _read(store, PLAN_FILE)
    if cached is None:
        return None
    try:
        if list(signature(store.plan_path)) != cached["signature"]:
            return None
        return _plan(cached["state"])
    except (OSError, KeyError, TypeError, ValueError):
        return None


def save_cache(store: CacheFiles, catalog: Catalog, state: PlanState) -> None:
    """Write the cache after a save (the caller holds the lock); a failure only costs speed."""
    from exitplan.errors import StorageError

    folder = cache_dir(store)
    if is_link(folder):
        return
    with contextlib.suppress(OSError, StorageError):
        folder.mkdir(mode=0o700, exist_ok=True)
        if not catalog.from_cache and not catalog.problems:  # a broken file is re-read
            catalog_doc = {
                "format": FORMAT,
                "files": [[p, list(sig)] for p, sig in catalog.files],
                "checklists": [
                    {
                        **{name: getattr(c, name) for name in _CHECKLIST_FIELDS},
                        "items": _columns(c.items),
                    }
                    for c in catalog.checklists
                ],
            }
            store.write_file(folder / CATALOG_FILE, _dumps(catalog_doc))
        plan_doc = {
            "format": FORMAT,
            "signature": list(signature(store.plan_path)),
            "state": asdict(state),
        }
        store.write_file(folder / PLAN_FILE, _dumps(plan_doc))


def _dumps(doc: dict[str, Any]) -> bytes:
    body = json.dumps(doc, default=_encode, ensure_ascii=False, separators=(",", ":")).encode()
    return _digest(body) + b"\n" + body


def _digest(body: bytes) -> bytes:
    """A checksum line: a cache file edited by hand or damaged is never decoded."""
    return f"{FORMAT}:{_sha256(body)}".encode()


def _sha256(body: bytes) -> str:
    """The hex SHA-256 of `body`; the same digest whichever implementation computes it."""
    import importlib

    names = ("_sha256", "_sha2") if len(body) < SMALL_BODY else ()  # _sha2 from Python 3.12
    for name in (*names, "hashlib"):
        try:
            return str(importlib.import_module(name).sha256(body).hexdigest())
        except ImportError:
            continue
    raise ImportError("no SHA-256")  # pragma: no cover - hashlib always has it


def drop_cache(store: CacheFiles) -> None:
    """Delete the cache (before re-keying: it is rebuilt by the next change)."""
    folder = cache_dir(store)
    if is_link(folder) or not folder.is_dir():  # never delete anything through a link
        return
    for path in folder.iterdir():
        if path.name in (CATALOG_FILE, PLAN_FILE) or path.name.endswith(TEMP_SUFFIX):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
    with contextlib.suppress(OSError):
        folder.rmdir()
