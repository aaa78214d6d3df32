"""Errors the core raises; the CLI turns each into one plain line on stderr."""

from __future__ import annotations

import errno

from exitplan.base.i18n import N_, _, ngettext


class ExitplanError(Exception):
    """Base class: a problem the person can understand and act on.

    The message is one plain line, lower case first, no trailing full stop; the CLI prints it
    after `Error: ` on stderr and exits with code 1.
    """

    def lines(self) -> list[str]:
        """What the CLI prints on stderr for this error."""
        return [_("Error: {problem}").format(problem=self)]


class ChecklistError(ExitplanError):
    """A checklist file that cannot be used (syntax, schema, duplicates)."""


class PlanError(ExitplanError):
    """The plan file is missing, unreadable or from an unknown version."""


class NoPlanError(PlanError):
    """No plan has been created yet."""


class ItemError(ExitplanError):
    """An item reference that matches nothing, or more than one thing."""


class DateError(ExitplanError):
    """A date or offset that cannot be understood."""


class TwoReadings(DateError):
    """Numbers that make a day read either way round (10/02/2027): said as it is, never as a
    bad option, since the person's form was right and only the country is unknown."""


class PassphraseNeeded(ExitplanError):
    """The plan is encrypted and no passphrase can be asked for."""


class LockError(ExitplanError):
    """Another exitplan is running and holds the lock."""


class StorageError(ExitplanError):
    """Saving failed (disk full, I/O error); the previous plan is intact."""


class ChecklistProblems(ChecklistError):
    """Every problem found in the checklist files given to `validate`, one per line."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems

    def lines(self) -> list[str]:
        """One `Error:` line per problem, then how many were found."""
        count = len(self.problems)
        found = ngettext("{count} problem found.", "{count} problems found.", count)
        return [_("Error: {problem}").format(problem=p) for p in self.problems] + [
            found.format(count=count)
        ]


# The ways writing to stdout fails when the output cannot take it (a full disk, /dev/full, a
# closed pipe, a broken device): such an error carries no file name, unlike a file's.
_OUTPUT_ERRNOS = frozenset(
    {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EPIPE, errno.EBADF}
)


def output_lost(exc: BaseException) -> bool:
    """Whether an error escaping a command is its output that could not be written."""
    return isinstance(exc, OSError) and exc.errno in _OUTPUT_ERRNOS and exc.filename is None


def output_lost_line(exc: OSError) -> str | None:
    """The one line to say when the output could not be written (None for a reader that stopped
    reading, such as `| head`: nothing needs saying)."""

    if exc.errno == errno.EPIPE:
        return None
    if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        reason = _("the disk is full")
    else:
        reason = os_reason(exc)
    return _("Error: the output could not be written ({reason}).").format(reason=reason)


# The system's words for the file errors a person meets (the C library's English, as Python
# gives them in `strerror`), marked so a translation can say them: see `os_reason`.
SYSTEM_REASONS = (
    N_("No such file or directory"),
    N_("Permission denied"),
    N_("Operation not permitted"),
    N_("No space left on device"),
    N_("Read-only file system"),
    N_("Input/output error"),
    N_("File exists"),
    N_("Not a directory"),
    N_("Is a directory"),
    N_("Too many levels of symbolic links"),
    N_("Device or resource busy"),
    N_("File name too long"),
    N_("Invalid cross-device link"),
    N_("Disk quota exceeded"),
    N_("File too large"),
    N_("Directory not empty"),
    N_("Too many open files"),
    N_("Invalid argument"),
    N_("No such device or address"),
    N_("No such device"),
    N_("Resource temporarily unavailable"),
    N_("Stale file handle"),
)


def os_reason(exc: BaseException) -> str:
    """Why a file operation failed, in the language spoken: the system's words (or exitplan's
    own, for the reasons its safe reader gives) translated when the catalog knows them."""
    text = getattr(exc, "strerror", None)
    return _(text) if isinstance(text, str) and text else str(exc)


def quiet_stdout() -> None:
    """Point stdout at the null device, so what is still waiting there is dropped at exit
    instead of failing a second time with the interpreter's own message."""
    import os
    import sys

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # pragma: no cover - no stdout at all
        pass
