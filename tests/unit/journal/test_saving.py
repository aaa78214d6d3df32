"""Tests for exitplan.journal.saving: kept files got back out, checked, under safe names."""

from __future__ import annotations

import hashlib
import os
import stat
import unicodedata
from datetime import UTC, datetime
from pathlib import Path

import pytest
from helpers_journal_crash import fixed_sealing
from hypothesis import given, settings
from hypothesis import strategies as st

from exitplan.base.errors import StorageError
from exitplan.journal.attachments import attach, copy_path
from exitplan.journal.entry import JournalError, validate_fields
from exitplan.journal.records import add, read_records, record_path
from exitplan.journal.saving import (
    MAX_NAME,
    attachment_record,
    export_names,
    safe_file_name,
    save_all,
    save_copy,
)
from exitplan.journal.shapes import Record

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
PHOTO = bytes(range(256)) * 8


def attach_named(home: Path, tmp_path: Path, name: str, data: bytes = PHOTO) -> int:
    """Attach a file called `name` holding `data` to entry 1; its record number."""
    folder = tmp_path / f"originals-{len(list(tmp_path.glob('originals-*')))}"
    folder.mkdir()
    original = folder / name
    original.write_bytes(data)
    return attach(home, 1, original, NOW)


@pytest.fixture
def journal(tmp_path: Path) -> Path:
    """A plain journal: entry 1 with a photo attached as record 2."""
    home = tmp_path / "home"
    add(home, validate_fields({"what": "he took my phone"}, NOW), NOW)
    attach_named(home, tmp_path, "photo.jpg")
    return home


def attachment(name: str, n: int = 2) -> Record:
    """An attachment record naming a file, built by hand (only what the names read)."""
    return {"n": n, "kind": "attach", "entry": 1, "file": {"name": name}}


# -- safe names --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "safe"),
    [
        ("photo.jpg", "photo.jpg"),
        ("../../etc/passwd", "_.._etc_passwd"),
        ("C:\\Users\\me\\scan.pdf", "C__Users_me_scan.pdf"),
        ("a\x1b[31mred\x07.txt", "a_[31mred_.txt"),
        ('what?*"<>|.txt', "what______.txt"),
        (".hidden", "hidden"),
        ("  spaced out.txt  ", "spaced out.txt"),
        ("...", "file-7"),
        ("", "file-7"),
        ("CON", "file-7-CON"),
        ("nul.txt", "file-7-nul.txt"),
        ("lpt1", "file-7-lpt1"),
        ("console.txt", "console.txt"),
    ],
)
def test_a_recorded_name_becomes_one_any_file_system_takes(name: str, safe: str) -> None:
    """No folders, no control characters, no hidden or Windows-reserved name, never empty."""
    assert safe_file_name(name, 7) == safe


def test_a_long_name_is_cut_to_150_characters_keeping_its_kind() -> None:
    """A long name keeps its suffix (up to ten letters) so it still opens with the right app."""
    assert safe_file_name("a" * 200 + ".pdf", 1) == "a" * 146 + ".pdf"
    assert safe_file_name("a" * 200, 1) == "a" * 150
    cut = safe_file_name("a" * 200 + ".averylongsuffix", 1)
    assert cut == "a" * 150  # a "suffix" longer than ten letters is not a kind of file


def test_a_name_is_composed_the_one_way() -> None:
    """An accent typed as a letter and a combining mark is written as one letter (NFC)."""
    assert safe_file_name("cafe\u0301.txt", 1) == "caf\u00e9.txt"


@settings(max_examples=150, deadline=None)
@given(name=st.text(max_size=400), n=st.integers(min_value=1, max_value=999_999))
def test_no_recorded_name_gives_an_unsafe_file_name(name: str, n: int) -> None:
    """Whatever a record names, the file name has no folder, no control character, no leading
    dot, at most 150 characters and 255 UTF-8 bytes, and is never empty."""
    safe = safe_file_name(name, n)
    assert safe
    assert not safe.startswith(".")
    assert "/" not in safe
    assert "\\" not in safe
    assert not any(unicodedata.category(c) == "Cc" for c in safe)
    assert len(safe) <= MAX_NAME
    assert len(safe.encode("utf-8")) <= 255


# -- which record ------------------------------------------------------------------------


def test_the_attachment_record_asked_for_is_found(journal: Path) -> None:
    """Record 2 is the photo attached to entry 1."""
    record = attachment_record(read_records(journal), 2)
    assert record["file"]["name"] == "photo.jpg"


@pytest.mark.parametrize(
    ("n", "message"),
    [
        (1, "record 1 is an entry or a correction, not an attached file"),
        (9, "there is no record 9 in the journal"),
    ],
)
def test_a_number_that_is_no_attachment_says_what_it_is(
    journal: Path, n: int, message: str
) -> None:
    """An entry's number, or one past the end, is refused with one plain line."""
    with pytest.raises(JournalError, match=message):
        attachment_record(read_records(journal), n)


def test_an_attachment_record_that_cannot_be_read_says_why(journal: Path) -> None:
    """A damaged record is named with the reason, not treated as missing."""
    record_path(journal, 2).write_bytes(b"not json")
    with pytest.raises(JournalError, match=r"record 2 cannot be read \(it is not a readable"):
        attachment_record(read_records(journal), 2)


# -- one copy ----------------------------------------------------------------------------


def test_a_copy_is_saved_whole_and_private(journal: Path, tmp_path: Path) -> None:
    """The saved file holds exactly the attached bytes, readable by its owner only."""
    target = tmp_path / "out" / "photo.jpg"
    target.parent.mkdir()
    save_copy(journal, read_records(journal)[1], target, None)
    assert target.read_bytes() == PHOTO
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert sorted(p.name for p in target.parent.iterdir()) == ["photo.jpg"]


def test_a_sealed_copy_comes_out_plain(tmp_path: Path) -> None:
    """A copy sealed in the journal is saved as the person's own plain file."""
    sealing = fixed_sealing(chunk=300)
    home = tmp_path / "sealed"
    add(home, validate_fields({"what": "x"}, NOW), NOW, sealing)
    original = tmp_path / "scan.pdf"
    original.write_bytes(PHOTO)
    attach(home, 1, original, NOW, sealing)
    assert PHOTO not in copy_path(home, 2).read_bytes()
    target = tmp_path / "scan-out.pdf"
    save_copy(home, read_records(home, sealing)[1], target, sealing)
    assert target.read_bytes() == PHOTO


def test_a_changed_copy_is_never_saved(journal: Path, tmp_path: Path) -> None:
    """A copy that no longer matches its SHA-256 leaves nothing behind, not even a temp file,
    and an older file of that name stays as it was."""
    copy_path(journal, 2).write_bytes(b"swapped")
    out = tmp_path / "out"
    out.mkdir()
    (out / "photo.jpg").write_bytes(b"mine from before")
    with pytest.raises(JournalError, match="no longer matches the SHA-256"):
        save_copy(journal, read_records(journal)[1], out / "photo.jpg", None)
    assert sorted(p.name for p in out.iterdir()) == ["photo.jpg"]
    assert (out / "photo.jpg").read_bytes() == b"mine from before"


def test_a_copy_that_cannot_be_written_is_one_plain_error(journal: Path, tmp_path: Path) -> None:
    """A folder that is not there gives a StorageError naming the target, no traceback."""
    target = tmp_path / "no such folder" / "photo.jpg"
    with pytest.raises(StorageError, match=r"could not write .*photo\.jpg"):
        save_copy(journal, read_records(journal)[1], target, None)


# -- every copy --------------------------------------------------------------------------


def test_export_names_tell_same_names_apart_by_record() -> None:
    """Two files called alike (whatever their case) get the later record's number in the
    name; entries and damaged records get no name."""
    records: list[Record] = [
        {"n": 1, "kind": "entry", "fields": {"what": "x"}},
        attachment("photo.jpg", 2),
        attachment("PHOTO.jpg", 3),
        attachment("notes", 4),
        attachment("notes", 5),
        {"n": 6, "damaged": "it is not a readable record"},
        attachment("photo (record 3).jpg", 7),
    ]
    assert export_names(records) == {
        2: "photo.jpg",
        3: "PHOTO (record 3).jpg",
        4: "notes",
        5: "notes (record 5)",
        7: "photo (record 3) (record 7).jpg",
    }


def test_export_names_are_unique_ignoring_case() -> None:
    """However the names repeat, no two saved files collide on a case-blind file system."""
    records = [attachment(name, n) for n, name in enumerate(["a.txt", "A.TXT", "a.txt", ""], 2)]
    names = list(export_names(records).values())
    assert len({name.lower() for name in names}) == len(names) == 4


def test_save_all_saves_the_rest_and_tells_each_problem(journal: Path, tmp_path: Path) -> None:
    """A copy that changed is left out with one line; every other file is still saved."""
    attach_named(journal, tmp_path, "photo.jpg", b"second photo")
    attach_named(journal, tmp_path, "letter.txt", b"dear")
    copy_path(journal, 2).write_bytes(b"changed")
    problems: list[str] = []
    out = tmp_path / "export"
    out.mkdir()
    saved = save_all(journal, read_records(journal), out, None, on_problem=problems.append)
    assert saved == {3: "photo (record 3).jpg", 4: "letter.txt"}
    assert (out / "photo (record 3).jpg").read_bytes() == b"second photo"
    assert hashlib.sha256((out / "letter.txt").read_bytes()).hexdigest() == (
        hashlib.sha256(b"dear").hexdigest()
    )
    assert len(problems) == 1
    assert "record 2 no longer matches" in problems[0]
    assert sorted(os.listdir(out)) == ["letter.txt", "photo (record 3).jpg"]


def test_save_all_of_a_journal_without_files_saves_nothing(tmp_path: Path) -> None:
    """No attachments: nothing is written and nothing is told."""
    home = tmp_path / "home"
    add(home, validate_fields({"what": "x"}, NOW), NOW)
    out = tmp_path / "export"
    out.mkdir()
    told: list[str] = []
    assert save_all(home, read_records(home), out, None, on_problem=told.append) == {}
    assert told == []
    assert list(out.iterdir()) == []
