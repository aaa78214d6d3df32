"""The list of files exitplan wrote outside its folder: hashes, replacing a path written again,
sealed with the plan's key, and what a listed file is found to be."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from pathlib import Path

import pytest

from exitplan.base.errors import PlanError
from exitplan.base.limits import OUTSIDE_FILE, SEALED_MARK
from exitplan.home.outside import erase_written, read_list, remember, state_of
from exitplan.home.store import Store

NOW = datetime(2026, 12, 5, 1, 0, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path) -> Store:
    """A store in a fresh private folder."""
    home = tmp_path / "home"
    home.mkdir(mode=0o700)
    return Store(home)


def write(path: Path, text: str) -> Path:
    """A file outside the folder, as an export would leave it."""
    path.write_text(text)
    return path


def test_remember_keeps_each_path_with_its_hash_and_a_rewrite_replaces_it(
    store: Store, tmp_path: Path
) -> None:
    """Each file is listed once with the SHA-256 of its content; writing it again updates it."""
    page = write(tmp_path / "summary.html", "first")
    with store.locked():
        remember(store, [(page, "summary")], NOW)
        write(page, "second")
        remember(store, [(page, "summary"), (tmp_path / "missing.md", "journal")], NOW)
    [row] = read_list(store)
    assert row.path == str(page)
    assert row.sha256 == hashlib.sha256(b"second").hexdigest()
    assert row.kind == "summary"


def test_a_file_is_same_changed_or_gone(store: Store, tmp_path: Path) -> None:
    """A listed file still as written, changed since, or no longer there."""
    same, changed, gone = (write(tmp_path / n, n) for n in ("a", "b", "c"))
    with store.locked():
        remember(store, [(same, "summary"), (changed, "journal"), (gone, "attached")], NOW)
    write(changed, "someone else's words")
    gone.unlink()
    assert [state_of(row) for row in read_list(store)] == ["same", "changed", "gone"]


def test_erase_written_erases_only_an_unchanged_file(store: Store, tmp_path: Path) -> None:
    """Only a file whose content is still what exitplan wrote is erased; a link is never
    followed (it is not a regular file: changed)."""
    same, changed = write(tmp_path / "same", "x"), write(tmp_path / "changed", "y")
    target = write(tmp_path / "target", "z")
    link = tmp_path / "link"
    with store.locked():
        remember(store, [(same, "summary"), (changed, "summary"), (target, "summary")], NOW)
    write(changed, "y2")
    target.rename(tmp_path / "moved")
    link.symlink_to(tmp_path / "moved")
    link.rename(target)  # the listed path is now a link to the file
    rows = read_list(store)
    assert [erase_written(row) for row in rows] == ["same", "changed", "changed"]
    assert not same.exists()
    assert changed.read_text() == "y2"
    assert (tmp_path / "moved").read_text() == "z"


def test_a_damaged_list_is_one_plain_error(store: Store) -> None:
    """A list that is not exitplan's JSON is refused with the file named, never a traceback."""
    (store.home / OUTSIDE_FILE).write_text("{not json")
    with pytest.raises(PlanError, match="is damaged"):
        read_list(store)


def test_no_list_is_an_empty_list(store: Store) -> None:
    """Before anything was written outside, the list is empty."""
    assert read_list(store) == []


def test_the_list_is_sealed_in_an_encrypted_home(tmp_path: Path) -> None:
    """With the plan's key held, the list is written sealed and read back with the key."""
    from exitplan.crypto.datakey import DataKey

    home = tmp_path / "home"
    home.mkdir(mode=0o700)
    store = Store(home)
    store.keys.use(DataKey.generate())
    page = write(tmp_path / "summary.html", "secret words")
    with store.locked():
        remember(store, [(page, "summary")], NOW)
    raw = (home / OUTSIDE_FILE).read_bytes()
    assert raw.startswith(SEALED_MARK)
    assert b"summary.html" not in raw
    assert read_list(store)[0].path == str(page)
