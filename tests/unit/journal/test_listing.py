"""The journal's folder and its numbered record files: names a record and a kept copy can have,
what a listing finds (a planted name, a folder or a link named like a record), the quiet glance
status takes, and a journal folder that is not a folder refused."""

from __future__ import annotations

import json
import os
from datetime import date
from pathlib import Path

import pytest

from exitplan.base.errors import StorageError
from exitplan.base.limits import SEALED_MARK
from exitplan.journal.listing import (
    COPY_NAME,
    RECORD_NAME,
    ensure_dir,
    glance,
    journal_dir,
    numbered,
    record_path,
)


def test_a_record_is_named_by_its_padded_number_alone() -> None:
    """Record 7 is 000007.rec; a kept copy of its file is named by the same number; a name of
    more than twelve digits (planted) or fewer than six is not a record's."""
    home = Path("/home")
    assert record_path(home, 7) == journal_dir(home) / "000007.rec"
    assert RECORD_NAME.match(record_path(home, 123_456_789_012).name)
    for name in ("000007.rec", "123456789012.rec"):
        assert RECORD_NAME.match(name)
        assert COPY_NAME.match(name.removesuffix(".rec"))
    for name in ("7.rec", "0000000000001.rec", "000007.rec.tmp", "000007.REC", "00000a.rec"):
        assert not RECORD_NAME.match(name), name
    assert not COPY_NAME.match("000007.rec")


def test_a_listing_finds_the_records_in_order_and_names_what_could_pass_for_one(
    tmp_path: Path,
) -> None:
    """Records are listed by number; a folder named like one is left out, a link named like
    one is listed (so reading it names it damaged, never follows it), other names ignored."""
    folder = ensure_dir(tmp_path)
    for n in (3, 1, 12):
        record_path(tmp_path, n).write_bytes(b"{}")
    (folder / "000005.rec").mkdir()
    (tmp_path / "elsewhere").mkdir()
    os.symlink(tmp_path / "elsewhere", folder / "000004.rec")  # a link to a folder
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    assert [n for n, _ in numbered(tmp_path)] == [1, 3, 4, 12]
    assert numbered(tmp_path / "nothing-here") == []


def test_the_glance_counts_records_and_dates_the_last(tmp_path: Path) -> None:
    """Status's glance: how many records and the day of the last, from its `recorded` time;
    a sealed last record is never opened (its file's date stands in); a damaged one gives
    the count with no day."""
    assert glance(tmp_path) is None
    ensure_dir(tmp_path)
    record_path(tmp_path, 1).write_text(json.dumps({"recorded": "2026-01-01T12:00:00Z"}))
    last = {"recorded": "2026-11-29T12:00:00Z"}
    record_path(tmp_path, 2).write_text(json.dumps(last), encoding="utf-8")
    assert glance(tmp_path) == (2, date(2026, 11, 29))
    record_path(tmp_path, 3).write_bytes(SEALED_MARK + b"sealed")
    os.utime(record_path(tmp_path, 3), (1_700_000_000, 1_700_000_000))
    assert glance(tmp_path) == (3, date.fromtimestamp(1_700_000_000))
    record_path(tmp_path, 4).write_bytes(b"not json")
    assert glance(tmp_path) == (4, None)


def test_a_journal_folder_that_is_a_file_or_a_link_is_refused(tmp_path: Path) -> None:
    """A file where the journal's folder should be, or a link in its place, is refused with
    a plain message and nothing is created."""
    journal_dir(tmp_path).write_text("mine", encoding="utf-8")
    with pytest.raises(StorageError, match="is not a folder; exitplan keeps its journal there"):
        ensure_dir(tmp_path)
    journal_dir(tmp_path).unlink()
    (tmp_path / "elsewhere").mkdir()
    os.symlink(tmp_path / "elsewhere", journal_dir(tmp_path))
    with pytest.raises(StorageError):
        ensure_dir(tmp_path)
    assert list((tmp_path / "elsewhere").iterdir()) == []
