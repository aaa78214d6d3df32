"""The JSON documents exitplan prints, typed: what `--json` and `summary --format json` hold.

Each shape is one documented document (README "JSON and exit codes"), built in
:mod:`exitplan.views.data` (the plan's steps, status and summary), :mod:`exitplan.views.inventory`
(an inventory and its rows) and the workspace (`backups`). A key that is sometimes left out is
`NotRequired`; every other key is always there, null or not. Key order is the order written, so
the declarations follow it. What another module shapes (a place's facts, the inventories' status
lines) keeps that module's type. Types only: nothing here reads or writes.

No `from __future__ import annotations`: Python 3.11 reads `NotRequired` only from an
annotation evaluated when the class is made.
"""

from collections.abc import Mapping
from typing import NotRequired, TypedDict

from exitplan.base.limits import Priority, Status, When
from exitplan.domain.checks import Section
from exitplan.domain.region import FactData, NeutralData
from exitplan.domain.schedule import Flag
from exitplan.views.notices import NoticeData


class ItemData(TypedDict):
    """One step as `list --json` prints it (and the summary's `attention`)."""

    id: str
    number: int
    checklist: str
    title: str
    why: str
    status: Status
    due: str | None  # YYYY-MM-DD
    flag: Flag | None
    priority: Priority
    when: When
    alerts_partner: bool
    custom: bool
    applies: bool
    if_time: bool
    urgent: bool
    reflective: bool
    checked: str | None


class InventorySays(TypedDict):
    """What an inventory says of a step (`show --json`, when one does)."""

    says: str
    shows_done: bool


class EventJson(TypedDict):
    """One line of the change log (`history --json`): empty fields left out."""

    at: str  # ISO time
    action: str
    item: NotRequired[str]
    detail: NotRequired[str]


class ItemDetail(ItemData):
    """One step in full, as `show --json` prints it."""

    how: str | None
    caution: str | None
    note: str | None
    reason: str | None
    sources: tuple[str, ...]
    local: list[FactData]
    neutral: list[NeutralData]
    history: list[EventJson]


class ItemShown(ItemDetail):
    """A step in full with what an inventory says of it (`show --json`, when one does)."""

    inventory: InventorySays


class SummaryItem(ItemData):
    """One step as the summary lists it: the person's note and reason, and the step in full."""

    note: str | None
    reason: str | None
    how: str | None
    caution: str | None
    sources: tuple[str, ...]
    local: list[FactData]


class ChecklistRow(TypedDict):
    """One checklist as `checklists --json` lists it."""

    id: str
    title: str
    summary: str
    items: int
    builtin: bool
    in_plan: bool


class FlaggedData(TypedDict):
    """One step in the short shape `status --json` lists."""

    id: str
    number: int
    title: str
    checklist: str
    due: str | None
    flag: Flag | None
    priority: Priority
    alerts_partner: bool
    when: When
    applies: bool
    if_time: bool
    urgent: bool
    reflective: bool


class ProgressData(TypedDict):
    """Done and total of one checklist (`skipped`: in the summary, not in status)."""

    id: str
    title: str
    done: int
    skipped: NotRequired[int]
    total: int


class AttentionData(TypedDict):
    """What the status screen shows, group by group, in its order."""

    danger_signs: list[str]
    phone_signs: bool
    danger: list[FlaggedData]
    today: list[FlaggedData]
    behind: list[FlaggedData]
    coming: list[FlaggedData]
    behind_count: int
    due_soon_count: int
    for_now: list[FlaggedData]


class JournalNote(TypedDict):
    """The journal as `status --json` mentions it: how many records, and the last one's day."""

    records: int
    last_written: str | None


class StatusData(TypedDict):
    """`status --json` (the version number is added when it is printed)."""

    today: str
    exit_date: str | None
    days_left: int | None
    has_plan: bool
    totals: Mapping[str, int]
    checklists: list[ProgressData]
    flagged: list[FlaggedData]
    situation: Mapping[str, bool]
    region: str | None
    per_day: int
    if_time: int
    not_for_you: int
    attention: AttentionData
    inventories: list[NoticeData]
    journal: JournalNote | None


class PlaceName(TypedDict):
    """The person's place as the summary names it."""

    code: str
    name: str


class MomentData(TypedDict):
    """One journal entry in the summary's timeline."""

    number: int
    when: str
    what: str
    corrections: int
    files: int


class RunwayData(TypedDict):
    """The money runway: every amount as exact text (two decimals), in the person's currency."""

    currency: str | None
    set_aside: str | None
    one_off_costs: str | None
    income_a_week: str | None
    costs_a_week: str | None
    debts: str | None
    joint_accounts: str | None
    weeks: int | None
    threshold_weeks: int
    short: bool
    needed_by_exit: str | None
    days_left: int | None
    needed_a_week: str | None


class LinkedStep(TypedDict):
    """A step of the plan an inventory completes."""

    number: int
    id: str
    shows_done: bool


# One inventory row: its own fields (those it has, which differ by inventory; see
# `domain.inventory.row_data`), then its title, flags, what needs a look, advice and sources.
RowJson = dict[str, object]


class InventoryJson(TypedDict):
    """One inventory as `exitplan NAME --json` prints it: its rows, then the counts of its flags
    (documents, accounts) or the runway (money), then the steps it completes."""

    inventory: Section
    rows: list[RowJson]
    counts: NotRequired[Mapping[str, int]]
    runway: NotRequired[RunwayData]
    steps: list[LinkedStep]


class SummaryData(TypedDict):
    """`summary --format json` (the version number is added when it is written)."""

    today: str
    exit_date: str | None
    days_left: int | None
    region: PlaceName | None
    totals: Mapping[str, int]
    checklists: list[ProgressData]
    situation: Mapping[str, bool]
    attention: list[ItemData]
    not_for_you: int
    items: list[SummaryItem]
    journal: list[MomentData] | None
    inventories: Mapping[str, InventoryJson]


class BackupRow(TypedDict):
    """One kept backup as `backups --json` lists it (the counts are null when it cannot be
    read)."""

    number: int
    taken: str  # ISO time
    exit_date: str | None
    done: int | None
    total: int | None
    readable: bool
