"""Australia, as a person living in a state or territory meets it: the federal facts every state
shares (the credit ban, free credit reports, Legal Aid's free advice, the Crisis Payment) and
each state's own way to leave a tenancy after family violence, in English, Spanish and French,
with the page each was read on; a state without a confirmed rule keeps the neutral words."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Run
from helpers import ok
from helpers import shown_step as show

from exitplan.formats.regions import local_for


def choose(run: Run, place: str) -> None:
    """The built-in plan, with the place chosen as a person types it."""
    ok(run("init", "--exit-date", "+6w"))
    ok(run("region", input=f"{place}\n"))


# Each state, the words of its tenancy exit in each language, and the page its sources show.
TENANCY = [
    ("New South Wales", ("s 105B", "art. 105B", "art. 105B"), "legislation.nsw.gov.au"),
    ("Victoria, Australia", ("VCAT",) * 3, "vcat.vic.gov.au"),
    ("Queensland", ("7 days' notice", "7 días de aviso", "7 jours de préavis"), "rta.qld.gov.au"),
    ("Western Australia", ("7 days' notice", "7 días de aviso", "7 jours"), "commerce.wa.gov.au"),
    ("South Australia", ("Form 15",) * 3, "sa.gov.au/topics/housing"),
]


@pytest.mark.parametrize(("place", "words", "page"), TENANCY)
def test_each_state_names_its_own_way_to_leave_a_tenancy(
    run: Run, home: Path, place: str, words: tuple[str, str, str], page: str
) -> None:
    """The renters' step names the state's own notice or tribunal in three languages, with the
    page it was read on, and no other state's."""
    choose(run, place)
    for lang, said in zip(("en", "es", "fr"), words, strict=True):
        text = show(run, "housing.renters-rights", lang)
        assert said in text, (lang, text)
        assert "{{" not in text
    english = show(run, "housing.renters-rights")
    assert page in english
    others = [other for other in TENANCY if other[0] != place]
    assert all(other[2] not in english for other in others)


def test_a_state_without_a_confirmed_rule_keeps_the_neutral_words(run: Run, home: Path) -> None:
    """Tasmania has no tenancy fact here: the step keeps its general words and names no other
    state's notice."""
    choose(run, "Tasmania")
    text = show(run, "housing.renters-rights")
    assert "what applies to your tenancy where you live" in text
    assert all(page not in text for _, _, page in TENANCY)


@pytest.mark.parametrize(
    ("step", "words", "page"),
    [
        ("finances.watch-credit", ("21 days", "21 días", "21 jours"), "oaic.gov.au"),
        (
            "finances.credit-report",
            ("every three months",) * 1 + ("tres meses", "trois mois"),
            "ndh.org.au",
        ),
        ("support.lawyer", ("Legal Aid",) * 3, "familyrelationships.gov.au"),
        ("finances.advice-entitlements", ("Crisis Payment",) * 3, "servicesaustralia.gov.au"),
    ],
)
def test_the_federal_facts_reach_every_state(
    run: Run, home: Path, step: str, words: tuple[str, str, str], page: str
) -> None:
    """A person in the ACT (which has no own fact for these) gets Australia's federal fact in
    three languages, with its page."""
    choose(run, "Canberra")
    for lang, said in zip(("en", "es", "fr"), words, strict=True):
        assert said in show(run, step, lang), lang
    assert page in show(run, step)


def test_the_credit_ban_rests_on_the_privacy_act_and_the_report_says_not_confirmed() -> None:
    """The credit ban is confirmed on the OAIC's page and the Privacy Act (s 20K); the free
    report rests on the National Debt Helpline and says it is not confirmed."""
    place = local_for("au-tas")
    assert place is not None
    ban = place.facts["credit-protection"]
    assert ban.confirmed
    assert "s 20K" in ban.section
    assert not place.facts["credit-report"].confirmed
    assert "Crisis Payment" in place.facts["leaving-payment"].detail


def test_help_now_names_qlife_and_south_australias_line_with_their_hours(run: Run) -> None:
    """help-now in South Australia lists QLife for LGBTIQ+ people with its evening hours, and the
    state's Domestic Violence Crisis Line as 24/7, not 'check the hours'."""
    text = " ".join(ok(run("help-now", "--region", "South Australia")).stdout.split())
    assert "QLife" in text
    assert "3pm to midnight" in text
    assert "Domestic Violence Crisis Line: for women in South Australia" in text
    place = local_for("au-sa")
    assert place is not None
    assert all(line.hours for line in place.lines)


def test_south_australias_disclosure_scheme_stays_in_south_australia(run: Run, home: Path) -> None:
    """The step on asking about a partner's past names SAPOL's scheme in South Australia, with
    its page, and not in Victoria, which keeps the neutral words."""
    choose(run, "South Australia")
    text = show(run, "support.ask-about-past")
    assert "South Australia Police's Domestic Violence Disclosure Scheme" in text
    assert "police.sa.gov.au/your-safety/dvds" in text
    assert "Disclosure Scheme" in show(run, "support.ask-about-past", "es")
    ok(run("region", input="Victoria, Australia\n"))
    assert "police.sa.gov.au" not in show(run, "support.ask-about-past")


@pytest.mark.parametrize(
    ("place", "words", "section"),
    [
        ("Queensland", "ouster condition", "s 63"),
        ("Victoria, Australia", "exclusion condition", "s 82"),
        ("New South Wales", "keeps them away from your home", "s 35(2)(b)"),
        ("South Australia", "keeps them away from your home", "s 12"),
    ],
)
def test_the_order_to_stay_in_the_home_is_the_states_own(
    run: Run, home: Path, place: str, words: str, section: str
) -> None:
    """Each state's own way to keep them out of the home (Queensland's ouster condition,
    Victoria's exclusion condition, NSW's and South Australia's orders) reaches the step on
    staying in the home with the Act's section; a state without one keeps the neutral words."""
    choose(run, place)
    text = show(run, "support.protection-order-advice")
    assert words in text
    assert section in text
    ok(run("region", input="Tasmania\n"))
    assert words not in show(run, "support.protection-order-advice")


@pytest.mark.parametrize(
    ("place", "words"),
    [("New South Wales", "s 35(2)(d)"), ("South Australia", "firearms term")],
)
def test_the_weapons_step_names_the_states_own_rule(
    run: Run, home: Path, place: str, words: str
) -> None:
    """The weapons step names the state's own rule on firearms in a protection order, and
    Tasmania, without one here, keeps the neutral words."""
    choose(run, place)
    assert words in show(run, "safety.weapons-plan")
    ok(run("region", input="Tasmania\n"))
    assert words not in show(run, "safety.weapons-plan")


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_help_now_in_australia_fits_one_80x24_screen(run: Run, lang: str) -> None:
    """Australia's help-now, with QLife added, still fits one 80x24 terminal in each
    language."""
    out = ok(run("--lang", lang, "help-now", "--region", "Australia", env={"COLUMNS": "80"}))
    rows = out.stdout.rstrip("\n").split("\n")
    assert len(rows) <= 23, out.stdout
    assert all(len(row) <= 80 for row in rows)
