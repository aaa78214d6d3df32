"""Every command, with standard input closed, an empty pipe, /dev/null and a terminal that only
ends its input: each ends with a plain message or its work, never a traceback and never a hang.

`exitplan add … <&-` once crashed eight commands (Python's `sys.stdin` is None then).
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from helpers import EXIT, EXITPLAN, MONEY, PAPERS, PLANNED, TODAY, cli, make_home, ok

# One command line for each command: it reaches the point where the command reads its input
# (a row to change, a step to note, a passphrase to set). A new command must be added here.
COMMAND_LINES: dict[str, list[str]] = {
    "accounts add": ["accounts", "add"],
    "accounts change": ["accounts", "change", "1"],
    "accounts list": ["accounts", "list"],
    "accounts remove": ["accounts", "remove", "1"],
    "accounts show": ["accounts", "show", "1"],
    "add": ["add", MONEY],
    "backups": ["backups"],
    "checklists": ["checklists"],
    "date": ["date", "clear"],
    "decrypt": ["decrypt"],
    "documents add": ["documents", "add"],
    "documents change": ["documents", "change", "1"],
    "documents list": ["documents", "list"],
    "documents remove": ["documents", "remove", "1"],
    "documents show": ["documents", "show", "1"],
    "done": ["done", "1"],
    "encrypt": ["encrypt"],
    "help": ["help", "status"],
    "help-now": ["help-now"],
    "history": ["history"],
    "init": ["init", "--checklist", MONEY],
    "list": ["list"],
    "log add": ["log", "add"],
    "log amend": ["log", "amend", "1"],
    "log attach": ["log", "attach", "1", "-"],
    "log export": ["log", "export"],
    "log file": ["log", "file", "1"],
    "log copy": ["log", "copy"],
    "log fingerprint": ["log", "fingerprint"],
    "log list": ["log", "list"],
    "log show": ["log", "show", "1"],
    "log verify": ["log", "verify"],
    "money add": ["money", "add"],
    "money change": ["money", "change", "1"],
    "money list": ["money", "list"],
    "money remove": ["money", "remove", "1"],
    "money settings": ["money", "settings"],
    "money show": ["money", "show", "1"],
    "note": ["note", "1"],
    "passphrase": ["passphrase"],
    "phone-check": ["phone-check", "--iphone"],
    "region": ["region"],
    "restore": ["restore", "1"],
    "review": ["review"],
    "show": ["show", "1"],
    "situation": ["situation"],
    "skip": ["skip", "1"],
    "status": ["status"],
    "summary": ["summary"],
    "undo": ["undo", "1"],
    "validate": ["validate"],
    "where": ["where"],
    "wipe": ["wipe"],
}

# How a run may end: done, refused in plain words, a usage error, or stopped by the person.
CALM_ENDINGS = {0, 1, 2, 130}


def leaf_commands() -> set[str]:
    """Every command the app registers, groups opened ("log add", "status")."""
    from exitplan.cli.app import app

    found: set[str] = set()

    def walk(command: object, path: list[str]) -> None:
        children = getattr(command, "commands", None)
        if children:
            for name, child in children.items():
                walk(child, [*path, name])
        else:
            found.add(" ".join(path))

    walk(typer.main.get_command(app), [])
    return found


def test_every_command_has_a_line_here() -> None:
    """The table above names every command the app has, and no command it lacks."""
    assert set(COMMAND_LINES) == leaf_commands()


@pytest.fixture(scope="module")
def filled_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A plan with one row in each list and one journal entry, copied for each run."""
    home = make_home(tmp_path_factory.mktemp("filled") / "home", MONEY, PAPERS)
    steps: list[tuple[list[str], str | None]] = [
        (["init", "--checklist", MONEY, "--exit-date", EXIT.isoformat()], None),
        (["documents", "add"], 'kind = "passport"\noriginal = "blue folder"\n'),
        (["accounts", "add"], 'what = "Main email"\n'),
        (["money", "add"], 'kind = "saved"\nwhat = "Cash"\namount = "250"\n'),
        (["log", "add"], 'when = "2026-11-28 21:15"\nwhat = "A door slammed"\n'),
    ]
    for args, text in steps:
        ok(cli(home, *args, today=PLANNED if args[0] == "init" else TODAY, input=text))
    return home


@pytest.fixture
def fresh_home(filled_home: Path, tmp_path: Path) -> Path:
    """A copy of the filled home, so a run that wipes or encrypts changes only its own."""
    copy = tmp_path / "home"
    shutil.copytree(filled_home, copy)
    return copy


def argv(home: Path, name: str) -> list[str]:
    """The full command line of one command, run on `home` on TODAY."""
    return [*EXITPLAN, "--home", str(home), "--today", TODAY.isoformat(), *COMMAND_LINES[name]]


def assert_calm(code: int, output: str) -> None:
    """An ending the person can read: a known exit code, and no traceback."""
    assert "Traceback" not in output, output
    assert code in CALM_ENDINGS, (code, output)


@pytest.mark.process
@pytest.mark.parametrize("name", sorted(COMMAND_LINES))
@pytest.mark.parametrize("stdin", ["closed", "pipe", "devnull"])
def test_no_traceback_whatever_stdin_is(fresh_home: Path, name: str, stdin: str) -> None:
    """Closed (<&-), an empty pipe, or /dev/null: every command ends calmly."""
    if stdin == "closed":
        # The child starts with descriptor 0 closed, as `exitplan … <&-` in a shell does.
        run = subprocess.run(
            argv(fresh_home, name),
            capture_output=True,
            text=True,
            pass_fds=(),
            preexec_fn=lambda: os.close(0),
            timeout=60,
            check=False,
        )
    else:
        run = subprocess.run(
            argv(fresh_home, name),
            capture_output=True,
            text=True,
            input="" if stdin == "pipe" else None,
            stdin=subprocess.DEVNULL if stdin == "devnull" else None,
            timeout=60,
            check=False,
        )
    assert_calm(run.returncode, run.stdout + run.stderr)


@pytest.mark.process
@pytest.mark.parametrize("name", sorted(COMMAND_LINES))
def test_no_traceback_at_a_terminal_that_ends_its_input(fresh_home: Path, name: str) -> None:
    """On a terminal where the person only presses Ctrl-D, every command ends calmly."""
    import pty

    pid, leader = pty.fork()
    if pid == 0:  # pragma: no cover - the child process
        os.execv(sys.executable, argv(fresh_home, name))  # noqa: S606 - fixed argv, no shell
    shown = b""
    presses = 0
    try:
        while True:
            ready, _, _ = select.select([leader], [], [], 0.5)
            if not ready:  # waiting for a key: the end of input, as Ctrl-D sends it
                presses += 1
                if presses > 20:  # a run that asks forever fails the test, never the suite
                    os.kill(pid, 9)
                    break
                os.write(leader, b"\x04")
                continue
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(leader)
        _, status = os.waitpid(pid, 0)
    assert_calm(os.waitstatus_to_exitcode(status), shown.decode(errors="replace"))
