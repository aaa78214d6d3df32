"""A phone check's place in the plan: what a check found, the iPhone guide, the steps it moves up.

The plan keeps the outcome of the last check of each kind of phone (`android`, `iphone`) as the
kinds of signs it found, never the apps' names (those go to the journal, when the person asks), and
the answers to the guided iPhone check, one row per question, like an inventory row. A check that
found any sign brings the digital-safety steps about a watched phone to the top of the plan, as a
danger-sign answer does. Pure data and functions: nothing here reads a phone or prints.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NamedTuple

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import N_, _

if TYPE_CHECKING:
    from collections.abc import Mapping

    from exitplan.domain.model import PhoneCheck

Kind = Literal["android", "iphone"]
KINDS: tuple[Kind, ...] = ("android", "iphone")
Answer = Literal["yes", "no", "unsure"]
ANSWERS: tuple[Answer, ...] = ("yes", "no", "unsure")

# The kinds of sign a check can find, with the calm words a plan or a status line uses for them.
SIGNS: dict[str, str] = {
    "known-stalkerware": N_("an app on a list of known stalkerware"),
    "watchware": N_("an openly monitoring app (the kind sold for watching children or staff)"),
    "outside-store-power": N_(
        "an app from outside an app store that can read the screen, notifications, or manage "
        "the phone"
    ),
    "scanning-off": N_("the phone's own app scanning (Play Protect) is switched off"),
    "install-checks-off": N_("checks on apps installed from a computer are switched off"),
    "device-owner": N_("the phone is managed by an organisation or an app (a device owner)"),
    "developer-options-before": N_("developer options were already on before today"),
    "iphone-sharing": N_("Safety Check shows sharing you did not expect"),
    "iphone-devices": N_("a device you do not know is signed in to your Apple Account"),
    "iphone-profile": N_("there is a profile or VPN you did not install"),
    "iphone-family": N_("you are in a family group they organise or belong to"),
    "iphone-location": N_("your location is shared with them"),
    "iphone-unsigned-app": N_(
        "an iPhone app that did not come from the App Store (an enterprise or developer signature)"
    ),
    "iphone-jailbreak": N_("the iPhone shows signs of a jailbreak"),
}

# The signs only a USB read of an iPhone finds (the guided answers keep them).
USB_SIGNS: frozenset[str] = frozenset(
    {"known-stalkerware", "watchware", "iphone-unsigned-app", "iphone-jailbreak"}
)

# The steps about a watched phone, brought first when a check found a sign. Their ids are
# checked against the built-in checklists by the tests.
MONITORED_PHONE_STEPS: frozenset[str] = frozenset(
    {
        "digital.safer-device",
        "digital.usual-use",
        "digital.spyware-signs",
        "digital.separate-phone",
        "digital.private-calls",
        "digital.message-sync",
        "digital.location-audit",
    }
)

APPLE_GUIDE = "https://support.apple.com/guide/personal-safety/welcome/web"
SAFETY_CHECK = "https://support.apple.com/guide/personal-safety/ips2aad835e1/web"
LIMIT_ACCESS = "https://support.apple.com/guide/personal-safety/ipsb8deced49/web"


class IphoneQuestion(NamedTuple):
    """One point of the guided iPhone check: where to look, what to ask, which answer is a sign."""

    key: str
    title: str
    where: str
    question: str
    careful: str
    sign: str
    source: str


# Checked 2026-12-01 against Apple's Personal Safety User Guide (the pages named in `source`).
IPHONE_QUESTIONS: tuple[IphoneQuestion, ...] = (
    IphoneQuestion(
        "safety-check",
        N_("Safety Check"),
        N_(
            "Settings > Privacy & Security > Safety Check > Manage Sharing & Access (iOS 16 or "
            "later). It lists the people and apps you share with, your location included."
        ),
        N_(
            "Does it show a person or app sharing with you, or seeing your information, that you "
            "did not expect?"
        ),
        N_(
            "Looking changes nothing. Stopping a share, or Emergency Reset (which stops all "
            "sharing at once and leads you to change your Apple Account password and review your "
            "devices), can be noticed: the person may see that they lost access. Apple's guide "
            "asks you to think about your safety before you change anything; Quick Exit closes the "
            "screen at once."
        ),
        "iphone-sharing",
        SAFETY_CHECK,
    ),
    IphoneQuestion(
        "apple-account-devices",
        N_("Devices on your Apple Account"),
        N_("Settings > [your name], then scroll down to the list of devices."),
        N_("Is there a device in the list that is not yours, or that you do not recognise?"),
        N_("Removing a device signs it out, which the person using it may notice."),
        "iphone-devices",
        LIMIT_ACCESS,
    ),
    IphoneQuestion(
        "profiles",
        N_("VPN and device management"),
        N_("Settings > General > VPN & Device Management."),
        N_(
            "Is there a profile or VPN you did not install, and that is not from your work or "
            "school?"
        ),
        N_(
            "Profiles are usually installed by an employer or a school; one you did not choose can "
            "let someone else manage the phone. Removing it may be noticed."
        ),
        "iphone-profile",
        LIMIT_ACCESS,
    ),
    IphoneQuestion(
        "family-sharing",
        N_("Family Sharing"),
        N_("Settings > [your name] > Family Sharing."),
        N_("Are you in a family group that they organise or belong to?"),
        N_(
            "A family group can share location, purchases and Screen Time. Leaving it is "
            "noticeable; talk it over with an advocate first."
        ),
        "iphone-family",
        APPLE_GUIDE,
    ),
    IphoneQuestion(
        "find-my",
        N_("Find My and shared location"),
        N_(
            "The Find My app > People; and in Messages, any conversation with them (Share My "
            "Location)."
        ),
        N_("Can they see your location?"),
        N_(
            "Stopping location sharing is one of the changes most easily noticed. Many people "
            "leave it on until they have left, with an advocate's help."
        ),
        "iphone-location",
        SAFETY_CHECK,
    ),
)
IPHONE_KEYS: frozenset[str] = frozenset(q.key for q in IPHONE_QUESTIONS)


def check_iphone_answers(answers: Mapping[str, object]) -> None:
    """Refuse a question the guide does not ask, or an answer other than yes, no or unsure."""
    for key, value in answers.items():
        if key not in IPHONE_KEYS:
            known = ", ".join(q.key for q in IPHONE_QUESTIONS)
            raise ExitplanError(
                _("'{key}' is not a question of the iPhone check; use one of: {known}").format(
                    key=key, known=known
                )
            )
        if value not in ANSWERS:
            raise ExitplanError(
                _('the answer for \'{key}\' must be "yes", "no" or "unsure"').format(key=key)
            )


def iphone_signs(answers: Mapping[str, str]) -> tuple[str, ...]:
    """The signs the iPhone answers show (a "yes"), in question order."""
    return tuple(q.sign for q in IPHONE_QUESTIONS if answers.get(q.key) == "yes")


def flagged(checks: Mapping[str, PhoneCheck]) -> bool:
    """Whether the last check of any phone found a sign."""
    return any(check.signs for check in checks.values())


def sign_words(sign: str) -> str:
    """The calm words for a kind of sign (the kind itself when exitplan does not know it)."""
    return _(SIGNS[sign]) if sign in SIGNS else sign
