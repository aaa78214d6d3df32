"""The one safe reader of the data home: regular files only, links never followed, reads capped,
and a FIFO refused without ever blocking on it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from exitplan.base.errors import StorageError
from exitplan.disk import safeio


def test_read_capped_reads_a_file_and_at_most_one_byte_more_than_the_cap(tmp_path: Path) -> None:
    """A file within the cap is read whole; a larger one yields cap + 1 bytes: enough to refuse."""
    small = tmp_path / "small"
    small.write_bytes(b"abc")
    assert safeio.read_capped(small, 3) == b"abc"
    big = tmp_path / "big"
    big.write_bytes(b"x" * 5000)
    assert safeio.read_capped(big, 10) == b"x" * 11


def test_a_link_is_refused_unless_asked_to_follow(tmp_path: Path) -> None:
    """A symbolic link is never followed by default, and the reason says why in plain words."""
    target = tmp_path / "target"
    target.write_bytes(b"secret")
    link = tmp_path / "link"
    link.symlink_to(target)
    with pytest.raises(OSError, match="never follows links") as info:
        safeio.read_capped(link, 100)
    assert info.value.strerror == safeio.LINK_REASON
    assert safeio.read_capped(link, 100, follow=True) == b"secret"
    assert safeio.is_link(link)
    assert not safeio.is_regular(link)


def test_a_fifo_is_refused_at_once_instead_of_hanging(tmp_path: Path) -> None:
    """A FIFO planted where a file should be is refused without waiting for a writer."""
    fifo = tmp_path / "plan.toml"
    os.mkfifo(fifo, 0o600)
    with pytest.raises(OSError, match="not a regular file") as info:
        safeio.read_capped(fifo, 100)
    assert info.value.strerror == safeio.NOT_REGULAR_REASON
    assert not safeio.is_regular(fifo)


def test_a_folder_is_refused_as_a_folder(tmp_path: Path) -> None:
    """A folder where a file should be is named as a folder."""
    with pytest.raises(OSError, match="it is a folder"):
        safeio.read_capped(tmp_path, 100)


def test_overwrite_zeroes_a_file_in_place_and_leaves_links_alone(tmp_path: Path) -> None:
    """overwrite zeroes a file's bytes in place (same length), never writing through a link."""
    kept = tmp_path / "kept"
    kept.write_bytes(b"private words")
    victim = tmp_path / "other"
    victim.write_bytes(b"not ours")
    link = tmp_path / "link"
    link.symlink_to(victim)
    safeio.overwrite(kept)
    safeio.overwrite(link)
    assert kept.read_bytes() == bytes(len(b"private words"))
    assert victim.read_bytes() == b"not ours"


def test_refuse_link_names_the_link_and_its_target(tmp_path: Path) -> None:
    """A link inside the home is one plain error naming where it points."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "plan.toml").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(StorageError, match=r"plan\.toml in .* is a link to .*elsewhere"):
        safeio.refuse_link(home, home / "plan.toml")
    safeio.refuse_link(home, home / "missing.toml")  # not a link: nothing to refuse


@pytest.mark.parametrize(
    ("mode", "shared"),
    [(0o600, False), (0o700, False), (0o640, True), (0o604, True), (0o610, True)],
)
def test_readable_by_others_is_any_bit_for_the_group_or_others(
    monkeypatch: pytest.MonkeyPatch, mode: int, shared: bool
) -> None:
    """A mode with any bit for the group or others lets them in; where modes are made up
    (Windows) no mode does."""
    from exitplan.disk import system

    monkeypatch.setattr(system, "modes_are_real", lambda: True)
    assert safeio.readable_by_others(mode) is shared
    monkeypatch.setattr(system, "modes_are_real", lambda: False)
    assert safeio.readable_by_others(mode) is False
