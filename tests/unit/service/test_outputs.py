"""Files the person asks for (service/outputs.py): checked before anything is made, never one of
exitplan's own, never a link, a device or a FIFO, never over a file without --force, written
privately and atomically, and every failure of the path one plain line."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from exitplan.base.errors import ExitplanError, StorageError
from exitplan.home.store import Store
from exitplan.service import outputs


@pytest.fixture
def store(tmp_path: Path) -> Store:
    """A store whose data folder is tmp_path/home (made, private)."""
    home = tmp_path / "home"
    home.mkdir(mode=0o700)
    return Store(home)


@pytest.fixture
def out(tmp_path: Path) -> Path:
    """A folder outside the data folder to write into."""
    folder = tmp_path / "out"
    folder.mkdir()
    return folder


def refused(store: Store, target: Path, *, force: bool = False, folder: bool = False) -> str:
    """The one plain message check_target refuses `target` with."""
    with pytest.raises(ExitplanError) as caught:
        outputs.check_target(store, target, force=force, folder=folder)
    message = str(caught.value)
    assert "\n" not in message
    return message


# -- the reasons a path cannot be used -------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (errno.ENAMETOOLONG, "the name is too long for this computer; choose a shorter one"),
        (errno.EACCES, "there is no permission to open a folder on the way"),
        (errno.EPERM, "there is no permission to open a folder on the way"),
        (errno.ENOTDIR, "a part of the path is a file, not a folder"),
        (errno.ELOOP, "it goes through too many links"),
        (errno.EIO, "Input/output error"),
    ],
)
def test_each_failure_of_a_path_has_one_plain_reason(code: int, words: str) -> None:
    """The usual failures get exitplan's own words; any other the system's."""
    error = OSError(code, os.strerror(code))
    assert outputs.path_problem(Path("x"), error) == words


# -- what is refused -------------------------------------------------------------------------


def test_a_new_file_in_a_folder_outside_the_data_folder_is_accepted(
    store: Store, out: Path
) -> None:
    """A name not yet taken, in a folder that exists and is writable: nothing to say."""
    outputs.check_target(store, out / "summary.md", force=False)


def test_one_of_exitplans_own_files_is_refused_even_with_force(store: Store) -> None:
    """The plan itself is never an output, whatever --force says."""
    message = refused(store, store.home / "plan.toml", force=True)
    assert (
        message == f"{store.home / 'plan.toml'} is one of exitplan's own files; choose another name"
    )


def test_a_name_inside_the_data_folder_is_refused(store: Store) -> None:
    """Only exitplan writes in its data folder: wipe would leave a summary there behind."""
    message = refused(store, store.home / "summary.md")
    assert message.startswith(f"{store.home / 'summary.md'} is inside exitplan's data folder")
    assert "choose a place outside it" in message


def test_a_file_in_a_folder_that_does_not_exist_is_refused(store: Store, out: Path) -> None:
    """The folder is named as missing; nothing is made."""
    target = out / "nowhere" / "summary.md"
    assert refused(store, target) == (
        f"cannot write {target}: the folder {out / 'nowhere'} does not exist"
    )
    assert not (out / "nowhere").exists()


def test_an_existing_file_is_kept_without_force_and_replaced_with_it(
    store: Store, out: Path
) -> None:
    """Without --force an existing file is refused with how to replace it; with it, accepted."""
    target = out / "summary.md"
    target.write_text("mine", encoding="utf-8")
    assert refused(store, target) == (
        f"{target} already exists; nothing was written. Choose another name, or add --force to "
        "replace it"
    )
    outputs.check_target(store, target, force=True)
    assert target.read_text(encoding="utf-8") == "mine"


def test_a_link_is_refused_even_with_force(store: Store, out: Path) -> None:
    """A link (to a file that exists or not) is never written through."""
    real = out / "real.md"
    real.write_text("theirs", encoding="utf-8")
    link = out / "link.md"
    link.symlink_to(real)
    dangling = out / "dangling.md"
    dangling.symlink_to(out / "absent.md")
    for target in (link, dangling):
        assert "is not a file exitplan may write over" in refused(store, target, force=True)
    assert real.read_text(encoding="utf-8") == "theirs"


def test_a_device_a_fifo_and_a_folder_are_not_files_to_write_over(store: Store, out: Path) -> None:
    """/dev/null, a FIFO and a folder are refused as files, even with --force."""
    fifo = out / "pipe"
    os.mkfifo(fifo)
    folder = out / "folder"
    folder.mkdir()
    for target in (Path("/dev/null"), fifo, folder):
        message = refused(store, target, force=True)
        assert message == (
            f"{target} is not a file exitplan may write over (it is a link, a device or another "
            "kind of file); nothing was written. Choose another name"
        )


def test_a_path_through_a_file_is_refused_plainly(store: Store, out: Path) -> None:
    """A name under a file (not a folder) gets the plain reason and says nothing was written."""
    (out / "file").write_text("", encoding="utf-8")
    target = out / "file" / "summary.md"
    assert refused(store, target) == (
        f"cannot write {target}: a part of the path is a file, not a folder; nothing was written"
    )


def test_a_name_too_long_or_a_loop_of_links_is_refused_plainly(store: Store, out: Path) -> None:
    """A name longer than the file system allows, and a path through links that point at each
    other, each get one plain line."""
    long = out / ("x" * 300)
    assert "the name is too long for this computer" in refused(store, long)
    (out / "a").symlink_to(out / "b")
    (out / "b").symlink_to(out / "a")
    assert "it goes through too many links" in refused(store, out / "a" / "summary.md")


def test_a_read_only_folder_is_refused(
    store: Store, out: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder the person may not write in is named as read-only (the system is asked)."""
    asked: list[tuple[str, int]] = []

    def read_only(path: object, mode: int) -> bool:
        asked.append((str(path), mode))
        return False

    monkeypatch.setattr(os, "access", read_only)
    target = out / "summary.md"
    assert refused(store, target) == f"cannot write {target}: the folder {out} is read-only for you"
    assert asked == [(str(out), os.W_OK | os.X_OK)]


# -- folders ---------------------------------------------------------------------------------


def test_an_output_folder_may_be_new_or_empty_but_not_full(store: Store, out: Path) -> None:
    """`--folder`: a new name or an empty folder is accepted; a folder with something in it,
    or a file, is refused, even with --force."""
    outputs.check_target(store, out / "new", force=False, folder=True)
    (out / "empty").mkdir()
    outputs.check_target(store, out / "empty", force=False, folder=True)
    (out / "full").mkdir()
    (out / "full" / "theirs.txt").write_text("x", encoding="utf-8")
    assert refused(store, out / "full", force=True, folder=True) == (
        f"{out / 'full'} is a folder that is not empty; give a new or empty folder"
    )
    (out / "file").write_text("", encoding="utf-8")
    assert "is not a folder exitplan may write over" in refused(
        store, out / "file", force=True, folder=True
    )


# -- writing ---------------------------------------------------------------------------------


def test_an_output_file_is_written_for_its_owner_only(out: Path) -> None:
    """The file holds the bytes given, readable and writable by its owner only, even under a
    permissive umask, and replaces what was there."""
    target = out / "summary.md"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o644)
    outputs.write_private(target, b"# My plan\n")
    assert target.read_bytes() == b"# My plan\n"
    assert target.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in out.iterdir()) == ["summary.md"]  # no temporary file left


def test_an_output_file_that_cannot_be_written_is_a_storage_error(out: Path) -> None:
    """A folder that is gone is one plain storage error."""
    with pytest.raises(StorageError):
        outputs.write_private(out / "gone" / "summary.md", b"x")


def test_an_output_folder_is_made_for_its_owner_only(out: Path) -> None:
    """A new folder is 0700; an existing one is kept and made private."""
    outputs.make_private_folder(out / "export")
    assert (out / "export").stat().st_mode & 0o777 == 0o700
    (out / "open").mkdir(mode=0o755)
    (out / "open").chmod(0o755)
    outputs.make_private_folder(out / "open")
    assert (out / "open").stat().st_mode & 0o777 == 0o700


def test_a_folder_that_cannot_be_made_is_one_plain_error(out: Path) -> None:
    """Under a folder that does not exist: `could not create the folder`, with the reason."""
    with pytest.raises(StorageError, match=r"could not create the folder .*missing.*\(") as caught:
        outputs.make_private_folder(out / "missing" / "export")
    assert "Traceback" not in str(caught.value)
