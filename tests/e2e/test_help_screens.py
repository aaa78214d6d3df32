"""`exitplan help` fits a small terminal: the first screen and every topic page keep to 80x24
(a row left for the prompt) in English, Spanish and French, read at 40 columns, and every
command can still be found from some help page."""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from helpers import EXITPLAN, cli, ok
from helpers_usage import command_paths

from exitplan.base import i18n
from exitplan.cli.app import app
from exitplan.cli.helpscreens import ALL_TOPIC, TODAY, TOPIC_NAMES, TOPICS

LANGUAGES = ("en", "es", "fr")
ROWS = 23  # 24 rows, one left for the shell's prompt
PATHS = [path for path in command_paths() if path]


def page(language: str, *args: str, columns: int = 80) -> str:
    """A help screen as a person sees it in a terminal this wide."""
    result = ok(cli(None, "--lang", language, *args, env={"COLUMNS": str(columns)}))
    return str(result.stdout)


def shown(name: str, language: str) -> str:
    """A topic's name as the language shows it."""
    i18n.install(language)
    try:
        return i18n._(name)
    finally:
        i18n.install("en")


def rows_of(screen: str) -> dict[str, str]:
    """The rows of a help page: name -> its text, wrapped lines joined."""
    rows: dict[str, str] = {}
    last = None
    for line in screen.splitlines():
        found = re.match(r"^  (\S+(?: \S+)?)(?:  +(\S.*))?$", line)
        if found and not line.startswith("   "):
            last = found.group(1)
            rows[last] = found.group(2) or ""
        elif last is not None and line.startswith("    ") and line.strip():
            rows[last] += " " + line.strip()
        else:
            last = None
    return rows


def named(rows: dict[str, str], path: tuple[str, ...]) -> bool:
    """Whether a command has a row of its own, is named in its group's row, or is a group
    whose commands each have a row."""
    name = " ".join(path)
    if name in rows:
        return True
    if len(path) == 2:
        return re.search(rf"\b{re.escape(path[1])}\b", rows.get(path[0], "")) is not None
    return any(row.startswith(f"{name} ") for row in rows)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_first_screen_fits_80x24(language: str) -> None:
    """`exitplan help` keeps to 23 rows of 80 columns, the same as --help and -h."""
    screen = page(language, "help")
    lines = screen.splitlines()
    assert len(lines) <= ROWS, screen
    assert max(len(line) for line in lines) <= 80, screen
    assert page(language, "--help") == screen
    assert page(language, "-h") == screen


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_first_screen_names_todays_commands_and_the_topics(language: str) -> None:
    """The first screen lists status, review, done, log add, help-now and wipe, then every
    topic by the name the language shows, and how to see one command in full."""
    rows = rows_of(page(language, "help"))
    for command in TODAY:
        assert rows.get(command), (command, rows)
    for name in TOPIC_NAMES:
        assert rows.get(shown(name, language)), (name, rows)
    assert "exitplan help done" in page(language, "help")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", [name for name in TOPIC_NAMES if name != ALL_TOPIC])
def test_every_topic_page_fits_80x24(language: str, name: str) -> None:
    """Each topic page (steps, plan, journal, papers, safety, files, options) keeps to 23 rows
    of 80 columns, in each language, typed by its shown name or its English one."""
    screen = page(language, "help", shown(name, language))
    lines = screen.splitlines()
    assert len(lines) <= ROWS, screen
    assert max(len(line) for line in lines) <= 80, screen
    assert page(language, "help", name) == screen


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_help_pages_read_at_40_columns(language: str) -> None:
    """At 40 columns no line of the first screen or of a topic page is wider than the screen,
    except a word that cannot break."""
    for args in [("help",), *(("help", name) for name in TOPIC_NAMES)]:
        screen = page(language, *args, columns=40)
        wide = [line for line in screen.splitlines() if len(line) > 40 and " " in line.strip()]
        assert wide == [], (args, wide)


def test_every_command_is_on_a_topic_page() -> None:
    """Every command and every command of a group is named on some topic page: a row of its
    own, or its group's row naming it."""
    rows: dict[str, str] = {}
    for topic in TOPICS:
        rows |= rows_of(page("en", "help", topic.name))
    assert [path for path in PATHS if not named(rows, path)] == []


def test_help_all_lists_every_command() -> None:
    """`exitplan help all` is every command and every global option on one page."""
    screen = page("en", "help", "all")
    rows = rows_of(screen)
    assert [path for path in PATHS if not named(rows, path)] == []
    for option in ("--home", "--today", "--passphrase-file", "--plain", "--lang", "--version"):
        assert option in screen


def test_topic_names_are_never_command_names() -> None:
    """No topic, in any language, has the name of a command, so `help NAME` is never in
    doubt."""
    commands = {name for name, _command in [(c.name, c) for c in app.registered_commands]}
    commands |= {group.name for group in app.registered_groups}
    for language in LANGUAGES:
        names = [shown(name, language) for name in TOPIC_NAMES]
        assert not set(names) & commands, language
        assert all(re.fullmatch(r"[^\W\d_]+", name) for name in names), names
        assert len(set(names)) == len(names), names


def test_an_unknown_topic_is_one_plain_line() -> None:
    """`exitplan help nope` exits 2 with one line naming where the list is."""
    result = cli(None, "help", "nope")
    assert result.exit_code == 2
    assert "'nope' is not a command of exitplan" in result.stderr
    assert len(result.stderr.splitlines()) == 1


@pytest.mark.process
@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
@pytest.mark.parametrize(("language", "columns"), [("en", 80), ("es", 80), ("fr", 80), ("es", 40)])
def test_the_first_screen_in_tmux(tmp_path: Path, language: str, columns: int) -> None:
    """In tmux at 80x24 `exitplan help` shows whole: the usage line is still on the screen when
    the last line has shown; at 80 and at 40 columns no line was wider than the terminal."""
    socket = str(tmp_path / "tmux.sock")
    tmux = ["tmux", "-S", socket]
    run = " ".join([*EXITPLAN, "--lang", language, "help"])
    subprocess.run(
        [*tmux, "new-session", "-d", "-x", str(columns), "-y", "24", f"{run}; sleep 60"],
        check=True,
        env={"PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "HOME": str(tmp_path)},
    )

    def pane(*joined: str) -> str:
        return subprocess.run(
            [*tmux, "capture-pane", "-p", *joined], check=True, capture_output=True, text=True
        ).stdout

    try:
        for _ in range(200):
            if "help done" in pane("-J"):
                break
            time.sleep(0.05)
        screen, lines = pane(), pane("-J").rstrip("\n").splitlines()
        first = {"en": "Usage: exitplan", "es": "Uso: exitplan", "fr": "Utilisation"}[language]
        if columns == 80:
            assert screen.splitlines()[0].startswith(first), screen
        assert "help done" in screen
        assert max(len(line) for line in lines) <= columns, lines
    finally:
        subprocess.run([*tmux, "kill-server"], check=False)
