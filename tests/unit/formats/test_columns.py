"""A checklist's items as the cache keeps them, in columns: every item reads back exactly as it
was, the texts can be left apart, and a column exitplan would not write is refused, never used."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest

from exitplan.domain.model import Checklist, Due, Item
from exitplan.formats.checklistfile import load_catalog
from exitplan.formats.columns import TEXTS, from_columns, split_texts, to_columns


def checklists() -> tuple[Checklist, ...]:
    """The built-in checklists: every field a real step uses, in every combination they have."""
    found = load_catalog().checklists
    assert len(found) > 5
    return found


def through_json(columns: dict[str, Any]) -> dict[str, Any]:
    """The columns as the cache file gives them back (JSON has lists, not tuples)."""
    return dict(json.loads(json.dumps(columns)))


def step(number: int, **fields: Any) -> Item:
    """A small step of its own, due a week before the exit unless told otherwise."""
    values: dict[str, Any] = {"id": f"s{number}", "title": f"Step {number}", "why": "Because."}
    return Item(**(values | {"due": Due(-7)} | fields))


def test_every_built_in_step_reads_back_exactly() -> None:
    """Each built-in checklist's items, written as columns and read back through JSON, are the
    same items, field for field."""
    for checklist in checklists():
        columns = through_json(to_columns(list(checklist.items)))
        assert from_columns(columns, {}) == list(checklist.items), checklist.id


def test_a_field_most_steps_leave_alone_keeps_only_the_others() -> None:
    """A field that most steps keep at its default is kept as positions and values; a field
    every step has is a full column; a fixed date is kept as ISO text beside the offsets."""
    items = [step(1), step(2, alerts_partner=True), step(3, due=Due(0, date(2027, 1, 31)))]
    columns = to_columns(items)
    assert columns["alerts_partner"] == {"at": [1], "values": [True]}
    assert columns["title"] == ["Step 1", "Step 2", "Step 3"]
    assert columns["due.offset"] == [-7, -7, 0]
    assert columns["due.on"] == {"at": [2], "values": ["2027-01-31"]}
    assert "reflective" not in columns
    assert from_columns(through_json(columns), {}) == items


def test_the_texts_can_be_kept_apart() -> None:
    """Without its texts a step reads with an empty why and no how, caution, sources or tags;
    everything else is as written."""
    items = [step(1, how="Quietly.", tags=("bank",)), step(2)]
    rest, texts = split_texts(to_columns(items))
    assert set(texts) <= TEXTS
    assert "why" in texts
    assert not set(rest) & TEXTS
    bare = from_columns(through_json(rest), {}, texts=False)
    assert [(i.id, i.title, i.why, i.how, i.tags) for i in bare] == [
        ("s1", "Step 1", "", None, ()),
        ("s2", "Step 2", "", None, ()),
    ]


def test_equal_due_dates_are_shared() -> None:
    """Steps due on the same day share one Due, and the ones already known are reused."""
    known: dict[tuple[int, date | None], Due] = {}
    fixed = Due(0, date(2027, 1, 31))
    first = from_columns(
        through_json(to_columns([step(1), step(2), step(3, due=fixed), step(4, due=fixed)])), known
    )
    assert first[0].due is first[1].due
    assert first[2].due is first[3].due
    assert first[2].due == fixed
    again = from_columns(through_json(to_columns([step(5), step(6, due=fixed)])), known)
    assert again[0].due is first[0].due
    assert again[1].due is first[2].due


def forged(change: str) -> dict[str, Any]:
    """The columns of three steps with one thing changed as exitplan never writes it."""
    columns = through_json(to_columns([step(1), step(2, alerts_partner=True), step(3)]))
    if change == "unknown column":
        columns["colour"] = ["red", "red", "red"]
    elif change == "a number for a title":
        columns["title"][1] = 7
    elif change == "a priority that is not one":
        columns["priority"] = ["urgent", "high", "low"]
    elif change == "a short column":
        columns["title"] = columns["title"][:2]
    elif change == "a position past the end":
        columns["alerts_partner"] = {"at": [5], "values": [True]}
    elif change == "positions and values apart":
        columns["alerts_partner"] = {"at": [0, 1], "values": [True]}
    elif change == "a field missing":
        del columns["title"]
    elif change == "text for a number":
        columns["due.offset"][0] = "-7"
    elif change == "letters for the values":
        columns["how"] = {"at": [0, 1, 2], "values": "abc"}
    elif change == "the offsets kept sparse":  # two positions: as many as the full columns hold
        columns = through_json(to_columns([step(1), step(2)]))
        columns["due.offset"] = {"at": [0, 1], "values": [-7, -7]}
    return columns


CHANGES = [
    "unknown column",
    "a number for a title",
    "a priority that is not one",
    "a short column",
    "a position past the end",
    "positions and values apart",
    "a field missing",
    "text for a number",
    "letters for the values",
    "the offsets kept sparse",
]


@pytest.mark.parametrize("change", CHANGES)
def test_a_column_exitplan_would_not_write_is_refused(change: str) -> None:
    """Anything but what exitplan writes raises ValueError, so the cache is a miss and the
    checklist files are read and validated instead."""
    with pytest.raises(ValueError):  # noqa: PT011 - each forgery has its own words
        from_columns(forged(change), {})


def test_texts_among_columns_read_without_them_are_refused() -> None:
    """Columns read as having no texts must not hold any."""
    with pytest.raises(ValueError, match="unknown column"):
        from_columns(through_json(to_columns([step(1)])), {}, texts=False)
