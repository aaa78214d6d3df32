"""The message catalogs, for every language exitplan speaks (Spanish, French): every marked string
extracted from the source has its words, the placeholders and markup survive translation, the
committed .mo is the compiled .po, each language has its two plural forms (French says 0 and 1
alike), its screens wrap at 40 columns without breaking a word, and French keeps its typography."""

from __future__ import annotations

import ast
import io
import re
import string
from collections import Counter
from collections.abc import Iterator
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from helpers import REPO

from exitplan.base import i18n, spoken
from exitplan.domain.runway import money_text
from exitplan.views import words

LOCALE = REPO / "exitplan" / "locale"
# Each translated language, with the plural rule its header pins and words only it has (a screen
# holding none of them is not in that language).
LANGUAGES = {
    "es": ("(n != 1)", r"\b(de|para|hechos?|paso|pasos|Paso|Fecha|Lista|salida)\b"),
    "fr": ("(n > 1)", r"\b(sur|pour|faites?|étapes?|Étape|Échéance|Liste|départ)\b"),
}
# rich's markup: [bold], [/bold], [dim red], [/], [link=...] (not "Settings > [your name]").
STYLE = (
    r"(?:bold|dim|italic|underline|reverse|red|green|yellow|blue|cyan|magenta|white|link=[^\]]*)"
)
MARKUP = re.compile(rf"\[/?{STYLE}(?: {STYLE})*\]|\[/\]")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Every test leaves the process speaking English, as the rest of the suite expects."""
    yield
    i18n.install("en")


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "exitplan.po"


def catalog_of(language: str) -> Catalog:
    with po_path(language).open("rb") as handle:
        return read_po(handle, locale=language, domain=i18n.DOMAIN)


def spanish_catalog() -> Catalog:
    return catalog_of("es")


def extracted() -> dict[str, set[str]]:
    """Every marked string in the package, as Babel extracts it now, with the files it is in."""
    found: dict[str, set[str]] = {}
    for filename, _line, message, _comments, _context in extract_from_dir(
        str(REPO / "exitplan"), method_map=[("**.py", "python")]
    ):
        key = message if isinstance(message, str) else str(message[0])
        found.setdefault(key, set()).add(f"exitplan/{filename}")
    return found


def forms(message: object) -> list[str]:
    """A message's text, or its forms when it has plural forms."""
    if isinstance(message, str):
        return [message]
    if isinstance(message, (tuple, list)):
        return [str(part) if part else "" for part in message]
    return [""]


def fields(text: str) -> Counter[str]:
    """The placeholders of a str.format text, with their format specs (`{code:04X}`)."""
    return Counter(
        f"{name}:{spec}" for _lit, name, spec, _conv in string.Formatter().parse(text) if name
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_marked_string_has_its_words(language: str) -> None:
    """Extraction from the source now, against the committed catalog: a string marked in the code
    but missing from the .po, or there with no translation (or only a fuzzy guess), fails."""
    catalog = catalog_of(language)
    missing, fuzzy = [], []
    for key, files in sorted(extracted().items(), key=lambda item: str(item[0])):
        message = catalog.get(key)
        if message is None or not all(forms(message.string)):
            missing.append(f"{key!r} ({', '.join(sorted(files))})")
        elif message.fuzzy:
            fuzzy.append(repr(key))
    assert not missing, f"no {language} for:\n" + "\n".join(missing)
    assert not fuzzy, f"only a fuzzy {language} for:\n" + "\n".join(fuzzy)


def test_the_template_holds_what_the_source_marks() -> None:
    """The committed .pot is the extraction of today's source (re-extract when a string changes)."""
    with (LOCALE / "exitplan.pot").open("rb") as handle:
        template = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle) if m.id}
    source = set(extracted())
    assert sorted(map(str, source - template)) == [], "marked but not in exitplan.pot"
    assert sorted(map(str, template - source)) == [], "in exitplan.pot but no longer marked"


def test_strings_marked_inside_f_strings_are_extracted_too() -> None:
    """Babel cannot see a `_("...")` inside an f-string on Python 3.11: each such string must be
    marked again where Babel sees it (an `N_` beside the code), or it would stay English."""
    template = set(extracted())
    unseen = []
    for path in sorted((REPO / "exitplan").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.JoinedStr):
                continue
            for call in ast.walk(node):
                if (
                    isinstance(call, ast.Call)
                    and isinstance(call.func, ast.Name)
                    and call.func.id in {"_", "N_", "ngettext"}
                    and call.args
                    and isinstance(call.args[0], ast.Constant)
                    and call.args[0].value not in template
                ):
                    unseen.append(f"{path.relative_to(REPO)}:{call.lineno} {call.args[0].value!r}")
    assert not unseen, "\n".join(unseen)


@pytest.mark.parametrize("language", LANGUAGES)
def test_placeholders_and_markup_survive_translation(language: str) -> None:
    """Each translated form keeps the English placeholders and rich markup, as many times."""
    wrong = []
    for message in catalog_of(language):
        if not message.id or not all(forms(message.string)):
            continue
        english = forms(message.id)
        for n, text in enumerate(forms(message.string)):
            source = english[min(n, len(english) - 1)]
            if fields(text) != fields(source) or Counter(MARKUP.findall(text)) != Counter(
                MARKUP.findall(source)
            ):
                wrong.append(f"{source!r} -> {text!r}")
    assert not wrong, "\n".join(wrong)


def test_the_shared_spanish_speaks_with_neutral_words() -> None:
    """The shared Spanish (what es_AR or es_CO read) uses the glossary's neutral words: a regional
    word ("ordenador", "coche") or a word a native reader found misleading fails."""
    from helpers_spanish import GLOSSARY

    found = [
        (word, text)
        for message in spanish_catalog()
        if message.id
        for text in forms(message.string)
        for word in GLOSSARY
        if re.search(rf"\b{word}\b", text, re.IGNORECASE)
    ]
    assert found == []


def test_skip_is_one_word_never_the_word_for_saving_money() -> None:
    """Skipping reads "omitir" everywhere (the review key too), never "apartar", which is also
    what a person does with money she is saving."""
    catalog = spanish_catalog()
    wrong = [
        (key, text)
        for message in catalog
        if message.id
        for key in [forms(message.id)[0]]
        if re.search(r"\bskip", key, re.IGNORECASE)
        for text in forms(message.string)
        if re.search(r"\baparta", text, re.IGNORECASE)
    ]
    assert wrong == []
    skip = catalog.get("[s]kip")
    assert skip is not None
    assert skip.string == "[o]mitir"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalog_header_pins_two_plural_forms(language: str) -> None:
    """Spanish and French have two forms; Babel's own data would write three, so the header pins
    them, with each language's rule (French: 0 and 1 singular)."""
    catalog = catalog_of(language)
    assert catalog.num_plurals == 2
    assert catalog.plural_expr == LANGUAGES[language][0]
    assert "charset=utf-8" in dict(catalog.mime_headers)["Content-Type"].lower()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_committed_mo_is_the_compiled_po(language: str) -> None:
    """The .mo in the repository (what ships) is the .po compiled, as pybabel compiles it."""
    fresh = io.BytesIO()
    write_mo(fresh, catalog_of(language))
    assert po_path(language).with_suffix(".mo").read_bytes() == fresh.getvalue(), (
        "run: pybabel compile -D exitplan -d exitplan/locale"
    )


def test_spanish_plural_forms() -> None:
    """One form for 1, the other for 0 and 2 and more, through the shipped catalog."""
    i18n.install("es")
    assert i18n.current() == "es"

    def found(n: int) -> str:
        return i18n.ngettext("{count} problem found.", "{count} problems found.", n).format(count=n)

    assert found(1) == "Se encontró 1 problema."
    assert found(2) == "Se encontraron 2 problemas."
    assert found(0) == "Se encontraron 0 problemas."
    i18n.install("en")
    assert found(1) == "1 problem found."
    assert found(0) == "0 problems found."


def test_spanish_dates_and_relative_days() -> None:
    """Dates read as Spanish says them, through base/spoken and the catalog."""
    i18n.install("es")
    day = date(2027, 1, 11)
    assert spoken.long_day(day) == "lunes 11 de enero de 2027"
    assert words.long_day(day) == "lunes 11 de enero de 2027"
    assert spoken.month_year(day) == "enero de 2027"
    assert words.relative_day(day, date(2027, 1, 8)) == "dentro de 3 días"
    assert words.relative_day(day, date(2027, 1, 10)) == "mañana"
    assert words.relative_day(day, day) == "hoy"
    assert words.relative_day(day, date(2027, 1, 13)) == "hace 2 días"
    assert words.countdown_text(day, date(2027, 1, 8)) == (
        "Faltan 3 días para el lunes 11 de enero de 2027."
    )
    assert spoken.number_text(12000) == "12.000"
    assert spoken.number_text(1200) == "1200"
    assert money_text(Decimal("12000.5"), "€") == "12.000,50\u00a0€"
    assert money_text(Decimal("1200"), "MXN") == "1200\u00a0MXN"
    i18n.install("en")
    assert money_text(Decimal("12000.5"), "€") == "€12,000.50"
    assert money_text(Decimal("1200"), "MXN") == "1,200 MXN"
    assert words.long_day(day) == "Monday 11 January 2027"
    assert words.relative_day(day, date(2027, 1, 8)) == "in 3 days"


def test_french_plural_forms() -> None:
    """French says 0 and 1 alike (the singular), 2 and more in the plural."""
    i18n.install("fr")
    assert i18n.current() == "fr"

    def found(n: int) -> str:
        return i18n.ngettext("{count} problem found.", "{count} problems found.", n).format(count=n)

    assert found(0) == "0 problème trouvé."
    assert found(1) == "1 problème trouvé."
    assert found(2) == "2 problèmes trouvés."


def test_french_dates_numbers_and_relative_days() -> None:
    """Dates, times and amounts read as French writes them, through base/spoken and the catalog."""
    i18n.install("fr")
    day = date(2027, 1, 11)
    assert spoken.long_day(day) == "lundi 11 janvier 2027"
    assert spoken.long_day(date(2027, 1, 1)) == "vendredi 1er janvier 2027"
    assert spoken.short_day(date(2027, 2, 11)) == "jeu. 11 févr. 2027"
    assert spoken.month_year(day) == "janvier 2027"
    assert spoken.day_and_time(datetime(2027, 7, 14, 21, 5)) == "14 juill. 2027 à 21 h 05"
    assert words.relative_day(day, date(2027, 1, 8)) == "dans 3 jours"
    assert words.relative_day(day, date(2027, 1, 10)) == "demain"
    assert words.relative_day(day, date(2027, 1, 13)) == "il y a 2 jours"
    assert words.countdown_text(day, date(2027, 1, 8)) == (
        "3 jours restants avant le lundi 11 janvier 2027."
    )
    assert spoken.number_text(1200) == "1\u00a0200"
    assert money_text(Decimal("12000.5"), "€") == "12\u00a0000,50\u00a0€"
    assert money_text(Decimal("1200"), "$") == "1\u00a0200\u00a0$"
    i18n.install("en")
    assert spoken.day_and_time(datetime(2027, 7, 14, 21, 5)) == "14 Jul 2027, 21:05"
    assert spoken.long_day(date(2027, 1, 1)) == "Friday 1 January 2027"


# France's typography: a no-break space before a colon and inside guillemets, a narrow one before
# ; ! ? (Quebec writes none there, in its own catalog); never an ordinary space or none at all.
BAD_FRENCH_SPACE = re.compile(r"(?<=\w)[;!?:](?=\s|$)| [;:!?»]|« ")


def test_french_typography_holds_its_spaces() -> None:
    """Every French form: no ordinary space, and no missing one, before ; : ! ? or », or after «
    (a colon in a time, a URL, a placeholder or a quoted literal is not punctuation)."""
    wrong = []
    for message in catalog_of("fr"):
        for text in forms(message.string) if message.id else []:
            bare = re.sub(r'\{[^{}]*\}|"[^"]*"', "", text)
            if BAD_FRENCH_SPACE.search(bare):
                wrong.append(text)
    assert not wrong, "\n".join(wrong)


def test_the_french_typography_check_can_fail() -> None:
    """The check sees an ordinary space, or none, where French wants a no-break one."""
    assert BAD_FRENCH_SPACE.search("Erreur : x")
    assert BAD_FRENCH_SPACE.search("Erreur: x")
    assert BAD_FRENCH_SPACE.search("« mot »")
    assert not BAD_FRENCH_SPACE.search("Erreur\u00a0: x\u202f; « »".replace("« ", "«\u00a0"))


# -- screens at 40 columns, in each language -----------------------------------------------------


def test_the_change_log_reads_in_spanish_and_keeps_the_persons_words() -> None:
    """The log keeps fixed English actions; they are shown translated, free text as it was kept."""
    from exitplan.views.render import history_word

    i18n.install("es")
    assert history_word("done") == "hecho"
    assert history_word("where you live changed") == "lugar donde vives cambiado"
    assert history_word("my own reason") == "my own reason"
    i18n.install("en")
    assert history_word("note-removed") == "note removed"


# -- Quebec's French -----------------------------------------------------------------------------


def test_the_quebec_catalog_is_what_its_script_writes() -> None:
    """exitplan/locale/fr_CA holds, for every shared French message, Quebec's typography or
    words where they differ and nothing elsewhere: scripts/quebec-french run on today's shared
    catalog gives the committed one, and the committed .mo is it compiled."""
    import runpy

    script = runpy.run_path(str(REPO / "scripts" / "quebec-french"))
    expected = {m.id: m.string for m in script["quebec"](catalog_of("fr")) if m.id}
    committed = catalog_of("fr_CA")
    found = {m.id: m.string for m in committed if m.id}
    assert found == expected, "run: scripts/quebec-french, then pybabel compile"
    fresh = io.BytesIO()
    write_mo(fresh, committed)
    assert po_path("fr_CA").with_suffix(".mo").read_bytes() == fresh.getvalue()
    assert (committed.num_plurals, committed.plural_expr) == (2, "(n > 1)")


def test_quebec_writes_no_space_before_semicolons_and_question_marks() -> None:
    """Quebec's catalog has no narrow space before ; ! ?, keeps the no-break space before a
    colon, and has its own words for the papers where France's differ."""
    quebec = catalog_of("fr_CA")
    texts = [text for m in quebec if m.id for text in forms(m.string) if text]
    assert texts, "the Quebec catalog is empty"
    assert not [text for text in texts if re.search("\u202f[;!?]", text)]
    assert any("\u00a0:" in text for text in texts)
    words = {m.id: m.string for m in quebec if m.id}
    assert words["Payslips"] == "Talons de paie"
    assert words["Health card"] == "Carte d'assurance maladie"
    assert {m.id: m.string for m in catalog_of("fr") if m.id}["Payslips"] == "Fiches de paie"


# --- a country's own words: es_MX and es_ES over the shared Spanish -----------------------------

COUNTRIES = ("es_MX", "es_ES")


def country_catalog(tag: str) -> Catalog:
    with (LOCALE / tag / "LC_MESSAGES" / "exitplan.po").open("rb") as handle:
        return read_po(handle, locale=tag, domain=i18n.DOMAIN)


def own_words(catalog: Catalog) -> dict[str, list[str]]:
    """The messages a country's catalog words in its own way (the rest are left empty)."""
    return {
        forms(message.id)[0]: forms(message.string)
        for message in catalog
        if message.id and any(forms(message.string))
    }


@pytest.mark.parametrize("tag", COUNTRIES)
def test_a_countrys_catalog_holds_only_what_differs_from_the_shared_spanish(tag: str) -> None:
    """es_MX and es_ES translate only the messages worded differently there: each one differs
    from the shared Spanish, keeps its placeholders and markup, has every plural form, and is
    a message the source still marks; the header pins Spanish's two plural forms."""
    catalog, shared = country_catalog(tag), spanish_catalog()
    own = own_words(catalog)
    assert own, f"{tag} has no words of its own"
    template = set(extracted())
    for key, texts in own.items():
        assert key in template, key
        assert all(texts), f"{tag}: a form of {key!r} is empty"
        common, message = shared.get(key), catalog.get(key)
        assert common is not None, key
        assert message is not None, key
        assert texts != forms(common.string), f"{tag} copies the shared {key!r}"
        english = forms(message.id)
        for n, text in enumerate(texts):
            source = english[min(n, len(english) - 1)]
            assert fields(text) == fields(source), (tag, key)
            assert Counter(MARKUP.findall(text)) == Counter(MARKUP.findall(source)), (tag, key)
    assert (catalog.num_plurals, catalog.plural_expr) == (2, "(n != 1)")


@pytest.mark.parametrize("tag", COUNTRIES)
def test_a_countrys_committed_mo_is_its_compiled_po(tag: str) -> None:
    """What ships for a country is its .po compiled, as pybabel compiles it."""
    fresh = io.BytesIO()
    write_mo(fresh, country_catalog(tag))
    mo = LOCALE / tag / "LC_MESSAGES" / "exitplan.mo"
    assert mo.read_bytes() == fresh.getvalue(), (
        "run: pybabel compile -D exitplan -d exitplan/locale"
    )


@pytest.mark.parametrize(
    ("tag", "english", "spanish"),
    [
        ("es_MX", "ID card", "INE (credencial para votar)"),
        ("es_MX", "Payslips", "Recibos de nómina"),
        ("es_MX", "Settings > General > VPN & Device Management.", "Configuración > General"),
        ("es_MX", "Do you use a car, whether it is yours, theirs or shared?", "un auto"),
        ("es_ES", "ID card", "DNI o NIE"),
        ("es_ES", "Payslips", "Nóminas"),
        ("es_ES", "Settings > General > VPN & Device Management.", "Ajustes > General"),
        ("es_ES", "Family Sharing", "En familia"),
        ("es_ES", "Do you use a car, whether it is yours, theirs or shared?", "un coche"),
        ("es_ES", "[Enter] next", "[Intro] siguiente"),
        ("es_ES", "Bank cards and statements", "extractos"),
        ("es_AR", "ID card", "Documento de identidad"),
        ("es_AR", "Family Sharing", "Compartir en familia"),
        ("es_AR", "Bank cards and statements", "estados de cuenta"),
    ],
)
def test_each_country_reads_its_own_words_and_the_rest_shared(
    tag: str, english: str, spanish: str
) -> None:
    """Through the shipped catalogs: Mexico's and Spain's own words where they differ, the
    shared Spanish for the rest (plurals too), and neutral words for any other Spanish."""
    i18n.install(f"{tag}.UTF-8")
    assert spanish in i18n._(english)
    assert i18n._("open at exit") == "sin hacer"
    assert i18n.ngettext("{n} checklist of your own", "{n} checklists of your own", 2) == (
        "{n} listas propias"
    )
