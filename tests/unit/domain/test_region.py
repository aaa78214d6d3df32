"""Where the person lives, in the domain: a place's lines and facts as data and back, a part
joined with its country, which sources hold where, the paper a place prints on, the step texts
that name local facts (checked and filled), and finding a place by the name a person types."""

from __future__ import annotations

from datetime import date
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exitplan.base import i18n
from exitplan.base.errors import ExitplanError
from exitplan.domain.model import Item
from exitplan.domain.region import (
    FACT_KEYS,
    Absence,
    Fact,
    Line,
    Local,
    Neutral,
    Place,
    choose,
    fact_keys,
    fill,
    find_place,
    holds_in,
    hours_words,
    in_place,
    language_words,
    local,
    localised,
    normalise,
    paper_size,
    place_sources,
    placeholder_problems,
    serves_words,
    source_place,
)

CHECKED = date(2026, 12, 5)
GOV = "https://www.gov.uk/injunction-domestic-violence"
SCOT = "https://www.gov.scot/policies/violence-against-women-and-girls/"


def line(number: str = "999", kind: str = "emergency", **changes: Any) -> Line:
    """A line to call, sourced and checked."""
    values: dict[str, Any] = {
        "service": "Emergency services",
        "number": number,
        "kind": kind,
        "serves": "anyone",
        "hours": "24/7",
        "sources": (GOV,),
        "checked": CHECKED,
        "where": "United Kingdom",
    }
    return Line(**(values | changes))


def fact(key: str = "court-order", text: str = "a non-molestation order", **changes: Any) -> Fact:
    """A sourced fact."""
    values: dict[str, Any] = {
        "key": key,
        "text": text,
        "detail": "A court order that stops them contacting you.",
        "sources": (GOV,),
        "checked": CHECKED,
        "where": "England and Wales",
    }
    return Fact(**(values | changes))


def neutral(key: str = "police-notice", why: Absence = "none") -> Neutral:
    """A fact kept in neutral words, with its reason and whom to ask."""
    return Neutral(key, why, "Only a court grants orders here; ask a helpline.", (SCOT,), CHECKED)


UK = Place(
    code="gb",
    name="United Kingdom",
    aliases=("UK", "Britain"),
    parts="nation",
    lines=(line(), line("0808 2000 247", "helpline", service="Refuge", serves="women")),
    facts={"court-order": fact(), "police-notice": fact("police-notice", "a police notice")},
    country_name="United Kingdom",
)
SCOTLAND = Place(
    code="gb-sct",
    name="Scotland",
    aliases=("Alba",),
    lines=(line("0800 027 1234", "helpline", service="Scotland's helpline"),),
    facts={"court-order": fact(text="a non-harassment order", where="Scotland")},
    country_name="United Kingdom",
    neutral={"police-notice": neutral()},
)


# -- a fact, a neutral fact and a place as data ----------------------------------------------


def test_a_line_as_data_names_unknown_hours_as_none() -> None:
    """A line's data has its check date as ISO text, lists for tuples, and no hours as None."""
    data = line(hours="", languages=("en", "cy")).to_data()
    assert (data["hours"], data["checked"], data["languages"]) == (None, "2026-12-05", ["en", "cy"])
    assert data["sources"] == [GOV]


def test_a_fact_reads_back_from_its_data() -> None:
    """What `to_data` writes of a fact, `from_data` reads back equal."""
    made = fact(changing=True, confirmed=False, section="FLA 1996, s. 42", read_via=GOV)
    assert Fact.from_data(made.to_data()) == made


@pytest.mark.parametrize(
    "change",
    [
        {"key": "magic"},  # a fact exitplan does not know
        {"text": 1},
        {"changing": "yes"},
        {"confirmed": 1},
        {"sources": GOV},  # one address, not a list
        {"sources": [GOV, 2]},
        {"checked": "last week"},
        {"checked": 20261205},  # not text: still the plain ValueError, never a TypeError
        {"colour": "red"},
    ],
)
def test_a_fact_exitplan_would_not_write_is_refused(change: dict[str, Any]) -> None:
    """An unknown fact, a wrong type, a date that is not ISO or an extra field: ValueError."""
    with pytest.raises(ValueError):  # noqa: PT011 - the one exception the cache reader expects
        Fact.from_data(fact().to_data() | change)


def test_a_fact_missing_a_field_or_not_a_table_is_refused() -> None:
    """Data without every field, or not a table at all, is not a fact."""
    data = {name: value for name, value in fact().to_data().items() if name != "where"}
    bad: object
    for bad in (data, [], None, "court-order"):
        with pytest.raises(ValueError, match="not a fact"):
            Fact.from_data(bad)


def test_a_neutral_fact_reads_back_and_refuses_a_reason_it_does_not_know() -> None:
    """A neutral fact's data reads back equal; an unknown reason or key is refused."""
    kept = neutral(why="unconfirmed")
    assert Neutral.from_data(kept.to_data()) == kept
    changes = (
        {"why": "forgot"},
        {"key": "magic"},
        {"sources": [1]},
        {"detail": None},
        {"checked": 5},
    )
    for change in changes:
        with pytest.raises(ValueError, match="not a neutral fact"):
            Neutral.from_data(kept.to_data() | change)


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(sorted(FACT_KEYS)),
    st.text(max_size=20),
    st.lists(st.text(max_size=20), max_size=3),
    st.dates(min_value=date(2020, 1, 1)),
    st.booleans(),
)
def test_any_fact_reads_back_from_its_data(
    key: str, text: str, sources: list[str], checked: date, changing: bool
) -> None:
    """Whatever a fact holds, its data reads back as the same fact."""
    made = fact(key, text, sources=tuple(sources), checked=checked, changing=changing)
    assert Fact.from_data(made.to_data()) == made


def test_a_part_is_named_with_its_country() -> None:
    """A part knows its country's code and is labelled with the country's name; a country is
    labelled with its own."""
    assert (SCOTLAND.is_country, SCOTLAND.country_code, SCOTLAND.label) == (
        False,
        "gb",
        "Scotland (United Kingdom)",
    )
    assert (UK.is_country, UK.country_code, UK.label) == (True, "gb", "United Kingdom")


def test_a_place_reads_back_from_its_data_without_its_lines() -> None:
    """The cache keeps a place's facts and neutral facts, never its lines."""
    place = local(SCOTLAND, UK)
    back = Local.from_data(place.to_data())
    assert (back.code, back.name, back.label, back.lines) == (
        "gb-sct",
        "Scotland",
        "Scotland (United Kingdom)",
        (),
    )
    assert back.facts == place.facts
    assert back.neutral == place.neutral


@pytest.mark.parametrize(
    "change",
    [{"code": "Scotland"}, {"code": 7}, {"facts": {}}, {"neutral": None}, {"lines": []}],
)
def test_a_place_exitplan_would_not_write_is_refused(change: dict[str, Any]) -> None:
    """A code that is not a place's, facts that are not a list, an extra field: refused."""
    with pytest.raises(ValueError, match="not a place"):
        Local.from_data(local(SCOTLAND, UK).to_data() | change)


# -- a part joined with its country ------------------------------------------------------------


def test_a_part_s_facts_win_over_its_country_s() -> None:
    """Scotland's own court order replaces the UK's; its own line comes before the UK's."""
    scotland = local(SCOTLAND, UK)
    assert scotland.facts["court-order"].text == "a non-harassment order"
    assert [ln.number for ln in scotland.lines] == ["0800 027 1234", "999", "0808 2000 247"]
    assert scotland.texts()["court-order"] == "a non-harassment order"


def test_a_fact_the_part_keeps_neutral_is_not_taken_from_its_country() -> None:
    """Scotland has no police notice: the UK's is not shown there, and why is kept instead."""
    scotland = local(SCOTLAND, UK)
    assert "police-notice" not in scotland.facts
    assert scotland.neutral["police-notice"].why == "none"


def test_a_part_s_own_fact_answers_what_its_country_keeps_neutral() -> None:
    """Where the country keeps a fact neutral but the part has it, the part's fact stands."""
    country = UK._replace(facts={}, neutral={"court-order": neutral("court-order")})
    wales = Place("gb-eaw", "England and Wales", facts={"court-order": fact()})
    joined = local(wales, country)
    assert joined.facts["court-order"] == fact()
    assert "court-order" not in joined.neutral


def test_a_country_alone_is_not_joined_with_itself() -> None:
    """A country given as its own country keeps its lines once."""
    assert local(UK, UK).lines == local(UK).lines == UK.lines


def test_the_emergency_number_and_a_helpline_come_from_the_lines() -> None:
    """Without such facts in a file, the first emergency line and the first helpline give
    them, in words a step can use."""
    uk = local(UK)
    emergency, helpline = uk.facts["emergency-number"], uk.facts["helpline"]
    assert (emergency.text, emergency.detail) == ("999", "Emergency services: 999.")
    assert (helpline.text, helpline.detail) == (
        "Refuge (0808 2000 247)",
        "Refuge: 0808 2000 247, for women.",
    )
    assert (helpline.sources, helpline.checked, helpline.where) == (
        (GOV,),
        CHECKED,
        "United Kingdom",
    )


def test_a_part_s_first_helpline_is_its_own() -> None:
    """Scotland's helpline is its own line, before the UK's."""
    assert local(SCOTLAND, UK).facts["helpline"].text == "Scotland's helpline (0800 027 1234)"


def test_a_file_s_own_emergency_fact_wins_over_the_lines() -> None:
    """A place whose file gives the emergency number keeps its words."""
    place = UK._replace(facts={"emergency-number": fact("emergency-number", "999 or 112")})
    assert local(place).facts["emergency-number"].text == "999 or 112"


def test_a_place_without_lines_has_no_made_up_number() -> None:
    """No lines, no emergency number or helpline: never a guess."""
    assert set(local(Place("zz", "Zed")).facts) == set()


def test_a_step_s_facts_are_those_the_place_has_in_the_step_s_order() -> None:
    """The facts a step names that the place defines (once each), and those it keeps
    neutral, in the step's order."""
    scotland = local(SCOTLAND, UK)
    keys = ["helpline", "court-order", "firearms", "helpline", "police-notice"]
    assert [f.key for f in scotland.used(keys)] == ["helpline", "court-order"]
    assert [n.key for n in scotland.kept_neutral(keys)] == ["police-notice"]


# -- words for a line ---------------------------------------------------------------------------


def test_whom_a_line_serves_is_its_own_words_or_the_usual_ones() -> None:
    """A line's own words for whom it serves win; otherwise the calm usual words."""
    assert serves_words(line(serves="women")) == "for women"
    assert serves_words(line(serves="deaf")) == "for Deaf and hard of hearing people"
    assert serves_words(line(who="women over 16 in Glasgow")) == "for women over 16 in Glasgow"


def test_hours_no_page_gave_are_a_calm_warning() -> None:
    """Known hours are shown as they are; unknown ones say to check first."""
    assert hours_words(line()) == "24/7"
    assert hours_words(line(hours="")) == "hours not confirmed: check before you rely on it"


def test_a_line_answers_in_your_language_only_when_its_page_says_so() -> None:
    """On a Spanish screen, a line whose page lists Spanish says so; others and every line on
    an English screen say nothing."""
    spanish = line(languages=("en", "es"))
    assert language_words(spanish) is None  # English: every line is assumed to answer in it
    i18n.install("es")
    assert language_words(spanish) == "Te atienden en tu idioma."
    assert language_words(line(languages=("en",))) is None
    assert serves_words(line(serves="women")) == "para mujeres"


# -- sources that hold for one place -----------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "code"),
    [
        (GOV, "gb"),
        ("https://user@WWW.GOV.UK:443/x?y=1#z", "gb"),
        (SCOT, "gb-sct"),
        ("https://selfhelp.courts.ca.gov/dv", "us-ca"),  # the longest listed ending wins
        ("https://www.justice.gov/ovw", "us"),
        ("https://www.boe.es/buscar/act.php?id=BOE-A-2004-21760", "es"),
        ("https://www.refuge.org.uk/", None),  # a charity's general advice holds everywhere
        ("https://notgov.uk/", None),  # an ending is whole labels, never part of one
        ("https://gov.uk.example.org/", None),
        ("article: a guide to safety planning", None),
        ("ftp://gov.uk/", None),
    ],
)
def test_a_source_is_about_the_place_its_site_serves(url: str, code: str | None) -> None:
    """A government, court or local service site belongs to its place; any other holds
    everywhere."""
    assert source_place(url) == code


@pytest.mark.parametrize(
    ("source", "code", "holds"),
    [
        ("gb", "gb-sct", True),  # a country's source holds in its parts
        ("gb", "gb", True),
        ("gb-sct", "gb", False),  # a part's does not hold in the whole country
        ("gb-sct", "gb-eaw", False),
        ("us", "us-tx", True),
        ("u", "us-tx", False),
        (None, "gb", True),  # a general source
        ("gb", None, True),  # no place chosen: every source is shown
    ],
)
def test_a_source_holds_in_its_place_and_the_parts_of_it(
    source: str | None, code: str | None, holds: bool
) -> None:
    """A source about a place holds there and in its parts, never elsewhere."""
    assert holds_in(source, code) is holds


def test_under_a_step_a_person_sees_the_general_sources_and_their_own() -> None:
    """Scotland sees the UK's and its own and the charity's; Spain sees only the charity's."""
    sources = (GOV, SCOT, "https://www.refuge.org.uk/")
    assert place_sources(sources, "gb-sct") == sources
    assert place_sources(sources, "es") == ("https://www.refuge.org.uk/",)
    assert place_sources(sources, None) == sources


@pytest.mark.parametrize(
    ("code", "paper"),
    [("us-tx", "letter"), ("ca-qc", "letter"), ("mx", "letter"), ("gb-sct", "A4"), ("es", "A4")],
)
def test_a_place_prints_on_its_own_paper(code: str, paper: str) -> None:
    """The Americas' Letter countries print on Letter, their parts too; elsewhere A4."""
    assert paper_size(code) == paper


def test_without_a_place_the_printer_picks_the_paper() -> None:
    """No place chosen: no paper size is forced."""
    assert paper_size(None) is None


@pytest.mark.parametrize(
    ("codes", "code", "kept"),
    [
        (("gb",), "gb-sct", True),
        (("gb-sct",), "gb-sct", True),
        (("gb-sct",), "gb", False),
        (("au-nsw", "gb"), "au-vic", False),
        (("gb",), "gbx", False),
        (("gb",), None, False),  # no place chosen: a step for some places is not shown
    ],
)
def test_a_step_for_some_places_is_kept_for_them_and_their_parts(
    codes: tuple[str, ...], code: str | None, kept: bool
) -> None:
    """A step kept for a country applies in its parts; one for a part only there."""
    assert in_place(codes, code) is kept


# -- step texts that name local facts ----------------------------------------------------------


def test_a_text_names_each_fact_once_in_order() -> None:
    """The facts a text names, first use first, each once; none in plain text."""
    text = "{{helpline|a helpline}} or {{court-order|an order}}, then {{helpline|them}}."
    assert fact_keys(text) == ("helpline", "court-order")
    assert fact_keys("Pack a bag.") == ()
    assert fact_keys(None) == ()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("Ask about {{court-order}}.", "has a placeholder exitplan cannot read"),
        ("Ask about {{court-order|an order}.", "has a placeholder exitplan cannot read"),
        ("Ask about court-order|an order}}.", "has a placeholder exitplan cannot read"),
        ("Ask about {{magic|a spell}}.", "names the fact 'magic', which no region defines"),
        (
            "Ask about {{court-order| }}.",
            "gives no neutral words for 'court-order' (write {{court-order|...}})",
        ),
    ],
)
def test_a_broken_placeholder_is_named(text: str, problem: str) -> None:
    """A placeholder without neutral words, half closed, or naming an unknown fact is one
    problem saying how to write it."""
    found = placeholder_problems(text)
    assert len(found) == 1
    assert found[0].startswith(problem)


def test_a_good_placeholder_has_no_problem() -> None:
    """`{{fact|neutral words}}` with a known fact is fine."""
    assert placeholder_problems("Ask a lawyer about {{court-order|a protection order}}.") == []


@pytest.mark.parametrize(
    ("text", "facts", "filled"),
    [
        ("Ask about {{court-order|a protection order}}.", None, "Ask about a protection order."),
        (
            "Ask about {{court-order|a protection order}}.",
            {"court-order": "a non-harassment order"},
            "Ask about a non-harassment order.",
        ),
        ("{{court-order|a protection order}} can help.", None, "A protection order can help."),
        ("Call now. {{helpline| a helpline }} listens.", {}, "Call now. A helpline listens."),
        ("Options: {{court-order|an order}}", {"court-order": ""}, "Options: An order"),
        ("Ask:\n{{court-order|an order}}", {"helpline": "x"}, "Ask:\nAn order"),
        ("Pack a bag.", {"court-order": "x"}, "Pack a bag."),
    ],
)
def test_a_placeholder_becomes_the_place_s_words_or_the_neutral_ones(
    text: str, facts: dict[str, str] | None, filled: str
) -> None:
    """The place's fact where it has one, else the neutral words; a capital letter where the
    words begin the text or a sentence."""
    assert fill(text, facts) == filled


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.text(alphabet=st.characters(exclude_characters="{}|"), max_size=12),
            st.builds(
                "{{{{{}|{}}}}}".format,
                st.sampled_from(sorted(FACT_KEYS)),
                st.text(alphabet="abc xyz", min_size=1, max_size=8),
            ),
        ),
        max_size=5,
    ),
    st.booleans(),
)
def test_a_filled_text_keeps_no_placeholder(pieces: list[str], with_facts: bool) -> None:
    """However text and placeholders are mixed, the filled text holds no `{{`."""
    facts = dict.fromkeys(FACT_KEYS, "the local words") if with_facts else None
    assert "{{" not in fill("".join(pieces), facts)


def test_a_step_reads_in_the_place_s_words_and_keeps_what_it_lacks() -> None:
    """Each text of a step is filled for the place; an absent text stays absent."""
    step = Item(
        id="order",
        title="Ask about {{court-order|a protection order}}",
        why="{{court-order|An order}} can keep them away.",
        caution="Tell {{helpline|a helpline}} first.",
    )
    read = localised(step, {"court-order": "a non-harassment order"})
    assert read.title == "Ask about a non-harassment order"
    assert read.why == "A non-harassment order can keep them away."
    assert read.caution == "Tell a helpline first."
    assert read.how is None
    assert read.id == "order"


# -- finding a place by name -------------------------------------------------------------------


CANADA = Place("ca", "Canada", country_name="Canada")
US = Place("us", "United States", ("USA", "America"), "state", country_name="United States")
CALIFORNIA = Place("us-ca", "California", country_name="United States")
GEORGIA = Place("ge", "Georgia", country_name="Georgia")
US_GEORGIA = Place("us-ga", "Georgia", country_name="United States")
FRANCE = Place("fr", "France", country_name="France")
QUEBEC = Place("ca-qc", "Québec", ("Quebec",), country_name="Canada")
NT_AU = Place("au-nt", "Northern Territory", country_name="Australia")
NT_CA = Place("ca-nt", "Northwest Territories", country_name="Canada")
PLACES = (UK, SCOTLAND, CANADA, US, CALIFORNIA, GEORGIA, US_GEORGIA, FRANCE, QUEBEC, NT_AU, NT_CA)


@pytest.mark.parametrize(
    ("typed", "place"),
    [
        ("scotland", SCOTLAND),
        ("  ALBA ", SCOTLAND),
        ("gb-sct", SCOTLAND),
        ("sct", SCOTLAND),  # a part's short code
        ("Scotland, United Kingdom", SCOTLAND),
        ("uk", UK),
        ("ca", CANADA),  # a country's own code before California's short code
        ("us-ca", CALIFORNIA),
        ("la France", FRANCE),
        ("quebec", QUEBEC),
        ("au Québec", QUEBEC),
        ("Québec!", QUEBEC),
    ],
)
def test_a_place_is_found_by_any_name_a_person_types(typed: str, place: Place) -> None:
    """Name, alias, code or short code, with any case, accents, punctuation or an article."""
    assert find_place(typed, PLACES) == place


def test_a_country_s_own_name_wins_over_a_state_of_that_name() -> None:
    """'Georgia' is the country; the state is 'Georgia, United States' or 'us-ga'."""
    assert find_place("Georgia", PLACES) == GEORGIA
    assert find_place("Georgia United States", PLACES) == US_GEORGIA
    assert find_place("us-ga", PLACES) == US_GEORGIA


def test_a_name_two_parts_share_names_both() -> None:
    """'nt' is a territory of Australia and of Canada: both are offered, none chosen."""
    choice = choose("NT", PLACES)
    assert choice.place is None
    assert choice.could_be == (NT_AU, NT_CA)
    with pytest.raises(ExitplanError) as error:
        find_place("NT", PLACES)
    assert str(error.value) == (
        "'NT' could mean Northern Territory (Australia) or Northwest Territories (Canada): "
        "type the full name"
    )


def test_two_countries_of_one_name_are_both_offered() -> None:
    """Where two countries answer to the same name, neither is chosen for the person."""
    congo, dr_congo = Place("cg", "Congo"), Place("cd", "DR Congo", ("Congo",))
    assert choose("Congo", (congo, dr_congo)).place == congo  # its own name wins over an alias
    twin = Place("cd", "Congo")
    assert choose("Congo", (congo, twin)) == (None, (congo, twin))


def test_an_unknown_name_suggests_the_nearest_and_the_list() -> None:
    """A misspelt name gets one line with the nearest places and how to see them all."""
    with pytest.raises(ExitplanError) as error:
        find_place("Scottland", PLACES)
    assert str(error.value) == (
        "exitplan does not know a place called 'Scottland'. Did you mean Scotland (United "
        "Kingdom)? See every place it knows with: exitplan region --list"
    )
    with pytest.raises(ExitplanError) as far:
        find_place("Atlantis", PLACES)
    assert "Did you mean" not in str(far.value)


@pytest.mark.parametrize("typed", ["", "   ", "\x1b\x07", "\n\t"])
def test_an_empty_name_asks_for_a_place(typed: str) -> None:
    """Nothing typed (or only blanks and control characters): one line asking for a place."""
    with pytest.raises(ExitplanError, match="no place was given"):
        find_place(typed, PLACES)


def test_a_typed_name_reaches_the_message_without_control_characters() -> None:
    """A name from a pipe with an escape or a bell in it is echoed without them."""
    with pytest.raises(ExitplanError) as error:
        find_place("Atl\x1b[2Jan\x07tis\u200b", PLACES)
    message = str(error.value)
    assert "'Atl[2Jantis'" in message
    assert all(char.isprintable() for char in message)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=30))
def test_any_typed_name_finds_a_place_or_says_so_on_one_printable_line(typed: str) -> None:
    """Whatever is typed, the answer is a place or one plain error, never a control character."""
    try:
        found = find_place(typed, PLACES)
    except ExitplanError as error:
        message = str(error)
    else:
        assert found in PLACES
        return
    assert all(char.isprintable() for char in message)


def test_names_are_compared_without_accents_case_or_punctuation() -> None:
    """Accents, case, punctuation and '&' fall away to the plain words."""
    assert normalise("  Côte-d'Ivoire ") == "cote d ivoire"
    assert normalise("Trinidad & Tobago") == "trinidad and tobago"
    assert normalise("QUÉBEC!") == "quebec"
    assert normalise("") == ""


def test_the_places_are_not_changed_by_finding_one() -> None:
    """A read-only place stays as it was (its facts are a mapping no one can change)."""
    empty = Place("zz", "Zed")
    assert isinstance(empty.facts, MappingProxyType)
    find_place("zz", (empty,))
    assert dict(empty.facts) == {}
