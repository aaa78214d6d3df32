"""Region files (each country's lines and sourced facts), the names a person may type for a
place, and checking region files with `exitplan validate`."""

from __future__ import annotations

import datetime as dt
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from conftest import Run
from helpers import ok

from exitplan.base.errors import ExitplanError
from exitplan.domain.region import DERIVED_FACTS, FACTS, find_place, local
from exitplan.formats.region_schema import RegionFile, schema_problems
from exitplan.formats.regions import (
    countries,
    load_places,
    local_for,
    parts_of,
    place_of,
    read_country,
    region_files,
)

# What the brief asks the files to cover: the countries, and the parts where the law differs.
COUNTRIES = {"us", "gb", "ie", "au", "ca", "nz", "es", "mx", "ar", "co", "cl", "de", "fr"}
PARTS = {"gb": 3, "au": 8, "ca": 13, "us": 51}
# Countries whose emergency number no primary page in reach confirmed: help-now says to use the
# local emergency number. Shrink this set as numbers are checked; never grow it quietly.
NO_EMERGENCY_YET = {"ar", "cl"}
# A date no check can be later than (the day these files were last checked; not the clock).
CHECKED_NOT_AFTER = dt.date(2026, 12, 1)
# Not primary sources: news, document dumps, mirrors, marketing.
WEAK_SOURCES = (
    "vdocuments",
    "pdfslide",
    "docsbay",
    "docslib",
    "studylib",
    "scribd",
    "bbc.co.uk",
    "theguardian",
    "nytimes",
    "cnn.com",
    "abc.net.au",
    "cbc.ca",
    "elpais",
    "wikipedia",
    "facebook.com",
    "twitter.com",
    "solicitor",
    "lawyer",
    "attorney",
    "law-firm",
    "lawfirm",
)
# Digits only: a word in a number ("112 or 999") would stay English on a Spanish screen.
PHONE = re.compile(r"^(\+?[0-9][0-9 ()\-]*[0-9]|https://\S+)$")


def raw(path: Path) -> dict[str, Any]:
    with path.open("rb") as handle:
        return tomllib.load(handle)


def every_entry() -> list[tuple[str, dict[str, Any]]]:
    """(where, data) for every line and every fact of every region file, as written."""
    found = []
    for path in region_files():
        data = raw(path)
        tables = [
            (data["code"], data),
            *((f"{data['code']}-{k}", v) for k, v in data.get("region", {}).items()),
        ]
        for where, table in tables:
            found += [(f"{where} line {line['number']}", line) for line in table.get("line", [])]
            found += [(f"{where} fact {key}", fact) for key, fact in table.get("fact", {}).items()]
    return found


# -- the files' shape -------------------------------------------------------------------------


def test_every_country_the_brief_names_has_a_file_with_its_parts() -> None:
    """One file per country; the countries whose law differs inside them list every part."""
    codes = {path.stem for path in region_files()}
    assert codes >= COUNTRIES
    for code, count in PARTS.items():
        country = place_of(code)
        assert country is not None, code
        assert country.parts, code
        assert len(parts_of(country)) == count, code


@pytest.mark.parametrize("path", region_files(), ids=lambda p: p.stem)
def test_each_region_file_passes_the_schema_and_reads_the_same(path: Path) -> None:
    """The pydantic schema (unknown keys refused) accepts the file, and the fast reader that
    help-now uses finds the same places, lines and facts."""
    data = raw(path)
    assert schema_problems(data, path.stem) == []
    checked = RegionFile.model_validate(data)
    places = read_country(path)
    assert len(places) == 1 + len(checked.region)
    assert sum(len(p.lines) for p in places) == len(checked.line) + sum(
        len(part.line) for part in checked.region.values()
    )
    assert sum(len(p.facts) for p in places) == len(checked.fact) + sum(
        len(part.fact) for part in checked.region.values()
    )


def test_every_line_and_fact_has_a_primary_source_and_a_past_check_date() -> None:
    """Each line and fact names 1 to 4 web addresses, none of them news, a dump or marketing,
    and the day it was checked (a date, from 2020 to the last check)."""
    entries = every_entry()
    assert len(entries) > 80
    for where, entry in entries:
        assert 1 <= len(entry["sources"]) <= 4, where
        for url in entry["sources"]:
            assert re.match(r"^https?://[^\s/]+\.[^\s/]+", url), (where, url)
            assert not any(weak in url.lower() for weak in WEAK_SOURCES), (where, url)
        checked = entry["checked"]
        assert isinstance(checked, dt.date), where
        assert not isinstance(checked, dt.datetime), where
        assert dt.date(2020, 1, 1) <= checked <= CHECKED_NOT_AFTER, where


def test_numbers_are_dialable_and_say_whom_they_serve_and_when() -> None:
    """A number is digits a person can dial, no words (or a web address); each line says whom it
    serves; hours are given or left empty (shown as 'check the hours'), never guessed."""
    for place in load_places():
        for line in place.lines:
            assert PHONE.match(line.number), (place.code, line.number)
            assert line.serves, (place.code, line.service)
            if line.kind == "web":
                assert line.number.startswith("https://"), line.service


def test_no_place_lists_a_number_twice() -> None:
    """The duplicated Irish 112 and the like: a number appears once in a place's screen."""
    for place in load_places():
        region = local_for(place.code)
        assert region is not None
        numbers = [line.number for line in region.lines]
        assert len(numbers) == len(set(numbers)), place.code


def test_every_country_has_its_emergency_number_but_the_few_not_yet_checked() -> None:
    """Each country's file gives its emergency number, except the ones listed as not yet
    checked (and those must still lack one, so the list cannot go stale)."""
    missing = {c.code for c in countries() if not any(n.kind == "emergency" for n in c.lines)}
    assert missing == NO_EMERGENCY_YET


@pytest.mark.parametrize(
    ("code", "numbers"),
    [("de", {"110", "112"}), ("fr", {"17", "112", "15"}), ("es", {"112"}), ("ie", {"112", "999"})],
)
def test_european_countries_list_112(code: str, numbers: set[str]) -> None:
    """Germany, France, Spain and Ireland show 112 (Ireland once, not twice)."""
    country = place_of(code)
    assert country is not None
    assert {line.number for line in country.lines if line.kind == "emergency"} == numbers


def test_every_fact_a_step_may_name_is_defined_somewhere() -> None:
    """No fact key is known to the checklists but given by no region file."""
    defined = {key for place in load_places() for key in local_for(place.code).facts}  # type: ignore[union-attr]
    assert set(FACTS) - defined == set()
    assert defined >= DERIVED_FACTS


def test_a_part_uses_its_countrys_facts_and_lines_unless_it_has_its_own() -> None:
    """Scotland has the UK's credit protections and 999, and its own disclosure scheme; England
    and Wales has its own orders, which Scotland does not borrow."""
    scotland = local_for("gb-sct")
    england = local_for("gb-eaw")
    assert scotland is not None
    assert england is not None
    assert scotland.facts["credit-protection"].where == "United Kingdom"
    assert "Scotland" in scotland.facts["disclosure"].where
    assert "999" in {line.number for line in scotland.lines}
    assert scotland.facts.get("court-order") != england.facts["court-order"]


def test_a_changing_law_is_marked() -> None:
    """England and Wales police notices are being replaced (DVPN by DAPN): marked as changing,
    so the step says 'may have changed: check with an advocate'."""
    england = local_for("gb-eaw")
    assert england is not None
    assert england.facts["police-notice"].changing is True
    assert england.facts["court-order"].changing is False


def test_us_federal_facts_hold_in_every_state() -> None:
    """Full faith and credit (18 U.S.C. 2265) and the credit freeze reach every state."""
    us = place_of("us")
    assert us is not None
    for state in parts_of(us):
        region = local(state, us)
        assert "2265" in region.facts["order-elsewhere"].detail, state.code
        assert "credit-protection" in region.facts, state.code


def test_the_cache_keeps_a_places_facts_only_while_its_file_is_unchanged() -> None:
    """The status cache keeps the place's facts with its region file's signature: a changed
    file (an upgrade) or another place means the facts are read again, never served stale."""
    from exitplan.formats.regions import region_cache_data, region_from_cache

    data = region_cache_data("gb-sct")
    assert data is not None
    kept = region_from_cache("gb-sct", data)
    scotland = local_for("gb-sct")
    assert kept is not None
    assert scotland is not None
    assert kept.facts == scotland.facts
    assert region_from_cache("gb-eaw", data) is None
    assert region_from_cache("gb-sct", {**data, "signature": [0, 0, 0]}) is None
    english = data["languages"]["en"]
    forged = {**data, "languages": {"en": {**english, "facts": [{"key": "court-order"}]}}}
    with pytest.raises(ValueError, match="not a fact"):
        region_from_cache("gb-sct", forged)


# -- names a person may type ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("United Kingdom", "gb"),
        ("uk", "gb"),
        ("GB", "gb"),
        ("  united   kingdom ", "gb"),
        ("Wales", "gb-eaw"),
        ("England", "gb-eaw"),
        ("scotland", "gb-sct"),
        ("Northern Ireland", "gb-nir"),
        ("Ireland", "ie"),
        ("NSW", "au-nsw"),
        ("New South Wales", "au-nsw"),
        ("au-nsw", "au-nsw"),
        ("Ontario", "ca-on"),
        ("Quebec", "ca-qc"),
        ("Québec", "ca-qc"),
        ("USA", "us"),
        ("United States", "us"),
        ("Texas", "us-tx"),
        ("new york", "us-ny"),
        ("Washington DC", "us-dc"),
        ("España", "es"),
        ("Mexico", "mx"),
        ("México", "mx"),
        ("Aotearoa", "nz"),
    ],
)
def test_natural_names_find_the_place(typed: str, code: str) -> None:
    """Names, codes, accents or none, any case and spacing."""
    assert find_place(typed, load_places()).code == code


def test_an_unknown_name_is_one_line_with_a_suggestion() -> None:
    """A misspelt name gets the nearest names it may mean, and where the list is."""
    with pytest.raises(ExitplanError) as caught:
        find_place("Scotlnd", load_places())
    message = str(caught.value)
    assert "Scotland" in message
    assert "exitplan region --list" in message
    assert "\n" not in message


@pytest.mark.parametrize(
    ("typed", "code"), [("ca", "ca"), ("CA", "ca"), ("ar", "ar"), ("de", "de")]
)
def test_a_countrys_code_wins_over_a_states_short_code(typed: str, code: str) -> None:
    """'CA' is Canada (ISO), not California, whose name or full code finds it."""
    places = load_places()
    assert find_place(typed, places).code == code
    assert find_place("California", places).code == "us-ca"
    assert find_place("us-ca", places).code == "us-ca"


def test_an_ambiguous_name_names_every_place_it_could_be() -> None:
    """A name two parts share is never guessed: both are named in the one line."""
    from exitplan.domain.region import Place

    places = (
        Place("xa-no", "Northern", country_name="Xland"),
        Place("ya-no", "Northern", country_name="Yland"),
    )
    with pytest.raises(ExitplanError) as caught:
        find_place("northern", places)
    assert str(caught.value) == (
        "'northern' could mean Northern (Xland) or Northern (Yland): type the full name"
    )


def test_no_two_places_share_a_name() -> None:
    """Every place's own name finds that place and no other, and so does its code."""
    places = load_places()
    for place in places:
        assert find_place(place.name, places) == place
        assert find_place(place.code, places) == place


# -- exitplan validate ------------------------------------------------------------------------


def test_validate_accepts_every_shipped_region_file(run: Run) -> None:
    """`validate` knows a region file from a checklist and says what it holds."""
    result = ok(run("validate", *(str(path) for path in region_files())))
    assert result.stdout.count(": ok (a region file:") == len(region_files())


GOOD_LINE = """
[[line]]
service = "A line"
number = "0800 000 000"
kind = "helpline"
serves = "anyone"
hours = "24/7"
sources = ["https://example.gov/line"]
checked = 2026-11-01
"""


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (GOOD_LINE + "colour = 'red'\n", ["colour", "not a known field"]),
        (GOOD_LINE.replace('sources = ["https://example.gov/line"]\n', ""), ["sources"]),
        (GOOD_LINE.replace("https://example.gov/line", "example.gov"), ["sources"]),
        (GOOD_LINE.replace("2026-11-01", "2019-01-01"), ["too old"]),
        (GOOD_LINE.replace('"anyone"', '"everyone"'), ["serves"]),
        (
            "[fact.rainbow]\ntext='x'\ndetail='y'\nsources=['https://a.gov/x']\nchecked=2026-11-01\n",
            ["rainbow", "not a fact"],
        ),
        ("[fact.court-order]\ntext='an order'\ndetail='y'\nchecked=2026-11-01\n", ["sources"]),
        (
            "[fact.court-order]\ntext='{{x|y}}'\ndetail='y'\nsources=['https://a.gov/x']\nchecked=2026-11-01\n",
            ["placeholder"],
        ),
    ],
)
def test_validate_refuses_a_bad_region_file(
    run: Run, tmp_path: Path, body: str, words: list[str]
) -> None:
    """An unknown key, a line or fact without a source, a bad address, an old date, an unknown
    fact: one line per problem, exit 1, and the file is left as it was."""
    path = tmp_path / "zz.toml"
    path.write_text('schema = 1\ncode = "zz"\nname = "Testland"\n' + body, encoding="utf-8")
    before = path.read_bytes()
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    first = result.stderr.splitlines()[0].lower()
    assert first.startswith("error: ")
    for word in words:
        assert word in first, first
    assert path.read_bytes() == before


def test_a_region_file_named_for_another_country_is_refused(run: Run, tmp_path: Path) -> None:
    """The code inside must match the file name, as the shipped files are found by it."""
    path = tmp_path / "xx.toml"
    path.write_text('schema = 1\ncode = "zz"\nname = "Testland"\n', encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"Error: {path}: code 'zz' should match the file name 'xx'",
        "1 problem found.",
    ]


# -- the built-in steps that name local facts -------------------------------------------------

# Which built-in step names which local fact: a step losing its placeholder (or gaining one) is
# a content change to make on purpose.
STEP_FACTS = {
    "after.address-confidentiality": ("address-privacy",),
    "after.electoral-roll": ("electoral-roll",),
    "after.protection-order": ("court-order", "police-notice"),
    "after.register-order": ("order-elsewhere",),
    "children.custody-lawyer": ("parenting-orders",),
    "children.temporary-custody": ("parenting-orders",),
    "finances.advice-entitlements": ("leaving-payment",),
    "finances.de-link": ("credit-link",),
    "finances.watch-credit": ("credit-protection",),
    "housing.council": ("housing-help",),
    "housing.safe-place": ("housing-help",),
    "support.helpline": ("emergency-number",),
    "support.immigration-advice": ("immigration",),
    "support.status-threats": ("immigration",),
    "support.lawyer": ("parenting-orders", "court-order"),
    "support.protection-order-advice": ("court-order", "address-privacy", "home-order"),
    "support.work": ("paid-leave",),
}


def builtin_items() -> list[tuple[str, Any]]:
    from exitplan.formats.checklistfile import load_catalog

    return [(f"{c.id}.{item.id}", item) for c in load_catalog().checklists for item in c.items]


def test_the_built_in_steps_name_the_local_facts_they_should() -> None:
    """The steps whose rule differs by place name the place's fact (register-order, protection
    orders, custody, housing, credit, immigration, leave...)."""
    named = {ref: item.facts for ref, item in builtin_items() if item.facts}
    assert named == STEP_FACTS


def test_each_step_reads_well_in_every_place_and_in_general_words() -> None:
    """Every step that names a fact, in every place and with no place: no placeholder left, no
    doubled space or full stop, a capital first letter; and the general words never borrow one
    place's name for a thing."""
    from exitplan.domain.region import fill

    places = [local_for(place.code) for place in load_places()]
    every_text = {f.text for p in places if p for f in p.facts.values() if len(f.text) > 12}
    for ref, item in builtin_items():
        if not item.facts:
            continue
        for name in ("title", "why", "how", "caution"):
            text = getattr(item, name)
            if not text:
                continue
            neutral = fill(text, None)
            assert not any(words in neutral for words in every_text), (ref, name)
            for place in [None, *places]:
                filled = fill(text, place.texts() if place else None)
                assert "{{" not in filled, (ref, name)
                assert "}}" not in filled, (ref, name)
                assert "  " not in filled, (ref, name, filled)
                assert ".." not in filled, (ref, name, filled)
                assert filled[:1] == filled[:1].upper(), (ref, name, filled)
