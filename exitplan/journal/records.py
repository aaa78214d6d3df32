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

Writes go through ``exitplan.home.store.write_atomic`` (one file per record, temp + fsync +
rename), so a kill at any moment leaves the journal as it was or with the new record whole.
The caller holds the store's lock around ``add`` / ``amend`` / ``attach``. Nothing here prints.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import cast

from exitplan.base import spoken
from exitplan.base.errors import os_reason
from exitplan.base.i18n import N_, _, ngettext
from exitplan.base.limits import JOURNAL_DIR
from exitplan.base.safetext import holds_refused
from exitplan.disk import atomic, safeio
from exitplan.journal.chain import (
    FORMAT,
    GENESIS,
    Verification,
    canonical_bytes,
    fingerprint,
    parse_fingerprint,
    record_hash,
    verify,
)
from exitplan.journal.entry import (
    JournalError,
    sort_key,
    validate_fields,
    when_words,
)
from exitplan.journal.listing import (
    MAX_RECORD_BYTES,
    ensure_dir,
    glance,
    journal_dir,
    record_path,
)
from exitplan.journal.listing import numbered as _numbered
from exitplan.journal.listing import read_capped as _read_capped
from exitplan.journal.sealing import Sealing, is_sealed_record
from exitplan.journal.shapes import EntryView, Fields, Record, RecordView
from exitplan.journal.times import local_text, local_time, utc_text

__all__ = [
    "GENESIS",
    "JOURNAL_DIR",
    "EntryView",
    "Journal",
    "JournalError",
    "Record",
    "Sealing",
    "Verification",
    "add",
    "amend",
    "append_record",
    "canonical_bytes",
    "entry_record",
    "file_bytes",
    "fingerprint",
    "glance",
    "journal_dir",
    "list_entries",
    "local_text",
    "next_number",
    "parse_fingerprint",
    "read_journal",
    "read_records",
    "record_hash",
    "record_path",
    "show_entry",
    "summary_line",
    "utc_text",
    "verify",
]

PLAIN_IN_SEALED = N_("it is in plain text in an encrypted journal, where exitplan writes none")


def file_bytes(record: Mapping[str, object]) -> bytes:
    """The bytes of a plain record file: the whole record (hash included) as canonical JSON."""
    return json.dumps(
        dict(record), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    ).encode("utf-8")


# -- reading -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Journal:
    """Every record in file order, and which record files are in plain text."""

    records: list[Record]
    plain: list[int] = field(default_factory=list)  # numbers of record files in plain text


def read_journal(home: Path, sealing: Sealing | None = None) -> Journal:
    """Every record in file order. A file that cannot be read, opened or trusted comes back as
    ``{"n": <its number>, "damaged": "<why>"}`` so that ``verify`` can name it.

    With a sealing, a record in plain text is read only while a stopped encrypt or decrypt left
    it in front of every sealed record (see :mod:`exitplan.journal.sealing`)."""
    records: list[Record] = []
    plain: list[int] = []
    seen_sealed = False
    for n, path in _numbered(home):
        try:
            data = _read_capped(path)
        except OSError as exc:
            records.append(
                {"n": n, "damaged": _("it cannot be read ({reason})").format(reason=os_reason(exc))}
            )
            continue
        if len(data) > MAX_RECORD_BYTES:
            records.append({"n": n, "damaged": _("it is far larger than any record")})
            continue
        if is_sealed_record(data):
            if sealing is None and records:  # sealed among plain ones, and no key here
                records.append({"n": n, "damaged": _("it is encrypted, and no key here opens it")})
                continue
            seen_sealed = True
            records.append(_opened(n, data, sealing))
            continue
        if sealing is not None:
            plain.append(n)
            unvouched = sealing.vouched is not None and _digest(data) not in sealing.vouched
            if seen_sealed or not sealing.stopped or unvouched:
                records.append({"n": n, "damaged": _(PLAIN_IN_SEALED)})
                continue
        records.append(_decoded(n, data))
    return Journal(records, plain)


def _digest(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


def _last(last: tuple[int, Path], sealing: Sealing | None) -> Record:
    """Only the last record, as `read_journal` would read it (what an append chains onto). No
    write happens while an encrypt or decrypt is unfinished, so a plain last record in a sealed
    journal is never the person's."""
    n, path = last
    try:
        data = _read_capped(path)
    except OSError:
        return {"n": n, "damaged": _("it cannot be read")}
    if len(data) > MAX_RECORD_BYTES:
        return {"n": n, "damaged": _("it is far larger than any record")}
    if is_sealed_record(data):
        return _opened(n, data, sealing)
    if sealing is not None:
        return {"n": n, "damaged": _(PLAIN_IN_SEALED)}
    return _decoded(n, data)


def read_records(home: Path, sealing: Sealing | None = None) -> list[Record]:
    """`read_journal`'s records."""
    return read_journal(home, sealing).records


def _opened(n: int, data: bytes, sealing: Sealing | None) -> Record:
    if sealing is None:
        raise JournalError(_("the journal is encrypted; unlock it with your passphrase first"))
    try:
        plain = sealing.open(data)
    except Exception:  # a wrong key, a torn or a forged file: whatever the seal raises
        return {"n": n, "damaged": _("it cannot be opened with this plan's key")}
    return _decoded(n, plain)


def _decoded(n: int, data: bytes) -> Record:
    """A record's JSON, or the reason it is damaged: the one place a record file's bytes become
    a `Record` (the chain's verifier checks its shape before the journal is called intact)."""
    try:
        record = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return {"n": n, "damaged": _("it is not a readable record")}
    if not isinstance(record, dict):
        return {"n": n, "damaged": _("it is not a readable record")}
    if holds_refused(record):  # e.g. an escape sequence planted to take over the terminal
        return {"n": n, "damaged": _("it holds control characters exitplan never writes")}
    # The edge: from here on the object is a Record. Its values are not trusted for it: the
    # chain's verifier checks the shape (`chain._well_formed`) and every reader reads with care.
    return cast(Record, record)


# -- writing -----------------------------------------------------------------------------


def append_record(home: Path, body: Record, now: datetime, sealing: Sealing | None) -> int:
    """Chain body onto the last record and write it as the next file; return its number."""
    numbered = _numbered(home)
    head = _last(numbered[-1], sealing) if numbered else None
    if head is not None and "damaged" in head:
        # Chaining onto a file exitplan cannot vouch for would start a new chain from zeros and
        # make every later entry look forged: the file is named, and nothing is added.
        raise JournalError(_not_a_record(home, numbered[-1][1], str(head["damaged"])))
    n = numbered[-1][0] + 1 if numbered else 1
    prev = GENESIS if head is None else _stored_hash(head)
    record: Record = {"v": FORMAT, "n": n, "recorded": utc_text(now), "prev": prev, **body}
    record["hash"] = record_hash(record)
    plain = file_bytes(record)
    if len(plain) > MAX_RECORD_BYTES:
        raise JournalError(_("the entry is too large to keep; nothing was added"))
    data = plain if sealing is None else sealing.seal(plain)
    ensure_dir(home)
    path = record_path(home, n)
    if path.is_dir() and not safeio.is_link(path):  # a folder with a record's name is in the way
        raise JournalError(_not_a_record(home, path, _("it is a folder")))
    if path.exists() or safeio.is_link(
        path
    ):  # pragma: no cover - only if two writers skip the lock
        raise JournalError(_("another exitplan is writing to the journal; try again"))
    check = None
    if sealing is not None:
        opener = sealing

        def check(tmp: Path) -> None:
            # Read the sealed temp file back and open it before it takes its place.
            if opener.open(safeio.read_capped(tmp, len(data))) != plain:  # pragma: no cover
                raise JournalError(_("the new record could not be read back; nothing was added"))

    atomic.write_atomic(
        path, data, verify=check, what=_(_WHAT.get(str(body.get("kind")), _WHAT["entry"]))
    )
    return n


def _not_a_record(home: Path, path: Path, why: str) -> str:
    """Why nothing is added after a file exitplan did not write, naming it to move away."""
    return _(
        "{path} in {home} is not a record exitplan wrote ({why}), so nothing was added after "
        "it. Move it out of the journal folder and try again; 'exitplan log verify' checks "
        "the rest"
    ).format(path=path.relative_to(home), home=home, why=why)


# What a record holds, as a failure to save it names it.
_WHAT = {
    "entry": N_("the journal entry"),
    "amend": N_("the correction"),
    "attach": N_("the record of the attached file"),
}


def next_number(home: Path) -> int:
    """The number the next record will get: one past the last file's number."""
    numbered = _numbered(home)
    return numbered[-1][0] + 1 if numbered else 1


def _stored_hash(record: Record) -> str:
    if "damaged" in record:
        return GENESIS
    return record_hash(record)


def add(
    home: Path, fields: Mapping[str, object], now: datetime, sealing: Sealing | None = None
) -> int:
    """Append a new entry (fields as given by ``validate_fields``); return its number."""
    checked = _recheck(fields, now)
    return append_record(home, {"kind": "entry", "fields": checked}, now, sealing)


def amend(
    home: Path, n: int, fields: Mapping[str, object], now: datetime, sealing: Sealing | None = None
) -> int:
    """Append a correction linked to entry n (the original stays as it is); return its number."""
    checked = _recheck(fields, now)
    entry_record(read_records(home, sealing), n)
    return append_record(home, {"kind": "amend", "entry": n, "fields": checked}, now, sealing)


def _recheck(fields: Mapping[str, object], now: datetime) -> Fields:
    """Fields straight from validate_fields pass unchanged (a `when` already read keeps the day
    it was read as); raw text is validated here. What is written is typed from here on."""
    return validate_fields(fields, now)


def entry_record(records: Sequence[Record], n: int) -> Record:
    """The entry record numbered n, or a JournalError that says what n is instead."""
    for record in records:
        if record.get("n") == n and "damaged" not in record:
            if record.get("kind") != "entry":
                raise JournalError(
                    _("number {n} is a correction or attachment, not an entry").format(n=n)
                )
            return record
    raise JournalError(_("there is no entry {n} in the journal").format(n=n))


# -- views -------------------------------------------------------------------------------


def _view(record: Record) -> RecordView:
    # A value a record lacks shows as null, as it always has (`log list --json`).
    view = cast(
        RecordView,
        {
            "number": record.get("n"),
            "kind": record.get("kind"),
            "recorded": record.get("recorded"),
            "hash": record.get("hash"),
            "prev": record.get("prev"),
        },
    )
    if "fields" in record:
        view["fields"] = record["fields"].copy()
    if "file" in record:
        file = record["file"].copy()
        file.pop("copy", None)
        view["file"] = file
    if "entry" in record:
        view["entry"] = record["entry"]
    return view


def list_entries(records: Sequence[Record]) -> list[EntryView]:
    """Entries in the order they happened (when, then number), each with its amendments and
    attachments in record order; every value is JSON-ready."""
    views: dict[int, EntryView] = {}
    for record in records:
        if "damaged" in record:
            continue
        kind, n = record.get("kind"), record.get("n")
        if kind == "entry" and isinstance(n, int):
            fields = record.get("fields", {})
            when = fields.get("when")
            views[n] = {
                **_view(record),
                "amendments": [],
                "attachments": [],
                "happened": sort_key(fields, str(record.get("recorded", ""))),
                "approximate": bool(isinstance(when, dict) and when.get("approximate")),
            }
        elif kind in {"amend", "attach"} and (entry := record.get("entry")) in views:
            found = views[entry]
            (found["amendments"] if kind == "amend" else found["attachments"]).append(_view(record))
    return sorted(views.values(), key=lambda v: (v["happened"], v["number"]))


def show_entry(records: Sequence[Record], n: int) -> EntryView:
    """One entry with its amendments and attachments."""
    entry_record(records, n)
    for view in list_entries(records):
        if view["number"] == n:
            return view
    raise JournalError(_("there is no entry {n} in the journal").format(n=n))  # pragma: no cover


@dataclass(frozen=True)
class Moment:
    """One entry as a timeline shows it: when, the start of what happened, what was added."""

    number: int
    when: str
    what: str
    corrections: int
    files: int
    text: str = ""  # what happened in full, on one line (`what` is cut to fit a line)

    @property
    def added(self) -> str:
        """`1 correction, 2 files`, or an empty string."""
        parts = []
        if self.corrections:
            parts.append(
                ngettext("{n} correction", "{n} corrections", self.corrections).format(
                    n=self.corrections
                )
            )
        if self.files:
            parts.append(ngettext("{n} file", "{n} files", self.files).format(n=self.files))
        return ", ".join(parts)


def when_text(view: RecordView) -> str:
    """When an entry happened, as the person said it, or the day it was written (local)."""
    when = view.get("fields", {}).get("when")
    said = when_words(when) if isinstance(when, dict) else ""  # one line, whatever was typed
    if said:
        return said
    moment = local_time(view.get("recorded", ""))
    day = spoken.day_month_year(moment) if moment else str(view.get("recorded", ""))[:10]
    return _("written {day}").format(day=day)


def corrected(view: EntryView) -> EntryView:
    """An entry's view with its fields as its corrections left them (each correction's fields
    over the entry's, in record order); the entry record itself is never changed."""
    fields = view.get("fields", {}).copy()
    for amendment in view.get("amendments", []):
        fields.update(amendment.get("fields", {}))
    return {**view, "fields": fields}


def corrected_when(view: EntryView) -> str:
    """When an entry happened as its corrections last said it; a time a correction changed is
    shown with the words it was first written in, so the change is never hidden."""
    now, first = when_text(corrected(view)), when_text(view)
    if now == first:
        return now
    return _("{when} (corrected; first written as {first})").format(when=now, first=first)


def timeline(views: Sequence[EntryView]) -> tuple[Moment, ...]:
    """The entries of `list_entries` as moments, in the order they happened, each as its
    corrections left it (a corrected time says so)."""
    return tuple(
        Moment(
            number=view["number"],
            when=corrected_when(view),
            what=summary_line(corrected(view)),
            corrections=len(view["amendments"]),
            files=len(view["attachments"]),
            text=summary_line(corrected(view), width=0),
        )
        for view in views
    )


def summary_line(view: Mapping[str, object], width: int = 60) -> str:
    """A one-line summary of an entry: the start of what happened (or the first field given),
    cut to `width` characters with an ellipsis (0: never cut)."""
    fields = view.get("fields")
    fields = fields if isinstance(fields, Mapping) else {}
    order = ("what", "words", "effect", "where", "witnesses", "injuries", "police", "tech")
    text = next((str(fields[k]) for k in order if k in fields), "")
    text = " ".join(text.split())
    return text if not width or len(text) <= width else text[: width - 1].rstrip() + "…"
