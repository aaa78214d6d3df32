"""Nothing the person types or needs is lost or misread: the journal's clock, relative times,
a full disk while saving, output that cannot be written, and the smaller untruths.

Typing on a real terminal (arrow keys, Ctrl-C) is in test_typing.py; these run the CLI
in-process (the journal's clock pinned) or as child processes where a real stdout matters.
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import pytest
from conftest import MONEY, TODAY, Run
from helpers import EXITPLAN, assert_no_traceback, ok, one_error_line, snapshot

from exitplan.cli import keyboard

# About what reaches the disk: every sync here is the disk's own (see conftest.py).
pytestmark = pytest.mark.durability

# The computer's clock, pinned: Tuesday 1 December 2026, noon (the journal's clock).
CLOCK = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> datetime:
    """Pin the computer's clock that stamps and checks journal records."""
    from exitplan.service.workspace import Workspace

    monkeypatch.setattr(Workspace, "now", lambda _self: CLOCK)
    return CLOCK


@pytest.fixture
def typing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make `log add` believe a person is typing (answers come line by line from the runner)."""

    monkeypatch.setattr(keyboard, "someone_typing", lambda: True)


def entries(run: Run) -> list[dict[str, object]]:
    """The journal's entries as `log list --json` gives them."""
    listed: list[dict[str, object]] = json.loads(ok(run("log", "list", "--json")).stdout)
    return listed


def typed(*answers: str) -> str:
    """The lines typed for the journal's nine questions (the rest left empty)."""
    lines = [*answers, *[""] * (9 - len(answers))]
    return "\n".join(lines) + "\n"


# -- the journal's clock is the computer's ---------------------------------------------------


@pytest.mark.parametrize("rehearsed", ["2026-11-01", "2027-03-01"])
def test_a_rehearsed_day_never_moves_the_journals_clock(
    run: Run, home: Path, clock: datetime, rehearsed: str
) -> None:
    """Under any --today, a "when" is judged by the computer's clock, the same at the question
    and at the end: 20 November is kept (it was refused at the end under an earlier --today),
    and 5 December is refused as the future even under a later --today."""
    ok(run("--today", rehearsed, "log", "add", input='when = "2026-11-20"\nwhat = "x"\n'))
    before = snapshot(home)
    result = run("--today", rehearsed, "log", "add", input='when = "2026-12-05"\nwhat = "y"\n')
    one_error_line(result, "in the future by this computer's clock (today is 2026-12-01)")
    assert snapshot(home) == before


def test_the_when_question_says_whose_clock_it_is(run: Run, clock: datetime, typing: None) -> None:
    """At the terminal, the journal says once that times are read by the computer's clock,
    naming today by that clock, and that --today does not change it."""
    result = ok(run("log", "add", input=typed("2026-11-30", "", "x")))
    said = " ".join(result.stderr.split())
    assert "Times are read by this computer's clock: today is Tuesday 1 December 2026." in said
    assert "(--today) does not change it" in said


@pytest.mark.parametrize(
    ("said", "day", "clock_time", "approximate"),
    [
        ("yesterday around 9pm", "2026-11-30", "21:00", True),
        ("yesterday 9pm", "2026-11-30", "21:00", False),
        ("about yesterday", "2026-11-30", None, True),
        ("today", "2026-12-01", None, False),
        ("3 days ago", "2026-11-28", None, False),
        ("two days ago at noon", "2026-11-29", "12:00", False),
        ("a week ago", "2026-11-24", None, False),
        ("last Monday 21:30", "2026-11-30", "21:30", False),
        ("last tuesday", "2026-11-24", None, False),
        ("Yesterday, at 9:30 pm", "2026-11-30", "21:30", False),
        ("around 7am", "2026-12-01", "07:00", True),
        ("2026-11-30 9pm", "2026-11-30", "21:00", False),
    ],
)
def test_common_relative_times_are_read_by_the_clock(
    run: Run,
    clock: datetime,
    typing: None,
    said: str,
    day: str,
    clock_time: str | None,
    approximate: bool,
) -> None:
    """The "When" question takes the common relative forms (the words are kept as said, with
    the day and time they were read as), so "yesterday around 9pm" is never refused."""
    ok(run("log", "add", input=typed(said, "", "It happened")))
    [entry] = entries(run)
    when = entry["fields"]["when"]  # type: ignore[index]
    assert when == {"said": said, "date": day, "time": clock_time, "approximate": approximate}


def test_relative_words_show_the_day_they_were_read_as(
    run: Run, clock: datetime, typing: None
) -> None:
    """In the list and in the entry, "yesterday 9pm" is followed by the day and time it means,
    so the record still says when it happened when read later."""
    ok(run("log", "add", input=typed("yesterday around 9pm", "", "It happened")))
    assert "yesterday around 9pm (30 Nov 2026, 21:00)" in ok(run("log", "list")).stdout
    assert "When: yesterday around 9pm (30 Nov 2026, 21:00)" in ok(run("log", "show", "1")).stdout


def test_a_fault_is_said_at_the_question_and_the_entry_is_kept(
    run: Run, home: Path, clock: datetime, typing: None
) -> None:
    """A control character in one answer, a time in the future, an unreadable one: each is said
    at its question and asked again; the other answers are kept and the entry is saved."""
    answers = ["next week", "2027-01-05", "yesterday", "the hall\x1b[D", "the hall", "He shouted"]
    result = ok(run("log", "add", input="\n".join(answers) + "\n" * 8))
    said = " ".join(result.stderr.split())
    assert "'next week' is not a time exitplan can read" in said
    assert "'2027-01-05' is in the future" in said
    assert "code of a key such as an arrow" in said
    [entry] = entries(run)
    assert entry["fields"]["where"] == "the hall"  # type: ignore[index]
    assert entry["fields"]["what"] == "He shouted"  # type: ignore[index]


# -- a full disk ------------------------------------------------------------------------------


def fill_disk(monkeypatch: pytest.MonkeyPatch, times: int, only: str = "") -> list[int]:
    """The next `times` atomic writes (of files whose path holds `only`) fail as on a full
    disk: ENOSPC at the fsync of the new file."""
    failures = [times]
    real = os.fsync

    def fsync(fd: int) -> None:
        path = os.readlink(f"/proc/self/fd/{fd}") if os.path.exists("/proc/self/fd") else ""
        if failures[0] > 0 and only in path:
            failures[0] -= 1
            raise OSError(errno.ENOSPC, "No space left on device")
        real(fd)

    monkeypatch.setattr("exitplan.disk.atomic.os.fsync", fsync)
    return failures


def test_a_full_disk_keeps_the_typed_entry_for_another_try(
    run: Run, home: Path, clock: datetime, typing: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk is full when the entry is saved: the message names the journal entry (never
    "your previous plan"), the answers stay in memory, Enter tries again, and the entry is
    saved whole; no temp file and nothing in plain text is left on the disk."""
    ok(run("log", "add", input=typed("2026-11-29", "", "first")))
    fill_disk(monkeypatch, 2)
    result = ok(run("log", "add", input=typed("2026-11-30", "the car park", "He waited") + "\n\n"))
    said = " ".join(result.stderr.split())
    assert "could not save the journal entry (the disk is full); nothing was written" in said
    assert "previous plan" not in said
    assert said.count("Your answers are still here") == 2
    assert "Kept as entry 2." in said
    [_, second] = entries(run)
    assert second["fields"]["where"] == "the car park"  # type: ignore[index]
    leftovers = [p.name for p in (home / "journal").iterdir() if not p.name.endswith(".rec")]
    assert leftovers == []


def test_ctrl_c_after_a_full_disk_says_the_entry_was_not_saved(
    run: Run, home: Path, clock: datetime, typing: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stopping at the "try again" question says plainly that the entry was not saved."""
    fill_disk(monkeypatch, 5)
    result = run("log", "add", input=typed("2026-11-30", "", "He waited"))
    assert result.exit_code == 1  # the input ended there (Ctrl-C is 130)
    assert "Stopped. The entry was not saved; nothing was changed." in result.stderr
    assert not list((home / "journal").glob("*.rec"))


def test_a_full_disk_with_a_piped_entry_names_it(
    run: Run, home: Path, clock: datetime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From a pipe nothing can be asked again: one line naming the journal entry, exit 1."""
    fill_disk(monkeypatch, 1)
    result = run("log", "add", input='when = "2026-11-30"\nwhat = "x"\n')
    one_error_line(result, "could not save the journal entry (the disk is full)")
    assert "plan" not in result.stderr


def test_a_full_disk_while_writing_a_summary_names_the_file(
    run: Run, plan_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A summary that cannot be saved names the summary file, and says nothing of a plan."""
    fill_disk(monkeypatch, 1)
    target = tmp_path / "for-advocate.html"
    result = run("summary", "--output", str(target))
    line = one_error_line(result, "could not save for-advocate.html (the disk is full)")
    assert "plan" not in line
    assert not target.exists()


def test_a_full_disk_while_saving_the_plan_says_the_plan_is_unchanged(
    run: Run, plan_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a failure to save the plan (or the backup kept before it) speaks of the plan."""
    before = snapshot(plan_home)
    fill_disk(monkeypatch, 1)
    one_error_line(run("done", "1"), "could not save a backup of your plan", "plan is unchanged")
    assert snapshot(plan_home) == before
    fill_disk(monkeypatch, 1, only=".plan.toml.")
    result = run("done", "1")
    one_error_line(
        result, "could not save your plan (the disk is full)", "previous plan is unchanged"
    )


# -- output that cannot be written -------------------------------------------------------------


@pytest.mark.process
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ("list",),
        ("status",),
        ("status", "--json"),
        ("show", "1"),
        ("summary",),
        ("help",),
        ("--help",),
        ("--version",),
        ("history",),
    ],
)
def test_output_that_cannot_be_written_is_one_line(plan_home: Path, args: tuple[str, ...]) -> None:
    """`exitplan list > /dev/full`: one line on stderr, exit 1, no traceback."""
    env = {**os.environ, "EXITPLAN_TODAY": TODAY.isoformat()}
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [*EXITPLAN, "--home", str(plan_home), *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            check=False,
            timeout=60,
        )
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert "Exception ignored" not in result.stderr
    assert result.stderr == "Error: the output could not be written (the disk is full).\n"


# -- smaller untruths ---------------------------------------------------------------------------


def test_undo_on_an_open_step_writes_nothing_and_claims_nothing(run: Run, plan_home: Path) -> None:
    """Under a rehearsed day, undo on a step that is already open says so, writes nothing,
    and does not say that a change was saved for real."""
    before = snapshot(plan_home)
    result = ok(run("--today", "2026-12-20", "undo", "1", today=None))
    assert result.stderr.startswith("Already open, nothing to undo: #1")
    assert "saved for real" not in result.stderr
    assert snapshot(plan_home) == before


@pytest.mark.parametrize("plain", [False, True])
def test_a_not_for_you_step_says_why_it_has_no_date(run: Run, home: Path, plain: bool) -> None:
    """`show` on a step set aside as not for you says so where the date would be, never a bare
    offset such as "Due -35d" (plain mode too)."""
    ok(run("init", "--checklist", "children", "--exit-date", "2027-01-11"))
    ok(run("situation", input="children = false\n"))
    steps = json.loads(ok(run("list", "--all", "--json")).stdout)
    aside = next(step for step in steps if step["applies"] is False)
    shown = ok(run(*(["--plain"] if plain else []), "show", str(aside["number"]))).stdout
    due = next(line for line in shown.splitlines() if line.startswith("Due"))
    assert due.split(None, 1)[1].lstrip(": ") == "none: it is set aside as not for you", due


def test_add_prints_no_id_at_the_terminal_but_does_for_scripts(run: Run, plan_home: Path) -> None:
    """For a script (stdout not a terminal) `add` prints the new id; the sentence on stderr
    names the number either way."""
    result = ok(run("add", MONEY, "Pack a bag"))
    assert result.stdout == f"{MONEY}.mine-1\n"
    assert "Added step #9" in result.stderr


@pytest.mark.parametrize(
    ("typed_name", "near"),
    [("t-mony", "t-money"), ("Test mony", "t-money"), ("t-paper", "t-papers")],
)
def test_a_checklist_name_close_to_one_is_suggested_or_taken(
    run: Run, plan_home_with_builtins: Path, typed_name: str, near: str
) -> None:
    """A checklist name that starts only one checklist is taken; one close to a name is
    answered with the nearest, as a command to type."""
    result = run("list", typed_name)
    if result.exit_code == 0:
        assert near in result.stdout
    else:
        one_error_line(result, f"did you mean {near}", f"exitplan list {near}")


def test_date_names_the_day_it_replaces(run: Run, plan_home: Path) -> None:
    """A new exit date names the old one and the new one in words."""
    result = ok(run("date", "2027-01-11"))
    assert result.stderr.startswith(
        "The exit date was Monday 14 December 2026; it is now Monday 11 January 2027.\n"
    )


def test_date_dash_reads_the_day_from_a_pipe(run: Run, plan_home: Path) -> None:
    """`date -` reads the day from a pipe, so it stays out of shell history."""
    ok(run("date", "-", input="2027-01-11\n"))
    assert ok(run("date")).stdout == "2027-01-11\n"
    before = snapshot(plan_home)
    one_error_line(run("date", "-", input="\n"), "no date came from the pipe")
    assert snapshot(plan_home) == before


def test_a_past_exit_date_needs_to_be_meant(run: Run, plan_home: Path) -> None:
    """A day already behind us is refused from a script (nothing written) unless --past says it
    is meant, the day the person left, say."""
    before = snapshot(plan_home)
    one_error_line(run("date", "2026-11-20"), "2026-11-20 has already passed", "--past")
    assert snapshot(plan_home) == before
    ok(run("date", "2026-11-20", "--past"))
    assert ok(run("date")).stdout == "2026-11-20\n"


def test_init_says_which_day_an_offset_is(run: Run, home: Path, no_builtins: Path) -> None:
    """`init --exit-date +5w` says the day in words."""
    from conftest import make_home

    make_home(home, MONEY)
    result = ok(run("init", "--exit-date", "+5w"))
    assert "Your exit date: 35 days until Monday 4 January 2027." in result.stderr


def test_the_exit_date_hint_shows_the_prompt_form_first(run: Run, plan_home: Path) -> None:
    """The hint after clearing the date shows `exitplan date` (which asks) before a date typed
    on the command line."""
    result = ok(run("date", "--clear"))
    hint = result.stderr.splitlines()[-1]
    assert hint.index("exitplan date  (it asks") < hint.index("exitplan date 20")


def test_review_plain_mode_has_no_box_lines_or_symbols(run: Run, plan_home: Path) -> None:
    """In plain mode review draws no rule of box characters and no ⚠; each step starts with
    words ("Step 1 of 4")."""
    result = ok(run("--plain", "review", input="q\n"))
    shown = result.stdout + result.stderr
    assert "\u2500" not in shown
    assert "\u26a0" not in shown
    assert "Step 1 of " in result.stdout


def test_review_says_exactly_where_quick_hide_works(run: Run, plan_home: Path) -> None:
    """The banner says h works at the keys of a step, and Esc twice while typing a note."""
    result = ok(run("review", input="q\n"))
    said = " ".join(result.stderr.split())
    assert "Press h at the keys below any step" in said
    assert "while you type a note or a reason, press Esc twice" in said


def test_note_before_init_says_there_is_no_plan_and_reads_nothing(run: Run, home: Path) -> None:
    """`note 1` before any plan: the no-plan line at once, and the piped text is not read."""
    result = run("note", "1", input="secret words\n")
    one_error_line(result, "no plan")
    assert not home.exists()
    assert_no_traceback(result)
