"""The inventories' lines on the status screen: one calm line for every fact the findings can
give, counted in the right number, with the command that says more, and the same as JSON."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from exitplan.domain.findings import DOCUMENT_FLAGS, Notice
from exitplan.domain.inventory import Account, Document, Inventory, Money
from exitplan.views.notices import notice_lines, notice_text, notices_data

TODAY = date(2026, 11, 30)
EXIT = date(2026, 12, 14)
# Every fact the findings give, by inventory (accounts waiting, as planned, are never a notice).
FACTS = [
    *(("documents", flag) for flag in DOCUMENT_FLAGS),
    ("accounts", "reachable"),
    ("accounts", "change-now"),
    ("accounts", "to-check"),
    ("money", "nothing"),
    ("money", "one-off"),
    ("money", "weeks"),
]


@pytest.mark.parametrize(("section", "fact"), FACTS)
def test_every_fact_has_a_line_with_its_command(section: str, fact: str) -> None:
    """Each fact the findings can give reads as one line ending with the command that shows
    the inventory in full; a count is spelt out where it matters."""
    for total in (1, 3):
        line = notice_text(Notice(section, fact, total), EXIT)  # type: ignore[arg-type]
        assert line.endswith(f": exitplan {section}")
        assert "\n" not in line
        if section != "money" or fact == "weeks":
            assert str(total) in line


def test_one_and_many_are_told_apart() -> None:
    """One document "has", two documents "have"."""
    assert notice_text(Notice("documents", "expired", 1), EXIT) == (
        "1 document has expired: exitplan documents"
    )
    assert notice_text(Notice("documents", "expired", 2), EXIT) == (
        "2 documents have expired: exitplan documents"
    )


def test_the_money_line_counts_from_the_exit_date_or_from_leaving() -> None:
    """The weeks the money lasts are counted from the exit date when there is one, and less
    than one week is said as such."""
    assert notice_text(Notice("money", "weeks", 5), EXIT) == (
        "The money saved lasts about 5 weeks from your exit date: exitplan money"
    )
    assert notice_text(Notice("money", "weeks", 1), None) == (
        "The money saved lasts about 1 week after you leave: exitplan money"
    )
    assert notice_text(Notice("money", "weeks", 0), EXIT) == (
        "The money saved lasts less than a week from your exit date: exitplan money"
    )
    assert notice_text(Notice("money", "weeks", 0), None) == (
        "The money saved lasts less than a week after you leave: exitplan money"
    )


def test_the_lines_and_the_json_say_the_same() -> None:
    """Status's lines and its JSON come from the same findings, one per inventory that needs
    attention, in the same order and words; a calm inventory gives none."""
    book = Inventory(
        documents=(Document(1, "passport", original=None, copy=True),),
        accounts=(Account(1, "email", partner_knows="yes"),),
        money=(Money(1, "cost", "rent", Decimal(100)),),
    )
    lines = notice_lines(book, EXIT, TODAY)
    data = notices_data(book, EXIT, TODAY)
    assert lines == [
        "1 document is not with you yet: exitplan documents",
        "1 account or device your partner can still reach: exitplan accounts",
        "No money is saved yet: exitplan money",
    ]
    assert [row["text"] for row in data] == lines
    assert [(row["inventory"], row["fact"], row["count"]) for row in data] == [
        ("documents", "missing", 1),
        ("accounts", "reachable", 1),
        ("money", "nothing", 0),
    ]
    assert notice_lines(Inventory(), EXIT, TODAY) == []
    short = Inventory(
        money=(
            Money(1, "saved", "cash", Decimal(300)),
            Money(2, "cost", "rent", Decimal(100), per="week"),
        )
    )
    [row] = notices_data(short, EXIT, TODAY)
    assert row["text"] == notice_lines(short, EXIT, TODAY)[0]
    assert row["text"].endswith("weeks from your exit date: exitplan money")
