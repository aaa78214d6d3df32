"""The situation answers: kept in the plan, choosing which steps apply, never losing progress."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from exitplan.base.errors import ExitplanError, PlanError
from exitplan.domain.model import Checklist, Due, Item, PlanState
from exitplan.domain.plan import build_plan, new_state, set_per_day, set_situation, set_status
from exitplan.domain.situation import (
    DANGER_KEYS,
    KEYS,
    QUESTIONS,
    UNSURE,
    applies,
    danger_signs,
    read_situation,
)
from exitplan.formats.cache import _decode, _encode, _plan
from exitplan.formats.cachedrows import state_data
from exitplan.formats.catalog import Catalog
from exitplan.formats.planfile import dump_plan, parse_plan

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
EXIT = date(2027, 1, 31)
TODAY = date(2026, 12, 20)
PATH = Path("plan.toml")


def item(item_id: str, **kwargs: object) -> Item:
    """A step due three weeks before the exit, with the given conditions."""
    return Item(id=item_id, title=item_id, why="Because.", due=Due(offset=-21), **kwargs)


@pytest.fixture
def catalog() -> Catalog:
    """One built-in checklist with conditional steps."""
    items = [
        item("always"),
        item("school", applies_if=["children"]),
        item("leave-quietly", unless=["tell_in_person"]),
        item("weapons-plan", applies_if=["weapons"], priority="critical"),
    ]
    return Catalog((Checklist(id="safety", title="Safety", items=items, builtin=True),))


@pytest.fixture
def state(catalog: Catalog) -> PlanState:
    """A new plan with an exit date."""
    return new_state(NOW, catalog, None, EXIT, today=date(2026, 12, 1))


def by_id(catalog: Catalog, state: PlanState) -> dict[str, object]:
    """Whether each step applies, by item id."""
    return {e.item.id: e.applies for e in build_plan(catalog, state).entries}


# -- applies -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answers", "expected"),
    [
        ({}, True),  # nothing answered: every step stays
        ({"children": True}, True),
        ({"children": False}, False),
        ({"children": True, "tell_in_person": True}, False),
        ({"children": True, "tell_in_person": False}, True),
    ],
)
def test_applies_follows_the_answers(answers: dict[str, bool], expected: bool) -> None:
    """A step applies unless an `applies_if` answer is no or an `unless` answer is yes."""
    assert applies(["children"], ["tell_in_person"], answers) is expected


def test_danger_keys_are_the_danger_signs() -> None:
    """The danger signs are the four questions marked as such, all among the keys."""
    assert {"weapons", "strangled", "threats_to_kill", "stalking"} == DANGER_KEYS
    assert DANGER_KEYS <= KEYS
    assert len(KEYS) == len(QUESTIONS)


def test_danger_signs_are_the_yes_answers_in_question_order() -> None:
    """Only danger signs answered yes count, in the order the questions are asked."""
    answers = {"stalking": True, "weapons": True, "strangled": False, "children": True}
    assert danger_signs(answers) == ("weapons", "stalking")
    assert danger_signs({}) == ()


def test_answers_are_read_from_toml_text() -> None:
    """Piped answers: true, false, or "skip" to clear one."""
    text = 'children = true\npets = false\nweapons = "skip"\n'
    assert read_situation(text)[0] == {"children": True, "pets": False, "weapons": None}
    assert read_situation("")[0] == {}


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("kids = true", "'kids' is not a situation question"),
        ('children = "yes"', "'children' must be true, false"),
        ("children = 1", "'children' must be true, false"),
        ("children = = true", "could not be read"),
    ],
)
def test_bad_answer_text_is_one_plain_message(text: str, named: str) -> None:
    """A wrong question, a wrong answer or broken text: one message, naming no answer."""
    with pytest.raises(ExitplanError, match=named) as caught:
        read_situation(text)
    assert "yes" not in str(caught.value).replace("'", "")
    assert "= 1" not in str(caught.value)


# -- conditions in the plan ----------------------------------------------------------------------


def test_a_no_sets_a_step_aside_and_changing_it_brings_it_back(
    catalog: Catalog, state: PlanState
) -> None:
    """A step that does not apply keeps its number and its progress, and is back, as it was,
    the moment the answer changes."""
    plan = build_plan(catalog, state)
    school = plan.resolve("school")
    set_status(state, school, "done", NOW)
    numbers = [e.number for e in plan.entries]
    set_situation(state, {"children": False, "tell_in_person": True}, NOW)
    hidden = build_plan(catalog, state)
    assert [e.number for e in hidden.entries] == numbers
    assert {e.item.id: e.applies for e in hidden.entries} == {
        "always": True,
        "school": False,
        "leave-quietly": False,
        "weapons-plan": True,
    }
    assert hidden.resolve("school").state.status == "done"
    set_situation(state, {"children": True, "tell_in_person": None}, NOW)
    back = build_plan(catalog, state)
    assert all(e.applies for e in back.entries)
    assert back.resolve("school").state.status == "done"


def test_a_step_set_aside_has_no_date_and_no_flag(catalog: Catalog, state: PlanState) -> None:
    """A step that does not apply is never flagged, even long after its date."""
    set_situation(state, {"children": False}, NOW)
    plan = build_plan(catalog, state)
    rows = {row.entry.item.id: row for row in plan.rows(date(2027, 3, 1))}
    assert (rows["school"].due, rows["school"].flag) == (None, None)
    assert rows["always"].flag == "open_at_exit"


def test_a_danger_sign_answered_yes_marks_its_steps(catalog: Catalog, state: PlanState) -> None:
    """Steps for a danger sign are marked only when that sign is answered yes."""
    assert not any(e.danger for e in build_plan(catalog, state).entries)
    set_situation(state, {"weapons": True}, NOW)
    marked = [e.item.id for e in build_plan(catalog, state).entries if e.danger]
    assert marked == ["weapons-plan"]


# -- changing the answers ------------------------------------------------------------------------


def test_changing_answers_records_that_they_changed_but_not_what_they_are(
    state: PlanState,
) -> None:
    """The history line says only that the answers changed."""
    assert set_situation(state, {"weapons": True, "children": False}, NOW)
    event = state.history[-1]
    assert (event.action, event.item, event.detail) == (
        "situation",
        None,
        "situation answers changed",
    )
    assert state.situation == {"weapons": True, "children": False}


def test_the_same_answers_again_change_nothing(state: PlanState) -> None:
    """Giving the answers already kept records nothing."""
    set_situation(state, {"pets": True}, NOW)
    length = len(state.history)
    assert not set_situation(state, {"pets": True}, NOW)
    assert not set_situation(state, {"car": None}, NOW)
    assert len(state.history) == length


def test_an_unknown_question_is_refused(state: PlanState) -> None:
    """An answer to a question that does not exist changes nothing."""
    with pytest.raises(ExitplanError, match="not a situation question"):
        set_situation(state, {"children": True, "kids": True}, NOW)
    assert state.situation == {}


def test_an_answer_must_be_yes_or_no(state: PlanState) -> None:
    """An answer that is not true or false is refused."""
    with pytest.raises(ExitplanError, match="yes"):
        set_situation(state, {"children": "yes"}, NOW)
    assert state.situation == {}


@pytest.mark.parametrize("value", [0, 21, True])
def test_per_day_must_be_a_small_whole_number(state: PlanState, value: int) -> None:
    """Steps per day is from 1 to 20."""
    with pytest.raises(ExitplanError, match="1 to 20"):
        set_per_day(state, value, NOW)
    assert state.per_day is None


def test_per_day_is_kept_and_used(catalog: Catalog, state: PlanState) -> None:
    """A chosen daily limit is kept in the plan and used by its schedule."""
    assert build_plan(catalog, state).per_day == 4
    assert set_per_day(state, 2, NOW)
    assert build_plan(catalog, state).per_day == 2
    assert not set_per_day(state, 2, NOW)
    assert set_per_day(state, None, NOW)
    assert state.per_day is None


# -- in the plan file and the cache --------------------------------------------------------------


def test_answers_and_per_day_round_trip_through_the_plan_file(state: PlanState) -> None:
    """The answers are written as a [situation] table and read back the same."""
    set_situation(state, {"children": True, "stalking": False}, NOW)
    set_per_day(state, 3, NOW)
    text = dump_plan(state)
    assert b"[situation]" in text
    again = parse_plan(text, PATH)
    assert again.situation == {"children": True, "stalking": False}
    assert again.per_day == 3


def test_an_old_plan_without_answers_still_loads(state: PlanState) -> None:
    """A plan file written before the situation questions existed has no answers."""
    text = dump_plan(state)
    assert b"situation" not in text
    assert b"per_day" not in text
    again = parse_plan(text, PATH)
    assert (again.situation, again.per_day) == ({}, None)


@pytest.mark.parametrize(
    "table",
    ["[situation]\nkids = true\n", '[situation]\nchildren = "yes"\n', "per_day = 0\n"],
)
def test_a_bad_answer_in_the_plan_file_is_an_error(state: PlanState, table: str) -> None:
    """An unknown question, an answer that is not true or false, or a bad limit is refused."""
    text = dump_plan(state).decode()
    head, _, rest = text.partition("\n[")
    with pytest.raises(PlanError):
        parse_plan(f"{head}\n{table}\n[{rest}".encode(), PATH)


def test_the_unknown_question_is_named(state: PlanState) -> None:
    """The message names the question that is not known."""
    text = dump_plan(state).decode() + "\n[situation]\nkids = true\n"
    with pytest.raises(PlanError, match="kids"):
        parse_plan(text.encode(), PATH)


def test_answers_survive_the_cache(state: PlanState) -> None:
    """The cache's plain data builds the same answers and limit back."""
    set_situation(state, {"children": False}, NOW)
    set_per_day(state, 5, NOW)
    body = json.dumps(state_data(state), default=_encode)
    again = _plan(json.loads(body, object_hook=_decode))
    assert (again.situation, again.per_day) == ({"children": False}, 5)


@pytest.mark.parametrize(
    ("answers", "expected"),
    [({}, False), ({"tell_in_person": False}, False), ({"tell_in_person": True}, True)],
)
def test_only_if_needs_an_explicit_yes(answers: dict[str, bool], expected: bool) -> None:
    """An `only_if` step applies only when its question was answered yes: unanswered hides it."""
    assert applies([], [], answers, ["tell_in_person"]) is expected


# -- "not sure", for the danger signs -------------------------------------------------------------


def test_a_danger_sign_can_be_answered_not_sure_and_changed_back() -> None:
    """ "Not sure" is kept apart from yes and no, on the day it was given; a yes replaces it."""
    plan = new_state(NOW, Catalog(()), None, EXIT, today=date(2026, 12, 1))
    assert set_situation(plan, {"weapons": UNSURE, "children": True}, NOW, TODAY)
    assert (plan.situation, plan.unsure) == ({"children": True}, ["weapons"])
    assert plan.answered["weapons"] == TODAY
    assert not set_situation(plan, {"weapons": UNSURE}, NOW, TODAY)
    assert set_situation(plan, {"weapons": True}, NOW, TODAY)
    assert (plan.situation, plan.unsure) == ({"children": True, "weapons": True}, [])
    with pytest.raises(ExitplanError, match="yes"):
        set_situation(plan, {"children": UNSURE}, NOW, TODAY)


def test_not_sure_is_read_only_for_a_danger_sign() -> None:
    """Piped TOML takes "unsure" for a danger sign; for another question it is one message."""
    assert read_situation('stalking = "unsure"\n')[0] == {"stalking": UNSURE}
    with pytest.raises(ExitplanError, match="true, false or"):
        read_situation('children = "unsure"\n')


def test_not_sure_hastens_the_steps_that_must_not_wait(catalog: Catalog) -> None:
    """A danger sign answered "not sure" hastens a `soon_if_danger` step as a yes does, and
    hides or brings first no step."""
    bag = item("bag", soon_if_danger=True)
    shelf = Catalog((Checklist(id="safety", title="Safety", items=[bag], builtin=True),))
    plan = new_state(NOW, shelf, None, EXIT, today=date(2026, 12, 1))
    assert build_plan(shelf, plan).entries[0].by is None
    set_situation(plan, {"threats_to_kill": UNSURE}, NOW, TODAY)
    entry = build_plan(shelf, plan).entries[0]
    assert (entry.by, entry.danger, entry.applies) == (date(2026, 12, 27), False, True)


def test_not_sure_survives_the_plan_file_and_the_cache(state: PlanState) -> None:
    """ "Not sure" is written as a list of danger signs, read back, and kept by the cache; a
    question that is not a danger sign is refused in that list."""
    set_situation(state, {"stalking": UNSURE}, NOW)
    text = dump_plan(state)
    assert b'unsure = [\n    "stalking",\n]' in text
    assert parse_plan(text, PATH).unsure == ["stalking"]
    body = json.dumps(state_data(state), default=_encode)
    assert _plan(json.loads(body, object_hook=_decode)).unsure == ["stalking"]
    with pytest.raises(PlanError, match="danger-sign"):
        parse_plan(text.replace(b'    "stalking",\n]', b'    "children",\n]'), PATH)
