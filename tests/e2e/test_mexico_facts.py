"""Mexico, as a person living there meets it: the steps name Mexico's own protection orders (from
the police and the Ministerio Público within 4 hours, in any state), shelters, free legal help and
credit report, read in the Cámara de Diputados' own texts, in English, Spanish and French; where
Mexico has no such thing (a disclosure scheme, leave from work) the step says so and whom to ask."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Run
from helpers import ok
from helpers import shown_step as show

from exitplan.domain.region import DERIVED_FACTS
from exitplan.formats.regions import local_for


@pytest.fixture
def in_mexico(home: Path, run: Run) -> Path:
    """The built-in plan, with Mexico chosen as the place."""
    ok(run("init", "--exit-date", "+6w"))
    ok(run("region", input="Jalisco\n"))
    return home


def test_the_order_step_names_who_grants_mexicos_orders_and_how_fast(
    run: Run, in_mexico: Path
) -> None:
    """The order step says the Ministerio Público, the police and judges grant orders within 4
    hours, in any state, with the address kept secret, read in the law itself, in each language."""
    english = show(run, "support.protection-order-advice")
    assert "within 4 hours" in english
    assert "in any state" in english
    assert "reserva del domicilio" in english
    assert "Not confirmed on an official page" not in english
    assert "diputados.gob.mx/LeyesBiblio/pdf/LGAMVLV.pdf" in english
    assert "read in a verbatim copy" in english
    assert "en las 4 horas siguientes" in show(run, "support.protection-order-advice", "es")
    assert "dans les 4 heures" in show(run, "support.protection-order-advice", "fr")


def test_in_a_crisis_the_police_themselves_can_give_an_order(run: Run, in_mexico: Path) -> None:
    """After leaving, the crisis advice names the order the police or the Ministerio Público can
    give at once, not the fallback about 'what they can do at once'."""
    english = show(run, "after.protection-order")
    assert "from the Ministerio Público or the police" in english
    assert "what they can do at once" not in english
    assert "del Ministerio Público o de la policía" in show(run, "after.protection-order", "es")


@pytest.mark.parametrize(
    ("step", "words"),
    [
        ("housing.council", "Ask a Centro de Justicia para las Mujeres about temporary housing"),
        ("support.lawyer", "free legal advice and representation"),
        ("finances.advice-entitlements", "transport, food, phone and moving"),
        ("finances.credit-report", "Reporte de Crédito Especial, once every 12 months"),
        ("after.electoral-roll", "credencial para votar"),
        ("after.register-order", "national register"),
        ("children.temporary-custody", "your state's family court"),
        ("support.immigration-advice", "humanitarian reasons"),
    ],
)
def test_each_step_carries_mexicos_own_fact(
    run: Run, in_mexico: Path, step: str, words: str
) -> None:
    """Each step that names a local fact uses Mexico's, confirmed on the official text."""
    english = show(run, step)
    assert words in english
    assert "Not confirmed on an official page" not in english


def test_where_mexico_has_no_such_thing_the_step_says_whom_to_ask(
    run: Run, in_mexico: Path
) -> None:
    """No disclosure scheme and no leave for abuse exist in Mexico: the steps say so, name whom
    to ask, and offer neither; in Spanish too."""
    past = show(run, "support.ask-about-past")
    assert "Mexico has no scheme" in past
    assert "Centro de Justicia para las Mujeres" in past
    work = show(run, "support.work")
    assert "gives no leave" in work
    assert "Procuraduría Federal de la Defensa del Trabajo" in work
    assert "no existe un programa" in show(run, "support.ask-about-past", "es")


def test_the_medical_steps_still_say_the_duty_is_not_yet_read_on_an_official_page(
    run: Run, in_mexico: Path
) -> None:
    """NOM-046's duty to notify the Ministerio Público is shown before a visit, marked as not
    confirmed on an official page until someone reads it there."""
    english = show(run, "safety.strangled-care")
    assert "NOM-046" in english
    assert "Not confirmed on an official page" in english


def test_mexicos_words_reach_no_other_place(home: Path, run: Run) -> None:
    """With Spain chosen, or no place, the steps carry none of Mexico's orders or services."""
    ok(run("init", "--exit-date", "+6w"))
    general = show(run, "support.protection-order-advice")
    ok(run("region", input="Spain\n"))
    spain = show(run, "support.protection-order-advice")
    for words in (general, spain):
        assert "Ministerio Público" not in words
        assert "LGAMVLV" not in words
        assert "diputados.gob.mx" not in words


def test_every_confirmed_mexican_fact_cites_the_official_text_and_how_it_was_read() -> None:
    """Each Mexican fact but the health standard is confirmed, names the law and article it
    stands in, cites the Cámara de Diputados' page, and says which verbatim copy was read."""
    mexico = local_for("mx")
    assert mexico is not None
    own = [fact for fact in mexico.facts.values() if fact.key not in DERIVED_FACTS]
    assert len(own) == 14
    unconfirmed = {fact.key for fact in own if not fact.confirmed}
    assert unconfirmed == {"health-reporting"}
    for fact in own:
        if fact.confirmed:
            assert "art. " in fact.section or "arts. " in fact.section
            assert all(url.startswith("https://www.diputados.gob.mx/") for url in fact.sources)
            assert fact.read_via.startswith("https://github.com/madfam-org/leyes-como-codigo-mx/")
    for key in ("disclosure", "paid-leave"):
        assert mexico.neutral[key].why == "none"


def test_the_coverage_report_shows_mexico_complete_with_its_findings(run: Run) -> None:
    """`validate --coverage` lists Mexico with no missing cell, and says why each neutral cell
    is neutral."""
    report = ok(run("validate", "--coverage")).stdout
    lines = report.split("Mexico (kept complete):")[1].splitlines()
    assert "0 missing" in lines[0]
    cells = []
    for line in lines[1:]:
        if not line.startswith("  "):
            break
        cells.append(line.strip())
    block = "\n".join(cells)
    assert "support.work: paid-leave neutral (the place has no such thing)" in block
    assert "support.lawyer" not in block


@pytest.mark.parametrize(
    ("place", "words"), [("Mexico", "votre Centro"), ("Spain", "vos services")]
)
def test_the_housing_title_reads_as_french_after_aupres_de(
    home: Path, run: Run, place: str, words: str
) -> None:
    """In French the housing title names the place's service after "auprès de" without a broken
    contraction ("auprès de les", "auprès de un")."""
    ok(run("init", "--exit-date", "+6w"))
    ok(run("region", input=f"{place}\n"))
    title = show(run, "housing.council", "fr")
    assert f"auprès de {words}" in title
    assert "auprès de les" not in title
    assert "auprès de un" not in title


def test_the_medical_steps_name_the_general_laws_duty_to_report(run: Run, in_mexico: Path) -> None:
    """Beside NOM-046, the medical steps say the general law obliges anyone in a public function
    to report a likely crime against a woman to the Ministerio Público (art. 29)."""
    assert "LGAMVLV art. 29" in show(run, "documents.medical-records")
    assert "(art. 29)" in show(run, "documents.medical-records", "es")
