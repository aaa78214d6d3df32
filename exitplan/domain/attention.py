"""What needs attention on a given day: the data behind the status screen, without any style.

Overdue stays a fact, not a wall: a few lines for today, a count of what is behind with the few
most important of them, and what comes next. Danger-sign answers lead, with their steps.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, NamedTuple

from exitplan.domain.model import PRIORITY_RANK
from exitplan.domain.schedule import BEHIND_FLAGS
from exitplan.domain.situation import danger_signs

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from exitplan.domain.schedule import Scheduled

FEW = 3


class Attention(NamedTuple):
    """The groups of open, applying steps the status screen shows for one day.

    - `today`: due today (not behind), most important first (all of them: the pacing keeps
      them few).
    - `behind`: the few most important steps that are behind, critical first; `behind_count`
      is how many are behind in all. A row's `urgent` (critical and behind) is the only red.
    - `coming`: the next few dated steps after today, soonest first.
    - `dangers`: the danger-sign questions answered yes, in question order, and
      `danger_steps`: the open steps for them, critical first (all of them).
    - `if_time`: how many open steps are "if there is time" (say so once, calmly).
    """

    today: list[Scheduled]
    behind: list[Scheduled]
    behind_count: int
    coming: list[Scheduled]
    dangers: tuple[str, ...]
    danger_steps: list[Scheduled]
    if_time: int

    @property
    def danger(self) -> bool:
        """Whether any danger-sign question is answered yes."""
        return bool(self.dangers)


def _importance(row: Scheduled) -> tuple[int, date, int]:
    return (PRIORITY_RANK[row.entry.item.priority], row.due or date.max, row.entry.number)


def _soonest(row: Scheduled) -> tuple[date, int, int]:
    return (row.due or date.max, PRIORITY_RANK[row.entry.item.priority], row.entry.number)


def attention(
    rows: Iterable[Scheduled], situation: Mapping[str, bool], today: date, *, few: int = FEW
) -> Attention:
    """Group the rows of a schedule (from `schedule` or `Plan.rows`) for `today`."""
    live = [row for row in rows if row.entry.is_open and row.entry.applies]
    behind = sorted((row for row in live if row.flag in BEHIND_FLAGS), key=_importance)
    due_today = sorted(
        (row for row in live if row.due == today and row.flag not in BEHIND_FLAGS),
        key=_importance,
    )
    coming = sorted((row for row in live if row.due is not None and row.due > today), key=_soonest)
    dangers = danger_signs(situation)
    danger_steps = (
        sorted((row for row in live if row.entry.danger), key=_importance) if dangers else []
    )
    return Attention(
        today=due_today,
        behind=behind[:few],
        behind_count=len(behind),
        coming=coming[:few],
        dangers=dangers,
        danger_steps=danger_steps,
        if_time=sum(row.if_time for row in live),
    )


def for_now(rows: Iterable[Scheduled]) -> list[Scheduled]:
    """The open, applying steps that need no exit date ("anytime"), in plan order.

    Without an exit date they are the calm plan `status` shows instead of a countdown: staying
    safer for now, and a way back to the plan after going back.
    """
    return [
        row
        for row in rows
        if row.entry.item.when == "anytime" and row.entry.is_open and row.entry.applies
    ]
