"""Benchmark of large evidence: `log attach` and `log verify` against `sha256sum`, plain and
encrypted, with each process's peak memory. Standard library only.

    python bench/evidence.py                   # a 1 GiB file, 3 rounds
    python bench/evidence.py --size-mib 4096 --rounds 2

One file of the given size is written in a temp directory (random blocks), and read once so
that every case starts from a warm page cache. Each round, in a new random order: `sha256sum
FILE` (the floor: one read and one SHA-256 of the same bytes), then for a plain and an encrypted
home made fresh for the round, `exitplan log attach 1 FILE` (read, hash, copy, and for the
encrypted home seal in chunks, then write the record) and `exitplan log verify` (re-read and
re-hash the copy, unsealing it when encrypted). Every command is a fresh process
(`sys.executable -m exitplan`, this checkout first on PYTHONPATH), timed with `os.wait4`, which
also gives its peak RSS. The report: median seconds, throughput in MB/s, the ratio of medians to
`sha256sum`, and the largest peak RSS. `openssl dgst -sha256` is timed too, when it is there: on
a processor with SHA extensions OpenSSL (which Python's hashlib uses) hashes several times
faster than coreutils' sha256sum, so it is the fairer floor. The temp directory is removed at
the end.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PASSPHRASE = "a passphrase for the benchmark"  # noqa: S105 - a test passphrase


# A tiny launcher spawns each command and waits for it: Linux charges an exec'd child the peak
# RSS of the image it replaced, so spawned from this (large) process every child would report
# this process's peak. The launcher's own start-up is not in the time.
LAUNCHER = (
    "import os, sys, time\n"
    "start = time.perf_counter()\n"
    "pid = os.posix_spawn(sys.argv[1], sys.argv[1:], os.environ)\n"
    "_, status, usage = os.wait4(pid, 0)\n"
    "print(time.perf_counter() - start, usage.ru_maxrss, os.waitstatus_to_exitcode(status))\n"
)


def run(argv: list[str], env: dict[str, str]) -> tuple[float, int]:
    """(wall seconds, peak RSS in KiB) of one child process; it must succeed."""
    program = shutil.which(argv[0]) or argv[0]
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", LAUNCHER, program, *argv[1:]],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed, peak, code = done.stdout.split()[-3:]
    if int(code) != 0:
        raise SystemExit(f"{' '.join(argv)} failed:\n{done.stderr}")
    return float(elapsed), int(peak)


def make_file(path: Path, size: int) -> None:
    """`size` bytes of random-looking data, written in 1 MiB blocks from a 64 MiB pool."""
    pool = os.urandom(64 << 20)
    with path.open("wb") as handle:
        written = 0
        while written < size:
            start = random.randrange(0, len(pool) - (1 << 20))
            block = pool[start : start + min(1 << 20, size - written)]
            handle.write(block)
            written += len(block)


def main() -> int:
    """Build, time every case in interleaved rounds, print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mib", type=int, default=1024)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--smoke", action="store_true", help="CI: one round on a 1 MiB file")
    args = parser.parse_args()
    if args.smoke:
        args.size_mib, args.rounds = 1, 1
    random.seed(args.seed)
    if shutil.which("sha256sum") is None:
        raise SystemExit("sha256sum (coreutils) is needed as the baseline")
    work = Path(tempfile.mkdtemp(prefix="exitplan-evidence-"))
    try:
        return bench(work, args.size_mib << 20, args.rounds)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def bench(work: Path, size: int, rounds: int) -> int:
    """Time the cases; print the table."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(work),
        "TMPDIR": str(work),
        "PYTHONPATH": str(ROOT),
        "EXITPLAN_TODAY": "2026-11-30",
        "LC_ALL": "C.UTF-8",
    }
    evidence = work / "video.mp4"
    make_file(evidence, size)
    run(["sha256sum", str(evidence)], env)  # warm the page cache
    secret = work / "pass.txt"
    secret.write_text(PASSPHRASE + "\n")
    secret.chmod(0o600)
    exitplan = [sys.executable, "-m", "exitplan"]
    templates = {}
    for kind in ("plain", "encrypted"):
        home = work / f"template-{kind}"
        base = [*exitplan, "--home", str(home), "--passphrase-file", str(secret)]
        run([*base, "init"], env)
        if kind == "encrypted":
            run([*base, "encrypt"], env)
        add = subprocess.run(
            [*base, "log", "add"],
            input=b'what = "bench"\n',
            env=env,
            capture_output=True,
            check=False,
        )
        if add.returncode:
            raise SystemExit(add.stderr.decode())
        templates[kind] = home
    samples: dict[str, list[tuple[float, int]]] = {}
    floors = ["sha256sum"] + (["openssl sha256"] if shutil.which("openssl") else [])
    cases = [*floors, "attach plain", "verify plain", "attach encrypted", "verify encrypted"]
    for _round in range(rounds):
        order = [*floors, "plain", "encrypted"]
        random.shuffle(order)
        for case in order:
            if case == "sha256sum":
                samples.setdefault(case, []).append(run(["sha256sum", str(evidence)], env))
                continue
            if case == "openssl sha256":
                argv = ["openssl", "dgst", "-sha256", str(evidence)]
                samples.setdefault(case, []).append(run(argv, env))
                continue
            home = work / f"home-{case}"
            shutil.rmtree(home, ignore_errors=True)
            shutil.copytree(templates[case], home)
            base = [*exitplan, "--home", str(home), "--passphrase-file", str(secret)]
            samples.setdefault(f"attach {case}", []).append(
                run([*base, "log", "attach", "1", str(evidence)], env)
            )
            samples.setdefault(f"verify {case}", []).append(run([*base, "log", "verify"], env))
            shutil.rmtree(home)
    floor = statistics.median(t for t, _ in samples["sha256sum"])
    mb = size / 1e6
    print(f"A {size / 2**20:.0f} MiB file, {rounds} rounds, medians (this machine: "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}).\n")  # fmt: skip
    print("| case | median s | MB/s | vs sha256sum | peak RSS |")
    print("|---|---:|---:|---:|---:|")
    for case in cases:
        median = statistics.median(t for t, _ in samples[case])
        peak = max(rss for _, rss in samples[case]) / 1024
        print(
            f"| {case} | {median:.2f} | {mb / median:.0f} | {median / floor:.2f} | {peak:.0f} MiB |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
