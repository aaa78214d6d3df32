"""`exitplan log copy`: a sealed copy of the journal in another folder (a USB stick), readable
only with the passphrase, and a calm reminder on `status` when entries are newer than a copy
older than a week. The journal reads the real clock, so every day here is counted from it."""

from __future__ import annotations

import json
import os
import sys
import time
from datetime import date, timedelta
from pathlib import Path

import pytest
from conftest import Run
from helpers import clock_today, ok, one_error_line, snapshot
from helpers_terminal import ENTER, on_terminal, readable

from exitplan.base.limits import JOURNAL_COPY_DAYS
from exitplan.journal.listing import journal_dir

PASSPHRASE = "a calm long passphrase"  # noqa: S105 - a test passphrase
REMINDER = "Your journal copy is"
NEVER = "Your journal has no copy elsewhere yet"


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    """The passphrase in a private file."""
    path = tmp_path / "pass.txt"
    path.write_text(PASSPHRASE + "\n", encoding="utf-8")
    path.chmod(0o600)
    return path


@pytest.fixture
def sealed(run: Run, plan_home: Path, secret: Path) -> Path:
    """An encrypted plan whose journal has one entry."""
    ok(run("encrypt", "--passphrase-file", str(secret)))
    ok(run("--passphrase-file", str(secret), "log", "add", input='what = "He took my keys"\n'))
    # A sealed record's day is its file's date, which the kernel writes from the real clock;
    # under faketime (CI runs the suite years ahead) the clock the test counts from differs, so
    # the file is dated by that clock, as it is on a computer whose clock is not moved.
    now = time.time()
    for record in journal_dir(plan_home).iterdir():
        os.utime(record, (now, now))
    return plan_home


def status_on(run: Run, secret: Path, day: date) -> str:
    """`status` on `day` (counted from the clock), as one line of text."""
    shown = ok(run("--passphrase-file", str(secret), "status", today=day)).stdout
    return " ".join(shown.split())


def test_a_copy_opens_only_with_the_passphrase(
    run: Run, sealed: Path, secret: Path, tmp_path: Path
) -> None:
    """`log copy --folder` writes the key file and the sealed records, nothing readable: the
    copy's own `log list` shows the entry with the passphrase, and refuses without it."""
    usb = tmp_path / "usb" / "journal"
    usb.parent.mkdir()
    result = ok(run("--passphrase-file", str(secret), "log", "copy", "--folder", str(usb)))
    said = " ".join(result.stderr.split())
    assert "Copied the journal, sealed, to" in said
    assert "1 record and 0 kept files, each read back and checked" in said
    assert sorted(p.name for p in usb.iterdir()) == ["journal", "plan.key"]
    assert all(b"He took my keys" not in p.read_bytes() for p in usb.rglob("*") if p.is_file())
    listed = ok(run("--passphrase-file", str(secret), "log", "list", home_dir=usb))
    assert "He took my keys" in listed.stdout
    locked = run("log", "list", home_dir=usb)
    assert locked.exit_code == 1
    assert "He took my keys" not in locked.output


def test_a_new_copy_replaces_the_one_before(
    run: Run, sealed: Path, secret: Path, tmp_path: Path
) -> None:
    """A second copy to the same folder holds the new entry too, and nothing is left beside."""
    usb = tmp_path / "journal-copy"
    ok(run("--passphrase-file", str(secret), "log", "copy", "--folder", str(usb)))
    ok(run("--passphrase-file", str(secret), "log", "add", input='what = "Second"\n'))
    ok(run("--passphrase-file", str(secret), "log", "copy", "--folder", str(usb)))
    listed = ok(run("--passphrase-file", str(secret), "log", "list", "--json", home_dir=usb))
    assert len(json.loads(listed.stdout)) == 2
    assert [p.name for p in tmp_path.iterdir() if "journal-copy" in p.name] == ["journal-copy"]


def test_a_plain_journal_is_not_copied(run: Run, plan_home: Path, tmp_path: Path) -> None:
    """Without encryption the copy is refused in one line saying to encrypt first; nothing is
    written anywhere."""
    ok(run("log", "add", input='what = "He took my keys"\n'))
    before = snapshot(plan_home)
    usb = tmp_path / "usb"
    one_error_line(run("log", "copy", "--folder", str(usb)), "not encrypted", "exitplan encrypt")
    assert not usb.exists()
    assert snapshot(plan_home) == before


@pytest.mark.parametrize("kind", ["not a copy", "inside the home"])
def test_a_folder_that_is_not_a_copy_is_never_replaced(
    run: Run, sealed: Path, secret: Path, tmp_path: Path, kind: str
) -> None:
    """A folder holding other files, or one inside exitplan's own folder, is refused; nothing
    in it changes."""
    if kind == "inside the home":
        target = sealed / "copy"
        words = "inside exitplan's data folder"
    else:
        target = tmp_path / "photos"
        target.mkdir()
        (target / "holiday.jpg").write_bytes(b"not mine to touch")
        words = "not empty"
    before = snapshot(tmp_path)
    one_error_line(
        run("--passphrase-file", str(secret), "log", "copy", "--folder", str(target)), words
    )
    assert snapshot(tmp_path) == before


def test_piped_without_a_folder_is_a_usage_error(run: Run, sealed: Path, secret: Path) -> None:
    """`log copy` with no folder and no terminal exits 2 saying --folder is needed."""
    result = run("--passphrase-file", str(secret), "log", "copy")
    assert result.exit_code == 2
    assert "needs --folder FOLDER" in result.stderr


def test_status_reminds_when_entries_are_newer_than_an_old_copy(
    run: Run, sealed: Path, secret: Path, tmp_path: Path
) -> None:
    """No line while the copy holds every entry or is a week old or less; one calm line, with
    no path, once an entry is newer and the copy more than a week old."""
    usb = tmp_path / "usb-journal"
    ok(run("--passphrase-file", str(secret), "log", "copy", "--folder", str(usb)))
    later = clock_today() + timedelta(days=JOURNAL_COPY_DAYS + 3)
    assert REMINDER not in status_on(run, secret, later)  # every entry is in the copy
    ok(run("--passphrase-file", str(secret), "log", "add", input='what = "Again"\n'))
    assert REMINDER not in status_on(run, secret, clock_today() + timedelta(JOURNAL_COPY_DAYS))
    shown = status_on(run, secret, later)
    days = JOURNAL_COPY_DAYS + 3
    assert f"Your journal copy is {days} days old: exitplan log copy" in shown
    assert str(usb) not in shown
    assert "usb-journal" not in shown
    assert "Your journal: last written" not in shown  # one line about the journal, not two


def test_status_reminds_of_a_journal_never_copied(run: Run, sealed: Path, secret: Path) -> None:
    """A journal over a week old with no copy gets its own line; a younger one does not."""
    assert NEVER not in status_on(run, secret, clock_today() + timedelta(JOURNAL_COPY_DAYS))
    shown = status_on(run, secret, clock_today() + timedelta(JOURNAL_COPY_DAYS + 1))
    assert f"{NEVER} ({JOURNAL_COPY_DAYS + 1} days since it began): exitplan log copy" in shown


def test_status_says_nothing_of_copies_without_a_journal(run: Run, plan_home: Path) -> None:
    """No journal, no line about a copy, however late the day."""
    shown = ok(run("status", today=clock_today() + timedelta(days=60))).stdout
    assert "copy" not in shown


def test_the_reminder_keeps_to_a_full_screen(
    run: Run, sealed: Path, secret: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 80x24 with the screen full, the reminder is still shown."""
    from exitplan.service import terminal

    monkeypatch.setattr(terminal, "height", lambda: 24)
    monkeypatch.setattr(terminal, "width", lambda: 80)
    later = clock_today() + timedelta(days=JOURNAL_COPY_DAYS + 2)
    shown = ok(run("--passphrase-file", str(secret), "status", today=later)).stdout
    assert len(shown.splitlines()) < 24
    assert NEVER in " ".join(shown.split())


@pytest.mark.process
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses a Linux terminal")
@pytest.mark.parametrize(("columns", "lang"), [(80, "en"), (40, "es")])
def test_at_a_terminal_the_folder_is_asked_for(
    sealed: Path, secret: Path, tmp_path: Path, columns: int, lang: str
) -> None:
    """`exitplan log copy` alone at a terminal asks for the folder (so it stays out of shell
    history), copies there, and says how to open the copy, in English at 80 columns and in
    Spanish at 40."""
    usb = tmp_path / "usb"
    code, shown = on_terminal(
        ["--home", str(sealed), "--passphrase-file", str(secret), "log", "copy"],
        [("USB", str(usb).encode() + ENTER)],
        columns=columns,
        env={"EXITPLAN_LANG": lang},
    )
    text = " ".join(readable(shown).split())
    assert code == 0, text
    assert ("Diario copiado, cifrado" if lang == "es" else "Copied the journal, sealed") in text
    assert sorted(p.name for p in usb.iterdir()) == ["journal", "plan.key"]
    lines = readable(shown).splitlines()
    wide = [line for line in lines if len(line) > columns and str(usb) not in line]  # the path
    assert wide == [], wide  # is one word that cannot break
