"""The domain: checklists, items and the plan state, as plain records.

They hold data that is already valid. Files are validated into them by `schema` (pydantic), and
the hot path (`status`, `list`) builds them straight from the cache without importing pydantic.
Values that never change are named tuples; the three records that do (a checklist, an item, the
plan state) are `Record`s: fields with their defaults on the class, compared by value. Neither
needs the `dataclasses` module, whose import (it loads `inspect`) would cost the glance a tenth
of its time.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import ClassVar, NamedTuple, Protocol, TypedDict, TypeVar

from exitplan.base.i18n import _
from exitplan.base.limits import DEFAULT_WARN_DAYS, SCHEMA_VERSION, Priority, Status, When
from exitplan.domain.dates import format_offset
from exitplan.domain.inventory import Inventory, inventory_data

PRIORITY_RANK: dict[str, int] = {"critical": 0, "high": 1, "normal": 2, "low": 3}
R = TypeVar("R", bound="Record")


class Record:
    """A record with named fields: the annotated names of its class, in order.

    A field's default is the class attribute of that name; `_FACTORIES` makes a fresh one for a
    field whose default is a list or a dict. Records are equal when their class and every field
    are; like the data they hold, they are not hashable.
    """

    _FIELDS: ClassVar[tuple[str, ...]] = ()
    _FACTORIES: ClassVar[dict[str, Callable[[], object]]] = {}

    def __init_subclass__(cls) -> None:
        # The class's own annotations (inspect.get_annotations would load `inspect` itself).
        names = cls.__dict__.get("__annotations__", {})  # noqa: RUF063
        cls._FIELDS = tuple(name for name in names if not name.startswith("_"))

    def __init__(self, *args: object, **kwargs: object) -> None:
        if len(args) > len(self._FIELDS):
            raise TypeError(f"{type(self).__name__} takes at most {len(self._FIELDS)} fields")
        given = dict(zip(self._FIELDS, args, strict=False))
        if given.keys() & kwargs.keys() or not kwargs.keys() <= set(self._FIELDS):
            raise TypeError(f"{type(self).__name__}: unknown or repeated field")
        given |= kwargs
        values = self.__dict__
        for name in self._FIELDS:
            if name in given:
                values[name] = given[name]
            elif name in self._FACTORIES:
                values[name] = self._FACTORIES[name]()
            elif not hasattr(type(self), name):
                raise TypeError(f"{type(self).__name__} needs its field '{name}'")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self._FIELDS)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._FIELDS)
        return f"{type(self).__name__}({shown})"

    def replace(self: R, **changes: object) -> R:
        """A copy with some fields changed."""
        return type(self)(**({n: getattr(self, n) for n in self._FIELDS} | changes))

    def fields(self) -> dict[str, object]:
        """Every field and its value, in order (the values themselves, not copies)."""
        return {n: getattr(self, n) for n in self._FIELDS}


class Due(NamedTuple):
    """When an item is due: an offset in days from the exit date, or a fixed date."""

    offset: int = 0
    on: date | None = None

    def text(self) -> str:
        """The form written in files: `-21d`, `exit`, or an ISO date."""
        return self.on.isoformat() if self.on else format_offset(self.offset)


class Item(Record):
    """One step of a checklist. Its lists are tuples: an item is a value, shared and never
    changed (the empty ones cost nothing to build on a 10,000-step plan)."""

    id: str
    title: str
    why: str
    how: str | None = None
    due: Due = Due()
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
    # The round of steps it came in: each round is numbered after every step of the rounds
    # before it, so adding steps to a checklist never changes a number someone has learnt.
    batch: int = 0
    # A step before the exit to do within a week of any danger sign answered yes (the bag, the
    # stash, the order): danger shortens its timeline, not only its place in the list.
    soon_if_danger: bool = False
    # A step before or on the exit day that cannot be done once the exit has passed (practise
    # the route out): after the exit it is never "behind", and it stays in the plan as history.
    moot_after_exit: bool = False


class Checklist(Record):
    """A checklist file: a titled group of items."""

    _FACTORIES: ClassVar[dict[str, Callable[[], object]]] = {"items": list}
    id: str
    title: str
    summary: str = ""
    order: int = 1000
    items: list[Item]
    builtin: bool = False


class ItemState(NamedTuple):
    """What the person has done about one item (a value: a change makes a new one)."""

    status: Status = "open"
    changed: datetime | None = None
    note: str | None = None
    reason: str | None = None


class Shelf(Protocol):
    """What the plan needs of a catalog: the checklists there are, in display order."""

    @property
    def checklists(self) -> tuple[Checklist, ...]:
        """Every checklist that can be used."""
        ...


class CustomItem(NamedTuple):
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
            why=self.why or _("A step you added yourself."),
            due=due,
            priority=self.priority,
            when=when,
        )


class EventData(TypedDict, total=False):
    """One event of the change log as the plan file keeps it (no empty fields)."""

    at: datetime
    action: str
    item: str
    detail: str


class Event(NamedTuple):
    """One line of the plan's change log."""

    at: datetime
    action: str
    item: str | None = None
    detail: str | None = None

    def to_dict(self) -> EventData:
        """The event as plain data, without empty fields."""
        data: EventData = {"at": self.at, "action": self.action}
        if self.item is not None:
            data["item"] = self.item
        if self.detail is not None:
            data["detail"] = self.detail
        return data


class PhoneCheck(NamedTuple):
    """The outcome of the last check of one phone: when, the kinds of sign found (none: nothing
    found, which never means safe), and the phone's model when the phone said it."""

    checked: datetime
    signs: tuple[str, ...] = ()
    model: str | None = None


class DeviceAnswer(NamedTuple):
    """One answer of the guided iPhone check, kept like an inventory row."""

    answer: str
    checked: datetime


class PlanState(Record):
    """Everything exitplan keeps about the person's plan."""

    _FACTORIES: ClassVar[dict[str, Callable[[], object]]] = (
        dict.fromkeys(("items", "situation", "answered", "phone", "iphone"), dict)
        | dict.fromkeys(("checklists", "custom", "history", "unsure"), list)
        | {"inventory": Inventory}
    )
    created: datetime
    exit_date: date | None = None
    planned_on: date | None = None
    warn_days: int = DEFAULT_WARN_DAYS
    checklists: list[str]
    items: dict[str, ItemState]
    custom: list[CustomItem]
    history: list[Event]
    # The situation answers (absent key: not answered) and the daily limit (None: the default).
    situation: dict[str, bool]
    per_day: int | None = None
    # The day each answer was last given or changed (a step it brings in is due from then).
    answered: dict[str, date]
    # The danger-sign questions answered "not sure" (kept apart from the yes and no answers).
    unsure: list[str]
    # What the person has: documents, accounts and devices, money (see domain.inventory).
    inventory: Inventory
    # Where the person lives: a place code such as "gb-sct" (None: not chosen).
    region: str | None = None
    # The last sealed copy of the journal kept elsewhere (`exitplan log copy`): when, and how
    # many records it held. Where it is is not kept.
    journal_copied: datetime | None = None
    journal_copied_records: int = 0
    # The last phone check of each kind ("android", "iphone") and the iPhone guide's answers.
    phone: dict[str, PhoneCheck]
    iphone: dict[str, DeviceAnswer]

    def to_data(self) -> dict[str, object]:
        """Every field as plain data (dates and times kept as they are), for the cache."""
        data = self.fields()
        data["items"] = {key: s._asdict() for key, s in self.items.items()}
        data["custom"] = [
            c._asdict() | {"due": c.due._asdict() if c.due else None} for c in self.custom
        ]
        data["history"] = [event._asdict() for event in self.history]
        data["phone"] = {kind: c._asdict() for kind, c in self.phone.items()}
        data["iphone"] = {key: a._asdict() for key, a in self.iphone.items()}
        return data

    def to_dict(self) -> dict[str, object]:
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
                "answered": dict(self.answered) or None,
                "unsure": sorted(self.unsure) or None,
                **inventory_data(self.inventory),
                "region": self.region,
                "journal_copied": self.journal_copied,
                "journal_copied_records": self.journal_copied_records or None,
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


class Entry(NamedTuple):
    """One item of the plan, joined with what the person has done about it."""

    number: int
    checklist: Checklist
    item: Item
    state: ItemState
    custom: bool = False
    applies: bool = True  # False: set aside as "not for you" by the situation answers
    danger: bool = False  # a step for a danger sign the person answered yes to
    # The day an answer brought the step in (or made it a danger-sign step), when that is later
    # than the day the exit date was chosen: the step is never due before it.
    since: date | None = None
    # The latest day for a step a danger sign hastens (`Item.soon_if_danger`): a week after
    # the first danger sign answered yes (None: no danger sign, or not such a step).
    by: date | None = None

    @property
    def full_id(self) -> str:
        """The id people type: `checklist.item`."""
        return f"{self.checklist.id}.{self.item.id}"

    @property
    def is_open(self) -> bool:
        """Neither done nor skipped."""
        return self.state.status == "open"

    @property
    def live(self) -> bool:
        """Open, and for this person: a step that still asks for something."""
        return self.applies and self.state.status == "open"


# The change log keeps the newest events and the first one (when the plan was made), so a
# plan changed every day for years still opens and saves quickly.
MAX_HISTORY = 2000
T = TypeVar("T")


def keep_history(events: list[T], action: Callable[[T], object]) -> list[T]:
    """The first event if it is the plan's `init`, then the newest MAX_HISTORY events."""
    if len(events) <= MAX_HISTORY + 1:
        return events
    first = events[:1] if action(events[0]) == "init" else []
    return first + events[-MAX_HISTORY:]


def _without_none(data: dict[str, object]) -> dict[str, object]:
    return {key: value for key, value in data.items() if value is not None}
