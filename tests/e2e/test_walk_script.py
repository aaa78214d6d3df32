"""scripts/walk, the developers' count of a command's walk as it runs: its figures agree with
the stays it lists, the count starts at the command's own module, and it writes nothing."""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import REPO, snapshot

SCRIPT = REPO / "scripts" / "walk"
FIGURES = re.compile(r"^exitplan (.*): (\d+) stays, (\d+) modules, (\d+) returns$")


def walk(home: Path, *args: str) -> list[str]:
    """The script's output lines for `exitplan ARGS` on `home` (it must succeed)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("EXITPLAN_")}
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--home", str(home), *args],
        capture_output=True,
        text=True,
        env={**env, "EXITPLAN_TODAY": "2026-12-05"},
        timeout=120,
        check=True,
    )
    return done.stdout.splitlines()


def figures(line: str) -> tuple[int, int, int]:
    """Stays, modules and returns from the script's last line."""
    found = FIGURES.match(line)
    assert found, line
    return int(found[2]), int(found[3]), int(found[4])


@pytest.mark.process
def test_the_figures_are_those_of_the_stays_listed(plan_home: Path) -> None:
    """Each stay is a move into another module; a return is a stay in a module seen before;
    the walk starts in the command's own module and reaches the service and the views."""
    before = snapshot(plan_home)
    *listed, last = walk(plan_home, "--show", "--", "summary")
    stays, modules, returns = figures(last)
    names = [line.split()[1] for line in listed]
    assert len(names) == stays
    assert len(set(names)) == modules
    assert returns == stays - modules
    assert all(a != b for a, b in itertools.pairwise(names))  # a stay is a move
    assert names[0] == "cli/reading.py"  # after the options: the command's own module
    assert {"service/summary.py", "views/summary.py", "formats/cache.py"} <= set(names)
    assert snapshot(plan_home) == before  # counting writes nothing


@pytest.mark.process
def test_every_call_counts_more_than_first_calls(plan_home: Path) -> None:
    """`--every` follows every call and return: the same command walks more stays."""
    first = figures(walk(plan_home, "--", "status")[-1])
    every = figures(walk(plan_home, "--every", "--", "status")[-1])
    assert every[0] > first[0]
    assert every[1] == first[1]  # the same modules, entered more often


@pytest.mark.process
def test_the_glance_s_walk_starts_in_the_glance(tmp_path: Path) -> None:
    """`--glance` counts what status runs when the glance serves it: from the glance on, through
    the cached plan and the status's renderer, in fewer stays than the full path."""
    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if not k.startswith("EXITPLAN_")}
    subprocess.run(
        [
            sys.executable,
            "-m",
            "exitplan",
            "--home",
            str(home),
            "init",
            "--exit-date",
            "2027-02-01",
        ],
        env={**env, "EXITPLAN_TODAY": "2026-12-05"},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=120,
        check=True,
    )
    *listed, last = walk(home, "--glance", "--show", "--", "status")
    assert "(the glance)" in last
    names = [line.split()[1] for line in listed]
    assert names[0] == "service/glance.py"
    assert {"formats/cache.py", "service/status.py", "views/screen.py"} <= set(names)
    assert not any(name.startswith("cli/") for name in names)
    glance = figures(last.replace(" (the glance)", ""))
    assert glance[0] < figures(walk(home, "--", "status")[-1])[0]
