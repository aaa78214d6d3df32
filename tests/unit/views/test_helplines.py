"""What help-now shows (views/helplines.py): the number to call in danger first, each line with
whom it serves and its hours, sources when asked, and every row within the screen's width."""

from __future__ import annotations

from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st

from exitplan.domain.region import Line, Place, local
from exitplan.views.helplines import (
    all_screen,
    danger_line,
    line_rows,
    line_words,
    lines_data,
    number_column,
    overview_screen,
    place_screen,
    source_rows,
)

CHECKED = date(2026, 12, 5)
SOURCE = "https://www.example.gov/help"


def line(
    number: str,
    service: str = "Helpline",
    kind: str = "helpline",
    *,
    hours: str = "24/7",
    who: str | None = None,
    note: str | None = None,
    languages: tuple[str, ...] = (),
    sources: tuple[str, ...] = (SOURCE,),
) -> Line:
    """A line of a region file, checked today."""
    return Line(
        service,
        number,
        kind,  # type: ignore[arg-type]
        "anyone",
        hours,
        sources,
        CHECKED,
        who=who,
        note=note,
        languages=languages,
    )


EMERGENCY = line("999", "Emergency services", "emergency", hours="")
HELPLINE = line("0808 2000 247", "National Helpline", who="women")
TEXT = line("85258", "Shout", "text", hours="", note="Free from most networks.")
COUNTRY = Place(
    "xx",
    "Country",
    parts="state",
    lines=(HELPLINE, EMERGENCY, TEXT),
    country_name="Country",
)


# -- the first line: the number to call in danger -------------------------------------------


def test_the_danger_line_names_the_emergency_number() -> None:
    """One emergency number: `call 999.`, with the line's note after it."""
    assert danger_line([HELPLINE, EMERGENCY], "Country") == "If you are in danger now, call 999."
    noted = EMERGENCY._replace(note="Text 999 if you cannot speak.")
    assert danger_line([noted], "Country") == (
        "If you are in danger now, call 999. Text 999 if you cannot speak."
    )


def test_two_three_and_more_emergency_numbers_are_joined_by_or() -> None:
    """Two numbers read `A or B`, three `A, B or C`, four `A or B or C or D`; a number given
    twice is said once."""
    e = [line(n, kind="emergency") for n in ("17", "112", "112", "15", "18")]
    assert danger_line(e[:2], "X") == "If you are in danger now, call 17 or 112."
    assert danger_line(e[:4], "X") == "If you are in danger now, call 17, 112 or 15."
    assert danger_line(e, "X") == "If you are in danger now, call 17 or 112 or 15 or 18."


def test_a_place_with_no_checked_emergency_number_says_to_call_the_local_one() -> None:
    """No emergency line: the local emergency number, without inventing one."""
    assert danger_line([HELPLINE], "Atlantis") == (
        "If you are in danger now, call your local emergency number (none is checked yet for "
        "Atlantis)."
    )


# -- one line's words ----------------------------------------------------------------------


def test_a_line_says_whom_it_serves_and_its_hours() -> None:
    """`service: for whom, hours.`, in the service's own words for whom when it gives them."""
    assert line_words(HELPLINE, compact=True) == "National Helpline: for women, 24/7."
    assert line_words(line("1", hours="9am to 5pm"), compact=True) == (
        "Helpline: for anyone, 9am to 5pm."
    )


def test_a_line_with_no_hours_is_never_said_to_be_open() -> None:
    """No hours on its page: `check the hours` on the short screen, a calm warning in full."""
    assert line_words(TEXT, compact=True).startswith(
        "Shout (by text): for anyone, check the hours."
    )
    assert line_words(TEXT, compact=False).startswith(
        "Shout (by text): for anyone, hours not confirmed: check before you rely on it."
    )


def test_an_emergency_number_is_never_told_to_check_its_hours() -> None:
    """Beside 999 stand whom it serves, and no hours at all."""
    assert line_words(EMERGENCY, compact=True) == "Emergency services: for anyone."
    assert line_words(EMERGENCY, compact=False) == "Emergency services: for anyone."


def test_the_kind_of_a_line_is_said_beside_its_service() -> None:
    """A text line, a videophone and a website say how to reach them; a helpline does not."""
    assert line_words(line("1", "S", "video"), compact=True).startswith("S (by videophone):")
    assert line_words(line("w.org", "S", "web"), compact=True).startswith("S (website):")
    assert line_words(line("1", "S"), compact=True).startswith("S:")


def test_the_emergency_note_waits_for_the_full_screen_but_a_helplines_note_does_not() -> None:
    """The short screen leaves an emergency line's note out (the first line said it); every other
    note is kept."""
    noted = EMERGENCY._replace(note="Press 55.")
    assert line_words(noted, compact=True) == "Emergency services: for anyone."
    assert line_words(noted, compact=False) == "Emergency services: for anyone. Press 55."
    assert line_words(TEXT, compact=True).endswith("Free from most networks.")


def test_a_line_answering_in_the_persons_language_says_so(in_spanish: None) -> None:
    """In Spanish, a line whose page says it answers in Spanish says so; another does not."""
    answering = line("016", "Atención", languages=("es", "en"))
    assert line_words(answering, compact=True).endswith(" Te atienden en tu idioma.")
    assert "idioma" not in line_words(line("016", "Atención"), compact=True)


def test_an_english_screen_never_says_a_line_answers_in_its_language() -> None:
    """On an English screen every line is assumed to answer in English: nothing is added."""
    assert line_words(line("1", languages=("en",)), compact=True) == "Helpline: for anyone, 24/7."


# -- rows: the number beside its words, or above them -----------------------------------------


def test_a_wide_screen_puts_the_words_beside_the_number() -> None:
    """At 80 columns the number sits in its column and the words start where the column ends."""
    rows = line_rows(HELPLINE, 80, 18, compact=True, sources=False)
    assert rows == ["  0808 2000 247   National Helpline: for women, 24/7."]


def test_a_narrow_screen_puts_the_number_on_its_own_line() -> None:
    """Under 60 columns the number has a line of its own and the words go under it."""
    rows = line_rows(HELPLINE, 40, 18, compact=True, sources=False)
    assert rows[0] == "  0808 2000 247"
    assert rows[1].startswith("    National Helpline")
    assert all(len(row) <= 40 for row in rows)


def test_a_web_address_longer_than_the_column_gets_its_own_line() -> None:
    """A website too long for the number column stands alone; its words go in the column."""
    web = line("www.a-very-long-example.org/help", "Chat", "web")
    rows = line_rows(web, 80, 11, compact=True, sources=False)
    assert rows == [
        "  www.a-very-long-example.org/help",
        "           Chat (website): for anyone, 24/7.",
    ]


def test_sources_come_under_the_line_when_asked() -> None:
    """With sources, each URL and its check date follow the line's words, under the column."""
    rows = line_rows(HELPLINE, 80, 18, compact=False, sources=True)
    assert rows[-1] == f"{' ' * 18}source: {SOURCE}, checked 5 Dec 2026"


# -- source rows -----------------------------------------------------------------------------


def test_a_source_fits_one_row_or_two() -> None:
    """A source fits beside its date, or the date goes on the next row, still indented."""
    assert source_rows(HELPLINE, 80, "  ") == [f"  source: {SOURCE}, checked 5 Dec 2026"]
    assert source_rows(HELPLINE, 50, "  ") == [f"  source: {SOURCE}", "  checked 5 Dec 2026"]


def test_a_url_too_long_to_indent_starts_at_the_left_edge() -> None:
    """A URL that cannot fit after the indent is printed whole at the left edge, so it can be
    copied, under a row saying when it was checked."""
    url = "https://www.example.gov/a/very/long/path/to/the/service/page"
    rows = source_rows(line("1", sources=(url,)), 50, "    ")
    assert rows == ["    source, checked 5 Dec 2026:", url]


def test_on_the_narrowest_screen_the_checked_row_wraps_too() -> None:
    """At 20 columns the row saying when a long URL was checked wraps under its indent instead
    of running past the screen's edge (it once did); the URL stays whole."""
    rows = source_rows(HELPLINE, 20, "    ")
    assert rows == ["    source, checked", "    5 Dec 2026:", SOURCE]


def test_every_source_of_a_line_is_shown() -> None:
    """A line with two sources shows both, in their order."""
    two = line("1", sources=("https://a.gov", "https://b.gov"))
    rows = source_rows(two, 80, "")
    assert [row.split(",")[0] for row in rows] == ["source: https://a.gov", "source: https://b.gov"]


# -- the number column -----------------------------------------------------------------------


def test_the_number_column_fits_the_longest_number_within_reason() -> None:
    """Words start 5 after the longest number; a short or absent one counts as 6, and a web
    address longer than 18 characters does not widen it."""
    assert number_column([]) == 11
    assert number_column([line("999")]) == 11
    assert number_column([line("0808 2000 247")]) == 18
    assert number_column([line("0808 2000 247"), line("www.example.org/help/now")]) == 18


# -- a place's screen ------------------------------------------------------------------------


def test_a_places_screen_starts_with_the_danger_line_then_the_emergency_number() -> None:
    """The first line says whom to call in danger; the place's name follows, then the emergency
    line before the others, then the call-log caution and where the sources are."""
    screen = place_screen(local(COUNTRY), 80).splitlines()
    assert screen[0] == "If you are in danger now, call 999."
    assert screen[1] == "Country"
    assert screen[2].startswith("  999 ")
    assert screen[3].startswith("  0808 2000 247")
    assert screen[-3:] == [
        "A call can stay in the phone's call log even when it is not on the bill.",
        "Sources and check dates: exitplan help-now --sources",
        "Other places: exitplan help-now --region NAME (or --all for every number)",
    ]


def test_the_short_screen_fits_80_by_24() -> None:
    """A country with three lines fits an 80x24 screen, as a person in a hurry sees it."""
    screen = place_screen(local(COUNTRY), 80).splitlines()
    assert len(screen) <= 24
    assert max(len(row) for row in screen) <= 80


def test_a_screen_with_sources_tells_how_to_report_a_wrong_number() -> None:
    """With --sources each line shows where it was checked, and the footer how to report a
    wrong number, instead of the hint to ask for sources."""
    screen = place_screen(local(COUNTRY), 80, sources=True)
    assert screen.count("source: ") == 3
    assert "Numbers change." in screen
    assert "--sources" not in screen


def test_a_place_with_no_lines_says_none_is_checked() -> None:
    """No line for the place: the local emergency number, and that no helpline is checked yet."""
    screen = place_screen(local(Place("yy", "Nowhere", country_name="Nowhere")), 80)
    rows = screen.splitlines()
    assert " ".join(rows[:2]) == (
        "If you are in danger now, call your local emergency number (none is checked yet for "
        "Nowhere)."
    )
    assert rows[2] == "Nowhere"
    assert "  No helpline has been checked yet for this place." in screen.splitlines()


def test_a_countrys_parts_each_get_a_line() -> None:
    """A country lists a line per part under `By state:`, named for the part."""
    part = Place("xx-aa", "Alpha", country_name="Country")
    screen = place_screen(
        local(COUNTRY), 80, parts=[(part, line("1800 11", "Alpha Line"))], parts_word="state"
    ).splitlines()
    at = screen.index("By state:")
    assert screen[at + 1].startswith("  1800 11")
    assert screen[at + 1].endswith("Alpha: Alpha Line")


def test_an_intro_comes_before_the_danger_line() -> None:
    """The note about an encrypted plan, when given, is read first."""
    screen = place_screen(local(COUNTRY), 80, intro="Your plan is encrypted.").splitlines()
    assert screen[:2] == ["Your plan is encrypted.", "If you are in danger now, call 999."]


@settings(max_examples=30, deadline=None)
@given(width=st.integers(min_value=20, max_value=140), sources=st.booleans())
def test_no_row_is_wider_than_the_screen(width: int, sources: bool) -> None:
    """At any width from 20 columns, every row fits, except a source URL printed whole."""
    screen = place_screen(local(COUNTRY), width, sources=sources).splitlines()
    assert [row for row in screen if len(row) > width and row != SOURCE] == []


# -- the overview and every line ------------------------------------------------------------


def test_the_overview_lists_every_countrys_emergency_number_by_name() -> None:
    """Without a place: each country's emergency numbers, in the order of their names, and the
    countries with none checked named apart."""
    countries = [
        Place("zz", "Zeta", lines=(line("911", kind="emergency"),)),
        Place("aa", "Alpha", lines=(line("112", kind="emergency"), line("17", kind="emergency"))),
        Place("mm", "Mu"),
    ]
    screen = overview_screen(countries, 80, plain=True).splitlines()
    assert screen[0] == "If you are in danger now, call your local emergency number:"
    assert screen[1] == "  Alpha 112, 17; Zeta 911"
    assert screen[2] == "  Not yet checked: Mu. Use the local emergency number."
    assert screen[-1] == "Every number exitplan knows: exitplan help-now --all"


def test_the_overview_keeps_a_country_with_its_number_when_wrapping() -> None:
    """On a terminal the countries are parted by a dot that stays with the number before it,
    and a country's name never wraps away from its numbers."""
    countries = [
        Place(
            "gb",
            "United Kingdom",
            lines=(line("999", kind="emergency"), line("112", kind="emergency")),
        ),
        Place(
            "ie", "Ireland", lines=(line("112", kind="emergency"), line("999", kind="emergency"))
        ),
        Place("nz", "New Zealand", lines=(line("111", kind="emergency"),)),
    ]
    assert overview_screen(countries, 30).splitlines()[2:5] == [
        "  Ireland 112, 999 ·",
        "  New Zealand 111 ·",
        "  United Kingdom 999, 112",
    ]


def test_the_dot_between_countries_never_starts_a_line() -> None:
    """The dot parting two countries stays at the end of the line before, never at the start
    of the next."""
    countries = [
        Place("cl", "Chile", lines=(line("133", kind="emergency"),)),
        Place("pe", "Peru", lines=(line("105", kind="emergency"),)),
        Place("bo", "Bolivia", lines=(line("110", kind="emergency"),)),
    ]
    assert overview_screen(countries, 25).splitlines()[3:5] == [
        "  Bolivia 110 ·",
        "  Chile 133 · Peru 105",
    ]


def test_the_overview_puts_a_note_first() -> None:
    """A note (such as why no place was read) comes before the numbers."""
    screen = overview_screen([], 80, note="Your plan is encrypted.").splitlines()
    assert screen[0] == "Your plan is encrypted."


def test_every_line_of_every_place_with_its_source() -> None:
    """--all groups the lines by place, each with its source; a place with none is left out."""
    empty = Place("yy", "Nowhere")
    screen = all_screen([(COUNTRY, COUNTRY.lines), (empty, ())], 80).splitlines()
    assert "Country" in screen
    assert "Nowhere" not in screen
    assert sum(row.strip().startswith("source:") for row in screen) == 3
    assert screen[0] == "If you are in danger now, call your local emergency number."


def test_the_data_names_the_place_and_every_line() -> None:
    """For scripts: the place's code, name and label (or none), whether the plan is encrypted,
    and each line as data."""
    data = lines_data(local(COUNTRY), [EMERGENCY], encrypted=True)
    assert data["place"] == {"code": "xx", "name": "Country", "label": "Country"}
    assert data["plan_encrypted"] is True
    lines = data["lines"]
    assert isinstance(lines, list)
    assert lines[0]["number"] == "999"
    assert lines[0]["hours"] is None
    assert lines[0]["checked"] == "2026-12-05"
    assert lines_data(None, []) == {"place": None, "plan_encrypted": False, "lines": []}
