"""What a typed answer means, in the language spoken: yes, no, not sure, skip.

Each kind of answer is one marked string of the words that mean it, separated by `|`
(`N_("y|yes")`), so a translation lists its own ("s|sí|si"). The words of the language spoken
come first; the English words are still understood where they do not clash with them (in
Spanish "s" is "sí", never "skip"). A leaf of the CLI: it imports only i18n.
"""

from __future__ import annotations

from exitplan.base.i18n import N_, _

# Translators: the answers that mean yes, lower case, separated by |.
YES = N_("y|yes")
# Translators: the answers that mean no, lower case, separated by |.
NO = N_("n|no")
# Translators: the answers that mean "not sure", lower case, separated by |.
UNSURE = N_("?|not sure|unsure")
# Translators: the answers that leave a question unanswered, lower case, separated by |.
SKIP = N_("s|skip")

MEANINGS = {YES: "yes", NO: "no", UNSURE: "unsure", SKIP: "skip"}


def _words(marked: str, *, translated: bool) -> set[str]:
    text = _(marked) if translated else marked
    return {word.strip().lower() for word in text.split("|") if word.strip()}


def meaning(text: str, kinds: tuple[str, ...] = (YES, NO)) -> str | None:
    """'yes', 'no', 'unsure' or 'skip' for a typed answer among `kinds` (None: not one of them).
    The language spoken decides first, then English where it does not clash."""
    return choice(text, tuple((MEANINGS[kind], kind) for kind in kinds))


def choice(text: str, options: tuple[tuple[str, str], ...]) -> str | None:
    """The value of the option a typed answer names: `options` are (value, marked words
    separated by |); the language spoken decides first, then English (None: none of them)."""
    reply = " ".join(text.strip().lower().split())
    for translated in (True, False):
        for value, marked in options:
            if reply in _words(marked, translated=translated):
                return value
    return None
