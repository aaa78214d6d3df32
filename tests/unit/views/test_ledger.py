"""The money in plain sentences (the runway), and the inventories as the summary's tables: one
per inventory asked for, in a fixed order, with the same words as the screens."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from exitplan.base import i18n
from exitplan.domain.inventory import Account, Document, Inventory, Money
from exitplan.domain.runway import Runway
from exitplan.views.ledger import Table, runway_sentences, summary_tables

TODAY = date(2026, 11, 30)
EXIT = date(2026, 12, 14)
POUNDS = Inventory(currency="£")
# Saved 1,000; 200 to leave; 300 a week of costs against 100 of income; a debt, a joint account.
STRETCHED = Runway(
    saved=Decimal(1000),
    one_off=Decimal(200),
    income=Decimal(100),
    costs=Decimal(300),
    debts=Decimal(500),
    joint=Decimal(300),
    threshold=8,
    days_left=14,
    has_rows=True,
)


def test_the_runway_in_sentences_with_every_figure_worked_out() -> None:
    """What is saved, the weekly shortfall, how long the money lasts from the exit date, the
    threshold, what is still needed and per week, and the debts and joint money not counted."""
    assert runway_sentences(STRETCHED, POUNDS, EXIT) == [
        "Saved: £1,000. One-off costs of leaving: £200.",
        "After leaving, each week costs about £200 more than the income.",
        # (1,000 - 200) / 200 a week
        "Counting from your exit date, 14 Dec 2026, it lasts about 4 weeks.",
        "Your threshold: 8 weeks (exitplan money settings changes it).",
        # 200 + 8 x 200 - 1,000 = 800, over two weeks
        "To reach it: about £800 more by 14 Dec 2026, which is about £400 a week over the 14 "
        "days left.",
        "Debts in your name: £500, not counted (their repayments are costs).",
        "Joint accounts: £300, not counted (within your partner's reach).",
    ]


def test_without_costs_the_runway_asks_for_them() -> None:
    """With no cost after leaving, it asks for them instead of counting weeks, and nothing more
    is needed; a threshold of one week is said in the singular."""
    money = STRETCHED._replace(
        saved=Decimal(500), one_off=Decimal(0), income=Decimal(0), costs=Decimal(0), threshold=1
    )
    assert runway_sentences(money._replace(debts=Decimal(0), joint=Decimal(0)), POUNDS, EXIT) == [
        "Saved: £500. One-off costs of leaving: £0.",
        "Add your costs after leaving to see how long the money lasts.",
        "Your threshold: 1 week (exitplan money settings changes it).",
    ]


def test_income_that_covers_the_costs_is_said_calmly() -> None:
    """When the income covers the costs the money does not run out: no count of weeks."""
    money = STRETCHED._replace(income=Decimal(300), debts=Decimal(0), joint=Decimal(0))
    sentences = runway_sentences(money, POUNDS, EXIT)
    assert sentences[1] == "After leaving, the income you listed covers the costs you listed."
    assert not any(line.startswith("Counting") for line in sentences)
    assert not any(line.startswith("To reach it") for line in sentences)  # 200 < 1,000 saved


def test_money_short_of_the_one_off_costs_says_by_how_much() -> None:
    """Less saved than leaving costs: the shortfall instead of a count of weeks; without an exit
    date what is needed is said without a date or a weekly figure."""
    money = STRETCHED._replace(
        saved=Decimal(100), one_off=Decimal(300), threshold=2, days_left=None
    )
    sentences = runway_sentences(money, POUNDS, None)
    assert "The money saved is £200 short of the one-off costs." in sentences
    assert not any(line.startswith("Counting") for line in sentences)
    assert "To reach it: about £600 more." in sentences  # 300 + 2 x 200 - 100


def test_money_that_just_covers_leaving_is_not_said_to_be_short() -> None:
    """Saved exactly what leaving costs: not "short", and it lasts less than a week."""
    money = STRETCHED._replace(saved=Decimal(200))
    sentences = runway_sentences(money, POUNDS, EXIT)
    assert not any("short" in line for line in sentences)
    assert "Counting from your exit date, 14 Dec 2026, it lasts less than a week." in sentences


def test_money_that_lasts_part_of_a_week_is_said_as_less_than_a_week() -> None:
    """Money for half a week lasts "less than a week", as the status screen says, never
    "about 0 weeks"."""
    money = STRETCHED._replace(saved=Decimal(300))  # 100 left at 200 a week
    sentences = runway_sentences(money, POUNDS, None)
    assert "Counting after you leave, it lasts less than a week." in sentences
    assert not any("0 weeks" in line for line in sentences)


def test_debts_and_joint_money_are_each_said_only_when_there_are_some() -> None:
    """A debt without joint money says the debt alone, and joint money without a debt the
    joint money alone."""
    debts = runway_sentences(STRETCHED._replace(joint=Decimal(0)), POUNDS, EXIT)
    assert debts[-1].startswith("Debts in your name: £500")
    assert not any(line.startswith("Joint") for line in debts)
    joint = runway_sentences(STRETCHED._replace(debts=Decimal(0)), POUNDS, EXIT)
    assert joint[-1].startswith("Joint accounts: £300")
    assert not any(line.startswith("Debts") for line in joint)


def test_weeks_are_counted_from_leaving_without_an_exit_date() -> None:
    """Without an exit date the weeks count from leaving, one week in the singular."""
    money = STRETCHED._replace(saved=Decimal(450), days_left=None)  # 250 left at 200 a week
    sentences = runway_sentences(money, POUNDS, None)
    assert "Counting after you leave, it lasts about 1 week." in sentences


def test_after_the_exit_date_what_is_needed_has_no_weekly_figure() -> None:
    """Once the exit date has passed there are no weeks left to spread the need over."""
    sentences = runway_sentences(STRETCHED._replace(days_left=-3), POUNDS, EXIT)
    assert "To reach it: about £800 more." in sentences


def test_the_weekly_shortfall_is_rounded_to_the_cent() -> None:
    """A shortfall with fractions of a cent is said to the cent."""
    money = STRETCHED._replace(costs=Decimal("223.456"))
    assert runway_sentences(money, POUNDS, EXIT)[1] == (
        "After leaving, each week costs about £123.46 more than the income."
    )


BOOK = Inventory(
    documents=(
        Document(1, "passport", original="with me", expires=date(2026, 12, 10)),
        Document(2, "Tenancy | agreement", whose="partner"),
    ),
    accounts=(
        Account(1, "Email", partner_knows="yes", location="yes", safe_to_change="now"),
        Account(2, "Bank app", "no", "no", "no", "no", "no", "yes", state="fine"),
    ),
    money=(
        Money(1, "saved", "Savings", Decimal(1000)),
        Money(2, "cost", "Rent", Decimal(300), per="week"),
    ),
    currency="£",
)


def test_the_tables_come_in_one_order_whatever_order_they_were_asked_in() -> None:
    """Documents, accounts, money: in that order, and only those asked for."""
    tables = summary_tables(BOOK, ("money", "documents"), EXIT, TODAY)
    assert [table.section for table in tables] == ["documents", "money"]
    assert [table.title for table in tables] == ["Documents", "Money"]
    assert summary_tables(BOOK, (), EXIT, TODAY) == ()


def test_the_documents_table_says_what_the_screens_say() -> None:
    """One row per document: its title, where the original and copy are, when it expires, and
    what needs a look, in the screens' words."""
    (table,) = summary_tables(BOOK, ("documents",), EXIT, TODAY)
    assert table.heads == ("No.", "Document", "Original", "Copy", "Expires", "Needs a look")
    assert table.rows == (
        (
            "1",
            "Passport, yours",
            "with me",
            "none yet",
            "10 Dec 2026",
            "Expires 10 Dec 2026, before you leave. No copy yet.",
        ),
        (
            "2",
            "Tenancy | agreement, your partner's",
            "not with you",
            "none yet",
            "no date given",
            "No copy yet.",  # a partner's paper is not missed when it is not with you
        ),
    )
    assert table.notes == ()


def test_the_accounts_table_says_how_the_partner_can_reach_each() -> None:
    """Each way in, or "no"; when it is safe to change; its state."""
    (table,) = summary_tables(BOOK, ("accounts",), EXIT, TODAY)
    assert table.heads[2] == "Partner can reach it"
    assert table.rows == (
        (
            "1",
            "Email",
            "they know or could reset the password; it shares your location",
            "now",
            "to check",
        ),
        ("2", "Bank app", "no", "after you leave", "fine"),
    )


def test_the_money_table_has_amounts_with_their_period_and_the_runway_below() -> None:
    """Amounts with their period where they have one; the runway's sentences as notes."""
    (table,) = summary_tables(BOOK, ("money",), EXIT, TODAY)
    assert table.rows == (
        ("1", "Saved, out of your partner's reach", "Savings", "£1,000"),
        ("2", "Costs after leaving", "Rent", "£300 a week"),
    )
    assert table.notes[0] == "Saved: £1,000. One-off costs of leaving: £0."
    assert "Counting from your exit date, 14 Dec 2026, it lasts about 3 weeks." in table.notes


@pytest.mark.parametrize("section", ["documents", "accounts", "money"])
def test_an_empty_inventory_says_nothing_is_listed_yet(section: str) -> None:
    """An inventory with no rows is a table with no rows and one calm note (the money's runway
    is not worked out on nothing)."""
    (table,) = summary_tables(POUNDS, (section,), EXIT, TODAY)  # type: ignore[arg-type]
    assert table == Table(table.section, table.title, table.heads, (), ("Nothing listed yet.",))


def test_in_spanish_the_tables_and_the_runway_are_spanish() -> None:
    """Spoken in Spanish, the titles, heads, words and sentences are Spanish; the person's own
    words stay as written."""
    i18n.install("es")
    tables = summary_tables(BOOK, ("accounts", "money"), EXIT, TODAY)
    assert tables[0].rows[1][1:3] == ("Bank app", "no")
    assert tables[0].title != "Accounts and devices"
    assert tables[1].rows[0][2] == "Savings"
    assert "Saved" not in " ".join(tables[1].notes)
    assert runway_sentences(STRETCHED, POUNDS, EXIT)[0].startswith("Ahorrado")
