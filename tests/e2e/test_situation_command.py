"""The `situation` command: answers piped as TOML or asked one by one, and what they change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import MONEY, Run, init_plan
from helpers import assert_no_traceback, make_home, ok, one_error_line, read_plan, snapshot

from exitplan.cli import keyboard, prompts

COND = "t-cond"


@pytest.fixture
def cond_home(home: Path, no_builtins: Path, run: Run) -> Path:
    """A plan of the test checklists and a checklist whose steps have conditions."""
    make_home(home, MONEY, "t-papers", COND)
    init_plan(run)
    return home


def list_all(run: Run) -> dict[str, dict[str, object]]:
    """`list --all --json` by step id."""
    return {row["id"]: row for row in json.loads(ok(run("list", "--all", "--json")).stdout)}


def test_piped_answers_are_saved_and_printed_by_json(run: Run, cond_home: Path) -> None:
    """TOML on stdin is saved in the plan; situation --json prints every question's answer."""
    result = ok(run("situation", input="children = false\nweapons = true\n"))
    assert "Saved your answers." in result.stderr
    assert read_plan(cond_home).situation == {"children": False, "weapons": True}
    data = json.loads(ok(run("situation", "--json")).stdout)
    assert data["children"] is False
    assert data["weapons"] is True
    assert data["pets"] is None
    assert list(data)[:3] == ["version", "children", "pets"]


def test_a_no_sets_a_step_aside_and_a_yes_brings_it_back_with_progress(
    run: Run, cond_home: Path
) -> None:
    """A step that does not apply is 'not for you' but kept; it returns, still done, later."""
    ok(run("done", f"{COND}.school"))
    ok(run("situation", input="children = false\n"))
    rows = list_all(run)
    assert rows[f"{COND}.school"]["applies"] is False
    assert f"{COND}.school" not in {r["id"] for r in json.loads(run("list", "--json").stdout)}
    status = json.loads(run("status", "--json").stdout)
    assert status["not_for_you"] == 1
    assert status["totals"]["items"] == 10
    assert status["totals"]["done"] == 0  # the done step does not count while it is set aside
    ok(run("situation", input="children = true\n"))
    rows = list_all(run)
    assert rows[f"{COND}.school"]["applies"] is True
    assert rows[f"{COND}.school"]["status"] == "done"
    assert json.loads(run("status", "--json").stdout)["totals"]["done"] == 1


def test_list_all_marks_open_steps_not_for_you(run: Run, cond_home: Path) -> None:
    """`list --all` shows an open step set aside by the answers as 'not for you'."""
    ok(run("situation", input="children = false\n"))
    line = next(
        line
        for line in run("list", "--all", env={"COLUMNS": "120"}).stdout.splitlines()
        if "Tell the school" in line
    )
    assert "not for you" in line


def test_skip_clears_an_answer(run: Run, cond_home: Path) -> None:
    """`"skip"` leaves a question unanswered again."""
    ok(run("situation", input="children = false\npets = true\n"))
    ok(run("situation", input='children = "skip"\n'))
    assert read_plan(cond_home).situation == {"pets": True}


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("children = \n", ["could not be read", "children = true"]),
        ("kids = true\n", ["'kids' is not a situation question"]),
        ("children = 3\n", ["'children'", "true, false or"]),
    ],
)
def test_bad_answers_are_one_plain_error_and_nothing_is_written(
    run: Run, cond_home: Path, text: str, words: list[str]
) -> None:
    """Broken TOML, an unknown key or a wrong value: one error line, exit 1, nothing written."""
    before = snapshot(cond_home)
    one_error_line(run("situation", input=text), *[w.lower() for w in words])
    assert snapshot(cond_home) == before


def test_empty_input_changes_nothing(run: Run, cond_home: Path) -> None:
    """No answers piped: it says so and writes nothing."""
    before = snapshot(cond_home)
    assert "nothing changed" in ok(run("situation", input="")).stderr
    assert snapshot(cond_home) == before


def test_situation_without_a_plan_is_one_error(run: Run, home: Path) -> None:
    """Without a plan there is nowhere to keep answers: one plain error, nothing created."""
    one_error_line(run("situation", input="children = true\n"))
    assert not (home / "plan.toml").exists()


def test_at_a_terminal_each_question_is_asked(
    run: Run, cond_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a terminal: an intro, where you live, then yes / no / skip per question; Enter keeps
    the answer."""

    ok(run("situation", input="pets = true\ncar = true\n"))
    monkeypatch.setattr(keyboard, "someone_typing", lambda: True)
    asked: list[str] = []
    reading = prompts.read_line

    def recorded(prompt: str) -> str:
        asked.append(prompt)
        return reading(prompt)

    monkeypatch.setattr(prompts, "read_line", recorded)
    # where: Wales; children: yes; pets: Enter (keep yes); car: skip (clear);
    # live_together: maybe, then no
    typed = "Wales\ny\n\nskip\nmaybe\nno\n" + "\n" * 9
    result = ok(run("situation", input=typed))
    assert "sealed with it when it is encrypted" in result.stderr
    assert asked[0].startswith("1 of 14. Where do you live?"), asked[0]
    assert asked[1].startswith("2 of 14. Do you have children"), asked[1]
    assert "Please answer yes, no or skip" in result.stderr
    assert "Saved: you live in England and Wales (United Kingdom)." in result.stderr
    state = read_plan(cond_home)
    assert state.situation == {"children": True, "pets": True, "live_together": False}
    assert state.region == "gb-eaw"
    # Enter at the place keeps it.
    ok(run("situation", input="\n" * 14))
    assert read_plan(cond_home).region == "gb-eaw"


def test_at_a_terminal_a_danger_sign_can_be_answered_not_sure(
    run: Run, cond_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A danger-sign question offers "not sure" and keeps it; another question refuses it and
    asks again; the next time, the danger question says the answer is "not sure"."""
    monkeypatch.setattr(keyboard, "someone_typing", lambda: True)
    asked: list[str] = []
    reading = prompts.read_line

    def recorded(prompt: str) -> str:
        asked.append(prompt)
        return reading(prompt)

    monkeypatch.setattr(prompts, "read_line", recorded)
    # where: Enter; children: "not sure" (refused), then yes; pets ... pregnant: Enter;
    # weapons: "not sure"; the rest: Enter
    typed = "\nnot sure\ny\n" + "\n" * 8 + "not sure\n" + "\n" * 3
    result = ok(run("situation", input=typed))
    assert "Please answer yes, no or skip" in result.stderr
    weapons = next(prompt for prompt in asked if "weapons" in prompt)
    assert "yes, no, not sure or skip" in weapons
    state = read_plan(cond_home)
    assert (state.situation, state.unsure) == ({"children": True}, ["weapons"])
    asked.clear()
    ok(run("situation", input="\n" * 14))
    assert "(now: not sure;" in next(prompt for prompt in asked if "weapons" in prompt)


def test_stopping_at_a_terminal_changes_nothing(
    run: Run, cond_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Input ending half-way (Ctrl-D) stops calmly, saves nothing and exits 1 (nothing was
    written), as any prompt that ends does."""

    monkeypatch.setattr(keyboard, "someone_typing", lambda: True)
    before = snapshot(cond_home)
    result = run("situation", input="Ontario\ny\n")
    assert_no_traceback(result)
    assert result.exit_code == 1
    assert "Stopped. Nothing was changed." in result.stderr
    assert snapshot(cond_home) == before


def interrupt_after(monkeypatch: pytest.MonkeyPatch, *replies: str) -> None:
    """Type these replies at the terminal, then press Ctrl-C."""

    typed = iter(replies)

    def prompt(*_args: object, **_kwargs: object) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(keyboard, "someone_typing", lambda: True)
    monkeypatch.setattr(prompts, "read_line", prompt)


def test_ctrl_c_in_the_questions_exits_130_and_saves_nothing(
    run: Run, cond_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C half-way: the calm line, exit 130 as in review, and no answer saved."""
    interrupt_after(monkeypatch, "Scotland", "y", "n")
    before = snapshot(cond_home)
    result = run("situation")
    assert_no_traceback(result)
    assert result.exit_code == 130
    assert "Stopped. Nothing was changed." in result.stderr
    assert snapshot(cond_home) == before


def test_ctrl_c_in_the_questions_init_offers_keeps_the_new_plan(
    run: Run, home: Path, no_builtins: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Offered by init: the plan is made, so stopping the questions ends init well (exit 0)."""
    make_home(home, MONEY)
    interrupt_after(monkeypatch, "y", "Wales", "y")  # yes to the offer, a place, a yes
    result = ok(run("init", "--exit-date", "+6w"))
    assert "Stopped. Your plan is made; answer them any time with" in result.stderr
    assert read_plan(home).situation == {}
    assert read_plan(home).region is None


def test_init_offers_the_questions_only_at_a_terminal(
    run: Run, home: Path, no_builtins: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Piped, init never asks; at a terminal it offers them, and one 's' skips them all."""
    make_home(home, MONEY)
    assert "questions" not in ok(run("init", "--exit-date", "+6w")).stderr

    monkeypatch.setattr(keyboard, "someone_typing", lambda: True)
    result = ok(run("init", "--force", "--exit-date", "+6w", input="s\n"))
    assert "A few questions help" in result.stderr
    assert "exitplan situation" in result.stderr
    assert read_plan(home).situation == {}
    ok(run("init", "--force", "--exit-date", "+6w", input="\n\nn\n" + "\n" * 12))
    assert read_plan(home).situation == {"children": False}
    assert read_plan(home).region is None


def test_answers_never_reach_the_history_text(run: Run, cond_home: Path) -> None:
    """The history says the answers changed, never what they are."""
    ok(run("situation", input="weapons = true\n"))
    history = run("history", "--json").stdout
    assert "weapons" not in history
    assert "situation answers changed" in history


def test_ctrl_c_at_the_offer_skips_the_questions(
    run: Run, home: Path, no_builtins: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C when init offers the questions: they are skipped, calmly, and init ends well."""
    make_home(home, MONEY)
    interrupt_after(monkeypatch)
    result = ok(run("init", "--exit-date", "+6w"))
    assert "Skipped. You can answer them any time with: exitplan situation" in result.stderr
    assert read_plan(home).situation == {}
