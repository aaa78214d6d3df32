"""One day view behind every screen: what needs attention is defined once (status, its JSON,
`list --attention` and every summary agree), a step set aside as not for you never reads as
open, a step an answer brings in is due from the day of the answer, the advocate's first page,
and a status screen that keeps what matters on an 80x24 terminal."""

from __future__ import annotations

import fcntl
import json
import os
import re
import select
import struct
import subprocess
import termios
from datetime import timedelta
from pathlib import Path

import pytest
from conftest import EXIT, MONEY, PAPERS, PLANNED, TODAY, Run, init_plan
from helpers import EXITPLAN, make_home, ok

COND = "t-cond"
WIDE = {"COLUMNS": "200"}
STEP_LINE = re.compile(r"^\s*(\d+)  \S")
SUMMARY_STEP = re.compile(r"^  [A-Z][^:]*: .*\(.*, step (\d+)(?:, due .*)?\)$")


@pytest.fixture
def cond_home(home: Path, no_builtins: Path, run: Run) -> Path:
    """A plan of the two test checklists and one whose steps have conditions."""
    make_home(home, MONEY, PAPERS, COND)
    init_plan(run)
    return home


def numbers(screen: str) -> list[int]:
    """The step numbers on a status screen, in the order they are shown."""
    return [int(m[1]) for line in screen.splitlines() if (m := STEP_LINE.match(line))]


def summary_attention(text: str) -> list[int]:
    """The step numbers under NEEDS ATTENTION in a text summary, in order."""
    block = text.split("NEEDS ATTENTION\n", 1)[1].split("\n\n", 1)[0]
    return [int(m[1]) for line in block.splitlines() if (m := SUMMARY_STEP.match(line))]


@pytest.mark.parametrize("days_before_exit", [1, 5, 12])
def test_status_its_json_and_every_summary_agree_on_what_needs_attention(
    run: Run, cond_home: Path, days_before_exit: int
) -> None:
    """Issue 20, bug 3: "Behind: N" on the screen is the JSON's behind count, and the summary's
    needs-attention list holds exactly the steps the screen shows, in the screen's order.

    `flagged` is the other list, named apart: every alert, most urgent first."""
    ok(run("situation", input="weapons = true\n"))
    day = EXIT - timedelta(days=days_before_exit)
    screen = ok(run("status", today=day, env=WIDE)).stdout
    data = json.loads(ok(run("status", "--json", today=day)).stdout)
    groups = data["attention"]
    behind = re.search(r"^Behind: (\d+)", screen, re.M)
    assert groups["behind_count"] == len(groups["behind"])
    assert (int(behind[1]) if behind else 0) == groups["behind_count"]
    shown = numbers(screen)
    assert shown
    text = ok(run("summary", today=day)).stdout
    assert summary_attention(text) == shown
    summary = json.loads(ok(run("summary", "--format", "json", today=day)).stdout)
    grouped = [r["number"] for key in ("danger", "today", "behind", "coming") for r in groups[key]]
    assert [r["number"] for r in summary["attention"]] == grouped
    listed = json.loads(ok(run("list", "--attention", "--json", today=day)).stdout)
    assert [r["number"] for r in listed] == grouped
    alerts = data["flagged"]
    assert {r["number"] for r in groups["behind"]} <= {r["number"] for r in alerts}
    assert all(r["flag"] in {"overdue", "open_at_exit", "due_soon"} for r in alerts)


def test_steps_not_for_you_never_read_as_open_in_a_summary_or_in_review(
    run: Run, cond_home: Path
) -> None:
    """Issue 22, point 11: a danger step answered "no" is in no summary format (only counted as
    left out), and review never walks through it."""
    ok(run("situation", input="weapons = false\nchildren = false\n"))
    title = "Plan around weapons in the home"
    for fmt in ("text", "markdown", "html", "json"):
        out = ok(run("summary", "--format", fmt)).stdout
        assert title not in out, fmt
        assert "Tell the school" not in out, fmt
    text = ok(run("summary")).stdout
    assert "2 more steps are not for you, from the answers above; they are left out." in text
    data = json.loads(ok(run("summary", "--format", "json")).stdout)
    assert data["not_for_you"] == 2
    assert all(item["applies"] for item in data["items"])
    reviewed = ok(run("review", input="\n" * 40 + "q\n"))
    walked = reviewed.stdout + reviewed.stderr
    assert "Plan around weapons" not in walked
    assert "Put cash aside" in walked  # control: review does walk the open steps
    # Control: answered yes, the step is back, open, in every format.
    ok(run("situation", input="weapons = true\n"))
    assert title in ok(run("summary", "--format", "markdown")).stdout


def test_a_danger_disclosed_today_is_due_today_not_overdue(run: Run, cond_home: Path) -> None:
    """Issue 22, point 12: a danger sign answered yes well after the plan was made asks for its
    steps from the day of the answer, not as overdue from the day the plan was made."""
    day = PLANNED + timedelta(days=9)
    ok(run("situation", input="weapons = true\n", today=day))
    rows = {r["id"]: r for r in json.loads(ok(run("list", "--json", today=day)).stdout)}
    step = rows[f"{COND}.weapons-plan"]
    assert (step["due"], step["flag"]) == (day.isoformat(), "due_soon")
    data = json.loads(ok(run("status", "--json", today=day)).stdout)
    assert [r["number"] for r in data["attention"]["danger"]] == [step["number"]]
    assert step["number"] not in [r["number"] for r in data["attention"]["behind"]]
    # Control: answered on the day the plan was made, the same step keeps the plan's date.
    ok(run("situation", input="weapons = false\n", today=PLANNED))
    ok(run("situation", input="weapons = true\n", today=PLANNED))
    again = {r["id"]: r for r in json.loads(ok(run("list", "--json", today=day)).stdout)}
    assert again[f"{COND}.weapons-plan"]["due"] < day.isoformat()
    assert again[f"{COND}.weapons-plan"]["flag"] == "overdue"


def test_the_advocates_first_page_comes_before_the_full_plan(run: Run, cond_home: Path) -> None:
    """Issue 22, point 13: the summary opens with the situation, the danger signs answered,
    what needs attention and what is done; the full plan follows; no page header of the
    browser's own (with the file's path) is printed."""
    ok(run("situation", input="weapons = true\nstrangled = false\npets = true\n"))
    text = ok(run("summary", today=EXIT - timedelta(days=3))).stdout
    order = [
        "YOUR SITUATION",
        "  Do you have pets or other animals you want to take with you? yes",
        "DANGER SIGNS",
        "  Do they have weapons in the home, or access to them? yes",
        "  Have they ever choked or strangled you, even once? no",
        "NEEDS ATTENTION",
        "WHAT IS DONE",
        "The full plan follows, one checklist at a time.",
        "TEST MONEY (0 of 4 done)",
    ]
    lines = text.splitlines()
    assert [lines.index(line) for line in order] == sorted(lines.index(line) for line in order)
    first_page = text.split("TEST MONEY", 1)[0]
    # The danger sign's step and the three most important steps behind, then a count.
    assert first_page.count("Overdue:") <= 1 + 3
    assert "And 2 more; each is in the full plan with its state." in first_page
    page = ok(run("summary", "--format", "html")).stdout
    assert '@top-left { content: ""; }' in page
    assert "file:" not in page


def _status_at_a_terminal(home: Path, rows: int, columns: int, *args: str) -> str:
    """`exitplan status` run on a pseudo-terminal of this size: what the person sees."""
    leader, follower = os.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR"}
    }
    env |= {"EXITPLAN_HOME": str(home), "EXITPLAN_TODAY": TODAY.isoformat(), "NO_COLOR": "1"}
    proc = subprocess.Popen(
        [*EXITPLAN, "status", *args],
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=follower,
        env=env,
    )
    os.close(follower)
    seen = b""
    try:
        while True:
            ready, _, _ = select.select([leader], [], [], 60)
            assert ready, seen
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal closed: the program has ended
                break
            if not chunk:
                break
            seen += chunk
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:  # pragma: no cover - only when the test fails
            proc.kill()
        os.close(leader)
    return seen.decode("utf-8").replace("\r\n", "\n")


@pytest.mark.process
@pytest.mark.parametrize("answers", ["", "weapons = true\nstrangled = true\nstalking = true\n"])
def test_status_fits_an_80_by_24_terminal_on_day_one(tmp_path: Path, answers: str) -> None:
    """Issue 22, point 14: on day one of the real plan, with and without danger signs, the
    status keeps within 23 lines of a 24-line terminal (one for the prompt), so the countdown,
    the danger line and "For today" never scroll away; `status --full` still shows every part."""
    home = tmp_path / "home"
    env = {**os.environ, "EXITPLAN_HOME": str(home), "EXITPLAN_TODAY": TODAY.isoformat()}
    init = [*EXITPLAN, "init", "--exit-date", "+6w"]
    subprocess.run(init, env=env, check=True, capture_output=True)
    if answers:
        situation = [*EXITPLAN, "situation"]
        subprocess.run(
            situation, env=env, input=answers, text=True, check=True, capture_output=True
        )
    screen = _status_at_a_terminal(home, 24, 80)
    lines = screen.rstrip("\n").split("\n")
    assert len(lines) <= 23, screen
    assert lines[0].startswith("42 days until")
    assert "For today" in lines
    assert ("signs of serious danger" in screen) == bool(answers)
    assert "Need help right now? exitplan help-now" in screen
    full = _status_at_a_terminal(home, 24, 80, "--full")
    assert "░" in full
    assert len(full.rstrip("\n").split("\n")) > len(lines)
