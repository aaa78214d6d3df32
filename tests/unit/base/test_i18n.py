"""The translation machinery: choosing the language, reading catalogs, plural forms, extraction."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from helpers import REPO

from exitplan.base import i18n

SPANISH_PO = r"""
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "Saved."
msgstr "Guardado."

msgid "{n} step"
msgid_plural "{n} steps"
msgstr[0] "{n} paso"
msgstr[1] "{n} pasos"
"""


@pytest.fixture
def spanish(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A locale folder holding a small Spanish catalog, compiled the way Babel compiles ours."""
    # Spanish has two forms; some CLDR-based tools write three, so the header pins two.
    catalog = read_po(io.StringIO(SPANISH_PO), locale="es", domain=i18n.DOMAIN)
    folder = tmp_path / "locale" / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "exitplan.mo").open("wb") as handle:
        write_mo(handle, catalog)
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path / "locale")
    return tmp_path / "locale"


def test_english_is_the_default_and_needs_no_catalog() -> None:
    """With nothing chosen, the marked text is the English text itself."""
    assert i18n.choose([], {}) == "en"
    i18n.install("en")
    assert i18n._("Saved.") == "Saved."


@pytest.mark.usefixtures("spanish")
def test_an_empty_message_stays_empty_in_every_language() -> None:
    """An empty text (a help left blank) is never answered with the catalog's header."""
    i18n.install("es")
    assert i18n.current() == "es"
    assert i18n._("") == ""


def test_english_needs_no_catalog_for_plurals() -> None:
    """In English the plural form comes from the number alone, and N_ marks without changing."""
    assert i18n.ngettext("{n} step", "{n} steps", 1) == "{n} step"
    assert i18n.ngettext("{n} step", "{n} steps", 0) == "{n} steps"
    assert i18n.N_("Saved.") == "Saved."


@pytest.mark.usefixtures("spanish")
@pytest.mark.parametrize(
    ("argv", "environ", "expected"),
    [
        (["--lang", "es", "status"], {"LANG": "en_GB.UTF-8"}, "es"),
        (["--lang=es"], {}, "es"),
        (["--lang", "en"], {"EXITPLAN_LANG": "es"}, "en"),
        ([], {"EXITPLAN_LANG": "es"}, "es"),
        ([], {"LANG": "es_MX.UTF-8"}, "es_MX"),
        ([], {"LANG": "es_ES.UTF-8"}, "es_ES"),
        ([], {"LC_ALL": "es_AR.UTF-8", "LANG": "en_US.UTF-8"}, "es_AR"),
        (["--lang", "es-mx"], {"LANG": "es_ES.UTF-8"}, "es_MX"),
        ([], {"LC_MESSAGES": "en_US.UTF-8", "LANG": "es_CL.UTF-8"}, "en"),
        ([], {"LANGUAGE": "fr:es", "LANG": "en_US.UTF-8"}, "es"),
        ([], {"LANGUAGE": "es_ES:es", "LANG": "en_US.UTF-8"}, "es_ES"),
        ([], {"LANG": "en_GB.UTF-8"}, "en"),
        ([], {"LANGUAGE": "de", "LANG": "es_ES.UTF-8"}, "en"),
        ([], {"LANG": "C.UTF-8"}, "en"),
        ([], {"LANG": "fr_FR.UTF-8"}, "en"),
        (["--", "--lang", "es"], {}, "en"),
    ],
)
def test_the_language_is_chosen_in_gettexts_order(
    argv: list[str], environ: dict[str, str], expected: str
) -> None:
    """--lang, then EXITPLAN_LANG, then LANGUAGE, LC_ALL, LC_MESSAGES, LANG (first set decides)."""
    assert i18n.choose(argv, environ) == expected


def test_a_language_without_a_catalog_reads_as_english(tmp_path: Path) -> None:
    """Asking for a language exitplan has no catalog for never fails: it speaks English."""
    assert "xx" not in i18n.available()
    assert i18n.choose([], {"LANG": "xx_XX.UTF-8"}) == "en"
    i18n.install("xx")
    assert i18n.current() == "en"


@pytest.mark.usefixtures("spanish")
def test_a_catalog_translates_and_has_two_plural_forms() -> None:
    """Spanish has two plural forms: one for 1, the other for every other number."""
    i18n.install("es_MX.UTF-8")
    assert i18n.current() == "es"
    assert i18n._("Saved.") == "Guardado."
    assert i18n._("Not translated yet.") == "Not translated yet."
    forms = {n: i18n.ngettext("{n} step", "{n} steps", n).format(n=n) for n in (0, 1, 2, 21)}
    assert forms == {0: "0 pasos", 1: "1 paso", 2: "2 pasos", 21: "21 pasos"}
    i18n.install("en")
    assert i18n._("Saved.") == "Saved."


SPAIN_PO = r"""
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "On this computer."
msgstr "En este ordenador."

msgid "{n} step"
msgid_plural "{n} steps"
msgstr[0] ""
msgstr[1] ""
"""


@pytest.fixture
def spain(spanish: Path) -> Path:
    """The shared Spanish catalog, and Spain's own holding only the words that differ there."""
    shared = (spanish / "es" / "LC_MESSAGES" / "exitplan.mo").read_bytes()
    catalog = read_po(
        io.StringIO(SPANISH_PO + 'msgid "On this computer."\nmsgstr "En esta computadora."\n')
    )
    with (spanish / "es" / "LC_MESSAGES" / "exitplan.mo").open("wb") as handle:
        write_mo(handle, catalog)
    assert shared != (spanish / "es" / "LC_MESSAGES" / "exitplan.mo").read_bytes()
    folder = spanish / "es_ES" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "exitplan.mo").open("wb") as handle:
        write_mo(handle, read_po(io.StringIO(SPAIN_PO), locale="es_ES", domain=i18n.DOMAIN))
    return spanish


@pytest.mark.usefixtures("spain")
@pytest.mark.parametrize(
    ("chosen", "words", "computer"),
    [
        ("es_ES.UTF-8", "es_ES", "En este ordenador."),
        ("es_MX.UTF-8", "es", "En esta computadora."),  # no catalog of its own here
        ("es_AR", "es", "En esta computadora."),
        ("es", "es", "En esta computadora."),
    ],
)
def test_a_countrys_catalog_holds_only_its_own_words_over_the_shared_ones(
    chosen: str, words: str, computer: str
) -> None:
    """Spain's catalog gives its own words and falls back to the shared Spanish for the rest
    (a plural left untranslated too, which Babel compiles as the English); a Spanish locale
    without its own catalog reads the shared words.
    The language is Spanish either way, and the whole locale is kept for numbers and dates."""
    i18n.install(chosen)
    assert (i18n.current(), i18n.words()) == ("es", words)
    assert i18n.locale_tag() == i18n.locale_code(chosen)
    assert i18n._("On this computer.") == computer
    assert i18n._("Saved.") == "Guardado."
    assert i18n.ngettext("{n} step", "{n} steps", 2) == "{n} pasos"
    assert i18n.available() == ("en", "es")  # a country's catalog is not a language
    i18n.install("en")


def test_a_damaged_countrys_catalog_reads_as_the_shared_words(spain: Path) -> None:
    """A country's catalog that cannot be read leaves the shared Spanish, never a traceback."""
    (spain / "es_ES" / "LC_MESSAGES" / "exitplan.mo").write_bytes(b"not a catalog")
    i18n.install("es_ES")
    assert (i18n.current(), i18n.words(), i18n.locale_tag()) == ("es", "es", "es_ES")
    assert i18n._("On this computer.") == "En esta computadora."
    i18n.install("en")


@pytest.mark.parametrize(
    ("value", "code"),
    [
        ("es_MX.UTF-8", "es_MX"),
        ("es-mx", "es_MX"),
        ("ES_es", "es_ES"),
        ("es", "es"),
        ("es-419", "es"),
        ("es_ES@euro", "es_ES"),
        ("fr_CA.UTF-8", "fr_CA"),
    ],
)
def test_a_locale_name_is_kept_with_its_country(value: str, code: str) -> None:
    """The locale as exitplan keeps it: language in lower case, a two-letter country upper."""
    assert i18n.locale_code(value) == code


def test_a_damaged_catalog_reads_as_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A catalog that cannot be read never ends in a traceback: the words stay English."""
    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "exitplan.mo").write_bytes(b"not a catalog")
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    i18n.install("es")
    assert (i18n.current(), i18n._("Saved.")) == ("en", "Saved.")


@pytest.mark.process
def test_english_does_not_import_gettext() -> None:
    """English costs nothing at start-up: the gettext module is never imported for it."""
    code = (
        "import sys; from exitplan.base import i18n; "
        "i18n.install(i18n.choose([], {'LANG': 'C'})); print('gettext' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO
    )
    assert out.stdout.strip() == "False"


def test_babel_finds_the_marked_strings() -> None:
    """The extraction map reaches the package: a string marked in the CLI is extracted."""
    found = {
        message
        for _file, _line, message, _comments, _context in extract_from_dir(
            str(REPO), method_map=[("exitplan/**.py", "python")]
        )
    }
    assert "'{value}' is not a language exitplan speaks; use one of: {known}" in found
    mapping = (REPO / "exitplan" / "locale" / "babel.cfg").read_text(encoding="utf-8")
    assert "[python: exitplan/**.py]" in mapping


def test_a_label_and_its_value_follow_the_language_s_typography() -> None:
    """`labelled` joins with ": " in English and Spanish, with a no-break space before the
    colon in French."""
    from exitplan.base.i18n import install, labelled

    try:
        assert labelled("Where", "home") == "Where: home"
        install("es")
        assert labelled("Dónde", "casa") == "Dónde: casa"
        install("fr")
        assert labelled("Où", "ici") == "Où\u00a0: ici"
    finally:
        install("en")


@pytest.mark.parametrize(
    ("tag", "words"),
    [
        ("es_ES", "es_ES"),
        ("es-ES", "es_ES"),
        ("es_ES.UTF-8", "es_ES"),
        ("es_AR", "es"),
        ("fr_CA", "fr_CA"),
        ("fr_FR", "fr"),
        ("es", "es"),
        ("en_GB", "en"),
    ],
)
def test_a_locale_reads_its_countrys_own_words_only_where_they_exist(tag: str, words: str) -> None:
    """Where Spain and Quebec have words of their own, es_ES and fr_CA read them; any other
    locale reads its language's shared words, and any English reads English."""
    assert i18n.words_for(tag, {"es_ES", "fr_CA"}) == words
    assert i18n.shared_language(tag) == words.split("_", maxsplit=1)[0]
