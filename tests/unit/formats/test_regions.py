"""Region files (each country's lines and sourced facts), the names a person may type for a
place, and checking region files with `exitplan validate`."""

from __future__ import annotations

import datetime as dt
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

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
CHECKED_NOT_AFTER = dt.date(2026, 12, 5)
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
            official = "attorneygeneral." in url.lower()  # a government's attorney general
            assert official or not any(weak in url.lower() for weak in WEAK_SOURCES), (where, url)
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
    assert kept.neutral == scotland.neutral
    assert "police-notice" in kept.neutral
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


# -- the built-in steps that name local facts -------------------------------------------------

# Which built-in step names which local fact: a step losing its placeholder (or gaining one) is
# a content change to make on purpose.
STEP_FACTS = {
    "after.address-confidentiality": ("address-privacy",),
    "after.electoral-roll": ("electoral-roll",),
    "after.protection-order": ("court-order", "police-notice"),
    "after.register-order": ("order-elsewhere",),
    "children.custody-lawyer": ("moving-children", "parenting-orders"),
    "children.temporary-custody": ("parenting-orders",),
    "documents.medical-records": ("health-reporting",),
    "finances.advice-entitlements": ("leaving-payment",),
    "finances.credit-report": ("credit-report",),
    "finances.de-link": ("credit-link",),
    "finances.watch-credit": ("credit-protection",),
    "housing.council": ("housing-help",),
    "housing.renters-rights": ("tenancy-exit",),
    "housing.safe-place": ("housing-help",),
    "safety.sexual-violence-care": ("health-reporting",),
    "safety.strangled-care": ("health-reporting",),
    "safety.weapons-plan": ("firearms",),
    "support.ask-about-past": ("disclosure",),
    "support.helpline": ("emergency-number",),
    "support.immigration-advice": ("immigration",),
    "support.lawyer": ("parenting-orders", "court-order", "legal-advice"),
    "support.pregnancy-care": ("health-reporting",),
    "support.status-threats": ("immigration",),
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


# -- local truth: the places kept complete, and remedies a place does not have ---------------

# The places whose every step-named fact is filled or neutral (with a reason). Grow it as places
# are completed; never shrink it quietly.
KEPT_COMPLETE = {"es", "mx", "ie", "nz", "gb-eaw", "gb-sct", "gb-nir", "ca-on", "ca-qc", "ca-bc"}


def coverage_cells() -> list[Any]:
    from exitplan.domain.coverage import coverage

    steps = [(ref, item.facts) for ref, item in builtin_items()]
    return coverage(steps, load_places())


def test_the_places_kept_complete_have_no_missing_fact() -> None:
    """Spain and Mexico (and every place a file marks `covered`) answer every fact their steps
    name: with a sourced fact, or neutral words and the reason."""
    covered = {place.code for place in load_places() if place.covered}
    assert covered >= KEPT_COMPLETE
    cells = [c for c in coverage_cells() if c.place in covered]
    assert {c.place for c in cells} == covered
    assert [(c.place, c.step) for c in cells if c.state == "missing"] == []


@pytest.mark.parametrize("code", ["es", "ie", "ca-on", "ca-qc", "ca-bc", "gb-sct"])
def test_no_police_notice_is_offered_where_only_courts_grant_orders(code: str) -> None:
    """Where the police cannot issue an order, the crisis step keeps its neutral words (what
    the police can do at once), and the place's file says why, with a source."""
    place = place_of(code)
    region = local_for(code)
    assert place is not None
    assert region is not None
    assert "police-notice" not in region.facts
    assert place.neutral["police-notice"].why == "none"
    assert place.neutral["police-notice"].sources


def test_spain_and_mexico_warn_before_a_medical_visit_starts_a_case() -> None:
    """The four medical steps carry the place's reporting duty: Spain's injury report to the
    court, Mexico's notice to the Ministerio Público under NOM-046; the general words stay."""
    from exitplan.domain.region import fill

    medical = [item for ref, item in builtin_items() if "health-reporting" in item.facts]
    assert len(medical) == 4
    spain, mexico = local_for("es"), local_for("mx")
    assert spain is not None
    assert mexico is not None
    for item in medical:
        assert "parte de lesiones" in fill(item.how, spain.texts())
        assert "NOM-046" in fill(item.how, mexico.texts())
        assert "must" in fill(item.how, None)


def test_spains_lead_line_is_the_emergency_number_alone() -> None:
    """Spain's help-now leads with 112 only; 016, 091 and 062 follow, each with its hours."""
    spain = local_for("es")
    assert spain is not None
    assert [line.number for line in spain.lines if line.kind == "emergency"] == ["112"]
    numbers = [line.number for line in spain.lines]
    assert numbers[:4] == ["112", "016", "091", "062"]
    assert all(line.hours for line in spain.lines)
    assert all("Murcia" not in (line.note or "") for line in spain.lines)


def test_mexicos_help_now_is_911_and_whom_to_ask_without_an_unconfirmed_line() -> None:
    """Mexico's help-now is 911 alone, saying whom to ask for near help; the women's line no
    official page confirmed is kept out, and the neutral helpline says so, in Spanish too."""
    mexico = local_for("mx")
    assert mexico is not None
    assert [line.number for line in mexico.lines] == ["911"]
    assert "Centro de Justicia para las Mujeres" in (mexico.lines[0].note or "")
    kept = mexico.neutral["helpline"]
    assert kept.why == "unconfirmed"
    assert "079" in kept.detail
    assert "911" in kept.detail
    spanish = local_for("mx", "es")
    assert spanish is not None
    assert "pide al 911" in (spanish.lines[0].note or "")
    assert "Pide al 911" in spanish.neutral["helpline"].detail
    words = " ".join([*mexico.texts().values(), *(n.detail for n in mexico.neutral.values())])
    assert "079 (option 1) can" not in words
    assert "Ask 079" not in words


def test_facts_confirmed_this_round_name_their_official_pages() -> None:
    """Quebec's civil protection order, BC's early end of a tenancy, Ireland's independent
    immigration permission and the Divorce Act's parenting words and relocation notice rest on
    their governments' own pages or texts, shown only in their place."""
    from exitplan.domain.region import place_sources

    wanted = {
        ("ca-qc", "court-order"): "quebec.ca/",
        ("ca-bc", "tenancy-exit"): "gov.bc.ca/",
        ("ie", "immigration"): "oireachtas.ie/",
        ("ca-on", "moving-children"): "laws-lois.justice.gc.ca/",
        ("ca-on", "parenting-orders"): "laws-lois.justice.gc.ca/",
    }
    for (code, key), host in wanted.items():
        place = local_for(code)
        assert place is not None
        fact = place.facts[key]
        assert fact.confirmed, (code, key)
        assert fact.section, (code, key)
        official = tuple(url for url in fact.sources if host in url)
        assert official, (code, key)
        assert place_sources(official, code) == official
        assert place_sources(official, "nz") == ()


def test_new_zealands_helplines_say_their_hours() -> None:
    """Shine and Are You OK give the hours on the government's page, in every language, and
    Shine points to the 24/7 line for the night."""
    for language, words in (
        ("en", "9am to 11pm"),
        ("es", "9:00 a 23:00"),
        ("fr", "9\u00a0h à 23\u00a0h"),
    ):
        place = local_for("nz", language)
        assert place is not None
        lines = {line.number: line for line in place.lines}
        assert words in lines["0508 744 633"].hours
        assert words in lines["0800 456 450"].hours
        assert "0800 733 843" in (lines["0508 744 633"].note or "")


def test_us_and_australian_states_miss_no_fact_and_say_whom_to_ask() -> None:
    """Every US state and Australian state or territory answers every fact a step names: its
    own, the country's, or neutral words naming whom to ask (the Hotline, 1800RESPECT), in
    Spanish and French too; a state's own order still wins over the country's neutral words."""
    from exitplan.domain.coverage import coverage
    from exitplan.formats.checklistfile import load_catalog

    catalog = load_catalog()
    steps = [(f"{c.id}.{item.id}", item.facts) for c in catalog.checklists for item in c.items]
    places = [place for place in load_places() if place.country_code in ("us", "au")]
    assert len(places) == 61
    assert all(found.state != "missing" for found in coverage(steps, places))
    asks = {"us": "1-800-799-7233", "au": "1800 737 732"}
    for language in ("en", "es", "fr"):
        for code, number in asks.items():
            place = local_for(code, language)
            assert place is not None
            # The federal facts filled since (credit, legal aid, leave) leave fewer neutral cells.
            assert len(place.neutral) >= 8
            assert any(number in kept.detail for kept in place.neutral.values())
    victoria = local_for("au-vic")
    assert victoria is not None
    assert "court-order" in victoria.facts
    assert "court-order" not in victoria.neutral


def test_scotland_uses_its_own_remedies_and_words() -> None:
    """Scotland's plan names interdicts, exclusion orders and section 11 orders, never a
    restraining order or custody; the silent 55 is said for the whole UK."""
    scotland = local_for("gb-sct")
    assert scotland is not None
    words = " ".join(scotland.texts().values())
    assert "interdict" in words
    assert "exclusion order" in words
    assert "section 11" in words
    assert "restraining order" not in words.replace("no restraining order", "")
    assert "custody" not in " ".join(scotland.texts().values())
    emergency = next(line for line in scotland.lines if line.kind == "emergency")
    assert "across the UK" in (emergency.note or "")
    assert "England" not in (emergency.note or "")


def test_an_unconfirmed_fact_says_so_beside_it_and_its_source() -> None:
    """A fact resting on a secondary page (or an official page not read) is marked on screen."""
    from exitplan.views.local import fact_words, source_lines

    mexico = local_for("mx")
    assert mexico is not None
    duty = mexico.facts["health-reporting"]
    assert not duty.confirmed
    assert "Not confirmed on an official page" in fact_words(duty)
    assert "not confirmed on an official page" in source_lines([duty])[0]
    eaw = local_for("gb-eaw")
    assert eaw is not None
    assert "not confirmed" not in source_lines([eaw.facts["court-order"]])[0]


def test_spains_facts_were_read_in_the_law_and_say_how() -> None:
    """Every Spanish fact is confirmed on the BOE's consolidated text, names the law and
    article it stands in, cites the BOE page, and says the text was read in a verbatim copy."""
    from exitplan.views.local import fact_words, source_lines

    spain = local_for("es")
    assert spain is not None
    own = [fact for fact in spain.facts.values() if fact.key not in DERIVED_FACTS]
    assert len(own) == 16
    for fact in own:
        assert fact.confirmed
        assert re.search(r"\barts?\. ", fact.section)
        assert all(url.startswith("https://www.boe.es/") for url in fact.sources)
        assert fact.read_via.startswith("https://github.com/")
        line = source_lines([fact])[0]
        assert fact.section in line
        assert f"read in a verbatim copy: {fact.read_via}" in line
        assert "Not confirmed" not in fact_words(fact)


def test_a_fact_read_in_a_copy_keeps_how_through_the_cache() -> None:
    """A fact's section and the copy it was read in survive the cache's plain data, and data
    without them (or with them of the wrong type) is refused."""
    from exitplan.domain.region import Fact

    spain = local_for("es")
    assert spain is not None
    order = spain.facts["court-order"]
    data = order.to_data()
    assert Fact.from_data(data) == order
    assert data["read_via"] == order.read_via
    for name in ("section", "read_via"):
        with pytest.raises(ValueError, match="not a fact"):
            Fact.from_data({key: value for key, value in data.items() if key != name})
        with pytest.raises(ValueError, match="not a fact"):
            Fact.from_data(data | {name: 1})


def test_every_official_or_legal_source_of_a_step_names_its_place() -> None:
    """A built-in step's source on a government, court, police or legal site is listed with the
    place it holds for, so it is shown only there."""
    from exitplan.domain.region import source_place

    words = ("gov", "court", "law", "police", "legal", "nhs", "justice")
    for ref, item in builtin_items():
        for url in item.sources:
            host = url.split("/")[2] if url.startswith("http") else ""
            if any(word in host for word in words):
                assert source_place(url) is not None, (ref, url)


@pytest.mark.parametrize(
    ("url", "code", "shown"),
    [
        ("https://www.womenslaw.org/laws/tx/x", "es", False),
        ("https://www.womenslaw.org/laws/tx/x", "us-tx", True),
        ("https://www.mass.gov/x", "us-tx", False),
        ("https://www.mass.gov/x", "us-ma", True),
        ("https://selfhelp.courts.ca.gov/x", "us-ca", True),
        ("https://selfhelp.courts.ca.gov/x", "us", False),
        ("https://justice.govt.nz/x", "gb-sct", False),
        ("https://www.thehotline.org/x", "es", True),
        ("article: Six steps to leaving", "mx", True),
        ("https://www.womenslaw.org/laws/tx/x", None, True),
    ],
)
def test_under_a_step_only_the_persons_place_and_general_sources_show(
    url: str, code: str | None, shown: bool
) -> None:
    """A source about one place's law shows only there (its country's too, for a part); general
    advice and the article labels show everywhere; with no place chosen, everything shows."""
    from exitplan.domain.region import place_sources

    assert (place_sources([url], code) == (url,)) is shown


@pytest.mark.parametrize(
    ("broken", "language"),
    [
        *[
            (broken, language)
            for broken in (
                {"region": "x"},
                {"region": {"a": "x"}},
                {"line": ["x"]},
                {"fact": {"court-order": "x"}},
                {"neutral": {"court-order": "x"}},
                {"parts": 5},
            )
            for language in ("en", "es")
        ],
        ({"es": "x"}, "es"),  # words in Spanish are read only in Spanish
    ],
)
def test_a_region_file_of_the_wrong_shape_is_one_plain_problem(
    tmp_path: Path, broken: dict[str, object], language: str
) -> None:
    """A region file whose tables are text, or whose words are not text, is refused with the one
    message that says to reinstall or check it, never a traceback."""
    from exitplan.formats.regions import RegionDataError

    path = tmp_path / "zz.toml"
    fields = {"schema": 1, "code": "zz", "name": "Zed", "parts": "state"} | broken
    path.write_text("\n".join(f"{key} = {_toml(value)}" for key, value in fields.items()))
    with pytest.raises(RegionDataError, match="this region file cannot be read"):
        read_country(path, language)


def _toml(value: object) -> str:
    """A value as TOML inline text (text, whole numbers, lists and tables of them)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f'"{k}" = {_toml(v)}' for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return f'"{value}"' if isinstance(value, str) else str(value)
