"""Which local facts each step needs, and how a place answers each: filled, neutral (with why)
or missing; a part's neutral entry hides its country's fact."""

from __future__ import annotations

from datetime import date
from types import MappingProxyType

from exitplan.domain.coverage import answer, cell, confirmed, coverage, tally
from exitplan.domain.region import Fact, Line, Neutral, Place, local

DAY = date(2026, 12, 5)


def fact(key: str) -> Fact:
    return Fact(key, f"the {key}", "What it is.", ("https://example.gov/law",), DAY)


def neutral(key: str, why: str = "none") -> Neutral:
    return Neutral(key, why, "Ask the court.", ("https://example.gov/law",), DAY)  # type: ignore[arg-type]


COUNTRY = Place(
    "xx",
    "Country",
    facts=MappingProxyType({"court-order": fact("court-order"), "paid-leave": fact("paid-leave")}),
    lines=(Line("Emergency", "112", "emergency", "anyone", "24/7", ("https://e.gov",), DAY),),
)
PART = Place(
    "xx-aa",
    "Part",
    facts=MappingProxyType({"home-order": fact("home-order")}),
    neutral=MappingProxyType({"paid-leave": neutral("paid-leave", "unconfirmed")}),
    country_name="Country",
)


def test_a_fact_is_filled_by_the_part_or_its_country() -> None:
    """The part's own fact and its country's both count as filled."""
    assert answer("home-order", PART, COUNTRY).state == "filled"
    assert answer("court-order", PART, COUNTRY).state == "filled"


def test_a_parts_neutral_entry_wins_over_its_countrys_fact() -> None:
    """A part that keeps a fact neutral answers neutral, with its reason, and its plan does not
    borrow the country's words for it."""
    found = answer("paid-leave", PART, COUNTRY)
    assert (found.state, found.why) == ("neutral", "unconfirmed")
    assert "paid-leave" not in local(PART, COUNTRY).facts
    assert "paid-leave" in local(COUNTRY).facts


def test_an_unanswered_fact_is_missing_and_derived_facts_come_from_lines() -> None:
    """No fact and no neutral entry is missing; the emergency number comes from the lines."""
    assert answer("firearms", PART, COUNTRY).state == "missing"
    assert answer("emergency-number", PART, COUNTRY).state == "filled"
    assert answer("helpline", PART, COUNTRY).state == "missing"


def test_a_cell_is_its_worst_fact() -> None:
    """A step is missing if any fact is, else neutral if any is, else filled."""
    assert cell("s.a", ["court-order", "home-order"], PART, COUNTRY).state == "filled"
    assert cell("s.b", ["court-order", "paid-leave"], PART, COUNTRY).state == "neutral"
    assert cell("s.c", ["paid-leave", "firearms"], PART, COUNTRY).state == "missing"


def test_coverage_is_every_step_with_facts_in_every_place() -> None:
    """Steps naming no fact are left out; each place gets a row per step, counted by state."""
    steps = [("s.a", ("court-order",)), ("s.none", ()), ("s.c", ("firearms",))]
    cells = coverage(steps, [COUNTRY, PART])
    assert [(c.place, c.step) for c in cells] == [
        ("xx", "s.a"),
        ("xx", "s.c"),
        ("xx-aa", "s.a"),
        ("xx-aa", "s.c"),
    ]
    assert tally(cells) == {"filled": 2, "neutral": 0, "missing": 2}


def test_a_filled_cell_counts_as_confirmed_only_when_each_fact_is() -> None:
    """A filled cell counts as read on an official page only if every fact in it was; a
    neutral or missing cell never counts."""
    secondary = fact("home-order")._replace(confirmed=False)
    part = PART._replace(facts=MappingProxyType({"home-order": secondary}))
    assert not answer("home-order", part, COUNTRY).confirmed
    assert answer("court-order", part, COUNTRY).confirmed
    steps = [("s.a", ("court-order",)), ("s.b", ("court-order", "home-order"))]
    cells = [found for found in coverage(steps, [COUNTRY, part]) if found.place == "xx-aa"]
    assert tally(cells)["filled"] == 2
    assert confirmed(cells) == 1
    kept = coverage([("s.c", ("paid-leave",))], [COUNTRY, part])
    assert [found.state for found in kept] == ["filled", "neutral"]
    assert confirmed(kept[1:]) == 0
