"""The region file format, checked with pydantic: unknown keys refused, every fact sourced.

Version 1. A country file holds the country's lines and facts and, under `[region.<part>]`,
those of each part where the law differs:

    schema = 1
    code = "gb"                     # ISO 3166-1, the file's name
    name = "United Kingdom"
    aliases = ["UK", "Britain"]     # other names a person may type
    parts = "nation"                # what a part is called here, when there are parts
    covered = true                  # every fact a built-in step names is filled or neutral

    [[line]]                        # a number to call, text or visit
    service = "Emergency services"
    number = "999"
    kind = "emergency"              # emergency | helpline | text | video | web
    serves = "anyone"               # anyone | women | men | lgbtq | young | deaf | indigenous
    who = "..."                     # optional: whom it serves, in its own words
    hours = "24/7"                  # or the hours in words; "" when no page said
    note = "..."                    # optional
    sources = ["https://..."]       # the service's own page, or a government or court page
    checked = 2026-12-01

    [fact.court-order]              # a fact steps can name: {{court-order|neutral words}}
    text = "a non-molestation order"
    detail = "What it is, who makes it."
    sources = ["https://..."]       # the law, or a government or court page
    checked = 2026-12-01
    changing = false                # true: the law is changing ("check with an advocate")
    confirmed = true                # false: no official page found; a reputable secondary is
                                    # the source, and the screen says "not confirmed"
    section = "LO 1/2004, art. 23"  # optional: the source's title and where the fact stands
    read_via = "https://..."        # optional: the official site could not be opened, and its
                                    # text was read in this verbatim copy (the screen says so)

    [neutral.police-notice]         # a fact the place keeps in the steps' neutral words
    why = "none"                    # none: no such thing here | unconfirmed: no official page
    detail = "Only a court grants protection orders here; ask a helpline what the police can do."
    sources = ["https://..."]       # what was read (required for "none")
    checked = 2026-12-05

    [region.sct]                    # a part: name, aliases, line and fact, as above
    name = "Scotland"

Words in another language sit beside the English, in a table named by the language (`es`, `fr`):
the place's name (and what its parts are called), a line's service, whom it serves, hours and
note, a fact's text and detail. A translation gives every text the English has (a screen never
mixes languages mid-sentence); without one, the English words are shown. `languages` lists the
languages a line answers in, from the service's own page (`["en", "es"]`).

    [es]                            # the country's own words in Spanish
    name = "Reino Unido"
    parts = "nación"

    [line.es]                       # after a [[line]]: that line in Spanish
    hours = "24 horas, todos los días"

    [fact.court-order.es]
    text = "una orden de no acoso (non-molestation order)"
    detail = "Qué es y quién la dicta."
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    field_validator,
    model_validator,
)

from exitplan.base.errors import ChecklistError
from exitplan.base.i18n import _, ngettext
from exitplan.domain.region import FACT_KEYS, Absence, Kind, Serves
from exitplan.formats.checklistfile import parse_toml, read_text
from exitplan.formats.schema import Clean
from exitplan.formats.tomlerrors import describe_errors

if TYPE_CHECKING:
    from pathlib import Path

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=120), Clean]
OneLine = Annotated[
    str, StringConstraints(strip_whitespace=True, max_length=300, pattern=r"^[^\n]*$"), Clean
]
Words = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=1200), Clean
]
Url = Annotated[str, StringConstraints(pattern=r"^https?://[^\s]+$", max_length=500), Clean]
Number = Annotated[
    str,
    StringConstraints(
        strip_whitespace=True,
        pattern=r"^([0-9+][0-9 ()\-]*(or [0-9 ()\-]+)?|https://[^\s]+)$",
        max_length=80,
    ),
    Clean,
]
Sources = Annotated[list[Url], Field(min_length=1, max_length=4)]
Part = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]{2,3}$")]
# ISO 639-1: the languages a line answers in.
Language = Annotated[str, StringConstraints(pattern=r"^[a-z]{2}$")]


def _checked(value: date) -> date:
    if value.year < 2020:
        raise ValueError("a check date before 2020 is too old to trust")
    return value


# The languages whose words a region file may carry beside the English, each in its own table.
WORD_LANGUAGES = ("es", "fr")


class LineWords(BaseModel):
    """A line's words in another language (`[line.es]`): each text the English has."""

    model_config = ConfigDict(extra="forbid")

    service: Name | None = None  # a proper name may stay as it is
    who: Name | None = None
    hours: OneLine | None = None
    note: Words | None = None


class LineFile(BaseModel):
    """One `[[line]]`."""

    model_config = ConfigDict(extra="forbid")

    service: Name
    number: Number
    kind: Kind
    serves: Serves
    who: Name | None = None
    hours: OneLine
    note: Words | None = None
    languages: list[Language] = Field(default_factory=list, max_length=60)
    sources: Sources
    checked: date
    es: LineWords | None = None
    fr: LineWords | None = None

    _check_date = field_validator("checked")(_checked)

    @model_validator(mode="after")
    def _who_for_indigenous(self) -> LineFile:
        if self.serves == "indigenous" and not self.who:
            raise ValueError("a line for Indigenous people says whom, in `who`")
        return self

    @model_validator(mode="after")
    def _words_complete(self) -> LineFile:
        wanted = {"who": self.who, "hours": self.hours, "note": self.note}
        for language in WORD_LANGUAGES:
            words = getattr(self, language)
            if words is None:
                continue
            for name, english in wanted.items():
                if english and not getattr(words, name):
                    raise ValueError(
                        f"the words in '{language}' leave out '{name}', which the English has"
                    )
                if getattr(words, name) and not english:
                    raise ValueError(
                        f"the words in '{language}' give '{name}', which the English has not"
                    )
        return self


def _plain_words(value: str) -> str:
    if not value or "{{" in value or "}}" in value:
        raise ValueError("a fact's text is plain words, with no placeholder")
    return value


class FactWords(BaseModel):
    """A fact's words in another language (`[fact.<key>.es]`)."""

    model_config = ConfigDict(extra="forbid")

    text: OneLine
    detail: Words

    _no_placeholder = field_validator("text")(_plain_words)


class FactFile(BaseModel):
    """One `[fact.<key>]`."""

    model_config = ConfigDict(extra="forbid")

    text: OneLine
    detail: Words
    sources: Sources
    checked: date
    changing: bool = False
    confirmed: bool = True
    section: OneLine | None = None
    read_via: Url | None = None
    es: FactWords | None = None
    fr: FactWords | None = None

    _check_date = field_validator("checked")(_checked)
    _no_placeholder = field_validator("text")(_plain_words)


class NeutralWords(BaseModel):
    """A neutral fact's words in another language (`[neutral.<key>.es]`)."""

    model_config = ConfigDict(extra="forbid")

    detail: Words


class NeutralFile(BaseModel):
    """One `[neutral.<key>]`: a fact the place keeps in neutral words, and why."""

    model_config = ConfigDict(extra="forbid")

    why: Absence
    detail: Words
    sources: Annotated[list[Url], Field(max_length=4)] = Field(default_factory=list)
    checked: date
    es: NeutralWords | None = None
    fr: NeutralWords | None = None

    _check_date = field_validator("checked")(_checked)

    @model_validator(mode="after")
    def _none_is_sourced(self) -> NeutralFile:
        if self.why == "none" and not self.sources:
            raise ValueError("a place that has no such thing names the page that says so")
        return self


def _neutral_apart(facts: dict[str, FactFile], neutral: dict[str, NeutralFile]) -> None:
    both = sorted(set(facts) & set(neutral))
    if both:
        raise ValueError(f"'{both[0]}' is both a fact and a neutral fact: keep one")


class PlaceWords(BaseModel):
    """A place's own words in another language (`[es]`, `[region.<part>.es]`)."""

    model_config = ConfigDict(extra="forbid")

    name: Name
    parts: Name | None = None  # a country with parts: what they are called


def _facts(value: object) -> object:
    """The facts' table as given, when every key names a fact exitplan knows (pydantic checks
    the rest)."""
    if not isinstance(value, dict):
        return value
    unknown = sorted(set(value) - FACT_KEYS)
    if unknown:
        known = ", ".join(sorted(FACT_KEYS))
        raise ValueError(f"'{unknown[0]}' is not a fact exitplan knows; use one of: {known}")
    return value


class PartFile(BaseModel):
    """One `[region.<part>]`: a state, province, territory or nation."""

    model_config = ConfigDict(extra="forbid")

    name: Name
    aliases: list[Name] = Field(default_factory=list, max_length=80)
    line: list[LineFile] = Field(default_factory=list, max_length=40)
    fact: dict[str, FactFile] = Field(default_factory=dict)
    neutral: dict[str, NeutralFile] = Field(default_factory=dict)
    covered: bool = False
    es: PlaceWords | None = None
    fr: PlaceWords | None = None

    _known_facts = field_validator("fact", "neutral", mode="before")(_facts)

    @model_validator(mode="after")
    def _no_parts_word(self) -> PartFile:
        _neutral_apart(self.fact, self.neutral)
        for language in WORD_LANGUAGES:
            words = getattr(self, language)
            if words is not None and words.parts:
                raise ValueError(
                    f"a part has no parts: leave 'parts' out of its '{language}' words"
                )
        return self


class RegionFile(BaseModel):
    """A country's region file (format version 1)."""

    model_config = ConfigDict(extra="forbid")

    schema_version: Literal[1] = Field(alias="schema")
    code: Annotated[str, StringConstraints(pattern=r"^[a-z]{2}$")]
    name: Name
    aliases: list[Name] = Field(default_factory=list, max_length=80)
    parts: Name | None = None
    line: list[LineFile] = Field(default_factory=list, max_length=40)
    fact: dict[str, FactFile] = Field(default_factory=dict)
    region: dict[Part, PartFile] = Field(default_factory=dict, max_length=80)
    neutral: dict[str, NeutralFile] = Field(default_factory=dict)
    covered: bool = False
    es: PlaceWords | None = None
    fr: PlaceWords | None = None

    _known_facts = field_validator("fact", "neutral", mode="before")(_facts)

    @model_validator(mode="after")
    def _parts_named(self) -> RegionFile:
        _neutral_apart(self.fact, self.neutral)
        if self.region and not self.parts:
            raise ValueError("a country with parts says what they are called, in `parts`")
        for language in WORD_LANGUAGES:
            words = getattr(self, language)
            if words is not None and bool(words.parts) != bool(self.parts):
                raise ValueError(
                    f"the words in '{language}' say what the parts are called exactly when the "
                    "English does, in `parts`"
                )
        return self


def checked_region(data: Mapping[str, object], stem: str) -> tuple[RegionFile | None, list[str]]:
    """A region file's data validated, or every problem with it, one plain line each."""

    try:
        checked = RegionFile.model_validate(data)
    except ValidationError as exc:
        return None, describe_errors(exc, data)
    except RecursionError:
        return None, ["is nested too deeply to be a region file"]
    if checked.code != stem:
        return None, [f"code '{checked.code}' should match the file name '{stem}'"]
    return checked, []


def schema_problems(data: Mapping[str, object], stem: str) -> list[str]:
    """Every problem with a region file's data, one plain line each."""
    return checked_region(data, stem)[1]


def is_region_data(data: Mapping[str, object]) -> bool:
    """Whether parsed TOML looks like a region file rather than a checklist."""
    return "code" in data and "id" not in data


def region_file_report(path: Path) -> tuple[list[str], str] | None:
    """For `exitplan validate`: (problems, what the file holds) when the file is a region file,
    None when it is not one (or cannot be read: the checklist check says why)."""

    try:
        data = parse_toml(read_text(path, "region file"), path)
    except ChecklistError:
        return None
    if not is_region_data(data):
        return None
    checked, problems = checked_region(data, path.stem)
    if checked is None:
        return [f"{path}: {problem}" for problem in problems], ""
    parts = checked.region
    lines = len(checked.line) + sum(len(p.line) for p in parts.values())
    facts = len(checked.fact) + sum(len(p.fact) for p in parts.values())

    counts = [
        ngettext("{count} place", "{count} places", len(parts) + 1).format(count=len(parts) + 1),
        ngettext("{count} line", "{count} lines", lines).format(count=lines),
        ngettext("{count} fact", "{count} facts", facts).format(count=facts),
    ]
    return [], _("{places}, {lines}, {facts}").format(
        places=counts[0], lines=counts[1], facts=counts[2]
    )
