"""help-now's choice of place and its lines: the place named first, else the one a plain plan
names (read without a passphrase), else every emergency number; a sealed plan said to be sealed,
a name not known still showing the numbers, and nothing ever written."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import snapshot

from exitplan.base.limits import PLAN_FILE, SEALED_MARK
from exitplan.formats.regions import countries
from exitplan.service.helpnow import help_lines
from exitplan.service.results import HelpLines

EMERGENCY = {"000", "112", "911", "999", "111"}


def numbers(shown: HelpLines) -> list[str]:
    """The numbers of the lines shown, in order."""
    lines = shown.data["lines"]
    assert isinstance(lines, list)
    return [line["number"] for line in lines]


def kinds(shown: HelpLines) -> set[str]:
    """The kinds of the lines shown."""
    lines = shown.data["lines"]
    assert isinstance(lines, list)
    return {line["kind"] for line in lines}


def code(shown: HelpLines) -> str | None:
    """The code of the place shown, or None for the overview."""
    place = shown.data["place"]
    return place["code"] if isinstance(place, dict) else None


def words(shown: HelpLines) -> str:
    """The screen's words on one line (the screen wraps them)."""
    return " ".join(shown.text.split())


def plan_in(home: Path, text: bytes) -> Path:
    """A data folder whose plan file holds `text`."""
    home.mkdir(mode=0o700)
    (home / PLAN_FILE).write_bytes(text)
    return home


def test_without_plan_or_name_every_emergency_number_is_shown(home: Path) -> None:
    """No plan and no name: the overview of every country's emergency number, no place, no
    problem, and nothing created."""
    shown = help_lines(home, None)
    assert code(shown) is None
    assert kinds(shown) == {"emergency"}
    expected = [line.number for c in countries() for line in c.lines if line.kind == "emergency"]
    assert numbers(shown) == expected
    assert {"000", "112", "999"} <= set(numbers(shown))
    assert (shown.problem, shown.data["plan_encrypted"]) == (None, False)
    assert words(shown).startswith("If you are in danger now, call your local emergency number:")
    assert not home.exists()


def test_a_named_place_shows_its_own_lines(home: Path) -> None:
    """A place named by code or by name shows its emergency number first, then its helplines."""
    for name in ("es", "Spain", "spain"):
        shown = help_lines(home, name)
        assert code(shown) == "es"
        assert numbers(shown)[:2] == ["112", "016"]
        assert shown.problem is None
    assert "Spain" in shown.text
    assert "source:" not in shown.text


def test_sources_are_shown_only_when_asked(home: Path) -> None:
    """With sources, each line is followed by its official page and the day it was checked."""
    shown = help_lines(home, "es", sources=True)
    assert "source: https://" in shown.text
    assert "checked" in shown.text


def test_a_country_names_the_first_helpline_of_each_of_its_parts(home: Path) -> None:
    """The United Kingdom shows its own lines, then for each nation (England and Wales,
    Scotland, Northern Ireland) the first helpline that nation's own screen gives."""
    uk = help_lines(home, "United Kingdom")
    assert code(uk) == "gb"
    assert numbers(uk)[0] == "999"
    for nation in ("England and Wales", "Scotland", "Northern Ireland"):
        own = help_lines(home, nation)
        first = next(n for n in numbers(own) if n not in EMERGENCY)
        assert first in numbers(uk), nation
        assert nation in uk.text


def test_an_unknown_name_still_shows_every_emergency_number_then_the_problem(home: Path) -> None:
    """A place exitplan does not know costs no number: the overview is shown, and one line says
    what went wrong and how to see every place."""
    shown = help_lines(home, "Atlantis")
    assert code(shown) is None
    assert kinds(shown) == {"emergency"}
    assert shown.problem == (
        "Error: exitplan does not know a place called 'Atlantis'. See every place it knows "
        "with: exitplan region --list"
    )


def test_the_place_a_plain_plan_names_is_shown(home: Path) -> None:
    """A plain plan's place is read without a passphrase and its lines shown; a place named on
    the command line comes first; the plan is left byte for byte as it was."""
    plan_in(home, b'region = "gb-sct"\n')
    before = snapshot(home)
    assert code(help_lines(home, None)) == "gb-sct"
    assert code(help_lines(home, "Spain")) == "es"
    assert snapshot(home) == before


@pytest.mark.parametrize(
    "text",
    [b'region = "xx"\n', b"region = 3\n", b"this is not toml = = \n", b"", b"\xff\xfe"],
)
def test_a_plan_without_a_known_place_shows_the_overview(home: Path, text: bytes) -> None:
    """A plan naming no place exitplan knows, or one that cannot be read, is no place: the
    overview is shown with no problem line (help-now never fails for the plan's sake)."""
    shown = help_lines(plan_in(home, text), None)
    assert code(shown) is None
    assert kinds(shown) == {"emergency"}
    assert shown.problem is None


def test_a_sealed_plan_is_said_to_be_sealed_and_never_opened(home: Path) -> None:
    """A sealed plan cannot tell the place without its passphrase: the overview says how to name
    the place, or, at a terminal, that the passphrase can be typed below the numbers."""
    plan_in(home, SEALED_MARK + b"sealed bytes")
    shown = help_lines(home, None)
    assert (code(shown), shown.data["plan_encrypted"]) == (None, True)
    assert "Your plan is encrypted, so help-now cannot read where you live" in words(shown)
    assert "exitplan help-now --region NAME" in words(shown)
    asking = help_lines(home, None, asking=True)
    assert "Below the numbers, you can type your passphrase" in words(asking)
    assert "cannot read where you live" not in words(asking)


def test_the_place_read_from_a_sealed_plan_is_shown(home: Path) -> None:
    """Once the passphrase was typed, the place the sealed plan names is shown by its code,
    unless a place was named on the command line."""
    plan_in(home, SEALED_MARK + b"sealed bytes")
    assert code(help_lines(home, None, code="gb-sct")) == "gb-sct"
    assert code(help_lines(home, None, code="xx")) is None
    assert code(help_lines(home, "Spain", code="gb-sct")) == "es"  # a name typed comes first
    assert code(help_lines(home, "Atlantis", code="gb-sct")) is None


def test_every_number_of_every_place_on_request(home: Path) -> None:
    """`--all` shows every line of every place, helplines too, with no place chosen, and never
    reads the plan (one naming a place, or a sealed one, changes nothing)."""
    plan_in(home, b'region = "es"\n')
    shown = help_lines(home, None, every=True)
    assert code(shown) is None
    (home / PLAN_FILE).write_bytes(SEALED_MARK + b"sealed bytes")
    assert help_lines(home, None, every=True).data["plan_encrypted"] is False  # never read
    assert {"emergency", "helpline"} <= kinds(shown)
    assert "016" in numbers(shown)
    assert "0800 027 1234" in numbers(shown)  # Scotland's, a part's line


def test_a_plain_overview_separates_countries_with_words(home: Path) -> None:
    """For a screen reader the overview joins countries with semicolons, not dots."""
    assert "·" not in help_lines(home, None, plain=True).text
    assert ";" in help_lines(home, None, plain=True).text
