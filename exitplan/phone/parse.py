"""Reading what adb and the phone print: the device list, packages, settings, device policy.

Pure functions of text. What a phone prints is not trusted: names that will be sent back to the
phone must match strict patterns (`adb.PACKAGE`, `adb.APK_PATH`), and text that reaches the screen
loses its control characters (`clean`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from exitplan.base.i18n import _
from exitplan.base.safetext import UNSAFE
from exitplan.phone.adb import APK_PATH, PACKAGE, SERIAL, PhoneError

MAX_SHOWN = 120


def clean(text: str, limit: int = MAX_SHOWN) -> str:
    """One line of the phone's text, safe for a screen: no control characters, not too long."""
    text = " ".join(UNSAFE.sub(" ", text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class Device:
    """One line of `adb devices -l`: the serial, its state, and the rest (usb:, model:)."""

    serial: str
    state: str
    details: str


def parse_devices(text: str) -> list[Device]:
    """The devices `adb devices -l` lists (the header and blank lines left out)."""
    devices = []
    for line in text.splitlines():
        if not line.strip() or line.startswith(("List of devices", "*")):
            continue
        parts = line.split(None, 1)
        rest = parts[1] if len(parts) > 1 else ""
        if rest.startswith("no permissions"):
            state, details = "no permissions", rest[len("no permissions") :]
        else:
            state, _, details = rest.partition(" ")
        devices.append(Device(parts[0], state or "unknown", details.strip()))
    return devices


def choose_device(devices: list[Device]) -> Device:
    """The one phone to read, or a PhoneError that says plainly what to do."""
    nothing = _("Nothing was read or written")
    if not devices:
        raise PhoneError(
            _(
                "no phone was found. Connect it with a USB cable, unlock it, and turn on USB "
                "debugging (Settings > About phone: tap Build number seven times; then Settings > "
                "System > Developer options > USB debugging). {nothing}"
            ).format(nothing=nothing)
        )
    if len(devices) > 1:
        raise PhoneError(
            _(
                "{count} phones or emulators are connected. Unplug all but the phone to "
                "check, then try again. {nothing}"
            ).format(count=len(devices), nothing=nothing)
        )
    device = devices[0]
    if device.state == "unauthorized":
        raise PhoneError(
            _(
                "the phone has not allowed this computer yet. Unlock it, tap Allow on the 'Allow "
                "USB debugging?' message, then run the check again. {nothing}"
            ).format(nothing=nothing)
        )
    if device.state == "no permissions":
        raise PhoneError(
            _(
                "this computer does not let adb reach the phone (no permission for the USB "
                "device). On Debian or Ubuntu, install android-sdk-platform-tools-common and plug "
                "the phone in again. {nothing}"
            ).format(nothing=nothing)
        )
    if device.state in {"offline", "authorizing", "connecting"}:
        raise PhoneError(
            _(
                "the phone is connected but not answering yet. Unplug it, plug it back in, unlock "
                "it and try again. {nothing}"
            ).format(nothing=nothing)
        )
    if device.state != "device":
        raise PhoneError(
            _(
                "the phone is in '{state}' mode, not started as usual. Start it "
                "normally, unlock it and try again. {nothing}"
            ).format(state=clean(device.state, 30), nothing=nothing)
        )
    if not SERIAL.fullmatch(device.serial) or "_tcp" in device.serial:
        raise PhoneError(
            _(
                "the phone is connected over the network (wireless debugging). exitplan reads a "
                "phone only over a USB cable: turn wireless debugging off and plug it in. {nothing}"
            ).format(nothing=nothing)
        )
    return device


@dataclass(frozen=True)
class Package:
    """One line of `pm list packages -U -u -i`: the name, its installer, its user id."""

    name: str
    installer: str | None = None
    uid: int | None = None


# Any name pm lists ("android" has no dot); names sent back to the phone must match adb.PACKAGE.
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*")
# A user id is at most ten digits (Android's are below 2**31); a longer one is not read as one.
_PACKAGE_LINE = re.compile(r"^package:(\S+)(?:\s+installer=(\S*))?(?:\s+uid:(\d{1,10}))?\s*$")


def parse_packages(text: str) -> list[Package] | None:
    """The packages listed (None when the output is not a package list, e.g. an old Android
    that does not know an option: the caller then tries without it)."""
    found, _unreadable = read_packages(text)
    return found


def unreadable_packages(text: str) -> int:
    """How many `package:` lines of a listing could not be read (left out, and said)."""
    return read_packages(text)[1]


def read_packages(text: str) -> tuple[list[Package] | None, int]:
    """The packages listed (None when not a listing), and how many lines could not be read."""
    found: dict[str, Package] = {}
    listed = False
    unreadable = 0
    for line in text.splitlines():
        if not line.startswith("package:"):
            continue
        listed = True
        match = _PACKAGE_LINE.match(line.strip())
        if match is None or not _NAME.fullmatch(match.group(1)):
            unreadable += 1
            continue  # not a package name: never shown, never sent back
        name, installer, uid = match.groups()
        found.setdefault(
            name,
            Package(
                name,
                None if installer in (None, "", "null") else installer,
                int(uid) if uid else None,
            ),
        )
    if not listed:
        return None, 0
    return sorted(found.values(), key=lambda p: p.name), unreadable


def parse_names(text: str) -> set[str]:
    """The package names of `pm list packages -s`."""
    return {p.name for p in parse_packages(text) or []}


def parse_setting(text: str) -> str | None:
    """`settings get` prints a value, or `null` when the setting was never set."""
    value = text.strip()
    return None if value in {"", "null"} else value


_FAILED = re.compile(
    r"Exception|Permission Denial|Error:|Can't find service|Failure calling service|"
    r"not found|Aborted|Killed"
)


def failed(code: int, text: str, *, one_line: bool = False) -> bool:
    """Whether a reading failed: a non-zero exit, an error or exception printed in its place,
    or (for a setting, which is one value) more than one line."""
    if code != 0 or _FAILED.search(text[:4096]):
        return True
    return one_line and len([line for line in text.splitlines() if line.strip()]) > 1


def component_packages(value: str | None) -> list[str]:
    """The packages of a list of components such as `com.a/com.a.Svc:com.b/.Listener`."""
    if not value:
        return []
    names = []
    for part in value.split(":"):
        name = part.split("/", 1)[0].strip()
        if PACKAGE.fullmatch(name) and name not in names:
            names.append(name)
    return names


_ADMIN = re.compile(r"^(\s+)([A-Za-z][\w.]*)/([\w.$]+):\s*$")
_OWNER = re.compile(r"ComponentInfo\{([A-Za-z][\w.]*)/")


def parse_device_admins(text: str) -> list[str]:
    """The packages listed under every `Enabled Device Admins (User N, ...):` of dumpsys."""
    admins: list[str] = []
    header: int | None = None
    for line in text.splitlines():
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if stripped.startswith("Enabled Device Admins"):
            header = indent
            continue
        if header is None or not stripped:
            continue
        if indent <= header:
            header = None
            continue
        match = _ADMIN.match(line)
        if match and PACKAGE.fullmatch(match.group(2)) and match.group(2) not in admins:
            admins.append(match.group(2))
    return admins


def parse_device_owner(text: str) -> str | None:
    """The package of the device owner (a managed phone), if dumpsys names one."""
    lines = text.splitlines()
    for n, line in enumerate(lines):
        if line.strip().startswith("Device Owner"):
            for following in lines[n : n + 4]:
                match = _OWNER.search(following)
                if match and PACKAGE.fullmatch(match.group(1)):
                    return match.group(1)
    return None


def parse_apk_paths(text: str) -> list[str]:
    """The app's files `pm path` prints (`package:/data/app/.../base.apk`), checked."""
    paths = []
    for line in text.splitlines():
        path = line.strip().removeprefix("package:")
        if APK_PATH.fullmatch(path) and ".." not in path:
            paths.append(path)
    return paths


_SHA256 = re.compile(r"^([0-9a-fA-F]{64})\s")


def parse_sha256(text: str) -> str | None:
    """The hash `sha256sum FILE` printed, in lower case."""
    match = _SHA256.match(text.strip() + " ")
    return match.group(1).lower() if match else None
