"""The one rule for the characters exitplan never keeps or shows: control characters.

Text that reaches the screen must not hold a control character other than newline and tab: from a
shared file or a forged cache it could rewrite the terminal. Lone surrogates are refused too (they
are not text, and only a JSON escape can make them). Every check uses this rule: the file
formats refuse such text, the plan's own typed text has it stripped, the cache and the journal
read a record holding it as damaged. Stdlib only.
"""

from __future__ import annotations

import re

# Control characters but newline and tab (C0, DEL and C1), and lone surrogates.
REFUSED = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def first_refused(text: str) -> str | None:
    """The first character of `text` the rule refuses, or None when there is none."""
    found = REFUSED.search(text)
    return found.group() if found else None


def without_refused(text: str) -> str:
    """`text` with every refused character taken out."""
    return REFUSED.sub("", text)
