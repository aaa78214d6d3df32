"""Rows built by hand for the unit tests: a scheduled step (its state, its due date and flag as
the schedule would give them, without building a whole plan) and an inventory's document."""

from __future__ import annotations

from datetime import date
from typing import Any

from exitplan.domain.inventory import Document
from exitplan.domain.model import Checklist, Due, Entry, Item, ItemState
from exitplan.domain.schedule import Flag, Scheduled

LIST = Checklist(id="money", title="Money")


def scheduled(
    number: int,
    due: date | None = None,
    flag: Flag | None = None,
    *,
    title: str = "",
    status: str = "open",
    reason: str | None = None,
    priority: str = "normal",
    when: str = "before",
    applies: bool = True,
    danger: bool = False,
    if_time: bool = False,
    passed: bool = False,
    alerts_partner: bool = False,
    checklist: Checklist = LIST,
) -> Scheduled:
    """Step `s<number>` of `checklist`, titled `title` (`Step <number>` when empty)."""
    fields: dict[str, Any] = {"priority": priority, "when": when, "alerts_partner": alerts_partner}
    item = Item(id=f"s{number}", title=title or f"Step {number}", why="W.", due=Due(-7), **fields)
    state = ItemState(status=status, reason=reason)  # type: ignore[arg-type]
    entry = Entry(number, checklist, item, state, applies=applies, danger=danger)
    return Scheduled(entry, due, flag, if_time, passed)


def doc(**fields: Any) -> Document:
    """Your passport, its original with you and a copy made, unless told otherwise."""
    values: dict[str, Any] = {"number": 1, "kind": "passport", "original": "drawer", "copy": True}
    return Document(**(values | fields))
