"""Parsing of dates and offsets, shared by checklists, the plan and the CLI."""

from __future__ import annotations

import re
from datetime import date, timedelta

from exitplan.base import spoken
from exitplan.base.errors import DateError
from exitplan.base.i18n import _

# Days or weeks, in English (d, w) or in French (j: jours, s: semaines), whatever is spoken.
_OFFSET = re.compile(r"^([+-]?)(\d{1,4})([dwjs])$")
WEEK_UNITS = frozenset("ws")
# The exit day itself, in English or in French ("départ", "jour-j").
EXIT_WORDS = frozenset({"exit", "0", "exit-day", "départ", "depart", "jour-j"})
# A date typed with its day first, as French writes it (31/01/2027, 31.01.2027).
_DAY_FIRST = re.compile(r"^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$")
# Offsets beyond ten years are surely a typo, and would overflow date arithmetic soon enough.
MAX_OFFSET_DAYS = 3660


def real_today() -> date:
    """The computer's own date: read only to tell a rehearsal (`--today`) from the real day."""
    return date.today()


_ISO_DAY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")


def parse_day(text: str) -> date:
    """The one reading of a written day: `2027-01-31` exactly (DateError otherwise)."""
    cleaned = text.strip()
    found = _ISO_DAY.match(cleaned)
    if found is None:
        raise DateError(_("'{text}' is not a date: use the form 2027-01-31").format(text=text))
    try:
        return date(int(found[1]), int(found[2]), int(found[3]))
    except ValueError:
        raise DateError(_("'{text}' is not a day in the calendar").format(text=text)) from None


def within_limit(days: int) -> bool:
    """Whether a distance in days is within the ten-year limit (the one place it is decided)."""
    return abs(days) <= MAX_OFFSET_DAYS


def parse_offset(text: str) -> int:
    """Turn `exit`, `-3w`, `+10d` or `5d` into a number of days (negative = before the exit);
    French units and words are read too (`-3s`, `+10j`, `départ`)."""
    cleaned = text.strip().lower()
    if cleaned in EXIT_WORDS:
        return 0
    match = _OFFSET.match(cleaned)
    if match is None:
        raise DateError(
            _(
                "'{text}' is not an offset: use 'exit', or a number of days or weeks like "
                "-3w, -10d or +7d"
            ).format(text=text)
        )
    sign, number, unit = match.groups()
    days = int(number) * (7 if unit in WEEK_UNITS else 1)
    if not within_limit(days):
        raise DateError(_("'{text}' is more than ten years away").format(text=text))
    return -days if sign == "-" else days


def shift(day: date, days: int) -> date:
    """`day` moved by `days`, held at the ends of the calendar (for hand-edited dates)."""
    try:
        return day + timedelta(days=days)
    except OverflowError:
        return date.max if days > 0 else date.min


def format_offset(days: int) -> str:
    """The canonical text of an offset: `exit`, `-21d`, `+7d`."""
    if days == 0:
        return "exit"
    return f"{days:+d}d"


def parse_when(text: str, today: date) -> date:
    """A date typed by the person: ISO (`2027-01-31`), `today`, or relative to today (`+3w`);
    in another language also its own words and order (`hoy`, `+6s`, `15/01/2027`, `31/01/2027`)."""
    cleaned = spoken.offset_text(text).strip().lower()
    if cleaned in {"today", _("today").lower()}:  # the English word, or the language's own
        return today
    local = spoken.numeric_date(cleaned)
    if local is not None:
        cleaned = local.isoformat()
    if cleaned[:1] in {"+", "-"}:
        try:
            return today + timedelta(days=parse_offset(cleaned))
        except (DateError, OverflowError):
            raise DateError(
                _(
                    "'{text}' is not a date: use the form 2027-01-31, or +3w / +10d from today"
                ).format(text=text)
            ) from None
    day_first = _DAY_FIRST.match(cleaned) if spoken.calendar().day_first else None
    try:
        if day_first:
            day, month, year = (int(part) for part in day_first.groups())
            when = date(year, month, day)
        else:
            when = parse_day(cleaned)
    except (ValueError, DateError):
        if not day_first and _ISO_DAY.match(cleaned):  # the right form, but no such day: say that
            raise
        raise DateError(
            _("'{text}' is not a date: use the form 2027-01-31, or +3w / +10d from today").format(
                text=text
            )
        ) from None
    if not within_limit((when - today).days):
        raise DateError(_("'{text}' is more than ten years from today").format(text=text))
    return when
