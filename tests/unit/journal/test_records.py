"""Tests for exitplan.journal.records: records read and appended, plain or sealed, what cannot be
trusted named and never chained onto, and the views and timeline of the entries.

The journal core's older tests (chain, verify, fingerprints, sealing) are in test_chain.py."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from helpers_journal_crash import fixed_sealing
from hypothesis import given, settings
from hypothesis import strategies as st

from exitplan.base import i18n
from exitplan.journal.attachments import attach
from exitplan.journal.entry import JournalError, validate_fields
from exitplan.journal.records import (
    GENESIS,
    Moment,
    add,
    amend,
    append_record,
    corrected,
    corrected_when,
    entry_record,
    file_bytes,
    list_entries,
    next_number,
    read_journal,
    read_records,
    record_hash,
    record_path,
    show_entry,
    summary_line,
    timeline,
    when_text,
)
from exitplan.journal.shapes import EntryView, Fields, Record

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
LATE = datetime(2026, 11, 30, 23, 30, tzinfo=UTC)  # already 1 December an hour east of UTC


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A data home whose journal is not started yet."""
    return tmp_path / "home"


def fields(**given: str) -> Fields:
    """Validated fields for an entry or a correction."""
    return validate_fields(given, NOW)


def written_after(last: Record, what: str) -> bytes:
    """The plain bytes of a well-formed entry chained onto `last`, as another program (or
    someone at the keyboard) could write it beside exitplan's."""
    record: Any = {
        "v": 1,
        "n": last["n"] + 1,
        "kind": "entry",
        "recorded": "2026-11-30T12:00:00Z",
        "prev": last["hash"],
        "fields": {"what": what},
    }
    record["hash"] = record_hash(record)
    return file_bytes(record)


def entries(home: Path) -> list[EntryView]:
    """The entries of the plain journal at home, as `list_entries` gives them."""
    return list_entries(read_records(home))


# -- files and numbers -------------------------------------------------------------------


def test_a_plain_record_file_is_the_whole_record_as_canonical_json() -> None:
    """Keys sorted, no spaces, letters as UTF-8, the hash kept."""
    assert file_bytes({"n": 1, "hash": "h", "fields": {"what": "café"}}) == (
        '{"fields":{"what":"café"},"hash":"h","n":1}'.encode()
    )


def test_the_next_number_is_one_past_the_last_file(home: Path) -> None:
    """1 in a journal not started; one past the last file even when one before it is gone."""
    assert next_number(home) == 1
    add(home, fields(what="one"), NOW)
    add(home, fields(what="two"), NOW)
    record_path(home, 1).unlink()
    assert next_number(home) == 3


def test_an_appended_record_is_chained_onto_the_last(home: Path) -> None:
    """The first record starts from 64 zeros; the next holds the first one's hash."""
    assert add(home, fields(what="one"), NOW) == 1
    assert amend(home, 1, fields(where="hall"), NOW) == 2
    first, second = read_records(home)
    assert (first["prev"], second["prev"]) == (GENESIS, first["hash"])
    assert second["hash"] == record_hash(second)
    assert (second["kind"], second["entry"], second["recorded"]) == (
        "amend",
        1,
        "2026-11-30T12:00:00Z",
    )


def test_nothing_is_chained_onto_a_file_exitplan_did_not_write(home: Path) -> None:
    """A last record that does not read is named, with what to do, and nothing is added."""
    add(home, fields(what="one"), NOW)
    record_path(home, 2).write_bytes(b"planted")
    with pytest.raises(JournalError) as caught:
        add(home, fields(what="two"), NOW)
    assert str(caught.value).startswith(
        f"journal/000002.rec in {home} is not a record exitplan wrote (it is not a readable "
        "record), so nothing was added after it. Move it out of the journal folder"
    )
    assert not record_path(home, 3).exists()


def test_a_folder_with_the_next_records_name_is_named(home: Path) -> None:
    """A folder where the next record would go stops the add with one plain line."""
    add(home, fields(what="one"), NOW)
    record_path(home, 2).mkdir()
    with pytest.raises(JournalError, match=r"journal/000002\.rec .* \(it is a folder\)"):
        add(home, fields(what="two"), NOW)


def test_a_record_too_large_to_keep_is_refused(home: Path) -> None:
    """Over 4 MiB, nothing is written and the journal stays as it was."""
    add(home, fields(what="one"), NOW)
    with pytest.raises(JournalError, match="too large to keep; nothing was added"):
        append_record(home, {"kind": "entry", "fields": {"what": "x" * (4 << 20)}}, NOW, None)
    assert next_number(home) == 2


def test_a_sealed_journal_appends_sealed_records(home: Path) -> None:
    """With a sealing, the new record's words are not on disk, and it reads back whole."""
    key = fixed_sealing()
    add(home, fields(what="PRIVATE WORDS"), NOW, key)
    assert b"PRIVATE WORDS" not in record_path(home, 1).read_bytes()
    assert read_records(home, key)[0]["fields"] == {"what": "PRIVATE WORDS"}


def test_nothing_is_chained_onto_a_plain_record_in_a_sealed_journal(home: Path) -> None:
    """A plain last record where the journal is sealed was put there: nothing is added."""
    key = fixed_sealing()
    add(home, fields(what="one"), NOW, key)
    record_path(home, 2).write_bytes(written_after(read_records(home, key)[0], "two"))
    with pytest.raises(JournalError, match="it is in plain text in an encrypted journal"):
        add(home, fields(what="three"), NOW, key)
    assert next_number(home) == 3


# -- reading -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (b"\xff\xfe not text", "it is not a readable record"),
        (b"[1, 2, 3]", "it is not a readable record"),
        (b'{"n": 2, "fields": {"what": "\\u001b[2J"}}', "it holds control characters"),
        (b"x" * (4 * 1024 * 1024 + 1), "it is far larger than any record"),
    ],
    ids=["not-utf8", "not-a-table", "an-escape", "too-large"],
)
def test_a_record_that_cannot_be_trusted_reads_as_damaged_with_why(
    home: Path, data: bytes, why: str
) -> None:
    """It comes back as its number and the reason, for verify to name, never as a record."""
    add(home, fields(what="one"), NOW)
    record_path(home, 2).write_bytes(data)
    second = read_records(home)[1]
    assert set(second) == {"n", "damaged"}
    assert second["n"] == 2
    assert second["damaged"].startswith(why)


def test_a_sealed_journal_without_its_key_asks_for_it(home: Path) -> None:
    """A journal whose first record is sealed is not read without a key: one plain error."""
    add(home, fields(what="one"), NOW, fixed_sealing())
    with pytest.raises(JournalError, match="the journal is encrypted; unlock it"):
        read_records(home)


def test_a_sealed_record_among_plain_ones_without_a_key_is_damaged(home: Path) -> None:
    """A sealed record after plain ones, with no key here, is named and the rest still read."""
    add(home, fields(what="one"), NOW)
    sealed = fixed_sealing().seal(written_after(read_records(home)[0], "two"))
    record_path(home, 2).write_bytes(sealed)
    first, second = read_records(home)
    assert first["fields"] == {"what": "one"}
    assert second == {"n": 2, "damaged": "it is encrypted, and no key here opens it"}


def test_a_record_sealed_with_another_key_is_damaged(home: Path) -> None:
    """Another plan's key: the record is named as one this plan's key does not open."""
    add(home, fields(what="one"), NOW, fixed_sealing(b"a"))
    assert read_records(home, fixed_sealing(b"b")) == [
        {"n": 1, "damaged": "it cannot be opened with this plan's key"}
    ]


def test_the_journal_says_which_record_files_are_plain(home: Path) -> None:
    """With a sealing, the plain record files are listed (and not read as the person's)."""
    key = fixed_sealing()
    add(home, fields(what="one"), NOW)
    record_path(home, 2).write_bytes(key.seal(written_after(read_records(home)[0], "two")))
    journal = read_journal(home, key)
    assert journal.plain == [1]
    assert journal.records[0]["n"] == 1
    assert "plain text in an encrypted journal" in journal.records[0]["damaged"]
    assert journal.records[1]["fields"] == {"what": "two"}
    assert read_journal(home, fixed_sealing(stopped=True)).records[0]["fields"] == {"what": "one"}


# -- entries -----------------------------------------------------------------------------


def test_a_number_that_is_not_an_entry_says_what_it_is(home: Path) -> None:
    """A correction's number, one past the end, and a damaged record are refused in words."""
    add(home, fields(what="one"), NOW)
    amend(home, 1, fields(where="hall"), NOW)
    record_path(home, 3).write_bytes(b"planted")
    records = read_records(home)
    assert entry_record(records, 1)["fields"] == {"what": "one"}
    with pytest.raises(JournalError, match="number 2 is a correction or attachment, not an entry"):
        entry_record(records, 2)
    for n in (3, 9):
        with pytest.raises(JournalError, match=f"there is no entry {n} in the journal"):
            entry_record(records, n)
    with pytest.raises(JournalError, match="there is no entry 9"):
        show_entry(records, 9)


def test_entries_come_with_their_corrections_and_files_in_record_order(
    home: Path, tmp_path: Path
) -> None:
    """Each entry holds its corrections and files; a file's view has no path to its copy; a
    damaged record and a correction of no entry are left out."""
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(b"jpeg")
    add(home, fields(what="one", when="about 2026-11-20"), NOW)
    attach(home, 1, photo, NOW)
    amend(home, 1, fields(where="hall"), NOW)
    record_path(home, 4).write_bytes(b"planted")
    records = read_records(home)
    stray: Record = {**records[2], "n": 5, "entry": 7}  # a correction of an entry not there
    views = list_entries([*records, stray])
    assert len(views) == 1
    view = views[0]
    assert [a["number"] for a in view["amendments"]] == [3]
    assert [a["number"] for a in view["attachments"]] == [2]
    assert "copy" not in view["attachments"][0]["file"]
    assert view["attachments"][0]["file"]["name"] == "photo.jpg"
    assert view["approximate"] is True
    assert show_entry(records, 1) == view
    json.dumps(views)  # ready for --json


def test_entries_that_happened_together_keep_the_order_they_were_written(home: Path) -> None:
    """Two entries of the same moment are listed by number; an entry with no time sorts by
    when it was written."""
    add(home, fields(what="b", when="2026-11-20 21:00"), NOW)
    add(home, fields(what="a", when="2026-11-20 21:00"), NOW)
    add(home, fields(what="no time"), datetime(2026, 11, 10, 8, 0, tzinfo=UTC))
    assert [v["number"] for v in entries(home)] == [3, 1, 2]
    assert [v["approximate"] for v in entries(home)] == [False, False, False]


# -- the timeline ------------------------------------------------------------------------


def test_when_is_as_the_person_said_it(home: Path) -> None:
    """A time given is shown in the person's words."""
    add(home, fields(what="x", when="about 2026-11-20"), NOW)
    assert when_text(entries(home)[0]) == "about 2026-11-20"


def test_without_a_time_the_day_it_was_written_is_the_local_day(
    home: Path, an_hour_east: None
) -> None:
    """Written at 23:30 UTC on 30 November is 1 December on a computer an hour east."""
    add(home, fields(what="x"), LATE)
    assert when_text(entries(home)[0]) == "written 1 Dec 2026"


def test_a_written_time_that_does_not_read_shows_its_day_as_kept() -> None:
    """A recorded time that is not a time is shown by its first ten characters."""
    view: Any = {"recorded": "2026-11-30 at noon", "fields": {}}
    assert when_text(view) == "written 2026-11-30"


def test_a_correction_changes_what_is_shown_never_the_entry(home: Path) -> None:
    """The fields shown are the entry's with each correction over them, in record order; the
    entry's own view keeps its words."""
    add(home, fields(what="first words", where="hall"), NOW)
    amend(home, 1, fields(what="second words"), NOW)
    amend(home, 1, fields(what="third words", police="PC 12"), NOW)
    view = entries(home)[0]
    assert corrected(view)["fields"] == {
        "what": "third words",
        "where": "hall",
        "police": "PC 12",
    }
    assert view["fields"] == {"what": "first words", "where": "hall"}


def test_a_corrected_time_says_what_it_was_first(home: Path) -> None:
    """A time a correction changed shows both; an unchanged one shows once."""
    add(home, fields(what="x", when="2026-11-20 21:00"), NOW)
    add(home, fields(what="y", when="2026-11-21 08:00"), NOW)
    amend(home, 1, fields(when="2026-11-19 21:00"), NOW)
    amend(home, 2, fields(where="hall"), NOW)
    first, second = sorted(entries(home), key=lambda v: v["number"])
    assert corrected_when(first) == (
        "2026-11-19 21:00 (corrected; first written as 2026-11-20 21:00)"
    )
    assert corrected_when(second) == "2026-11-21 08:00"


def test_the_timeline_gives_each_entry_as_corrected(home: Path, tmp_path: Path) -> None:
    """One moment per entry, in the order they happened, with the corrected words in full and
    cut, and how many corrections and files it has."""
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(b"jpeg")
    long = "he came back " * 10
    add(home, fields(what=long, when="2026-11-20 21:00"), NOW)
    add(home, fields(what="earlier", when="2026-11-02"), NOW)
    amend(home, 1, fields(what=long + "and left"), NOW)
    attach(home, 1, photo, NOW)
    attach(home, 1, photo, NOW)
    moments = timeline(entries(home))
    assert [(m.number, m.corrections, m.files) for m in moments] == [(2, 0, 0), (1, 1, 2)]
    assert moments[1].text == " ".join((long + "and left").split())
    assert len(moments[1].what) == 60
    assert moments[1].what.endswith("…")
    assert moments[0].when == "2026-11-02"


@pytest.mark.parametrize(
    ("corrections", "files", "added"),
    [
        (0, 0, ""),
        (1, 0, "1 correction"),
        (0, 1, "1 file"),
        (2, 3, "2 corrections, 3 files"),
    ],
)
def test_what_was_added_to_an_entry_is_counted_in_words(
    corrections: int, files: int, added: str
) -> None:
    """Nothing added says nothing; one and many are told apart."""
    assert Moment(1, "today", "x", corrections, files).added == added


def test_what_was_added_is_counted_in_the_persons_language() -> None:
    """In Spanish, the counts are Spanish, singular and plural."""
    i18n.install("es")
    assert "correcci" in Moment(1, "hoy", "x", 1, 0).added
    assert Moment(1, "hoy", "x", 0, 2).added == "2 archivos"


# -- one line ----------------------------------------------------------------------------


def test_summary_line_is_one_short_line() -> None:
    """The list's summary is the start of what happened, on one line, cut with an ellipsis."""
    view = {"fields": {"where": "hall", "what": "a  long\ntext " * 20}}
    line = summary_line(view, width=30)
    assert line.startswith("a long text a long")
    assert len(line) == 30
    assert line.endswith("…")
    assert "\n" not in line
    assert summary_line({"fields": {"where": "hall"}}) == "hall"


def test_summary_line_takes_the_first_field_given_in_its_order() -> None:
    """What happened first, then their words, then the effect; no fields is an empty line, and
    width 0 never cuts."""
    assert summary_line({"fields": {"where": "hall", "effect": "scared", "words": "w"}}) == "w"
    assert summary_line({"fields": {"where": "hall", "effect": "scared"}}) == "scared"
    assert summary_line({"fields": "not a table"}) == ""
    assert summary_line({}) == ""
    assert summary_line({"fields": {"what": "x" * 500}}, width=0) == "x" * 500


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=200), width=st.integers(min_value=1, max_value=80))
def test_a_summary_is_always_one_line_that_fits(text: str, width: int) -> None:
    """Whatever was written, the summary has no line break and fits its width."""
    line = summary_line({"fields": {"what": text}}, width=width)
    assert len(line) <= width
    assert not any(c in line for c in "\n\r\t\v\f\x1c\x1d\x1e\x1f\x85\u2028\u2029")
