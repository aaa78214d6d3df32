"""Benchmark of a plan with a very long history: `status`, `history` and `done` in real processes.

    python bench/history.py                   # 100,000 history events, 3 rounds
    python bench/history.py --events 20000 --rounds 5

Writes a plain plan whose change log holds EVENTS lines (as a plan used for years, or a
tampered one, would), then times, as separate `python -m exitplan` processes: `history`,
`status` (from plan.toml: the cache is removed first) and `done 1`, the first `done` (which
compacts the log) and a second `done` afterwards. Prints medians; the temp directory is removed.
The exitplan under test is the checkout that holds this `bench/` folder.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKLIST = """schema = 1
id = "b-list"
title = "Bench"

[[item]]
id = "one"
title = "One step"
why = "To be ticked."
due = "-7d"

[[item]]
id = "two"
title = "Another step"
why = "To be ticked too."
due = "-3d"
"""


def run(home: Path, *args: str) -> float:
    """Seconds one `python -m exitplan --home HOME ARGS` takes (it must succeed)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "EXITPLAN_TODAY": "2026-11-30"}
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "exitplan", "--home", str(home), *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    took = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed: {result.stderr}")
    return took


def build(home: Path, events: int) -> None:
    """A plan of the bench checklist whose history holds `events` lines."""
    import tomli_w

    (home / "checklists").mkdir(parents=True, mode=0o700)
    home.chmod(0o700)
    (home / "checklists" / "b-list.toml").write_text(CHECKLIST, encoding="utf-8")
    run(home, "init", "--checklist", "b-list", "--exit-date", "2026-12-14")
    plan = home / "plan.toml"
    data = tomllib.loads(plan.read_text(encoding="utf-8"))
    start = datetime(2024, 1, 1, tzinfo=UTC)
    data["history"] += [
        {"at": start + timedelta(minutes=i), "action": "note", "item": "b-list.one"}
        for i in range(events)
    ]
    plan.write_text(tomli_w.dumps(data), encoding="utf-8")
    shutil.rmtree(home / "cache", ignore_errors=True)


def main() -> None:
    """Build, time, print."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--smoke", action="store_true", help="CI: one round of 200 events")
    args = parser.parse_args()
    if args.smoke:
        args.events, args.rounds = 200, 1
    samples: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="exitplan-bench-history-") as tmp:
        for n in range(args.rounds):
            home = Path(tmp) / f"home{n}"
            build(home, args.events)
            cases = [
                ("history (long log on disk)", ("history", "--json")),
                ("status (long log on disk)", ("status",)),
                ("done (first: compacts the log)", ("done", "1")),
                ("done (after compaction)", ("undo", "1")),
            ]
            for name, command in cases:
                samples.setdefault(name, []).append(run(home, *command))
            kept = len(tomllib.loads((home / "plan.toml").read_text(encoding="utf-8"))["history"])
            samples.setdefault("events kept", []).append(kept)
    print(f"{args.events:,} history events, {args.rounds} round(s), median seconds:")
    for name, values in samples.items():
        print(f"  {name:34} {statistics.median(values):8.2f}")


if __name__ == "__main__":
    main()
