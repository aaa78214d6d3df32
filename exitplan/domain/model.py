"""The domain: checklists, items and the plan state, as plain dataclasses.

They hold data that is already valid. Files are validated into them by `schema` (pydantic), and
the hot path (`status`, `list`) builds them straight from the cache without importing pydantic.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from exitplan.base.limits import DEFAULT_WARN_DAYS, SCHEMA_VERSION, Priority, Status, When
from exitplan.domain.dates import format_offset
from exitplan.domain.inventory import Inventory, inventory_data

__all__ = ["SCHEMA_VERSION", "Priority", "Status", "When"]

PRIORITY_RANK: dict[str, int] = {"critical": 0, "high": 1, "normal": 2, "low": 3}


@dataclass(frozen=True)
class Due:
    """When an item is due: an offset in days from the exit date, or a fixed date."""

    offset: int = 0
    on: date | None = None

    def text(self) -> str:
        """The form written in files: `-21d`, `exit`, or an ISO date."""
        return self.on.isoformat() if self.on else format_offset(self.offset)


@dataclass
class Item:
    """One step of a checklist. Its lists are tuples: an item is a value, shared and never
    changed (the empty ones cost nothing to build on a 10,000-step plan)."""

    id: str
    title: str
    why: str
    how: str | None = None
    due: Due = field(default_factory=Due)
    priority: Priority = "normal"
    when: When = "before"
    alerts_partner: bool = False
    caution: str | None = None
    sources: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    applies_if: tuple[str, ...] = ()
    only_if: tuple[str, ...] = ()
    unless: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    reflective: bool = False
    # The day the sources were last checked, as ISO text (a date kept as text: the cache is JSON).
    checked: str | None = None
    # The local facts its texts name ({{court-order|...}}), and the places it is kept for
    # (empty: everywhere); see exitplan.domain.region.
    facts: tuple[str, ...] = ()
    regions: tuple[str, ...] = ()


@dataclass
class Checklist:
    """A checklist file: a titled group of items."""

    id: str
    title: str
    summary: str = ""
    order: int = 1000
    items: list[Item] = field(default_factory=list)
    builtin: bool = False


@dataclass(frozen=True)
class ItemState:
    """What the person has done about one item (a value: a change makes a new one)."""

    status: Status = "open"
    changed: datetime | None = None
    note: str | None = None
    reason: str | None = None


@dataclass
class CustomItem:
    """An item the person added to a checklist themselves."""

    checklist: str
    id: str
    title: str
    added: datetime
    why: str | None = None
    due: Due | None = None
    priority: Priority = "normal"

    def as_item(self) -> Item:
        """The custom item as an ordinary checklist item."""
        due = self.due or Due()
        when: When = "after" if due.on is None and due.offset > 0 else "before"
        return Item(
            id=self.id,
            title=self.title,
            why=self.why or "A step you added yourself.",
            due=due,
            priority=self.priority,
            when=when,
        )


@dataclass
class Event:
    """One line of the plan's change log."""

    at: datetime
    action: str
    item: str | None = None
    detail: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The event as plain data, without empty fields."""
        return _without_none(
            {"at": self.at, "action": self.action, "item": self.item, "detail": self.detail}
        )


@dataclass(frozen=True)
class PhoneCheck:
    """The outcome of the last check of one phone: when, the kinds of sign found (none: nothing
    found, which never means safe), and the phone's model when the phone said it."""

    checked: datetime
    signs: tuple[str, ...] = ()
    model: str | None = None


@dataclass(frozen=True)
class DeviceAnswer:
    """One answer of the guided iPhone check, kept like an inventory row."""

    answer: str
    checked: datetime


@dataclass
class PlanState:
    """Everything exitplan keeps about the person's plan."""

    created: datetime
    exit_date: date | None = None
    planned_on: date | None = None
    warn_days: int = DEFAULT_WARN_DAYS
    checklists: list[str] = field(default_factory=list)
    items: dict[str, ItemState] = field(default_factory=dict)
    custom: list[CustomItem] = field(default_factory=list)
    history: list[Event] = field(default_factory=list)
    # The situation answers (absent key: not answered) and the daily limit (None: the default).
    situation: dict[str, bool] = field(default_factory=dict)
    per_day: int | None = None
    # What the person has: documents, accounts and devices, money (see domain.inventory).
    inventory: Inventory = field(default_factory=Inventory)
    # Where the person lives: a place code such as "gb-sct" (None: not chosen).
    region: str | None = None
    # The last phone check of each kind ("android", "iphone") and the iPhone guide's answers.
    phone: dict[str, PhoneCheck] = field(default_factory=dict)
    iphone: dict[str, DeviceAnswer] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The plan as the plain data written to plan.toml (TOML cannot hold None)."""
        return _without_none(
            {
                "schema": SCHEMA_VERSION,
                "created": self.created,
                "exit_date": self.exit_date,
                "planned_on": self.planned_on,
                "warn_days": self.warn_days,
                "per_day": self.per_day,
                "checklists": list(self.checklists),
                "items": {
                    key: _without_none(
                        {
                            "status": s.status,
                            "changed": s.changed,
                            "note": s.note,
                            "reason": s.reason,
                        }
                    )
                    for key, s in self.items.items()
                },
                "custom": [
                    _without_none(
                        {
                            "checklist": c.checklist,
                            "id": c.id,
                            "title": c.title,
                            "why": c.why,
                            "due": c.due.on or format_offset(c.due.offset) if c.due else None,
                            "priority": c.priority,
                            "added": c.added,
                        }
                    )
                    for c in self.custom
                ],
                "situation": dict(self.situation) or None,
                **inventory_data(self.inventory),
                "region": self.region,
                "phone": {
                    kind: _without_none(
                        {"checked": c.checked, "signs": list(c.signs), "model": c.model}
                    )
                    for kind, c in self.phone.items()
                }
                or None,
                "iphone": {
                    key: {"answer": a.answer, "checked": a.checked}
                    for key, a in self.iphone.items()
                }
                or None,
                "history": [event.to_dict() for event in self.history],
            }
        )


def _without_none(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if value is not None}
