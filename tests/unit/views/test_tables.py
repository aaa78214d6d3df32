"""The inventories' tables in each summary format (text, Markdown, HTML), added after the rest of
the summary only when asked for; every cell one line and escaped, so the person's words can
never become markup."""

from __future__ import annotations

import html
import re
from dataclasses import replace
from datetime import date
from decimal import Decimal

import pytest
from conftest import TODAY
from helpers_summary import Page, make_plan, render_markdown
from hypothesis import given, settings
from hypothesis import strategies as st

from exitplan.domain.day import DayView, day_view
from exitplan.domain.inventory import Account, Document, Inventory, Money
from exitplan.views.ledger import Table
from exitplan.views.printable import HtmlWriter
from exitplan.views.summary import MarkdownWriter, TextWriter, Writer, build_summary, write_summary
from exitplan.views.tables import (
    html_table,
    inventories_data,
    markdown_table,
    summary_with_tables,
    text_table,
)
from exitplan.views.term import squeeze

TABLE = Table(
    "documents",
    "Documents",
    ("No.", "Document", "Original"),
    (
        ("1", "Passport, yours", "blue | folder <b>"),
        ("2", "Birth *certificate*", "with Sam\nat work"),
    ),
    ("Only if it is safe.",),
)
EMPTY = Table("accounts", "Accounts and devices", ("No.", "What"), (), ("Nothing listed yet.",))
BOOK = Inventory(
    documents=(Document(1, "passport", original="blue | folder <b>"),),
    accounts=(Account(1, "Main email", partner_knows="yes"),),
    money=(Money(1, "saved", "Savings at my sister's", Decimal(1200)),),
    currency="£",
)


def cells(page: str) -> list[list[str]]:
    """The text of each row's cells in rendered HTML (head cells included)."""
    rows = re.findall(r"<tr>(.*?)</tr>", page, flags=re.DOTALL)
    return [
        [html.unescape(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.DOTALL)]
        for row in rows
    ]


def stocked_view() -> DayView:
    """The summary tests' plan on TODAY, with one row in every inventory."""
    plan = make_plan()
    assert plan.state is not None
    return day_view(plan._replace(state=plan.state.replace(inventory=BOOK)), TODAY)


# -- Markdown ------------------------------------------------------------------------------------


def test_a_markdown_table_reads_back_as_the_same_cells() -> None:
    """Rendered as a reader's Markdown site shows it, the table has the heads and the cells as
    written: a pipe, a star or a tag in the person's words is text, and a new line a space."""
    page = render_markdown("\n".join(markdown_table(TABLE)))
    assert "<h2>Documents</h2>" in page
    assert cells(page) == [
        ["No.", "Document", "Original"],
        ["1", "Passport, yours", "blue | folder <b>"],
        ["2", "Birth *certificate*", "with Sam at work"],
    ]
    assert "<p>Only if it is safe.</p>" in page


def test_a_markdown_table_without_rows_is_its_heading_and_notes() -> None:
    """No rows: no empty table, only the heading and the calm note."""
    assert markdown_table(EMPTY) == ["## Accounts and devices", "", "Nothing listed yet.", ""]


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab |*_`<>[]\\&#;-1.!\n\t~$"), max_size=30))
def test_any_words_in_a_markdown_cell_read_back_as_written(words: str) -> None:
    """Whatever the person wrote, the rendered cell shows exactly their words on one line."""
    table = replace(TABLE, rows=(("1", words, "x"),))
    page = render_markdown("\n".join(markdown_table(table)))
    assert cells(page)[1] == ["1", squeeze(words), "x"]


# -- text ----------------------------------------------------------------------------------------


def test_a_text_table_pads_its_columns_to_the_widest_cell() -> None:
    """A blank line, the title in capitals, then columns padded to their widest cell (no space
    left at a line's end), each cell on one line, then the notes, indented."""
    assert text_table(TABLE) == [
        "",
        "DOCUMENTS",
        "  No.  Document             Original",
        "  1    Passport, yours      blue | folder <b>",
        "  2    Birth *certificate*  with Sam at work",
        "  Only if it is safe.",
    ]
    assert text_table(EMPTY) == ["", "ACCOUNTS AND DEVICES", "  Nothing listed yet."]


# -- HTML ----------------------------------------------------------------------------------------


def test_an_html_table_is_escaped_and_starts_a_printed_page() -> None:
    """The table is a section of its own that starts a printed page; every cell is escaped, so
    a tag in the person's words is shown, never obeyed."""
    parts = html_table(TABLE)
    assert parts[0] == '<section class="inventory documents" style="break-before: page">'
    assert parts[-1] == "</section>"
    page = "\n".join(parts)
    assert "<b>" not in page
    assert cells(page) == [
        ["No.", "Document", "Original"],
        ["1", "Passport, yours", "blue | folder <b>"],
        ["2", "Birth *certificate*", "with Sam\nat work"],
    ]
    assert "<p>Only if it is safe.</p>" in parts


def test_an_html_table_without_rows_has_no_table() -> None:
    """No rows: the heading and the note, and no empty table."""
    assert html_table(EMPTY) == [
        '<section class="inventory accounts" style="break-before: page">',
        "<h2>Accounts and devices</h2>",
        "<p>Nothing listed yet.</p>",
        "</section>",
    ]


# -- the whole summary ---------------------------------------------------------------------------


def test_no_inventory_unless_asked_for() -> None:
    """Without sections, no format of the summary shows any row of an inventory, and the JSON
    has no inventory."""
    view = stocked_view()
    for fmt in ("text", "markdown", "html"):
        text = summary_with_tables(view, fmt, None, ())
        for words in ("Main email", "Savings at my sister", "blue | folder"):
            assert words not in html.unescape(text).replace("\\", ""), (fmt, words)
    assert inventories_data(view, ()) == {}


def test_the_tables_asked_for_come_after_everything_else() -> None:
    """The tables asked for follow the whole summary (after the last checklist), in every
    format, and only those."""
    view = stocked_view()
    text = summary_with_tables(view, "text", None, ("documents", "money"))
    assert text.index("DOCUMENTS") > text.index("Ask *Sam*")  # the last step of the checklists
    assert text.rindex("\nMONEY\n") > text.index("\nDOCUMENTS\n")
    assert "ACCOUNTS AND DEVICES" not in text
    assert "Savings at my sister's" in text
    markdown = summary_with_tables(view, "markdown", None, ("accounts",))
    assert markdown.rstrip().splitlines()[-3:] == [
        "| No. | Account or device | Partner can reach it | Safe to change | State |",
        "|---|---|---|---|---|",
        "| 1 | Main email | they know or could reset the password | after you leave | to check |",
    ]


def test_in_html_the_last_checklist_ends_before_the_tables() -> None:
    """The page stays well formed: the last checklist's list and section close before the
    inventory's section opens, which holds the table."""
    page = summary_with_tables(stocked_view(), "html", None, ("documents",))
    body = page[page.index('<section class="checklist"') :]
    last_list = body.rindex('<ul class="steps">')
    inventory = body.index('<section class="inventory documents"')
    assert body.index("</ul>", last_list) < inventory
    assert body.index("</section>", last_list) < inventory
    parsed = Page(page)
    (table,) = parsed.by_class["inventory"]  # the table; its section's class has two names
    assert "1Passport, yoursblue | folder <b>none yet" in table
    assert page.count("<section") == page.count("</section>")


def test_the_inventories_as_data_only_those_asked_for() -> None:
    """For --json: the inventories named, each as its own command's JSON, in a fixed order."""
    view = stocked_view()
    data = inventories_data(view, ("money", "documents"))
    assert list(data) == ["documents", "money"]
    assert data["documents"]["rows"][0]["original"] == "blue | folder <b>"
    assert data["money"]["inventory"] == "money"


def test_without_a_plan_there_is_no_inventory_data() -> None:
    """The built-in checklists alone (no plan yet) have no inventory to show."""
    plan = make_plan()
    bare = day_view(plan._replace(state=None), date(2026, 11, 30))
    assert inventories_data(bare, ("documents",)) == {}


@pytest.mark.parametrize(
    ("fmt", "writer"), [("text", TextWriter), ("markdown", MarkdownWriter), ("html", HtmlWriter)]
)
def test_with_no_tables_asked_for_each_format_writes_as_it_always_does(
    fmt: str, writer: type[Writer]
) -> None:
    """Asking for no table leaves each format's document exactly as its own writer writes it."""
    view = stocked_view()
    alone = write_summary(build_summary(view, None), writer())
    assert summary_with_tables(view, fmt, None, ()) == alone
    assert summary_with_tables(view, fmt, None, ("money",)) != alone
