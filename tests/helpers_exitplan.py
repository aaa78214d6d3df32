"""exitplan as the tests start it in a child process: `python tests/helpers_exitplan.py ARGS`
(helpers.EXITPLAN).

Three settings only the tests want, read here from the harness's own variables and handed to
exitplan as plain values (exitplan itself reads none of these variables):

- `EXITPLAN_TEST_FAST_KDF=1`: key files are written with, and may ask for, cheap Argon2id
  settings, so a test that encrypts in a hundred processes takes seconds, not minutes;
- `EXITPLAN_TEST_REAL_TODAY=DAY`: the computer's own date is DAY, so a README sample or a
  terminal test made with `--today DAY` is not a rehearsal;
- `EXITPLAN_TEST_LOCK_TIMEOUT=SECONDS`: how long a run waits for another's lock (5 s in
  exitplan), shorter for a test of the wait, longer for a hundred runs that contend.

Then exitplan starts exactly as its console script does (`exitplan.cli.entry.main`).
"""

from __future__ import annotations

import os
from datetime import date
from typing import Protocol

FAST_KDF_ENV = "EXITPLAN_TEST_FAST_KDF"
REAL_TODAY_ENV = "EXITPLAN_TEST_REAL_TODAY"
LOCK_TIMEOUT_ENV = "EXITPLAN_TEST_LOCK_TIMEOUT"
FAST_MEMORY_KIB = 8 * 1024  # cheap but real Argon2id: 8 MiB, one pass, one lane


class Setter(Protocol):
    """What sets a module's attribute: `setattr`, or a pytest MonkeyPatch's `setattr`."""

    def __call__(self, target: object, name: str, value: object, /) -> None: ...


def use_fast_kdf(set_to: Setter = setattr) -> None:
    """Write key files with the fast settings, and accept them besides the strong ones (with a
    MonkeyPatch's `setattr`, for one in-process test only)."""
    from exitplan.crypto import vault

    fast = vault.KdfParams(memory_kib=FAST_MEMORY_KIB, iterations=1, lanes=1)
    set_to(vault, "WRITE_PARAMS", fast)
    set_to(vault, "ACCEPTED_PARAMS", (vault.STRONG, fast))


def use_lock_timeout(seconds: float, set_to: Setter = setattr) -> None:
    """Wait `seconds` for another run's lock (with a MonkeyPatch's `setattr`, for one
    in-process run only)."""
    from exitplan.home import store

    set_to(store, "LOCK_TIMEOUT", seconds)


def use_real_today(day: date) -> None:
    """Make `day` the computer's own date for exitplan (before anything binds real_today)."""
    from exitplan.domain import dates

    dates.real_today = lambda: day


def apply_environment(environ: dict[str, str] | os._Environ[str] = os.environ) -> None:
    """Apply the harness's variables that are set."""
    if environ.get(FAST_KDF_ENV) == "1":
        use_fast_kdf()
    wait = environ.get(LOCK_TIMEOUT_ENV)
    if wait:
        use_lock_timeout(float(wait))
    fixed = environ.get(REAL_TODAY_ENV)
    if fixed:
        use_real_today(date.fromisoformat(fixed))


if __name__ == "__main__":
    apply_environment()
    from exitplan.cli.entry import main

    main()
