"""The credit-report step as each place has it: France's FICP statement at the Banque de France
(no private credit score there), Quebec's credit bureaus as not confirmed, neutral elsewhere."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Run
from helpers import ok

STEP = "finances.credit-report"


@pytest.fixture
def placed(run: Run, home: Path) -> Run:
    """A plan of the built-in steps."""
    ok(run("init", "--exit-date", "2027-03-01"))
    return run


def shown(run: Run, place: str, *lang: str) -> str:
    """`show` of the step once the plan lives in `place`, at 200 columns, as one line."""
    ok(run("region", input=f"{place}\n"))
    text = ok(run(*lang, "show", STEP, env={"COLUMNS": "200"})).stdout
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


def test_france_names_the_ficp_at_the_banque_de_france(placed: Run) -> None:
    """In France the step asks for the FICP statement, free, online, by post or at an office,
    says there is no private credit score, and cites service-public.fr and the CNIL."""
    text = shown(placed, "France")
    assert "Ask for your FICP statement from the Banque de France (free, online, by post" in text
    assert "France has no private credit score" in text
    assert "It lists incidents, not every loan" in text
    sources = ok(placed("show", STEP, "--json")).stdout
    assert "https://www.service-public.fr/particuliers/vosdroits/F17608" in sources
    french = shown(placed, "France", "--lang", "fr")
    assert "Demandez votre relevé FICP auprès de la Banque de France (gratuit" in french
    assert "il n'existe pas de cote de crédit privée en France" in french
    spanish = shown(placed, "France", "--lang", "es")
    assert "Pide tu extracto del FICP en el Banque de France" in spanish


def test_quebec_names_its_credit_bureaus_as_not_confirmed(placed: Run) -> None:
    """Quebec keeps the neutral words and says whom to ask, marked as not confirmed."""
    text = shown(placed, "Québec")
    assert "Ask for your credit report from your country's free official service" in text
    assert "Equifax Canada and TransUnion Canada" in text
    assert "not confirmed on an official page" in text
    assert "FICP" not in text


def test_a_place_without_the_fact_keeps_the_neutral_words(placed: Run) -> None:
    """Where no file names the service, the step reads in general words, never France's."""
    text = shown(placed, "Germany")
    assert "Ask for your credit report from your country's free official service" in text
    assert "Banque de France" not in text
