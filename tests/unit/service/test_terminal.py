"""The terminal a run writes to (service/terminal.py): colour, plain mode, width and height."""

from __future__ import annotations

import io
import os
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exitplan.service import terminal


class Screen(io.StringIO):
    """A stream that says it is a terminal (or not), with a descriptor of its own."""

    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty

    def fileno(self) -> int:
        return 1


def sized(columns: int, lines: int) -> Any:
    """A stand-in for os.get_terminal_size that reports a terminal of that size."""
    return lambda _fd=1: os.terminal_size((columns, lines))


def no_terminal(_fd: int = 1) -> os.terminal_size:
    """A stand-in for os.get_terminal_size where stdout is no terminal."""
    raise OSError(25, "Inappropriate ioctl for device")


@pytest.fixture
def bare(monkeypatch: pytest.MonkeyPatch) -> None:
    """No COLUMNS, LINES, NO_COLOR, FORCE_COLOR, TERM or EXITPLAN_PLAIN in the environment."""
    for name in ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR", "TERM", "EXITPLAN_PLAIN"):
        monkeypatch.delenv(name, raising=False)


# -- plain mode ------------------------------------------------------------------------------


def test_plain_mode_is_off_unless_asked() -> None:
    """With neither --plain nor EXITPLAN_PLAIN, output is not plain."""
    assert terminal.plain_enabled({}) is False


def test_the_plain_flag_turns_plain_mode_on_whatever_the_environment() -> None:
    """--plain wins even over EXITPLAN_PLAIN=0."""
    assert terminal.plain_enabled({"EXITPLAN_PLAIN": "0"}, flag=True) is True


@pytest.mark.parametrize("value", ["1", "yes", "true", " on ", "anything"])
def test_exitplan_plain_set_to_a_yes_turns_plain_mode_on(value: str) -> None:
    """EXITPLAN_PLAIN set to anything but an off word turns plain mode on."""
    assert terminal.plain_enabled({"EXITPLAN_PLAIN": value}) is True


@pytest.mark.parametrize("value", ["", "0", "false", "No", " OFF "])
def test_exitplan_plain_set_to_an_off_word_leaves_plain_mode_off(value: str) -> None:
    """EXITPLAN_PLAIN empty, 0, false, no or off (any case, spaces around) is off."""
    assert terminal.plain_enabled({"EXITPLAN_PLAIN": value}) is False


def test_plain_mode_reads_the_process_environment_by_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without an environment given, the process's own is read."""
    monkeypatch.setenv("EXITPLAN_PLAIN", "1")
    assert terminal.plain_enabled() is True
    monkeypatch.setenv("EXITPLAN_PLAIN", "0")
    assert terminal.plain_enabled() is False


# -- colour ----------------------------------------------------------------------------------


def test_a_terminal_gets_colour() -> None:
    """Writing to a terminal with no setting against it, colour is on."""
    assert terminal.colour_enabled(Screen(tty=True), {}) is True


def test_a_pipe_gets_no_colour() -> None:
    """Writing to a pipe or a file, colour is off."""
    assert terminal.colour_enabled(Screen(tty=False), {}) is False


def test_force_colour_colours_even_a_pipe() -> None:
    """A non-empty FORCE_COLOR turns colour on when piped; an empty one does not."""
    assert terminal.colour_enabled(Screen(tty=False), {"FORCE_COLOR": "1"}) is True
    assert terminal.colour_enabled(Screen(tty=False), {"FORCE_COLOR": ""}) is False


def test_no_color_always_wins() -> None:
    """A non-empty NO_COLOR turns colour off on a terminal, even with FORCE_COLOR."""
    env = {"NO_COLOR": "1", "FORCE_COLOR": "1"}
    assert terminal.colour_enabled(Screen(tty=True), env) is False


def test_an_empty_no_color_does_not_count() -> None:
    """NO_COLOR set to nothing leaves a terminal its colour (no-color.org's rule)."""
    assert terminal.colour_enabled(Screen(tty=True), {"NO_COLOR": ""}) is True


def test_plain_mode_never_has_colour() -> None:
    """Plain mode turns colour off, even forced, on a terminal."""
    env = {"FORCE_COLOR": "1"}
    assert terminal.colour_enabled(Screen(tty=True), env, plain=True) is False


def test_a_dumb_terminal_gets_no_colour_unless_forced() -> None:
    """TERM=dumb turns colour off on a terminal; FORCE_COLOR still turns it on."""
    assert terminal.colour_enabled(Screen(tty=True), {"TERM": "dumb"}) is False
    assert terminal.colour_enabled(Screen(tty=True), {"TERM": "dumb", "FORCE_COLOR": "1"}) is True
    assert terminal.colour_enabled(Screen(tty=True), {"TERM": "xterm"}) is True


def test_a_closed_or_unusual_stream_gets_no_colour() -> None:
    """A closed stream, or an object with no isatty, is asked nothing and gets no colour."""
    closed = io.StringIO()
    closed.close()
    assert terminal.colour_enabled(closed, {}) is False
    assert terminal.colour_enabled(object(), {}) is False  # type: ignore[arg-type]


def test_colour_is_decided_for_stdout_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a stream given, stdout is the one asked."""
    monkeypatch.setattr(sys, "stdout", Screen(tty=True))
    assert terminal.colour_enabled(environ={}) is True
    monkeypatch.setattr(sys, "stdout", Screen(tty=False))
    assert terminal.colour_enabled(environ={}) is False


# -- width -----------------------------------------------------------------------------------


def test_columns_names_the_width(bare: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """COLUMNS, when a positive number, is the width, whatever the terminal says."""
    monkeypatch.setattr(os, "get_terminal_size", sized(132, 40))
    monkeypatch.setenv("COLUMNS", "100")
    assert terminal.terminal_columns() == 100
    assert terminal.width() == 100


@pytest.mark.parametrize("columns", ["0", "-5", "wide", ""])
def test_a_useless_columns_falls_back_to_the_terminal(
    bare: None, monkeypatch: pytest.MonkeyPatch, columns: str
) -> None:
    """COLUMNS that is not a positive number is ignored: the terminal's width is used."""
    monkeypatch.setattr(os, "get_terminal_size", sized(132, 40))
    monkeypatch.setenv("COLUMNS", columns)
    assert terminal.terminal_columns() == 132


def test_a_pipe_is_80_columns_wide(bare: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """With no COLUMNS and no terminal, the width is 80 (or the fallback asked for)."""
    monkeypatch.setattr(os, "get_terminal_size", no_terminal)
    assert terminal.terminal_columns() == 80
    assert terminal.terminal_columns(fallback=60) == 60
    assert terminal.width() == 80


def test_a_terminal_that_says_zero_columns_gets_the_fallback(
    bare: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A terminal reporting 0 columns (some serial consoles do) counts as none."""
    monkeypatch.setattr(os, "get_terminal_size", sized(0, 0))
    assert terminal.terminal_columns() == 80


def test_no_stdout_at_all_gets_the_fallback(bare: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A run started with stdout closed (sys.__stdout__ is None) is 80 wide, no traceback."""
    monkeypatch.setattr(sys, "__stdout__", None)
    assert terminal.terminal_columns() == 80


@settings(max_examples=40, deadline=None)
@given(columns=st.integers(min_value=-1000, max_value=1000))
def test_the_width_is_never_under_twenty(columns: int) -> None:
    """Whatever COLUMNS says, the width written for is at least 20 columns, COLUMNS itself when
    it is 20 or more, and 80 (a pipe's) when it is no positive number."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COLUMNS", str(columns))
        mp.setattr(os, "get_terminal_size", no_terminal)
        got = terminal.width()
    assert got >= terminal.MIN_WIDTH
    if columns >= 20:
        assert got == columns
    elif columns <= 0:
        assert got == 80


def test_a_narrow_columns_is_widened_to_twenty(bare: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """COLUMNS=10 writes for 20 columns: nothing is squeezed narrower."""
    monkeypatch.setenv("COLUMNS", "10")
    assert terminal.width() == 20


# -- height ----------------------------------------------------------------------------------


def test_lines_names_the_height(bare: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """LINES, when a positive number, is the height, even when piped."""
    monkeypatch.setattr(sys, "__stdout__", Screen(tty=False))
    monkeypatch.setenv("LINES", "30")
    assert terminal.height() == 30


def test_a_pipe_has_no_height(bare: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """With no LINES and stdout no terminal, there is no screen to fit: None."""
    monkeypatch.setattr(sys, "__stdout__", Screen(tty=False))
    monkeypatch.setattr(os, "get_terminal_size", sized(80, 24))
    assert terminal.height() is None


@pytest.mark.parametrize("lines", ["0", "-3", "tall"])
def test_a_terminal_gives_its_rows(bare: None, monkeypatch: pytest.MonkeyPatch, lines: str) -> None:
    """On a terminal, with LINES unset or not a positive number, its own rows are the height."""
    monkeypatch.setattr(sys, "__stdout__", Screen(tty=True))
    monkeypatch.setattr(os, "get_terminal_size", sized(80, 24))
    monkeypatch.setenv("LINES", lines)
    assert terminal.height() == 24


def test_a_terminal_of_no_rows_or_no_stdout_has_no_height(
    bare: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A terminal reporting 0 rows, one that cannot be asked, and a closed stdout give None."""
    monkeypatch.setattr(sys, "__stdout__", Screen(tty=True))
    monkeypatch.setattr(os, "get_terminal_size", sized(80, 0))
    assert terminal.height() is None
    monkeypatch.setattr(os, "get_terminal_size", no_terminal)
    assert terminal.height() is None
    monkeypatch.setattr(sys, "__stdout__", None)
    assert terminal.height() is None
