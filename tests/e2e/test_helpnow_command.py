"""`help-now`: the emergency line and the person's place's numbers on one 80x24 screen, with no
plan, no passphrase and nothing written; sources on demand; natural place names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import MONEY, Run, init_plan
from helpers import make_home, ok, snapshot

from exitplan.formats.regions import countries, load_places, local_for, parts_of

PASSPHRASE = "correct horse battery staple"  # noqa: S105 - a test passphrase
# An 80x24 terminal: the screen and the prompt the person typed it at.
ROWS = 23
CODES = [place.code for place in load_places()]


def screen(run: Run, *args: str, columns: int = 80) -> list[str]:
    """help-now's lines at a terminal this wide."""
    return ok(run("help-now", *args, env={"COLUMNS": str(columns)})).stdout.splitlines()


def fits(lines: list[str], columns: int) -> bool:
    """No line is wider than the terminal, except a web address alone on its line."""
    return all(len(line) <= columns or line.startswith("http") for line in lines)


# -- without a place ------------------------------------------------------------------------


def test_without_a_place_every_emergency_number_fits_one_screen(run: Run, home: Path) -> None:
    """No plan, no --region: the emergency numbers of every country first, then how to name a
    place, all on one 80x24 screen; nothing is created."""
    lines = screen(run)
    assert lines[0] == "If you are in danger now, call your local emergency number:"
    assert len(lines) <= ROWS
    assert fits(lines, 80)
    text = " ".join(" ".join(lines).split())
    for country in countries():
        for line in country.lines:
            if line.kind == "emergency":
                assert line.number in text, country.name
    assert "--region" in text
    assert "exitplan region" in text
    assert not home.exists()


def test_the_overview_says_which_countries_have_no_checked_number(run: Run) -> None:
    """A country whose emergency number is not yet checked is named, with what to do."""
    text = " ".join(" ".join(screen(run)).split())
    assert "Not yet checked: Argentina, Chile." in text
    assert "Use the local emergency number." in text


def test_plain_output_uses_words_not_symbols(run: Run) -> None:
    """--plain (for screen readers) separates the countries with semicolons, not dots."""
    text = ok(run("--plain", "help-now")).stdout
    assert "\u00b7" not in text
    assert "; " in text


# -- a place --------------------------------------------------------------------------------


@pytest.mark.parametrize("code", CODES)
def test_every_place_fits_80x24_with_the_emergency_line_first(run: Run, code: str) -> None:
    """For every place: the first line says what to call in danger (its emergency number when
    known), every number of the place is shown, and it all fits an 80x24 screen."""
    region = local_for(code)
    assert region is not None
    lines = screen(run, "--region", code)
    assert len(lines) <= ROWS, "\n".join(lines)
    assert fits(lines, 80)
    assert lines[0].startswith("If you are in danger now, call")
    for line in region.lines:
        if line.kind == "emergency":
            assert line.number in lines[0], code
    text = "\n".join(lines)
    for line in region.lines:
        assert line.number in text, (code, line.number)
    assert any(line.startswith(region.label) for line in lines)
    assert "exitplan help-now --sources" in text


@pytest.mark.parametrize("code", ["gb", "au", "ca", "us-tx", "gb-sct", "ca-nt", "es"])
def test_a_place_wraps_at_40_columns(run: Run, code: str) -> None:
    """A narrow terminal gets each number on its own line, the words under it, none cut."""
    lines = screen(run, "--region", code, columns=40)
    assert fits(lines, 40)
    region = local_for(code)
    assert region is not None
    for line in region.lines:
        assert any(line.number in row for row in lines), line.number


def test_a_country_with_parts_lists_a_line_for_each_part(run: Run) -> None:
    """The UK screen points to each nation's own line, by name."""
    text = "\n".join(screen(run, "--region", "United Kingdom"))
    assert "By nation:" in text
    for part in parts_of(load_places()[[p.code for p in load_places()].index("gb")]):
        assert part.name in text
    assert "0800 027 1234" in text  # Scotland's helpline


def test_a_part_shows_its_own_lines_and_its_countrys_emergency_number(run: Run) -> None:
    """Scotland: 999 on the first line, then Scotland's own helpline and the UK-wide lines."""
    lines = screen(run, "--region", "Scotland")
    assert "999" in lines[0]
    text = "\n".join(lines)
    assert "0800 027 1234" in text
    assert "0808 802 0300" in text  # the UK's National Stalking Helpline
    assert "Scotland (United Kingdom)" in text


def test_lines_say_whom_they_serve_and_when_not_24_7(run: Run) -> None:
    """Each line says whom it serves; one that is not 24/7 says its hours (or to check)."""
    text = " ".join(" ".join(screen(run, "--region", "Queensland")).split())
    assert "DVConnect Womensline: for women, 24/7." in text
    assert "DVConnect Mensline: for men, 9am to midnight, 7 days." in text
    text = " ".join(" ".join(screen(run, "--region", "England")).split())
    assert "Men's Advice Line: for men, check the hours." in text


def test_sources_are_shown_on_demand(run: Run) -> None:
    """--sources shows where each number was checked, and when, and how to report one."""
    region = local_for("au-nsw")
    assert region is not None
    text = "\n".join(screen(run, "--region", "NSW", "--sources"))
    for line in region.lines:
        for url in line.sources:
            assert url in text
        assert f"checked {line.checked}" in text
    assert "If one is wrong" in text
    short = "\n".join(screen(run, "--region", "NSW"))
    assert "https://" not in short


def test_json_has_the_place_and_every_line_with_its_sources(run: Run) -> None:
    """--json: the place, and each line with whom it serves, its hours and its sources."""
    data = json.loads(ok(run("help-now", "--region", "Wales", "--json")).stdout)
    assert data["place"] == {
        "code": "gb-eaw",
        "name": "England and Wales",
        "label": "England and Wales (United Kingdom)",
    }
    numbers = {line["number"]: line for line in data["lines"]}
    assert "999" in numbers
    assert numbers["0808 80 10 800"]["serves"] == "anyone"
    assert all(line["sources"] and line["checked"] for line in data["lines"])


def test_all_shows_every_number_with_its_source(run: Run) -> None:
    """--all: every line of every place, with its source."""
    text = ok(run("help-now", "--all")).stdout
    for place in load_places():
        for line in place.lines:
            assert line.number in text
            assert line.sources[0] in text


# -- a name exitplan does not know ------------------------------------------------------------


def test_an_unknown_place_still_shows_the_numbers_then_one_line(run: Run, home: Path) -> None:
    """A typo never costs the numbers: every emergency number is shown, then one error line
    with the nearest name; exit 2; nothing written."""
    result = run("help-now", "--region", "Scotlnd")
    assert result.exit_code == 2
    assert result.stdout.startswith("If you are in danger now, call your local emergency")
    assert "999" in result.stdout
    errors = result.stderr.splitlines()
    assert len(errors) == 1
    assert errors[0].startswith("Error: exitplan does not know a place called 'Scotlnd'.")
    assert "Scotland" in errors[0]
    assert "Traceback" not in result.output
    assert not home.exists()


def test_a_control_character_in_a_name_never_reaches_the_screen(run: Run) -> None:
    """A name typed with escape codes or a bell is shown without them."""
    result = run("help-now", "--region", "Atl\x1b[31mantis\x07")
    assert result.exit_code == 2
    assert "\x1b" not in result.stderr
    assert "\x07" not in result.stderr


# -- with a plan ------------------------------------------------------------------------------


@pytest.fixture
def placed_home(home: Path, no_builtins: Path, run: Run) -> Path:
    """A plain plan whose person lives in Scotland."""
    make_home(home, MONEY)
    init_plan(run)
    ok(run("region", input="Scotland\n"))
    return home


def test_the_plans_place_comes_first_without_asking(run: Run, placed_home: Path) -> None:
    """help-now reads the place from a plain plan (no --region) and changes nothing."""
    before = snapshot(placed_home)
    lines = screen(run)
    assert "999" in lines[0]
    assert "Scotland (United Kingdom)" in lines
    assert snapshot(placed_home) == before


def test_region_on_the_command_line_wins_and_stores_nothing(run: Run, placed_home: Path) -> None:
    """--region shows another place for now; the plan still says Scotland."""
    before = snapshot(placed_home)
    assert "Ontario (Canada)" in screen(run, "--region", "Ontario")
    assert snapshot(placed_home) == before


def test_an_encrypted_plan_asks_for_nothing_and_says_how_to_name_a_place(
    run: Run, placed_home: Path, tmp_path: Path
) -> None:
    """Sealed, the plan cannot tell help-now where the person lives, and help-now never asks
    for the passphrase: it shows every emergency number and says to use --region."""
    secret = tmp_path / "pass.txt"
    secret.write_text(PASSPHRASE + "\n", encoding="utf-8")
    ok(run("--passphrase-file", str(secret), "encrypt"))
    before = snapshot(placed_home)
    result = ok(run("help-now", env={"COLUMNS": "80"}))
    text = " ".join(result.stdout.split())
    assert "Your plan is encrypted" in text
    assert "exitplan help-now --region NAME" in text
    assert "passphrase" not in result.output.lower()
    assert len(result.stdout.splitlines()) <= ROWS
    data = json.loads(ok(run("help-now", "--json")).stdout)
    assert data["plan_encrypted"] is True
    assert data["place"] is None
    assert "0800 027 1234" in ok(run("help-now", "--region", "Scotland")).stdout
    assert snapshot(placed_home) == before


def test_a_broken_plan_never_stops_help_now(run: Run, placed_home: Path) -> None:
    """help-now works whatever state the plan file is in."""
    (placed_home / "plan.toml").write_text("not = [valid", encoding="utf-8")
    lines = screen(run)
    assert lines[0] == "If you are in danger now, call your local emergency number:"
    (placed_home / "plan.toml").write_text('region = "zz-qq"\n', encoding="utf-8")
    assert screen(run)[0] == lines[0]
