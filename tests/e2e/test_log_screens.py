"""What the journal's screens say, and how they fit: wrapped to the terminal between words,
plain mode for a screen reader, local readable times, corrections and counts that are true,
and `wipe` naming the journal before it asks (issue 22)."""

from __future__ import annotations

import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from helpers import EXITPLAN, cli, make_home, ok

TODAY = "2026-11-30"
LONG = "The argument started in the kitchen and went on for a long time " * 4
ENTRY = f'when = "2026-11-28 21:15"\nwhere = "the kitchen"\nwhat = "{LONG}"\n'


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A journal with an entry, a correction and a file."""
    monkeypatch.setenv("EXITPLAN_TODAY", TODAY)
    home = make_home(tmp_path / "home")
    ok(cli(home, "log", "add", input=ENTRY))
    ok(cli(home, "log", "amend", "1", input='where = "the hall"\n'))
    photo = tmp_path / "photo_of_the_broken_door_taken_the_next_morning.jpg"
    photo.write_bytes(b"x" * 5000)
    ok(cli(home, "log", "attach", "1", str(photo)))
    return home


def screen(home: Path, *args: str, columns: int = 40, tz: str = "UTC", err: bool = True) -> str:
    """stdout (and stderr, which wraps only at a terminal) of exitplan in a real process at a
    width, in a time zone."""
    env = {"COLUMNS": str(columns), "TZ": tz, "EXITPLAN_TODAY": TODAY}
    done = subprocess.run(
        [*EXITPLAN, "--home", str(home), *args],
        capture_output=True,
        text=True,
        env={**__import__("os").environ, **env},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout + (done.stderr if err else "")


@pytest.mark.process
@pytest.mark.parametrize("command", [("log", "list"), ("log", "show", "1"), ("log", "fingerprint")])
@pytest.mark.parametrize("columns", [40, 80, 120])
def test_log_screens_fit_the_terminal_and_never_split_a_word(
    home: Path, command: tuple[str, ...], columns: int
) -> None:
    """list, show and fingerprint wrap to the width; a line is longer only when it is one word
    (a 64-character hash), and every word of the entry is there whole. (Talk on stderr wraps
    at a terminal, as every message does.)"""
    text = screen(home, *command, columns=columns, err=False)
    for line in text.splitlines():
        assert len(line) <= columns or len(line.split()) == 1, line
    if command[1] != "fingerprint":
        words = set(" ".join(text.split()).split())
        assert "argument" in words
        assert "kitchen" in words


@pytest.mark.process
def test_plain_mode_reads_whole_words(home: Path) -> None:
    """--plain: the list shows whole sentences (no ellipsis, no columns); show has no hash a
    screen reader would read character by character, and says where the hashes are."""
    listed = screen(home, "--plain", "log", "list", columns=80)
    assert "…" not in listed
    assert listed.startswith("Entry 1, 2026-11-28 21:15: The argument")
    assert "(1 correction, 1 file)" in " ".join(listed.split())
    shown = screen(home, "--plain", "log", "show", "1", columns=80)
    assert not any(
        len(word) >= 32 and set(word) <= set("0123456789abcdef") for word in shown.split()
    )
    assert "exitplan log show 1 --json" in " ".join(shown.split())
    assert "5.0 kB" in shown
    normal = screen(home, "log", "show", "1", columns=200)
    assert "SHA-256 " in normal
    assert "…" in screen(home, "log", "list", columns=200)


@pytest.mark.process
def test_times_on_screen_are_local_and_readable(home: Path) -> None:
    """No ISO time with T and Z on a screen: written times are in the local zone, readable."""
    utc = screen(home, "log", "show", "1", columns=200, tz="UTC")
    far = screen(home, "log", "show", "1", columns=200, tz="Pacific/Kiritimati")  # UTC+14
    for text in (utc, far):
        assert "T" not in "".join(w for w in text.split() if w[:4].isdigit())
        assert "Z " not in text
    utc_line = next(line for line in utc.splitlines() if line.startswith("Entry 1, written"))
    far_line = next(line for line in far.splitlines() if line.startswith("Entry 1, written"))
    assert utc_line != far_line
    # Written just now, by the clock the tests run under (faketime moves it): that day in UTC.
    now = datetime.now(UTC)
    assert any(f" {d.day} {d:%b %Y}, " in utc_line for d in (now, now - timedelta(minutes=10)))


def test_corrections_are_counted_per_entry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first correction to an entry is correction 1 (its record number told apart), the
    second is correction 2, whatever else was written in between."""
    monkeypatch.setenv("EXITPLAN_TODAY", TODAY)
    home = make_home(tmp_path / "home")
    ok(cli(home, "log", "add", input='what = "one"\n'))
    ok(cli(home, "log", "add", input='what = "two"\n'))
    first = ok(cli(home, "log", "amend", "1", input='where = "a"\n'))
    assert "Kept as correction 1 to entry 1 (record 3)" in first.stderr
    ok(cli(home, "log", "amend", "2", input='where = "b"\n'))
    second = ok(cli(home, "log", "amend", "1", input='where = "c"\n'))
    assert "Kept as correction 2 to entry 1 (record 5)" in second.stderr
    shown = ok(cli(home, "log", "show", "1")).stdout
    assert "Correction 1 (record 3)" in shown
    assert "Correction 2 (record 5)" in shown


def test_wipe_names_the_journal_and_its_files_before_asking(home: Path) -> None:
    """Before asking, `wipe` names what it erases with counts: the journal's records and its
    attached files; after, it counts files in words that fit the number."""
    ok(cli(home, "init", today=TODAY))
    asked = cli(home, "wipe", input="no\n")
    assert asked.exit_code == 1
    lines = [line.strip() for line in asked.stderr.splitlines()]
    assert "your plan" in lines
    assert "your journal: 3 records (entries, corrections and attached files)" in lines
    assert "1 file attached to the journal, kept as a copy" in lines
    done = ok(cli(home, "wipe", input="WIPE\n"))
    said = " ".join(done.stderr.split())
    assert "(s)" not in said
    assert "files in" in said


def test_status_never_counts_records_as_entries(home: Path) -> None:
    """Three records (an entry, a correction, a file) are not "3 records" on the status
    screen, which would read as three entries: it says when the journal was last written."""
    ok(cli(home, "init", today=TODAY))
    line = next(x for x in ok(cli(home, "status")).stdout.splitlines() if "journal" in x)
    assert line.strip().startswith("Your journal: last written on ")
    assert "3" not in line.split("on")[0]


def test_a_long_job_shows_one_progress_line_at_a_terminal_only(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The progress line appears only at a terminal and only once a job has taken a moment;
    it rewrites itself in place and is cleared at the end; piped, nothing is written."""
    import exitplan.cli.common
    from exitplan.cli.logfiles import Meter

    clock = iter([0.0, 0.5, 1.5, 1.6, 2.0])
    monkeypatch.setattr("time.monotonic", lambda: next(clock))
    monkeypatch.setattr(exitplan.cli.common, "stream_is_terminal", lambda *, err: True)
    meter = Meter(4_000_000, "Checking the kept files")  # started at 0.0
    meter(1_000_000)  # at 0.5: too soon, nothing shown
    assert capsys.readouterr().err == ""
    meter(1_000_000)  # at 1.5: shown
    meter(1_000_000)  # at 1.6: too soon after the last draw
    meter.close()
    assert capsys.readouterr().err == (
        "\rChecking the kept files: 2.0 MB of 4.0 MB (50%)\x1b[K\r\x1b[K"
    )
    monkeypatch.setattr(exitplan.cli.common, "stream_is_terminal", lambda *, err: False)
    piped = Meter(4_000_000, "Checking the kept files")
    piped(4_000_000)
    piped.close()
    assert capsys.readouterr().err == ""
