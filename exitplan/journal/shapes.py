"""The journal's JSON shapes, typed: a record as it is kept, and an entry as it is shown.

A record file holds one JSON object (see :mod:`exitplan.journal.records`); it is read once, where
the file is opened (`records._decoded`), and from there travels as a `Record` to the chain, the
views, the exports and the service. A file that cannot be read or trusted travels as a `Record`
too, holding only its number and why (`damaged`), so that the chain's verifier can name it. The
verifier (:mod:`exitplan.journal.chain`) checks a record's shape itself before it calls the
journal intact, so a record whose values are not of these types is never read as one. The
views (`EntryView`) are what `log list --json` and `log show --json` print and what the screens
and exports are built from. Types only: nothing here reads or writes.
"""

from __future__ import annotations

from typing import Literal, TypedDict


class When(TypedDict):
    """When something happened: the person's words, the day (or month) and time they were read
    as, and whether they said it was approximate."""

    said: str
    date: str  # YYYY-MM-DD, or YYYY-MM for a month
    time: str | None  # HH:MM or HH:MM:SS
    approximate: bool


# One answer, checked: the words of any field, or a `when` read.
Answer = str | When


# The fields an entry may hold besides `when`, all text, in the order they are asked.
TextField = Literal["where", "what", "words", "witnesses", "injuries", "police", "tech", "effect"]


class Fields(TypedDict, total=False):
    """An entry's answers, only those given (`entry.FIELDS` names them in the order asked)."""

    when: When
    where: str
    what: str
    words: str
    witnesses: str
    injuries: str
    police: str
    tech: str
    effect: str


class FileFacts(TypedDict, total=False):
    """An attached file as its record keeps it (`copy`: the kept copy's name, never shown)."""

    name: str
    size: int
    mtime: str
    sha256: str
    copy: str


class Record(TypedDict, total=False):
    """One record as kept: an entry, a correction (`amend`) or an attached file (`attach`); or
    a file that is not a record exitplan can read, with only its number and why (`damaged`)."""

    v: int
    n: int
    kind: str  # "entry" | "amend" | "attach"
    recorded: str  # ISO time, UTC
    prev: str
    hash: str
    fields: Fields  # entry and amend
    entry: int  # amend and attach: the entry it belongs to
    file: FileFacts  # attach
    damaged: str  # why the file is not read as a record


class RecordView(TypedDict, total=False):
    """A record as the views show it: its number, kind, times and hashes, and what it holds
    (the kept copy's name left out)."""

    number: int
    kind: str
    recorded: str
    hash: str
    prev: str
    fields: Fields
    file: FileFacts
    entry: int


class EntryView(RecordView, total=False):
    """An entry as `log list` and `log show` give it: its own record's view, its corrections and
    attached files in record order, when it happened (sortable) and whether that is approximate."""

    amendments: list[RecordView]
    attachments: list[RecordView]
    happened: str
    approximate: bool
