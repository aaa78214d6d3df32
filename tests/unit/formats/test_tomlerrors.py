"""Plain one-line messages for a TOML file that cannot be read: where the syntax breaks, and
which item and field a value is wrong in, in words for a person rather than a programmer."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
from pydantic import ValidationError

from exitplan.formats.schema import ChecklistFile
from exitplan.formats.tomlerrors import describe_errors, toml_error


def syntax_error(text: str) -> ValueError:
    """The error tomllib raises for `text`."""
    with pytest.raises(tomllib.TOMLDecodeError) as caught:
        tomllib.loads(text)
    return caught.value


def problems(data: dict[str, Any]) -> list[str]:
    """The sentences for a checklist file's data that the schema refuses."""
    with pytest.raises(ValidationError) as caught:
        ChecklistFile.model_validate(data)
    return describe_errors(caught.value, data)


def checklist(**items: Any) -> dict[str, Any]:
    """A checklist file's data with one item, the item's fields given."""
    item = {"id": "save-cash", "title": "Put cash aside", "why": "Cash cannot be traced."}
    return {"schema": 1, "id": "t-money", "title": "Money", "item": [item | items]}


def test_a_syntax_error_names_its_line_and_column() -> None:
    """tomllib's "(at line 2, column 5)" becomes a leading `line 2, column 5:`, and the reason
    stays."""
    message = toml_error(syntax_error('a = 1\nb = "open\n'))
    assert message.startswith("line 2, column ")
    assert ": TOML syntax error: " in message
    assert "(at line" not in message


def test_a_syntax_error_without_a_place_is_said_as_it_is() -> None:
    """A reason with no position is kept whole after the same words."""
    assert toml_error(ValueError("something odd")) == "TOML syntax error: something odd"


def test_a_wrong_field_names_the_item_by_number_and_id() -> None:
    """A wrong value inside an item names the item's number and id, the field, and the rule in
    plain words."""
    assert problems(checklist(priority="urgent")) == [
        "item 1 ('save-cash'), field 'priority': 'urgent' is not one of "
        "critical, high, normal or low"
    ]


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("alerts_partner", "maybe", "should be true or false"),
        ("tags", "bank", 'should be a list in square brackets, like ["a", "b"]'),
        ("colour", "red", "is not a known field (check the spelling)"),
        ("title", "", "should not be empty"),
        ("title", "x" * 201, "is longer than 200 characters"),
    ],
)
def test_each_kind_of_mistake_has_its_own_sentence(field: str, value: Any, words: str) -> None:
    """Pydantic's programmer's wording ("Input should be a valid boolean") never reaches the
    person: each kind of mistake a hand-edited file can have is one plain sentence."""
    [message] = problems(checklist(**{field: value}))
    assert message == f"item 1 ('save-cash'), field '{field}': {words}"


def test_a_missing_field_and_a_field_outside_the_items() -> None:
    """A missing field is "required"; a field of the file itself is named without an item."""
    data = checklist()
    del data["item"][0]["why"]
    data["order"] = "first"
    assert problems(data) == [
        "field 'order': should be a whole number, like 7",
        "item 1 ('save-cash'), field 'why': is required",
    ]


@pytest.mark.parametrize("bad", ["Save Cash", "save--cash", "-save", "save_cash"])
def test_every_id_pattern_of_the_schema_has_plain_words(bad: str) -> None:
    """An id that breaks the schema's pattern is told how ids are written, never shown the
    regular expression nor the catch-all sentence: the patterns here and in the schema agree."""
    for data, where in (
        (checklist(id=bad), f"item 1 ('{bad}'), field 'id'"),
        (checklist(after=[bad]), "item 1 ('save-cash'), field 'after.0'"),
    ):
        [message] = problems(data)
        assert message.startswith(f"{where}: '{bad}' is not a usable id: use lower-case letters")
        assert "^[a-z" not in message
