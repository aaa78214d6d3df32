"""The typed results: their JSON documents, their screens, and the one version number."""

from __future__ import annotations

from exitplan.journal.chain import Verification
from exitplan.service.results import (
    Answers,
    ChainCheck,
    Coverage,
    Look,
    MoneySettings,
    RowRemoved,
    Said,
    screen_of,
    wrapped,
)
from exitplan.views.data import JSON_VERSION, versioned


def test_versioned_puts_the_version_first_and_keeps_every_key() -> None:
    """An object gains `version` as its first key; its own keys follow in their order."""
    found = versioned({"b": 1, "a": 2})
    assert isinstance(found, dict)
    assert list(found.items()) == [("version", JSON_VERSION), ("b", 1), ("a", 2)]


def test_versioned_leaves_an_array_as_it_is() -> None:
    """An array stays the same array: scripts index into it."""
    rows = [{"id": 1}]
    assert versioned(rows) is rows


def test_a_look_gives_the_screen_builders_their_options() -> None:
    """Width, plain mode and a painter that colours only when colour is on."""
    options = Look(columns=60, colour=False, plain=True).options()
    assert (options["columns"], options["plain"]) == (60, True)
    assert options["paint"]("word", "bold") == "word"
    assert Look(colour=True).options()["paint"]("word", "bold") != "word"


def test_screen_of_ends_in_one_newline_and_nothing_is_nothing() -> None:
    """Lines become one screen ending in a newline; no lines print nothing at all."""
    assert screen_of(["a", "b"]) == "a\nb\n"
    assert screen_of([]) == ""


def test_wrapped_keeps_a_lines_lead_and_indents_its_continuation() -> None:
    """A long line breaks between words; its continuation keeps its lead plus the indent."""
    lines = wrapped(["  one two three four", "", "x"], 12, indent="  ")
    assert lines == ["  one two", "    three", "    four", "", "x"]


def test_the_small_results_print_their_facts_and_no_screen() -> None:
    """remove, money settings and situation --json: the facts as data, the words on stderr."""
    removed = RowRemoved("money", 3, ("Removed.",))
    assert removed.document() == {"removed": 3, "inventory": "money"}
    assert (removed.screen(Look()), removed.notes) == ("", ("Removed.",))
    assert MoneySettings("EUR", 8).document() == {"currency": "EUR", "threshold_weeks": 8}
    answers = Answers({"children": True, "pets": None}, "gb-sct").document()
    assert answers == {"children": True, "pets": None, "region": "gb-sct"}


def test_a_chain_check_shows_all_or_only_the_fingerprint() -> None:
    """verify prints the whole verdict with the copies; fingerprint only its three facts."""
    verdict = Verification(True, 2, 3, "h", "12:AB", None, None, "Intact")
    full = ChainCheck(verdict, ("a copy differs",), False, ("Intact.",))
    document = full.document()
    assert isinstance(document, dict)
    assert (document["ok"], document["copies"], document["entries"]) == (
        False,
        ["a copy differs"],
        2,
    )
    short = ChainCheck(verdict, (), True, ("12:AB",), short=True)
    assert short.document() == {"fingerprint": "12:AB", "entries": 2, "records": 3}
    assert short.screen(Look()) == "12:AB\n"


def test_coverage_prints_its_lines() -> None:
    """The coverage report's screen is its lines, one each."""
    report = Coverage({"places": []}, ("a", "b"), incomplete=True)
    assert report.screen(Look()) == "a\nb\n"
    assert report.document() == {"places": []}


def test_said_is_only_its_lines_on_stderr() -> None:
    """A result that only says something: its notes, nothing on stdout."""
    said = Said(("Nothing changed.",))
    assert said.notes == ("Nothing changed.",)
    assert said.screen(Look()) == ""
    assert said.document() == {}
