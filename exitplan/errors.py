"""Errors the core raises; the CLI turns each into one plain line on stderr."""

from __future__ import annotations


class ExitplanError(Exception):
    """Base class: a problem the person can understand and act on."""

    exit_code = 1


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
