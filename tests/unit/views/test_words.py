"""How a step and a day are worded: a step's state in full and in a list's column, its style,
its due date relative to today, the countdown to the exit date, and a step's source."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from helpers_rows import scheduled
from hypothesis import given, settings
from hypothesis import strategies as st

from exitplan.base import i18n
from exitplan.views.words import (
    FLAGS,
    countdown_text,
    day_words,
    due_text,
    flag_word,
    long_day,
    plain_due,
    relative_day,
    short_state,
    source_words,
    state_style,
    state_words,
    upper_first,
)

TODAY = date(2026, 11, 30)  # a Monday
EXIT = date(2026, 12, 14)  # two weeks later, also a Monday
LOCALES = sorted(
    path.parent.parent.name for path in i18n.locale_dir().glob("*/LC_MESSAGES/exitplan.mo")
)

# Every kind of row a list can hold, one of each (the flags, the undated, the closed).
ROWS = {
    "done": scheduled(1, TODAY, "overdue", status="done"),
    "skipped": scheduled(2, TODAY, "overdue", status="skipped", reason="no car"),
    "skipped without a reason": scheduled(3, TODAY, "overdue", status="skipped"),
    "not for you": scheduled(4, None, None, applies=False),
    "overdue": scheduled(5, TODAY - timedelta(days=3), "overdue"),
    "open at exit": scheduled(6, EXIT - timedelta(days=1), "open_at_exit"),
    "due soon": scheduled(7, TODAY + timedelta(days=2), "due_soon"),
    "upcoming": scheduled(8, EXIT, "upcoming"),
    "passed": scheduled(9, None, None, passed=True),
    "if time": scheduled(10, None, None, if_time=True),
    "when needed": scheduled(11, None, None, when="event"),
    "any time": scheduled(12, None, None, when="anytime"),
    "open": scheduled(13, None, None),
}


def test_a_flag_in_words_and_upcoming_without_one() -> None:
    """Each flag reads as its words; a row with no flag reads as upcoming."""
    assert flag_word("overdue") == "overdue"
    assert flag_word("open_at_exit") == "still open after the exit date"
    assert flag_word("due_soon") == "due soon"
    assert flag_word(None) == "upcoming"


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        ("done", "done"),
        ("skipped", "set aside: no car"),
        ("skipped without a reason", "set aside"),
        ("not for you", "not for you"),
        ("overdue", "open, overdue"),
        ("open at exit", "open, still open after the exit date"),
        ("due soon", "open, due soon"),
        ("upcoming", "open, upcoming"),
        ("passed", "open, its time passed with the exit"),
        ("if time", "open, if there is time"),
        ("when needed", "open, when needed"),
        ("any time", "open, any time"),
        ("open", "open"),
    ],
)
def test_a_steps_state_in_full(kind: str, words: str) -> None:
    """Done and set aside say so whatever the date; an open step says its flag, or why it has
    no date."""
    assert state_words(ROWS[kind]) == words


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        ("done", "done"),
        ("skipped", "skipped"),
        ("not for you", "not for you"),
        ("overdue", "overdue"),
        ("open at exit", "open at exit"),
        ("due soon", "due soon"),
        ("upcoming", "upcoming"),
        ("passed", "passed"),
        ("if time", "if time"),
        ("when needed", "when needed"),
        ("any time", "any time"),
        ("open", "open"),
    ],
)
def test_a_steps_state_in_a_lists_column(kind: str, words: str) -> None:
    """The state column says the same states in a word or two."""
    assert short_state(ROWS[kind]) == words


@pytest.mark.parametrize("locale", LOCALES)
def test_the_state_column_is_twelve_characters_at_most_in_every_language(locale: str) -> None:
    """Every short state fits the list's 12-character column in every catalog (a longer one
    would push the due dates out of line)."""
    i18n.install(locale)
    too_long = {words: len(words) for words in map(short_state, ROWS.values()) if len(words) > 12}
    assert too_long == {}, locale


def test_the_flag_table_drives_the_short_words() -> None:
    """Short forms come from the one flag table, each within the column (moved here from
    test_render.py, with the due texts and the red below)."""
    assert FLAGS["open_at_exit"].short == "open at exit"
    assert max(len(flag.short) for flag in FLAGS.values()) <= 12


def test_red_only_for_a_critical_step_that_is_behind() -> None:
    """A critical step overdue or still open at the exit is bold red; the same step due soon,
    done, set aside or not for you is not; a normal overdue step is dim; done is green."""
    assert state_style(scheduled(1, TODAY, "overdue", priority="critical")) == "bold red"
    assert state_style(scheduled(1, TODAY, "open_at_exit", priority="critical")) == "bold red"
    assert state_style(scheduled(1, TODAY, "due_soon", priority="critical")) == "dim"
    assert state_style(scheduled(1, TODAY, "overdue", priority="high")) == "dim"
    assert state_style(scheduled(1, TODAY, "overdue", priority="critical", status="done")) == (
        "green"
    )
    skipped = scheduled(1, TODAY, "overdue", priority="critical", status="skipped")
    assert state_style(skipped) == "dim"
    aside = scheduled(1, TODAY, "overdue", priority="critical", applies=False)
    assert state_style(aside) == "dim"


def test_days_near_today_have_names_and_others_a_count() -> None:
    """Today, tomorrow and yesterday by name; further days counted, forward and back."""
    assert relative_day(TODAY, TODAY) == "today"
    assert relative_day(TODAY + timedelta(days=1), TODAY) == "tomorrow"
    assert relative_day(TODAY - timedelta(days=1), TODAY) == "yesterday"
    assert relative_day(EXIT, TODAY) == "in 14 days"
    assert relative_day(TODAY - timedelta(days=2), TODAY) == "2 days ago"
    assert relative_day(date(2027, 1, 1), date(2026, 12, 31)) == "tomorrow"  # across the year


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=-4000, max_value=4000))
def test_a_relative_day_reads_back_as_the_same_distance(days: int) -> None:
    """However far, the words give back the distance and its direction."""
    words = relative_day(TODAY + timedelta(days=days), TODAY)
    named = {"today": 0, "tomorrow": 1, "yesterday": -1}
    if words in named:
        assert named[words] == days
        return
    match = re.fullmatch(r"in (\d+) days|(\d+) days ago", words)
    assert match is not None, words
    assert (int(match[1]) if match[1] else -int(match[2])) == days


def test_a_due_date_with_how_far_it_is_and_none_without_one() -> None:
    """A due date reads as a day and month with its distance; plain mode says it without
    brackets; a step without a date has no due text."""
    soon = ROWS["due soon"]
    assert due_text(soon, TODAY) == "2 Dec (in 2 days)"
    assert plain_due(soon, TODAY) == "2 Dec, in 2 days"
    assert due_text(soon, date(2026, 12, 2)) == "2 Dec (today)"
    assert plain_due(soon, date(2026, 12, 3)) == "2 Dec, yesterday"
    assert due_text(ROWS["open"], TODAY) == ""
    assert plain_due(ROWS["open"], TODAY) == ""


@pytest.mark.parametrize("locale", LOCALES)
def test_plain_mode_has_no_brackets_in_any_language(locale: str) -> None:
    """In every catalog the plain due text keeps the date and its distance, without brackets."""
    i18n.install(locale)
    text = plain_due(ROWS["due soon"], TODAY)
    assert "(" not in text
    assert ")" not in text
    assert relative_day(date(2026, 12, 2), TODAY) in text


def test_days_read_the_same_on_both_sides_of_the_atlantic() -> None:
    """A day is weekday, day, month, year: short on lists, long in the countdown."""
    assert day_words(date(2026, 12, 7)) == "Mon 7 Dec 2026"
    assert long_day(EXIT) == "Monday 14 December 2026"


def test_a_capital_first_letter_and_the_rest_as_written() -> None:
    """Only the first letter changes, accents too; nothing stays nothing."""
    assert upper_first("émile's plan") == "Émile's plan"
    assert upper_first("iPhone") == "IPhone"
    assert upper_first("") == ""


@pytest.mark.parametrize(
    ("today", "words"),
    [
        (TODAY, "14 days until Monday 14 December 2026."),
        (date(2026, 12, 12), "2 days until Monday 14 December 2026."),
        (date(2026, 12, 13), "Tomorrow is the day: Monday 14 December 2026."),
        (EXIT, "Today is the day: Monday 14 December 2026."),
        (date(2026, 12, 15), "The exit date, Monday 14 December 2026, was yesterday."),
        (date(2026, 12, 16), "The exit date, Monday 14 December 2026, was 2 days ago."),
    ],
)
def test_the_countdown_around_the_exit_day(today: date, words: str) -> None:
    """The countdown counts the days down, names the day before, the day and the day after, and
    counts the days since."""
    assert countdown_text(EXIT, today) == words


def test_without_an_exit_date_the_countdown_says_what_that_means() -> None:
    """No exit date: a calm sentence that nothing timed from it has a deadline."""
    assert countdown_text(None, TODAY) == (
        "No exit date is set yet, so steps timed from it have no deadline."
    )


def test_a_source_reads_as_an_address_or_a_labelled_article() -> None:
    """A web address stays as it is; an article is labelled, its title as published."""
    url = "https://www.gov.uk/guidance/domestic-abuse-how-to-get-help"
    assert source_words(url) == url
    assert source_words("article: Six steps to leaving") == "article: Six steps to leaving"
    assert source_words("article: Some other title") == "article: Some other title"


def test_in_spanish_an_article_title_is_translated_with_the_original_after_it() -> None:
    """Spoken in Spanish, one of the three articles reads translated with the title as
    published in brackets; an unknown title is only labelled."""
    i18n.install("es")
    assert source_words("article: Six steps to leaving") == (
        "artículo: Seis pasos para irte (Six steps to leaving)"
    )
    assert source_words("article: Some other title") == "artículo: Some other title"
