"""The region file format checked: each line and fact sourced and dated, the words in another
language complete, parts named, no control character, one plain problem per fault, and the
summary `exitplan validate` gives of a region file."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from exitplan.formats.region_schema import (
    RegionFile,
    is_region_data,
    region_file_report,
    schema_problems,
)

CHECKED = dt.date(2026, 12, 5)
SOURCE = "https://www.gov.uk/report-domestic-abuse"


def line(**changes: Any) -> dict[str, Any]:
    """A `[[line]]`: an emergency number, sourced and checked."""
    return {
        "service": "Emergency services",
        "number": "999",
        "kind": "emergency",
        "serves": "anyone",
        "hours": "24/7",
        "sources": [SOURCE],
        "checked": CHECKED,
    } | changes


def fact(**changes: Any) -> dict[str, Any]:
    """A `[fact.<key>]`: its words, detail, source and check date."""
    return {
        "text": "a non-molestation order",
        "detail": "A court order that stops them contacting you.",
        "sources": [SOURCE],
        "checked": CHECKED,
    } | changes


def region(**changes: Any) -> dict[str, Any]:
    """A country file's data for the code `zz`."""
    return {"schema": 1, "code": "zz", "name": "Zed"} | changes


def problems(data: dict[str, Any]) -> list[str]:
    """The problems `exitplan validate` would list for `zz.toml` holding `data`."""
    return schema_problems(data, "zz")


def test_a_sourced_and_dated_region_file_has_no_problem() -> None:
    """A country with a line, a fact, a neutral fact and a part, each sourced, passes."""
    data = region(
        parts="nation",
        line=[line(), line(service="A helpline", number="0808 2000 247", kind="helpline")],
        fact={"court-order": fact()},
        neutral={"police-notice": {"why": "unconfirmed", "detail": "Ask.", "checked": CHECKED}},
        region={"sct": {"name": "Scotland", "line": [line(number="112")]}},
    )
    assert problems(data) == []
    assert RegionFile.model_validate(data).region["sct"].line[0].number == "112"


@pytest.mark.parametrize(
    "number",
    ["999", "+44 20 7946 0000", "0808 2000 247", "1 (800) 799-7233", "116 123 or 116 006"],
)
def test_a_number_is_written_as_people_dial_it(number: str) -> None:
    """Digits with spaces, a leading +, brackets after the first digit, dashes, and "or" a
    second number are kept."""
    assert problems(region(line=[line(number=number)])) == []


def test_the_code_must_be_the_file_s_name() -> None:
    """A file whose code is not its name is one problem saying both."""
    assert schema_problems(region(), "zy") == ["code 'zz' should match the file name 'zy'"]


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (
            region(line=[line(service="Help\x1b[2J")]),
            "field 'line.0.service': contains a control character (U+001B)",
        ),
        (
            region(line=[line(number="call us")]),
            "field 'line.0.number': 'call us' has characters that are not allowed here",
        ),
        (region(line=[line(sources=[])]), "field 'line.0.sources': should not be empty"),
        (
            region(line=[line(checked=dt.date(2019, 12, 31))]),
            "field 'line.0.checked': a check date before 2020 is too old to trust",
        ),
        (region(colour="red"), "field 'colour': is not a known field (check the spelling)"),
    ],
)
def test_each_fault_is_one_plain_problem_naming_its_field(
    data: dict[str, Any], problem: str
) -> None:
    """A control character, a number no one can dial, a line without a source, a check before
    2020 or an unknown field: one sentence naming the field."""
    assert problems(data) == [problem]


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (region(fact={"magic": fact()}), "'magic' is not a fact exitplan knows; use one of:"),
        (region(neutral={"magic": {}}), "'magic' is not a fact exitplan knows"),
        (region(fact={"court-order": fact(text="{{court-order|an order}}")}), "no placeholder"),
        (region(fact={"court-order": fact(read_via="a copy somewhere")}), "read_via"),
        (region(fact={"court-order": fact(section="Act\ns. 1")}), "section"),
        (region(line=[line(sources=["ftp://e.gov/a"])]), "sources.0"),
        (region(line=[line(sources=[SOURCE] * 5)]), "sources"),
        (region(line=[line(serves="indigenous")]), "says whom, in `who`"),
        (region(line=[line(kind="fax")]), "line.0.kind"),
        (region(line=[line(languages=["english"])]), "languages.0"),
        (region(region={"sct": {"name": "Scotland"}}), "says what they are called, in `parts`"),
        (region(region={"scotland": {"name": "Scotland"}}), "region.scotland"),
        (
            region(
                fact={"firearms": fact()},
                neutral={"firearms": {"why": "unconfirmed", "detail": "Ask.", "checked": CHECKED}},
            ),
            "'firearms' is both a fact and a neutral fact: keep one",
        ),
        (
            region(neutral={"firearms": {"why": "none", "detail": "No.", "checked": CHECKED}}),
            "names the page that says so",
        ),
    ],
)
def test_a_region_file_that_breaks_a_rule_is_refused(data: dict[str, Any], words: str) -> None:
    """An unknown fact, a placeholder in a fact's words, a copy that is not an address, a
    section on two lines, a source that is not a web page or too many, an Indigenous line
    that does not say whom, an unknown kind or language, parts left unnamed or misnamed, a key
    both given and kept neutral, "no such thing" without its page: each is a problem."""
    found = problems(data)
    assert len(found) == 1, found
    assert words in found[0]


@pytest.mark.parametrize("facts", ["court-order", [{"court-order": "x"}], ["court-order"]])
def test_facts_that_are_not_a_table_are_one_plain_problem(facts: object) -> None:
    """A region file whose `fact` or `neutral` is text or a list (of tables too) gets one plain
    problem, never a traceback."""
    for key in ("fact", "neutral"):
        assert problems(region(**{key: facts})) == [f"field '{key}': should be a table of fields"]


def test_a_copy_read_in_place_of_the_official_site_is_an_address() -> None:
    """A fact read in a verbatim copy names it by its web address, with its section."""
    data = region(
        fact={
            "firearms": fact(section="Act, s. 1", read_via="https://github.com/o/r/blob/c/act.md")
        }
    )
    assert problems(data) == []


# -- words in another language ----------------------------------------------------------------


def test_a_line_s_words_in_spanish_give_each_text_the_english_has() -> None:
    """A translated line gives whom it serves, its hours and its note when the English does,
    and only those; the service's proper name may stay as it is."""
    english = line(who="Women and children", note="Free from mobiles.")
    complete = {"who": "Mujeres, niñas y niños", "hours": "24 horas", "note": "Gratis."}
    assert problems(region(line=[english | {"es": complete}])) == []
    short = {"who": "Mujeres", "hours": "24 horas"}
    assert problems(region(line=[english | {"es": short}])) == [
        "field 'line.0': the words in 'es' leave out 'note', which the English has"
    ]
    extra = {"hours": "24 heures", "note": "Gratuit."}
    assert problems(region(line=[line() | {"fr": extra}])) == [
        "field 'line.0': the words in 'fr' give 'note', which the English has not"
    ]


def test_the_word_for_parts_is_translated_exactly_when_the_english_has_one() -> None:
    """A country's own words say what its parts are called when the English does; a part
    has no parts of its own."""
    parted = region(parts="nation", region={"sct": {"name": "Scotland"}})
    assert problems(parted | {"es": {"name": "Zeda", "parts": "nación"}}) == []
    assert "exactly when the English does" in problems(parted | {"es": {"name": "Zeda"}})[0]
    assert (
        "exactly when the English does"
        in problems(region(fr={"name": "Zède", "parts": "nation"}))[0]
    )
    inner = region(
        parts="nation",
        region={"sct": {"name": "Scotland", "es": {"name": "Escocia", "parts": "x"}}},
    )
    assert "a part has no parts: leave 'parts' out of its 'es' words" in problems(inner)[0]


def test_a_fact_s_translated_words_are_plain_words_too() -> None:
    """A fact's words in Spanish carry no placeholder either."""
    translated = fact(es={"text": "{{court-order|orden}}", "detail": "Qué es."})
    assert "no placeholder" in problems(region(fact={"court-order": translated}))[0]


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=30), st.sampled_from("\x00\x07\x1b\x7f\x85\x9b"))
def test_no_control_character_reaches_a_place_s_words(text: str, char: str) -> None:
    """Wherever a control character sits in a service's name, the file has a problem."""
    assert problems(region(line=[line(service=f"A{text}{char}B")]))


# -- telling a region file from a checklist, and what `validate` says of it --------------------


@pytest.mark.parametrize(
    ("data", "region_like"),
    [
        ({"schema": 1, "code": "gb", "name": "United Kingdom"}, True),
        ({"schema": 1, "id": "money", "title": "Money"}, False),
        ({"schema": 1, "id": "money", "code": "gb"}, False),  # an id makes it a checklist
        ({}, False),
    ],
)
def test_a_region_file_has_a_code_and_no_id(data: dict[str, Any], region_like: bool) -> None:
    """Parsed TOML with a `code` and no `id` is a region file; anything else a checklist."""
    assert is_region_data(data) is region_like


def write(folder: Path, name: str, data: dict[str, Any]) -> Path:
    """`data` written as the TOML file `name` in `folder`."""
    path = folder / name
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


def test_validate_counts_the_places_lines_and_facts_of_a_good_file(tmp_path: Path) -> None:
    """A good file is no problem and a count of its places (the country and each part), its
    lines and its facts, in the person's words."""
    data = region(
        parts="nation",
        line=[line(), line(number="112")],
        fact={"court-order": fact()},
        region={"sct": {"name": "Scotland", "line": [line(number="101")]}},
    )
    assert region_file_report(write(tmp_path, "zz.toml", data)) == (
        [],
        "2 places, 3 lines, 1 fact",
    )
    single = region(line=[line()], fact={"court-order": fact()})
    assert region_file_report(write(tmp_path, "zz.toml", single)) == (
        [],
        "1 place, 1 line, 1 fact",
    )


def test_validate_lists_each_problem_with_the_file(tmp_path: Path) -> None:
    """A region file with a fault: each problem starts with the file's path, and no count."""
    path = write(tmp_path, "zy.toml", region())
    assert region_file_report(path) == ([f"{path}: code 'zz' should match the file name 'zy'"], "")


def test_validate_leaves_checklists_and_unreadable_files_to_the_checklist_check(
    tmp_path: Path,
) -> None:
    """A checklist, a file that is not TOML and a missing file are not region files here: the
    checklist check says what is wrong with them."""
    checklist = write(tmp_path, "money.toml", {"schema": 1, "id": "money", "title": "Money"})
    broken = tmp_path / "broken.toml"
    broken.write_text('code = "zz\n', encoding="utf-8")
    assert region_file_report(checklist) is None
    assert region_file_report(broken) is None
    assert region_file_report(tmp_path / "absent.toml") is None
