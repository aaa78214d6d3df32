"""One table for the flags a step can carry: the word summaries use, the short form, the style."""

from __future__ import annotations

from typing import NamedTuple


class Flag(NamedTuple):
    """How one flag reads and looks."""

    word: str  # in summaries and `status_word`
    short: str  # in the status and list columns (12 characters at most)
    style: str  # rich style: red only for what is overdue


FLAGS: dict[str, Flag] = {
    "overdue": Flag("overdue", "overdue", "bold red"),
    "open_at_exit": Flag("still open after the exit date", "open at exit", "yellow"),
    "due_soon": Flag("due soon", "due soon", "yellow"),
    "upcoming": Flag("upcoming", "upcoming", "dim"),
}
