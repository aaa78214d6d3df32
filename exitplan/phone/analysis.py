"""From what the phone said to findings: pure functions, no phone and no screen.

A finding is either a sign (a match with the list, an app from outside a store holding a power
monitoring apps rely on, a protection switched off, a managed phone) or a note: something usual on
many phones that is still worth a look. Signs decide whether the plan brings the steps about a
watched phone first. Nothing found never means the phone is safe, and the words say so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from exitplan.base.i18n import N_, _
from exitplan.phone.indicators import App, Indicators, Loaded
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
    "accessibility": N_(
        "It has an accessibility service turned on, so it can read what is on the screen and "
        "act on it."
    ),
    "notifications": N_(
        "It has notification access, so it can read every notification, messages included."
    ),
    "admin": N_(
        "It is a device administrator, so it can manage the phone, for example lock or wipe it."
    ),
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
    certificates: dict[str, tuple[str, ...]] = field(default_factory=dict)
    list_taken: str | None = None
    unread: tuple[str, ...] = ()
    unreadable_packages: int = 0

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
        return _("no installer is recorded, as for an app put on from a computer")
    if package.installer in {
        "com.google.android.packageinstaller",
        "com.android.packageinstaller",
        "com.samsung.android.packageinstaller",
    }:
        return _("installed from a file with the phone's package installer")
    if package.installer == "com.android.shell":
        return _("installed from a computer")
    return _("installed by {installer}").format(installer=clean(package.installer, 80))


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
        can = [_(POWERS[power]) for power in held]
        if name not in packages and name not in matched:
            first = _(
                "{name} holds these powers, but the phone did not list it among its apps, as an "
                "app that hides itself might."
            ).format(name=name)
            signs.append(Finding("outside-store-power", name, " ".join([first, *can])))
        elif name in outside:
            how = _installed_by(packages[name])
            first = _("{name} was not installed from an app store ({how}).")
            why = " ".join([first.format(name=name, how=how), *can])
            signs.append(Finding("outside-store-power", name, why))
        elif name not in matched:
            usual = _(
                "Some apps need this (a screen reader, a watch's companion app, Find My "
                "Device); if you did not turn it on, it is worth asking about."
            )
            first = _("{name} came with the phone or from an app store.").format(name=name)
            notes.append(Finding(None, name, " ".join([first, *can, usual])))
    signs += _settings(readings)
    if developer_before == "yes":
        signs.append(
            Finding(
                "developer-options-before",
                "developer options",
                _(
                    "You said developer options were already on before today. They are what "
                    "lets someone install or control apps from a computer."
                ),
            )
        )
    for name in outside:
        if name not in powers and name not in matched:
            notes.append(
                Finding(
                    None,
                    name,
                    _(
                        "{name} was not installed from an app store ({how}). Many such apps are "
                        "harmless; it is worth asking whether you, or someone you trust, "
                        "installed it."
                    ).format(name=name, how=_installed_by(packages[name])),
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
        list_problem=_(loaded.problem) if loaded.problem else None,
        list_commit=indicators.commit if indicators else None,
        list_apps=indicators.apps if indicators else 0,
        developer_before=developer_before,
        hashed=dict(readings.hashes),
        certificates={k: tuple(v) for k, v in readings.certificates.items()},
        list_taken=indicators.taken if indicators else None,
        unread=tuple(readings.unread),
        unreadable_packages=readings.unreadable_packages,
    )


def _matches(readings: Readings, indicators: Indicators) -> list[Finding]:
    found = []
    for package in readings.packages:
        app = indicators.by_package.get(package.name)
        how = "package"
        if app is None:
            for fingerprint in readings.certificates.get(package.name, []):
                named = indicators.by_certificate.get(fingerprint)
                if named:
                    app, how = indicators.app_named(named) or App(named, "stalkerware"), "cert"
                    break
        if app is None:
            named = indicators.by_hash.get(readings.hashes.get(package.name, ""))
            if named:
                app, how = indicators.app_named(named) or App(named, "stalkerware"), "hash"
        if app is None:
            continue
        what = (
            _("which the list names as stalkerware: an app made to watch someone in secret.")
            if app.kind == "stalkerware"
            else _(
                "which the list names as an openly monitoring app, of the kind sold for watching "
                "children or staff."
            )
        )
        if how == "package":
            why = _("{package} is the package name of {app}, {what}")
        elif how == "cert":
            why = _(
                "{package} is signed with the same certificate as {app}, {what} Its name differs "
                "(such apps change their names)."
            )
        else:
            why = _(
                "The app file of {package} has the same SHA-256 as a copy of {app} in the list, "
                "{what} Its name differs (such apps change their names)."
            )
        why = why.format(package=package.name, app=app.name, what=what)
        if app.names:
            sold = _("It is also sold as {names}.").format(names=", ".join(app.names[:4]))
            why = f"{why} {sold}"
        sign = "known-stalkerware" if app.kind == "stalkerware" else "watchware"
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
                _(
                    "The phone's own app scanning (Google Play Protect) is switched off, so it "
                    "would not warn about a harmful app. Someone may have turned it off."
                ),
            )
        )
    if settings.get("verifier_verify_adb_installs") == "0":
        found.append(
            Finding(
                "install-checks-off",
                "verifier_verify_adb_installs",
                _("Checks on apps installed from a computer are switched off."),
            )
        )
    owner = parse_device_owner(readings.device_policy)
    if owner:
        found.append(
            Finding(
                "device-owner",
                owner,
                _(
                    "The phone is managed by {owner} (a device owner). On a work phone this may "
                    "be your employer; on a personal phone it lets someone else control it."
                ).format(owner=owner),
            )
        )
    return found
