"""The journal through the real command line: `exitplan log` and its commands.

Entries come from a pipe (TOML) or from answers at a "terminal" (the check for a terminal is
patched; the answers come through the runner's stdin). Tampering is done to the files on disk.
"""

from __future__ import annotations

import hashlib
import json
import os
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from conftest import Run
from helpers import assert_error, assert_usage_error, clock_today, ok, one_error_line, snapshot

from exitplan.cli import keyboard

ENTRY = 'when = "2026-11-28 21:15"\nwhere = "the kitchen"\nwhat = "Shouting, a door slammed"\n'
EARLIER = 'when = "about 2026-11-02"\nwhat = "Took my phone away"\n'


def add(run: Run, text: str = ENTRY) -> int:
    """`log add` with TOML on stdin; the number it printed."""
    result = ok(run("log", "add", input=text))
    return int(result.stdout.strip())


def listing(run: Run) -> list[dict[str, Any]]:
    """`log list --json`, parsed."""
    listed: list[dict[str, Any]] = json.loads(ok(run("log", "list", "--json")).stdout)
    return listed


def journal(home: Path) -> Path:
    """The journal folder of a home."""
    return home / "journal"


@pytest.fixture
def at_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make `log add` and `log amend` believe a person is typing at a terminal."""

    monkeypatch.setattr(keyboard, "someone_typing", lambda: True)


# -- adding --------------------------------------------------------------------------------


def test_piped_entry_is_added_numbered_and_listed(run: Run, home: Path) -> None:
    """A TOML entry on stdin becomes entry 1: its number on stdout, its fields in the list."""
    result = ok(run("log", "add", input=ENTRY))
    assert result.stdout == "1\n"
    assert "Kept as entry 1." in result.stderr
    [entry] = listing(run)
    assert entry["number"] == 1
    assert entry["fields"]["what"] == "Shouting, a door slammed"
    assert entry["fields"]["when"] == {
        "said": "2026-11-28 21:15",
        "date": "2026-11-28",
        "time": "21:15",
        "approximate": False,
    }
    assert entry["prev"] == "0" * 64
    assert len(entry["hash"]) == 64
    assert os.stat(home).st_mode & 0o777 == 0o700
    assert os.stat(journal(home) / "000001.rec").st_mode & 0o777 == 0o600


def test_a_journal_needs_no_plan_and_creates_the_home_privately(run: Run, home: Path) -> None:
    """Without any plan, `log add` creates the home (0700) and the journal; no plan appears."""
    assert not home.exists()
    add(run)
    assert os.stat(home).st_mode & 0o777 == 0o700
    assert not (home / "plan.toml").exists()
    assert (journal(home) / "000001.rec").is_file()


def test_at_a_terminal_each_question_is_asked_and_enter_skips(run: Run, at_terminal: None) -> None:
    """At a terminal every question is asked in turn, with a calm introduction; Enter skips."""
    answers = ["2026-11-29", "", "He read my messages", "Who were you talking to", "", "", ""]
    answers += ["He took my phone", "I felt scared"]
    result = ok(run("log", "add", input="\n".join(answers) + "\n"))
    # The runner echoes typed answers to stdout, as a terminal would show them.
    assert result.stdout.splitlines()[-1] == "1"
    assert "for yourself first; record only what you want" in result.stderr
    # The questions themselves show on a terminal only (test_typing.py types them on one).
    [entry] = listing(run)
    assert entry["fields"]["words"] == "Who were you talking to"
    assert entry["fields"]["tech"] == "He took my phone"
    assert "where" not in entry["fields"]
    assert "witnesses" not in entry["fields"]


def test_in_spanish_the_when_question_reads_spanish_words(run: Run, at_terminal: None) -> None:
    """In Spanish "ayer 21:00" is read as yesterday at 21:00, the person's words kept as said
    (the day itself comes from the computer's clock, so it is checked in the unit tests)."""
    answers = ["ayer 21:00", "", "Me siguió al trabajo", "", "", "", "", "", ""]
    result = ok(run("--lang", "es", "log", "add", input="\n".join(answers) + "\n"))
    assert "Guardada como entrada 1." in result.stderr
    [entry] = listing(run)
    assert entry["fields"]["when"]["said"] == "ayer 21:00"
    assert entry["fields"]["when"]["time"] == "21:00"
    assert entry["fields"]["what"] == "Me siguió al trabajo"


def test_at_a_terminal_an_unreadable_when_is_asked_again(run: Run, at_terminal: None) -> None:
    """A 'when' that cannot be read is explained and asked again; the second answer is kept."""
    answers = ["the other day", "about 2026-11", "", "Followed me to work", "", "", "", "", "", ""]
    result = ok(run("log", "add", input="\n".join(answers) + "\n"))
    assert "'the other day' is not a time exitplan can read" in result.stderr
    [entry] = listing(run)
    assert entry["fields"]["when"]["said"] == "about 2026-11"
    assert entry["fields"]["when"]["approximate"] is True


def test_stopping_while_asked_adds_nothing(run: Run, home: Path, at_terminal: None) -> None:
    """Stopping part way (the input ends, as Ctrl-C does) says so calmly and adds nothing."""
    result = run("log", "add", input="2026-11-29\nthe car\n")
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert "Stopped. Nothing was changed." in result.stderr
    assert not journal(home).exists()


def test_entry_text_is_never_taken_from_the_command_line(run: Run, home: Path) -> None:
    """Words after `log add` are refused as a usage error, and nothing is written."""
    result = run("log", "add", "he", "hit", "me", input=ENTRY)
    assert_usage_error(result, "exitplan log add takes only options; it cannot use 3 more words")
    assert "hit" not in result.stderr
    assert snapshot(home) == {}
    assert_usage_error(run("log", "amend", "1", "a correction"), "takes N and options")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('what = "x"\nmood = "bad"\n', ("unknown key 'mood'",)),
        ('what = "unclosed\n', ("not valid toml",)),
        ("", ("the entry is empty",)),
        ('what = "   "\nwhere = ""\n', ("the entry is empty",)),
        # Three days ahead of the clock the tests run under: a fixed "future" day comes.
        (f'when = "{clock_today() + timedelta(days=3)}"\nwhat = "x"\n', ("in the future",)),
        ('when = "soon"\nwhat = "x"\n', ("is not a time",)),
        ("what = 3\n", ("must be text",)),
        ('what = "bell \\u0007"\n', ("control character",)),
    ],
)
def test_bad_entries_are_refused_and_nothing_is_added(
    run: Run, home: Path, text: str, words: tuple[str, ...]
) -> None:
    """Unknown keys, bad TOML, empty entries, future or unreadable dates: refused, nothing added."""
    add(run)
    before = snapshot(home)
    one_error_line(run("log", "add", input=text), *words)
    assert snapshot(home) == before


def test_bytes_that_are_not_utf8_are_refused(run: Run, home: Path) -> None:
    """An entry that is not UTF-8 text is refused; nothing is written."""
    one_error_line(run("log", "add", input=b'what = "\xff\xfe"\n'), "not utf-8")
    assert snapshot(home) == {}


def test_a_home_others_can_read_is_refused(run: Run, home: Path) -> None:
    """A home other users can read is refused with the chmod that fixes it; nothing is added."""
    home.mkdir(mode=0o755)
    home.chmod(0o755)
    one_error_line(run("log", "add", input=ENTRY), "chmod 700")
    assert not journal(home).exists()


# -- reading -------------------------------------------------------------------------------


def test_list_is_in_the_order_things_happened(run: Run, home: Path) -> None:
    """Entries are listed by when they happened, not when written; bare `log` is `log list`."""
    add(run, ENTRY)
    add(run, EARLIER)
    assert [e["number"] for e in listing(run)] == [2, 1]
    lines = ok(run("log", "list")).stdout.splitlines()
    assert lines[0].split()[:3] == ["2", "about", "2026-11-02"]
    assert "Took my phone away" in lines[0]
    assert "Shouting, a door slammed" in lines[1]
    assert ok(run("log")).stdout == ok(run("log", "list")).stdout


def test_reading_an_empty_journal_writes_nothing(run: Run, home: Path) -> None:
    """`log`, `log list --json` and `log verify` on no journal create no file or folder."""
    assert "The journal is empty" in ok(run("log")).stderr
    assert json.loads(ok(run("log", "list", "--json")).stdout) == []
    assert "0 entries, chain intact" in ok(run("log", "verify")).stdout
    assert not home.exists()


def test_show_gives_every_field_and_json(run: Run) -> None:
    """`log show N` prints every field; `--json` gives the same entry with hash and previous."""
    add(run, ENTRY)
    n = add(run, 'what = "Second"\nwords = """line one\nline two"""\n')
    text = ok(run("log", "show", "1")).stdout
    assert "Where: the kitchen" in text
    assert "What happened: Shouting, a door slammed" in text
    assert "Their exact words: line one\n    line two" in ok(run("log", "show", str(n))).stdout
    data = json.loads(ok(run("log", "show", str(n), "--json")).stdout)
    first = json.loads(ok(run("log", "show", "1", "--json")).stdout)
    assert data["number"] == n == 2
    assert data["fields"]["words"] == "line one\nline two"
    assert data["prev"] == first["hash"]
    one_error_line(run("log", "show", "9"), "there is no entry 9")


def test_amend_adds_a_correction_and_keeps_the_original(run: Run, home: Path) -> None:
    """A correction is a new record linked to the entry; the entry's file is byte for byte kept."""
    add(run)
    original = (journal(home) / "000001.rec").read_bytes()
    result = ok(run("log", "amend", "1", input='what = "It was the bedroom door"\n'))
    assert result.stdout == "2\n"
    assert (journal(home) / "000001.rec").read_bytes() == original
    [entry] = listing(run)
    assert entry["fields"]["what"] == "Shouting, a door slammed"
    assert [a["fields"]["what"] for a in entry["amendments"]] == ["It was the bedroom door"]
    shown = ok(run("log", "show", "1")).stdout
    assert "Correction 1 (record 2)" in shown


def test_amend_refuses_what_is_not_an_entry(run: Run, home: Path, tmp_path: Path) -> None:
    """Amending a missing entry or a correction is refused before anything is asked or written."""
    add(run)
    ok(run("log", "amend", "1", input='what = "more"\n'))
    before = snapshot(home)
    one_error_line(run("log", "amend", "7", input='what = "x"\n'), "no entry 7")
    one_error_line(run("log", "amend", "2", input='what = "x"\n'), "not an entry")
    assert snapshot(home) == before


def test_attach_hashes_the_file_and_leaves_the_original_untouched(
    run: Run, home: Path, tmp_path: Path
) -> None:
    """The record holds the file's name, size and SHA-256; the copy matches; the original's
    bytes and times are as they were."""
    add(run)
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(bytes(range(256)) * 4096)
    before = (photo.read_bytes(), photo.stat().st_mtime_ns, photo.stat().st_mode)
    result = ok(run("log", "attach", "1", str(photo)))
    assert result.stdout == "2\n"
    assert (photo.read_bytes(), photo.stat().st_mtime_ns, photo.stat().st_mode) == before
    [entry] = listing(run)
    [att] = entry["attachments"]
    assert att["file"]["name"] == "photo.jpg"
    assert att["file"]["size"] == len(before[0])
    assert att["file"]["sha256"] == hashlib.sha256(before[0]).hexdigest()
    assert (journal(home) / "files" / "000002").read_bytes() == before[0]
    assert "File 2: photo.jpg" in ok(run("log", "show", "1")).stdout


def test_attach_refuses_a_missing_file_or_entry(run: Run, home: Path, tmp_path: Path) -> None:
    """No file, no such entry, or a folder: one line each, nothing written."""
    add(run)
    (tmp_path / "real.txt").write_text("x")
    before = snapshot(home)
    one_error_line(run("log", "attach", "1", str(tmp_path / "nope.txt")), "there is no file")
    one_error_line(run("log", "attach", "5", str(tmp_path / "real.txt")), "no entry 5")
    one_error_line(run("log", "attach", "1", str(tmp_path)), "not a regular file")
    assert snapshot(home) == before


# -- verifying -----------------------------------------------------------------------------


def three(run: Run) -> None:
    """A journal of three entries."""
    for what in ("first", "second", "third"):
        add(run, f'when = "2026-11-2{len(what) % 9}"\nwhat = "{what}"\n')


def test_verify_an_intact_journal(run: Run) -> None:
    """An untouched journal verifies, with its fingerprint, as text and as JSON."""
    three(run)
    text = ok(run("log", "verify")).stdout
    fingerprint = ok(run("log", "fingerprint")).stdout.strip()
    lines = text.splitlines()
    assert (lines[0], lines[-1]) == ("3 entries, chain intact.", f"Fingerprint: {fingerprint}")
    assert " ".join(" ".join(lines[1:-1]).split()) == (
        "Note: records cut off the end show only against a fingerprint you noted earlier "
        "('exitplan log verify --against FINGERPRINT')."
    )
    data = json.loads(ok(run("log", "verify", "--json")).stdout)
    assert data["ok"] is True
    assert data["entries"] == 3
    assert data["fingerprint"] == fingerprint
    assert fingerprint.startswith("3:")
    assert json.loads(ok(run("log", "fingerprint", "--json")).stdout)["fingerprint"] == fingerprint


def test_verify_names_a_changed_record(run: Run, home: Path) -> None:
    """One changed byte in record 2 fails verify (exit 1) and names record 2."""
    three(run)
    path = journal(home) / "000002.rec"
    path.write_bytes(path.read_bytes().replace(b"second", b"secant"))
    line = one_error_line(run("log", "verify"), "not intact", "record 2 was changed")
    assert "record 1 before it is intact (fingerprint of the intact part: 1:" in line
    result = run("log", "verify", "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert (data["ok"], data["problem"], data["first_bad"]) == (False, "changed", 2)
    assert result.stderr.startswith("Error: the journal is not intact")
    one_error_line(run("log", "fingerprint"), "not intact")


def test_verify_names_a_removed_record(run: Run, home: Path) -> None:
    """Deleting record 2 of 3 fails verify and says record 2 was removed."""
    three(run)
    (journal(home) / "000002.rec").unlink()
    data = json.loads(run("log", "verify", "--json").stdout)
    assert (data["ok"], data["problem"], data["first_bad"]) == (False, "removed", 2)
    assert run("log", "verify").exit_code == 1


def test_verify_names_swapped_records(run: Run, home: Path) -> None:
    """Swapping records 2 and 3 on disk fails verify as a reordering at record 2."""
    three(run)
    two, three_ = journal(home) / "000002.rec", journal(home) / "000003.rec"
    a, b = two.read_bytes(), three_.read_bytes()
    two.write_bytes(b)
    three_.write_bytes(a)
    data = json.loads(run("log", "verify", "--json").stdout)
    assert (data["ok"], data["problem"], data["first_bad"]) == (False, "reordered", 2)


def test_a_truncated_tail_is_caught_only_with_against(run: Run, home: Path) -> None:
    """Removing the last record leaves a chain that verifies alone; `--against` the fingerprint
    noted earlier catches it."""
    three(run)
    noted = ok(run("log", "fingerprint")).stdout.strip()
    ok(run("log", "verify", "--against", noted))
    (journal(home) / "000003.rec").unlink()
    assert "2 entries, chain intact" in ok(run("log", "verify")).stdout
    one_error_line(run("log", "verify", "--against", noted), "record 3 onwards is missing")
    data = json.loads(run("log", "verify", "--against", noted, "--json").stdout)
    assert data["problem"] == "truncated"


def test_a_rebuilt_journal_is_caught_with_against(run: Run, home: Path) -> None:
    """A journal rebuilt from scratch with other text verifies alone, but not against the
    fingerprint of the original; a longer honest journal still extends it."""
    three(run)
    noted = ok(run("log", "fingerprint")).stdout.strip()
    add(run, 'what = "fourth"\n')
    assert "extends the fingerprint" in ok(run("log", "verify", "--against", noted)).stdout
    for path in journal(home).glob("*.rec"):
        path.unlink()
    for what in ("other", "texts", "here", "now"):
        add(run, f'what = "{what}"\n')
    ok(run("log", "verify"))
    data = json.loads(run("log", "verify", "--against", noted, "--json").stdout)
    assert (data["ok"], data["problem"]) == (False, "rewritten")


@pytest.mark.parametrize("nonsense", ["", "hello", "x:ABCD-EFGH-IJKL", "3:!!!!-????"])
def test_against_nonsense_is_refused(run: Run, nonsense: str) -> None:
    """A fingerprint that cannot be one gets one plain line and exit 1."""
    three(run)
    one_error_line(run("log", "verify", "--against", nonsense), "not a journal fingerprint")


def test_against_a_part_or_a_typo_is_told_as_such(run: Run) -> None:
    """Only the whole fingerprint is compared: a part of it is refused saying how much was
    given; one wrong character is a copying mistake, never "rewritten"."""
    three(run)
    whole = ok(run("log", "fingerprint")).stdout.strip()
    line = one_error_line(run("log", "verify", "--against", whole[:11]), "of the 20 characters")
    assert "has 8 of the 20 characters" in line
    last = whole[-1]
    typo = whole[:-2] + ("A" if whole[-2] != "A" else "B") + last
    line = one_error_line(run("log", "verify", "--against", typo), "copied wrong")
    assert "rewritten" not in line
    assert "the journal was not compared" in line
    ok(run("log", "verify", "--against", whole.lower().replace("-", " ")))


def test_verify_notices_a_changed_copy(run: Run, home: Path, tmp_path: Path) -> None:
    """A kept copy of an attachment that no longer matches its SHA-256 fails verify."""
    add(run)
    (tmp_path / "a.txt").write_text("the original")
    ok(run("log", "attach", "1", str(tmp_path / "a.txt")))
    (journal(home) / "files" / "000002").write_text("the original, edited")
    one_error_line(run("log", "verify"), "not intact", "the copy of a.txt (record 2) changed")
    assert json.loads(run("log", "verify", "--json").stdout)["copies"] != []


# -- exporting -----------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["markdown", "html", "json"])
def test_export_writes_a_private_file_and_refuses_to_overwrite(
    run: Run, tmp_path: Path, fmt: str
) -> None:
    """The export holds the entries and the fingerprint, mode 0600; an existing file is kept
    unless --force."""
    add(run, 'what = "<script>alert(1)</script> & more"\n')
    target = tmp_path / f"out.{fmt}"
    ok(run("log", "export", "--format", fmt, "--output", str(target)))
    assert os.stat(target).st_mode & 0o777 == 0o600
    text = target.read_text(encoding="utf-8")
    fingerprint = ok(run("log", "fingerprint")).stdout.strip()
    assert fingerprint in text
    if fmt == "html":
        assert "<script>" not in text
        assert "&lt;script&gt;" in text
    target.write_text("keep me")
    assert_error(
        run("log", "export", "--format", fmt, "--output", str(target)),
        f"{target} already exists; nothing was written. Choose another name, or add --force "
        "to replace it",
    )
    assert target.read_text() == "keep me"
    ok(run("log", "export", "--format", fmt, "--output", str(target), "--force"))
    assert fingerprint in target.read_text(encoding="utf-8")


@pytest.mark.process
def test_a_json_export_checks_with_the_standalone_script(run: Run, tmp_path: Path) -> None:
    """docs/verify_export.py (stdlib only) accepts the JSON export against its fingerprint."""
    import subprocess
    import sys

    from helpers import REPO

    three(run)
    target = tmp_path / "journal.json"
    ok(run("log", "export", "--format", "json", "--output", str(target)))
    noted = ok(run("log", "fingerprint")).stdout.strip()
    script = str(REPO / "docs" / "verify_export.py")
    done = subprocess.run(
        [sys.executable, script, str(target), noted], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_export_refuses_exitplans_own_files(run: Run, home: Path) -> None:
    """The export cannot be written over a record of the journal."""
    add(run)
    before = snapshot(home)
    target = journal(home) / "000001.rec"
    one_error_line(run("log", "export", "--output", str(target), "--force"), "exitplan's own")
    assert snapshot(home) == before


# -- the rest of the house -----------------------------------------------------------------


def test_restore_of_the_plan_never_touches_the_journal(run: Run, plan_home: Path) -> None:
    """`restore` brings back an earlier plan; every journal file is byte for byte as it was."""
    ok(run("done", "1"))
    add(run)
    ok(run("log", "amend", "1", input='what = "more"\n'))
    before = snapshot(journal(plan_home))
    ok(run("restore"))
    assert snapshot(journal(plan_home)) == before
    assert len(listing(run)) == 1


def test_glance_counts_records_and_dates_the_last(run: Run, home: Path) -> None:
    """glance: None without a journal; then (records, the day the last one was written)."""
    from exitplan.journal.records import glance, read_records

    assert glance(home) is None
    add(run)
    ok(run("log", "amend", "1", input='what = "more"\n'))
    count, day = glance(home) or (0, None)
    assert count == 2
    recorded = read_records(home)[-1]["recorded"]
    assert day == date.fromisoformat(recorded[:10])
