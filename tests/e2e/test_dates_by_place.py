"""A date typed in English is read in the order of the plan's place: 10/02/2027 is 10 February
in the United Kingdom, Ireland, Australia and New Zealand, 2 October in the United States; with
no place (or one that writes dates year first) a date both orders make is refused, showing the
two readings and the form that has only one."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import MONEY, Run
from helpers import ok, one_error_line, snapshot


@pytest.mark.parametrize("place", ["Scotland", "Ireland", "Australia", "New Zealand"])
def test_a_day_first_place_reads_the_day_first(run: Run, plan_home: Path, place: str) -> None:
    """With a day-first place, `date 10/02/2027` sets Wednesday 10 February 2027."""
    ok(run("region", input=f"{place}\n"))
    said = ok(run("date", "10/02/2027"))
    assert "Wednesday 10 February 2027" in said.output


def test_the_united_states_reads_the_month_first(run: Run, plan_home: Path) -> None:
    """In the United States, `date 10/02/2027` sets Saturday 2 October 2027."""
    ok(run("region", input="New York\n"))
    said = ok(run("date", "10/02/2027"))
    assert "Saturday 2 October 2027" in said.output


def test_with_no_place_an_ambiguous_date_shows_both_readings(run: Run, plan_home: Path) -> None:
    """With no place, 10/02/2027 is refused in one line naming both days and both ISO forms;
    nothing is written."""
    before = snapshot(plan_home)
    line = one_error_line(run("date", "10/02/2027"), "10 feb 2027", "2 oct 2027")
    assert "2027-02-10 or 2027-10-02" in line
    assert snapshot(plan_home) == before


def test_a_year_first_country_counts_as_no_order(run: Run, plan_home: Path) -> None:
    """Canada writes 2027-02-10, so a typed 10/02/2027 there is refused as with no place."""
    ok(run("region", input="Ontario\n"))
    one_error_line(run("date", "10/02/2027"), "10 feb 2027", "2 oct 2027")


def test_with_no_place_a_date_one_order_makes_is_read(run: Run, plan_home: Path) -> None:
    """31/01/2027 can only be 31 January: it is read even with no place."""
    said = ok(run("date", "31/01/2027"))
    assert "Sunday 31 January 2027" in said.output


def test_a_step_s_due_date_follows_the_place_too(run: Run, plan_home: Path) -> None:
    """`add --due 10/02/2027` is read day first in Scotland, and refused with no place."""
    one_error_line(run("add", MONEY, "--due", "10/02/2027", input="Pack a bag\n"), "2 oct 2027")
    ok(run("region", input="Scotland\n"))
    ok(run("add", MONEY, "--due", "10/02/2027", input="Pack a bag\n"))
    listed = ok(run("list", MONEY, "--json")).stdout
    assert '"2027-02-10"' in listed
