"""What a pipe gives is read up to a limit and no further: a few megabytes piped into a command
that reads its answers from standard input are refused in one plain line that does not quote
them back, and nothing is written (`region` once held 300 MB in memory and echoed it whole)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Run
from helpers import assert_no_traceback, one_error_line, snapshot

# A few MiB, past every limit and small enough for a shared machine.
FLOOD = "Wales" + "x" * (3 * 1024 * 1024) + "\n"


@pytest.mark.parametrize(
    "command",
    [
        ("region",),
        ("phone-check", "--iphone"),
        ("situation",),
        ("date", "-"),
    ],
    ids=" ".join,
)
def test_a_flood_on_standard_input_is_refused_unread_and_unquoted(
    run: Run, plan_home: Path, command: tuple[str, ...]
) -> None:
    """Megabytes piped in: one short error line that says the text is too long, never the
    text itself, and the data folder unchanged."""
    before = snapshot(plan_home)
    result = run(*command, input=FLOOD)
    line = one_error_line(result, "standard input", "longer than")
    assert len(line) < 200, line[:300]
    assert "xxxxxxxx" not in result.output
    assert snapshot(plan_home) == before


def test_a_flood_at_a_prompt_is_refused_as_one_line_too(run: Run, plan_home: Path) -> None:
    """A prompt reads a line at a time (`review`'s keys): one line of megabytes is refused the
    same way, after the step it was asked on, and nothing is written."""
    before = snapshot(plan_home)
    result = run("review", input=FLOOD)
    assert_no_traceback(result)
    assert result.exit_code == 1
    last = result.stderr.splitlines()[-1]  # after the keys' prompt (a pipe ends no line)
    assert last.endswith(
        "]ide: Error: the text given on standard input is longer than 24,096 "
        "characters; nothing was changed"
    ), last
    assert "xxxxxxxx" not in result.output
    assert snapshot(plan_home) == before
