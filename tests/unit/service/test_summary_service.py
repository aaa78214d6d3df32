"""The summary's service: the format chosen before anything is made, the text, the private copy."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import EXIT, MONEY, PLANNED, TODAY, make_home

from exitplan.base.errors import ExitplanError
from exitplan.service import summary
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
