"""New Zealand, as a person living there meets it: the steps name New Zealand's own remedies,
services and duties (occupation and tenancy orders, the unpublished roll, the weapons
conditions of every Protection Order, legal aid, the disclosure scheme, what health services
may share), in English, Spanish and French, each with its source, and only there."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Run
from helpers import MEDICAL_STEPS as MEDICAL
from helpers import ok
from helpers import shown_step as show

from exitplan.formats.regions import local_for


@pytest.fixture
def in_new_zealand(home: Path, run: Run) -> Path:
    """The built-in plan, with New Zealand chosen as the place."""
    ok(run("init", "--exit-date", "+6w"))
    ok(run("region", input="New Zealand\n"))
    return home


# Each step, the words of New Zealand's fact it must carry in each language, and a page its
# sources must show.
STEPS = [
    (
        "support.protection-order-advice",
        ("occupation order", "occupation order", "occupation order"),
        "legislation.govt.nz/act/public/2018/0046",
    ),
    (
        "after.electoral-roll",
        ("unpublished electoral roll", "censo electoral no publicado", "liste électorale non"),
        "vote.nz/enrolling",
    ),
    (
        "safety.weapons-plan",
        ("no firearms licence", "licencia de armas", "permis d'armes"),
        "baywidecls.org.nz",
    ),
    (
        "support.lawyer",
        ("Community Law Centre", "Community Law Centre", "Community Law Centre"),
        "justice.govt.nz/courts/going-to-court/legal-aid",
    ),
    (
        "support.ask-about-past",
        ("Family Violence Information Disclosure Scheme",) * 3,
        "lawsociety.org.nz",
    ),
    (
        "finances.advice-entitlements",
        ("Special Needs Grant",) * 3,
        "communitylaw.org.nz",
    ),
    (
        "housing.council",
        ("Work and Income",) * 3,
        "workandincome.govt.nz",
    ),
    (
        "finances.watch-credit",
        ("freeze on your credit report", "congelación", "gel de votre dossier"),
        "privacy.org.nz",
    ),
    (
        "children.custody-lawyer",
        (
            "other guardian's agreement",
            "otro progenitor o tutor legal (guardian)",
            "autre personne qui a la tutelle",
        ),
        "justice.govt.nz/family/care-of-children/parenting-through-a-break-up",
    ),
]


@pytest.mark.parametrize(("step", "words", "page"), STEPS)
def test_each_step_names_new_zealands_own_fact_and_its_page(
    run: Run, in_new_zealand: Path, step: str, words: tuple[str, str, str], page: str
) -> None:
    """The step carries New Zealand's fact in English, Spanish and French, without a
    placeholder, and shows the page the fact was read on."""
    for lang, said in zip(("en", "es", "fr"), words, strict=True):
        text = show(run, step, lang)
        assert said in text, (lang, text)
        assert "{{" not in text
    assert page in show(run, step)


@pytest.mark.parametrize("step", MEDICAL)
def test_the_medical_steps_say_what_health_services_may_share(
    run: Run, in_new_zealand: Path, step: str
) -> None:
    """Each medical step says that health services may share information about family violence
    without agreement (Family Violence Act 2018), and that this is not yet confirmed on an
    official page, instead of the general 'ask what they must report'."""
    english = show(run, step)
    assert "Family Violence Act 2018 lets health services share" in english
    assert "must report" not in english
    assert "Not confirmed on an official page" in english
    assert "sin tu acuerdo" in show(run, step, "es")
    assert "sans votre accord" in show(run, step, "fr")


def test_new_zealands_facts_stay_in_new_zealand(run: Run, home: Path) -> None:
    """A person in Australia sees none of New Zealand's orders, roll or grants."""
    ok(run("init", "--exit-date", "+6w"))
    ok(run("region", input="Victoria, Australia\n"))
    for step, words, page in STEPS:
        text = show(run, step)
        assert words[0] not in text, step
        assert page not in text, step


def test_the_home_order_names_the_acts_orders_not_a_property_order() -> None:
    """The order to stay in the home is the occupation or tenancy order of the Family Violence
    Act 2018 (s 116, read on legislation.govt.nz), confirmed, in every language."""
    for language, words in (("en", "tenancy order"), ("es", "tenancy order"), ("fr", "tenancy")):
        place = local_for("nz", language)
        assert place is not None
        fact = place.facts["home-order"]
        assert words in fact.text
        assert "Property Order (" not in fact.text
        assert fact.confirmed
        assert "s 116" in fact.section


def test_the_facts_read_on_official_pages_are_confirmed_and_the_rest_say_not() -> None:
    """Facts read on New Zealand's own official pages are confirmed with the page's title;
    those resting on a Community Law Centre or the Law Society say they are not confirmed;
    unlinking credit stays neutral, naming whom to ask."""
    place = local_for("nz")
    assert place is not None
    official = (
        "parenting-orders",
        "address-privacy",
        "electoral-roll",
        "legal-advice",
        "credit-report",
        "credit-protection",
        "moving-children",
    )
    for key in official:
        assert place.facts[key].confirmed, key
        assert place.facts[key].section, key
        hosts = (".govt.nz/", "//vote.nz/", "//privacy.org.nz/")
        assert any(host in url for url in place.facts[key].sources for host in hosts), key
    secondary = ("firearms", "disclosure", "leaving-payment", "housing-help", "health-reporting")
    for key in secondary:
        assert not place.facts[key].confirmed, key
    assert place.facts["health-reporting"].read_via.startswith("https://")
    assert set(place.neutral) == {"credit-link"}
    assert "registered" in place.facts["order-elsewhere"].text
    assert not place.facts["order-elsewhere"].confirmed
    assert "Centrix" in place.neutral["credit-link"].detail


def test_help_now_in_new_zealand_leads_with_111_and_names_the_elder_abuse_line(run: Run) -> None:
    """help-now in New Zealand leads with 111 alone, and lists the Elder Abuse Response Service
    with whom it serves and its hours, in English and Spanish."""
    lines = ok(run("help-now", "--region", "New Zealand", env={"COLUMNS": "80"})).stdout
    text = " ".join(lines.split())
    assert "111" in text.split("0800")[0]
    assert "Elder Abuse Response Service" in text
    assert "older people, and anyone worried about one" in text
    spanish = " ".join(
        ok(run("--lang", "es", "help-now", "--region", "Nueva Zelanda")).stdout.split()
    )
    assert "personas mayores" in spanish
    place = local_for("nz")
    assert place is not None
    assert [line.number for line in place.lines if line.kind == "emergency"] == ["111"]
    assert all(line.hours for line in place.lines)


def test_registering_the_order_step_says_how_it_holds_in_australia(
    run: Run, in_new_zealand: Path
) -> None:
    """The step on an order elsewhere says a Protection Order holds throughout New Zealand and
    must be registered in Australia, shows a source a New Zealander can read, and says the
    fact is not yet confirmed on an official page."""
    text = show(run, "after.register-order")
    assert "registered there" in text
    assert "austlii.edu.au" in text
    assert "Not confirmed on an official page" in text
    assert "se registra allí" in show(run, "after.register-order", "es")


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_help_now_in_new_zealand_fits_one_80x24_screen(run: Run, lang: str) -> None:
    """New Zealand's help-now, with its added line, still fits one 80x24 terminal in each
    language."""
    out = ok(run("--lang", lang, "help-now", "--region", "New Zealand", env={"COLUMNS": "80"}))
    rows = out.stdout.rstrip("\n").split("\n")
    assert len(rows) <= 23, out.stdout
    assert all(len(row) <= 80 for row in rows)
