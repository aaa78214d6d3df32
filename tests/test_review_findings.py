"""Findings of a fresh-eyes review, each checked through the real command line."""

from __future__ import annotations

from pathlib import Path

from conftest import Run
from helpers import ok


def test_quick_hide_erases_the_scrollback_after_clearing_the_screen(
    run: Run, plan_home: Path
) -> None:
    """`h` in review clears the screen first and the scrollback last.

    Many terminals (tmux, VTE) move a cleared screen into the scrollback, so erasing the
    scrollback before the screen would leave the step that was on screen one scroll away.
    """
    result = ok(run("review", input="h\n"))
    assert result.stdout.endswith("\033[H\033[2J\033[3J")
