"""Parsing of dates and offsets, shared by checklists, the plan and the CLI."""

from __future__ import annotations

import functools
import re
from datetime import date, timedelta

from exitplan.base import spoken
from exitplan.base.errors import DateError, TwoReadings
from exitplan.base.i18n import _

# Days or weeks, in English (d, w) or in French (j: jours, s: semaines), whatever is spoken.
_OFFSET = re.compile(r"^([+-]?)(\d{1,4})([dwjs])$")
WEEK_UNITS = frozenset("ws")
# The exit day itself, in English or in French ("départ", "jour-j").
EXIT_WORDS = frozenset({"exit", "0", "exit-day", "départ", "depart", "jour-j"})
# Offsets beyond ten years are surely a typo, and would overflow date arithmetic soon enough.
MAX_OFFSET_DAYS = 3660


def real_today() -> date:
    """The computer's own date: read only to tell a rehearsal (`--today`) from the real day."""
    return date.today()


_ISO_DAY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")


def is_iso_day(text: str) -> bool:
    """Whether `text` has the shape of a day as exitplan writes it (`2027-01-31`), a real day
    or not: the one test of that shape."""
    return _ISO_DAY.match(text.strip()) is not None


class _NoForm(DateError):
    """Text that has none of the forms `parse_when` reads (not a wrong day in a right form)."""


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


# "in 6 weeks", "en 6 semanas", "dentro de 6 semanas", "dans 6 semaines": an offset from today.
_IN_TIME = re.compile(r"^(?:in|en|dentro\s+de|dans)\s+(?=\d)", re.I)


def parse_when(text: str, today: date) -> date:
    """A date typed by the person: ISO (`2027-01-31`), `today`, or relative to today (`+3w`,
    `in 6 weeks`); in another language also its own words and order (`hoy`, `+6s`, `15/01/2027`,
    `dans 6 semaines`); and a day as the screens write it (`samedi 16 janvier 2027`, `el 15 de
    enero`, `15/01`: without a year, the next such day)."""
    cleaned = spoken.offset_text(_IN_TIME.sub("+", text.strip(), count=1)).strip().lower()
    if cleaned in {"today", _("today").lower()}:  # the English word, or the language's own
        return today
    local = spoken.numeric_date(cleaned)
    if local is None and not _ISO_DAY.match(cleaned):
        said = said_day(cleaned, today, upcoming=True)
        local = said[0] if said and said[1] == len(cleaned.rstrip(" .")) else None
    if local is not None:
        cleaned = local.isoformat()
    if cleaned[:1] in {"+", "-"}:
        try:
            return today + timedelta(days=parse_offset(cleaned))
        except (DateError, OverflowError):
            raise _NoForm(
                _(
                    "'{text}' is not a date: use the form 2027-01-31, or +3w / +10d from today"
                ).format(text=text)
            ) from None
    try:
        when = parse_day(cleaned)
    except DateError:
        if _ISO_DAY.match(cleaned):  # the right form, but no such day: say that
            raise
        raise _NoForm(
            _("'{text}' is not a date: use the form 2027-01-31, or +3w / +10d from today").format(
                text=text
            )
        ) from None
    if not within_limit((when - today).days):
        raise DateError(_("'{text}' is more than ten years from today").format(text=text))
    return when


def parse_today(text: str) -> date:
    """The day `--today` (or EXITPLAN_TODAY) names, as `exitplan date` reads a day: `2027-01-31`
    as it stands (the glance reads that form alone, the same way), any other form `parse_when`
    reads counted from the computer's own date (`today`, `+3d`, `1 juin 2027`, `20/12/2026`)."""
    if is_iso_day(text):
        return parse_day(text)
    return parse_when(text, real_today())


# An offset's shape, right or wrong in its numbers (`-3w`, `+7d`, `5`, `+99999w`).
_OFFSET_SHAPE = re.compile(r"^[+-]?\d+[dwjs]?$")


def parse_due_text(text: str, today: date) -> int | date:
    """A step's due date as the person typed it: days or weeks from the exit date in their words
    (`-3w`, `+6s`, `salida`: a number of days) or `2027-01-31`, as a file has them, or a day in
    any other form `parse_when` reads (`1 juin 2027`, `15/01/2027`). A DateError naming both
    forms when it is neither; an offset-shaped or day-shaped mistake keeps the parser's own, more
    exact, words."""
    offset = spoken.offset_text(text).strip().lower()
    if is_iso_day(offset) or offset in EXIT_WORDS or _OFFSET_SHAPE.match(offset):
        return parse_stored_due(offset)  # a file's forms, read as a file reads them
    try:
        return parse_when(text, today)
    except _NoForm:
        raise DateError(
            _(
                "'{text}' is neither a date nor an offset: use a date like 2027-01-31, or days "
                "or weeks from the exit date like -3w, -10d, +7d or exit"
            ).format(text=text)
        ) from None


def parse_stored_due(text: str) -> int | date:
    """A due date as a checklist or plan file writes it: `2027-01-31`, or days or weeks from
    the exit date (`-3w`, `exit`)."""
    return parse_day(text) if is_iso_day(text) else parse_offset(text)


# -- a day said in words or numbers, as people write it -------------------------------------------
# "30/11", "30/11/2026", "le 30 novembre", "el 28 de noviembre de 2026", "samedi 16 janvier 2027",
# "November 28": read in English, Spanish and French whatever the language spoken (a person may
# write as they speak); numbers follow the locale's order (spoken.date_order). Matched on the text
# folded to lower case without accents, which keeps every character's place.


def folded(text: str) -> str:
    """`text` in lower case without accents, one character for one ("Février" -> "fevrier")."""
    import unicodedata

    return "".join(unicodedata.normalize("NFD", char.lower())[:1] or char for char in text)


def _names(kind: str) -> dict[str, int]:
    """Every language's month (or weekday) names and short names, folded, to their number."""
    table: dict[str, int] = {}
    for names in spoken.CALENDARS.values():
        for group in (
            (names.months, names.short_months)
            if kind == "month"
            else (
                names.weekdays,
                names.short_weekdays,
            )
        ):
            for index, name in enumerate(group):
                table[folded(name).rstrip(".")] = index + (kind == "month")
    if kind == "month":
        table |= {"setiembre": 9, "sep": 9, "sept": 9, "juil": 7, "janv": 1, "fevr": 2}
    return table


@functools.cache
def month_names() -> dict[str, int]:
    """Every language's month names, folded, to their number (built the first time asked: the
    glance never reads a typed day)."""
    return _names("month")


@functools.cache
def weekday_names() -> dict[str, int]:
    """Every language's weekday names, folded, to their index (Monday 0)."""
    return _names("weekday")


def _alternatives(names: dict[str, int]) -> str:
    return "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A day said (`_said_day`'s pattern) and a month said, compiled once when first needed."""
    month_name = rf"(?:{_alternatives(month_names())})\.?"
    day = re.compile(
        rf"(?:(?:le|el|on|the)\s+)?(?:(?P<weekday>{_alternatives(weekday_names())})\.?,?\s+)?"
        r"(?:(?:le|el|the)\s+)?(?:"
        rf"(?P<day>\d{{1,2}})(?:er|o|º|st|nd|rd|th)?\s*(?:de\s+|of\s+)?(?P<month>{month_name})"
        r"(?:,?\s*(?:de\s+|del\s+)?(?P<year>\d{4}))?"
        rf"|(?P<month_first>{month_name})\s+(?P<day_after>\d{{1,2}})(?:st|nd|rd|th)?"
        r"(?:,?\s+(?P<year_after>\d{4}))?"
        r"|(?P<first>\d{1,2})[/.-](?P<second>\d{1,2})(?:[/.-](?P<third>\d{4}|\d{2}))?"
        r")(?![\w/.-]\w)",
    )
    month = re.compile(
        r"(?:(?P<edge>debut|mi-?|fin|a\s+principios\s+de|a\s+mediados\s+de|a\s+finales\s+de"
        r"|principios\s+de|mediados\s+de|finales\s+de|early|mid-?|late|end\s+of"
        r"|beginning\s+of)\s*)?"
        rf"(?:(?:en|in|de)\s+)?(?P<month>{month_name})(?:\s+(?:de\s+)?(?P<year>\d{{4}}))?$",
    )
    return day, month


def _month_number(name: str) -> int:
    return month_names()[name.rstrip(".")]


def _resolve(day: int, month: int, year: int | None, today: date, *, upcoming: bool) -> date:
    """The day meant: in its year if given, else the next such day from today (`upcoming`) or
    the last one up to today (ValueError when there is no such day)."""
    if year is not None:
        return date(year, month, day)
    step = 1 if upcoming else -1
    for offset in range(9):  # 29 February comes back within eight years
        try:
            when = date(today.year + step * offset, month, day)
        except ValueError:
            continue
        if (when >= today) if upcoming else (when <= today):
            return when
    raise ValueError("no such day")


def _numeric_day(
    text: str, found: re.Match[str], today: date, *, upcoming: bool
) -> tuple[date, int] | None:
    """A day written in numbers (`30/11`, `30/11/2026`) in the locale's order. Quebec writes
    2026-11-30 officially but either day or month first by hand: a day both orders make is
    refused showing both, as English does with no place known."""
    order_said = spoken.date_order()
    if not order_said and found["third"]:  # English with no place: the one reading, if one
        typed = spoken.numeric_date(found.group(0)[found.start("first") - found.start() :])
        return None if typed is None else (typed, found.end())
    orders = [order_said]
    if order_said.startswith("y") and spoken.calendar().day_first:
        orders = ["dmy", "mdy"]
    readings: list[date] = []
    for order_text in orders:
        order = [part for part in order_text if found["third"] or part != "y"]
        if len(order) not in {2, 3}:
            continue
        given = [found["first"], found["second"], found["third"]][: len(order)]
        parts = dict(zip(order, (int(part) for part in given), strict=True))
        year = parts.get("y")
        try:
            when = _resolve(
                parts["d"],
                parts["m"],
                year + 2000 if year and year < 100 else year,
                today,
                upcoming=upcoming,
            )
        except ValueError:
            continue
        readings += [when] if when not in readings else []
    if len(readings) > 1:
        first, second = readings
        raise TwoReadings(
            _(
                "'{text}' could be {first} or {second}, depending on the country: type the one "
                "you mean as {first_iso} or {second_iso}"
            ).format(
                text=text.strip(),
                first=spoken.day_month_year(first),
                second=spoken.day_month_year(second),
                first_iso=first.isoformat(),
                second_iso=second.isoformat(),
            )
        )
    if not readings:
        if not any(order for order in orders):
            return None
        raise DateError(_("'{text}' is not a day in the calendar").format(text=text.strip()))
    return readings[0], found.end()


def said_day(text: str, today: date, *, upcoming: bool) -> tuple[date, int] | None:
    """A day written at the start of `text` as people write it, with where its words end; a day
    without a year is the next one from today (`upcoming`, for a plan) or the last one (for
    what happened). None when `text` does not start with one; DateError when it names a day
    the calendar has not, or a weekday that is not that day's."""
    found = _patterns()[0].match(folded(text))
    if found is None:
        return None
    if found["first"] is not None:
        return _numeric_day(text, found, today, upcoming=upcoming)
    if found["month"] is not None:
        day, month = int(found["day"]), _month_number(found["month"])
        year = int(found["year"]) if found["year"] else None
    else:
        day, month = int(found["day_after"]), _month_number(found["month_first"])
        year = int(found["year_after"]) if found["year_after"] else None
    try:
        when = _resolve(day, month, year, today, upcoming=upcoming)
    except ValueError:
        raise DateError(
            _("'{text}' is not a day in the calendar").format(text=text.strip())
        ) from None
    weekday = found["weekday"]
    if weekday is not None and weekday_names()[weekday] != when.weekday():
        raise DateError(
            _("'{text}' does not add up: that day is {day}; check the date").format(
                text=text.strip(), day=spoken.long_day(when)
            )
        )
    return when, found.end()


def said_month(text: str, today: date) -> tuple[date, bool] | None:
    """A month said in words (`noviembre de 2026`, `fin novembre`, `November`): its first day
    (without a year, the last such month up to today) and whether the words say only part of
    it (`fin`, `a finales de`, `late`). None when `text` is not a month."""
    found = _patterns()[1].match(folded(text.strip()))
    if found is None:
        return None
    month = _month_number(found["month"])
    year = int(found["year"]) if found["year"] else today.year - (month > today.month)
    return date(year, month, 1), found["edge"] is not None
