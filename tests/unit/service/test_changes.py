"""What the plan-changing commands did, as typed results: their notes, document and screen."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from helpers import EXIT, MONEY, PLANNED, TODAY, make_home

from exitplan.service import changes
from exitplan.service.plandates import Due
from exitplan.service.results import Look
from exitplan.service.workspace import Workspace


@pytest.fixture
def ws(home: Path, no_builtins: Path) -> Workspace:
    """A workspace with a plan of the money checklist, leaving on EXIT."""
    make_home(home, MONEY)
    Workspace(home, PLANNED).init(EXIT, [MONEY])
    return Workspace(home, TODAY)


def test_done_says_each_step_once_and_then_that_it_is_already_done(
    ws: Workspace, home: Path
) -> None:
    """A step named twice is said once as done; done again, it is said as already done."""
    first = changes.change_status(ws, ["1", "1"], "done")
    title = first.changes[0].title
    assert first.notes == (f"Done: #1 {title}",)
    assert first.document() == {
        "status": "done",
        "reason": None,
        "steps": [{"number": 1, "title": title, "was": "open", "changed": True}],
    }
    assert first.screen(Look()) == ""
    again = changes.change_status(Workspace(home, TODAY), ["1"], "done")
    assert again.notes == (f"Already done: #1 {title}",)
    assert again.document()["steps"] == [  # type: ignore[call-overload]
        {"number": 1, "title": title, "was": "done", "changed": False}
    ]


def test_undo_reopens_and_says_when_there_was_nothing_to_undo(ws: Workspace, home: Path) -> None:
    """Undo of an open step changes nothing and says so; of a done one, it reopens it."""
    nothing = changes.change_status(ws, ["2"], "open")
    title = nothing.changes[0].title
    assert nothing.notes == (f"Already open, nothing to undo: #2 {title}",)
    changes.change_status(Workspace(home, TODAY), ["2"], "done")
    assert changes.change_status(Workspace(home, TODAY), ["2"], "open").notes == (
        f"Reopened: #2 {title}",
    )


def test_a_skip_keeps_its_reason_and_says_when_a_new_one_replaces_it(
    ws: Workspace, home: Path
) -> None:
    """A skip holds its reason; skipped again with another, the note says it replaces it."""
    first = changes.change_status(ws, ["3"], "skipped", "no car")
    title = first.changes[0].title
    assert first.notes == (f"Skipped: #3 {title}",)
    assert first.document()["reason"] == "no car"  # type: ignore[call-overload]
    second = changes.change_status(Workspace(home, TODAY), ["3"], "skipped", "sold it")
    assert second.notes == (f"Skipped: #3 {title} (the new reason replaces the earlier one)",)
    kept = changes.change_status(Workspace(home, TODAY), ["3"], "skipped")
    assert kept.notes == (f"Already skipped: #3 {title} (its reason is kept)",)


def test_an_added_step_says_its_number_and_gives_its_id_only_to_a_script(
    ws: Workspace, home: Path
) -> None:
    """The note names the number to use; the id is on the screen only for a script."""
    person = changes.add_step(ws, MONEY, "Call the bank")
    number = person.added.number
    assert person.notes == (
        f"Added step #{number}. Use its number from now on: exitplan done {number}",
    )
    assert person.screen(Look()) == ""
    assert person.document() == {"id": f"{MONEY}.mine-1", "number": number, "overdue": None}
    script = changes.add_step(Workspace(home, TODAY), MONEY, "Pack", for_script=True)
    assert script.screen(Look()) == f"{MONEY}.mine-2\n"


def test_an_added_step_already_overdue_says_so_calmly(ws: Workspace) -> None:
    """A new step due before today gets a second note naming its date."""
    late = TODAY - timedelta(days=3)
    added = changes.add_step(ws, MONEY, "Find the deeds", due=Due(on=late))
    assert len(added.notes) == 2
    assert added.notes[1] == (
        f"Note: its due date, {late.isoformat()}, has already passed, so it shows as overdue."
    )
    assert added.document()["overdue"] == late.isoformat()  # type: ignore[call-overload]


def test_a_moved_exit_date_names_the_old_day_and_the_countdown(ws: Workspace, home: Path) -> None:
    """Moving the exit date says the day it replaces, then the countdown; it is saved."""
    later = EXIT + timedelta(weeks=1)
    moved = changes.change_dates(ws, EXIT, later)
    assert (
        moved.notes[0]
        == "The exit date was Monday 14 December 2026; it is now Monday 21 December 2026."
    )
    assert len(moved.notes) == 2
    assert moved.document() == {
        "before": EXIT.isoformat(),
        "exit_date": later.isoformat(),
        "per_day": None,
        "warn_days": None,
    }
    assert moved.screen(Look()) == ""
    assert changes.show_dates(Workspace(home, TODAY), TODAY).pace.exit_date == later


def test_the_same_exit_date_stays_and_a_cleared_one_says_how_to_set_another(
    ws: Workspace, home: Path
) -> None:
    """The same day is said to stay; clearing names the old day and the hint to set one."""
    assert changes.change_dates(ws, EXIT, EXIT).notes[0] == (
        "The exit date stays Monday 14 December 2026."
    )
    cleared = changes.change_dates(Workspace(home, TODAY), EXIT, None, clear=True)
    assert cleared.notes[0].startswith("The exit date is cleared (it was Monday 14 December 2026)")
    assert cleared.notes[1] == changes.date_hint(TODAY)
    assert cleared.document()["exit_date"] is None  # type: ignore[call-overload]


def test_nothing_to_clear_or_the_same_pace_writes_nothing(ws: Workspace, home: Path) -> None:
    """No exit date to clear, or a pace already chosen, is said and no file is written."""
    changes.change_dates(ws, EXIT, None, clear=True)
    changes.change_dates(Workspace(home, TODAY), None, None, per_day=3)

    def files() -> dict[Path, bytes]:
        return {path: path.read_bytes() for path in home.rglob("*") if path.is_file()}

    before = files()
    kept = changes.change_dates(Workspace(home, TODAY), None, None, clear=True)
    assert kept.notes == (
        "There is no exit date to clear; nothing changed.",
        changes.date_hint(TODAY),
    )
    same = changes.change_dates(Workspace(home, TODAY), None, None, per_day=3)
    assert same.notes == ("The plan already asks for at most 3 steps a day.",)
    assert files() == before


def test_a_new_pace_is_said_and_saved(ws: Workspace, home: Path) -> None:
    """A pace chosen is said as the plan's new pace, and is on disk as chosen."""
    paced = changes.change_dates(ws, EXIT, None, per_day=3)
    assert paced.notes == ("The plan now asks for at most 3 steps a day.",)
    assert paced.document()["per_day"] == 3  # type: ignore[call-overload]
    now = changes.show_dates(Workspace(home, TODAY), TODAY).pace
    assert (now.per_day, now.chosen) == (3, True)


def test_the_date_shown_is_on_the_screen_and_the_pace_in_the_notes(ws: Workspace) -> None:
    """The exit date is the screen (for scripts); countdown, pace and due-soon are notes."""
    shown = changes.show_dates(ws, TODAY)
    assert shown.screen(Look()) == f"{EXIT.isoformat()}\n"
    assert len(shown.notes) == 3
    assert "(the default)" in shown.notes[1]
    assert shown.document()["per_day_chosen"] is False  # type: ignore[call-overload]


# -- where you live, and the answers ------------------------------------------------------------

LOCAL = "t-local"


@pytest.fixture
def local(home: Path, no_builtins: Path) -> Workspace:
    """A plan of the test checklist whose steps name local facts; no place chosen yet."""
    make_home(home, LOCAL)
    Workspace(home, PLANNED).init(EXIT, [LOCAL])
    return Workspace(home, TODAY)


def test_a_place_saved_says_where_and_the_steps_set_aside(local: Workspace, home: Path) -> None:
    """Scotland is said with its steps' own words; Ontario after it sets two steps aside; the
    same place again, or Enter, says nothing changed."""
    scotland = changes.save_place(local, "gb-sct")
    label = scotland.document()["region"]["place"]  # type: ignore[call-overload,index]
    assert scotland.notes[0] == f"Saved: you live in {label}."
    assert "now use" in scotland.notes[1] or "now uses" in scotland.notes[1]
    assert scotland.notes[-1] == "Help now, for this place: exitplan help-now"
    assert scotland.screen(Look()) == ""
    ontario = changes.save_place(Workspace(home, TODAY), "ca-on")
    assert any(
        note.startswith("2 steps are set aside as not for this place") for note in ontario.notes
    )
    nothing = ("Where you live is as it was; nothing changed.",)
    assert changes.save_place(Workspace(home, TODAY), "ca-on").notes == nothing
    kept = changes.save_place(Workspace(home, TODAY), None, keep=True)
    assert (kept.notes, kept.document()) == (nothing, {"changed": False, "region": None})


def test_no_place_says_the_plan_uses_general_words(local: Workspace, home: Path) -> None:
    """Forgetting the place is one line: no place is chosen, and how to choose one."""
    changes.save_place(local, "gb-sct")
    cleared = changes.save_place(Workspace(home, TODAY), None)
    assert len(cleared.notes) == 1
    assert cleared.notes[0].startswith("Saved: no place is chosen.")


def test_answers_saved_say_the_place_and_the_danger_help(local: Workspace, home: Path) -> None:
    """Answers with a place say it (without its counts); a danger sign adds the help-now line;
    answers that change nothing say so."""
    changes.save_place(local, "gb-sct")
    saved = changes.save_answers(
        Workspace(home, TODAY), {"children": False}, "ca-on", keep_place=False
    )
    assert saved.notes[0] == "Saved your answers."
    assert saved.notes[1].startswith("Saved: you live in ")
    assert not any("set aside as not for this place" in note for note in saved.notes)
    assert saved.document()["danger"] is False  # type: ignore[call-overload]
    again = changes.save_answers(Workspace(home, TODAY), {"children": False}, None, keep_place=True)
    assert again.notes == ("Your answers are as they were; nothing changed.",)
    assert again.document() == {"changed": False}
    danger = changes.save_answers(Workspace(home, TODAY), {"weapons": True}, None, keep_place=True)
    assert danger.notes[-1].startswith("Some answers are signs of serious danger.")
    assert danger.screen(Look()) == ""
