"""Atomic writes: a file is replaced whole or not at all, private, with no temp file left."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from exitplan.base.errors import StorageError
from exitplan.disk.atomic import write_atomic

# About what reaches the disk: every sync here is the disk's own (see conftest.py).
pytestmark = pytest.mark.durability


def mode(path: Path) -> int:
    """The permission bits of a file."""
    return stat.S_IMODE(path.stat().st_mode)


def test_write_atomic_replaces_and_leaves_no_temp(tmp_path: Path) -> None:
    """write_atomic replaces the file with a private one and leaves no temp file behind."""
    target = tmp_path / "file.toml"
    target.write_bytes(b"old")
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    assert mode(target) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.toml"]


def test_write_atomic_failure_keeps_the_old_file(tmp_path: Path) -> None:
    """If the write fails before the replace, the old file is intact and the temp is gone."""
    target = tmp_path / "file.toml"
    target.write_bytes(b"old")

    def refuse(_tmp: Path) -> None:
        raise OSError(28, "No space left on device")

    with pytest.raises(StorageError) as info:
        write_atomic(target, b"new", verify=refuse)
    assert str(info.value) == (
        "could not save file.toml (the disk is full); the earlier file.toml is unchanged"
    )
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.toml"]


def test_write_atomic_into_a_missing_folder(tmp_path: Path) -> None:
    """A folder that is missing is a StorageError, not a traceback."""
    with pytest.raises(StorageError, match=r"could not save file\.toml"):
        write_atomic(tmp_path / "missing" / "file.toml", b"x")
