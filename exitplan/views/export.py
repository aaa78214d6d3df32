"""The plan as data (JSON shapes); the printable summaries live in `summary` and `printable`."""

from __future__ import annotations

import heapq
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, NamedTuple

from exitplan.domain.attention import FEW, _importance, _soonest, for_now
from exitplan.domain.flags import FLAGS
from exitplan.domain.pacing import shift
from exitplan.domain.schedule import ALERT_FLAGS, BEHIND_FLAGS, Scheduled, days_left, most_urgent
from exitplan.domain.situation import danger_signs

if TYPE_CHECKING:
    from collections.abc import Iterable

    from exitplan.domain.model import Event
    from exitplan.domain.plan import Plan
    from exitplan.domain.region import Local
    from exitplan.domain.schedule import Entry
    from exitplan.formats.catalog import Catalog
    from exitplan.journal.records import Moment

# Derived from the one flag table; kept under this name for the modules that import it.
FLAG_WORDS = {name: flag.word for name, flag in FLAGS.items()}


def rows_for(plan: Plan, today: date, entries: Iterable[Entry] | None = None) -> list[Scheduled]:
    """Entries of the plan (all by default) with their due date and flag for today.

    The schedule is always paced over the whole plan (with its daily limit), so one step shows
    the same date in `show`, `list` and `status`.
    """
    rows = plan.rows(today)
    if entries is None:
        return rows
    wanted = {entry.full_id for entry in entries}
    return [row for row in rows if row.entry.full_id in wanted]


def totals(rows: list[Scheduled]) -> dict[str, int]:
    """Counts of the steps that apply, by status and flag."""
    status = {"open": 0, "done": 0, "skipped": 0}
    flags: dict[str | None, int] = dict.fromkeys((None, *FLAGS), 0)
    items = 0
    for row in rows:  # one walk: this runs on every status, for every step of the plan
        entry = row.entry
        if entry.applies:
            items += 1
            status[entry.state.status] += 1
            flags[row.flag] += 1
    return {
        "items": items,
        "done": status["done"],
        "skipped": status["skipped"],
        "open": status["open"],
        "overdue": flags["overdue"],
        "due_soon": flags["due_soon"],
        "open_at_exit": flags["open_at_exit"],
    }


def progress(plan: Plan, rows: list[Scheduled]) -> list[dict[str, Any]]:
    """Done and total per checklist, counting only steps that apply (skipped: settled, not done)."""
    counts: dict[str, list[int]] = {c.id: [0, 0, 0] for c in plan.checklists}
    for row in rows:  # one walk over the rows, not one per checklist
        entry = row.entry
        if entry.applies:
            count = counts.get(entry.checklist.id)
            if count is not None:
                count[2] += 1
                status = entry.state.status
                if status == "done":
                    count[0] += 1
                elif status == "skipped":
                    count[1] += 1
    return [
        {
            "id": checklist.id,
            "title": checklist.title,
            "done": counts[checklist.id][0],
            "skipped": counts[checklist.id][1],
            "total": counts[checklist.id][2],
        }
        for checklist in plan.checklists
    ]


def item_data(row: Scheduled) -> dict[str, Any]:
    """One item in the `list --json` shape."""
    entry = row.entry
    return {
        "id": entry.full_id,
        "number": entry.number,
        "checklist": entry.checklist.id,
        "title": entry.item.title,
        "why": entry.item.why,
        "status": entry.state.status,
        "due": row.due.isoformat() if row.due else None,
        "flag": row.flag,
        "priority": entry.item.priority,
        "when": entry.item.when,
        "alerts_partner": entry.item.alerts_partner,
        "custom": entry.custom,
        "applies": entry.applies,
        "if_time": row.if_time,
        "urgent": row.urgent,
        "reflective": entry.item.reflective,
        "checked": entry.item.checked,
    }


def event_data(event: Event) -> dict[str, Any]:
    """One history event as JSON data (times as ISO strings)."""
    return {
        key: value.isoformat() if isinstance(value, (date, datetime)) else value
        for key, value in event.to_dict().items()
    }


def item_events(plan: Plan, entry: Entry) -> list[Event]:
    """The history of one item, oldest first."""
    return [e for e in (plan.state.history if plan.state else []) if e.item == entry.full_id]


def item_detail(row: Scheduled, events: list[Event], region: Local | None = None) -> dict[str, Any]:
    """One item in full, in the `show --json` shape (`local`: the place's facts it names)."""
    from exitplan.views.local import facts_data, step_facts

    entry = row.entry
    return item_data(row) | {
        "how": entry.item.how,
        "caution": entry.item.caution,
        "note": entry.state.note,
        "reason": entry.state.reason,
        "sources": entry.item.sources,
        "local": facts_data(step_facts(entry.item, region)),
        "history": [event_data(e) for e in events],
    }


def checklist_rows(catalog: Catalog, plan: Plan) -> list[dict[str, Any]]:
    """Every checklist that can be used, with its item count and whether it is in the plan."""
    in_plan = {c.id for c in plan.checklists}
    return [
        {
            "id": c.id,
            "title": c.title,
            "summary": c.summary,
            "items": len(c.items),
            "builtin": c.builtin,
            "in_plan": c.id in in_plan,
        }
        for c in catalog.checklists
    ]


def flagged_data(row: Scheduled) -> dict[str, Any]:
    """One step in the short shape `status --json` lists."""
    entry = row.entry
    return {
        "id": entry.full_id,
        "number": entry.number,
        "title": entry.item.title,
        "checklist": entry.checklist.id,
        "due": row.due.isoformat() if row.due else None,
        "flag": row.flag,
        "priority": entry.item.priority,
        "alerts_partner": entry.item.alerts_partner,
        "when": entry.item.when,
        "applies": entry.applies,
        "if_time": row.if_time,
        "urgent": row.urgent,
        "reflective": entry.item.reflective,
    }


class Groups(NamedTuple):
    """What needs attention, in the order the status screen shows it (full lists).

    `danger`: the open steps for danger signs answered yes (`dangers`), critical first;
    `today`: due today; `behind`: every step behind, most important first; `coming`: what is
    due soon after today (or, when nothing is, the next few dated steps); `due_soon`: steps due
    from today to the end of the warning window; `if_time`: steps kept for if there is time.
    No step is in two groups.
    """

    dangers: tuple[str, ...]
    danger: list[Scheduled]
    today: list[Scheduled]
    behind: list[Scheduled]
    coming: list[Scheduled]
    due_soon: int
    if_time: int
    phone: bool = False  # the last phone check found a sign: its steps are in `danger`

    def rows(self) -> list[Scheduled]:
        """Every step in the groups, in screen order (what `list --attention` prints)."""
        return [*self.danger, *self.today, *self.behind, *self.coming]


def attention_groups(plan: Plan, rows: list[Scheduled], today: date) -> Groups:
    """Group the rows for today (see Groups), in one walk over the rows."""
    horizon = shift(today, plan.warn_days)
    danger: list[Scheduled] = []
    behind: list[Scheduled] = []
    due_today: list[Scheduled] = []
    soon: list[Scheduled] = []
    later: list[Scheduled] = []
    due_soon = if_time = 0
    for row in rows:
        entry = row.entry
        if entry.state.status != "open" or not entry.applies:
            continue
        due, flag = row.due, row.flag
        if row.if_time:
            if_time += 1
        if entry.danger:
            danger.append(row)
        if flag in BEHIND_FLAGS:
            behind.append(row)
        elif due == today:
            due_today.append(row)
        if due is not None:
            if due > today:
                (soon if due <= horizon else later).append(row)
            if flag == "due_soon" and today <= due <= horizon:
                due_soon += 1
    dangers = danger_signs(plan.situation)
    phone = plan.phone_flagged
    danger = sorted(danger, key=_importance) if dangers or phone else []
    # What is due soon after today; when nothing is, the next few dated steps.
    coming = sorted(soon, key=_soonest) if soon else heapq.nsmallest(FEW, later, key=_soonest)
    taken = {row.entry.full_id for row in danger}

    def fresh(group: list[Scheduled]) -> list[Scheduled]:
        return [row for row in group if row.entry.full_id not in taken] if taken else group

    return Groups(
        dangers=dangers,
        danger=danger,
        today=fresh(sorted(due_today, key=_importance)),
        behind=fresh(sorted(behind, key=_importance)),
        coming=fresh(coming),
        due_soon=due_soon,
        if_time=if_time,
        phone=phone,
    )


def status_data(
    plan: Plan, today: date, *, journal: tuple[int, date | None] | None = None
) -> dict[str, Any]:
    """The facts `status` shows, in the documented JSON shape (`journal`: records, last date)."""
    from exitplan.views.inventory import notices_data

    rows = rows_for(plan, today)
    flagged = most_urgent([row for row in rows if row.flag in ALERT_FLAGS])  # sort only those
    groups = attention_groups(plan, rows, today)
    return {
        "today": today.isoformat(),
        "exit_date": plan.exit_date.isoformat() if plan.exit_date else None,
        "days_left": days_left(plan.exit_date, today),
        "has_plan": plan.state is not None,
        "totals": totals(rows),
        "checklists": [
            {key: value for key, value in c.items() if key != "skipped"}
            for c in progress(plan, rows)
        ],
        "flagged": [flagged_data(row) for row in flagged],
        "situation": plan.situation,
        "region": plan.state.region if plan.state else None,
        "per_day": plan.per_day,
        "if_time": groups.if_time,
        "not_for_you": sum(not row.entry.applies for row in rows),
        "attention": {
            "danger_signs": list(groups.dangers),
            "phone_signs": groups.phone,
            "danger": [flagged_data(row) for row in groups.danger],
            "today": [flagged_data(row) for row in groups.today],
            "behind": [flagged_data(row) for row in groups.behind],
            "coming": [flagged_data(row) for row in groups.coming],
            "behind_count": len(groups.behind),
            "due_soon_count": groups.due_soon,
            "for_now": [flagged_data(row) for row in for_now(rows)],
        },
        "inventories": []
        if plan.state is None
        else notices_data(plan.state.inventory, plan.exit_date, today),
        "journal": None
        if journal is None
        else {
            "records": journal[0],
            "last_written": journal[1].isoformat() if journal[1] else None,
        },
    }


def summary_data(
    plan: Plan,
    today: date,
    timeline: tuple[Moment, ...] | None = None,
    inventories: tuple[str, ...] = (),
) -> dict[str, Any]:
    """Everything in the plan, for `summary --format json` (`journal`: null unless asked for;
    `inventories` only those asked for)."""
    from exitplan.views.local import facts_data, step_facts

    rows = rows_for(plan, today)
    items = []
    for row in rows:
        data = item_data(row)
        data["note"] = row.entry.state.note
        data["reason"] = row.entry.state.reason
        data["how"] = row.entry.item.how
        data["caution"] = row.entry.item.caution
        data["sources"] = row.entry.item.sources
        data["local"] = facts_data(step_facts(row.entry.item, plan.region))
        items.append(data)
    region = plan.region
    return {
        "today": today.isoformat(),
        "exit_date": plan.exit_date.isoformat() if plan.exit_date else None,
        "days_left": days_left(plan.exit_date, today),
        "region": {"code": region.code, "name": region.label} if region else None,
        "totals": totals(rows),
        "checklists": progress(plan, rows),
        "items": items,
        "journal": None
        if timeline is None
        else [
            {
                "number": m.number,
                "when": m.when,
                "what": m.what,
                "corrections": m.corrections,
                "files": m.files,
            }
            for m in timeline
        ],
        "inventories": _inventories_data(plan, today, inventories),
    }


def _inventories_data(plan: Plan, today: date, names: tuple[str, ...]) -> dict[str, Any]:
    """The inventories asked for, each as `exitplan NAME --json` prints it (none unless asked)."""
    if not names or plan.state is None:
        return {}
    from exitplan.views.inventory import section_json

    return {
        name: section_json(name, plan.state.inventory, plan.exit_date, today, plan)
        for name in ("documents", "accounts", "money")
        if name in names
    }


def countdown_text(exit_date: date | None, today: date) -> str:
    """A calm sentence about the exit date."""
    left = days_left(exit_date, today)
    if exit_date is None or left is None:
        return "No exit date is set yet, so steps timed from it have no deadline."
    when = f"{exit_date:%A} {exit_date.day} {exit_date:%B %Y}"
    if left > 1:
        return f"{left} days until {when}."
    if left == 1:
        return f"Tomorrow is the day: {when}."
    if left == 0:
        return f"Today is the day: {when}."
    if left == -1:
        return f"The exit date, {when}, was yesterday."
    return f"The exit date, {when}, was {-left} days ago."


def status_word(row: Scheduled) -> str:
    """How a row reads in a summary: done, skipped, or its flag."""
    state = row.entry.state
    if state.status == "done":
        return "done"
    if state.status == "skipped":
        return "skipped" + (f" ({state.reason})" if state.reason else "")
    return FLAG_WORDS.get(row.flag or "", "open")


def history_lines(events: list[Event]) -> list[str]:
    """The log of changes, one line each, in local time."""
    lines = []
    for event in events:
        what = " ".join(part for part in (event.action, event.item or "") if part)
        lines.append(
            f"{event.at.astimezone():%Y-%m-%d %H:%M}  {what}"
            + (f"  ({event.detail})" if event.detail else "")
        )
    return lines


def backup_lines(rows: list[dict[str, Any]]) -> list[str]:
    """Kept backups, one line each: number, time taken (local), exit date and progress."""
    lines = []
    for row in rows:
        taken = datetime.fromisoformat(row["taken"]).astimezone()
        detail = (
            f"exit {row['exit_date'] or 'not set'}, {row['done']}/{row['total']} done"
            if row["readable"]
            else "cannot be read"
        )
        lines.append(f"{row['number']:>3}  {taken:%Y-%m-%d %H:%M:%S}  {detail}")
    return lines
