"""A sealed copy of the journal kept elsewhere: the key file, every record and every kept file
byte for byte, swapped in for an earlier copy only once read back, and nothing that is not a
copy ever replaced or removed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from exitplan.base.errors import ExitplanError, StorageError
from exitplan.journal import copying
from exitplan.journal.copying import Copied, copy_journal, is_copy


def home_with_journal(root: Path) -> Path:
    """A data folder with a key file, two records and one kept file (sealed bytes stand-ins)."""
    home = root / "home"
    (home / "journal" / "files").mkdir(parents=True)
    (home / "plan.key").write_bytes(b"KEY" * 10)
    (home / "journal" / "000001.rec").write_bytes(b"record one")
    (home / "journal" / "000002.rec").write_bytes(b"record two")
    (home / "journal" / "files" / "000002").write_bytes(b"kept file")
    (home / "plan.toml").write_bytes(b"never copied")
    return home


def contents(folder: Path) -> dict[str, bytes]:
    """Every file under a folder, by its path inside it."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def test_the_copy_is_the_journal_s_sealed_files_byte_for_byte(tmp_path: Path) -> None:
    """The key file, the records and the kept files are copied as they are, and nothing else
    (never the plan); every byte is counted for the progress line."""
    home = home_with_journal(tmp_path)
    counted: list[int] = []
    (tmp_path / "stick").mkdir()
    copied = copy_journal(home, tmp_path / "stick" / "copy", counted.append)
    assert copied == Copied(records=2, files=1)
    assert contents(tmp_path / "stick" / "copy") == {
        "journal/000001.rec": b"record one",
        "journal/000002.rec": b"record two",
        "journal/files/000002": b"kept file",
        "plan.key": b"KEY" * 10,
    }
    assert sum(counted) == 30 + 10 + 10 + 9
    assert sorted(p.name for p in (tmp_path / "stick").iterdir()) == ["copy"]  # nothing beside


def test_an_earlier_copy_is_replaced_and_nothing_is_left_beside_it(tmp_path: Path) -> None:
    """A second copy takes the place of the first, and neither the new nor the old folder
    stays beside it."""
    home = home_with_journal(tmp_path)
    target = tmp_path / "stick" / "copy"
    (tmp_path / "stick").mkdir()
    copy_journal(home, target)
    (home / "journal" / "000003.rec").write_bytes(b"record three")
    assert copy_journal(home, target) == Copied(records=3, files=1)
    assert contents(target)["journal/000003.rec"] == b"record three"
    assert sorted(p.name for p in (tmp_path / "stick").iterdir()) == ["copy"]


def test_a_folder_that_is_not_a_copy_is_never_replaced(tmp_path: Path) -> None:
    """A folder holding anything but a copy's files is refused, and nothing is written."""
    home = home_with_journal(tmp_path)
    target = tmp_path / "photos"
    target.mkdir()
    (target / "holiday.jpg").write_bytes(b"mine")
    with pytest.raises(ExitplanError, match="is not empty and is not a copy of the journal"):
        copy_journal(home, target)
    assert contents(target) == {"holiday.jpg": b"mine"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["home", "photos"]


def test_a_folder_in_the_way_of_a_stopped_run_s_is_not_removed(tmp_path: Path) -> None:
    """What stands at the name a stopped run would have left beside the copy is removed only
    when it holds a copy's files; anything else stops the copy."""
    home = home_with_journal(tmp_path)
    in_the_way = tmp_path / ".copy.new"
    in_the_way.mkdir()
    (in_the_way / "notes.txt").write_bytes(b"mine")
    with pytest.raises(ExitplanError, match="is in the way of the copy and is not one"):
        copy_journal(home, tmp_path / "copy")
    assert (in_the_way / "notes.txt").read_bytes() == b"mine"
    (in_the_way / "notes.txt").unlink()
    (in_the_way / "plan.key").write_bytes(b"a stopped run's")
    copy_journal(home, tmp_path / "copy")
    assert not in_the_way.exists()


def test_a_copy_that_does_not_read_back_keeps_the_earlier_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file that reads back different from what was written stops the copy, and the earlier
    copy stays whole at its name."""
    home = home_with_journal(tmp_path)
    target = tmp_path / "copy"
    copy_journal(home, target)
    before = contents(target)
    monkeypatch.setattr(copying, "_hash", lambda _path: "0" * 64)
    (home / "journal" / "000003.rec").write_bytes(b"record three")
    with pytest.raises(StorageError, match=r"read back differs.*the earlier copy is kept"):
        copy_journal(home, target)
    assert contents(target) == before


def test_what_counts_as_a_copy(tmp_path: Path) -> None:
    """An empty folder or one with only a key file and a journal is a copy; one with anything
    else, a missing one, or a link to a copy is not."""
    folder = tmp_path / "copy"
    folder.mkdir()
    assert is_copy(folder)
    (folder / "plan.key").write_bytes(b"k")
    (folder / "journal").mkdir()
    assert is_copy(folder)
    os.symlink(folder, tmp_path / "link")
    assert not is_copy(tmp_path / "link")
    assert not is_copy(tmp_path / "missing")
    (folder / "plan.toml").write_bytes(b"p")
    assert not is_copy(folder)
