"""The summary's service: the format chosen before anything is made, the text, the private copy."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import EXIT, MONEY, PLANNED, TODAY, make_home

from exitplan.base.errors import ExitplanError
from exitplan.service import journal as logbook
from exitplan.service import summary
from exitplan.service.results import Look
from exitplan.service.workspace import Workspace


@pytest.fixture
def ws(home: Path, no_builtins: Path) -> Workspace:
    """A workspace with a plan of the money checklist."""
    make_home(home, MONEY)
    Workspace(home, PLANNED).init(EXIT, [MONEY])
    return Workspace(home, TODAY)


def test_the_format_follows_the_option_then_the_name(ws: Workspace, tmp_path: Path) -> None:
    """--format first; else the file's name; else text."""
    assert summary.chosen_format(ws, tmp_path / "a.md", None, force=False) == "markdown"
    assert summary.chosen_format(ws, tmp_path / "a.md", "json", force=False) == "json"
    assert summary.chosen_format(ws, None, None, force=False) == "text"


def test_a_pdf_is_refused_before_anything_is_made(ws: Workspace, tmp_path: Path) -> None:
    """A .pdf name without --format is refused, and no file appears."""
    with pytest.raises(ExitplanError, match=r"cannot write a \.pdf file"):
        summary.chosen_format(ws, tmp_path / "plan.pdf", None, force=False)
    assert not (tmp_path / "plan.pdf").exists()


def test_the_json_summary_is_versioned(ws: Workspace) -> None:
    """summary --format json starts with its version."""
    text = summary.summary_text(ws, TODAY, "json", journal=False, inventories=())
    assert next(iter(json.loads(text))) == "version"


def test_the_copy_is_private_and_its_notes_say_what_to_mind(ws: Workspace, tmp_path: Path) -> None:
    """The file is written 0600; an HTML copy adds the browser's history to the notes."""
    target = tmp_path / "plan.html"
    notes = summary.store_copy(ws, target, "<p>x</p>", "html")
    assert target.stat().st_mode & 0o777 == 0o600
    assert len(notes) == 2


def test_one_call_gives_the_screen_its_text(ws: Workspace) -> None:
    """Without a file, the summary's text is the screen, and nothing is said on stderr."""
    done = summary.summary(ws, TODAY, summary.SummaryAsk())
    assert done.fmt == "text"
    assert done.notes == ()
    assert done.screen(Look()) == done.text
    assert done.text.strip()


def test_one_call_saves_the_file_and_keeps_the_screen_empty(ws: Workspace, tmp_path: Path) -> None:
    """With a file, the text is written there, the notes say so, and the screen stays empty."""
    target = tmp_path / "plan.json"
    done = summary.summary(ws, TODAY, summary.SummaryAsk(target=target))
    assert json.loads(target.read_text(encoding="utf-8"))["version"]
    assert done.screen(Look()) == ""
    assert done.notes[0].startswith(f"Saved the summary (json) to {target}.")


def test_a_refused_name_writes_nothing(ws: Workspace, tmp_path: Path) -> None:
    """A file that exists is refused without --force before the summary is made."""
    target = tmp_path / "plan.md"
    target.write_text("mine", encoding="utf-8")
    with pytest.raises(ExitplanError):
        summary.summary(ws, TODAY, summary.SummaryAsk(target=target))
    assert target.read_text(encoding="utf-8") == "mine"


def test_the_journal_comes_as_a_timeline_when_asked(ws: Workspace) -> None:
    """--journal adds the entries' timeline; without it the journal is not read at all."""
    fields = logbook.read_fields(ws, {"what": "The phone was taken away."})
    logbook.add(ws, fields)
    asked = summary.summary(ws, TODAY, summary.SummaryAsk(journal=True))
    assert "The phone was taken away." in asked.text
    assert "The phone was taken away." not in summary.summary(ws, TODAY, summary.SummaryAsk()).text
