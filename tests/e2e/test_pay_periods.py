"""Pay every two weeks and twice a month, through the real CLI: typed at the money question in
English, Spanish and French, given on a pipe, shown in the person's words, and counted in the
runway and the summary as a year of 52 weeks says."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import Run
from helpers import ok, one_error_line

from exitplan.cli import keyboard, prompts

ENGLISH = {"LANG": "en_GB.UTF-8"}
MEXICO = {"LANG": "es_MX.UTF-8"}
SPAIN = {"LANG": "es_ES.UTF-8"}
QUEBEC = {"LANG": "fr_CA.UTF-8"}
FRANCE = {"LANG": "fr_FR.UTF-8"}
PAY = 'kind = "income"\nwhat = "Pay"\namount = "1300"\nper = "fortnight"\n'
RENT = 'kind = "cost"\nwhat = "Rent"\namount = "2600"\nper = "half-month"\n'


@pytest.fixture
def at_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the money commands believe a person is typing at a terminal."""
    monkeypatch.setattr(keyboard, "someone_typing", lambda: True)


def money(run: Run, env: dict[str, str] | None = None) -> dict[str, Any]:
    """`money --json`, parsed."""
    data: dict[str, Any] = json.loads(ok(run("money", "--json", env=env)).stdout)
    return data


def flat(text: str) -> str:
    """The words of a screen on one line, whatever the wrapping."""
    return " ".join(text.split())


@pytest.mark.usefixtures("plan_home", "at_terminal")
@pytest.mark.parametrize(
    ("env", "typed", "kept"),
    [
        (ENGLISH, "", "month"),
        (ENGLISH, "3", "fortnight"),
        (ENGLISH, "4", "half-month"),
        (ENGLISH, "every two weeks", "fortnight"),
        (ENGLISH, "Fortnightly", "fortnight"),
        (ENGLISH, "biweekly", "fortnight"),
        (ENGLISH, "twice a month", "half-month"),
        (ENGLISH, "semi-monthly", "half-month"),
        (ENGLISH, "weekly", "week"),
        (MEXICO, "cada dos semanas", "fortnight"),
        (MEXICO, "catorcenal", "fortnight"),
        (MEXICO, "quincenal", "half-month"),
        (MEXICO, "cada quincena", "half-month"),
        (MEXICO, "4", "half-month"),
        (SPAIN, "dos veces al mes", "half-month"),
        (SPAIN, "fortnightly", "fortnight"),  # English is still understood
        (QUEBEC, "aux deux semaines", "fortnight"),
        (QUEBEC, "deux fois par mois", "half-month"),
        (FRANCE, "toutes les deux semaines", "fortnight"),
        (FRANCE, "Deux fois par mois", "half-month"),
        (FRANCE, "mensuel", "month"),
    ],
)
def test_the_period_is_typed_in_the_persons_words(
    run: Run, env: dict[str, str], typed: str, kept: str
) -> None:
    """The period by its number in the list or in words of the language spoken; Enter is a
    month."""
    ok(run("money", "add", input=f"2\nPay\n1300\n{typed}\n\n", env=env))
    [row] = money(run)["rows"]
    assert (row["kind"], row["amount"], row["per"]) == ("income", "1300", kept)


@pytest.mark.usefixtures("plan_home", "at_terminal")
@pytest.mark.parametrize(
    ("env", "asked", "choices", "ambiguous", "again"),
    [
        (
            ENGLISH,
            "How often is it paid? (Enter: every month)",
            "1 every month, 2 every week, 3 every two weeks, 4 twice a month",
            "bimonthly",
            "choose a number from the list, or type its words",
        ),
        (
            MEXICO,
            "¿Cada cuánto se paga? (Enter: cada mes)",
            "1 cada mes, 2 cada semana, 3 cada dos semanas, 4 cada quincena",
            "bimensual",
            "elige un número de la lista, o escribe sus palabras",
        ),
        (
            QUEBEC,
            "À quelle fréquence est-ce payé? (Entrée\u00a0: chaque mois)",
            "1 chaque mois, 2 chaque semaine, 3 aux deux semaines, 4 deux fois par mois",
            "bimensuel",
            "choisissez un numéro de la liste",
        ),
        (
            FRANCE,
            "À quelle fréquence est-ce payé\u202f? (Entrée\u00a0: chaque mois)",
            "1 chaque mois, 2 chaque semaine, 3 toutes les deux semaines, 4 deux fois par mois",
            "bimensuel",
            "choisissez un numéro de la liste",
        ),
    ],
)
def test_the_question_lists_four_periods_and_asks_again_for_an_ambiguous_word(
    run: Run,
    monkeypatch: pytest.MonkeyPatch,
    env: dict[str, str],
    asked: str,
    choices: str,
    ambiguous: str,
    again: str,
) -> None:
    """The question names the four periods, month first; a word that means two periods
    ("bimonthly", "bimensuel") is asked again, never guessed."""
    shown: list[str] = []
    reading = prompts.read_line

    def recorded(prompt: str) -> str:
        shown.append(prompt)
        return reading(prompt)

    monkeypatch.setattr(prompts, "read_line", recorded)
    result = ok(run("money", "add", input=f"3\nRent\n900\n{ambiguous}\n4\n\n", env=env))
    assert f"{asked} [{choices}]" in shown[3], shown[3]
    assert shown[4] == shown[3]  # asked again
    assert again in flat(result.stderr).lower()
    [row] = money(run)["rows"]
    assert row["per"] == "half-month"


@pytest.mark.usefixtures("plan_home")
def test_piped_periods_are_kept_and_counted(run: Run, home: Path) -> None:
    """From a pipe `per` is a key: 1,300 every two weeks is 650 a week of income, 2,600 twice a
    month is 1,200 a week of costs; the plan file keeps the keys as they were given."""
    ok(run("money", "settings", input='currency = "£"\nthreshold_weeks = 4\n'))
    ok(run("money", "add", input='kind = "saved"\nwhat = "Tin"\namount = "1100"\n'))
    ok(run("money", "add", input=PAY))
    ok(run("money", "add", input=RENT))
    runway = money(run)["runway"]
    assert runway["weeks"] == 2  # 1,100 over 1,200 - 650 = 550 a week
    assert runway["needed_by_exit"] == "1100.00"  # 4 x 550 - 1,100
    screen = ok(run("money")).stdout
    assert "Pay: £1,300 every two weeks" in screen
    assert "Rent: £2,600 twice a month" in screen
    plan = (home / "plan.toml").read_text(encoding="utf-8")
    assert plan.count('per = "fortnight"') == plan.count('per = "half-month"') == 1


@pytest.mark.usefixtures("plan_home")
def test_a_period_in_words_on_a_pipe_is_refused(run: Run, home: Path) -> None:
    """A pipe takes the keys only: words are refused in one line that lists the four keys, and
    nothing is written."""
    before = (home / "plan.toml").read_bytes()
    row = 'kind = "income"\nwhat = "Pay"\namount = "1300"\nper = "every two weeks"\n'
    line = one_error_line(run("money", "add", input=row), "'per' should be one of")
    assert "month, week, fortnight, half-month" in line
    assert (home / "plan.toml").read_bytes() == before


@pytest.mark.usefixtures("plan_home")
@pytest.mark.parametrize(
    ("env", "pay", "rent"),
    [
        (MEXICO, "$1,300 cada dos semanas", "$2,600 cada quincena"),
        (SPAIN, "1300 $ cada dos semanas", "2600 $ cada quincena"),
        (QUEBEC, "1 300 $ aux deux semaines", "2 600 $ deux fois par mois"),
        (FRANCE, "1 300 $ toutes les deux semaines", "2 600 $ deux fois par mois"),
    ],
)
def test_money_screens_and_the_summary_say_the_period_in_the_persons_words(
    run: Run, env: dict[str, str], pay: str, rent: str
) -> None:
    """`money`, `money show` and `summary --inventory money` say each period as the person's
    language and country do."""
    ok(run("money", "settings", input='currency = "$"\n'))
    ok(run("money", "add", input=PAY))
    ok(run("money", "add", input=RENT))
    for args in (("money",), ("summary", "--inventory", "money")):
        screen = spaced(ok(run(*args, env=env)).stdout)
        assert pay in screen, args
        assert rent in screen, args
    assert pay in spaced(ok(run("money", "show", "1", env=env)).stdout)
    assert rent in spaced(ok(run("money", "show", "2", env=env)).stdout)


def spaced(text: str) -> str:
    """A screen's words on one line, its no-break spaces as plain ones."""
    return flat(text.replace("\u202f", " ").replace("\xa0", " "))
