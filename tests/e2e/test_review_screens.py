"""`review` on a real pseudo-terminal: every screen fits its rows (title, state and keys always
on it, the rest folded behind m, no pager), and a note keeps the same step on screen."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from conftest import TODAY, Run
from helpers import ok
from helpers_terminal import ENTER, on_terminal, readable

pytestmark = [
    pytest.mark.process,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses a Linux terminal"),
]

IMMIGRATION = "Get specialist immigration advice at the very start"


@pytest.fixture
def glasgow(run: Run, home: Path) -> Path:
    """A plan of the built-in checklists for someone in Scotland, leaving in six weeks."""
    ok(run("init", "--exit-date", "2027-01-16"))
    ok(run("region", input="Scotland\n"))
    return home


def args_for(home: Path, *command: str) -> list[str]:
    """The command line of a run on `home`, on the tests' today."""
    return ["--home", str(home), "--today", TODAY.isoformat(), *command]


def screens(shown: str, keys_end: str) -> list[str]:
    """What the terminal showed, cut after each keys prompt (each piece ends a screenful)."""
    return [piece + keys_end for piece in readable(shown).split(keys_end)[:-1]]


def rows_of(piece: str, columns: int) -> int:
    """The rows `piece` takes on a terminal `columns` wide (a longer line wraps)."""
    return sum(max(1, -(-len(line) // columns)) for line in piece.split("\n"))


def step_number(run: Run, title: str) -> int:
    """The number `list` shows for the step with this title."""
    listed = json.loads(ok(run("list", "--all", "--json")).stdout)
    [number] = [row["number"] for row in listed if row["title"] == title]
    return int(number)


def place_in_review(run: Run, title: str, *args: str) -> int:
    """Where the step with this title comes in `review ARGS` (1 for the first)."""
    out = ok(run("review", *args, input="\n" * 60)).stdout
    found = re.findall(r"Step (\d+) of \d+[^\n]*\n\nStep +([^\n]+)", out)
    return next(int(index) for index, named in found if named.strip() == title)


@pytest.mark.parametrize(("columns", "lang"), [(80, "en"), (40, "en"), (40, "es")])
def test_a_long_step_fits_the_screen_and_m_shows_the_rest(
    run: Run, glasgow: Path, columns: int, lang: str
) -> None:
    """The immigration step (30 lines at 80 columns in Scotland) fits 24 rows: its title and
    state and the keys are on the first screen, the sources are folded behind m; m shows the
    rest a screen at a time, then the keys again without m."""
    more, hide = ("[m]ás", "[e]sconder: ") if lang == "es" else ("[m]ore", "[h]ide: ")
    before = place_in_review(run, IMMIGRATION, "support") - 1
    steps = [(hide, ENTER)] * before + [(hide, b"m"), (hide, b"m"), (hide, b"m"), (hide, b"q")]
    code, shown = on_terminal(
        args_for(glasgow, "--lang", lang, "review", "support"),
        steps,
        columns=columns,
        env={"EXITPLAN_LANG": lang},
        quiet_seconds=5,
    )
    text = readable(shown)
    pieces = screens(shown, hide)
    at = next(i for i, piece in enumerate(pieces) if "migra" in piece)
    heading = "Paso" if lang == "es" else "Step"
    first = pieces[at][pieces[at].rindex(f" {heading} {before + 1} ") :]
    assert rows_of(first, columns) <= 24, first
    assert more in first
    assert re.search(r"\n(State|Estado)", first), first
    assert "https://" not in first  # the sources are folded away
    rest = [piece.split("\n", 1)[1] for piece in pieces[at + 1 :]]  # after the key's echo
    assert any("https://" in piece for piece in rest)  # m showed them
    for piece in rest:
        assert rows_of(piece, columns) <= 24, piece
    assert more not in rest[-1]  # all shown: m is no longer offered
    assert code in (0, -9), text


def test_after_a_note_the_same_step_stays_and_d_ticks_it(run: Run, glasgow: Path) -> None:
    """n, the note, Enter: the same step is shown again with the note under it, so the next
    key (d) ticks that step, never its neighbour."""
    steps = [
        ("[h]ide: ", b"n"),
        ("Note for", b"Ask the advocate on Monday" + ENTER),
        ("Note saved.", b""),
        ("[h]ide: ", b"d"),
        ("exitplan undo", b"q"),
    ]
    code, shown = on_terminal(args_for(glasgow, "review"), steps, quiet_seconds=10)
    assert code == 0, readable(shown)
    text = readable(shown)
    first = text.split("Step 1 of", 2)
    assert len(first) == 3, text  # step 1 shown twice: before and after the note
    title = first[1].split("\n")[2].split("  ", 1)[1].strip()
    number = step_number(run, title)
    listed = json.loads(ok(run("show", str(number), "--json")).stdout)
    assert listed["status"] == "done"
    assert listed["note"] == "Ask the advocate on Monday"
    assert "Ask the advocate on Monday" in first[2]
    assert "Step 2 of" not in first[2].split("Done.")[0]
