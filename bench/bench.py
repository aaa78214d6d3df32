"""Start-up and scale benchmark for exitplan, with its peers. Standard library only.

    python bench/bench.py                 # 10 interleaved rounds, prints the report
    python bench/bench.py --runs 20       # more rounds: steadier medians
    python bench/bench.py --check         # exit 1 when a target fails (default: always exit 0)
    python bench/bench.py --importtime --profile   # also show where the start-up time goes

Every number is a wall-clock time of a fresh child process, as a person would pay it. Both sides
of a comparison run the same way: `sys.executable -m exitplan ...` for exitplan and
`sys.executable bench/minimal_app.py ...` for the framework floor (no console-script wrappers on
either side). The exitplan under test is the checkout this file lives in (its root goes first on
PYTHONPATH). Children run in a temp directory with HOME, XDG_*, TMPDIR and PYTHONPYCACHEPREFIX
pointing into it, so nothing is written anywhere else; it is removed at the end unless --keep.

Rounds are interleaved: each round runs every case once, in a fresh random order, so a burst of
machine noise hits all cases alike. Ratios are ratios of medians; the spread of the per-round
ratios is shown beside them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from peers import build_peers  # bench/ is on sys.path when this file runs as a script

ROOT = Path(__file__).resolve().parent.parent
MINIMAL_APP = ROOT / "bench" / "minimal_app.py"
PY = sys.executable
TODAY = "2026-11-30"
EXIT_DATE = "2027-01-31"
PASSPHRASE = "correct horse battery staple 2026"  # noqa: S105 - a throwaway temp plan
MIB = 1024 * 1024
INVENTORY_ROWS = 500  # documents, and as many accounts
# ru_maxrss is in KiB on Linux and in bytes on macOS.
RSS_UNIT = 1 if sys.platform == "darwin" else 1024

# The child that prices one key derivation: the import of the crypto code, then one Argon2id
# derivation with the parameters exitplan uses for real plans (not the fast test ones).
KDF_PROBE = """
import sys, time
t0 = time.perf_counter()
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.argon2 import Argon2id
t1 = time.perf_counter()
# No fallback: if exitplan's parameters cannot be read, the probe fails loudly instead of
# pricing numbers exitplan may no longer use.
from exitplan.crypto.vault import STRONG
memory, iterations, lanes = STRONG
Argon2id(salt=b"s" * 16, length=32, iterations=iterations, lanes=lanes,
         memory_cost=memory).derive(b"passphrase")
t2 = time.perf_counter()
print((t1 - t0) * 1000, (t2 - t1) * 1000)
"""


# -- running children ----------------------------------------------------------------------------


@dataclass
class Sample:
    """One finished child process."""

    wall_ms: float
    cpu_ms: float
    rss_bytes: int
    code: int
    stdout: str
    stderr: str


# Each child is started by this tiny launcher, itself a fresh process. The kernel charges a child
# the peak RSS of the process image it replaced at exec, so a child spawned by this (large) script
# would report this script's peak as its own; the launcher is smaller than any Python child. It
# also does the timing, around spawn and wait alone, so its own start-up is not counted.
LAUNCHER = """
import os, sys, time
out, argv = sys.argv[1], sys.argv[2:]
start = time.perf_counter()
pid = os.posix_spawn(argv[0], argv, os.environ)
_, status, usage = os.wait4(pid, 0)
wall = time.perf_counter() - start
with open(out, "w") as f:
    f.write(f"{wall} {usage.ru_utime + usage.ru_stime} {usage.ru_maxrss} "
            f"{os.waitstatus_to_exitcode(status)}")
"""


class Runner:
    """Runs children in the sandbox, each measured alone (wall time, CPU time, peak RSS)."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.env = sandbox_env(tmp)
        self.result = tmp / "launcher-result"

    def run(self, argv: Sequence[str], *, capture: bool = False, timeout: float = 600) -> Sample:
        """Run argv to completion through the launcher and return its measurements."""
        self.result.unlink(missing_ok=True)
        with (
            tempfile.TemporaryFile(dir=self.tmp) as out,
            tempfile.TemporaryFile(dir=self.tmp) as err,
        ):
            proc = subprocess.Popen(
                [PY, "-I", "-S", "-c", LAUNCHER, str(self.result), *argv],
                stdin=subprocess.DEVNULL,
                stdout=out if capture else subprocess.DEVNULL,
                stderr=err,
                cwd=self.tmp,
                env=self.env,
                start_new_session=True,  # so a hung child can be killed with its launcher
            )
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
            out.seek(0)
            err.seek(0)
            stdout = out.read().decode("utf-8", "replace")
            stderr = err.read().decode("utf-8", "replace")
        try:
            wall, cpu, rss, code = self.result.read_text(encoding="ascii").split()
        except (FileNotFoundError, ValueError):
            return Sample(
                0.0,
                0.0,
                0,
                proc.returncode or -1,
                stdout,
                stderr + f"\nlauncher failed (exit {proc.returncode})",
            )
        return Sample(
            float(wall) * 1000, float(cpu) * 1000, int(rss) * RSS_UNIT, int(code), stdout, stderr
        )


def sandbox_env(tmp: Path) -> dict[str, str]:
    """The environment of every child: everything a child might write points into tmp."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("EXITPLAN_", "PYTHON", "XDG_"))
        and key not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")
    }
    for name in ("home", "xdg-data", "xdg-config", "xdg-cache", "xdg-state", "tmp", "pycache"):
        (tmp / name).mkdir(exist_ok=True)
    env.update(
        HOME=str(tmp / "home"),
        XDG_DATA_HOME=str(tmp / "xdg-data"),
        XDG_CONFIG_HOME=str(tmp / "xdg-config"),
        XDG_CACHE_HOME=str(tmp / "xdg-cache"),
        XDG_STATE_HOME=str(tmp / "xdg-state"),
        TMPDIR=str(tmp / "tmp"),
        # Bytecode goes to the sandbox too; the warm-up round fills it, so timed runs load .pyc
        # files just as an installed exitplan does, without touching the source tree.
        PYTHONPYCACHEPREFIX=str(tmp / "pycache"),
        PYTHONPATH=str(ROOT),
        EXITPLAN_TODAY=TODAY,
        # English unless a case names another language: the machine's own locale never decides.
        LANG="C.UTF-8",
        # Never used (every command gets --home), but if one were missed it stays in the sandbox.
        EXITPLAN_HOME=str(tmp / "stray-home"),
    )
    return env


# -- the plans -------------------------------------------------------------------------------


def exitplan(home: Path, *args: str, passphrase_file: Path | None = None) -> list[str]:
    """The argv of one exitplan command on the plan in `home`."""
    extra = ["--passphrase-file", str(passphrase_file)] if passphrase_file else []
    return [PY, "-m", "exitplan", "--home", str(home), *extra, *args]


def glance(home: Path, *args: str, env: Sequence[str] = ()) -> list[str]:
    """The argv of a command the glance serves: the home comes from the environment, as a person
    who set EXITPLAN_HOME once would run it (`env` adds well under a millisecond), with any
    other `NAME=VALUE` settings of `env` (a language)."""
    return ["/usr/bin/env", f"EXITPLAN_HOME={home}", *env, PY, "-m", "exitplan", *args]


def minimal(*args: str) -> list[str]:
    """The argv of the minimal Typer app."""
    return [PY, str(MINIMAL_APP), *args]


def big_checklist(items: int) -> str:
    """A valid user checklist of `items` items in the documented format (about 270 bytes each)."""
    priorities = ("critical", "high", "normal", "normal", "low")
    out = [
        "schema = 1",
        'id = "big"',
        'title = "A very long list"',
        'summary = "Ten thousand steps, to check that a large plan stays instant."',
        "order = 500",
        "",
    ]
    for n in range(1, items + 1):
        offset = n % 91 - 60  # from 60 days before the exit to 30 days after
        due = "exit" if offset == 0 else f"{offset:+d}d"
        when = "exit-day" if offset == 0 else "before" if offset < 0 else "after"
        out += [
            "[[item]]",
            f'id = "step-{n:05d}"',
            f'title = "Step {n}: put copy {n} of the papers somewhere safe"',
            f'why = "Item {n} of a long list; what it says matters less than how many there are."',
            f'due = "{due}"',
            f'priority = "{priorities[n % len(priorities)]}"',
            f'when = "{when}"',
        ]
        if n % 3 == 0:
            out.append(f'how = "Keep copy {n} with a friend you trust, not at home."')
        if n % 7 == 0:
            out += ["alerts_partner = true", 'caution = "Mail about this may reach home."']
        if n % 5 == 0:
            out += [f'sources = ["https://example.org/guide/{n}"]', 'tags = ["papers", "bulk"]']
        out.append("")
    return "\n".join(out)


def inventory_rows(documents: int, accounts: int) -> str:
    """The inventories' sections of a plan file: `documents` documents (every third expiring
    before the exit date, every fifth without a copy) and `accounts` accounts (every fourth the
    partner can still reach), in the documented format."""
    out = []
    for n in range(1, documents + 1):
        out += [
            "[[documents]]",
            f"number = {n}",
            f'whose = "{("me", "child", "partner")[n % 3]}"',
            *(['child = "A"'] if n % 3 == 1 else []),
            f'kind = "{("passport", "birth-certificate", "Letter from the council")[n % 3]}"',
            f'original = "In the blue folder, copy {n}, at a friend\'s house"',
            f"copy = {'false' if n % 5 == 0 else 'true'}",
            f"expires = {'2027-01-15' if n % 3 == 0 else '2029-06-30'}",
            "",
        ]
    for n in range(1, accounts + 1):
        out += [
            "[[accounts]]",
            f"number = {n}",
            f'what = "Account {n}: email, cloud and the apps tied to it"',
            f'partner_knows = "{"yes" if n % 4 == 0 else "no"}"',
            'shared = "no"',
            'linked = "unsure"',
            'location = "no"',
            'recovery = "no"',
            'two_step = "no"',
            'safe_to_change = "after"',
            f'state = "{("check", "fine", "change-after", "changed")[n % 4]}"',
            "",
        ]
    return "\n".join(out)


@dataclass
class Setup:
    """The plans built for the run, and what could not be measured (name -> reason)."""

    plain: Path
    big: Path
    rows: Path | None = None
    enc: Path | None = None
    passphrase_file: Path | None = None
    done_item: str | None = None
    big_done_item: str | None = None
    builtin_items: int = 0
    builtin_lists: int = 0
    big_items: int = 0
    has_helplines: bool = False
    spanish: bool = False
    peers: dict[str, list[str]] = field(default_factory=dict)
    unavailable: dict[str, str] = field(default_factory=dict)


class SetupError(Exception):
    """A plan the benchmark needs could not be built."""


def checked(runner: Runner, argv: Sequence[str], what: str, *, capture: bool = False) -> Sample:
    """Run a setup step; SetupError with exitplan's own message when it fails."""
    sample = runner.run(argv, capture=capture)
    if sample.code != 0:
        raise SetupError(f"{what} failed (exit {sample.code}): {last_line(sample.stderr)}")
    return sample


def last_line(text: str) -> str:
    """The last non-empty line of some output, for a one-line reason."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:200] if lines else "(no output)"


def list_ids(runner: Runner, home: Path) -> list[str]:
    """The full ids of every item in a plan, in list order."""
    sample = checked(runner, exitplan(home, "list", "--all", "--json"), "list --json", capture=True)
    return [row["id"] for row in json.loads(sample.stdout)]


def build(runner: Runner, tmp: Path, items: int) -> Setup:
    """Create the built-in plan, the big plan and, when exitplan can, an encrypted plan."""
    setup = Setup(plain=tmp / "plain", big=tmp / "big")
    checked(runner, exitplan(setup.plain, "init", "--exit-date", EXIT_DATE), "init (built-in plan)")

    big_dir = setup.big / "checklists"
    big_dir.mkdir(parents=True)
    (big_dir / "big.toml").write_text(big_checklist(items), encoding="utf-8")
    checked(runner, exitplan(setup.big, "init", "--exit-date", EXIT_DATE), "init (big plan)")

    plain_ids = list_ids(runner, setup.plain)
    big_ids = list_ids(runner, setup.big)
    setup.builtin_items = len(plain_ids)
    setup.builtin_lists = len({item.split(".")[0] for item in plain_ids})
    setup.big_items = len(big_ids)
    if setup.big_items - setup.builtin_items != items:
        raise SetupError(
            f"the big plan has {setup.big_items} items, expected {setup.builtin_items} + {items}"
        )
    # `done` ticks the same built-in item on both plans, so only the size of the plan differs.
    if plain_ids:
        setup.done_item = setup.big_done_item = plain_ids[0]
    else:
        setup.big_done_item = big_ids[len(big_ids) // 2]
        setup.unavailable["done"] = "the built-in plan has no items (checklists/ is empty)"

    probe = runner.run(exitplan(setup.plain, "help-now"))
    setup.has_helplines = probe.code == 0
    if not setup.has_helplines:
        setup.unavailable["help-now"] = f"help-now fails: {last_line(probe.stderr)}"

    setup_spanish(runner, setup)
    setup.peers, missing = build_peers(tmp, setup.builtin_items or 200)
    setup.unavailable.update(missing)
    setup_encrypted(runner, tmp, setup)
    setup_inventories(runner, tmp, setup)
    return setup


def setup_spanish(runner: Runner, setup: Setup) -> None:
    """Whether exitplan speaks Spanish (a compiled catalog), and its status says so: then the
    glance is timed in Spanish too, on the same plan, from the cache `init` wrote in every
    language exitplan speaks."""
    sample = runner.run(exitplan(setup.plain, "--lang", "es", "status", "--json"), capture=True)
    if sample.code != 0:
        setup.unavailable["spanish"] = f"no Spanish: {last_line(sample.stderr)}"
        return
    english = runner.run(exitplan(setup.plain, "status", "--json"), capture=True)
    if sample.stdout == english.stdout:
        setup.unavailable["spanish"] = "status with --lang es is the English one"
        return
    setup.spanish = True


def setup_inventories(runner: Runner, tmp: Path, setup: Setup) -> None:
    """A copy of the built-in plan holding 500 documents and 500 accounts (written into the plan
    file as a person might by hand), then one change so the cache holds them."""
    help_text = runner.run(exitplan(setup.plain, "--help"), capture=True).stdout
    if not re.search(r"^\W*documents\b", help_text, re.MULTILINE) or not setup.done_item:
        setup.unavailable["inventories"] = "exitplan has no 'documents' command yet"
        return
    rows = tmp / "inventories"
    shutil.copytree(setup.plain, rows)
    plan = rows / "plan.toml"
    plan.write_text(
        plan.read_text(encoding="utf-8") + "\n" + inventory_rows(INVENTORY_ROWS, INVENTORY_ROWS),
        encoding="utf-8",
    )
    for verb in ("done", "undo"):
        sample = runner.run(exitplan(rows, verb, setup.done_item))
        if sample.code != 0:
            setup.unavailable["inventories"] = f"{verb} failed: {last_line(sample.stderr)}"
            return
    listed = runner.run(exitplan(rows, "documents", "--json"), capture=True)
    if listed.code != 0 or len(json.loads(listed.stdout)["rows"]) != INVENTORY_ROWS:
        setup.unavailable["inventories"] = f"the documents did not read: {last_line(listed.stderr)}"
        return
    setup.rows = rows


def setup_encrypted(runner: Runner, tmp: Path, setup: Setup) -> None:
    """A copy of the built-in plan, encrypted with `exitplan encrypt`, if this exitplan has it."""
    help_text = runner.run(exitplan(setup.plain, "--help"), capture=True).stdout
    if not re.search(r"^\W*encrypt\b", help_text, re.MULTILINE):
        setup.unavailable["encrypted"] = "exitplan has no 'encrypt' command yet"
        return
    if "--passphrase-file" not in help_text:
        setup.unavailable["encrypted"] = "exitplan has no --passphrase-file option yet"
        return
    secret = tmp / "passphrase.txt"
    secret.write_text(PASSPHRASE + "\n", encoding="utf-8")
    secret.chmod(0o600)
    enc = tmp / "encrypted"
    shutil.copytree(setup.plain, enc)
    # `encrypt` may read the new passphrase from its own option or from the global one.
    attempts = [
        exitplan(enc, "encrypt", "--passphrase-file", str(secret)),
        exitplan(enc, "encrypt", passphrase_file=secret),
    ]
    failure = ""
    for argv in attempts:
        sample = runner.run(argv)
        if sample.code == 0:
            break
        failure = last_line(sample.stderr)
    else:
        setup.unavailable["encrypted"] = f"encrypt failed: {failure}"
        return
    if (enc / "plan.toml").read_bytes()[:1] != b"\x89":
        setup.unavailable["encrypted"] = "'encrypt' left plan.toml in plain text"
        return
    # A change after encrypting, as in real use, so any cache the plain plan enjoys exists here
    # too; then check that status can open the plan.
    steps = [(exitplan(enc, "status", passphrase_file=secret), "status on the encrypted plan")]
    if setup.done_item:
        steps[:0] = [
            (exitplan(enc, verb, setup.done_item, passphrase_file=secret), f"{verb} (encrypted)")
            for verb in ("done", "undo")
        ]
    for argv, what in steps:
        sample = runner.run(argv)
        if sample.code != 0:
            setup.unavailable["encrypted"] = f"{what} failed: {last_line(sample.stderr)}"
            return
    setup.enc, setup.passphrase_file = enc, secret


# -- the cases -------------------------------------------------------------------------------


@dataclass
class Case:
    """A group of commands run back to back in one round; each command is its own series."""

    steps: list[tuple[str, list[str]]]
    parse: Callable[[Sample], dict[str, float]] | None = None


def cases(setup: Setup) -> list[Case]:
    """Everything timed in a round, in the order the report lists it."""
    plain, big = setup.plain, setup.big
    out = [
        Case([("python -c pass", [PY, "-c", "pass"])]),
        Case([("minimal app: show", minimal("show"))]),
        Case([("minimal app: --help", minimal("--help"))]),
        Case([("exitplan status", exitplan(plain, "status"))]),
        Case([("exitplan --help", exitplan(plain, "--help"))]),
    ]
    if setup.has_helplines:
        out.append(Case([("exitplan help-now", exitplan(plain, "help-now"))]))
    out.append(Case([("exitplan list", exitplan(plain, "list"))]))
    # done then undo in the same round, so every round starts from the same plan
    if setup.done_item:
        out.append(
            Case(
                [
                    ("exitplan done", exitplan(plain, "done", setup.done_item)),
                    ("exitplan undo", exitplan(plain, "undo", setup.done_item)),
                ]
            )
        )
    out += [
        Case([("glance: exitplan status", glance(plain, "status"))]),
        Case([("glance: exitplan", glance(plain))]),
        Case([("glance: exitplan status --json", glance(plain, "status", "--json"))]),
        Case([("glance: exitplan status, 10k", glance(big, "status"))]),
    ]
    if setup.spanish:
        out += [
            Case([("glance: exitplan --lang es status", glance(plain, "--lang", "es", "status"))]),
            Case([("glance: exitplan, LANG=es_MX", glance(plain, env=["LANG=es_MX.UTF-8"]))]),
        ]
    if setup.rows:
        out += [
            Case([("glance: exitplan status, 500+500 rows", glance(setup.rows, "status"))]),
            Case([("exitplan documents, 500 rows", exitplan(setup.rows, "documents"))]),
        ]
    out += [Case([(name, argv)]) for name, argv in setup.peers.items()]
    out += [
        Case([("exitplan status, 10k", exitplan(big, "status"))]),
        Case([("exitplan list, 10k", exitplan(big, "list"))]),
    ]
    if setup.big_done_item:
        out.append(
            Case(
                [
                    ("exitplan done, 10k", exitplan(big, "done", setup.big_done_item)),
                    ("exitplan undo, 10k", exitplan(big, "undo", setup.big_done_item)),
                ]
            )
        )
    if setup.enc:
        secret = setup.passphrase_file
        out.append(
            Case(
                [
                    (
                        "exitplan status, encrypted",
                        exitplan(setup.enc, "status", passphrase_file=secret),
                    )
                ]
            )
        )
        out.append(Case([("encrypted: kdf probe", [PY, "-c", KDF_PROBE])], parse=parse_kdf_probe))
    return out


def order(setup: Setup) -> dict[str, int]:
    """The row order of the report: the order of the cases, probe results last."""
    names = [name for case in cases(setup) for name, _ in case.steps]
    names += ["crypto import (in-process)", "one Argon2id derivation"]
    return {name: n for n, name in enumerate(names)}


def parse_kdf_probe(sample: Sample) -> dict[str, float]:
    """The probe prints the crypto import time and one derivation's time, in ms."""
    import_ms, kdf_ms = (float(word) for word in sample.stdout.split())
    return {"crypto import (in-process)": import_ms, "one Argon2id derivation": kdf_ms}


@dataclass
class Series:
    """Every sample of one command."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    rss: list[int] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


def measure(
    runner: Runner, all_cases: list[Case], runs: int, seed: int, progress: bool
) -> dict[str, Series]:
    """One untimed warm-up round, then `runs` rounds, each in a new random order."""
    rng = random.Random(seed)
    series: dict[str, Series] = {}
    for round_no in range(runs + 1):
        order = list(all_cases)
        rng.shuffle(order)
        for case in order:
            for name, argv in case.steps:
                sample = runner.run(argv, capture=case.parse is not None)
                if sample.code != 0:
                    failures = series.setdefault(name, Series()).failures
                    if round_no == 0 or not failures:  # a broken command: say so once
                        failures.append(f"exit {sample.code}: {last_line(sample.stderr)}")
                    continue
                if round_no == 0:
                    continue
                if case.parse is not None:
                    for sub, value in case.parse(sample).items():
                        series.setdefault(sub, Series()).wall.append(value)
                    continue
                s = series.setdefault(name, Series())
                s.wall.append(sample.wall_ms)
                s.cpu.append(sample.cpu_ms)
                s.rss.append(sample.rss_bytes)
        if progress:
            label = "warm-up" if round_no == 0 else f"round {round_no}/{runs}"
            print(f"  {label} done", file=sys.stderr, flush=True)
    return series


# -- the report ------------------------------------------------------------------------------


def median(values: Sequence[float]) -> float:
    """The median, or NaN for no values."""
    return statistics.median(values) if values else float("nan")


def iqr(values: Sequence[float]) -> tuple[float, float]:
    """The 25th and 75th percentiles."""
    if len(values) < 2:
        return (values[0], values[0]) if values else (float("nan"), float("nan"))
    q = statistics.quantiles(values, n=4, method="inclusive")
    return q[0], q[2]


@dataclass
class Target:
    """One line of the targets table."""

    name: str
    subject: str
    baseline: str | None
    limit: float
    kind: str = "ratio"  # ratio | mib | kdf | info (a ratio printed, not judged)
    needs: str = ""  # a key of Setup.unavailable that makes this target n/a


TARGETS = [
    Target("status vs minimal show", "exitplan status", "minimal app: show", 1.2),
    Target("--help vs minimal --help", "exitplan --help", "minimal app: --help", 1.1),
    Target(
        "help-now vs minimal show", "exitplan help-now", "minimal app: show", 1.1, needs="help-now"
    ),
    Target("status: 10k vs built-in", "exitplan status, 10k", "exitplan status", 2.0),
    # The glance: status as a person runs it (home from the environment), against its peers.
    Target(
        "glance status vs topydo ls", "glance: exitplan status", "topydo ls", 1.0, needs="topydo"
    ),
    Target("glance bare vs topydo ls", "glance: exitplan", "topydo ls", 1.0, needs="topydo"),
    Target(
        "glance --json vs topydo ls",
        "glance: exitplan status --json",
        "topydo ls",
        1.0,
        needs="topydo",
    ),
    Target("glance status vs python -c pass", "glance: exitplan status", "python -c pass", 5.0),
    # The glance in Spanish: the same plan, the words from the Spanish cache.
    Target(
        "glance status: es vs en",
        "glance: exitplan --lang es status",
        "glance: exitplan status",
        1.2,
        needs="spanish",
    ),
    Target(
        "glance bare: LANG=es_MX vs en",
        "glance: exitplan, LANG=es_MX",
        "glance: exitplan",
        1.2,
        needs="spanish",
    ),
    Target(
        "glance status (es) vs python -c pass",
        "glance: exitplan --lang es status",
        "python -c pass",
        5.0,
        needs="spanish",
    ),
    Target(
        "glance status: 10k vs built-in",
        "glance: exitplan status, 10k",
        "glance: exitplan status",
        2.0,
    ),
    Target(
        "glance status vs todo.sh ls",
        "glance: exitplan status",
        "todo.sh ls",
        0,
        "info",
        needs="todo.sh",
    ),
    Target(
        "glance status vs task next",
        "glance: exitplan status",
        "task next",
        0,
        "info",
        needs="task",
    ),
    # The inventories: a plan with 500 documents and 500 accounts, served by the glance.
    Target(
        "glance status: 500+500 rows vs built-in",
        "glance: exitplan status, 500+500 rows",
        "glance: exitplan status",
        1.5,
        needs="inventories",
    ),
    Target(
        "glance 500+500 rows vs python -c pass",
        "glance: exitplan status, 500+500 rows",
        "python -c pass",
        5.0,
        needs="inventories",
    ),
    Target("list: 10k vs built-in", "exitplan list, 10k", "exitplan list", 2.0),
    Target("done: 10k vs built-in", "exitplan done, 10k", "exitplan done", 2.0, needs="done"),
    Target("peak RSS: status, 10k", "exitplan status, 10k", None, 150, "mib"),
    Target("peak RSS: list, 10k", "exitplan list, 10k", None, 150, "mib"),
    Target("peak RSS: done, 10k", "exitplan done, 10k", None, 150, "mib"),
    # (encrypted - plain - crypto import) / one derivation: about 1 when the key is derived once
    Target(
        "encrypted vs plain status",
        "exitplan status, encrypted",
        "exitplan status",
        1.5,
        "kdf",
        needs="encrypted",
    ),
]


def unavailable_reason(target: Target, setup: Setup, series: dict[str, Series]) -> str | None:
    """Why a target cannot be judged this run, if it cannot."""
    if target.needs in setup.unavailable:
        return setup.unavailable[target.needs]
    names = [target.subject, target.baseline]
    if target.kind == "kdf":
        names += ["crypto import (in-process)", "one Argon2id derivation"]
    for name in names:
        if name is None:
            continue
        s = series.get(name)
        if s is None or not s.wall:
            if s is not None and s.failures:
                return f"'{name}' failed: {s.failures[0]}"
            return f"'{name}' was not measured"
    return None


def judge(target: Target, series: dict[str, Series]) -> tuple[str, str, str, str, bool]:
    """(value, spread, CPU-time ratio, target text, passed) for one target."""
    subject = series[target.subject]
    if target.kind == "mib":
        peak = max(subject.rss) / MIB
        return (
            f"{peak:.0f} MiB",
            f"median {median(subject.rss) / MIB:.0f}",
            "",
            f"< {target.limit:.0f} MiB",
            peak < target.limit,
        )
    base = series[target.baseline or ""]
    if target.kind == "kdf":
        crypto = median(series["crypto import (in-process)"].wall)
        kdf = median(series["one Argon2id derivation"].wall)
        extra = median(subject.wall) - median(base.wall)
        units = (extra - crypto) / kdf
        return (
            f"{units:.2f} KDF",
            f"+{extra:.0f} ms; KDF {kdf:.0f}, import {crypto:.0f}",
            "",
            f"≤ {target.limit:g} KDF",
            units <= target.limit,
        )
    ratio = median(subject.wall) / median(base.wall)
    paired = [a / b for a, b in zip(subject.wall, base.wall, strict=False)]
    lo, hi = iqr(paired)
    # CPU time is far less disturbed by other load than wall time: a second opinion, not judged.
    cpu = median(subject.cpu) / median(base.cpu)
    if target.kind == "info":
        return f"{ratio:.2f}", f"rounds {lo:.2f}-{hi:.2f}", f"{cpu:.2f}", "(shown)", True
    return (
        f"{ratio:.2f}",
        f"rounds {lo:.2f}-{hi:.2f}",
        f"{cpu:.2f}",
        f"≤ {target.limit:g}",
        ratio <= target.limit,
    )


def table(rows: list[list[str]], right: set[int]) -> str:
    """A plain-text table with a header rule; columns in `right` are right-aligned."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for n, row in enumerate(rows):
        cells = [
            cell.rjust(w) if i in right else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def load_average() -> float:
    """The 1-minute load average, a hint of how noisy the numbers are."""
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def report(setup: Setup, series: dict[str, Series], runs: int, load: float) -> tuple[str, bool]:
    """The printed report, and whether every target that could be judged passed."""
    head = [
        f"exitplan start-up benchmark: {runs} interleaved rounds after 1 warm-up round; "
        "times are wall-clock ms of a fresh process",
        f"run as: {PY} -m exitplan ...   vs   {PY} bench/minimal_app.py ...",
        f"exitplan under test: {ROOT}   Python {sys.version.split()[0]}   "
        f"{os.cpu_count()} CPUs   load average {load:.2f} before, {load_average():.2f} after",
        f"built-in plan: {setup.builtin_items} items in {setup.builtin_lists} checklists;  "
        f"10k plan: the same plus a user checklist, {setup.big_items} items",
        f"EXITPLAN_TODAY={TODAY}, exit date {EXIT_DATE}; done/undo on "
        f"{setup.done_item or setup.big_done_item or 'n/a'}",
        "",
    ]
    rank = order(setup)
    rows = [["command", "median", "IQR", "min-max", "cpu ms", "peak RSS", "n"]]
    for name, s in sorted(series.items(), key=lambda item: rank.get(item[0], len(rank))):
        if not s.wall:
            rows.append([name, "error", s.failures[0] if s.failures else "", "", "", "", "0"])
            continue
        lo, hi = iqr(s.wall)
        rows.append(
            [
                name,
                f"{median(s.wall):.1f}",
                f"{lo:.1f}-{hi:.1f}",
                f"{min(s.wall):.1f}-{max(s.wall):.1f}",
                f"{median(s.cpu):.0f}" if s.cpu else "",
                f"{max(s.rss) / MIB:.0f} MiB" if s.rss else "",
                str(len(s.wall)),
            ]
        )
    out = [*head, "Timings (ms)", table(rows, {1, 4, 5, 6}), ""]

    ok = True
    notes = []
    rows = [["target", "value", "spread", "cpu ratio", "target", "result"]]
    for target in TARGETS:
        reason = unavailable_reason(target, setup, series)
        if reason is not None:
            notes.append(f"  {target.name}: n/a because {reason}")
            rows.append([target.name, "n/a", "", "", "", "n/a"])
            continue
        value, spread, cpu, limit, passed = judge(target, series)
        ok &= passed
        verdict = "-" if target.kind == "info" else "PASS" if passed else "FAIL"
        rows.append([target.name, value, spread, cpu, limit, verdict])
    out += [
        "Targets (ratios of median wall times; spread: IQR of the per-round ratios; "
        "cpu ratio: the same from CPU time, steadier on a busy machine, not judged)",
        table(rows, {1, 3}),
        *notes,
        "",
    ]
    broken = [f"  {name}: {s.failures[0]}" for name, s in series.items() if s.failures]
    if broken:
        ok = False
        out += ["Commands that failed:", *broken, ""]
    return "\n".join(out), ok


# -- where the time goes ---------------------------------------------------------------------


IMPORT_LINE = re.compile(r"^import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")


def importtimes(runner: Runner, argv: list[str], repeats: int) -> dict[str, tuple[float, float]]:
    """Median (self, cumulative) import time in ms of every module argv imports.

    argv runs Python, directly or through `/usr/bin/env NAME=VALUE ...` (as `glance()` builds it).
    """
    seen: dict[str, list[tuple[int, int]]] = {}
    at = argv.index(PY)
    for _ in range(repeats):
        sample = runner.run([*argv[: at + 1], "-X", "importtime", *argv[at + 1 :]])
        for line in sample.stderr.splitlines():
            match = IMPORT_LINE.match(line)
            if match:
                seen.setdefault(match[4], []).append((int(match[1]), int(match[2])))
    return {
        name: (median([s for s, _ in v]) / 1000, median([c for _, c in v]) / 1000)
        for name, v in seen.items()
    }


def where_time_goes(runner: Runner, setup: Setup, repeats: int = 7) -> str:
    """What `exitplan status` imports beyond the minimal app, biggest first."""
    floor = importtimes(runner, minimal("show"), repeats)
    status = importtimes(runner, exitplan(setup.plain, "status"), repeats)
    extra = {name: t for name, t in status.items() if name not in floor}
    total = sum(self_ms for self_ms, _ in extra.values())
    own = sorted(
        ((n, t) for n, t in status.items() if n.split(".")[0] == "exitplan"),
        key=lambda item: -item[1][1],
    )
    rows = [["exitplan module", "self ms", "cumulative ms"]]
    rows += [[n, f"{s:.1f}", f"{c:.1f}"] for n, (s, c) in own]
    rows_extra = [["module not imported by the minimal app", "self ms", "cumulative ms"]]
    rows_extra += [
        [n, f"{s:.1f}", f"{c:.1f}"]
        for n, (s, c) in sorted(extra.items(), key=lambda item: -item[1][0])[:25]
    ]
    return "\n".join(
        [
            f"Where the time goes (python -X importtime, median of {repeats} runs each)",
            f"status imports {len(status)} modules, the minimal app {len(floor)}; the "
            f"{len(extra)} extra ones cost {total:.1f} ms of import time (sum of self times).",
            "",
            table(rows, {1, 2}),
            "",
            table(rows_extra, {1, 2}),
            "",
        ]
    )


FRAMEWORK = ("typer", "click", "rich", "pydantic", "pydantic_core", "cryptography", "platformdirs")


def glance_imports(runner: Runner, setup: Setup, repeats: int = 7, top: int = 25) -> str:
    """What the glance (`exitplan status`, home from the environment) imports, biggest first."""
    seen = importtimes(runner, glance(setup.plain, "status"), repeats)
    floor = importtimes(runner, [PY, "-c", "pass"], repeats)
    extra = {name: t for name, t in seen.items() if name not in floor}
    framework = sorted(name for name in seen if name.split(".")[0] in FRAMEWORK)
    rows = [["module the glance imports beyond python -c pass", "self ms", "cumulative ms"]]
    rows += [
        [n, f"{s:.1f}", f"{c:.1f}"]
        for n, (s, c) in sorted(extra.items(), key=lambda item: -item[1][0])[:top]
    ]
    return "\n".join(
        [
            f"What the glance imports (python -X importtime, median of {repeats} runs each)",
            f"{len(extra)} modules beyond python -c pass, {sum(s for s, _ in extra.values()):.1f} "
            f"ms of import time (sum of self times); framework modules: "
            f"{', '.join(framework) or 'none'}",
            "",
            table(rows, {1, 2}),
            "",
        ]
    )


def profile_status(runner: Runner, setup: Setup, top: int = 25) -> str:
    """cProfile of one `exitplan status` (after the warm-up, so bytecode is cached)."""
    import io
    import pstats

    out = setup.plain.parent / "status.prof"
    argv = [PY, "-m", "cProfile", "-o", str(out), *exitplan(setup.plain, "status")[1:]]
    sample = runner.run(argv)
    if sample.code != 0 or not out.exists():
        return f"cProfile of status failed: {last_line(sample.stderr)}\n"
    text = io.StringIO()
    stats = pstats.Stats(str(out), stream=text)
    stats.sort_stats("cumulative").print_stats(r"exitplan[/\\]", top)
    stats.sort_stats("tottime").print_stats(top)
    noise = ("List reduced", ".prof", "Ordered by")
    lines = [
        line.rstrip()
        for line in text.getvalue().splitlines()
        if line.strip() and not any(word in line for word in noise)
    ]
    return "\n".join(
        [
            f"cProfile of exitplan status ({sample.wall_ms:.0f} ms under the profiler, which "
            "slows Python code down about 2x): exitplan's functions by cumulative time, then "
            "everything by own time",
            *lines,
            "",
        ]
    )


# -- main ------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Build the plans, measure, print the report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="timed rounds (default 10)")
    parser.add_argument(
        "--items", type=int, default=10_000, help="items in the big user checklist (default 10000)"
    )
    parser.add_argument("--seed", type=int, default=6, help="seed of the round order")
    parser.add_argument(
        "--check", action="store_true", help="exit 1 when a target fails or a command errors"
    )
    parser.add_argument(
        "--importtime",
        action="store_true",
        help="also show what status imports beyond the minimal app, and what the glance imports",
    )
    parser.add_argument(
        "--profile", action="store_true", help="also print a cProfile of exitplan status"
    )
    parser.add_argument(
        "--only",
        metavar="REGEX",
        help="time only the commands whose names match (e.g. 'status|minimal')",
    )
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write every sample here")
    parser.add_argument("--keep", action="store_true", help="keep the temp directory")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="CI: one round on a 50-item plan, exit 1 if any command errors (targets not judged)",
    )
    args = parser.parse_args(argv)
    if args.smoke:
        args.runs, args.items = 1, 50
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    tmp = Path(tempfile.mkdtemp(prefix="exitplan-bench-"))
    try:
        runner = Runner(tmp)
        if not args.quiet:
            print(f"building plans in {tmp} ...", file=sys.stderr, flush=True)
        try:
            setup = build(runner, tmp, args.items)
        except SetupError as exc:
            print(f"bench: cannot build the plans: {exc}")
            return 1 if args.check or args.smoke else 0
        chosen = cases(setup)
        if args.only:
            chosen = [c for c in chosen if any(re.search(args.only, n) for n, _ in c.steps)]
        load = load_average()
        series = measure(runner, chosen, args.runs, args.seed, not args.quiet)
        text, ok = report(setup, series, args.runs, load)
        print(text)
        if args.smoke:  # a bench that no longer runs fails the build; its timings do not
            ok, args.check = not any(s.failures for s in series.values()), True
        if args.importtime:
            print(where_time_goes(runner, setup))
            print(glance_imports(runner, setup))
        if args.profile:
            print(profile_status(runner, setup))
        if args.json:
            args.json.write_text(
                json.dumps(
                    {
                        name: {
                            "wall_ms": s.wall,
                            "cpu_ms": s.cpu,
                            "rss_bytes": s.rss,
                            "failures": s.failures,
                        }
                        for name, s in series.items()
                    },
                    indent=2,
                )
                + "\n",
                encoding="utf-8",
            )
    finally:
        if args.keep:
            print(f"kept {tmp}", file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    return 1 if args.check and not ok else 0


if __name__ == "__main__":
    sys.exit(main())
