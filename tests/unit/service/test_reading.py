"""The reading commands' service: the checklist named, the steps listed, validate's verdicts."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import DATA, EXIT, MONEY, PAPERS, PLANNED, TODAY, make_home

from exitplan.base.errors import ExitplanError
from exitplan.service import reading
from exitplan.service.results import Look
from exitplan.service.workspace import Workspace


@pytest.fixture
def ws(home: Path, no_builtins: Path) -> Workspace:
    """A workspace with a plan of the money checklist."""
    make_home(home, MONEY, PAPERS)
    Workspace(home, PLANNED).init(EXIT, [MONEY])
    return Workspace(home, TODAY)


def test_a_checklist_is_named_by_id_or_title_in_any_case(ws: Workspace) -> None:
    """The id of the checklist named; None names every checklist."""
    plan = ws.read()
    assert reading.checklist_named(plan, MONEY.upper()) == MONEY
    assert reading.checklist_named(plan, None) is None


def test_a_near_name_is_offered_with_an_example(ws: Workspace) -> None:
    """A name that is not in the plan but close to one is refused with the nearest name."""
    with pytest.raises(ExitplanError, match=f"did you mean {MONEY}"):
        reading.checklist_named(ws.read(), MONEY[:-1] + "x")


def test_step_list_holds_the_rows_asked_for(ws: Workspace) -> None:
    """`list --all` holds every step; its document is one object per step."""
    listed = reading.step_list(ws, TODAY, "all", None)
    document = listed.document()
    assert isinstance(document, list)
    assert len(document) == len(listed.rows) == len(ws.read().entries)
    assert listed.screen(Look()).endswith("\n")


def test_backups_say_there_are_none_unless_quiet(ws: Workspace, home: Path) -> None:
    """No backup yet: a calm note for a person, none for a script."""
    fresh = Workspace(home, TODAY)
    rows = fresh.backup_rows()
    assert reading.backup_list(fresh, quiet=True).notes == ()
    assert bool(reading.backup_list(fresh).notes) == (not rows)


def test_validation_yields_each_files_verdict_in_turn(tmp_path: Path) -> None:
    """A sound file gives one ok line; the same id twice gives a problem naming both files."""
    first = DATA / f"{MONEY}.toml"
    again = tmp_path / first.name  # the same checklist again, from another folder
    again.write_bytes(first.read_bytes())
    verdicts = list(reading.validation([first, again]))
    assert verdicts[0][0] is True
    assert f"{first}: ok" in verdicts[0][1]
    assert verdicts[1] == (False, f"{again}: id '{MONEY}' is also used by {first}")


def test_file_checks_gather_the_sound_lines_and_the_problems(tmp_path: Path) -> None:
    """`validate FILES`: the sound files' lines are the screen; the problems are kept apart."""
    first = DATA / f"{MONEY}.toml"
    again = tmp_path / first.name
    again.write_bytes(first.read_bytes())
    checks = reading.file_checks([first, again])
    assert len(checks.sound) == 1
    assert checks.sound[0].startswith(f"{first}: ok")
    assert checks.problems == (f"{again}: id '{MONEY}' is also used by {first}",)
    assert checks.screen(Look()) == checks.sound[0] + "\n"
    assert reading.file_checks([]).screen(Look()) == ""


def test_the_place_list_shows_each_country_then_its_parts_indented() -> None:
    """`region --list`: a country flush left with its code, its parts indented under it."""
    lines = reading.place_list().screen(Look()).splitlines()
    assert "United Kingdom (gb)" in lines
    wales = lines.index("  England and Wales (gb-eaw)")
    assert lines.index("United Kingdom (gb)") < wales
    assert {"code": "gb-eaw", "name": "England and Wales"} in reading.place_list().document()
