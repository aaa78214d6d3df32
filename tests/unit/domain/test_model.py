"""The plain records of the domain: a record's fields and defaults, a due date's written form,
a step the person added, the plan as the data written to plan.toml and to the cache, one entry
of the plan, and the change log kept to its newest events."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exitplan.base.limits import SCHEMA_VERSION, Status
from exitplan.domain.dates import MAX_OFFSET_DAYS, parse_offset
from exitplan.domain.inventory import Document, Inventory, Money
from exitplan.domain.model import (
    MAX_HISTORY,
    PRIORITY_RANK,
    Checklist,
    CustomItem,
    DeviceAnswer,
    Due,
    Entry,
    Event,
    Item,
    ItemState,
    PhoneCheck,
    PlanState,
    keep_history,
)

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
EXIT = date(2026, 12, 14)


def step(item_id: str = "bank", **fields: object) -> Item:
    """A checklist step with a plain title and reason."""
    return Item(id=item_id, title="Open a bank account", why="Money of your own.", **fields)


# -- Record: the fields, defaults and equality every record shares -----------------------------


def test_a_record_takes_its_defaults_from_the_class() -> None:
    """Fields not given take the class's default: an item is normal priority, before the exit,
    due on the exit day, with no sources."""
    made = step()
    assert (made.priority, made.when, made.due, made.sources, made.how) == (
        "normal",
        "before",
        Due(0),
        (),
        None,
    )


def test_a_record_takes_its_fields_in_order_or_by_name() -> None:
    """Positional values fill the fields in the order the class declares them."""
    assert Item("bank", "Open a bank account", "Money of your own.") == step()
    assert list(step().fields())[:4] == ["id", "title", "why", "how"]


@pytest.mark.parametrize(
    ("args", "kwargs", "words"),
    [
        (("a", "b", "c"), {"id": "a"}, "unknown or repeated"),  # id given twice
        ((), {"id": "a", "title": "b", "why": "c", "colour": "red"}, "unknown or repeated"),
        ((), {"id": "a", "title": "b"}, "needs its field 'why'"),
        (tuple("x" * 30), {}, "at most"),
    ],
)
def test_a_record_refuses_a_wrong_field(
    args: tuple[str, ...], kwargs: dict[str, str], words: str
) -> None:
    """A repeated, unknown or missing field, or too many values, is a TypeError (a bug in the
    caller), never a record with a hole in it."""
    with pytest.raises(TypeError, match=words):
        Item(*args, **kwargs)


def test_each_record_gets_its_own_fresh_lists() -> None:
    """A list or dict default is made anew for each record: one plan's items never leak into
    another's."""
    first, second = PlanState(created=NOW), PlanState(created=NOW)
    first.items["money.bank"] = ItemState("done")
    first.checklists.append("money")
    assert (second.items, second.checklists) == ({}, [])
    assert Checklist(id="a", title="A").items == []
    assert first.inventory == Inventory()


def test_records_are_equal_by_value_and_class_and_never_hashed() -> None:
    """Two records with the same class and fields are equal; another class or one changed field
    is not; a record cannot be a dict key (it is not a value that stays put)."""
    assert step() == step()
    assert step() != step(priority="high")
    assert Checklist(id="bank", title="Open a bank account") != step()
    with pytest.raises(TypeError):
        hash(step())


def test_replace_makes_a_changed_copy_and_leaves_the_original() -> None:
    """`replace` changes only the fields named, in a new record."""
    original = step(tags=("money",))
    changed = original.replace(priority="critical")
    assert (changed.priority, changed.tags, changed.id) == ("critical", ("money",), "bank")
    assert original.priority == "normal"
    with pytest.raises(TypeError):
        original.replace(colour="red")


def test_a_record_shows_its_class_and_every_field() -> None:
    """The repr names the class and each field with its value, in order."""
    shown = repr(Checklist(id="money", title="Money", items=[]))
    assert shown == (
        "Checklist(id='money', title='Money', summary='', order=1000, items=[], builtin=False)"
    )


# -- Due and the order of priorities --------------------------------------------------------


@pytest.mark.parametrize(
    ("due", "text"),
    [
        (Due(), "exit"),
        (Due(-21), "-21d"),
        (Due(7), "+7d"),
        (Due(-3, on=date(2027, 1, 15)), "2027-01-15"),  # a fixed date wins over the offset
    ],
)
def test_a_due_date_is_written_as_the_files_write_it(due: Due, text: str) -> None:
    """An offset is written `-21d`, `+7d` or `exit`; a fixed date as ISO."""
    assert due.text() == text


@settings(max_examples=60, deadline=None)
@given(st.integers(-MAX_OFFSET_DAYS, MAX_OFFSET_DAYS))
def test_a_written_offset_reads_back_as_the_same_days(days: int) -> None:
    """Whatever the offset, its written form is read back by the files' parser unchanged."""
    assert parse_offset(Due(days).text()) == days


def test_critical_comes_first_and_low_last() -> None:
    """Priorities rank critical, high, normal, low: the order the lists sort by."""
    assert sorted(PRIORITY_RANK, key=PRIORITY_RANK.__getitem__) == [
        "critical",
        "high",
        "normal",
        "low",
    ]


# -- a step the person added ------------------------------------------------------------------


def test_a_step_added_without_a_due_date_is_due_on_the_exit_day() -> None:
    """A step added with no date and no reason is due on the exit day, before leaving, with a
    calm reason of its own."""
    added = CustomItem("money", "c1", "Call my sister", NOW).as_item()
    assert (added.id, added.title, added.due, added.when) == (
        "c1",
        "Call my sister",
        Due(),
        "before",
    )
    assert added.why == "A step you added yourself."
    assert added.priority == "normal"


@pytest.mark.parametrize(
    ("due", "when"),
    [
        (Due(-7), "before"),
        (Due(0), "before"),
        (Due(1), "after"),  # the day after the exit is after it
        (Due(5, on=date(2026, 12, 1)), "before"),  # a fixed date is never "after" by offset
    ],
)
def test_a_step_added_for_after_the_exit_is_an_after_step(due: Due, when: str) -> None:
    """A positive offset makes the added step one for after leaving; anything else is before."""
    added = CustomItem("money", "c1", "Call", NOW, why="Mine.", due=due, priority="high")
    made = added.as_item()
    assert (made.when, made.due, made.why, made.priority) == (when, due, "Mine.", "high")


# -- the plan as data ---------------------------------------------------------------------------


def test_a_new_plan_writes_only_what_it_holds() -> None:
    """An empty plan is written with its version, its making, its warning days and empty lists:
    no field TOML cannot hold (None), no empty section."""
    assert PlanState(created=NOW).to_dict() == {
        "schema": SCHEMA_VERSION,
        "created": NOW,
        "warn_days": 7,
        "checklists": [],
        "items": {},
        "custom": [],
        "history": [],
    }


def full_plan() -> PlanState:
    """A plan with something in every part."""
    return PlanState(
        created=NOW,
        exit_date=EXIT,
        planned_on=date(2026, 11, 16),
        per_day=3,
        checklists=["money"],
        items={
            "money.bank": ItemState("done", NOW),
            "money.card": ItemState("skipped", NOW, note="later", reason="not-for-me"),
        },
        custom=[
            CustomItem("money", "c1", "Call", NOW, due=Due(-7)),
            CustomItem("money", "c2", "Post", NOW, due=Due(on=date(2026, 12, 1))),
            CustomItem("money", "c3", "Rest", NOW),
        ],
        history=[Event(NOW, "init"), Event(NOW, "done", "money.bank", "by hand")],
        situation={"children": True},
        answered={"children": date(2026, 11, 20)},
        unsure=["threats", "choking"],
        inventory=Inventory(
            documents=(Document(1, "passport"),),
            money=(Money(1, "saved", "Jar", Decimal("40.50")),),
            currency="EUR",
        ),
        region="gb-sct",
        journal_copied=NOW,
        journal_copied_records=12,
        phone={"android": PhoneCheck(NOW, ("stalkerware",))},
        iphone={"profiles": DeviceAnswer("no", NOW)},
    )


def test_every_part_of_the_plan_is_written_to_the_file() -> None:
    """Each part of a full plan reaches plan.toml's data: states without empty fields, due
    dates in their written form, the unsure answers sorted, the inventories as sections."""
    data = full_plan().to_dict()
    assert data["items"] == {
        "money.bank": {"status": "done", "changed": NOW},
        "money.card": {
            "status": "skipped",
            "changed": NOW,
            "note": "later",
            "reason": "not-for-me",
        },
    }
    assert data["custom"] == [
        {
            "checklist": "money",
            "id": "c1",
            "title": "Call",
            "due": "-7d",
            "priority": "normal",
            "added": NOW,
        },
        {
            "checklist": "money",
            "id": "c2",
            "title": "Post",
            "due": date(2026, 12, 1),
            "priority": "normal",
            "added": NOW,
        },
        {"checklist": "money", "id": "c3", "title": "Rest", "priority": "normal", "added": NOW},
    ]
    assert data["unsure"] == ["choking", "threats"]
    assert data["documents"] == [{"number": 1, "kind": "passport", "whose": "me", "copy": False}]
    assert data["money"] == {
        "currency": "EUR",
        "rows": [{"number": 1, "kind": "saved", "what": "Jar", "amount": "40.50"}],
    }
    assert data["phone"] == {"android": {"checked": NOW, "signs": ["stalkerware"]}}
    assert data["iphone"] == {"profiles": {"answer": "no", "checked": NOW}}
    assert data["history"] == [
        {"at": NOW, "action": "init"},
        {"at": NOW, "action": "done", "item": "money.bank", "detail": "by hand"},
    ]
    assert (data["exit_date"], data["per_day"], data["region"]) == (EXIT, 3, "gb-sct")
    assert (data["journal_copied"], data["journal_copied_records"]) == (NOW, 12)
    assert data["situation"] == {"children": True}
    assert data["answered"] == {"children": date(2026, 11, 20)}


def test_the_cache_data_keeps_every_field_even_the_empty_ones() -> None:
    """`to_data` (for the cache) keeps every field, None included, with each state, step,
    event and check as plain data."""
    plan = full_plan()
    data = plan.to_data()
    assert list(data) == list(plan.fields())
    assert data["items"] == {
        "money.bank": {"status": "done", "changed": NOW, "note": None, "reason": None},
        "money.card": {
            "status": "skipped",
            "changed": NOW,
            "note": "later",
            "reason": "not-for-me",
        },
    }
    custom = {"checklist": "money", "added": NOW, "why": None, "priority": "normal"}
    assert data["custom"] == [
        custom | {"id": "c1", "title": "Call", "due": {"offset": -7, "on": None}},
        custom | {"id": "c2", "title": "Post", "due": {"offset": 0, "on": date(2026, 12, 1)}},
        custom | {"id": "c3", "title": "Rest", "due": None},
    ]
    assert data["history"] == [
        {"at": NOW, "action": "init", "item": None, "detail": None},
        {"at": NOW, "action": "done", "item": "money.bank", "detail": "by hand"},
    ]
    assert data["phone"] == {"android": {"checked": NOW, "signs": ("stalkerware",), "model": None}}
    assert data["iphone"] == {"profiles": {"answer": "no", "checked": NOW}}
    assert PlanState(created=NOW).to_data()["region"] is None


def test_an_event_leaves_out_what_it_does_not_have() -> None:
    """An event without an item or a detail is written with its time and action only."""
    assert Event(NOW, "exit-date").to_dict() == {"at": NOW, "action": "exit-date"}


# -- one entry of the plan ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "applies", "is_open", "live"),
    [
        ("open", True, True, True),
        ("done", True, False, False),
        ("skipped", True, False, False),
        ("open", False, True, False),  # set aside as not for this person: open, not live
    ],
)
def test_an_entry_is_live_when_open_and_for_this_person(
    status: Status, applies: bool, is_open: bool, live: bool
) -> None:
    """Only an open step that applies to the person still asks for something."""
    entry = Entry(
        1, Checklist(id="money", title="Money"), step(), ItemState(status), applies=applies
    )
    assert (entry.is_open, entry.live) == (is_open, live)


def test_an_entry_is_typed_as_checklist_dot_item() -> None:
    """The id a person types is the checklist's id and the step's, joined by a dot."""
    entry = Entry(4, Checklist(id="money", title="Money"), step("bank"), ItemState())
    assert entry.full_id == "money.bank"


# -- the change log -----------------------------------------------------------------------------


def events(count: int, first: str = "init") -> list[str]:
    """A change log of `count` actions: `first`, then numbered notes."""
    return [first, *(f"note-{i}" for i in range(1, count))]


def test_a_change_log_within_the_limit_is_kept_whole() -> None:
    """Up to the first event plus MAX_HISTORY, every event is kept, in order."""
    log = events(MAX_HISTORY + 1)
    assert keep_history(log, str) == log


def test_a_long_change_log_keeps_the_plan_s_making_and_the_newest() -> None:
    """Past the limit, the plan's `init` stays first, then the newest 2,000 events."""
    log = events(MAX_HISTORY + 2)
    kept = keep_history(log, str)
    assert MAX_HISTORY == 2000
    assert len(kept) == 2001
    assert kept[0] == "init"
    assert kept[1] == "note-2"  # note-1, the oldest after init, is the one dropped
    assert kept[-1] == f"note-{MAX_HISTORY + 1}"


def test_a_long_change_log_without_its_making_keeps_only_the_newest() -> None:
    """When the first event is not `init` (already trimmed away), only the newest 2,000 stay."""
    log = events(MAX_HISTORY + 2, first="done")
    kept = keep_history(log, str)
    assert kept == log[-MAX_HISTORY:]
    assert "done" not in kept
