"""Errors the core raises; the CLI turns each into one plain line on stderr."""

from __future__ import annotations


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
