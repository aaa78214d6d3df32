"""An iPhone read over USB, read-only, with libimobiledevice's own programs.

The programs (Debian's `libimobiledevice-utils` and `ideviceinstaller`) run as subprocesses
with argument lists and timeouts, through `IDevice.run`, which refuses anything `is_reading` or
`is_pairing` does not allow: the reading commands below, and `idevicepair pair` / `unpair`
(pairing is asked for only after the person agrees, and undone at the end when this check made
it). Formats follow the programs' source (libimobiledevice 1.3.0 `tools/`, ideviceinstaller
1.1.1 `src/ideviceinstaller.c`, read 2026-12-05):

- `idevice_id -l`: one UDID a line for each iPhone on USB;
- `idevicepair -u UDID validate|pair|unpair`: `SUCCESS: ...` or `ERROR: ...` on stdout;
- `ideviceinfo -u UDID -k KEY`: the value;
- `ideviceinstaller -u UDID -l -o list_all -o xml` (1.2: `list --all --xml`): an XML property
  list, one dict per app;
- `ideviceprovision -u UDID list`: `Device has N provisioning profiles installed:` then
  `UUID - Name` lines.

usbmuxd keeps the pairing record in its own folder (`/var/lib/lockdown` on Linux,
`/var/db/lockdown` on macOS), outside exitplan's; `idevicepair unpair` removes it there and on
the phone. Variables that could send the connection elsewhere (`USBMUXD_SOCKET_ADDRESS` and the
rest of `USBMUXD_*`, `LIBUSBMUXD_*`, `LIBIMOBILEDEVICE_*`) are removed before every program runs.

Jailbreak signs are the apps OWASP's Mobile Application Security Testing Guide names for a
jailbroken iPhone (github.com/OWASP/mastg at 6b0b7def, 2025-07-25:
Document/0x06j-Testing-Resiliency-Against-Reverse-Engineering.md, "File-based Checks", and the
tools MASTG-TOOL-0047 Cydia, -0064 Sileo, -0128 Filza; Cydia's identifier `com.saurik.Cydia`
from MASTG-TECH-0054).
"""

from __future__ import annotations

import os
import plistlib
import re
import shutil
import subprocess
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from xml.parsers.expat import ExpatError

from exitplan.base.i18n import _
from exitplan.phone.adb import Output, PhoneError, RefusedCommand, collect
from exitplan.phone.indicators import Loaded
from exitplan.phone.parse import clean

PROGRAMS = ("idevice_id", "idevicepair", "ideviceinfo", "ideviceinstaller", "ideviceprovision")
UDID = re.compile(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{16}|[0-9A-Fa-f]{40}")
INFO_KEYS = ("ProductType", "ProductVersion")
APPS = ("-l", "-o", "list_all", "-o", "xml")  # ideviceinstaller 1.1 (Debian 12)
APPS_NEW = ("list", "--all", "--xml")  # ideviceinstaller 1.2 names its commands
PAIR_RECORDS = (Path("/var/lib/lockdown"), Path("/var/db/lockdown"))
SCRUBBED_PREFIXES = ("USBMUXD_", "LIBUSBMUXD_", "LIBIMOBILEDEVICE_")
APP_STORE_SIGNER = "Apple iPhone OS Application Signing"
# Apps that come with a jailbreak (OWASP MASTG, see above): by the folder name of the app.
JAILBREAK_APPS = frozenset(
    {
        "Cydia.app",
        "Sileo.app",
        "Filza.app",
        "FakeCarrier.app",
        "Icy.app",
        "IntelliScreen.app",
        "MxTube.app",
        "RockApp.app",
        "SBSettings.app",
        "WinterBoard.app",
        "blackra1n.app",
    }
)
JAILBREAK_BUNDLES = frozenset({"com.saurik.Cydia"})
MAX_PAIR_TRIES = 3


# After `-u UDID`: what each program may be asked.
_READING: dict[str, frozenset[tuple[str, ...]]] = {
    "idevicepair": frozenset({("validate",)}),
    "ideviceinfo": frozenset(("-k", key) for key in INFO_KEYS),
    "ideviceinstaller": frozenset({APPS, APPS_NEW}),
    "ideviceprovision": frozenset({("list",)}),
}


def is_reading(program: str, args: Sequence[str]) -> bool:
    """Whether `program ARGS` is one of the reading commands of the check (the one list)."""
    command = tuple(args)
    if program == "idevice_id":
        return command == ("-l",)
    if len(command) < 3 or command[0] != "-u" or not UDID.fullmatch(command[1]):
        return False
    return command[2:] in _READING.get(program, frozenset())


def is_pairing(program: str, args: Sequence[str]) -> bool:
    """`idevicepair -u UDID pair` or `unpair`: allowed, the first only after the person agrees."""
    command = tuple(args)
    return (
        program == "idevicepair"
        and len(command) == 3
        and command[0] == "-u"
        and UDID.fullmatch(command[1]) is not None
        and command[2] in {"pair", "unpair"}
    )


def find_programs() -> dict[str, str]:
    """Each program's path, or a PhoneError that says how to install them."""
    found = {name: shutil.which(name) for name in PROGRAMS}
    if not all(found.values()):
        raise PhoneError(
            _(
                "reading an iPhone needs libimobiledevice's programs, which are not installed on "
                "this computer. On Debian or Ubuntu: sudo apt install libimobiledevice-utils "
                "ideviceinstaller usbmuxd. Nothing was read or written"
            )
        )
    return {name: str(path) for name, path in found.items()}


class IDevice:
    """Runs the allowed programs, each with a timeout and a cap; refuses every other command."""

    def __init__(self, programs: dict[str, str], timeout: float) -> None:
        self.programs = programs
        self.timeout = timeout
        self.calls: list[tuple[str, ...]] = []

    @staticmethod
    def environment() -> dict[str, str]:
        """The variables the programs run with: none that could point them elsewhere."""
        return {k: v for k, v in os.environ.items() if not k.startswith(SCRUBBED_PREFIXES)}

    def run(self, program: str, *args: str) -> Output:
        """Run one allowed command and return what it printed; PhoneError on a timeout."""
        if program not in self.programs or not (
            is_reading(program, args) or is_pairing(program, args)
        ):
            shown = " ".join((program, *args))
            raise RefusedCommand(_("exitplan never runs '{command}'").format(command=shown))
        self.calls.append((program, *args))
        try:
            child = subprocess.Popen(
                [self.programs[program], *args],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=self.environment(),
                start_new_session=True,
            )
        except OSError as exc:
            raise PhoneError(
                _("{program} could not be started ({reason})").format(
                    program=program, reason=exc.strerror
                )
            ) from None
        return collect(child, (program, *args), self.timeout, program)


@dataclass(frozen=True)
class App:
    """One app as installation_proxy describes it."""

    bundle: str
    name: str
    kind: str  # User, System
    signer: str | None
    profile_validated: bool
    folder: str


@dataclass
class IphoneReadings:
    """What the iPhone said, parsed, and every command's output."""

    udid: str
    paired_before: bool = False
    paired_now: bool = False
    unpaired: bool | None = None
    record_left: Path | None = None
    info: dict[str, str | None] = field(default_factory=dict)
    apps: list[App] = field(default_factory=list)
    profiles: list[tuple[str, str]] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)
    outputs: list[Output] = field(default_factory=list)


def parse_udids(text: str) -> list[str]:
    """The UDIDs `idevice_id -l` printed (lines that are not one are left out)."""
    return [line.strip() for line in text.splitlines() if UDID.fullmatch(line.strip())]


def parse_apps(data: bytes) -> list[App] | None:
    """The apps of `ideviceinstaller ... -o xml` (None when it is not that property list)."""
    start = data.find(b"<?xml")
    if start < 0:
        return None
    try:
        listed = plistlib.loads(data[start:], fmt=plistlib.FMT_XML)
    except (plistlib.InvalidFileException, ExpatError, ValueError, OverflowError):
        return None
    if not isinstance(listed, list):
        return None
    apps = []
    for entry in listed:
        if not isinstance(entry, dict):
            continue
        bundle = _text(entry, "CFBundleIdentifier")
        if not bundle:
            continue
        name = _text(entry, "CFBundleDisplayName") or _text(entry, "CFBundleName") or bundle
        path = _text(entry, "Path") or ""
        apps.append(
            App(
                bundle=clean(bundle, 120),
                name=clean(name, 80),
                kind=clean(_text(entry, "ApplicationType") or "", 20),
                signer=clean(_text(entry, "SignerIdentity") or "", 120) or None,
                profile_validated=entry.get("ProfileValidated") is True,
                folder=clean(path.rstrip("/").rsplit("/", 1)[-1], 80),
            )
        )
    return sorted(apps, key=lambda a: a.bundle)


def _text(entry: Mapping[object, object], key: str) -> str | None:
    value = entry.get(key)
    return value if isinstance(value, str) else None


_PROFILE = re.compile(r"^(.+?) - (.*)$")


def parse_profiles(text: str) -> list[tuple[str, str]] | None:
    """The (id, name) of each provisioning profile `ideviceprovision list` printed."""
    if not re.search(r"^Device has \d+ provisioning profiles? installed:", text, re.M):
        return None
    profiles = []
    for line in text.splitlines()[1:]:
        match = _PROFILE.match(line.strip())
        if match:
            profiles.append((clean(match.group(1), 40), clean(match.group(2), 80)))
    return profiles


def find_iphone(device: IDevice) -> str:
    """The one iPhone on USB, or a PhoneError saying plainly what to do."""
    nothing = _("Nothing was read or written")
    listed = device.run("idevice_id", "-l")
    if listed.code != 0 and not listed.text.strip():
        raise PhoneError(
            _(
                "the iPhone could not be looked for: the usbmuxd service is not running. On "
                "Debian or Ubuntu: sudo apt install usbmuxd, then plug the iPhone in again. "
                "{nothing}"
            ).format(nothing=nothing)
        )
    udids = list(dict.fromkeys(parse_udids(listed.text)))
    if not udids:
        raise PhoneError(
            _(
                "no iPhone was found. Connect it with a USB cable, unlock it, and try again. "
                "{nothing}"
            ).format(nothing=nothing)
        )
    if len(udids) > 1:
        raise PhoneError(
            _(
                "{count} iPhones or iPads are connected. Unplug all but the one to check, then "
                "try again. {nothing}"
            ).format(count=len(udids), nothing=nothing)
        )
    return udids[0]


def pair(
    device: IDevice,
    readings: IphoneReadings,
    agree: Callable[[], bool],
    wait_for_trust: Callable[[], None],
) -> bool:
    """Make sure this computer is paired: already, or after the person agrees (False: they
    did not, and nothing was read)."""
    udid = readings.udid
    said = readings_keep(readings, device.run("idevicepair", "-u", udid, "validate"))
    if said.code == 0 and "SUCCESS" in said.text:
        readings.paired_before = True
        return True
    if "passcode is set" in said.text:
        wait_for_trust()
    elif not agree():
        return False
    for _try in range(MAX_PAIR_TRIES):
        said = readings_keep(readings, device.run("idevicepair", "-u", udid, "pair"))
        if said.code == 0 and "SUCCESS" in said.text:
            readings.paired_now = True
            return True
        if "denied the trust dialog" in said.text:
            raise PhoneError(
                _(
                    "the iPhone answered Don't Trust, so it was not read. That is fine: nothing "
                    "was read or written. To try again, unplug it and plug it back in."
                )
            )
        if "trust dialog" in said.text or "passcode" in said.text:
            wait_for_trust()
            continue
        break
    raise PhoneError(
        _(
            "the iPhone could not be paired with this computer. Unlock it, unplug it and plug it "
            "back in, then try again. Nothing was read or written"
        )
    )


def readings_keep(readings: IphoneReadings, output: Output) -> Output:
    """Remember a command's output and return it."""
    readings.outputs.append(output)
    return output


def read_iphone(device: IDevice, readings: IphoneReadings) -> None:
    """Model, iOS version, apps (with their signers), provisioning profiles."""
    udid = readings.udid
    for key in INFO_KEYS:
        said = readings_keep(readings, device.run("ideviceinfo", "-u", udid, "-k", key))
        value = said.text.strip()
        ok = said.code == 0 and value and "\n" not in value and not value.startswith("ERROR")
        readings.info[key] = clean(value, 40) if ok else None
    apps = None
    for words in (APPS, APPS_NEW):
        listed = readings_keep(readings, device.run("ideviceinstaller", "-u", udid, *words))
        apps = parse_apps(listed.stdout) if listed.code == 0 else None
        if apps is not None:
            break
    if apps is None:
        raise PhoneError(
            _(
                "the iPhone did not list its apps, so the check cannot say anything useful. "
                "Unlock it and try again. Nothing was written"
            )
        )
    readings.apps = apps
    profiles = readings_keep(readings, device.run("ideviceprovision", "-u", udid, "list"))
    parsed = parse_profiles(profiles.text) if profiles.code == 0 else None
    if parsed is None:
        readings.unread.append("profiles")
    else:
        readings.profiles = parsed


def unpair(device: IDevice, readings: IphoneReadings) -> None:
    """Undo the pairing this check made; note a pairing record usbmuxd still holds."""
    if not readings.paired_now:
        return
    try:
        said = readings_keep(readings, device.run("idevicepair", "-u", readings.udid, "unpair"))
        readings.unpaired = said.code == 0 and "SUCCESS" in said.text
    except PhoneError:
        readings.unpaired = False
    for folder in PAIR_RECORDS:
        record = folder / f"{readings.udid}.plist"
        if record.exists():
            readings.record_left = record


def check_iphone(
    programs: dict[str, str],
    timeout: float,
    agree: Callable[[], bool],
    wait_for_trust: Callable[[], None],
) -> IphoneReadings | None:
    """Find the one iPhone, pair when the person agrees, read it, and unpair at the end
    whatever happens (None when the person did not agree: nothing was read)."""
    device = IDevice(programs, timeout)
    readings = IphoneReadings(find_iphone(device))
    try:
        if not pair(device, readings, agree, wait_for_trust):
            return None
        read_iphone(device, readings)
    finally:
        unpair(device, readings)
    return readings


@dataclass(frozen=True)
class IphoneFinding:
    """One thing to talk over: the kind of sign, what it is about, and why."""

    sign: str
    subject: str
    why: str


@dataclass(frozen=True)
class IphoneOutcome:
    """What one iPhone read found."""

    model: str | None
    ios: str | None
    apps: int
    findings: list[IphoneFinding]
    unread: tuple[str, ...]
    profiles: int
    paired_before: bool
    unpaired: bool | None
    record_left: str | None
    list_problem: str | None
    list_apps: int
    list_taken: str | None

    @property
    def signs(self) -> tuple[str, ...]:
        """The kinds of sign found, once each, in the order found."""
        return tuple(dict.fromkeys(f.sign for f in self.findings))


def analyse_iphone(readings: IphoneReadings, loaded: Loaded) -> IphoneOutcome:
    """The findings of one iPhone read: list matches, apps not from the App Store, profiles,
    jailbreak apps."""
    indicators = loaded.indicators
    found: list[IphoneFinding] = []
    for app in readings.apps:
        listed = indicators.by_bundle.get(app.bundle) if indicators else None
        if listed is not None:
            what = (
                _("which the list names as stalkerware: an app made to watch someone in secret.")
                if listed.kind == "stalkerware"
                else _(
                    "which the list names as an openly monitoring app, of the kind sold for "
                    "watching children or staff."
                )
            )
            why = _("{name} ({bundle}) is the iPhone app of {app}, {what}").format(
                name=app.name, bundle=app.bundle, app=listed.name, what=what
            )
            sign = "known-stalkerware" if listed.kind == "stalkerware" else "watchware"
            found.append(IphoneFinding(sign, app.bundle, why))
        if app.folder in JAILBREAK_APPS or app.bundle in JAILBREAK_BUNDLES:
            found.append(
                IphoneFinding(
                    "iphone-jailbreak",
                    app.bundle,
                    _(
                        "{name} ({bundle}) is an app that comes with a jailbreak. A jailbroken "
                        "iPhone can run monitoring software that the App Store would never allow."
                    ).format(name=app.name, bundle=app.bundle),
                )
            )
        elif app.kind == "User" and (
            app.profile_validated or (app.signer is not None and app.signer != APP_STORE_SIGNER)
        ):
            signer = app.signer or _("a provisioning profile trusted on the phone")
            found.append(
                IphoneFinding(
                    "iphone-unsigned-app",
                    app.bundle,
                    _(
                        "{name} ({bundle}) was not installed from the App Store: it is signed by "
                        "{signer}, an enterprise or developer signature. That is how monitoring "
                        "apps get onto an iPhone without the store; a work app or a test app can "
                        "be signed this way too. If you do not know it, it is worth asking about."
                    ).format(name=app.name, bundle=app.bundle, signer=signer),
                )
            )
    for ident, name in readings.profiles:
        found.append(
            IphoneFinding(
                "iphone-profile",
                ident,
                _(
                    "A provisioning profile named '{name}' is installed. It lets apps from "
                    "outside the App Store run on the iPhone; if you or your work did not put it "
                    "there, it is worth asking about."
                ).format(name=name),
            )
        )
    product = readings.info.get("ProductType")
    return IphoneOutcome(
        model=product,
        ios=readings.info.get("ProductVersion"),
        apps=len(readings.apps),
        findings=found,
        unread=tuple(readings.unread),
        profiles=len(readings.profiles),
        paired_before=readings.paired_before,
        unpaired=readings.unpaired,
        record_left=str(readings.record_left) if readings.record_left else None,
        list_problem=_(loaded.problem) if loaded.problem else None,
        list_apps=indicators.apps if indicators else 0,
        list_taken=indicators.taken if indicators else None,
    )
