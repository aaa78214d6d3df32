"""The glance: `exitplan status` served straight from a fresh cache, without the framework.

A person often checks their plan in a stolen minute, so the most common command must start at
once. `glance(argv)` is a router and a reader: when the command line is one it understands
(no arguments, `status` or `status --json`, every option from the environment but the language,
which `--lang` may name) and the plan can be read from a fresh, plain cache in a private folder,
it prints the status and returns the exit code; otherwise it returns None and the full command
line runs, so every other behaviour (errors, warnings, prompts, help) stays exactly as it is.
Any doubt at all means falling through. It imports neither typer, pydantic, rich nor cryptography.

Both paths print what `service.status.status_output` returns, so the bytes are the same by
construction; the glance only routes and reads (`cached_plan`, pacing included).
The data folder is `paths.resolve_home(None)`, the full path's own choice (EXITPLAN_HOME, else
the default folder, which imports platformdirs, a few milliseconds), so both always agree.
"""

from __future__ import annotations

import os
import sys
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from exitplan.base.errors import (
    DateError,
    ExitplanError,
    output_lost,
    output_lost_line,
    quiet_stdout,
)
from exitplan.base.i18n import leading_languages, spoken
from exitplan.base.limits import PASSPHRASE_FILE_ENV, TODAY_ENV
from exitplan.disk.paths import key_file_here, resolve_home
from exitplan.domain.dates import is_iso_day, parse_day, real_today
from exitplan.formats.cache import cached_plan
from exitplan.home.folder import Folder
from exitplan.service import terminal
from exitplan.service.status import status_output

if TYPE_CHECKING:
    from collections.abc import Sequence

    from exitplan.domain.plan import Plan

# The command lines the glance serves, and whether each asks for JSON.
SERVED = {(): False, ("status",): False, ("status", "--json"): True}
# Settings the glance leaves to the full command line: a passphrase file (an encrypted plan)
# and the framework's shell completion.
NOT_SERVED_ENV = (PASSPHRASE_FILE_ENV, "_EXITPLAN_COMPLETE")


def write(out: str, err: str) -> int:
    """Print a result (notes first); output that cannot be written (a closed pipe, a full disk)
    exits 1, with one line unless the reader simply stopped reading, as the full CLI does."""
    if err:
        sys.stderr.write(err)
        sys.stderr.flush()
    try:
        sys.stdout.write(out)
        sys.stdout.flush()
    except OSError as exc:
        if not output_lost(exc):
            raise
        quiet_stdout()  # nothing more can be written; quiet the flush at exit
        line = output_lost_line(exc)
        if line:
            sys.stderr.write(line + "\n")
        return 1
    return 0


def finish(code: int) -> None:
    """End the process after a glance, skipping the interpreter's teardown when nothing needs it.

    The glance holds no lock and no open file, and its output is flushed: unless some code
    registered an exit handler (a test's audit, say), nothing is left to tidy, and freeing every
    object one by one costs more than drawing the screen (3 ms of a 35 ms glance). So the
    process ends at once, with the glance's exit code.
    """
    import atexit

    count = getattr(atexit, "_ncallbacks", None)  # CPython's; elsewhere, the usual exit
    if count is not None and count() == 0:
        os._exit(code)
    sys.exit(code)


def without_language(argv: Sequence[str]) -> tuple[str, ...] | None:
    """The command line without a leading `--lang X` (or `--lang=X`), which the entry point has
    already acted on; None when the language is not one exitplan speaks (the full command line
    says so)."""
    values, rest = leading_languages(argv)
    if any(value is None or spoken(value) is None for value in values):
        return None
    return rest


def glance(argv: Sequence[str]) -> int | None:
    """Serve `status` from the cache and return its exit code, or None for the full CLI."""
    command = without_language(argv)
    as_json = SERVED.get(command) if command is not None else None
    env = os.environ
    if as_json is None or any(name in env for name in NOT_SERVED_ENV):
        return None
    plan_today = _today(env.get(TODAY_ENV))
    if plan_today is None:
        return None
    home = resolve_home(None)
    plan = _cached_plan(home)
    if plan is None:
        return None
    out, err, code = status_output(
        plan, plan_today, as_json=as_json, plain=terminal.plain_enabled(), home=home
    )
    return write(out, err) or code


def _today(text: str | None) -> date | None:
    """Today as the full path reads it (an empty value counts as unset): a day in the form
    2027-01-31, read as `dates.parse_today` reads that form; None for any other form (the full
    path reads it, `+3d` or `1 juin 2027`, with the catalogs this path never loads)."""
    if not text:
        return real_today()
    try:
        return parse_day(text) if is_iso_day(text) else None
    except DateError:
        return None


def _cached_plan(home: Path) -> Plan | None:
    """The plan from a fresh plain cache in the private folder `home`, or None at any doubt."""
    store = Folder(home)  # no keys: a sealed file never opens here
    try:
        if not os.path.isdir(home) or not store.exists() or store.is_encrypted():
            return None
        if key_file_here(home):  # the full path may say something first about the key
            return None
        store.check_private()  # the same link and privacy checks as the full path
    except (ExitplanError, OSError):
        return None
    # Without the steps' texts: the status screen shows none of them.
    return cached_plan(store)
