"""`summary`: the whole plan in one format, on the screen or in a private file the person names.

The format follows `--format`, else the file's name; a document format that a text summary would
only pretend to be is refused before anything is made. Nothing here prints: the notes to say
after saving are returned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import _
from exitplan.base.safetext import json_text
from exitplan.domain.day import day_view
from exitplan.journal.records import list_entries, timeline
from exitplan.service import journal as logbook
from exitplan.service import outputs
from exitplan.views.data import summary_data, versioned
from exitplan.views.tables import inventories_data, summary_with_tables

if TYPE_CHECKING:
    from datetime import date
    from pathlib import Path

    from exitplan.service.workspace import Workspace

FORMAT_BY_SUFFIX = {".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html"}
FORMAT_BY_SUFFIX |= {".json": "json", ".txt": "text"}
# Document formats a text summary would only pretend to be (any other name gets text).
NOT_WRITTEN = frozenset({".pdf", ".doc", ".docx", ".odt", ".rtf", ".pages"})


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
    moments = timeline(list_entries(logbook.records(ws))) if journal else None
    if fmt == "json":
        return json_text(
            versioned(summary_data(view, moments, inventories_data(view, inventories)))
        )
    return summary_with_tables(view, fmt, moments, inventories)


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
