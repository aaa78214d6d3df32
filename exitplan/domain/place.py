"""The plan as the person's place reads it, and choosing that place.

`local_plan` joins the checklists with the state (`plan.build_plan`), then puts the place's
facts into the steps that name them (`{{court-order|a protection order}}`) and sets aside the
steps kept for other places. Without a place, the steps read in their general words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from exitplan.domain.plan import Plan, build_plan, record
from exitplan.domain.region import in_place, localised

if TYPE_CHECKING:
    from datetime import datetime

    from exitplan.domain.model import PlanState, Shelf
    from exitplan.domain.pacing import Pace
    from exitplan.domain.region import Local


def local_plan(
    catalog: Shelf,
    state: PlanState | None,
    paced: Pace | None = None,
    region: Local | None = None,
) -> Plan:
    """The plan in the words of `region`, the place `state.region` names (else: general words).

    `paced`: the pacing of exactly this catalog and state, when it is already known."""
    return localise(build_plan(catalog, state, paced), region)


def localise(plan: Plan, region: Local | None) -> Plan:
    """Each step as the plan's place reads it, and the steps kept for other places set aside."""
    place = plan.state.region if plan.state else None
    texts = region.texts() if region is not None and region.code == place else None
    entries = tuple(
        entry._replace(
            item=localised(entry.item, texts) if entry.item.facts else entry.item,
            applies=entry.applies
            and (not entry.item.regions or in_place(entry.item.regions, place)),
        )
        if entry.item.facts or entry.item.regions
        else entry
        for entry in plan.entries
    )
    return plan._replace(entries=entries, region=region if texts is not None else None)


def set_region(state: PlanState, code: str | None, now: datetime) -> bool:
    """Choose where the person lives (None: not chosen); False if it was already so. The
    history says only that it changed, never where."""
    if state.region == code:
        return False
    state.region = code
    record(state, now, "region", detail="where you live changed")
    return True
