"""A plan state read back without its schema (from the cache) is used only when it keeps the
limits its plan file is held to: checked here at each limit, and against the schema itself."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest

from exitplan.base.errors import PlanError
from exitplan.base.limits import MAX_NOTE_CHARS, MAX_TITLE_CHARS, MAX_WARN_DAYS
from exitplan.domain.dates import MAX_OFFSET_DAYS
from exitplan.domain.model import CustomItem, Due, ItemState, PhoneCheck, PlanState
from exitplan.domain.pacing import MAX_PER_DAY
from exitplan.domain.statecheck import sound
from exitplan.formats.planfile import dump_plan, parse_plan

NOW = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)
NOT_A_STATUS: Any = "maybe"  # what only a forged file could hold
NOT_A_PRIORITY: Any = "now"
NOT_SIGNS: Any = (1,)


def state(**changes: Any) -> PlanState:
    """A small sound plan state, with some fields changed."""
    base = PlanState(created=NOW, exit_date=date(2027, 2, 1), checklists=["money"])
    return base.replace(**changes)


def own(**changes: Any) -> CustomItem:
    """An own step as `add` writes it, with some fields changed."""
    return CustomItem("money", "mine-1", "Call the bank", NOW)._replace(**changes)


# Each case: a state that keeps a limit, and one just past it.
CASES: dict[str, tuple[PlanState, PlanState]] = {
    "warn_days low": (state(warn_days=0), state(warn_days=-1)),
    "warn_days high": (state(warn_days=MAX_WARN_DAYS), state(warn_days=MAX_WARN_DAYS + 1)),
    "per_day low": (state(per_day=1), state(per_day=0)),
    "per_day high": (state(per_day=MAX_PER_DAY), state(per_day=MAX_PER_DAY + 1)),
    "a note": (
        state(items={"money.a": ItemState("done", NOW, "n" * MAX_NOTE_CHARS)}),
        state(items={"money.a": ItemState("done", NOW, "n" * (MAX_NOTE_CHARS + 1))}),
    ),
    "a reason": (
        state(items={"money.a": ItemState("skipped", NOW, None, "r" * MAX_NOTE_CHARS)}),
        state(items={"money.a": ItemState("skipped", NOW, None, "r" * (MAX_NOTE_CHARS + 1))}),
    ),
    "a status": (
        state(items={"money.a": ItemState("open")}),
        state(items={"money.a": ItemState(NOT_A_STATUS)}),
    ),
    "an own title": (
        state(custom=[own(title="t" * MAX_TITLE_CHARS)]),
        state(custom=[own(title="t" * (MAX_TITLE_CHARS + 1))]),
    ),
    "an own why": (
        state(custom=[own(why="w" * MAX_NOTE_CHARS)]),
        state(custom=[own(why="w" * (MAX_NOTE_CHARS + 1))]),
    ),
    "an own due": (
        state(custom=[own(due=Due(offset=-MAX_OFFSET_DAYS))]),
        state(custom=[own(due=Due(offset=-MAX_OFFSET_DAYS - 1))]),
    ),
    "an own priority": (
        state(custom=[own(priority="low")]),
        state(custom=[own(priority=NOT_A_PRIORITY)]),
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_each_limit_is_kept_up_to_its_edge(name: str) -> None:
    """A state at a limit is sound; one step past it is not."""
    kept, past = CASES[name]
    assert sound(kept)
    assert not sound(past)


@pytest.mark.parametrize("name", CASES)
def test_the_schema_refuses_exactly_what_is_not_sound(name: str, tmp_path: Path) -> None:
    """The same state written to plan.toml is read back by the schema when it is sound, and
    refused when it is not: the two keep one set of limits."""
    for each in CASES[name]:
        try:
            parse_plan(dump_plan(each), tmp_path / "plan.toml")
        except PlanError:
            read = False
        else:
            read = True
        assert read == sound(each), (name, each)


def test_values_only_a_forged_file_could_hold_are_not_sound() -> None:
    """Types exitplan never writes (a day as text, an unknown danger sign, a sign not text, a
    count as text) make a state unsound."""
    assert sound(state(answered={"q": date(2026, 12, 1)}, unsure=["weapons"]))
    assert not sound(state(answered={"q": "2026-12-01"}))
    assert not sound(state(unsure=["not-a-sign"]))
    assert not sound(state(journal_copied_records="3"))
    assert not sound(state(journal_copied="yesterday"))
    assert not sound(state(phone={"android": PhoneCheck(NOW, NOT_SIGNS)}))
    assert not sound(state(custom=[own(title="   ")]))
