"""When something happened, as a person says it: relative words in English, Spanish and French,
read on this computer's clock whatever language is spoken, and refused in plain words when
they cannot be read."""

from __future__ import annotations

from datetime import datetime

import pytest

from exitplan.journal.entry import (
    MAX_ENTRY_CHARS,
    JournalError,
    answer_size,
    check_answer,
    given,
    parse_entry_toml,
    read_moment,
)

NOW = datetime(2026, 12, 1, 22, 0)  # a Tuesday evening


@pytest.mark.parametrize(
    ("said", "day", "clock", "approximate"),
    [
        ("yesterday 9pm", "2026-11-30", "21:00", False),
        ("3 days ago", "2026-11-28", None, False),
        ("last Monday around 21:30", "2026-11-30", "21:30", True),
        ("noon", "2026-12-01", "12:00", False),
        ("ayer 21:00", "2026-11-30", "21:00", False),
        ("ayer a las 21:30", "2026-11-30", "21:30", False),
        ("ayer, a las 9pm", "2026-11-30", "21:00", False),
        ("anteayer", "2026-11-29", None, False),
        ("hoy mediodía", "2026-12-01", "12:00", False),
        ("hoy medianoche", "2026-12-01", "00:00", False),
        ("hace 3 días", "2026-11-28", None, False),
        ("hace 3 dias", "2026-11-28", None, False),
        ("hace dos semanas", "2026-11-17", None, False),
        ("hace una semana", "2026-11-24", None, False),
        ("el lunes pasado", "2026-11-30", None, False),
        ("martes pasado hacia las 21:30", "2026-11-24", "21:30", True),
        ("el miércoles pasado a las 8:15", "2026-11-25", "08:15", False),
        ("el miercoles pasado", "2026-11-25", None, False),
        ("sábado pasado", "2026-11-28", None, False),
        ("hace 3 días alrededor de las 20:00", "2026-11-28", "20:00", True),
        ("sobre las 9pm", "2026-12-01", "21:00", True),
        ("hacia 2026-11", "2026-11", None, True),
        ("ayer 21:30 h", "2026-11-30", "21:30", False),
        ("hier à 21 h", "2026-11-30", "21:00", False),
        ("hier 21h30", "2026-11-30", "21:30", False),
        ("avant-hier", "2026-11-29", None, False),
        ("aujourd'hui midi", "2026-12-01", "12:00", False),
        ("aujourd\u2019hui à minuit", "2026-12-01", "00:00", False),
        ("il y a trois jours", "2026-11-28", None, False),
        ("il y a 2 semaines", "2026-11-17", None, False),
        ("il y a une semaine", "2026-11-24", None, False),
        ("lundi dernier vers 21 h 30", "2026-11-30", "21:30", True),
        ("le mercredi dernier à 8 h 15", "2026-11-25", "08:15", False),
        ("samedi dernier", "2026-11-28", None, False),
        ("vers 21 h", "2026-12-01", "21:00", True),
        ("environ 2026-11", "2026-11", None, True),
        ("hier soir", "2026-11-30", None, False),
        ("hier soir vers 23 h", "2026-11-30", "23:00", True),
        ("avant-hier soir à 22 h 15", "2026-11-29", "22:15", False),
        ("ce matin à 7 h", "2026-12-01", "07:00", False),
        ("cet après-midi", "2026-12-01", None, False),
        ("hier à 9 h du soir", "2026-11-30", "21:00", False),
        ("hier 3 h de l'après-midi", "2026-11-30", "15:00", False),
        ("lundi dernier 8 h du matin", "2026-11-30", "08:00", False),
        ("anoche", "2026-11-30", None, False),
        ("Anoche a las 11 de la noche", "2026-11-30", "23:00", False),
        ("ayer a las 9 de la noche", "2026-11-30", "21:00", False),
        ("ayer 9 p. m.", "2026-11-30", "21:00", False),
        ("anteanoche", "2026-11-29", None, False),
        ("esta mañana", "2026-12-01", None, False),
        ("esta  tarde", "2026-12-01", None, False),
        ("hoy a las 3 de la tarde", "2026-12-01", "15:00", False),
        ("hoy a las 12 de la tarde", "2026-12-01", "12:00", False),
        ("ayer a las 7 de la mañana", "2026-11-30", "07:00", False),
        ("ayer a las 2 de la madrugada", "2026-11-30", "02:00", False),
        ("ayer a las 12 de la noche", "2026-11-30", "00:00", False),
        ("anoche hacia las 10:30 de la noche", "2026-11-30", "22:30", True),
    ],
)
def test_relative_words_in_english_spanish_and_french(
    said: str, day: str, clock: str | None, approximate: bool
) -> None:
    """Each form is read as the day and time it means, the person's own words kept."""
    assert read_moment(said, NOW) == {
        "said": said,
        "date": day,
        "time": clock,
        "approximate": approximate,
    }


@pytest.mark.parametrize(
    "said",
    [
        "mañana",
        "hace días",
        "el otro día",
        "hace 3 meses",
        "ayer 25:00",
        "ayerx",
        "demain",
        "il y a 3 mois",
        "hier 25 h",
        "lundi prochain",
        "hier 14 h du soir",
        "demain soir",
        "ayer a las 13 de la noche",
        "anoche a las 9 de la cena",
    ],
)
def test_what_cannot_be_read_is_refused(said: str) -> None:
    """The future, vague words and impossible times are refused, never guessed."""
    with pytest.raises(JournalError, match="not a time exitplan can read"):
        read_moment(said, NOW)


@pytest.mark.parametrize(("ahead", "kept"), [(0, True), (1, True), (2, False)])
def test_one_day_ahead_is_the_most_an_entry_may_be(ahead: int, kept: bool) -> None:
    """Tomorrow (a clock a little behind, a time zone) is accepted; the day after is not, and
    `read_moment` and `not_in_future` agree."""
    from datetime import timedelta

    from exitplan.journal.entry import not_in_future

    day = NOW.date() + timedelta(days=ahead)
    assert not_in_future(day, NOW.date()) is kept
    if kept:
        assert read_moment(day.isoformat(), NOW)["date"] == day.isoformat()
    else:
        with pytest.raises(JournalError, match="in the future"):
            read_moment(day.isoformat(), NOW)


def test_keys_in_the_questions_own_words_are_read() -> None:
    """A piped key may be written as its question says it, in any case and spacing."""
    fields = parse_entry_toml(
        '"What happened" = "He shouted"\nTechnology = "texts"\n'
        '"how-it-affected-you" = "Could not sleep"\nTHEIR_EXACT_WORDS = "You will regret it"\n',
        NOW,
    )
    assert fields == {
        "what": "He shouted",
        "tech": "texts",
        "effect": "Could not sleep",
        "words": "You will regret it",
    }


def test_a_field_given_twice_is_refused() -> None:
    """`what` and "What happened" together are one field given twice: refused, named."""
    with pytest.raises(JournalError, match="'what' and 'What happened' both give what"):
        parse_entry_toml('what = "a"\n"What happened" = "b"\n', NOW)


@pytest.mark.parametrize(
    ("said", "day", "clock", "approximate"),
    [
        ("30/11/2026 21:15", "2026-11-30", "21:15", False),
        ("el 28 de noviembre", "2026-11-28", None, False),
        ("el sábado", "2026-11-28", None, False),
        ("mardi soir", "2026-11-24", None, False),
        ("ayer en la noche", "2026-11-30", None, False),
        ("hoy en la mañana", "2026-12-01", None, False),
        ("anoche como a las 11", "2026-11-30", "23:00", True),
        ("ayer sobre las 8", "2026-11-30", None, True),
        ("ayer por la tarde a eso de las 5", "2026-11-30", "17:00", True),
        ("vers 21h15", "2026-12-01", "21:15", True),
        ("hier soir vers 9 h", "2026-11-30", "21:00", True),
        ("la semana pasada", "2026-11-24", None, True),
        ("fin novembre", "2026-11", None, True),
        ("en noviembre de 2026", "2026-11", None, False),
        ("last night around 11", "2026-11-30", "23:00", True),
        ("jeudi passé vers 9h le soir", "2026-11-26", "21:00", True),
        ("la semaine passée", "2026-11-24", None, True),
        ("ayer a las 9 de la noche", "2026-11-30", "21:00", False),
        ("hier à 7 h du matin", "2026-11-30", "07:00", False),
    ],
)
def test_days_parts_of_day_and_rough_hours_are_read(
    said: str, day: str, clock: str | None, approximate: bool
) -> None:
    """Dates as written, a weekday alone, a part of the day and a rough hour are read; a bare
    hour from 1 to 12 with no part of the day keeps no time rather than guess its half."""
    from exitplan.base import i18n

    i18n.install("fr")
    try:
        assert read_moment(said, NOW) == {
            "said": said,
            "date": day,
            "time": clock,
            "approximate": approximate,
        }
    finally:
        i18n.install("en")


def test_a_written_day_that_could_be_two_says_both() -> None:
    """In English with no place known, 01/11/2026 could be 1 November or 11 January: the
    journal says both readings instead of guessing."""
    from exitplan.base import spoken

    spoken.set_place(None)
    with pytest.raises(JournalError, match="2026-11-01 or 2026-01-11"):
        read_moment("01/11/2026 21:15", NOW)


def test_the_answers_given_come_in_the_order_asked() -> None:
    """`given` names each answer an entry holds once, in the questions' order, none added."""
    fields = parse_entry_toml('what = "shouted"\nwhere = "hall"\nwhen = "2026-11-30"', NOW)
    assert [name for name, _value in given(fields)] == ["when", "where", "what"]
    assert dict(given(fields))["what"] == "shouted"


def test_an_answer_takes_the_length_of_its_words() -> None:
    """A field's answer takes its own length; a `when`, the length of what was said."""
    assert answer_size("what", check_answer("what", " shouted ", NOW)) == len("shouted")
    assert answer_size("when", check_answer("when", "yesterday 9pm", NOW)) == len("yesterday 9pm")
    assert answer_size("what", None) == 0


def test_the_answer_that_makes_the_entry_too_long_is_refused() -> None:
    """With the answers before it, an answer past the entry's limit is refused as it is typed."""
    check_answer("what", "x" * 10, NOW, used=MAX_ENTRY_CHARS - 10)
    with pytest.raises(JournalError, match="longer than"):
        check_answer("when", "yesterday", NOW, used=MAX_ENTRY_CHARS - 8)
