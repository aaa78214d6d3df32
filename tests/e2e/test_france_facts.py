"""France, as a person living there meets it: the steps name France's own remedies and duties
(the ordonnance de protection, the CAF's emergency payment, the doctor's narrow permission to
report), in English, Spanish and French, and name nothing France does not have."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Run
from helpers import MEDICAL_STEPS as MEDICAL
from helpers import ok
from helpers import shown_step as show

from exitplan.formats.regions import local_for


@pytest.fixture
def in_france(home: Path, run: Run) -> Path:
    """The built-in plan, with France chosen as the place."""
    ok(run("init", "--exit-date", "+6w"))
    ok(run("region", input="France\n"))
    return home


def test_the_protection_order_step_names_frances_order_and_its_judge(
    run: Run, in_france: Path
) -> None:
    """The order step names the ordonnance de protection from the family judge, in each
    language, and says the fact is not yet confirmed on an official page."""
    english = show(run, "support.protection-order-advice")
    assert "ordonnance de protection (protection order)" in english
    assert "family judge (juge aux affaires familiales)" in english
    assert "Not confirmed on an official page" in show(run, "support.protection-order-advice")
    assert "juge aux affaires familiales" in show(run, "support.protection-order-advice", "fr")
    assert "juez de familia" in show(run, "support.protection-order-advice", "es")


@pytest.mark.parametrize("step", MEDICAL)
def test_the_medical_steps_say_what_a_doctor_in_france_may_report(
    run: Run, in_france: Path, step: str
) -> None:
    """Each medical step carries France's rule (art. 226-14: a report without consent only in
    immediate danger, after trying for consent), not the neutral 'ask what they must report'."""
    english = show(run, step)
    assert "immediate danger" in english
    assert "must report" not in english
    assert "danger immédiat" in show(run, step, "fr")
    assert "peligro inmediato" in show(run, step, "es")


def test_the_emergency_payment_is_read_on_the_cafs_own_page() -> None:
    """The aide universelle d'urgence is confirmed on caf.fr; the law-based facts say they are
    not confirmed until someone reads Légifrance."""
    france = local_for("fr")
    assert france is not None
    payment = france.facts["leaving-payment"]
    assert payment.confirmed
    assert all("caf.fr" in source for source in payment.sources)
    assert not france.facts["court-order"].confirmed


def test_france_names_no_police_order_and_no_disclosure_scheme() -> None:
    """France has no police-issued order (only the judge grants one): that cell is neutral for
    that reason, and no step offers a scheme to ask about a partner's past."""
    france = local_for("fr")
    assert france is not None
    assert france.neutral["police-notice"].why == "none"
    assert "disclosure" not in france.facts
    assert "judge" in france.neutral["police-notice"].detail


def test_every_step_in_france_reads_whole_in_french(run: Run, in_france: Path) -> None:
    """In French, the steps that name France's facts read without English words from the fact
    text and without placeholders."""
    for step, words in [
        ("housing.renters-rights", "préavis d'un mois"),
        ("safety.weapons-plan", "remettre ses armes"),
        ("children.custody-lawyer", "prévenir l'autre parent"),
        ("finances.advice-entitlements", "aide universelle d'urgence"),
    ]:
        text = show(run, step, "fr")
        assert words in text
        assert "{{" not in text
        assert "protection order" not in text
