"""The steps in each country's own words: Spain's override files over the shared Spanish, read
for es_ES only, and each locale's catalog cached apart and read again when an override changes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import Run
from helpers import EXIT, PLANNED, ok

from exitplan.formats import catalog as catalog_module

MEXICO = {"LANG": "es_MX.UTF-8"}
SPAIN = {"LANG": "es_ES.UTF-8"}
COLOMBIA = {"LANG": "es_CO.UTF-8"}
# Steps whose words differ between the countries, and the words each country reads in them.
STEPS = ("digital.car-app", "housing.refuge-helpline", "finances.copy-statements")
SPAIN_WORDS = ("coche", "casa de acogida", "extractos bancarios", "ordenador")
SHARED_WORDS = ("auto", "refugio", "estados de cuenta", "computadora")


def flat(text: str) -> str:
    """The words of a screen on one line, whatever the wrapping."""
    return " ".join(text.split())


def shown(run: Run, env: dict[str, str]) -> str:
    """The three steps as `show` prints them in a locale."""
    return " ".join(flat(ok(run("show", step, env=env)).stdout) for step in STEPS)


@pytest.fixture
def plan(run: Run, home: Path) -> Run:
    """A plan of the built-in checklists."""
    ok(run("init", "--exit-date", EXIT.isoformat(), today=PLANNED))
    return run


def test_spain_reads_its_own_words_in_the_steps(plan: Run) -> None:
    """In Spain the steps say coche, casa de acogida, extractos bancarios and ordenador; never
    the Latin-American auto, refugio, estados de cuenta or computadora."""
    text = shown(plan, SPAIN)
    for word in SPAIN_WORDS:
        assert word in text, word
    for word in SHARED_WORDS:
        assert f" {word} " not in f" {text} ", word


@pytest.mark.parametrize("env", [MEXICO, COLOMBIA], ids=["es_MX", "es_CO"])
def test_mexico_and_other_countries_read_the_shared_words(plan: Run, env: dict[str, str]) -> None:
    """Mexico (and Colombia, which has no words of its own) read auto, refugio, estados de
    cuenta and computadora, never Spain's words."""
    text = shown(plan, env)
    for word in SHARED_WORDS:
        assert word in text, word
    for word in ("coche", "casa de acogida", "extractos", "ordenador"):
        assert word not in text, word


def test_a_country_keeps_its_own_catalog_cache_and_reads_again_a_changed_override(
    run: Run, home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A change in Spain caches its catalog as catalog.es_ES.json, with the override files'
    signatures; an override edited afterwards is read again, never served stale from the cache."""
    folder = tmp_path / "builtins"
    shutil.copytree(catalog_module.builtin_dir(), folder)
    monkeypatch.setattr(catalog_module, "builtin_dir", lambda: folder)
    ok(run("init", "--exit-date", EXIT.isoformat(), today=PLANNED))
    ok(run("done", "finances.save-quietly", env=SPAIN))
    cache = home / "cache"
    assert (cache / "catalog.es_ES.json").is_file()
    assert (cache / "texts.es_ES.json").is_file()
    kept = json.loads((cache / "catalog.es_ES.json").read_bytes().partition(b"\n")[2])
    assert kept["language"] == "es_ES"
    overrides = [path for path, _ in kept["translations"] if Path(path).parent.name == "es_ES"]
    assert Path(overrides[0]).parent == folder / "es_ES"
    title = "Guarda los extractos bancarios recientes de cada cuenta"
    assert title in flat(ok(run("list", "--all", env=SPAIN)).stdout)
    override = folder / "es_ES" / "finances.toml"
    override.write_text(
        override.read_text(encoding="utf-8").replace(title, "Guarda los extractos del banco"),
        encoding="utf-8",
    )
    listed = flat(ok(run("list", "--all", env=SPAIN)).stdout)
    assert "Guarda los extractos del banco" in listed
    assert title not in listed
    assert "Guarda los estados de cuenta recientes" in flat(
        ok(run("list", "--all", env=MEXICO)).stdout
    )


@pytest.mark.parametrize(
    ("env", "words"),
    [
        (MEXICO, "credencial para votar (INE)"),
        (SPAIN, "DNI o NIE"),
        (COLOMBIA, "documento nacional de identidad"),
    ],
    ids=["es_MX", "es_ES", "es_CO"],
)
def test_each_country_names_its_own_identity_papers(
    plan: Run, env: dict[str, str], words: str
) -> None:
    """The list of identity papers names Mexico's INE, Spain's DNI or NIE, and elsewhere the
    neutral national identity document."""
    assert words in flat(ok(plan("show", "documents.identity", env=env)).stdout)


@pytest.mark.parametrize("env", [MEXICO, SPAIN], ids=["es_MX", "es_ES"])
def test_a_skipped_step_is_omitido_and_a_step_the_plan_sets_aside_is_fuera_del_plan(
    plan: Run, env: dict[str, str]
) -> None:
    """Two things, two words: a step the person skips is 'omitido'; steps the answers set aside
    as not for her are 'fuera del plan', never 'omitidos'."""
    answered = plan("situation", input="children = false\n", env=env)
    ok(answered)
    said = flat(answered.stdout + answered.stderr)
    assert "quedan fuera del plan porque no son tu caso" in said, said
    assert "omitid" not in said
    skipped = flat(ok(plan("skip", "finances.credit-report", env=env)).stderr)
    assert "Omitido" in skipped, skipped
    assert "fuera del plan" not in skipped


def test_the_change_log_says_the_exit_date_in_the_persons_words(plan: Run) -> None:
    """The change log's first line reads 'fecha de salida: 16 ene 2027' in Spain and Mexico (the
    day in the person's words), never the English words or the ISO form."""
    for env in (SPAIN, MEXICO):
        shown = flat(ok(plan("history", env=env)).stdout)
        assert f"fecha de salida: {EXIT.day} " in shown, shown
        assert "exit date" not in shown
        assert EXIT.isoformat() not in shown
    assert f"exit date {EXIT.day} " in flat(ok(plan("history")).stdout)


@pytest.mark.parametrize("env", [SPAIN, MEXICO], ids=["es_ES", "es_MX"])
def test_a_rehearsed_day_is_typed_as_the_country_writes_it(plan: Run, env: dict[str, str]) -> None:
    """`--today 02/01/2027` in Spain or Mexico rehearses 2 January, as `exitplan date` already
    reads such a date; in English, ISO only (a script's one sure form)."""
    day = EXIT.replace(day=2)
    typed = day.strftime("%d/%m/%Y")
    spanish = ok(plan("--today", typed, "status", "--json", today=None, env=env))
    english = ok(plan("--today", day.isoformat(), "status", "--json", today=None))
    assert json.loads(spanish.stdout)["today"] == json.loads(english.stdout)["today"]
    assert plan("--today", typed, "status", today=None).exit_code != 0
