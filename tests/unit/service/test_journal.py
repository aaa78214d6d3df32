"""The journal of a data home, decided by the service (service/journal.py): sealed with the plan's
key once the home is encrypted, nothing written while a key change is unfinished, the verdict of
`log verify` and `log fingerprint`, and a sealed copy elsewhere."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from helpers import EXIT, MONEY, PLANNED, TODAY, make_home

from exitplan.base.errors import ExitplanError
from exitplan.base.limits import SEALED_MARK
from exitplan.journal.entry import MAX_ENTRY_CHARS, JournalError
from exitplan.journal.listing import files_dir, record_path
from exitplan.service import journal as logbook
from exitplan.service.results import Look
from exitplan.service.workspace import Workspace

PASSPHRASE = "four calm words"  # noqa: S105 - a test passphrase
# The journal's own clock in these tests: the evening before TODAY, by this machine's zone.
CLOCK = datetime(2026, 11, 29, 20, 30, tzinfo=UTC)
PHOTO = b"\x89PNG not really a picture"


def workspace(home: Path, passphrase: str | None = None) -> Workspace:
    """A workspace on TODAY whose clock says CLOCK."""
    ask = (lambda: passphrase) if passphrase else None
    return Workspace(home, TODAY, ask, clock=lambda: CLOCK)


def write(ws: Workspace, what: str) -> int:
    """Add an entry saying `what`; its record's number."""
    return logbook.add(ws, logbook.read_fields(ws, {"what": what})).number


@pytest.fixture
def plain(home: Path) -> Workspace:
    """A home with no plan and a plain journal of two entries."""
    ws = workspace(home)
    write(ws, "He took the car keys.")
    write(ws, "He read my messages.")
    return ws


@pytest.fixture
def sealed(home: Path, no_builtins: Path) -> Workspace:
    """An encrypted plan with a journal of one entry, sealed with the plan's key."""
    make_home(home, MONEY)
    Workspace(home, PLANNED).init(EXIT, [MONEY])
    Workspace(home, TODAY).encrypt(lambda: PASSPHRASE)
    ws = workspace(home, PASSPHRASE)
    write(ws, "He took the car keys.")
    return workspace(home, PASSPHRASE)


def damage(home: Path, n: int) -> None:
    """Change the words of plain record n in place, as someone editing the file would."""
    path = record_path(home, n)
    path.write_bytes(path.read_bytes().replace(b"car keys", b"bus pass"))


# -- writing ---------------------------------------------------------------------------------


def test_a_journal_needs_no_plan_and_its_home_is_private(home: Path) -> None:
    """The first entry makes a private home (0700) and record 1; the next is record 2."""
    ws = workspace(home)
    assert write(ws, "He took the car keys.") == 1
    assert write(ws, "He read my messages.") == 2
    assert home.stat().st_mode & 0o777 == 0o700
    assert record_path(home, 1).stat().st_mode & 0o777 == 0o600


def test_a_plain_home_has_no_sealing_and_keeps_plain_records(plain: Workspace) -> None:
    """A home never encrypted: no sealing, and its records are read as they are."""
    assert logbook.sealing(plain) is None
    assert not record_path(plain.home, 1).read_bytes().startswith(SEALED_MARK)
    assert [r["fields"]["what"] for r in logbook.records(plain)] == [
        "He took the car keys.",
        "He read my messages.",
    ]


def test_an_encrypted_home_seals_every_new_record(sealed: Workspace) -> None:
    """Once the plan is encrypted a new record is sealed on disk and reads back with the key."""
    assert write(sealed, "He read my messages.") == 2
    assert record_path(sealed.home, 2).read_bytes().startswith(SEALED_MARK)
    assert b"messages" not in record_path(sealed.home, 2).read_bytes()
    seal = logbook.sealing(workspace(sealed.home, PASSPHRASE))
    assert seal is not None
    assert not seal.stopped
    assert [r["fields"]["what"] for r in logbook.records(sealed)][-1] == "He read my messages."


def test_a_sealed_journal_without_its_key_file_says_so(sealed: Workspace) -> None:
    """A sealed journal left with neither plan nor plan.key is not read as plain: one plain
    error says the key file is missing."""
    (sealed.home / "plan.toml").unlink()
    (sealed.home / "plan.key").unlink()
    with pytest.raises(ExitplanError, match=r"key file .*plan\.key is missing"):
        logbook.records(workspace(sealed.home, PASSPHRASE))


def test_a_stopped_decrypt_lets_nothing_be_written(sealed: Workspace) -> None:
    """A plain plan beside the key file (a decrypt stopped half way): no entry is added, the
    error says to finish the command, and the journal is as it was."""
    home = sealed.home
    # The decrypt's first half: the plan back in plain text, the key file still beside it.
    key = (home / "plan.key").read_bytes()
    Workspace(home, TODAY, lambda: PASSPHRASE).decrypt()
    (home / "plan.key").write_bytes(key)
    (home / "plan.key").chmod(0o600)
    seal = logbook.sealing(workspace(home, PASSPHRASE))
    assert seal is not None
    assert seal.stopped
    before = sorted(p.name for p in (home / "journal").iterdir())
    with pytest.raises(ExitplanError, match="run the same command again to finish it first"):
        write(workspace(home, PASSPHRASE), "Another entry.")
    assert sorted(p.name for p in (home / "journal").iterdir()) == before


def test_attaching_one_of_exitplans_own_files_is_refused(plain: Workspace) -> None:
    """The journal never keeps a copy of its own record: attach the original instead."""
    with pytest.raises(JournalError, match="one of exitplan's own files; attach the original"):
        logbook.attach(plain, 1, record_path(plain.home, 1))
    assert not files_dir(plain.home).exists()


def test_an_entry_and_its_files_are_written_together(home: Path) -> None:
    """`log add --file`: the entry, then each file as its own record, numbered in turn."""
    ws = workspace(home)
    fields = logbook.read_fields(ws, {"what": "A photo of the door."})
    assert logbook.add_with_files(ws, fields, [("a.png", PHOTO), ("b.png", PHOTO)]) == (1, [2, 3])
    assert logbook.copy_sizes(ws) == 2 * len(PHOTO)


def test_a_correction_is_counted_and_the_original_kept(plain: Workspace) -> None:
    """A correction is a new record; entry 1 then has one correction, its words unchanged."""
    fields = logbook.read_fields(plain, {"what": "He took the car keys and the phone."})
    assert logbook.amend(plain, 1, fields).number == 3
    assert logbook.corrections(plain, 1) == 1
    assert logbook.corrections(plain, 2) == 0
    assert logbook.records(plain)[0]["fields"]["what"] == "He took the car keys."


def test_a_number_that_is_no_entry_is_refused_before_anything_is_asked(plain: Workspace) -> None:
    """`log amend 7` on a journal of two entries: one plain error."""
    with pytest.raises(JournalError):
        logbook.require_entry(plain, 7)
    logbook.require_entry(plain, 2)


def test_a_stray_copy_is_erased_by_the_next_write(plain: Workspace) -> None:
    """A kept copy numbered past the last record (an attach stopped before its record) is erased
    under the lock by the next write, which says so."""
    folder = files_dir(plain.home)
    folder.mkdir(mode=0o700)
    (folder / "000003").write_bytes(PHOTO)
    written = logbook.add(plain, logbook.read_fields(plain, {"what": "Later."}))
    assert written.number == 3
    assert written.removed
    assert not (folder / "000003").exists()


# -- the journal's clock ---------------------------------------------------------------------


def test_the_journal_keeps_the_computers_clock_not_the_rehearsed_day(home: Path) -> None:
    """`--today` rehearses the plan; an entry is still measured against this computer's own
    clock, and stamped with it."""
    ws = Workspace(home, EXIT, clock=lambda: CLOCK)
    assert logbook.reference_now(ws) == CLOCK
    assert logbook.clock_day(ws) == CLOCK.astimezone().date()
    write(ws, "Written on the clock's day.")
    assert logbook.records(ws)[0]["recorded"] == "2026-11-29T20:30:00Z"


def test_an_entry_without_words_is_refused(home: Path) -> None:
    """An empty entry is refused with one plain error, and nothing is written."""
    ws = workspace(home)
    with pytest.raises(JournalError):
        logbook.read_fields(ws, {"what": "   "})
    assert not home.exists()


def test_every_field_is_asked_with_its_question() -> None:
    """The questions come in the entry's order, each with words to read."""
    questions = logbook.entry_questions()
    assert questions[0][0] == "when"
    assert "what" in dict(questions)
    assert all(words.strip() for _, words in questions)


def test_a_typed_answer_counts_against_the_entrys_room(plain: Workspace) -> None:
    """A typed answer is kept and takes its length of the entry's room: the answer that would
    make the entry one character too long is refused where it is typed."""
    answer = logbook.check_typed(plain, "what", "He shouted.", 0)
    assert answer == "He shouted."
    assert logbook.answer_bytes("what", answer) == 11
    assert logbook.answer_bytes("what", None) == 0
    logbook.check_typed(plain, "what", "He shouted.", MAX_ENTRY_CHARS - 11)
    with pytest.raises(JournalError, match="longer than 100,000 characters in all"):
        logbook.check_typed(plain, "what", "He shouted!!", MAX_ENTRY_CHARS - 11)


def test_a_typed_day_is_checked_against_the_journals_clock(home: Path) -> None:
    """Rehearsing the exit day with --today, a day after the computer's own (with a day of
    slack) is still in the future: refused by this computer's clock."""
    ws = Workspace(home, EXIT, clock=lambda: CLOCK)
    day = CLOCK.astimezone().date()
    after = day + timedelta(days=1)
    typed = logbook.check_typed(ws, "when", after.isoformat(), 0)
    assert isinstance(typed, dict)
    assert typed["date"] == after.isoformat()
    later = day + timedelta(days=2)
    with pytest.raises(JournalError, match="in the future by this computer's clock"):
        logbook.check_typed(ws, "when", later.isoformat(), 0)


# -- reading ---------------------------------------------------------------------------------


def test_an_empty_journal_lists_a_calm_note(home: Path) -> None:
    """No entry yet: nothing listed, and a note saying how to write one."""
    listed = logbook.entry_list(workspace(home))
    assert listed.views == ()
    assert listed.notes == ("The journal is empty. 'exitplan log add' writes an entry.",)
    assert listed.document() == []


def test_the_list_and_one_entry_as_data_and_screen(plain: Workspace) -> None:
    """`log list` holds each entry once, `log show 2` the second in full; both have a screen
    within the terminal's width."""
    listed = logbook.entry_list(plain)
    assert listed.notes == ()
    assert len(listed.views) == 2
    assert all(len(row) <= 40 for row in listed.screen(Look(columns=40)).splitlines())
    shown = logbook.entry_shown(plain, 2)
    assert "He read my messages." in shown.screen(Look())
    assert shown.document() == dict(shown.view)
    assert len(logbook.timeline(plain)) == 2


def test_export_refuses_an_unknown_format(plain: Workspace) -> None:
    """Only markdown, html and json: another format is refused by name."""
    with pytest.raises(JournalError, match="'pdf' is not an export format; use one of: "):
        logbook.export_text(plain, "pdf")
    assert "He read my messages." in logbook.export_text(plain, "markdown")


def test_export_refuses_a_bad_format_before_asking_for_the_passphrase(sealed: Workspace) -> None:
    """A format that is not one is refused before the journal is unlocked."""

    def never() -> str:
        raise AssertionError("the passphrase was asked for")

    with pytest.raises(JournalError, match="'pdf' is not an export format"):
        logbook.export_text(Workspace(sealed.home, TODAY, never), "pdf")


# -- the verdict -----------------------------------------------------------------------------


def test_an_intact_journal_gives_its_verdict_note_and_fingerprint(plain: Workspace) -> None:
    """`log verify`: the verdict, the note that cut-off records show only against a noted
    fingerprint, and the fingerprint."""
    check = logbook.chain_check(plain)
    assert check.ok
    assert check.lines[0] == "2 entries, chain intact."
    assert check.lines[1].startswith("Note: records cut off the end show only against")
    assert check.lines[2] == f"Fingerprint: {check.verdict.fingerprint}"
    assert check.verdict.fingerprint.startswith("2:")


def test_against_a_noted_fingerprint_the_note_is_not_needed(plain: Workspace) -> None:
    """Checked against the fingerprint noted earlier, the journal is intact and no note is
    added; a later entry still matches the noted part."""
    noted = logbook.chain_check(plain).verdict.fingerprint
    write(plain, "Later.")
    check = logbook.chain_check(plain, noted)
    assert check.ok
    assert [line for line in check.lines if line.startswith("Note:")] == []


def test_a_fingerprint_with_a_typo_is_refused_before_anything_is_unlocked(
    sealed: Workspace,
) -> None:
    """A fingerprint that is not one (a `9` is not base32) is refused without asking for the
    passphrase."""

    def never() -> str:
        raise AssertionError("the passphrase was asked for")

    ws = Workspace(sealed.home, TODAY, never, clock=lambda: CLOCK)
    with pytest.raises(ExitplanError):
        logbook.verify(ws, "1:9999-9999-9999-9999-9999")


def test_a_changed_record_makes_the_journal_not_intact(plain: Workspace) -> None:
    """A record edited on disk: the verdict says where, the error gives the intact part's
    fingerprint, and `log fingerprint` refuses to give one."""
    damage(plain.home, 1)
    check = logbook.chain_check(plain)
    assert not check.ok
    assert check.verdict.first_bad == 1
    assert check.screen(Look()) == ""  # stdout stays empty: the error says why
    error = str(logbook.not_intact(check))
    assert error.startswith("the journal is not intact: ")
    assert f"(fingerprint of the intact part: {check.verdict.fingerprint})" in error
    with pytest.raises(ExitplanError, match=r"the journal is not intact \(.*'exitplan log verify'"):
        logbook.fingerprint(plain)


def test_a_changed_copy_makes_the_journal_not_intact_though_the_chain_holds(
    home: Path,
) -> None:
    """A kept copy that no longer matches its record: the chain holds, the journal does not,
    and the error names the copy."""
    ws = workspace(home)
    logbook.add_with_files(ws, logbook.read_fields(ws, {"what": "A photo."}), [("a.png", PHOTO)])
    (files_dir(home) / "000002").write_bytes(b"changed")
    check = logbook.chain_check(ws)
    assert check.verdict.ok
    assert not check.ok
    assert check.copies
    assert check.screen(Look()) == ""
    assert str(logbook.not_intact(check)) == (
        f"the journal is not intact: {'; '.join(check.copies)}"
    )
    with pytest.raises(ExitplanError, match=r"the copy of a\.png \(record 2\) changed") as refused:
        logbook.fingerprint(ws)
    assert str(refused.value).startswith("the journal is not intact (")


def test_a_file_no_record_names_is_told_apart_from_a_stopped_attach(plain: Workspace) -> None:
    """Under the records' numbers a stray file was put there by someone else; past them it is
    a stopped attach's copy the next write erases."""
    folder = files_dir(plain.home)
    folder.mkdir(mode=0o700)
    (folder / "000001").write_bytes(b"put here")
    (folder / "000005").write_bytes(b"left over")
    problems = logbook.verify(plain).problems
    assert problems == [
        "journal/files/000001 is a file no record names: exitplan never wrote it there, and "
        "does not read it ('exitplan encrypt', 'passphrase' and 'decrypt' erase it)",
        "journal/files/000005 is a kept copy no record names (an attach was stopped before its "
        "record was written); the next 'exitplan log add' or 'exitplan log attach' erases it",
    ]


def test_the_fingerprint_of_an_intact_journal_comes_with_how_to_keep_it(plain: Workspace) -> None:
    """`log fingerprint`: only the fingerprint, and a note to write it down somewhere safe."""
    found = logbook.fingerprint(plain)
    assert found.short
    assert found.lines == (found.verdict.fingerprint,)
    assert found.notes[0].startswith("2 entries, chain intact. Write the whole fingerprint down")


def test_a_plain_record_in_an_encrypted_journal_is_named_not_read(sealed: Workspace) -> None:
    """A record in plain text among sealed ones was never written so by exitplan: it is named
    as a problem and not read as the person's."""
    plain_home = sealed.home.parent / "other"
    other = workspace(plain_home)
    write(other, "Planted.")
    write(other, "Planted again.")
    planted = record_path(plain_home, 2).read_bytes()
    record_path(sealed.home, 2).write_bytes(planted)
    record_path(sealed.home, 2).chmod(0o600)
    problems = logbook.verify(sealed).problems
    assert problems[0] == (
        "records 2 are in plain text in an encrypted journal: exitplan never wrote them so, "
        "and they are not read as yours"
    )


# -- a copy elsewhere ------------------------------------------------------------------------


def test_a_plain_journal_is_never_copied_elsewhere(plain: Workspace, tmp_path: Path) -> None:
    """A copy of a plain journal would be readable by anyone: refused, nothing written."""
    target = tmp_path / "stick"
    with pytest.raises(ExitplanError, match="Run 'exitplan encrypt' first"):
        logbook.copy_elsewhere(plain, target)
    assert not target.exists()


def test_a_sealed_journal_is_copied_and_the_plan_notes_when(
    sealed: Workspace, tmp_path: Path
) -> None:
    """The copy holds the sealed records; the plan notes when it was made and how many records
    it holds, never where."""
    target = tmp_path / "stick"
    copied = logbook.copy_elsewhere(sealed, target)
    assert copied.records == 1
    assert (target / "plan.key").is_file()
    assert record_path(target, 1).read_bytes() == record_path(sealed.home, 1).read_bytes()
    assert record_path(target, 1).read_bytes().startswith(SEALED_MARK)
    state = workspace(sealed.home, PASSPHRASE).state()
    assert state.journal_copied == CLOCK
    assert state.journal_copied_records == 1
    assert str(target) not in (sealed.home / "plan.toml").read_bytes().decode("latin-1")


def test_a_copy_is_never_made_inside_the_data_folder(sealed: Workspace) -> None:
    """A folder inside exitplan's own data folder is refused: wipe would leave it behind."""
    with pytest.raises(ExitplanError, match="inside exitplan's data folder"):
        logbook.copy_elsewhere(sealed, sealed.home / "copy")
