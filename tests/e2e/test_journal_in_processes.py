"""The journal commands in real processes: kills while adding, Ctrl-C at a terminal, and an
encrypted journal that leaves no plain text on disk."""

from __future__ import annotations

import json
import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import EXITPLAN, TODAY, child, cli, make_home, ok, one_error_line
from helpers_terminal import wait_for_keys

from exitplan.cli import keyboard

MARK = "journal-marker-the-blue-car-at-the-corner-5T"
PASSPHRASE = "correct horse battery staple"  # noqa: S105 - a test passphrase


def program(home: Path, *args: str) -> list[str]:
    """`python -m exitplan --home HOME --today TODAY ARGS` as an argument list."""
    return [*EXITPLAN, "--home", str(home), "--today", str(TODAY), *args]


def records(home: Path) -> list[Path]:
    """The record files of a journal."""
    return sorted((home / "journal").glob("*.rec"))


# -- kills ------------------------------------------------------------------------------------


@pytest.mark.process
def test_kills_during_log_add_leave_a_journal_that_verifies(tmp_path: Path) -> None:
    """`log add` processes SIGKILLed at random moments (two at a time, so the lock is used):
    afterwards `log verify` passes and every entry whose number was printed is there."""
    home = make_home(tmp_path / "home")
    rng = random.Random(20261130)
    acknowledged: dict[int, str] = {}
    killed = 0
    for round_ in range(14):
        procs = []
        for side in range(2):
            text = f'when = "2026-11-29"\nwhat = "round {round_} side {side} ' + "x" * 3000 + '"\n'
            proc = subprocess.Popen(
                program(home, "log", "add"),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            procs.append((proc, f"round {round_} side {side}", text))
        for proc, _label, text in procs:
            assert proc.stdin is not None
            proc.stdin.write(text)
            proc.stdin.close()
        time.sleep(rng.uniform(0.05, 0.6))
        # Every fourth round lets both finish, so some entries are acknowledged however slow
        # a loaded machine is; the other rounds kill whatever is still running.
        lets_finish = round_ % 4 == 3
        for proc, label, _text in procs:
            if lets_finish:
                proc.wait(timeout=120)
            elif proc.poll() is None:
                proc.kill()
                killed += 1
            assert proc.stdout is not None
            assert proc.stderr is not None
            out = proc.stdout.read()
            proc.stderr.read()
            proc.wait(timeout=60)
            proc.stdout.close()
            proc.stderr.close()
            if proc.returncode == 0:
                acknowledged[int(out.strip())] = label
            else:
                assert proc.returncode in (-signal.SIGKILL, 1), proc.returncode
    verified = child("--home", str(home), "log", "verify", "--json")
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert json.loads(verified.stdout)["ok"] is True
    listed = json.loads(ok(cli(home, "log", "list", "--json")).stdout)
    kept = {e["number"]: e["fields"]["what"] for e in listed}
    for number, label in acknowledged.items():
        assert kept[number].startswith(label)
    assert killed > 0, killed
    assert acknowledged
    # A kill inside a write may leave a temp file; the next add removes it under the lock.
    ok(cli(home, "log", "add", input='what = "after the kills"\n', today=TODAY))
    assert list((home / "journal").glob(".*.tmp")) == []
    assert ok(cli(home, "log", "verify")).exit_code == 0


# -- a real terminal ---------------------------------------------------------------------


def _drain(fd: int) -> bytes:
    """What is left to read from a terminal whose program has ended."""
    seen = b""
    while select.select([fd], [], [], 0.5)[0]:
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # the program closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    return seen


def _read_until(fd: int, word: bytes, seconds: float = 30) -> bytes:
    seen = b""
    deadline = time.monotonic() + seconds
    while word not in seen:
        left = deadline - time.monotonic()
        assert left > 0, seen
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            chunk = os.read(fd, 4096)
            assert chunk, seen
            seen += chunk
    return seen


@pytest.mark.process
@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_ctrl_c_at_a_terminal_adds_nothing(tmp_path: Path) -> None:
    """At a real (pseudo-)terminal `log add` asks its questions; Ctrl-C part way clears the
    screen, a second one ends the run with 130 and nothing said, and no journal appears."""
    home = make_home(tmp_path / "home")
    leader, follower = os.openpty()
    # A run in the background of a non-interactive shell ignores SIGINT, and a child would
    # inherit that: a small launcher gives it back the default a person's terminal gives, then
    # becomes exitplan (no preexec_fn: it can deadlock a child forked from a threaded process).
    launcher = (
        "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
        "os.execv(sys.argv[1], sys.argv[1:])"
    )
    argv = program(home, "log", "add")
    proc = subprocess.Popen(
        [sys.executable, "-c", launcher, *argv], stdin=follower, stdout=follower, stderr=follower
    )
    os.close(follower)
    try:
        screen = _read_until(leader, b"When")
        assert b"for yourself first" in screen
        os.write(leader, b"2026-11-29\n")
        _read_until(leader, b"Where")
        wait_for_keys(leader)  # readline reads keys: a SIGINT before that waits for a key
        proc.send_signal(signal.SIGINT)
        screen = _read_until(leader, b"\x1b[3J")
        wait_for_keys(leader)  # the blank screen reads keys one at a time, unseen
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 130
        screen += _drain(leader)
        assert screen.endswith(b"\x1b[H\x1b[2J\x1b[3J"), screen  # nothing said after it
        assert b"Traceback" not in screen
    finally:
        if proc.poll() is None:  # pragma: no cover - only when the test fails
            proc.kill()
        os.close(leader)
    assert records(home) == []


# -- encrypted --------------------------------------------------------------------------------


@pytest.fixture
def sealed_home(tmp_path: Path) -> tuple[Path, Path]:
    """An encrypted plan (built-ins hidden behind one small test checklist) and its pass file."""
    home = make_home(tmp_path / "home", "t-money")
    pass_file = tmp_path / "pass.txt"
    pass_file.write_text(PASSPHRASE + "\n")
    pass_file.chmod(0o600)
    ok(cli(home, "init", "--checklist", "t-money", today=TODAY))
    ok(cli(home, "encrypt", "--passphrase-file", str(pass_file)))
    return home, pass_file


def test_an_encrypted_journal_keeps_no_plain_text_on_disk(
    sealed_home: tuple[Path, Path], tmp_path: Path
) -> None:
    """With the plan encrypted, entries, corrections and kept copies are sealed: no file in the
    home holds the marker, yet the journal reads, verifies and exports with the passphrase."""
    from exitplan.crypto.vault import MAGIC

    home, pass_file = sealed_home
    entry = f'when = "2026-11-28"\nwhat = "{MARK}"\n'
    ok(cli(home, "log", "add", input=entry, passphrase=pass_file, today=TODAY))
    photo = tmp_path / "note.txt"
    photo.write_text(f"a photo of {MARK}\n" * 1000)
    ok(cli(home, "log", "attach", "1", str(photo), passphrase=pass_file, today=TODAY))
    amend = f'words = "{MARK} again"\n'
    ok(cli(home, "log", "amend", "1", input=amend, passphrase=pass_file, today=TODAY))
    files = [p for p in home.rglob("*") if p.is_file()]
    assert len(records(home)) == 3
    assert (home / "journal" / "files" / "000002").is_file()
    assert [p for p in files if MARK.encode() in p.read_bytes()] == []
    assert all(p.read_bytes().startswith(MAGIC) for p in records(home))
    shown = ok(cli(home, "log", "show", "1", "--json", passphrase=pass_file, today=TODAY))
    assert json.loads(shown.stdout)["fields"]["what"] == MARK
    assert "1 entry, chain intact" in ok(cli(home, "log", "verify", passphrase=pass_file)).stdout
    target = tmp_path / "export.md"
    exported = ok(cli(home, "log", "export", "-o", str(target), passphrase=pass_file))
    assert "NOT encrypted" in exported.stderr
    assert MARK in target.read_text(encoding="utf-8")


def test_a_control_plain_journal_does_hold_the_marker(tmp_path: Path) -> None:
    """The control for the scan above: without encryption the marker is found on disk."""
    home = make_home(tmp_path / "home")
    ok(cli(home, "log", "add", input=f'what = "{MARK}"\n', today=TODAY))
    assert [p.name for p in records(home) if MARK.encode() in p.read_bytes()] == ["000001.rec"]


def test_an_encrypted_journal_needs_the_passphrase(sealed_home: tuple[Path, Path]) -> None:
    """Without the passphrase the journal is neither read nor added to; a wrong one is refused."""
    home, pass_file = sealed_home
    ok(cli(home, "log", "add", input=f'what = "{MARK}"\n', passphrase=pass_file, today=TODAY))
    before = [p.read_bytes() for p in records(home)]
    one_error_line(cli(home, "log", "list"), "encrypted")
    one_error_line(cli(home, "log", "add", input='what = "x"\n', today=TODAY), "encrypted")
    wrong = pass_file.parent / "wrong.txt"
    wrong.write_text("not the passphrase at all\n")
    one_error_line(cli(home, "log", "verify", passphrase=wrong), "passphrase")
    assert [p.read_bytes() for p in records(home)] == before


def test_the_passphrase_is_checked_before_any_question(
    sealed_home: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a terminal, a wrong passphrase is refused before the first question is asked."""

    home, pass_file = sealed_home
    monkeypatch.setattr(keyboard, "someone_typing", lambda: True)
    wrong = pass_file.parent / "wrong.txt"
    wrong.write_text("not the passphrase at all\n")
    result = cli(home, "log", "add", input="2026-11-29\n", passphrase=wrong, today=TODAY)
    one_error_line(result, "passphrase")
    assert "When" not in result.stderr
    assert records(home) == []


def test_glance_at_a_sealed_journal_needs_no_passphrase(sealed_home: tuple[Path, Path]) -> None:
    """glance counts a sealed journal's records and dates the last by its file, unopened."""
    from datetime import date

    from exitplan.journal.records import glance

    home, pass_file = sealed_home
    ok(cli(home, "log", "add", input='what = "one"\n', passphrase=pass_file, today=TODAY))
    ok(cli(home, "log", "add", input='what = "two"\n', passphrase=pass_file, today=TODAY))
    last = records(home)[-1]
    assert glance(home) == (2, date.fromtimestamp(last.stat().st_mtime))


def test_a_sealed_journal_without_its_plan_still_opens_with_the_passphrase(
    sealed_home: tuple[Path, Path],
) -> None:
    """With the encrypted plan gone, the journal opens with the passphrase its records were
    sealed with, and new records are sealed too; without the passphrase it is refused."""
    from exitplan.crypto.vault import MAGIC

    home, pass_file = sealed_home
    ok(cli(home, "log", "add", input=f'what = "{MARK}"\n', passphrase=pass_file, today=TODAY))
    (home / "plan.toml").unlink()
    one_error_line(cli(home, "log", "list"), "encrypted")
    ok(cli(home, "log", "add", input='what = "later"\n', passphrase=pass_file, today=TODAY))
    assert all(p.read_bytes().startswith(MAGIC) for p in records(home))
    listed = json.loads(ok(cli(home, "log", "list", "--json", passphrase=pass_file)).stdout)
    assert [e["fields"]["what"] for e in listed] == [MARK, "later"]
