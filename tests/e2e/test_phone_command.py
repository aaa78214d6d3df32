"""`exitplan phone-check` through the real CLI, against a stand-in adb that replays recorded phones.

Every test that reaches the stand-in also proves, from its log, that only read-only commands were
run and that the adb server was stopped exactly when this run had started it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXIT, PLANNED, TODAY, Run, init_plan
from helpers import assert_error, child, cli, make_home, ok, read_plan, snapshot
from phone_helpers import (
    COMMIT,
    Standin,
    assert_read_only,
    convert_list,
    make_standin,
    recorded,
    sha256,
)

from exitplan.cli import keyboard
from exitplan.domain.phonecheck import MONITORED_PHONE_STEPS
from exitplan.phone import indicators
from exitplan.phone.report import NOTHING_READ
from exitplan.views.screen import PHONE_LINE

READ = "yes\n\nno\n"  # go ahead; developer options before: not sure; no journal
READ_AND_KEEP = "yes\nno\nyes\n"


@pytest.fixture
def standin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Standin:
    """The stand-in adb first on the PATH."""
    return make_standin(tmp_path, monkeypatch)


@pytest.fixture
def with_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The invented stalkerware list, converted, as the list this exitplan ships."""
    folder = convert_list(tmp_path / "list")
    monkeypatch.setattr(indicators, "data_folder", lambda: folder)
    return folder


@pytest.fixture
def no_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """This copy of exitplan ships no list."""
    monkeypatch.setattr(indicators, "data_folder", lambda: tmp_path / "no-list")


@pytest.mark.process
def test_a_clean_phone(run: Run, plan_home: Path, standin: Standin, with_list: Path) -> None:
    """A clean phone: nothing found, said with its limits; the plan keeps the outcome and moves
    no step; read-only calls only; the server this run started is stopped."""
    standin.phone("clean")
    result = ok(run("phone-check", input=READ))
    out = result.stdout
    assert "Google Pixel 7, Android 14. 13 apps listed." in out
    assert "Nothing from the list of known monitoring apps was found" in out
    assert "does not mean the phone is safe" in out
    flat = " ".join(out.split())
    assert "com.google.android.gms came with the phone or from an app store." in flat  # a note
    assert "It is a device administrator" in flat
    assert "Things to talk over" not in out
    assert "exitplan show digital.spyware-signs" in result.stderr  # the check names the step
    assert "Revoke USB debugging authorizations" in out
    assert "Before you look" in result.stderr
    assert "Coalition Against Stalkerware" in result.stderr
    assert "Before you look" not in out
    state = read_plan(plan_home)
    assert state.phone["android"].signs == ()
    assert state.phone["android"].model == "Google Pixel 7"
    assert not (plan_home / "journal").exists()
    calls = standin.calls()
    assert_read_only(calls)
    assert calls[-1] == ["kill-server"]
    assert not standin.server.exists()


@pytest.mark.process
def test_adb_leaves_no_key_or_log_outside_the_data_folder(
    run: Run,
    plan_home: Path,
    standin: Standin,
    with_list: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The server a check starts keeps its key pair and its log in a private folder, erased at
    the end: nothing is left in the person's home folder, the temporary folder or the plan's."""
    person, temp = tmp_path / "person", tmp_path / "temp"
    person.mkdir()
    temp.mkdir()
    monkeypatch.setenv("HOME", str(person))
    monkeypatch.setenv("TMPDIR", str(temp))
    standin.phone("clean")
    ok(run("phone-check", input=READ))
    assert list(person.rglob("*")) == []
    assert list(temp.rglob("*")) == []
    assert not [p for p in plan_home.rglob("*") if "adb" in p.name]


@pytest.mark.process
def test_a_phone_with_known_stalkerware(
    run: Run, plan_home: Path, standin: Standin, with_list: Path
) -> None:
    """The invented stalkerware is named with why it matched, calmly, with the next steps; the
    plan keeps the kinds of sign; nothing is removed or changed."""
    standin.phone("stalkerware")
    result = ok(run("phone-check", input=READ))
    out = result.stdout
    assert "Things to talk over with an advocate" in out
    flat = " ".join(out.split())
    assert "org.example.quietwatch is the package name of QuietWatch" in flat
    assert "It is also sold as HushTrack." in flat
    assert "stalkerware: an app made to watch someone in secret" in flat
    assert "Play Protect) is switched off" in out
    assert "Do not remove or stop anything yet" in out
    assert "Nothing from the list" not in out
    assert "watched phone first" in result.stderr
    signs = read_plan(plan_home).phone["android"].signs
    assert signs == ("known-stalkerware", "outside-store-power", "scanning-off")
    # The glance (status from the cache, in a real process) says the same as the full path.
    full = ok(run("status")).stdout
    assert PHONE_LINE.split(",")[0] in " ".join(full.split())
    env = {"EXITPLAN_TODAY": TODAY.isoformat(), "COLUMNS": "200"}
    glance = child("--home", str(plan_home), "status", env=env)
    assert glance.stdout == full
    from exitplan.formats.cache import load_cached_plan
    from exitplan.home.store import Store

    cached = load_cached_plan(Store(plan_home))
    assert cached is not None
    assert cached.state.phone == read_plan(plan_home).phone
    assert_read_only(standin.calls())
    assert [
        "-s",
        "35091FDH2000C2",
        "shell",
        "pm",
        "path",
        "org.example.quietwatch",
    ] in standin.calls()


@pytest.mark.process
def test_a_phone_with_an_app_from_outside_the_store_and_accessibility_on(
    run: Run, plan_home: Path, standin: Standin, with_list: Path
) -> None:
    """An app put on from a file, with an accessibility service on, is a sign; a screen reader
    from the store with the same power is only a note."""
    standin.phone("sideloaded")
    out = ok(run("phone-check", input=READ)).stdout
    signs_part, notes_part = out.split("Also worth a look", 1)
    assert "net.example.helpdesk was not installed from an app store" in signs_part
    assert "package installer" in signs_part
    assert "accessibility service" in signs_part
    notes = " ".join(notes_part.split())
    assert "com.google.android.marvin.talkback came with the phone or from an app store." in notes
    assert "It has an accessibility service turned on" in notes
    assert read_plan(plan_home).phone["android"].signs == ("outside-store-power",)
    assert_read_only(standin.calls())


@pytest.mark.process
def test_the_journal_keeps_the_check_and_the_raw_outputs(
    run: Run, plan_home: Path, standin: Standin, with_list: Path
) -> None:
    """Asked to, the check becomes one journal entry (time, model, Android version, what matched
    and why, the list's commit) with the phone's outputs attached, hashed, and verifiable."""
    standin.phone("stalkerware")
    result = ok(run("phone-check", input=READ_AND_KEEP))
    assert "Kept as journal entry 1, with 4 files attached" in result.stderr
    entry = json.loads(ok(run("log", "show", "1", "--json")).stdout)
    fields = entry["fields"]
    # The time of the check, by this computer's clock (left out when rehearsing another day).
    assert "when" not in fields or re.fullmatch(
        r"\d{4}-\d\d-\d\d \d\d:\d\d", fields["when"]["said"]
    )
    assert "Google Pixel 7, Android 14" in fields["what"]
    tech = fields["tech"]
    assert "USB serial 35091FDH2000C2" in tech
    assert f"at commit {COMMIT}" in tech
    assert "org.example.quietwatch is the package name of QuietWatch" in tech
    assert "Developer options already on before today, as you said: no." in tech
    files = {f["file"]["name"]: f["file"] for f in entry["attachments"]}
    assert set(files) == {
        "pm-list-packages.txt",
        "pm-list-packages-system.txt",
        "dumpsys-device_policy.txt",
        "phone-check-transcript.txt",
    }
    listing = recorded("stalkerware", "pm list packages -U -u -i")
    assert files["pm-list-packages.txt"]["sha256"] == sha256(listing)
    assert files["pm-list-packages.txt"]["size"] == len(listing)
    kept = plan_home / "journal" / "files"
    assert listing in [path.read_bytes() for path in kept.iterdir()]
    transcript = next(
        p.read_bytes() for p in kept.iterdir() if b"$ adb devices -l" in p.read_bytes()
    )
    assert b"$ adb -s 35091FDH2000C2 shell sha256sum /data/app/" in transcript
    assert ok(run("log", "verify")).exit_code == 0


@pytest.mark.process
def test_the_journal_entry_is_sealed_with_an_encrypted_plan(
    home: Path, tmp_path: Path, standin: Standin, with_list: Path, no_builtins: Path
) -> None:
    """With an encrypted plan the passphrase is asked before the phone is read, and the entry
    and every attached output are kept only as ciphertext, still verifiable."""
    make_home(home, "t-money")
    secret = tmp_path / "pass"
    secret.write_text("a long enough passphrase\n")
    secret.chmod(0o600)
    ok(cli(home, "init", "--checklist", "t-money", "--exit-date", EXIT.isoformat(), today=PLANNED))
    ok(cli(home, "encrypt", "--passphrase-file", str(secret), today=TODAY))
    standin.phone("stalkerware")
    locked = cli(home, "phone-check", input=READ_AND_KEEP, today=TODAY)
    assert locked.exit_code == 1
    assert "encrypted" in locked.stderr
    assert standin.calls() == []  # refused before anything was read
    opened = ["--passphrase-file", str(secret)]
    ok(cli(home, *opened, "phone-check", input=READ_AND_KEEP, today=TODAY))
    listing = recorded("stalkerware", "pm list packages -U -u -i")
    for path in (home / "journal").rglob("*"):
        if path.is_file():
            assert b"quietwatch" not in path.read_bytes(), path
            assert listing not in path.read_bytes()
    entry = json.loads(ok(cli(home, *opened, "log", "show", "1", "--json", today=TODAY)).stdout)
    assert "QuietWatch" in entry["fields"]["tech"]
    assert len(entry["attachments"]) == 4
    verified = json.loads(ok(cli(home, *opened, "log", "verify", "--json", today=TODAY)).stdout)
    assert verified["ok"] is True
    assert verified.get("copies", []) == []


@pytest.mark.process
def test_a_sign_brings_the_watched_phone_steps_first(
    home: Path, run: Run, standin: Standin, with_list: Path
) -> None:
    """After a check that found a sign, status leads with one calm line and the steps about a
    watched phone; after a clean check they are back in their usual places."""
    ok(run("init", "--exit-date", "2027-01-11", today=PLANNED))
    before = ok(run("list", "--attention", "--json")).stdout
    standin.phone("stalkerware")
    ok(run("phone-check", input=READ))
    status = ok(run("status")).stdout
    assert PHONE_LINE.split(",")[0] in " ".join(status.split())
    assert "For your phone, first" in status
    first = json.loads(ok(run("list", "--attention", "--json")).stdout)
    ids = [row["id"] for row in first]
    leading = ids[: len([i for i in ids if i in MONITORED_PHONE_STEPS])]
    assert set(leading) <= MONITORED_PHONE_STEPS
    assert len(leading) >= 5
    data = json.loads(ok(run("status", "--json")).stdout)
    assert data["attention"]["phone_signs"] is True
    standin.phone("clean")
    ok(run("phone-check", input=READ))
    assert "For your phone, first" not in ok(run("status")).stdout
    assert ok(run("list", "--attention", "--json")).stdout == before


@pytest.mark.process
@pytest.mark.parametrize(
    ("phone", "words"),
    [
        ("no-device", "no phone was found. Connect it with a USB cable"),
        ("unauthorized", "the phone has not allowed this computer yet"),
        ("two-phones", "2 phones or emulators are connected"),
    ],
)
def test_a_phone_that_cannot_be_read(
    run: Run, plan_home: Path, standin: Standin, with_list: Path, phone: str, words: str
) -> None:
    """No phone, a phone that has not allowed this computer, two phones: one clear line, exit 1,
    nothing written, and the server this run started is stopped."""
    standin.phone(phone)
    before = snapshot(plan_home)
    result = run("phone-check", input=READ_AND_KEEP)
    assert result.exit_code == 1
    assert f"Error: {words}" in result.stderr
    assert "Nothing was read or written" in result.stderr
    assert result.stdout == ""
    assert snapshot(plan_home) == before
    calls = standin.calls()
    assert_read_only(calls)
    assert calls == [["start-server"], ["devices", "-l"], ["kill-server"]]


@pytest.mark.process
def test_a_phone_that_stops_answering(
    run: Run, plan_home: Path, standin: Standin, with_list: Path
) -> None:
    """A command that hangs is ended at the timeout: one clear line, exit 1, nothing written,
    the server stopped."""
    standin.phone("hangs")
    before = snapshot(plan_home)
    result = run("phone-check", "--timeout", "1", input=READ_AND_KEEP)
    assert result.exit_code == 1
    assert "Error: the phone did not answer within 1 second." in result.stderr
    assert result.stdout == ""
    assert snapshot(plan_home) == before
    calls = standin.calls()
    assert_read_only(calls)
    assert calls[-2][3:] == ["pm", "list", "packages", "-U", "-u", "-i"]
    assert calls[-1] == ["kill-server"]
    assert not standin.server.exists()


def test_without_adb(
    run: Run, plan_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the adb program: how to install it, exit 1, nothing asked and nothing written."""
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    before = snapshot(plan_home)
    result = run("phone-check", input=READ)
    assert_error(result, "", exact=False)
    assert "needs the adb program" in result.stderr
    assert "sudo apt install adb" in result.stderr
    assert snapshot(plan_home) == before


def test_saying_no_reads_nothing(run: Run, plan_home: Path, standin: Standin) -> None:
    """Answering no (or stopping) at the question reads nothing at all and writes nothing."""
    standin.phone("clean")
    before = snapshot(plan_home)
    result = ok(run("phone-check", input="no\n"))
    assert NOTHING_READ in result.stderr
    stopped = run("phone-check", input="")
    assert stopped.exit_code == 1
    assert "Stopped" in stopped.stderr
    assert standin.calls() == []
    assert snapshot(plan_home) == before


@pytest.mark.process
def test_a_server_already_running_is_left_running(
    run: Run, plan_home: Path, standin: Standin, with_list: Path
) -> None:
    """When an adb server was already running, the check never stops it."""
    standin.phone("clean")
    standin.server.write_text("running\n")
    ok(run("phone-check", input=READ))
    assert ["kill-server"] not in standin.calls()
    assert standin.server.exists()
    assert_read_only(standin.calls())


@pytest.mark.process
def test_an_older_android_falls_back(
    run: Run, plan_home: Path, standin: Standin, with_list: Path
) -> None:
    """A phone whose pm knows neither -U nor -u is listed with `pm list packages -i`."""
    standin.phone("old-android")
    out = ok(run("phone-check", input=READ)).stdout
    assert "Android 6.0.1. 3 apps listed." in out
    shells = [call[3:] for call in standin.calls() if call[:1] == ["-s"]]
    assert ["pm", "list", "packages", "-i"] in shells
    assert_read_only(standin.calls())


@pytest.mark.process
def test_without_the_list_the_other_checks_run(
    run: Run, plan_home: Path, standin: Standin, no_list: None
) -> None:
    """A copy of exitplan without the list says so honestly and still reports the rest."""
    standin.phone("stalkerware")
    out = ok(run("phone-check", input=READ)).stdout
    flat = " ".join(out.split())
    assert "This copy of exitplan has no list of known stalkerware apps" in flat
    assert "the other checks ran" in flat
    assert "QuietWatch" not in out
    assert "org.example.quietwatch was not installed from an app store" in out
    assert read_plan(plan_home).phone["android"].signs == ("outside-store-power", "scanning-off")


@pytest.mark.process
def test_a_list_that_does_not_match_its_provenance_is_not_used(
    run: Run, plan_home: Path, standin: Standin, with_list: Path
) -> None:
    """A list changed after its provenance was written is refused, calmly."""
    data = with_list / indicators.DATA_FILE
    data.write_bytes(
        data.read_bytes().replace(b"org.example.quietwatch", b"org.example.quietwatcH")
    )
    standin.phone("stalkerware")
    flat = " ".join(ok(run("phone-check", input=READ)).stdout.split())
    assert "does not match its record, so it was not used" in flat
    assert "QuietWatch" not in flat


WRAPPER = """\
import sys
from pathlib import Path

from exitplan.phone import indicators

folder = Path(sys.argv[1])
indicators.data_folder = lambda: folder
sys.argv = ["exitplan", *sys.argv[2:]]
from exitplan.cli.entry import main

main()
"""


@pytest.mark.process
def test_in_a_real_process(tmp_path: Path, standin: Standin) -> None:
    """A real process with the stand-in on the PATH: the flagged phone is read, the journal
    keeps it, and the log shows only read-only commands; a clean phone then finds nothing."""
    folder = convert_list(tmp_path / "list")
    script = tmp_path / "run.py"
    script.write_text(WRAPPER)
    home = tmp_path / "home"
    env = {**standin.env(), "STANDIN_ADB_PHONE": "stalkerware", "COLUMNS": "80"}
    argv = [str(script), str(folder), "--home", str(home), "phone-check"]
    done = _python(argv, env, READ_AND_KEEP)
    assert done.returncode == 0, done.stderr
    assert "QuietWatch" in done.stdout
    assert "Traceback" not in done.stderr
    assert "Kept as journal entry 1" in done.stderr
    assert_read_only(standin.calls())
    clean = _python(argv, {**env, "STANDIN_ADB_PHONE": "clean"}, READ)
    assert clean.returncode == 0, clean.stderr
    assert "Nothing from the list" in clean.stdout
    shown = child("--home", str(home), "log", "show", "1", env=env)
    assert "QuietWatch" in shown.stdout


def _python(argv: list[str], env: dict[str, str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *argv],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=120,
        check=False,
    )


def test_help_says_what_it_does() -> None:
    """The command's help names what it reads and that it never changes the phone."""
    result = ok(cli(None, "phone-check", "--help"))
    flat = " ".join(result.stdout.split())
    assert "read-only" in flat
    assert "never removes or changes anything" in flat
    assert "--iphone" in flat
    assert "--timeout" in flat


def test_iphone_answers_are_kept_like_inventory_rows(run: Run, plan_home: Path) -> None:
    """Piped answers of the guided iPhone check are kept one row each, with the time given;
    a yes is a sign; an unknown question is refused and nothing is written."""
    result = ok(
        run(
            "phone-check",
            "--iphone",
            input='safety-check = "no"\napple-account-devices = "yes"\nprofiles = "unsure"\n',
        )
    )
    assert "Saved 3 of 5 answers" in result.stderr
    assert "exitplan show digital.spyware-signs" in result.stderr  # the check names the step
    assert "A device you do not know is signed in to your Apple Account." in result.stdout
    state = read_plan(plan_home)
    assert {k: v.answer for k, v in state.iphone.items()} == {
        "safety-check": "no",
        "apple-account-devices": "yes",
        "profiles": "unsure",
    }
    assert state.phone["iphone"].signs == ("iphone-devices",)
    before = snapshot(plan_home)
    bad = run("phone-check", "--iphone", input='jailbreak = "no"\n')
    assert_error(bad, "", exact=False)
    assert "'jailbreak' is not a question of the iPhone check" in bad.stderr
    wrong = run("phone-check", "--iphone", input='profiles = "maybe"\n')
    assert wrong.exit_code == 1
    assert "must be" in wrong.stderr
    assert snapshot(plan_home) == before


def test_iphone_at_a_terminal(run: Run, plan_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """At a terminal each point is shown with where to look and what to be careful of; Enter
    skips one; words that are no answer are asked again ("maybe" is "not sure"); the answers
    are saved together at the end."""

    monkeypatch.setattr(keyboard, "someone_typing", lambda: True)
    result = ok(run("phone-check", "--iphone", input="n\n\nthe blue one\nmaybe\nno\nyes\n"))
    assert "Settings > Privacy & Security > Safety Check" in result.stderr
    assert "Emergency Reset" in result.stderr
    assert "Please answer yes, no or not sure." in result.stderr
    state = read_plan(plan_home)
    assert {k: v.answer for k, v in state.iphone.items()} == {
        "safety-check": "no",
        "profiles": "unsure",
        "family-sharing": "no",
        "find-my": "yes",
    }
    assert state.phone["iphone"].signs == ("iphone-location",)


def test_iphone_needs_a_plan(run: Run, home: Path) -> None:
    """The iPhone answers live in the plan, so without one nothing is asked or written."""
    result = run("phone-check", "--iphone", input='profiles = "no"\n')
    assert result.exit_code == 1
    assert "no plan" in result.stderr.lower()
    assert not home.exists()


@pytest.mark.process
def test_the_phone_check_works_without_a_plan(
    run: Run, home: Path, standin: Standin, with_list: Path
) -> None:
    """Without a plan the check still runs; asked to, it keeps a journal (made private)."""
    standin.phone("clean")
    ok(run("phone-check", input=READ_AND_KEEP))
    assert not (home / "plan.toml").exists()
    assert (home / "journal").stat().st_mode & 0o777 == 0o700


def test_init_plan_helper_is_shared() -> None:
    """Control for the fixtures: the shared plan helper is the one conftest defines."""
    assert callable(init_plan)
