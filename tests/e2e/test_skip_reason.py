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


def test_reason_dash_reads_the_reason_from_stdin(run: Run, plan_home: Path) -> None:
    """`--reason -` takes the reason from piped input (a prompt at a terminal), not argv."""
    result = ok(run("skip", "1", "--reason", "-", input="  had one for years \n"))
    assert "Skipped" in result.stderr
    assert read_plan(plan_home).items[STEP].reason == "had one for years"


def test_why_dash_reads_the_why_from_stdin(run: Run, plan_home: Path) -> None:
    """`add TITLE --why -` takes the why from piped input, not argv."""
    result = ok(
        run("add", MONEY, "Ask the bank about a safe box", "--why", "-", input="for the papers\n")
    )
    full_id = result.stdout.strip()
    custom = [c for c in read_plan(plan_home).custom if f"{c.checklist}.{c.id}" == full_id]
    assert [c.why for c in custom] == ["for the papers"]


def test_title_and_why_cannot_both_be_piped(run: Run, plan_home: Path) -> None:
    """Both asked for and stdin piped: one plain usage error, exit 2, nothing written."""
    before = (plan_home / "plan.toml").read_bytes()
    result = run("add", MONEY, "--why", "-", input="a title\na why\n")
    assert result.exit_code == 2
    assert "cannot both come from piped input" in result.output
    assert (plan_home / "plan.toml").read_bytes() == before


def never_asked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record any question asked for free text (there must be none)."""
    from exitplan.cli import changing

    asked: list[str] = []

    def read_private_text(prompt: str) -> str:
        asked.append(prompt)
        return ""

    monkeypatch.setattr(changing, "read_private_text", read_private_text)
    return asked


def test_the_steps_are_found_before_the_reason_is_asked(
    run: Run, plan_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A wrong step number fails at once, before the reason is asked (typed words would be
    thrown away)."""
    asked = never_asked(monkeypatch)
    result = run("skip", "1", "9999", "--reason", "-")
    assert result.exit_code == 1
    assert "no step number 9999" in result.stderr
    assert asked == []


def test_the_checklist_is_found_before_the_title_is_asked(
    run: Run, plan_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Adding a step to a checklist that does not exist is refused at once, before anything is
    asked."""
    asked = never_asked(monkeypatch)
    result = run("add", "nosuch", "A title", "--why", "-")
    assert result.exit_code == 1
    assert "no checklist called 'nosuch'" in result.stderr
    assert asked == []
