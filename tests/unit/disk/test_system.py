"""The portability layer, with Windows and macOS simulated on Linux: a made-up `sys.platform`,
missing calls (`fcntl`, `geteuid`, `pread`, `killpg`), fake `stat` results and Windows paths."""

from __future__ import annotations

import errno
import os
import stat
import sys
import time
from pathlib import Path, PureWindowsPath
from typing import Any

import pytest

from exitplan.base.limits import JOURNAL_FILES_DIR
from exitplan.disk import safeio, system
from exitplan.journal.saving import safe_file_name

# About what reaches the disk: every sync here is the disk's own (see conftest.py).
pytestmark = pytest.mark.durability


def test_open_flags_add_binary_mode_where_it_exists(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where os has O_BINARY (Windows), every open adds it, so ciphertext is read byte for byte."""
    monkeypatch.setattr(os, "O_BINARY", 0x8000, raising=False)
    assert system.open_flags(os.O_RDONLY) & 0x8000


def test_open_flags_do_not_follow_links_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """O_NOFOLLOW is added unless `follow`, and a system without it (Windows) still opens."""
    assert system.open_flags(os.O_RDONLY) & os.O_NOFOLLOW
    assert not system.open_flags(os.O_RDONLY, follow=True) & os.O_NOFOLLOW
    monkeypatch.delattr(os, "O_NOFOLLOW")
    monkeypatch.delattr(os, "O_CLOEXEC")
    assert system.open_flags(os.O_RDONLY) == os.O_RDONLY


def test_without_user_ids_every_file_counts_as_the_persons(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without os.geteuid (Windows) nothing crashes: ownership is left to the access list."""
    assert system.owned_by_me(os.geteuid())
    assert not system.owned_by_me(os.geteuid() + 1)
    monkeypatch.delattr(os, "geteuid")
    assert system.effective_uid() is None
    assert system.owned_by_me(12345)


def test_windows_made_up_modes_never_make_a_folder_shared(monkeypatch: pytest.MonkeyPatch) -> None:
    """On Windows the mode bits are made up: a "world-writable" folder is not refused for them."""
    assert safeio.shared_folder(0o40777, os.geteuid())
    monkeypatch.setattr(sys, "platform", "win32")
    assert not system.modes_are_real()
    assert not safeio.shared_folder(0o40777, 0)


def test_a_junction_counts_as_a_link(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A Windows junction (a reparse point, not S_ISLNK) is a link, as a real symlink is."""
    folder = tmp_path / "folder"
    folder.mkdir()
    link = tmp_path / "link"
    link.symlink_to(folder)
    assert system.is_link(link)
    assert not system.is_link(folder)
    assert not system.is_link(tmp_path / "missing")

    class Junction:
        st_mode = stat.S_IFDIR | 0o777
        st_file_attributes = system.FILE_ATTRIBUTE_REPARSE_POINT

    monkeypatch.setattr(os, "lstat", lambda _path: Junction())
    assert system.is_link(folder)
    assert safeio.is_link(folder)


def test_reading_refuses_a_junction_before_opening_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The safe reader refuses a junction by name: Windows has no O_NOFOLLOW to stop it."""
    target = tmp_path / "plan.toml"
    target.write_text("x")
    monkeypatch.setattr(system, "is_link", lambda path: Path(path) == target)
    with pytest.raises(OSError, match="is a link"):
        safeio.read_capped(target, 10)


def test_read_at_without_pread_keeps_the_position(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Without os.pread (Windows) the bytes at an offset are read and the position is kept."""
    path = tmp_path / "f"
    path.write_bytes(b"0123456789")
    monkeypatch.delattr(os, "pread")
    fd = os.open(path, os.O_RDONLY)
    try:
        os.read(fd, 2)
        assert system.read_at(fd, 3, 5) == b"567"
        assert os.read(fd, 2) == b"23"
    finally:
        os.close(fd)


def test_without_killpg_the_child_itself_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without os.killpg (Windows) a timed-out child is killed directly instead of crashing."""
    killed: list[str] = []

    class Child:
        pid = 999999

        def kill(self) -> None:
            killed.append("child")

    monkeypatch.delattr(os, "killpg")
    system.kill_process_group(Child())  # type: ignore[arg-type]
    assert killed == ["child"]


def test_macos_syncs_through_the_drives_cache(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """On macOS a file is synced with F_FULLFSYNC; where the drive refuses it, with fsync."""
    import fcntl

    calls: list[object] = []

    def full_sync(fd: int, command: int, *_args: Any) -> int:
        calls.append(command)
        if len(calls) > 1:
            raise OSError(errno.ENOTSUP, "not supported")
        return 0

    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(fcntl, "fcntl", full_sync)
    monkeypatch.setattr(os, "fsync", lambda _fd: calls.append("fsync"))
    fd = os.open(tmp_path, os.O_RDONLY)
    try:
        system.sync_fd(fd)
        assert calls == [getattr(fcntl, "F_FULLFSYNC", 51)]
        system.sync_fd(fd)
        assert calls[1:] == [getattr(fcntl, "F_FULLFSYNC", 51), "fsync"]
    finally:
        os.close(fd)


def test_macos_without_fcntl_still_syncs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A Python without fcntl falls back to fsync instead of failing the save."""
    synced: list[int] = []
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setitem(sys.modules, "fcntl", None)
    monkeypatch.setattr(os, "fsync", synced.append)
    system.sync_fd(7)
    assert synced == [7]


def test_windows_never_opens_a_folder_to_sync_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """On Windows a folder cannot be opened to sync it: nothing is opened, nothing fails."""
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(os, "open", lambda *_a: pytest.fail("opened a folder"))
    system.sync_folder(Path("C:/plan"))


def test_replace_tries_again_while_windows_holds_the_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On Windows a briefly held target (a virus scan) is replaced on a later try; elsewhere,
    and after the last try, the error is raised."""
    tries: list[int] = []

    def busy_twice(_source: object, _target: object) -> None:
        tries.append(1)
        if len(tries) <= 2:
            error = PermissionError(errno.EACCES, "in use")
            error.winerror = 32  # type: ignore[attr-defined]
            raise error

    monkeypatch.setattr(time, "sleep", lambda _s: None)
    monkeypatch.setattr(os, "replace", busy_twice)
    with pytest.raises(PermissionError):
        system.replace(Path("a"), Path("b"))  # Linux: no retry
    assert len(tries) == 1
    monkeypatch.setattr(sys, "platform", "win32")
    system.replace(Path("a"), Path("b"))
    assert len(tries) == 3  # one on Linux; on Windows one busy, then done

    def always_busy(_source: object, _target: object) -> None:
        tries.append(1)
        raise PermissionError(errno.EACCES, "in use")

    tries.clear()
    monkeypatch.setattr(os, "replace", always_busy)
    with pytest.raises(PermissionError):
        system.replace(Path("a"), Path("b"))
    assert len(tries) == system._REPLACE_TRIES


def test_free_bytes_is_known_or_none(tmp_path: Path) -> None:
    """Free space is a number for a real folder and None (not a crash) for a missing one."""
    free = system.free_bytes(tmp_path)
    assert free is not None
    assert free > 0
    assert system.free_bytes(tmp_path / "missing") is None


def test_a_held_lock_is_busy(tmp_path: Path) -> None:
    """A second lock on the same file fails at once with BlockingIOError, not a wait."""
    path = tmp_path / "lock"
    first = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    second = os.open(path, os.O_RDWR)
    try:
        system.lock(first)
        with pytest.raises(BlockingIOError):
            system.lock(second)
    finally:
        os.close(first)
        os.close(second)
    again = os.open(path, os.O_RDWR)
    try:
        system.lock(again)  # closing released it
    finally:
        os.close(again)


@pytest.mark.parametrize("code", [errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL])
def test_a_drive_that_cannot_lock_says_so(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, code: int
) -> None:
    """flock failing for want of locks (a FAT or exFAT stick, a network drive) is
    LockUnsupported, which the store words plainly, not an OSError traceback."""
    import fcntl

    def no_locks(_fd: int, _op: int) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(fcntl, "flock", no_locks)
    with pytest.raises(system.LockUnsupported):
        system.lock(0)


def test_a_python_without_fcntl_cannot_lock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where fcntl is missing on a non-Windows system the lock is unsupported, not a crash."""
    monkeypatch.setitem(sys.modules, "fcntl", None)
    with pytest.raises(system.LockUnsupported):
        system.lock(0)


def test_protect_folder_makes_a_posix_folder_owner_only(tmp_path: Path) -> None:
    """On POSIX an owner-only folder is mode 700."""
    folder = tmp_path / "home"
    folder.mkdir(mode=0o755)
    system.protect_folder(folder)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def test_the_windows_access_list_is_protected_and_owner_only() -> None:
    """The SDDL is protected (P: nothing inherited) and lets in only the owner and the system."""
    dacl = system.PRIVATE_SDDL
    assert dacl.startswith("D:P")
    granted = [ace.split(";")[-1] for ace in dacl[3:].strip("()").split(")(")]
    assert granted == ["OW", "SY"]


def test_cap_name_keeps_a_name_within_255_bytes() -> None:
    """150 letters of a script with three-byte letters pass 255 bytes: the name is cut at a
    whole letter, its extension kept; a short name is unchanged."""
    long_name = "文" * 150 + ".pdf"
    capped = system.cap_name(long_name)
    assert len(capped.encode("utf-8")) <= 255
    assert capped.endswith(".pdf")
    assert capped.removesuffix(".pdf") == "文" * 83
    assert system.cap_name("photo.jpg") == "photo.jpg"
    assert len(system.cap_name("ñ" * 300).encode("utf-8")) <= 255


def test_an_export_name_fits_every_file_system_with_its_temp_file() -> None:
    """An attachment's saved name stays within 255 bytes, and is one plain name on Windows too
    (no folder, no drive)."""
    name = safe_file_name("Ж" * 149 + ".jpeg", 4)
    assert len(name.encode("utf-8")) <= 255
    assert name.endswith(".jpeg")
    windows = PureWindowsPath(name)
    assert windows.name == name
    assert not windows.drive


def test_wipe_names_folders_with_forward_slashes_on_windows() -> None:
    """The kept copies' folder, as Windows spells it, matches the name wipe looks for."""
    windows = PureWindowsPath("C:/plan") / PureWindowsPath(*JOURNAL_FILES_DIR.split("/"))
    assert str(windows.relative_to("C:/plan")) != JOURNAL_FILES_DIR  # a backslash there
    assert windows.relative_to("C:/plan").as_posix() == JOURNAL_FILES_DIR


def test_walk_never_enters_a_junction(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A junction (simulated: a folder the layer reports as a link) is listed as a name to
    remove, never entered; real folders are walked."""
    (tmp_path / "inner").mkdir()
    (tmp_path / "inner" / "kept.txt").write_text("x")
    junction = tmp_path / "junction"
    junction.mkdir()
    (junction / "elsewhere.txt").write_text("not ours")
    real_is_link = system.is_link
    monkeypatch.setattr(system, "is_link", lambda p: Path(p) == junction or real_is_link(p))
    walked = list(system.walk(tmp_path))
    assert walked == [(tmp_path, ["inner"], ["junction"]), (tmp_path / "inner", [], ["kept.txt"])]


def test_erasing_adbs_folder_leaves_what_a_junction_points_at(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A private folder (a phone check's) is erased deepest first; a junction in it is removed
    as itself (here it cannot be: it is not empty) and what it points at is never overwritten."""
    from exitplan.disk import leftovers

    folder = tmp_path / "adb"
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "adbkey").write_text("key")
    junction = folder / "junction"
    junction.mkdir()
    (junction / "photo.jpg").write_text("someone else's")
    real_is_link = system.is_link
    monkeypatch.setattr(system, "is_link", lambda p: Path(p) == junction or real_is_link(p))
    leftovers.erase_folder(folder)
    assert not (folder / "sub").exists()
    assert (junction / "photo.jpg").read_text() == "someone else's"


def test_remove_entry_removes_a_junction_as_a_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A junction cannot be unlinked like a file: it is removed with rmdir, as itself; a real
    folder is never removed this way."""
    junction = tmp_path / "junction"
    junction.mkdir()
    with pytest.raises(IsADirectoryError):
        system.remove_entry(junction)
    monkeypatch.setattr(system, "is_link", lambda p: Path(p) == junction)
    system.remove_entry(junction)
    assert not junction.exists()


def test_a_folder_on_a_stick_without_permissions_is_left_as_it_is(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A FAT stick through FUSE cannot chmod (ENOSYS): making a folder private is then left to
    the privacy check, instead of failing the journal; any other refusal is still an error."""

    def refuse(code: int) -> Any:
        def chmod(*_args: object) -> None:
            raise OSError(code, os.strerror(code))

        return chmod

    monkeypatch.setattr(os, "chmod", refuse(errno.ENOSYS))
    system.protect_folder(tmp_path)
    monkeypatch.setattr(os, "chmod", refuse(errno.EPERM))
    with pytest.raises(PermissionError):
        system.protect_folder(tmp_path)
