"""The phone check's core without a phone: the allow-list, the parsers, the list and its
provenance, the findings, the journal entry, and what the plan keeps."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
import yaml
from helpers import REPO, TODAY
from phone_helpers import COMMIT, LIST, convert_list, recorded

from exitplan.base.errors import PlanError
from exitplan.phone import indicators
from exitplan.phone.adb import Adb, PhoneError, RefusedCommand, is_read_only
from exitplan.phone.analysis import analyse
from exitplan.phone.parse import (
    choose_device,
    component_packages,
    parse_device_admins,
    parse_device_owner,
    parse_devices,
    parse_packages,
    parse_sha256,
)
from exitplan.phone.reading import Readings
from exitplan.phone.record import fields, files

SERIAL = "35091FDH2000C2"


def shell(*words: str) -> list[str]:
    """`adb -s SERIAL shell WORDS` as arguments."""
    return ["-s", SERIAL, "shell", *words]


@pytest.mark.parametrize(
    "args",
    [
        ["start-server"],
        ["kill-server"],
        ["devices", "-l"],
        shell("getprop", "ro.product.model"),
        shell("settings", "get", "global", "package_verifier_enable"),
        shell("pm", "list", "packages", "-U", "-u", "-i"),
        shell("pm", "list", "packages", "-s"),
        shell("dumpsys", "device_policy"),
        shell("pm", "path", "org.example.quietwatch"),
        shell("sha256sum", "/data/app/~~abc==/org.example.app-XyZ==/base.apk"),
    ],
)
def test_the_reads_are_allowed(args: list[str]) -> None:
    """Each read the check makes is on the allow-list."""
    assert is_read_only(args)


@pytest.mark.parametrize(
    "args",
    [
        ["uninstall", "org.example.quietwatch"],
        ["install", "x.apk"],
        ["connect", "192.168.1.5:5555"],
        ["pair", "192.168.1.5:37000"],
        ["tcpip", "5555"],
        ["reboot"],
        ["root"],
        ["shell", "getprop"],  # no serial: could reach another phone
        shell("pm", "uninstall", "org.example.quietwatch"),
        shell("pm", "disable-user", "org.example.quietwatch"),
        shell("pm", "clear", "org.example.quietwatch"),
        shell("settings", "put", "global", "package_verifier_enable", "1"),
        shell("settings", "delete", "global", "adb_enabled"),
        shell("am", "force-stop", "org.example.quietwatch"),
        shell("rm", "-rf", "/sdcard"),
        shell("pm", "path", "org.example.app;rm -rf /sdcard"),
        shell("pm", "path", "org.example.app", "extra"),
        shell("sha256sum", "/data/app/../../etc/passwd.apk"),
        shell("sha256sum", "/sdcard/file.apk"),
        shell("sha256sum", "/data/app/a b/base.apk"),
        ["-s", "192.168.1.5:5555", "shell", "getprop", "ro.product.model"],
        ["-s", SERIAL, "shell", "getprop", "ro.product.model", ";", "reboot"],
    ],
)
def test_changing_commands_are_refused(args: list[str]) -> None:
    """Commands that change the phone, reach it over the network, or smuggle a second command
    into the phone's shell are refused."""
    assert not is_read_only(args)


@pytest.mark.process
def test_a_refused_command_is_never_started(tmp_path: Path) -> None:
    """The runner refuses before starting anything: the program is never run."""
    marker = tmp_path / "ran"
    program = tmp_path / "adb"
    program.write_text(f"#!/bin/sh\ntouch '{marker}'\n")
    program.chmod(0o755)
    adb = Adb(str(program), timeout=5)
    with pytest.raises(RefusedCommand):
        adb.run(shell("pm", "uninstall", "org.example.quietwatch"))
    assert not marker.exists()
    adb.run(["devices", "-l"])  # control: an allowed command does run
    assert marker.exists()


@pytest.mark.process
def test_a_hanging_command_is_ended(tmp_path: Path) -> None:
    """A command that never answers is ended at the timeout, with a plain error."""
    program = tmp_path / "adb"
    program.write_text("#!/bin/sh\nsleep 600\n")
    program.chmod(0o755)
    with pytest.raises(PhoneError, match="did not answer within 1 second"):
        Adb(str(program), timeout=1).run(["devices", "-l"])


def test_devices_and_their_states() -> None:
    """`adb devices -l` lines are read with their state, including "no permissions"."""
    text = (
        "List of devices attached\n"
        "35091FDH2000C2         device usb:1-2 product:panther model:Pixel_7 transport_id:3\n"
        "R58N42ABCDE            no permissions (user in plugdev group; are your udev rules "
        "wrong?); see [http://developer.android.com/tools/device.html] usb:1-1\n\n"
    )
    devices = parse_devices(text)
    assert [(d.serial, d.state) for d in devices] == [
        ("35091FDH2000C2", "device"),
        ("R58N42ABCDE", "no permissions"),
    ]
    with pytest.raises(PhoneError, match="does not let adb reach the phone"):
        choose_device(devices[1:])
    assert choose_device(devices[:1]).serial == SERIAL
    for line, words in (
        ("192.168.1.5:5555       device product:x model:y", "wireless debugging"),
        ("adb-R58N-abc._adb-tls-connect._tcp device product:x", "wireless debugging"),
        ("35091FDH2000C2         offline usb:1-2", "not answering yet"),
        ("35091FDH2000C2         recovery usb:1-2", "'recovery' mode"),
    ):
        with pytest.raises(PhoneError, match=words):
            choose_device(parse_devices(line))


def test_package_lists_and_their_fallbacks() -> None:
    """Installer and uid are read; "null" means none; an error text asks for the fallback."""
    listed = parse_packages(recorded("sideloaded", "pm list packages -U -u -i").decode())
    assert listed is not None
    by_name = {p.name: p for p in listed}
    assert by_name["net.example.helpdesk"].installer == "com.google.android.packageinstaller"
    assert by_name["net.example.helpdesk"].uid == 10302
    assert by_name["com.android.settings"].installer is None
    assert "android" in by_name
    assert parse_packages("Error: Unknown option: -U\n") is None
    assert parse_packages("") is None
    assert parse_packages("package:bad name  installer=x\npackage:ok.app\n") == [
        type(listed[0])("ok.app")
    ]


def test_device_admins_owner_and_components() -> None:
    """Admins under every user's heading, never words elsewhere; the device owner; components."""
    policy = recorded("stalkerware", "dumpsys device_policy").decode()
    assert parse_device_admins(policy) == ["com.google.android.gms", "org.example.quietwatch"]
    assert parse_device_owner(policy) is None
    owned = "  Device Owner: \n    admin=ComponentInfo{org.example.mdm/org.example.mdm.Admin}\n"
    assert parse_device_owner(owned) == "org.example.mdm"
    assert component_packages("a.b/a.b.S:c.d/.L:null") == ["a.b", "c.d"]
    assert component_packages(None) == []
    assert parse_sha256("ABCDEF" * 10 + "abcd  /data/app/x/base.apk\n") == ("abcdef" * 10 + "abcd")
    assert parse_sha256("sha256sum: /data/app/x: No such file\n") is None


def _readings(phone: str) -> Readings:
    from exitplan.phone.parse import parse_names, parse_setting

    def said(command: str) -> str:
        return recorded(phone, command).decode()

    readings = Readings(SERIAL)
    for name in ("ro.product.manufacturer", "ro.product.model", "ro.build.version.release"):
        readings.properties[name] = parse_setting(said(f"getprop {name}"))
    for table, name in (
        ("global", "package_verifier_enable"),
        ("secure", "enabled_accessibility_services"),
        ("secure", "enabled_notification_listeners"),
    ):
        readings.settings[name] = parse_setting(said(f"settings get {table} {name}"))
    readings.packages = parse_packages(said("pm list packages -U -u -i")) or []
    readings.system = parse_names(said("pm list packages -s"))
    readings.device_policy = said("dumpsys device_policy")
    return readings


def test_a_renamed_app_is_found_by_its_hash(tmp_path: Path) -> None:
    """An app whose package name is on no list, but whose file's SHA-256 is, is a match."""
    loaded = indicators.load(convert_list(tmp_path / "list"))
    readings = _readings("sideloaded")
    assert analyse(readings, loaded).signs == ("outside-store-power",)
    readings.hashes["net.example.helpdesk"] = (
        "6d1f0a7c3b5e9d2f4a8c1e6b0d3f5a7c9e2b4d6f8a0c1e3b5d7f9a2c4e6b8d0f"
    )
    outcome = analyse(readings, loaded)
    assert outcome.signs[0] == "known-stalkerware"
    assert "same SHA-256 as a copy of QuietWatch" in outcome.findings[0].why


def test_watchware_and_developer_options_are_signs(tmp_path: Path) -> None:
    """An openly monitoring app from the watchware list, and developer options said to be on
    before today, are each a sign."""
    from exitplan.phone.parse import Package

    loaded = indicators.load(convert_list(tmp_path / "list"))
    readings = _readings("clean")
    readings.packages.append(Package("org.example.kindereye", "com.android.vending", 10400))
    outcome = analyse(readings, loaded, developer_before="yes")
    assert outcome.signs == ("watchware", "developer-options-before")
    assert "openly monitoring app" in outcome.findings[0].why


def test_the_journal_entry(tmp_path: Path) -> None:
    """The entry's words hold the model, the version, what matched and why, and the list's
    commit; the long outputs are attached whole and the rest in one transcript."""
    from exitplan.phone.adb import Output

    loaded = indicators.load(convert_list(tmp_path / "list"))
    readings = _readings("stalkerware")
    listing = recorded("stalkerware", "pm list packages -U -u -i")
    readings.outputs = [
        Output(("devices", "-l"), 0, b"List of devices attached\n", b""),
        Output(tuple(shell("pm", "list", "packages", "-U", "-u", "-i")), 0, listing, b""),
        Output(tuple(shell("getprop", "ro.product.model")), 0, b"Pixel 7", b""),
    ]
    outcome = analyse(readings, loaded)
    now = datetime(2026, 11, 30, 14, 5, tzinfo=UTC)
    entry = fields(outcome, readings, now, TODAY)
    assert set(entry) == {"when", "what", "tech"}
    assert "Google Pixel 7, Android 14" in entry["what"]
    assert f"commit {COMMIT}" in entry["tech"]
    assert "QuietWatch" in entry["tech"]
    assert "when" not in fields(outcome, readings, now, date(2026, 11, 1))  # a rehearsed day
    kept = dict(files(readings))
    assert kept["pm-list-packages.txt"] == listing
    assert kept["phone-check-transcript.txt"] == (
        b"$ adb devices -l\nList of devices attached\n(exit code 0)\n\n"
        b"$ adb -s 35091FDH2000C2 shell getprop ro.product.model\nPixel 7\n(exit code 0)\n\n"
    )


# -- the list and its provenance ------------------------------------------------------------


def test_the_converter_reads_the_source_format() -> None:
    """Both spellings of c2 addresses, aliases, watchware, and sample hashes are read."""
    import csv

    data = indicators.convert(
        yaml.safe_load((LIST / "ioc.yaml").read_text()),
        yaml.safe_load((LIST / "watchware.yaml").read_text()),
        csv.DictReader((LIST / "samples.csv").read_text().splitlines()),
    )
    assert [(a["name"], a["type"]) for a in data["apps"]] == [
        ("QuietWatch", "stalkerware"),
        ("ShadowNote", "stalkerware"),
        ("KinderEye", "watchware"),
    ]
    assert data["apps"][0]["names"] == ["HushTrack"]
    assert len(data["hashes"]) == 2


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ({"name": "X", "type": "stalkerware", "pakages": ["a.b"]}, "unknown field 'pakages'"),
        ({"name": "X", "type": "adware", "packages": ["a.b"]}, "not stalkerware or watchware"),
        ({"name": "X", "packages": "a.b"}, "must be a list of text"),
        ({"name": "X", "packages": ["not a package"]}, "is not a package name"),
        ({"name": "X", "c2": {"urls": ["x"]}}, "'c2' has fields"),
        ({"type": "stalkerware"}, "has no name"),
    ],
)
def test_the_converter_refuses_what_it_does_not_know(entry: dict[str, object], words: str) -> None:
    """A change of format is refused with a plain message, never silently dropped."""
    with pytest.raises(indicators.IndicatorError, match=words):
        indicators.convert([entry], [])


def test_the_provenance_matches_the_content(tmp_path: Path) -> None:
    """The provenance names the source, the commit, the CC BY 4.0 attribution and the SHA-256 of
    the converted file and of each input; a changed file no longer matches and is not used."""
    folder = convert_list(tmp_path / "list")
    record = json.loads((folder / indicators.PROVENANCE_FILE).read_text())
    body = (folder / indicators.DATA_FILE).read_bytes()
    assert record["indicators_sha256"] == hashlib.sha256(body).hexdigest()
    assert (
        record["files"]["ioc.yaml"] == hashlib.sha256((LIST / "ioc.yaml").read_bytes()).hexdigest()
    )
    assert record["commit"] == COMMIT
    assert record["licence"] == "CC BY 4.0"
    assert "Echap" in record["attribution"]
    assert "incomplete" in record["attribution"]
    loaded = indicators.load(folder)
    assert loaded.problem is None
    assert loaded.indicators is not None
    assert loaded.indicators.commit == COMMIT
    (folder / indicators.DATA_FILE).write_bytes(body.replace(b"ShadowNote", b"ShadowNotE"))
    assert indicators.load(folder).problem == indicators.DAMAGED
    assert indicators.load(tmp_path / "nowhere").problem == indicators.MISSING


@pytest.mark.process
def test_the_release_script_converts_a_folder(tmp_path: Path) -> None:
    """scripts/fetch-indicators COMMIT --from FOLDER writes the JSON and a provenance whose hash
    is the JSON's, through the same converter; a short commit is refused."""
    out = tmp_path / "out"
    script = REPO / "scripts" / "fetch-indicators"
    done = subprocess.run(
        [sys.executable, str(script), COMMIT, "--from", str(LIST), "--output", str(out)],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "3 apps and 2 hashes" in done.stdout
    record = json.loads((out / indicators.PROVENANCE_FILE).read_text())
    assert (
        record["indicators_sha256"]
        == hashlib.sha256((out / indicators.DATA_FILE).read_bytes()).hexdigest()
    )
    assert (out / indicators.DATA_FILE).read_bytes() == (
        convert_list(tmp_path / "same") / indicators.DATA_FILE
    ).read_bytes()
    short = subprocess.run(
        [sys.executable, str(script), "0123abc", "--from", str(LIST), "--output", str(out)],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert short.returncode == 1
    assert "full 40-digit commit" in short.stderr


# -- what the plan keeps ----------------------------------------------------------------------


def test_the_plan_file_validates_the_phone_sections(tmp_path: Path) -> None:
    """Unknown kinds, signs and questions in a plan file are refused with a plain message."""
    from exitplan.domain.model import PhoneCheck, PlanState
    from exitplan.domain.plan import set_iphone_answers, set_phone_check
    from exitplan.formats.planfile import dump_plan, parse_plan

    now = datetime(2026, 11, 30, 12, tzinfo=UTC)
    state = PlanState(created=now)
    set_phone_check(
        state, "android", PhoneCheck(now, ("known-stalkerware",), "Google Pixel 7"), now
    )
    set_iphone_answers(state, {"profiles": "no", "find-my": "yes"}, now)
    data = dump_plan(state)
    again = parse_plan(data, tmp_path / "plan.toml")
    assert again.phone == state.phone
    assert again.iphone == state.iphone
    for wrong, words in (
        (b"[phone.android]", b"[phone.nokia]"),
        (b'"known-stalkerware"', b'"haunted"'),
        (b"[iphone.profiles]", b"[iphone.jailbreak]"),
        (b'answer = "no"', b'answer = "maybe"'),
    ):
        assert wrong in data, wrong
        with pytest.raises(PlanError):
            parse_plan(data.replace(wrong, words), tmp_path / "plan.toml")


def test_the_watched_phone_steps_exist() -> None:
    """Every step the phone check brings first is a built-in step."""
    from exitplan.domain.phonecheck import MONITORED_PHONE_STEPS
    from exitplan.formats.checklistfile import load_catalog

    catalog = load_catalog()
    ids = {f"{c.id}.{i.id}" for c in catalog.checklists for i in c.items}
    assert ids >= MONITORED_PHONE_STEPS


def test_the_phone_layer_imports_only_below_it() -> None:
    """exitplan.phone imports only the leaves, file access, the domain, the formats, the journal
    and itself: never the home, the workspace, the views or the command line."""
    from helpers_imports import import_graph

    allowed = ("base", "disk", "domain", "formats", "journal", "phone")
    graph = import_graph()
    phone = {name: targets for name, targets in graph.items() if name.startswith("exitplan.phone")}
    assert len(phone) >= 8
    for name, targets in phone.items():
        wrong = [t for t in targets if t.split(".")[1] not in allowed]
        assert wrong == [], name
