"""Spain, as a person living there meets it: the credit report of the Banco de España, keeping
personal data out of a case, leaving the parties' copies of the electoral roll, and no scheme to
ask about a partner's past, each read in the BOE's texts and shown in English, Spanish and French
only where Spain is the place."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Run
from helpers import ok
from helpers import shown_step as show

from exitplan.formats.regions import local_for


@pytest.fixture
def in_spain(home: Path, run: Run) -> Path:
    """The built-in plan, with Spain chosen as the place."""
    ok(run("init", "--exit-date", "+6w"))
    ok(run("region", input="Andalucía\n"))
    return home


@pytest.mark.parametrize(
    ("step", "english", "spanish", "french", "law"),
    [
        (
            "finances.credit-report",
            "Central de Información de Riesgos (CIRBE)",
            "Central de Información de Riesgos del Banco de España",
            "Banque d'Espagne",
            "BOE-A-2002-22807",
        ),
        (
            "after.electoral-roll",
            "copies of the electoral roll given to the parties",
            "copias del censo electoral",
            "copies des listes électorales",
            "BOE-A-1985-11672",
        ),
        (
            "support.protection-order-advice",
            "an email or another address of your choice",
            "Estatuto de la víctima",
            "statut de la victime",
            "BOE-A-2015-4606",
        ),
        (
            "after.address-confidentiality",
            "keep your personal data private",
            "proteger tus datos personales",
            "garder confidentielle comme vos autres données personnelles",
            "BOE-A-2004-21760",
        ),
    ],
)
def test_each_step_names_spains_own_rule_and_its_boe_text(
    run: Run, in_spain: Path, step: str, english: str, spanish: str, french: str, law: str
) -> None:
    """The step carries Spain's rule in each language, cites the BOE text it was read in, and is
    not marked as unconfirmed."""
    words = show(run, step)
    assert english in words
    assert f"boe.es/buscar/act.php?id={law}" in words
    assert "Not confirmed on an official page" not in words
    assert spanish in show(run, step, "es")
    assert french in show(run, step, "fr")


def test_spain_offers_no_scheme_to_ask_about_a_partners_past(run: Run, in_spain: Path) -> None:
    """The step about a partner's past says Spain has no such scheme, why, and to ask 016, and
    cites the decree that keeps the registers closed."""
    words = show(run, "support.ask-about-past")
    assert "Spain has no scheme" in words
    assert "Ask 016" in words
    assert "BOE-A-2009-2073" in words
    assert "En España no existe un programa" in show(run, "support.ask-about-past", "es")
    spain = local_for("es")
    assert spain is not None
    assert spain.neutral["disclosure"].why == "none"
    assert "disclosure" not in spain.facts


def test_spains_credit_report_reaches_no_other_place(home: Path, run: Run) -> None:
    """With Mexico chosen, the credit-report step names Mexico's report, not the CIRBE."""
    ok(run("init", "--exit-date", "+6w"))
    ok(run("region", input="Mexico\n"))
    words = show(run, "finances.credit-report")
    assert "CIRBE" not in words
    assert "Reporte de Crédito Especial" in words
