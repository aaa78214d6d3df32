"""Dates and numbers as the language spoken says them: the one home of month and weekday names,
the order of a date's parts, and how thousands and decimals are written.

Sentences about dates ("in 3 days", "3 days ago") are ordinary messages in the catalogs; what a
catalog cannot say well lives here, as one table per language: the names (a short "May" and a
long "May" are different words in Spanish) and the shape of a date. A language without a table
reads dates and numbers as English does. Standard library only, no locale module: the machine's
locale must never change what exitplan prints, and the glance pays one dictionary look-up.

Numbers: English groups thousands with commas (12,000.50); Spanish follows the Real Academia's
Ortografía (2010): thousands grouped with a space from five digits on (1200, 12 000), and the
decimal point, which it recommends and which is how amounts are typed into exitplan (1200.50).
A currency symbol goes after a Spanish amount, as the same rules write it (1200.50 €). French
groups thousands with a no-break space from four digits on (1 200), writes a decimal comma
(1 200,50 €) and the first of a month as "1er"; Quebec and France write them alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from exitplan.base import i18n

if TYPE_CHECKING:
    from datetime import date, datetime
    from decimal import Decimal

# Held together by wrapping (views/term prints it as a plain space).
GLUE = "\u00a0"


class Calendar(NamedTuple):
    """One language's names and date shapes (placeholders: weekday, day, month, year)."""

    weekdays: tuple[str, ...]  # Monday first, as date.weekday() counts
    short_weekdays: tuple[str, ...]
    months: tuple[str, ...]  # January first
    short_months: tuple[str, ...]
    long_day: str  # Monday 11 January 2027
    short_day: str  # Mon 11 Jan 2027
    day_month: str  # 11 Jan
    day_month_year: str  # 11 Jan 2027
    month_year: str  # January 2027
    first: str = "1"  # how the first day of a month is written ("1er" in French)
    clock: str = "{hour:02d}:{minute:02d}"  # a time of day: 14:05, "14 h 05" in French
    at: str = "{day}, {time}"  # a day and a time: 11 Jan 2027, 14:05
    day_first: bool = False  # a typed 31/01/2027 is read day first (else only 2027-01-31)


ENGLISH = Calendar(
    weekdays=("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
    short_weekdays=("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"),
    months=(
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ),
    short_months=(
        "Jan",
        "Feb",
        "Mar",
        "Apr",
        "May",
        "Jun",
        "Jul",
        "Aug",
        "Sep",
        "Oct",
        "Nov",
        "Dec",
    ),
    long_day="{weekday} {day} {month} {year}",
    short_day="{weekday} {day} {month} {year}",
    day_month="{day} {month}",
    day_month_year="{day} {month} {year}",
    month_year="{month} {year}",
)

SPANISH = Calendar(
    weekdays=("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"),
    short_weekdays=("lun", "mar", "mié", "jue", "vie", "sáb", "dom"),
    months=(
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
    ),
    short_months=(
        "ene",
        "feb",
        "mar",
        "abr",
        "may",
        "jun",
        "jul",
        "ago",
        "sept",
        "oct",
        "nov",
        "dic",
    ),
    long_day="{weekday} {day} de {month} de {year}",
    short_day="{weekday} {day} {month} {year}",
    day_month="{day} {month}",
    day_month_year="{day} {month} {year}",
    month_year="{month} de {year}",
)

# French as the Office québécois de la langue française and France's Imprimerie nationale write
# it: "lundi 11 janvier 2027", "1er janvier", abbreviations cut after a consonant with a point.
FRENCH = Calendar(
    weekdays=("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"),
    short_weekdays=("lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim."),
    months=(
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ),
    short_months=(
        "janv.",
        "févr.",
        "mars",
        "avr.",
        "mai",
        "juin",
        "juill.",
        "août",
        "sept.",
        "oct.",
        "nov.",
        "déc.",
    ),
    long_day="{weekday} {day} {month} {year}",
    short_day="{weekday} {day} {month} {year}",
    day_month="{day} {month}",
    day_month_year="{day} {month} {year}",
    month_year="{month} {year}",
    first="1er",
    clock="{hour} h {minute:02d}",
    at="{day} à {time}",
    day_first=True,
)


class Numbers(NamedTuple):
    """How one language writes numbers and amounts."""

    thousands: str  # between groups of three digits
    decimal: str
    group_from: int  # the fewest digits that are grouped (5: 1200 but 12 000)
    symbol_after: bool  # 1200 € rather than €1200


ENGLISH_NUMBERS = Numbers(thousands=",", decimal=".", group_from=4, symbol_after=False)
SPANISH_NUMBERS = Numbers(thousands=" ", decimal=".", group_from=5, symbol_after=True)
# French: a no-break space between thousands (1 200), a decimal comma, the symbol after (12,50 €).
FRENCH_NUMBERS = Numbers(thousands=GLUE, decimal=",", group_from=4, symbol_after=True)

CALENDARS: dict[str, Calendar] = {"en": ENGLISH, "es": SPANISH, "fr": FRENCH}
NUMBERS: dict[str, Numbers] = {"en": ENGLISH_NUMBERS, "es": SPANISH_NUMBERS, "fr": FRENCH_NUMBERS}


def calendar() -> Calendar:
    """The names and date shapes of the language spoken (English when it has none)."""
    return CALENDARS.get(i18n.current(), ENGLISH)


def _day(day: date, names: Calendar) -> str:
    return names.first if day.day == 1 else str(day.day)


def long_day(day: date) -> str:
    """`Monday 11 January 2027`, `lunes 11 de enero de 2027`."""
    names = calendar()
    return names.long_day.format(
        weekday=names.weekdays[day.weekday()],
        day=_day(day, names),
        month=names.months[day.month - 1],
        year=day.year,
    )


def short_day(day: date) -> str:
    """`Mon 11 Jan 2027`, `lun 11 ene 2027`."""
    names = calendar()
    return names.short_day.format(
        weekday=names.short_weekdays[day.weekday()],
        day=_day(day, names),
        month=names.short_months[day.month - 1],
        year=day.year,
    )


def day_month(day: date) -> str:
    """`11 Jan`, `11 ene`."""
    names = calendar()
    return names.day_month.format(day=_day(day, names), month=names.short_months[day.month - 1])


def day_month_year(day: date) -> str:
    """`11 Jan 2027`, `11 ene 2027`."""
    names = calendar()
    return names.day_month_year.format(
        day=_day(day, names), month=names.short_months[day.month - 1], year=day.year
    )


def month_year(day: date) -> str:
    """`January 2027`, `enero de 2027`."""
    names = calendar()
    return names.month_year.format(month=names.months[day.month - 1], year=day.year)


def day_and_time(moment: datetime) -> str:
    """`11 Jan 2027, 14:05`, `11 ene 2027, 14:05`, `11 janv. 2027 à 14 h 05` (a 24-hour clock in
    every language)."""
    names = calendar()
    time = names.clock.format(hour=moment.hour, minute=moment.minute)
    return names.at.format(day=day_month_year(moment), time=time)


def _grouped(digits: str, style: Numbers) -> str:
    if len(digits) < style.group_from:
        return digits
    head = len(digits) % 3 or 3
    groups = [digits[:head]] + [digits[i : i + 3] for i in range(head, len(digits), 3)]
    return style.thousands.join(groups)


def number_text(value: int) -> str:
    """A whole number with its thousands grouped: `12,000` in English, `12 000` in Spanish."""
    style = NUMBERS.get(i18n.current(), ENGLISH_NUMBERS)
    sign = "-" if value < 0 else ""
    return sign + _grouped(str(abs(value)), style)


def decimal_text(value: Decimal, places: int) -> str:
    """A decimal with `places` decimals (0: none), its thousands grouped as `number_text` does."""
    style = NUMBERS.get(i18n.current(), ENGLISH_NUMBERS)
    text = f"{abs(value):.{places}f}"
    whole, _dot, fraction = text.partition(".")
    grouped = _grouped(whole, style) + (style.decimal + fraction if fraction else "")
    return ("-" if value < 0 and text.strip("0.") else "") + grouped


def with_currency(amount: str, currency: str | None) -> str:
    """An amount with the person's own currency, never converted: a symbol before an English
    amount (£1,200) and after a Spanish one (1200 €); a code after it (1,200 EUR)."""
    if not currency:
        return amount
    style = NUMBERS.get(i18n.current(), ENGLISH_NUMBERS)
    if any(char.isalpha() for char in currency) or style.symbol_after:
        return f"{amount}{GLUE}{currency}" if style.symbol_after else f"{amount} {currency}"
    return f"{currency}{amount}"
