"""The data: checklists as written in TOML, and the plan state kept on disk."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    StringConstraints,
    model_validator,
)

from exitplan.dates import format_offset, parse_offset
from exitplan.errors import DateError

SCHEMA_VERSION = 1

Slug = Annotated[
    str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", min_length=1, max_length=64)
]
Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=4000)]
Priority = Literal["critical", "high", "normal", "low"]
When = Literal["before", "exit-day", "after"]
Status = Literal["open", "done", "skipped"]

PRIORITY_RANK: dict[str, int] = {"critical": 0, "high": 1, "normal": 2, "low": 3}


def _parse_due(value: Any) -> Any:
    """Accept an offset string, an int of days, or an absolute date."""
    if isinstance(value, (Due, dict)):
        return value
    if isinstance(value, datetime):
        raise ValueError("use a date without a time, like 2027-01-31")
    if isinstance(value, date):
        return Due(on=value)
    if isinstance(value, bool):
        raise ValueError("use an offset like -3w or +7d, or a date like 2027-01-31")
    if isinstance(value, int):
        return Due(offset=value)
    if isinstance(value, str):
        text = value.strip()
        if len(text) == 10 and text[4:5] == "-" and text[:4].isdigit():
            return Due(on=date.fromisoformat(text))
        try:
            return Due(offset=parse_offset(text))
        except DateError as exc:
            raise ValueError(str(exc)) from None
    raise ValueError("use an offset like -3w or +7d, or a date like 2027-01-31")


class Due(BaseModel):
    """When an item is due: an offset in days from the exit date, or a fixed date."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    offset: int = 0
    on: date | None = None

    def text(self) -> str:
        """The form written in files: `-21d`, `exit`, or an ISO date."""
        return self.on.isoformat() if self.on else format_offset(self.offset)


DueField = Annotated[
    Due,
    BeforeValidator(_parse_due),
    PlainSerializer(lambda due: due.on if due.on else format_offset(due.offset)),
]


class Item(BaseModel):
    """One step of a checklist."""

    model_config = ConfigDict(extra="forbid")

    id: Slug
    title: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
    why: Text
    how: Text | None = None
    due: DueField = Field(default_factory=Due)
    priority: Priority = "normal"
    when: When = "before"
    alerts_partner: bool = False
    caution: Text | None = None
    sources: list[Annotated[str, StringConstraints(min_length=1, max_length=500)]] = Field(
        default_factory=list, max_length=20
    )
    tags: list[Slug] = Field(default_factory=list, max_length=20)

    @model_validator(mode="after")
    def _due_matches_when(self) -> Item:
        if self.due.on is not None:
            return self
        offset = self.due.offset
        if self.when == "before" and offset > 0:
            raise ValueError(f"'when' is 'before' but 'due' ({self.due.text()}) is after the exit")
        if self.when == "after" and offset < 0:
            raise ValueError(f"'when' is 'after' but 'due' ({self.due.text()}) is before the exit")
        if self.when == "exit-day" and offset != 0:
            raise ValueError(f"'when' is 'exit-day' but 'due' is {self.due.text()}, not 'exit'")
        return self


class Checklist(BaseModel):
    """A checklist file: a titled group of items."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    schema_version: Literal[1] = Field(alias="schema")
    id: Slug
    title: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]
    summary: str = ""
    order: int = Field(default=1000, ge=-100_000, le=100_000)
    items: list[Item] = Field(alias="item", default_factory=list, max_length=100_000)
    builtin: bool = Field(default=False, exclude=True)

    @model_validator(mode="after")
    def _unique_item_ids(self) -> Checklist:
        seen: set[str] = set()
        for item in self.items:
            if item.id in seen:
                raise ValueError(f"item id '{item.id}' is used twice")
            seen.add(item.id)
        return self


class ItemState(BaseModel):
    """What the person has done about one item."""

    model_config = ConfigDict(extra="forbid")

    status: Status = "open"
    changed: datetime | None = None
    note: str | None = None
    reason: str | None = None


class CustomItem(BaseModel):
    """An item the person added to a checklist themselves."""

    model_config = ConfigDict(extra="forbid")

    checklist: Slug
    id: Slug
    title: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
    why: str | None = None
    due: DueField | None = None
    priority: Priority = "normal"
    added: datetime

    def as_item(self) -> Item:
        """The custom item as an ordinary checklist item."""
        due = self.due or Due()
        when: When = "before"
        if due.on is None and due.offset > 0:
            when = "after"
        return Item(
            id=self.id,
            title=self.title,
            why=self.why or "A step you added yourself.",
            due=due,
            priority=self.priority,
            when=when,
        )


class Event(BaseModel):
    """One line of the plan's change log."""

    model_config = ConfigDict(extra="forbid")

    at: datetime
    action: str
    item: str | None = None
    detail: str | None = None


class PlanState(BaseModel):
    """Everything exitplan keeps about the person's plan."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    schema_version: Literal[1] = Field(alias="schema", default=1)
    created: datetime
    exit_date: date | None = None
    warn_days: int = Field(default=7, ge=0, le=365)
    checklists: list[Slug] = Field(default_factory=list)
    items: dict[str, ItemState] = Field(default_factory=dict)
    custom: list[CustomItem] = Field(default_factory=list)
    history: list[Event] = Field(default_factory=list)

    def to_toml_dict(self) -> dict[str, Any]:
        """The plan as plain data for tomli-w (which cannot write None)."""
        return self.model_dump(mode="python", by_alias=True, exclude_none=True)
