"""`summary`: the whole plan in one format, on the screen or in a private file the person names.

One call, `summary`, does the whole command: the format follows `--format`, else the file's name
(a document format that a text summary would only pretend to be is refused before anything is
made); the plan's day, the journal's timeline and the inventories asked for are put together;
the file is written and remembered. Nothing here prints: the result holds the text for the
screen, or the notes to say after saving.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import _
from exitplan.base.safetext import json_text
from exitplan.domain.checks import SECTIONS
from exitplan.domain.day import day_view
from exitplan.service import journal as logbook
from exitplan.service import outputs
from exitplan.views.data import summary_data, versioned
from exitplan.views.tables import inventories_data, summary_with_tables

if TYPE_CHECKING:
    from datetime import date
    from pathlib import Path

    from exitplan.service.results import Document, Look
    from exitplan.service.workspace import Workspace

FORMAT_BY_SUFFIX = {".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html"}
FORMAT_BY_SUFFIX |= {".json": "json", ".txt": "text"}
# Document formats a text summary would only pretend to be (any other name gets text).
NOT_WRITTEN = frozenset({".pdf", ".doc", ".docx", ".odt", ".rtf", ".pages"})


@dataclass(frozen=True)
class SummaryAsk:
    """What `summary` is asked for: the format (None: from the file's name), the file (None:
    the screen), whether to replace it, the journal's timeline and the inventories' tables."""

    fmt: str | None = None
    target: Path | None = None
    force: bool = False
    journal: bool = False
    inventories: tuple[str, ...] = ()


@dataclass(frozen=True)
class Summary:
    """`summary`: the plan in the format chosen, for the screen; or the notes of the file it was
    saved to (then nothing goes to the screen)."""

    fmt: str
    text: str
    saved: Path | None = None
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        """The format and the text (the JSON summary is itself the text of `--format json`)."""
        return {"format": self.fmt, "text": self.text}

    def screen(self, look: Look) -> str:
        """The text as it was made (its width is the format's own), unless it went to a file."""
        return "" if self.saved is not None else self.text


def summary(ws: Workspace, today: date, ask: SummaryAsk) -> Summary:
    """The whole `summary` command: the format chosen and the target checked first, the text
    made, and written privately when a file was named."""
    chosen = chosen_format(ws, ask.target, ask.fmt, force=ask.force)
    text = summary_text(ws, today, chosen, journal=ask.journal, inventories=ask.inventories)
    if ask.target is None:
        return Summary(chosen, text)
    notes = store_copy(ws, ask.target, text, chosen)
    return Summary(chosen, text, ask.target, tuple(notes))


def chosen_format(ws: Workspace, target: Path | None, fmt: str | None, *, force: bool) -> str:
    """The format to write: `fmt`, else the one the file's name says, else text. The file is
    checked first (never one of exitplan's own, never over another without `force`)."""
    if target is not None:
        outputs.check_target(ws.store, target, force=force)
    suffix = target.suffix.lower() if target else ""
    if fmt is None and suffix in NOT_WRITTEN:
        raise ExitplanError(
            _(
                "exitplan cannot write a {suffix} file; nothing was written. For a page to print "
                "or save as PDF, write .html and open it in a browser (or use .txt, .md or .json)"
            ).format(suffix=suffix)
        )
    return fmt or FORMAT_BY_SUFFIX.get(suffix, "text")


def summary_text(
    ws: Workspace, today: date, fmt: str, *, journal: bool, inventories: tuple[str, ...]
) -> str:
    """The summary in `fmt`, with the journal's timeline and the inventories when asked for."""
    view = day_view(ws.read(), today)
    moments = logbook.timeline(ws) if journal else None
    if fmt == "json":
        return json_text(
            versioned(summary_data(view, moments, inventories_data(view, inventories)))
        )
    # In the inventories' own order, whatever order they were asked for in.
    sections = tuple(section for section in SECTIONS if section in inventories)
    return summary_with_tables(view, fmt, moments, sections)


def store_copy(ws: Workspace, target: Path, text: str, fmt: str) -> list[str]:
    """Write the summary privately to `target`, remember it for `wipe`, and say what to mind."""
    outputs.write_private(target, text.encode("utf-8"))
    ws.remember_outside([(target, "summary")])
    notes = [
        _(
            "Saved the summary ({format}) to {path}. It holds your notes: keep it somewhere "
            "private."
        ).format(format=fmt, path=target)
    ]
    if fmt == "html":
        notes.append(
            _(
                "A browser keeps the pages it opens in its history: open this one in a private "
                "window, or remove it from the history afterwards."
            )
        )
    if ws.store.is_encrypted():
        notes.append(
            _(
                "This file is NOT encrypted, even though your plan is: anyone who opens it can "
                "read it. Delete it when you no longer need it."
            )
        )
    return notes
