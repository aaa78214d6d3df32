"""The fields of one journal entry: what the person may write, checked before anything is saved.

An entry is a table of at most these keys, every one optional (Enter skips a question)::

    when       a date and time, a date, "about" a date or month, or the common relative words
               (yesterday 9pm, 3 days ago, last Monday), read by the computer's clock
    where      where it happened
    what       what happened
    words      the exact words that were said
    witnesses  who saw or heard it
    injuries   injuries and medical care
    police     police contact (officer, report number)
    tech       technology involved (the sender's real number or account)
    effect     how it affected you

Every value is text (TOML may also give ``when`` as a date or date-time). Unknown keys, bad TOML,
control characters (other than newline and tab) and over-long text are refused with one plain
message, and nothing is added. Pure functions: ``now`` is always a parameter.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date, datetime, time, timedelta
from typing import get_args

from exitplan.base import spoken
from exitplan.base.errors import DateError, ExitplanError
from exitplan.base.i18n import N_, _
from exitplan.base.safetext import first_refused
from exitplan.base.tomlcost import toml_cost_problem
from exitplan.domain.dates import folded, parse_day, said_day, said_month
from exitplan.journal.shapes import Answer, Fields, TextField, When

TEXT_FIELDS: tuple[TextField, ...] = get_args(TextField)
FIELDS: tuple[str, ...] = ("when", *TEXT_FIELDS)

# The question asked for each field at a terminal, in order (the CLI may use these words).
QUESTIONS: dict[str, str] = {
    "when": N_(
        "When (for example: yesterday 9pm, 3 days ago, last Monday around 21:30, "
        "{day} 21:15, or about {month})"
    ),
    "where": N_("Where"),
    "what": N_("What happened"),
    "words": N_("Their exact words"),
    "witnesses": N_("Witnesses"),
    "injuries": N_("Injuries and medical care"),
    "police": N_("Police (officer, report number)"),
    "tech": N_("Technology involved (the sender's real number or account)"),
    "effect": N_("How it affected you"),
}

MAX_FIELD_CHARS = 20_000
MAX_ENTRY_CHARS = 100_000
MAX_TOML_BYTES = 512 * 1024

# The words are read in English, Spanish and French, whatever the language spoken: a person who
# changes language, or writes as they speak, is never refused ("ayer 21:00", "hace 3 días",
# "hier à 21 h", "il y a trois jours", "lundi dernier vers 21 h 30").
_APPROX_WORD = (
    r"(?:about|around|approx\.?|approximately|circa|roughly|~"
    r"|hacia|sobre|alrededor\s+de|aproximadamente|aprox\.?|m[aá]s\s+o\s+menos"
    r"|como(?:\s+a)?|a\s+eso\s+de|cerca\s+de"
    r"|vers|environ|aux\s+alentours\s+de|[aà]\s+peu\s+pr[eè]s)"
)
_APPROX = re.compile(rf"^{_APPROX_WORD}(?:\s+las?\b)?\s*", re.I)  # "hacia las 21:30"
_DAY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$")
_MONTH = re.compile(r"^(\d{4})-(\d{2})$")
_EARLIEST = date(1900, 1, 1)
# The relative words a person may use for the day, and for the time of day after it.
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAYS_ES = ("lunes", "martes", "mi[eé]rcoles", "jueves", "viernes", "s[aá]bado", "domingo")
_WEEKDAYS_FR = ("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche")
_ANY_WEEKDAY = "|".join((*WEEKDAYS, *_WEEKDAYS_ES, *_WEEKDAYS_FR))
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_NUMBERS |= {"seven": 7, "eight": 8, "nine": 9, "ten": 10}
_NUMBERS_ES = {"un": 1, "una": 1, "uno": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5}
_NUMBERS_ES |= {"seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10}
_NUMBERS_FR = {"un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6}
_NUMBERS_FR |= {"sept": 7, "huit": 8, "neuf": 9, "dix": 10}
_DAYS_BACK = {"today": 0, "yesterday": 1, "hoy": 0, "ayer": 1, "anteayer": 2, "antier": 2}
_DAYS_BACK |= {"last night": 1, "tonight": 0, "this morning": 0, "this afternoon": 0}
_DAYS_BACK |= {"this evening": 0}
_DAYS_BACK |= {"aujourd'hui": 0, "aujourd\u2019hui": 0, "hier": 1, "avant-hier": 2}
# French names the part of a day too: "hier soir" is yesterday's, "ce matin" today's.
_DAYS_BACK |= {f"hier {part}": 1 for part in ("matin", "midi", "après-midi", "apres-midi", "soir")}
_DAYS_BACK |= {"avant-hier soir": 2, "ce matin": 0, "ce midi": 0, "ce soir": 0}
_DAYS_BACK |= {"cet après-midi": 0, "cet apres-midi": 0}
# Spanish names the part of a day too: last night is yesterday's, "esta tarde" today's.
_DAYS_BACK |= {"anoche": 1, "anteanoche": 2, "antenoche": 2}
_DAYS_BACK |= {f"esta {part}": 0 for part in ("mañana", "manana", "tarde", "noche")}
_REL_DAY = re.compile(
    r"^(?:(?P<iso>\d{4}-\d{2}-\d{2})"
    r"|(?P<week>last\s+week|la\s+semana\s+pasada|la\s+semaine\s+(?:derni[eè]re|pass[ée]e))"
    r"|(?P<word>today|yesterday|last\s+night|tonight|this\s+(?:morning|afternoon|evening)"
    r"|hoy|anteayer|antier|ayer|anteanoche|antenoche|anoche"
    r"|esta\s+(?:ma[nñ]ana|tarde|noche)|aujourd['\u2019]hui"
    r"|avant-hier\s+soir|avant-hier|hier\s+(?:matin|midi|apr[eè]s-midi|soir)|hier"
    r"|ce\s+(?:matin|midi|soir)|cet\s+apr[eè]s-midi)"
    rf"|last\s+(?P<weekday>{'|'.join(WEEKDAYS)})"
    rf"|(?:el\s+)?(?P<weekday_es>{'|'.join(_WEEKDAYS_ES)})\s+pasado"
    rf"|(?P<count>\d{{1,5}}|{'|'.join(_NUMBERS)})\s+(?P<unit>days?|weeks?)\s+ago"
    rf"|hace\s+(?P<count_es>\d{{1,5}}|{'|'.join(_NUMBERS_ES)})\s+(?P<unit_es>d[ií]as?|semanas?)"
    rf"|(?:le\s+)?(?P<weekday_fr>{'|'.join(_WEEKDAYS_FR)})\s+(?:dernier|pass[ée])"
    rf"|il\s+y\s+a\s+(?P<count_fr>\d{{1,5}}|{'|'.join(_NUMBERS_FR)})\s+(?P<unit_fr>jours?|semaines?)"
    # A weekday alone is the last one: "el sábado", "mardi soir", "on Saturday".
    rf"|(?:el\s+|le\s+|on\s+)?(?P<weekday_any>{_ANY_WEEKDAY}))"
    r"(?!\w)",
    re.I,
)
_CLOCK = re.compile(
    r"^(?:(?P<hour>\d{1,2})(?::(?P<minute>\d{2}))?\s*(?P<half>[ap]\.?\s?m\.?)"
    r"|(?P<hour_es>\d{1,2})(?::(?P<minute_es>\d{2}))?\s+de\s+la\s+"
    r"(?P<part>ma[nñ]ana|madrugada|tarde|noche)"
    r"|(?P<hour24>\d{1,2}):(?P<minute24>\d{2})(?:\s*h)?"
    r"|(?P<hour_h>\d{1,2})\s*h(?:\s*(?P<minute_h>\d{2}))?"
    r"(?:\s+(?P<part_fr>du\s+matin|du\s+soir|de\s+l['\u2019]apr[eè]s-midi))?"
    r"|(?P<named>noon|midnight|mediod[ií]a|medianoche|midi|minuit)"
    r"|(?P<bare>\d{1,2})(?:\s*(?:horas|hrs?|o['\u2019]clock))?)$",
    re.I,
)
_JOIN = re.compile(rf"^(?:,|at\b|a\s+las?\b|à(?!\w)|{_APPROX_WORD}(?:\s+las?\b)?)\s*", re.I)
_MIDDAY = {"noon", "mediodia", "mediodía", "midi"}
# A part of the day said after the day ("ayer en la noche", "mardi soir", "in the morning"): it
# tells which half of the day a bare hour is in ("anoche como a las 11" is 23:00).
_PART = re.compile(
    r"^,?\s*(?:(?:en|por|de|a|in|at|du|au|dans|le)\s+)?(?:(?:la|el|the|l['\u2019])\s*)?"
    r"(?P<part>ma[nñ]ana|madrugada|tarde|noche|matin[ée]e|matin|soir[ée]e|soir|apr[eè]s-midi"
    r"|nuit|morning|afternoon|evening|night)(?!\w)",
    re.I,
)
# The same words after the hour ("9 h le soir", "at 9 in the evening").
_PART_AFTER = re.compile(
    r"\s+(?:(?:le|du|de|en|por|in|at|au|dans)\s+)?(?:(?:la|el|the|l['\u2019])\s*)?"
    r"(?P<part>ma[nñ]ana|madrugada|tarde|noche|matin[ée]e|matin|soir[ée]e|soir|apr[eè]s-midi"
    r"|nuit|morning|afternoon|evening|night)$",
    re.I,
)
_PARTS = {"manana": "morning", "madrugada": "morning", "matin": "morning", "matinee": "morning"}
_PARTS |= {"morning": "morning", "tarde": "afternoon", "apres-midi": "afternoon"}
_PARTS |= {"afternoon": "afternoon", "soir": "evening", "soiree": "evening", "evening": "evening"}
_PARTS |= {"noche": "night", "nuit": "night", "night": "night", "anoche": "night"}
_PARTS |= {"anteanoche": "night", "antenoche": "night", "tonight": "night"}


class JournalError(ExitplanError):
    """A journal entry, record or fingerprint that cannot be used; nothing was written."""


# The day the examples name, written as the locale writes a date (30/11/2026 in Spain and France).
_EXAMPLE_DAY = date(2026, 11, 30)


def question(name: str) -> str:
    """The question asked for a field, in the language spoken, its examples in the locale's own
    forms (`30/11/2026 21:15` in Mexico, Spain and France, `2026-11-30 21:15` in English)."""
    return _(QUESTIONS[name]).format(
        day=spoken.date_example(_EXAMPLE_DAY), month=spoken.month_year(_EXAMPLE_DAY)
    )


def _when_error(text: str) -> JournalError:
    return JournalError(
        _(
            "'{text}' is not a time exitplan can read: write it like {day}, {day} 21:15, "
            "yesterday 9pm, 3 days ago, last Monday, or about {month}"
        ).format(
            text=text,
            day=spoken.date_example(_EXAMPLE_DAY),
            month=spoken.month_year(_EXAMPLE_DAY),
        )
    )


def _when_value(value: object) -> str:
    """TOML may give a date or a date-time instead of text: read it as its ISO text."""
    if isinstance(value, datetime):
        return value.isoformat(sep=" ")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, time):
        raise _when_error(value.isoformat())
    if not isinstance(value, str):
        raise JournalError(_("'when' must be text, like 2026-11-30 or 'about 2026-11'"))
    return value


# A day ahead of this computer's is still accepted: the person may be writing just after
# midnight somewhere the clock has not reached, or the clock may be a little behind.
FUTURE_SLACK = timedelta(days=1)


def not_in_future(day: date, today: date) -> bool:
    """Whether a day may be an entry's `when`: not after today, give or take one day of slack
    (the one rule for every record the journal keeps, typed or made by a phone check)."""
    return day <= today + FUTURE_SLACK


def local_now(now: datetime) -> datetime:
    """`now` on this computer's own clock and time zone (the journal's clock), without a zone."""
    return (now.astimezone() if now.tzinfo else now).replace(tzinfo=None)


def _relative_day(match: re.Match[str], today: date) -> date:
    if match["iso"]:
        return parse_day(match["iso"])
    if match["week"]:
        return today - timedelta(days=7)
    if match["weekday_any"]:
        said = folded(match["weekday_any"])
        names = [folded(name.replace("[aá]", "a").replace("[eé]", "e")) for name in _WEEKDAYS_ES]
        index = next(
            group.index(said) for group in (WEEKDAYS, names, _WEEKDAYS_FR) if said in group
        )
        return today - timedelta(days=(today.weekday() - index) % 7 or 7)
    if match["word"]:
        return today - timedelta(days=_DAYS_BACK[" ".join(match["word"].lower().split())])
    if match["weekday"] or match["weekday_es"] or match["weekday_fr"]:
        if match["weekday"]:
            index = WEEKDAYS.index(match["weekday"].lower())
        elif match["weekday_fr"]:
            index = _WEEKDAYS_FR.index(match["weekday_fr"].lower())
        else:
            said = match["weekday_es"].lower()
            index = next(i for i, name in enumerate(_WEEKDAYS_ES) if re.fullmatch(name, said))
        back = (today.weekday() - index) % 7 or 7
        return today - timedelta(days=back)
    count = (match["count"] or match["count_es"] or match["count_fr"]).lower()
    numbers = _NUMBERS | _NUMBERS_ES | _NUMBERS_FR
    number = numbers[count] if count in numbers else int(count)
    unit = (match["unit"] or match["unit_es"] or match["unit_fr"]).lower()
    days = number * (7 if unit.startswith(("week", "semana", "semaine")) else 1)
    if days > (today - _EARLIEST).days:
        raise ValueError("too far back")
    return today - timedelta(days=days)


def _part_named(words: str) -> str | None:
    """The part of the day the last word of `words` names ('night' for "anoche", "hier soir")."""
    last = folded(words.strip()).split()[-1:] or [""]
    return _PARTS.get(last[0])


def _in_part(hour: int, part: str | None) -> int | None:
    """A bare hour in the part of the day said (8 in the evening is 20); None when an hour from 1
    to 12 is said with no part of the day, which could be either half."""
    if hour > 12 or hour == 0:
        return hour if hour < 24 else None
    if part == "morning":
        return hour % 12
    if part == "afternoon" or (part == "evening" and hour < 12):
        return hour % 12 + 12
    if part == "night":
        return 0 if hour == 12 else hour + 12 if hour >= 6 else hour
    return None


# A time of day was said, but not which half of the day ("sobre las 8" alone).
SOME_HOUR = ""


def _bare_hour(word: str, part: str | None) -> str:
    """Noon or midnight, or a bare hour ("como a las 11") as `HH:00` in the part of the day
    said, or SOME_HOUR."""
    if not word.isdigit():
        return "12:00" if word.lower() in _MIDDAY else "00:00"
    said = int(word)
    hour = _in_part(said, part)
    if hour is None and said > 12:
        raise ValueError("not an hour")
    return SOME_HOUR if hour is None else time(hour, 0).strftime("%H:%M")


def _clock(text: str, part: str | None = None) -> str | None:
    """`9pm`, `9:30 pm`, `21:30`, `noon`, or a bare hour in the part of the day said: as
    `HH:MM`; SOME_HOUR for a bare hour that could be morning or evening; None when it is not a
    time of day."""
    found = _CLOCK.match(text.strip())
    if found is None:
        return None
    if found["named"] or found["bare"] is not None:
        return _bare_hour(found["bare"] or found["named"], part)
    if found["hour24"] is not None:
        hour = int(found["hour24"])
        return time(_in_part(hour, part) or hour, int(found["minute24"])).strftime("%H:%M")
    if found["hour_es"] is not None:
        return _part_of_day(int(found["hour_es"]), int(found["minute_es"] or 0), found["part"])
    if found["hour_h"] is not None:  # French: 21 h, 21h30, 21 h 30, 9 h du soir
        hour, minute = int(found["hour_h"]), int(found["minute_h"] or 0)
        said = (found["part_fr"] or "").lower()
        if said and not 1 <= hour <= 12:
            raise ValueError("not a twelve-hour time")
        if said.startswith("du soir") or said.startswith("de l"):
            hour = hour % 12 + 12
        elif said:
            hour %= 12
        else:
            hour = _in_part(hour, part) or hour
        return time(hour, minute).strftime("%H:%M")
    hour, minute = int(found["hour"]), int(found["minute"] or 0)
    if not 1 <= hour <= 12:
        raise ValueError("not a twelve-hour time")
    hour = hour % 12 + (12 if found["half"].lower().startswith("p") else 0)
    return time(hour, minute).strftime("%H:%M")


def _part_of_day(hour: int, minute: int, part: str) -> str:
    """`9 de la noche` is 21:00, `3 de la tarde` 15:00, `6 de la mañana` 06:00, `2 de la
    madrugada` 02:00; `12 de la noche` is midnight."""
    if not 1 <= hour <= 12:
        raise ValueError("not a twelve-hour time")
    part = part.lower()
    if part == "noche":
        hour = 0 if hour == 12 else hour + 12 if hour >= 6 else hour
    elif part == "tarde":
        hour = hour if hour == 12 else hour + 12
    else:  # la mañana, la madrugada
        hour %= 12
    return time(hour, minute).strftime("%H:%M")


def _spoken(rest: str, today: date) -> tuple[date, str | None, bool] | None:
    """A day in relative words (or a date) with an optional time of day after it, or a time of
    day alone (today); with whether an 'about' came before the time. None if it is neither."""
    try:
        written = said_day(rest, today, upcoming=False)
    except DateError as problem:  # a day that does not add up, or could be two: say which
        raise JournalError(str(problem)) from None
    day = None if written else _REL_DAY.match(rest)
    if written:
        when, end = written
        part = None
    elif day is not None:
        when, end = _relative_day(day, today), day.end()
        part = _part_named(day.group(0))
    else:  # a time alone is today's
        clock = _clock(rest)
        return None if clock is None else (today, clock or None, False)
    after = rest[end:].strip()
    named = _PART.match(after)
    if named:
        part = _PARTS.get(folded(named["part"]), part)
        after = after[named.end() :].strip()
    approximate = bool(day and day["week"])
    while after:
        joined = _JOIN.match(after)
        if joined is None:
            break
        word = " ".join(joined.group(0).strip(" ,").lower().split())
        approximate = approximate or word not in {"", "at", "a la", "a las", "à"}
        after = after[joined.end() :].strip()
    later = _PART_AFTER.search(after)
    if later and later.start() > 0:
        part = _PARTS.get(folded(later["part"]), part)
        after = after[: later.start()].strip()
        hour = re.match(r"\d{1,2}", after)
        if hour is None or not 1 <= int(hour.group(0)) <= 12:
            raise ValueError("not a twelve-hour time")  # "14 h du soir"
    clock = _clock(after, part) if after else None
    if after and clock is None:
        return None
    return when, clock or None, approximate


def read_moment(value: object, now: datetime) -> When:
    """Turn what the person said into {said, date, time, approximate}, keeping their words.

    ``date`` is ``YYYY-MM-DD`` (or ``YYYY-MM`` for "about" a month), ``time`` is ``HH:MM`` (or
    ``HH:MM:SS``) or None. Relative words (today, yesterday, 3 days ago, last Monday, with a
    time such as 9pm or 21:30 after them) are read against ``now`` on this computer's clock.
    A time more than a day after ``now`` is refused as a likely typo.
    """
    said = check_text("when", _when_value(value))
    if not said:
        raise JournalError(_("'when' is empty"))
    rest = said
    approximate = False
    match = _APPROX.match(rest)
    if match:
        approximate = True
        rest = rest[match.end() :].strip()
    # A date-time from TOML may carry seconds and an offset: keep the person's text in "said",
    # and read only the local date and time.
    rest = re.sub(r"(?:[Zz]|[+-]\d{2}:\d{2})$", "", rest)
    day = _DAY.match(rest)
    month = _MONTH.match(rest)
    today = local_now(now).date()
    try:
        if day:
            year, mon, dom, hour, minute, second = day.groups()
            when_date = date(int(year), int(mon), int(dom))
            when_time = None
            if hour is not None:
                clock = time(int(hour), int(minute), int(second or 0))
                when_time = clock.strftime("%H:%M:%S" if clock.second else "%H:%M")
            text_date = when_date.isoformat()
        elif month or said_month(rest, today):
            if month:
                when_date = date(int(month.group(1)), int(month.group(2)), 1)
            else:
                when_date, part_only = said_month(rest, today) or (today, False)
                approximate = approximate or part_only
            when_time = None
            text_date = f"{when_date:%Y-%m}"
        else:
            spoken = _spoken(rest, today)
            if spoken is None:
                raise _when_error(said)
            when_date, when_time, about = spoken
            approximate = approximate or about
            text_date = when_date.isoformat()
    except (ValueError, OverflowError, DateError):
        raise _when_error(said) from None
    if when_date < _EARLIEST:
        raise JournalError(
            _("'{said}' is too long ago to be right; check the year").format(said=said)
        )
    if not not_in_future(when_date, today):
        raise JournalError(
            _(
                "'{said}' is in the future by this computer's clock (today is {today}); "
                "check the date"
            ).format(said=said, today=today.isoformat())
        )
    return {"said": said, "date": text_date, "time": when_time, "approximate": approximate}


def when_words(when: When) -> str:
    """A `when` as the person said it, on one line, followed by the day it was read as when the
    words do not show it (relative words: "yesterday 9pm (30 Nov 2026, 21:00)")."""
    said = " ".join(str(when.get("said") or "").split())
    day, clock = str(when.get("date") or ""), when.get("time")
    shown_clock = isinstance(clock, str) and clock[:5] not in said
    if not said or (day in said and not shown_clock):
        return said
    try:
        read = date.fromisoformat(day)
    except ValueError:
        return said
    if isinstance(clock, str):
        try:
            moment = datetime.combine(read, time.fromisoformat(clock))
        except ValueError:
            return f"{said} ({spoken.day_month_year(read)})"
        return f"{said} ({spoken.day_and_time(moment)})"
    return f"{said} ({spoken.day_month_year(read)})"


def recheck_when(value: Mapping[str, object], now: datetime) -> When:
    """A `when` already read by `read_moment`, checked again before it is written and kept as it
    is: the words said are read once, so a save a minute after midnight never moves
    "yesterday" by a day."""
    said = value.get("said")
    if set(value) != {"said", "date", "time", "approximate"} or not isinstance(said, str):
        raise _when_error(str(said))
    read_moment(said, now)  # still readable, and still not in the future
    day, clock, approximate = value["date"], value["time"], value["approximate"]
    if not isinstance(day, str) or not isinstance(approximate, bool):
        raise _when_error(said)
    if clock is not None and not isinstance(clock, str):
        raise _when_error(said)
    return {"said": said, "date": day, "time": clock, "approximate": approximate}


def check_answer(name: str, value: str, now: datetime, used: int = 0) -> Answer | None:
    """One answer as it is typed: the checked value (None when left empty), or a JournalError.

    `used` is the length of the answers before it, so an entry too long in all is said at the
    answer that makes it so, never at the end.
    """
    if name not in FIELDS:
        raise JournalError(_("unknown key '{name}'").format(name=name))
    if not value.strip():
        check_text(name, value)  # control characters alone are still refused
        return None
    checked: Answer = read_moment(value, now) if name == "when" else check_text(name, value)
    size = answer_size(name, checked)
    if used + size > MAX_ENTRY_CHARS:
        raise JournalError(
            _(
                "with this answer the entry would be longer than {limit} characters in all; "
                "shorten it, or write the rest in a correction afterwards"
            ).format(limit=spoken.number_text(MAX_ENTRY_CHARS))
        )
    return checked


def answer_size(name: str, checked: Answer | None) -> int:
    """How much of the entry's length one checked answer takes (`name`: its field)."""
    if checked is None:
        return 0
    return len(checked) if isinstance(checked, str) else len(checked["said"])


def check_text(name: str, value: str) -> str:
    """The text with outer blank space removed; control characters and over-long text refused."""
    text = value.replace("\r\n", "\n").strip()
    if len(text) > MAX_FIELD_CHARS:
        raise JournalError(
            _(
                "'{name}' is longer than {limit} characters; split it over more than one entry or "
                "amendment"
            ).format(name=name, limit=spoken.number_text(MAX_FIELD_CHARS))
        )
    char = first_refused(text)
    if char is not None:
        raise JournalError(
            _(
                "'{name}' holds a control character (U+{code}); only plain text, new lines and "
                "tabs can be kept"
            ).format(name=name, code=f"{ord(char):04X}")
        )
    return text


# A key may also be written in the words of its question ("what happened", "their exact
# words", "How it affected you"): any case, with spaces, hyphens or underscores.
KEY_WORDS: dict[str, str] = {
    "what happened": "what",
    "their exact words": "words",
    "exact words": "words",
    "injuries and medical care": "injuries",
    "medical care": "injuries",
    "technology": "tech",
    "technology involved": "tech",
    "how it affected you": "effect",
}


def field_names(raw: Mapping[str, object]) -> dict[str, object]:
    """The fields under their own names, a key written in its question's words taken as the
    field it asks for; a field given twice is refused."""
    named: dict[str, object] = {}
    given: dict[str, str] = {}
    for key, value in raw.items():
        words = " ".join(key.lower().replace("_", " ").replace("-", " ").split())
        name = key if key in FIELDS else words if words in FIELDS else KEY_WORDS.get(words, key)
        if name in named:
            raise JournalError(
                _("'{first}' and '{second}' both give {name}; give it once").format(
                    first=given[name], second=key, name=name
                )
            )
        named[name], given[name] = value, key
    return named


def validate_fields(raw: Mapping[str, object], now: datetime) -> Fields:
    """Check an entry's fields; return only the non-empty ones, nothing added."""
    raw = field_names(raw)
    unknown = [key for key in raw if key not in FIELDS]
    if unknown:
        raise JournalError(
            _("unknown key '{unknown}' in the entry; the keys are: {keys}").format(
                unknown=unknown[0], keys=", ".join(FIELDS)
            )
        )
    fields: Fields = {}
    total = 0
    value = raw.get("when")
    if "when" in raw and not (isinstance(value, str) and not value.strip()):
        when = recheck_when(value, now) if isinstance(value, Mapping) else read_moment(value, now)
        fields["when"] = when
        total += len(when["said"])
    for name in TEXT_FIELDS:
        if name not in raw:
            continue
        value = raw[name]
        if not isinstance(value, str):
            raise JournalError(
                _("'{name}' must be text (in quotes, or in triple quotes)").format(name=name)
            )
        text = check_text(name, value)
        if text:
            fields[name] = text
            total += len(text)
    if total > MAX_ENTRY_CHARS:
        raise JournalError(
            _("the entry is longer than {limit} characters in all").format(
                limit=spoken.number_text(MAX_ENTRY_CHARS)
            )
        )
    if not fields:
        raise JournalError(_("the entry is empty; nothing was added"))
    return fields


def parse_entry_toml(text: str | bytes, now: datetime) -> Fields:
    """Read one entry given as TOML (from stdin), validated; JournalError if unusable."""
    import tomllib

    if isinstance(text, bytes):
        if len(text) > MAX_TOML_BYTES:
            raise JournalError(_("the entry is too large to read; nothing was added"))
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise JournalError(_("the entry is not UTF-8 text; nothing was added")) from None
    if len(text) > MAX_TOML_BYTES:
        raise JournalError(_("the entry is too large to read; nothing was added"))

    if problem := toml_cost_problem(text):
        raise JournalError(
            _("the entry could not be read: {problem}; nothing was added").format(problem=problem)
        )
    try:
        raw = tomllib.loads(text)
    except RecursionError:
        raise JournalError(_("the entry is nested too deeply to read; nothing was added")) from None
    except tomllib.TOMLDecodeError as exc:
        raise JournalError(
            _(
                "the entry is not valid TOML ({exc}); nothing was added. Write one answer a line, "
                'as in: what = "what happened" (the keys are: {keys})'
            ).format(exc=exc, keys=", ".join(FIELDS))
        ) from None
    for key, value in raw.items():
        if isinstance(value, dict):
            raise JournalError(
                _("'{key}' must be text, not a table; nothing was added").format(key=key)
            )
    return validate_fields(raw, now)


def given(fields: Mapping[str, object]) -> list[tuple[str, object]]:
    """Each answer an entry holds, by name, in the order the questions are asked."""
    return [(name, fields[name]) for name in FIELDS if name in fields]


def sort_key(fields: Fields, recorded: str) -> str:
    """When it happened, as sortable text: the date and time given, else when it was recorded."""
    when = fields.get("when")
    if not isinstance(when, dict):
        return recorded[:19].replace("T", " ")
    day = str(when.get("date", ""))
    if len(day) == 7:  # a month: before the days of that month
        day += "-00"
    clock = when.get("time") or ""
    return f"{day} {clock}".strip()
