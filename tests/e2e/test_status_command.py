"""The status screen: danger signs first, today, behind, coming next, counts, colour and width."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from datetime import date, timedelta
from pathlib import Path

import pytest
from conftest import EXIT, MONEY, PAPERS, TODAY, Run, init_plan
from helpers import REPO, assert_usage_error, make_home, ok, read_plan, snapshot

from exitplan.service import terminal as term

COND = "t-cond"
WIDE = {"COLUMNS": "200"}
STEP_LINE = re.compile(r"^\s*(\d+)  \S")
PHONE = "0808 2000 247"
URL = "https://example.org/a-very-long-path/that-cannot-break-anywhere/at-all"
LONG_TITLE = f"Call {PHONE} or read {URL} before you go, with the children and the dog"


@pytest.fixture
def cond_home(home: Path, no_builtins: Path, run: Run) -> Path:
    """A plan of the two test checklists and one whose steps have conditions."""
    make_home(home, MONEY, PAPERS, COND)
    init_plan(run)
    return home


def status(run: Run, *, today: date = TODAY, env: dict[str, str | None] | None = None) -> str:
    """The status screen's text."""
    return ok(run("status", today=today, env={**WIDE, **(env or {})})).stdout


def numbers(screen: str) -> list[int]:
    """The step numbers on a screen, in the order they are shown."""
    return [int(m[1]) for line in screen.splitlines() if (m := STEP_LINE.match(line))]


def test_the_danger_line_leads_only_when_a_danger_sign_is_yes(run: Run, cond_home: Path) -> None:
    """A yes to a danger sign: one calm line first, then that danger's steps; no: neither."""
    assert "signs of serious danger" not in status(run)
    ok(run("situation", input="weapons = false\n"))
    screen = status(run)
    assert "signs of serious danger" not in screen
    assert "Plan around weapons" not in screen
    ok(run("situation", input="weapons = true\n"))
    screen = status(run)
    lines = screen.splitlines()
    assert lines[2].startswith("Some of your answers are signs of serious danger.")
    assert "exitplan help-now" in lines[2]
    assert screen.count("signs of serious danger") == 1
    assert screen.index("For the danger signs, first") < screen.index("Plan around weapons")
    assert screen.index("Plan around weapons") < screen.index("For today")


@pytest.mark.parametrize("answers", ["", "weapons = false\n", "weapons = true\nstalking = true\n"])
@pytest.mark.parametrize("days", [-14, 0, 5, 13, 17])
def test_status_never_says_safe_or_low_risk(
    run: Run, cond_home: Path, answers: str, days: int
) -> None:
    """Whatever the answers and the day, the screen never calls anything safe or low risk."""
    if answers:
        ok(run("situation", input=answers))
    screen = status(run, today=TODAY + timedelta(days=days))
    assert not re.search(r"\bsafe\b|\bsafer\b|low risk|risk score|\bscore\b", screen, re.I)


def test_a_reflective_step_is_never_behind(run: Run, cond_home: Path) -> None:
    """A reflective step past its date has no flag and is not in what status points at."""
    rows = {r["id"]: r for r in json.loads(run("list", "--json").stdout)}
    feelings = rows[f"{COND}.feelings"]
    assert feelings["reflective"] is True
    assert feelings["due"] < TODAY.isoformat()
    assert feelings["flag"] is None
    assert "Notice how you feel" not in status(run)
    attention = json.loads(run("list", "--attention", "--json").stdout)
    assert f"{COND}.feelings" not in {r["id"] for r in attention}


def test_list_attention_is_exactly_what_status_shows_in_its_order(
    run: Run, cond_home: Path
) -> None:
    """`list --attention` holds the screen's steps in the same order, and the ones it left out."""
    screen = status(run)
    shown = numbers(screen)
    listed = [r["number"] for r in json.loads(run("list", "--attention", "--json").stdout)]
    assert shown
    assert [n for n in listed if n in shown] == shown
    more = re.search(r"And (\d+) more", screen)
    assert len(listed) - len(shown) == (int(more[1]) if more else 0)
    groups = json.loads(run("status", "--json").stdout)["attention"]
    grouped = [r["number"] for key in ("danger", "today", "behind", "coming") for r in groups[key]]
    assert grouped == listed
    text = ok(run("list", "--attention", env=WIDE)).stdout
    assert [int(line.split()[0]) for line in text.splitlines()[1:]] == listed


def test_the_more_line_counts_what_the_screen_left_out(run: Run, cond_home: Path) -> None:
    """When groups are cut short, "And N more" is the rest of `list --attention`."""
    day = EXIT - timedelta(days=1)
    screen = status(run, today=day)
    listed = json.loads(run("list", "--attention", "--json", today=day).stdout)
    more = re.search(r"And (\d+) more: exitplan list --attention", screen)
    assert more, screen
    shown = numbers(screen)
    assert int(more[1]) == len(listed) - len(shown) > 0
    assert shown == [r["number"] for r in listed if r["number"] in shown]


def test_behind_is_a_count_and_the_most_important(run: Run, cond_home: Path) -> None:
    """Behind shows how many and the critical one first; the count line adds what is due soon."""
    day = EXIT - timedelta(days=1)
    screen = status(run, today=day)
    behind = json.loads(run("status", "--json", today=day).stdout)["attention"]
    count = behind["behind_count"]
    assert f"Behind: {count}, the most important first" in screen
    assert f"{count} behind, " in screen
    assert behind["behind"][0]["priority"] == "critical"
    # The due text is followed by two spaces before the title, whatever its length.
    for line in screen.splitlines():
        if re.match(r"^\s*\d+  \d+ \w{3} \(", line):
            assert re.search(r"\) {2,}\S", line), line


def test_red_only_for_a_critical_step_that_is_behind(run: Run, cond_home: Path) -> None:
    """With colour forced, red marks only the critical step that is behind."""
    day = EXIT - timedelta(days=1)
    screen = status(run, today=day, env={"FORCE_COLOR": "1", "NO_COLOR": None})
    data = json.loads(run("status", "--json", today=day).stdout)
    urgent = {r["title"] for g in ("behind", "today") for r in data["attention"][g] if r["urgent"]}
    assert urgent == {"Put cash aside", "Plan around weapons in the home"}  # both critical
    red = [line for line in screen.splitlines() if "\x1b[1;31m" in line or "\x1b[31m" in line]
    assert len(red) == 2
    assert all(any(title in line for title in urgent) for line in red), red
    # A high step that is behind is not red.
    assert any("Open an account" in line for line in screen.splitlines())
    assert not any("Open an account" in line for line in red)


def test_if_there_is_time_is_said_once_with_a_count(
    run: Run, home: Path, no_builtins: Path
) -> None:
    """With too few days, the rest wait as 'if there is time': said once, never overdue."""
    make_home(home, MONEY, PAPERS, COND)
    ok(run("init", "--exit-date", "+1d"))
    ok(run("date", "--per-day", "1"))
    data = json.loads(run("status", "--json").stdout)
    assert data["if_time"] > 0
    screen = status(run)
    assert screen.count("if there is time") == 1
    assert f"{data['if_time']} steps wait for if there is time" in screen
    later = json.loads(run("list", "--json", today=TODAY + timedelta(days=5)).stdout)
    waiting = [r for r in later if r["if_time"]]
    assert len(waiting) == data["if_time"]
    assert all(r["flag"] is None and r["due"] is None for r in waiting)


def test_per_day_limits_the_steps_on_each_day(run: Run, cond_home: Path) -> None:
    """`date --per-day 1` puts no more than one paced step on any day, and `date` says so."""
    ok(run("date", "--per-day", "1"))
    assert read_plan(cond_home).per_day == 1
    rows = json.loads(run("list", "--all", "--json").stdout)
    paced = Counter(r["due"] for r in rows if r["when"] == "before" and r["due"] < EXIT.isoformat())
    assert paced
    assert max(paced.values()) == 1
    assert "at most 1." in ok(run("date")).stderr
    assert json.loads(run("status", "--json").stdout)["per_day"] == 1


@pytest.mark.parametrize("bad", ["0", "21", "many"])
def test_a_bad_per_day_is_a_usage_error_and_writes_nothing(
    run: Run, cond_home: Path, bad: str
) -> None:
    """Outside 1 to 20 (or not a number): exit 2, nothing written."""
    before = snapshot(cond_home)
    result = run("date", "--per-day", bad)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    if bad.isdigit():
        assert_usage_error(result, "give a number of steps from 1 to 20")
    assert snapshot(cond_home) == before


def test_show_and_list_give_every_step_the_same_date(run: Run, cond_home: Path) -> None:
    """A step's date in `show` is the one `list` gives it: both pace the whole plan."""
    ok(run("date", "--per-day", "1"))
    for row in json.loads(run("list", "--all", "--json").stdout):
        shown = json.loads(run("show", row["id"], "--json").stdout)
        assert shown["due"] == row["due"], row["id"]


def test_clearing_no_date_says_so_and_writes_nothing(
    run: Run, home: Path, no_builtins: Path
) -> None:
    """`date --clear` with no date set says there is none, suggests a date from today."""
    make_home(home, MONEY)
    ok(run("init"))
    before = snapshot(home)
    result = ok(run("date", "--clear"))
    assert "There is no exit date to clear" in result.stderr
    assert (TODAY + timedelta(weeks=6)).isoformat() in result.stderr
    assert snapshot(home) == before


def test_the_no_plan_screen_shows_the_prompt_form_first(run: Run, home: Path) -> None:
    """Without a plan, the hint is `exitplan init`, which asks for the day at a prompt (so the
    day stays out of shell history); no date typed on the command line is suggested."""
    for day in (TODAY, date(2030, 5, 1)):
        screen = status(run, today=day)
        assert "Start with: exitplan init (it asks for the day you plan to leave)" in screen
        assert "--exit-date" not in screen


def test_the_footer_mentions_the_quick_hide_once(run: Run, cond_home: Path) -> None:
    """Status names review's quick-hide key once, in its footer."""
    screen = status(run)
    assert screen.count("h hides the screen at once") == 1
    assert screen.rstrip().splitlines()[-2] == "In review, h hides the screen at once."


def test_list_matches_a_checklist_in_any_case(run: Run, cond_home: Path) -> None:
    """`list T-MONEY` and `list 'test money'` both mean the t-money checklist."""
    by_id = json.loads(ok(run("list", "T-MONEY", "--json")).stdout)
    by_title = json.loads(ok(run("list", "Test Money", "--json")).stdout)
    assert by_id == by_title
    assert {r["checklist"] for r in by_id} == {MONEY}


def test_progress_counts_only_steps_that_apply(run: Run, cond_home: Path) -> None:
    """A checklist's total leaves out the steps set aside as not for you."""
    ok(run("situation", input="children = false\nweapons = false\n"))
    lists = {c["id"]: c for c in json.loads(run("status", "--json").stdout)["checklists"]}
    assert lists[COND]["total"] == 1
    assert "Test conditions: 0 of 1 done." in status(run, env={"COLUMNS": "40"})


@pytest.mark.parametrize("columns", [40, 80, 120])
def test_every_screen_wraps_without_splitting_words_numbers_or_urls(
    run: Run, cond_home: Path, columns: int
) -> None:
    """status, list and show fit the width; a phone number and a URL are never split."""
    ok(run("add", MONEY, LONG_TITLE, "--due", "-16d", "--priority", "critical"))
    number = str(json.loads(run("status", "--json").stdout)["totals"]["items"])
    env = {"COLUMNS": str(columns)}
    for args in (("status",), ("list",), ("show", number), ("list", "--attention")):
        out = ok(run(*args, env=env, today=EXIT - timedelta(days=1))).stdout
        assert PHONE in out, args
        assert URL in out, args
        for line in out.splitlines():
            if len(line) > columns:
                assert " " not in line.strip(), (args, line)  # only a lone unbreakable token
        words = {w for line in out.splitlines() for w in line.split()}
        assert "Call" in words


def test_plain_mode_has_no_symbols_bars_boxes_or_colour(run: Run, cond_home: Path) -> None:
    """--plain and EXITPLAN_PLAIN=1: no box drawing, bars, ⚠, … or escape codes anywhere."""
    ok(run("situation", input="weapons = true\n"))
    forced = {"FORCE_COLOR": "1", "NO_COLOR": None}
    commands = [("status",), ("list", "--all"), ("show", "1"), ("checklists",), ("history",)]
    day = EXIT - timedelta(days=1)
    for args in commands:
        for how in ("flag", "env"):
            argv = ("--plain", *args) if how == "flag" else args
            extra = {"EXITPLAN_PLAIN": "1"} if how == "env" else {}
            out = ok(run(*argv, today=day, env={**forced, **extra})).stdout
            assert out.strip(), args
            assert not re.search("[\u2500-\u259f⚠…]", out), (args, how)
            assert "\x1b" not in out, (args, how)
    for args in (("date",), ("date", "--per-day", "3"), ("situation",)):
        done = ok(run("--plain", *args, today=day, input="pets = true\n", env=forced))
        assert not re.search("[\u2500-\u259f⚠…\x1b]", done.stdout + done.stderr), args
    screen = ok(run("--plain", "status", today=day)).stdout
    assert "may alert your partner" in screen
    assert "Test money: 0 of 4 done." in screen
    assert re.search(r"And \d+ more: exitplan list --attention", screen)


def test_without_plain_mode_the_symbols_are_there(run: Run, cond_home: Path) -> None:
    """Control: the same screens do use the caution mark and bars when plain mode is off."""
    screen = status(run, today=EXIT - timedelta(days=1))
    assert "⚠" in screen
    assert "░" in screen


@pytest.mark.parametrize(
    ("env", "tty", "expected"),
    [
        ({}, True, True),
        ({}, False, False),
        ({"NO_COLOR": "1"}, True, False),
        ({"TERM": "dumb"}, True, False),
        ({"FORCE_COLOR": "1"}, False, True),
        ({"FORCE_COLOR": "1", "TERM": "dumb"}, True, True),
        ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, True, False),
        ({"NO_COLOR": ""}, True, True),
    ],
)
def test_colour_rules(env: dict[str, str], tty: bool, expected: bool) -> None:
    """Colour only on a terminal without NO_COLOR or TERM=dumb; FORCE_COLOR forces it."""

    class Stream:
        def isatty(self) -> bool:
            return tty

    assert term.colour_enabled(Stream(), env) is expected  # type: ignore[arg-type]
    assert term.colour_enabled(Stream(), env, plain=True) is False  # type: ignore[arg-type]


def test_no_colour_through_the_cli_with_no_color(run: Run, cond_home: Path) -> None:
    """NO_COLOR wins over FORCE_COLOR on the real screen; FORCE_COLOR alone colours it."""
    day = EXIT - timedelta(days=1)
    assert "\x1b[" in status(run, today=day, env={"FORCE_COLOR": "1", "NO_COLOR": None})
    assert "\x1b" not in status(run, today=day, env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert "\x1b" not in status(run, today=day, env={"NO_COLOR": None})


AUDIT = """
import sys
from datetime import date
from exitplan.formats.catalog import Catalog
from exitplan.domain.model import Checklist, Due, Item, PlanState
from exitplan.domain.day import day_view
from exitplan.domain.plan import build_plan
from exitplan.service.terminal import colour_enabled, width
from exitplan.views.screen import status_text
items = [Item(id="a", title="A step", why="W.", due=Due(-3), priority="critical")]
catalog = Catalog((Checklist(id="c", title="C", items=items, builtin=True),))
state = PlanState(created=__import__("datetime").datetime(2026, 11, 1),
                  exit_date=date(2026, 12, 14), planned_on=date(2026, 11, 1),
                  checklists=["c"], situation={"weapons": True})
text = status_text(day_view(build_plan(catalog, state), date(2026, 12, 12)), columns=width(),
                   colour=colour_enabled())
assert "A step" in text, text
heavy = sorted(m for m in sys.modules if m.split(".")[0] in {"rich", "typer", "pydantic", "click"})
print(",".join(heavy))
"""


@pytest.mark.process
def test_the_status_screen_imports_no_framework() -> None:
    """Building and printing the status screen imports none of rich, typer, pydantic, click."""
    done = subprocess.run(
        [sys.executable, "-c", AUDIT], capture_output=True, text=True, cwd=REPO, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""
    # Control: the same audit does see the framework when the face is imported.
    control = AUDIT.replace("import sys\n", "import sys\nimport exitplan.cli.common\n")
    seen = subprocess.run(
        [sys.executable, "-c", control], capture_output=True, text=True, cwd=REPO, check=False
    )
    assert "typer" in seen.stdout


def test_status_json_has_the_new_keys(run: Run, cond_home: Path) -> None:
    """status --json adds situation, per_day, if_time, not_for_you and the attention groups."""
    ok(run("situation", input="children = false\n"))
    data = json.loads(run("status", "--json").stdout)
    assert data["situation"] == {"children": False}
    assert data["per_day"] == 4
    assert data["if_time"] == 0
    assert data["not_for_you"] == 1
    assert set(data["attention"]) == {
        "danger_signs",
        "phone_signs",
        "danger",
        "today",
        "behind",
        "coming",
        "behind_count",
        "due_soon_count",
        "for_now",
    }
    step = data["flagged"][0]
    assert {"when", "applies", "if_time", "urgent", "reflective"} <= set(step)
