"""Help and usage errors are written for the person: none of the framework's sentences is left.

`FRAMEWORK_WORDS` (in tests/helpers_usage.py) lists the sentences Typer 0.29 (and the copy of
Click it carries) and pydantic write in English literals that gettext cannot reach. Every help
screen and every common mistake is rendered and checked against the list; the Spanish checks
(tests/e2e/test_spanish_cli.py) use the same list with common English words added.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import MONEY, Run
from helpers import REPO, assert_no_traceback, cli, ok, snapshot
from helpers_usage import command_paths, leftovers

PATHS = command_paths()


@pytest.mark.parametrize("path", PATHS, ids=lambda path: " ".join(path) or "exitplan")
def test_every_help_screen_is_in_our_words(path: tuple[str, ...]) -> None:
    """`--help` and `exitplan help ...` show the same screen, in exitplan's words only: no
    framework sentence, no type label, the usage line first."""
    screen = ok(cli(None, *path, "--help")).stdout
    assert leftovers(screen) == [], screen
    assert screen.startswith(f"Usage: {' '.join(('exitplan', *path))}"), screen
    # exitplan's own first screen leaves its options to `exitplan help options`
    options = screen if path else ok(cli(None, "help", "options")).stdout
    assert "-h, --help  " in options
    assert ok(cli(None, "help", *path)).stdout == screen


def test_help_all_lists_every_command_and_help_itself() -> None:
    """`exitplan help all` works (`help` was "No such command 'help'") and lists every
    command."""
    screen = ok(cli(None, "help", "all")).stdout
    for path in PATHS:
        if len(path) == 1:
            assert f"\n  {path[0]} " in screen, path


def test_help_at_40_columns_fits(monkeypatch: pytest.MonkeyPatch) -> None:
    """At 40 columns no help line is wider than the screen, except a word that cannot break."""
    monkeypatch.setenv("COLUMNS", "40")
    for path in PATHS:
        screen = ok(cli(None, *path, "--help")).stdout
        wide = [line for line in screen.splitlines() if len(line) > 40 and " " in line.strip()]
        assert wide == [], (path, wide)


# (arguments, words the one line must hold)
MISTAKES: list[tuple[tuple[str, ...], str]] = [
    (("note",), "exitplan note needs ITEM (number, id, or part of an id). For example"),
    (("show",), "exitplan show needs ITEM"),
    (("validate",), "exitplan validate needs FILES"),
    (("log", "export"), "exitplan log export needs --output"),
    (("date", "11", "Jan", "2027"), "it cannot use 'Jan 2027'"),
    (("list", MONEY, "2027", "x"), "it cannot use '2027 x'"),
    (("log", "add", "he", "hit", "me"), "log add takes only options; it cannot use 3 more words"),
    (("help-now", "--region"), "--region needs a value after it"),
    (("--today",), "--today needs a value after it"),
    (("status", "--json=yes"), "--json takes no value"),
    (("add", MONEY, "x", "--priority", "urgent"), "'urgent' is not one of the choices for"),
    (("summary", "--format", "pdf"), "use one of: text, markdown, html, json"),
    (("help",), ""),
    (("helpp",), "'helpp' is not a command of exitplan; the nearest is help"),
    (("lis",), "the nearest is list"),
    (("log", "ad"), "'ad' is not a command of exitplan log; the nearest is add"),
    (("help", "nope"), "'nope' is not a command of exitplan"),
    (("list", "--foo"), "exitplan list has no option --foo"),
    (("list", "--al"), "the nearest is --all"),
    (("done", "1", "--plain"), "--plain is an option of exitplan itself"),
    (("date", "--per-day", "x"), "--per-day: give a whole number, like 4"),
    (("date", "--warn-days", "999"), "give a number no higher than 365"),
    (("restore", "x"), "give a whole number"),
    (("log", "show", "0"), "give a number of at least 1"),
    (("--lang", "xx", "status"), "not a language exitplan speaks"),
]


@pytest.mark.parametrize(("args", "words"), MISTAKES, ids=lambda v: " ".join(v) if v else "")
def test_common_mistakes_are_one_line_in_our_words(
    run: Run, plan_home: Path, args: tuple[str, ...], words: str
) -> None:
    """Each mistake: one line `Error: ...` holding the words, exit 2, nothing on stdout,
    nothing written, and none of the framework's sentences."""
    before = snapshot(plan_home)
    result = run(*args)
    assert_no_traceback(result)
    if args == ("help",):
        assert result.exit_code == 0
        return
    assert result.exit_code == 2, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error: "), lines[0]
    assert words in lines[0], lines[0]
    assert leftovers(result.stderr) == [], result.stderr
    assert result.stdout == ""
    assert snapshot(plan_home) == before


def test_a_folder_given_as_the_summary_file_is_named(run: Run, plan_home: Path) -> None:
    """A folder where a file is wanted: the folder is named in words, not the framework's."""
    result = run("summary", "--output", str(plan_home))
    assert result.exit_code == 2
    assert f"Error: --output: {plan_home} is a folder" in result.stderr
    assert leftovers(result.stderr) == []


def test_validate_speaks_of_ids_not_patterns(tmp_path: Path) -> None:
    """An id that breaks the form is explained in words, never with pydantic's pattern."""
    path = tmp_path / "mine.toml"
    path.write_text(
        'schema = 1\nid = "My List"\ntitle = "T"\n\n[[item]]\nid = "a b"\ntitle = "A"\nwhy = "w"\n',
        encoding="utf-8",
    )
    result = cli(None, "validate", str(path))
    assert result.exit_code == 1
    assert leftovers(result.stderr) == [], result.stderr
    assert "'My List' is not a usable id" in result.stderr
    assert "like own-account" in result.stderr


def test_the_typer_version_is_pinned_to_the_range_these_words_were_checked_with() -> None:
    """The framework's wording is replaced by class, for the Typer versions pinned in
    pyproject.toml; the installed one is in that range."""
    import tomllib
    from importlib.metadata import version

    project = tomllib.loads((REPO / "pyproject.toml").read_text())
    [pin] = [dep for dep in project["project"]["dependencies"] if dep.startswith("typer")]
    assert ">=0.29" in pin, pin
    assert "<0.30" in pin, pin
    major, minor = (int(part) for part in version("typer").split(".")[:2])
    assert (major, minor) == (0, 29)


@pytest.mark.parametrize(
    "args",
    [
        ("\x1b[2Jboo",),
        ("list", "--\x1b]0;title\x07"),
        ("show", "\x1b[31mred"),
        ("date", "1\x1b"),
        ("date", "1", "\x1bx"),
        ("add", MONEY, "x", "--priority", "\u202eurgent"),
    ],
)
def test_typed_control_characters_are_shown_as_codes(
    run: Run, plan_home: Path, args: tuple[str, ...]
) -> None:
    """What the person typed and an error quotes back never works on the terminal: an escape,
    a bell or a direction override is written as its code."""
    result = run(*args)
    assert result.exit_code in (1, 2)
    assert not any(char in result.stderr for char in "\x1b\x07\u202e"), repr(result.stderr)
    assert "\\x1b" in result.stderr or "\\u202e" in result.stderr, result.stderr
