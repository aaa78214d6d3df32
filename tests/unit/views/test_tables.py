"""The summary with the inventories the person asked for as tables, after everything else and
only when asked for, in each format; and the inventories as the summary's JSON holds them.

(How each writer spells a table is tested with the writer: test_summary.py for Markdown and
text, test_printable.py for HTML.)"""

from __future__ import annotations

import html
from datetime import date
from decimal import Decimal

import pytest
from conftest import TODAY
from helpers_summary import Page, make_plan

from exitplan.domain.day import DayView, day_view
from exitplan.domain.inventory import Account, Document, Inventory, Money
from exitplan.views.printable import HtmlWriter
from exitplan.views.summary import MarkdownWriter, TextWriter, Writer, build_summary, write_summary
from exitplan.views.tables import (
    inventories_data,
    summary_with_tables,
)

BOOK = Inventory(
    documents=(Document(1, "passport", original="blue | folder <b>"),),
    accounts=(Account(1, "Main email", partner_knows="yes"),),
    money=(Money(1, "saved", "Savings at my sister's", Decimal(1200)),),
    currency="£",
)


def stocked_view() -> DayView:
    """The summary tests' plan on TODAY, with one row in every inventory."""
    plan = make_plan()
    assert plan.state is not None
    return day_view(plan._replace(state=plan.state.replace(inventory=BOOK)), TODAY)


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
