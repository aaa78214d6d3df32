"""A phone check as one journal entry: what it found in words an advocate can read, within the
journal's limit however much was found, dated only when the clock allows it, and the phone's own
outputs attached exactly as printed."""

from __future__ import annotations

from datetime import UTC, date, datetime

from exitplan.journal.entry import MAX_FIELD_CHARS
from exitplan.phone.adb import DEVICE_POLICY, PACKAGE_LISTS, Output
from exitplan.phone.analysis import Finding, Outcome
from exitplan.phone.reading import Readings
from exitplan.phone.record import fields, files

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
TODAY = date(2026, 11, 30)


def outcome(findings: list[Finding], **more: object) -> Outcome:
    """A check of a Pixel 7 on Android 14 with these findings."""
    values: dict[str, object] = {
        "model": "Google Pixel 7",
        "android": "14",
        "security_patch": "2026-10-05",
        "findings": findings,
        "apps": 120,
        "outside_store": [],
    }
    return Outcome(**(values | more))  # type: ignore[arg-type]


def test_nothing_found_never_says_safe() -> None:
    """An empty check says nothing stood out, and that this does not mean the phone is safe."""
    entry = fields(outcome([]), Readings("SERIAL1"), NOW, TODAY)
    assert entry["what"] == (
        "A phone check with exitplan, read-only over USB, of Google Pixel 7, Android 14. Nothing "
        "from the list was found and no setting stood out (which does not mean the phone is safe)."
    )
    assert "USB serial SERIAL1; 120 apps listed. Security patch: 2026-10-05." in entry["tech"]


def test_signs_are_counted_and_explained_and_notes_kept_apart() -> None:
    """The signs are counted in what happened and each explained in the technical part; notes
    follow under their own heading."""
    found = [
        Finding("known-stalkerware", "com.example.spy", "It is on the list."),
        Finding("scanning-off", "package_verifier_enable", "Play Protect is off."),
        Finding(None, "com.example.tool", "Not from a store."),
    ]
    entry = fields(outcome(found, developer_before="yes"), Readings("S"), NOW, TODAY)
    assert entry["what"].endswith("2 things to talk over with an advocate.")
    tech = entry["tech"].splitlines()
    assert tech[tech.index("What matched, and why:") + 1 :][:2] == [
        "- It is on the list.",
        "- Play Protect is off.",
    ]
    assert tech[tech.index("Also worth a look:") + 1] == "- Not from a store."
    assert "Developer options already on before today, as you said: yes." in tech


def test_however_much_is_found_the_entry_fits_the_journal() -> None:
    """Thousands of long findings, hashes and certificates still fit in one journal field: the
    lists are cut where the room ends and the rest counted."""
    long = "x" * 300
    found = [Finding("watchware", f"com.example.a{n}", long) for n in range(2000)]
    found += [Finding(None, f"com.example.b{n}", long) for n in range(2000)]
    many = outcome(
        found,
        hashed={f"com.example.a{n}": "a" * 64 for n in range(2000)},
        certificates={f"com.example.a{n}": ("c" * 40,) for n in range(2000)},
    )
    tech = fields(many, Readings("S"), NOW, TODAY)["tech"]
    assert len(tech) <= MAX_FIELD_CHARS
    assert len(tech) > MAX_FIELD_CHARS // 2  # the room is used, not left empty
    assert "(see the attached lists)" in tech
    assert tech.endswith("each with its size and SHA-256.")


def test_the_time_is_kept_only_when_the_clock_is_not_ahead_of_the_day() -> None:
    """On the day itself the entry keeps the computer's time; rehearsing a day long past (the
    clock far ahead of it), the entry keeps none rather than a time in its future."""
    assert "when" in fields(outcome([]), Readings("S"), NOW, TODAY)
    assert "when" not in fields(outcome([]), Readings("S"), NOW, date(2026, 11, 1))


def test_the_phone_s_lists_are_attached_whole_and_the_rest_in_a_transcript() -> None:
    """The app list and the device policy are attached as the phone printed them, the first
    app list that worked only; every other command goes to one transcript with its exit code."""
    shell = ("-s", "SERIAL1", "shell")
    readings = Readings("SERIAL1")
    readings.outputs += [
        Output((*shell, *PACKAGE_LISTS[0]), 0, b"Error: unknown option -U\n", b""),
        Output((*shell, *PACKAGE_LISTS[1]), 0, b"package:com.a installer=x\n", b""),
        Output((*shell, *PACKAGE_LISTS[2]), 0, b"package:com.a\n", b""),
        Output((*shell, *DEVICE_POLICY), 0, b"Device Owner: none", b""),
        Output(("devices", "-l"), 0, b"SERIAL1 device", b""),
    ]
    attached = files(readings)
    kept = dict(attached)
    assert kept["pm-list-packages.txt"] == b"package:com.a installer=x\n"
    assert kept["dumpsys-device_policy.txt"] == b"Device Owner: none"
    transcript = kept["phone-check-transcript.txt"].decode()
    assert "unknown option -U" in transcript
    assert "$ adb devices -l\nSERIAL1 device\n(exit code 0)\n" in transcript
    assert "package:com.a\n(exit code 0)" in transcript  # a second list that worked
    assert [name for name, _ in attached] == [
        "pm-list-packages.txt",
        "dumpsys-device_policy.txt",
        "phone-check-transcript.txt",
    ]
