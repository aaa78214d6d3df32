"""Privacy's decisions in the service: the new passphrase's rule, where's files, wipe's outside."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import EXIT, MONEY, PLANNED, TODAY, make_home

from exitplan.base.errors import ExitplanError, StorageError
from exitplan.service import privacy
from exitplan.service.results import Look
from exitplan.service.workspace import Workspace

PASSPHRASE = "four calm words"  # noqa: S105 - a test passphrase


@pytest.fixture
def ws(home: Path, no_builtins: Path) -> Workspace:
    """A workspace with a plain plan of the money checklist."""
    make_home(home, MONEY)
    Workspace(home, PLANNED).init(EXIT, [MONEY])
    return Workspace(home, TODAY, lambda: PASSPHRASE)


def test_a_new_passphrase_needs_eight_characters() -> None:
    """Eight characters are enough to be set, seven are not."""
    assert privacy.long_enough("x" * privacy.MIN_PASSPHRASE)
    assert not privacy.long_enough("x" * (privacy.MIN_PASSPHRASE - 1))


def test_a_short_new_passphrase_from_a_file_is_refused(tmp_path: Path) -> None:
    """A new passphrase file is read with its checks, and a short first line is refused."""
    path = tmp_path / "new"
    path.write_text("short\n", encoding="utf-8")
    path.chmod(0o600)
    with pytest.raises(ExitplanError, match="shorter than 8 characters"):
        privacy.new_passphrase_from_file(path)
    path.write_text(f"{PASSPHRASE}\n", encoding="utf-8")
    assert privacy.new_passphrase_from_file(path) == PASSPHRASE
    path.chmod(0o644)
    with pytest.raises(ExitplanError, match="can be read by other users"):
        privacy.new_passphrase_from_file(path)


def test_an_encrypt_finishes_only_a_sealed_plan(ws: Workspace, home: Path) -> None:
    """A plain plan gets its first passphrase; once sealed, an encrypt only finishes."""
    assert not privacy.encrypt_is_finishing(ws)
    ws.encrypt(lambda: PASSPHRASE)
    assert privacy.encrypt_is_finishing(Workspace(home, TODAY, lambda: PASSPHRASE))


def test_where_lists_every_file_with_its_size(ws: Workspace, home: Path) -> None:
    """Every file of the folder is listed by its name in the folder, its size and kind."""
    found = privacy.home_files(ws)
    assert (found.home, found.exists) == (home, True)
    rows = {row.name: row for row in found.rows}
    assert rows["plan.toml"].size == (home / "plan.toml").stat().st_size
    assert rows["plan.toml"].kind == "plain text"


def test_where_names_a_missing_folder_with_no_files(tmp_path: Path) -> None:
    """A folder not made yet has no files and is said not to exist."""
    found = privacy.home_files(Workspace(tmp_path / "none", TODAY))
    assert (found.exists, found.rows) == (False, [])


def test_where_shows_the_folder_then_a_line_per_file_fitted_only_at_a_terminal(
    ws: Workspace, home: Path
) -> None:
    """`where`'s screen: the folder, then each file indented; piped, one line each (as scripts
    read it); at a terminal, a line wider than it wraps between words, the rest indented more."""
    found = privacy.home_files(ws)
    piped = found.screen(Look(columns=20)).splitlines()
    assert piped[0] == str(home)
    assert len(piped) == 1 + len(found.rows)
    assert any(line.startswith("  plan.toml  (") and "plain text)" in line for line in piped)
    fitted = found.screen(Look(columns=20, terminal=True)).splitlines()
    assert len(fitted) > len(piped)
    assert all(line.startswith("  ") for line in fitted[1:])
    assert any(line.startswith("    ") for line in fitted[1:])  # a wrapped line's rest
    assert found.after == ()


def test_where_says_after_the_folder_that_nothing_is_there(ws: Workspace, tmp_path: Path) -> None:
    """An empty folder, or one not made yet, is said on stderr after the folder is shown."""
    missing = privacy.home_files(Workspace(tmp_path / "none", TODAY))
    assert missing.after == ("Nothing is stored there yet.",)
    assert missing.notes == ()
    assert missing.screen(Look()) == f"{tmp_path / 'none'}\n"
    (tmp_path / "empty").mkdir(mode=0o700)
    assert privacy.home_files(Workspace(tmp_path / "empty", TODAY)).after == (
        "The folder is empty.",
    )


def test_where_refuses_a_home_that_is_a_link(ws: Workspace, home: Path, tmp_path: Path) -> None:
    """A data folder that is a link is refused: the folder it leads to is never listed."""
    link = tmp_path / "link"
    link.symlink_to(home, target_is_directory=True)
    with pytest.raises(StorageError, match="is a link to"):
        privacy.home_files(Workspace(link, TODAY))


def test_an_outside_file_is_erased_only_as_written(ws: Workspace, tmp_path: Path) -> None:
    """A file still as exitplan wrote it is erased; a changed one is left; a gone one said."""
    kept, changed, gone = (tmp_path / name for name in ("kept.md", "changed.md", "gone.md"))
    for path in (kept, changed, gone):
        path.write_text("the summary\n", encoding="utf-8")
    ws.remember_outside([(kept, "summary"), (changed, "summary"), (gone, "summary")])
    changed.write_text("someone else's words\n", encoding="utf-8")
    gone.unlink()
    rows = {Path(row.path).name: row for row in ws.outside_files()}
    states = {name: privacy.outside_state(row) for name, row in rows.items()}
    assert states == {"kept.md": "same", "changed.md": "changed", "gone.md": "gone"}
    assert privacy.erase_outside_file(rows["changed.md"]) == "changed"
    assert changed.read_text(encoding="utf-8") == "someone else's words\n"
    assert privacy.erase_outside_file(rows["kept.md"]) == "same"
    assert not kept.exists()
