"""Dates read one way: the schema's words about a date are translated like every other
message, and a checklist's due date refused in English is refused in Spanish too."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import cli


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
