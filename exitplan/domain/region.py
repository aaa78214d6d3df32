"""Where the person lives: places, their local facts and lines, and the step texts that use them.

A place is a country, or the part of one where the law differs (a state, province, territory or
nation). Its code is the country's ISO 3166-1 code (`gb`, `au`) or that code, a dash and the part
(`gb-sct`, `au-nsw`, `us-tx`, `gb-eaw` for England and Wales). The places come from the region
files (exitplan.formats.regions); this module only holds them and works with them.

A step's text names a local fact with a placeholder that also says what to write where the
person's place has no such fact, or where no place is chosen:
`Ask a lawyer about {{court-order|a protection order}}`. Stdlib only: the status screen uses it.
"""

from __future__ import annotations

import re
from datetime import date
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal, NamedTuple, TypedDict

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import ENGLISH, N_, _, current, labelled

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence

    from exitplan.domain.model import Item

Kind = Literal["emergency", "helpline", "text", "video", "web"]
Serves = Literal["anyone", "women", "men", "lgbtq", "young", "deaf", "indigenous"]
KINDS: tuple[Kind, ...] = ("emergency", "helpline", "text", "video", "web")
SERVES: tuple[Serves, ...] = ("anyone", "women", "men", "lgbtq", "young", "deaf", "indigenous")

# Every fact a region file may hold, with the words that introduce it on a screen. A step may
# name only these; the content tests check that each is defined by at least one place.
FACTS: dict[str, str] = {
    "court-order": N_("Orders a court can make to protect you"),
    "police-notice": N_("Short-term protection the police can give"),
    "home-order": N_("Staying in your home while they are made to leave"),
    "order-elsewhere": N_("Whether an order holds elsewhere in the country"),
    "disclosure": N_("Asking the police about a partner's past"),
    "address-privacy": N_("Keeping your address off public records"),
    "electoral-roll": N_("The electoral register"),
    "parenting-orders": N_("Court orders about children"),
    "housing-help": N_("Help with housing"),
    "credit-protection": N_("Stopping credit being opened in your name"),
    "credit-link": N_("Unlinking your credit record from theirs"),
    "credit-report": N_("Seeing your credit report"),
    "paid-leave": N_("Leave from work"),
    "leaving-payment": N_("Money to help you leave"),
    "immigration": N_("If your right to stay depends on them"),
    "state-law": N_("Your state's own law"),
    "health-reporting": N_("What doctors and nurses must report"),
    "moving-children": N_("Moving away with the children"),
    "tenancy-exit": N_("Ending a tenancy early"),
    "legal-advice": N_("Free legal advice"),
    "firearms": N_("Weapons and protection orders"),
    # Made from the place's lines when its file does not give them (see `local`).
    "emergency-number": N_("The emergency number"),
    "helpline": N_("A helpline"),
}
FACT_KEYS: frozenset[str] = frozenset(FACTS)
DERIVED_FACTS = frozenset({"emergency-number", "helpline"})
PLACE_CODE = re.compile(r"^[a-z]{2}(-[a-z0-9]{2,3})?$")
PLACEHOLDER = re.compile(r"\{\{([a-z][a-z0-9-]*)\|([^{}|\n]*)\}\}")
# Why a place has no words of its own for a fact, so its steps keep their neutral words.
Absence = Literal["none", "unconfirmed"]
ABSENCES: tuple[Absence, ...] = ("none", "unconfirmed")


class LineData(TypedDict):
    """A line as `--json` gives it (dates as ISO text, no hours as None)."""

    service: str
    number: str
    kind: Kind
    serves: Serves
    who: str | None
    hours: str | None
    note: str | None
    sources: list[str]
    checked: str
    where: str
    languages: list[str]


class FactData(TypedDict):
    """A fact as `--json` gives it and the cache keeps it (`FACT_FIELDS` names its keys)."""

    key: str
    text: str
    detail: str
    sources: list[str]
    checked: str
    changing: bool
    where: str
    confirmed: bool
    section: str
    read_via: str


class NeutralData(TypedDict):
    """A fact kept in neutral words, as `--json` gives it and the cache keeps it."""

    key: str
    why: Absence
    detail: str
    sources: list[str]
    checked: str
    where: str


class LocalData(TypedDict):
    """The person's place as the cache keeps it (its facts, never its lines)."""

    code: str
    name: str
    label: str
    facts: list[FactData]
    neutral: list[NeutralData]


class Line(NamedTuple):
    """A number to call, text or visit, with whom it serves, its hours and where it was checked."""

    service: str
    number: str
    kind: Kind
    serves: Serves
    hours: str  # "24/7", the hours in words, or "" when no page said
    sources: tuple[str, ...]
    checked: date
    who: str | None = None  # whom it serves, in the service's own words
    note: str | None = None
    where: str = ""  # the name of the place whose line it is
    languages: tuple[str, ...] = ()  # the languages it answers in, when its own page says

    def to_data(self) -> LineData:
        """The line as plain data (for --json)."""
        return {
            "service": self.service,
            "number": self.number,
            "kind": self.kind,
            "serves": self.serves,
            "who": self.who,
            "hours": self.hours or None,
            "note": self.note,
            "sources": list(self.sources),
            "checked": self.checked.isoformat(),
            "where": self.where,
            "languages": list(self.languages),
        }


class Fact(NamedTuple):
    """A local fact: the words a step uses, what it means, and where it was checked."""

    key: str
    text: str  # what a step's placeholder becomes
    detail: str  # a sentence or two shown beside the step
    sources: tuple[str, ...]
    checked: date
    changing: bool = False  # the law is changing here: "may have changed: check with an advocate"
    where: str = ""  # the name of the place the fact belongs to
    confirmed: bool = True  # False: only a reputable secondary page was found, and it says so
    section: str = ""  # the source's title and where on it the fact stands ("LO 1/2004, art. 23")
    # When the official site could not be opened: the verbatim copy of its text that was read
    # (a repository mirroring the official journal). The sources still name the official page.
    read_via: str = ""

    def to_data(self) -> FactData:
        """The fact as plain data (for --json and the cache)."""
        return {
            "key": self.key,
            "text": self.text,
            "detail": self.detail,
            "sources": list(self.sources),
            "checked": self.checked.isoformat(),
            "changing": self.changing,
            "where": self.where,
            "confirmed": self.confirmed,
            "section": self.section,
            "read_via": self.read_via,
        }

    @classmethod
    def from_data(cls, data: object) -> Fact:
        """A fact from `to_data`; ValueError on anything exitplan would not write."""
        if not isinstance(data, dict) or set(data) != set(FACT_FIELDS):
            raise ValueError("not a fact")
        strings = ("key", "text", "detail", "checked", "where", "section", "read_via")
        if not all(type(data[name]) is str for name in strings) or data["key"] not in FACT_KEYS:
            raise ValueError("not a fact")
        flags = (data["changing"], data["confirmed"])
        if any(type(flag) is not bool for flag in flags) or not isinstance(data["sources"], list):
            raise ValueError("not a fact")
        if not all(type(url) is str for url in data["sources"]):
            raise ValueError("not a fact")
        return cls(
            key=data["key"],
            text=data["text"],
            detail=data["detail"],
            sources=tuple(data["sources"]),
            checked=date.fromisoformat(data["checked"]),
            changing=data["changing"],
            where=data["where"],
            confirmed=data["confirmed"],
            section=data["section"],
            read_via=data["read_via"],
        )


FACT_FIELDS = (
    "key",
    "text",
    "detail",
    "sources",
    "checked",
    "changing",
    "where",
    "confirmed",
    "section",
    "read_via",
)

ABSENCE_WORDS: dict[str, str] = {
    "none": N_("the place has no such thing"),
    "unconfirmed": N_("not found on an official page"),
}


class Neutral(NamedTuple):
    """A fact a place keeps in neutral words, and why: it has no such thing (a police-issued
    order where only courts grant them), or no official page confirmed it. The detail says
    what is true there and whom to ask."""

    key: str
    why: Absence
    detail: str
    sources: tuple[str, ...]
    checked: date
    where: str = ""

    def to_data(self) -> NeutralData:
        """The neutral fact as plain data (for --json and the cache)."""
        return {
            "key": self.key,
            "why": self.why,
            "detail": self.detail,
            "sources": list(self.sources),
            "checked": self.checked.isoformat(),
            "where": self.where,
        }

    @classmethod
    def from_data(cls, data: object) -> Neutral:
        """A neutral fact from `to_data`; ValueError on anything exitplan would not write."""
        if not isinstance(data, dict) or set(data) != set(NEUTRAL_FIELDS):
            raise ValueError("not a neutral fact")
        if not all(type(data[name]) is str for name in ("key", "detail", "checked", "where")):
            raise ValueError("not a neutral fact")
        if data["key"] not in FACT_KEYS or data["why"] not in ABSENCES:
            raise ValueError("not a neutral fact")
        sources = data["sources"]
        if not isinstance(sources, list) or not all(type(url) is str for url in sources):
            raise ValueError("not a neutral fact")
        return cls(
            key=data["key"],
            why=data["why"],
            detail=data["detail"],
            sources=tuple(sources),
            checked=date.fromisoformat(data["checked"]),
            where=data["where"],
        )


NEUTRAL_FIELDS = ("key", "why", "detail", "sources", "checked", "where")


class Place(NamedTuple):
    """A country or a part of one, with its own lines and facts (not its country's)."""

    code: str
    name: str
    aliases: tuple[str, ...] = ()
    parts: str | None = None  # what this country calls its parts ("state", "nation")
    lines: tuple[Line, ...] = ()
    facts: Mapping[str, Fact] = MappingProxyType({})
    country_name: str = ""  # for a part, the country's name; for a country, its own
    neutral: Mapping[str, Neutral] = MappingProxyType({})  # facts kept in neutral words, and why
    covered: bool = False  # every fact its steps name is filled or neutral (the tests keep it)

    @property
    def is_country(self) -> bool:
        """Whether this is a whole country (not one of its parts)."""
        return "-" not in self.code

    @property
    def country_code(self) -> str:
        """The code of the country this place is, or is part of."""
        return self.code.split("-", 1)[0]

    @property
    def label(self) -> str:
        """`Scotland (United Kingdom)` for a part, `Ireland` for a country."""
        return self.name if self.is_country else f"{self.name} ({self.country_name})"


class Local(NamedTuple):
    """The person's place as a plan uses it: its facts and lines, the country's included."""

    code: str
    name: str
    label: str
    facts: Mapping[str, Fact]
    lines: tuple[Line, ...] = ()
    # The facts this place keeps in the steps' neutral words, with why and whom to ask.
    neutral: Mapping[str, Neutral] = MappingProxyType({})

    def texts(self) -> dict[str, str]:
        """Each fact's words, by key: what the placeholders of steps become."""
        return {key: fact.text for key, fact in self.facts.items()}

    def used(self, keys: Sequence[str]) -> tuple[Fact, ...]:
        """The facts a step names that this place defines, in the step's order."""
        return tuple(self.facts[key] for key in dict.fromkeys(keys) if key in self.facts)

    def kept_neutral(self, keys: Sequence[str]) -> tuple[Neutral, ...]:
        """The facts a step names that this place keeps neutral, in the step's order."""
        return tuple(self.neutral[key] for key in dict.fromkeys(keys) if key in self.neutral)

    def to_data(self) -> LocalData:
        """What the cache keeps of it (the status screen needs the facts, never the lines)."""
        return {
            "code": self.code,
            "name": self.name,
            "label": self.label,
            "facts": [fact.to_data() for fact in self.facts.values()],
            "neutral": [kept.to_data() for kept in self.neutral.values()],
        }

    @classmethod
    def from_data(cls, data: object) -> Local:
        """A place from `to_data` (without its lines); ValueError on anything else."""
        if not isinstance(data, dict) or set(data) != {"code", "name", "label", "facts", "neutral"}:
            raise ValueError("not a place")
        if not all(type(data[name]) is str for name in ("code", "name", "label")):
            raise ValueError("not a place")
        if not PLACE_CODE.match(data["code"]) or not isinstance(data["facts"], list):
            raise ValueError("not a place")
        if not isinstance(data["neutral"], list):
            raise ValueError("not a place")
        facts = [Fact.from_data(item) for item in data["facts"]]
        kept = [Neutral.from_data(item) for item in data["neutral"]]
        return cls(
            data["code"],
            data["name"],
            data["label"],
            {f.key: f for f in facts},
            neutral={n.key: n for n in kept},
        )


def local(place: Place, country: Place | None = None) -> Local:
    """The person's place: a part's facts over its country's, its lines before the country's;
    a fact the part keeps neutral is not taken from its country.

    The emergency number and a helpline are made from the lines when no file gives them.
    """
    facts: dict[str, Fact] = {}
    lines: list[Line] = list(place.lines)
    if country is not None and country.code != place.code:
        facts.update(country.facts)
        lines += country.lines
    neutral: dict[str, Neutral] = {}
    if country is not None and country.code != place.code:
        neutral.update(country.neutral)
    for key in place.neutral:  # a part without the country's remedy keeps the neutral words
        facts.pop(key, None)
    for key in place.facts:  # and a part's own fact answers what its country keeps neutral
        neutral.pop(key, None)
    neutral.update(place.neutral)
    facts.update(place.facts)
    emergency = next((line for line in lines if line.kind == "emergency"), None)
    if emergency is not None and "emergency-number" not in facts:
        facts["emergency-number"] = Fact(
            "emergency-number",
            emergency.number,
            labelled(emergency.service, f"{emergency.number}."),
            emergency.sources,
            emergency.checked,
            where=emergency.where,
        )
    helpline = next((line for line in lines if line.kind == "helpline"), None)
    if helpline is not None and "helpline" not in facts:
        facts["helpline"] = Fact(
            "helpline",
            f"{helpline.service} ({helpline.number})",
            labelled(helpline.service, f"{helpline.number}, {serves_words(helpline)}."),
            helpline.sources,
            helpline.checked,
            where=helpline.where,
        )
    return Local(place.code, place.name, place.label, facts, tuple(lines), neutral)


SERVES_WORDS: dict[str, str] = {
    "anyone": N_("for anyone"),
    "women": N_("for women"),
    "men": N_("for men"),
    "lgbtq": N_("for LGBT+ people"),
    "young": N_("for young people"),
    "deaf": N_("for Deaf and hard of hearing people"),
    "indigenous": N_("for Indigenous people"),
}


def serves_words(line: Line) -> str:
    """`for women`, or the service's own words for whom it serves."""
    return _("for {whom}").format(whom=line.who) if line.who else _(SERVES_WORDS[line.serves])


def hours_words(line: Line) -> str:
    """`24/7`, the hours, or a calm warning that no page said."""
    return line.hours or _("hours not confirmed: check before you rely on it")


def language_words(line: Line) -> str | None:
    """`Answers in your language.` when the line's own page says it answers in the language
    being spoken (never on an English screen, where every line is assumed to)."""
    spoken = current()
    if spoken == ENGLISH or spoken not in line.languages:
        return None
    return _("Answers in your language.")


# -- sources that hold for one place ---------------------------------------------------------

# The web sites whose pages are about one place's law, courts or services (a host, or the end of
# one): under a step, a person sees them only where they hold. Every other source (a charity's
# general advice, an "article: ..." label) holds everywhere. The content tests check that each
# official or legal site a built-in step cites is listed here.
PLACE_SITES: dict[str, str] = {
    # Australia
    "gov.au": "au",
    "1800respect.org.au": "au",
    "education.nsw.gov.au": "au-nsw",
    # Canada
    "sheltersafe.ca": "ca",
    "gc.ca": "ca",
    "canada.ca": "ca",
    "ontario.ca": "ca-on",
    "stepstojustice.ca": "ca-on",
    "cleo.on.ca": "ca-on",
    "quebec.ca": "ca-qc",
    "gouv.qc.ca": "ca-qc",
    "gov.bc.ca": "ca-bc",
    # The provinces' own domains (courts, legal aid), and BC services outside them.
    "on.ca": "ca-on",
    "qc.ca": "ca-qc",
    "bc.ca": "ca-bc",
    "familylawinbc.ca": "ca-bc",
    "courtinformation.ca": "ca-bc",
    "toronto.ca": "ca-on",
    "nrh.ca": "ca-on",
    "msdsb.net": "ca-on",
    # Ireland
    "gov.ie": "ie",
    "oireachtas.ie": "ie",
    "irishimmigration.ie": "ie",
    "citizensinformation.ie": "ie",
    "courts.ie": "ie",
    # New Zealand
    "govt.nz": "nz",
    "communitylaw.org.nz": "nz",
    # Spain, Mexico
    "boe.es": "es",
    "gob.es": "es",
    "gob.mx": "mx",
    # United Kingdom
    "gov.uk": "gb",
    "moneyhelper.org.uk": "gb",
    "electoralcommission.org.uk": "gb",
    "nrpfnetwork.org.uk": "gb",
    "askthe.police.uk": "gb-eaw",
    "nhs.uk": "gb-eaw",
    "iow.gov.uk": "gb-eaw",
    "devon.gov.uk": "gb-eaw",
    "wokingham.gov.uk": "gb-eaw",
    "sheltercymru.org.uk": "gb-eaw",
    "gov.scot": "gb-sct",
    "gov.wales": "gb-eaw",
    # United States
    "gov": "us",
    "womenslaw.org": "us",
    "tribalprotectionorder.org": "us",
    "link.usps.com": "us",
    "mass.gov": "us-ma",
    "masslegalhelp.org": "us-ma",
    "courts.wa.gov": "us-wa",
    "azcourthelp.org": "us-az",
    "ca.gov": "us-ca",
    "countyofmonterey.gov": "us-ca",
}


def source_place(url: str) -> str | None:
    """The place whose law or services a source is about (None: it holds everywhere)."""
    if not url.startswith(("http://", "https://")):
        return None
    # The host, by hand (the package imports nothing from urllib, even its parser): what stands
    # between "//" and the next "/", "?" or "#", less any user part and port, in lower case.
    rest = url.split("://", 1)[1]
    for end in "/?#":
        rest = rest.split(end, 1)[0]
    host = rest.rpartition("@")[2].split(":", 1)[0].lower().removeprefix("www.")
    parts = host.split(".")
    for start in range(len(parts)):  # the longest listed ending wins: ca.gov before gov
        if (site := ".".join(parts[start:])) in PLACE_SITES:
            return PLACE_SITES[site]
    return None


def holds_in(source: str | None, code: str | None) -> bool:
    """Whether a source about one place holds for the person's place: its own, its country's
    for a part; without a place every source is shown."""
    if source is None or code is None:
        return True
    return code == source or code.startswith(source + "-")


def place_sources(sources: Sequence[str], code: str | None) -> tuple[str, ...]:
    """The sources to show under a step for a person's place: the general ones and its own."""
    return tuple(url for url in sources if holds_in(source_place(url), code))


# -- paper -----------------------------------------------------------------------------------

# The countries whose paper is US Letter; everywhere else prints on A4.
LETTER_COUNTRIES = frozenset({"us", "ca", "mx", "co", "cl"})


def paper_size(code: str | None) -> str | None:
    """The CSS paper size of a place (`letter` or `A4`); None without a place: the printer picks."""
    if code is None:
        return None
    return "letter" if code.split("-", 1)[0] in LETTER_COUNTRIES else "A4"


# -- steps that name local facts ------------------------------------------------------------


def fact_keys(text: str | None) -> tuple[str, ...]:
    """The facts a text names, in order, each once."""
    if not text or "{{" not in text:
        return ()
    return tuple(dict.fromkeys(match.group(1) for match in PLACEHOLDER.finditer(text)))


def placeholder_problems(text: str) -> list[str]:
    """What is wrong with a text's placeholders: a broken one, an unknown fact, no neutral words."""
    problems = []
    rest = PLACEHOLDER.sub("", text)
    if "{{" in rest or "}}" in rest:
        problems.append(
            _(
                "has a placeholder exitplan cannot read: write {{fact|neutral words}}, for "
                "example {{court-order|a protection order}}"
            )
        )
    for match in PLACEHOLDER.finditer(text):
        key, neutral = match.group(1), match.group(2)
        if key not in FACT_KEYS:
            known = ", ".join(sorted(FACT_KEYS))
            problems.append(
                _("names the fact '{key}', which no region defines; use one of: {known}").format(
                    key=key, known=known
                )
            )
        if not neutral.strip():
            problems.append(
                _("gives no neutral words for '{key}' (write {{{{{key}|...}}}})").format(key=key)
            )
    return problems


def fill(text: str, facts: Mapping[str, str] | None) -> str:
    """The text with each placeholder replaced by the place's fact, or by its neutral words.

    A fact that begins the text or a sentence starts with a capital letter.
    """
    if "{{" not in text:
        return text

    def replace(match: re.Match[str]) -> str:
        value = (facts or {}).get(match.group(1)) or match.group(2).strip()
        before = text[: match.start()].rstrip(" ")
        if not before or before.endswith((".", "!", "?", ":", "\n")):
            return value[:1].upper() + value[1:]
        return value

    return PLACEHOLDER.sub(replace, text)


def localised(item: Item, texts: Mapping[str, str] | None) -> Item:
    """A step whose texts name local facts, as the place reads it."""
    changed = {
        name: fill(value, texts)
        for name in ("title", "why", "how", "caution")
        if (value := getattr(item, name))
    }
    return item.replace(**changed)


def in_place(codes: Sequence[str], code: str | None) -> bool:
    """Whether a step kept for some places (`gb`, `au-nsw`) applies to the person's place."""
    if code is None:
        return False
    return any(code == wanted or code.startswith(wanted + "-") for wanted in codes)


# -- choosing a place by name --------------------------------------------------------------


class Choice(NamedTuple):
    """What a typed name points at: one place, or several it could mean."""

    place: Place | None
    could_be: tuple[Place, ...] = ()


# The articles a person may put before a place's name ("la France", "l'Espagne", "au Québec").
ARTICLES = frozenset({"la", "le", "les", "l", "el", "los", "las", "the", "au", "aux", "en", "in"})


def normalise(text: str) -> str:
    """A name as it is compared: no accents, no case, no punctuation, single spaces."""
    import unicodedata

    plain = unicodedata.normalize("NFKD", text)
    plain = "".join(char for char in plain if not unicodedata.combining(char))
    words = re.findall(r"[a-z0-9]+", plain.casefold().replace("&", " and "))
    return " ".join(words)


def name_index(places: Iterable[Place]) -> dict[str, tuple[Place, ...]]:
    """Every way of naming a place (code, name, aliases), normalised, with the places it names."""
    index: dict[str, list[Place]] = {}
    for place in places:
        names = [place.code, place.name, *place.aliases]
        if not place.is_country:
            names += [place.code.split("-", 1)[1], f"{place.name} {place.country_name}"]
        for name in names:
            key = normalise(name)
            if key and place not in index.setdefault(key, []):
                index[key].append(place)
    return {key: tuple(found) for key, found in index.items()}


def choose(text: str, places: Sequence[Place]) -> Choice:
    """The place a typed name means: a country by its own name or code before a part whose short
    code is the same two letters ('ca' is Canada; California is 'California' or 'us-ca')."""
    key = normalise(text)
    index = name_index(places)
    found = index.get(key, ())
    first, _space, rest = key.partition(" ")
    if not found and rest and first in ARTICLES:  # "la France", "el Estado de México"
        key = rest
        found = index.get(key, ())
    if len(found) > 1:
        countries = [place for place in found if place.is_country]
        own = [place for place in countries if key in (place.code, normalise(place.name))]
        if len(own) == 1:
            return Choice(own[0])
        return Choice(None, found)
    return Choice(found[0] if found else None)


def find_place(text: str, places: Sequence[Place]) -> Place:
    """The place a typed name means, or one plain error with a suggestion (the name is shown
    without any control character: it came from a keyboard or a pipe)."""
    cleaned = "".join(filter(str.isprintable, " ".join(text.split())))
    if not cleaned:
        raise ExitplanError(_("no place was given: type a country, state, province or nation"))
    choice = choose(cleaned, places)
    if choice.place is not None:
        return choice.place
    if choice.could_be:
        names = _(" or ").join(place.label for place in choice.could_be)
        raise ExitplanError(
            _("'{typed}' could mean {places}: type the full name").format(
                typed=cleaned, places=names
            )
        )
    raise ExitplanError(unknown_place(cleaned, places))


def unknown_place(text: str, places: Sequence[Place]) -> str:
    """The one line for a name exitplan does not know, with the nearest names it does."""
    import difflib

    index = name_index(places)
    near = difflib.get_close_matches(normalise(text), list(index), n=3, cutoff=0.7)
    labels = list(dict.fromkeys(place.label for key in near for place in index[key]))
    known = _("exitplan does not know a place called '{typed}'.").format(typed=text)
    hint = _("Did you mean {places}?").format(places=_(" or ").join(labels)) if labels else ""
    see = _("See every place it knows with: exitplan region --list")
    return " ".join(part for part in (known, hint, see) if part)
