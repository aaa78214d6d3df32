"""help-now for France and Quebec: the emergency numbers, 114 by SMS, 3919, 3114 and 9-8-8,
each saying whom it serves and its hours, in English, Spanish and French, with its source."""

from __future__ import annotations

import json
import re

import pytest
from conftest import Run
from helpers import ok

from exitplan.formats.regions import local_for

ROWS = 23  # an 80x24 terminal less the prompt line
SERVICE_PUBLIC = "https://www.service-public.fr/particuliers/vosdroits/F33954"


def lines_of(run: Run, place: str, language: str = "en") -> dict[str, dict[str, object]]:
    """The place's lines as help-now --json gives them, by number."""
    data = json.loads(ok(run("--lang", language, "help-now", "--region", place, "--json")).stdout)
    return {line["number"]: line for line in data["lines"]}


def flat(run: Run, *args: str, columns: int = 80) -> str:
    """help-now's screen as one line of words, spaces of every kind made plain."""
    text = ok(run(*args, env={"COLUMNS": str(columns)})).stdout
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


def test_france_lists_114_by_sms_for_people_who_cannot_speak_on_the_phone(run: Run) -> None:
    """114 is France's emergency number by SMS, 24/7, for deaf people and anyone who cannot
    speak, sourced on service-public.fr and checked on 2026-12-05."""
    line = lines_of(run, "France")["114"]
    assert line["kind"] == "text"
    assert line["hours"] == "24/7"
    assert "cannot speak" in str(line["who"])
    assert SERVICE_PUBLIC in line["sources"]  # type: ignore[operator]
    assert line["checked"] == "2026-12-05"
    text = flat(run, "--lang", "fr", "help-now", "--region", "France")
    assert "114 Urgence 114 (par texto ou SMS) : pour les personnes sourdes" in text
    assert "ne peuvent pas parler au téléphone, 24 h/24, 7 j/7." in text


def test_france_lists_3114_the_national_suicide_prevention_line(run: Run) -> None:
    """3114 answers anyone in distress or worried about someone, 24/7, sourced on its own page."""
    line = lines_of(run, "France")["3114"]
    assert (line["kind"], line["serves"], line["hours"]) == ("helpline", "anyone", "24/7")
    assert any("3114.fr" in url for url in line["sources"])  # type: ignore[attr-defined]
    text = flat(run, "--lang", "fr", "help-now", "--region", "France")
    assert "3114 Numéro national de prévention du suicide : pour toute personne" in text
    text = flat(run, "--lang", "es", "help-now", "--region", "France")
    assert "3114 Línea nacional de prevención del suicidio: para cualquier persona" in text


def test_france_keeps_3919_for_women_24_7_and_not_an_emergency_line(run: Run) -> None:
    """3919 is for women, 24/7, free and anonymous, and says it is not an emergency line."""
    line = lines_of(run, "France")["3919"]
    assert (line["serves"], line["hours"], line["checked"]) == ("women", "24/7", "2026-12-05")
    assert "not an emergency line" in str(line["note"])
    text = flat(run, "--lang", "fr", "help-now", "--region", "France")
    assert "Gratuit et anonyme ; ce n'est pas une ligne d'urgence." in text


def test_france_in_danger_calls_17_or_112_first_from_the_governments_page(run: Run) -> None:
    """The first line names 17, 112 and 15, each sourced on service-public.fr, not a town's page."""
    first = ok(run("--lang", "fr", "help-now", "--region", "France")).stdout.splitlines()[0]
    assert first == "Si vous êtes en danger maintenant, appelez le 17, le 112 ou le 15."
    lines = lines_of(run, "France")
    for number in ("17", "112", "15"):
        assert lines[number]["sources"] == [SERVICE_PUBLIC], number
        assert lines[number]["checked"] == "2026-12-05"


def test_quebec_lists_9_8_8_after_sos_violence_conjugale(run: Run) -> None:
    """Quebec shows 9-8-8 (call or text, 24/7, in French and English) after its own
    domestic-violence line, which stays the helpline the steps name."""
    lines = lines_of(run, "Québec")
    assert list(lines)[:3] == ["1 800 363-9010", "988", "911"]
    line = lines["988"]
    assert (line["kind"], line["hours"]) == ("helpline", "24/7")
    assert line["sources"] == ["https://988.ca/get-help/what-to-expect"]
    assert line["checked"] == "2026-12-05"
    region = local_for("ca-qc")
    assert region is not None
    assert "SOS violence conjugale" in region.facts["helpline"].text
    text = flat(run, "--lang", "fr", "help-now", "--region", "Québec")
    assert "988 9-8-8 : Ligne d'aide en cas de crise de suicide : pour toute personne" in text
    assert "Répond dans votre langue. Appelez ou textez le 9-8-8, gratuitement." in text
    text = flat(run, "--lang", "es", "help-now", "--region", "Québec")
    assert "Llama o envía un mensaje de texto al 9-8-8, gratis." in text


@pytest.mark.parametrize("language", ["en", "es", "fr"])
@pytest.mark.parametrize("place", ["France", "Québec"])
def test_france_and_quebec_fit_80x24_and_40_columns_in_every_language(
    run: Run, place: str, language: str
) -> None:
    """The place's screen fits an 80x24 terminal, and no row passes 40 columns when narrow."""
    wide = ok(run("--lang", language, "help-now", "--region", place, env={"COLUMNS": "80"}))
    rows = wide.stdout.splitlines()
    assert len(rows) <= ROWS, "\n".join(rows)
    assert all(len(row) <= 80 for row in rows)
    narrow = ok(run("--lang", language, "help-now", "--region", place, env={"COLUMNS": "40"}))
    assert all(len(row) <= 40 for row in narrow.stdout.splitlines())


def test_the_french_words_keep_their_typography_in_the_data(run: Run) -> None:
    """France's lines put a narrow no-break space before ';' and Quebec's none, and the hours
    never break between '7' and 'j/7'."""
    france = ok(run("--lang", "fr", "help-now", "--region", "France")).stdout
    assert "anonyme\u202f; ce n'est pas" in france
    for columns in range(40, 81, 3):
        env = {"COLUMNS": str(columns)}
        rows = ok(run("--lang", "fr", "help-now", "--region", "France", env=env)).stdout
        assert not any(row.lstrip().startswith(("j/7", "h/24")) for row in rows.splitlines())
    region = local_for("ca-qc", "fr")
    assert region is not None
    for line in region.lines[:2]:  # Quebec's own lines, before Canada's
        assert line.hours == "24\u00a0h/24, 7\u00a0j/7", line.number
    assert region.lines[1].service == "9-8-8\u00a0: Ligne d'aide en cas de crise de suicide"
    quebec = ok(run("--lang", "fr", "help-now", "--region", "Québec")).stdout
    assert "anglais; trouve une place" in quebec


@pytest.mark.parametrize("typed", ["la France", "La Réunion", "Guadeloupe", "Mayotte", "Corse"])
def test_france_is_found_by_how_people_there_name_it(run: Run, typed: str) -> None:
    """An article before the name, or an overseas département, finds France's numbers."""
    first = ok(run("help-now", "--region", typed)).stdout.splitlines()[0]
    assert first == "If you are in danger now, call 17, 112 or 15."


def test_two_emergency_numbers_read_as_a_sentence_in_each_language(run: Run) -> None:
    """Germany's 110 and 112: 'le 110 ou le 112', 'al 110 o al 112', '110 or 112'."""
    firsts = {
        lang: ok(run("--lang", lang, "help-now", "--region", "Germany")).stdout.splitlines()[0]
        for lang in ("en", "es", "fr")
    }
    assert firsts["en"] == "If you are in danger now, call 110 or 112."
    assert firsts["es"] == "Si estás en peligro ahora, llama al 110 o al 112."
    assert firsts["fr"] == "Si vous êtes en danger maintenant, appelez le 110 ou le 112."


def test_region_words_in_french_follow_their_countrys_typography() -> None:
    """France's file reads with U+202F before ';', Canada's (Quebec's too) with no space there,
    whatever spaces the file was typed with."""
    france = local_for("fr", "fr")
    canada = local_for("ca-on", "fr")
    assert france is not None
    assert canada is not None
    assert "\u202f;" in (france.facts["credit-report"].text)
    details = " ".join(fact.detail for fact in canada.facts.values())
    assert not re.search("[ \u00a0\u202f][;!?]", details)
    assert ";" in details


@pytest.mark.parametrize("typed", ["au Québec", "Montréal", "Gatineau", "en Ontario"])
def test_quebecers_find_their_province_as_they_name_it(run: Run, typed: str) -> None:
    """A city or 'au Québec' finds the province, as 'en Ontario' finds Ontario."""
    text = ok(run("help-now", "--region", typed)).stdout
    assert ("Quebec (Canada)" in text) != (typed == "en Ontario")


def test_france_lists_115_for_a_bed_tonight(run: Run) -> None:
    """115 finds an emergency bed, free and 24/7, for anyone, children included."""
    line = lines_of(run, "France")["115"]
    assert (line["kind"], line["serves"], line["hours"]) == ("helpline", "anyone", "24/7")
    assert line["checked"] == "2026-12-05"
    text = flat(run, "--lang", "fr", "help-now", "--region", "France")
    assert "115 Hébergement d'urgence (Samu social) : pour tout le monde, 24 h/24, 7 j/7." in text
    assert "un lit pour la nuit, pour vous et vos enfants" in text
