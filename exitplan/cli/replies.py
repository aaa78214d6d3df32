"""What a typed answer means, in the language spoken: yes, no, not sure, skip.

Each kind of answer is one marked string of the words that mean it, separated by `|`
(`N_("y|yes")`), so a translation lists its own ("s|sí|si"). The words of the language spoken
come first; the English words are still understood where they do not clash with them (in
Spanish "s" is "sí", never "skip"). A leaf of the CLI: it imports only i18n.

A question about the person's situation reads an answer as she would say it (`loose`): by its
first or last words when the whole is not one of them ("sí, el de mi pareja", "creo que sí",
"no lo sé seguro"), and on a danger question "sometimes" or "once" means yes: a danger sign
half-admitted is never refused and asked again, which invites a "no".
"""

from __future__ import annotations

import re

from exitplan.base.i18n import N_, _

# Translators: the answers that mean yes, lower case, separated by |.
YES = N_("y|yes")
# Translators: the answers that mean no, lower case, separated by |.
NO = N_("n|no")
# Translators: the answers that mean "not sure", lower case, separated by |.
UNSURE = N_("?|not sure|unsure|no idea|don't know|dont know|maybe")
# Translators: the answers that leave a question unanswered, lower case, separated by |.
SKIP = N_("s|skip")
# Translators: on a danger question, the answers that mean "yes, it happened, even rarely",
# lower case, separated by |.
SOMETIMES = N_("sometimes|once|a few times|now and then")
# Punctuation around the words of an answer ("sí, dos", "¿no sé?"), ignored when reading it loosely.
_PUNCTUATION = re.compile(r"[,.;:!¡¿?…\"'()«»]+")

MEANINGS = {YES: "yes", NO: "no", UNSURE: "unsure", SKIP: "skip"}


def _words(marked: str, *, translated: bool) -> set[str]:
    text = _(marked) if translated else marked
    return {word.strip().lower() for word in text.split("|") if word.strip()}


def meaning(
    text: str, kinds: tuple[str, ...] = (YES, NO), *, loose: bool = False, danger: bool = False
) -> str | None:
    """'yes', 'no', 'unsure' or 'skip' for a typed answer among `kinds` (None: not one of them).
    The language spoken decides first, then English where it does not clash.

    `loose`: an answer that is not one of the words is read by the longest of them it starts
    with, else the longest it ends with ("una vez sí"); one-letter words are never read so ("o"
    and "y" are words of a sentence in Spanish). `danger` adds "sometimes" and "once" as yes."""
    options = tuple((MEANINGS[kind], kind) for kind in kinds)
    if danger and YES in kinds:
        options += (("yes", SOMETIMES),)
    found = choice(text, options)
    if found is not None or not loose:
        return found
    reply = " ".join(_PUNCTUATION.sub(" ", text.lower()).split())
    found = choice(reply, options)
    if found is not None or not reply:
        return found
    for translated in (True, False):
        phrases = sorted(
            (
                (word, value)
                for value, marked in options
                for word in _words(marked, translated=translated)
                if len(word) > 1
            ),
            key=lambda pair: -len(pair[0]),
        )
        for word, value in phrases:
            if reply.startswith(word + " "):
                return value
        for word, value in phrases:
            if reply.endswith(" " + word):
                return value
    return None


def choice(text: str, options: tuple[tuple[str, str], ...]) -> str | None:
    """The value of the option a typed answer names: `options` are (value, marked words
    separated by |); the language spoken decides first, then English (None: none of them)."""
    reply = " ".join(text.strip().lower().split())
    for translated in (True, False):
        for value, marked in options:
            if reply in _words(marked, translated=translated):
                return value
    return None
