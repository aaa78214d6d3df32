"""From what a phone said to findings: which apps and settings are signs (they bring the watched
phone's steps first), which are notes worth a look, and that nothing found is never a sign."""

from __future__ import annotations

from typing import Any

from exitplan.phone.analysis import STORES, analyse, outside_store
from exitplan.phone.indicators import App, Indicators, Loaded
from exitplan.phone.parse import Package
from exitplan.phone.reading import Readings

PLAY = "com.android.vending"
LIST = Loaded(
    Indicators(
        by_package={
            "com.example.spy": App("SpyCo", "stalkerware", ("Spy Pro", "Spy Lite")),
            "com.example.family": App("FamilyWatch", "watchware"),
        },
        by_hash={"a" * 64: "SpyCo"},
        apps=2,
        commit="0" * 40,
        by_certificate={"c" * 64: "SpyCo"},
        by_name={"spyco": App("SpyCo", "stalkerware", ("Spy Pro", "Spy Lite"))},
    )
)


def phone(*packages: Package, **fields: Any) -> Readings:
    """A phone's readings with these apps and anything else given."""
    return Readings("SERIAL1", packages=list(packages), **fields)


def test_a_phone_with_store_apps_and_nothing_switched_off_has_no_finding() -> None:
    """Apps from a store or that came with the phone, with no power and nothing turned off:
    no sign and no note (the words elsewhere still say this is not proof of safety)."""
    readings = phone(Package("com.example.maps", PLAY), Package("com.android.settings"))
    readings.system.add("com.android.settings")
    outcome = analyse(readings, LIST)
    assert outcome.findings == []
    assert outcome.outside_store == []
    assert (outcome.apps, outcome.list_apps, outcome.list_problem) == (2, 2, None)


def test_an_app_from_outside_a_store_is_a_note_and_every_store_counts() -> None:
    """An app neither preinstalled nor from a known store is a note naming how it came; the
    apps every listed store installed are not."""
    stores = [Package(f"com.example.app{n}", store) for n, store in enumerate(STORES)]
    readings = phone(*stores, Package("com.example.sideload", "com.android.shell"))
    assert outside_store(readings) == ["com.example.sideload"]
    [note] = analyse(readings, LIST).findings
    assert note.sign is None
    assert note.subject == "com.example.sideload"
    assert "installed from a computer" in note.why


def test_the_list_is_matched_by_package_certificate_and_hash() -> None:
    """An app of the list is a sign by its package name, and a renamed copy by its signing
    certificate or its file's SHA-256; the names it is also sold under are given."""
    readings = phone(
        Package("com.example.spy", PLAY),
        Package("com.renamed.one", PLAY),
        Package("com.renamed.two", PLAY),
        Package("com.example.family", PLAY),
        certificates={"com.renamed.one": ["c" * 64]},
        hashes={"com.renamed.two": "a" * 64},
    )
    outcome = analyse(readings, LIST)
    assert [(f.sign, f.subject) for f in outcome.findings] == [
        ("known-stalkerware", "com.example.spy"),
        ("known-stalkerware", "com.renamed.one"),
        ("known-stalkerware", "com.renamed.two"),
        ("watchware", "com.example.family"),
    ]
    assert outcome.signs == ("known-stalkerware", "watchware")
    assert "Spy Pro, Spy Lite" in outcome.findings[0].why
    assert "same certificate" in outcome.findings[1].why
    assert "same SHA-256" in outcome.findings[2].why


def test_without_the_list_the_other_checks_still_run() -> None:
    """A missing or damaged list is said once; the powers and settings are still judged."""
    readings = phone(Package("com.example.spy", PLAY), settings={"package_verifier_enable": "0"})
    outcome = analyse(readings, Loaded(None, "the list is missing"))
    assert outcome.signs == ("scanning-off",)
    assert (outcome.list_problem, outcome.list_commit, outcome.list_apps) == (
        "the list is missing",
        None,
        0,
    )


def test_a_power_held_by_an_app_from_outside_a_store_or_a_hidden_app_is_a_sign() -> None:
    """Accessibility, notification access or device admin held by an app from outside a store,
    or by an app the phone did not list (as one that hides itself), is a sign; held by a store
    app it is a note, since many harmless apps need it."""
    readings = phone(
        Package("com.example.sideload", None),
        Package("com.example.reader", PLAY),
        settings={
            "enabled_accessibility_services": "com.example.sideload/.Svc:com.example.reader/.S",
            "enabled_notification_listeners": "com.example.hidden/.Listener",
        },
    )
    outcome = analyse(readings, LIST)
    signs = [(f.sign, f.subject) for f in outcome.findings if f.sign]
    assert signs == [
        ("outside-store-power", "com.example.sideload"),
        ("outside-store-power", "com.example.hidden"),
    ]
    assert "read what is on the screen" in outcome.findings[0].why
    assert "did not list it" in outcome.findings[1].why
    assert [f.subject for f in outcome.notes] == ["com.example.reader"]


def test_protections_off_a_managed_phone_and_developer_options_are_signs() -> None:
    """Play Protect off, checks on computer installs off, a device owner, and developer options
    the person says were on before today: each is a sign of its own kind."""
    policy = "Device Owner:\n  admin=ComponentInfo{com.example.mdm/.Admin}\n  name=MDM\n"
    readings = phone(
        settings={"package_verifier_enable": "0", "verifier_verify_adb_installs": "0"},
        device_policy=policy,
    )
    outcome = analyse(readings, LIST, developer_before="yes")
    assert outcome.signs == (
        "scanning-off",
        "install-checks-off",
        "device-owner",
        "developer-options-before",
    )
    assert analyse(phone(), LIST, developer_before="unsure").signs == ()


def test_a_matched_store_app_with_a_power_is_not_a_harmless_note() -> None:
    """An app of the list that holds a power is never called usual: it stays one sign, with no
    note saying that some apps need the power."""
    readings = phone(
        Package("com.example.spy", PLAY),
        settings={"enabled_accessibility_services": "com.example.spy/.Svc"},
    )
    outcome = analyse(readings, LIST)
    assert [(f.sign, f.subject) for f in outcome.findings] == [
        ("known-stalkerware", "com.example.spy")
    ]


def test_the_phone_is_described_from_its_properties() -> None:
    """Maker and model, the Android version and the security patch come from the properties."""
    props: dict[str, str | None] = {
        "ro.product.manufacturer": "Google",
        "ro.product.model": "Pixel 7",
        "ro.build.version.release": "14",
        "ro.build.version.security_patch": "2026-10-05",
    }
    outcome = analyse(phone(properties=props), LIST)
    assert (outcome.model, outcome.android, outcome.security_patch) == (
        "Google Pixel 7",
        "14",
        "2026-10-05",
    )
    assert analyse(phone(), LIST).model is None
