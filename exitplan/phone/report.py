"""The words of the phone check: the safety preface, the findings, the next steps.

Paragraphs only (a prefix, the text, a style); the command line translates, wraps and prints
them, so every text here is marked with `N_()` and translated where it is shown. The
preface follows what the Coalition Against Stalkerware and NNEDV's Safety Net tell survivors
(checked 2026-12-01; the README names the pages): removing monitoring software may not be safe
and abuse can escalate; anything done on a watched phone may be seen; a device they never had is
the safer one; nothing found does not mean safe.
"""

from __future__ import annotations

from typing import NamedTuple

from exitplan.base.i18n import N_, _, ngettext
from exitplan.phone.analysis import Outcome
from exitplan.phone.indicators import MISSING, About
from exitplan.phone.iphone import IphoneOutcome
from exitplan.phone.reading import CERTIFICATE_OF


class Paragraph(NamedTuple):
    """One paragraph: a prefix (a bullet or a number), the text, a style ("" or "bold")."""

    text: str
    prefix: str = ""
    style: str = ""


BLANK = Paragraph("")

PREFACE: tuple[Paragraph, ...] = (
    Paragraph(N_("Before you look"), style="bold"),
    Paragraph(
        N_(
            "Looking for monitoring apps can itself be noticed. The Coalition Against Stalkerware "
            "says that removing such an app may not be safe: the person who installed it may be "
            "watching, and the abuse can get worse. NNEDV's Safety Net says that anything you do "
            "on a watched phone may be seen, and that a device the person has never had access to "
            "is safer for finding help (stopstalkerware.org, techsafety.org)."
        )
    ),
    BLANK,
    Paragraph(
        N_(
            "What this check does: it reads, over the USB cable, what the phone says about its "
            "apps and a few settings. It removes nothing and changes nothing on the phone."
        )
    ),
    Paragraph(
        N_(
            "What it leaves behind: USB debugging switched on, and this computer's key remembered "
            "by the phone until you remove it. On this computer, adb's key for the check is kept "
            "in exitplan's private folder and erased at the end."
        )
    ),
    Paragraph(
        N_(
            "What it cannot tell you: finding nothing does not mean the phone is safe. The list of "
            "known apps is incomplete, and such apps change their names."
        )
    ),
    BLANK,
    Paragraph(
        N_(
            "A phone they have never touched is the safer one for planning. An advocate can go "
            "through this with you, before or after."
        )
    ),
)

CONFIRM = N_("Read the phone now? (yes or no)")
DEVELOPER_QUESTION = N_(
    "Before today, were developer options already turned on on this phone? (yes, no, or Enter "
    "if you are not sure)"
)
JOURNAL_QUESTION = N_(
    "Keep a record of this check in your journal, with the phone's own answers attached? "
    "(yes or no)"
)
NOTHING_READ = N_("Nothing was read from the phone, and nothing was written.")
# The most findings of each kind shown on the screen; the rest are counted (the journal record
# keeps what fits, and the phone's own lists are attached whole).
MAX_SIGNS_SHOWN = 30
MAX_NOTES_SHOWN = 20
UNREAD = {
    "package_verifier_enable": N_("whether app scanning (Play Protect) is on"),
    "verifier_verify_adb_installs": N_("whether apps installed from a computer are checked"),
    "development_settings_enabled": N_("whether developer options are on"),
    "adb_enabled": N_("whether USB debugging is on"),
    "accessibility_enabled": N_("whether accessibility services are on"),
    "enabled_accessibility_services": N_("which apps have accessibility powers"),
    "enabled_notification_listeners": N_("which apps can read notifications"),
    "system packages": N_("which apps came with the phone"),
    "device_policy": N_("which apps are device administrators, and whether the phone is managed"),
}


def about_list(about: About | None, problem: str | None) -> list[Paragraph]:
    """`phone-check --about`: the list, where it came from, its date, its licence and limits."""
    lines = [Paragraph(N_("The list of known stalkerware"), style="bold")]
    if about is None:
        return [*lines, Paragraph(problem or MISSING)]
    when = _("taken on {day}").format(day=about.taken) if about.taken else _("date not recorded")
    lines += [
        Paragraph(
            _(
                "{count} apps from stalkerware-indicators by Echap ({source}), commit {commit}, "
                "{when}. Apps newer than that may be missing, and such apps change their names: "
                "finding nothing does not mean the phone is safe."
            ).format(count=about.apps, source=about.source, commit=about.commit, when=when)
        ),
        BLANK,
        Paragraph(
            _("Licence: {licence} ({url}). Attribution, as the licence asks:").format(
                licence=about.licence, url=about.licence_url
            )
        ),
        Paragraph(about.attribution),
        BLANK,
        Paragraph(
            N_(
                "exitplan compares each app's package name, the fingerprint of its signing "
                "certificate (for apps from outside a store) and the SHA-256 of its file with the "
                "list, and an iPhone's app identifiers with the list's iPhone entries."
            )
        ),
    ]
    return lines


def list_line(outcome: Outcome) -> str | None:
    """Which list the apps were compared with, its date, and that newer apps may be missing."""
    if outcome.list_problem or not outcome.list_apps:
        return None
    if outcome.list_taken:
        text = _(
            "The apps were compared with a list of {count} known stalkerware and monitoring apps "
            "(stalkerware-indicators by Echap, CC BY 4.0), taken on {day}: apps newer than that "
            "may be missing. About the list: exitplan phone-check --about"
        )
    else:
        text = _(
            "The apps were compared with a list of {count} known stalkerware and monitoring apps "
            "(stalkerware-indicators by Echap, CC BY 4.0): newer apps may be missing. About the "
            "list: exitplan phone-check --about"
        )
    return text.format(count=outcome.list_apps, day=outcome.list_taken)


def _unread_words(name: str) -> str:
    if name.startswith(CERTIFICATE_OF):
        app = name.removeprefix(CERTIFICATE_OF)
        return _("the signing certificate of {app}").format(app=app)
    return _(UNREAD.get(name, name))


def unread_lines(outcome: Outcome) -> list[str]:
    """What could not be read, so the check says nothing about it."""
    lines = []
    if outcome.unread:
        things = "; ".join(_unread_words(name) for name in outcome.unread)
        lines.append(
            _(
                "The phone did not let the check read some things, so it says nothing about them: "
                "{things}."
            ).format(things=things)
        )
    if outcome.unreadable_packages:
        lines.append(
            ngettext(
                "{count} line of the phone's list of apps could not be read and was left out.",
                "{count} lines of the phone's list of apps could not be read and were left out.",
                outcome.unreadable_packages,
            ).format(count=outcome.unreadable_packages)
        )
    return lines


def next_steps(*, android: bool = True) -> tuple[Paragraph, ...]:
    """What may help next, after a check that found something."""
    keep = (
        N_("Keep the phone as it is: it may be evidence. This check can go in your journal.")
        if android
        else N_(
            "Keep things as they are for now, and note what you saw in your journal "
            "(exitplan log add)."
        )
    )
    return (
        Paragraph(N_("What may help next"), style="bold"),
        Paragraph(
            N_(
                "Do not remove or stop anything yet. A change can alert them; an advocate can help "
                "you plan when and how."
            ),
            "1. ",
        ),
        Paragraph(keep, "2. "),
        Paragraph(
            N_(
                "Use a safer device for planning, for searching and for calls about leaving: one "
                "they have never had."
            ),
            "3. ",
        ),
    )


def turn_off_again(developer_before: str) -> tuple[Paragraph, ...]:
    """How to put the phone back the way it was (exitplan never changes a setting itself)."""
    lines = [
        BLANK,
        Paragraph(N_("When you are done"), style="bold"),
        Paragraph(
            N_(
                "On the phone, open Settings > System > Developer options, turn USB debugging off, "
                "and tap 'Revoke USB debugging authorizations' so it forgets this computer. Menu "
                "names differ a little between phones."
            )
        ),
    ]
    if developer_before != "yes":
        lines.append(
            Paragraph(
                N_(
                    "If developer options were off before today, turn them off again too, with the "
                    "switch at the top of that screen."
                )
            )
        )
    return tuple(lines)


def phone_line(outcome: Outcome) -> str:
    """`Google Pixel 7, Android 14. 13 apps listed.` (or what the phone said of itself)."""
    apps = ngettext("{count} app listed.", "{count} apps listed.", outcome.apps).format(
        count=outcome.apps
    )
    model = outcome.model or _("An Android phone")
    if outcome.android:
        return _("{model}, Android {version}. {apps}").format(
            model=model, version=outcome.android, apps=apps
        )
    return _("{model}. {apps}").format(model=model, apps=apps)


def findings(outcome: Outcome, *, plain: bool = False) -> list[Paragraph]:
    """What was found, worded as things to talk over with an advocate."""
    bullet = "- " if plain else "• "
    lines = [Paragraph(phone_line(outcome), style="bold")]
    signs = [f for f in outcome.findings if f.sign]
    if outcome.list_problem:
        lines += [BLANK, Paragraph(outcome.list_problem)]
    compared = list_line(outcome)
    if compared:
        lines += [BLANK, Paragraph(compared)]
    unread = unread_lines(outcome)
    if unread:
        lines += [BLANK, *(Paragraph(line) for line in unread)]
    lines.append(BLANK)
    if signs:
        lines.append(Paragraph(N_("Things to talk over with an advocate"), style="bold"))
        lines += [Paragraph(f.why, bullet) for f in signs[:MAX_SIGNS_SHOWN]]
        if len(signs) > MAX_SIGNS_SHOWN:
            more = _("And {count} more like these (kept in the journal record, if you keep one).")
            lines.append(Paragraph(more.format(count=len(signs) - MAX_SIGNS_SHOWN), bullet))
        lines += [BLANK, *next_steps()]
    else:
        if outcome.list_problem is None and not outcome.unread:
            nothing = N_(
                "Nothing from the list of known monitoring apps was found, and no setting "
                "stood out."
            )
        elif outcome.list_problem is None:
            nothing = N_(
                "Nothing from the list of known monitoring apps was found, and nothing stood out "
                "in what could be read."
            )
        elif not outcome.unread:
            nothing = N_("No setting or app power stood out.")
        else:
            nothing = N_("Nothing stood out in what could be read.")
        lines.append(Paragraph(nothing))
        lines.append(
            Paragraph(
                N_(
                    "That does not mean the phone is safe: the list is incomplete, and some apps "
                    "hide under other names. If they seem to know things they should not, trust "
                    "that feeling and talk it over with an advocate."
                )
            )
        )
    if outcome.notes:
        lines += [BLANK, Paragraph(N_("Also worth a look (usual on many phones)"), style="bold")]
        lines += [Paragraph(f.why, bullet) for f in outcome.notes[:MAX_NOTES_SHOWN]]
        if len(outcome.notes) > MAX_NOTES_SHOWN:
            rest = outcome.notes[MAX_NOTES_SHOWN:]
            more = ngettext(
                "And {count} more app or power worth a look, not shown here ({names}).",
                "And {count} more apps or powers worth a look, not shown here ({names}).",
                len(rest),
            )
            names = ", ".join(f.subject for f in rest[:5]) + (", …" if len(rest) > 5 else "")
            lines.append(Paragraph(more.format(count=len(rest), names=names), bullet))
    return lines


IPHONE_PREFACE: tuple[Paragraph, ...] = (
    Paragraph(N_("Before you look"), style="bold"),
    Paragraph(
        N_(
            "Looking for monitoring apps can itself be noticed, and removing one may not be "
            "safe: the person who installed it may be watching (Coalition Against Stalkerware, "
            "stopstalkerware.org). An advocate can go through this with you."
        )
    ),
    BLANK,
    Paragraph(
        N_(
            "What this check does: over the USB cable, it reads the iPhone's model and iOS "
            "version, its list of apps with who signed them, and its provisioning profiles. It "
            "installs, removes and changes nothing on the iPhone."
        )
    ),
    Paragraph(
        N_(
            "To be read, the iPhone asks you to trust this computer and to enter its passcode. "
            "The pairing this makes is kept by usbmuxd in its own folder on this computer "
            "(/var/lib/lockdown), outside exitplan's; exitplan removes it at the end "
            "(idevicepair unpair)."
        )
    ),
    Paragraph(
        N_(
            "The iPhone keeps trusting this computer until you reset that: Settings > General > "
            "Transfer or Reset iPhone > Reset > Reset Location & Privacy (this also resets which "
            "apps may use your location)."
        )
    ),
    Paragraph(
        N_(
            "What it cannot tell you: Safety Check, the devices signed in to your Apple "
            "Account, Family Sharing and shared location are not readable from a computer; the "
            "guided check asks about them (exitplan phone-check --iphone). Finding nothing does "
            "not mean the phone is safe."
        )
    ),
)
IPHONE_CONFIRM = N_("Read the iPhone now? (yes or no)")
IPHONE_PAIR = N_(
    "This computer is not trusted by the iPhone yet. Ask the iPhone to trust it now? It will "
    "show 'Trust This Computer?' and ask for its passcode. (yes or no)"
)
IPHONE_TRUST_WAIT = N_("On the iPhone, tap Trust and enter its passcode, then press Enter here")


def iphone_findings(outcome: IphoneOutcome, *, plain: bool = False) -> list[Paragraph]:
    """What the iPhone read found, worded as things to talk over with an advocate."""
    bullet = "- " if plain else "• "
    model = outcome.model or _("An iPhone")
    apps = ngettext("{count} app listed.", "{count} apps listed.", outcome.apps).format(
        count=outcome.apps
    )
    head = (
        _("{model}, iOS {version}. {apps}").format(model=model, version=outcome.ios, apps=apps)
        if outcome.ios
        else _("{model}. {apps}").format(model=model, apps=apps)
    )
    lines = [Paragraph(head, style="bold")]
    if outcome.list_problem:
        lines += [BLANK, Paragraph(outcome.list_problem)]
    elif outcome.list_apps:
        text = _(
            "The apps were compared with a list of {count} known stalkerware and monitoring apps "
            "(stalkerware-indicators by Echap, CC BY 4.0), taken on {day}, which names few iPhone "
            "apps: apps newer than that may be missing."
        )
        day = outcome.list_taken or _("a day not recorded")
        lines += [BLANK, Paragraph(text.format(count=outcome.list_apps, day=day))]
    if "profiles" in outcome.unread:
        lines += [
            BLANK,
            Paragraph(
                N_(
                    "The iPhone did not let the check read its provisioning profiles, so it "
                    "says nothing about them."
                )
            ),
        ]
    lines.append(BLANK)
    if outcome.findings:
        lines.append(Paragraph(N_("Things to talk over with an advocate"), style="bold"))
        lines += [Paragraph(f.why, bullet) for f in outcome.findings[:MAX_SIGNS_SHOWN]]
        if len(outcome.findings) > MAX_SIGNS_SHOWN:
            more = _("And {count} more like these.")
            lines.append(
                Paragraph(more.format(count=len(outcome.findings) - MAX_SIGNS_SHOWN), bullet)
            )
        lines += [BLANK, *next_steps(android=False)]
    else:
        lines.append(
            Paragraph(
                N_(
                    "No app from the list, no app from outside the App Store, no provisioning "
                    "profile and no sign of a jailbreak was found. That does not mean the phone "
                    "is safe: if they seem to know things they should not, trust that feeling "
                    "and talk it over with an advocate."
                )
            )
        )
    return lines


def iphone_after(outcome: IphoneOutcome) -> list[Paragraph]:
    """The pairing undone (or not), how to make the iPhone forget this computer, what next."""
    lines = [BLANK, Paragraph(N_("When you are done"), style="bold")]
    if outcome.paired_before:
        lines.append(
            Paragraph(
                N_(
                    "This computer was already trusted by the iPhone before today; exitplan left "
                    "that as it was."
                )
            )
        )
    elif outcome.unpaired:
        lines.append(
            Paragraph(
                N_("The pairing made for this check was removed from this computer and the iPhone.")
            )
        )
    else:
        lines.append(
            Paragraph(
                N_(
                    "The pairing made for this check could not be removed. With the iPhone "
                    "plugged in and unlocked, run: idevicepair unpair"
                )
            )
        )
    if outcome.record_left:
        lines.append(
            Paragraph(
                _(
                    "usbmuxd still keeps a pairing record at {path}; an administrator can delete "
                    "it (sudo rm {path})."
                ).format(path=outcome.record_left)
            )
        )
    lines += [
        Paragraph(
            N_(
                "To make the iPhone forget every computer it trusts: Settings > General > "
                "Transfer or Reset iPhone > Reset > Reset Location & Privacy (Apple's page "
                "'About the Trust This Computer alert'). This also resets which apps may use "
                "your location, so apps will ask again, which someone else may notice."
            )
        ),
        Paragraph(
            N_(
                "Then look at what a computer cannot read (Safety Check, signed-in devices, "
                "Family Sharing, shared location): exitplan phone-check --iphone"
            )
        ),
    ]
    return lines
