"""What needs a look in the inventories on a given day: each row's flags, the one fact per
inventory that status shows, and how far the inventories complete the plan's steps.

Data only, without words (the views word it). Pure: `today` and the exit date are parameters.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Literal, NamedTuple

from exitplan.domain.dates import shift
from exitplan.domain.runway import runway

if TYPE_CHECKING:
    from exitplan.domain.checks import Section
    from exitplan.domain.inventory import Account, Document, Inventory

DocumentFlag = Literal["expired", "expires-before-exit", "missing", "no-copy", "expires-soon"]
# Most pressing first: the order the flags are shown in, and the order status picks one from.
DOCUMENT_FLAGS: tuple[DocumentFlag, ...] = (
    "expires-before-exit",
    "expired",
    "missing",
    "no-copy",
    "expires-soon",
)
# "Within a few months after" the exit date (or after today, without one): three months.
SOON_DAYS = 91

Reach = Literal["partner_knows", "shared", "linked", "location", "recovery"]
REACH: tuple[Reach, ...] = ("partner_knows", "shared", "linked", "location", "recovery")
AccountFlag = Literal["reachable", "to-check", "waiting", "change-now"]
ACCOUNT_FLAGS: tuple[AccountFlag, ...] = ("reachable", "change-now", "to-check", "waiting")


def still_to_leave(exit_date: date | None, today: date) -> date | None:
    """The exit date while it is still ahead (the day itself counts), else None: the day "before
    you leave" and "after you leave" are told by."""
    return exit_date if exit_date is not None and exit_date >= today else None


def document_flags(doc: Document, exit_date: date | None, today: date) -> tuple[DocumentFlag, ...]:
    """A document's flags, most pressing first.

    The partner's papers are kept as copies (for immigration matters, say): only a missing copy
    is flagged for them, never their original or its expiry.
    """
    flags: list[DocumentFlag] = []
    if doc.whose != "partner":
        expires = doc.expires
        leaving = still_to_leave(exit_date, today)
        if expires is not None:
            if expires < today:
                flags.append("expired")
            elif leaving is not None and expires <= leaving:
                flags.append("expires-before-exit")
            elif expires <= shift(leaving or today, SOON_DAYS):  # held at the calendar's end
                flags.append("expires-soon")
        if doc.original is None:
            flags.append("missing")
    if not doc.copy:
        flags.append("no-copy")
    return tuple(sorted(flags, key=DOCUMENT_FLAGS.index))


def account_reach(account: Account) -> tuple[Reach, ...]:
    """The ways the partner can still reach an account or device (answers of yes)."""
    return tuple(name for name in REACH if getattr(account, name) == "yes")


def account_flag(account: Account, exit_date: date | None, today: date) -> AccountFlag | None:
    """Whether an account or device needs a look, and why; None once it is fine or changed.

    - `reachable`: the partner can still reach it (and it is not yet changed);
    - `change-now`: set to change after leaving, and the exit date has come;
    - `to-check`: not yet looked at (some answers may be "not sure");
    - `waiting`: to change after leaving (or with an advocate), and the day has not come.
    """
    if account.state in {"fine", "changed"}:
        return None
    if account_reach(account):
        return "reachable"
    left = exit_date is not None and today >= exit_date
    if account.state == "change-after":
        return "change-now" if left and account.safe_to_change == "after" else "waiting"
    return "to-check"


class Notice(NamedTuple):
    """The one fact status shows for an inventory: which fact and how many rows it covers.

    For money, `total` is the whole weeks the money lasts from the exit date.
    """

    section: Section
    fact: str
    total: int


def document_counts(inventory: Inventory, exit_date: date | None, today: date) -> dict[str, int]:
    """How many documents carry each flag."""
    counts: dict[str, int] = dict.fromkeys(DOCUMENT_FLAGS, 0)
    for doc in inventory.documents:
        for flag in document_flags(doc, exit_date, today):
            counts[flag] += 1
    return counts


def account_counts(inventory: Inventory, exit_date: date | None, today: date) -> dict[str, int]:
    """How many accounts and devices carry each flag."""
    counts: dict[str, int] = dict.fromkeys(ACCOUNT_FLAGS, 0)
    for account in inventory.accounts:
        flag = account_flag(account, exit_date, today)
        if flag is not None:
            counts[flag] += 1
    return counts


def notices(inventory: Inventory, exit_date: date | None, today: date) -> tuple[Notice, ...]:
    """At most one fact per inventory, and only where something needs attention.

    Accounts waiting, as planned, to be changed after leaving need no attention before then.
    """
    found: list[Notice] = []
    docs = document_counts(inventory, exit_date, today)
    for flag in DOCUMENT_FLAGS:
        if docs[flag]:
            found.append(Notice("documents", flag, docs[flag]))
            break
    accounts = account_counts(inventory, exit_date, today)
    for account_fact in ("reachable", "change-now", "to-check"):
        if accounts[account_fact]:
            found.append(Notice("accounts", account_fact, accounts[account_fact]))
            break
    money = runway(inventory, exit_date, today)
    if money.short:
        weeks = money.whole_weeks
        if money.saved <= 0:
            found.append(Notice("money", "nothing", 0))
        # Short with no weeks to count: the money does not cover the one-off costs.
        elif weeks is None or (money.one_off > 0 and money.left_after_leaving <= 0):
            found.append(Notice("money", "one-off", 0))
        else:
            found.append(Notice("money", "weeks", weeks or 0))
    return tuple(found)


# -- the plan's steps that the inventories complete --------------------------------------------

Check = Literal[
    "listed",  # the inventory has rows
    "no-expiry-or-missing",  # no document missing, expired or expiring before the exit
    "copies",  # every document has a copy
    "reach:partner_knows",  # no account the partner knows the password of is left unchanged
    "reach:recovery",
    "reach:linked",
    "reach:shared",
    "reach:location",
    "saved",  # money set aside covers the threshold
    "joint",  # the joint accounts are listed (advice before moving money)
    "debts",  # the debts in the person's name are listed
]

# Step full ids (as the built-in checklists name them) -> the inventory and what completes it.
# A step whose id is not in the plan is simply not linked.
STEP_LINKS: dict[str, tuple[Section, Check]] = {
    "documents.document-list": ("documents", "listed"),
    "documents.identity": ("documents", "no-expiry-or-missing"),
    "documents.replace-missing": ("documents", "no-expiry-or-missing"),
    "documents.copies": ("documents", "copies"),
    "documents.originals": ("documents", "no-expiry-or-missing"),
    "digital.device-inventory": ("accounts", "listed"),
    "digital.account-inventory": ("accounts", "listed"),
    "digital.passwords": ("accounts", "reach:partner_knows"),
    "digital.recovery-details": ("accounts", "reach:recovery"),
    "digital.linked-devices": ("accounts", "reach:linked"),
    "digital.family-plans": ("accounts", "reach:shared"),
    "digital.location-off": ("accounts", "reach:location"),
    "finances.list-assets-debts": ("money", "listed"),
    "finances.save-quietly": ("money", "saved"),
    "finances.ready-money": ("money", "saved"),
    "finances.joint-accounts": ("money", "joint"),
    "finances.coerced-debt": ("money", "debts"),
}


class StepProgress(NamedTuple):
    """How far an inventory completes one step.

    `rows` is how many rows the inventory holds; `left` the numbers of the rows still in the
    way (for a money check, none); `complete` whether the inventory shows the step is done.
    """

    section: Section
    check: Check
    rows: int
    left: tuple[int, ...]
    complete: bool

    @property
    def tickable(self) -> bool:
        """Whether the inventory can show the step done: its state settles the step. A list
        with rows in it never does (one listed account is not every account), and neither do
        listed joint accounts or debts (the step is the advice about them)."""
        return self.complete and self.check not in {"listed", "joint", "debts"}


def step_progress(
    full_id: str, inventory: Inventory, exit_date: date | None, today: date
) -> StepProgress | None:
    """How the inventory stands for this step (None: the step is not tied to an inventory)."""
    link = STEP_LINKS.get(full_id)
    if link is None:
        return None
    section, check = link
    rows = inventory.rows(section)
    left: tuple[int, ...] = ()
    if check == "no-expiry-or-missing":
        wanted = {"expired", "expires-before-exit", "missing"}
        left = tuple(
            doc.number
            for doc in inventory.documents
            if wanted & set(document_flags(doc, exit_date, today))
        )
    elif check == "copies":
        left = tuple(doc.number for doc in inventory.documents if not doc.copy)
    elif check.startswith("reach:"):
        # Not sure counts as in the way: only a "no", or a row set fine or changed, is settled.
        reach = check.split(":", 1)[1]
        left = tuple(
            acc.number
            for acc in inventory.accounts
            if getattr(acc, reach) != "no" and acc.state not in {"fine", "changed"}
        )
    elif check == "saved":
        money = runway(inventory, exit_date, today)
        complete = bool(rows) and money.saved > 0 and not money.short
        return StepProgress(section, check, len(rows), (), complete)
    elif check in {"joint", "debts"}:
        kind = "joint" if check == "joint" else "debt"
        listed = tuple(row.number for row in inventory.money if row.kind == kind)
        return StepProgress(section, check, len(listed), (), bool(listed))
    return StepProgress(section, check, len(rows), left, bool(rows) and not left)
