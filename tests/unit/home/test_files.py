"""Every file of the data folder: what `where` lists (links and special files named, never
followed or opened), and the wipe: everything checked before anything is erased, each file
zeroed before it is deleted, the person's own files left alone."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from exitplan.base.errors import StorageError
from exitplan.base.limits import SEALED_COPY_MARK, SEALED_MARK
from exitplan.disk import system
from exitplan.disk.safeio import overwrite
from exitplan.home import files
from exitplan.home.files import (
    WipeContents,
    WipeRefused,
    contents,
    describe_files,
    erase,
    erase_lock_file,
    find_erasure,
    leftovers,
)

SEALED = SEALED_MARK + bytes(40)
StrPath = str | os.PathLike[str]


def put(home: Path, rel: str, data: bytes = b"x") -> Path:
    """Write `data` to `rel` under `home`, making its folders."""
    path = home / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A private data folder holding a plain plan, its lock, a backup, a checklist, two journal
    records with one attached copy, the cache, and one file of the person's own."""
    folder = tmp_path / "home"
    folder.mkdir(mode=0o700)
    put(folder, "plan.toml", b"schema = 1\n")
    put(folder, ".lock", b"")
    put(folder, "backups/plan-2026-11-30.toml", b"schema = 1\n")
    put(folder, "backups/.plan-2026-11-30.toml.a1b2.tmp")
    put(folder, "checklists/mine.toml")
    put(folder, "journal/000001.rec", b'{"n":1}')
    put(folder, "journal/000002.rec", b'{"n":2}')
    put(folder, "journal/files/0001.bin", b"photo")
    put(folder, "journal/files/.0002.bin.c3d4.tmp")
    put(folder, "cache/plan.json", b"{}")
    put(folder, "cache/catalog.es.json", b"{}")
    put(folder, "notes.txt", b"mine")
    return folder


def kinds(home: Path) -> dict[str, str]:
    """What `where` calls each file of `home`, by its path."""
    return {path: kind for path, _, kind in describe_files(home)}


# -- where ---------------------------------------------------------------------------------------


def test_a_missing_folder_has_no_files(tmp_path: Path) -> None:
    """`where` of a folder that is not there lists nothing (and makes nothing)."""
    assert describe_files(tmp_path / "absent") == []
    assert not (tmp_path / "absent").exists()


def test_every_file_is_listed_with_its_size_and_what_it_is(home: Path) -> None:
    """Each file, sorted by path, with its size and its kind in the person's words."""
    put(home, "plan.key", SEALED)
    put(home, "journal/000003.rec", SEALED_COPY_MARK + b"rest")
    rows = {path: (size, kind) for path, size, kind in describe_files(home)}
    assert rows["plan.toml"] == (11, "plain text")
    assert rows[".lock"] == (0, "lock file, empty")
    assert rows["plan.key"] == (48, "key file: the plan's key, locked by the passphrase")
    assert rows["journal/files/0001.bin"] == (5, "a copy of an attached file, not encrypted")
    assert rows["journal/000003.rec"] == (12, "encrypted")
    assert rows["notes.txt"] == (4, "plain text")
    assert [path for path, _, _ in describe_files(home)] == sorted(rows)


def test_a_sealed_file_is_called_encrypted_wherever_it_is(home: Path) -> None:
    """A file that starts with the sealed mark is encrypted; the same name plain is plain."""
    put(home, "plan.toml", SEALED)
    put(home, "backups/plan-2026-11-30.toml", SEALED)
    rows = kinds(home)
    assert rows["plan.toml"] == rows["backups/plan-2026-11-30.toml"] == "encrypted"


def test_the_list_of_files_outside_says_whether_it_is_sealed(home: Path) -> None:
    """outside.json is named for what it holds, plain or encrypted."""
    put(home, "outside.json", b"[]")
    plain = kinds(home)["outside.json"]
    put(home, "outside.json", SEALED)
    sealed = kinds(home)["outside.json"]
    assert plain.endswith("with their hashes: plain text")
    assert sealed.endswith("with their hashes: encrypted")


def test_a_known_name_in_a_subfolder_is_not_the_known_file(home: Path) -> None:
    """Only the key file at the top is the key file: a `plan.key` in backups/ is plain text."""
    put(home, "backups/plan.key", b"not a key")
    assert kinds(home)["backups/plan.key"] == "plain text"


def test_links_are_named_and_never_followed(home: Path, tmp_path: Path) -> None:
    """A link to a file or a folder is listed with its target; nothing behind it is listed."""
    outside = tmp_path / "outside"
    put(outside, "secret.txt", b"theirs")
    (home / "linked").symlink_to(outside)
    (home / "system").symlink_to("/etc/hosts")
    rows = {path: kind for path, _, kind in describe_files(home)}
    assert rows["linked"] == f"a link to {outside}, never followed"
    assert rows["system"] == "a link to /etc/hosts, never followed"
    assert not any(path.startswith("linked/") for path in rows)


def test_a_special_file_is_named_and_never_opened(home: Path) -> None:
    """A FIFO (opening it would hang) is named as not a regular file."""
    os.mkfifo(home / "pipe")
    assert kinds(home)["pipe"] == ("not a regular file, never opened")


def test_a_name_with_a_control_character_stays_on_one_line(home: Path) -> None:
    """A file name holding a new line or an escape is shown with U+FFFD in their place, so it
    can never fake a line of output or rewrite the terminal."""
    put(home, "a\nb\x1b[2J.txt")
    (home / "x\x1b]0;title\x07").symlink_to("t\nu")
    shown = [(path, kind) for path, _, kind in describe_files(home) if "\ufffd" in path]
    assert [path for path, _ in shown] == ["a\ufffdb\ufffd[2J.txt", "x\ufffd]0;title\ufffd"]
    assert shown[1][1] == "a link to t\ufffdu, never followed"


def test_a_file_that_cannot_be_read_says_why(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file whose first bytes cannot be read is still listed, with the reason."""

    def refused(path: Path, limit: int) -> bytes:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(files, "read_capped", refused)
    shown = kinds(home)
    assert shown["notes.txt"].startswith("cannot be read: ")
    assert shown[".lock"] == "lock file, empty"  # known by name: never read


def closed_folder(monkeypatch: pytest.MonkeyPatch, closed: Path) -> None:
    """Make `closed` a folder this user cannot open, as its mode 000 would for anyone but root
    (the suite may run as root): opening it, or reaching anything inside it, is refused."""
    real_access, real_scandir, real_stat = os.access, os.scandir, os.stat

    def inside(path: StrPath) -> bool:
        return Path(path) == closed or closed in Path(path).parents

    def access(path: StrPath, mode: int, **kwargs: Any) -> bool:
        return not (Path(path) == closed and mode & os.R_OK) and real_access(path, mode, **kwargs)

    def scandir(path: StrPath = ".") -> Iterator[os.DirEntry[str]]:
        if inside(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    def stat(path: StrPath, **kwargs: Any) -> os.stat_result:
        if Path(path) != closed and inside(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real_stat(path, **kwargs)

    monkeypatch.setattr(os, "access", access)
    monkeypatch.setattr(os, "scandir", scandir)
    monkeypatch.setattr(os, "stat", stat)


def test_a_folder_that_cannot_be_opened_is_named_never_passed_over(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder `where` cannot look inside is listed with the reason: the folder is never
    called empty while it may hold the journal."""
    closed_folder(monkeypatch, home / "journal")
    shown = kinds(home)
    assert shown["journal"] == "cannot be read: Permission denied"
    assert "journal/000001.rec" not in shown
    assert shown["plan.toml"] == "plain text"


# -- what a wipe erases --------------------------------------------------------------------------


def names(home: Path, paths: list[Path]) -> list[str]:
    """The paths relative to `home`, as text."""
    return [path.relative_to(home).as_posix() for path in paths]


def test_a_wipe_finds_exitplan_s_files_and_leaves_the_person_s(home: Path) -> None:
    """Exitplan's files, temp files and cache are found; the person's notes and a file of
    another kind in exitplan's folders are not."""
    put(home, "backups/photo.jpg")
    put(home, "cache/other.json")
    found = find_erasure(home)
    assert sorted(names(home, found.files)) == [
        ".lock",
        "backups/.plan-2026-11-30.toml.a1b2.tmp",
        "backups/plan-2026-11-30.toml",
        "cache/catalog.es.json",
        "cache/plan.json",
        "checklists/mine.toml",
        "journal/000001.rec",
        "journal/000002.rec",
        "journal/files/.0002.bin.c3d4.tmp",
        "journal/files/0001.bin",
        "plan.toml",
    ]
    assert found.sealed is False


def test_folders_are_removed_deepest_first(home: Path) -> None:
    """journal/files comes before journal, so each folder is empty when its turn comes."""
    folders = names(home, find_erasure(home).folders)
    assert folders.index("journal/files") < folders.index("journal")
    assert sorted(folders) == ["backups", "cache", "checklists", "journal", "journal/files"]


@pytest.mark.parametrize(
    ("rel", "data"),
    [("plan.key", b"anything"), ("journal/000003.rec", SEALED), ("plan.toml", SEALED)],
)
def test_a_wipe_knows_when_something_was_encrypted(home: Path, rel: str, data: bytes) -> None:
    """The key file, or any sealed file of exitplan's, makes the erasure a sealed one."""
    put(home, rel, data)
    assert find_erasure(home).sealed is True


def test_a_wipe_counts_what_it_will_erase(home: Path) -> None:
    """The plan, backups, checklists, journal records and attached copies are counted, temp
    files aside, before the person is asked."""
    put(home, "plan.key", SEALED)
    assert contents(home, find_erasure(home)) == WipeContents(
        plan=True, backups=1, checklists=1, records=2, copies=1, key=True
    )


def test_an_empty_folder_has_nothing_to_erase(tmp_path: Path) -> None:
    """A folder with nothing of exitplan's: no files, no folders, nothing counted."""
    erasure = find_erasure(tmp_path)
    assert (erasure.files, erasure.folders, erasure.sealed) == ([], [], False)
    assert contents(tmp_path, erasure) == WipeContents(False, 0, 0, 0, 0, False)


def test_a_run_s_private_folder_is_erased_with_everything_in_it(home: Path) -> None:
    """A killed phone check's private folder (its adb key) goes, links in it included and
    never followed."""
    put(home, ".adb-x1/adbkey", b"key")
    (home / ".adb-x1" / "out").symlink_to("/etc")
    erasure = find_erasure(home)
    assert {".adb-x1/adbkey", ".adb-x1/out"} <= set(names(home, erasure.files))
    assert ".adb-x1" in names(home, erasure.folders)


def test_a_linked_folder_refuses_the_whole_wipe(home: Path, tmp_path: Path) -> None:
    """A folder of exitplan's that is a link: the wipe names it and how to remove the link,
    and finds nothing to erase."""
    target = tmp_path / "elsewhere"
    target.mkdir()
    (home / "cache" / "plan.json").unlink()
    (home / "cache" / "catalog.es.json").unlink()
    (home / "cache").rmdir()
    (home / "cache").symlink_to(target)
    with pytest.raises(WipeRefused) as refused:
        find_erasure(home)
    message = str(refused.value)
    assert message.startswith(f"cache in {home} is a link to {target};")
    assert f"rm '{home / 'cache'}'" in message
    assert message.endswith("Nothing was erased")


def test_a_linked_file_of_exitplan_s_refuses_the_whole_wipe(home: Path) -> None:
    """plan.toml as a link: refused, naming it; a link of the person's own is not looked at."""
    (home / "mine").symlink_to("/etc/passwd")
    assert find_erasure(home).files  # the person's link does not stop the wipe
    (home / "plan.toml").unlink()
    (home / "plan.toml").symlink_to("/etc/passwd")
    with pytest.raises(WipeRefused, match=r"plan.toml in .* is a link to /etc/passwd"):
        find_erasure(home)


def test_a_read_only_folder_refuses_the_whole_wipe(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder the person cannot write to: refused, with the chmod that fixes it."""
    journal = home / "journal"
    real = os.access
    monkeypatch.setattr(
        os, "access", lambda p, m: not (Path(p) == journal and m & os.W_OK) and real(p, m)
    )
    with pytest.raises(WipeRefused) as refused:
        find_erasure(home)
    assert f"the folder {journal} is read-only for you" in str(refused.value)
    assert f"chmod u+rwx '{journal}'" in str(refused.value)


def test_a_folder_that_cannot_be_opened_refuses_the_whole_wipe(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder of exitplan's the person cannot look inside (the journal, mode 000): refused
    with the folder and the chmod that opens it, never a traceback, nothing erased."""
    journal = home / "journal"
    closed_folder(monkeypatch, journal)
    with pytest.raises(WipeRefused) as refused:
        find_erasure(home)
    assert str(refused.value) == (
        f"cannot look inside {journal}, so wipe cannot check what is in it; make it writable "
        f"with: chmod u+rwx '{journal}', then run wipe again. Nothing was erased"
    )


def test_another_account_s_file_refuses_the_whole_wipe(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file of exitplan's that belongs to another user account: refused, saying who must
    delete it."""
    plan = home / "plan.toml"
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, m: Path(p) != plan and real(p, m))
    monkeypatch.setattr(system, "owned_by_me", lambda owner: False)
    with pytest.raises(WipeRefused, match="belongs to another user account"):
        find_erasure(home)


# -- erasing -------------------------------------------------------------------------------------


def test_erasing_zeroes_each_file_then_deletes_it(home: Path, tmp_path: Path) -> None:
    """Every byte of a file is overwritten with zeros before it goes (a second name for the
    same file shows it), and exitplan's folders go when empty."""
    witness = tmp_path / "witness"
    os.link(home / "journal" / "000001.rec", witness)
    erase(home, find_erasure(home))
    assert witness.read_bytes() == bytes(7)
    assert leftovers(home) == ["notes.txt"]
    assert (home / "notes.txt").read_bytes() == b"mine"


def test_a_folder_holding_the_person_s_file_stays(home: Path) -> None:
    """A folder of exitplan's that holds something else is kept, with that thing."""
    put(home, "backups/photo.jpg", b"jpg")
    erase(home, find_erasure(home))
    assert leftovers(home) == ["backups", "backups/photo.jpg", "notes.txt"]


def test_the_lock_file_is_erased_last(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lock the caller holds goes after every other file."""
    order: list[str] = []
    monkeypatch.setattr(files, "overwrite", lambda path: order.append(path.name))
    erase(home, find_erasure(home))
    assert order[-1] == ".lock"
    assert len(order) == 11


def test_on_windows_the_held_lock_is_left_for_later(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows cannot delete a file held open: the lock stays until `erase_lock_file`."""
    monkeypatch.setattr(system, "on_windows", lambda: True)
    erase(home, find_erasure(home))
    assert leftovers(home) == [".lock", "notes.txt"]
    erase_lock_file(home)
    assert leftovers(home) == ["notes.txt"]


def test_a_file_already_gone_is_no_failure(home: Path) -> None:
    """A file deleted between the check and the erasing is simply skipped."""
    erasure = find_erasure(home)
    (home / "plan.toml").unlink()
    erase(home, erasure)
    assert leftovers(home) == ["notes.txt"]


def test_a_file_that_cannot_be_erased_is_named_and_the_rest_still_goes(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One failure: named with its reason, everything else erased; more: counted."""
    real = overwrite

    def stuck(*stuck_names: str) -> None:
        def overwrite(path: Path) -> None:
            if path.name in stuck_names:
                raise PermissionError(13, "Permission denied")
            real(path)

        monkeypatch.setattr(files, "overwrite", overwrite)

    stuck("plan.toml")
    with pytest.raises(StorageError) as one:
        erase(home, find_erasure(home))
    assert str(one.value).startswith(f"could not erase {home / 'plan.toml'} (")
    assert str(one.value).endswith("); the rest was erased")
    assert leftovers(home) == ["notes.txt", "plan.toml"]
    put(home, "checklists/a.toml")
    put(home, "checklists/b.toml")
    stuck("plan.toml", "a.toml", "b.toml")
    with pytest.raises(StorageError, match=r"and 2 more; the rest was erased"):
        erase(home, find_erasure(home))


def test_a_lock_file_that_is_a_link_is_not_deleted_through(home: Path) -> None:
    """`erase_lock_file` never deletes a link in the lock's place; a missing lock is fine."""
    (home / ".lock").unlink()
    erase_lock_file(home)
    (home / ".lock").symlink_to(home / "notes.txt")
    erase_lock_file(home)
    assert (home / ".lock").is_symlink()
    assert (home / "notes.txt").read_bytes() == b"mine"


def test_what_is_left_is_listed_without_following_links(home: Path, tmp_path: Path) -> None:
    """`leftovers` lists folders and files relative to the home, sorted, and does not walk
    into a linked folder; a missing home leaves nothing."""
    outside = tmp_path / "outside"
    put(outside, "theirs.txt")
    (home / "linked").symlink_to(outside)
    found = leftovers(home)
    assert "linked" in found
    assert not any(name.startswith("linked/") for name in found)
    assert found == sorted(found)
    assert leftovers(tmp_path / "absent") == []
