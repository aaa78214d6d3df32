"""The inventories in the summary: only when asked for, as tables in every format, and printed
by a real browser (headless Chromium, as tests/e2e/test_printing.py does)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Run
from helpers import assert_usage_error, ok
from helpers_print import lines_of, pdf_pages, print_to_pdf

ROWS = [
    ("documents", 'kind = "passport"\noriginal = "blue | folder <b>"\nexpires = 2026-12-10\n'),
    ("documents", 'whose = "child"\nchild = "A"\nkind = "birth certificate"\ncopy = true\n'),
    ("accounts", 'what = "Main email"\npartner_knows = "yes"\n'),
    ("money", 'kind = "saved"\nwhat = "Savings at my sister\'s"\namount = "1200"\n'),
    ("money", 'kind = "cost"\nwhat = "Rent"\namount = "150"\nper = "week"\n'),
]
MONEY_WORDS = "Savings at my sister"


@pytest.fixture
def stocked(run: Run, plan_home: Path) -> Path:
    """The test plan with a few rows in every inventory, the currency set."""
    ok(run("money", "settings", input='currency = "EUR"\n'))
    for section, row in ROWS:
        ok(run(section, "add", input=row))
    return plan_home


@pytest.mark.parametrize("fmt", ["text", "markdown", "html", "json"])
def test_never_by_surprise(run: Run, stocked: Path, fmt: str) -> None:
    """Without --inventory no summary format shows any inventory: not a row, not an amount."""
    text = ok(run("summary", "--format", fmt)).stdout
    for words in ("Main email", MONEY_WORDS, "1,200", "Passport, yours", "blue"):
        assert words not in text, (fmt, words)
    if fmt == "json":
        assert json.loads(text)["inventories"] == {}


def test_only_the_inventories_asked_for(run: Run, stocked: Path) -> None:
    """Asking for documents and accounts leaves the money out (it may not be for an
    advocate's page); `all` shows the three."""
    text = ok(run("summary", "--inventory", "documents", "--inventory", "accounts")).stdout
    assert "DOCUMENTS" in text
    assert "ACCOUNTS AND DEVICES" in text
    assert MONEY_WORDS not in text
    every = ok(run("summary", "--inventory", "all")).stdout
    assert MONEY_WORDS in every
    assert "Counting from your exit date, 14 Dec 2026, it lasts about 8 weeks." in every
    assert_usage_error(run("summary", "--inventory", "cash"), "not an inventory")


def test_text_tables_have_aligned_columns(run: Run, stocked: Path) -> None:
    """Text: a title in capitals and columns padded to the widest cell."""
    text = ok(run("summary", "--inventory", "documents")).stdout
    block = text[text.index("DOCUMENTS") :].splitlines()
    head, first, second = block[1], block[2], block[3]
    assert head.startswith("  No.  Document ")
    assert first.index("blue") == second.index("not with you") == head.index("Original")


def test_markdown_tables_escape_the_persons_text(run: Run, stocked: Path) -> None:
    """Markdown: a pipe table; a | or < typed by the person cannot break the table or add
    markup."""
    text = ok(run("summary", "--format", "markdown", "--inventory", "documents")).stdout
    assert "## Documents" in text
    assert "| No. | Document | Original | Copy | Expires | Needs a look |" in text
    assert "|---|---|---|---|---|---|" in text
    row = next(line for line in text.splitlines() if line.startswith("| 1 |"))
    assert "blue \\| folder \\<b\\>" in row
    assert row.count(" | ") == 5


def test_json_holds_each_inventory_as_its_command_prints_it(run: Run, stocked: Path) -> None:
    """JSON: `inventories` holds each one asked for, as `exitplan NAME --json` prints it."""
    data = json.loads(ok(run("summary", "-f", "json", "--inventory", "money")).stdout)
    assert list(data["inventories"]) == ["money"]
    money = data["inventories"]["money"]
    assert {"version": 1, **money} == json.loads(ok(run("money", "--json")).stdout)
    assert money["runway"]["currency"] == "EUR"
    assert money["runway"]["weeks"] == 8


def test_html_tables_are_escaped_and_load_nothing(run: Run, stocked: Path) -> None:
    """HTML: one table per inventory on a page of its own; the person's text escaped."""
    page = ok(run("summary", "-f", "html", "--inventory", "all")).stdout
    assert page.count('<table class="inventory">') == 3
    assert "blue | folder &lt;b&gt;" in page
    assert "<b>" not in page
    for forbidden in ("src=", "@import", "url(", "<script", "<link"):
        assert forbidden not in page


@pytest.mark.process
def test_the_printed_page_shows_the_tables(
    run: Run, stocked: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Printed by headless Chromium, each inventory heads a page of its own, with its rows and
    the runway in words."""
    page = ok(run("summary", "-f", "html", "--inventory", "all")).stdout
    pages = pdf_pages(print_to_pdf(page, tmp_path_factory.mktemp("p")))
    heads = {lines_of(text)[0]: text for text in pages if lines_of(text)}
    assert {"Documents", "Accounts and devices", "Money"} <= set(heads)
    documents = " ".join(lines_of(heads["Documents"]))
    assert "Passport, yours" in documents
    assert "Expires 10 Dec 2026, before you leave." in documents
    money = " ".join(lines_of(heads["Money"]))
    assert "Savings at my sister's" in money
    assert "1,200 EUR" in money
    assert "it lasts about 8 weeks" in money
