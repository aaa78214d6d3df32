"""The United States, as a person in any state meets it: the federal facts (free credit reports
through AnnualCreditReport.com, VAWA's housing protections) in English, Spanish and French,
with their pages, and a state's own rule or the neutral words where a state sets it."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Run
from helpers import ok
from helpers import shown_step as show

from exitplan.formats.regions import local_for


@pytest.mark.parametrize(
    ("step", "words", "page"),
    [
        ("finances.credit-report", ("AnnualCreditReport.com",) * 3, "ftc.gov/news-events"),
        (
            "housing.renters-rights",
            ("emergency transfer", "traslado de emergencia", "transfert"),
            "womenslaw.org",
        ),
        ("support.lawyer", ("Legal Services Corporation",) * 3, "lsc.gov"),
    ],
)
def test_the_federal_facts_reach_a_state(
    run: Run, home: Path, step: str, words: tuple[str, str, str], page: str
) -> None:
    """A person in Texas gets the federal fact in three languages, with its page."""
    ok(run("init", "--exit-date", "+6w"))
    ok(run("region", input="Texas\n"))
    for lang, said in zip(("en", "es", "fr"), words, strict=True):
        text = show(run, step, lang)
        assert said in text, (lang, text)
        assert "{{" not in text
    assert page in show(run, step)


def test_the_housing_fact_says_private_leases_follow_state_law_and_is_not_confirmed() -> None:
    """VAWA covers federally assisted housing only: the fact says a private lease follows the
    state's rules, whom to ask, and that no official page confirmed it yet; the credit report
    rests on the FTC's own page."""
    place = local_for("us-wa")
    assert place is not None
    housing = place.facts["tenancy-exit"]
    assert "federally assisted" in housing.text
    assert "your state's" in housing.detail
    assert "legal aid" in housing.detail
    assert not housing.confirmed
    report = place.facts["credit-report"]
    assert report.confirmed
    assert all(url.startswith("https://ftc.gov/") for url in report.sources)
    assert "tenancy-exit" not in place.neutral
    assert "credit-report" not in place.neutral


def test_the_federal_gun_ban_is_read_on_the_justice_departments_page() -> None:
    """The federal ban on guns under a qualifying protection order (18 U.S.C. 922(g)(8)) is
    confirmed on the Department of Justice's own page, and says to ask about the state's rules."""
    place = local_for("us-oh")
    assert place is not None
    guns = place.facts["firearms"]
    assert guns.confirmed
    assert "922(g)(8)" in guns.section
    assert any(url.startswith("http://www.justice.gov/") for url in guns.sources)
    assert "state" in guns.detail
