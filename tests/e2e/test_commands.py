"""End-to-end tests of every command, through Typer's CliRunner."""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from datetime import date, timedelta
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
from conftest import Run
from helpers import (
    DATA,
    EXIT,
    MONEY,
    PAPERS,
    TODAY,
    assert_error,
    assert_no_traceback,
    assert_usage_error,
    child,
    cli,
    make_home,
    one_error_line,
    read_plan,
    snapshot,
)

from exitplan.formats.checklistfile import load_catalog

COMMANDS = [
    "init",
    "date",
    "status",
    "list",
    "show",
    "done",
    "undo",
    "skip",
    "note",
    "add",
    "review",
    "summary",
    "checklists",
    "validate",
    "help-now",
]
NO_PLAN = "there is no plan in {home} yet: start one with 'exitplan init'"
# Items of the two test checklists, in plan order (the numbers `list` shows are 1 to 8).
MONEY_IDS = ["open-account", "save-cash", "credit-report", "change-beneficiaries"]
PAPERS_IDS = ["copy-passport", "birth-certificate", "keep-copies", "report-address"]
ALL_IDS = [f"{MONEY}.{i}" for i in MONEY_IDS] + [f"{PAPERS}.{i}" for i in PAPERS_IDS]


def builtin_checklists() -> list[tuple[str, str, int]]:
    """(id, title, count of the steps in the plan before any question is answered) of the
    built-in checklists, read from the files right now (an `only_if` step waits for a yes)."""
    return [(c.id, c.title, sum(not i.only_if for i in c.items)) for c in load_catalog().checklists]


def status_json(run: Run, **kwargs: object) -> dict[str, Any]:
    """`status --json`, parsed, after checking it succeeded and said nothing on stderr."""
    result = run("status", "--json", **kwargs)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    status: dict[str, Any] = json.loads(result.stdout)
    return status


def list_json(run: Run, *args: str) -> list[dict[str, Any]]:
    """`list --json ARGS`, parsed."""
    result = run("list", "--json", *args)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    rows: list[dict[str, Any]] = json.loads(result.stdout)
    return rows


def show_json(run: Run, ref: str) -> dict[str, Any]:
    """`show REF --json`, parsed."""
    result = run("show", ref, "--json")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    shown: dict[str, Any] = json.loads(result.stdout)
    return shown


# -- version, help, entry points ---------------------------------------------------------------


def test_version_prints_the_installed_version(run: Run) -> None:
    """--version prints 'exitplan X.Y.Z' on stdout and exits 0."""
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout == f"exitplan {version('exitplan')}\n"


@pytest.mark.parametrize("flag", ["-h", "--help"])
def test_help_on_the_app_is_the_first_help_screen(run: Run, flag: str) -> None:
    """-h and --help on the app show the usage and the first help screen, whose `help all`
    names every command of the contract."""
    result = run(flag)
    assert result.exit_code == 0
    assert "Usage: exitplan" in result.stdout
    assert result.stdout == run("help").stdout
    every = run("help", "all").stdout
    for command in COMMANDS:
        assert f"  {command} " in every


@pytest.mark.parametrize("flag", ["-h", "--help"])
@pytest.mark.parametrize("command", COMMANDS)
def test_help_on_every_subcommand(run: Run, home: Path, command: str, flag: str) -> None:
    """-h and --help work on every command, exit 0 and write nothing."""
    result = run(command, flag)
    assert result.exit_code == 0, result.output
    assert f"Usage: exitplan {command}" in result.stdout
    assert not home.exists()


def test_date_usage_line_shows_one_pair_of_brackets(run: Run) -> None:
    """The usage line of `date` reads '[DATE]', not '[[DATE]]'."""
    result = run("date", "--help")
    assert "[[DATE]]" not in result.stdout


def test_no_command_runs_status(run: Run, plan_home: Path) -> None:
    """`exitplan` on its own shows exactly what `exitplan status` shows."""
    bare = run()
    assert bare.exit_code == 0
    assert bare.stdout == run("status").stdout
    assert "14 days until Monday 14 December 2026." in bare.stdout


def test_unknown_command_is_a_usage_error(run: Run, home: Path) -> None:
    """An unknown command exits 2 with the reason, and writes nothing."""
    assert_usage_error(run("frobnicate"), "'frobnicate' is not a command of exitplan")
    assert not home.exists()


@pytest.mark.process
def test_python_dash_m_prints_the_version() -> None:
    """`python -m exitplan --version` works."""
    proc = child("--version")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"exitplan {version('exitplan')}\n"


def script_env(home: Path) -> dict[str, str]:
    """The environment for a console-script run: home and today from the environment."""
    env = dict(os.environ)
    env.update(EXITPLAN_HOME=str(home), EXITPLAN_TODAY=TODAY.isoformat(), NO_COLOR="1")
    return env


@pytest.mark.process
def test_console_script_status_without_a_plan(home: Path, tmp_path: Path) -> None:
    """The console script runs `status` from another directory with no plan and writes nothing."""
    proc = child("status", env=script_env(home), cwd=tmp_path, script=True)
    assert proc.returncode == 0, proc.stderr
    assert "You have no plan yet" in proc.stdout
    assert "Traceback" not in proc.stdout + proc.stderr
    assert not home.exists()


@pytest.mark.process
def test_console_script_error_is_one_line_and_exit_1(home: Path, tmp_path: Path) -> None:
    """A handled error from the console script: exit 1, one line on stderr, no traceback."""
    proc = child("done", "1", env=script_env(home), cwd=tmp_path, script=True)
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert proc.stderr == "Error: " + NO_PLAN.format(home=home) + "\n"
    assert not home.exists()


@pytest.mark.process
def test_console_script_json_reads_today_from_the_environment(plan_home: Path) -> None:
    """EXITPLAN_HOME and EXITPLAN_TODAY are honoured by the real script; JSON is on stdout."""
    proc = child("status", "--json", env=script_env(plan_home), script=True)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["today"] == TODAY.isoformat()
    assert data["days_left"] == 14


# -- init ----------------------------------------------------------------------------------------


def test_init_with_iso_exit_date(run: Run, user_home: Path) -> None:
    """init --exit-date 2027-01-31 creates plan.toml with that date and the named checklist."""
    result = run("init", "--exit-date", "2027-01-31", "--checklist", MONEY)
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert "Your plan is ready: 8 steps in 2 checklists." in result.stderr
    state = read_plan(user_home)
    assert state.exit_date == date(2027, 1, 31)
    assert state.checklists == [MONEY]
    assert state.items == {}


def test_init_with_relative_exit_date(run: Run, user_home: Path) -> None:
    """init --exit-date +6w sets the date six weeks after today."""
    assert run("init", "--exit-date", "+6w", "-c", MONEY).exit_code == 0
    assert read_plan(user_home).exit_date == TODAY + timedelta(weeks=6)


def test_init_without_date_says_how_to_set_one(run: Run, user_home: Path) -> None:
    """init with no date leaves it unset and says how to set it."""
    result = run("init", "-c", MONEY)
    assert result.exit_code == 0
    assert f"exitplan date {(TODAY + timedelta(weeks=6)).isoformat()}" in result.stderr
    assert read_plan(user_home).exit_date is None


def test_init_repeats_checklist(run: Run, user_home: Path) -> None:
    """--checklist can be repeated; each named list is in the plan once."""
    assert run("init", "-c", MONEY, "-c", PAPERS, "-c", MONEY).exit_code == 0
    assert read_plan(user_home).checklists == [MONEY, PAPERS]


def test_init_defaults_to_every_builtin_checklist(run: Run, home: Path) -> None:
    """Without --checklist the plan holds every built-in checklist."""
    assert run("init").exit_code == 0
    assert read_plan(home).checklists == [cid for cid, _title, _n in builtin_checklists()]
    total = sum(n for _cid, _title, n in builtin_checklists())
    assert status_json(run)["totals"]["items"] == total


def test_init_unknown_checklist_is_an_error(run: Run, home: Path) -> None:
    """An unknown --checklist is refused before anything is created."""
    result = run("init", "-c", "nope")
    assert_error(result, "no checklist called 'nope'; available: ", exact=False)
    assert not home.exists()


def test_init_bad_exit_date_is_an_error(run: Run, home: Path) -> None:
    """A date that cannot be read is refused with an example, and nothing is created."""
    assert_error(
        run("init", "--exit-date", "soon"),
        "'soon' is not a date: use the form 2027-01-31, or +3w / +10d from today",
    )
    assert not home.exists()


def test_init_refuses_to_overwrite(run: Run, plan_home: Path) -> None:
    """init on an existing plan fails and leaves every file as it was."""
    before = snapshot(plan_home)
    result = run("init", "-c", MONEY, "--exit-date", "+1w")
    assert_error(
        result,
        f"a plan already exists in {plan_home}; use --force to start again "
        "(the old plan is kept as a backup)",
    )
    assert snapshot(plan_home) == before


def test_init_force_replaces_and_keeps_a_backup(run: Run, plan_home: Path) -> None:
    """init --force starts again and keeps the old plan, byte for byte, in backups/."""
    assert run("done", "1").exit_code == 0
    old = (plan_home / "plan.toml").read_bytes()
    backups_before = set((plan_home / "backups").iterdir())
    assert run("init", "--force", "-c", MONEY).exit_code == 0
    state = read_plan(plan_home)
    assert state.exit_date is None
    assert state.items == {}
    new_backups = set((plan_home / "backups").iterdir()) - backups_before
    assert [p.read_bytes() for p in new_backups] == [old]


# -- date ----------------------------------------------------------------------------------------


def test_date_shows_the_date_and_a_countdown(run: Run, plan_home: Path) -> None:
    """`date` prints the ISO date on stdout and the countdown on stderr, writing nothing."""
    before = snapshot(plan_home)
    result = run("date")
    assert result.exit_code == 0
    assert result.stdout == "2026-12-14\n"
    assert result.stderr.splitlines()[0] == "14 days until Monday 14 December 2026."
    assert snapshot(plan_home) == before


@pytest.mark.parametrize(
    ("today", "words"),
    [
        (EXIT - timedelta(days=1), "Tomorrow is the day: Monday 14 December 2026."),
        (EXIT, "Today is the day: Monday 14 December 2026."),
        (EXIT + timedelta(days=1), "The exit date, Monday 14 December 2026, was yesterday."),
        (EXIT + timedelta(days=3), "The exit date, Monday 14 December 2026, was 3 days ago."),
    ],
)
def test_date_countdown_words(run: Run, plan_home: Path, today: date, words: str) -> None:
    """The countdown reads naturally the day before, on, and after the exit date."""
    assert run("date", today=today).stderr.splitlines()[0] == words


def test_date_set_iso(run: Run, plan_home: Path) -> None:
    """`date 2027-01-31` sets the exit date and reports the countdown."""
    result = run("date", "2027-01-31")
    assert result.exit_code == 0
    assert read_plan(plan_home).exit_date == date(2027, 1, 31)
    assert "62 days until Sunday 31 January 2027." in result.stderr


@pytest.mark.parametrize(("text", "days"), [("+3w", 21), ("+10d", 10), ("today", 0)])
def test_date_set_relative(run: Run, plan_home: Path, text: str, days: int) -> None:
    """Relative dates count from today."""
    assert run("date", text).exit_code == 0
    assert read_plan(plan_home).exit_date == TODAY + timedelta(days=days)


def test_date_clear(run: Run, plan_home: Path) -> None:
    """`date --clear` removes the date; status then has no deadlines."""
    result = run("date", "--clear")
    assert result.exit_code == 0
    assert "The exit date is cleared" in result.stderr
    assert "yet" not in result.stderr  # it was set: the words must not say it never was
    assert read_plan(plan_home).exit_date is None
    assert run("date").stdout == "not set\n"
    data = status_json(run)
    assert (data["exit_date"], data["days_left"], data["flagged"]) == (None, None, [])


FORMS = "is not a date: use the form 2027-01-31, or +3w / +10d from today"


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ("2027-02-30", "is not a day in the calendar"),
        ("next week", FORMS),
        ("+3x", FORMS),
        ("32/01/2027", FORMS),
        (  # with no place, either order
            "10/02/2027",
            "could be 10 Feb 2027 or 2 Oct 2027, depending on the country: type the one you "
            "mean as 2027-02-10 or 2027-10-02",
        ),
    ],
)
def test_date_bad_value_changes_nothing(run: Run, plan_home: Path, bad: str, words: str) -> None:
    """A date that cannot be read is one clear error, and no file changes."""
    before = snapshot(plan_home)
    assert_error(run("date", bad), f"'{bad}' {words}")
    assert snapshot(plan_home) == before


@pytest.mark.parametrize("far", ["9999-12-31", "2037-01-01", "0001-01-01"])
def test_date_more_than_ten_years_away_is_refused(run: Run, plan_home: Path, far: str) -> None:
    """An exit date more than ten years from today is surely a typo: refused, nothing written."""
    before = snapshot(plan_home)
    assert_error(run("date", far), f"'{far}' is more than ten years from today")
    assert snapshot(plan_home) == before


def test_relative_date_past_the_end_of_the_calendar(run: Run, plan_home: Path) -> None:
    """A relative date that would pass year 9999 is a clear error, not an overflow."""
    before = snapshot(plan_home)
    assert_error(
        run("date", "+6w", today=date(9999, 12, 30)),
        "'+6w' is not a date: use the form 2027-01-31, or +3w / +10d from today",
    )
    assert snapshot(plan_home) == before


def test_hand_edited_exit_date_at_the_end_of_the_calendar(run: Run, plan_home: Path) -> None:
    """A plan hand-edited to leave on 9999-12-31 still shows (after-exit steps cannot overflow)."""
    plan = plan_home / "plan.toml"
    plan.write_text(
        plan.read_text(encoding="utf-8").replace("2026-12-14", "9999-12-31"), encoding="utf-8"
    )
    result = run("status", "--json")
    assert_no_traceback(result)
    assert result.exit_code == 0
    assert json.loads(result.stdout)["exit_date"] == "9999-12-31"
    assert run("list", "--all").exit_code == 0


def test_rehearsing_at_the_end_of_the_calendar(run: Run, plan_home: Path) -> None:
    """--today near the last day of the calendar does not crash status."""
    assert run("add", MONEY, "Far away", "--due", "9999-12-31").exit_code == 0
    assert run("date", "--clear").exit_code == 0
    result = run("status", today=date(9999, 12, 30))
    assert_no_traceback(result)
    assert result.exit_code in (0, 1)


def test_date_and_clear_together_is_a_usage_error(run: Run, plan_home: Path) -> None:
    """A date and --clear at once is a usage error (exit 2), nothing written."""
    before = snapshot(plan_home)
    assert_usage_error(run("date", "+1w", "--clear"), "give a date or --clear, not both")
    assert snapshot(plan_home) == before


def test_date_warn_days_changes_due_soon(run: Run, plan_home: Path) -> None:
    """--warn-days sets how far ahead items count as due soon."""
    assert status_json(run)["totals"]["due_soon"] == 3
    assert run("date", "--warn-days", "3").exit_code == 0
    assert read_plan(plan_home).warn_days == 3
    assert status_json(run)["totals"]["due_soon"] == 1  # only the item due today
    assert run("date", "--warn-days", "0").exit_code == 0
    assert status_json(run)["totals"]["due_soon"] == 1


@pytest.mark.parametrize("bad", ["-1", "366", "soon"])
def test_date_warn_days_out_of_range(run: Run, plan_home: Path, bad: str) -> None:
    """--warn-days outside 0..365 is a usage error."""
    before = snapshot(plan_home)
    result = run("date", "--warn-days", bad)
    assert_usage_error(result, "--warn-days")
    assert snapshot(plan_home) == before


def test_date_without_a_plan(run: Run, home: Path) -> None:
    """`date` with no plan says how to start, and creates nothing."""
    assert_error(run("date"), NO_PLAN.format(home=home))
    assert_error(run("date", "+3w"), NO_PLAN.format(home=home))
    assert not home.exists()


# -- status --------------------------------------------------------------------------------------


def test_status_without_a_plan_shows_builtins_and_writes_nothing(run: Run, home: Path) -> None:
    """With no plan, status shows the built-in lists, says how to start, and writes nothing."""
    result = run("status")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "You have no plan yet. These are the built-in checklists."  # first
    assert "Start with: exitplan init (it asks for the day you plan to leave)" in result.stdout
    # No countdown to a date there is no plan for, and no pointer to review, which needs one.
    assert "No exit date is set yet" not in result.stdout
    assert "h hides the screen" not in result.stdout
    for _cid, title, _n in builtin_checklists():
        assert title in result.stdout
    assert not home.exists()


def test_status_json_without_a_plan(run: Run, home: Path) -> None:
    """status --json with no plan: no date, no flags, the built-in checklists, nothing written."""
    data = status_json(run)
    builtins = builtin_checklists()
    assert data["today"] == TODAY.isoformat()
    assert data["exit_date"] is None
    assert data["days_left"] is None
    assert data["flagged"] == []
    assert data["checklists"] == [
        {"id": cid, "title": title, "done": 0, "total": n} for cid, title, n in builtins
    ]
    total = sum(n for _cid, _title, n in builtins)
    assert data["totals"] == {
        "items": total,
        "done": 0,
        "skipped": 0,
        "open": total,
        "overdue": 0,
        "due_soon": 0,
        "open_at_exit": 0,
    }
    assert not home.exists()


def test_status_json_shape(run: Run, plan_home: Path) -> None:
    """status --json has the documented keys, counts, and flagged items most urgent first."""
    data = status_json(run)
    assert {"today", "exit_date", "days_left", "totals", "checklists", "flagged"} <= set(data)
    assert data["today"] == "2026-11-30"
    assert data["exit_date"] == "2026-12-14"
    assert data["days_left"] == 14
    assert data["totals"] == {
        "items": 8,
        "done": 0,
        "skipped": 0,
        "open": 8,
        "overdue": 1,
        "due_soon": 3,
        "open_at_exit": 0,
    }
    assert data["checklists"] == [
        {"id": MONEY, "title": "Test money", "done": 0, "total": 4},
        {"id": PAPERS, "title": "Test papers", "done": 0, "total": 4},
    ]
    documented = {"id", "title", "checklist", "due", "flag", "priority"}
    assert all(documented <= set(row) for row in data["flagged"])
    assert [{key: row[key] for key in sorted(documented)} for row in data["flagged"]] == [
        {
            "checklist": MONEY,
            "due": "2026-11-23",
            "flag": "overdue",
            "id": f"{MONEY}.open-account",
            "priority": "high",
            "title": "Open an account in your name",
        },
        {
            "checklist": MONEY,
            "due": "2026-11-30",
            "flag": "due_soon",
            "id": f"{MONEY}.save-cash",
            "priority": "critical",
            "title": "Put cash aside",
        },
        {
            "checklist": PAPERS,
            "due": "2026-12-04",
            "flag": "due_soon",
            "id": f"{PAPERS}.copy-passport",
            "priority": "high",
            "title": "Copy your passport",
        },
        {
            "checklist": MONEY,
            "due": "2026-12-07",
            "flag": "due_soon",
            "id": f"{MONEY}.credit-report",
            "priority": "normal",
            "title": "Check your credit report",
        },
    ]


def test_status_json_counts_done_and_skipped(run: Run, plan_home: Path) -> None:
    """Done and skipped items leave the flags and count in the totals and per checklist."""
    assert run("done", "1", "2").exit_code == 0
    assert run("skip", "5").exit_code == 0
    data = status_json(run)
    assert data["totals"] == {
        "items": 8,
        "done": 2,
        "skipped": 1,
        "open": 5,
        "overdue": 0,
        "due_soon": 1,
        "open_at_exit": 0,
    }
    assert data["checklists"][0] == {"id": MONEY, "title": "Test money", "done": 2, "total": 4}
    assert [row["id"] for row in data["flagged"]] == [f"{MONEY}.credit-report"]


def test_status_after_the_exit_date_flags_open_at_exit(run: Run, plan_home: Path) -> None:
    """After the exit date, open before-items are 'open at exit'; after-items follow their due."""
    data = status_json(run, today=EXIT + timedelta(days=8))
    assert data["days_left"] == -8
    assert data["totals"]["open_at_exit"] == 6
    assert data["totals"]["overdue"] == 1  # report-address, due 7 days after the exit
    flags = {row["id"]: row["flag"] for row in data["flagged"]}
    assert flags[f"{PAPERS}.report-address"] == "overdue"
    assert flags[f"{PAPERS}.keep-copies"] == "open_at_exit"
    assert flags[f"{MONEY}.change-beneficiaries"] == "due_soon"  # due 14 days after, 6 from now
    assert data["flagged"][0]["flag"] == "overdue"


def test_status_text_with_a_plan(run: Run, plan_home: Path) -> None:
    """status leads with the countdown, then what needs attention, then progress per checklist."""
    result = run("status")
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("14 days until Monday 14 December 2026.")
    assert out.index("For today") < out.index("Behind") < out.index("Progress")
    order = [
        out.index(t)
        for t in (
            "Put cash aside",
            "Open an account in your name",
            "Copy your passport",
            "Check your credit report",
        )
    ]
    assert order == sorted(order)
    assert "23 Nov (7 days ago)" in out
    assert "1 behind, 3 due this week." in out
    assert "Test money" in out
    assert "0/4" in out
    assert "0 of 8 done, 0 skipped." in out
    assert "\x1b[" not in out  # no colour codes when piped


def test_status_without_exit_date_says_there_are_no_deadlines(run: Run, user_home: Path) -> None:
    """A plan with no date: no flags, and status says how to set the date."""
    assert run("init", "-c", MONEY).exit_code == 0
    out = run("status").stdout
    assert "No exit date is set yet, so steps timed from it have no deadline." in out
    assert "Set one when you are ready: exitplan date (it asks for the day)" in out
    assert "Behind" not in out


def test_status_with_nothing_due_soon(run: Run, plan_home: Path) -> None:
    """Far from the exit date, status says nothing is overdue or due soon."""
    out = run("status", today=EXIT - timedelta(days=60)).stdout
    assert "Nothing is overdue or due in the next 7 days." in out
    assert "Behind" not in out


def test_status_without_exit_date_does_not_deny_absolute_deadlines(
    run: Run, user_home: Path
) -> None:
    """An item with a fixed date keeps its deadline, and status does not claim there is none."""
    assert run("init", "-c", MONEY).exit_code == 0
    assert run("add", MONEY, "Renew passport", "--due", "2026-11-20").exit_code == 0
    out = run("status").stdout
    assert "Renew passport" in out
    assert "Behind: 1" in out
    assert "nothing has a deadline" not in out
    assert "No exit date is set yet, so steps timed from it have no deadline." in out


def test_a_new_plan_never_starts_out_overdue(run: Run, user_home: Path) -> None:
    """With less time than the longest lead, steps are squeezed into the time there is."""
    assert run("init", "-c", MONEY, "--exit-date", "+1w").exit_code == 0
    rows = list_json(run)
    assert all(row["flag"] != "overdue" for row in rows)
    assert all(row["due"] >= TODAY.isoformat() for row in rows)
    # The order of the steps is kept: the one with the longest lead is still due first.
    by_id = {row["id"]: row["due"] for row in rows}
    assert by_id[f"{MONEY}.open-account"] <= by_id[f"{MONEY}.save-cash"]
    assert by_id[f"{MONEY}.save-cash"] <= by_id[f"{MONEY}.credit-report"]
    assert by_id[f"{PAPERS}.keep-copies"] == (TODAY + timedelta(7)).isoformat()
    assert status_json(run)["totals"]["overdue"] == 0


def test_a_new_date_is_planned_from_today(run: Run, plan_home: Path) -> None:
    """Moving the exit date closer squeezes the steps from the day it was moved."""
    assert run("date", "+1w").exit_code == 0
    assert read_plan(plan_home).planned_on == TODAY
    assert status_json(run)["totals"]["overdue"] == 0


def test_adding_a_step_does_not_move_the_others(run: Run, user_home: Path) -> None:
    """Adding one's own step leaves the due dates of the other steps where they were."""
    assert run("init", "-c", MONEY, "--exit-date", "+4w").exit_code == 0
    before = {row["id"]: row["due"] for row in list_json(run)}
    assert run("add", MONEY, "Start saving", "--due", "-52w").exit_code == 0
    after = {row["id"]: row["due"] for row in list_json(run)}
    assert {key: after[key] for key in before} == before


# -- list ----------------------------------------------------------------------------------------


def test_list_json_shape(run: Run, plan_home: Path) -> None:
    """list --json is an array of items with the documented keys, numbered in plan order."""
    rows = list_json(run)
    documented = {"id", "number", "checklist", "title", "why", "status", "due", "flag", "priority"}
    assert all(documented <= set(row) for row in rows)
    assert [row["id"] for row in rows] == ALL_IDS
    assert [row["number"] for row in rows] == list(range(1, 9))
    first = rows[0]
    assert {key: first[key] for key in documented} == {
        "id": f"{MONEY}.open-account",
        "number": 1,
        "checklist": MONEY,
        "title": "Open an account in your name",
        "why": "Money they cannot see is what makes leaving possible.",
        "status": "open",
        "due": "2026-11-23",
        "flag": "overdue",
        "priority": "high",
    }
    assert [row["flag"] for row in rows] == [
        "overdue",
        "due_soon",
        "due_soon",
        "upcoming",
        "due_soon",
        "upcoming",
        "upcoming",
        "upcoming",
    ]


def test_list_filters(run: Run, plan_home: Path) -> None:
    """list shows open items by default; --open, --done (done and skipped) and --all filter."""
    assert run("done", "1").exit_code == 0
    assert run("skip", "6").exit_code == 0

    def ids(*args: str) -> list[str]:
        return [row["id"] for row in list_json(run, *args)]

    still_open = [i for n, i in enumerate(ALL_IDS, 1) if n not in (1, 6)]
    assert ids() == still_open
    assert ids("--open") == still_open
    assert ids("--done") == [ALL_IDS[0], ALL_IDS[5]]
    assert ids("--all") == ALL_IDS
    assert ids(PAPERS) == [i for i in still_open if i.startswith(PAPERS)]
    assert ids(PAPERS, "--done") == [ALL_IDS[5]]
    statuses = {row["id"]: row["status"] for row in list_json(run, "--all")}
    assert statuses[ALL_IDS[0]] == "done"
    assert statuses[ALL_IDS[5]] == "skipped"


def test_list_text(run: Run, plan_home: Path) -> None:
    """list shows the number, id, title, due date and flag of each item."""
    out = run("list").stdout
    assert "t-money.open-account" in out
    assert "Open an account in your name" in out
    assert "23 Nov (7 days ago)" in out
    assert "overdue" in out
    assert "t-papers.report-address" in out


def test_list_unknown_checklist(run: Run, plan_home: Path) -> None:
    """A checklist not in the plan is an error naming the ones that are."""
    assert_error(
        run("list", "nope"),
        f"no checklist called 'nope' in your plan; choose one of: {MONEY}, {PAPERS}",
    )


def test_list_conflicting_filters_is_a_usage_error(run: Run, plan_home: Path) -> None:
    """Two of --open/--done/--all together is a usage error."""
    assert_usage_error(
        run("list", "--open", "--done"), "choose one of --open, --done, --all or --attention"
    )


def test_list_without_a_plan_shows_builtins(run: Run, home: Path) -> None:
    """list works without a plan, showing the built-in items, and writes nothing."""
    rows = list_json(run)
    assert len(rows) == sum(n for _cid, _title, n in builtin_checklists())
    assert all(row["status"] == "open" and row["due"] is None for row in rows)
    assert not home.exists()


# -- show and item references --------------------------------------------------------------------


def test_show_text(run: Run, plan_home: Path) -> None:
    """show prints the item in full: title, id, why, how, caution, due, priority, state."""
    result = run("show", "1")
    assert result.exit_code == 0
    out = result.stdout
    for text in (
        "Open an account in your name",
        "t-money.open-account  (#1)",
        "Money they cannot see is what makes leaving possible.",
        "Use a bank you have never used together.",
        "Choose paperless statements.",
        "before you leave",
        "23 Nov (7 days ago)",
        "high",
        "overdue",
        "https://example.org/money",
    ):
        assert text in out


def test_show_json(run: Run, plan_home: Path) -> None:
    """show --json has the list keys plus how, caution, note, reason, sources and history."""
    assert run("note", "1", input="Ask at the branch in town\n").exit_code == 0
    assert run("done", "1").exit_code == 0
    data = show_json(run, "1")
    assert data["id"] == f"{MONEY}.open-account"
    assert data["status"] == "done"
    assert data["flag"] is None
    assert data["how"] == "Use a bank you have never used together."
    assert data["caution"] == "Choose paperless statements."
    assert data["note"] == "Ask at the branch in town"
    assert data["reason"] is None
    assert data["sources"] == ["https://example.org/money"]
    assert [event["action"] for event in data["history"]] == ["note", "done"]
    assert all(event["item"] == f"{MONEY}.open-account" for event in data["history"])


@pytest.mark.parametrize(
    ("ref", "expected"),
    [
        ("3", f"{MONEY}.credit-report"),
        ("8", f"{PAPERS}.report-address"),
        ("t-money.save-cash", f"{MONEY}.save-cash"),
        ("T-MONEY.SAVE-CASH", f"{MONEY}.save-cash"),
        (" t-money.save-cash ", f"{MONEY}.save-cash"),
        ("save-cash", f"{MONEY}.save-cash"),
        ("cred", f"{MONEY}.credit-report"),
        ("passport", f"{PAPERS}.copy-passport"),
        ("t-papers.keep", f"{PAPERS}.keep-copies"),
        ("report", f"{PAPERS}.report-address"),  # a prefix of an id beats a part of another
    ],
)
def test_item_references(run: Run, plan_home: Path, ref: str, expected: str) -> None:
    """An item is found by number, full id, or any unambiguous part of its id."""
    assert show_json(run, ref)["id"] == expected


def test_ambiguous_reference_lists_the_candidates(run: Run, plan_home: Path) -> None:
    """A part that matches several items is an error naming each of them."""
    assert_error(
        run("show", "c"),
        f"'c' matches more than one step: {MONEY}.credit-report, {MONEY}.change-beneficiaries, "
        f"{PAPERS}.copy-passport. Type more of the id.",
    )


@pytest.mark.parametrize("command", ["show", "done", "undo", "skip", "note"])
def test_unknown_item_is_a_clear_error(run: Run, plan_home: Path, command: str) -> None:
    """An unknown item is one clear error for every command that takes one; nothing changes."""
    before = snapshot(plan_home)
    assert_error(
        run(command, "zzz", input="text\n"),
        "no step matches 'zzz'; 'exitplan list --all' shows every step",
    )
    assert snapshot(plan_home) == before


@pytest.mark.parametrize("number", ["0", "9", "99999999999999999999"])
def test_item_number_out_of_range(run: Run, plan_home: Path, number: str) -> None:
    """A number that is not in the list is an error that points at `list`."""
    assert_error(
        run("show", number),
        f"there is no step number {int(number)}; 'exitplan list' shows the numbers",
    )


def test_superscript_digit_is_not_a_crash(run: Run, plan_home: Path) -> None:
    """A reference like '²' (a digit to str.isdigit, not to int) is a clear error."""
    assert_error(run("show", "²"), "no step matches '²'", exact=False)


# -- done, undo, skip ----------------------------------------------------------------------------


def test_done_several_items(run: Run, plan_home: Path) -> None:
    """done ticks off every item given, by any kind of reference, and says so on stderr."""
    result = run("done", "1", "save-cash", f"{PAPERS}.keep-copies")
    assert result.exit_code == 0
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "Done: #1 Open an account in your name",
        "Done: #2 Put cash aside",
        "Done: #7 Take the folder of copies with you",
    ]
    items = read_plan(plan_home).items
    assert {k for k, v in items.items() if v.status == "done"} == {
        f"{MONEY}.open-account",
        f"{MONEY}.save-cash",
        f"{PAPERS}.keep-copies",
    }


def test_done_twice_says_it_already_was(run: Run, plan_home: Path) -> None:
    """Ticking a done item again changes nothing and says so; the same item twice counts once."""
    assert run("done", "1", "open-account").stderr == "Done: #1 Open an account in your name\n"
    assert run("done", "1").stderr == "Already done: #1 Open an account in your name\n"
    history = [e for e in read_plan(plan_home).history if e.action == "done"]
    assert len(history) == 1


def test_done_with_one_bad_reference_changes_nothing(run: Run, plan_home: Path) -> None:
    """If any reference is bad, no item is ticked and no file changes."""
    before = snapshot(plan_home)
    assert_error(
        run("done", "1", "2", "99"), "there is no step number 99; 'exitplan list' shows the numbers"
    )
    assert snapshot(plan_home) == before


def test_undo_reopens(run: Run, plan_home: Path) -> None:
    """undo makes a done or skipped item open again, and it is flagged once more."""
    assert run("done", "1").exit_code == 0
    assert run("skip", "2", "--reason", "n/a").exit_code == 0
    result = run("undo", "1", "2")
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [
        "Reopened: #1 Open an account in your name",
        "Reopened: #2 Put cash aside",
    ]
    rows = {row["number"]: row for row in list_json(run)}
    assert rows[1]["status"] == "open"
    assert rows[1]["flag"] == "overdue"
    assert show_json(run, "2")["reason"] is None


def test_skip_with_reason(run: Run, plan_home: Path) -> None:
    """skip --reason keeps the reason with the item; the item leaves the open list."""
    result = run("skip", "copy-passport", "--reason", "  I have no passport  ")
    assert result.exit_code == 0
    assert result.stderr == "Skipped: #5 Copy your passport\n"
    data = show_json(run, "5")
    assert (data["status"], data["reason"], data["flag"]) == ("skipped", "I have no passport", None)
    assert f"{PAPERS}.copy-passport" not in [row["id"] for row in list_json(run)]


def test_skip_without_reason(run: Run, plan_home: Path) -> None:
    """skip works without a reason."""
    assert run("skip", "5").exit_code == 0
    data = show_json(run, "5")
    assert (data["status"], data["reason"]) == ("skipped", None)


def test_changing_commands_without_a_plan(run: Run, home: Path) -> None:
    """done/undo/skip/note/add without a plan: the no-plan error, and nothing is created."""
    builtin = builtin_checklists()
    some = builtin[0][0] if builtin else "finances"
    for args in (["done", "1"], ["undo", "1"], ["skip", "1"], ["add", some, "A step"]):
        assert_error(run(*args), NO_PLAN.format(home=home))
    if builtin:
        assert_error(run("note", "1", input="x\n"), NO_PLAN.format(home=home))
    assert not home.exists()


# -- note ----------------------------------------------------------------------------------------


def test_note_from_stdin(run: Run, plan_home: Path) -> None:
    """note reads the text from stdin; it is stored once, and the history does not repeat it."""
    text = "Advocate: Tuesday 3pm, library side door"
    result = run("note", "3", input=text + "\n")
    assert result.exit_code == 0
    assert result.stdout == ""
    assert result.stderr == "Saved the note on: #3 Check your credit report\n"
    assert show_json(run, "3")["note"] == text
    assert (plan_home / "plan.toml").read_text(encoding="utf-8").count("library side door") == 1
    events = [e for e in read_plan(plan_home).history if e.action == "note"]
    assert len(events) == 1
    assert events[0].detail is None


def test_note_keeps_several_lines(run: Run, plan_home: Path) -> None:
    """A note read from stdin may span several lines."""
    assert run("note", "3", input="first line\nsecond line\n").exit_code == 0
    assert show_json(run, "3")["note"] == "first line\nsecond line"


def test_note_replace_and_clear(run: Run, plan_home: Path) -> None:
    """From a pipe, a note over a note is refused until --add or --replace says which; --add
    keeps the note there is and adds a line, --replace replaces it; --clear removes it without
    reading anything."""
    assert run("note", "3", input="one\n").exit_code == 0
    before = snapshot(plan_home)
    one_error_line(run("note", "3", input="two\n"), "already has a note", "--add", "--replace")
    assert snapshot(plan_home) == before
    assert run("note", "3", "--add", input="and more\n").exit_code == 0
    assert show_json(run, "3")["note"] == "one\nand more"
    assert run("note", "3", "--replace", input="two\n").exit_code == 0
    assert show_json(run, "3")["note"] == "two"
    result = run("note", "3", "--clear", input="ignored\n")
    assert result.exit_code == 0
    assert result.stderr == "Removed the note from: #3 Check your credit report\n"
    assert show_json(run, "3")["note"] is None


@pytest.mark.parametrize("empty", ["", "\n", "   \n\t\n"])
def test_empty_note_changes_nothing(run: Run, plan_home: Path, empty: str) -> None:
    """An empty note is not saved (and does not erase an existing one); no file changes."""
    assert run("note", "3", input="keep me\n").exit_code == 0
    before = snapshot(plan_home)
    result = run("note", "3", "--replace", input=empty)
    assert result.exit_code == 0
    assert result.stderr == (
        "The note is empty, so nothing was changed. Use --clear to remove a note.\n"
    )
    assert snapshot(plan_home) == before


def test_too_long_note_is_refused(run: Run, plan_home: Path) -> None:
    """A note over the limit is refused and nothing is written."""
    before = snapshot(plan_home)
    assert_error(run("note", "3", input="x" * 20_001), "the note is longer than 20,000 characters")
    assert snapshot(plan_home) == before


def test_note_text_is_not_an_argument(run: Run, plan_home: Path) -> None:
    """note takes no text on the command line (shell history would keep it)."""
    result = run("note", "3", "my secret plan")
    assert_usage_error(result, "exitplan note takes ITEM and options; it cannot use 1 more word")
    assert "secret" not in result.stderr  # longer text is counted, never shown back
    assert "my secret plan" not in (plan_home / "plan.toml").read_text(encoding="utf-8")


# -- add -----------------------------------------------------------------------------------------


def test_add_with_offset_priority_and_why(run: Run, plan_home: Path) -> None:
    """add puts the person's own item in a checklist, with due offset, priority and why."""
    result = run(
        "add",
        MONEY,
        "Find a family lawyer",
        "--due",
        "-2w",
        "--priority",
        "high",
        "--why",
        "Advice early on helps",
    )
    assert result.exit_code == 0
    full_id = f"{MONEY}.mine-1"
    assert result.stdout == f"{full_id}\n"
    assert result.stderr == "Added step #9. Use its number from now on: exitplan done 9\n"
    row = show_json(run, full_id)
    assert row["checklist"] == MONEY
    assert row["title"] == "Find a family lawyer"
    assert row["why"] == "Advice early on helps"
    assert row["due"] == (EXIT - timedelta(weeks=2)).isoformat()
    assert row["priority"] == "high"
    assert row["custom"] is True
    assert row["number"] == 9  # after every checklist item, so no number someone saw shifts
    assert show_json(run, "5")["id"] == f"{PAPERS}.copy-passport"


def test_add_with_absolute_date_and_after_exit(run: Run, plan_home: Path) -> None:
    """--due takes a date, or an offset after the exit (which makes it an after-exit item)."""
    assert run("add", PAPERS, "Renew passport", "--due", "2027-01-05").exit_code == 0
    assert run("add", PAPERS, "Register with a doctor", "--due", "+7d").exit_code == 0
    rows = {row["title"]: row for row in list_json(run, PAPERS)}
    assert rows["Renew passport"]["due"] == "2027-01-05"
    assert rows["Register with a doctor"]["due"] == (EXIT + timedelta(days=7)).isoformat()
    assert rows["Register with a doctor"]["when"] == "after"
    assert rows["Renew passport"]["priority"] == "normal"


def test_add_title_from_stdin(run: Run, plan_home: Path) -> None:
    """With TITLE left out, the title is read from stdin (kept out of shell history)."""
    result = run("add", MONEY, input="Ask Sam to keep spare keys\n")
    assert result.exit_code == 0
    assert show_json(run, f"{MONEY}.mine-1")["title"] == ("Ask Sam to keep spare keys")


def test_add_gives_each_step_the_next_neutral_id(run: Run, plan_home: Path) -> None:
    """Own steps get distinct ids that say nothing of their titles."""
    assert run("add", MONEY, "Call the bank").exit_code == 0
    assert run("add", MONEY, "Hide the spare key").exit_code == 0
    ids = [row["id"] for row in list_json(run, MONEY)]
    assert f"{MONEY}.mine-1" in ids
    assert f"{MONEY}.mine-2" in ids
    assert not [i for i in ids if "bank" in i or "key" in i]


def test_add_empty_title_is_refused(run: Run, plan_home: Path) -> None:
    """An empty title (from stdin) is refused; nothing is written."""
    before = snapshot(plan_home)
    assert_error(
        run("add", MONEY, input="   \n"), "the title is empty: say in a few words what the step is"
    )
    assert snapshot(plan_home) == before


def test_add_to_unknown_checklist(run: Run, plan_home: Path) -> None:
    """Adding to a checklist not in the plan names the ones that are; nothing is written."""
    before = snapshot(plan_home)
    assert_error(
        run("add", "nope", "A step"),
        f"no checklist called 'nope' in your plan; choose one of: {MONEY}, {PAPERS}",
    )
    assert snapshot(plan_home) == before


@pytest.mark.parametrize("bad", ["-3x", "soon", "+99999d", "2027-13-45"])
def test_add_bad_due_is_a_usage_error(run: Run, plan_home: Path, bad: str) -> None:
    """A --due that is neither an offset nor a date is a usage error; nothing is written."""
    before = snapshot(plan_home)
    assert_usage_error(run("add", MONEY, "A step", "--due", bad), "--due")
    assert snapshot(plan_home) == before


def test_add_bad_priority_is_a_usage_error(run: Run, plan_home: Path) -> None:
    """--priority accepts only critical, high, normal or low."""
    assert_usage_error(run("add", MONEY, "A step", "--priority", "urgent"), "urgent")


# -- review --------------------------------------------------------------------------------------


def test_review_answers_are_saved(run: Run, plan_home: Path) -> None:
    """review walks open items most urgent first: d done, s skip (reason), n note (the same
    step stays, shown again with its note), Enter, Enter, q."""
    keys = "d\ns\nnot for me\nn\nbring the folder\n\n\nq\n"
    result = run("review", input=keys)
    assert result.exit_code == 0, result.output
    assert "Review finished. Everything you answered is saved." in result.stderr
    # Shown in order of urgency: overdue, then due soon by priority (critical, high, normal).
    out = result.stdout
    assert out.index("Open an account") < out.index("Put cash aside")
    assert out.index("Put cash aside") < out.index("Copy your passport")
    assert out.index("Copy your passport") < out.index("Check your credit report")
    assert "Find your birth certificate" in out  # shown, then q
    assert "Change beneficiaries" not in out
    assert out.count("Copy your passport") == 2  # after the note, the same step again
    assert "bring the folder" in out.split("Copy your passport")[2]
    state = read_plan(plan_home)
    assert state.items[f"{MONEY}.open-account"].status == "done"
    assert state.items[f"{MONEY}.save-cash"].status == "skipped"
    assert state.items[f"{MONEY}.save-cash"].reason == "not for me"
    assert state.items[f"{PAPERS}.copy-passport"].note == "bring the folder"
    assert state.items[f"{PAPERS}.copy-passport"].status == "open"
    assert f"{MONEY}.credit-report" not in state.items
    assert f"{PAPERS}.birth-certificate" not in state.items


def test_review_saves_after_every_answer(
    run: Run, plan_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An interruption (Ctrl-C) after one answer keeps that answer: each one is saved at once."""
    from exitplan.cli import review as cli

    answers = iter(["d"])

    def fake_key(_prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(cli, "read_key", fake_key)
    result = run("review")
    assert_no_traceback(result)
    assert result.exit_code != 0
    assert read_plan(plan_home).items[f"{MONEY}.open-account"].status == "done"


def test_review_end_of_input_is_quit(run: Run, plan_home: Path) -> None:
    """When stdin ends, review stops as if q was pressed."""
    result = run("review", input="d\n")
    assert result.exit_code == 0
    assert read_plan(plan_home).items[f"{MONEY}.open-account"].status == "done"
    assert len([e for e in read_plan(plan_home).history if e.action == "done"]) == 1


def test_review_one_checklist(run: Run, plan_home: Path) -> None:
    """review CHECKLIST walks only that checklist's open items."""
    result = run("review", PAPERS, input="d\nd\nd\nd\n")
    assert result.exit_code == 0
    done = {k for k, v in read_plan(plan_home).items.items() if v.status == "done"}
    assert done == {f"{PAPERS}.{i}" for i in PAPERS_IDS}
    assert "Nothing open to review." in run("review", PAPERS).stderr


def test_review_uppercase_keys(run: Run, plan_home: Path) -> None:
    """Keys are not case-sensitive."""
    assert run("review", input="D\nQ\n").exit_code == 0
    assert read_plan(plan_home).items[f"{MONEY}.open-account"].status == "done"


def test_review_unknown_checklist_is_an_error(run: Run, plan_home: Path) -> None:
    """A mistyped checklist name is an error, not 'nothing open' (which reads as all done)."""
    assert_error(run("review", "t-mony"), "no checklist called 't-mony'", exact=False)


def test_review_skip_reason_is_cleaned(run: Run, plan_home: Path) -> None:
    """A reason typed during review holding a key's escape code is asked again (never kept with
    the code's remains); the answer typed again is kept, cleaned, and the plan stays readable."""
    result = run("review", input="s\nno\x1b[2J way\nno  way \x01\nq\n")
    assert result.exit_code == 0
    assert "code of a key such as an arrow" in result.stderr
    shutil.rmtree(plan_home / "cache", ignore_errors=True)
    result = run("status", "--json")
    assert result.exit_code == 0, result.stderr
    assert read_plan(plan_home).items[f"{MONEY}.open-account"].reason == "no  way"


def test_review_without_a_plan(run: Run, home: Path) -> None:
    """review without a plan is the no-plan error."""
    assert_error(run("review"), NO_PLAN.format(home=home))
    assert not home.exists()


def test_read_key_on_a_terminal_takes_one_keypress(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal, review reads a single keypress (no Enter needed)."""
    import io

    import typer

    from exitplan.cli import review as cli

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Tty())
    monkeypatch.setattr(typer, "getchar", lambda: "D")
    assert cli.read_key("prompt: ") == "d"


# -- summary -------------------------------------------------------------------------------------


@pytest.fixture
def progressed(run: Run, plan_home: Path) -> Path:
    """The test plan with one item done, one skipped with a reason, one with a note."""
    assert run("done", "1").exit_code == 0
    assert run("skip", "5", "--reason", "have none").exit_code == 0
    assert run("note", "3", input="call Sam first\n").exit_code == 0
    return plan_home


def test_summary_text(run: Run, progressed: Path) -> None:
    """summary prints the whole plan as plain text: date, progress, every item, notes."""
    result = run("summary")
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith(
        "MY PLAN\nAs of Monday 30 November 2026.\n14 days until Monday 14 December 2026.\n"
    )
    assert "1 of 8 steps done, 1 set aside, 6 still open." in out
    assert "TEST MONEY (1 of 4 done)" in out
    assert "  [x] Open an account in your name\n      Due Mon 23 Nov 2026; done\n" in out
    assert "  [-] Copy your passport\n      Due Fri 4 Dec 2026; set aside: have none\n" in out
    assert "note: call Sam first" in out
    for title in ("Change beneficiaries", "Tell the bank your new address"):
        assert title in out


def test_summary_markdown(run: Run, progressed: Path) -> None:
    """summary --format markdown has a heading per checklist and a task-list item per step."""
    out = run("summary", "--format", "markdown").stdout
    assert out.startswith("# My plan\n")
    assert "## Test money (1 of 4 done)" in out
    assert "## Test papers (0 of 4 done, 1 set aside)" in out
    assert "- [x] Open an account in your name\\\n  Due Mon 23 Nov 2026; done\\\n" in out
    assert "- [ ] Check your credit report\\\n  Due Mon 7 Dec 2026; open, due soon\\\n" in out
    assert "  Note: call Sam first\n" in out


def test_summary_json(run: Run, progressed: Path) -> None:
    """summary --format json holds every item with its state, note and reason."""
    result = run("summary", "-f", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert {"today", "exit_date", "days_left", "totals", "checklists", "items"} <= set(data)
    assert [item["id"] for item in data["items"]] == ALL_IDS
    by_id = {item["id"]: item for item in data["items"]}
    assert by_id[f"{MONEY}.credit-report"]["note"] == "call Sam first"
    assert by_id[f"{PAPERS}.copy-passport"]["reason"] == "have none"
    assert data["totals"]["done"] == 1


def test_summary_bad_format_is_a_usage_error(run: Run, progressed: Path) -> None:
    """An unknown --format is a usage error."""
    assert_usage_error(run("summary", "--format", "pdf"), "pdf")


@pytest.mark.parametrize("fmt", ["text", "markdown", "json"])
def test_summary_output_writes_a_private_file(
    run: Run, progressed: Path, tmp_path: Path, fmt: str
) -> None:
    """--output writes the same text to a 0600 file, says so on stderr, and changes nothing in
    the home but the list of files written outside it (for wipe), which names this one."""
    before, beside = snapshot(progressed), set(tmp_path.iterdir())
    target = tmp_path / f"summary.{fmt}"
    result = run("summary", "--format", fmt, "--output", str(target))
    assert result.exit_code == 0
    assert result.stdout == ""
    assert result.stderr.startswith(f"Saved the summary ({fmt}) to {target}.")
    assert target.read_text(encoding="utf-8") == run("summary", "--format", fmt).stdout
    assert target.stat().st_mode & 0o777 == 0o600
    after = snapshot(progressed)
    listed = json.loads(after.pop("outside.json"))["files"]
    assert [row["path"] for row in listed] == [str(target)]
    assert after == before
    assert set(tmp_path.iterdir()) - beside == {target}  # no temp file left beside it


def test_summary_output_replaces_a_readable_file_with_a_private_one(
    run: Run, progressed: Path, tmp_path: Path
) -> None:
    """Overwriting an existing world-readable file still leaves a 0600 file."""
    target = tmp_path / "plan.md"
    target.write_text("old")
    target.chmod(0o644)
    assert run("summary", "-f", "markdown", "-o", str(target), "--force").exit_code == 0
    assert target.stat().st_mode & 0o777 == 0o600
    assert target.read_text(encoding="utf-8").startswith("# My plan")


def test_summary_output_into_a_missing_folder(run: Run, progressed: Path, tmp_path: Path) -> None:
    """--output into a folder that does not exist is an error, and nothing is created."""
    target = tmp_path / "nowhere" / "plan.md"
    assert_error(
        run("summary", "--output", str(target)),
        f"cannot write {target}: the folder {target.parent} does not exist",
    )
    assert not target.parent.exists()


def test_summary_output_never_overwrites_the_plan(run: Run, plan_home: Path) -> None:
    """--output pointing into the data folder is refused; the plan survives byte for byte."""
    before = snapshot(plan_home)
    for target in (plan_home / "plan.toml", plan_home / "checklists" / f"{MONEY}.toml"):
        result = run("summary", "--output", str(target))
        assert result.exit_code == 1
        assert "Traceback" not in result.output
    assert snapshot(plan_home) == before


# -- checklists ----------------------------------------------------------------------------------


def test_checklists_json(run: Run, plan_home_with_builtins: Path) -> None:
    """checklists --json: built-in and own checklists, item counts, and whether in the plan."""
    result = run("checklists", "--json")
    assert result.exit_code == 0
    rows = json.loads(result.stdout)
    by_id = {row["id"]: row for row in rows}
    assert by_id[MONEY] == {
        "id": MONEY,
        "title": "Test money",
        "summary": "Money steps used by the tests.",
        "items": 4,
        "builtin": False,
        "in_plan": True,
    }
    assert by_id[PAPERS]["items"] == 4
    for checklist in load_catalog().checklists:  # every item in the file, conditions or not
        row = by_id[checklist.id]
        assert (row["title"], row["items"]) == (checklist.title, len(checklist.items))
        assert row["builtin"] is True
        assert row["in_plan"] is False
    assert len(rows) == len(builtin_checklists()) + 2


def test_checklists_text(run: Run, plan_home: Path) -> None:
    """checklists shows id, title, count, and whether each is built-in or the person's own."""
    out = run("checklists").stdout
    assert MONEY in out
    assert "Test money" in out
    assert "yours" in out


# -- validate ------------------------------------------------------------------------------------


def test_validate_good_file(run: Run, home: Path) -> None:
    """A valid file is reported ok with its item count on stdout; exit 0; nothing written."""
    path = DATA / f"{MONEY}.toml"
    result = run("validate", str(path))
    assert result.exit_code == 0
    assert result.stdout == f"{path}: ok (4 items)\n"
    assert result.stderr == ""
    assert not home.exists()


def test_validate_reports_every_problem_in_every_file(run: Run, tmp_path: Path) -> None:
    """validate reports each problem of each file, then a count, and exits 1."""
    first = tmp_path / "first.toml"
    first.write_text(
        'schema = 1\nid = "first"\ntitle = "First"\n\n'
        '[[item]]\nid = "a"\ntitle = "A"\nwhy = "x"\ncolour = "red"\n\n'
        '[[item]]\nid = "b"\ntitle = "B"\nwhy = "y"\ndue = "-3x"\n\n'
        '[[item]]\nid = "Bad Id"\ntitle = "C"\n',
        encoding="utf-8",
    )
    second = tmp_path / "second.toml"
    second.write_text('schema = 1\nid = "second"\ntitle = "Second\n', encoding="utf-8")
    good = tmp_path / "good.toml"
    good.write_text('schema = 1\nid = "good"\ntitle = "Good"\n', encoding="utf-8")
    result = run("validate", str(first), str(second), str(good))
    assert_no_traceback(result)
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert (
        f"Error: {first}: item 1 ('a'), field 'colour': is not a known field (check the "
        "spelling)" in errors
    )
    assert any(
        line.startswith(f"Error: {first}: item 2 ('b'), field 'due': '-3x' is not an offset")
        for line in errors
    )
    assert any(line.startswith(f"Error: {first}: item 3 ('Bad Id'), field 'id'") for line in errors)
    assert f"Error: {first}: item 3 ('Bad Id'), field 'why': is required" in errors
    assert any(
        line.startswith(f"Error: {second}: ") and "line 3, column 16" in line for line in errors
    )
    assert len(errors) == 5
    assert result.stderr.splitlines()[-1] == "5 problems found."
    assert result.stdout == f"{good}: ok (0 items)\n"


def test_validate_duplicate_ids_across_files(run: Run, tmp_path: Path) -> None:
    """Two files with the same checklist id: the second is reported, naming the first."""
    one, two = tmp_path / "a", tmp_path / "b"
    one.mkdir()
    two.mkdir()
    text = 'schema = 1\nid = "same"\ntitle = "Same"\n'
    (one / "same.toml").write_text(text, encoding="utf-8")
    (two / "same.toml").write_text(text, encoding="utf-8")
    result = run("validate", str(one / "same.toml"), str(two / "same.toml"))
    assert result.exit_code == 1
    assert (
        f"Error: {two / 'same.toml'}: id 'same' is also used by {one / 'same.toml'}"
        in result.stderr.splitlines()
    )


def test_validate_duplicate_item_ids(run: Run, tmp_path: Path) -> None:
    """Two items with one id in a file are reported, naming the id."""
    path = tmp_path / "dup.toml"
    path.write_text(
        'schema = 1\nid = "dup"\ntitle = "Dup"\n[[item]]\nid = "a"\ntitle = "A"\nwhy = "x"\n'
        '[[item]]\nid = "a"\ntitle = "A again"\nwhy = "y"\n',
        encoding="utf-8",
    )
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert f"Error: {path}: item id 'a' is used twice" in result.stderr.splitlines()


def test_validate_id_must_match_file_name(run: Run, tmp_path: Path) -> None:
    """A file whose id differs from its name is reported."""
    path = tmp_path / "mine.toml"
    path.write_text('schema = 1\nid = "yours"\ntitle = "T"\n', encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert f"Error: {path}: id 'yours' should match the file name 'mine'" in result.stderr


def test_validate_missing_and_non_utf8_files(run: Run, tmp_path: Path) -> None:
    """A missing file and a non-UTF-8 file are each one problem, not a crash."""
    missing = tmp_path / "missing.toml"
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b'schema = 1\nid = "latin"\ntitle = "Caf\xe9"\n')
    result = run("validate", str(missing), str(latin))
    assert_no_traceback(result)
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert f"Error: {missing}: no such checklist file" in lines
    assert f"Error: {latin}: line 3: is not valid UTF-8 text (save it as UTF-8)" in lines


def test_validate_accepts_a_byte_order_mark(run: Run, tmp_path: Path) -> None:
    """A UTF-8 file that starts with a BOM is fine."""
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + 'schema = 1\nid = "bom"\ntitle = "Café"\n'.encode())
    result = run("validate", str(path))
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"{path}: ok (0 items)\n"


def test_validate_needs_a_file(run: Run) -> None:
    """validate with no file is a usage error."""
    assert_usage_error(run("validate"), "exitplan validate needs FILES")


# help-now and the region command: tests/e2e/test_helpnow_command.py and
# tests/unit/formats/test_regions.py.


# -- today, home and colour ----------------------------------------------------------------------


def test_today_from_the_environment(run: Run, plan_home: Path) -> None:
    """EXITPLAN_TODAY replaces today's date when --today is not given."""
    data = json.loads(
        run("status", "--json", today=None, env={"EXITPLAN_TODAY": "2026-12-10"}).stdout
    )
    assert data["today"] == "2026-12-10"
    assert data["days_left"] == 4


def test_today_option_beats_the_environment(run: Run, plan_home: Path) -> None:
    """--today wins over EXITPLAN_TODAY."""
    data = json.loads(run("status", "--json", env={"EXITPLAN_TODAY": "2026-12-10"}).stdout)
    assert data["today"] == TODAY.isoformat()


@pytest.mark.parametrize("bad", ["2026-13-01", "yesterday", "31/31/2026", ""])
def test_bad_today_is_a_usage_error(run: Run, plan_home: Path, bad: str) -> None:
    """A --today that is not a date is refused (exit 2), with the expected form; nothing written
    (30/11/2026 is a day: --today reads what `exitplan date` reads)."""
    before = snapshot(plan_home)
    result = run("--today", bad, "status", today=None)
    assert_usage_error(result, "use the form 2027-01-31")
    assert snapshot(plan_home) == before


def test_bad_today_from_the_environment(run: Run, home: Path) -> None:
    """A bad EXITPLAN_TODAY is refused too, and nothing is created."""
    result = run("status", today=None, env={"EXITPLAN_TODAY": "2026-02-30"})
    assert_usage_error(result, "'2026-02-30' is not a date")
    assert not home.exists()


def test_home_from_the_environment(tmp_path: Path) -> None:
    """EXITPLAN_HOME chooses the data directory when --home is not given."""
    where = make_home(tmp_path / "from-env", MONEY)
    result = cli(None, "init", "-c", MONEY, today=TODAY, env={"EXITPLAN_HOME": str(where)})
    assert result.exit_code == 0
    assert (where / "plan.toml").is_file()


def test_default_home_is_the_user_data_directory(tmp_path: Path) -> None:
    """With neither --home nor EXITPLAN_HOME, the plan goes to the platform's user data dir."""
    xdg = Path(os.environ["XDG_DATA_HOME"])
    assert cli(None, "init", today=TODAY).exit_code == 0
    assert (xdg / "exitplan" / "plan.toml").is_file()
    assert (xdg / "exitplan").stat().st_mode & 0o777 == 0o700


def test_home_relative_to_the_user_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--home ~/x is expanded."""
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cli(Path("~/usb-plan"), "init", today=TODAY).exit_code == 0
    assert (tmp_path / "usb-plan" / "plan.toml").is_file()


COLOUR = re.compile(r"\x1b\[[0-9;]*?(?:3[0-7]|9[0-7]|38;[0-9;]+)m")


def test_colour_on_a_terminal_but_not_with_no_color(run: Run, plan_home: Path) -> None:
    """A colour terminal gets colour; NO_COLOR turns colour off even there."""
    coloured = run("status", env={"FORCE_COLOR": "1", "NO_COLOR": None}).stdout
    assert COLOUR.search(coloured)
    plain = run("status", env={"FORCE_COLOR": "1", "NO_COLOR": "1"}).stdout
    assert not COLOUR.search(plain)
    assert "For today" in plain


def test_no_escape_codes_when_piped(run: Run, plan_home: Path) -> None:
    """Piped output (not a terminal) has no escape codes at all, even without NO_COLOR."""
    for args in (("status",), ("list",), ("show", "1"), ("checklists",), ("summary",)):
        assert "\x1b" not in run(*args, env={"NO_COLOR": None}).stdout, args


def test_a_narrow_list_says_due_once(run: Run, plan_home: Path) -> None:
    """At 50 columns the state goes under the title: a step due soon reads `due 4 Dec (...)`,
    not `due soon, due 4 Dec`; other states keep their word (`upcoming, due ...`)."""
    out = run("list", env={"COLUMNS": "50"}).stdout
    assert "due soon, due" not in out
    assert re.search(r"^ +due \d+ \w{3} \(", out, re.MULTILINE), out
    assert re.search(r"^ +(upcoming|overdue), due \d+ \w{3} \(", out, re.MULTILINE), out
