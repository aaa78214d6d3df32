"""French punctuation, France's and Quebec's: the one home of both rules.

France (and Belgium and Switzerland, which read the shared French) puts a narrow no-break space
(U+202F) before ; ! and ?, a no-break space (U+00A0) before a colon and inside « guillemets »;
Quebec writes no space before ; ! and ? and keeps the no-break space before a colon and inside
guillemets (the Office québécois de la langue française). Typed as ordinary spaces they would
let a line break before the mark. The shared French files and catalog are written in France's
way; Quebec's words are read through `quebec` (the built-in steps, when loaded for fr_CA) or
written with it (`scripts/quebec-french`, for the catalog). Standard library only.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from exitplan.base.spoken import GLUE

if TYPE_CHECKING:
    from collections.abc import Callable

NARROW = "\u202f"
NO_BREAK = GLUE  # the no-break space, written once in base/spoken

_BEFORE_TALL = re.compile("[ \u00a0\u202f]+(?=[;!?])")
_BEFORE_COLON = re.compile("[ \u00a0\u202f]+(?=:)")
_AFTER_OPEN = re.compile("«[ \u00a0\u202f]*")
_BEFORE_CLOSE = re.compile("[ \u00a0\u202f]*»")


def france(text: str) -> str:
    """France's spacing where a space already stands before ; ! ? : and inside « »."""
    text = _BEFORE_TALL.sub(NARROW, text)
    text = _BEFORE_COLON.sub(NO_BREAK, text)
    if "«" in text or "»" in text:
        text = _AFTER_OPEN.sub("«" + NO_BREAK, text)
        text = _BEFORE_CLOSE.sub(NO_BREAK + "»", text)
    return text


def quebec(text: str) -> str:
    """Quebec's spacing: no space before ; ! ?, the rest as France writes it."""
    return _BEFORE_TALL.sub("", text)


# The words kept under a locale's own name (i18n.words_for) that are read through a rule.
RULES: dict[str, Callable[[str], str]] = {"fr_CA": quebec}


def rule_for(words: str) -> Callable[[str], str] | None:
    """The punctuation rule of a locale's own words ('fr_CA'), or None where there is none."""
    return RULES.get(words)
