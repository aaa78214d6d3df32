"""Getting the journal out, decided by the service: the format, the checked target, the files
written privately and remembered, and the words said afterwards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import TODAY

from exitplan.base.errors import ExitplanError
from exitplan.journal.entry import JournalError
from exitplan.service import journal as logbook
from exitplan.service import logexport
from exitplan.service.workspace import Workspace

PHOTO = b"\x89PNG not really a picture"


@pytest.fixture
def ws(home: Path) -> Workspace:
    """A plain journal of one entry with one attached file (record 2), and no plan."""
    ws = Workspace(home, TODAY)
    fields = logbook.read_fields(ws, {"what": "He took the car keys."})
    logbook.add_with_files(ws, fields, [("photo.png", PHOTO)])
    return ws


def test_the_format_follows_the_option_then_the_name() -> None:
    """--format first; else the --output name's extension; else Markdown."""
    assert logexport.export_format(Path("j.html"), None) == "html"
    assert logexport.export_format(Path("j.html"), "json") == "json"
    assert logexport.export_format(Path("j.txt"), None) == "markdown"
    assert logexport.export_format(None, None) == "markdown"


def test_a_pdf_name_is_refused(tmp_path: Path) -> None:
    """A .pdf name without --format is refused: a page would only pretend to be one."""
    with pytest.raises(ExitplanError, match=r"cannot write a \.pdf file"):
        logexport.export_format(tmp_path / "j.pdf", None)


def test_one_page_is_written_privately_and_remembered(ws: Workspace, tmp_path: Path) -> None:
    """`log export --output`: a 0600 page in the format its name says, kept for `wipe`."""
    target = tmp_path / "journal.json"
    notes = logexport.export_file(ws, target, None, force=False)
    assert target.stat().st_mode & 0o777 == 0o600
    assert json.loads(target.read_text(encoding="utf-8"))
    assert notes == (
        f"Saved the journal (json) to {target}. It holds everything you wrote: keep it private.",
    )
    assert str(target) in {written.path for written in ws.outside_files()}


def test_a_page_never_replaces_a_file_without_force(ws: Workspace, tmp_path: Path) -> None:
    """An existing file is refused without --force, and left as it was."""
    target = tmp_path / "journal.md"
    target.write_text("mine", encoding="utf-8")
    with pytest.raises(ExitplanError):
        logexport.export_file(ws, target, None, force=False)
    assert target.read_text(encoding="utf-8") == "mine"


def test_a_folder_holds_the_page_and_every_file(ws: Workspace, tmp_path: Path) -> None:
    """`log export --folder`: the page and the attached file, its bytes exact, counted."""
    counted: list[int] = []
    done = logexport.export_folder(ws, tmp_path / "out", "html", counted.append)
    assert (tmp_path / "out" / "files" / "photo.png").read_bytes() == PHOTO
    assert (tmp_path / "out" / "journal.html").is_file()
    assert sum(counted) == len(PHOTO)
    assert done.failure is None
    assert "journal.html and 1 attached file in files/" in done.notes[0]


def test_a_changed_copy_is_named_and_the_rest_still_written(ws: Workspace, tmp_path: Path) -> None:
    """A kept copy that no longer matches its hash is left out and named as the failure."""
    (ws.home / "journal" / "files" / "000002").write_bytes(b"changed")
    done = logexport.export_folder(ws, tmp_path / "out", "markdown")
    assert done.failure is not None
    assert done.failure.startswith("1 attached file was not saved")
    assert (tmp_path / "out" / "journal.md").is_file()
    assert not (tmp_path / "out" / "files" / "photo.png").exists()
    assert "0 attached files" in done.notes[0]


def test_one_file_goes_to_its_own_name_here(
    ws: Workspace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`log file 2` without --output: its recorded name, in the current folder, its size known."""
    monkeypatch.chdir(tmp_path)
    chosen = logexport.file_to_save(ws, 2, None, force=False)
    assert (chosen.target, chosen.size) == (tmp_path / "photo.png", len(PHOTO))
    notes = logexport.save_file(ws, chosen)
    assert chosen.target.read_bytes() == PHOTO
    assert notes == (f"Saved file 2 to {chosen.target}, checked against its SHA-256.",)


def test_an_entry_is_not_a_file(ws: Workspace) -> None:
    """`log file 1` names an entry: refused before anything is written."""
    with pytest.raises(JournalError, match="not an attached file"):
        logexport.file_to_save(ws, 1, None, force=False)


def test_a_plain_journal_is_not_copied(ws: Workspace, tmp_path: Path) -> None:
    """`log copy` of a journal that is not encrypted is refused, and no folder appears."""
    with pytest.raises(ExitplanError, match="not encrypted"):
        logexport.sealed_copy(ws, tmp_path / "usb")
    assert not (tmp_path / "usb").exists()
