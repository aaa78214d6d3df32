"""`region validate` and `region show` through the command line: the shipped files pass, a bad or
misnamed file is refused, and a place that keeps a fact neutral says whom to ask."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Run
from helpers import ok

from exitplan.formats.regions import (
    region_files,
)

# What the brief asks the files to cover: the countries, and the parts where the law differs.


# Countries whose emergency number no primary page in reach confirmed: help-now says to use the
# local emergency number. Shrink this set as numbers are checked; never grow it quietly.


# A date no check can be later than (the day these files were last checked; not the clock).


# Not primary sources: news, document dumps, mirrors, marketing.


# Digits only: a word in a number ("112 or 999") would stay English on a Spanish screen.


# -- exitplan validate ------------------------------------------------------------------------


def test_validate_accepts_every_shipped_region_file(run: Run) -> None:
    """`validate` knows a region file from a checklist and says what it holds."""
    result = ok(run("validate", *(str(path) for path in region_files())))
    assert result.stdout.count(": ok (a region file:") == len(region_files())


GOOD_LINE = """
[[line]]
service = "A line"
number = "0800 000 000"
kind = "helpline"
serves = "anyone"
hours = "24/7"
sources = ["https://example.gov/line"]
checked = 2026-11-01
"""


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (GOOD_LINE + "colour = 'red'\n", ["colour", "not a known field"]),
        (GOOD_LINE.replace('sources = ["https://example.gov/line"]\n', ""), ["sources"]),
        (GOOD_LINE.replace("https://example.gov/line", "example.gov"), ["sources"]),
        (GOOD_LINE.replace("2026-11-01", "2019-01-01"), ["too old"]),
        (GOOD_LINE.replace('"anyone"', '"everyone"'), ["serves"]),
        (
            "[fact.rainbow]\ntext='x'\ndetail='y'\nsources=['https://a.gov/x']\nchecked=2026-11-01\n",
            ["rainbow", "not a fact"],
        ),
        ("[fact.court-order]\ntext='an order'\ndetail='y'\nchecked=2026-11-01\n", ["sources"]),
        (
            "[fact.court-order]\ntext='{{x|y}}'\ndetail='y'\nsources=['https://a.gov/x']\nchecked=2026-11-01\n",
            ["placeholder"],
        ),
    ],
)
def test_validate_refuses_a_bad_region_file(
    run: Run, tmp_path: Path, body: str, words: list[str]
) -> None:
    """An unknown key, a line or fact without a source, a bad address, an old date, an unknown
    fact: one line per problem, exit 1, and the file is left as it was."""
    path = tmp_path / "zz.toml"
    path.write_text('schema = 1\ncode = "zz"\nname = "Testland"\n' + body, encoding="utf-8")
    before = path.read_bytes()
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    first = result.stderr.splitlines()[0].lower()
    assert first.startswith("error: ")
    for word in words:
        assert word in first, first
    assert path.read_bytes() == before


def test_a_region_file_named_for_another_country_is_refused(run: Run, tmp_path: Path) -> None:
    """The code inside must match the file name, as the shipped files are found by it."""
    path = tmp_path / "xx.toml"
    path.write_text('schema = 1\ncode = "zz"\nname = "Testland"\n', encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"Error: {path}: code 'zz' should match the file name 'xx'",
        "1 problem found.",
    ]


# -- the built-in steps that name local facts -------------------------------------------------

# Which built-in step names which local fact: a step losing its placeholder (or gaining one) is
# a content change to make on purpose.


# -- local truth: the places kept complete, and remedies a place does not have ---------------

# The places whose every step-named fact is filled or neutral (with a reason). Grow it as places
# are completed; never shrink it quietly.


def test_validate_coverage_reports_every_place_and_the_kept_complete_details(run: Run) -> None:
    """`validate --coverage` prints a line per place, lists each neutral cell of a place kept
    complete with its reason, and exits 0 while none of them has a missing cell."""
    result = ok(run("validate", "--coverage"))
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Local facts: 25 steps name them")
    assert any(
        line.startswith("Spain (kept complete): ") and " 0 missing" in line for line in lines
    )
    assert "Spain (kept complete): 21 filled (21 on an official page), 4 neutral, 0 missing" in (
        lines
    )
    assert "  after.protection-order: police-notice neutral (the place has no such thing)" in lines
    data = json.loads(ok(run("validate", "--coverage", "--json")).stdout)
    mexico = next(place for place in data["places"] if place["code"] == "mx")
    assert mexico["covered"]
    assert mexico["counts"]["missing"] == 0
    assert 0 < mexico["confirmed"] < mexico["counts"]["filled"]


def test_validate_without_files_or_coverage_is_a_usage_error(run: Run) -> None:
    """`validate` with nothing to check says to name a file or ask for the coverage."""
    result = run("validate")
    assert result.exit_code == 2
    assert "exitplan validate needs FILES, or --coverage" in result.stderr


def test_show_gives_whom_to_ask_where_a_place_keeps_a_fact_neutral(run: Run) -> None:
    """In Spain the crisis step keeps its general words, and `show` says why (only a judge
    grants an order, and which numbers to call), in text and in --json."""
    ok(run("init"))
    ok(run("region", input="Spain\n"))
    shown = ok(run("show", "after.protection-order")).stdout
    assert "the police do not issue protection orders" in " ".join(shown.split())
    data = json.loads(ok(run("show", "after.protection-order", "--json")).stdout)
    assert [(n["key"], n["why"]) for n in data["neutral"]] == [("police-notice", "none")]
    assert [fact["key"] for fact in data["local"]] == ["court-order"]
