"""The plan as the person's place reads it: a step names the place's own fact or its general
words, a step kept for other places is set aside, facts of another place are never used, and
choosing a place leaves no trace of where in the history."""

from __future__ import annotations

from datetime import UTC, date, datetime

from exitplan.domain.model import Checklist, Item, PlanState
from exitplan.domain.place import local_plan, set_region
from exitplan.domain.region import Fact, Local
from exitplan.formats.catalog import Catalog

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
ORDER = Fact(
    "court-order",
    "a non-molestation order",
    "A court order.",
    ("https://www.gov.uk/injunction-domestic-violence",),
    date(2026, 12, 1),
)
ENGLAND = Local("gb-eng", "England", "England", {"court-order": ORDER})


def catalog() -> Catalog:
    """One checklist: a step naming a local fact, one kept for Britain, one for Australia."""
    steps = [
        Item(
            id="order",
            title="Ask about {{court-order|a protection order}}",
            why="{{court-order|A protection order}} can keep them away.",
            facts=("court-order",),
        ),
        Item(id="uk-only", title="Call the UK helpline", why="Because.", regions=("gb",)),
        Item(id="nsw-only", title="Call the NSW line", why="Because.", regions=("au-nsw",)),
        Item(id="plain", title="Pack a bag", why="Because."),
    ]
    return Catalog((Checklist(id="legal", title="Legal", items=steps),))


def state(region: str | None) -> PlanState:
    """A plan of the one checklist, made today, in `region`."""
    made = PlanState(created=NOW, checklists=["legal"])
    made.region = region
    return made


def shown(region: str | None, local: Local | None) -> dict[str, tuple[str, bool]]:
    """Each step's title and whether it applies, as the plan in that place reads it."""
    plan = local_plan(catalog(), state(region), region=local)
    return {e.item.id: (e.item.title, e.applies) for e in plan.entries}


def test_the_person_s_place_reads_its_own_facts() -> None:
    """In England the step names England's order, capitalised where it starts a sentence, and
    the step kept for Britain applies while the one for New South Wales does not."""
    plan = local_plan(catalog(), state("gb-eng"), region=ENGLAND)
    order = plan.entries[0].item
    assert order.title == "Ask about a non-molestation order"
    assert order.why == "A non-molestation order can keep them away."
    assert {e.item.id: e.applies for e in plan.entries} == {
        "order": True,
        "uk-only": True,
        "nsw-only": False,
        "plain": True,
    }
    assert plan.region == ENGLAND


def test_without_a_place_the_steps_read_in_general_words() -> None:
    """With no place chosen a step reads its general words and every step kept for some
    places is set aside."""
    assert shown(None, None) == {
        "order": ("Ask about a protection order", True),
        "uk-only": ("Call the UK helpline", False),
        "nsw-only": ("Call the NSW line", False),
        "plain": ("Pack a bag", True),
    }


def test_another_place_s_facts_are_never_used() -> None:
    """Facts loaded for England are not used for a plan set in Wales (a stale cache, a moved
    person): the steps read in general words and the plan names no place's facts."""
    plan = local_plan(catalog(), state("gb-wls"), region=ENGLAND)
    assert plan.entries[0].item.title == "Ask about a protection order"
    assert plan.region is None
    assert {e.item.id: e.applies for e in plan.entries}["uk-only"]  # Wales is in Britain


def test_choosing_a_place_says_only_that_it_changed() -> None:
    """Setting the place records that it changed, never where (the history may be seen);
    setting the same place again changes nothing."""
    made = state(None)
    assert set_region(made, "gb-eng", NOW)
    assert made.region == "gb-eng"
    assert made.history[-1].detail == "where you live changed"
    assert "gb" not in repr(made.history)
    before = list(made.history)
    assert not set_region(made, "gb-eng", NOW)
    assert made.history == before
    assert set_region(made, None, NOW)
    assert made.region is None
