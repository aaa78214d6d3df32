"""The money in plain sentences (the runway), and the inventories as the summary's tables.

The summary shows an inventory only when the person asks for it; each table is built from the
same row views as the screens. No I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from exitplan.base.i18n import _, ngettext
from exitplan.domain.findings import account_reach
from exitplan.domain.runway import Runway, money_text, runway
from exitplan.views.holdings import (
    MONEY_HEADINGS,
    REACH_WORDS,
    SAFE_WORDS,
    STATE_WORDS,
    TITLES,
    amount_text,
    day_text,
    document_view,
)

if TYPE_CHECKING:
    from datetime import date

    from exitplan.domain.checks import Section
    from exitplan.domain.inventory import Inventory


def runway_sentences(money: Runway, inventory: Inventory, exit_date: date | None) -> list[str]:
    """The runway in a few plain sentences (also on the summary's money page)."""
    currency = inventory.currency

    def amount(value: Any) -> str:
        return money_text(value, currency)

    out = [
        _("Saved: {saved}. One-off costs of leaving: {one_off}.").format(
            saved=amount(money.saved), one_off=amount(money.one_off)
        )
    ]
    if not money.has_costs:
        out.append(_("Add your costs after leaving to see how long the money lasts."))
    elif money.burn <= 0:
        out.append(_("After leaving, the income you listed covers the costs you listed."))
    else:
        out.append(
            _("After leaving, each week costs about {burn} more than the income.").format(
                burn=amount(money.burn.quantize(Decimal("0.01")))
            )
        )
    weeks = money.whole_weeks
    start = (
        _("from your exit date, {date},").format(date=day_text(exit_date))
        if exit_date
        else _("after you leave,")
    )
    if money.left_after_leaving < 0:
        out.append(
            _("The money saved is {short} short of the one-off costs.").format(
                short=amount(-money.left_after_leaving)
            )
        )
    elif weeks == 0 and money.has_costs:  # as the status screen says it: never "0 weeks"
        out.append(_("Counting {start} it lasts less than a week.").format(start=start))
    elif weeks is not None and money.has_costs:
        out.append(
            ngettext(
                "Counting {start} it lasts about {n} week.",
                "Counting {start} it lasts about {n} weeks.",
                weeks,
            ).format(start=start, n=weeks)
        )
    out.append(
        ngettext(
            "Your threshold: {n} week (exitplan money settings changes it).",
            "Your threshold: {n} weeks (exitplan money settings changes it).",
            money.threshold,
        ).format(n=money.threshold)
    )
    if money.needed > 0:
        if money.per_week is not None and exit_date is not None:
            out.append(
                _(
                    "To reach it: about {needed} more by {date}, which is about {per_week} a "
                    "week over the {days} days left."
                ).format(
                    needed=amount(money.needed),
                    date=day_text(exit_date),
                    per_week=amount(money.per_week),
                    days=money.days_left,
                )
            )
        else:
            out.append(_("To reach it: about {needed} more.").format(needed=amount(money.needed)))
    if money.debts:
        out.append(
            _("Debts in your name: {debts}, not counted (their repayments are costs).").format(
                debts=amount(money.debts)
            )
        )
    if money.joint:
        out.append(
            _("Joint accounts: {joint}, not counted (within your partner's reach).").format(
                joint=amount(money.joint)
            )
        )
    return out


# -- the summary: one table per inventory --------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """One inventory as a table for the summary: a title, column heads, rows of text, notes."""

    section: Section
    title: str
    heads: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...]


def summary_tables(
    inventory: Inventory, sections: tuple[Section, ...], exit_date: date | None, today: date
) -> tuple[Table, ...]:
    """The inventories asked for, as tables (in the order documents, accounts, money)."""
    makers = {
        "documents": _documents_table,
        "accounts": _accounts_table,
        "money": _money_table,
    }
    return tuple(
        makers[section](inventory, exit_date, today)
        for section in ("documents", "accounts", "money")
        if section in sections
    )


def _empty(table: Table) -> Table:
    if table.rows:
        return table
    return Table(table.section, table.title, table.heads, (), (_("Nothing listed yet."),))


def _documents_table(inventory: Inventory, exit_date: date | None, today: date) -> Table:
    views = [document_view(doc, exit_date, today) for doc in inventory.documents]
    heads = (_("No."), _("Document"), _("Original"), _("Copy"), _("Expires"), _("Needs a look"))
    body = tuple(
        (str(v.number), v.title, v.facts[0][1], v.facts[1][1], v.facts[2][1], " ".join(v.flags))
        for v in views
    )
    return _empty(Table("documents", _(TITLES["documents"]), heads, body, ()))


def _accounts_table(inventory: Inventory, exit_date: date | None, today: date) -> Table:
    heads = (
        _("No."),
        _("Account or device"),
        _("Partner can reach it"),
        _("Safe to change"),
        _("State"),
    )
    body = tuple(
        (
            str(row.number),
            row.what,
            "; ".join(_(REACH_WORDS[name]) for name in account_reach(row)) or _("no"),
            _(SAFE_WORDS[row.safe_to_change]),
            _(STATE_WORDS[row.state]),
        )
        for row in inventory.accounts
    )
    return _empty(Table("accounts", _(TITLES["accounts"]), heads, body, ()))


def _money_table(inventory: Inventory, exit_date: date | None, today: date) -> Table:
    heads = (_("No."), _("Kind"), _("What"), _("Amount"))
    body = tuple(
        (
            str(row.number),
            _(MONEY_HEADINGS[row.kind]),
            row.what,
            amount_text(row, inventory.currency),
        )
        for row in inventory.money
    )
    notes = tuple(runway_sentences(runway(inventory, exit_date, today), inventory, exit_date))
    return _empty(Table("money", _(TITLES["money"]), heads, body, notes if body else ()))
