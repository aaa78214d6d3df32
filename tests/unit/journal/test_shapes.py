"""The journal's JSON shapes name exactly what is kept and shown: a record written and read back,
and an entry's view, hold no key their type does not declare."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from exitplan.journal.attachments import attach
from exitplan.journal.entry import FIELDS, validate_fields
from exitplan.journal.records import add, amend, list_entries, read_records
from exitplan.journal.shapes import EntryView, Fields, FileFacts, Record, RecordView, When

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def keys(shape: type) -> set[str]:
    """Every key a TypedDict declares, required or not."""
    return set(shape.__required_keys__) | set(shape.__optional_keys__)  # type: ignore[attr-defined]


def written(home: Path) -> list[Record]:
    """An entry with every kind of answer, a correction and an attached file, read back."""
    add(home, validate_fields({"what": "an entry", "when": "about 2026-11-20 21:00"}, NOW), NOW)
    amend(home, 1, validate_fields({"where": "the kitchen"}, NOW), NOW)
    photo = home.parent / "photo.jpg"
    photo.write_bytes(b"not really a photo")
    attach(home, 1, photo, NOW)
    return read_records(home)


def test_the_fields_are_the_questions() -> None:
    """`Fields` declares exactly the answers an entry is asked for, and `when` is required whole."""
    assert keys(Fields) == set(FIELDS)
    assert set(When.__required_keys__) == {"said", "date", "time", "approximate"}


def test_a_record_holds_only_what_its_type_declares(tmp_path: Path) -> None:
    """Each record read back, its file's facts and its `when`, hold no undeclared key."""
    records = written(tmp_path / "home")
    assert [r["kind"] for r in records] == ["entry", "amend", "attach"]
    for record in records:
        assert set(record) <= keys(Record)
    assert set(records[2]["file"]) == keys(FileFacts)
    assert set(records[0]["fields"]["when"]) == keys(When)


def test_an_entry_view_holds_only_what_its_type_declares(tmp_path: Path) -> None:
    """An entry's view, its corrections' and its files' views, hold no undeclared key."""
    (view,) = list_entries(written(tmp_path / "home"))
    assert set(view) == keys(EntryView) - {"entry", "file"}
    for part in (*view["amendments"], *view["attachments"]):
        assert set(part) <= keys(RecordView)
    assert "copy" not in view["attachments"][0]["file"]
