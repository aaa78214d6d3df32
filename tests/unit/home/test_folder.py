"""The data folder's own checks: a folder or plan others could read is refused with the command
that makes it private, a shared folder (like /tmp) is never used directly, no link is followed,
and a sealed plan's cache is never opened."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from exitplan.base.errors import PlanError, StorageError
from exitplan.base.limits import SEALED_MARK
from exitplan.home.folder import Folder


@pytest.fixture
def private(tmp_path: Path) -> Folder:
    """A private data folder holding a private plan."""
    home = tmp_path / "home"
    home.mkdir(mode=0o700)
    (home / "plan.toml").write_text("schema = 1\n", encoding="utf-8")
    (home / "plan.toml").chmod(0o600)
    return Folder(home)


def test_a_private_folder_and_plan_pass(private: Folder) -> None:
    """Owner-only folder and file: nothing to say."""
    private.check_private()


def test_a_plan_others_can_read_is_refused_with_the_fix(private: Folder) -> None:
    """A plan readable by the group or others is refused, naming the chmod that fixes it."""
    private.plan_path.chmod(0o640)
    with pytest.raises(PlanError) as caught:
        private.check_private()
    assert str(caught.value) == (
        f"the file {private.plan_path} can be read by other users of this computer; make it "
        f"private with: chmod 600 '{private.plan_path}'"
    )


def test_a_folder_others_can_enter_is_refused_with_the_fix(private: Folder) -> None:
    """A data folder others can open is refused, naming chmod 700."""
    private.home.chmod(0o750)
    with pytest.raises(PlanError, match=r"chmod 700"):
        private.check_private()


@pytest.mark.parametrize("mode", [0o1777, 0o777])
def test_a_shared_folder_is_never_the_data_folder(tmp_path: Path, mode: int) -> None:
    """A folder like /tmp (sticky or writable by anyone) is never used directly; the message
    says to give a new folder inside it."""
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(mode)
    with pytest.raises(PlanError, match=r"is shared with other users of this computer"):
        Folder(shared).check_private()


def test_a_data_folder_that_is_a_link_is_refused(tmp_path: Path, private: Folder) -> None:
    """A data folder given as a link is refused, naming the real folder to give instead."""
    link = tmp_path / "link"
    os.symlink(private.home, link)
    with pytest.raises(StorageError, match=r"is a link to .*Give the real folder instead"):
        Folder(link).check_private()


def test_a_link_in_place_of_the_plan_is_refused(tmp_path: Path, private: Folder) -> None:
    """A link where exitplan keeps its plan is refused, never followed."""
    outside = tmp_path / "outside.toml"
    outside.write_text("schema = 1\n", encoding="utf-8")
    private.plan_path.unlink()
    os.symlink(outside, private.plan_path)
    with pytest.raises(StorageError):
        private.check_private()


def test_a_sealed_plan_s_cache_is_never_opened(private: Folder) -> None:
    """A cache file is read only beside a plain plan, and never when it is itself sealed."""
    assert private.open_cache(b"{}") == b"{}"
    assert private.open_cache(SEALED_MARK + b"x") is None
    private.plan_path.write_bytes(SEALED_MARK + b"sealed")
    assert private.is_encrypted()
    assert private.open_cache(b"{}") is None
    private.plan_path.unlink()
    assert private.open_cache(b"{}") is None
    assert not private.exists()
