"""The plan as data (JSON shapes); the printable summaries live in `summary` and `printable`."""

from __future__ import annotations

from collections import Counter
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from exitplan.flags import FLAGS
from exitplan.schedule import ALERT_FLAGS, Scheduled, days_left, most_urgent, schedule

if TYPE_CHECKING:
    from collections.abc import Iterable

    from exitplan.catalog import Catalog
    from exitplan.model import Event
    from exitplan.plan import Plan
    from exitplan.schedule import Entry

# Derived from the one flag table; kept under this name for the modules that import it.
FLAG_WORDS = {name: flag.word for name, flag in FLAGS.items()}


def rows_for(plan: Plan, today: date, entries: Iterable[Entry] | None = None) -> list[Scheduled]:
    """Entries of the plan (all by default) with their due date and flag for today."""
    return schedule(
        plan.entries if entries is None else entries,
        plan.exit_date,
        today,
        plan.warn_days,
        start=plan.start,
        lead=plan.lead,
    )


def totals(rows: list[Scheduled]) -> dict[str, int]:
    """Counts of items by status and flag."""
    status = Counter(row.entry.state.status for row in rows)
    flags = Counter(row.flag for row in rows if row.flag)
    return {
        "items": len(rows),
        "done": status["done"],
        "skipped": status["skipped"],
        "open": status["open"],
        "overdue": flags["overdue"],
        "due_soon": flags["due_soon"],
        "open_at_exit": flags["open_at_exit"],
    }


def progress(plan: Plan, rows: list[Scheduled]) -> list[dict[str, Any]]:
    """Done and total per checklist (skipped items count as settled, not as done)."""
    result = []
    for checklist in plan.checklists:
        mine = [row for row in rows if row.entry.checklist.id == checklist.id]
        result.append(
            {
                "id": checklist.id,
                "title": checklist.title,
                "done": sum(row.entry.state.status == "done" for row in mine),
                "skipped": sum(row.entry.state.status == "skipped" for row in mine),
                "total": len(mine),
            }
        )
    return result


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


def item_detail(row: Scheduled, events: list[Event]) -> dict[str, Any]:
    """One item in full, in the `show --json` shape."""
    entry = row.entry
    return item_data(row) | {
        "how": entry.item.how,
        "caution": entry.item.caution,
        "note": entry.state.note,
        "reason": entry.state.reason,
        "sources": entry.item.sources,
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


def status_data(plan: Plan, today: date) -> dict[str, Any]:
    """The facts `status` shows, in the documented JSON shape."""
    rows = rows_for(plan, today)
    flagged = [row for row in most_urgent(rows) if row.flag in ALERT_FLAGS]
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
        "flagged": [
            {
                "id": row.entry.full_id,
                "number": row.entry.number,
                "title": row.entry.item.title,
                "checklist": row.entry.checklist.id,
                "due": row.due.isoformat() if row.due else None,
                "flag": row.flag,
                "priority": row.entry.item.priority,
                "alerts_partner": row.entry.item.alerts_partner,
            }
            for row in flagged
        ],
    }


def summary_data(plan: Plan, today: date) -> dict[str, Any]:
    """Everything in the plan, for `summary --format json`."""
    rows = rows_for(plan, today)
    items = []
    for row in rows:
        data = item_data(row)
        data["note"] = row.entry.state.note
        data["reason"] = row.entry.state.reason
        data["how"] = row.entry.item.how
        data["caution"] = row.entry.item.caution
        items.append(data)
    return {
        "today": today.isoformat(),
        "exit_date": plan.exit_date.isoformat() if plan.exit_date else None,
        "days_left": days_left(plan.exit_date, today),
        "totals": totals(rows),
        "checklists": progress(plan, rows),
        "items": items,
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
