"""The file formats checked field by field: a due date in every form a file may write it, a
checklist's steps and their rules (the due date against `when`, ids, references, places, local
facts, no control character), and the plan file turned into the domain's plan state."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from exitplan.base import i18n
from exitplan.base.limits import MAX_NOTE_CHARS, MAX_TITLE_CHARS
from exitplan.base.safetext import first_refused
from exitplan.domain.dates import MAX_OFFSET_DAYS
from exitplan.domain.model import (
    CustomItem,
    DeviceAnswer,
    Due,
    Event,
    ItemState,
    PhoneCheck,
    PlanState,
)
from exitplan.domain.pacing import MAX_PER_DAY
from exitplan.formats.schema import parse_due, validate_checklist, validate_plan

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def refusal(error: pytest.ExceptionInfo[ValidationError]) -> str:
    """The one message pydantic gives for the first problem."""
    return str(error.value.errors()[0]["msg"])


# -- a due date ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "due"),
    [
        ("-3w", Due(-21)),
        (" +10d ", Due(10)),
        ("exit", Due(0)),
        ("-2s", Due(-14)),  # French and Spanish weeks
        (-5, Due(-5)),
        (MAX_OFFSET_DAYS, Due(MAX_OFFSET_DAYS)),
        ("2027-01-31", Due(on=date(2027, 1, 31))),
        (date(2027, 1, 31), Due(on=date(2027, 1, 31))),
        (Due(-7), Due(-7)),
    ],
)
def test_a_due_date_is_read_in_every_form_a_file_writes(value: object, due: Due) -> None:
    """An offset (text or days), an ISO date (text or TOML's own date) or a Due is read."""
    assert parse_due(value) == due


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (MAX_OFFSET_DAYS + 1, "3661 days is more than ten years away"),
        ("-523w", "'-523w' is more than ten years away"),
        ("2027-02-30", "'2027-02-30' is not a day in the calendar"),
        ("soon", "'soon' is not an offset"),
        (datetime(2027, 1, 31, 9, 0), "use a date without a time"),
        (True, "use an offset like -3w or +7d"),  # true is not one day
        (1.5, "use an offset like -3w or +7d"),
        (None, "use an offset like -3w or +7d"),
    ],
)
def test_a_due_date_that_cannot_be_read_is_refused_plainly(value: object, words: str) -> None:
    """A date past ten years, a day not in the calendar, a word, a time or another type is
    refused with one plain reason."""
    with pytest.raises(ValueError, match=re.escape(words)):
        parse_due(value)


@settings(max_examples=60, deadline=None)
@given(st.integers(-MAX_OFFSET_DAYS, MAX_OFFSET_DAYS), st.dates())
def test_a_written_due_date_reads_back_the_same(days: int, day: date) -> None:
    """What a file writes for a due date (an offset or a day) is read back unchanged."""
    assert parse_due(Due(days).text()) == Due(days)
    if day.year >= 1000:  # four-digit years: the only ones a file writes
        assert parse_due(Due(on=day).text()) == Due(on=day)


# -- a checklist --------------------------------------------------------------------------------


def checklist(*items: dict[str, Any], **header: Any) -> dict[str, Any]:
    """Checklist data: a header with `header`'s changes, then the items."""
    return {"schema": 1, "id": "money", "title": "Money", **header, "item": list(items)}


def item(item_id: str = "bank", **fields: Any) -> dict[str, Any]:
    """One step's data, with a title and a reason."""
    return {"id": item_id, "title": "Open a bank account", "why": "Money of your own.", **fields}


def test_a_checklist_is_read_with_the_defaults_of_its_steps() -> None:
    """A minimal checklist gives steps due on the exit day, before it, of normal priority;
    titles are stripped of surrounding blanks; the built-in mark is the caller's."""
    made = validate_checklist(checklist(item(title="  Open a bank account  ")), builtin=True)
    assert (made.id, made.title, made.summary, made.order, made.builtin) == (
        "money",
        "Money",
        "",
        1000,
        True,
    )
    step = made.items[0]
    assert (step.title, step.due, step.when, step.priority) == (
        "Open a bank account",
        Due(0),
        "before",
        "normal",
    )
    assert (step.sources, step.facts, step.checked) == ((), (), None)


def test_every_field_of_a_step_reaches_the_domain() -> None:
    """Lists become tuples, the checked day its ISO text, and the local facts the texts name
    are gathered once each, in order of first use."""
    step = validate_checklist(
        checklist(
            item(
                title="Ask about {{court-order|a protection order}}",
                why="See {{legal-advice|free advice}} and {{court-order|an order}}.",
                how="Call {{helpline|a helpline}}.",
                due="-2w",
                priority="critical",
                sources=["https://www.gov.uk/injunction-domestic-violence"],
                tags=["court"],
                applies_if=["children"],
                after=["other.first"],
                checked=date(2026, 12, 5),
                regions=["gb-sct"],
                batch=2,
                soon_if_danger=True,
            )
        )
    ).items[0]
    assert step.facts == ("court-order", "legal-advice", "helpline")
    assert (step.due, step.priority, step.checked) == (Due(-14), "critical", "2026-12-05")
    assert (step.sources, step.tags, step.applies_if, step.after, step.regions) == (
        ("https://www.gov.uk/injunction-domestic-violence",),
        ("court",),
        ("children",),
        ("other.first",),
        ("gb-sct",),
    )
    assert (step.batch, step.soon_if_danger) == (2, True)


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"when": "before", "due": "+1d"}, "'when' is 'before' but 'due' (+1d) is after the exit"),
        ({"when": "after", "due": "-1d"}, "'when' is 'after' but 'due' (-1d) is before the exit"),
        ({"when": "exit-day", "due": "-1d"}, "'when' is 'exit-day' but 'due' is -1d, not 'exit'"),
        ({"when": "event", "due": "exit"}, "'when' is 'event', which has no due date"),
        ({"when": "anytime", "due": "-1w"}, "'when' is 'anytime', which has no due date"),
        ({"when": "after", "due": "+1w", "soon_if_danger": True}, "'soon_if_danger' is only"),
        ({"when": "after", "due": "+1w", "moot_after_exit": True}, "'moot_after_exit' is only"),
    ],
)
def test_a_due_date_on_the_wrong_side_of_the_exit_is_refused(
    fields: dict[str, Any], words: str
) -> None:
    """A step's due date must agree with `when`, and an undated step has none."""
    with pytest.raises(ValidationError) as error:
        validate_checklist(checklist(item(**fields)))
    assert words in refusal(error)


@pytest.mark.parametrize(
    "fields",
    [
        {"when": "before", "due": "exit"},
        {"when": "after", "due": "exit"},  # the exit day is both the last before and first after
        {"when": "exit-day"},
        {"when": "event"},
        {"when": "before", "due": "2027-03-01"},  # a fixed day is not checked against `when`
        {"when": "exit-day", "moot_after_exit": True},
    ],
)
def test_a_due_date_that_agrees_with_when_is_accepted(fields: dict[str, Any]) -> None:
    """The exit day itself, an undated step without a date, and a fixed day are all fine."""
    assert len(validate_checklist(checklist(item(**fields))).items) == 1


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (checklist(item("bank"), item("bank")), "item id 'bank' is used twice"),
        (
            checklist(item("card", after=["bank"])),
            "item 'card' comes after 'bank', which is not in this file",
        ),
        (checklist(item("Bank Account")), "should match pattern"),
        (checklist(item(regions=["zz-abc"])), "'regions' names a place no region file has: zz-abc"),
        (checklist(item(applies_if=["dogs"])), "'dogs' is not a situation question"),
        (checklist(item(title="Ask about {{court-order}}")), "'title'"),
        (checklist(item(colour="red")), "Extra inputs are not permitted"),
        (checklist(item(checked=datetime(2026, 12, 5, 9, 0))), "use a date without a time"),
        (checklist(item(title=" ")), "at least 1 character"),
        (checklist(item(title="x" * (MAX_TITLE_CHARS + 1))), f"at most {MAX_TITLE_CHARS}"),
        (checklist(item(batch=True)), "valid integer"),
        (checklist(schema=2), "Input should be 1"),
    ],
)
def test_a_checklist_that_breaks_a_rule_is_refused(data: dict[str, Any], words: str) -> None:
    """A repeated id, a reference to no step, a bad id, an unknown place, situation question or
    field, a broken placeholder, a time for a day, an empty or overlong title, a round that is
    not a number, another format version: refused, naming what is wrong."""
    with pytest.raises(ValidationError) as error:
        validate_checklist(data)
    assert words in refusal(error)


def test_a_step_after_one_in_another_checklist_is_not_looked_for_here() -> None:
    """`after = ["other.step"]` names another checklist's step: this file cannot check it."""
    made = validate_checklist(checklist(item("first"), item("card", after=["first", "x.y"])))
    assert made.items[1].after == ("first", "x.y")


@pytest.mark.parametrize("field", ["title", "why", "how", "caution"])
@pytest.mark.parametrize("char", ["\x1b", "\x07", "\x00", "\x7f", "\x9b"])
def test_a_control_character_in_a_step_s_text_is_refused(field: str, char: str) -> None:
    """An escape, a bell, a NUL, DEL or a C1 control in any text a screen shows is refused,
    naming the character: a shared file can never rewrite the terminal."""
    with pytest.raises(ValidationError) as error:
        validate_checklist(checklist(item(**{field: f"Look{char}[2J here"})))
    assert f"contains a control character (U+{ord(char):04X})" in refusal(error)


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8", categories=["Cc", "L", "Zs"]), max_size=30))
def test_no_control_character_reaches_a_step(title: str) -> None:
    """Whatever a title holds, the step is refused or its title keeps no control character;
    a title without one is always kept."""
    try:
        made = validate_checklist(checklist(item(title=f"A{title}")))
    except ValidationError:
        assert first_refused(title) is not None
    else:
        assert first_refused(made.items[0].title) is None


def test_new_lines_and_tabs_are_kept_in_a_step_s_text() -> None:
    """A new line or a tab in a reason is text, not a control character."""
    step = validate_checklist(checklist(item(why="First.\n\tThen."))).items[0]
    assert step.why == "First.\n\tThen."


# -- the plan file ------------------------------------------------------------------------------


def plan(**fields: Any) -> dict[str, Any]:
    """Plan data: a version, a making time, and `fields`."""
    return {"schema": 1, "created": NOW, **fields}


def test_an_almost_empty_plan_file_gives_a_new_plan() -> None:
    """Only the version and the making time: a plan with every default."""
    assert validate_plan(plan()) == PlanState(created=NOW)


def test_a_plan_written_to_data_reads_back_the_same() -> None:
    """Every part of a plan written as plan.toml's data is read back equal."""
    state = PlanState(
        created=NOW,
        exit_date=date(2026, 12, 14),
        planned_on=date(2026, 11, 16),
        warn_days=3,
        per_day=2,
        checklists=["money"],
        items={"money.bank": ItemState("skipped", NOW, "later", "not now")},
        custom=[
            CustomItem("money", "c1", "Call", NOW, why="Mine.", due=Due(-7), priority="high"),
            CustomItem("money", "c2", "Post", NOW, due=Due(on=date(2026, 12, 1))),
        ],
        history=[Event(NOW, "init"), Event(NOW, "done", "money.bank")],
        situation={"children": True, "weapons": False},
        answered={"children": date(2026, 11, 20)},
        unsure=["stalking"],
        region="gb-sct",
        journal_copied=NOW,
        journal_copied_records=4,
        phone={"android": PhoneCheck(NOW, ("known-stalkerware",), "Pixel 7")},
        iphone={"profiles": DeviceAnswer("unsure", NOW)},
    )
    assert validate_plan(state.to_dict()) == state


def test_a_danger_sign_answered_since_is_no_longer_unsure() -> None:
    """A question both answered and marked unsure counts as answered; the rest stay sorted."""
    state = validate_plan(
        plan(situation={"weapons": True}, unsure=["weapons", "stalking", "strangled"])
    )
    assert state.unsure == ["stalking", "strangled"]


def test_a_sign_found_twice_is_kept_once() -> None:
    """A phone check's signs are kept once each, in the order found."""
    state = validate_plan(
        plan(
            phone={"android": {"checked": NOW, "signs": ["watchware", "device-owner", "watchware"]}}
        )
    )
    assert state.phone["android"].signs == ("watchware", "device-owner")


def test_a_huge_change_log_keeps_the_making_and_the_newest() -> None:
    """A log of 2,500 events opens with the plan's `init` and the newest 2,000 (an old event
    dropped is never even checked)."""
    history: list[dict[str, Any]] = [{"at": NOW, "action": "init"}, {"at": "broken"}]
    history += [
        {"at": NOW + timedelta(minutes=i), "action": "note", "item": f"money.{i}"}
        for i in range(2498)
    ]
    state = validate_plan(plan(history=history))
    assert len(state.history) == 2001
    assert state.history[0] == Event(NOW, "init")
    assert state.history[1].item == "money.498"
    assert state.history[-1].item == "money.2497"


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"exit_date": datetime(2026, 12, 14, 9, 0)}, "exit_date must be a date like 2027-01-31"),
        ({"planned_on": datetime(2026, 11, 16, 9, 0)}, "planned_on must be a date like"),
        ({"answered": {"children": NOW}}, "answered days must be dates like 2027-01-31"),
        ({"per_day": 0}, "greater than or equal to 1"),
        ({"per_day": MAX_PER_DAY + 1}, f"less than or equal to {MAX_PER_DAY}"),
        ({"per_day": "3"}, "valid integer"),
        ({"warn_days": -1}, "greater than or equal to 0"),
        ({"situation": {"dogs": True}}, "'dogs' is not a situation question"),
        ({"situation": {"children": "yes"}}, "valid boolean"),
        ({"unsure": ["children"]}, "'children' is not a danger-sign question"),
        ({"region": "GB"}, "should match pattern"),
        ({"items": {"money.bank": {"status": "maybe"}}}, "'open', 'done' or 'skipped'"),
        ({"items": {"money\x1b[2J": {}}}, "contains a control character (U+001B)"),
        ({"items": {"a": {"note": "x" * (MAX_NOTE_CHARS + 1)}}}, f"at most {MAX_NOTE_CHARS}"),
        ({"phone": {"windows": {"checked": NOW}}}, "'windows' is not a kind of phone check"),
        ({"phone": {"android": {"checked": NOW, "signs": ["odd"]}}}, "'odd' is not a sign"),
        ({"iphone": {"camera": {"answer": "no", "checked": NOW}}}, "'camera' is not a question"),
        ({"iphone": {"profiles": {"answer": "maybe", "checked": NOW}}}, "'yes', 'no' or"),
        ({"journal_copied_records": -1}, "greater than or equal to 0"),
        ({"history": [{"at": NOW, "action": "note\x07"}]}, "U+0007"),
        ({"colour": "red"}, "Extra inputs are not permitted"),
    ],
)
def test_a_plan_file_that_breaks_a_rule_is_refused(fields: dict[str, Any], words: str) -> None:
    """A time where a day belongs, a daily limit or warning out of range, an unknown question,
    place, status, phone kind, sign or answer, a control character, an overlong note, an
    unknown field: refused, naming what is wrong."""
    with pytest.raises(ValidationError) as error:
        validate_plan(plan(**fields))
    assert words in refusal(error)


@pytest.mark.parametrize(
    ("validate", "spanish"),
    [
        (
            lambda: validate_plan(plan(unsure=["children"])),
            "'children' no es una pregunta de señal de peligro; usa una de estas: stalking, "
            "strangled, threats_to_kill, weapons",
        ),
        (
            lambda: validate_checklist(
                checklist(item(when="after", due="+1w", soon_if_danger=True))
            ),
            "'soon_if_danger' es solo para un paso con 'when' = 'before'",
        ),
        (
            lambda: validate_checklist(
                checklist(item(when="after", due="+1w", moot_after_exit=True))
            ),
            "'moot_after_exit' es solo para un paso con 'when' = 'before' o 'exit-day'",
        ),
    ],
    ids=["danger-sign", "soon-if-danger", "moot-after-exit"],
)
def test_a_refusal_is_in_the_person_s_language(
    validate: Callable[[], object], spanish: str
) -> None:
    """On a Spanish screen, a danger-sign answer that is no such question, or a mark a step
    cannot carry, is refused in Spanish (the field names stay as the file writes them)."""
    i18n.install("es")
    with pytest.raises(ValidationError) as error:
        validate()
    assert spanish in refusal(error)


def test_a_plan_file_of_another_version_is_refused() -> None:
    """Only format version 1 is read."""
    with pytest.raises(ValidationError) as error:
        validate_plan({"schema": 2, "created": NOW})
    assert "Input should be 1" in refusal(error)
