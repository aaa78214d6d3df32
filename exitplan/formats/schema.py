"""The file formats, validated with pydantic and turned into the plain domain objects."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainValidator,
    StrictBool,
    StrictInt,
    StringConstraints,
    model_validator,
)

from exitplan.base.errors import DateError
from exitplan.base.i18n import _
from exitplan.base.limits import (
    DEFAULT_WARN_DAYS,
    MAX_NOTE_CHARS,
    MAX_TEXT_CHARS,
    MAX_TITLE_CHARS,
    MAX_WARN_DAYS,
    UNDATED,
    Priority,
    Status,
    When,
)
from exitplan.base.safetext import first_refused
from exitplan.domain import model
from exitplan.domain.dates import parse_stored_due, within_limit
from exitplan.domain.inventory import Account, Document, Inventory
from exitplan.domain.model import keep_history
from exitplan.domain.pacing import MAX_PER_DAY
from exitplan.domain.phonecheck import IPHONE_KEYS, KINDS, SIGNS
from exitplan.domain.region import fact_keys, placeholder_problems
from exitplan.domain.situation import DANGER_KEYS, KEYS
from exitplan.formats.inventoryfile import (
    MoneyTable,
    money_from_data,
    plan_section,
    section_reader,
)
from exitplan.formats.regions import place_of


def _no_control(text: str) -> str:
    """Refuse control characters: from a shared file they could rewrite the terminal."""
    char = first_refused(text)
    if char is not None:
        raise ValueError(_("contains a control character (U+{code:04X})").format(code=ord(char)))
    return text


Clean = AfterValidator(_no_control)

Slug = Annotated[
    str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", min_length=1, max_length=64)
]
Text = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_TEXT_CHARS), Clean
]
Title = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_TITLE_CHARS), Clean
]
Note = Annotated[str, StringConstraints(max_length=MAX_NOTE_CHARS), Clean]


def parse_due(value: object) -> model.Due:
    """Accept an offset string (`-3w`, `exit`), a number of days, or an absolute date."""
    if isinstance(value, model.Due):
        return value
    if isinstance(value, datetime):
        raise ValueError(_("use a date without a time, like 2027-01-31"))
    if isinstance(value, date):
        return model.Due(on=value)
    if isinstance(value, int) and not isinstance(value, bool):
        if not within_limit(value):
            raise ValueError(_("{count} days is more than ten years away").format(count=value))
        return model.Due(offset=value)
    if isinstance(value, str):
        try:
            read = parse_stored_due(value)
        except DateError as exc:
            raise ValueError(str(exc)) from None
        return model.Due(offset=read) if isinstance(read, int) else model.Due(on=read)
    raise ValueError(_("use an offset like -3w or +7d, or a date like 2027-01-31"))


DueField = Annotated[model.Due, PlainValidator(parse_due)]


def _plain_date(value: object) -> object:
    """A date without a time (TOML's `2026-12-01`); a date and time is refused."""
    if isinstance(value, datetime):
        raise ValueError(_("use a date without a time, like 2026-12-01"))
    return value


def _situation_key(key: str) -> str:

    if key not in KEYS:
        known = ", ".join(sorted(KEYS))
        raise ValueError(
            _("'{key}' is not a situation question; use one of: {known}").format(
                key=key, known=known
            )
        )
    return key


SituationKey = Annotated[str, AfterValidator(_situation_key)]


def _danger_key(key: str) -> str:
    if key not in DANGER_KEYS:
        known = ", ".join(sorted(DANGER_KEYS))
        raise ValueError(
            _("'{key}' is not a danger-sign question; use one of: {known}").format(
                key=key, known=known
            )
        )
    return key


PlaceCode = Annotated[str, StringConstraints(pattern=r"^[a-z]{2}(-[a-z0-9]{2,3})?$")]
ItemRef = Annotated[
    str,
    StringConstraints(
        pattern=r"^([a-z0-9]+(-[a-z0-9]+)*\.)?[a-z0-9]+(-[a-z0-9]+)*$", min_length=1, max_length=130
    ),
]


class ItemFile(BaseModel):
    """One `[[item]]` of a checklist file."""

    model_config = ConfigDict(extra="forbid")

    id: Slug
    title: Title
    why: Text
    how: Text | None = None
    due: DueField | None = None  # absent: the exit day (never given for an undated step)
    priority: Priority = "normal"
    when: When = "before"
    alerts_partner: bool = False
    caution: Text | None = None
    sources: list[Annotated[str, StringConstraints(min_length=1, max_length=500), Clean]] = Field(
        default_factory=list, max_length=20
    )
    tags: list[Slug] = Field(default_factory=list, max_length=20)
    applies_if: list[SituationKey] = Field(default_factory=list, max_length=20)
    only_if: list[SituationKey] = Field(default_factory=list, max_length=20)
    unless: list[SituationKey] = Field(default_factory=list, max_length=20)
    after: list[ItemRef] = Field(default_factory=list, max_length=20)
    reflective: bool = False
    checked: Annotated[date, BeforeValidator(_plain_date)] | None = None
    regions: list[PlaceCode] = Field(default_factory=list, max_length=40)
    batch: StrictInt = Field(default=0, ge=0, le=1000)
    soon_if_danger: StrictBool = False
    moot_after_exit: StrictBool = False

    @model_validator(mode="after")
    def _placeholders(self) -> ItemFile:

        for name in ("title", "why", "how", "caution"):
            text = getattr(self, name)
            if text:
                for problem in placeholder_problems(text):
                    raise ValueError(_("'{name}' {problem}").format(name=name, problem=problem))
        if self.regions:
            unknown = [code for code in self.regions if place_of(code) is None]
            if unknown:
                raise ValueError(
                    _("'regions' names a place no region file has: {code}").format(code=unknown[0])
                )
        return self

    @model_validator(mode="after")
    def _due_matches_when(self) -> ItemFile:
        if self.when in UNDATED:
            if self.due is not None:
                if self.when == "event":
                    words = _(
                        "'when' is 'event', which has no due date (it is done when it happens): "
                        "leave 'due' out"
                    )
                else:
                    words = _(
                        "'when' is '{when}', which has no due date (it is done when it suits "
                        "you): leave 'due' out"
                    ).format(when=self.when)
                raise ValueError(words)
            return self
        if self.soon_if_danger and self.when != "before":
            raise ValueError(_("'soon_if_danger' is only for a step with 'when' = 'before'"))
        if self.moot_after_exit and self.when not in ("before", "exit-day"):
            raise ValueError(
                _("'moot_after_exit' is only for a step with 'when' = 'before' or 'exit-day'")
            )
        due: model.Due = self.due or model.Due()
        if due.on is not None:
            return self
        if self.when == "before" and due.offset > 0:
            raise ValueError(
                _("'when' is 'before' but 'due' ({due}) is after the exit").format(due=due.text())
            )
        if self.when == "after" and due.offset < 0:
            raise ValueError(
                _("'when' is 'after' but 'due' ({due}) is before the exit").format(due=due.text())
            )
        if self.when == "exit-day" and due.offset != 0:
            raise ValueError(
                _("'when' is 'exit-day' but 'due' is {due}, not 'exit'").format(due=due.text())
            )
        return self

    def to_domain(self) -> model.Item:
        """The validated item."""

        values: dict[str, object] = {}
        for name in type(self).model_fields:
            value = getattr(self, name)
            values[name] = tuple(value) if isinstance(value, list) else value  # an Item's lists
        values["due"] = self.due or model.Due()
        values["checked"] = self.checked.isoformat() if self.checked else None
        named = [fact_keys(getattr(self, name)) for name in ("title", "why", "how", "caution")]
        values["facts"] = tuple(dict.fromkeys(key for keys in named for key in keys))
        return model.Item(**values)


class ChecklistFile(BaseModel):
    """A checklist file (schema version 1)."""

    model_config = ConfigDict(extra="forbid")

    schema_version: Literal[1] = Field(alias="schema")
    id: Slug
    title: Annotated[
        str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100), Clean
    ]
    summary: Annotated[str, StringConstraints(max_length=1000), Clean] = ""
    order: int = Field(default=1000, ge=-100_000, le=100_000)
    items: list[ItemFile] = Field(alias="item", default_factory=list, max_length=100_000)

    @model_validator(mode="after")
    def _unique_item_ids(self) -> ChecklistFile:
        seen: set[str] = set()
        for item in self.items:
            if item.id in seen:
                raise ValueError(_("item id '{id}' is used twice").format(id=item.id))
            seen.add(item.id)
        for item in self.items:
            for ref in item.after:
                if "." not in ref and ref not in seen:
                    raise ValueError(
                        _("item '{id}' comes after '{ref}', which is not in this file").format(
                            id=item.id, ref=ref
                        )
                    )
        return self

    def to_domain(self, *, builtin: bool = False) -> model.Checklist:
        """The validated checklist."""
        return model.Checklist(
            id=self.id,
            title=self.title,
            summary=self.summary,
            order=self.order,
            items=[i.to_domain() for i in self.items],
            builtin=builtin,
        )


class ItemStateFile(BaseModel):
    """What the plan file says about one item."""

    model_config = ConfigDict(extra="forbid")

    status: Status = "open"
    changed: datetime | None = None
    note: Note | None = None
    reason: Note | None = None


class CustomItemFile(BaseModel):
    """A `[[custom]]` item of the plan file."""

    model_config = ConfigDict(extra="forbid")

    checklist: Slug
    id: Slug
    title: Title
    why: Note | None = None
    due: DueField | None = None
    priority: Priority = "normal"
    added: datetime


class EventFile(BaseModel):
    """A `[[history]]` line of the plan file."""

    model_config = ConfigDict(extra="forbid")

    at: datetime
    action: Annotated[str, StringConstraints(min_length=1, max_length=40), Clean]
    item: Note | None = None
    detail: Note | None = None


def _phone_kind(key: str) -> str:

    if key not in KINDS:
        raise ValueError(
            _("'{key}' is not a kind of phone check; use one of: {known}").format(
                key=key, known=", ".join(KINDS)
            )
        )
    return key


def _sign(value: str) -> str:

    if value not in SIGNS:
        raise ValueError(_("'{value}' is not a sign a phone check records").format(value=value))
    return value


def _iphone_key(key: str) -> str:

    if key not in IPHONE_KEYS:
        known = ", ".join(sorted(IPHONE_KEYS))
        raise ValueError(
            _("'{key}' is not a question of the iPhone check; use one of: {known}").format(
                key=key, known=known
            )
        )
    return key


class PhoneCheckFile(BaseModel):
    """A `[phone.KIND]` table of the plan file: the outcome of the last check of that phone."""

    model_config = ConfigDict(extra="forbid")

    checked: datetime
    signs: list[Annotated[str, AfterValidator(_sign)]] = Field(default_factory=list, max_length=20)
    model: Title | None = None


class DeviceAnswerFile(BaseModel):
    """An `[iphone.KEY]` table of the plan file: one answer of the guided iPhone check."""

    model_config = ConfigDict(extra="forbid")

    answer: Literal["yes", "no", "unsure"]
    checked: datetime


# The inventories' sections, checked by their own rules (one set for the file, pipe, prompts),
# which build the rows themselves: pydantic only calls them.
DocumentRows = Annotated[tuple[Document, ...], PlainValidator(section_reader("documents"))]
AccountRows = Annotated[tuple[Account, ...], PlainValidator(section_reader("accounts"))]
# The [money] table is a `MoneyTable` (a TypedDict pydantic would want from typing_extensions).
MoneySection = Annotated[Any, PlainValidator(plan_section(money_from_data))]


class PlanFile(BaseModel):
    """The plan file (schema version 1)."""

    model_config = ConfigDict(extra="forbid")

    schema_version: Literal[1] = Field(alias="schema")
    created: datetime
    exit_date: date | None = None
    planned_on: date | None = None
    warn_days: int = Field(default=DEFAULT_WARN_DAYS, ge=0, le=MAX_WARN_DAYS)
    per_day: StrictInt | None = Field(default=None, ge=1, le=MAX_PER_DAY)
    situation: dict[SituationKey, StrictBool] = Field(default_factory=dict)
    answered: dict[SituationKey, date] = Field(default_factory=dict)
    unsure: list[Annotated[str, AfterValidator(_danger_key)]] = Field(
        default_factory=list, max_length=20
    )
    region: PlaceCode | None = None
    journal_copied: datetime | None = None
    journal_copied_records: StrictInt = Field(default=0, ge=0, le=10**12)
    checklists: list[Slug] = Field(default_factory=list)
    items: dict[Annotated[str, Clean], ItemStateFile] = Field(default_factory=dict)
    custom: list[CustomItemFile] = Field(default_factory=list)
    history: list[EventFile] = Field(default_factory=list)
    documents: DocumentRows = ()
    accounts: AccountRows = ()
    money: MoneySection = None
    phone: dict[Annotated[str, AfterValidator(_phone_kind)], PhoneCheckFile] = Field(
        default_factory=dict
    )
    iphone: dict[Annotated[str, AfterValidator(_iphone_key)], DeviceAnswerFile] = Field(
        default_factory=dict
    )

    @model_validator(mode="before")
    @classmethod
    def _no_datetime_exit(cls, data: object) -> object:
        if isinstance(data, dict):
            history = data.get("history")
            if isinstance(history, list):
                # Older events are dropped before validation: a huge log stays quick to open.
                data = data | {
                    "history": keep_history(
                        history, lambda e: e.get("action") if isinstance(e, dict) else None
                    )
                }
            for key in ("exit_date", "planned_on"):
                if isinstance(data.get(key), datetime):
                    raise ValueError(
                        _("{key} must be a date like 2027-01-31, without a time").format(key=key)
                    )
            answered = data.get("answered")
            if isinstance(answered, dict) and any(
                isinstance(day, datetime) for day in answered.values()
            ):
                raise ValueError(_("answered days must be dates like 2027-01-31, without a time"))
        return data

    def to_domain(self) -> model.PlanState:
        """The validated plan state."""
        return model.PlanState(
            created=self.created,
            exit_date=self.exit_date,
            planned_on=self.planned_on,
            warn_days=self.warn_days,
            per_day=self.per_day,
            situation=dict(self.situation),
            answered=dict(self.answered),
            unsure=sorted(set(self.unsure) - set(self.situation)),
            region=self.region,
            journal_copied=self.journal_copied,
            journal_copied_records=self.journal_copied_records,
            checklists=list(self.checklists),
            items={key: model.ItemState(**s.model_dump()) for key, s in self.items.items()},
            custom=[
                model.CustomItem(
                    checklist=c.checklist,
                    id=c.id,
                    title=c.title,
                    added=c.added,
                    why=c.why,
                    due=c.due,
                    priority=c.priority,
                )
                for c in self.custom
            ],
            history=[model.Event(**e.model_dump()) for e in self.history],
            inventory=self._inventory(),
            phone={
                kind: model.PhoneCheck(
                    checked=c.checked, signs=tuple(dict.fromkeys(c.signs)), model=c.model
                )
                for kind, c in self.phone.items()
            },
            iphone={
                key: model.DeviceAnswer(answer=a.answer, checked=a.checked)
                for key, a in self.iphone.items()
            },
        )

    def _inventory(self) -> Inventory:
        """The inventories (an empty one when the file has none)."""
        money: MoneyTable = self.money or {}
        return Inventory(documents=tuple(self.documents), accounts=tuple(self.accounts), **money)


def validate_checklist(data: Mapping[str, object], *, builtin: bool = False) -> model.Checklist:
    """Validate checklist data (raises pydantic's ValidationError)."""
    return ChecklistFile.model_validate(data).to_domain(builtin=builtin)


def validate_plan(data: Mapping[str, object]) -> model.PlanState:
    """Validate plan data (raises pydantic's ValidationError)."""
    return PlanFile.model_validate(data).to_domain()
