"""Skip reasons: a reason that is blank once cleaned counts as no reason at all."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import MONEY, Run, read_plan
from helpers import ok

STEP = f"{MONEY}.open-account"


@pytest.mark.parametrize("blank", ["", " ", "\t \u2028", "\x01\x1f", "\x7f\x85"])
def test_a_blank_reason_on_a_skipped_step_keeps_the_earlier_one(
    run: Run, plan_home: Path, blank: str
) -> None:
    """Skipping a skipped step again with a blank --reason keeps its reason and says so."""
    ok(run("skip", "1", "--reason", "have one already"))
    result = ok(run("skip", "1", f"--reason={blank}"))
    assert "its reason is kept" in result.stderr
    assert read_plan(plan_home).items[STEP].reason == "have one already"


@pytest.mark.parametrize("blank", ["", " ", "\x01"])
def test_a_blank_reason_on_an_open_step_skips_it_without_a_reason(
    run: Run, plan_home: Path, blank: str
) -> None:
    """Skipping an open step with a blank --reason skips it, with no reason stored."""
    ok(run("skip", "1", f"--reason={blank}"))
    state = read_plan(plan_home).items[STEP]
    assert state.status == "skipped"
    assert state.reason is None
