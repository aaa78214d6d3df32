"""Dates and offsets typed in French: j (jours) and s (semaines) beside d and w, départ beside
exit, and a date written day first (31/01/2027) when French is spoken."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest

from exitplan.base import i18n
from exitplan.base.errors import DateError, TwoReadings
from exitplan.domain import dates
from exitplan.domain.dates import parse_offset, parse_when

TODAY = date(2026, 12, 5)


@pytest.fixture
def french() -> Iterator[None]:
    """Speak French for one test, then English again."""
    i18n.install("fr")
    yield
    i18n.install("en")


@pytest.mark.parametrize(
    ("text", "days"),
    [("+6s", 42), ("-3s", -21), ("+10j", 10), ("5j", 5), ("départ", 0), ("Jour-J", 0)],
)
def test_french_offsets_are_read_whatever_the_language(text: str, days: int) -> None:
    """j and s count days and weeks as d and w do; départ is the exit day."""
    assert parse_offset(text) == days


@pytest.mark.parametrize("text", ["+6m", "3 semaines", "départs"])
def test_other_units_are_still_refused(text: str) -> None:
    """A unit that is neither English nor French is refused as before."""
    with pytest.raises(DateError, match="offset"):
        parse_offset(text)


@pytest.mark.usefixtures("french")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("31/01/2027", date(2027, 1, 31)),
        ("1/2/2027", date(2027, 2, 1)),
        ("14.07.2027", date(2027, 7, 14)),
        ("2027-01-31", date(2027, 1, 31)),
        ("+6s", date(2027, 1, 16)),
        ("aujourd'hui", TODAY),
        ("31/01/27", date(2027, 1, 31)),  # a two-digit year, as Spanish reads it too
    ],
)
def test_a_french_date_is_read_day_first(text: str, expected: date) -> None:
    """In French a date with slashes or points is day, month, year; ISO still works."""
    assert parse_when(text, TODAY) == expected


@pytest.mark.usefixtures("french")
@pytest.mark.parametrize("text", ["31/13/2027", "30/02/2027", "31/01/227"])
def test_an_impossible_french_date_is_refused(text: str) -> None:
    """A day-first date that is not in the calendar is refused, not guessed."""
    with pytest.raises(DateError):
        parse_when(text, TODAY)


def test_english_reads_a_date_in_the_place_s_order() -> None:
    """In English 01/02/2027 is read in the order of the plan's place; with none known it is
    refused (either order could be meant), while 31/01/2027 can only be one day."""
    from exitplan.base import spoken

    i18n.install("en")
    spoken.set_place(None)
    with pytest.raises(DateError, match="2027-02-01 or 2027-01-02"):
        parse_when("01/02/2027", TODAY)
    assert parse_when("31/01/2027", TODAY) == date(2027, 1, 31)
    spoken.set_place("gb-eng")
    assert parse_when("01/02/2027", TODAY) == date(2027, 2, 1)
    spoken.set_place("us-ca")
    assert parse_when("01/02/2027", TODAY) == date(2027, 1, 2)


@pytest.mark.parametrize(
    ("text", "upcoming", "day"),
    [
        ("samedi 16 janvier 2027", True, date(2027, 1, 16)),
        ("sam. 16 janv. 2027", True, date(2027, 1, 16)),
        ("le 1er mars", True, date(2027, 3, 1)),
        ("el 15 de enero", True, date(2027, 1, 15)),
        ("15 de enero de 2027", True, date(2027, 1, 15)),
        ("November 28", False, date(2026, 11, 28)),
        ("le 30 novembre", False, date(2026, 11, 30)),
        ("el 28 de diciembre", False, date(2025, 12, 28)),
        ("Février 3", True, date(2027, 2, 3)),
    ],
)
def test_a_day_in_words_is_read_in_every_language(text: str, upcoming: bool, day: date) -> None:
    """A day and a month name, with or without weekday and year: without a year, the next one
    for a plan and the last one for what happened."""
    from exitplan.domain.dates import said_day

    found = said_day(text, TODAY, upcoming=upcoming)
    assert found is not None
    assert found[0] == day


@pytest.mark.usefixtures("french")
@pytest.mark.parametrize(
    ("text", "upcoming", "day"),
    [
        ("15/01", True, date(2027, 1, 15)),
        ("30/11", False, date(2026, 11, 30)),
        ("30-11-2026", False, date(2026, 11, 30)),
        ("1/2/27", True, date(2027, 2, 1)),
    ],
)
def test_a_numeric_day_follows_the_locale_s_order(text: str, upcoming: bool, day: date) -> None:
    """In French 15/01 is 15 January: without a year, the next or the last such day."""
    from exitplan.domain.dates import said_day

    found = said_day(text, TODAY, upcoming=upcoming)
    assert found is not None
    assert found[0] == day


@pytest.mark.parametrize("text", ["vendredi 16 janvier 2027", "31 de febrero", "30 février 2027"])
def test_a_day_that_does_not_exist_or_add_up_is_refused(text: str) -> None:
    """A weekday that is not the day's, or a day the calendar has not, is one plain error."""
    from exitplan.domain.dates import said_day

    with pytest.raises(DateError):
        said_day(text, TODAY, upcoming=True)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("in 6 weeks", date(2027, 1, 16)),
        ("in 10 days", date(2026, 12, 15)),
        ("samedi 16 janvier 2027", date(2027, 1, 16)),
        ("el 15 de enero", date(2027, 1, 15)),
    ],
)
def test_the_exit_date_reads_words_and_weeks_from_today(text: str, day: date) -> None:
    """`parse_when` reads a day as the screens write it and "in 6 weeks"."""
    assert parse_when(text, TODAY) == day


@pytest.mark.parametrize(
    ("text", "month", "part_only"),
    [
        ("noviembre de 2026", date(2026, 11, 1), False),
        ("fin novembre", date(2026, 11, 1), True),
        ("a finales de octubre", date(2026, 10, 1), True),
        ("en diciembre", date(2026, 12, 1), False),
        ("January", date(2026, 1, 1), False),
    ],
)
def test_a_month_in_words_is_its_first_day(text: str, month: date, part_only: bool) -> None:
    """A month said in words is read as that month (the last one up to today), and whether the
    words name only part of it."""
    from exitplan.domain.dates import said_month

    assert said_month(text, TODAY) == (month, part_only)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("2026-12-20", date(2026, 12, 20)),
        ("2040-01-01", date(2040, 1, 1)),  # the form a script writes, as it stands
        ("today", TODAY),
        ("+3d", date(2026, 12, 8)),
        ("June 1, 2027", date(2027, 6, 1)),
    ],
)
def test_today_is_read_as_the_date_command_reads_a_day(
    text: str, day: date, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--today` reads every form `parse_when` reads, counted from the computer's own date, and
    the form 2026-12-20 as it stands (the glance reads that form alone, the same way)."""
    monkeypatch.setattr(dates, "real_today", lambda: TODAY)
    assert dates.parse_today(text) == day


@pytest.mark.usefixtures("french")
def test_today_in_french_reads_french_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """In French `1 juin 2027`, `01/06/2027` and `aujourd'hui` are days for `--today` too."""
    monkeypatch.setattr(dates, "real_today", lambda: TODAY)
    assert dates.parse_today("1 juin 2027") == date(2027, 6, 1)
    assert dates.parse_today("01/06/2027") == date(2027, 6, 1)
    assert dates.parse_today("aujourd'hui") == TODAY
    with pytest.raises(DateError):
        dates.parse_today("bientôt")


@pytest.mark.parametrize(
    ("text", "due"),
    [
        ("-3w", -21),
        ("exit", 0),
        ("+7d", 7),
        ("2027-01-31", date(2027, 1, 31)),
        ("9999-12-31", date(9999, 12, 31)),  # the form a file writes, as a file reads it
        ("June 1, 2027", date(2027, 6, 1)),
        ("in 2 weeks", date(2026, 12, 19)),
        ("today", TODAY),
    ],
)
def test_a_typed_due_is_an_offset_from_the_exit_or_a_day(text: str, due: int | date) -> None:
    """An offset counts from the exit date (a number of days); any day `parse_when` reads is
    that day."""
    assert dates.parse_due_text(text, TODAY) == due


@pytest.mark.usefixtures("french")
def test_a_typed_due_in_french_reads_its_words_and_units() -> None:
    """In French `-3s` is three weeks before the exit and `1 juin 2027` a day."""
    assert dates.parse_due_text("-3s", TODAY) == -21
    assert dates.parse_due_text("1 juin 2027", TODAY) == date(2027, 6, 1)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("soon", "neither a date nor an offset"),
        ("2027-02-30", "not a day in the calendar"),
        ("+600w", "more than ten years away"),
        ("5", "is not an offset"),
    ],
)
def test_a_typed_due_of_neither_form_names_both(text: str, words: str) -> None:
    """Words of neither form are refused naming both; an offset-shaped or day-shaped mistake
    keeps the parser's own, more exact, words."""
    with pytest.raises(DateError, match=words):
        dates.parse_due_text(text, TODAY)


def test_numbers_that_make_two_days_are_their_own_error() -> None:
    """With no place known, 10/02/2027 is TwoReadings (said plainly, never as a bad option)."""
    with pytest.raises(TwoReadings, match="2027-02-10"):
        dates.parse_due_text("10/02/2027", TODAY)
    with pytest.raises(TwoReadings):
        dates.parse_today("10/02/2027")


def test_a_stored_due_is_iso_or_an_offset_and_nothing_else() -> None:
    """A file's due is `2027-01-31` or an offset; a day in words or another order is refused."""
    assert dates.parse_stored_due(" 2027-01-31 ") == date(2027, 1, 31)
    assert dates.parse_stored_due("-3w") == -21
    for text in ("31/01/2027", "June 1, 2027", "2027-1-31", "today"):
        with pytest.raises(DateError):
            dates.parse_stored_due(text)


def test_the_iso_shape_is_one_test() -> None:
    """`is_iso_day` knows the shape 2027-01-31 (a real day or not) and nothing else."""
    assert dates.is_iso_day(" 2027-02-30 ")
    assert not any(map(dates.is_iso_day, ["2027-1-31", "27-01-31", "2027/01/31", "+3d", ""]))
