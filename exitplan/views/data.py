"""The plan as data: the JSON shapes of `status`, `list`, `show`, `checklists`, `history` and the
summary, all read from the day view (nothing here works out a row, a total or a group)."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from exitplan.views.local import facts_data, step_facts, step_neutral
from exitplan.views.notices import notices_data

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from exitplan.domain.day import DayView, Progress
    from exitplan.domain.model import Entry, Event, Shelf
    from exitplan.domain.plan import Plan
    from exitplan.domain.region import Local
    from exitplan.domain.schedule import Scheduled
    from exitplan.journal.records import Moment
    from exitplan.views.shapes import (
        ChecklistRow,
        EventJson,
        FlaggedData,
        InventoryJson,
        ItemData,
        ItemDetail,
        ProgressData,
        StatusData,
        SummaryData,
        SummaryItem,
    )


# The version of every JSON document exitplan prints (`--json`, `summary --format json`): a script
# can tell a shape it knows. Raised only when a key changes meaning or goes; README "JSON and
# exit codes". The arrays (`list`, `checklists`, `history`, `backups`, `log list`) stay arrays,
# as scripts read them; their shape is this version's too.
JSON_VERSION = 1


def versioned(document: object) -> object:
    """A JSON document with its schema version first (an array is left as it is)."""
    if isinstance(document, dict):
        return {"version": JSON_VERSION, **document}
    return document


def item_data(row: Scheduled) -> ItemData:
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


def event_data(event: Event) -> EventJson:
    """One history event as JSON data (its time as ISO text, empty fields left out)."""
    data: EventJson = {"at": event.at.isoformat(), "action": event.action}
    if event.item is not None:
        data["item"] = event.item
    if event.detail is not None:
        data["detail"] = event.detail
    return data


def item_events(plan: Plan, entry: Entry) -> list[Event]:
    """The history of one item, oldest first."""
    return [e for e in (plan.state.history if plan.state else []) if e.item == entry.full_id]


def item_detail(row: Scheduled, events: list[Event], region: Local | None = None) -> ItemDetail:
    """One item in full, in the `show --json` shape (`local`: the place's facts it names;
    `neutral`: those the place keeps in general words, with why and whom to ask)."""
    entry = row.entry
    return {
        **item_data(row),
        "how": entry.item.how,
        "caution": entry.item.caution,
        "note": entry.state.note,
        "reason": entry.state.reason,
        "sources": entry.item.sources,
        "local": facts_data(step_facts(entry.item, region)),
        "neutral": [kept.to_data() for kept in step_neutral(entry.item, region)],
        "history": [event_data(e) for e in events],
    }


def checklist_rows(catalog: Shelf, plan: Plan) -> list[ChecklistRow]:
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


def flagged_data(row: Scheduled) -> FlaggedData:
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


def progress_data(progress: Iterable[Progress], *, skipped: bool = True) -> list[ProgressData]:
    """Done and total per checklist (and how many are set aside, unless `skipped` is False)."""
    if not skipped:
        return [{"id": p.id, "title": p.title, "done": p.done, "total": p.total} for p in progress]
    return [
        {"id": p.id, "title": p.title, "done": p.done, "skipped": p.skipped, "total": p.total}
        for p in progress
    ]


def status_data(view: DayView, *, journal: tuple[int, date | None] | None = None) -> StatusData:
    """The facts `status` shows, in the documented JSON shape (`journal`: records, last date).

    `attention` is what the screen shows, in its order; `flagged` is every alert (every open
    step overdue, still open at the exit or due soon), most urgent first.
    """
    plan, groups = view.plan, view.attention
    return {
        "today": view.today.isoformat(),
        "exit_date": plan.exit_date.isoformat() if plan.exit_date else None,
        "days_left": view.days_left,
        "has_plan": view.has_plan,
        "totals": view.totals.data(),
        "checklists": progress_data(view.progress, skipped=False),
        "flagged": [flagged_data(row) for row in view.alerts],
        "situation": plan.situation,
        "region": plan.state.region if plan.state else None,
        "per_day": plan.per_day,
        "if_time": view.totals.if_time,
        "not_for_you": view.totals.not_for_you,
        "attention": {
            "danger_signs": list(groups.dangers),
            "phone_signs": groups.phone,
            "danger": [flagged_data(row) for row in groups.danger],
            "today": [flagged_data(row) for row in groups.today],
            "behind": [flagged_data(row) for row in groups.behind],
            "coming": [flagged_data(row) for row in groups.coming],
            "behind_count": len(groups.behind),
            "due_soon_count": groups.due_soon,
            "for_now": [flagged_data(row) for row in view.for_now],
        },
        "inventories": []
        if plan.state is None
        else notices_data(plan.state.inventory, plan.exit_date, view.today),
        "journal": None
        if journal is None
        else {
            "records": journal[0],
            "last_written": journal[1].isoformat() if journal[1] else None,
        },
    }


def summary_data(
    view: DayView,
    timeline: tuple[Moment, ...] | None = None,
    inventories: Mapping[str, InventoryJson] | None = None,
) -> SummaryData:
    """Everything in the plan, for `summary --format json` (`journal`: null unless asked for).

    The steps set aside as not for you are left out of `items` (an advocate must never read one
    as open) and counted in `not_for_you`; `attention` is what the status screen shows.
    """
    plan = view.plan
    items: list[SummaryItem] = [
        {
            **item_data(row),
            "note": row.entry.state.note,
            "reason": row.entry.state.reason,
            "how": row.entry.item.how,
            "caution": row.entry.item.caution,
            "sources": row.entry.item.sources,
            "local": facts_data(step_facts(row.entry.item, plan.region)),
        }
        for row in view.rows
        if row.entry.applies
    ]
    region = plan.region
    return {
        "today": view.today.isoformat(),
        "exit_date": plan.exit_date.isoformat() if plan.exit_date else None,
        "days_left": view.days_left,
        "region": {"code": region.code, "name": region.label} if region else None,
        "totals": view.totals.data(),
        "checklists": progress_data(view.progress),
        "situation": plan.situation,
        "attention": [item_data(row) for row in view.attention.rows()],
        "not_for_you": view.totals.not_for_you,
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
        "inventories": inventories or {},
    }
