"""The evidence journal: append-only records in a SHA-256 hash chain, plain or sealed.

Records
    One file per record in ``<home>/journal/``, named by its number only (``000001.rec``), so
    nothing of the text shows in a name. A record is a JSON object::

        {"v": 1, "n": 3, "kind": "entry" | "amend" | "attach", "recorded": "<ISO time, UTC>",
         "prev": "<hex SHA-256 of record n-1>", "fields": {...},        # entry and amend
         "entry": 1,                                                    # amend and attach
         "file": {"name", "size", "mtime", "sha256", "copy"},           # attach
         "hash": "<hex SHA-256 of this record's canonical bytes>"}

Canonical bytes
    ``json.dumps(record_without_hash, sort_keys=True, separators=(",", ":"),
    ensure_ascii=False).encode("utf-8")``. The values are only strings, integers, booleans,
    null and objects (never floats), so the form is unambiguous. ``prev`` of record 1 is 64
    zeros. A plain record file holds exactly the canonical bytes of the whole record (hash
    included); a sealed one holds ``seal(those bytes)``.

Writes go through ``exitplan.store.write_atomic`` (one file per record, temp + fsync + rename), so
a kill at any moment leaves the journal as it was or with the new record whole. The caller holds
the store's lock around ``add`` / ``amend`` / ``attach``. Nothing here prints.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from exitplan.journal_entry import FIELDS, JournalError, sort_key, validate_fields

__all__ = [
    "GENESIS",
    "JOURNAL_DIR",
    "JournalError",
    "JournalStatus",
    "Seal",
    "Verification",
    "add",
    "amend",
    "canonical_bytes",
    "fingerprint",
    "journal_dir",
    "list_entries",
    "parse_fingerprint",
    "read_records",
    "record_hash",
    "show_entry",
    "status",
    "verify",
]

Seal = Callable[[bytes], bytes]

JOURNAL_DIR = "journal"
GENESIS = "0" * 64
FORMAT = 1
MAX_RECORD_BYTES = 4 * 1024 * 1024
FINGERPRINT_CHARS = 20
_RECORD_NAME = re.compile(r"^(\d{6,})\.rec$")
_SEALED_MARK = b"\x89EXPLVT\x00"  # vault.MAGIC, repeated so a plain read never imports the vault


def journal_dir(home: Path) -> Path:
    """The journal's folder in the data home."""
    return home / JOURNAL_DIR


def record_path(home: Path, n: int) -> Path:
    """The file of record n: a neutral, zero-padded sequence number."""
    return journal_dir(home) / f"{n:06d}.rec"


# -- the chain ---------------------------------------------------------------------------


def canonical_bytes(record: Mapping[str, Any]) -> bytes:
    """The bytes that are hashed: the record without its own hash, as canonical JSON."""
    body = {key: value for key, value in record.items() if key != "hash"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode(
        "utf-8"
    )


def record_hash(record: Mapping[str, Any]) -> str:
    """SHA-256 (hex) of the record's canonical bytes."""
    return hashlib.sha256(canonical_bytes(record)).hexdigest()


def _file_bytes(record: Mapping[str, Any]) -> bytes:
    return json.dumps(
        dict(record), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    ).encode("utf-8")


# -- reading -----------------------------------------------------------------------------


def read_records(home: Path, unseal: Seal | None = None) -> list[dict[str, Any]]:
    """Every record in file order. A file that cannot be read or opened comes back as
    ``{"n": <its number>, "damaged": "<why>"}`` so that ``verify`` can name it."""
    folder = journal_dir(home)
    if not folder.is_dir():
        return []
    numbered = []
    for path in folder.iterdir():
        match = _RECORD_NAME.match(path.name)
        if match and path.is_file() and not path.is_symlink():
            numbered.append((int(match.group(1)), path))
    numbered.sort()
    return [_read_one(n, path, unseal) for n, path in numbered]


def _read_one(n: int, path: Path, unseal: Seal | None) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        return {"n": n, "damaged": f"it cannot be read ({exc.strerror or exc})"}
    if len(data) > MAX_RECORD_BYTES:
        return {"n": n, "damaged": "it is far larger than any record"}
    if unseal is None:
        if data.startswith(_SEALED_MARK):
            raise JournalError("the journal is encrypted; unlock it with your passphrase first")
    else:
        try:
            data = unseal(data)
        except Exception:  # a wrong key, a torn or a forged file: whatever the seal raises
            return {"n": n, "damaged": "it cannot be opened with this plan's key"}
    try:
        record = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return {"n": n, "damaged": "it is not a readable record"}
    if not isinstance(record, dict):
        return {"n": n, "damaged": "it is not a readable record"}
    return record


# -- writing -----------------------------------------------------------------------------


def _ensure_dir(home: Path) -> Path:
    from exitplan.errors import StorageError

    folder = journal_dir(home)
    try:
        home.mkdir(mode=0o700, parents=True, exist_ok=True)
        folder.mkdir(mode=0o700, exist_ok=True)
        folder.chmod(0o700)
    except OSError as exc:
        raise StorageError(f"cannot create {folder} ({exc.strerror or exc})") from None
    return folder


def _append(
    home: Path,
    body: dict[str, Any],
    now: datetime,
    seal: Seal | None,
    unseal: Seal | None,
) -> int:
    """Chain body onto the last record and write it as the next file; return its number."""
    from exitplan.store import write_atomic

    records = read_records(home, unseal)
    head = records[-1] if records else None
    n = _next_number(records)
    prev = GENESIS if head is None else _stored_hash(head)
    record = {"v": FORMAT, "n": n, "recorded": _utc(now), "prev": prev, **body}
    record["hash"] = record_hash(record)
    plain = _file_bytes(record)
    if len(plain) > MAX_RECORD_BYTES:
        raise JournalError("the entry is too large to keep; nothing was added")
    data = plain if seal is None else seal(plain)
    _ensure_dir(home)
    path = record_path(home, n)
    if path.exists():  # pragma: no cover - only if two writers skip the lock
        raise JournalError("another exitplan is writing to the journal; try again")
    write_atomic(path, data)
    return n


def _next_number(records: list[dict[str, Any]]) -> int:
    if not records:
        return 1
    last = records[-1].get("n")
    return (last if isinstance(last, int) and last > 0 else len(records)) + 1


def _stored_hash(record: Mapping[str, Any]) -> str:
    if "damaged" in record:
        return GENESIS
    return record_hash(record)


def _utc(now: datetime) -> str:
    if now.tzinfo is None:
        now = now.replace(tzinfo=UTC)
    return now.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def add(
    home: Path,
    fields: Mapping[str, Any],
    now: datetime,
    *,
    seal: Seal | None = None,
    unseal: Seal | None = None,
) -> int:
    """Append a new entry (fields as given by ``validate_fields``); return its number."""
    checked = _recheck(fields, now)
    return _append(home, {"kind": "entry", "fields": checked}, now, seal, unseal)


def amend(
    home: Path,
    n: int,
    fields: Mapping[str, Any],
    now: datetime,
    *,
    seal: Seal | None = None,
    unseal: Seal | None = None,
) -> int:
    """Append a correction linked to entry n (the original stays as it is); return its number."""
    checked = _recheck(fields, now)
    entry_record(read_records(home, unseal), n)
    return _append(home, {"kind": "amend", "entry": n, "fields": checked}, now, seal, unseal)


def _recheck(fields: Mapping[str, Any], now: datetime) -> dict[str, Any]:
    """Fields straight from validate_fields pass unchanged; raw text is validated here."""
    raw = dict(fields)
    when = raw.get("when")
    if isinstance(when, dict):
        raw["when"] = when.get("said", "")
    return validate_fields(raw, now)


def entry_record(records: list[dict[str, Any]], n: int) -> dict[str, Any]:
    """The entry record numbered n, or a JournalError that says what n is instead."""
    for record in records:
        if record.get("n") == n and "damaged" not in record:
            if record.get("kind") != "entry":
                raise JournalError(f"number {n} is a correction or attachment, not an entry")
            return record
    raise JournalError(f"there is no entry {n} in the journal")


# -- verifying ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Verification:
    """The outcome of ``verify``: intact, or the first record that was changed or removed."""

    ok: bool
    entries: int
    records: int
    head: str
    fingerprint: str
    problem: str | None = None  # "changed" | "removed" | "reordered" | "truncated" | "rewritten"
    first_bad: int | None = None
    message: str = ""

    def as_dict(self) -> dict[str, Any]:
        """Every field, ready for ``--json``."""
        return {
            "ok": self.ok,
            "entries": self.entries,
            "records": self.records,
            "head": self.head,
            "fingerprint": self.fingerprint,
            "problem": self.problem,
            "first_bad": self.first_bad,
            "message": self.message,
        }


def verify(records: list[dict[str, Any]], against: str | None = None) -> Verification:
    """Recompute the chain; with ``against`` a fingerprint, check the journal still extends it."""
    target = parse_fingerprint(against) if against is not None else None
    hashes: list[str] = []
    later = {_claimed(r) for r in records}
    numbers = [r.get("n") for r in records]
    prev = GENESIS
    for index, record in enumerate(records, start=1):
        moved = index in numbers[index:]
        bad = _check_one(record, index, prev, moved, later)
        if bad is not None:
            problem, first = bad
            return _broken(records, hashes, problem, first)
        prev = record_hash(record)
        hashes.append(prev)
    entries = sum(1 for r in records if r.get("kind") == "entry")
    head = hashes[-1] if hashes else GENESIS
    print_ = fingerprint_of(len(records), head)
    message = f"{_count(entries)}, chain intact"
    if target is not None:
        count, prefix = target
        if count > len(records):
            return Verification(
                False, entries, len(records), head, print_, "truncated", len(records) + 1,
                "the journal has {len(records)} records, fewer than the {count} fingerprinted; "
                f"record {len(records) + 1} onwards is missing",
            )  # fmt: skip
        then = hashes[count - 1] if count else GENESIS
        if _b32(then)[: len(prefix)] != prefix:
            return Verification(
                False, entries, len(records), head, print_, "rewritten", count or 1,
                "the journal no longer extends the fingerprinted head: "
                f"records up to {count} were rewritten",
            )  # fmt: skip
        message += f", and it extends the fingerprint {format_fingerprint(count, then)}"
    return Verification(True, entries, len(records), head, print_, None, None, message)


def _claimed(record: Mapping[str, Any]) -> str:
    value = record.get("hash")
    return value if isinstance(value, str) else ""


def _check_one(
    record: dict[str, Any], index: int, prev: str, moved: bool, later: set[str]
) -> tuple[str, int] | None:
    n = record.get("n")
    problem: tuple[str, int] | None = None
    if "damaged" in record or not isinstance(n, int) or isinstance(n, bool):
        problem = ("changed", index)
    elif n != index:
        problem = ("reordered" if moved or n < index else "removed", index)
    elif record.get("prev") != prev:
        # The record before was edited and re-hashed, or records were moved around.
        moved_here = record.get("prev") in later
        problem = ("reordered", index) if moved_here else ("changed", max(1, index - 1))
    elif _claimed(record) != record_hash(record) or not _well_formed(record):
        problem = ("changed", index)
    return problem


def _well_formed(record: Mapping[str, Any]) -> bool:
    kind = record.get("kind")
    if record.get("v") != FORMAT or kind not in {"entry", "amend", "attach"}:
        return False
    if kind in {"entry", "amend"}:
        fields = record.get("fields")
        return isinstance(fields, dict) and all(k in FIELDS for k in fields)
    return isinstance(record.get("file"), dict)


def _broken(
    records: list[dict[str, Any]], hashes: list[str], problem: str, first: int
) -> Verification:
    entries = sum(1 for r in records[: first - 1] if r.get("kind") == "entry")
    head = hashes[first - 2] if first >= 2 and len(hashes) >= first - 1 else GENESIS
    words = {
        "changed": f"record {first} was changed",
        "removed": f"record {first} was removed",
        "reordered": f"records were moved: record {first} is out of place",
    }
    message = f"{words[problem]}; the {first - 1} records before it are intact"
    print_ = fingerprint_of(first - 1, head)
    return Verification(False, entries, len(records), head, print_, problem, first, message)


def _count(entries: int) -> str:
    return f"{entries} entr{'y' if entries == 1 else 'ies'}"


# -- fingerprints ------------------------------------------------------------------------


def _b32(hex_hash: str) -> str:
    return base64.b32encode(bytes.fromhex(hex_hash)).decode("ascii")


def format_fingerprint(count: int, head: str) -> str:
    """``<records>:<20 base32 chars of the head hash in groups of 4>``."""
    chars = _b32(head)[:FINGERPRINT_CHARS]
    return f"{count}:" + "-".join(chars[i : i + 4] for i in range(0, FINGERPRINT_CHARS, 4))


def fingerprint_of(count: int, head: str) -> str:
    """The fingerprint of a head hash after count records."""
    return format_fingerprint(count, head)


def fingerprint(records: list[dict[str, Any]]) -> str:
    """The fingerprint of the journal's head as it is (verify first to know it is intact)."""
    head = record_hash(records[-1]) if records else GENESIS
    return format_fingerprint(len(records), head)


def parse_fingerprint(text: str) -> tuple[int, str]:
    """(record count, base32 prefix) from a fingerprint as written down; lenient on case,
    spaces and dashes, and reads 0, 1 and 8 as O, I and B (base32 has none of them)."""
    match = re.fullmatch(r"\s*(\d{1,9})\s*[:/]\s*([A-Za-z0-9 \-]+?)\s*", text or "")
    if match is None:
        raise JournalError(
            f"'{text}' is not a journal fingerprint; it looks like 12:ABCD-EFGH-IJKL-MNOP-QRST"
        )
    chars = re.sub(r"[\s\-]", "", match.group(2)).upper()
    chars = chars.translate(str.maketrans("018", "OIB"))
    if len(chars) < 8 or re.search(r"[^A-Z2-7]", chars):
        raise JournalError(
            f"'{text}' is not a journal fingerprint; it looks like 12:ABCD-EFGH-IJKL-MNOP-QRST"
        )
    return int(match.group(1)), chars[:FINGERPRINT_CHARS]


# -- views -------------------------------------------------------------------------------


def _view(record: Mapping[str, Any]) -> dict[str, Any]:
    view: dict[str, Any] = {
        "number": record.get("n"),
        "kind": record.get("kind"),
        "recorded": record.get("recorded"),
        "hash": record.get("hash"),
        "prev": record.get("prev"),
    }
    if "fields" in record:
        view["fields"] = dict(record["fields"])
    if "file" in record:
        file = dict(record["file"])
        file.pop("copy", None)
        view["file"] = file
    if "entry" in record:
        view["entry"] = record["entry"]
    return view


def list_entries(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Entries in the order they happened (when, then number), each with its amendments and
    attachments in record order; every value is JSON-ready."""
    views: dict[int, dict[str, Any]] = {}
    for record in records:
        if "damaged" in record:
            continue
        kind, n = record.get("kind"), record.get("n")
        if kind == "entry" and isinstance(n, int):
            view = _view(record)
            view["amendments"], view["attachments"] = [], []
            when = record.get("fields", {}).get("when")
            view["sort"] = sort_key(record.get("fields", {}), str(record.get("recorded", "")))
            view["approximate"] = bool(isinstance(when, dict) and when.get("approximate"))
            views[n] = view
        elif kind in {"amend", "attach"} and record.get("entry") in views:
            key = "amendments" if kind == "amend" else "attachments"
            views[record["entry"]][key].append(_view(record))
    return sorted(views.values(), key=lambda v: (v["sort"], v["number"]))


def show_entry(records: list[dict[str, Any]], n: int) -> dict[str, Any]:
    """One entry with its amendments and attachments."""
    entry_record(records, n)
    for view in list_entries(records):
        if view["number"] == n:
            return view
    raise JournalError(f"there is no entry {n} in the journal")  # pragma: no cover


def summary_line(view: Mapping[str, Any], width: int = 60) -> str:
    """A one-line summary of an entry: the start of what happened (or the first field given)."""
    fields = view.get("fields", {})
    text = next((str(fields[k]) for k in FIELDS[1:] if k in fields), "")
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


@dataclass(frozen=True)
class JournalStatus:
    """What the status screen says about the journal."""

    entries: int
    last_recorded: date | None

    def line(self) -> str | None:
        """One quiet line, or None when there is no journal yet."""
        if not self.entries or self.last_recorded is None:
            return None
        day = self.last_recorded
        return f"Journal: {_count(self.entries)}, the last written {day.day} {day:%B %Y}"


def status(records: list[dict[str, Any]]) -> JournalStatus:
    """Count of entries and the date the last one was written."""
    entries = [r for r in records if r.get("kind") == "entry" and "damaged" not in r]
    last = None
    if entries:
        with_time = [str(r.get("recorded", "")) for r in entries]
        try:
            last = datetime.fromisoformat(max(with_time).replace("Z", "+00:00")).date()
        except ValueError:
            last = None
    return JournalStatus(len(entries), last)
