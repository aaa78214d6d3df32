"""Where a path is, as a case-insensitive file system sees names."""

from __future__ import annotations

from pathlib import Path, PurePath

from exitplan.base.limits import is_own
from exitplan.disk.paths import inside, key_file_here


def test_a_path_spelt_in_other_capitals_is_inside_the_folder(tmp_path: Path) -> None:
    """On FAT or macOS `HOME/PLAN.TOML` is `home/plan.toml`: it counts as inside, and own."""
    home = tmp_path / "home"
    home.mkdir()
    found = inside(tmp_path / "HOME" / "PLAN.TOML", home)
    assert found == PurePath("PLAN.TOML")
    assert is_own(found)
    assert is_own(PurePath("Journal", "000001.REC"))
    assert not is_own(PurePath("notes.md"))


def test_a_folder_reached_through_a_link_is_the_same_folder(tmp_path: Path) -> None:
    """A link to the home (or to a folder in it) leads inside it."""
    home = tmp_path / "home"
    (home / "backups").mkdir(parents=True)
    (tmp_path / "door").symlink_to(home / "backups")
    assert inside(tmp_path / "door" / "x.toml", home) == PurePath("backups", "x.toml")


def test_a_path_elsewhere_is_not_inside(tmp_path: Path) -> None:
    """A sibling folder, even one whose name starts the same, is outside."""
    home = tmp_path / "home"
    home.mkdir()
    (tmp_path / "homework").mkdir()
    assert inside(tmp_path / "homework" / "plan.toml", home) is None


def test_a_key_file_is_plan_key_or_the_next_one_or_a_link_of_that_name(tmp_path: Path) -> None:
    """plan.key, plan.key.next (an unfinished passphrase change) or a link of either name,
    even a broken one, is a key file here; other files are not."""
    assert not key_file_here(tmp_path)
    (tmp_path / "plan.keys").write_bytes(b"")
    assert not key_file_here(tmp_path)
    for name in ("plan.key", "plan.key.next"):
        (tmp_path / name).write_bytes(b"")
        assert key_file_here(tmp_path), name
        (tmp_path / name).unlink()
        (tmp_path / name).symlink_to(tmp_path / "gone")
        assert key_file_here(tmp_path), name
        (tmp_path / name).unlink()
    assert not key_file_here(tmp_path)
