"""The iPhone read's pieces: the allow-list, and reading the programs' outputs."""

from __future__ import annotations

from pathlib import Path

import pytest
from phone_helpers import IPHONES

from exitplan.phone import iphone
from exitplan.phone.adb import RefusedCommand

UDID = "00008110-001A2B3C4D5E801E"


@pytest.mark.parametrize(
    ("program", "args"),
    [
        ("ideviceinstaller", ["-u", UDID, "-i", "/tmp/spy.ipa"]),
        ("ideviceinstaller", ["-u", UDID, "-U", "com.example.app"]),
        ("ideviceprovision", ["-u", UDID, "install", "/tmp/x.mobileprovision"]),
        ("ideviceprovision", ["-u", UDID, "remove-all"]),
        ("ideviceinfo", ["-u", UDID, "-k", "ProductType", "-n"]),
        ("idevice_id", ["-n"]),
        ("idevicepair", ["-u", "not-a-udid", "pair"]),
        ("idevicename", ["-u", UDID, "new name"]),
    ],
)
def test_changing_commands_are_never_started(program: str, args: list[str]) -> None:
    """Installing, removing, network lookups, renaming: refused before anything starts."""
    assert not iphone.is_reading(program, args)
    assert not iphone.is_pairing(program, args)
    device = iphone.IDevice({program: "/nonexistent/" + program}, 1)
    with pytest.raises(RefusedCommand):
        device.run(program, *args)
    assert device.calls == []


def test_the_app_list_is_read_from_the_property_list() -> None:
    """Each app's identifier, name, type, signer and folder are read from ideviceinstaller's XML;
    an app without an identifier is left out."""
    import tomllib

    recorded = tomllib.loads((IPHONES / "enterprise.toml").read_text())
    base = tomllib.loads((IPHONES / "clean.toml").read_text())
    assert "ideviceinstaller -l -o list_all -o xml" in base["outputs"]
    xml = recorded["outputs"]["ideviceinstaller -l -o list_all -o xml"]
    apps = {a.bundle: a for a in iphone.parse_apps(xml.encode()) or []}
    sync = apps["com.example.syncservice"]
    assert sync.signer == "iPhone Distribution: Example Holdings Ltd"
    assert sync.profile_validated
    assert sync.kind == "User"
    assert apps["com.apple.Preferences"].folder == "Preferences.app"
    assert iphone.parse_apps(b"ERROR: instproxy_browse returnd an invalid plist!\n") is None


def test_a_hostile_property_list_is_refused(tmp_path: Path) -> None:
    """Entity declarations (the 'billion laughs') and control characters never pass."""
    bomb = (
        b'<?xml version="1.0"?><!DOCTYPE plist [<!ENTITY a "aaaaaaaaaa">'
        b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><plist version="1.0"><array><dict>'
        b"<key>CFBundleIdentifier</key><string>&b;</string></dict></array></plist>"
    )
    assert iphone.parse_apps(bomb) is None
    control = (
        b'<?xml version="1.0"?><plist version="1.0"><array><dict>'
        b"<key>CFBundleIdentifier</key><string>com.example.x</string>"
        b"<key>CFBundleDisplayName</key><string>Nice\x1b[31mName</string></dict></array></plist>"
    )
    assert iphone.parse_apps(control) is None  # not XML 1.0: refused whole
    escaped = control.replace(b"\x1b", b"&#x85;")  # a C1 control, legal in XML
    apps = iphone.parse_apps(escaped)
    assert apps is not None
    assert apps[0].name == "Nice [31mName"


def test_profiles_and_udids_are_read() -> None:
    """`ideviceprovision list` gives (id, name) pairs; `idevice_id -l` gives UDIDs only."""
    text = (
        "Device has 2 provisioning profiles installed:\n"
        "4F6A1C2E-8B3D-4E5F-9A7B-1C2D3E4F5A6B - Example In House\n"
        "(unknown id) - (no name)\n"
    )
    assert iphone.parse_profiles(text) == [
        ("4F6A1C2E-8B3D-4E5F-9A7B-1C2D3E4F5A6B", "Example In House"),
        ("(unknown id)", "(no name)"),
    ]
    assert iphone.parse_profiles("Could not connect to lockdownd. Exiting.\n") is None
    assert iphone.parse_udids(f"{UDID}\nnot one\n{'a' * 40}\n") == [UDID, "a" * 40]


def test_steering_variables_are_removed(monkeypatch: pytest.MonkeyPatch) -> None:
    """USBMUXD_*, LIBUSBMUXD_* and LIBIMOBILEDEVICE_* variables are left out; others pass."""
    monkeypatch.setenv("USBMUXD_SOCKET_ADDRESS", "192.0.2.1:27015")
    monkeypatch.setenv("LIBUSBMUXD_DEBUG", "1")
    monkeypatch.setenv("LANG", "C.UTF-8")
    env = iphone.IDevice.environment()
    assert "USBMUXD_SOCKET_ADDRESS" not in env
    assert "LIBUSBMUXD_DEBUG" not in env
    assert env["LANG"] == "C.UTF-8"
