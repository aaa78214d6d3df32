"""Findings of a fresh-eyes review, each checked through the real command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import TODAY, Run
from helpers import EXITPLAN, cli, ok, one_error_line, snapshot


def test_quick_hide_erases_the_scrollback_after_clearing_the_screen(
    run: Run, plan_home: Path
) -> None:
    """`h` in review clears the screen first and the scrollback last.

    Many terminals (tmux, VTE) move a cleared screen into the scrollback, so erasing the
    scrollback before the screen would leave the step that was on screen one scroll away.
    """
    result = ok(run("review", input="h\n"))
    assert result.stdout.endswith("\033[H\033[2J\033[3J")


def at_terminal(args: list[str], prompt: str, keys: bytes, columns: int = 200) -> tuple[int, str]:
    """Run `python -m exitplan ARGS` on a pseudo-terminal `columns` wide; once `prompt` shows,
    type `keys`.

    Returns the exit code and everything the terminal showed.
    """
    import os
    import pty
    import select
    import sys

    pid, leader = pty.fork()  # the child gets the terminal as its controlling one
    if pid == 0:  # pragma: no cover - the child process
        # The interpreter running the tests, with fixed arguments: no shell is wanted.
        env = {**os.environ, "COLUMNS": str(columns)}
        os.execve(sys.executable, [*EXITPLAN, *args], env)  # noqa: S606
    shown = b""
    typed = False
    quiet = 0
    while quiet < 30:  # about a minute of silence: a hang fails the test, never the suite
        ready, _, _ = select.select([leader], [], [], 2)
        if not ready:
            quiet += 1
            if typed:
                # Two quiet seconds after typing: a terminal switched to raw mode drops keys
                # typed just before the switch, so type them again.
                os.write(leader, keys)
            continue
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        shown += chunk
        if not typed and prompt.encode() in shown:
            os.write(leader, keys)
            typed = True
    else:  # pragma: no cover - only when the child hangs
        os.kill(pid, 9)
    os.close(leader)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), shown.decode(errors="replace").replace("\r\n", "\n")


def encrypt(home: Path, tmp_path: Path) -> None:
    """Encrypt the plan in `home` with a passphrase kept in a private file."""
    secret = tmp_path / "pass.txt"
    secret.write_text("correct horse battery\n")
    secret.chmod(0o600)
    ok(cli(home, "encrypt", "--passphrase-file", str(secret)))


@pytest.mark.process
def test_ctrl_c_at_the_passphrase_prompt_stops_calmly(plan_home: Path, tmp_path: Path) -> None:
    """Ctrl-C while typing the passphrase ends on a new line with one calm sentence, exit 130,
    not "Aborted!", and changes nothing."""
    encrypt(plan_home, tmp_path)
    before = snapshot(plan_home)
    args = ["--home", str(plan_home), "--today", TODAY.isoformat(), "done", "1"]
    code, shown = at_terminal(args, "Passphrase:", b"\x03")
    assert code == 130, shown
    assert "Aborted" not in shown
    *_, typed_on, last = shown.splitlines()
    assert typed_on.startswith("Passphrase:"), shown  # the sentence starts on a line of its own
    assert last == "Stopped. Nothing was changed.", shown
    assert snapshot(plan_home) == before


@pytest.mark.process
def test_ctrl_c_at_the_wipe_question_stops_calmly(plan_home: Path) -> None:
    """Ctrl-C at wipe's question ends calmly on a new line, exit 130, and erases nothing."""
    before = snapshot(plan_home)
    args = ["--home", str(plan_home), "--today", TODAY.isoformat(), "wipe"]
    code, shown = at_terminal(args, "Type WIPE to go ahead:", b"\x03")
    assert code == 130, shown
    assert "Aborted" not in shown
    *_, typed_on, last = shown.splitlines()
    assert "Type WIPE to go ahead:" in typed_on, shown
    assert last == "Stopped. Nothing was changed.", shown
    assert snapshot(plan_home) == before


@pytest.mark.process
@pytest.mark.parametrize(
    ("command", "prompt"),
    [("situation", "keeps it):"), ("log add", "2026):")],
)
def test_questions_at_a_narrow_terminal_are_wrapped(
    plan_home: Path, command: str, prompt: str
) -> None:
    """At a 40-column terminal the introduction and each question are wrapped between words:
    no line is wider than the terminal (which would split a word at its edge)."""
    args = ["--home", str(plan_home), "--today", TODAY.isoformat(), *command.split()]
    code, shown = at_terminal(args, prompt, b"\x03", columns=40)
    assert "Traceback" not in shown, code
    assert prompt in shown, shown  # the question came
    assert code == 130, shown  # and Ctrl-C stopped it (at log add: the second, once hidden)
    lines = shown.replace("^C", "").replace("\x1b[H\x1b[2J\x1b[3J", "").splitlines()
    assert len(lines) > 5, shown
    assert max(len(line) for line in lines) <= 40, shown


@pytest.mark.parametrize("columns", [40, 80, 120])
def test_help_now_wraps_to_the_terminal_between_words(run: Run, columns: int) -> None:
    """help-now --all fits the width: no line is wider except a URL alone on its line (which
    starts at the left edge, so it is never cut into indented pieces), and every number,
    service text and URL is whole: wrapping only moves words between lines."""
    from exitplan.formats.regions import load_places

    text = ok(run("help-now", "--all", env={"COLUMNS": str(columns)})).stdout
    lines = text.splitlines()
    too_wide = [line for line in lines if len(line) > columns]
    assert all(line.startswith("http") and " " not in line for line in too_wide), too_wide
    flowing = " ".join(text.split())
    entries = [entry for place in load_places() for entry in place.lines]
    assert len(entries) > 40
    for entry in entries:
        assert any(entry.number in line for line in lines), entry.number
        for url in entry.sources:
            assert any(url in line for line in lines), url
        assert " ".join(entry.service.split()) in flowing, entry.service


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("add", "t-money", "A step", "--priority", "urgent"), "'urgent' is not one of the"),
        (("summary", "--format", "pdf"), "'pdf' is not one of the choices"),
        (("date", "--per-day", "x"), "give a whole number"),
        (("date", "--warn-days", "999"), "give a number no higher than 365"),
        (("restore", "x"), "give a whole number"),
        (("log", "show", "x"), "give a whole number"),
        (("log", "show", "0"), "give a number of at least 1"),
    ],
)
def test_a_bad_option_value_is_explained_without_validator_words(
    run: Run, plan_home: Path, args: tuple[str, ...], words: str
) -> None:
    """A mistyped number or choice gets words for the person, not pydantic's ("Value error,
    ...", "Input should be a valid integer, unable to parse string ..."); exit 2, nothing
    written."""
    from helpers import assert_usage_error

    before = snapshot(plan_home)
    result = run(*args)
    assert_usage_error(result, words)
    assert "Value error" not in result.stderr
    assert "Input should" not in result.stderr
    assert snapshot(plan_home) == before


def test_a_piped_journal_entry_that_is_not_toml_says_how_to_write_one(
    run: Run, plan_home: Path
) -> None:
    """Plain words piped to `log add` get one line that shows the form an entry takes and
    names its keys; nothing is written."""
    before = snapshot(plan_home)
    result = run("log", "add", input="It happened again in the kitchen\n")
    line = one_error_line(result, "nothing was added", 'what = "what happened"', "witnesses")
    assert "It happened" not in line
    assert snapshot(plan_home) == before


@pytest.mark.parametrize(
    ("args", "stdin", "said"),
    [
        (("situation",), "children = false\n", "Your answers are as they were; nothing changed."),
        (("date", "--per-day", "3"), None, "The plan already asks for at most 3 steps a day."),
    ],
)
def test_repeating_a_setting_writes_nothing(
    run: Run, plan_home: Path, args: tuple[str, ...], stdin: str | None, said: str
) -> None:
    """Giving the same answer or pace again says so and leaves every file as it was: no
    rewritten plan, no new backup pushing out an older one."""
    ok(run(*args, input=stdin))
    before = snapshot(plan_home)
    result = ok(run(*args, input=stdin))
    assert result.stderr.strip() == said
    assert snapshot(plan_home) == before


@pytest.mark.process
def test_review_keys_fit_a_narrow_terminal(plan_home: Path) -> None:
    """At 40 columns the review keys take two lines, split between keys, never inside one:
    no line but a lone unbreakable token (a URL) is wider than the terminal."""
    args = ["--home", str(plan_home), "--today", TODAY.isoformat(), "review"]
    code, shown = at_terminal(args, "[h]ide:", b"q", columns=40)
    assert code == 0, shown
    lines = shown.splitlines()
    assert any(line.startswith("[q]uit  [h]ide: ") for line in lines), shown
    assert all(len(line) <= 40 or " " not in line.strip() for line in lines), shown


@pytest.mark.process
def test_an_error_at_a_narrow_terminal_is_wrapped_between_words(plan_home: Path) -> None:
    """At a 40-column terminal an error is wrapped between words (no word split at the edge);
    it still says everything, and the exit code is still 1."""
    args = ["--home", str(plan_home), "--today", TODAY.isoformat(), "done", "9999"]
    code, shown = at_terminal(args, "never shown", b"", columns=40)
    lines = [line for line in shown.splitlines() if line.strip()]
    assert code == 1, shown
    assert len(lines) > 1, shown
    assert max(len(line) for line in lines) <= 40, shown
    said = " ".join(lines)
    assert said == "Error: there is no step number 9999; 'exitplan list' shows the numbers"


@pytest.mark.process
@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["date", "2027-01-01", "--clear"], "give a date or --clear, not both"),
        (["summary", "--journal", "--format", "xml"], "'xml' is not one of the choices"),
        (["--no-such-option", "status"], "exitplan has no option --no-such-option"),
        (["list", "--all", "--done"], "choose one of --open, --done, --all or --attention"),
    ],
)
def test_a_usage_error_at_a_narrow_terminal_is_wrapped_between_words(
    plan_home: Path, args: list[str], words: str
) -> None:
    """A usage error (exit 2) is wrapped like every other message: no word is split at the
    edge of a 40-column terminal, and nothing of it is lost; it is one sentence, with no usage
    block of the framework's around it."""
    code, shown = at_terminal(
        ["--home", str(plan_home), "--today", TODAY.isoformat(), *args]
        if args[0] != "--no-such-option"
        else args,
        "never shown",
        b"",
        columns=40,
    )
    lines = [line for line in shown.splitlines() if line.strip()]
    assert code == 2, shown
    assert max(len(line) for line in lines) <= 40, shown
    assert words in " ".join(lines), shown
    assert lines[0].startswith("Error: "), shown
    assert not any(line.startswith("Usage:") for line in lines), shown
