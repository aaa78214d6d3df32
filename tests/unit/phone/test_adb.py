"""The adb allow-list: the one copy command it allows, and the variables it removes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from exitplan.phone import adb
from exitplan.phone.adb import Adb, RefusedCommand, is_read_only

APK = "/data/app/~~abc==/net.example.notes-Zm9v/base.apk"


def test_pull_is_allowed_only_for_an_app_file_into_a_private_folder() -> None:
    """`adb pull` is read-only for an app file under /data/app copied to a numbered file of a
    `.adb-*` folder; any other source or destination is refused."""
    assert is_read_only(["-s", "SERIAL1", "pull", APK, "/home/x/.adb-ab_1/app-3.apk"])
    assert is_read_only(["-s", "SERIAL1", "shell", "stat", "-c", "%s", APK])
    for wrong in (
        ["-s", "SERIAL1", "pull", "/sdcard/DCIM/photo.jpg", "/home/x/.adb-ab_1/app-3.apk"],
        ["-s", "SERIAL1", "pull", APK, "/home/x/Documents/app.apk"],
        ["-s", "SERIAL1", "pull", APK, "/home/x/.adb-ab_1/../app-3.apk"],
        ["-s", "SERIAL1", "push", "/home/x/.adb-ab_1/app-3.apk", APK],
        ["-s", "SERIAL1", "shell", "stat", "-c", "%s", "/sdcard/x"],
    ):
        assert not is_read_only(wrong), wrong


def test_pull_into_another_checks_folder_is_refused(tmp_path: Path) -> None:
    """Adb.run refuses a pull whose destination is not this run's own private folder."""
    mine, other = tmp_path / ".adb-mine", tmp_path / ".adb-other"
    adb = Adb("/nonexistent/adb", 1, mine)
    with pytest.raises(RefusedCommand):
        adb.run(["-s", "SERIAL1", "pull", APK, str(other / "app-1.apk")])
    assert adb.calls == []


def test_variables_that_steer_adb_are_removed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ADB_* and ANDROID_ADB_* variable and ANDROID_SERIAL is left out of adb's
    environment; others pass."""
    for name in ("ADB_SERVER_SOCKET", "ADB_MDNS_OPENSCREEN", "ANDROID_ADB_SERVER_PORT"):
        monkeypatch.setenv(name, "x")
    monkeypatch.setenv("ANDROID_SERIAL", "192.0.2.1:5555")
    monkeypatch.setenv("LANG", "C.UTF-8")
    env = Adb("adb", 1, None).environment()
    assert not [k for k in env if k.startswith(("ADB_", "ANDROID_ADB_"))]
    assert "ANDROID_SERIAL" not in env
    assert env["LANG"] == "C.UTF-8"


def _child(code: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )


@pytest.mark.process
def test_windows_reads_the_pipes_with_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows' select() takes no pipes: a thread reads each, and what was printed and the exit
    code come back as on Linux."""
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(adb, "_read_with_select", lambda *_a: pytest.fail("select on Windows"))
    child = _child("import sys; print('device'); print('warn', file=sys.stderr); sys.exit(3)")
    output = adb.collect(child, ("devices",), 30)
    assert (output.code, output.stdout.strip(), output.stderr.strip()) == (3, b"device", b"warn")


@pytest.mark.process
def test_windows_threads_stop_at_the_timeout_and_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """With threads too, a child that never ends is stopped at the timeout, and one that prints
    past the cap is stopped with a plain message."""
    monkeypatch.setattr(sys, "platform", "win32")
    with pytest.raises(adb.PhoneError, match="did not answer within"):
        adb.collect(_child("import time; print('x', flush=True); time.sleep(60)"), ("x",), 0.5)
    monkeypatch.setattr(adb, "MAX_OUTPUT", 1000)
    flood = _child("import sys\nwhile True: sys.stdout.write('x' * 4096)")
    with pytest.raises(adb.PhoneError, match="printed more than"):
        adb.collect(flood, ("x",), 30)
