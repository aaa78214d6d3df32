"""The reads of one check, in order: which phone, what it is, its apps, settings and admins.

`read_phone` asks the phone only through `Adb` (so only read-only commands can run) and keeps
every command's exact output, for the findings and, when the person asks, for the journal.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from exitplan.base.i18n import _
from exitplan.phone.adb import (
    DEVICE_POLICY,
    PACKAGE,
    PACKAGE_LISTS,
    PROPERTIES,
    SETTINGS,
    SYSTEM_PACKAGES,
    Adb,
    Output,
    PhoneError,
    erase_file,
)
from exitplan.phone.apk import MAX_APK, NotAnApk, certificate_fingerprints
from exitplan.phone.parse import (
    Package,
    choose_device,
    failed,
    parse_apk_paths,
    parse_devices,
    parse_names,
    parse_packages,
    parse_setting,
    parse_sha256,
    read_packages,
)

# Apps from outside a store whose files are hashed on the phone and copied to read their
# signing certificate, at most (each is four commands).
MAX_HASHED = 10
CERTIFICATE_OF = "certificate of "  # an unread item: the signing certificate of an app


@dataclass
class Readings:
    """What the phone said, parsed, and every command's output as it was printed."""

    serial: str
    properties: dict[str, str | None] = field(default_factory=dict)
    settings: dict[str, str | None] = field(default_factory=dict)
    packages: list[Package] = field(default_factory=list)
    system: set[str] = field(default_factory=set)
    device_policy: str = ""
    hashes: dict[str, str] = field(default_factory=dict)
    certificates: dict[str, list[str]] = field(default_factory=dict)
    outputs: list[Output] = field(default_factory=list)
    # What could not be read (a setting's name, "device_policy", "system packages"): the report
    # says so instead of "nothing stood out".
    unread: list[str] = field(default_factory=list)
    unreadable_packages: int = 0

    def keep(self, output: Output) -> Output:
        """Remember a command's output (for the journal) and return it."""
        self.outputs.append(output)
        return output


def find_phone(adb: Adb) -> Readings:
    """The one phone connected by USB and allowed, or a PhoneError saying what to do."""
    listed = adb.run(["devices", "-l"])
    device = choose_device(parse_devices(listed.text))
    readings = Readings(device.serial)
    readings.keep(listed)
    return readings


def read_phone(adb: Adb, readings: Readings) -> Readings:
    """Read what the phone says about itself (see the module text); PhoneError if it stops
    answering or cannot list its apps."""
    serial = readings.serial
    for name in PROPERTIES:
        said = readings.keep(adb.shell(serial, "getprop", name))
        readings.properties[name] = parse_setting(said.text)
    for table, name in SETTINGS:
        said = readings.keep(adb.shell(serial, "settings", "get", table, name))
        if failed(said.code, said.text, one_line=True):
            readings.unread.append(name)
            readings.settings[name] = None
        else:
            readings.settings[name] = parse_setting(said.text)
    readings.packages = _packages(adb, readings)
    system = readings.keep(adb.shell(serial, *SYSTEM_PACKAGES))
    if failed(system.code, system.text) or parse_packages(system.text) is None:
        readings.unread.append("system packages")
    readings.system = parse_names(system.text)
    policy = readings.keep(adb.shell(serial, *DEVICE_POLICY))
    if failed(policy.code, policy.text[:4096]) or "Device Policy" not in policy.text[:4096]:
        readings.unread.append("device_policy")
        readings.device_policy = ""
    else:
        readings.device_policy = policy.text
    return readings


def hash_apps(adb: Adb, readings: Readings, names: list[str]) -> None:
    """For each named app (at most MAX_HASHED): the SHA-256 of its main file, computed on the
    phone, and the fingerprints of its signing certificate, read from a copy pulled into the
    private folder (at most MAX_APK bytes) and erased at once, whatever happens."""
    serial = readings.serial
    for number, name in enumerate([n for n in names if PACKAGE.fullmatch(n)][:MAX_HASHED]):
        paths = parse_apk_paths(readings.keep(adb.shell(serial, "pm", "path", name)).text)
        if not paths:
            continue
        said = readings.keep(adb.shell(serial, "sha256sum", paths[0]))
        digest = parse_sha256(said.text)
        if digest:
            readings.hashes[name] = digest
        size = parse_setting(readings.keep(adb.shell(serial, "stat", "-c", "%s", paths[0])).text)
        if size is None or not size.isdigit() or len(size) > 12 or int(size) > MAX_APK:
            continue
        local = adb.pull(serial, paths[0], number)
        if local is None:
            continue
        try:
            readings.certificates[name] = certificate_fingerprints(local)
        except (NotAnApk, OSError):
            readings.unread.append(CERTIFICATE_OF + name)
        finally:
            erase_file(local)


def _packages(adb: Adb, readings: Readings) -> list[Package]:
    for words in PACKAGE_LISTS:
        listed, unreadable = read_packages(readings.keep(adb.shell(readings.serial, *words)).text)
        if listed is not None:
            readings.unreadable_packages = unreadable
            return listed
    raise PhoneError(
        _(
            "the phone did not list its apps, so the check cannot say anything useful. Unlock the "
            "phone and try again. Nothing was written"
        )
    )
