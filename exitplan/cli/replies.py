"""What a typed answer means, in the language spoken: yes, no, not sure, skip.

Each kind of answer is one marked string of the words that mean it, separated by `|`
(`N_("y|yes")`), so a translation lists its own ("s|sí|si"). The words of the language spoken
come first; the English words are still understood where they do not clash with them (in
Spanish "s" is "sí", never "skip"). A leaf of the CLI: it imports only i18n.
"""

from __future__ import annotations

import re

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

# Where "not sure" may be answered (a danger sign, a phone's settings), an answer is also read the
# way people say it: a hedged or partial yes is a yes, not knowing is "not sure", and an answer
# that is unclear is never read as "no".
# Translators: answers that mean yes said loosely, on a question that can be answered "not sure"
# ("sometimes", "I think so"), lower case, separated by |.
LEANS_YES = N_(
    "sometimes|once|one time|a few times|at times|i think so|probably|yeah|yep|yup|sure|"
    "of course|definitely|it has|they have|he has|she has"
)
# Translators: answers that mean "I don't know" said loosely (or a hedged no, which is read as
# "not sure"), lower case, separated by |.
NOT_KNOWN = N_(
    "maybe|perhaps|possibly|dunno|don't know|i don't know|idk|no idea|not sure|i'm not sure|"
    "i am not sure|i don't think so|not that i know|can't say|i don't remember"
)
# Translators: answers that mean no said loosely, lower case, separated by |.
LEANS_NO = N_("nope|nah|never|not at all|no never|no, never")
# Punctuation around an answer said in words ("¡claro!", "¿a veces?").
_MARKS = " .,;:!?¡¿…\"'«»“”"


def _words(marked: str, *, translated: bool) -> set[str]:
    text = _(marked) if translated else marked
    return {word.strip().lower() for word in text.split("|") if word.strip()}


def meaning(text: str, kinds: tuple[str, ...] = (YES, NO)) -> str | None:
    """'yes', 'no', 'unsure' or 'skip' for a typed answer among `kinds` (None: not one of them).
    The language spoken decides first, then English where it does not clash. Where "not sure"
    is among `kinds`, an answer said in the person's own words is read too (`loose`)."""
    found = choice(text, tuple((MEANINGS[kind], kind) for kind in kinds))
    if found is None and UNSURE in kinds:
        return loose(text)
    return found


def _fold(text: str) -> str:
    """Lower case, accents and punctuation around words dropped, spaces single ("¡Sí!" -> "si")."""
    import unicodedata

    bare = "".join(unicodedata.normalize("NFD", char.lower())[:1] for char in text)
    bare = bare.replace("\u2019", "'")
    return " ".join(word.strip(_MARKS) for word in bare.split() if word.strip(_MARKS))


def _said_words(marked: str) -> set[str]:
    return {
        _fold(word)
        for translated in (True, False)
        for word in _words(marked, translated=translated)
    }


def _has(phrase_set: set[str], said: str) -> bool:
    padded = f" {said} "
    return any(phrase and f" {phrase} " in padded for phrase in phrase_set)


def loose(text: str) -> str | None:
    """'yes', 'no' or 'unsure' for an answer said in the person's own words ("una vez sí",
    "sí, el de mi pareja", "creo que sí", "ni idea", "je sais pas"); None when it cannot be
    told. A partial or hedged yes is a yes, a doubt is "not sure", and "no" is read only from
    an answer that says no and nothing else that leans another way."""
    said = _fold(text)
    clauses = [_fold(part) for part in re.split(r"[,;:.!?()]|\s-+\s", text) if _fold(part)]
    if not clauses:
        return None
    first = clauses[0]
    # One-letter answers (y, n, s) are words only alone: "y" is "and" in Spanish.
    yes = {word for word in _said_words(YES) if len(word) > 1}
    no = {word for word in _said_words(NO) if len(word) > 1}
    doubt = _said_words(NOT_KNOWN) | _said_words(UNSURE)
    leans_no = _said_words(LEANS_NO)
    readings = (
        (_has(doubt, said), "unsure"),  # first: "pas sûre" holds the word "sure"
        (_has(_said_words(LEANS_YES), said), "yes"),
        (first in yes or first.split()[0] in yes or said.split()[-1] in yes, "yes"),
        (said in leans_no or first in leans_no, "no"),
        # "no, well, yes" is unclear, so never a no.
        (first in no, "unsure" if any(_has(yes, part) for part in clauses[1:]) else "no"),
    )
    return next((value for found, value in readings if found), None)


def choice(text: str, options: tuple[tuple[str, str], ...]) -> str | None:
    """The value of the option a typed answer names: `options` are (value, marked words
    separated by |); the language spoken decides first, then English (None: none of them)."""
    reply = " ".join(text.strip().lower().split())
    for translated in (True, False):
        for value, marked in options:
            if reply in _words(marked, translated=translated):
                return value
    return None
