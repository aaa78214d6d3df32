"""What the person types, typed on a real pseudo-terminal: line editing, answers checked as they
are typed and asked again, a calm stop, and nothing of it written anywhere but the plan."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from conftest import MONEY, TODAY, Run
from helpers import cli, ok, snapshot
from helpers_terminal import (
    BACKSPACE,
    END,
    ENTER,
    HOME,
    LEFT,
    RIGHT,
    SKIPS,
    UP,
    WHEN,
    args_for,
    entries,
    on_terminal,
    readable,
)

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="uses a Linux pseudo-terminal"
)


@pytest.mark.process
def test_log_add_answers_are_edited_with_the_arrow_keys(home: Path, tmp_path: Path) -> None:
    """Left, Right, Home, End and Backspace edit the answer being typed: what is kept is the
    corrected text, never an escape code; the entry is kept; nothing is written in the home
    folder of the account (no history file)."""
    account = tmp_path / "account"
    account.mkdir()
    steps = [
        # "2026-11-30 21:15": typed with a wrong digit, fixed with Left, Backspace and End.
        (WHEN, b"2026-11-30 21:19" + LEFT + BACKSPACE + b"1" + END + BACKSPACE + b"5" + ENTER),
        # "kitchen" with "the " put in front with Home, and a typo fixed with Left and Right.
        ("Where:", b"kitchne" + LEFT + BACKSPACE + RIGHT + b"n" + HOME + b"the " + ENTER),
        ("What happened:", UP + b"He took my phone" + ENTER),
        *SKIPS,
    ]
    code, screen = on_terminal(
        ["--home", str(home), "log", "add"], steps, env={"HOME": str(account)}
    )
    assert code == 0, readable(screen)
    assert "\x1b[D" not in readable(screen)
    [entry] = entries(home)
    fields = entry["fields"]
    assert isinstance(fields, dict)
    assert fields["when"]["said"] == "2026-11-30 21:15"
    assert fields["where"] == "the kitchen"
    assert fields["what"] == "He took my phone"
    assert list(account.iterdir()) == []  # no .python_history, no readline file


@pytest.mark.process
def test_a_fault_in_one_answer_asks_that_question_again(home: Path) -> None:
    """An unreadable "when" is said at once and asked again on the terminal; the answers
    before and after are kept and the entry is saved, never refused at the end."""
    steps = [
        (WHEN, b"the other day" + ENTER),
        ("Please type it again", b""),
        (WHEN, b"yesterday around 9pm" + ENTER),
        ("Where:", b"car park" + ENTER),
        ("What happened:", b"Waited by my car" + ENTER),
        *SKIPS,
    ]
    code, screen = on_terminal(args_for(home, "log", "add"), steps)
    assert code == 0, readable(screen)
    assert "'the other day' is not a time exitplan can read" in " ".join(readable(screen).split())
    [entry] = entries(home)
    assert entry["fields"]["where"] == "car park"  # type: ignore[index]
    assert entry["fields"]["when"]["approximate"] is True  # type: ignore[index]


@pytest.mark.process
def test_note_is_edited_with_the_arrow_keys(run: Run, plan_home: Path) -> None:
    """The note prompt edits like any other: the note kept is the corrected text."""
    steps = [("Note for #1", b"Ask the bnak" + LEFT + LEFT + BACKSPACE + RIGHT + b"n" + ENTER)]
    code, screen = on_terminal(args_for(plan_home, "note", "1"), steps)
    assert code == 0, readable(screen)
    note = json.loads(ok(run("show", "1", "--json")).stdout)["note"]
    assert note == "Ask the bank"


@pytest.mark.process
def test_note_over_a_note_shows_it_and_adds_to_it(run: Run, plan_home: Path) -> None:
    """Over an existing note the terminal shows it, then offers add, replace or keep: `a` adds
    the new line after it, `k` keeps it and writes nothing."""
    ok(run("note", "1", input="Call on Monday\n"))
    steps = [("Enter keeps it):", b"a" + ENTER), ("Text to add", b"Ask for Sam" + ENTER)]
    code, screen = on_terminal(args_for(plan_home, "note", "1"), steps)
    assert code == 0, readable(screen)
    assert "Call on Monday" in readable(screen)  # shown before anything is asked
    assert "Added to the note on: #1" in " ".join(readable(screen).split())
    assert json.loads(ok(run("show", "1", "--json")).stdout)["note"] == (
        "Call on Monday\nAsk for Sam"
    )
    before = snapshot(plan_home)
    code, screen = on_terminal(
        args_for(plan_home, "note", "1"), [("Enter keeps it):", b"k" + ENTER)]
    )
    assert code == 0, readable(screen)
    assert "Kept the note as it was" in readable(screen)
    assert snapshot(plan_home) == before


@pytest.mark.process
def test_review_note_shows_the_note_there_is(run: Run, plan_home: Path) -> None:
    """`n` in review shows the step's note and offers to add to it, replace it or keep it;
    `r` replaces it with what is typed next."""
    ok(run("note", "1", input="Old words\n"))
    steps = [
        ("[h]ide:", b"n"),
        ("Enter keeps it):", b"r" + ENTER),
        ("Note for #1", b"New words" + ENTER),
        ("Note saved.", b"q"),
    ]
    code, screen = on_terminal(args_for(plan_home, "review", MONEY), steps)
    assert code == 0, readable(screen)
    assert "Old words" in readable(screen)
    assert json.loads(ok(run("show", "1", "--json")).stdout)["note"] == "New words"


@pytest.mark.process
@pytest.mark.parametrize("columns", [40, 80])
def test_the_exit_date_is_asked_at_init_and_said_in_words(home: Path, columns: int) -> None:
    """`init` without --exit-date asks for the day at the terminal (so it never stands in the
    shell's history), and says which day `+5w` is."""
    steps = [("leave", b"+5w" + ENTER), ("skip them all", b"s" + ENTER)]
    code, screen = on_terminal(args_for(home, "init"), steps, columns=columns)
    shown = " ".join(readable(screen).split())
    assert code == 0, shown
    assert "Monday 4 January 2027" in shown
    assert max(len(line) for line in readable(screen).splitlines()) <= columns
    assert ok(cli(home, "date", today=TODAY)).stdout == "2027-01-04\n"


@pytest.mark.process
def test_date_asks_for_the_new_day_and_names_the_old_one(run: Run, plan_home: Path) -> None:
    """`date` at a terminal shows the day there is and asks for a new one (Enter keeps it); the
    change names the day it replaces."""
    steps = [("Enter keeps it", b"2027-01-11" + ENTER)]
    code, screen = on_terminal(args_for(plan_home, "date"), steps)
    shown = " ".join(readable(screen).split())
    assert code == 0, shown
    assert "Monday 14 December 2026" in shown  # the day it was
    assert "Monday 11 January 2027" in shown  # the day it is now
    assert ok(run("date")).stdout == "2027-01-11\n"


@pytest.mark.process
def test_no_history_is_kept_between_questions(home: Path) -> None:
    """Up at a question recalls nothing typed at an earlier one: an answer never comes back."""
    steps = [
        (WHEN, b"2026-11-30" + ENTER),
        ("Where:", b"secret place" + ENTER),
        ("What happened:", UP + UP + ENTER),
        *SKIPS,
    ]
    code, screen = on_terminal(args_for(home, "log", "add"), steps)
    assert code == 0, readable(screen)
    [entry] = entries(home)
    assert "what" not in entry["fields"]  # type: ignore[operator]


@pytest.mark.process
def test_prompts_keep_to_the_terminal_when_stdout_is_a_file(
    run: Run, plan_home: Path, tmp_path: Path
) -> None:
    """With stdout sent to a file, the question is still shown and edited on the terminal, and
    the file gets no prompt and no control code."""
    out = tmp_path / "out.txt"
    steps = [("Note for #1", b"Ask the bnak" + LEFT + LEFT + BACKSPACE + RIGHT + b"n" + ENTER)]
    code, screen = on_terminal(args_for(plan_home, "note", "1"), steps, stdout_to=out)
    assert code == 0, readable(screen)
    assert "Saved the note on" in readable(screen)
    assert out.read_bytes() == b""
    assert json.loads(ok(run("show", "1", "--json")).stdout)["note"] == "Ask the bank"


@pytest.mark.process
@pytest.mark.parametrize(
    "command",
    [
        ("note", "1"),
        ("skip", "1", "--reason", "-"),
        ("add", MONEY, "--why", "-"),
        ("add", MONEY),
        ("date",),
        ("date", "-"),
        ("situation",),
        ("review",),
    ],
)
def test_without_a_plan_nothing_is_asked(home: Path, command: tuple[str, ...]) -> None:
    """Before `init`, a command that would ask says at once that there is no plan: no question
    is shown, nothing is typed for nothing, nothing is written."""
    code, screen = on_terminal(args_for(home, *command), [], columns=200)
    shown = readable(screen)
    assert code == 1, shown
    lines = [line for line in shown.splitlines() if line.strip()]
    assert len(lines) == 1, shown
    assert lines[0].startswith("Error: there is no plan"), shown
    assert not home.exists()


@pytest.mark.process
def test_init_over_a_plan_refuses_before_asking_the_date(run: Run, plan_home: Path) -> None:
    """`init` where a plan exists refuses before the exit date is asked for."""
    before = snapshot(plan_home)
    code, screen = on_terminal(args_for(plan_home, "init"), [])
    assert code == 1, readable(screen)
    assert "leave" not in readable(screen).split("Error:")[0]
    assert "a plan already exists" in readable(screen)
    assert snapshot(plan_home) == before


@pytest.mark.process
def test_no_stray_number_or_id_before_the_sentence(run: Run, plan_home: Path, home: Path) -> None:
    """At the terminal, `add` and `log add` print the sentence alone: no bare id or number line
    before it (scripts still get them when stdout is not a terminal)."""
    code, screen = on_terminal(args_for(plan_home, "add", MONEY, "Pack a bag"), [])
    lines = [line for line in readable(screen).splitlines() if line.strip()]
    assert code == 0, lines
    assert lines[0].startswith("Added step #9."), lines
    steps = [(WHEN, b"2026-11-30" + ENTER), ("Where:", ENTER), ("What happened:", b"x" + ENTER)]
    code, screen = on_terminal(args_for(plan_home, "log", "add"), [*steps, *SKIPS])
    lines = [line for line in readable(screen).splitlines() if line.strip()]
    assert code == 0, lines
    assert lines[-1] == "Kept as entry 1.", lines
    assert "1" not in [line.strip() for line in lines]


@pytest.mark.process
def test_a_past_exit_date_is_confirmed_at_the_terminal(run: Run, plan_home: Path) -> None:
    """A day already behind us, given at the terminal, is asked about: yes keeps it (the day
    the person left, say); Enter asks for another day."""
    steps = [
        ("Enter keeps it", b"2026-11-20" + ENTER),
        ("another day", ENTER),
        ("Enter keeps it", b"2026-11-21" + ENTER),
        ("another day", b"yes" + ENTER),
    ]
    code, screen = on_terminal(args_for(plan_home, "date"), steps)
    shown = " ".join(readable(screen).split())
    assert code == 0, shown
    assert "Friday 20 November 2026 was 10 days ago" in shown
    assert ok(run("date")).stdout == "2026-11-21\n"
