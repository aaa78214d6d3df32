"""Child process for the reliability tests: runs the real exitplan code until it is killed.

Usage: python tests/helpers_crash.py MODE HOME [ARGS...]

Modes
  toggle HOME ITEM   Tick and untick ITEM for ever through the real CLI (`done` / `undo`).
                     Prints "READY <n>" once, then "ACK <n>" after every save that returned,
                     where <n> is the number of history events the plan must now hold.
  store HOME ITEM    The same loop through Store.locked / load / save and the plan functions
                     only (no CLI), so most of each loop is spent inside the save protocol.
  naive HOME ITEM    The CLI loop, but with exitplan's atomic writer replaced by a naive
                     truncate-and-rewrite in several chunks (the CONTROL: it must corrupt).
  zygote HOME ITEM MODE
                     Import and warm up once, then on every "go" line read from stdin fork a
                     child that runs MODE (toggle, store or naive) on ITEM; prints "PID <pid>" for
                     the parent to kill; after the next stdin line it reaps the child and
                     prints "REAPED <pid>". Forking a
                     warm process keeps each trial cheap, so hundreds of kills fit in a run.
  tick HOME ITEM...  Tick each ITEM once, one `done` per item (one save each); prints
                     "DONE <count>" at the end, or "FAIL <item> <exit code> <stderr>" and exits 3.
  hold HOME          Take exitplan's own lock (Store.locked) and print "LOCKED", then sleep
                     until killed.

Every line is written with one os.write, so a SIGKILL never leaves half an acknowledgement that
the parent could misread. Nothing here is imported by the tests; it only runs as a child.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from exitplan.base.limits import Status

os.environ.setdefault("EXITPLAN_TODAY", "2026-11-30")
os.environ.setdefault("EXITPLAN_TEST_FAST_KDF", "1")
# This script runs the CLI in its own process: it hands in the harness's settings itself.
from helpers_exitplan import apply_environment

apply_environment()


def say(line: str) -> None:
    """One whole line on stdout in a single write (the parent reads it after the kill)."""
    os.write(1, (line + "\n").encode("utf-8"))


def invoke(home: Path, *args: str) -> tuple[int, str]:
    """Run the real CLI in this process; return (exit code, stderr)."""
    from typer.testing import CliRunner

    from exitplan.cli.app import app

    result = CliRunner().invoke(app, ["--home", str(home), *args], catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return 99, f"{type(result.exception).__name__}: {result.exception}"
    return result.exit_code, result.stderr.strip().replace("\n", " | ")


def current(home: Path, item: str) -> tuple[int, str]:
    """(number of history events, status of ITEM) in the plan on disk."""
    from exitplan.home.store import Store

    state = Store(home).load()
    item_state = state.items.get(item)
    return len(state.history), item_state.status if item_state else "open"


def naive_write(path: Path, data: bytes, **_options: object) -> None:
    """Truncate the file and rewrite it in place, in chunks with tiny pauses (unsafe on purpose).

    It takes (and ignores) whatever keyword options exitplan's write_atomic takes."""
    chunks = 8
    size = max(1, len(data) // chunks + 1)
    with open(path, "wb") as handle:  # the point: a truncating open() and in-place writes
        for start in range(0, len(data), size):
            handle.write(data[start : start + size])
            handle.flush()
            time.sleep(0.004)
    naive_write.calls += 1  # type: ignore[attr-defined]


naive_write.calls = 0  # type: ignore[attr-defined]


def toggle(home: Path, item: str, mode: str) -> int:
    """Tick / untick ITEM for ever, acknowledging each save after it returned.

    toggle: through the real CLI (CliRunner on exitplan.cli.app), so the cache is written too;
    store:  through Store.locked / load / save and the plan functions, nothing else, so most of
            each loop is spent inside the save protocol;
    naive:  the CLI loop with exitplan.disk.atomic.write_atomic replaced by naive_write (CONTROL).
    """
    import exitplan.cli.app  # import everything before saying READY
    import exitplan.disk.atomic

    if mode == "naive":
        exitplan.disk.atomic.write_atomic = naive_write
    step = store_step(home, item) if mode == "store" else None
    events, status = current(home, item)
    say(f"READY {events}")
    while True:
        command = "undo" if status == "done" else "done"
        if step is not None:
            step("open" if command == "undo" else "done")
        else:
            code, err = invoke(home, command, item)
            if code != 0:
                say(f"FAIL {command} {code} {err}")
                return 3
        if mode == "naive" and naive_write.calls == 0:  # type: ignore[attr-defined]
            say(
                "FAIL the naive writer was not used: "
                "exitplan.disk.atomic no longer calls write_atomic"
            )
            return 4
        events += 1
        status = "done" if command == "done" else "open"
        say(f"ACK {events}")


def store_step(home: Path, item: str) -> Callable[[Status], None]:
    """One locked load / set_status / save of ITEM, with the store and plan functions only."""
    from datetime import UTC, datetime

    from exitplan.domain.plan import build_plan, set_status
    from exitplan.formats.checklistfile import load_catalog
    from exitplan.home.store import Store

    store = Store(home)
    catalog = load_catalog(store.checklist_dir, store.read_private)

    def step(status: Status) -> None:
        with store.locked():
            state = store.load()
            entry = build_plan(catalog, state).resolve(item)
            if not set_status(state, entry, status, datetime.now(UTC)):
                say(f"FAIL {item} was already {status}")
                raise SystemExit(3)
            store.save(state)

    return step


def zygote(home: Path, item: str, mode: str) -> int:
    """Warm up, then fork one saving child per "go" line and reap it after the parent kills it."""
    import tomli_w  # noqa: F401 - warm: everything a save needs is imported before forking

    import exitplan.cli.app  # noqa: F401

    current(home, item)  # imports the plan validation
    invoke(home, "status")  # imports rendering and the read path
    say("ZYGOTE")
    for line in sys.stdin.buffer:
        if line.strip() != b"go":
            break
        pid = os.fork()
        if pid == 0:  # the child: save until killed
            code = 5
            try:
                code = toggle(home, item, mode)
            finally:
                os._exit(code)
        say(f"PID {pid}")
        # Reap only when the parent says so: until then a dead child stays a zombie, so its
        # pid cannot be reused by another process before the parent's SIGKILL lands.
        sys.stdin.buffer.readline()
        os.waitpid(pid, 0)
        say(f"REAPED {pid}")
    return 0


def tick(home: Path, items: list[str]) -> int:
    """One `done` (one save) per item; every one must succeed."""
    for item in items:
        code, err = invoke(home, "done", item)
        if code != 0:
            say(f"FAIL {item} {code} {err}")
            return 3
    say(f"DONE {len(items)}")
    return 0


def hold(home: Path) -> int:
    """Hold exitplan's lock until killed."""
    from exitplan.home.store import Store

    with Store(home).locked():
        say("LOCKED")
        while True:
            time.sleep(60)


def main(argv: list[str]) -> int:
    """Dispatch on the mode."""
    mode, home = argv[0], Path(argv[1])
    if mode in {"toggle", "naive", "store"}:
        return toggle(home, argv[2], mode)
    if mode == "zygote":
        return zygote(home, argv[2], argv[3])
    if mode == "tick":
        return tick(home, argv[2:])
    if mode == "hold":
        return hold(home)
    say(f"FAIL unknown mode {mode}")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
