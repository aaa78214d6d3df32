"""The plan in Spanish (and, where a test is parametrised, in French): every screen and export
shows the translated checklists and the region files' words in the language, with the same ids,
so progress is kept whichever language is spoken."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import Run
from helpers import EXIT, PLANNED, REPO, TODAY, command_names, make_home, ok, read_plan
from helpers_spanish import exitplan_child, shipped, stand_in

from exitplan.base import i18n
from exitplan.domain.model import Checklist
from exitplan.formats.catalog import country_languages
from exitplan.formats.checklistfile import load_catalog
from exitplan.formats.translation import translated


@pytest.fixture
def locale(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path | None:
    """Spanish can be spoken: exitplan's own catalog, or the stand-in (returned) while it has
    none."""
    if shipped():
        return None
    folder = stand_in(tmp_path_factory.mktemp("locale"))
    monkeypatch.setattr(i18n, "locale_dir", lambda: folder)
    return folder


ENGLISH = load_catalog()
SPANISH = translated(ENGLISH, "es")


def steps(catalog: object) -> dict[str, str]:
    """Every built-in step's title by its full id."""
    lists: tuple[Checklist, ...] = catalog.checklists  # type: ignore[attr-defined]
    return {f"{c.id}.{item.id}": item.title for c in lists for item in c.items}


EN_TITLES = steps(ENGLISH)
ES_TITLES = steps(SPANISH)
# Steps whose titles name no local fact: the same words whatever the place.
PLAIN = [key for key, title in ES_TITLES.items() if "{{" not in title]
# Each translated language: its catalog and its step titles.
CATALOGS = {"es": SPANISH, "fr": translated(ENGLISH, "fr")}
TITLES = {language: steps(catalog) for language, catalog in CATALOGS.items()}


def plain(language: str) -> list[str]:
    """The steps whose titles, in a language, name no local fact."""
    return [key for key, title in TITLES[language].items() if "{{" not in title]


def flat(text: str) -> str:
    """Text with every run of spaces and line breaks as one space (screens wrap)."""
    return " ".join(text.split())


def english_left(text: str, keys: list[str]) -> list[str]:
    """The English titles of these steps that a Spanish screen still shows."""
    shown = flat(text)
    return [EN_TITLES[key] for key in keys if EN_TITLES[key] in shown]


@pytest.fixture
def spanish_plan(run: Run, locale: Path | None) -> Run:
    """A plan of every built-in checklist, made in English, with one step done and one noted."""
    ok(run("init", "--exit-date", EXIT.isoformat(), today=PLANNED))
    ok(run("done", "finances.save-quietly", today=PLANNED))
    ok(run("note", "finances.own-account", "--replace", input="ask at the library\n"))
    return run


@pytest.mark.parametrize("language", CATALOGS)
def test_the_translated_catalog_keeps_every_id_and_changes_every_title(language: str) -> None:
    """Same checklists, same steps, same order, dates and priorities; every title in Spanish,
    and in French."""
    titles = TITLES[language]
    assert list(EN_TITLES) == list(titles)
    assert len(titles) == 255
    assert all(EN_TITLES[key] != titles[key] for key in titles)
    for en, es in zip(ENGLISH.checklists, CATALOGS[language].checklists, strict=True):
        assert (en.id, en.order, en.builtin) == (es.id, es.order, es.builtin)
        assert en.summary != es.summary  # the title may be one word both languages share
        for a, b in zip(en.items, es.items, strict=True):
            assert (a.id, a.due, a.priority, a.when, a.sources) == (
                b.id,
                b.due,
                b.priority,
                b.when,
                b.sources,
            )
    assert CATALOGS[language].language == language
    assert len(CATALOGS[language].translations) == 10


def test_status_list_show_and_checklists_speak_spanish(spanish_plan: Run) -> None:
    """The screens show the Spanish titles, summaries and texts, and none of the English."""
    run = spanish_plan
    status = ok(run("--lang", "es", "status")).stdout
    assert "Dinero" in status  # the finances checklist's Spanish title, in Progress
    listed = ok(run("--lang", "es", "list", "--all")).stdout
    assert english_left(listed, PLAIN) == []
    assert sum(ES_TITLES[key] in flat(listed) for key in PLAIN) == len(PLAIN)
    assert "(finances.save-quietly)" in listed  # the ids people type do not change
    shown = flat(ok(run("--lang", "es", "show", "finances.own-account")).stdout)
    assert ES_TITLES["finances.own-account"] in shown
    own = SPANISH.checklists[[c.id for c in SPANISH.checklists].index("finances")].items[1]
    assert own.id == "own-account"
    assert flat(own.why) in shown
    assert "ask at the library" in shown  # the person's note stays as written
    lists = flat(ok(run("--lang", "es", "checklists")).stdout)
    for checklist in SPANISH.checklists:
        assert f"{checklist.id} {checklist.title}:" in lists


def test_an_articles_source_is_labelled_in_the_language_spoken(spanish_plan: Run) -> None:
    """A step drawn from one of the three articles names it with a Spanish label and title, the
    title as published in brackets, in show and in every summary; JSON keeps the source as
    written."""
    run = spanish_plan
    source = "article: Six steps to leaving"
    shown = flat(ok(run("--lang", "es", "show", "finances.list-assets-debts")).stdout)
    assert "artículo: Seis pasos para irte (Six steps to leaving)" in shown
    assert source not in shown
    for form in ("text", "markdown", "html"):
        out = ok(run("--lang", "es", "summary", "--format", form)).stdout
        assert "artículo: Seis pasos para irte (Six steps to leaving)" in out, form
    assert source in flat(ok(run("show", "finances.list-assets-debts")).stdout)
    data = json.loads(
        ok(run("--lang", "es", "show", "finances.list-assets-debts", "--json")).stdout
    )
    assert source in data["sources"]


def test_review_shows_the_spanish_words(spanish_plan: Run) -> None:
    """review walks the same steps in Spanish, and an answer lands on the same id."""
    result = ok(spanish_plan("--lang", "es", "review", "finances", input="d\nq\n"))
    first = ES_TITLES["finances.own-account"]
    assert first in flat(result.stdout)
    assert english_left(result.stdout, [k for k in PLAIN if k.startswith("finances.")]) == []


def test_json_carries_the_spanish_titles(spanish_plan: Run) -> None:
    """status, list, show and checklists in JSON: the Spanish words, the same ids."""
    run = spanish_plan
    listed = json.loads(ok(run("--lang", "es", "list", "--all", "--json")).stdout)
    text = json.dumps(listed, ensure_ascii=False)
    assert english_left(text, PLAIN) == []
    assert ES_TITLES["finances.save-quietly"] in text
    shown = json.loads(ok(run("--lang", "es", "show", "finances.own-account", "--json")).stdout)
    assert ES_TITLES["finances.own-account"] in json.dumps(shown, ensure_ascii=False)
    status = json.dumps(
        json.loads(ok(run("--lang", "es", "status", "--json")).stdout), ensure_ascii=False
    )
    assert english_left(status, PLAIN) == []
    assert any(ES_TITLES[key] in status for key in PLAIN)
    lists = json.dumps(
        json.loads(ok(run("--lang", "es", "checklists", "--json")).stdout), ensure_ascii=False
    )
    assert "Seguridad digital" in lists
    assert "Digital safety" not in lists


@pytest.mark.parametrize("language", CATALOGS)
@pytest.mark.parametrize("form", ["text", "markdown", "html", "json"])
def test_every_summary_format_reads_in_the_language(
    spanish_plan: Run, form: str, language: str
) -> None:
    """The summary in each format holds, in Spanish or in French, every step the English
    summary holds (steps not for this situation are in neither), and no English title."""

    def summary(*lang: str) -> str:
        out = ok(spanish_plan(*lang, "summary", "--format", form)).stdout
        if form == "html":
            out = re.sub(r"<[^>]+>", " ", out).replace("&#x27;", "'").replace("&quot;", '"')
        return flat(out)

    spoken, english = summary("--lang", language), summary()
    keys = plain(language)
    in_plan = [key for key in keys if EN_TITLES[key] in english]
    assert len(in_plan) > 200  # all but the steps for telling them in person
    assert english_left(spoken, keys) == []
    assert [key for key in in_plan if flat(TITLES[language][key]) not in spoken] == []


@pytest.mark.parametrize("language", CATALOGS)
def test_the_pages_say_their_language(spanish_plan: Run, tmp_path: Path, language: str) -> None:
    """The summary page and the journal's page say lang="es" in Spanish, lang="fr" in French,
    lang="en" in English."""
    run = spanish_plan
    page = ok(run("--lang", language, "summary", "--format", "html")).stdout
    assert f'<html lang="{language}">' in page
    assert '<html lang="en">' in ok(run("summary", "--format", "html")).stdout
    ok(run("log", "add", input='what = "Una primera entrada"\n'))
    out = tmp_path / "diario.html"
    ok(run("--lang", language, "log", "export", "--output", str(out)))
    assert f'<html lang="{language}">' in out.read_text(encoding="utf-8")
    english = tmp_path / "journal.html"
    ok(run("log", "export", "--output", str(english)))
    assert '<html lang="en">' in english.read_text(encoding="utf-8")


def test_changing_the_language_keeps_progress(run: Run, home: Path, locale: Path | None) -> None:
    """A step done in English is done in Spanish and the other way round: the plan file keeps
    ids, never words, and speaking another language changes nothing in it."""
    ok(run("init", "--exit-date", EXIT.isoformat(), today=PLANNED))
    ok(run("done", "finances.save-quietly"))
    before = (home / "plan.toml").read_bytes()
    spanish = json.loads(ok(run("--lang", "es", "list", "--done", "--json")).stdout)
    assert (home / "plan.toml").read_bytes() == before  # reading in Spanish writes nothing
    assert ES_TITLES["finances.save-quietly"] in json.dumps(spanish, ensure_ascii=False)
    ok(run("--lang", "es", "done", "documents.document-list"))
    state = read_plan(home)
    assert state.items["finances.save-quietly"].status == "done"
    assert state.items["documents.document-list"].status == "done"
    english = flat(ok(run("list", "--done")).stdout)
    assert EN_TITLES["finances.save-quietly"] in english
    assert EN_TITLES["documents.document-list"] in english
    assert ES_TITLES["documents.document-list"] not in english
    progress = flat(ok(run("status", "--full")).stdout)
    assert re.search(r"Finances [░█▓ ]*1/19", progress), progress
    assert re.search(r"Documents [░█▓ ]*1/19", progress), progress
    titles = {c.id: c.title for c in SPANISH.checklists}
    progreso = flat(ok(run("--lang", "es", "status", "--full")).stdout)
    assert re.search(rf"{titles['finances']} [░█▓ ]*1/19", progreso), progreso
    assert re.search(rf"{titles['documents']} [░█▓ ]*1/19", progreso), progreso


def test_a_personal_checklist_keeps_its_own_words(
    run: Run, home: Path, locale: Path | None
) -> None:
    """A person's own checklist has no Spanish text: it shows its own words, beside the
    built-in steps in Spanish."""
    make_home(home, "t-money")
    ok(run("init", "--exit-date", EXIT.isoformat(), today=PLANNED))
    listed = flat(ok(run("--lang", "es", "list", "--all")).stdout)
    assert "Open an account in your name" in listed  # tests/data/t-money.toml, as written
    assert ES_TITLES["finances.own-account"] in listed
    assert EN_TITLES["finances.own-account"] not in listed


@pytest.mark.process
def test_a_spanish_terminal_speaks_spanish(tmp_path: Path, locale: Path | None) -> None:
    """LANG=es_MX.UTF-8 in a real process: status and list in Spanish; LANG=C in English."""
    home = tmp_path / "home"
    env = {"EXITPLAN_HOME": str(home), "EXITPLAN_TODAY": TODAY.isoformat(), "COLUMNS": "200"}
    made = exitplan_child(locale, "init", "--exit-date", EXIT.isoformat(), env=env)
    assert made.returncode == 0, made.stderr
    spanish = exitplan_child(locale, "list", "--all", env={**env, "LANG": "es_MX.UTF-8"})
    assert spanish.returncode == 0, spanish.stderr
    assert english_left(spanish.stdout, PLAIN) == []
    assert ES_TITLES["finances.own-account"] in flat(spanish.stdout)
    status = exitplan_child(locale, "status", env={**env, "LANG": "es_ES.UTF-8"})
    assert "Seguridad digital" in status.stdout
    english = exitplan_child(locale, "status", env={**env, "LANG": "C.UTF-8"})
    assert "Digital safety" in english.stdout
    assert "Seguridad digital" not in english.stdout


def test_a_stale_or_missing_translation_shows_its_english_words(tmp_path: Path) -> None:
    """A step whose English changed since it was translated, or that has no translation, keeps
    its English words; the rest of the checklist is in Spanish."""
    from exitplan.formats import catalog as catalog_module

    folder = tmp_path / "checklists"
    (folder / "es").mkdir(parents=True)
    source = catalog_module.builtin_dir()
    (folder / "finances.toml").write_text(
        (source / "finances.toml")
        .read_text(encoding="utf-8")
        .replace(
            'title = "Open a bank account in your name only"',
            'title = "Open an account of your own"',
        ),
        encoding="utf-8",
    )
    spanish = (source / "es" / "finances.toml").read_text(encoding="utf-8")
    first = spanish.index("[item.save-quietly]")
    after = spanish.index("[item.", first + 1)
    (folder / "es" / "finances.toml").write_text(
        spanish[:first] + spanish[after:], encoding="utf-8"
    )
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(catalog_module, "builtin_dir", lambda: folder)
        titles = steps(translated(load_catalog(), "es"))
    assert titles["finances.own-account"] == "Open an account of your own"  # stale
    assert titles["finances.save-quietly"] == EN_TITLES["finances.save-quietly"]  # missing
    assert titles["finances.list-assets-debts"] == ES_TITLES["finances.list-assets-debts"]


def test_a_damaged_translation_says_so_and_keeps_the_english(
    run: Run, home: Path, tmp_path: Path, locale: Path | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A translation file that cannot be read never locks the person out: its checklist shows
    its English words, with one note on stderr."""
    from exitplan.formats import catalog as catalog_module

    folder = tmp_path / "builtins"
    (folder / "es").mkdir(parents=True)
    source = catalog_module.builtin_dir()
    (folder / "finances.toml").write_bytes((source / "finances.toml").read_bytes())
    (folder / "es" / "finances.toml").write_text("schema = 1\nnot toml [", encoding="utf-8")
    monkeypatch.setattr(catalog_module, "builtin_dir", lambda: folder)
    ok(run("init", "--exit-date", EXIT.isoformat(), today=PLANNED))
    result = ok(run("--lang", "es", "list", "--all"))
    assert EN_TITLES["finances.own-account"] in flat(result.stdout)
    assert "finances.toml" in result.stderr
    assert "English" in result.stderr or "inglés" in result.stderr


def test_each_language_keeps_its_own_cache(run: Run, home: Path, locale: Path | None) -> None:
    """The checklists read from their files are cached in every language and every country's
    own words, each in its own files, so a status in either is served from the cache; wipe
    erases them all."""
    ok(run("init", "--exit-date", EXIT.isoformat(), today=PLANNED))
    names = sorted(path.name for path in (home / "cache").iterdir())
    countries = country_languages()  # Spain's own words (es_ES), and any other country's
    assert "es_ES" in countries
    assert names == sorted(
        [
            "catalog.es.json",
            "catalog.fr.json",
            "catalog.json",
            "plan.json",
            "texts.es.json",
            "texts.fr.json",
            "texts.json",
            *(f"{kind}.{country}.json" for kind in ("catalog", "texts") for country in countries),
        ]
    )
    english = json.loads((home / "cache" / "catalog.json").read_bytes().partition(b"\n")[2])
    spanish = json.loads((home / "cache" / "catalog.es.json").read_bytes().partition(b"\n")[2])
    french = json.loads((home / "cache" / "catalog.fr.json").read_bytes().partition(b"\n")[2])
    assert (english["language"], spanish["language"], french["language"]) == ("en", "es", "fr")
    assert english["translations"] == []
    assert len(spanish["translations"]) == len(french["translations"]) == 10
    assert spanish["checklists"][0]["title"] == SPANISH.checklists[0].title
    assert french["checklists"][2]["title"] == CATALOGS["fr"].checklists[2].title == "Logement"
    ok(run("wipe", "--yes"))
    assert not home.exists()


# -- where you live, in Spanish ----------------------------------------------------------------


def test_a_place_fills_a_spanish_step_with_spanish_words(run: Run, locale: Path | None) -> None:
    """England's housing fact, in a Spanish step: 'Pregunta a la oficina de vivienda de tu
    gobierno local (housing options team) ...', never an English phrase mid-sentence."""
    ok(run("init", "--exit-date", EXIT.isoformat(), today=PLANNED))
    ok(run("region", input="England\n"))
    shown = flat(ok(run("--lang", "es", "show", "housing.council")).stdout)
    assert (
        "Pide alojamiento temporal a la oficina de vivienda de tu gobierno local "
        "(housing options team)"
    ) in shown
    assert "council's housing options team" not in shown
    assert "Inglaterra y Gales" in shown
    english = flat(ok(run("show", "housing.council")).stdout)
    assert "the council's housing options team" in english


def test_a_us_state_reads_in_spanish_and_its_lines_answer_in_spanish(
    run: Run, locale: Path | None
) -> None:
    """New York's order of protection in Spanish words with its own English name, and
    help-now marks the hotline and loveisrespect as answering in Spanish."""
    ok(run("init", "--exit-date", EXIT.isoformat(), today=PLANNED))
    ok(run("region", input="Nueva York\n"))
    shown = flat(ok(run("--lang", "es", "show", "after.protection-order")).stdout)
    assert "Solicita una orden de protección (order of protection) si la necesitas" in shown
    assert "Nueva York (Estados Unidos)" in shown
    helpnow = flat(ok(run("--lang", "es", "help-now", "--region", "Estados Unidos")).stdout)
    i18n.install("es")
    answers = i18n._("Answers in your language.")  # "Atiende en español."
    assert answers != "Answers in your language."
    assert helpnow.count(answers) == 2  # the hotline and loveisrespect
    assert "1-800-799-7233 National Domestic Violence Hotline (Línea Nacional" in helpnow
    english = flat(ok(run("help-now", "--region", "United States")).stdout)
    assert "Atiende" not in english
    assert "Answers in your language" not in english


@pytest.mark.parametrize(
    ("place", "words"),
    [
        ("Nueva York", "las leyes de Nueva York, también en español"),  # the state's own page
        ("Arkansas", "las leyes de tu estado, también en español"),  # the country's
    ],
)
def test_womenslaw_is_said_to_serve_in_spanish(
    run: Run, locale: Path | None, place: str, words: str
) -> None:
    """Where you live, in Spanish: WomensLaw's pages on the state's law, said to be in
    Spanish too (its own Spanish pages are a source); the English says nothing of it."""
    ok(run("init", "--exit-date", EXIT.isoformat(), today=PLANNED))
    ok(run("region", input=f"{place}\n"))
    facts = json.loads(ok(run("--lang", "es", "region", "--json")).stdout)["facts"]
    law = next(fact for fact in facts if fact["key"] == "state-law")
    assert words in law["text"]
    assert "muchas de sus páginas están también en español" in law["detail"]
    assert any("lang=es" in source for source in law["sources"])
    english = json.loads(ok(run("region", "--json")).stdout)["facts"]
    assert "español" not in json.dumps(english, ensure_ascii=False)


def test_a_spanish_speaking_country_shows_its_own_names(run: Run, locale: Path | None) -> None:
    """Spain, Mexico and Colombia in Spanish: their names, services and notes, no English."""
    spain = flat(ok(run("--lang", "es", "help-now", "--region", "España")).stdout)
    assert "016, violencia contra las mujeres" in spain
    assert "no aparece en la factura" in spain
    assert "violence against women" not in spain
    mexico = flat(ok(run("--lang", "es", "help-now", "--region", "Mexico")).stdout)
    assert "911 Emergencias: para cualquier persona" in mexico
    assert "(9-1-1)" not in mexico
    assert "México" in mexico
    colombia = flat(ok(run("--lang", "es", "help-now", "--region", "Colombia")).stdout)
    assert "123" in colombia
    assert "Línea 155, orientación a mujeres víctimas de violencia (Policía Nacional)" in colombia


@pytest.mark.parametrize(
    "place", ["United States", "England", "Australia", "Canada", "Spain", "New South Wales"]
)
def test_help_now_in_spanish_fits_80x24(run: Run, locale: Path | None, place: str) -> None:
    """A place's screen in Spanish keeps to one 80x24 terminal, the emergency line first."""
    out = ok(run("--lang", "es", "help-now", "--region", place, env={"COLUMNS": "80"})).stdout
    rows = out.rstrip("\n").split("\n")
    assert len(rows) <= 23, out  # and the prompt the person typed it at
    assert all(len(row) <= 80 for row in rows)


# -- the glance in Spanish ----------------------------------------------------------------------

# What a child records at exit: whether it imported the framework (the glance never does).
AUDIT = """
import atexit, os, sys
def _report():
    with open(os.environ['GLANCE_AUDIT'], 'w', encoding='utf-8') as f:
        f.write('typer' if 'typer' in sys.modules else 'glance')
atexit.register(_report)
"""
# The full command line, never the glance, with the language chosen as the entry point does.
FULL = """
import os, sys
from exitplan.base.i18n import choose, install
install(choose(sys.argv[1:], os.environ))
from exitplan.cli.app import main
main()
"""


def served(locale: Path | None, tmp: Path, *args: str, env: dict[str, str]) -> tuple[str, str]:
    """`exitplan ARGS` through the console script's entry point: its output, and 'glance' when
    the glance served it ('typer' when the full command line did)."""
    audit = tmp / "audit.txt"
    code = AUDIT + "from exitplan.cli.entry import main\nmain()"
    done = exitplan_child(locale, *args, env={**env, "GLANCE_AUDIT": str(audit)}, code=code)
    assert done.returncode == 0, done.stderr
    return done.stdout, audit.read_text(encoding="utf-8")


@pytest.mark.process
@pytest.mark.parametrize(
    ("args", "env", "language"),
    [
        (("--lang", "es", "status"), {}, "es"),
        (("--lang=es",), {}, "es"),
        (("status", "--json"), {"EXITPLAN_LANG": "es"}, "es"),
        (("status",), {"LANG": "es_MX.UTF-8"}, "es"),
        ((), {"LANG": "es_ES.UTF-8"}, "es"),
        (("status",), {"LANGUAGE": "es:en", "LANG": "C.UTF-8"}, "es"),
        (("--lang", "fr", "status"), {}, "fr"),
        (("status",), {"LANG": "fr_CA.UTF-8"}, "fr"),
        ((), {"LANG": "fr_FR.UTF-8"}, "fr"),
        (("status",), {"LANG": "fr_BE.UTF-8"}, "fr"),
        (("status", "--json"), {"LC_ALL": "fr_CH.UTF-8"}, "fr"),
    ],
)
def test_the_glance_serves_each_language_and_english_alike(
    tmp_path: Path,
    locale: Path | None,
    args: tuple[str, ...],
    env: dict[str, str],
    language: str,
) -> None:
    """A plan made and changed in English: the glance serves its status in Spanish or French
    from the cache, the same bytes as the full command line, with the progress made in English;
    then a step done in that language shows in the English glance."""
    home = tmp_path / "home"
    base = {"EXITPLAN_HOME": str(home), "EXITPLAN_TODAY": TODAY.isoformat(), "COLUMNS": "100"}
    english = {**base, "LANG": "C.UTF-8"}
    for step in (("init", "--exit-date", EXIT.isoformat()), ("done", "finances.save-quietly")):
        made = exitplan_child(locale, *step, env=english)
        assert made.returncode == 0, made.stderr
    spanish_env = {**base, **env}
    out, path = served(locale, tmp_path, *args, env=spanish_env)
    assert path == "glance"
    full = exitplan_child(locale, *args, env=spanish_env, code=FULL)
    assert (full.returncode, full.stdout) == (0, out)
    titles = {c.id: c.title for c in CATALOGS[language].checklists}
    shown = flat(out)
    assert titles["digital"] in shown
    assert "Digital safety" not in shown
    if "--json" not in args:
        assert re.search(rf"{titles['finances']} [░█▓ ]*1/19", shown), shown
    changed = exitplan_child(locale, "done", "documents.document-list", env=spanish_env)
    assert changed.returncode == 0, changed.stderr
    back, path = served(locale, tmp_path, "status", env=english)
    assert path == "glance"
    assert re.search(r"Documents [░█▓ ]*1/19", flat(back)), back
    assert titles["digital"] not in back
    again, path = served(locale, tmp_path, *args, env=spanish_env)
    assert path == "glance"
    assert re.search(rf"{titles['documents']} [░█▓ ]*1/19", flat(again)) or "--json" in args


@pytest.mark.process
def test_a_personal_checklist_shows_its_own_words_in_the_glance(
    tmp_path: Path, locale: Path | None
) -> None:
    """A person's own checklist has no Spanish: the Spanish glance shows its English title."""
    home = tmp_path / "home"
    make_home(home, "t-money")
    env = {"EXITPLAN_HOME": str(home), "EXITPLAN_TODAY": TODAY.isoformat(), "COLUMNS": "100"}
    made = exitplan_child(locale, "init", "--exit-date", EXIT.isoformat(), env=env)
    assert made.returncode == 0, made.stderr
    _, path = served(locale, tmp_path, "--lang", "es", "status", env=env)
    assert path == "glance"
    data, path = served(locale, tmp_path, "--lang", "es", "status", "--json", env=env)
    assert path == "glance"
    text = json.dumps(json.loads(data), ensure_ascii=False)
    assert "Test money" in text or "t-money" in text
    assert "Seguridad digital" in text


def region_tables() -> list[tuple[str, str, dict[str, object]]]:
    """Every place table of every region file: (file, place code, table)."""
    import tomllib

    from exitplan.formats.regions import regions_dir

    found = []
    for path in sorted(regions_dir().glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        found.append((path.name, "", data))
        found += [(path.name, code, place) for code, place in data.get("region", {}).items()]
    return found


@pytest.mark.parametrize("language", CATALOGS)
def test_every_fact_and_line_of_every_place_has_words_in_the_language(language: str) -> None:
    """No place's fact or line shows English words on a Spanish or French screen: every fact has
    its text in the language (and detail where the English has one), every line with hours, a
    note or whom it serves has words in the language for each."""
    missing = []
    for name, code, place in region_tables():
        facts: dict[str, dict[str, object]] = place.get("fact", {})  # type: ignore[assignment]
        for key, fact in facts.items():
            words: dict[str, object] = fact.get(language, {})  # type: ignore[assignment]
            missing += [
                f"{name} {code} fact {key}: {field}"
                for field in ("text", "detail")
                if fact.get(field) and not words.get(field)
            ]
        lines: list[dict[str, object]] = place.get("line", [])  # type: ignore[assignment]
        for line in lines:
            words = line.get(language, {})  # type: ignore[assignment]
            missing += [
                f"{name} {code} line {line['service']}: {field}"
                for field in ("hours", "note", "who")
                if line.get(field) and not words.get(field)
            ]
    assert missing == []


# -- README.es.md ------------------------------------------------------------------------------


@pytest.mark.process
def test_the_spanish_readme_is_linked_and_starts_as_the_english_does() -> None:
    """README.md links README.es.md; its quick start runs the very commands of the English one,
    every command it names exists, and it speaks as the checklists do (tú, neutral words)."""
    from helpers_spanish import GLOSSARY, OTHER_ADDRESS

    root = REPO
    readme = (root / "README.md").read_text(encoding="utf-8")
    spanish = (root / "README.es.md").read_text(encoding="utf-8")
    assert "[README.es.md](README.es.md)" in readme.split("\n## ", 1)[0]  # before any section

    def quick_start(text: str, heading: str) -> list[str]:
        section = text.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
        return re.findall(r"```sh\n(.+?)\n```", section, flags=re.DOTALL)

    assert quick_start(spanish, "Inicio rápido") == quick_start(readme, "Quick start")
    named = set(re.findall(r"`exitplan (?:--lang es )?([a-z][a-z-]+)", spanish))
    assert {"init", "status", "done", "review", "help-now", "wipe"} <= named
    assert named - set(command_names()) == set()
    for link in re.findall(r"\]\(([^)#]+)\)", spanish):
        assert (root / link).is_file(), link
    assert OTHER_ADDRESS.findall(spanish) == []
    assert [w for w in GLOSSARY if re.search(rf"\b{w}\b", spanish, re.IGNORECASE)] == []


def test_the_spanish_readme_names_the_keys_the_spanish_review_uses() -> None:
    """README.es.md's review row names each key the Spanish review screen really takes, with
    the word the screen shows for it (`l` listo, `o` omitir, ...), and no English key."""
    from exitplan.cli import review

    row = next(
        line
        for line in (REPO / "README.es.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("| `exitplan review`")
    )
    i18n.install("es")
    try:
        labels = [i18n._(label) for _action, label in review.KEYS]
        actions = review.key_actions()
    finally:
        i18n.install("en")
    named = dict(re.findall(r"`(\w)` (\w+)", row))
    for label in labels:
        key = re.search(r"\[(\w+)\]", label)
        assert key is not None, label
        if len(key[1]) > 1:  # [Enter] siguiente: a key named by its name
            assert f"{key[1]} {label.split()[-1]}" in row, label
            continue
        assert named.get(key[1]) == label.replace(f"[{key[1]}]", key[1]), (label, named)
    assert {actions[key] for key in named} == {"done", "skip", "note", "quit", "hide"}
