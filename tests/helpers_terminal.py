"""A real pseudo-terminal for the tests that type: keys are sent as a person presses them.

`on_terminal(args, steps)` runs `python -m exitplan ARGS` on a pseudo-terminal of the given
size; each step waits for a piece of text to show, then types its keys (arrow keys are their
escape codes, exactly as a terminal sends them). It returns the exit code and what the screen
showed, with the terminal's control codes left in (`readable` takes them out).
"""

from __future__ import annotations

import json
import os
import re
import select
import sys
from collections.abc import Mapping
from pathlib import Path

from helpers import EXITPLAN, TODAY, cli, ok

# The keys as a terminal in its usual (ANSI, normal cursor) mode sends them.
LEFT = b"\x1b[D"
RIGHT = b"\x1b[C"
UP = b"\x1b[A"
DOWN = b"\x1b[B"
HOME = b"\x1b[H"
END = b"\x1b[F"
BACKSPACE = b"\x7f"
ENTER = b"\r"
CTRL_C = b"\x03"
CTRL_D = b"\x04"

_CONTROL = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[=>]|\x1b\][^\x07]*\x07|\r|\x07")


def readable(screen: str) -> str:
    """What the screen said, without the terminal's control codes."""
    return _CONTROL.sub("", screen)


# A person never types within a few hundredths of a second of a question appearing. Typing at
# once hits a window CPython's readline loop leaves between readying the terminal and waiting
# for a key: a Ctrl-C sent into it is only noticed at the next key, so the run seems to hang.
SETTLE = 0.05


def wait_for_keys(leader: int, seconds: float = 5) -> None:
    """Wait until the program reads keys one at a time (line editing or a single keypress has
    turned the terminal's line mode off), then as long as a person would at the least: keys
    typed before that switch may be thrown away."""
    import termios
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not termios.tcgetattr(leader)[3] & termios.ICANON:
            time.sleep(SETTLE)
            return
        time.sleep(0.01)


def on_terminal(
    args: list[str],
    steps: list[tuple[str, bytes]],
    *,
    columns: int = 80,
    rows: int = 24,
    env: dict[str, str] | None = None,
    quiet_seconds: float = 20,
    stdout_to: Path | None = None,
    close_stdout: bool = False,
) -> tuple[int, str]:
    """Run exitplan on a pseudo-terminal and type each step's keys once its text has shown.

    A step's text is looked for only in what showed after the previous step's keys were typed.
    With `stdout_to`, stdout goes to that file (as `exitplan ... > file` would) while stdin and
    stderr stay on the terminal; with `close_stdout`, stdout is closed (`exitplan ... >&-`).
    Returns (exit code, everything the terminal showed).
    """
    import fcntl
    import pty
    import struct
    import termios

    child_env = {
        **(without_faketime_s_shared_clock(os.environ) if close_stdout else os.environ),
        "COLUMNS": str(columns),
        "LINES": str(rows),
        "TERM": "xterm-256color",
        **(env or {}),
    }
    pid, leader = pty.fork()
    if pid == 0:  # pragma: no cover - the child process
        import signal

        # A run in the background of a non-interactive shell ignores SIGINT, and exec keeps
        # that: give the child what a person's terminal gives, so Ctrl-C reaches it.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        if stdout_to is not None:
            os.dup2(os.open(stdout_to, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), 1)
        if close_stdout:
            os.close(1)
        # The interpreter running the tests, with fixed arguments: no shell is wanted.
        os.execve(  # noqa: S606
            sys.executable, [*EXITPLAN, *args], child_env
        )
    shown = b""
    since = 0
    pending = list(steps)
    try:
        while True:
            ready, _, _ = select.select([leader], [], [], quiet_seconds)
            if not ready:  # a hang fails the test, never the suite
                os.kill(pid, 9)
                break
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            shown += chunk
            while pending and pending[0][0].encode() in shown[since:]:
                wanted, keys = pending.pop(0)
                since = shown.index(wanted.encode(), since) + len(wanted)
                wait_for_keys(leader)
                os.write(leader, keys)
    finally:
        os.close(leader)
        _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), shown.decode(errors="replace").replace("\r\n", "\n")


# -- the journal's questions, answered at a terminal -----------------------------------------

WHEN = "about November 2026):"  # the end of the journal's first question
# Enter at every later question of `log add`, each named by the end of its words.
SKIPS = [
    (question, ENTER)
    for question in (
        "Their exact words:",
        "Witnesses:",
        "Injuries and medical care:",
        "Police (officer, report number):",
        "account):",
        "How it affected you:",
    )
]


def args_for(home: Path, *command: str) -> list[str]:
    """The command line of a run on `home`, on the tests' today."""
    return ["--home", str(home), "--today", TODAY.isoformat(), *command]


def entries(home: Path) -> list[dict[str, object]]:
    """The journal's entries as `log list --json` gives them."""
    listed: list[dict[str, object]] = json.loads(ok(cli(home, "log", "list", "--json")).stdout)
    return listed


def without_faketime_s_shared_clock(environ: Mapping[str, str]) -> dict[str, str]:
    """The environment for a child started with stdout closed, under `faketime` too: libfaketime
    opens its shared clock (FAKETIME_SHARED) as the child starts, takes the closed fd 1 for it,
    and the child's output then lands in the clock and breaks it (a monotonic time too large to
    hold). Without the shared clock each child keeps the same fake offset on its own."""
    return {name: value for name, value in environ.items() if name != "FAKETIME_SHARED"}
