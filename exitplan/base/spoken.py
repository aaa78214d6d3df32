"""Dates and numbers as the language spoken says them: the one home of month and weekday names,
the order of a date's parts, and how thousands and decimals are written.

Sentences about dates ("in 3 days", "3 days ago") are ordinary messages in the catalogs; what a
catalog cannot say well lives here, as one table per language: the names (a short "May" and a
long "May" are different words in Spanish) and the shape of a date. A language without a table
reads dates and numbers as English does. Standard library only, no locale module: the machine's
locale must never change what exitplan prints, and the glance pays one dictionary look-up.

Numbers and money follow the whole locale chosen (`i18n.locale_tag()`), from Babel's copy of
the Unicode CLDR: Mexico writes $12,000.50, Spain 12.000,50 €, and a Spanish locale of any other
country its own country's way. English keeps its own small table (12,000.50, £1,200), so an
English start-up never loads Babel; in other languages Babel is imported the first time a number
needs it (a number under 1000 never does), and its answer is kept for the process. CLDR's
minimum grouping digits, which Babel does not apply, leave four-digit Spanish numbers ungrouped
(1200,50 €) where thousands are grouped with a point or a space, as the Real Academia writes
them; where a country groups with a comma, as Mexico does, every thousand is grouped ($1,200.50).
French (Quebec and France alike) groups thousands with a no-break space from four digits
on (1 200), writes a decimal comma (1 200,50 €) and the first of a month as "1er".
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from exitplan.base import i18n
from exitplan.base.errors import TwoReadings

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
# CLDR's minimumGroupingDigits where it is not 1 (Babel does not carry it): 2 for Spanish.
MINIMUM_GROUPING = {"es": 2}

CALENDARS: dict[str, Calendar] = {"en": ENGLISH, "es": SPANISH, "fr": FRENCH}
# Each locale's numbers, read from Babel once per process (English never is).
_NUMBERS: dict[str, Numbers] = {}


def numbers() -> Numbers:
    """How the locale chosen writes numbers and amounts (English: its own table, no Babel)."""
    language = i18n.current()
    if language == i18n.ENGLISH:
        return ENGLISH_NUMBERS
    tag = i18n.locale_tag()
    found = _NUMBERS.get(tag)
    if found is None:
        found = _NUMBERS[tag] = babel_numbers(tag, language)
    return found


def babel_numbers(tag: str, language: str) -> Numbers:
    """A locale's numbers from Babel's CLDR data (the language's own where the locale is
    unknown to it)."""
    from babel import Locale, UnknownLocaleError

    try:
        locale = Locale.parse(tag)
    except (UnknownLocaleError, ValueError):
        locale = Locale.parse(language)
    symbols = locale.number_symbols.get("latn", locale.number_symbols)
    thousands, decimal = symbols["group"], symbols["decimal"]
    pattern = locale.currency_formats["standard"].pattern
    least = MINIMUM_GROUPING.get(language, 1) if thousands != "," else 1
    return Numbers(
        thousands=GLUE if thousands.isspace() else thousands,
        decimal=decimal,
        group_from=3 + least,
        symbol_after=pattern.rstrip().endswith("\u00a4"),
    )


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
    """A whole number with its thousands grouped: `12,000` in English or Mexico, `12.000` in
    Spain (a number under 1000 asks no locale data)."""
    sign = "-" if value < 0 else ""
    digits = str(abs(value))
    return sign + (digits if len(digits) < 4 else _grouped(digits, numbers()))


def decimal_text(value: Decimal, places: int) -> str:
    """A decimal with `places` decimals (0: none), its thousands grouped as `number_text` does:
    `1,200.50` in Mexico, `1200,50` and `12.000,50` in Spain."""
    style = numbers()
    text = f"{abs(value):.{places}f}"
    whole, _dot, fraction = text.partition(".")
    grouped = _grouped(whole, style) + (style.decimal + fraction if fraction else "")
    return ("-" if value < 0 and text.strip("0.") else "") + grouped


def with_currency(amount: str, currency: str | None) -> str:
    """An amount with the person's own currency, never converted, where the locale puts it:
    before in English and Mexico (£1,200, $1,200.50), after in Spain (1200,50 €); a code after
    the amount everywhere (1,200 EUR)."""
    if not currency:
        return amount
    style = numbers()
    if any(char.isalpha() for char in currency) or style.symbol_after:
        return f"{amount}{GLUE}{currency}" if style.symbol_after else f"{amount} {currency}"
    return f"{currency}{amount}"


# Signs a person may type around an amount: the currency is set once, so they are only dropped.
_CURRENCY_SIGNS = "$€£¥₱"


def amount_examples() -> tuple[str, ...]:
    """How an amount may be typed in the locale chosen: `1200`, `1200,50`, `1.200,50` in Spain."""
    style = numbers()
    whole = "1200"
    grouped = "1" + style.thousands.replace(GLUE, " ") + "200"
    return (whole, f"{whole}{style.decimal}50", f"{grouped}{style.decimal}50")


def read_amount(text: str) -> str | None:
    """An amount typed as the locale chosen writes it (`$12,000.50` in Mexico; `1.200,50`,
    `1200,50` or `1 200,50` in Spain), as exitplan keeps it (`12000.50`); a currency sign or
    code around it is dropped, and the point-and-digits form (`1200.50`) is read everywhere.
    None when it is not an amount in that locale's way."""
    style = numbers()
    cleaned = text.strip().replace(GLUE, " ").replace("\u202f", " ")
    cleaned = cleaned.strip(_CURRENCY_SIGNS + " ")
    cleaned = re.sub(r"^[A-Za-z]{3}\s*|\s*[A-Za-z]{3}$", "", cleaned).strip(_CURRENCY_SIGNS + " ")
    if not cleaned.isascii():
        return None
    group = re.escape(style.thousands.replace(GLUE, " "))
    point = re.escape(style.decimal)
    groups = rf"\d{{1,3}}(?:{group}\d{{3}})+" + (r"|\d{1,3}(?: \d{3})+" if group != " " else "")
    pattern = rf"(?P<whole>\d+|{groups})(?:{point}(?P<cents>\d{{1,2}}))?"
    found = re.fullmatch(pattern, cleaned)
    if found is None:
        plain = re.fullmatch(r"(?P<whole>\d+)(?:\.(?P<cents>\d{1,2}))?", cleaned)
        if plain is None:
            return None
        found = plain
    whole = re.sub(r"\D", "", found.group("whole"))
    cents = found.group("cents")
    return f"{whole}.{cents}" if cents else whole


# -- the person's own words and forms, read back ------------------------------------------------

# Translators: the words for weeks in an offset such as +6w, lower case, separated by |.
WEEK_WORDS = i18n.N_("w|week|weeks")
# Translators: the words for days in an offset such as -10d, lower case, separated by |.
DAY_WORDS = i18n.N_("d|day|days")
# Translators: the words for the exit date itself as a due date, lower case, separated by |.
EXIT_WORDS = i18n.N_("exit|exit-day|exit day|the exit date")

_TYPED_OFFSET = re.compile(r"([+-]?)\s*(\d{1,5})\s*([^\W\d_]+)")
_NUMERIC_DATE = re.compile(r"(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})")


def _said(marked: str) -> set[str]:
    """The words of a marked list, in the language spoken and in English."""
    return {
        word.strip().lower()
        for text in (i18n._(marked), marked)
        for word in text.split("|")
        if word.strip()
    }


def offset_text(text: str) -> str:
    """An offset typed in the person's words, as exitplan writes it: `+6s` and `+6 semanas`
    are `+6w`, `salida` is `exit` in Spanish; English and anything else is left as typed."""
    cleaned = " ".join(text.strip().lower().split())
    if cleaned in _said(EXIT_WORDS):
        return "exit"
    found = _TYPED_OFFSET.fullmatch(cleaned)
    if found is None:
        return text
    sign, number, unit = found.groups()
    if unit in _said(WEEK_WORDS):
        return f"{sign}{number}w"
    if unit in _said(DAY_WORDS):
        return f"{sign}{number}d"
    return text


# The country of the plan's place ('gb' for 'gb-sct'), set when the plan is read: in English,
# the order a typed 10/02/2027 is read in is that country's.
_place: dict[str, str | None] = {"country": None}
# The orders a typed date with its year last can have.
YEAR_LAST = ("dmy", "mdy")


def set_place(code: str | None) -> None:
    """The plan's place ('gb-sct', 'us-ca', or None): English reads typed dates in the order of
    its country."""
    _place["country"] = code.split("-")[0].lower() if code else None


def _pattern_order(tag: str) -> str:
    """The order of day, month and year in a Babel locale's short date pattern ('' if none)."""
    from babel import Locale, UnknownLocaleError

    try:
        pattern = Locale.parse(tag).date_formats["short"].pattern
    except (UnknownLocaleError, ValueError, KeyError):
        return ""
    order = ""
    for letter in pattern:
        part = {"d": "d", "M": "m", "y": "y"}.get(letter)
        if part and part not in order:
            order += part
    return order if sorted(order) == ["d", "m", "y"] else ""


def place_order(country: str) -> str:
    """How a country writes a date in English, from CLDR's data for it (through Babel): 'dmy'
    in the United Kingdom, Ireland, Australia and New Zealand, 'mdy' in the United States;
    '' when neither (Canada writes 2027-02-10) or unknown."""
    if not re.fullmatch(r"[a-z]{2}", country):
        return ""
    order = _pattern_order(f"en_{country.upper()}") or _pattern_order(f"und_{country.upper()}")
    return order if order in YEAR_LAST else ""


def date_order() -> str:
    """The order of day, month and year in the locale's numeric dates ('dmy' in Spain and
    Mexico), from Babel's short date pattern; in English, the order of the plan's place
    (`place_order`), '' when no place is known (then only 2027-01-31 is sure)."""
    language = i18n.current()
    if language == i18n.ENGLISH:
        country = _place["country"]
        return place_order(country) if country else ""
    return _pattern_order(i18n.locale_tag()) or _pattern_order(language)


def numeric_date(text: str) -> date | None:
    """A date typed in the locale's order, as its screens write it (15/01/2027 or 15-1-27 in
    Spain and Mexico; 10/02/2027 is 10 February in the United Kingdom, 2 October in the United
    States); None when it is not one (an ISO date is read elsewhere).

    In English with no place known, a date with its year last is read when only one order
    makes a day of it (31/01/2027); when both do, DateError shows the two readings."""
    found = _NUMERIC_DATE.fullmatch(text.strip())
    english = i18n.current() == i18n.ENGLISH
    if found is None or (english and len(found.group(1)) > 2):  # 2027-01-31: read elsewhere
        return None
    order = date_order()
    if order:
        return _reading(found.groups(), order)
    if not english:
        return None
    readings = {day for order in YEAR_LAST if (day := _reading(found.groups(), order))}
    if len(readings) == 2:
        first, second = sorted(readings, key=lambda day: day.day != int(found.group(1)))
        raise TwoReadings(
            i18n._(
                "'{text}' could be {first} or {second}, depending on the country: type the one "
                "you mean as {first_iso} or {second_iso}"
            ).format(
                text=text.strip(),
                first=day_month_year(first),
                second=day_month_year(second),
                first_iso=first.isoformat(),
                second_iso=second.isoformat(),
            )
        )
    return readings.pop() if readings else None


def _reading(parts: tuple[str, ...], order: str) -> date | None:
    """The day numbers typed in this order make, or None (a year of 2 or 4 digits only)."""
    from datetime import date

    values = dict(zip(order, (int(part) for part in parts), strict=True))
    if len(parts[order.index("y")]) not in {2, 4}:
        return None
    year = values["y"] + (2000 if values["y"] < 100 else 0)
    try:
        return date(year, values["m"], values["d"])
    except ValueError:
        return None


def date_example(day: date) -> str:
    """A day in the locale's numeric form, as an example to type (31/03/2027); ISO in English,
    where a date on screen keeps one reading whatever the country."""
    order = date_order() if i18n.current() != i18n.ENGLISH else ""
    if not order:
        return day.isoformat()
    if order.startswith("y"):
        return day.isoformat()  # Quebec's official form, read one way only
    values = {"d": f"{day.day:02d}", "m": f"{day.month:02d}", "y": f"{day.year:04d}"}
    return "/".join(values[part] for part in order)
