"""A bound on what reading TOML may cost, checked before any TOML is parsed. Stdlib only.

Python's TOML parser (tomllib) spends time and memory that grow with the SQUARE of the number of
parts in one dotted key (`a.b.c...`): an 80 KB checklist holding a 40,000-part key took 17
seconds and 6 GB. A size cap does not bound that, so every TOML text exitplan reads (checklists,
the plan, a journal entry or situation answers from a pipe) is first scanned here: strings and
comments are set aside, numbers with a decimal point too, and no line may then hold more than
`MAX_KEY_DOTS` dots, which only dotted keys and table headers can hold. Many such lines add up
(a 16 MiB file of 64-part keys took 13 to 50 seconds), so the whole text may not hold more than
`MAX_KEY_COST`, counted as the sum over lines of the square of their dots. No file exitplan
writes comes near either. Nesting too deep for the parser is caught where it parses (a
RecursionError).

Numbers are bounded too: Python refuses to turn more than 4,300 decimal digits into an integer
(a ValueError the parsers did not expect), and a hexadecimal one of a million digits would make
a number no screen can show. No number, or bare key, may be longer than `MAX_NUMBER_CHARS`.
"""

from __future__ import annotations

import re

from exitplan.base.i18n import _

MAX_KEY_DOTS = 64
MAX_KEY_COST = 100_000  # the sum of dots squared, line by line: about 24 lines of 64-part keys
MAX_NUMBER_CHARS = 100

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
# A run of digits (and the letters and underscores a hexadecimal, octal or binary number holds)
# too long for any number exitplan reads; dates and times are short runs split by - and :.
_LONG_RUN = re.compile(rf"[0-9A-Za-z_]{{{MAX_NUMBER_CHARS + 1},}}")
_LONG_NUMBER = re.compile(rf"(?<![\w.-])[+-]?[0-9][0-9A-Za-z_]{{{MAX_NUMBER_CHARS},}}")


def toml_cost_problem(text: str) -> str | None:
    """Why this TOML would cost too much to parse (one plain phrase naming the line), or None."""
    many_dots = text.count(".") ** 2 > MAX_KEY_COST or _dotted_line(text)
    if not many_dots and not _LONG_RUN.search(text):
        return None  # the common case: too few dots and no long run of digits at all
    strings_aside = _SET_ASIDE.sub(_placeholder, text)
    if number := _LONG_NUMBER.search(strings_aside):
        return _(
            "line {line} has a number of more than {max_chars} digits, more than exitplan reads"
        ).format(line=strings_aside.count("\n", 0, number.start()) + 1, max_chars=MAX_NUMBER_CHARS)
    bare = _DECIMALS.sub("0", strings_aside)
    if line := _dotted_line(bare):
        return _(
            "line {line} has a key or table name of more than {max_key_dots} dotted "
            "parts, more than exitplan reads"
        ).format(line=line, max_key_dots=MAX_KEY_DOTS)
    if line := _costly_line(bare):
        return _(
            "from line {line} on, it has more dotted key parts than exitplan reads in one file"
        ).format(line=line)
    return None


def _dotted_line(text: str) -> int:
    """The number of the first line holding more than MAX_KEY_DOTS dots, or 0."""
    if text.count(".") <= MAX_KEY_DOTS:
        return 0
    for number, line in enumerate(text.split("\n"), start=1):
        if line.count(".") > MAX_KEY_DOTS:
            return number
    return 0


def _costly_line(text: str) -> int:
    """The number of the line where the dots squared, added line by line, pass MAX_KEY_COST, or
    0."""
    if text.count(".") ** 2 <= MAX_KEY_COST:
        return 0  # even all on one line they would cost no more
    cost = 0
    for number, line in enumerate(text.split("\n"), start=1):
        cost += line.count(".") ** 2
        if cost > MAX_KEY_COST:
            return number
    return 0


def _placeholder(match: re.Match[str]) -> str:
    """A string becomes an empty one; a comment goes; the new lines inside both stay."""
    text = match.group(0)
    lines = "\n" * text.count("\n")
    return lines if text.startswith("#") else '""' + lines
