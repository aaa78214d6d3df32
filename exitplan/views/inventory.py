"""The inventories in words: list and show screens, JSON shapes, status lines, summary tables.

One view of a row (`row_view`) is built once and spelled by every face: the terminal (wrapped
to its width, plain mode for screen readers), JSON, and the summary's tables. The advice is in
the steps' calm voice and names its sources; see SOURCES for where each holds and when it was
read. No I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from exitplan.base.i18n import N_, _, ngettext
from exitplan.domain.findings import (
    account_counts,
    account_flag,
    account_reach,
    document_counts,
    document_flags,
    step_progress,
)
from exitplan.domain.inventory import DOCUMENT_KINDS, Account, Document, Money, row_data
from exitplan.domain.runway import Runway, money_text, runway
from exitplan.views.term import Painter, wrap

if TYPE_CHECKING:
    from datetime import date

    from exitplan.domain.findings import Notice, StepProgress
    from exitplan.domain.inventory import Inventory, Row, Section
    from exitplan.domain.plan import Plan

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

COMMAND = {"documents": "documents", "accounts": "accounts", "money": "money"}
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
    "saved": N_("Set aside, out of your partner's reach"),
    "income": N_("Income after leaving"),
    "cost": N_("Costs after leaving"),
    "one-off": N_("One-off costs of leaving"),
    "debt": N_("Debts in your name"),
    "joint": N_("Joint accounts"),
}
MONEY_KIND_WORDS = {
    "saved": N_("money set aside"),
    "income": N_("income after leaving"),
    "cost": N_("a cost after leaving"),
    "one-off": N_("a one-off cost of leaving"),
    "debt": N_("a debt in your name"),
    "joint": N_("a joint account"),
}
# The account questions, as the show screen and the summary label them.
ACCOUNT_LABELS = {
    "password": N_("Partner knows the password"),
    "shared": N_("Shared or family plan"),
    "linked": N_("Linked devices or people"),
    "location": N_("Shares your location"),
    "recovery": N_("Partner controls recovery"),
    "two_step": N_("Two-step sign-in on"),
}
REACH_WORDS = {
    "password": N_("they know or could reset the password"),
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
    "password": N_("change the password, and those of the apps and payments connected to it"),
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
    return f"{day.day} {day:%b} {day.year}"


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


def amount_text(row: Money, currency: str | None) -> str:
    """`£1,200`, or with its period for income and costs: `£1,400 a month`."""
    amount = money_text(row.amount, currency)
    if row.kind not in {"income", "cost"}:
        return amount
    if row.per == "week":
        return _("{amount} a week").format(amount=amount)
    return _("{amount} a month").format(amount=amount)


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
    if exit_date is not None and exit_date >= today:
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
                "set aside. Get advice before moving money from it."
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


# -- JSON ------------------------------------------------------------------------------------


def row_json(row: Row, inventory: Inventory, exit_date: date | None, today: date) -> dict[str, Any]:
    """A row as JSON data: its fields (amounts as exact text), title, flags and advice."""
    view = row_view(row, inventory, exit_date, today)
    data = row_data(row)
    if isinstance(row, Document) and data.get("expires"):
        data["expires"] = data["expires"].isoformat()
    return data | {
        "title": view.title,
        "flags": list(view.codes),
        "needs_a_look": list(view.flags),
        "advice": list(view.advice),
        "sources": list(view.sources),
    }


def runway_json(money: Runway, currency: str | None) -> dict[str, Any]:
    """The runway as JSON data: every amount as exact text, in the person's own currency."""

    def exact(amount: Any) -> str | None:
        return None if amount is None else format(amount.quantize(Decimal("0.01")), "f")

    return {
        "currency": currency,
        "set_aside": exact(money.saved),
        "one_off_costs": exact(money.one_off),
        "income_a_week": exact(money.income),
        "costs_a_week": exact(money.costs),
        "debts": exact(money.debts),
        "joint_accounts": exact(money.joint),
        "weeks": money.whole_weeks,
        "threshold_weeks": money.threshold,
        "short": money.short,
        "needed_by_exit": exact(money.needed),
        "days_left": money.days_left,
        "needed_a_week": exact(money.per_week),
    }


def section_json(
    section: Section, inventory: Inventory, exit_date: date | None, today: date, plan: Plan | None
) -> dict[str, Any]:
    """One inventory as JSON data: its rows, counts, the steps it completes, the runway."""
    rows = [row_json(row, inventory, exit_date, today) for row in inventory.rows(section)]
    data: dict[str, Any] = {"inventory": section, "rows": rows}
    if section == "documents":
        data["counts"] = document_counts(inventory, exit_date, today)
    elif section == "accounts":
        data["counts"] = account_counts(inventory, exit_date, today)
    else:
        data["runway"] = runway_json(runway(inventory, exit_date, today), inventory.currency)
    data["steps"] = [
        {"number": number, "id": full_id, "shows_done": progress.tickable}
        for number, full_id, _title, progress in linked_steps(plan, section, today)
    ]
    return data


# -- status: one calm line per inventory ---------------------------------------------------------


def notice_text(notice: Notice, exit_date: date | None) -> str:
    """The one line status shows for an inventory, with the command that says more."""
    n = notice.count
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
    elif notice.fact == "one-off":
        fact = _("The money set aside does not yet cover the one-off costs of leaving")
    elif n == 0:
        fact = (
            _("The money set aside lasts less than a week from your exit date")
            if exit_date
            else _("The money set aside lasts less than a week after you leave")
        )
    elif exit_date is not None:
        fact = ngettext(
            "The money set aside lasts about {n} week from your exit date",
            "The money set aside lasts about {n} weeks from your exit date",
            n,
        )
    else:
        fact = ngettext(
            "The money set aside lasts about {n} week after you leave",
            "The money set aside lasts about {n} weeks after you leave",
            n,
        )
    return _("{fact}: exitplan {command}").format(
        fact=fact.format(n=n), command=COMMAND[notice.section]
    )


def notices_data(inventory: Inventory, exit_date: date | None, today: date) -> list[dict[str, Any]]:
    """The status lines as JSON data."""
    from exitplan.domain.findings import notices

    return [
        {
            "inventory": notice.section,
            "fact": notice.fact,
            "count": notice.count,
            "text": notice_text(notice, exit_date),
        }
        for notice in notices(inventory, exit_date, today)
    ]


# -- the plan's steps the inventories complete ----------------------------------------------------


def linked_steps(
    plan: Plan | None, section: Section, today: date
) -> list[tuple[int, str, str, StepProgress]]:
    """The plan's steps tied to this inventory: (number, id, title, progress), in plan order."""
    if plan is None or plan.state is None:
        return []
    found = []
    for entry in plan.entries:
        if not entry.applies:
            continue
        progress = step_progress(entry.full_id, plan.state.inventory, plan.exit_date, today)
        if progress is not None and progress.section == section:
            found.append((entry.number, entry.full_id, entry.item.title, progress))
    return found


def progress_text(progress: StepProgress) -> str:  # noqa: PLR0911 - one sentence per case
    """How the inventory stands for a step, as one sentence."""
    command = f"exitplan {COMMAND[progress.section]}"
    if progress.check == "listed":
        if not progress.rows:
            return _("Nothing is in your list yet: {command} add").format(command=command)
        return ngettext(
            "Your list holds {n} row: {command}",
            "Your list holds {n} rows: {command}",
            progress.rows,
        ).format(n=progress.rows, command=command)
    if progress.left:
        numbers = ", ".join(str(n) for n in progress.left)
        count = len(progress.left)
        if progress.check == "copies":
            words = ngettext(
                "No copy yet of document {numbers}: {command} show N",
                "No copy yet of documents {numbers}: {command} show N",
                count,
            )
        elif progress.section == "documents":
            words = ngettext(
                "Not with you, or out of date before you leave: document {numbers} "
                "({command} show N)",
                "Not with you, or out of date before you leave: documents {numbers} "
                "({command} show N)",
                count,
            )
        else:
            words = ngettext(
                "Still to settle this way: account or device {numbers} ({command} show N)",
                "Still to settle this way: accounts or devices {numbers} ({command} show N)",
                count,
            )
        return words.format(numbers=numbers, command=command)
    if progress.check in {"joint", "debts"}:
        if not progress.rows:
            return _("None listed yet: {command} add").format(command=command)
        return ngettext("{n} listed: {command}", "{n} listed: {command}", progress.rows).format(
            n=progress.rows, command=command
        )
    if progress.check == "saved" and not progress.complete:
        return _("Your money list falls short of your threshold: {command}").format(command=command)
    if not progress.rows:
        return _("Nothing is in your list yet: {command} add").format(command=command)
    return _("Your list shows nothing left in the way: {command}").format(command=command)


def step_note(plan: Plan, full_id: str, today: date) -> tuple[str, str, bool] | None:
    """What `show` says about a step an inventory completes: (the inventory's title, a
    sentence, whether the inventory shows the step done), or None."""
    if plan.state is None:
        return None
    progress = step_progress(full_id, plan.state.inventory, plan.exit_date, today)
    if progress is None:
        return None
    return _(TITLES[progress.section]), progress_text(progress), progress.tickable


# -- the terminal ----------------------------------------------------------------------------------


def _sources_text(sources: tuple[str, ...]) -> str:
    return "\n".join(
        _("{name}, read {date}: {url}").format(name=_(SOURCES[url]), date=CHECKED, url=url)
        for url in sources
    )


def list_lines(
    section: Section,
    inventory: Inventory,
    exit_date: date | None,
    today: date,
    *,
    plan: Plan | None = None,
    columns: int = 80,
    paint: Painter | None = None,
    plain: bool = False,
) -> list[str]:
    """One inventory as lines: a heading, each row with what needs a look, the steps it shows
    done, and for money the runway; wrapped to `columns`."""
    paint = paint or Painter(False)
    rows = inventory.rows(section)
    lines: list[str] = []

    def add(text: str, style: str = "", first: str = "", indent: int | None = None) -> None:
        lines.extend(paint(line, style) for line in wrap(text, columns, first, indent))

    views = [row_view(row, inventory, exit_date, today) for row in rows]
    look = sum(bool(view.flags) for view in views)
    if not rows:
        add(_("{title}: nothing listed yet.").format(title=_(TITLES[section])), "bold")
    elif section == "money":
        add(
            ngettext("{title}: {n} row.", "{title}: {n} rows.", len(rows)).format(
                title=_(TITLES[section]), n=len(rows)
            ),
            "bold",
        )
    else:
        add(
            ngettext(
                "{title}: {n} listed, {look} to look at.",
                "{title}: {n} listed, {look} to look at.",
                len(rows),
            ).format(title=_(TITLES[section]), n=len(rows), look=look),
            "bold",
        )
    add(_(CAUTIONS[section][0]), "dim")
    width = len(str(max((row.number for row in rows), default=1)))
    if section == "money":
        _money_rows(lines, add, inventory, width, plain)
    else:
        for view in views:
            lines.append("")
            if plain:
                facts = [
                    _("Row {n}: {title}.").format(n=view.number, title=view.title),
                    *view.flags,
                ]
                add(" ".join(facts), indent=2)
                continue
            number = str(view.number).rjust(width)
            body = wrap(view.title, columns, f"{number}  ")
            lines.append(paint(number, "dim") + body[0][len(number) :])
            lines.extend(body[1:])
            for flag in view.flags:
                add(flag, "yellow", " " * (width + 2))
    if section == "money" and rows:
        lines.append("")
        lines.extend(
            paint(line, "")
            for text in runway_sentences(runway(inventory, exit_date, today), inventory, exit_date)
            for line in wrap(text, columns)
        )
    steps = linked_steps(plan, section, today)
    ready = [
        (step, title)
        for step, full_id, title, progress in steps
        if progress.tickable and _is_open(plan, full_id)
    ]
    if ready:
        lines.append("")
        for step, title in ready:
            add(
                _("Your list shows step {number} is done ({title}): exitplan done {number}").format(
                    number=step, title=title
                ),
                "dim",
            )
    lines.append("")
    more = _(
        "'exitplan {command} show N' says more about a row and what to do; "
        "'exitplan {command} add' adds one."
    ).format(command=COMMAND[section])
    add(more, "dim")
    return lines


def _is_open(plan: Plan | None, full_id: str) -> bool:
    if plan is None:
        return False
    return any(entry.full_id == full_id and entry.is_open for entry in plan.entries)


def _money_rows(lines: list[str], add: Any, inventory: Inventory, width: int, plain: bool) -> None:
    for kind, heading in MONEY_HEADINGS.items():
        rows = [row for row in inventory.money if row.kind == kind]
        if not rows:
            continue
        lines.append("")
        add(_(heading), "bold")
        for row in rows:
            title = row_title(row, inventory.currency)
            if plain:
                add(_("Row {n}: {title}.").format(n=row.number, title=title), indent=2)
            else:
                add(title, "", f"{str(row.number).rjust(width)}  ")


def runway_sentences(money: Runway, inventory: Inventory, exit_date: date | None) -> list[str]:
    """The runway in a few plain sentences (also on the summary's money page)."""
    currency = inventory.currency

    def amount(value: Any) -> str:
        return money_text(value, currency)

    out = [
        _("Set aside: {saved}. One-off costs of leaving: {one_off}.").format(
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
            _("The money set aside is {short} short of the one-off costs.").format(
                short=amount(-money.left_after_leaving)
            )
        )
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


def show_lines(
    row: Row,
    inventory: Inventory,
    exit_date: date | None,
    today: date,
    *,
    columns: int = 80,
    paint: Painter | None = None,
    plain: bool = False,
) -> list[str]:
    """One row in full: its facts, what needs a look, what to do and where that comes from."""
    from exitplan.views.render import _field_lines

    paint = paint or Painter(False)
    view = row_view(row, inventory, exit_date, today)
    fields = [(_("Row"), f"{view.number}: {view.title}"), *view.facts]
    if view.flags:
        fields.append((_("Needs a look"), "\n".join(view.flags)))
    if view.advice:
        fields.append((_("What to do"), "\n".join(view.advice)))
    if view.sources:
        fields.append((_("Sources"), _sources_text(view.sources)))
    return _field_lines(fields, columns, paint, plain)


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
