"""The status as a typed result, and what both the glance and the full command line print."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import EXIT, MONEY, PLANNED, TODAY, make_home

from exitplan.domain.day import day_view
from exitplan.service.results import Look
from exitplan.service.status import StatusReport, status_of, status_output
from exitplan.service.workspace import Workspace
from exitplan.views.data import JSON_VERSION


@pytest.fixture
def ws(home: Path, no_builtins: Path) -> Workspace:
    """A workspace with a plan of the money checklist."""
    make_home(home, MONEY)
    Workspace(home, PLANNED).init(EXIT, [MONEY])
    return Workspace(home, TODAY)


def test_the_json_starts_with_its_version_and_notes_go_to_stderr(ws: Workspace) -> None:
    """status --json: one document, its version first; the notes are stderr's alone."""
    out, err, code = status_output(ws.read(), TODAY, as_json=True, notes=("Note: x.",))
    data = json.loads(out)
    assert next(iter(data.items())) == ("version", JSON_VERSION)
    assert data["exit_date"] == EXIT.isoformat()
    assert (err, code) == ("Note: x.\n", 0)


def test_the_screen_is_the_reports_screen_at_this_terminal(
    ws: Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The text printed is the report's screen at the terminal's width, plain when asked."""
    monkeypatch.setenv("COLUMNS", "70")
    plan = ws.read()
    out, _err, _code = status_output(plan, TODAY, plain=True, full=True)
    report = StatusReport(day_view(plan, TODAY))
    assert out == report.screen(Look(70, False, True, None))
    assert "\x1b[" not in out


def test_the_report_document_is_the_status_data(ws: Workspace) -> None:
    """The report's document holds the day's totals and, with a journal, its count."""
    report = StatusReport(day_view(ws.read(), TODAY), journal=(2, TODAY))
    document = report.document()
    assert isinstance(document, dict)
    assert document["journal"] == {"records": 2, "last_written": TODAY.isoformat()}
    assert "version" not in document  # the renderer adds it, once


def test_status_says_a_missing_plan_whose_backups_are_kept(ws: Workspace, home: Path) -> None:
    """The plan file gone beside its backups: the screen says its backups are safe, and a note
    on stderr names `restore`; a plan that is there gets no such note."""
    out, err, code = status_of(ws)
    assert "backups are safe" not in out
    assert (err, code) == ("", 0)
    ws.change(lambda state, _plan: True)  # a change keeps the plan it replaces as a backup
    (home / "plan.toml").unlink()
    out, err, code = status_of(Workspace(home, TODAY))
    assert out.startswith("Your plan file is missing, but its backups are safe.")
    assert err.startswith("Note: there is no plan.toml in ")
    assert "'exitplan restore' brings the latest back" in err
    assert code == 0
