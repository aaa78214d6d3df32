"""`exitplan phone-check --iphone --usb` through the real CLI, against stand-ins of
libimobiledevice's programs replaying recorded iPhones.

Every test that reaches the stand-ins also proves, from their log, that only reading commands
and the pairing the person agreed to were run.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Run
from helpers import ok, read_plan, snapshot
from phone_helpers import (
    IdeviceStandin,
    assert_iphone_read_only,
    convert_list,
    make_idevice_standin,
)

from exitplan.phone import indicators, iphone

READ_AND_PAIR = "yes\nyes\n\nno\n"  # read; pair; Enter once the iPhone trusts it; no journal
UDID = "00008110-001A2B3C4D5E801E"


@pytest.fixture
def standin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> IdeviceStandin:
    """The stand-in programs first on the PATH, and no real pairing folder looked at."""
    monkeypatch.setattr(iphone, "PAIR_RECORDS", (tmp_path / "lockdown",))
    return make_idevice_standin(tmp_path, monkeypatch)


@pytest.fixture
def with_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The invented stalkerware list, converted, as the list this exitplan ships."""
    folder = convert_list(tmp_path / "list")
    monkeypatch.setattr(indicators, "data_folder", lambda: folder)
    return folder


@pytest.mark.process
def test_a_clean_iphone(
    run: Run, plan_home: Path, standin: IdeviceStandin, with_list: Path
) -> None:
    """A clean iPhone: the preface says the phone will ask to trust this computer and where the
    pairing record is kept; pairing only after yes; nothing found, said with its limits; the
    pairing removed at the end; how to make the iPhone forget this computer."""
    standin.phone("clean")
    result = ok(run("phone-check", "--iphone", "--usb", input=READ_AND_PAIR))
    err = " ".join(result.stderr.split())
    assert "asks you to trust this computer" in err
    assert "/var/lib/lockdown" in err
    before_pairing = err.split("Ask the iPhone to trust it now?")[0]
    assert "keeps trusting this computer until you reset that" in before_pairing
    assert "Reset Location & Privacy" in before_pairing
    assert "Ask the iPhone to trust it now?" in err
    assert "tap Trust and enter its passcode" in err
    out = " ".join(result.stdout.split())
    assert "iPhone14,5, iOS 17.5.1. 5 apps listed." in out
    assert "No app from the list, no app from outside the App Store" in out
    assert "does not mean the phone is safe" in out
    assert "The pairing made for this check was removed" in out
    assert "Reset Location & Privacy" in out
    assert "exitplan phone-check --iphone" in out
    assert not standin.paired.exists()
    calls = standin.calls()
    assert_iphone_read_only(calls)
    assert ["idevicepair", "-u", UDID, "pair"] in calls
    assert calls[-1] == ["idevicepair", "-u", UDID, "unpair"]
    assert read_plan(plan_home).phone["iphone"].signs == ()


@pytest.mark.process
def test_an_enterprise_signed_app_a_profile_and_a_listed_app(
    run: Run, plan_home: Path, standin: IdeviceStandin, with_list: Path
) -> None:
    """An app signed with a company's certificate, its provisioning profile and an app of the
    list are named calmly, with the next steps; the plan brings the watched-phone steps first."""
    standin.phone("enterprise")
    result = ok(run("phone-check", "--iphone", "--usb", input=READ_AND_PAIR))
    out = " ".join(result.stdout.split())
    assert "Things to talk over with an advocate" in out
    assert (
        "Sync Service (com.example.syncservice) was not installed from the App Store: it is "
        "signed by iPhone Distribution: Example Holdings Ltd" in out
    )
    assert "KinderEye (org.example.kindereye.ios) is the iPhone app of KinderEye" in out
    assert "openly monitoring app" in out
    assert "A provisioning profile named 'Example Holdings Ltd In House' is installed" in out
    assert "Do not remove or stop anything yet" in out
    assert "WhatsApp" not in out
    assert "watched phone first" in result.stderr
    signs = read_plan(plan_home).phone["iphone"].signs
    assert signs == ("iphone-unsigned-app", "watchware", "iphone-profile")
    assert_iphone_read_only(standin.calls())


@pytest.mark.process
def test_a_jailbroken_iphone_already_paired(
    run: Run, plan_home: Path, standin: IdeviceStandin, with_list: Path
) -> None:
    """Jailbreak apps (Cydia, Filza) are signs; a computer the iPhone already trusted is left as
    it was: no pair and no unpair."""
    standin.phone("jailbroken")
    out = " ".join(ok(run("phone-check", "--iphone", "--usb", input="yes\nno\n")).stdout.split())
    assert "Cydia (com.saurik.Cydia) is an app that comes with a jailbreak" in out
    assert "Filza (com.tigisoftware.Filza) is an app that comes with a jailbreak" in out
    assert "already trusted by the iPhone before today" in out
    calls = standin.calls()
    assert_iphone_read_only(calls)
    assert not [c for c in calls if c[-1] in {"pair", "unpair"}]
    assert standin.paired.exists()
    assert read_plan(plan_home).phone["iphone"].signs == ("iphone-jailbreak",)


@pytest.mark.process
def test_not_paired_and_the_person_says_no(
    run: Run, plan_home: Path, standin: IdeviceStandin, with_list: Path
) -> None:
    """Asked whether the iPhone may trust this computer, no: nothing is read, nothing paired,
    nothing written."""
    standin.phone("clean")
    before = snapshot(plan_home)
    result = ok(run("phone-check", "--iphone", "--usb", input="yes\nno\n"))
    assert "Nothing was read from the phone, and nothing was written." in result.stderr
    assert result.stdout == ""
    assert snapshot(plan_home) == before
    calls = standin.calls()
    assert_iphone_read_only(calls)
    assert calls == [["idevice_id", "-l"], ["idevicepair", "-u", UDID, "validate"]]


@pytest.mark.process
@pytest.mark.parametrize(
    ("phone", "words"),
    [
        ("no-device", "no iPhone was found. Connect it with a USB cable"),
        ("two-devices", "2 iPhones or iPads are connected"),
        ("no-usbmuxd", "the iPhone could not be looked for: the usbmuxd service is not running"),
        ("refuses", "the iPhone answered Don't Trust, so it was not read"),
    ],
)
def test_an_iphone_that_cannot_be_read(
    run: Run, plan_home: Path, standin: IdeviceStandin, with_list: Path, phone: str, words: str
) -> None:
    """No iPhone, two, no usbmuxd, Don't Trust: one clear line, exit 1, nothing written."""
    standin.phone(phone)
    before = snapshot(plan_home)
    result = run("phone-check", "--iphone", "--usb", input=READ_AND_PAIR)
    assert result.exit_code == 1
    assert f"Error: {words}" in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""
    assert snapshot(plan_home) == before
    assert_iphone_read_only(standin.calls())
    assert not standin.paired.exists()


@pytest.mark.process
def test_an_iphone_that_stops_answering_is_still_unpaired(
    run: Run, plan_home: Path, standin: IdeviceStandin, with_list: Path
) -> None:
    """A program that hangs is ended at the timeout: one clear line, exit 1, nothing written,
    and the pairing this check made is removed all the same."""
    standin.phone("hangs")
    before = snapshot(plan_home)
    result = run("phone-check", "--iphone", "--usb", "--timeout", "1", input=READ_AND_PAIR)
    assert result.exit_code == 1
    assert "Error: the phone did not answer within 1 second." in result.stderr
    assert snapshot(plan_home) == before
    calls = standin.calls()
    assert_iphone_read_only(calls)
    assert calls[-1] == ["idevicepair", "-u", UDID, "unpair"]
    assert not standin.paired.exists()


@pytest.mark.process
def test_variables_that_could_send_the_connection_elsewhere_are_removed(
    run: Run,
    plan_home: Path,
    standin: IdeviceStandin,
    with_list: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """USBMUXD_SOCKET_ADDRESS and the other USBMUXD_*, LIBUSBMUXD_* and LIBIMOBILEDEVICE_*
    variables never reach the programs."""
    log = tmp_path / "env.jsonl"
    monkeypatch.setenv("STANDIN_IDEVICE_ENV_LOG", str(log))
    monkeypatch.setenv("USBMUXD_SOCKET_ADDRESS", "192.0.2.1:27015")
    monkeypatch.setenv("LIBUSBMUXD_DEBUG", "1")
    monkeypatch.setenv("LIBIMOBILEDEVICE_DEBUG", "1")
    standin.phone("clean")
    ok(run("phone-check", "--iphone", "--usb", input=READ_AND_PAIR))
    seen = [json.loads(line) for line in log.read_text().splitlines()]
    assert seen
    assert all(names == [] for names in seen)


def test_without_the_programs(
    run: Run, plan_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without libimobiledevice's programs: how to install them, exit 1, nothing asked."""
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    result = run("phone-check", "--iphone", "--usb", input="yes\n")
    assert result.exit_code == 1
    assert "sudo apt install libimobiledevice-utils ideviceinstaller" in result.stderr
    assert "Before you look" not in result.stderr


def test_usb_goes_with_iphone(run: Run, plan_home: Path) -> None:
    """--usb alone is a usage error (exit 2)."""
    result = run("phone-check", "--usb")
    assert result.exit_code == 2
    assert "--usb goes with --iphone" in result.stderr


@pytest.mark.process
def test_the_journal_keeps_the_iphone_check(
    run: Run, plan_home: Path, standin: IdeviceStandin, with_list: Path
) -> None:
    """Asked to, the iPhone read becomes one journal entry (model, iOS, UDID, what was found and
    why) with the app list and the profiles attached as the programs printed them."""
    standin.phone("enterprise")
    result = ok(run("phone-check", "--iphone", "--usb", input="yes\nyes\n\nyes\n"))
    assert "Kept as journal entry 1, with 3 files attached" in result.stderr
    entry = json.loads(ok(run("log", "show", "1", "--json")).stdout)
    fields = entry["fields"]
    assert "iPhone14,5, iOS 17.5.1" in fields["what"]
    assert f"UDID {UDID}" in fields["tech"]
    assert "signed by iPhone Distribution: Example Holdings Ltd" in fields["tech"]
    names = {f["file"]["name"] for f in entry["attachments"]}
    assert names == {
        "ideviceinstaller-apps.xml",
        "ideviceprovision-list.txt",
        "iphone-check-transcript.txt",
    }


@pytest.mark.process
def test_a_newer_ideviceinstaller_is_read_too(
    run: Run, plan_home: Path, standin: IdeviceStandin, with_list: Path
) -> None:
    """ideviceinstaller 1.2 refuses 1.1's options; its own `list --all --xml` is read instead."""
    standin.phone("newer-installer")
    out = " ".join(ok(run("phone-check", "--iphone", "--usb", input="yes\nno\n")).stdout.split())
    assert "iPhone14,5, iOS 17.5.1. 5 apps listed." in out
    calls = standin.calls()
    assert_iphone_read_only(calls)
    assert ["ideviceinstaller", "-u", UDID, "list", "--all", "--xml"] in calls
