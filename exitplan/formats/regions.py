"""Region files: each country's help lines and local facts, with its parts inside.

One TOML file per country in exitplan/data/regions, shipped inside the wheel. They are read with
tomllib alone: `help-now` must start at once, and pydantic alone costs a third of a second. The
schema (`exitplan.formats.region_schema`, pydantic, unknown keys refused) checks every shipped
file in the tests and any file given to `exitplan validate`, and a file that does not read the
way the schema says is refused here too, in one plain line.

Places are read in a language: a line's, a fact's or a place's own words in that language
(`[line.es]`, `[fact.<key>.es]`, `[es]`) where the file gives them, else the English. A place's
names in the other languages become aliases, so it can be typed either way.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict, TypeVar

from exitplan.base import typography
from exitplan.base.bundled import bundled
from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import ENGLISH, current
from exitplan.base.limits import BACKUP_DIR, PLAN_FILE, SEALED_MARK
from exitplan.disk.paths import key_file_here
from exitplan.disk.safeio import read_capped
from exitplan.domain.region import (
    ABSENCES,
    FACT_KEYS,
    KINDS,
    PLACE_CODE,
    SERVES,
    Fact,
    Line,
    Local,
    Neutral,
    Place,
    local,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence

    from exitplan.domain.region import LocalData

# What changes whenever a file's content can have changed (as the checklist catalog keeps it):
# size, times and inode. Taken here with os.stat, so this module never imports the catalog.
Signature = tuple[int, int, int, int]


_Word = TypeVar("_Word", bound=str)


class RegionCache(TypedDict):
    """The person's place as the plan's cache keeps it: its file's signature, and the place in
    each language it was kept in."""

    signature: list[int]
    languages: dict[str, LocalData]


MAX_REGION_FILE_BYTES = 1024 * 1024
# A table of words in another language is named by the language's ISO 639-1 code.
LANGUAGE_TABLE = re.compile(r"^[a-z]{2}$")


class RegionDataError(ExitplanError):
    """A shipped region file that cannot be read: a bug, or a damaged installation."""


def regions_dir() -> Path:
    """The folder of region files: in the package (a wheel, a checkout or an editable install)."""
    return bundled("data", "regions")


def region_files() -> list[Path]:
    """Every region file, by country code."""
    return sorted(regions_dir().glob("*.toml"))


def country_file(code: str) -> Path:
    """The file that holds a place (`gb-sct` is in gb.toml)."""
    return regions_dir() / f"{code.split('-', 1)[0]}.toml"


def file_signature(code: str) -> Signature | None:
    """What changes when the file holding a place changes (None: there is no such file)."""
    try:
        st = os.stat(country_file(code))
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def read_country(path: Path, language: str | None = None) -> tuple[Place, ...]:
    """A country file's places, in a language (the one being spoken unless named): the country
    first, then its parts in file order."""
    return _read_country(path, language or current())


@functools.cache
def _read_country(path: Path, language: str) -> tuple[Place, ...]:
    import tomllib

    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_REGION_FILE_BYTES + 1)
        if len(raw) > MAX_REGION_FILE_BYTES:
            raise ValueError("too large")
        data = tomllib.loads(raw.decode("utf-8"))
        return places_of(data, path.stem, language)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise RegionDataError(
            f"{path}: this region file cannot be read ({exc}); reinstall exitplan, or check it "
            f"with: exitplan validate '{path}'"
        ) from None


def places_of(data: Mapping[str, object], stem: str, language: str = ENGLISH) -> tuple[Place, ...]:
    """The places in a region file's data, in a language (ValueError, KeyError or TypeError
    when malformed)."""
    code = data["code"]
    if (
        data.get("schema") != 1
        or not isinstance(code, str)
        or code != stem
        or not PLACE_CODE.match(code)
        or "-" in code
    ):
        raise ValueError(f"'{stem}' is not a country file of format 1")
    if language == "fr":
        data = _table(_punctuated(data, _french_rule(code)), "a country file")
    words = _words(data, language)
    name = _text(words.get("name", data["name"]))
    country = Place(
        code,
        name,
        _aliases(data, name),
        _maybe_text(words.get("parts", data.get("parts"))),
        _lines(data.get("line", []), name, language),
        _facts(data.get("fact", {}), name, language),
        name,
        _neutral(data.get("neutral", {}), name, language),
        data.get("covered", False) is True,
    )
    parts = [country]
    for part, value in _table(data.get("region", {}), "parts").items():
        body = _table(value, "a part")
        part_name = _text(_words(body, language).get("name", body["name"]))
        parts.append(
            Place(
                f"{code}-{part}",
                part_name,
                _aliases(body, part_name),
                None,
                _lines(body.get("line", []), part_name, language),
                _facts(body.get("fact", {}), part_name, language),
                name,
                _neutral(body.get("neutral", {}), part_name, language),
                body.get("covered", False) is True,
            )
        )
    return tuple(parts)


def _french_rule(code: str) -> Callable[[str], str]:
    """How a file's French words are punctuated on screen: Canada's as Quebec writes (no space
    before ; ! ?), every other country's as France does (see `base.typography`)."""
    if code == "ca":
        return lambda text: typography.quebec(typography.france(text))
    return typography.france


def _punctuated(table: object, rule: Callable[[str], str], french: bool = False) -> object:
    """The file's data with every text of its `fr` tables read through `rule`."""
    if isinstance(table, dict):
        return {
            key: rule(value)
            if french and isinstance(value, str)
            else _punctuated(value, rule, key == "fr")
            for key, value in table.items()
        }
    if isinstance(table, list):
        return [_punctuated(value, rule) for value in table]
    return table


def _table(value: object, what: str) -> dict[str, object]:
    """A TOML table, or TypeError naming what it should have been."""
    if not isinstance(value, dict):
        raise TypeError(f"{what} that is not a table")
    return value


def _words(table: Mapping[str, object], language: str) -> dict[str, object]:
    """A table's words in a language (none for English, or when the file gives none)."""
    if language == ENGLISH:
        return {}
    return _table(table.get(language, {}), "words in another language")


def _aliases(table: Mapping[str, object], shown: str) -> tuple[str, ...]:
    """A place's aliases, and its names in the other languages (it can be typed either way)."""
    names = [table["name"]] + [
        words["name"]
        for key, words in table.items()
        if LANGUAGE_TABLE.match(key) and isinstance(words, dict) and "name" in words
    ]
    others = [_text(name) for name in names if name != shown]
    return tuple(dict.fromkeys([*_texts(table.get("aliases", [])), *others]))


def _text(value: object) -> str:
    if type(value) is not str or not value.strip():
        raise TypeError("a name or text that is not text")
    return value


def _optional_text(value: object) -> str:
    return "" if value is None else _text(value)


def _maybe_text(value: object) -> str | None:
    """Text the file may leave out (None), blank or not."""
    if value is not None and not isinstance(value, str):
        raise TypeError("a word that is not text")
    return value


def _texts(values: object) -> tuple[str, ...]:
    if not isinstance(values, list):
        raise TypeError("a list that is not a list")
    return tuple(_text(value) for value in values)


def _date(value: object) -> date:
    if type(value) is not date:
        raise TypeError("a check date that is not a date")
    return value


def _one_of(value: object, choices: tuple[_Word, ...], what: str) -> _Word:
    """The choice `value` is (ValueError naming `what` when it is none of them)."""
    for choice in choices:
        if value == choice:
            return choice
    raise ValueError(what)


def _lines(items: object, where: str, language: str = ENGLISH) -> tuple[Line, ...]:
    if not isinstance(items, list):
        raise TypeError("lines that are not a list")
    lines = []
    for value in items:
        item = _table(value, "a line")
        if item["kind"] not in KINDS or item["serves"] not in SERVES:
            raise ValueError(f"a line of unknown kind or audience: {item['service']}")
        kind, serves = _one_of(item["kind"], KINDS, "kind"), _one_of(item["serves"], SERVES, "who")
        words = item | _words(item, language)
        lines.append(
            Line(
                service=_text(words["service"]),
                number=_text(item["number"]),
                kind=kind,
                serves=serves,
                hours=str(words["hours"]),
                sources=_texts(item["sources"]),
                checked=_date(item["checked"]),
                who=_maybe_text(words.get("who")),
                note=_maybe_text(words.get("note")),
                where=where,
                languages=_texts(item.get("languages", [])),
            )
        )
    return tuple(lines)


def _facts(items: object, where: str, language: str = ENGLISH) -> dict[str, Fact]:
    if not isinstance(items, dict):
        raise TypeError("facts that are not a table")
    facts = {}
    for key, value in items.items():
        if key not in FACT_KEYS:
            raise ValueError(f"an unknown fact '{key}'")
        item = _table(value, "a fact")
        words = item | _words(item, language)
        facts[key] = Fact(
            key=key,
            text=_text(words["text"]),
            detail=_text(words["detail"]),
            sources=_texts(item["sources"]),
            checked=_date(item["checked"]),
            changing=bool(item.get("changing", False)),
            where=where,
            confirmed=item.get("confirmed", True) is not False,
            section=_optional_text(item.get("section")),
            read_via=_optional_text(item.get("read_via")),
        )
    return facts


def _neutral(items: object, where: str, language: str = ENGLISH) -> dict[str, Neutral]:
    if not isinstance(items, dict):
        raise TypeError("neutral facts that are not a table")
    kept = {}
    for key, value in items.items():
        if key not in FACT_KEYS:
            raise ValueError(f"an unknown neutral fact '{key}'")
        item = _table(value, "a neutral fact")
        if item["why"] not in ABSENCES:
            raise ValueError(f"an unknown neutral fact '{key}'")
        words = item | _words(item, language)
        kept[key] = Neutral(
            key=key,
            why=_one_of(item["why"], ABSENCES, f"an unknown neutral fact '{key}'"),
            detail=_text(words["detail"]),
            sources=_texts(item.get("sources", [])),
            checked=_date(item["checked"]),
            where=where,
        )
    return kept


def load_places(language: str | None = None) -> tuple[Place, ...]:
    """Every place exitplan knows, country by country (in the language being spoken)."""
    return tuple(place for path in region_files() for place in read_country(path, language))


def countries(language: str | None = None) -> tuple[Place, ...]:
    """Every country exitplan knows, without their parts."""
    return tuple(place for place in load_places(language) if place.is_country)


def place_of(code: str, language: str | None = None) -> Place | None:
    """The place with this code (None: no region file has it)."""
    path = country_file(code)
    if not PLACE_CODE.match(code) or not path.is_file():
        return None
    return next((place for place in read_country(path, language) if place.code == code), None)


def local_for(code: str | None, language: str | None = None) -> Local | None:
    """The person's place as a plan uses it (None: no place, or one this exitplan lacks)."""
    if code is None:
        return None
    place = place_of(code, language)
    if place is None:
        return None
    return local(place, place_of(place.country_code, language))


def region_cache_data(code: str | None, languages: Sequence[str] = ()) -> RegionCache | None:
    """The place and its facts as the plan's cache keeps them, in each language asked for (the
    one being spoken when none is), with its file's signature."""
    if code is None:
        return None
    sig = file_signature(code)
    kept: dict[str, LocalData] = {}
    for language in dict.fromkeys(languages or (current(),)):
        try:
            region = local_for(code, language)
        except RegionDataError:  # the plan's own read says so; the cache only costs speed
            return None
        if region is None:
            return None
        kept[language] = region.to_data()
    if sig is None:
        return None
    return {"signature": list(sig), "languages": kept}


def region_from_cache(code: str | None, data: object, language: str | None = None) -> Local | None:
    """The place kept in the cache in the language being spoken, if it is this plan's and its
    region file is unchanged (ValueError when the kept data is not as exitplan writes it)."""
    if code is None or not isinstance(data, dict):
        return None
    sig = file_signature(code)
    if sig is None or data.get("signature") != list(sig):
        return None
    kept = data["languages"]
    if not isinstance(kept, dict):
        raise ValueError("not the places of a cache")
    words = kept.get(language or current())
    if words is None:
        return None
    region = Local.from_data(words)
    return region if region.code == code else None


def parts_of(country: Place, language: str | None = None) -> tuple[Place, ...]:
    """A country's parts, in file order."""
    return tuple(
        place
        for place in read_country(country_file(country.code), language)
        if place.country_code == country.code and not place.is_country
    )


def plan_region(home: Path) -> tuple[str | None, bool]:
    """The place a plan names, read without any passphrase: (code or None, plan is sealed).

    For help-now, which must work whatever state the plan is in: any problem (no plan, a link,
    a damaged or oversized file, an unknown code) is simply no place. A sealed plan cannot be
    read without its passphrase, and help-now never asks for one.
    """
    import tomllib

    try:
        raw = read_capped(home / PLAN_FILE, MAX_REGION_FILE_BYTES * 64)
    except OSError:
        return None, False
    if raw.startswith(SEALED_MARK) or _sealed_beside(home):
        # A plain plan beside sealed files was not written by exitplan (or an encrypt was
        # stopped): it tells help-now nothing, as a sealed plan would.
        return None, True
    try:
        code = tomllib.loads(raw.decode("utf-8-sig")).get("region")
    except (ValueError, RecursionError):
        return None, False
    if type(code) is not str or place_of(code) is None:
        return None, False
    return code, False


def _sealed_beside(home: Path) -> bool:
    """Whether the home holds a key file or a sealed backup: an encrypted home."""
    if key_file_here(home):
        return True
    try:
        backups = [e.path for e in os.scandir(home / BACKUP_DIR) if e.name.endswith(".toml")]
    except OSError:
        return False
    for path in backups:
        with contextlib.suppress(OSError):
            if read_capped(Path(path), len(SEALED_MARK)).startswith(SEALED_MARK):
                return True
    return False
