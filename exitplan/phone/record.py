"""A phone check as one journal entry: its fields and the command outputs to attach.

The entry uses the journal's own fields (`when`, `what`, `tech`), so an export, `log verify` and
an advocate's own script read it like any other entry. The outputs are attached exactly as the
phone printed them; the journal records each file's size and SHA-256.
"""

from __future__ import annotations

from datetime import date, datetime

from exitplan.base.i18n import _, ngettext
from exitplan.journal.entry import not_in_future
from exitplan.phone.adb import DEVICE_POLICY, PACKAGE_LISTS, SYSTEM_PACKAGES, Output
from exitplan.phone.analysis import Outcome
from exitplan.phone.reading import Readings

MAX_NOTES = 60
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
    if signs:
        lines += ["", _("What matched, and why:"), *(f"- {f.why}" for f in signs)]
    if outcome.notes:
        shown = outcome.notes[:MAX_NOTES]
        lines += ["", _("Also worth a look:"), *(f"- {f.why}" for f in shown)]
        if len(outcome.notes) > len(shown):
            more = _("And {count} more (see the attached lists).")
            lines.append("- " + more.format(count=len(outcome.notes) - len(shown)))
    if outcome.hashed:
        lines += ["", _("SHA-256 of app files, computed on the phone:")]
        lines += [f"- {name}: {digest}" for name, digest in sorted(outcome.hashed.items())]
    lines += [
        "",
        _("Attached: the exact output of every command, each with its size and SHA-256."),
    ]
    entry = {"what": what, "tech": "\n".join(lines)}
    local = now.astimezone()  # the time as this computer shows it
    if not_in_future(local.date(), today):
        entry = {"when": f"{local:%Y-%m-%d %H:%M}", **entry}
    return entry


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
