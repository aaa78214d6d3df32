"""The quick way out of free text, typed on a real pseudo-terminal and in tmux: Esc twice or
Ctrl-C clears the screen and the scrollback at once and shows nothing more; the words come back
only after an unseen word and a yes; nothing of them is ever written."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import Run
from helpers import EXITPLAN, ok, snapshot
from helpers_terminal import CTRL_C, ENTER, SKIPS, WHEN, args_for, entries, on_terminal, readable

pytestmark = [
    pytest.mark.process,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses a Linux terminal"),
]

ESC_TWICE = b"\x1b\x1b"
CLEARED = "\x1b[H\x1b[2J\x1b[3J"  # the screen, then the scrollback


def after_clear(screen: str) -> str:
    """What the terminal showed after the last clear of the screen and the scrollback."""
    assert CLEARED in screen, screen
    return screen.rsplit(CLEARED, 1)[1]


def test_esc_twice_hides_the_entry_and_back_then_yes_brings_the_words_back(home: Path) -> None:
    """Esc twice in `log add` clears everything at once and shows nothing; a wrong word and
    `back` typed there do not show; after yes the same question comes back with the words on
    the line, to finish and keep."""
    steps = [
        (WHEN, b"2026-11-30 21:15" + ENTER),
        ("Where:", b"the kitchen"),
        ("kitchen", ESC_TWICE),
        (CLEARED, b"hello" + ENTER + b"back" + ENTER),
        ("Bring back what you were typing?", b"yes" + ENTER),
        ("Where: the kitchen", b" door" + ENTER),
        ("What happened:", b"Shouted at me" + ENTER),
        *SKIPS,
    ]
    code, screen = on_terminal(args_for(home, "log", "add"), steps)
    assert code == 0, readable(screen)
    blank = readable(screen.split(CLEARED, 1)[1].split("Bring back", 1)[0])
    assert blank == "", blank  # nothing typed on the blank screen showed
    assert "hello" not in screen
    assert "back" not in screen.split(CLEARED, 1)[1].split("Bring back", 1)[0]
    [entry] = entries(home)
    assert entry["fields"]["where"] == "the kitchen door"  # type: ignore[index]
    assert readable(screen).count("Esc twice (or Ctrl-C)") == 1  # said at the first question


def test_ctrl_c_hides_and_a_second_ctrl_c_ends_with_nothing_said(home: Path) -> None:
    """Ctrl-C at a journal question clears the screen and the scrollback; a second Ctrl-C
    ends the run with exit 130 and not one character after the clear; nothing is kept."""
    steps = [
        (WHEN, b"2026-11-30" + ENTER),
        ("Where:", b"kit"),
        ("kit", CTRL_C),
        (CLEARED, CTRL_C),
    ]
    code, screen = on_terminal(args_for(home, "log", "add"), steps)
    assert code == 130, readable(screen)
    assert after_clear(screen) == ""
    assert "Traceback" not in screen
    assert not (home / "journal").exists() or not any((home / "journal").glob("*.rec"))


def test_no_at_the_question_stops_calmly_and_keeps_nothing(home: Path) -> None:
    """After `back`, any answer but yes ends the run calmly (130) and the words are dropped."""
    steps = [
        (WHEN, b"yesterday 9pm" + ENTER),
        ("Where:", ESC_TWICE),
        (CLEARED, b"back" + ENTER),
        ("Bring back", b"no" + ENTER),
    ]
    code, screen = on_terminal(args_for(home, "log", "add"), steps)
    assert code == 130, readable(screen)
    assert readable(after_clear(screen)).strip().endswith("Stopped. Nothing was changed.")
    assert not (home / "journal").exists() or not any((home / "journal").glob("*.rec"))


def test_the_note_prompt_hides_too_at_40_columns(run: Run, plan_home: Path) -> None:
    """At a note, 40 columns wide, Ctrl-C clears at once; `back` and yes bring the words back
    and the note is kept whole."""
    before = snapshot(plan_home)
    steps = [
        ("Note for #1", b"Ask my sister"),
        ("sister", CTRL_C),
        (CLEARED, b"back" + ENTER),
        ("yes", b"y" + ENTER),
        ("Ask my sister", b" on Sunday" + ENTER),
    ]
    code, screen = on_terminal(args_for(plan_home, "note", "1"), steps, columns=40)
    assert code == 0, readable(screen)
    assert "Esc twice (or" in readable(screen)
    assert snapshot(plan_home) != before
    assert json.loads(ok(run("show", "1", "--json")).stdout)["note"] == "Ask my sister on Sunday"


def test_in_spanish_the_word_is_volver(home: Path) -> None:
    """In Spanish the first question says how in Spanish, `volver` brings the words back and
    `sí` is the yes."""
    steps = [
        ("2026):", b"ayer" + ENTER),
        ("Dónde:", b"la cocina"),
        ("cocina", ESC_TWICE),
        (CLEARED, b"volver" + ENTER),
        ("Recuperar", "sí".encode() + ENTER),
        ("la cocina", ENTER),
        ("Qué pasó:", CTRL_C),
        (CLEARED, CTRL_C),
    ]
    code, screen = on_terminal(
        args_for(home, "log", "add"), steps, columns=40, env={"EXITPLAN_LANG": "es"}
    )
    assert code == 130, readable(screen)
    flat = " ".join(readable(screen).split())
    assert "Esc dos veces (o Ctrl-C) deja la pantalla en blanco al instante" in flat
    assert "escribe volver y pulsa Enter" in flat


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
def test_tmux_keeps_no_word_in_its_scrollback(home: Path, tmp_path: Path) -> None:
    """In tmux at 80x24, after Esc twice neither the screen nor the scrollback holds a word of
    the entry or anything that names exitplan."""
    socket = str(tmp_path / "tmux.sock")
    command = " ".join([*EXITPLAN, *args_for(home, "log", "add")])
    tmux = ["tmux", "-S", socket]
    subprocess.run(
        [*tmux, "new-session", "-d", "-x", "80", "-y", "24", command],
        check=True,
        env={"PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "HOME": str(tmp_path)},
    )

    def pane() -> str:
        return subprocess.run(
            [*tmux, "capture-pane", "-p", "-S", "-", "-E", "-"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout

    def wait_for(text: str) -> None:
        for _ in range(200):
            if text in pane():
                time.sleep(0.1)  # as a person would: never within a moment of it showing
                return
            time.sleep(0.05)
        pytest.fail(f"{text!r} never showed:\n{pane()}")

    try:
        wait_for(WHEN)
        for _ in range(30):  # enough lines to fill the scrollback: a fault, asked again
            subprocess.run([*tmux, "send-keys", "-l", "the other day"], check=True)
            subprocess.run([*tmux, "send-keys", "Enter"], check=True)
        wait_for("Please type it again")
        subprocess.run([*tmux, "send-keys", "-l", "2026-11-30"], check=True)
        subprocess.run([*tmux, "send-keys", "Enter"], check=True)
        wait_for("Where:")
        subprocess.run([*tmux, "send-keys", "-l", "the kitchen"], check=True)
        wait_for("kitchen")
        subprocess.run([*tmux, "send-keys", "Escape", "Escape"], check=True)
        for _ in range(200):
            if "kitchen" not in pane():
                break
            time.sleep(0.05)
        shown = pane()
        assert shown.strip() == "", shown
    finally:
        subprocess.run([*tmux, "kill-server"], check=False)
