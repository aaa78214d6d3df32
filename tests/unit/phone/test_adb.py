"""The adb allow-list: the one copy command it allows, and the variables it removes."""

from __future__ import annotations

from pathlib import Path

import pytest

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
