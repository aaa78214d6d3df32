"""The inventories' tables in each summary format (text, Markdown, HTML), added after the rest
of the summary only when the person asks for them (`summary --inventory NAME`).

The summary formats themselves stay as they are: `WithTables` wraps a format's writer and adds
the tables before it finishes the document.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from exitplan.base.markup import escape_markdown, html_text
from exitplan.views.inventory import section_json
from exitplan.views.ledger import Table, summary_tables
from exitplan.views.printable import HtmlWriter
from exitplan.views.summary import MarkdownWriter, TextWriter, build_summary, write_summary

if TYPE_CHECKING:
    from exitplan.domain.day import DayView
    from exitplan.journal.records import Moment
    from exitplan.views.summary import Section as ChecklistPart
    from exitplan.views.summary import Step, Summary, Writer


def markdown_table(table: Table) -> list[str]:
    """A table as GitHub-flavoured Markdown: a heading, a pipe table, its notes."""

    def cell(text: str) -> str:
        # A new line would end the row: cells are one line, with the person's text escaped.
        return escape_markdown(" ".join(text.split()))

    lines = [f"## {escape_markdown(table.title)}", ""]
    if table.rows:
        lines.append("| " + " | ".join(cell(head) for head in table.heads) + " |")
        lines.append("|" + "|".join("---" for _head in table.heads) + "|")
        lines += ["| " + " | ".join(cell(text) for text in row) + " |" for row in table.rows]
        lines.append("")
    for note in table.notes:
        lines += [escape_markdown(note), ""]
    return lines


def text_table(table: Table) -> list[str]:
    """A table as plain text: the title in capitals, columns padded to their widest cell."""
    lines = ["", table.title.upper()]
    if table.rows:
        rows = [table.heads, *(tuple(" ".join(c.split()) for c in row) for row in table.rows)]
        widths = [max(len(row[n]) for row in rows) for n in range(len(table.heads))]
        for row in rows:
            lines.append(
                "  " + "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
            )
    lines += [f"  {note}" for note in table.notes]
    return lines


def html_table(table: Table) -> list[str]:
    """A table as HTML, on a printed page of its own; every cell escaped."""
    parts = [
        f'<section class="inventory {table.section}" style="break-before: page">',
        f"<h2>{html_text(table.title)}</h2>",
    ]
    if table.rows:
        heads = "".join(f'<th scope="col">{html_text(head)}</th>' for head in table.heads)
        parts += [
            '<table class="inventory">',
            f"<thead><tr>{heads}</tr></thead>",
            "<tbody>",
            *(
                "<tr>" + "".join(f"<td>{html_text(cell)}</td>" for cell in row) + "</tr>"
                for row in table.rows
            ),
            "</tbody>",
            "</table>",
        ]
    parts += [f"<p>{html_text(note)}</p>" for note in table.notes]
    parts.append("</section>")
    return parts


class WithTables:
    """A summary writer that adds the inventories the person asked for, as tables, after
    everything else; every other part is the writer's own (the formats stay as they are)."""

    def __init__(self, writer: Writer, tables: tuple[Table, ...]) -> None:
        self.writer, self.tables = writer, tables

    def header(self, view: Summary) -> None:
        """The writer's header."""
        self.writer.header(view)

    def first_page(self, view: Summary) -> None:
        """The writer's first page."""
        self.writer.first_page(view)

    def section(self, section: ChecklistPart) -> None:
        """The writer's checklist heading."""
        self.writer.section(section)

    def step(self, step: Step) -> None:
        """The writer's step."""
        self.writer.step(step)

    def timeline(self, moments: tuple[Moment, ...]) -> None:
        """The writer's journal timeline."""
        self.writer.timeline(moments)

    def finish(self) -> str:
        """The tables in the writer's own format, then the whole document."""

        writer = self.writer
        for table in self.tables:
            if isinstance(writer, HtmlWriter):
                writer._close_list()  # the last checklist's list ends first
                writer.parts += html_table(table)
            elif isinstance(writer, MarkdownWriter):
                writer.lines += markdown_table(table)
            elif isinstance(writer, TextWriter):
                writer.lines += text_table(table)
        return writer.finish()


def inventories_data(view: DayView, names: tuple[str, ...]) -> dict[str, Any]:
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
    day: DayView, fmt: str, timeline: tuple[Moment, ...] | None, sections: Any
) -> str:
    """The summary in `fmt` (text, markdown or html), with the inventories `sections` asked for
    as tables at the end (none unless asked for: never by surprise)."""

    writers: dict[str, type[Any]] = {
        "markdown": MarkdownWriter,
        "html": HtmlWriter,
        "text": TextWriter,
    }
    plan, today = day.plan, day.today
    tables: tuple[Table, ...] = ()
    if sections and plan.state is not None:
        tables = summary_tables(plan.state.inventory, sections, plan.exit_date, today)
    view = build_summary(day, timeline)
    return write_summary(view, WithTables(writers[fmt](), tables))
