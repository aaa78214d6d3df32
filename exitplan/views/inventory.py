"""The inventory screens and data: list and show (wrapped to the terminal, plain mode for
screen readers), JSON, the one calm status line per inventory, and the plan's steps they
complete. The words of a row come from `holdings`. No I/O.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Protocol

from exitplan.base.i18n import _, ngettext
from exitplan.domain.findings import account_counts, document_counts, step_progress
from exitplan.domain.inventory import Document, row_data
from exitplan.domain.runway import Runway, runway
from exitplan.views.holdings import (
    CAUTIONS,
    MONEY_HEADINGS,
    TITLES,
    row_title,
    row_view,
)
from exitplan.views.ledger import runway_sentences
from exitplan.views.notices import COMMAND
from exitplan.views.term import Painter, wrap

if TYPE_CHECKING:
    from datetime import date

    from exitplan.domain.checks import Section
    from exitplan.domain.findings import StepProgress
    from exitplan.domain.inventory import Inventory, Row
    from exitplan.domain.plan import Plan
    from exitplan.views.shapes import InventoryJson, LinkedStep, RowJson, RunwayData

# -- JSON ------------------------------------------------------------------------------------


def row_json(row: Row, inventory: Inventory, exit_date: date | None, today: date) -> RowJson:
    """A row as JSON data: its fields (amounts as exact text), title, flags and advice."""
    view = row_view(row, inventory, exit_date, today)
    data: RowJson = dict(row_data(row))
    if isinstance(row, Document) and row.expires:
        data["expires"] = row.expires.isoformat()
    return data | {
        "title": view.title,
        "flags": list(view.codes),
        "needs_a_look": list(view.flags),
        "advice": list(view.advice),
        "sources": list(view.sources),
    }


def runway_json(money: Runway, currency: str | None) -> RunwayData:
    """The runway as JSON data: every amount as exact text, in the person's own currency."""

    def exact(amount: Decimal | None) -> str | None:
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
) -> InventoryJson:
    """One inventory as JSON data: its rows, counts, the steps it completes, the runway."""
    rows = [row_json(row, inventory, exit_date, today) for row in inventory.rows(section)]
    steps: list[LinkedStep] = [
        {"number": number, "id": full_id, "shows_done": progress.tickable}
        for number, full_id, _title, progress in linked_steps(plan, section, today)
    ]
    if section == "money":
        money = runway_json(runway(inventory, exit_date, today), inventory.currency)
        return {"inventory": section, "rows": rows, "runway": money, "steps": steps}
    counts = (document_counts if section == "documents" else account_counts)(
        inventory, exit_date, today
    )
    return {"inventory": section, "rows": rows, "counts": counts, "steps": steps}


# -- status: one calm line per inventory ---------------------------------------------------------


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
    """One inventory as lines: a heading, for money the runway first (what matters most), each
    row with what needs a look, and the steps it shows done; wrapped to `columns`."""
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
    if section == "money" and rows:
        lines.append("")
        lines.extend(
            paint(line, "")
            for text in _runway_text(inventory, exit_date, today)
            for line in wrap(text, columns)
        )
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


def _runway_text(inventory: Inventory, exit_date: date | None, today: date) -> list[str]:

    return runway_sentences(runway(inventory, exit_date, today), inventory, exit_date)


def _is_open(plan: Plan | None, full_id: str) -> bool:
    if plan is None:
        return False
    return any(entry.full_id == full_id and entry.is_open for entry in plan.entries)


class _Add(Protocol):
    """Adds a paragraph to the screen's lines: wrapped, styled, after `first` or indented."""

    def __call__(
        self, text: str, style: str = "", first: str = "", indent: int | None = None
    ) -> None: ...


def _money_rows(lines: list[str], add: _Add, inventory: Inventory, width: int, plain: bool) -> None:
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
