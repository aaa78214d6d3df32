"""The run's global options, decided before any workspace exists: which folder is the home and
whether the person chose it, which day it is (a rehearsed `--today` or the real one, and whether
a rehearsal saved a change), and the passphrase read from a file the person names, with every
check that file must pass.

The CLI parses the options and says what goes wrong; the rules live here.
"""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path
from typing import NamedTuple

from exitplan.base.errors import ExitplanError, os_reason
from exitplan.base.i18n import _
from exitplan.base.limits import PLAN_FILE
from exitplan.disk.paths import check_given_home, home_was_given, resolve_home
from exitplan.disk.safeio import readable_by_others
from exitplan.domain import dates

# A passphrase is one line; a first line longer than this is not one (and is never held whole).
PASSPHRASE_FILE_LIMIT = 4096


def read_today(text: str) -> date:
    """The day `--today` or EXITPLAN_TODAY names, read as `exitplan date` reads a day (the
    glance reads 2027-01-31 the same way and leaves every other form to this); a DateError when
    it is not one."""
    return dates.parse_today(text)


class RunOptions(NamedTuple):
    """The home and the day a run works with, as the global options chose them."""

    home: Path
    home_given: bool  # --home or EXITPLAN_HOME, not the platform's default folder
    today: date
    rehearsing: bool  # --today names a day that is not the real today


def run_options(home: str | os.PathLike[str] | None, rehearsed: date | None) -> RunOptions:
    """The home (`--home`, else EXITPLAN_HOME, else the platform's folder) and the day
    (`--today` when given, else the computer's own date)."""
    real = dates.real_today()  # read through the module: tests set the clock there
    return RunOptions(
        home=resolve_home(home),
        home_given=home_was_given(home),
        today=rehearsed or real,
        rehearsing=rehearsed is not None and rehearsed != real,
    )


def check_home(home: Path, *, given: bool) -> None:
    """Refuse a chosen home on a drive that is not there (its parent folder is missing); the
    platform's own folder is always made."""
    if given:
        check_given_home(home)


def plan_signature(home: Path) -> tuple[int, int, int] | None:
    """What changes whenever plan.toml is written (None: there is no plan file), so a rehearsed
    day can tell whether its command saved a change for real."""
    try:
        st = (home / PLAN_FILE).stat()
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ino)


def read_passphrase_file(path: Path) -> str:
    """The first line of a passphrase file, which only its owner may read.

    Refused, each with one plain message: a file others can read, a file that cannot be read
    or is not UTF-8, a first line longer than PASSPHRASE_FILE_LIMIT bytes, an empty first line.
    """
    path = path.expanduser()
    _refuse_shared(path)
    lines = _first_line(path).splitlines()
    passphrase = lines[0] if lines else ""
    if not passphrase:
        raise ExitplanError(_("the passphrase file {path} is empty").format(path=path))
    return passphrase


def _refuse_shared(path: Path) -> None:
    """Refuse a passphrase file other users of this computer can read (where modes are real)."""
    try:
        shared = readable_by_others(path.stat().st_mode)
    except OSError as exc:
        raise _unreadable(path, exc) from None
    if shared:
        raise ExitplanError(
            _(
                "the passphrase file {path} can be read by other users of this computer; "
                "make it private with: chmod 600 '{path}'"
            ).format(path=path)
        )


def _first_line(path: Path) -> str:
    """The file's first line, read from its start only: a path the person names may be a pipe
    (`<(...)`), and a huge file is never held whole."""
    try:
        with path.open("rb") as handle:
            head = handle.read(PASSPHRASE_FILE_LIMIT + 1)
        first, newline, _rest = head.partition(b"\n")
        text = first.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _unreadable(path, exc) from None
    if len(head) > PASSPHRASE_FILE_LIMIT and not newline:
        raise ExitplanError(
            _(
                "the first line of the passphrase file {path} is longer than "
                "{count} bytes, so it is not a passphrase; nothing was read"
            ).format(path=path, count=PASSPHRASE_FILE_LIMIT)
        )
    return text


def _unreadable(path: Path, exc: OSError | UnicodeDecodeError) -> ExitplanError:
    """The one message for a passphrase file that cannot be read, with the reason."""
    reason = os_reason(exc) if getattr(exc, "strerror", None) else _("not readable UTF-8 text")
    return ExitplanError(
        _("cannot read the passphrase file {path} ({reason})").format(path=path, reason=reason)
    )
