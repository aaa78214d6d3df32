"""What a stopped run leaves has a name of its own and a lock: free ones are erased later,
held ones never."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from exitplan.disk import leftovers


def partial_file(folder: Path) -> tuple[int, Path]:
    """A partial copy as a save makes it: its own name, held locked while open."""
    fd, name = tempfile.mkstemp(
        prefix=leftovers.PARTIAL_PREFIX, suffix=leftovers.PARTIAL_SUFFIX, dir=folder
    )
    leftovers.hold(fd)
    return fd, Path(name)


def test_a_partial_copy_left_by_a_killed_save_is_zeroed_and_erased(tmp_path: Path) -> None:
    """A `.exitplan-partial-*.tmp` whose writer has ended is overwritten with zeros (seen
    through a second link to it) and deleted; the person's own files stay."""
    fd, path = partial_file(tmp_path)
    os.write(fd, b"decrypted evidence")
    os.close(fd)  # the writer has ended: its lock is gone
    witness = tmp_path.parent / "witness"
    os.link(path, witness)
    (tmp_path / "photo.jpg").write_bytes(b"mine")
    assert leftovers.sweep_partials(tmp_path) == [path]
    assert not path.exists()
    assert witness.read_bytes() == bytes(len(b"decrypted evidence"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["photo.jpg"]


def test_a_partial_copy_still_being_written_is_never_touched(tmp_path: Path) -> None:
    """While its writer holds it open, a partial copy is left alone."""
    fd, path = partial_file(tmp_path)
    os.write(fd, b"being written")
    try:
        assert leftovers.sweep_partials(tmp_path) == []
        assert path.read_bytes() == b"being written"
    finally:
        os.close(fd)


def test_a_private_folder_is_erased_however_its_block_ends(tmp_path: Path) -> None:
    """On an error (or a signal's Stopped) the folder and its key are gone."""

    def check() -> None:
        with leftovers.private_folder(tmp_path, ".adb-") as folder:
            (folder / ".android").mkdir()
            (folder / ".android" / "adbkey").write_text("a private key")
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        check()
    assert list(tmp_path.iterdir()) == []


def test_the_next_run_erases_an_abandoned_private_folder_but_not_a_held_one(
    tmp_path: Path,
) -> None:
    """A folder made by `private_folder` whose run was killed is erased by `sweep_folders`;
    one still held, and an `.adb-` folder exitplan cannot tell is ended, are left."""
    abandoned = Path(tempfile.mkdtemp(prefix=".adb-", dir=tmp_path))
    (abandoned / leftovers.HELD).write_bytes(b"")
    (abandoned / "adbkey").write_text("a private key")
    unknown = tmp_path / ".adb-unknown"
    unknown.mkdir()
    with leftovers.private_folder(tmp_path, ".adb-") as held:
        erased = leftovers.sweep_folders(tmp_path)
        assert held.is_dir()
    assert erased == [abandoned.name]
    assert sorted(p.name for p in tmp_path.iterdir()) == [".adb-unknown"]


def test_a_link_in_a_private_folder_is_deleted_never_followed(tmp_path: Path) -> None:
    """Erasing a folder deletes a link inside it; what it points to keeps its bytes."""
    outside = tmp_path / "outside.txt"
    outside.write_text("keep me")
    folder = tmp_path / ".adb-x"
    folder.mkdir()
    (folder / "link").symlink_to(outside)
    leftovers.erase_folder(folder)
    assert not folder.exists()
    assert outside.read_text() == "keep me"
