"""Benchmark of the evidence journal core: listing and verifying 10,000 entries. Stdlib + exitplan.

    python bench/journal.py                  # 10,000 entries, 5 rounds, plain and sealed
    python bench/journal.py --entries 2000 --rounds 3

Builds a journal in a temp directory with the real `add` (one atomic write per record), then
times, in this process, reading every record and listing the entries in the order they happened
(`log list`), and reading and verifying the chain (`log verify`), plain and sealed with a real
data key (AES-GCM; random here: the data home unwraps it once per command, not per record).
Prints medians and the spread; the temp directory is removed at the end.

Then, as a person pays it: `exitplan log list` and `exitplan log verify` on the plain 10,000-entry
journal against `exitplan status` on a plan of every built-in checklist, each a fresh child
process (`sys.executable -m exitplan`, this checkout first on PYTHONPATH), in interleaved rounds
of random order; ratios are ratios of medians (`--cli-rounds 0` skips this part).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from exitplan.crypto.datakey import DataKey
from exitplan.journal.chain import verify
from exitplan.journal.entry import validate_fields
from exitplan.journal.records import add, list_entries, read_records
from exitplan.journal.sealing import Sealing

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
ROOT = Path(__file__).resolve().parent.parent


def build(home: Path, count: int, sealing: Sealing | None) -> float:
    """Add count entries of a realistic size; return the seconds it took."""
    start = time.perf_counter()
    for i in range(count):
        day = (NOW - timedelta(days=count - i, minutes=7 * i)).strftime("%Y-%m-%d %H:%M")
        fields = validate_fields(
            {
                "when": day if i % 3 else f"about {day[:10]}",
                "where": "at home, in the kitchen",
                "what": "What happened, in a few sentences as a person would write it. " * 6,
                "words": "The exact words that were said, as well as they can be remembered.",
                "effect": "How it felt afterwards, and what changed in the days after.",
            },
            NOW,
        )
        add(home, fields, NOW, sealing)
    return time.perf_counter() - start


def timed(action: Callable[[], object], rounds: int) -> list[float]:
    """Seconds per round."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return times


def show(label: str, times: list[float]) -> None:
    """One report line: median and range."""
    print(
        f"  {label:<34} median {statistics.median(times) * 1000:8.1f} ms "
        f"(min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f})"
    )


def child_seconds(argv: list[str], env: dict[str, str]) -> float:
    """Wall-clock seconds of one child process, which must succeed."""
    start = time.perf_counter()
    done = subprocess.run(
        argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False
    )
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode(errors='replace')}")
    return seconds


def compare_cli(work: Path, journal_home: Path, entries: int, rounds: int) -> None:
    """`log list` and `log verify` on the journal against `status` on the built-in plan."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
        "EXITPLAN_TODAY": "2026-11-30",
        "NO_COLOR": "1",
        "HOME": str(work),
        "XDG_DATA_HOME": str(work / "xdg"),
    }
    plan_home = work / "plan"
    base = [sys.executable, "-m", "exitplan"]
    child_seconds([*base, "--home", str(plan_home), "init", "--exit-date", "2027-01-31"], env)
    listing, checking = f"log list ({entries:,} entries)", f"log verify ({entries:,} entries)"
    cases = {
        "status (built-in plan)": [*base, "--home", str(plan_home), "status"],
        listing: [*base, "--home", str(journal_home), "log", "list"],
        checking: [*base, "--home", str(journal_home), "log", "verify"],
    }
    for argv in cases.values():  # warm the file cache and the bytecode once
        child_seconds(argv, env)
    times: dict[str, list[float]] = {label: [] for label in cases}
    order = list(cases)
    for _ in range(rounds):
        random.shuffle(order)
        for label in order:
            times[label].append(child_seconds(cases[label], env))
    print(f"as child processes ({rounds} interleaved rounds):")
    for label, samples in times.items():
        show(label, samples)
    floor = statistics.median(times["status (built-in plan)"])
    for label in (listing, checking):
        print(f"  {label} / status: {statistics.median(times[label]) / floor:.2f}")


def main() -> int:
    """Build, time, report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cli-rounds", type=int, default=7)
    parser.add_argument("--smoke", action="store_true", help="CI: 20 entries, one round of each")
    args = parser.parse_args()
    if args.smoke:
        args.entries, args.rounds, args.cli_rounds = 20, 1, 1
    modes: list[tuple[str, Sealing | None]] = [
        ("plain", None),
        ("sealed", Sealing(DataKey.generate())),
    ]
    work = Path(tempfile.mkdtemp(prefix="exitplan-journal-bench-"))
    try:
        for label, sealing in modes:
            home = work / label
            built = build(home, args.entries, sealing)
            size = sum(p.stat().st_size for p in (home / "journal").iterdir())
            print(f"{label}: {args.entries:,} entries, {size / 1e6:.1f} MB, built in {built:.1f} s")
            records = read_records(home, sealing)
            assert verify(records).ok
            show("read only", timed(lambda h=home, u=sealing: read_records(h, u), args.rounds))
            show(
                "log list (read + order)",
                timed(lambda h=home, u=sealing: list_entries(read_records(h, u)), args.rounds),
            )
            show(
                "log verify (read + chain)",
                timed(lambda h=home, u=sealing: verify(read_records(h, u)), args.rounds),
            )
            show("verify only (in memory)", timed(lambda r=records: verify(r), args.rounds))

            def one_more(h: Path = home, s: Sealing | None = sealing) -> int:
                return add(h, {"what": "one more"}, NOW, s)

            show("one more add", timed(one_more, args.rounds))
        if args.cli_rounds > 0:
            compare_cli(work, work / "plain", args.entries, args.cli_rounds)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
