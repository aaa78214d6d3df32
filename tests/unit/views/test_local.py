"""How a step's local facts are shown: what each means where the person lives, the marks of a
changing law and of an unconfirmed fact, each source once with where and when it was read, and
the neutral words said once without a place."""

from __future__ import annotations

from datetime import date
from types import MappingProxyType

from exitplan.base import i18n
from exitplan.domain.model import Item
from exitplan.domain.region import Fact, Local, Neutral
from exitplan.views.local import (
    CHANGING,
    NO_PLACE,
    UNCONFIRMED,
    changing,
    fact_words,
    facts_data,
    local_sources,
    neutral_sources,
    place_words,
    source_lines,
    source_note,
    step_facts,
    step_neutral,
)

LAW = "https://www.legislation.gov.uk/ukpga/1996/27/part/IV"
GUIDE = "https://www.gov.uk/injunction-domestic-violence"
SCOT = "https://www.gov.scot/policies/violence-against-women-and-girls/"
ORDER = Fact(
    "court-order",
    "a non-molestation order",
    "A family court can order your partner to stay away.",
    (GUIDE, LAW),
    date(2026, 12, 1),
    where="England and Wales",
    section="Family Law Act 1996, s. 42",
)
HOUSING = Fact(
    "housing-help",
    "the council's housing team",
    "The council must help if you are homeless because of abuse.",
    (GUIDE,),
    date(2026, 11, 20),
    changing=True,
    where="England",
)
SECONDARY = ORDER._replace(key="legal-aid", confirmed=False, section="")
COPIED = ORDER._replace(read_via="https://github.com/example/boe-mirror")
POLICE = Neutral(
    "police-order",
    "none",
    "Only a court grants protection orders here: ask an advocate.",
    (LAW, SCOT),
    date(2026, 12, 3),
    where="Scotland",
)
PLACE = Local(
    "gb-eaw",
    "England and Wales",
    "England and Wales (United Kingdom)",
    MappingProxyType({"court-order": ORDER, "housing-help": HOUSING}),
    neutral=MappingProxyType({"police-order": POLICE}),
)
STEP = Item(
    id="order",
    title="Ask about a protection order",
    why="W.",
    facts=("police-order", "court-order", "unknown-fact", "court-order"),
)


def test_a_step_shows_the_facts_of_the_place_it_names_in_its_order() -> None:
    """A step gets the place's facts it names, each once, in the step's order; the ones the
    place keeps neutral separately; without a place, neither."""
    assert step_facts(STEP, PLACE) == (ORDER,)
    assert step_neutral(STEP, PLACE) == (POLICE,)
    both = STEP.replace(facts=("housing-help", "court-order"))
    assert step_facts(both, PLACE) == (HOUSING, ORDER)
    assert step_facts(STEP, None) == ()
    assert step_neutral(STEP, None) == ()


def test_a_fact_in_words_carries_its_marks() -> None:
    """A fact reads as its detail; a changing law adds "may have changed", a fact no official
    page confirmed adds "not confirmed", in that order."""
    assert fact_words(ORDER) == "A family court can order your partner to stay away."
    assert fact_words(HOUSING) == f"{HOUSING.detail} {CHANGING}"
    assert fact_words(SECONDARY) == f"{ORDER.detail} {UNCONFIRMED}"
    both = SECONDARY._replace(changing=True)
    assert fact_words(both) == f"{ORDER.detail} {CHANGING} {UNCONFIRMED}"


def test_any_changing_fact_marks_the_step() -> None:
    """A step is marked changing when any of its facts is, and not for none."""
    assert changing([ORDER, HOUSING])
    assert not changing([ORDER])
    assert not changing([])


def test_a_source_note_says_where_and_when_and_what_is_uncertain() -> None:
    """Where the fact holds and the day it was read, after the section it stands in; an
    unconfirmed fact says so; a fact read in a verbatim copy names the copy."""
    assert source_note(HOUSING) == "England, checked 20 Nov 2026"
    assert source_note(ORDER) == "Family Law Act 1996, s. 42; England and Wales, checked 1 Dec 2026"
    assert source_note(SECONDARY) == (
        "England and Wales, checked 1 Dec 2026, not confirmed on an official page"
    )
    assert source_note(COPIED) == (
        "Family Law Act 1996, s. 42; England and Wales, checked 1 Dec 2026; the official text "
        "read in a verbatim copy: https://github.com/example/boe-mirror"
    )


def test_each_local_source_once_with_the_first_fact_that_cites_it() -> None:
    """An address two facts share is listed once, with the note of the first fact; the order
    is the facts' order."""
    assert local_sources([HOUSING, ORDER]) == (
        (GUIDE, "England, checked 20 Nov 2026"),
        (LAW, "Family Law Act 1996, s. 42; England and Wales, checked 1 Dec 2026"),
    )
    assert source_lines([ORDER]) == [
        f"{GUIDE} (Family Law Act 1996, s. 42; England and Wales, checked 1 Dec 2026)",
        f"{LAW} (Family Law Act 1996, s. 42; England and Wales, checked 1 Dec 2026)",
    ]
    assert source_lines([]) == []


def test_a_neutral_facts_sources_leave_out_those_already_shown() -> None:
    """The neutral facts' sources are listed once, with where and when, except an address the
    step's facts already show."""
    assert neutral_sources([POLICE]) == [
        f"{LAW} (Scotland, checked 3 Dec 2026)",
        f"{SCOT} (Scotland, checked 3 Dec 2026)",
    ]
    assert neutral_sources([POLICE], [ORDER]) == [f"{SCOT} (Scotland, checked 3 Dec 2026)"]
    assert neutral_sources([POLICE, POLICE._replace(where="Elsewhere")]) == (
        neutral_sources([POLICE])
    )
    assert neutral_sources([]) == []


def test_the_summarys_place_line_names_the_place_or_says_how_to_choose() -> None:
    """With a place, the line names it; without one, it says steps use general words and how
    to choose a place."""
    assert place_words(PLACE) == (
        "Where you live: England and Wales (United Kingdom). Steps use its own names, with "
        "their local sources."
    )
    assert place_words(None) == NO_PLACE
    assert place_words(None).endswith("exitplan region")


def test_the_facts_as_data_keep_every_field() -> None:
    """For --json each fact is its plain data, dates as ISO text, in the step's order."""
    data = facts_data([SECONDARY, HOUSING])
    assert [fact["key"] for fact in data] == ["legal-aid", "housing-help"]
    assert data[0]["confirmed"] is False
    assert data[1]["changing"] is True
    assert data[1]["checked"] == "2026-11-20"
    assert facts_data([]) == []


def test_in_spanish_the_marks_and_the_notes_are_spanish() -> None:
    """Spoken in Spanish, the marks, the source notes and the line without a place are
    translated; the place's own words stay as the place file wrote them."""
    i18n.install("es")
    words = fact_words(SECONDARY._replace(changing=True))
    assert words.startswith(ORDER.detail)
    assert "check with an advocate" not in words
    assert i18n._(CHANGING) in words
    assert i18n._(UNCONFIRMED) in words
    note = source_note(HOUSING)
    assert note.startswith("England, ")
    assert "checked" not in note
    assert "2026" in note
    assert place_words(None) == i18n._(NO_PLACE) != NO_PLACE
