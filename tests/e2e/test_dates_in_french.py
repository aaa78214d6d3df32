"""Dates on the French and Spanish screens: `history`, `log list`, `log show` and `summary` say
every day and time in the language spoken, and French puts its space before a colon."""

from __future__ import annotations

import re
from datetime import date, timedelta

from conftest import Run
from helpers import REPO, ok

from exitplan.base import i18n, spoken

ISO_DAY = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")


def french_day(day: date) -> str:
    """`4 déc. 2026`, as the French screens write a day."""
    i18n.install("fr")
    try:
        return spoken.day_month_year(day)
    finally:
        i18n.install(i18n.ENGLISH)


def test_french_history_has_no_iso_date_and_no_english_words(run: Run, plan_home: object) -> None:
    """The change log names the exit date and each change's time in French words."""
    ok(run("date", "2027-02-01"))
    text = ok(run("--lang", "fr", "history")).stdout.replace("\u00a0", " ")
    assert not ISO_DAY.search(text), text
    assert "exit date" not in text
    assert "création  (date de départ : " in text
    assert "date  (1er févr. 2027)" in text
    spanish = ok(run("--lang", "es", "history")).stdout
    assert not ISO_DAY.search(spanish), spanish
    assert "inicio  (fecha de salida: " in spanish


def test_french_journal_says_when_in_french_and_puts_a_space_before_colons(
    run: Run, plan_home: object
) -> None:
    """`hier à 21 h` is shown with the day it was read as, in French, and each field's label
    is followed by a no-break space and a colon, on `log show`, `log list` and the summary."""
    entry = 'when = "hier à 21 h"\nwhat = "Il a crié"\n'
    ok(run("--lang", "fr", "log", "add", input=entry, today=None))
    yesterday = french_day(date.today() - timedelta(days=1))
    shown = ok(run("--lang", "fr", "log", "show", "1", today=None)).stdout
    assert f"Quand : hier à 21 h ({yesterday} à 21 h 00)" in shown.replace("\u00a0", " ")
    assert "Ce qui s'est passé : Il a crié" in shown.replace("\u00a0", " ")
    listed = ok(run("--lang", "fr", "log", "list", today=None)).stdout
    assert f"hier à 21 h ({yesterday} à 21 h 00)" in listed
    summary = ok(run("--lang", "fr", "summary", "--journal", today=None)).stdout
    words = [line for line in summary.splitlines() if "http" not in line]
    assert not [line for line in words if re.search(r"\w:(\s|$)", line)], summary
    assert not ISO_DAY.search("\n".join(words)), summary


def test_quebec_and_france_punctuate_the_steps_their_own_way(run: Run, home: object) -> None:
    """A step read under fr_CA has no space before ';', under fr_FR a narrow no-break one."""
    ok(run("init", "--exit-date", "2027-03-01"))
    from exitplan.formats.catalog import checklist_files
    from exitplan.formats.translation import load_translation

    full_id, how = next(
        (f"{path.stem}.{step_id}", step.how)
        for path in checklist_files(REPO / "checklists" / "fr")
        if path.stem == "support"  # in every new plan
        for step_id, step in load_translation(path).steps.items()
        if step.how and "\u202f;" in step.how
    )
    words = how.split("\u202f;")[0].split()[-1]
    wide = {"COLUMNS": "400"}
    france = ok(run("show", full_id, env={**wide, "LANG": "fr_FR.UTF-8"})).stdout
    quebec = ok(run("show", full_id, env={**wide, "LANG": "fr_CA.UTF-8"})).stdout
    assert f"{words}\u202f;" in france
    assert f"{words};" in quebec
