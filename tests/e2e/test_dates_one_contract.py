"""Dates read one way: the schema's words about a date are translated like every other
message, and a checklist's due date refused in English is refused in Spanish too."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from conftest import Run
from helpers import EXIT, MONEY, TODAY, cli


def bad_checklist(tmp_path: Path, due: str) -> Path:
    """A one-step checklist file whose `due` is `due` (TOML text as given)."""
    path = tmp_path / "t-dates.toml"
    path.write_text(
        'schema = 1\nid = "t-dates"\ntitle = "T"\n\n[[item]]\nid = "a"\ntitle = "A"\n'
        f'why = "w"\ndue = {due}\n',
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    ("due", "english", "spanish"),
    [
        ("5000", "5000 days is more than ten years away", "5000 días es más de diez años"),
        ('"2027-02-30"', "is not a day in the calendar", "no es un día del calendario"),
        ("2027-01-01T09:00:00", "use a date without a time", "usa una fecha sin hora"),
        ('"+600w"', "is more than ten years away", "está a más de diez años"),
    ],
)
def test_a_checklist_date_is_refused_in_the_person_s_language(
    tmp_path: Path, due: str, english: str, spanish: str
) -> None:
    """`validate` says what is wrong with a date in English, and in Spanish with --lang es."""
    path = bad_checklist(tmp_path, due)
    said = cli(None, "validate", str(path))
    assert said.exit_code == 1
    assert english in said.stderr
    dicho = cli(None, "--lang", "es", "validate", str(path))
    assert dicho.exit_code == 1
    assert spanish in dicho.stderr, dicho.stderr


# One day in each language's words and numbers, and the forms every language shares: `--today`,
# `date` and `add --due` read each of them the same way, as `exitplan date` always did.
SAID_DAYS = [
    ("en", "June 1, 2027", "2027-06-01"),
    ("en", "2027-06-01", "2027-06-01"),
    ("es", "1 de junio de 2027", "2027-06-01"),
    ("es", "01/06/2027", "2027-06-01"),
    ("fr", "1 juin 2027", "2027-06-01"),
    ("fr", "01/06/2027", "2027-06-01"),
]


@pytest.mark.parametrize(("lang", "text", "day"), SAID_DAYS)
def test_today_reads_a_day_as_the_date_command_does(
    run: Run, plan_home: Path, lang: str, text: str, day: str
) -> None:
    """`--today "1 juin 2027"` in French (and each language's own forms) is the day `date`
    reads from the same words; they were refused as not a date."""
    said = run("--lang", lang, "--today", text, "status", "--json", today=None)
    assert said.exit_code == 0, said.output
    assert json.loads(said.stdout)["today"] == day
    moved = run("--lang", lang, "date", text)
    assert moved.exit_code == 0, moved.output
    assert json.loads(run("status", "--json").stdout)["exit_date"] == day


@pytest.mark.parametrize(
    ("lang", "text", "offset"),
    [("en", "today", 0), ("en", "+3d", 3), ("es", "hoy", 0), ("fr", "+1s", 7)],
)
def test_today_may_be_said_from_the_computer_s_day(
    run: Run, plan_home: Path, lang: str, text: str, offset: int
) -> None:
    """`--today today` and `--today +3d` count from the computer's own date, as `date +3d`
    does; they were refused."""
    said = run("--lang", lang, "--today", text, "status", "--json", today=None)
    assert said.exit_code == 0, said.output
    assert json.loads(said.stdout)["today"] == (TODAY + timedelta(days=offset)).isoformat()


@pytest.mark.parametrize(("lang", "text", "day"), SAID_DAYS)
def test_a_due_date_reads_a_day_as_the_date_command_does(
    run: Run, plan_home: Path, lang: str, text: str, day: str
) -> None:
    """`add --due "1 juin 2027"` is due on that day; it was refused as neither a date nor an
    offset."""
    added = run("--lang", lang, "add", MONEY, "Call the bank", "--due", text)
    assert added.exit_code == 0, added.output
    items = json.loads(run("list", "--json").stdout)
    assert [item["due"] for item in items if item["title"] == "Call the bank"] == [day]


@pytest.mark.parametrize(("lang", "text"), [("en", "-3w"), ("es", "-3s"), ("fr", "-3s")])
def test_a_due_offset_still_counts_from_the_exit(
    run: Run, plan_home: Path, lang: str, text: str
) -> None:
    """An offset in `--due` stays days or weeks from the exit date, in every language."""
    added = run("--lang", lang, "add", MONEY, "Call the bank", "--due", text)
    assert added.exit_code == 0, added.output
    items = json.loads(run("list", "--json").stdout)
    due = (EXIT - timedelta(weeks=3)).isoformat()
    assert [item["due"] for item in items if item["title"] == "Call the bank"] == [due]
