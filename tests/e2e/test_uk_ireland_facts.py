"""Scotland, England and Wales, Northern Ireland and Ireland, as a person living there meets them:
the steps name each place's own orders, legal aid, housing help, money help and health workers'
duties, in English, Spanish and French, with the official page each was read on, and a fact of
one place never reaches the steps of another."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Run
from helpers import MEDICAL_STEPS as MEDICAL
from helpers import ok
from helpers import shown_step as show

from exitplan.formats.regions import local_for

SCOTLAND = "Scotland"
ENGLAND = "England"
NORTHERN_IRELAND = "Northern Ireland"
IRELAND = "Ireland"


def choose(run: Run, place: str) -> None:
    """The built-in plan, with a place chosen."""
    ok(run("init", "--exit-date", "+6w"))
    ok(run("region", input=f"{place}\n"))


# -- Scotland ------------------------------------------------------------------------------------


def test_scotlands_order_step_names_interdicts_and_exclusion_orders(run: Run, home: Path) -> None:
    """In Scotland the protection-order step names the interdict, the non-harassment order and
    the exclusion order, cites the Acts on legislation.gov.uk, and marks none unconfirmed."""
    choose(run, SCOTLAND)
    english = show(run, "support.protection-order-advice")
    assert "an interdict or a non-harassment order" in english
    assert "an exclusion order" in english
    assert "power of arrest" in english
    assert "legislation.gov.uk/asp/2001/14/section/1" in english
    assert "Not confirmed on an official page" not in english
    assert "non-molestation order" not in english
    assert "interdict" in show(run, "support.protection-order-advice", "es")
    assert "exclusion order" in show(run, "support.protection-order-advice", "fr")


def test_scotlands_housing_and_legal_aid_steps_name_the_council_and_slab(
    run: Run, home: Path
) -> None:
    """Scotland's housing step sends a person to the council's homelessness service (its duty to
    accommodate, on gov.scot) and the lawyer step names the Scottish Legal Aid Board."""
    choose(run, SCOTLAND)
    assert "Ask the council's homelessness service about temporary housing" in show(
        run, "housing.council"
    )
    assert "gov.scot/publications/code-guidance-homelessness" in show(run, "housing.council")
    lawyer = show(run, "support.lawyer")
    assert "Scottish Legal Aid Board" in lawyer
    assert "slab.org.uk" in lawyer
    assert "new claims advance" in show(run, "finances.advice-entitlements")


# -- England and Wales ---------------------------------------------------------------------------


def test_england_keeps_its_own_orders_and_names_legal_aid_evidence(run: Run, home: Path) -> None:
    """England and Wales keeps the non-molestation order (no interdict), its legal aid fact reads
    the evidence GOV.UK lists, and the address rule cites the Family Procedure Rules."""
    choose(run, ENGLAND)
    order = show(run, "support.protection-order-advice")
    assert "non-molestation order" in order
    assert "interdict" not in order
    assert "rule 29.1" in order
    assert "legislation.gov.uk/uksi/2010/2955/part/29" in order
    lawyer = show(run, "support.lawyer")
    assert "a refuge manager" in lawyer
    assert "gov.uk/legal-aid/domestic-abuse" in lawyer
    assert "Scottish Legal Aid Board" not in lawyer
    assert "new claims advance" in show(run, "finances.advice-entitlements")
    assert "Scottish Welfare Fund" not in show(run, "finances.advice-entitlements")


def test_great_britain_names_the_firearms_review_and_the_credit_files(run: Run, home: Path) -> None:
    """In England and Wales the weapons step asks the police about reviewing a firearm or shotgun
    certificate (Home Office statutory guidance); every UK place names the three credit reference
    agencies, read on the ICO's page."""
    choose(run, ENGLAND)
    weapons = show(run, "safety.weapons-plan")
    assert "firearm or shotgun certificate" in weapons
    assert "statutory-guidance-for-police-on-firearms-licensing" in weapons
    assert "escopetas" in show(run, "safety.weapons-plan", "es")
    credit = show(run, "finances.credit-report")
    assert "Equifax, Experian and TransUnion" in credit
    assert "ico.org.uk/for-the-public/credit" in credit


def test_scotlands_tenancy_step_names_the_notice_and_joint_tenants(run: Run, home: Path) -> None:
    """Scotland's renting step names the 28 days' written notice and that all joint tenants must
    sign it, read on gov.scot, in each language."""
    choose(run, SCOTLAND)
    text = show(run, "housing.renters-rights")
    assert "28 days' written notice" in text
    assert "all joint tenants must sign it" in text
    assert "gov.scot/publications/private-residential-tenancies-tenants-guide" in text
    assert "28 días" in show(run, "housing.renters-rights", "es")
    assert "28 jours" in show(run, "housing.renters-rights", "fr")


# -- the medical steps ---------------------------------------------------------------------------


@pytest.mark.parametrize("step", MEDICAL)
def test_the_uk_medical_steps_say_what_a_doctor_may_share(run: Run, home: Path, step: str) -> None:
    """In England and Wales each medical step carries the GMC's rule (decide with you; disclose
    what the law requires) and the FGM reporting duty, not the neutral 'ask what they must
    report', in each language."""
    choose(run, ENGLAND)
    english = show(run, step)
    assert "decide with you" in english
    assert "female genital mutilation in a girl under 18" in english
    assert "gmc-uk.org" in english
    assert "decidir contigo" in show(run, step, "es")
    assert "décider avec vous" in show(run, step, "fr")


def test_scotlands_medical_step_has_no_english_reporting_duty(run: Run, home: Path) -> None:
    """Scotland reads the GMC's UK-wide guidance but not England and Wales's FGM reporting duty."""
    choose(run, SCOTLAND)
    text = show(run, "safety.strangled-care")
    assert "decide with you" in text
    assert "female genital mutilation" not in text


# -- Northern Ireland ----------------------------------------------------------------------------


def test_northern_ireland_names_its_legal_aid_waiver_and_anonymous_registration(
    run: Run, home: Path
) -> None:
    """Northern Ireland's lawyer step names the waiver of legal aid limits for a non-molestation
    order, and the electoral roll step its anonymous registration with a postal or proxy vote."""
    choose(run, NORTHERN_IRELAND)
    lawyer = show(run, "support.lawyer")
    assert "above the usual financial limits" in lawyer
    assert "legislation.gov.uk/nisr/2015/196/regulation/10" in lawyer
    roll = show(run, "after.electoral-roll")
    assert "anonymous registration on the electoral register" in roll
    assert "postal or proxy vote" in roll
    assert "inscripción anónima" in show(run, "after.electoral-roll", "es")


@pytest.mark.parametrize(
    ("place", "law"),
    [
        (ENGLAND, "legislation.gov.uk/ukpga/1984/37/section/1"),
        (SCOTLAND, "review-part-1-children-scotland-act-1995"),
        (NORTHERN_IRELAND, "legislation.gov.uk/nisi/1985/1638/article/3"),
    ],
)
def test_each_uk_nation_says_taking_children_abroad_needs_consent(
    run: Run, home: Path, place: str, law: str
) -> None:
    """The children step in each UK nation says taking them out of the UK needs consent, citing
    that nation's own law and not another's."""
    choose(run, place)
    text = show(run, "children.custody-lawyer")
    assert "you do to take them out of the UK" in text
    assert law in text
    others = {
        "legislation.gov.uk/ukpga/1984/37/section/1",
        "review-part-1-children-scotland-act-1995",
        "legislation.gov.uk/nisi/1985/1638/article/3",
    } - {law}
    assert not any(other in text for other in others)


def test_northern_ireland_names_the_housing_executive_and_its_tenant_notice(
    run: Run, home: Path
) -> None:
    """Northern Ireland's housing steps name the Housing Executive (fear of violence at home
    counts as homeless); the tenant's notice, read only on one council's page, sends the person
    to the Housing Executive or Housing Rights instead of stating a rule."""
    choose(run, NORTHERN_IRELAND)
    assert "Ask the Northern Ireland Housing Executive about temporary housing" in show(
        run, "housing.council"
    )
    assert "afraid to go home because of violence" in show(run, "housing.council")
    renting = show(run, "housing.renters-rights")
    assert "at least 4 weeks in writing" not in renting
    assert "Ask the Housing Executive or Housing Rights before you give notice" in renting
    assert "two months since May 2026" not in show(run, "housing.renters-rights")


# -- Ireland -------------------------------------------------------------------------------------


def test_irelands_steps_name_its_own_services(run: Run, home: Path) -> None:
    """Ireland's steps name the Central Credit Register, the Legal Aid Board's priority for
    domestic violence, anonymous electors, the fast-tracked rent supplement and the guardianship
    rule for unmarried fathers, each with its Irish source."""
    choose(run, IRELAND)
    credit = show(run, "finances.credit-report")
    assert "Central Credit Register, free of charge" in credit
    assert "centralcreditregister.ie" in credit
    assert "footprints" in show(run, "finances.watch-credit")
    assert "Legal Aid Board" in show(run, "support.lawyer")
    roll = show(run, "after.electoral-roll")
    assert "anonymous elector" in roll
    assert "irishstatutebook.ie/2022/en/act/pub/0030/sec0093.html" in roll
    assert "rent supplement" in show(run, "finances.advice-entitlements")
    custody = show(run, "children.custody-lawyer")
    assert "not every unmarried father is one" in custody
    assert "12 consecutive months" in custody
    assert "padre no casado" in show(run, "children.custody-lawyer", "es")
    assert "père non marié" in show(run, "children.custody-lawyer", "fr")


def test_irelands_medical_step_names_mandated_reporting_to_tusla(run: Run, home: Path) -> None:
    """Ireland's medical steps say doctors must report harm to a child to Tusla, and that no duty
    to report abuse of an adult was found, rather than the UK's GMC rule."""
    choose(run, IRELAND)
    text = show(run, "documents.medical-records")
    assert "must tell Tusla" in text
    assert "No similar duty to report abuse of an adult was found" in text
    assert "gmc-uk.org" not in text
    assert "Tusla" in show(run, "documents.medical-records", "fr")


def test_irelands_tenancy_step_says_it_rests_on_a_charitys_page(run: Run, home: Path) -> None:
    """Ireland's renting step gives the tenant's written notice from Threshold's page and says
    plainly that it is not confirmed on an official page; Northern Ireland names Discretionary
    Support for money in a crisis."""
    choose(run, IRELAND)
    text = show(run, "housing.renters-rights")
    assert "28 days in the first six months" in text
    assert "Not confirmed on an official page" in text
    ireland = local_for("ie")
    assert ireland is not None
    assert not ireland.facts["tenancy-exit"].confirmed
    northern = local_for("gb-nir")
    assert northern is not None
    assert "Discretionary Support" in northern.facts["leaving-payment"].text


def test_irish_facts_stay_out_of_northern_ireland(run: Run, home: Path) -> None:
    """Northern Ireland (the same island, another law) shows none of Ireland's facts."""
    choose(run, NORTHERN_IRELAND)
    assert "Central Credit Register" not in show(run, "finances.credit-report")
    assert "Legal Aid Board" not in show(run, "support.lawyer")
    assert "unmarried father" not in show(run, "children.custody-lawyer")
    assert "Tusla" not in show(run, "documents.medical-records")
    assert "firearm or shotgun certificate" not in show(run, "safety.weapons-plan")


# -- the data ------------------------------------------------------------------------------------

OFFICIAL = (
    "legislation.gov.uk",
    "gov.uk",
    "gov.scot",
    "slab.org.uk",
    "justice-ni.gov.uk",
    "gmc-uk.org",
    "oireachtas.ie",
    "irishstatutebook.ie",
    "citizensinformation.ie",
    "centralcreditregister.ie",
    "legalaidboard.ie",
    "ico.org.uk",
    "api.parliament.uk",
    "tusla.ie",
)

READ_NOW = {
    "gb-sct": (
        "court-order",
        "home-order",
        "health-reporting",
        "legal-advice",
        "housing-help",
        "leaving-payment",
        "firearms",
        "tenancy-exit",
        "credit-report",
        "moving-children",
    ),
    "gb-eaw": (
        "address-privacy",
        "legal-advice",
        "health-reporting",
        "leaving-payment",
        "firearms",
        "credit-report",
        "moving-children",
    ),
    "gb-nir": (
        "legal-advice",
        "electoral-roll",
        "credit-report",
        "moving-children",
        "housing-help",
        "leaving-payment",
        "firearms",
    ),
    "ie": (
        "credit-report",
        "legal-advice",
        "housing-help",
        "leaving-payment",
        "electoral-roll",
        "moving-children",
        "health-reporting",
        "credit-protection",
    ),
}


@pytest.mark.parametrize("code", sorted(READ_NOW))
def test_the_facts_read_this_session_are_confirmed_on_official_pages(code: str) -> None:
    """Each fact read this session is confirmed, names where on the page it stands, was checked
    on 5 December 2026, and cites only official pages of its place (or the UK's regulator)."""
    place = local_for(code)
    assert place is not None
    for key in READ_NOW[code]:
        fact = place.facts[key]
        assert fact.confirmed, key
        assert fact.section, key
        assert fact.checked.isoformat() == "2026-12-05", key
        for url in fact.sources:
            host = url.split("://", 1)[1].split("/", 1)[0].removeprefix("www.")
            assert host.endswith(OFFICIAL), (key, url)


def test_scotland_still_has_no_police_notice_and_ireland_no_disclosure_scheme() -> None:
    """What a place does not have stays neutral: Scotland's police notices are not in force, and
    Ireland has no scheme for asking the Gardaí about a partner's past."""
    scotland = local_for("gb-sct")
    ireland = local_for("ie")
    assert scotland is not None
    assert ireland is not None
    assert scotland.neutral["police-notice"].why == "none"
    assert "police-notice" not in scotland.facts
    assert "disclosure" not in ireland.facts
    assert "Gardaí" in ireland.neutral["disclosure"].detail
