"""A bound on what reading TOML may cost, checked before any TOML is parsed. Stdlib only.

Python's TOML parser (tomllib) spends time and memory that grow with the SQUARE of the number of
parts in one dotted key (`a.b.c...`): an 80 KB checklist holding a 40,000-part key took 17
seconds and 6 GB. A size cap does not bound that, so every TOML text exitplan reads (checklists,
the plan, a journal entry or situation answers from a pipe) is first scanned here: strings and
comments are set aside, numbers with a decimal point too, and no line may then hold more than
`MAX_KEY_DOTS` dots, which only dotted keys and table headers can hold. No file exitplan writes
comes near it. Nesting too deep for the parser is caught where it parses (a RecursionError).
"""

from __future__ import annotations

import re

from exitplan.base.i18n import _

MAX_KEY_DOTS = 64

# TOML's strings and comments, leftmost first: inside them a dot, a quote or a # is only text.
_SET_ASIDE = re.compile(
    r'"""(?:[^"\\]|\\.|"{1,2}(?!"))*"{3,5}'  # multi-line basic string
    r"|'''(?:[^']|'{1,2}(?!'))*'{3,5}"  # multi-line literal string
    r'|"(?:[^"\\\n]|\\.)*"'  # basic string
    r"|'[^'\n]*'"  # literal string
    r"|#[^\n]*",  # comment
    re.S,
)
# Floats and fractional seconds: the only dots a value may hold outside strings.
_DECIMALS = re.compile(r"\d[\d_]*\.\d[\d_]*")


def toml_cost_problem(text: str) -> str | None:
    """Why this TOML would cost too much to parse (one plain phrase naming the line), or None."""
    if not _dotted_line(text):
        return None  # the common case: no line holds that many dots at all
    bare = _DECIMALS.sub("0", _SET_ASIDE.sub(_placeholder, text))
    line = _dotted_line(bare)
    if not line:
        return None
    return _(
        "line {line} has a key or table name of more than {max_key_dots} dotted "
        "parts, more than exitplan reads"
    ).format(line=line, max_key_dots=MAX_KEY_DOTS)


def _dotted_line(text: str) -> int:
    """The number of the first line holding more than MAX_KEY_DOTS dots, or 0."""
    if text.count(".") <= MAX_KEY_DOTS:
        return 0
    for number, line in enumerate(text.split("\n"), start=1):
        if line.count(".") > MAX_KEY_DOTS:
            return number
    return 0


def _placeholder(match: re.Match[str]) -> str:
    """A string becomes an empty one; a comment goes; the new lines inside both stay."""
    text = match.group(0)
    lines = "\n" * text.count("\n")
    return lines if text.startswith("#") else '""' + lines
