"""From what the phone said to findings: pure functions, no phone and no screen.

A finding is either a sign (a match with the list, an app from outside a store holding a power
monitoring apps rely on, a protection switched off, a managed phone) or a note: something usual on
many phones that is still worth a look. Signs decide whether the plan brings the steps about a
watched phone first. Nothing found never means the phone is safe, and the words say so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from exitplan.phone.indicators import Indicators, Loaded
from exitplan.phone.parse import (
    Package,
    clean,
    component_packages,
    parse_device_admins,
    parse_device_owner,
)
from exitplan.phone.reading import Readings

# Installers that are app stores. An app whose installer is none of these (and that did not come
# with the phone) was installed from outside a store: a file, a browser, or a computer.
STORES: dict[str, str] = {
    "com.android.vending": "Google Play",
    "com.google.android.feedback": "Google Play",
    "com.amazon.venezia": "the Amazon Appstore",
    "com.sec.android.app.samsungapps": "the Galaxy Store",
    "com.huawei.appmarket": "AppGallery",
    "com.xiaomi.market": "Xiaomi GetApps",
    "com.xiaomi.mipicks": "Xiaomi GetApps",
    "com.heytap.market": "the OPPO App Market",
    "com.oppo.market": "the OPPO App Market",
    "com.bbk.appstore": "the vivo App Store",
    "org.fdroid.fdroid": "F-Droid",
}
POWERS = {
    "accessibility": "read what is on the screen and act on it (an accessibility service)",
    "notifications": "read every notification, messages included (notification access)",
    "admin": "manage the phone, for example lock or wipe it (a device administrator)",
}


@dataclass(frozen=True)
class Finding:
    """One thing to talk over: the kind of sign (None for a note), what it is about, and why."""

    sign: str | None
    subject: str
    why: str


@dataclass(frozen=True)
class Outcome:
    """What one check found, ready to show, keep in the plan, and record in the journal."""

    model: str | None
    android: str | None
    security_patch: str | None
    findings: list[Finding]
    apps: int
    outside_store: list[str]
    list_problem: str | None = None
    list_commit: str | None = None
    list_apps: int = 0
    developer_before: str = "unsure"
    hashed: dict[str, str] = field(default_factory=dict)

    @property
    def signs(self) -> tuple[str, ...]:
        """The kinds of sign found, once each, in the order found."""
        return tuple(dict.fromkeys(f.sign for f in self.findings if f.sign))

    @property
    def notes(self) -> list[Finding]:
        """The findings that are notes, not signs."""
        return [f for f in self.findings if f.sign is None]


def outside_store(readings: Readings) -> list[str]:
    """The apps not preinstalled and not installed by an app store, by name."""
    return [
        p.name
        for p in readings.packages
        if p.name not in readings.system and (p.installer or "") not in STORES
    ]


def _installed_by(package: Package) -> str:
    if package.installer is None:
        return "no installer is recorded, as for an app put on from a computer"
    if package.installer in {
        "com.google.android.packageinstaller",
        "com.android.packageinstaller",
        "com.samsung.android.packageinstaller",
    }:
        return "installed from a file with the phone's package installer"
    if package.installer == "com.android.shell":
        return "installed from a computer"
    return f"installed by {clean(package.installer, 80)}"


def analyse(readings: Readings, loaded: Loaded, developer_before: str = "unsure") -> Outcome:
    """The findings of one check (signs first, then notes)."""
    indicators = loaded.indicators
    packages = {p.name: p for p in readings.packages}
    outside = outside_store(readings)
    signs: list[Finding] = []
    notes: list[Finding] = []
    if indicators is not None:
        signs += _matches(readings, indicators)
    matched = {f.subject for f in signs}
    powers: dict[str, list[str]] = {}
    settings = readings.settings
    for power, names in (
        ("accessibility", component_packages(settings.get("enabled_accessibility_services"))),
        ("notifications", component_packages(settings.get("enabled_notification_listeners"))),
        ("admin", parse_device_admins(readings.device_policy)),
    ):
        for name in names:
            powers.setdefault(name, []).append(power)
    for name, held in powers.items():
        can = "; it can also ".join(POWERS[p] for p in held)
        if name in outside:
            how = _installed_by(packages[name])
            signs.append(
                Finding(
                    "outside-store-power",
                    name,
                    f"{name} was not installed from an app store ({how}), and it can {can}.",
                )
            )
        elif name not in matched:
            notes.append(
                Finding(
                    None,
                    name,
                    f"{name} can {can}. Some apps need this (a screen reader, a watch's "
                    "companion app, Find My Device); if you did not turn it on, it is worth "
                    "asking about.",
                )
            )
    signs += _settings(readings)
    if developer_before == "yes":
        signs.append(
            Finding(
                "developer-options-before",
                "developer options",
                "You said developer options were already on before today. They are what lets "
                "someone install or control apps from a computer.",
            )
        )
    for name in outside:
        if name not in powers and name not in matched:
            notes.append(
                Finding(
                    None,
                    name,
                    f"{name} was not installed from an app store "
                    f"({_installed_by(packages[name])}). Many such apps are harmless; it is "
                    "worth asking whether you, or someone you trust, installed it.",
                )
            )
    props = readings.properties
    maker, model = props.get("ro.product.manufacturer"), props.get("ro.product.model")
    shown = " ".join(clean(x, 60) for x in (maker, model) if x) or None
    release = props.get("ro.build.version.release")
    patch = props.get("ro.build.version.security_patch")
    return Outcome(
        model=shown,
        android=clean(release, 20) if release else None,
        security_patch=clean(patch, 20) if patch else None,
        findings=signs + notes,
        apps=len(readings.packages),
        outside_store=outside,
        list_problem=loaded.problem,
        list_commit=indicators.commit if indicators else None,
        list_apps=indicators.apps if indicators else 0,
        developer_before=developer_before,
        hashed=dict(readings.hashes),
    )


def _matches(readings: Readings, indicators: Indicators) -> list[Finding]:
    found = []
    for package in readings.packages:
        app = indicators.by_package.get(package.name)
        by_hash = indicators.by_hash.get(readings.hashes.get(package.name, ""))
        if app is None and by_hash is None:
            continue
        if app is not None:
            sold = f" (also sold as {', '.join(app.names[:4])})" if app.names else ""
            what = (
                "stalkerware: an app made to watch someone in secret"
                if app.kind == "stalkerware"
                else "an openly monitoring app, of the kind sold for watching children or staff"
            )
            why = (
                f"{package.name} is the package name of {app.name}{sold}, which the list names "
                f"as {what}."
            )
            sign = "known-stalkerware" if app.kind == "stalkerware" else "watchware"
        else:
            why = (
                f"The app file of {package.name} has the same SHA-256 as a copy of {by_hash} in "
                "the list, though its name differs (such apps change their names)."
            )
            sign = "known-stalkerware"
        found.append(Finding(sign, package.name, why))
    return found


def _settings(readings: Readings) -> list[Finding]:
    found = []
    settings = readings.settings
    if settings.get("package_verifier_enable") == "0":
        found.append(
            Finding(
                "scanning-off",
                "package_verifier_enable",
                "The phone's own app scanning (Google Play Protect) is switched off, so it "
                "would not warn about a harmful app. Someone may have turned it off.",
            )
        )
    if settings.get("verifier_verify_adb_installs") == "0":
        found.append(
            Finding(
                "install-checks-off",
                "verifier_verify_adb_installs",
                "Checks on apps installed from a computer are switched off.",
            )
        )
    owner = parse_device_owner(readings.device_policy)
    if owner:
        found.append(
            Finding(
                "device-owner",
                owner,
                f"The phone is managed by {owner} (a device owner). On a work phone this may be "
                "your employer; on a personal phone it lets someone else control it.",
            )
        )
    return found
