"""How the schedule paces a new plan, before and after the paced schedule. Standard library only.

    python bench/pacing.py               # the table for 2-, 6- and 12-week plans
    python bench/pacing.py --items 10000 # also time the schedule of one big plan

For each plan length, with every built-in checklist, nothing done and no situation answered:
the busiest day before the exit, the steps due in the first week, and the steps overdue after one
week. "before" is the schedule of commit fe2a8ae (the proportional squeeze), read with
`git show` and run against the same entries; "after" is the schedule of this checkout. Nothing is
written anywhere.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
import types
from collections import Counter
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from exitplan.domain.model import Checklist, Due, Entry, Item, ItemState  # noqa: E402
from exitplan.domain.plan import build_plan, new_state  # noqa: E402
from exitplan.domain.schedule import schedule  # noqa: E402
from exitplan.formats.checklistfile import load_catalog  # noqa: E402

BEFORE = "fe2a8ae"
START = date(2027, 1, 4)
WEEKS = (2, 6, 12)


def old_schedule() -> types.ModuleType:
    """The schedule module as it was at commit fe2a8ae (its model now lives in the domain)."""
    source = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{BEFORE}:exitplan/schedule.py"],  # noqa: S607
        check=True,
        capture_output=True,
        text=True,
    ).stdout.replace("from exitplan.model import", "from exitplan.domain.model import")
    module = types.ModuleType("old_schedule")
    sys.modules["old_schedule"] = module  # NamedTuple and dataclass machinery look it up
    exec(compile(source, f"{BEFORE}:exitplan/schedule.py", "exec"), module.__dict__)  # noqa: S102
    return module


def measure(rows: list[Any], exit_date: date) -> tuple[int, int]:
    """The busiest day before the exit and the steps due in the first week."""
    dates = Counter(row.due for row in rows if row.due is not None and START <= row.due < exit_date)
    busiest = max(dates.values(), default=0)
    first_week = sum(n for day, n in dates.items() if day < START + timedelta(days=7))
    return busiest, first_week


def overdue(rows: list[Any]) -> int:
    """How many rows are overdue."""
    return sum(row.flag == "overdue" for row in rows)


def table() -> list[str]:
    """The before/after table, one line per plan length."""
    catalog = load_catalog()
    old = old_schedule()
    lines = [
        "| plan | busiest day before the exit | due in the first week | overdue after one week "
        "| if there is time |",
        "|---|---|---|---|---|",
    ]
    week_later = START + timedelta(days=7)
    for weeks in WEEKS:
        exit_date = START + timedelta(weeks=weeks)
        now = datetime(START.year, START.month, START.day, 9, tzinfo=UTC)
        plan = build_plan(catalog, new_state(now, catalog, None, exit_date, today=START))
        lead = old.lead_days(plan.entries)
        before = [
            old.schedule(plan.entries, exit_date, today, plan.warn_days, start=START, lead=lead)
            for today in (START, week_later)
        ]
        old_busy, old_week = measure(before[0], exit_date)
        new_busy, new_week = measure(plan.rows(START), exit_date)
        spare = sum(row.if_time for row in plan.rows(START))
        lines.append(
            f"| {weeks} weeks | {old_busy} → {new_busy} | {old_week} → {new_week} "
            f"| {overdue(before[1])} → {overdue(plan.rows(week_later))} | 0 → {spare} |"
        )
    return lines


def big_plan(count: int) -> float:
    """Seconds to schedule a plan of `count` steps before the exit, some after others."""
    checklist = Checklist(id="big", title="Big", builtin=True)
    priorities = ("critical", "high", "normal", "low")
    entries = []
    for n in range(count):
        item = Item(
            id=f"s{n}",
            title=f"Step {n}",
            why="Because.",
            due=Due(offset=-(1 + n * 7919 % 120)),
            priority=priorities[n * 31 % 4],  # type: ignore[arg-type]
            after=[f"s{n * 13 % n}"] if n > 1 and n % 5 == 0 else [],
        )
        entries.append(Entry(n + 1, checklist, item, ItemState()))
    exit_date = START + timedelta(weeks=12)
    began = time.perf_counter()
    schedule(entries, exit_date, START, 7, start=START)
    return time.perf_counter() - began


def main() -> None:
    """Print the table, and the big-plan time when asked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=0, help="also time a plan of this many steps")
    parser.add_argument("--smoke", action="store_true", help="CI: the table and a 50-step plan")
    args = parser.parse_args()
    if args.smoke:
        args.items = 50
    print("\n".join(table()))
    if args.items:
        best = min(big_plan(args.items) for _ in range(3))
        print(f"\nschedule of {args.items} steps (12-week plan): {best * 1000:.0f} ms (best of 3)")


if __name__ == "__main__":
    main()
