"""The hash chain of the journal: canonical bytes, verification and fingerprints. Pure.

The canonical bytes of a record are ``json.dumps(record_without_hash, sort_keys=True,
separators=(",", ":"), ensure_ascii=False).encode("utf-8")``; its hash is their SHA-256 in hex;
each record's ``prev`` is the hash of the record before it (64 zeros for the first). A
fingerprint is ``<record count>:`` and the first 20 base32 (RFC 4648) characters of the head
hash in groups of 4: 100 bits, short enough to write on paper, far too many to forge.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from exitplan.journal.entry import FIELDS, JournalError

GENESIS = "0" * 64
FORMAT = 1
FINGERPRINT_CHARS = 20


# -- canonical form ---------------------------------------------------------------------------


def canonical_bytes(record: Mapping[str, Any]) -> bytes:
    """The bytes that are hashed: the record without its own hash, as canonical JSON."""
    body = {key: value for key, value in record.items() if key != "hash"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode(
        "utf-8"
    )


def record_hash(record: Mapping[str, Any]) -> str:
    """SHA-256 (hex) of the record's canonical bytes."""
    return hashlib.sha256(canonical_bytes(record)).hexdigest()


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
    last_place = {r.get("n"): place for place, r in enumerate(records, start=1)}
    prev = GENESIS
    for index, record in enumerate(records, start=1):
        moved = last_place.get(index, 0) > index  # record `index` sits further down
        own = record_hash(record)
        bad = _check_one(record, index, prev, own, moved, later)
        if bad is not None:
            problem, first = bad
            return _broken(records, hashes, problem, first)
        prev = own
        hashes.append(own)
    entries = sum(1 for r in records if r.get("kind") == "entry")
    head = hashes[-1] if hashes else GENESIS
    print_ = fingerprint_of(len(records), head)
    message = f"{entries_text(entries)}, chain intact"
    if target is not None:
        count, prefix = target
        if count > len(records):
            return Verification(
                False, entries, len(records), head, print_, "truncated", len(records) + 1,
                f"the journal has {len(records)} records, fewer than the {count} fingerprinted; "
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
    record: dict[str, Any], index: int, prev: str, own: str, moved: bool, later: set[str]
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
    elif _claimed(record) != own or not _well_formed(record):
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
    message = words[problem]
    if first == 2:
        message += "; record 1 before it is intact"
    elif first > 2:
        message += f"; records 1 to {first - 1} before it are intact"
    print_ = fingerprint_of(first - 1, head)
    return Verification(False, entries, len(records), head, print_, problem, first, message)


def entries_text(entries: int) -> str:
    """'1 entry', '3 entries'."""
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
