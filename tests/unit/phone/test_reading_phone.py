"""The reads of one phone check, against a phone that answers from a table: the one phone is
found, its properties, settings, apps, system apps and admins are read with read-only commands
alone and every output is kept, what could not be read is named, and an app's file is hashed,
pulled, read for its signer and erased."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from phone_helpers import make_apk

from exitplan.phone.adb import (
    PACKAGE_LISTS,
    PROPERTIES,
    SETTINGS,
    Adb,
    Output,
    PhoneError,
    is_read_only,
)
from exitplan.phone.apk import MAX_APK
from exitplan.phone.parse import Package
from exitplan.phone.reading import (
    CERTIFICATE_OF,
    MAX_HASHED,
    Readings,
    find_phone,
    hash_apps,
    read_phone,
)

SERIAL = "35091FDH2000C2"
DEVICES = f"List of devices attached\n{SERIAL}  device usb:1-2 model:Pixel_7\n\n"
APPS = (
    "package:com.android.chrome  installer=com.android.vending uid:10150\n"
    "package:net.example.helper  installer=null uid:10250\n"
    "package:not a name  installer=null uid:10251\n"
)
POLICY = "Current Device Policy Manager state:\n  Device Owner: none\n"


def said(text: str, code: int = 0) -> tuple[int, str]:
    """An answer: what the command printed and how it ended."""
    return code, text


def a_phone() -> dict[tuple[str, ...], tuple[int, str]]:
    """A phone's answers, by the words after `adb` (`-s SERIAL shell` left out)."""
    answers: dict[tuple[str, ...], tuple[int, str]] = {("devices", "-l"): said(DEVICES)}
    answers |= {("getprop", name): said(f"{name} value\n") for name in PROPERTIES}
    answers |= {("settings", "get", table, name): said("1\n") for table, name in SETTINGS}
    answers[("settings", "get", "secure", "enabled_notification_listeners")] = said("null\n")
    answers[PACKAGE_LISTS[0]] = said(APPS)
    answers[("pm", "list", "packages", "-s")] = said("package:com.android.chrome\n")
    answers[("dumpsys", "device_policy")] = said(POLICY)
    return answers


class TablePhone(Adb):
    """An adb that answers from a table and starts nothing; every command it is asked to run
    must be one the check may run, or the test fails."""

    def __init__(self, answers: dict[tuple[str, ...], tuple[int, str]], folder: Path) -> None:
        super().__init__("adb-not-run", folder=folder)
        self.answers = answers
        self.pulled: list[Path] = []
        self.copied: bytes | None = None  # what a pull copies; None: a signed app

    def run(self, args: Sequence[str], *, timeout: float | None = None) -> Output:
        """What the table says for `adb ARGS` (an unknown command fails as adb would)."""
        command = tuple(args)
        assert is_read_only(command), command
        self.calls.append(command)
        if command[2:3] == ("pull",):
            local = Path(command[4])
            if self.copied is None:
                make_apk(local)
            else:
                local.write_bytes(self.copied)
            self.pulled.append(local)
            return Output(command, 0, b"1 file pulled\n", b"")
        words = command[3:] if command[2:3] == ("shell",) else command
        code, text = self.answers.get(words, (1, "/system/bin/sh: not found\n"))
        return Output(command, code, text.encode(), b"")


@pytest.fixture
def phone(tmp_path: Path) -> TablePhone:
    """A connected phone with two store apps, one from outside a store and a line not read."""
    folder = tmp_path / ".adb-test"
    folder.mkdir()
    return TablePhone(a_phone(), folder)


def test_the_one_phone_connected_is_found_and_its_listing_kept(phone: TablePhone) -> None:
    """With one phone connected, the check reads that phone's serial and keeps the listing."""
    readings = find_phone(phone)
    assert readings.serial == SERIAL
    assert [output.args for output in readings.outputs] == [("devices", "-l")]
    assert readings.outputs[0].text == DEVICES


@pytest.mark.parametrize(
    ("listing", "words"),
    [
        ("List of devices attached\n\n", "no phone was found"),
        (DEVICES.replace("\n\n", "\nR58M  device usb:1-3\n"), "2 phones or emulators"),
        (f"List of devices attached\n{SERIAL}  unauthorized usb:1-2\n", "not allowed this"),
    ],
)
def test_no_phone_two_phones_or_one_not_allowing_is_said_plainly(
    phone: TablePhone, listing: str, words: str
) -> None:
    """No phone, two of them, or a phone that has not allowed this computer: one plain message
    saying what to do, and nothing else is asked of the phone."""
    phone.answers[("devices", "-l")] = said(listing)
    with pytest.raises(PhoneError, match=words):
        find_phone(phone)
    assert phone.calls == [("devices", "-l")]


def test_a_phone_is_read_with_read_only_commands_and_every_output_kept(phone: TablePhone) -> None:
    """Properties, settings (`null` read as not set), apps with their installers, system apps
    and the admins' report are read; each command's output is kept in the order asked."""
    readings = read_phone(phone, Readings(SERIAL))
    assert readings.properties["ro.product.model"] == "ro.product.model value"
    assert readings.settings["adb_enabled"] == "1"
    assert readings.settings["enabled_notification_listeners"] is None
    assert readings.packages == [
        Package("com.android.chrome", "com.android.vending", 10150),
        Package("net.example.helper", None, 10250),
    ]
    assert readings.unreadable_packages == 1
    assert readings.system == {"com.android.chrome"}
    assert readings.device_policy == POLICY
    assert readings.unread == []
    asked = len(PROPERTIES) + len(SETTINGS) + 3
    assert [output.args for output in readings.outputs] == phone.calls
    assert len(phone.calls) == asked
    assert all(call[:3] == ("-s", SERIAL, "shell") for call in phone.calls)


@pytest.mark.parametrize(
    "answer",
    [
        said("Permission Denial: reading settings requires READ\n"),
        said("1\n0\n"),  # a setting is one value: two lines are not it
        said("", code=255),
    ],
)
def test_a_setting_that_cannot_be_read_is_named_not_guessed(
    phone: TablePhone, answer: tuple[int, str]
) -> None:
    """A setting refused, printed over two lines or failing is kept as unknown and named as
    unread, so the report never says "nothing stood out" about it; the others are read."""
    phone.answers[("settings", "get", "global", "adb_enabled")] = answer
    readings = read_phone(phone, Readings(SERIAL))
    assert readings.settings["adb_enabled"] is None
    assert readings.unread == ["adb_enabled"]
    assert readings.settings["package_verifier_enable"] == "1"


def test_the_app_list_falls_back_to_an_older_form(phone: TablePhone) -> None:
    """An older Android that cannot list apps with user ids is asked the next form, and the
    apps it lists are read."""
    del phone.answers[PACKAGE_LISTS[0]]
    phone.answers[PACKAGE_LISTS[1]] = said("package:com.whatsapp  installer=com.android.vending\n")
    readings = read_phone(phone, Readings(SERIAL))
    assert readings.packages == [Package("com.whatsapp", "com.android.vending", None)]
    assert readings.unreadable_packages == 0
    assert sum(call[3:] in PACKAGE_LISTS for call in phone.calls) == 2


def test_a_phone_that_lists_no_apps_stops_the_check(phone: TablePhone) -> None:
    """When no form of the app list is answered, the check stops with one plain message: a
    check without the apps could say nothing useful."""
    for words in PACKAGE_LISTS:
        phone.answers[words] = said("Error: device locked\n")
    with pytest.raises(PhoneError, match="the phone did not list its apps"):
        read_phone(phone, Readings(SERIAL))


@pytest.mark.parametrize(
    ("system", "policy"),
    [
        (said("Exception occurred\n"), said("Can't find service: device_policy\n")),
        (said("nothing to list\n"), said("dumpsys: no report here\n")),
        (said("package:android\n", code=1), said(POLICY, code=1)),
    ],
)
def test_unreadable_system_apps_and_admins_are_named(
    phone: TablePhone, system: tuple[int, str], policy: tuple[int, str]
) -> None:
    """System apps that are not a listing, and an admins' report that is not one (an error, an
    exception, other words, or a failing command), are named as unread; no admin text is kept."""
    phone.answers[("pm", "list", "packages", "-s")] = system
    phone.answers[("dumpsys", "device_policy")] = policy
    readings = read_phone(phone, Readings(SERIAL))
    assert readings.unread == ["system packages", "device_policy"]
    assert readings.device_policy == ""


def hashed_phone(phone: TablePhone, name: str, size: str = "4096\n") -> str:
    """Answers for hashing app `name`: its file's path, hash and size; returns the path."""
    path = f"/data/app/~~x/{name}-1/base.apk"
    phone.answers[("pm", "path", name)] = said(f"package:{path}\n")
    phone.answers[("sha256sum", path)] = said(f"{'AB' * 32}  {path}\n")
    phone.answers[("stat", "-c", "%s", path)] = said(size)
    return path


def test_an_app_is_hashed_its_signer_read_and_its_copy_erased(phone: TablePhone) -> None:
    """An app from outside a store gets its file's SHA-256 (in lower case) and its signer's
    fingerprint, read from a copy in the private folder that is erased straight after."""
    hashed_phone(phone, "net.example.helper", size=f"{MAX_APK}\n")  # the largest read
    readings = Readings(SERIAL)
    hash_apps(phone, readings, ["net.example.helper"])
    assert readings.hashes == {"net.example.helper": "ab" * 32}
    [fingerprint] = readings.certificates["net.example.helper"]
    assert len(fingerprint) == 40
    assert phone.pulled
    assert not any(path.exists() for path in phone.pulled)
    assert readings.unread == []


def test_an_app_copy_that_is_not_an_app_is_named_and_erased(phone: TablePhone) -> None:
    """A pulled file that is not an app leaves its signer unread (named so) and is erased."""
    hashed_phone(phone, "net.example.helper")
    phone.copied = b"not a zip file"
    readings = Readings(SERIAL)
    hash_apps(phone, readings, ["net.example.helper"])
    assert readings.unread == [CERTIFICATE_OF + "net.example.helper"]
    assert "net.example.helper" not in readings.certificates
    assert not any(path.exists() for path in phone.pulled)


@pytest.mark.parametrize(
    "size", [f"{MAX_APK + 1}\n", "999999999999999\n", "Error: no such file\n", "\n"]
)
def test_an_app_file_too_large_or_of_unknown_size_is_not_copied(
    phone: TablePhone, size: str
) -> None:
    """An app file larger than exitplan reads, or whose size the phone does not give, is hashed
    on the phone but never copied."""
    hashed_phone(phone, "net.example.helper", size)
    readings = Readings(SERIAL)
    hash_apps(phone, readings, ["net.example.helper"])
    assert readings.hashes == {"net.example.helper": "ab" * 32}
    assert readings.certificates == {}
    assert phone.pulled == []


def test_only_real_names_and_at_most_ten_apps_are_asked_about(phone: TablePhone) -> None:
    """Names that are not package names are never sent to the phone, an app with no file path
    is skipped, a hash the phone does not give is left out, and at most ten apps are hashed."""
    names = [f"net.example.app{n}" for n in range(MAX_HASHED + 2)]
    for name in names:
        hashed_phone(phone, name, size="Error\n")
    del phone.answers[("pm", "path", names[0])]
    path = hashed_phone(phone, names[1], size="Error\n")
    phone.answers[("sha256sum", path)] = said(f"sha256sum: {path}: No such file\n")
    readings = Readings(SERIAL)
    hash_apps(phone, readings, ["; rm -rf /", "android", *names])
    asked = [call[5] for call in phone.calls if call[3:5] == ("pm", "path")]
    assert asked == names[:MAX_HASHED]
    assert sum(call[3] == "sha256sum" for call in phone.calls) == MAX_HASHED - 1
    assert sorted(readings.hashes) == sorted(names[2:MAX_HASHED])
