"""The summary with the inventories the person asked for as tables (`summary --inventory
NAME`), and the inventories as `summary --format json` holds them. Each format's writer spells
its own tables: they come after the rest of the summary, and only when asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from exitplan.views.inventory import section_json
from exitplan.views.ledger import Table, summary_tables
from exitplan.views.printable import HtmlWriter
from exitplan.views.summary import MarkdownWriter, TextWriter, build_summary, write_summary

if TYPE_CHECKING:
    from exitplan.domain.checks import Section
    from exitplan.domain.day import DayView
    from exitplan.journal.records import Moment
    from exitplan.views.shapes import InventoryJson
    from exitplan.views.summary import Writer


def inventories_data(view: DayView, names: tuple[str, ...]) -> dict[str, InventoryJson]:
    """The inventories asked for, each as `exitplan NAME --json` prints it (none unless asked)."""
    plan = view.plan
    if not names or plan.state is None:
        return {}
    return {
        name: section_json(name, plan.state.inventory, plan.exit_date, view.today, plan)
        for name in ("documents", "accounts", "money")
        if name in names
    }


def summary_with_tables(
    day: DayView, fmt: str, timeline: tuple[Moment, ...] | None, sections: tuple[Section, ...]
) -> str:
    """The summary in `fmt` (text, markdown or html), with the inventories `sections` asked for
    as tables at the end (none unless asked for: never by surprise)."""

    writers: dict[str, type[Writer]] = {
        "markdown": MarkdownWriter,
        "html": HtmlWriter,
        "text": TextWriter,
    }
    plan, today = day.plan, day.today
    tables: tuple[Table, ...] = ()
    if sections and plan.state is not None:
        tables = summary_tables(plan.state.inventory, sections, plan.exit_date, today)
    return write_summary(build_summary(day, timeline, tables), writers[fmt]())
