"""The person's own forms of input, through the real command line, in Mexico's, Spain's,
France's and Quebec's language and in English: the journal's "when", the exit date, danger
answers and the place where they live."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from conftest import MONEY, Run, init_plan
from helpers import clock_today, make_home, ok, read_plan

from exitplan.base import spoken
from exitplan.cli import keyboard, prompts

LANGS = {"es_MX": "es-MX", "es_ES": "es-ES", "fr_FR": "fr-FR", "fr_CA": "fr-CA", "en": "en"}


@pytest.fixture
def at_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the commands believe a person is typing at a terminal."""
    monkeypatch.setattr(keyboard, "someone_typing", lambda: True)


def when_kept(run: Run, lang: str, said: str) -> dict[str, Any]:
    """`log add` at a terminal with `said` as the when; the when the journal kept."""
    answers = [said, "", "It happened", "", "", "", "", "", ""]
    ok(run("--lang", LANGS[lang], "log", "add", input="\n".join(answers) + "\n"))
    listed = json.loads(ok(run("log", "list", "--json")).stdout)
    when: dict[str, Any] = listed[-1]["fields"]["when"]
    return when


@pytest.mark.parametrize(
    ("lang", "said", "back", "clock", "approximate"),
    [
        ("es_MX", "{dm}/{y}", 3, None, False),
        ("es_MX", "anoche como a las 11", 1, "23:00", True),
        ("es_MX", "ayer en la noche", 1, None, False),
        ("es_ES", "{dm}/{y} 21:15", 3, "21:15", False),
        ("es_ES", "ayer por la noche sobre las 10", 1, "22:00", True),
        ("es_ES", "ayer a eso de las 8", 1, None, True),
        ("fr_FR", "le {dm} vers 21h15", 3, "21:15", True),
        ("fr_FR", "hier soir vers 9 h", 1, "21:00", True),
        ("fr_CA", "{wd} passé vers 9 h le soir", 3, "21:00", True),
        ("en", "last night around 11", 1, "23:00", True),
    ],
)
def test_the_journal_reads_the_when_as_it_is_written(
    run: Run,
    at_terminal: None,
    lang: str,
    said: str,
    back: int,
    clock: str | None,
    approximate: bool,
) -> None:
    """Day-first dates, parts of the day and approximate hours are read, the words kept as said."""
    day = clock_today() - timedelta(days=back)
    weekday = spoken.FRENCH.weekdays[day.weekday()]
    typed = said.format(dm=f"{day.day:02d}/{day.month:02d}", y=day.year, wd=weekday)
    when = when_kept(run, lang, typed)
    assert when == {
        "said": typed,
        "date": day.isoformat(),
        "time": clock,
        "approximate": approximate,
    }


@pytest.mark.parametrize(("lang", "word"), [("es_MX", "el {name}"), ("fr_FR", "{name} soir")])
def test_a_weekday_alone_is_the_last_one(run: Run, at_terminal: None, lang: str, word: str) -> None:
    """ "el sábado", "mardi soir": the last such day before today."""
    day = clock_today() - timedelta(days=3)
    names = spoken.CALENDARS[lang[:2]].weekdays
    when = when_kept(run, lang, word.format(name=names[day.weekday()]))
    assert when["date"] == day.isoformat()


def test_the_when_question_shows_the_locale_s_own_date(
    run: Run, at_terminal: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In Spain the example date is 30/11/2026, never an ISO date."""
    asked: list[str] = []
    reading = prompts.read_line

    def recorded(prompt: str) -> str:
        asked.append(prompt)
        return reading(prompt)

    monkeypatch.setattr(prompts, "read_line", recorded)
    answers = ["", "", "It happened", "", "", "", "", "", ""]
    ok(run("--lang", "es-ES", "log", "add", input="\n".join(answers) + "\n"))
    assert "30/11/2026 21:15" in asked[0], asked[0]
    assert "sobre las 21:30" in asked[0]
    assert "2026-11-30" not in asked[0]


@pytest.fixture
def plan_made(home: Path, no_builtins: Path, run: Run) -> Path:
    """A plan of the test checklists."""
    make_home(home, MONEY, "t-papers")
    init_plan(run)
    return home


@pytest.mark.parametrize(
    ("lang", "typed", "day"),
    [
        ("fr_FR", "samedi 16 janvier 2027", "2027-01-16"),
        ("fr_FR", "16 janvier 2027", "2027-01-16"),
        ("fr_CA", "dans 6 semaines", "+42"),
        ("es_MX", "el 15 de enero", "2027-01-15"),
        ("es_ES", "15 de enero de 2027", "2027-01-15"),
        ("es_ES", "en 6 semanas", "+42"),
        ("es_MX", "15/01", "2027-01-15"),
        ("en", "in 6 weeks", "+42"),
    ],
)
def test_the_exit_date_is_read_in_words_and_without_a_year(
    run: Run, plan_made: Path, lang: str, typed: str, day: str
) -> None:
    """The exit date as the screens write it, a day without its year (the next one), and "in 6
    weeks" in the person's language."""
    from conftest import TODAY

    ok(run("--lang", LANGS[lang], "date", typed))
    expected = (TODAY + timedelta(days=42)).isoformat() if day == "+42" else day
    assert read_plan(plan_made).exit_date.isoformat() == expected


def test_in_quebec_a_day_both_orders_make_is_asked_about(run: Run, plan_made: Path) -> None:
    """In Quebec 04/03/2027 could be 4 March or 3 April: one plain error shows both, nothing
    changes; 16/01/2027 can only be one day and is kept."""
    before = read_plan(plan_made).exit_date
    result = run("--lang", "fr-CA", "date", "04/03/2027")
    assert result.exit_code == 1
    assert "2027-03-04" in result.stderr
    assert "2027-04-03" in result.stderr
    assert read_plan(plan_made).exit_date == before
    ok(run("--lang", "fr-CA", "date", "16/01/2027"))
    assert read_plan(plan_made).exit_date.isoformat() == "2027-01-16"


def test_a_weekday_that_is_not_the_day_s_is_refused(run: Run, plan_made: Path) -> None:
    """ "vendredi 16 janvier 2027" names two days: one plain error, nothing changed."""
    before = read_plan(plan_made).exit_date
    result = run("--lang", "fr-FR", "date", "vendredi 16 janvier 2027")
    assert result.exit_code == 1
    assert "samedi 16 janvier 2027" in result.stderr
    assert read_plan(plan_made).exit_date == before


def test_the_exit_date_example_is_the_locale_s_form(run: Run, plan_made: Path) -> None:
    """The hint to set the date shows 16/01/2027 in French, not an ISO date."""
    cleared = ok(run("--lang", "fr-FR", "date", "--clear"))
    text = " ".join((cleared.stdout + cleared.stderr).split())
    hint = re.search(r"exitplan date (\S+)\)", text)
    assert hint is not None, text
    assert re.fullmatch(r"\d{2}/\d{2}/\d{4}", hint.group(1)), hint.group(1)


def test_danger_answers_in_own_words_and_not_sure_in_the_summary(
    run: Run, plan_made: Path, at_terminal: None
) -> None:
    """ "una vez sí" and "a veces" are yes, "ni idea" is not sure, and the summary shows the
    not-sure answer beside the yes answers."""
    # where: Jalisco; nine plain questions kept; weapons: ni idea; strangled: una vez sí;
    # threats: a veces; stalking: no, nunca.
    typed = "Jalisco\n" + "\n" * 9 + "ni idea\nuna vez sí\na veces\nno, nunca\n"
    result = ok(run("--lang", "es-MX", "situation", input=typed))
    assert "México" in result.stderr
    state = read_plan(plan_made)
    assert state.region == "mx"
    assert state.unsure == ["weapons"]
    assert state.situation["strangled"] is True
    assert state.situation["threats_to_kill"] is True
    assert state.situation["stalking"] is False
    summary = ok(run("--lang", "es-MX", "summary", "--format", "text")).stdout
    weapons = [line for line in summary.splitlines() if "armas" in line]
    assert weapons, summary
    assert weapons[0].rstrip().endswith("no lo sé"), weapons


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("Nuevo León", "mx"),
        ("CDMX", "mx"),
        ("Andalucía", "es"),
        ("Catalunya", "es"),
        ("la France", "fr"),
        ("La Réunion", "fr"),
        ("Guadeloupe", "fr"),
        ("Corse", "fr"),
        ("l'Espagne", "es"),
        ("au Québec", "ca-qc"),
        ("Montréal", "ca-qc"),
        ("Toronto", "ca-on"),
    ],
)
def test_a_state_or_region_is_read_as_its_country(
    run: Run, plan_made: Path, typed: str, code: str
) -> None:
    """A state, comunidad, overseas département or a name with its article is the country."""
    ok(run("region", input=typed + "\n"))
    assert read_plan(plan_made).region == code


# -- France's typography on screen ------------------------------------------------------------

NBSP = "\u00a0"
ENTRY = 'when = "2026-11-28 21:15"\nwhere = "à la maison, dans la cuisine"\nwhat = "Des cris"\n'


@pytest.mark.parametrize("columns", ["40", "80"])
@pytest.mark.parametrize("language", [("--lang", "fr-FR"), ()])
def test_a_journal_entry_keeps_france_s_space_before_the_colon(
    run: Run, columns: str, language: tuple[str, ...]
) -> None:
    """`log show` in French writes « Quand : … » with a no-break space, printed as it is, and
    never begins a line with the colon, at 40 and at 80 columns (by --lang or the locale)."""
    ok(run("log", "add", input=ENTRY))
    env = {"COLUMNS": columns, "LANG": "fr_FR.UTF-8", "LC_ALL": None, "LANGUAGE": None}
    shown = ok(run(*language, "log", "show", "1", env=env)).stdout
    assert f"Quand{NBSP}: 2026-11-28 21:15" in shown
    assert f"Où{NBSP}: à la maison" in shown
    lines = shown.splitlines()
    assert not [line for line in lines if line.lstrip().startswith((":", "?", ";", "!"))]
    assert all(len(line) <= int(columns) for line in lines if "Quand" in line or "Où" in line)


@pytest.mark.parametrize("columns", ["40", "80"])
def test_status_in_french_prints_its_no_break_spaces(run: Run, home: Path, columns: str) -> None:
    """The glance in French, wrapped to the screen, keeps the catalog's no-break spaces before
    « : » (« mises de côté : 0 »), never a plain space a narrow screen could break at."""
    ok(run("init", "--exit-date", "+6w"))
    out = ok(run("--lang", "fr-FR", "status", env={"COLUMNS": columns})).stdout
    assert f"mises de côté{NBSP}: 0" in out
    assert "mises de côté :" not in out
    assert not [line for line in out.splitlines() if line.lstrip().startswith(":")]


def test_a_question_ending_in_a_question_mark_gets_no_colon(
    run: Run, plan_made: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """« De quoi s'agit-il, avec vos mots ? » is asked as it is, never « ? : »."""
    monkeypatch.setattr(keyboard, "someone_typing", lambda: True)
    asked: list[str] = []
    reading = prompts.read_line

    def recorded(prompt: str) -> str:
        asked.append(prompt)
        return reading(prompt)

    monkeypatch.setattr(prompts, "read_line", recorded)
    ok(run("--lang", "fr-FR", "money", "add", input="1\nlivret A\n1200\n\n\n"))
    questions = [prompt for prompt in asked if prompt.rstrip().endswith("?")]
    assert questions, asked
    assert all(prompt.endswith("? ") for prompt in questions), questions
    assert not [prompt for prompt in asked if "?:" in prompt.replace(NBSP, "").replace(" ", "")]
