"""One row of an inventory in words: its title, facts, what needs a look, what to do calmly,
and the sources of that advice (SOURCES says where each holds and when it was read).

`row_view` is built once and spelled by every face: the terminal, JSON and the summary's
tables. No I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from exitplan.base import spoken
from exitplan.base.i18n import N_, _
from exitplan.domain.findings import account_flag, account_reach, document_flags, still_to_leave
from exitplan.domain.inventory import DOCUMENT_KINDS, Account, Document, Money
from exitplan.domain.runway import money_text

if TYPE_CHECKING:
    from datetime import date

    from exitplan.domain.checks import Per
    from exitplan.domain.inventory import Inventory, Row

# Where the advice comes from: (address, where it holds). Read on CHECKED.
CHECKED = "2026-12-01"
REFUGE = "https://refuge.org.uk/get-help-now/support-for-women/planning-to-leave/"
WOMENS_AID = (
    "https://www.womensaid.org.uk/information-support/the-survivors-handbook/"
    "i-want-to-leave-my-relationship-safely/"
)
WOMENSLAW = (
    "https://www.womenslaw.org/laws/federal/immigration/immigration-basic-questions-answers/"
    "leaving-home"
)
TECH_SAFETY = "https://refugetechsafety.org/guide-online-accounts/"
ECONOMIC_ABUSE = (
    "https://survivingeconomicabuse.org/i-need-help/de-linking-from-the-abuser/"
    "separating-your-finances/"
)
# Each source and where what it says holds (the advice is general; the services are national).
SOURCES: dict[str, str] = {
    REFUGE: N_("Refuge (England)"),
    WOMENS_AID: N_("Women's Aid (England)"),
    WOMENSLAW: N_("WomensLaw (United States, immigration)"),
    TECH_SAFETY: N_("Refuge Tech Safety (United Kingdom)"),
    ECONOMIC_ABUSE: N_("Surviving Economic Abuse (United Kingdom)"),
}

TITLES = {
    "documents": N_("Documents"),
    "accounts": N_("Accounts and devices"),
    "money": N_("Money"),
}

# -- words ---------------------------------------------------------------------------------------

ANSWER_WORDS = {"yes": N_("yes"), "no": N_("no"), "unsure": N_("not sure")}
SAFE_WORDS = {
    "now": N_("now"),
    "after": N_("after you leave"),
    "advocate": N_("with an advocate"),
}
STATE_WORDS = {
    "check": N_("to check"),
    "fine": N_("fine"),
    "change-after": N_("change after leaving"),
    "changed": N_("changed"),
}
MONEY_HEADINGS = {
    "saved": N_("Saved, out of your partner's reach"),
    "income": N_("Income after leaving"),
    "cost": N_("Costs after leaving"),
    "one-off": N_("One-off costs of leaving"),
    "debt": N_("Debts in your name"),
    "joint": N_("Joint accounts"),
}
MONEY_KIND_WORDS = {
    "saved": N_("money saved"),
    "income": N_("income after leaving"),
    "cost": N_("a cost after leaving"),
    "one-off": N_("a one-off cost of leaving"),
    "debt": N_("a debt in your name"),
    "joint": N_("a joint account"),
}
# The account questions, as the show screen and the summary label them.
ACCOUNT_LABELS = {
    "partner_knows": N_("Partner knows the password"),
    "shared": N_("Shared or family plan"),
    "linked": N_("Linked devices or people"),
    "location": N_("Shares your location"),
    "recovery": N_("Partner controls recovery"),
    "two_step": N_("Two-step sign-in on"),
}
REACH_WORDS = {
    "partner_knows": N_("they know or could reset the password"),
    "shared": N_("it is on a shared or family plan"),
    "linked": N_("other devices or people are linked to it"),
    "location": N_("it shares your location"),
    "recovery": N_("they control its recovery email or phone"),
}
# What to do about each way in, in the order of Refuge Tech Safety's guide.
REACH_STEPS = {
    "linked": N_(
        "check which people and devices are linked to it, and remove the ones you do not want"
    ),
    "partner_knows": N_("change the password, and those of the apps and payments connected to it"),
    "location": N_("turn off find-my-device and location sharing"),
    "shared": N_("leave the shared or family plan"),
    "recovery": N_("change the recovery email and phone to ones only you control"),
}

DOCUMENTS_CAUTION = N_(
    "Take papers, or copies of them, only if it is safe. You can leave without them."
)
ACCOUNTS_CAUTION = N_(
    "A change can alert your partner, so changes wait until after you leave unless you choose "
    "otherwise, ideally with an advocate."
)
MONEY_CAUTION = N_(
    "Take a money step only if it is safe; you are the best judge of whether a change could "
    "lead to harm."
)
CAUTIONS = {
    "documents": (DOCUMENTS_CAUTION, (REFUGE, WOMENSLAW)),
    "accounts": (ACCOUNTS_CAUTION, (TECH_SAFETY,)),
    "money": (MONEY_CAUTION, (ECONOMIC_ABUSE,)),
}


def day_text(day: date) -> str:
    """`1 Mar 2027`."""
    return spoken.day_month_year(day)


def kind_text(doc: Document) -> str:
    """The document's kind in words: a known kind's name, or the person's own words."""
    label = DOCUMENT_KINDS.get(doc.kind)
    return _(label) if label else doc.kind


def document_title(doc: Document) -> str:
    """`Passport, yours`, `Birth certificate, child A`, `Passport, your partner's`."""
    kind = kind_text(doc)
    if doc.whose == "child":
        return _("{kind}, child {label}").format(kind=kind, label=doc.child or "")
    if doc.whose == "partner":
        return _("{kind}, your partner's").format(kind=kind)
    return _("{kind}, yours").format(kind=kind)


# An amount with its period, in the person's words.
PERIOD_AMOUNTS: dict[Per, str] = {
    "month": N_("{amount} a month"),
    "week": N_("{amount} a week"),
    "fortnight": N_("{amount} every two weeks"),
    "half-month": N_("{amount} twice a month"),
}


def amount_text(row: Money, currency: str | None) -> str:
    """`£1,200`, or with its period for income and costs: `£1,400 a month`."""
    amount = money_text(row.amount, currency)
    if row.kind not in {"income", "cost"}:
        return amount
    return _(PERIOD_AMOUNTS[row.per]).format(amount=amount)


def row_title(row: Row, currency: str | None = None) -> str:
    """A row in a few words, as lists show it."""
    if isinstance(row, Document):
        return document_title(row)
    if isinstance(row, Account):
        return row.what
    return _("{what}: {amount}").format(what=row.what, amount=amount_text(row, currency))


# -- one row, as every face sees it ----------------------------------------------------------------


@dataclass(frozen=True)
class RowView:
    """A row with its facts, what needs a look, what to do, and the sources of that advice."""

    number: int
    title: str
    facts: tuple[tuple[str, str], ...]
    flags: tuple[str, ...]  # sentences: what needs a look
    advice: tuple[str, ...]  # sentences: what to do, calmly
    sources: tuple[str, ...]
    codes: tuple[str, ...]  # the flags as data (JSON)


def document_flag_words(doc: Document, flag: str, exit_date: date | None, today: date) -> str:
    """One document flag as a sentence."""
    when = day_text(doc.expires) if doc.expires else ""
    if flag == "expires-before-exit":
        return _("Expires {date}, before you leave.").format(date=when)
    if flag == "expired":
        return _("Expired on {date}.").format(date=when)
    if flag == "missing":
        return _("The original is not with you.")
    if flag == "no-copy":
        return _("No copy yet.")
    if still_to_leave(exit_date, today) is not None:
        return _("Expires {date}, within three months after you leave.").format(date=when)
    return _("Expires {date}, within three months.").format(date=when)


def document_advice(doc: Document, flags: tuple[str, ...]) -> tuple[str, ...]:
    """What to do about a document's flags, in the steps' calm voice."""
    advice = []
    if "expires-before-exit" in flags:
        advice.append(
            _(
                "Renewing it before you leave may help, only if it is safe: letters about it "
                "could reach home. You can leave without it and renew it later."
            )
        )
    if "expired" in flags:
        advice.append(
            _(
                "A replacement can be ordered after you leave, or now if it is safe; an "
                "advocate can help with what it needs."
            )
        )
    if "missing" in flags:
        advice.append(
            _(
                "Its number or a copy helps; a replacement can wait until you have left. "
                "You can leave without it."
            )
        )
    if "no-copy" in flags and doc.whose == "partner":
        advice.append(
            _(
                "A copy of your partner's papers, or the details from them, can help later, "
                "for example in immigration matters. Only if it is safe."
            )
        )
    elif "no-copy" in flags:
        advice.append(
            _(
                "A photo or copy kept where your partner cannot reach it, with someone you "
                "trust say, helps if the original is lost. Only if it is safe to make one."
            )
        )
    if "expires-soon" in flags:
        advice.append(_("Note when to renew it, so it does not run out once you have left."))
    return tuple(advice)


def document_view(doc: Document, exit_date: date | None, today: date) -> RowView:
    """A document as every face shows it."""
    codes = document_flags(doc, exit_date, today)
    copy = (doc.copy_where or _("yes")) if doc.copy else _("none yet")
    facts = [
        (_("Original"), doc.original or _("not with you")),
        (_("Copy"), copy),
        (_("Expires"), day_text(doc.expires) if doc.expires else _("no date given")),
    ]
    if doc.note:
        facts.append((_("Note"), doc.note))
    advice = document_advice(doc, codes)
    sources = (WOMENSLAW,) if doc.whose == "partner" else (REFUGE, WOMENS_AID)
    return RowView(
        doc.number,
        document_title(doc),
        tuple(facts),
        tuple(document_flag_words(doc, flag, exit_date, today) for flag in codes),
        advice,
        sources if advice else (),
        codes,
    )


def _timing(account: Account) -> str:
    """When the changes are for: now, after leaving, or with an advocate."""
    if account.safe_to_change == "now":
        return _("When you are ready, {steps}.")
    if account.safe_to_change == "advocate":
        return _("With your advocate, plan when to {steps}.")
    return _("After you leave, {steps}.")


def account_view(account: Account, exit_date: date | None, today: date) -> RowView:
    """An account or device as every face shows it."""
    flag = account_flag(account, exit_date, today)
    reach = account_reach(account)
    facts = [
        (_(label), _(ANSWER_WORDS[getattr(account, name)]))
        for name, label in ACCOUNT_LABELS.items()
    ]
    facts += [
        (_("Safe to change"), _(SAFE_WORDS[account.safe_to_change])),
        (_("State"), _(STATE_WORDS[account.state])),
    ]
    if account.note:
        facts.append((_("Note"), account.note))
    flags: list[str] = []
    if flag == "reachable":
        reasons = "; ".join(_(REACH_WORDS[name]) for name in reach)
        flags.append(_("Your partner can still reach it: {reasons}.").format(reasons=reasons))
    elif flag == "to-check":
        flags.append(_("Still to check."))
    elif flag == "change-now":
        flags.append(_("You have left: it is waiting to be changed, when you feel ready."))
    elif flag == "waiting":
        flags.append(_("Waiting to be changed after you leave."))
    advice: list[str] = []
    steps = [_(REACH_STEPS[name]) for name in REACH_STEPS if name in reach]
    if account.two_step == "no" and account.state != "changed":
        steps.append(_("turn on two-step sign-in with a phone or app only you control"))
    if steps and account.state not in {"fine", "changed"}:
        advice.append(_timing(account).format(steps="; ".join(steps)))
        if account.safe_to_change != "now":
            advice.append(_(ACCOUNTS_CAUTION))
    if flag == "to-check":
        advice.append(
            _(
                "Check who can reach it when it is safe to look; answer 'not sure' until then. "
                "Looking can leave traces too."
            )
        )
    codes = () if flag is None else (flag,)
    return RowView(
        account.number,
        account.what,
        tuple(facts),
        tuple(flags),
        tuple(advice),
        (TECH_SAFETY,) if advice else (),
        codes + tuple(f"reach:{name}" for name in reach),
    )


def money_view(row: Money, currency: str | None) -> RowView:
    """An amount as every face shows it."""
    facts = [
        (_("Kind"), _(MONEY_KIND_WORDS[row.kind])),
        (_("Amount"), amount_text(row, currency)),
    ]
    if row.note:
        facts.append((_("Note"), row.note))
    advice: list[str] = []
    if row.kind == "joint":
        advice.append(
            _(
                "A joint account stays within your partner's reach, so it is not counted as money "
                "saved. Get advice before moving money from it."
            )
        )
    elif row.kind == "debt":
        advice.append(
            _(
                "Debts are listed, not counted: put their repayments among your costs after "
                "leaving. An adviser can help if a debt was taken out under pressure."
            )
        )
    return RowView(
        row.number,
        row.what,
        tuple(facts),
        (),
        tuple(advice),
        (ECONOMIC_ABUSE,) if advice else (),
        (),
    )


def row_view(row: Row, inventory: Inventory, exit_date: date | None, today: date) -> RowView:
    """Any row as every face shows it."""
    if isinstance(row, Document):
        return document_view(row, exit_date, today)
    if isinstance(row, Account):
        return account_view(row, exit_date, today)
    return money_view(row, inventory.currency)
