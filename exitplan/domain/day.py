"""The day view: the plan as it stands on one day, worked out once and read by every screen.

`day_view(plan, today)` walks the schedule once and keeps everything a screen or an export shows:
each step's row (due date and flag), the totals, the progress per checklist, what needs attention
(the groups the status screen shows, in its order), every alert, the days left and how many open
steps may alert the partner. The status screen, `status --json`, `list`, `show`, `review` and
every summary format read it; none of them works out rows, totals or groups again.

Two lists are named apart on purpose:

- **attention**: what needs attention, as the status screen shows it. Danger-sign steps first,
  then what is for today, what is behind (most important first) and what comes next. Every
  summary's "needs attention" and `list --attention` show exactly these, in this order.
- **alerts**: every open step that carries an alert flag (overdue, still open at the exit, due
  soon), most urgent first: the wider list scripts read as `flagged` in `status --json`.

Beside them, `for_now`: the open steps that need no exit date ("anytime"), in plan order, which
the status screen shows instead of a countdown while there is no exit date.
"""

from __future__ import annotations

import heapq
from datetime import date
from typing import TYPE_CHECKING, Literal, NamedTuple

from exitplan.domain.dates import shift
from exitplan.domain.model import PRIORITY_RANK
from exitplan.domain.schedule import ALERT_FLAGS, BEHIND_FLAGS, Scheduled, days_left, urgency_key
from exitplan.domain.situation import danger_signs

if TYPE_CHECKING:
    from exitplan.domain.model import Entry
    from exitplan.domain.plan import Plan

# How many steps of each group the status screen shows in full (it counts the rest).
FEW = 3  # behind, and coming next
SHOW_DANGER = 6
SHOW_TODAY = 8
Which = Literal["open", "done", "all", "attention"]


class Totals(NamedTuple):
    """Counts of the steps that apply (and, apart, of those that do not)."""

    items: int
    done: int
    skipped: int
    open: int
    overdue: int
    due_soon: int
    open_at_exit: int
    not_for_you: int  # steps the situation answers set aside
    if_time: int  # open steps kept for if there is time

    def data(self) -> dict[str, int]:
        """The totals in the documented JSON shape."""
        return {
            "items": self.items,
            "done": self.done,
            "skipped": self.skipped,
            "open": self.open,
            "overdue": self.overdue,
            "due_soon": self.due_soon,
            "open_at_exit": self.open_at_exit,
        }


class Progress(NamedTuple):
    """One checklist's steps that apply: done, set aside (skipped) and in all."""

    id: str
    title: str
    done: int
    skipped: int
    total: int


class Attention(NamedTuple):
    """What needs attention on the day, in the order the status screen shows it (full lists).

    `dangers`: the danger-sign questions answered yes; `phone`: the last phone check found a
    sign; `danger`: the open steps for either, critical first; `today`: due today; `behind`:
    every step behind, most important first;
    `coming`: what is due soon after today (or, when nothing is, the next few dated steps);
    `due_soon`: how many steps are due from today to the end of the warning window. No step is
    in two groups.
    """

    dangers: tuple[str, ...]
    danger: tuple[Scheduled, ...]
    today: tuple[Scheduled, ...]
    behind: tuple[Scheduled, ...]
    coming: tuple[Scheduled, ...]
    due_soon: int
    phone: bool = False

    def rows(self) -> list[Scheduled]:
        """Every step in the groups, in screen order (what `list --attention` prints)."""
        return [*self.danger, *self.today, *self.behind, *self.coming]

    @property
    def quiet(self) -> bool:
        """Nothing is for the danger signs, for today, behind, or due soon."""
        return not (self.danger or self.today or self.behind or self.due_soon)


class DayView(NamedTuple):
    """The plan as it stands on one day (see the module text)."""

    plan: Plan
    today: date
    rows: tuple[Scheduled, ...]  # every step, in plan order
    totals: Totals
    progress: tuple[Progress, ...]
    attention: Attention
    alerts: tuple[Scheduled, ...]
    days_left: int | None
    alerting: int  # open steps that apply and may alert the partner
    for_now: tuple[Scheduled, ...]  # open steps that need no exit date, in plan order

    @property
    def exit_date(self) -> date | None:
        """The day the person plans to leave, if set."""
        return self.plan.exit_date

    @property
    def has_plan(self) -> bool:
        """Whether a plan was made (else the view shows the built-in checklists)."""
        return self.plan.state is not None

    def row(self, entry: Entry) -> Scheduled:
        """The row of one step (its date is the one the whole plan gives it)."""
        for row in self.rows:
            if row.entry.number == entry.number:
                return row
        raise KeyError(entry.full_id)

    def open_rows(self) -> list[Scheduled]:
        """Every open step that applies, most urgent first: what `review` walks through."""
        return sorted((row for row in self.rows if row.entry.live), key=urgency_key)

    def listing(self, which: Which = "open", checklist: str | None = None) -> list[Scheduled]:
        """The rows `list` shows: open steps that apply (the default), done and skipped ones,
        all of them, or exactly what needs attention; of one checklist id when given."""
        if which == "attention":
            rows = self.attention.rows()
        elif which == "all":
            rows = list(self.rows)
        elif which == "done":
            rows = [row for row in self.rows if not row.entry.is_open]
        elif which == "open":
            rows = [row for row in self.rows if row.entry.live]
        else:
            raise ValueError(f"no such listing: {which!r}")
        if checklist is None:
            return rows
        return [row for row in rows if row.entry.checklist.id == checklist]


class Shown(NamedTuple):
    """What a screen of given sizes shows of the steps that need attention: each group cut to
    its size, in the screen's order, and how many more there are."""

    danger: tuple[Scheduled, ...]
    today: tuple[Scheduled, ...]
    behind: tuple[Scheduled, ...]
    coming: tuple[Scheduled, ...]
    more: int

    def rows(self) -> list[Scheduled]:
        """Every step shown, in screen order."""
        return [*self.danger, *self.today, *self.behind, *self.coming]


def shown_attention(
    groups: Attention,
    *,
    danger: int = SHOW_DANGER,
    today: int = SHOW_TODAY,
    behind: int = FEW,
    coming: int = FEW,
) -> Shown:
    """The steps that need attention as a screen of these sizes shows them, group by group in
    its order, and how many more there are (a size of 0 or less shows none of its group)."""
    cut = (
        groups.danger[: max(danger, 0)],
        groups.today[: max(today, 0)],
        groups.behind[: max(behind, 0)],
        groups.coming[: max(coming, 0)],
    )
    return Shown(*cut, more=len(groups.rows()) - sum(map(len, cut)))


def shown_for_now(view: DayView, now: int) -> tuple[tuple[Scheduled, ...], int]:
    """The steps for now (no exit date) a screen of `now` rows shows, in plan order, and how
    many more there are (a size of 0 or less shows none)."""
    shown = view.for_now[: max(now, 0)]
    return shown, len(view.for_now) - len(shown)


def importance(row: Scheduled) -> tuple[int, date, int]:
    """Sort key: critical first, then the earlier due date, then plan order."""
    return (PRIORITY_RANK[row.entry.item.priority], row.due or date.max, row.entry.number)


def soonest(row: Scheduled) -> tuple[date, int, int]:
    """Sort key: the earlier due date first, then priority, then plan order."""
    return (row.due or date.max, PRIORITY_RANK[row.entry.item.priority], row.entry.number)


def day_view(plan: Plan, today: date) -> DayView:
    """The plan as it stands on `today`, in one walk over its schedule."""
    return view_of_rows(plan, today, plan.rows(today))


def view_of_rows(  # noqa: PLR0912, PLR0915 (one walk over every step, on purpose)
    plan: Plan, today: date, rows: list[Scheduled]
) -> DayView:
    """The day view of `plan` on `today` from its scheduled rows (every step, in plan order)."""
    horizon = shift(today, plan.warn_days)
    counts: dict[str, list[int]] = {c.id: [0, 0, 0] for c in plan.checklists}
    items = done = skipped = overdue = due_soon_flag = open_at_exit = 0
    not_for_you = if_time = alerting = 0
    danger: list[Scheduled] = []
    behind: list[Scheduled] = []
    due_today: list[Scheduled] = []
    soon: list[Scheduled] = []
    later: list[Scheduled] = []
    alerts: list[Scheduled] = []
    for_now: list[Scheduled] = []
    for row in rows:  # one walk: this runs on every status, for every step of the plan
        entry = row.entry
        if not entry.applies:
            not_for_you += 1
            continue
        items += 1
        count = counts.get(entry.checklist.id)
        if count is not None:
            count[2] += 1
        status = entry.state.status
        if status != "open":
            if status == "done":
                done += 1
                if count is not None:
                    count[0] += 1
            else:
                skipped += 1
                if count is not None:
                    count[1] += 1
            continue
        due, flag = row.due, row.flag
        if flag is not None:
            if flag == "overdue":
                overdue += 1
            elif flag == "due_soon":
                due_soon_flag += 1
            elif flag == "open_at_exit":
                open_at_exit += 1
            if flag in ALERT_FLAGS:
                alerts.append(row)
        if row.if_time:
            if_time += 1
        if entry.item.when == "anytime":
            for_now.append(row)
        if entry.item.alerts_partner:
            alerting += 1
        if entry.danger:
            danger.append(row)
        if flag in BEHIND_FLAGS:
            behind.append(row)
        elif due == today:
            due_today.append(row)
        if due is not None and due > today:
            (soon if due <= horizon else later).append(row)
    dangers = danger_signs(plan.situation)
    phone = plan.phone_flagged
    first = sorted(danger, key=importance) if dangers or phone else []
    # What is due soon after today; when nothing is, the next few dated steps.
    coming = sorted(soon, key=soonest) if soon else heapq.nsmallest(FEW, later, key=soonest)
    taken = {row.entry.number for row in first}

    def fresh(group: list[Scheduled]) -> tuple[Scheduled, ...]:
        return tuple(row for row in group if row.entry.number not in taken)

    totals = Totals(
        items=items,
        done=done,
        skipped=skipped,
        open=items - done - skipped,
        overdue=overdue,
        due_soon=due_soon_flag,
        open_at_exit=open_at_exit,
        not_for_you=not_for_you,
        if_time=if_time,
    )
    return DayView(
        plan=plan,
        today=today,
        rows=tuple(rows),
        totals=totals,
        progress=tuple(Progress(c.id, c.title, *counts[c.id]) for c in plan.checklists),
        attention=Attention(
            dangers=dangers,
            danger=tuple(first),
            today=fresh(sorted(due_today, key=importance)),
            behind=fresh(sorted(behind, key=importance)),
            coming=fresh(coming),
            due_soon=due_soon_flag,  # the schedule's flag: due from today to the horizon
            phone=phone,
        ),
        alerts=tuple(sorted(alerts, key=urgency_key)),
        days_left=days_left(plan.exit_date, today),
        alerting=alerting,
        for_now=tuple(for_now),
    )
