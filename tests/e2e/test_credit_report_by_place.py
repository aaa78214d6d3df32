"""The credit-report step as each place has it: France's FICP statement at the Banque de France
(no private credit score there), Canada's two credit bureaus from the FCAC's page, neutral
elsewhere."""

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


def test_quebec_names_both_credit_bureaus_on_the_fcacs_page(placed: Run) -> None:
    """Quebec, like every province, asks for the free report from Equifax Canada and TransUnion
    Canada by mail, fax or telephone, cited to the Financial Consumer Agency of Canada."""
    text = shown(placed, "Québec")
    assert "Ask for your free credit report from both Equifax Canada and TransUnion Canada" in text
    assert "by mail, fax or telephone" in text
    assert "fcac-acfc.gc.ca" in text
    assert "not confirmed on an official page" not in text
    assert "FICP" not in text
    assert "Equifax Canada et de TransUnion Canada" in shown(placed, "Québec", "--lang", "fr")


def test_a_place_without_the_fact_keeps_the_neutral_words(placed: Run) -> None:
    """Where no file names the service, the step reads in general words, never France's."""
    text = shown(placed, "Germany")
    assert "Ask for your credit report from your country's free official service" in text
    assert "Banque de France" not in text
