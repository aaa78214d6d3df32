"""Kept copies no record names (an attach stopped between its copy and its record): found and
erased, and never a copy a record names, nor one whose record cannot be read, nor anything that
is not a kept copy."""

from __future__ import annotations

from pathlib import Path

from exitplan.journal.listing import ensure_dir, files_dir, record_path
from exitplan.journal.shapes import Record
from exitplan.journal.strays import orphan_copies, remove_orphans, remove_stray_copies


def journal(home: Path, records: int, copies: list[str]) -> Path:
    """A journal of `records` record files and these kept copies; the copies' folder."""
    ensure_dir(home)
    for n in range(1, records + 1):
        record_path(home, n).write_bytes(b"{}")
    folder = files_dir(home)
    folder.mkdir()
    for name in copies:
        (folder / name).write_bytes(b"private words")
    return folder


def attach(n: int) -> Record:
    """Record n, an attach that names its kept copy."""
    return {"n": n, "kind": "attach", "file": {"copy": f"files/{n:06d}"}}


def test_a_copy_no_record_names_is_an_orphan(tmp_path: Path) -> None:
    """A copy named by an attach is kept; one named by no record is an orphan; one whose
    record is damaged is never called an orphan (its record may name it)."""
    folder = journal(tmp_path, 3, ["000001", "000002", "000003"])
    records: list[Record] = [
        attach(1),
        {"n": 2, "kind": "entry"},
        {"n": 3, "damaged": "unreadable"},
    ]
    assert orphan_copies(tmp_path, records) == [folder / "000002"]


def test_only_kept_copies_are_ever_orphans(tmp_path: Path) -> None:
    """A file of another name or a folder in the copies' folder is not a kept copy."""
    folder = journal(tmp_path, 1, ["notes.txt", "000009.tmp"])
    (folder / "000004").mkdir()
    assert orphan_copies(tmp_path, [attach(1)]) == []


def test_orphans_are_erased_and_named(tmp_path: Path) -> None:
    """Each orphan is erased and named relative to the data folder; a named copy stays."""
    folder = journal(tmp_path, 2, ["000001", "000002"])
    assert remove_orphans(tmp_path, [attach(1), {"n": 2, "kind": "entry"}]) == [
        "journal/files/000002"
    ]
    assert sorted(p.name for p in folder.iterdir()) == ["000001"]


def test_copies_past_the_last_record_are_strays(tmp_path: Path) -> None:
    """A copy numbered at or past the next record's number was kept by an attach stopped
    before its record: it is erased before the next write, so a later record never takes it
    for its own; copies of existing records stay, without reading any record."""
    folder = journal(tmp_path, 2, ["000001", "000002", "000003", "000007", "notes.txt"])
    assert remove_stray_copies(tmp_path) == ["journal/files/000003", "journal/files/000007"]
    assert sorted(p.name for p in folder.iterdir()) == ["000001", "000002", "notes.txt"]


def test_a_journal_without_copies_has_nothing_to_erase(tmp_path: Path) -> None:
    """No copies folder, or a link in its place, is never walked."""
    assert orphan_copies(tmp_path, []) == []
    assert remove_stray_copies(tmp_path) == []
    ensure_dir(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "000009").write_bytes(b"not exitplan's")
    files_dir(tmp_path).symlink_to(elsewhere)
    assert remove_stray_copies(tmp_path) == []
    assert orphan_copies(tmp_path, []) == []
    assert (elsewhere / "000009").read_bytes() == b"not exitplan's"
