"""The plan core: joining checklists with progress, finding items, and the changes people make."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from exitplan.base.errors import ExitplanError, ItemError
from exitplan.base.limits import MAX_NOTE_CHARS
from exitplan.domain.model import (
    Checklist,
    CustomItem,
    Due,
    Entry,
    Item,
    ItemState,
    PlanState,
)
from exitplan.domain.plan import (
    PaceError,
    add_custom,
    build_plan,
    check_per_day,
    clean_text,
    new_state,
    resolve,
    set_exit_date,
    set_note,
    set_per_day,
    set_status,
)
from exitplan.formats.catalog import Catalog

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
LATER = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)


def item(item_id: str, **kwargs: object) -> Item:
    """A checklist item with a title made from its id."""
    return Item(id=item_id, title=item_id.replace("-", " ").capitalize(), why="Because.", **kwargs)


def checklist(cid: str, *item_ids: str, order: int = 10, builtin: bool = True) -> Checklist:
    """A checklist with the given items."""
    return Checklist(
        id=cid,
        title=cid.capitalize(),
        order=order,
        items=[item(i) for i in item_ids],
        builtin=builtin,
    )


@pytest.fixture
def catalog() -> Catalog:
    """Two built-in checklists and one of the person's own."""
    return Catalog(
        (
            checklist("money", "own-account", "save-cash", "credit-report", order=10),
            checklist("papers", "copy-passport", "birth-certificate", order=20),
            checklist("mine", "spare-keys", order=5, builtin=False),
        )
    )


@pytest.fixture
def state(catalog: Catalog) -> PlanState:
    """A new plan with the money checklist only."""
    return new_state(NOW, catalog, ["money"], date(2027, 1, 31))


# -- new_state and build_plan --------------------------------------------------------------------


def test_new_state_defaults_to_every_builtin_checklist(catalog: Catalog) -> None:
    """Without a choice, the plan holds every built-in checklist (the person's own join anyway)."""
    fresh = new_state(NOW, catalog, None, None)
    assert fresh.checklists == ["money", "papers"]
    assert fresh.exit_date is None
    assert fresh.created == NOW
    assert [(e.action, e.detail) for e in fresh.history] == [("init", None)]


def test_new_state_with_chosen_checklists(catalog: Catalog) -> None:
    """Chosen checklists are kept once each, in the order given; the date is recorded."""
    fresh = new_state(NOW, catalog, ["papers", "money", "papers"], date(2027, 1, 31))
    assert fresh.checklists == ["papers", "money"]
    assert fresh.exit_date == date(2027, 1, 31)
    assert fresh.history[0].detail == "exit date 2027-01-31"


def test_new_state_unknown_checklist(catalog: Catalog) -> None:
    """An unknown checklist is an error listing the available ones."""
    with pytest.raises(ExitplanError) as info:
        new_state(NOW, catalog, ["money", "nope"], None)
    assert str(info.value) == "no checklist called 'nope'; available: money, papers, mine"


def test_build_plan_without_state_shows_the_builtin_checklists(catalog: Catalog) -> None:
    """With no plan yet, the built-in checklists are shown, all open and numbered from 1."""
    plan = build_plan(catalog, None)
    assert [c.id for c in plan.checklists] == ["money", "papers"]
    assert [e.number for e in plan.entries] == [1, 2, 3, 4, 5]
    assert all(e.is_open for e in plan.entries)
    assert plan.exit_date is None
    assert plan.warn_days == 7


def test_build_plan_joins_state_and_the_persons_own_checklists(
    catalog: Catalog, state: PlanState
) -> None:
    """The chosen lists and every one of the person's own, in order; states join by full id."""
    state.items["money.save-cash"] = ItemState(status="done", changed=NOW)
    state.items["papers.copy-passport"] = ItemState(status="done")  # not in the plan: ignored
    plan = build_plan(catalog, state)
    assert [c.id for c in plan.checklists] == ["mine", "money"]
    assert [e.full_id for e in plan.entries] == [
        "mine.spare-keys",
        "money.own-account",
        "money.save-cash",
        "money.credit-report",
    ]
    assert [e.number for e in plan.entries] == [1, 2, 3, 4]
    assert [e.state.status for e in plan.entries] == ["open", "open", "done", "open"]
    assert plan.exit_date == date(2027, 1, 31)


def test_custom_items_follow_their_checklist(catalog: Catalog, state: PlanState) -> None:
    """The person's added items come right after their checklist's items and are marked custom."""
    state.custom.append(CustomItem(checklist="money", id="lawyer", title="Lawyer", added=NOW))
    plan = build_plan(catalog, state)
    assert [e.full_id for e in plan.entries][-2:] == ["money.credit-report", "money.lawyer"]
    assert plan.entries[-1].custom is True
    assert plan.entries[-1].item.why == "A step you added yourself."
    assert not any(e.custom for e in plan.entries[:-1])


def test_custom_item_brings_its_checklist_into_the_plan(catalog: Catalog, state: PlanState) -> None:
    """An added item in a list that is not in the plan brings that list in, in its place."""
    state.custom.append(CustomItem(checklist="papers", id="visa", title="Visa", added=NOW))
    plan = build_plan(catalog, state)
    assert [c.id for c in plan.checklists] == ["mine", "money", "papers"]
    assert plan.entries[-1].full_id == "papers.visa"


def test_custom_item_due_after_the_exit_is_an_after_item() -> None:
    """A custom item due after the exit is timed 'after'; before or on the day, 'before'."""
    later = CustomItem(checklist="money", id="a", title="A", added=NOW, due=Due(offset=7))
    sooner = CustomItem(checklist="money", id="b", title="B", added=NOW, due=Due(offset=-7))
    fixed = CustomItem(
        checklist="money", id="c", title="C", added=NOW, due=Due(on=date(2030, 1, 1))
    )
    assert later.as_item().when == "after"
    assert sooner.as_item().when == "before"
    assert fixed.as_item().when == "before"


# -- resolve -------------------------------------------------------------------------------------


@pytest.fixture
def entries(catalog: Catalog, state: PlanState) -> tuple[Entry, ...]:
    """Entries: mine.spare-keys, then money.own-account, save-cash and credit-report."""
    return build_plan(catalog, state).entries


@pytest.mark.parametrize(
    ("ref", "full_id"),
    [
        ("1", "mine.spare-keys"),
        ("04", "money.credit-report"),
        ("money.save-cash", "money.save-cash"),
        ("Money.Save-Cash", "money.save-cash"),
        ("save-cash", "money.save-cash"),
        ("own", "money.own-account"),
        ("money.cr", "money.credit-report"),
        ("keys", "mine.spare-keys"),
        ("cash", "money.save-cash"),
    ],
)
def test_resolve(entries: tuple[Entry, ...], ref: str, full_id: str) -> None:
    """By number, full id (any case), item id, prefix, or any unambiguous part."""
    assert resolve(entries, ref).full_id == full_id


def test_resolve_prefers_an_exact_item_id(catalog: Catalog) -> None:
    """An exact item id wins over longer ids that start with it."""
    entries = build_plan(Catalog((checklist("a", "bank", "bank-card"),)), None).entries
    assert resolve(entries, "bank").full_id == "a.bank"
    assert resolve(entries, "bank-").full_id == "a.bank-card"


def test_resolve_ambiguous_lists_candidates(entries: tuple[Entry, ...]) -> None:
    """A part shared by several items is an error naming them."""
    with pytest.raises(ItemError) as info:
        resolve(entries, "money")
    assert str(info.value) == (
        "'money' matches more than one step: money.own-account, money.save-cash, "
        "money.credit-report. Type more of the id."
    )


def test_resolve_ambiguous_with_many_candidates_names_eight() -> None:
    """With more than eight candidates, eight are named and the rest counted."""
    many = Catalog((checklist("big", *[f"step-{n}" for n in range(1, 13)]),))
    with pytest.raises(ItemError, match=r"big\.step-8 and 4 more\. Type more of the id\.$"):
        resolve(build_plan(many, None).entries, "step")


@pytest.mark.parametrize(
    ("ref", "message"),
    [
        ("zzz", "no step matches 'zzz'; 'exitplan list --all' shows every step"),
        ("0", "there is no step number 0; 'exitplan list' shows the numbers"),
        ("5", "there is no step number 5; 'exitplan list' shows the numbers"),
        ("  ", "a step is needed: give its number from 'exitplan list' or its id"),
    ],
)
def test_resolve_errors(entries: tuple[Entry, ...], ref: str, message: str) -> None:
    """Unknown, out-of-range and empty references are clear errors."""
    with pytest.raises(ItemError) as info:
        resolve(entries, ref)
    assert str(info.value) == message


# -- changes -------------------------------------------------------------------------------------


def test_set_status_records_changes(entries: tuple[Entry, ...], state: PlanState) -> None:
    """Marking done, skipped and open changes the state, stamps it, and logs each change once."""
    own = entries[1]
    assert set_status(state, own, "done", NOW) is True
    assert state.items[own.full_id].status == "done"
    assert state.items[own.full_id].changed == NOW
    assert set_status(state, own, "done", LATER) is False  # already done: nothing changes
    assert state.items[own.full_id].changed == NOW
    assert set_status(state, own, "skipped", LATER, "no bank here") is True
    assert state.items[own.full_id].reason == "no bank here"
    assert set_status(state, own, "skipped", LATER, "moved") is True  # a new reason is a change
    assert set_status(state, own, "open", LATER) is True
    assert state.items[own.full_id].reason is None
    assert [(e.action, e.item, e.detail) for e in state.history[1:]] == [
        ("done", own.full_id, None),
        ("skip", own.full_id, "no bank here"),
        ("skip", own.full_id, "moved"),
        ("reopen", own.full_id, None),
    ]


def test_set_status_keeps_the_note(entries: tuple[Entry, ...], state: PlanState) -> None:
    """Ticking an item off does not lose its note."""
    set_note(state, entries[1], "ask at the branch", NOW)
    set_status(state, entries[1], "done", LATER)
    assert state.items[entries[1].full_id].note == "ask at the branch"


def test_set_note_and_remove(entries: tuple[Entry, ...], state: PlanState) -> None:
    """A note is stored stripped; an empty text removes it. The log never holds the text."""
    target = entries[2]
    set_note(state, target, "  meet at the library \r\n", NOW)
    assert state.items[target.full_id].note == "meet at the library"
    set_note(state, target, "", LATER)
    assert state.items[target.full_id].note is None
    assert [(e.action, e.detail) for e in state.history[1:]] == [
        ("note", None),
        ("note-removed", None),
    ]


def test_set_note_too_long(entries: tuple[Entry, ...], state: PlanState) -> None:
    """A note over the limit is refused and the state is unchanged."""
    with pytest.raises(ExitplanError, match=f"longer than {MAX_NOTE_CHARS:,} characters"):
        set_note(state, entries[2], "x" * (MAX_NOTE_CHARS + 1), NOW)
    assert entries[2].full_id not in state.items
    assert len(state.history) == 1


def test_set_exit_date(state: PlanState) -> None:
    """Setting and clearing the exit date is logged."""
    set_exit_date(state, date(2027, 3, 1), NOW)
    assert state.exit_date == date(2027, 3, 1)
    set_exit_date(state, None, LATER)
    assert state.exit_date is None
    assert [e.detail for e in state.history[1:]] == ["2027-03-01", "cleared"]


# -- add_custom ----------------------------------------------------------------------------------


def test_add_custom(catalog: Catalog, state: PlanState) -> None:
    """An added item gets a neutral id (never from its title), and is logged."""
    plan = build_plan(catalog, state)
    full_id = add_custom(
        state,
        plan,
        "money",
        "  Find a lawyer!  ",
        NOW,
        due=Due(offset=-14),
        priority="high",
        why="Early advice",
    )
    assert full_id == "money.mine-1"
    custom = state.custom[-1]
    assert (custom.checklist, custom.id, custom.title, custom.why, custom.priority) == (
        "money",
        "mine-1",
        "Find a lawyer!",
        "Early advice",
        "high",
    )
    assert custom.due == Due(offset=-14)
    assert (state.history[-1].action, state.history[-1].item) == ("add", full_id)


def test_add_custom_numbers_own_steps_and_refuses_a_repeated_title(
    catalog: Catalog, state: PlanState
) -> None:
    """Own steps are mine-1, mine-2, ...; a title the checklist already has is refused."""
    first = add_custom(state, build_plan(catalog, state), "money", "Call the bank", NOW)
    second = add_custom(state, build_plan(catalog, state), "money", "Pack a bag", NOW)
    assert (first, second) == ("money.mine-1", "money.mine-2")
    with pytest.raises(ExitplanError, match="already has a step with that title"):
        add_custom(state, build_plan(catalog, state), "money", "  call THE bank ", NOW)
    assert len(state.custom) == 2


def test_add_custom_to_unknown_checklist(catalog: Catalog, state: PlanState) -> None:
    """Only checklists in the plan can take items; the error names them."""
    with pytest.raises(ExitplanError) as info:
        add_custom(state, build_plan(catalog, state), "papers", "Visa", NOW)
    assert str(info.value) == (
        "no checklist called 'papers' in your plan; choose one of: mine, money"
    )
    assert state.custom == []


@pytest.mark.parametrize(
    ("title", "message"),
    [
        ("", "the title is empty"),
        ("   \n", "the title is empty"),
        ("x" * 201, "the title is longer than 200 characters"),
    ],
)
def test_add_custom_bad_title(catalog: Catalog, state: PlanState, title: str, message: str) -> None:
    """Empty or overlong titles are refused and nothing is added."""
    with pytest.raises(ExitplanError, match=message):
        add_custom(state, build_plan(catalog, state), "money", title, NOW)
    assert state.custom == []
    assert len(state.history) == 1


def test_clean_text() -> None:
    """Typed text is stripped, CRLF becomes LF, control characters go; tabs and newlines stay."""
    assert clean_text(" a\r\nb\tc\x00\x1b[31m \x7f", "note", 100) == "a\nb\tc[31m"


def test_clean_text_refuses_lone_surrogates() -> None:
    """Text that cannot be stored as UTF-8 is refused with a plain message."""
    with pytest.raises(ExitplanError, match="the note has characters that are not valid text"):
        clean_text("bad \ud800 text", "note", 100)


def test_plan_state_to_dict_leaves_out_empty_fields(state: PlanState) -> None:
    """The plan file holds no empty values (TOML cannot write None)."""
    data = state.to_dict()
    assert data["schema"] == 1
    assert data["exit_date"] == date(2027, 1, 31)
    assert "note" not in str(data)
    assert all(value is not None for value in data.values())


# -- numbers and steps a danger sign hastens ----------------------------------------------------


def test_a_later_round_is_numbered_after_every_earlier_step() -> None:
    """Steps of a later batch take the numbers after every first-round step, in list order."""
    money = Checklist(
        id="money",
        title="Money",
        order=10,
        items=[item("own-account"), item("new-step", batch=1), item("save-cash")],
        builtin=True,
    )
    papers = Checklist(
        id="papers",
        title="Papers",
        order=20,
        items=[item("copy-passport"), item("other-new", batch=1)],
        builtin=True,
    )
    plan = build_plan(Catalog((money, papers)), None)
    numbers = {e.full_id: e.number for e in plan.entries}
    assert numbers == {
        "money.own-account": 1,
        "money.save-cash": 2,
        "papers.copy-passport": 3,
        "money.new-step": 4,
        "papers.other-new": 5,
    }


def test_a_danger_sign_answered_yes_hastens_the_marked_steps_to_a_week_after_it() -> None:
    """With a danger sign yes, a `soon_if_danger` step is due by a week after the answer."""
    money = Checklist(
        id="money",
        title="Money",
        items=[item("bag", soon_if_danger=True, due=Due(-28)), item("other", due=Due(-28))],
        builtin=True,
    )
    catalog = Catalog((money,))
    plan_state = new_state(NOW, catalog, ["money"], date(2027, 3, 1), today=date(2026, 12, 1))
    assert all(e.by is None for e in build_plan(catalog, plan_state).entries)
    plan_state.situation = {"weapons": False}
    assert all(e.by is None for e in build_plan(catalog, plan_state).entries)
    plan_state.situation = {"stalking": True, "weapons": True}
    plan_state.answered = {"stalking": date(2026, 12, 20), "weapons": date(2026, 12, 10)}
    by = {e.item.id: e.by for e in build_plan(catalog, plan_state).entries}
    assert by == {"bag": date(2026, 12, 17), "other": None}


def test_a_danger_sign_answered_before_the_plan_hastens_from_the_plans_first_day() -> None:
    """An answer given before the exit date was chosen counts from the day it was chosen."""
    money = Checklist(
        id="money", title="Money", items=[item("bag", soon_if_danger=True, due=Due(-28))]
    )
    catalog = Catalog((money,))
    plan_state = new_state(NOW, catalog, ["money"], date(2027, 3, 1), today=date(2026, 12, 1))
    plan_state.situation = {"strangled": True}
    plan_state.answered = {"strangled": date(2026, 11, 2)}
    assert build_plan(catalog, plan_state).entries[0].by == date(2026, 12, 8)


@pytest.mark.parametrize("per_day", [0, -1, 21, True])
def test_a_pace_out_of_its_bounds_is_refused_in_one_place(per_day: int, state: PlanState) -> None:
    """0, 21 or a truth value are no pace: `check_per_day` and `set_per_day` refuse them with
    the one message the face shows for `--per-day`, and nothing is recorded."""
    with pytest.raises(PaceError, match="give a number of steps from 1 to 20"):
        check_per_day(per_day)
    with pytest.raises(PaceError):
        set_per_day(state, per_day, NOW)
    assert state.per_day is None


def test_a_pace_within_its_bounds_is_kept(state: PlanState) -> None:
    """1 and 20 steps a day are kept and recorded; None is the default again."""
    for per_day in (1, 20):
        check_per_day(per_day)
        assert set_per_day(state, per_day, NOW)
        assert state.per_day == per_day
    assert set_per_day(state, None, NOW)
    assert state.per_day is None
