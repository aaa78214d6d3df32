"""The built-in content through the real CLI: steps done when something happens are never
overdue, and a plan without an exit date is a calm plan for now, not a countdown."""

from __future__ import annotations

import json
import re
import tomllib
from datetime import date, timedelta
from pathlib import Path

import pytest
from conftest import EXIT, PLANNED, Run
from helpers import REPO, ok

WIDE = {"COLUMNS": "200"}


def _undated(when: str) -> dict[str, str]:
    """The built-in steps whose `when` is `when`: full id to title."""
    found = {}
    for path in sorted((REPO / "checklists").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for item in data["item"]:
            if item["when"] == when:
                found[f"{data['id']}.{item['id']}"] = item["title"]
    return found


EVENT = _undated("event")
FOR_NOW = _undated("anytime")


def _ids(rows: list[dict[str, object]]) -> set[str]:
    return {str(row["id"]) for row in rows}


@pytest.fixture
def dated(run: Run, home: Path) -> Run:
    """A plan of the built-in checklists made on PLANNED to leave on EXIT, every question yes."""
    ok(run("init", "--exit-date", EXIT.isoformat(), today=PLANNED))
    answers = "".join(
        f"{key} = true\n"
        for key in ("children", "pets", "strangled", "stalking", "live_together", "weapons")
    )
    ok(run("situation", input=answers, today=PLANNED))
    return run


@pytest.mark.parametrize("offset", [0, 13, 14, 60, 400])
def test_event_steps_are_never_overdue_or_behind(dated: Run, offset: int) -> None:
    """Long after the exit, status, list and show never call a step done when something
    happens overdue or behind, and never give it a date."""
    assert len(EVENT) >= 5
    day = PLANNED + timedelta(days=offset)
    status = json.loads(ok(dated("status", "--json", today=day)).stdout)
    attention = status["attention"]
    pressing = [*status["flagged"], *attention["behind"], *attention["today"], *attention["coming"]]
    assert _ids(pressing).isdisjoint(EVENT)
    listed = json.loads(ok(dated("list", "--all", "--json", today=day)).stdout)
    rows = {row["id"]: row for row in listed}
    for ref in EVENT:
        assert rows[ref]["when"] == "event"
        assert (rows[ref]["flag"], rows[ref]["due"]) == (None, None), ref
    screen = ok(dated("status", today=day, env=WIDE)).stdout
    behind = screen.split("Behind:", 1)[1].split("\n\n", 1)[0] if "Behind:" in screen else ""
    assert not any(title in behind for title in EVENT.values())
    text = ok(dated("list", "--all", today=day, env=WIDE)).stdout
    for title in EVENT.values():
        line = next(line for line in text.splitlines() if title[:40] in line)
        assert "when needed" in line, line
        assert "overdue" not in line, line
        assert "open at exit" not in line, line
    shown = ok(dated("show", "documents.photos-damage", today=day, env=WIDE)).stdout
    assert "the same day it happens" in shown
    assert "overdue" not in shown.lower()
    assert "behind" not in shown.lower()


def test_care_after_choking_is_for_everyone_and_a_yes_brings_the_advocate_first(
    dated: Run, run: Run
) -> None:
    """With choking answered yes, telling an advocate leads the danger signs; the same-day care
    step has no date to miss, and stays in the plan when the answer is no."""
    screen = ok(dated("status", today=PLANNED + timedelta(days=1), env=WIDE)).stdout
    danger = screen.split("For the danger signs, first", 1)[1].split("\n\n", 1)[0]
    assert "Tell an advocate about any choking" in danger
    rows = {row["id"]: row for row in json.loads(ok(dated("list", "--all", "--json")).stdout)}
    care = rows["safety.strangled-care"]
    assert (care["applies"], care["due"], care["flag"]) == (True, None, None)
    ok(run("situation", input="strangled = false\n", today=PLANNED))
    rows = {row["id"]: row for row in json.loads(ok(dated("list", "--all", "--json")).stdout)}
    assert rows["safety.strangled-care"]["applies"] is True
    assert rows["safety.strangled-plan"]["applies"] is False


def test_without_an_exit_date_status_is_a_calm_plan_for_now(run: Run) -> None:
    """No exit date: no countdown and nothing behind, but the steps for now, calmly; setting a
    date brings the countdown back and the steps for now step aside on the screen."""
    assert len(FOR_NOW) >= 8
    ok(run("init"))
    screen = ok(run("status", env=WIDE)).stdout
    assert "For now" in screen
    assert "None of these has a deadline." in screen
    assert "Make a plan for staying safer, even if you are not leaving yet" in screen
    assert re.search(r"And \d+ more for now: exitplan list safety", screen)
    for word in ("Behind", "overdue", "days left", "Coming next"):
        assert word not in screen, word
    data = json.loads(ok(run("status", "--json")).stdout)
    assert data["exit_date"] is None
    assert _ids(data["attention"]["for_now"]) == set(FOR_NOW)
    assert data["flagged"] == []
    ok(run("date", "+6w"))
    dated_screen = ok(run("status", env=WIDE)).stdout
    assert "For now" not in dated_screen
    assert "None of these has a deadline." not in dated_screen


def test_going_back_keeps_every_step_done(run: Run) -> None:
    """Clearing the date after going back keeps what was done, and the plan for now returns."""
    ok(run("init", "--exit-date", EXIT.isoformat(), today=PLANNED))
    ok(run("done", "safety.go-bag", "safety.code-word", today=PLANNED))
    ok(run("done", "safety.plan-for-now", today=PLANNED))
    ok(run("date", "--clear"))
    screen = ok(run("status", env=WIDE)).stdout
    assert "For now" in screen
    assert "Make a plan for staying safer" not in screen  # done: not offered again
    listed = json.loads(ok(run("list", "--done", "--json")).stdout)
    assert {"safety.go-bag", "safety.code-word", "safety.plan-for-now"} <= _ids(listed)


def test_an_undated_step_with_a_due_date_is_refused(run: Run, tmp_path: Path) -> None:
    """A checklist file that gives a due date to a step done when something happens gets one
    plain error naming the field, and nothing is written."""
    path = tmp_path / "mine.toml"
    path.write_text(
        'schema = 1\nid = "mine"\ntitle = "Mine"\n\n[[item]]\nid = "photo"\n'
        'title = "Photograph it"\nwhy = "Evidence."\nwhen = "event"\ndue = "-1w"\n',
        encoding="utf-8",
    )
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert "'when' is 'event', which has no due date" in result.output
    assert "leave 'due' out" in result.output
    assert "Traceback" not in result.output
    path.write_text(path.read_text(encoding="utf-8").replace('due = "-1w"\n', ""))
    ok(run("validate", str(path)))
    assert date.today() is not None  # the real clock is never asked for anything here
