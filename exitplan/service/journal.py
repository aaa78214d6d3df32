"""The journal of a data home: sealed with the plan's key, every write under the store's lock.

The journal core (`exitplan.journal`) works on a folder and takes its sealing handed in; this
room works out that sealing from the home (`sealing`) and holds the store's lock around every
write, so two runs never give two records the same number and a failing write leaves nothing.

A journal needs no plan: someone may want only the journal. Without a plan the home is created
private (0700), as `init` would, and the records are plain; once the home is encrypted, every
new record and kept copy is sealed with the plan's key, and a record in plain text is not read
as the person's (see :mod:`exitplan.journal.sealing`). While an encrypt, decrypt or passphrase
change is unfinished, nothing is written to the journal. Nothing here prints.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import _
from exitplan.base.limits import SEALED_MARK
from exitplan.disk.paths import inside
from exitplan.disk.safeio import read_capped
from exitplan.home.vouch import journal_vouched
from exitplan.journal import attachments, shapes
from exitplan.journal import records as journal
from exitplan.journal.attachments import check_copies
from exitplan.journal.chain import TAIL_NOTE, parse_fingerprint
from exitplan.journal.copying import Copied, copy_journal, is_copy
from exitplan.journal.entry import (
    FIELDS,
    MAX_TOML_BYTES,
    answer_size,
    check_answer,
    local_now,
    parse_entry_toml,
    question,
    validate_fields,
)
from exitplan.journal.export import FORMATS, export
from exitplan.journal.listing import check_folders, files_dir
from exitplan.journal.records import (
    JournalError,
    journal_dir,
    next_number,
    read_journal,
    read_records,
    record_path,
)
from exitplan.journal.records import verify as verify_chain
from exitplan.journal.screens import list_lines, show_lines
from exitplan.journal.sealing import Sealing
from exitplan.journal.strays import orphan_copies, remove_stray_copies
from exitplan.service import outputs
from exitplan.service.results import ChainCheck, Look, screen_of, wrapped

if TYPE_CHECKING:
    from exitplan.domain.model import PlanState
    from exitplan.domain.plan import Plan
    from exitplan.journal.attachments import Progress
    from exitplan.journal.chain import Verification
    from exitplan.journal.records import Moment
    from exitplan.journal.shapes import EntryView, Record
    from exitplan.service.results import Document
    from exitplan.service.workspace import Workspace


def sealing(ws: Workspace) -> Sealing | None:
    """How this home's journal is sealed: None when the home was never encrypted.

    The one place that knows: it unlocks the plan (asking for the passphrase once) and seals
    with the plan's data key. A journal whose records are sealed while no encrypted plan is
    beside it (a stopped decrypt) is opened with the key file.
    """

    store = ws.store
    keys = store.keys
    if store.key is None and store.is_encrypted():
        store.load()  # unlocks: the key session keeps the data key that opened the plan
    elif store.key is None and keys.keyed():
        keys.unlock_key_file()
    elif store.key is None:
        first = _head_of_first_record(ws.home)
        if first is None or not first.startswith(SEALED_MARK):
            return None
        keys.unlock_key_file()  # says plainly that plan.key is missing
    ring = keys.ring
    if not ring:  # pragma: no cover - unlocking sets the key or raises
        return None
    # Unfinished: an encrypt or decrypt left the plan plain beside the key (a plan that is gone
    # is not a stopped run: the journal is read as sealed).
    stopped = store.exists() and not store.is_encrypted()
    # Only the plain records the stopped run's sealed marker lists are the person's.
    vouched = journal_vouched(ws.home, ring) if stopped else None
    return Sealing(ring[0], ring[1:], stopped=stopped, vouched=vouched)


def _head_of_first_record(home: Path) -> bytes | None:
    """The first bytes of record 1 (one safe open, no listing of the folder), or None."""

    try:
        return read_capped(record_path(home, 1), 256)
    except OSError:
        return None


def check_private(ws: Workspace) -> None:
    """Refuse a home or journal folder that other users could read, or that is a link."""

    ws.store.check_private(journal_dir(ws.home))
    check_folders(ws.home)


def records(ws: Workspace) -> list[Record]:
    """Every record, opened with the plan's key when it is encrypted (never writes)."""

    check_private(ws)
    seal = sealing(ws)  # unlocks first: the records are read with what it opens
    return read_records(ws.home, seal)


def reference_now(ws: Workspace) -> datetime:
    """The time an entry's 'when' is read and checked against: this computer's clock, the one
    that stamps the record (`--today` rehearses the plan; it never moves the journal's clock)."""
    return ws.now()


def read_fields(ws: Workspace, raw: Mapping[str, object]) -> shapes.Fields:
    """An entry's fields, checked (unknown keys, bad dates, empty entries refused)."""

    return validate_fields(raw, reference_now(ws))


def read_toml(ws: Workspace, text: str | bytes) -> shapes.Fields:
    """An entry given as TOML, checked."""

    return parse_entry_toml(text, reference_now(ws))


@dataclass
class Written:
    """What a write to the journal did: the record's number, and copies it found left over."""

    number: int
    removed: list[str] = field(default_factory=list)  # copies without a record, erased


def _locked(ws: Workspace, write: Callable[[Sealing | None], int]) -> Written:

    seal = sealing(ws)
    with ws.store.locked():
        check_private(ws)
        if ws.store.keys.change_in_progress() or (seal is not None and seal.stopped):
            raise ExitplanError(
                _(
                    "an encrypt, decrypt or passphrase change was stopped before it finished, "
                    "so nothing was added to the journal; run the same command again to finish "
                    "it first"
                )
            )
        removed = remove_stray_copies(ws.home)
        return Written(write(seal), removed)


def add(ws: Workspace, fields: Mapping[str, Any]) -> Written:
    """Append a new entry."""

    now = ws.now()
    return _locked(ws, lambda s: journal.add(ws.home, fields, now, s))


def add_with_files(
    ws: Workspace, fields: Mapping[str, Any], files: list[tuple[str, bytes]]
) -> tuple[int, list[int]]:
    """Append a new entry and attach the given (name, bytes) to it, all under one lock; return
    the entry's number and the attachments' numbers."""

    now = ws.now()
    kept: list[int] = []

    def write(seal: Sealing | None) -> int:
        n = journal.add(ws.home, fields, now, seal)
        kept.extend(
            attachments.attach_data(ws.home, n, name, data, now, seal) for name, data in files
        )
        return n

    return _locked(ws, write).number, kept


def amend(ws: Workspace, n: int, fields: Mapping[str, Any]) -> Written:
    """Append a correction to entry n (the original is never changed)."""

    now = ws.now()
    return _locked(ws, lambda s: journal.amend(ws.home, n, fields, now, s))


def attach(ws: Workspace, n: int, path: Path, progress: Progress | None = None) -> Written:
    """Record a file against entry n and keep a copy (sealed when the plan is)."""

    now = ws.now()
    source = path.expanduser()
    if ws.store.owns(source):
        raise JournalError(
            _("{path} is one of exitplan's own files; attach the original").format(path=source)
        )
    return _locked(ws, lambda s: attachments.attach(ws.home, n, source, now, s, progress))


@dataclass
class Checked:
    """What `verify` found: the chain, and every other problem with the journal's files."""

    chain: Verification
    problems: list[str]  # copies that differ, files in plain text, copies without a record

    @property
    def ok(self) -> bool:
        """Whether the journal is intact."""
        return self.chain.ok and not self.problems


def verify(ws: Workspace, against: str | None = None, progress: Progress | None = None) -> Checked:
    """The chain checked (and against a fingerprint noted earlier); every kept copy re-hashed;
    records and copies in plain text in an encrypted journal, and copies no record names, named."""

    if against is not None:
        parse_fingerprint(against)  # nonsense and typos are refused before anything is unlocked
    check_private(ws)
    seal = sealing(ws)
    journal = read_journal(ws.home, seal)
    result = verify_chain(journal.records, against)
    problems = []
    if seal is not None and journal.plain:
        problems.append(_plain_problem(journal.plain, seal.stopped))
    if result.ok:
        problems += check_copies(ws.home, journal.records, seal, progress)
    first_free = next_number(ws.home)
    for path in orphan_copies(ws.home, journal.records):
        if int(path.name) >= first_free:
            words = _(
                "{path} is a kept copy no record names (an attach was stopped before its "
                "record was written); the next 'exitplan log add' or 'exitplan log attach' "
                "erases it"
            )
        else:
            words = _(
                "{path} is a file no record names: exitplan never wrote it there, and does "
                "not read it ('exitplan encrypt', 'passphrase' and 'decrypt' erase it)"
            )
        problems.append(words.format(path=path.relative_to(ws.home)))
    return Checked(result, problems)


def _plain_problem(numbers: list[int], stopped: bool) -> str:
    shown = ", ".join(str(n) for n in numbers[:10]) + (", …" if len(numbers) > 10 else "")
    if stopped:
        return _(
            "records {numbers} are in plain text: an encrypt or decrypt was stopped (run it "
            "again to finish), or someone put them there"
        ).format(numbers=shown)
    return _(
        "records {numbers} are in plain text in an encrypted journal: exitplan never wrote "
        "them so, and they are not read as yours"
    ).format(numbers=shown)


def copy_sizes(ws: Workspace) -> int:
    """The bytes `verify` reads from kept copies (for a progress line): their sizes on disk."""
    import os

    folder = files_dir(ws.home)
    if not folder.is_dir():
        return 0
    total = 0
    with os.scandir(folder) as listing:
        for item in listing:
            if item.is_file(follow_symlinks=False):
                total += item.stat(follow_symlinks=False).st_size
    return total


def export_text(ws: Workspace, fmt: str) -> str:
    """The whole journal as markdown, html or json text."""

    if fmt not in FORMATS:
        raise JournalError(
            _("'{fmt}' is not an export format; use one of: {formats}").format(
                fmt=fmt, formats=", ".join(FORMATS)
            )
        )
    return export(records(ws), fmt, ws.now())


# -- what the writing commands ask -------------------------------------------------------------

# One checked answer: a field's words, or a `when` read (the CLI asks with it).
Answer = shapes.Answer

# The most a piped entry may hold (TOML bytes).
ENTRY_LIMIT = MAX_TOML_BYTES


def entry_questions() -> tuple[tuple[str, str], ...]:
    """An entry's fields in the order they are asked, each with its question in the language
    spoken (its examples in the locale's own forms)."""
    return tuple((name, question(name)) for name in FIELDS)


def check_typed(ws: Workspace, name: str, answer: str, used: int) -> Answer | None:
    """One typed answer checked as it is typed (`used`: the bytes the answers before it took);
    the value kept, or a JournalError saying what is wrong."""
    return check_answer(name, answer, reference_now(ws), used)


def answer_bytes(name: str, value: Answer | None) -> int:
    """How much of the entry's room an answer takes."""
    return answer_size(name, value)


def clock_day(ws: Workspace) -> date:
    """Today by this computer's clock, in its zone: the day an entry is measured against."""
    return local_now(ws.now()).date()


def require_entry(ws: Workspace, n: int) -> None:
    """Refuse a number that is no entry, before anything is asked."""
    journal.entry_record(records(ws), n)


def corrections(ws: Workspace, n: int) -> int:
    """How many corrections entry `n` has."""
    return len(journal.show_entry(records(ws), n)["amendments"])


# -- what the reading commands show, typed ------------------------------------------------------


@dataclass(frozen=True)
class JournalEntries:
    """`log list`: the journal's entries in the order they happened."""

    views: tuple[EntryView, ...]
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        return [dict(view) for view in self.views]

    def screen(self, look: Look) -> str:
        lines = list_lines(list(self.views), plain=look.plain)
        return screen_of(wrapped(lines, look.columns, "" if look.plain else "      "))


@dataclass(frozen=True)
class JournalEntry:
    """`log show`: one entry in full, with its corrections and files."""

    view: EntryView
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        return dict(self.view)

    def screen(self, look: Look) -> str:
        return screen_of(wrapped(show_lines(self.view, plain=look.plain), look.columns))


def entry_list(ws: Workspace) -> JournalEntries:
    """`log list`: the entries in the order they happened (none: a calm note)."""

    views = tuple(journal.list_entries(records(ws)))
    empty = _("The journal is empty. 'exitplan log add' writes an entry.")
    return JournalEntries(views, () if views else (empty,))


def timeline(ws: Workspace) -> tuple[Moment, ...]:
    """The entries as moments in the order they happened, each as its corrections left it (the
    journal's part of `summary --journal`)."""

    found = records(ws)
    return journal.timeline(journal.list_entries(found))


def entry_shown(ws: Workspace, n: int) -> JournalEntry:
    """`log show N`: one entry in full."""

    return JournalEntry(journal.show_entry(records(ws), n))


def chain_check(
    ws: Workspace, against: str | None = None, progress: Progress | None = None
) -> ChainCheck:
    """`log verify`: the verdict, and what a person reads when the journal is intact (when it
    is not, nothing on stdout: the command's error, `not_intact`, says why)."""
    checked = verify(ws, against, progress)
    result = checked.chain
    if not checked.ok:
        return ChainCheck(result, tuple(checked.problems), ok=False)
    lines = [result.message + "."]
    if against is None:
        lines.append(_("Note: {note}.").format(note=_(TAIL_NOTE)))
    lines.append(_("Fingerprint: {fingerprint}").format(fingerprint=result.fingerprint))
    return ChainCheck(result, tuple(checked.problems), checked.ok, tuple(lines))


def not_intact(check: ChainCheck) -> JournalError:
    """The one error a journal that is not intact gives `log verify`."""
    verdict = check.verdict
    if verdict.ok:
        reason = "; ".join(check.copies)
    else:
        reason = _("{message} (fingerprint of the intact part: {fingerprint})").format(
            message=verdict.message, fingerprint=verdict.fingerprint
        )
        reason = "; ".join([reason, *check.copies])
    return JournalError(_("the journal is not intact: {reason}").format(reason=reason))


def fingerprint(ws: Workspace) -> ChainCheck:
    """`log fingerprint`: the journal's fingerprint, once the journal is found intact."""

    checked = verify(ws)
    result = checked.chain
    if not checked.ok:
        reason = "; ".join([result.message] if not result.ok else checked.problems)
        raise ExitplanError(
            _("the journal is not intact ({reason}); 'exitplan log verify' says more").format(
                reason=reason
            )
        )
    note = _(
        "{message}. Write the whole fingerprint down somewhere only you, or someone you "
        "trust, can see: its last character lets a copying mistake be told apart from a "
        "changed journal."
    ).format(message=result.message)
    return ChainCheck(result, (), True, (result.fingerprint,), short=True, notes=(note,))


def copy_elsewhere(
    ws: Workspace, target: Path, progress: attachments.Progress | None = None
) -> Copied:
    """Write a sealed copy of the journal as the folder `target` (a USB stick, say), check that
    its records open and chain as the journal's do, and note in the plan when it was made and
    how many records it holds (not where it is). Only a sealed journal is copied this way."""
    if not (target.is_dir() and is_copy(target) and any(target.iterdir())):
        outputs.check_target(ws.store, target, force=False, folder=True)
    elif inside(target, ws.store.home) is not None:  # an earlier copy: replaced
        outputs.check_target(ws.store, target, force=False, folder=True)  # says why not
    seal = sealing(ws)
    if seal is None:
        raise ExitplanError(
            _(
                "your journal is not encrypted, so a copy would be readable by anyone who finds "
                "it; nothing was written. Run 'exitplan encrypt' first, then 'exitplan log copy'"
            )
        )
    with ws.store.locked():
        check_private(ws)
        if ws.store.keys.change_in_progress() or seal.stopped or seal.others:
            raise ExitplanError(
                _(
                    "an encrypt, decrypt or passphrase change was stopped before it finished, "
                    "so no copy was made; run the same command again to finish it first"
                )
            )
        copied = copy_journal(ws.home, target, progress)
        journal.read_records(target, seal)  # the copy opens with the key, its chain intact
    now = ws.now()

    def note(state: PlanState, _plan: Plan) -> None:
        state.journal_copied = now
        state.journal_copied_records = copied.records

    ws.change(note)
    return copied
