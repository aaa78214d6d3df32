"""The one test harness: a CLI runner, a subprocess runner, and the checks every test shares.

`cli` runs exitplan in-process through Typer's CliRunner (an unhandled exception fails the test);
`child` runs `python -m exitplan` in a real process, for what needs one (the environment, the
terminal, start-up). `ok`, `one_error_line` and `assert_error` check results the same way
everywhere; `snapshot` records the bytes of a folder, to prove that nothing was written.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
import typer.testing
from helpers_exitplan import FAST_KDF_ENV, LOCK_TIMEOUT_ENV, use_fast_kdf, use_lock_timeout
from typer.testing import CliRunner, Result

from exitplan.base import i18n

TESTS = Path(__file__).resolve().parent  # this folder: the harness, its data and helper scripts
DATA = TESTS / "data"
REPO = TESTS.parent

# The one way a test names exitplan in a real process: `[*EXITPLAN, "--home", ..., "status"]`.
# `child` runs it to the end; tests that kill, trace or type into it build on this argv. It is
# exitplan's own start (`exitplan.cli.entry.main`) behind the tests' entry point, which hands in
# the harness's settings (fast key derivation, a fixed real today): see helpers_exitplan.py.
EXITPLAN = (sys.executable, str(TESTS / "helpers_exitplan.py"))

TODAY = date(2026, 11, 30)  # a Monday
EXIT = date(2026, 12, 14)  # two weeks later, also a Monday
# The day the test plan was made: four weeks before EXIT, which is more than the longest lead
# time of the test checklists (21 days), so every step is due exactly at EXIT + its offset.
PLANNED = date(2026, 11, 16)
# The two small checklists in tests/data that most CLI tests use; their ids clash with no
# built-in checklist, so the built-in files never matter.
MONEY = "t-money"
PAPERS = "t-papers"


def clock_today() -> date:
    """The day by the clock the tests run under (`faketime` moves it), in this machine's zone.

    What exitplan checks against the computer's own clock (a journal entry "in the future", the
    time a record was written) is tested against this day, never a fixed one: a fixed day comes.
    """
    return datetime.now().astimezone().date()


def cli(
    home: Path | None,
    *args: str,
    today: date | str | None = None,
    input: str | bytes | None = None,
    env: dict[str, str | None] | None = None,
    passphrase: Path | None = None,
) -> Result:
    """`exitplan [--home HOME] [--today DAY] [--passphrase-file F] ARGS` in-process.

    Stdin is never a terminal. An unhandled exception propagates and fails the test.
    """
    from exitplan.cli.app import app

    argv: list[str] = []
    if home is not None:
        argv += ["--home", str(home)]
    if today is not None:
        argv += ["--today", today if isinstance(today, str) else today.isoformat()]
    if passphrase is not None:
        argv += ["--passphrase-file", str(passphrase)]
    # The language, chosen as the console script chooses it in each new process: a run without
    # `--lang` after one with it speaks the environment's language again, never the last one's.
    environ = {**os.environ, **(env or {})}
    i18n.install(i18n.choose([*argv, *args], {k: v for k, v in environ.items() if v is not None}))
    with pytest.MonkeyPatch.context() as mp:
        if environ.get(FAST_KDF_ENV) == "1":  # the harness's switches, read as in a child
            use_fast_kdf(mp.setattr)
        wait = environ.get(LOCK_TIMEOUT_ENV)
        if wait:
            use_lock_timeout(float(wait), mp.setattr)
        if hasattr(typer.testing, "_get_command"):
            # Building the Click command from the Typer app costs more than most commands do;
            # build it once for the session (it holds no state between invocations).
            mp.setattr(typer.testing, "_get_command", _cached_command)
        return CliRunner().invoke(app, [*argv, *args], input=input, env=env, catch_exceptions=False)


@functools.cache
def _cached_command(app: Any) -> Any:
    from typer.main import get_command

    return get_command(app)


def console_script() -> str:
    """The installed `exitplan` script of the interpreter running the tests."""
    beside = Path(sys.executable).parent / "exitplan"
    found = str(beside) if beside.exists() else shutil.which("exitplan")
    if found is None:  # pragma: no cover - exitplan is installed for the tests
        pytest.fail("the exitplan console script is not installed")
    return found


def child(
    *args: str,
    env: dict[str, str] | None = None,
    input: str | None = None,
    cwd: Path | None = None,
    timeout: float = 60,
    script: bool = False,
) -> subprocess.CompletedProcess[str]:
    """`python -m exitplan ARGS` (or the installed `exitplan` script) in a real child process,
    with `env` added to this one's."""
    program = [console_script()] if script else [*EXITPLAN]
    return subprocess.run(
        [*program, *args],
        capture_output=True,
        text=True,
        input=input,
        env={**os.environ, **(env or {})},
        cwd=cwd,
        timeout=timeout,
        check=False,
    )


def assert_no_traceback(result: Result) -> None:
    """No traceback anywhere in the output."""
    assert "Traceback" not in result.output


def ok(result: Result) -> Result:
    """Assert the command succeeded with no traceback; return it for more checks."""
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert_no_traceback(result)
    return result


def one_error_line(result: Result, *words: str) -> str:
    """A handled failure: exit 1, exactly one `Error: ...` line on stderr holding every word
    (compared in lower case); returns the line."""
    assert_no_traceback(result)
    assert result.exit_code == 1, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error: "), lines[0]
    for word in words:
        assert word in lines[0].lower(), lines[0]
    return lines[0]


def assert_error(result: Result, message: str, *, exact: bool = True, code: int = 1) -> None:
    """A handled error: the exit code, one line 'Error: ...' on stderr, nothing on stdout."""
    assert_no_traceback(result)
    assert result.exit_code == code, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    if exact:
        assert lines[0] == f"Error: {message}"
    else:
        assert lines[0].startswith("Error: ")
        assert message in lines[0]
    assert result.stdout == ""


def assert_usage_error(result: Result, message: str) -> None:
    """A usage error: exit code 2, the reason on stderr, no traceback."""
    assert_no_traceback(result)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert message in result.stderr
    assert result.stdout == ""


def snapshot(root: Path) -> dict[str, bytes]:
    """{relative path: bytes} of every file under root (empty when root does not exist)."""
    if not root.exists():
        return {}
    return {
        str(path.relative_to(root)): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }


def make_home(home: Path, *checklist_files: Path | str) -> Path:
    """Create a private data directory holding the given checklist files (no plan yet)."""
    home.mkdir(mode=0o700, parents=True, exist_ok=True)
    home.chmod(0o700)
    folder = home / "checklists"
    folder.mkdir(exist_ok=True)
    for item in checklist_files:
        source = item if isinstance(item, Path) else DATA / f"{item}.toml"
        shutil.copyfile(source, folder / source.name)
    return home


def read_plan(home: Path, passphrase: str | None = None) -> Any:
    """The plan state on disk, parsed by the store."""
    from exitplan.home.store import Store

    return Store(home, (lambda: passphrase) if passphrase else None).load()


def outcome(result: Result) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of a run that printed no traceback."""
    assert_no_traceback(result)
    return result.exit_code, result.stdout, result.stderr


def command_names() -> list[str]:
    """Every command the Typer app registers."""
    import typer.main

    from exitplan.cli.app import app

    group = typer.main.get_command(app)
    return sorted(group.commands)  # type: ignore[attr-defined]


# The four medical steps that carry a place's reporting duty (the region fact `health-reporting`).
MEDICAL_STEPS = (
    "documents.medical-records",
    "safety.strangled-care",
    "safety.sexual-violence-care",
    "support.pregnancy-care",
)


def shown_step(run: Callable[..., Result], step: str, lang: str = "en") -> str:
    """`show STEP` in a language, as one string with its lines joined (for the facts tests)."""
    return " ".join(ok(run("--lang", lang, "show", step)).stdout.split())
