"""A phone check as one journal entry: its fields and the command outputs to attach.

The entry uses the journal's own fields (`when`, `what`, `tech`), so an export, `log verify` and
an advocate's own script read it like any other entry. The outputs are attached exactly as the
phone printed them; the journal records each file's size and SHA-256.
"""

from __future__ import annotations

from datetime import date, datetime

from exitplan.base.i18n import _, ngettext
from exitplan.journal.entry import MAX_FIELD_CHARS, not_in_future
from exitplan.phone.adb import DEVICE_POLICY, PACKAGE_LISTS, SYSTEM_PACKAGES, Output
from exitplan.phone.analysis import Outcome
from exitplan.phone.iphone import IphoneOutcome, IphoneReadings
from exitplan.phone.reading import Readings

MAX_NOTES = 60
# The findings are listed within this budget, the journal's limit for a field less room for the
# lines around them, and the rest counted (the phone's own lists are attached whole).
TECH_BUDGET = MAX_FIELD_CHARS - 2_000
RAW = {
    **dict.fromkeys(PACKAGE_LISTS, "pm-list-packages.txt"),
    SYSTEM_PACKAGES: "pm-list-packages-system.txt",
    DEVICE_POLICY: "dumpsys-device_policy.txt",
}


def fields(outcome: Outcome, readings: Readings, now: datetime, today: date) -> dict[str, str]:
    """The entry: when (unless the clock is past the day being rehearsed), what, and tech."""
    phone = outcome.model or _("an Android phone")
    if outcome.android:
        phone = _("{model}, Android {version}").format(model=phone, version=outcome.android)
    signs = [f for f in outcome.findings if f.sign]
    found = (
        ngettext(
            "{count} thing to talk over with an advocate.",
            "{count} things to talk over with an advocate.",
            len(signs),
        ).format(count=len(signs))
        if signs
        else _(
            "Nothing from the list was found and no setting stood out (which does not mean the "
            "phone is safe)."
        )
    )
    what = _("A phone check with exitplan, read-only over USB, of {phone}. {found}").format(
        phone=phone, found=found
    )
    facts = _("Phone: {phone}; USB serial {serial}; {count} apps listed.").format(
        phone=phone, serial=readings.serial, count=outcome.apps
    )
    if outcome.security_patch:
        facts += " " + _("Security patch: {patch}.").format(patch=outcome.security_patch)
    said = {"yes": _("yes"), "no": _("no")}.get(outcome.developer_before, _("not sure"))
    lines = [
        facts,
        _("Developer options already on before today, as you said: {answer}.").format(answer=said),
    ]
    if outcome.list_commit:
        lines.append(
            _(
                "Compared with the stalkerware-indicators list (Echap, CC BY 4.0) at commit "
                "{commit}, {count} apps."
            ).format(commit=outcome.list_commit, count=outcome.list_apps)
        )
    elif outcome.list_problem:
        lines.append(outcome.list_problem)
    if outcome.unread:
        lines.append(_("Could not be read: {things}.").format(things=", ".join(outcome.unread)))
    if outcome.unreadable_packages:
        lines.append(
            _("Lines of the app list that could not be read: {count}.").format(
                count=outcome.unreadable_packages
            )
        )
    if signs:
        lines += ["", _("What matched, and why:")]
        lines += _within([f"- {f.why}" for f in signs], TECH_BUDGET // 2)
    if outcome.notes:
        shown = [f"- {f.why}" for f in outcome.notes[:MAX_NOTES]]
        lines += ["", _("Also worth a look:")]
        lines += _within(shown, TECH_BUDGET // 4, len(outcome.notes) - len(shown))
    if outcome.hashed:
        lines += ["", _("SHA-256 of app files, computed on the phone:")]
        hashed = [f"- {name}: {digest}" for name, digest in sorted(outcome.hashed.items())]
        lines += _within(hashed, TECH_BUDGET // 8)
    if outcome.certificates:
        lines += ["", _("SHA-1 of signing certificates, read from copies erased after:")]
        signed = [
            f"- {name}: {', '.join(prints) or '-'}"
            for name, prints in sorted(outcome.certificates.items())
        ]
        lines += _within(signed, TECH_BUDGET // 8)
    lines += [
        "",
        _("Attached: the exact output of every command, each with its size and SHA-256."),
    ]
    entry = {"what": what, "tech": "\n".join(lines)}
    local = now.astimezone()  # the time as this computer shows it
    if not_in_future(local.date(), today):
        entry = {"when": f"{local:%Y-%m-%d %H:%M}", **entry}
    return entry


def _within(lines: list[str], budget: int, more: int = 0) -> list[str]:
    """As many lines as fit in `budget` characters, then one line counting the rest."""
    kept: list[str] = []
    used = 0
    for line in lines:
        if used + len(line) + 1 > budget:
            break
        kept.append(line)
        used += len(line) + 1
    rest = len(lines) - len(kept) + more
    if rest:
        kept.append("- " + _("And {count} more (see the attached lists).").format(count=rest))
    return kept


def files(readings: Readings) -> list[tuple[str, bytes]]:
    """(name, bytes) of each file to attach: the long outputs whole, the rest in one transcript."""
    kept: list[tuple[str, bytes]] = []
    transcript = bytearray()
    for output in readings.outputs:
        shell = output.args[3:] if output.args[:1] == ("-s",) else ()
        name = RAW.get(shell)
        listed = shell not in PACKAGE_LISTS or output.stdout.startswith(b"package:")
        if name is not None and listed and not any(n == name for n, _ in kept):
            kept.append((name, output.stdout))
            continue
        transcript += _block(output)
    kept.append(("phone-check-transcript.txt", bytes(transcript)))
    return kept


def _block(output: Output) -> bytes:
    head = f"$ adb {' '.join(output.args)}\n".encode()
    tail = f"(exit code {output.code})\n\n".encode()
    body = (
        output.stdout
        if output.stdout.endswith(b"\n") or not output.stdout
        else output.stdout + b"\n"
    )
    return head + body + tail


IPHONE_RAW = {
    "ideviceinstaller": "ideviceinstaller-apps.xml",
    "ideviceprovision": "ideviceprovision-list.txt",
}


def iphone_fields(
    outcome: IphoneOutcome, readings: IphoneReadings, now: datetime, today: date
) -> dict[str, str]:
    """The journal entry of an iPhone read: when, what, and tech (within the field's limit)."""
    phone = outcome.model or _("an iPhone")
    if outcome.ios:
        phone = _("{model}, iOS {version}").format(model=phone, version=outcome.ios)
    found = (
        ngettext(
            "{count} thing to talk over with an advocate.",
            "{count} things to talk over with an advocate.",
            len(outcome.findings),
        ).format(count=len(outcome.findings))
        if outcome.findings
        else _("Nothing was found (which does not mean the phone is safe).")
    )
    what = _("An iPhone check with exitplan, read-only over USB, of {phone}. {found}").format(
        phone=phone, found=found
    )
    lines = [
        _(
            "Phone: {phone}; UDID {udid}; {count} apps listed; {profiles} provisioning profiles."
        ).format(phone=phone, udid=readings.udid, count=outcome.apps, profiles=outcome.profiles)
    ]
    if outcome.list_problem:
        lines.append(outcome.list_problem)
    if outcome.findings:
        lines += ["", _("What was found, and why:")]
        lines += _within([f"- {f.why}" for f in outcome.findings], TECH_BUDGET // 2)
    lines += [
        "",
        _("Attached: the exact output of every command, each with its size and SHA-256."),
    ]
    entry = {"what": what, "tech": "\n".join(lines)}
    local = now.astimezone()
    if not_in_future(local.date(), today):
        entry = {"when": f"{local:%Y-%m-%d %H:%M}", **entry}
    return entry


def iphone_files(readings: IphoneReadings) -> list[tuple[str, bytes]]:
    """(name, bytes) of each file to attach: the app list and profiles whole, the rest in one
    transcript."""
    kept: list[tuple[str, bytes]] = []
    transcript = bytearray()
    for output in readings.outputs:
        name = IPHONE_RAW.get(output.args[0]) if output.args else None
        if name is not None and output.code == 0 and not any(n == name for n, _ in kept):
            kept.append((name, output.stdout))
            continue
        head = f"$ {' '.join(output.args)}\n".encode()
        body = (
            output.stdout
            if output.stdout.endswith(b"\n") or not output.stdout
            else (output.stdout + b"\n")
        )
        transcript += head + body + f"(exit code {output.code})\n\n".encode()
    kept.append(("iphone-check-transcript.txt", bytes(transcript)))
    return kept
