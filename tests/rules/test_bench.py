"""The benchmarks cannot rot unseen: each takes `--smoke`, and CI runs each that way."""

from __future__ import annotations

from helpers import REPO

# Helpers the benchmarks start, not benchmarks of their own.
NOT_BENCHMARKS = {"minimal_app.py", "peers.py"}


def benchmarks() -> list[str]:
    """The file names of the benchmarks in bench/."""
    return sorted(
        path.name for path in (REPO / "bench").glob("*.py") if path.name not in NOT_BENCHMARKS
    )


def test_every_benchmark_takes_smoke() -> None:
    """Each benchmark has a --smoke flag: one round at a tiny size."""
    assert benchmarks()
    lacking = [
        name for name in benchmarks() if '"--smoke"' not in (REPO / "bench" / name).read_text()
    ]
    assert lacking == []


def test_ci_runs_every_benchmark_once() -> None:
    """.ci/run runs every benchmark with --smoke, and the framework floor app."""
    script = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    line = next(line for line in script.splitlines() if line.startswith("for bench in "))
    assert line.removeprefix("for bench in ").removesuffix("; do").split() == benchmarks()
    assert "bench/minimal_app.py show" in script
