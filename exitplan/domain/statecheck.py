"""Whether a plan state holds to the rules a plan file is held to.

A plan read from plan.toml is checked by its schema (`formats/schema`), which tells the person
what is wrong. A plan read back from the cache skips the schema (the glance loads no pydantic),
and the cache's checksum has no key, so anyone who can write the file can forge one. Before such
a state is used it must keep the same limits the schema keeps and the schedule and the screens
rely on, each taken from where it is defined: a state that does not is simply not used (the plan
file is read instead, and its schema says what is wrong).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING, get_args

from exitplan.base.limits import MAX_NOTE_CHARS, MAX_TITLE_CHARS, MAX_WARN_DAYS, Status
from exitplan.domain.dates import within_limit
from exitplan.domain.model import PRIORITY_RANK
from exitplan.domain.pacing import MAX_PER_DAY
from exitplan.domain.situation import DANGER_KEYS

if TYPE_CHECKING:
    from exitplan.domain.model import CustomItem, PlanState

STATUSES = frozenset(get_args(Status))


def _note(text: object) -> bool:
    """A note, a reason or an own step's why: none, or text within the note limit."""
    return text is None or (type(text) is str and len(text) <= MAX_NOTE_CHARS)


def _own_step(custom: CustomItem) -> bool:
    """An own step as `add` writes it: a title, a priority, a note and a due within ten years."""
    title = custom.title
    due = custom.due
    return (
        type(title) is str
        and 0 < len(title.strip()) <= MAX_TITLE_CHARS
        and custom.priority in PRIORITY_RANK
        and _note(custom.why)
        and (due is None or (type(due.offset) is int and within_limit(due.offset)))
    )


def sound(state: PlanState) -> bool:
    """Whether `state` keeps every limit its plan file is held to that the schedule and the
    screens rely on: the statuses and priorities, the notes' and titles' lengths, an own step's
    due within ten years, `warn_days` and `per_day` in their ranges, and the answers' days, the
    unsure danger signs and the journal's copy as exitplan writes them."""
    per_day = state.per_day
    return (
        type(state.warn_days) is int
        and 0 <= state.warn_days <= MAX_WARN_DAYS
        and (per_day is None or (type(per_day) is int and 1 <= per_day <= MAX_PER_DAY))
        and all(
            s.status in STATUSES and _note(s.note) and _note(s.reason) for s in state.items.values()
        )
        and all(_own_step(custom) for custom in state.custom)
        and all(type(day) is date for day in state.answered.values())
        and all(type(key) is str and key in DANGER_KEYS for key in state.unsure)
        and type(state.journal_copied_records) is int
        and (state.journal_copied is None or type(state.journal_copied) is datetime)
        and all(type(sign) is str for check in state.phone.values() for sign in check.signs)
    )
