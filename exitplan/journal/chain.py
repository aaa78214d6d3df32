"""The hash chain of the journal: canonical bytes, verification and fingerprints. Pure.

The canonical bytes of a record are ``json.dumps(record_without_hash, sort_keys=True,
separators=(",", ":"), ensure_ascii=False).encode("utf-8")``; its hash is their SHA-256 in hex;
each record's ``prev`` is the hash of the record before it (64 zeros for the first).

A fingerprint is ``<record count>:`` and the first 19 base32 (RFC 4648) characters of the head
hash (95 bits: short enough to write on paper, far too many to forge), then one check
character, in groups of 4: ``12:ABCD-EFGH-IJKL-MNOP-QRSV``. The check character is the Luhn
mod 32 check over the count's digits and the 19 characters, so any one character copied wrong
(and every swap of two neighbours but A and 7) is told apart from a changed journal. Only the whole
fingerprint is ever compared.

The chain shows a record changed, removed or moved anywhere but at the end: records cut off the
end leave a shorter chain that is intact. Only a fingerprint noted earlier shows that.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from exitplan.base.i18n import N_, _, ngettext
from exitplan.journal.entry import FIELDS, JournalError

GENESIS = "0" * 64
FORMAT = 1
HASH_CHARS = 19
FINGERPRINT_CHARS = HASH_CHARS + 1
EXAMPLE = "12:ABCD-EFGH-IJKL-MNOP-QRSV"
# Said wherever the journal is called intact: the chain cannot show records cut off its end.
TAIL_NOTE = N_(
    "records cut off the end show only against a fingerprint you noted earlier "
    "('exitplan log verify --against FINGERPRINT')"
)


class FingerprintTypo(JournalError):
    """A fingerprint whose check character does not fit: it was copied wrong, not the journal."""


# -- canonical form ---------------------------------------------------------------------------


def canonical_json(data: Mapping[str, object]) -> bytes:
    """Canonical JSON, the one form of a record on disk and under its hash: keys sorted, no
    spaces, UTF-8 as it is (no \\u escapes)."""
    return json.dumps(dict(data), sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode(
        "utf-8"
    )


def canonical_bytes(record: Mapping[str, object]) -> bytes:
    """The bytes that are hashed: the record without its own hash, as canonical JSON."""
    return canonical_json({key: value for key, value in record.items() if key != "hash"})


def record_hash(record: Mapping[str, object]) -> str:
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

    def as_dict(self) -> dict[str, object]:
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


def verify(records: Sequence[Mapping[str, object]], against: str | None = None) -> Verification:
    """Recompute the chain; with ``against`` a fingerprint, check the journal still extends it."""
    target = parse_fingerprint(against) if against is not None else None
    hashes: list[str] = []
    # Hashes the records claim, for telling a moved record from a changed link; a missing hash
    # claims nothing (a blank link must not match it).
    later = {claim for claim in map(_claimed, records) if claim}
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
    print_ = format_fingerprint(len(records), head)
    message = _("{entries}, chain intact").format(entries=entries_text(entries))
    if target is not None:
        count, chars = target
        if count > len(records):
            return Verification(
                False, entries, len(records), head, print_, "truncated", len(records) + 1,
                _("the journal has {have} records, fewer than the {count} fingerprinted; "
                  "record {first} onwards is missing").format(
                    have=len(records), count=count, first=len(records) + 1),
            )  # fmt: skip
        then = hashes[count - 1] if count else GENESIS
        if _b32(then)[:HASH_CHARS] != chars:
            return Verification(
                False, entries, len(records), head, print_, "rewritten", count or 1,
                _("the journal no longer extends the fingerprint you gave: records 1 to {count} "
                  "were changed, removed or written anew since it was noted").format(count=count),
            )  # fmt: skip
        message = _("{entries}, chain intact, and it extends the fingerprint {fingerprint}").format(
            entries=entries_text(entries), fingerprint=format_fingerprint(count, then)
        )
    return Verification(True, entries, len(records), head, print_, None, None, message)


def _claimed(record: Mapping[str, object]) -> str:
    value = record.get("hash")
    return value if isinstance(value, str) else ""


def _check_one(
    record: Mapping[str, object], index: int, prev: str, own: str, moved: bool, later: set[str]
) -> tuple[str, int] | None:
    n = record.get("n")
    problem: tuple[str, int] | None = None
    if "damaged" in record or not isinstance(n, int) or isinstance(n, bool):
        problem = ("changed", index)
    elif n != index:
        problem = ("reordered" if moved or n < index else "removed", index)
    elif record.get("prev") != prev:
        # The record before was edited and re-hashed, or records were moved around.
        link = record.get("prev")
        moved_here = isinstance(link, str) and link in later
        problem = ("reordered", index) if moved_here else ("changed", max(1, index - 1))
    elif _claimed(record) != own or not _well_formed(record):
        problem = ("changed", index)
    return problem


def _well_formed(record: Mapping[str, object]) -> bool:
    kind = record.get("kind")
    if record.get("v") != FORMAT or kind not in {"entry", "amend", "attach"}:
        return False
    if kind in {"entry", "amend"}:
        fields = record.get("fields")
        return isinstance(fields, dict) and all(k in FIELDS for k in fields)
    return isinstance(record.get("file"), dict)


def _broken(
    records: Sequence[Mapping[str, object]], hashes: list[str], problem: str, first: int
) -> Verification:
    entries = sum(1 for r in records[: first - 1] if r.get("kind") == "entry")
    # `hashes` holds every record before the one that broke, so the intact part's head is there.
    head = hashes[first - 2] if first >= 2 else GENESIS
    words = {
        "changed": _("record {n} was changed"),
        "removed": _("record {n} was removed"),
        "reordered": _("records were moved: record {n} is out of place"),
    }
    message = words[problem].format(n=first)
    if first == 2:
        message += _("; record 1 before it is intact")
    elif first > 2:
        message += _("; records 1 to {last} before it are intact").format(last=first - 1)
    print_ = format_fingerprint(first - 1, head)
    return Verification(False, entries, len(records), head, print_, problem, first, message)


def entries_text(entries: int) -> str:
    """'1 entry', '3 entries'."""
    return ngettext("{n} entry", "{n} entries", entries).format(n=entries)


# -- fingerprints ------------------------------------------------------------------------


def _b32(hex_hash: str) -> str:
    return base64.b32encode(bytes.fromhex(hex_hash)).decode("ascii")


_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def _luhn_values(count: int, chars: str) -> list[int]:
    return [int(d) for d in str(count)] + [_ALPHABET.index(c) for c in chars]


def check_char(count: int, chars: str) -> str:
    """The Luhn mod 32 check character of a fingerprint's count and hash characters."""
    total, factor = 0, 2
    for value in reversed(_luhn_values(count, chars)):
        addend = factor * value
        total += addend // 32 + addend % 32
        factor = 3 - factor
    return _ALPHABET[(32 - total % 32) % 32]


def format_fingerprint(count: int, head: str) -> str:
    """``<records>:<19 base32 chars of the head hash and a check character, in groups of 4>``."""
    chars = _b32(head)[:HASH_CHARS]
    chars += check_char(count, chars)
    return f"{count}:" + "-".join(chars[i : i + 4] for i in range(0, FINGERPRINT_CHARS, 4))


def fingerprint(records: Sequence[Mapping[str, object]]) -> str:
    """The fingerprint of the journal's head as it is (verify first to know it is intact)."""
    head = record_hash(records[-1]) if records else GENESIS
    return format_fingerprint(len(records), head)


def parse_fingerprint(text: str) -> tuple[int, str]:
    """(record count, the 19 hash characters) from a whole fingerprint as written down; lenient
    on case, spaces and dashes, and reads 0, 1 and 8 as O, I and B (base32 has none of them).

    Only a whole fingerprint is accepted, and one whose check character does not fit raises
    `FingerprintTypo`: it was copied wrong, which says nothing about the journal."""
    match = re.fullmatch(r"\s*(\d{1,9})\s*[:/]\s*([A-Za-z0-9 \-]+?)\s*", text or "")
    shape = _("'{text}' is not a journal fingerprint; a fingerprint looks like {example}")
    if match is None:
        raise JournalError(shape.format(text=text, example=EXAMPLE))
    chars = re.sub(r"[\s\-]", "", match.group(2)).upper()
    chars = chars.translate(str.maketrans("018", "OIB"))
    if re.search(r"[^A-Z2-7]", chars):
        raise JournalError(shape.format(text=text, example=EXAMPLE))
    if len(chars) != FINGERPRINT_CHARS:
        raise JournalError(
            _(
                "'{text}' has {have} of the {want} characters a fingerprint has after the "
                "colon; give the whole fingerprint, as it was written down (like {example})"
            ).format(text=text, have=len(chars), want=FINGERPRINT_CHARS, example=EXAMPLE)
        )
    count = int(match.group(1))
    if check_char(count, chars[:HASH_CHARS]) != chars[HASH_CHARS]:
        raise FingerprintTypo(
            _(
                "that fingerprint does not match itself: a character was most likely copied "
                "wrong, so the journal was not compared with it. Check it was copied exactly, "
                "character by character, from where you wrote it down"
            )
        )
    return count, chars[:HASH_CHARS]
