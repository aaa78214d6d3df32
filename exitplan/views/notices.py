"""The inventories on the status screen: one calm line for each inventory that needs attention,
and the same lines as `status --json` data. Light on purpose: the status screen reads nothing else
of the inventories' views.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from exitplan.base.i18n import _, ngettext
from exitplan.domain.findings import notices

if TYPE_CHECKING:
    from datetime import date

    from exitplan.domain.checks import Section
    from exitplan.domain.findings import Notice
    from exitplan.domain.inventory import Inventory


class NoticeData(TypedDict):
    """One inventory's status line as `status --json` gives it."""

    inventory: Section
    fact: str
    count: int
    text: str


# The command that shows each inventory in full.
COMMAND = {"documents": "documents", "accounts": "accounts", "money": "money"}


def notice_text(notice: Notice, exit_date: date | None) -> str:
    """The one line status shows for an inventory, with the command that says more."""
    n = notice.total
    if notice.section == "documents":
        fact = {
            "expires-before-exit": ngettext(
                "{n} document expires before you leave", "{n} documents expire before you leave", n
            ),
            "expired": ngettext("{n} document has expired", "{n} documents have expired", n),
            "missing": ngettext(
                "{n} document is not with you yet", "{n} documents are not with you yet", n
            ),
            "no-copy": ngettext(
                "{n} document has no copy yet", "{n} documents have no copy yet", n
            ),
            "expires-soon": ngettext(
                "{n} document expires soon after you leave",
                "{n} documents expire soon after you leave",
                n,
            ),
        }[notice.fact]
    elif notice.section == "accounts":
        fact = {
            "reachable": ngettext(
                "{n} account or device your partner can still reach",
                "{n} accounts or devices your partner can still reach",
                n,
            ),
            "change-now": ngettext(
                "{n} account or device to change now that you have left",
                "{n} accounts or devices to change now that you have left",
                n,
            ),
            "to-check": ngettext(
                "{n} account or device still to check", "{n} accounts or devices still to check", n
            ),
        }[notice.fact]
    elif notice.fact == "nothing":
        fact = _("No money is saved yet")
    elif notice.fact == "one-off":
        fact = _("The money saved does not yet cover the one-off costs of leaving")
    elif n == 0:
        fact = (
            _("The money saved lasts less than a week from your exit date")
            if exit_date
            else _("The money saved lasts less than a week after you leave")
        )
    elif exit_date is not None:
        fact = ngettext(
            "The money saved lasts about {n} week from your exit date",
            "The money saved lasts about {n} weeks from your exit date",
            n,
        )
    else:
        fact = ngettext(
            "The money saved lasts about {n} week after you leave",
            "The money saved lasts about {n} weeks after you leave",
            n,
        )
    return _("{fact}: exitplan {command}").format(
        fact=fact.format(n=n), command=COMMAND[notice.section]
    )


def notice_lines(inventory: Inventory, exit_date: date | None, today: date) -> list[str]:
    """The status screen's lines: one per inventory that needs attention."""

    return [notice_text(notice, exit_date) for notice in notices(inventory, exit_date, today)]


def notices_data(inventory: Inventory, exit_date: date | None, today: date) -> list[NoticeData]:
    """The status lines as JSON data."""

    return [
        {
            "inventory": notice.section,
            "fact": notice.fact,
            "count": notice.total,
            "text": notice_text(notice, exit_date),
        }
        for notice in notices(inventory, exit_date, today)
    ]
