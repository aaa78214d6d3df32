"""The phone check at its limits: hostile or failing phones, huge lists, steering variables.

Each test repeats an attack of the third review (issue 32) or a newcomer's point (issue 38)
through the real CLI, against the stand-in adb.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
from pathlib import Path

import pytest
from conftest import TODAY, Run
from helpers import child, ok, snapshot
from phone_helpers import Standin, assert_read_only, convert_list, make_standin

from exitplan.phone import adb, indicators

READ = "yes\n\nno\n"
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


def _phone(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "phone.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.process
def test_the_phone_is_found_before_any_question(
    run: Run, plan_home: Path, standin: Standin, with_list: Path
) -> None:
    """With no phone, the developer-options question is never asked: the phone is looked for
    first."""
    standin.phone("no-device")
    result = run("phone-check", input=READ_AND_KEEP)
    assert result.exit_code == 1
    assert "no phone was found" in result.stderr
    assert "developer options" not in result.stderr.split("Looking for the phone")[1]


def test_the_preface_says_where_adbs_key_is_kept(
    run: Run, plan_home: Path, standin: Standin
) -> None:
    """The preface says adb's key is kept in exitplan's private folder and erased, never that
    adb keeps its key on this computer."""
    result = ok(run("phone-check", input="no\n"))
    flat = " ".join(result.stderr.split())
    assert "adb also keeps its own key on this computer" not in flat
    assert "kept in exitplan's private folder and erased at the end" in flat


@pytest.mark.process
def test_a_five_thousand_digit_uid_is_counted_not_a_crash(
    run: Run, plan_home: Path, standin: Standin, with_list: Path, tmp_path: Path
) -> None:
    """A package line with a 5,000-digit uid, and one that is not a package line, are left
    out and counted on the screen; no traceback."""
    huge = "9" * 5000
    standin.phone_file(
        _phone(
            tmp_path,
            f'base = "clean"\n[append]\n"pm list packages -U -u -i" = """'
            f"package:com.example.big  installer=null uid:{huge}\npackage:not a name at all\n"
            '"""\n',
        )
    )
    result = ok(run("phone-check", input=READ))
    flat = " ".join(result.stdout.split())
    assert "2 lines of the phone's list of apps could not be read and were left out." in flat
    assert "com.example.big" not in flat
    assert "Traceback" not in result.stderr


@pytest.mark.process
def test_failed_readings_are_never_called_nothing(
    run: Run, plan_home: Path, standin: Standin, with_list: Path
) -> None:
    """When settings and dumpsys are refused, the report says what could not be read and never
    that no setting or app power stood out."""
    standin.phone("denied")
    out = " ".join(ok(run("phone-check", input=READ)).stdout.split())
    assert "The phone did not let the check read some things" in out
    assert "which apps have accessibility powers" in out
    assert "which apps are device administrators" in out
    assert "no setting stood out" not in out
    assert "No setting or app power stood out" not in out
    assert "nothing stood out in what could be read" in out


@pytest.mark.process
def test_an_app_with_powers_missing_from_the_list_is_a_sign(
    run: Run, plan_home: Path, standin: Standin, with_list: Path
) -> None:
    """An app with accessibility, notification and admin powers that the package list does not
    show is a sign, never "came with the phone"."""
    standin.phone("hidden-power")
    out = " ".join(ok(run("phone-check", input=READ)).stdout.split())
    assert "com.example.hidden holds these powers, but the phone did not list it" in out
    assert "com.example.hidden came with the phone" not in out
    signs_part = out.split("Things to talk over with an advocate")[1]
    assert "It is a device administrator" in signs_part


@pytest.mark.process
def test_steering_variables_never_reach_adb(
    run: Run,
    plan_home: Path,
    standin: Standin,
    with_list: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ADB_SERVER_SOCKET, other ADB_* and ANDROID_ADB_* variables and ANDROID_SERIAL are
    removed before adb runs, so it cannot be sent to another server or device."""
    log = tmp_path / "env.jsonl"
    monkeypatch.setenv("STANDIN_ADB_ENV_LOG", str(log))
    for name, value in {
        "ADB_SERVER_SOCKET": "tcp:192.0.2.1:5037",
        "ADB_VENDOR_KEYS": "/tmp/keys",
        "ANDROID_ADB_SERVER_PORT": "6000",
        "ANDROID_ADB_SERVER_ADDRESS": "192.0.2.1",
        "ANDROID_SERIAL": "192.0.2.1:5555",
    }.items():
        monkeypatch.setenv(name, value)
    standin.phone("clean")
    ok(run("phone-check", input=READ))
    seen = [json.loads(line) for line in log.read_text().splitlines()]
    assert seen
    steering = {name for names in seen for name in names}
    assert not {n for n in steering if n.startswith(("ADB_", "ANDROID_ADB_"))}
    assert "ANDROID_SERIAL" not in steering
    assert "ANDROID_USER_HOME" in steering  # the private folder, set by exitplan


@pytest.mark.process
def test_output_past_the_cap_stops_the_command(
    run: Run,
    plan_home: Path,
    standin: Standin,
    with_list: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A phone printing more than the cap is stopped and the person told; exit 1, nothing
    written, no traceback."""
    monkeypatch.setattr(adb, "MAX_OUTPUT", 4096)
    lines = "".join(f"package:com.example.app{n}  installer=null uid:{n}\n" for n in range(400))
    standin.phone_file(
        _phone(tmp_path, f'base = "clean"\n[append]\n"pm list packages -U -u -i" = """{lines}"""\n')
    )
    before = snapshot(plan_home)
    result = run("phone-check", input=READ_AND_KEEP)
    assert result.exit_code == 1
    assert "Error: the phone printed more than 4 kB for 'adb shell pm list packages" in (
        result.stderr
    )
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert snapshot(plan_home) == before
    assert_read_only(standin.calls())


@pytest.mark.process
def test_a_held_pipe_does_not_outlast_the_timeout(
    run: Run,
    plan_home: Path,
    standin: Standin,
    with_list: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """When adb hangs and a process it started in a session of its own holds its output open,
    the check still ends at its timeout with one clear line (it used to wait for the holder's
    600 seconds; the real process here is given 60 before the test calls it hung)."""
    orphan = tmp_path / "orphan.pid"
    monkeypatch.setenv("STANDIN_ADB_ORPHAN", str(orphan))
    standin.phone_file(
        _phone(tmp_path, 'base = "clean"\n[outputs]\n"pm list packages -U -u -i" = "ORPHAN"\n')
    )
    try:
        done = child(
            *("--home", str(plan_home), "phone-check", "--timeout", "1"),
            input=READ_AND_KEEP,
            env={"EXITPLAN_TODAY": TODAY.isoformat()},
            timeout=60,
        )
        assert done.returncode == 1
        assert "Error: the phone did not answer within 1 second." in done.stderr
    finally:
        if orphan.exists():  # the holder this test started, ended by its own id
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(orphan.read_text()), signal.SIGKILL)
    assert orphan.exists()


@pytest.mark.process
def test_a_hundred_thousand_apps_are_summarised_and_recordable(
    run: Run,
    plan_home: Path,
    standin: Standin,
    with_list: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """100,000 apps from outside a store (and 100 with powers) print a short summary, not
    megabytes; the check is kept in the journal within its field limit; and the advice to turn
    USB debugging off is still given."""
    monkeypatch.setenv("COLUMNS", "100")
    from phone_helpers import recorded

    listing = tmp_path / "pm-list-packages.txt"
    listing.write_bytes(
        recorded("clean", "pm list packages -U -u -i")
        + "".join(
            f"package:org.example.a{n}  installer=com.android.shell uid:{10000 + n}\n"
            for n in range(100_000)
        ).encode()
    )
    powers = ":".join(f"org.example.a{n}/org.example.a{n}.S" for n in range(100))
    standin.phone_file(
        _phone(
            tmp_path,
            'base = "clean"\n[outputs]\n'
            f'"settings get secure enabled_accessibility_services" = "{powers}\\n"\n'
            f'"pm list packages -U -u -i" = "FILE:{listing}"\n',
        )
    )
    result = ok(run("phone-check", input=READ_AND_KEEP))
    assert len(result.stdout) < 40_000
    flat = " ".join(result.stdout.split())
    assert "And 70 more like these" in flat
    assert "And 99881 more apps or powers worth a look, not shown here (org.example.a10016," in flat
    assert "Revoke USB debugging authorizations" in flat
    assert "Kept as journal entry 1" in result.stderr
    entry = json.loads(ok(run("log", "show", "1", "--json")).stdout)
    assert len(entry["fields"]["tech"]) <= 20_000
    assert "more (see the attached lists)" in entry["fields"]["tech"]


@pytest.mark.process
@pytest.mark.parametrize("scheme", ["v1", "v2"])
def test_a_known_signing_certificate_names_the_app(
    run: Run,
    plan_home: Path,
    standin: Standin,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    scheme: str,
) -> None:
    """An app from outside a store under an unknown name, signed with a certificate the list
    names, is pulled into the private folder, named as the listed app, and the copy erased; only
    read-only commands run."""
    from phone_helpers import LIST, make_apk

    app = tmp_path / "renamed.apk"
    fingerprint = make_apk(app, scheme)
    source = tmp_path / "source"
    source.mkdir()
    for name in ("ioc.yaml", "watchware.yaml", "samples.csv"):
        (source / name).write_bytes((LIST / name).read_bytes())
    with (source / "ioc.yaml").open("a", encoding="utf-8") as ioc:
        ioc.write(
            "\n- name: CalmSpy\n  names:\n  - QuietHelper\n  type: stalkerware\n"
            f"  packages:\n  - org.example.calmspy\n  certificates:\n  - {fingerprint.upper()}\n"
        )
    folder = convert_list(tmp_path / "list", source)
    monkeypatch.setattr(indicators, "data_folder", lambda: folder)
    remote = "/data/app/~~cmVuYW1lZA==/net.example.notes-Zm9vYmFy/base.apk"
    standin.phone_file(
        _phone(
            tmp_path,
            f'base = "clean"\n[outputs]\n"pm path net.example.notes" = "package:{remote}\\n"\n'
            f'"sha256sum {remote}" = "{"ab" * 32}  {remote}\\n"\n'
            f'"stat -c %s {remote}" = "{app.stat().st_size}\\n"\n'
            f'"pull {remote}" = "FILE:{app}"\n'
            '[append]\n"pm list packages -U -u -i" = '
            '"package:net.example.notes  installer=com.android.shell uid:10400\\n"\n',
        )
    )
    result = ok(run("phone-check", input=READ_AND_KEEP))
    flat = " ".join(result.stdout.split())
    assert "net.example.notes is signed with the same certificate as CalmSpy" in flat
    assert "It is also sold as QuietHelper." in flat
    assert "taken on 2026-11-30: apps newer than that may be missing" in flat
    calls = standin.calls()
    assert_read_only(calls)
    pulls = [call for call in calls if call[2:3] == ["pull"]]
    assert len(pulls) == 1
    assert pulls[0][3] == remote
    assert not Path(pulls[0][4]).exists()
    assert not Path(pulls[0][4]).parent.exists()
    assert not list(tmp_path.rglob("app-*.apk"))
    entry = json.loads(ok(run("log", "show", "1", "--json")).stdout)
    assert f"net.example.notes: {fingerprint}" in entry["fields"]["tech"]


def test_about_names_the_list_its_date_and_licence(run: Run, home: Path) -> None:
    """`phone-check --about` shows the shipped list's source, commit, the day it was taken, the
    CC BY 4.0 licence and the attribution, without adb and without a plan; nothing is written."""
    result = ok(run("phone-check", "--about"))
    flat = " ".join(result.stdout.split())
    assert "174 apps from stalkerware-indicators by Echap" in flat
    assert "commit a04c5c1958bff93fec3b1b56edbb412b209f2a38, taken on 2026-12-05" in flat
    assert "Apps newer than that may be missing" in flat
    assert "Licence: CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)" in flat
    assert "maintained by Julien Voisin and Tek" in flat
    assert not home.exists()
