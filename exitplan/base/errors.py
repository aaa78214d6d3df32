"""Errors the core raises; the CLI turns each into one plain line on stderr."""

from __future__ import annotations

import errno

from exitplan.base.i18n import _


class ExitplanError(Exception):
    """Base class: a problem the person can understand and act on.

    The message is one plain line, lower case first, no trailing full stop; the CLI prints it
    after `Error: ` on stderr and exits with code 1.
    """

    def lines(self) -> list[str]:
        """What the CLI prints on stderr for this error."""
        return [f"Error: {self}"]


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
        return [f"Error: {p}" for p in self.problems] + [
            f"{count} problem{'s' if count != 1 else ''} found."
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
        reason = exc.strerror or str(exc)
    return _("Error: the output could not be written ({reason}).").format(reason=reason)


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
