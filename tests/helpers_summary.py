"""A small plan for the summary tests: a done step, a set-aside step, the person's tricky text."""

from __future__ import annotations

from datetime import datetime

from conftest import DATA, EXIT, MONEY, PAPERS, PLANNED

from exitplan.domain.model import Checklist
from exitplan.domain.plan import Plan, add_custom, build_plan, new_state, set_note, set_status
from exitplan.formats.catalog import Catalog
from exitplan.formats.checklistfile import load_checklist

NOW = datetime(2026, 11, 16, 9, 0)
TRICKY = 'Ask *Sam* about <the> [key] & "quotes" <b>bold</b>'
ACCENTS = "Zoë's café: naïve façade, Ελένη, Ёлка"
NOTE = f"{TRICKY}\n# not a heading\n1. not a list\n{ACCENTS}"


def make_plan(
    *, note: str = NOTE, title: str = TRICKY, extra: Checklist | None = None, done: bool = True
) -> Plan:
    """The two test checklists: step 1 done, step 5 set aside, a tricky note and own step."""
    lists = [load_checklist(DATA / f"{MONEY}.toml"), load_checklist(DATA / f"{PAPERS}.toml")]
    if extra is not None:
        lists.append(extra)
    catalog = Catalog(tuple(lists))
    state = new_state(NOW, catalog, [c.id for c in lists], EXIT, today=PLANNED)
    plan = build_plan(catalog, state)
    if done:
        set_status(state, plan.resolve("1"), "done", NOW)
    set_status(state, plan.resolve("5"), "skipped", NOW, reason="have none <yet>")
    set_note(state, plan.resolve("3"), note, NOW)
    add_custom(state, plan, PAPERS, title, NOW)
    return build_plan(catalog, state)
