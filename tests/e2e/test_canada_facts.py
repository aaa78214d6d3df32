"""Canada, as a person living there meets it: the federal facts every province shares (the
emergency weapons order, the family-violence permit, free credit reports and fraud alerts), British
Columbia's own Family Law Act remedies and Legal Aid BC, and neutral words naming whom to ask in
the provinces and territories with no entry of their own, in English, Spanish and French."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Run
from helpers import MEDICAL_STEPS as MEDICAL
from helpers import ok

from exitplan.domain.region import place_sources
from exitplan.formats.regions import load_places, local_for


@pytest.fixture
def planned(home: Path, run: Run) -> Run:
    """The built-in plan, with no place chosen yet."""
    ok(run("init", "--exit-date", "+6w"))
    return run


def show(run: Run, place: str, step: str, lang: str = "en") -> str:
    """`show STEP` once the plan lives in `place`, in a language, as one line."""
    ok(run("region", input=f"{place}\n"))
    text = ok(run("--lang", lang, "show", step, env={"COLUMNS": "200"})).stdout
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


@pytest.mark.parametrize("place", ["Ontario", "Alberta", "Nunavut"])
def test_the_weapons_step_names_the_criminal_codes_emergency_order(
    planned: Run, place: str
) -> None:
    """Every province and territory gets the Criminal Code's s. 110.1 order: anyone may ask,
    without notice, for up to 30 days; a US state does not."""
    english = show(planned, place, "safety.weapons-plan")
    assert "emergency weapons prohibition order, which anyone can ask a provincial court" in english
    assert "section 110.1" in english
    assert "for up to 30 days" in english
    assert "laws-lois.justice.gc.ca/eng/acts/C-46/" in english
    assert "Not confirmed on an official page" not in english
    assert "hasta 30 días" in show(planned, place, "safety.weapons-plan", "es")
    assert "pendant au plus 30 jours" in show(planned, place, "safety.weapons-plan", "fr")
    assert "110.1" not in show(planned, "Texas", "safety.weapons-plan")


def test_the_immigration_step_names_irccs_permit_on_its_own_pages(planned: Run) -> None:
    """The family-violence permit is for people without status because of the abusive partner,
    with fee-free work or study permits and federal health coverage, cited to canada.ca."""
    english = show(planned, "Manitoba", "support.immigration-advice")
    assert "in Canada without status, or about to lose it" in english
    assert "Interim Federal Health Program" in english
    assert "canada.ca/en/immigration-refugees-citizenship" in english
    assert "cleo.on.ca" not in english
    assert "lasts at least six months" not in english
    assert "Programme fédéral de santé intérimaire" in show(
        planned, "Manitoba", "support.immigration-advice", "fr"
    )
    assert "sin estatus" in show(planned, "Manitoba", "support.immigration-advice", "es")


def test_the_credit_steps_name_both_bureaus_for_every_province(planned: Run) -> None:
    """Free reports by mail from Equifax and TransUnion (the FCAC's page) and a fraud alert asked
    of each bureau: in Yukon as in BC, and never in France."""
    report = show(planned, "Yukon", "finances.credit-report")
    assert "free credit report from both Equifax Canada and TransUnion Canada" in report
    assert "fcac-acfc.gc.ca" in report
    alert = show(planned, "British Columbia", "finances.watch-credit")
    assert "asked for separately from Equifax Canada and from TransUnion Canada" in alert
    assert "An alert with one bureau does not reach the other" in alert
    assert "una alerta de fraude" in show(planned, "Yukon", "finances.watch-credit", "es")
    assert "Equifax" not in show(planned, "France", "finances.watch-credit")


def test_bc_names_its_family_law_act_order_and_exclusive_occupation(planned: Run) -> None:
    """BC's order step names the Family Law Act protection order (s. 183, without notice, no fee
    in Provincial Court) and exclusive occupation from the Supreme Court for spouses, with the
    court's own pages; Ontario's step shows none of it."""
    bc = show(planned, "British Columbia", "support.protection-order-advice")
    assert "section 183" in bc
    assert "made without telling them first" in bc
    assert "the Supreme Court can give one of you, for a set time, exclusive occupation" in bc
    assert "provincialcourt.bc.ca" in bc
    assert "Not confirmed on an official page" not in bc
    assert "sin avisarle antes" in show(
        planned, "British Columbia", "support.protection-order-advice", "es"
    )
    assert "la Cour suprême peut accorder" in show(
        planned, "British Columbia", "support.protection-order-advice", "fr"
    )
    ontario = show(planned, "Ontario", "support.protection-order-advice")
    assert "restraining order" in ontario
    assert "provincialcourt.bc.ca" not in ontario
    assert "section 183" not in ontario


def test_bc_names_its_own_relocation_notice_marked_not_confirmed(planned: Run) -> None:
    """BC's children step says the Family Law Act's 60-day notice, excusable for family
    violence, marked as not confirmed; Ontario keeps the Divorce Act's notice."""
    bc = show(planned, "British Columbia", "children.custody-lawyer")
    assert "sections 65 to 71" in bc
    assert "if notice could lead to family violence" in bc
    assert "Not confirmed on an official page" in bc
    assert "section 16.9" not in bc
    assert "section 16.9" in show(planned, "Ontario", "children.custody-lawyer")


def test_bc_names_legal_aid_bcs_family_help(planned: Run) -> None:
    """The lawyer step in BC names Legal Aid BC, Family LawLINE and its numbers, in each
    language, where it used to keep neutral words."""
    english = show(planned, "British Columbia", "support.lawyer")
    assert "Legal Aid BC's free family law help" in english
    assert "Family LawLINE" in english
    assert "1-866-577-2525" in english
    assert "legalaid.bc.ca" in english
    assert "ayuda gratuita en derecho de familia de Legal Aid BC" in show(
        planned, "British Columbia", "support.lawyer", "es"
    )
    assert "l'aide gratuite en droit de la famille de Legal Aid BC" in show(
        planned, "British Columbia", "support.lawyer", "fr"
    )
    assert "Legal Aid BC" not in show(planned, "Ontario", "support.lawyer")


def test_a_province_without_its_own_entry_says_whom_to_ask(planned: Run) -> None:
    """Alberta has no leave entry of its own: the work step names no Act and sends the person
    to the employment standards office, in each language."""
    english = show(planned, "Alberta", "support.work")
    assert "Ask your province's or territory's employment standards office" in english
    assert "Employment Standards Act" not in english
    assert "oficina de normas laborales" in show(planned, "Alberta", "support.work", "es")
    assert "bureau des normes d'emploi" in show(planned, "Alberta", "support.work", "fr")


def test_every_canadian_place_answers_every_fact_and_names_whom_to_ask() -> None:
    """Canada and its 13 provinces and territories miss no fact a step names, and every
    neutral entry Canada-wide tells the person whom to ask, in each language."""
    from exitplan.domain.coverage import coverage
    from exitplan.formats.checklistfile import load_catalog

    catalog = load_catalog()
    steps = [(f"{c.id}.{item.id}", item.facts) for c in catalog.checklists for item in c.items]
    places = [place for place in load_places() if place.country_code == "ca"]
    assert len(places) == 14
    assert all(found.state != "missing" for found in coverage(steps, places))
    asks = {
        "en": ("ask", "call 911"),
        "es": ("pregunta", "llama al 911"),
        "fr": ("demandez", "renseignez"),
    }
    for language, words in asks.items():
        canada = local_for("ca-nu", language)
        assert canada is not None
        assert len(canada.neutral) >= 12
        for kept in canada.neutral.values():
            assert any(word in kept.detail.lower() for word in words), (language, kept.key)


def test_facts_confirmed_this_round_rest_on_official_pages() -> None:
    """The weapons order, the permit, credit reports, BC's protection order and exclusive
    occupation are confirmed on their governments' or courts' own pages (a mirror of the law
    named as how it was read), and BC's court pages are shown only in BC."""
    wanted = {
        ("ca-on", "firearms"): "laws-lois.justice.gc.ca/",
        ("ca-ab", "immigration"): "canada.ca/",
        ("ca-yt", "credit-report"): "gc.ca/",
        ("ca-bc", "court-order"): "provincialcourt.bc.ca/",
        ("ca-bc", "home-order"): "bclaws.gov.bc.ca/",
    }
    for (code, key), host in wanted.items():
        place = local_for(code)
        assert place is not None
        fact = place.facts[key]
        assert fact.confirmed, (code, key)
        assert fact.section, (code, key)
        official = tuple(url for url in fact.sources if host in url)
        assert official, (code, key)
        assert place_sources(official, code) == official
        assert place_sources(official, "nz") == ()
    bc = local_for("ca-bc")
    assert bc is not None
    assert "ltsa.ca" in bc.facts["home-order"].read_via
    assert place_sources(bc.facts["court-order"].sources, "ca-on") == ()
    assert not bc.facts["moving-children"].confirmed


def test_manitobas_line_says_its_hours_on_the_provinces_page(run: Run) -> None:
    """help-now in Manitoba gives the province-wide line as 24/7, in each language, with the
    province's own page among the sources."""
    assert "1-877-977-0007   Manitoba domestic abuse line: for anyone, 24/7." in (
        ok(run("help-now", "--region", "Manitoba", env={"COLUMNS": "80"})).stdout
    )
    assert "las 24 horas" in ok(run("--lang", "es", "help-now", "--region", "Manitoba")).stdout
    sources = ok(run("help-now", "--region", "Manitoba", "--sources")).stdout
    assert "gov.mb.ca/familylaw/safety/contacting-police.html" in sources


def test_ontarios_housing_steps_name_the_special_priority_program(planned: Run) -> None:
    """Ontario's housing step names the Special Priority Program (priority for rent-geared-to-
    income housing, three months after moving out) and points to a shelter for tonight; the
    Ontario pages are not shown in Quebec, which keeps SOS violence conjugale."""
    english = show(planned, "Ontario", "housing.council")
    assert "Ask your municipality's housing office about temporary housing" in english
    assert "Ask about the Special Priority Program" in english
    assert "within three months of moving out" in english
    assert "for a bed tonight, call a shelter" in english
    assert "toronto.ca" in english
    assert "programme de priorité spéciale" in show(planned, "Ontario", "housing.council", "fr")
    assert "alquiler según ingresos" in show(planned, "Ontario", "housing.council", "es")
    quebec = show(planned, "Québec", "housing.council")
    assert "Special Priority" not in quebec
    assert "toronto.ca" not in quebec
    assert "SOS violence conjugale" in quebec


def test_bcs_housing_steps_send_the_person_to_victimlinkbc(planned: Run) -> None:
    """In BC the housing steps name VictimLinkBC and its referrals to transition houses, with
    the province's own page; Ontario's steps do not."""
    english = show(planned, "British Columbia", "housing.council")
    assert "Ask VictimLinkBC (1-800-563-0808) about temporary housing" in english
    assert "referrals to transition houses" in english
    assert "news.gov.bc.ca" in english
    assert "casas de acogida" in show(planned, "British Columbia", "housing.safe-place", "es")
    assert "VictimLinkBC" not in show(planned, "Ontario", "housing.council")


@pytest.mark.parametrize("step", MEDICAL)
def test_the_medical_steps_say_what_staff_must_report_in_on_qc_and_bc(
    planned: Run, step: str
) -> None:
    """Each medical step says Ontario's duty to tell a children's aid society (CYFSA s. 125),
    Quebec's to report to the DPJ (Youth Protection Act s. 39) and BC's to tell a child welfare
    worker, in each language; Alberta keeps neutral words that say to ask first."""
    ontario = show(planned, "Ontario", step)
    assert "must tell a children's aid society at once" in ontario
    assert "ontario.ca/laws/statute/17c14" in ontario
    assert "société d'aide à l'enfance" in show(planned, "Ontario", step, "fr")
    quebec = show(planned, "Québec", step)
    assert "must report to youth protection (the DPJ) without delay" in quebec
    assert "children's aid society" not in quebec
    assert "protección de la juventud" in show(planned, "Québec", step, "es")
    bc = show(planned, "British Columbia", step)
    assert "must report it to a child welfare worker" in bc
    assert "gov.bc.ca/gov/content/safety/public-safety/protecting-children" in bc
    alberta = show(planned, "Alberta", step)
    assert "ask what they must report, for example about a child" in alberta
    assert "DPJ" not in alberta


@pytest.mark.parametrize(
    ("place", "line"),
    [
        ("Saskatchewan", "211      211 Saskatchewan: for anyone in Saskatchewan facing violence"),
        ("Yukon", "867-668-5733   Kaushee's Place (transition home, Whitehorse): for women"),
    ],
)
def test_provinces_without_facts_name_their_own_line_with_hours(
    run: Run, place: str, line: str
) -> None:
    """Saskatchewan's 211 and Yukon's transition home come after 911 with whom they serve and
    their hours, in each language; neither shows in the other place."""
    english = ok(run("help-now", "--region", place, env={"COLUMNS": "80"})).stdout
    assert line in english
    assert "24/7" in english.split(line, 1)[1].split("\n\n", 1)[0]
    assert "las 24 horas" in ok(run("--lang", "es", "help-now", "--region", place)).stdout
    other = "Yukon" if place == "Saskatchewan" else "Saskatchewan"
    assert line.split(maxsplit=1)[0] not in ok(run("help-now", "--region", other)).stdout.split()


def test_ontarios_money_step_names_vqrp_plus(planned: Run) -> None:
    """Ontario's step on money for leaving names VQRP+ (urgent costs after intimate partner
    violence, reported to a shelter or agency instead of the police), on Ontario's own pages;
    BC names its own CVAP instead."""
    english = show(planned, "Ontario", "finances.advice-entitlements")
    assert "Victim Quick Response Program+ (VQRP+)" in english
    assert "within three business days" in english
    assert "instead of the police" in english
    assert "news.ontario.ca" in english
    assert "PIRV+" in show(planned, "Ontario", "finances.advice-entitlements", "fr")
    bc = show(planned, "British Columbia", "finances.advice-entitlements")
    assert "VQRP" not in bc
    assert "Crime Victim Assistance Program (CVAP)" in bc


def test_quebecs_money_step_names_ivac_and_the_emergency_aid(planned: Run) -> None:
    """Quebec's step on money for leaving names IVAC (no time limit for conjugal violence) and
    the emergency financial aid, on Québec.ca, in French too; Ontario's VQRP+ is not there."""
    english = show(planned, "Québec", "finances.advice-entitlements")
    assert "help from IVAC, Quebec's programme for victims of crime" in english
    assert "no time limit to apply for conjugal or sexual violence" in english
    assert "quebec.ca/justice-et-etat-civil" in english
    assert "VQRP" not in english
    assert "l'aide financière d'urgence du gouvernement" in show(
        planned, "Québec", "finances.advice-entitlements", "fr"
    )


def test_bcs_line_for_older_adults_says_its_hours(run: Run) -> None:
    """SAIL gives its daily hours from Seniors First BC's own words, in each language."""
    english = " ".join(ok(run("help-now", "--region", "British Columbia")).stdout.split())
    assert "8 a.m. to 8 p.m. every day, except statutory holidays" in english
    assert "hours not confirmed" not in english
    spanish = " ".join(ok(run("--lang", "es", "help-now", "--region", "BC")).stdout.split())
    assert "de 8:00 a 20:00 todos los días" in spanish


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_canadas_screen_with_every_provinces_line_fits_80x24(run: Run, lang: str) -> None:
    """With a line for nine provinces and territories, Canada's help-now still fits one 80x24
    terminal in each language, Saskatchewan's and Yukon's lines included."""
    out = ok(run("--lang", lang, "help-now", "--region", "Canada", env={"COLUMNS": "80"})).stdout
    rows = out.rstrip("\n").split("\n")
    assert len(rows) <= 23, out
    assert "867-668-5733" in out
    assert "  211  " in out
