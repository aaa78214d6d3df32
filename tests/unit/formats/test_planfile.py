"""The plan file's format: what `dump_plan` writes `parse_plan` reads back, and a file that cannot
be read (a byte order mark aside) is one plain line naming the file, the line or the field."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from conftest import EXIT, MONEY

from exitplan.base.errors import PlanError
from exitplan.domain.model import ItemState, PlanState
from exitplan.domain.plan import record
from exitplan.formats.planfile import dump_plan, parse_plan

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def new_state() -> PlanState:
    """A small plan state."""
    state = PlanState(created=NOW, exit_date=EXIT, checklists=[MONEY])
    record(state, NOW, "init")
    return state


def plan_bytes() -> bytes:
    """A valid plan file."""
    return dump_plan(new_state())


def test_parse_plan_accepts_a_byte_order_mark() -> None:
    """A plan saved with a BOM by an editor still loads."""
    assert parse_plan(b"\xef\xbb\xbf" + plan_bytes(), Path("plan.toml")) == new_state()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"schema = 1\nexit_date = \xff\n", "plan.toml: is not valid UTF-8 text."),
        (
            b"schema = 2\ncreated = 2026-11-30T09:00:00Z\n",
            "plan.toml: has plan format version 2, which this exitplan does not know "
            "(it reads version 1).",
        ),
        (
            b"created = 2026-11-30T09:00:00Z\n",
            "plan.toml: is empty or damaged (it has no 'schema' line).",
        ),
        (b"a = " + b"[" * 100_000, "plan.toml: is nested too deeply to be a plan."),
    ],
)
def test_parse_plan_errors(data: bytes, message: str) -> None:
    """Bytes that are not a plan give one plain message naming the file."""
    with pytest.raises(PlanError) as info:
        parse_plan(data, Path("plan.toml"))
    assert str(info.value) == message


def test_parse_plan_names_the_field() -> None:
    """A plan with a bad value names the field."""
    data = plan_bytes().replace(b"exit_date = 2026-12-14", b'exit_date = "soon"')
    with pytest.raises(PlanError, match=r"^plan\.toml: field 'exit_date': "):
        parse_plan(data, Path("plan.toml"))


def test_parse_plan_syntax_error_names_line_and_column() -> None:
    """A TOML syntax error in the plan names the line and column."""
    with pytest.raises(PlanError) as info:
        parse_plan(b'schema = 1\nexit_date = "2027\n', Path("plan.toml"))
    assert "line 2, column" in str(info.value)


@pytest.mark.parametrize(
    "data",
    [
        b"\xff",
        b'schema = 1\nexit_date = "2027\n',
        b"created = 2026-11-30T09:00:00Z\n",
        b"schema = 3\n",
        b'schema = 1\nexit_date = "soon"\n',
        b"a.b.c.d = 1\n" * 20_000,
    ],
)
def test_every_refusal_ends_with_the_hint(data: bytes) -> None:
    """Whatever is wrong, the caller's hint (where the backups are, say) ends the one line."""
    with pytest.raises(PlanError) as info:
        parse_plan(data, Path("plan.toml"), " See the backups.")
    assert str(info.value).startswith("plan.toml: ")
    assert str(info.value).endswith(". See the backups.")
    assert "\n" not in str(info.value)


def test_what_is_written_reads_back_the_same() -> None:
    """A plan with a done step, a note and a set-aside step is read back as it was written."""
    state = new_state()
    record(state, NOW, "done", "t-money.open-account")
    state.items["t-money.save-cash"] = ItemState("skipped", NOW, "not now", "waiting for pay")
    assert parse_plan(dump_plan(state), Path("plan.toml")) == state
