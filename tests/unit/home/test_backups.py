"""Backup order: a new backup lists first even when file times are kept only to the second."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from exitplan.home import backups

SECOND = 10**9
WHEN = 1_796_000_000 * SECOND  # a whole second on 2026-11-30


def test_a_backup_written_in_the_same_second_lists_first_on_a_coarse_file_system(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the file system keeps times to the second, a backup written in the same second
    as the newest one still lists first, whatever the random tags in the names."""
    folder = tmp_path / "backups"
    folder.mkdir(mode=0o700)
    # The older backup's tag sorts after the new one's, so a tie in time would list it first.
    older = folder / "plan-d20261130-ffffffff.toml"
    older.write_bytes(b"older")
    os.utime(older, ns=(WHEN, WHEN))
    real_utime = os.utime

    def coarse_utime(path: Path, *, ns: tuple[int, int]) -> None:
        real_utime(path, ns=(ns[0] // SECOND * SECOND, ns[1] // SECOND * SECOND))

    monkeypatch.setattr("exitplan.home.backups.os.utime", coarse_utime)
    newer = folder / "plan-d20261130-00000000.toml"

    def write() -> None:
        newer.write_bytes(b"newer")
        real_utime(newer, ns=(WHEN, WHEN))  # written within the same second

    backups.written_after_newest(folder, newer, write)
    assert [backup.path for backup in backups.list_backups(folder)] == [newer, older]


def test_a_backup_written_at_the_same_instant_lists_first(tmp_path: Path) -> None:
    """A backup whose file time equals the newest one's (the same clock tick) lists first."""
    folder = tmp_path / "backups"
    folder.mkdir(mode=0o700)
    older = folder / "plan-d20261130-ffffffff.toml"
    older.write_bytes(b"older")
    os.utime(older, ns=(WHEN, WHEN))
    newer = folder / "plan-d20261130-00000000.toml"

    def write() -> None:
        newer.write_bytes(b"newer")
        os.utime(newer, ns=(WHEN, WHEN))

    backups.written_after_newest(folder, newer, write)
    assert [backup.path for backup in backups.list_backups(folder)] == [newer, older]
    assert newer.stat().st_mtime_ns > WHEN
