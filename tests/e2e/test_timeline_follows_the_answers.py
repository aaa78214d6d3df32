"""The built-in plan's timeline through the real CLI: danger signs bring the bag, the stash and the
order within a week, and steps that only make sense before leaving are not "behind" after it."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path

from conftest import Run
from helpers import TODAY, ok

EXIT = TODAY + timedelta(weeks=10)
HASTENED = (
    "safety.go-bag",
    "safety.stash-with-friend",
    "support.protection-order-advice",
    "support.order-served",
    "digital.trackers-quiet-check",
)


def dues(run: Run, today: date) -> dict[str, date | None]:
    """Each step's due date from `list --all --json` on `today`."""
    rows = json.loads(ok(run("list", "--all", "--json", today=today)).stdout)
    return {row["id"]: date.fromisoformat(row["due"]) if row["due"] else None for row in rows}


def test_a_danger_sign_brings_the_bag_the_stash_and_the_order_within_a_week(
    run: Run, home: Path
) -> None:
    """Ten weeks from the exit, the bag is weeks away; a danger sign answered yes ten days later
    makes it, the stash and the order steps due within seven days of that answer."""
    ok(run("init", "--exit-date", EXIT.isoformat()))
    before = dues(run, TODAY)
    assert all((before[ref] or EXIT) > TODAY + timedelta(weeks=3) for ref in HASTENED)
    answered = TODAY + timedelta(days=10)
    ok(run("situation", input="weapons = false\nstalking = false\n", today=answered))
    no = dues(run, answered)
    assert {ref: no[ref] for ref in HASTENED} == {ref: before[ref] for ref in HASTENED}
    ok(run("situation", input="stalking = true\n", today=answered))
    after = dues(run, answered)
    for ref in HASTENED:
        due = after[ref]
        assert due is not None, ref
        assert answered <= due <= answered + timedelta(days=7), ref
    assert after["safety.rehearse"] == before["safety.rehearse"]  # the rest keep their dates


def test_steps_for_before_leaving_are_not_behind_two_weeks_after_it(run: Run, home: Path) -> None:
    """Two weeks after the exit, practising the route out and the quiet tracker look are open
    but never flagged; a step that can still be done is."""
    ok(run("init", "--exit-date", EXIT.isoformat()))
    later = EXIT + timedelta(weeks=2)
    rows = json.loads(ok(run("list", "--all", "--json", today=later)).stdout)
    by_id = {row["id"]: row for row in rows}
    for ref in ("safety.rehearse", "digital.trackers-quiet-check", "leaving-day.say-lines"):
        assert by_id[ref]["status"] == "open", ref
        assert by_id[ref]["flag"] is None, ref
    assert by_id["support.helpline"]["flag"] == "open_at_exit"
    listed = ok(run("list", "safety", today=later, env={"COLUMNS": "200"})).stdout
    route = next(line for line in listed.splitlines() if "Practise your route out" in line)
    assert "passed" in route
    assert "open at exit" not in route
    behind = json.loads(ok(run("status", "--json", today=later)).stdout)["totals"]
    moot = sum(1 for row in rows if row["flag"] is None and row["when"] in {"before", "exit-day"})
    assert moot >= 40
    assert behind["open_at_exit"] == sum(1 for row in rows if row["flag"] == "open_at_exit")


def test_not_sure_about_a_danger_sign_also_brings_the_bag_within_a_week(
    run: Run, home: Path
) -> None:
    """A danger sign piped as "unsure" is shown as such, hides no step, and makes the bag and
    the stash due within seven days, as a yes would."""
    ok(run("init", "--exit-date", EXIT.isoformat()))
    answered = TODAY + timedelta(days=3)
    ok(run("situation", input='weapons = "unsure"\n', today=answered))
    shown = json.loads(ok(run("situation", "--json")).stdout)
    assert shown["weapons"] == "unsure"
    after = dues(run, answered)
    for ref in ("safety.go-bag", "safety.stash-with-friend"):
        due = after[ref]
        assert due is not None, ref
        assert answered <= due <= answered + timedelta(days=7), ref
    rows = json.loads(ok(run("list", "--all", "--json", today=answered)).stdout)
    assert {row["id"]: row["applies"] for row in rows}["safety.weapons-plan"] is True
    refused = run("situation", input='children = "unsure"\n', today=answered)
    assert refused.exit_code == 1
    assert "must be true, false or" in refused.stderr
