"""The list of known stalkerware and openly monitoring apps, and where it came from.

exitplan reads one compact JSON file, `exitplan/data/stalkerware/indicators.json`, beside
`provenance.json` (the source repository, its commit, the day it was taken, the CC BY 4.0
attribution, and the SHA-256 of every input and of the JSON). Both are committed and ship in the
wheel; maintainers remake them from a local copy of the Echap stalkerware-indicators repository
(`ioc.yaml`, `watchware.yaml`, `samples.csv`) with `scripts/fetch-indicators`, through `convert`
and `provenance` below. Only `phone-check` reads them (the glance never does). A JSON file whose
hash differs from its provenance is not used, and the check says so.

The converted file (format 2)::

    {"format": 2,
     "apps": [{"name": "...", "type": "stalkerware" | "watchware",
               "names": ["other names it is sold under"], "packages": ["com.example.app"],
               "certificates": ["<sha1 of a signing certificate>"],
               "ios_bundles": ["com.example.ios"]}],
     "hashes": {"<sha256 of an app file>": "<app name>"},
     "certificates": {"<sha1 of a signing certificate, from samples.csv>": "<app name>"}}
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict

from exitplan.base.bundled import bundled
from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import N_

FORMAT = 2
DATA_FILE = "indicators.json"
PROVENANCE_FILE = "provenance.json"
MAX_BYTES = 16 * 1024 * 1024
SOURCE = "https://github.com/AssoEchap/stalkerware-indicators"
LICENCE = "CC BY 4.0"
LICENCE_URL = "https://creativecommons.org/licenses/by/4.0/"
ATTRIBUTION = (
    "Stalkerware and watchware indicators from the stalkerware-indicators repository of Echap "
    "(https://echap.eu.org/), maintained by Julien Voisin and Tek, licensed under CC BY 4.0 "
    "(https://creativecommons.org/licenses/by/4.0/). Changed: converted to JSON, keeping only "
    "each app's names, type, package names, signing-certificate fingerprints, iPhone bundle "
    "identifiers and sample hashes. The source warns that the list "
    "is incomplete: finding nothing does not mean no stalkerware is installed."
)
TYPES = ("stalkerware", "watchware")
# The fields the source files use (two entries spell `c2.ip` for `c2.ips`); others are refused,
# so a change of format is noticed by the maintainer instead of silently dropping packages.
ENTRY_KEYS = frozenset(
    {
        "name",
        "names",
        "type",
        "packages",
        "certificates",
        "websites",
        "distribution",
        "c2",
        "certificate_organizations",
        "certificate_cname_re",
        "ios_bundles",
    }
)
C2_KEYS = frozenset({"domains", "ips", "ip"})
_PACKAGE = re.compile(r"[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+")
_SHA256 = re.compile(r"[0-9a-fA-F]{64}")
_SHA1 = re.compile(r"[0-9a-fA-F]{40}")
_BUNDLE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_\-]*(?:\.[A-Za-z0-9_\-]+)+")
_DAY = re.compile(r"\d{4}-\d\d-\d\d")
_COMMIT = re.compile(r"[0-9a-f]{40}")


class AppData(TypedDict):
    """One app as the converted file keeps it."""

    name: str
    type: str  # one of TYPES
    names: list[str]
    packages: list[str]
    certificates: list[str]
    ios_bundles: list[str]


class IndicatorData(TypedDict):
    """The converted file (format 2): the apps, and the samples' hashes and certificates."""

    format: int
    apps: list[AppData]
    hashes: dict[str, str]
    certificates: dict[str, str]


class IndicatorError(ExitplanError):
    """Indicator data that cannot be converted or used."""


def _texts(entry: Mapping[str, object], key: str, where: str) -> list[str]:
    value = entry.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise IndicatorError(f"{where}: '{key}' must be a list of text")
    return [v.strip() for v in value if v.strip()]


def _entry(entry: object, where: str, expected: str) -> AppData:
    if not isinstance(entry, dict):
        raise IndicatorError(f"{where}: an entry must be a table")
    unknown = sorted(set(entry) - ENTRY_KEYS)
    if unknown:
        raise IndicatorError(f"{where}: unknown field '{unknown[0]}'")
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        raise IndicatorError(f"{where}: an entry has no name")
    kind = entry.get("type", expected)
    if kind not in TYPES:
        raise IndicatorError(f"{where} ({name}): type '{kind}' is not stalkerware or watchware")
    c2 = entry.get("c2") or {}
    if not isinstance(c2, dict) or set(c2) - C2_KEYS:
        raise IndicatorError(f"{where} ({name}): 'c2' has fields exitplan does not know")
    packages = _texts(entry, "packages", f"{where} ({name})")
    bad = [p for p in packages if not _PACKAGE.fullmatch(p)]
    if bad:
        raise IndicatorError(f"{where} ({name}): '{bad[0]}' is not a package name")
    certificates = _texts(entry, "certificates", f"{where} ({name})")
    bad = [c for c in certificates if not _SHA1.fullmatch(c)]
    if bad:
        raise IndicatorError(f"{where} ({name}): '{bad[0]}' is not a SHA-1 fingerprint")
    bundles = _texts(entry, "ios_bundles", f"{where} ({name})")
    bad = [b for b in bundles if not _BUNDLE.fullmatch(b)]
    if bad:
        raise IndicatorError(f"{where} ({name}): '{bad[0]}' is not an iPhone bundle identifier")
    names = [n for n in _texts(entry, "names", f"{where} ({name})") if n != name.strip()]
    return {
        "name": name.strip(),
        "type": kind,
        "names": list(dict.fromkeys(names)),
        "packages": sorted(set(packages)),
        "certificates": sorted({c.lower() for c in certificates}),
        "ios_bundles": sorted(set(bundles)),
    }


def convert(
    ioc: object, watchware: object, samples: Iterable[Mapping[str, str]] | None = None
) -> IndicatorData:
    """The compact JSON data from the parsed `ioc.yaml`, `watchware.yaml` and `samples.csv` rows
    (columns `SHA256`, `Certificate`, `App`); IndicatorError on anything unexpected."""
    apps = []
    for label, entries, expected in (
        ("ioc.yaml", ioc, "stalkerware"),
        ("watchware.yaml", watchware, "watchware"),
    ):
        if not isinstance(entries, list):
            raise IndicatorError(f"{label}: expected a list of entries")
        apps += [_entry(e, f"{label} entry {n}", expected) for n, e in enumerate(entries, 1)]
    hashes: dict[str, str] = {}
    certificates: dict[str, str] = {}
    for n, row in enumerate(samples or [], 2):
        digest, app = (row.get("SHA256") or "").strip(), (row.get("App") or "").strip()
        if not _SHA256.fullmatch(digest) or not app:
            raise IndicatorError(f"samples.csv line {n}: needs a SHA256 and an App")
        hashes.setdefault(digest.lower(), app)
        certificate = (row.get("Certificate") or "").strip()
        if certificate:
            if not _SHA1.fullmatch(certificate):
                raise IndicatorError(f"samples.csv line {n}: the Certificate is not a SHA-1")
            certificates.setdefault(certificate.lower(), app)
    apps.sort(key=lambda a: (a["type"], a["name"].lower()))
    return {
        "format": FORMAT,
        "apps": apps,
        "hashes": dict(sorted(hashes.items())),
        "certificates": dict(sorted(certificates.items())),
    }


def dump(data: Mapping[str, object]) -> bytes:
    """The JSON bytes exitplan ships (compact, stable)."""
    return (
        json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"
    ).encode()


def provenance(
    data_bytes: bytes,
    commit: str,
    files: Mapping[str, bytes],
    day: str,
    taken: str | None = None,
    commit_date: str | None = None,
) -> bytes:
    """The provenance file for converted data: source, commit, the day the copy was taken (and
    the commit's own date), licence, attribution, and the SHA-256 of each input and the output."""
    if not _COMMIT.fullmatch(commit):
        raise IndicatorError(f"'{commit}' is not a full commit id (40 hex digits)")
    taken = taken or day
    if not _DAY.fullmatch(taken) or not _DAY.fullmatch(day):
        raise IndicatorError("days are written YYYY-MM-DD")
    record = {
        "source": SOURCE,
        "commit": commit,
        "commit_date": commit_date,
        "taken": taken,
        "licence": LICENCE,
        "licence_url": LICENCE_URL,
        "attribution": ATTRIBUTION,
        "files": {name: hashlib.sha256(body).hexdigest() for name, body in sorted(files.items())},
        "indicators_sha256": hashlib.sha256(data_bytes).hexdigest(),
        "converted": day,
    }
    return (json.dumps(record, ensure_ascii=False, indent=2, sort_keys=True) + "\n").encode()


@dataclass(frozen=True)
class App:
    """One app of the list."""

    name: str
    kind: str
    names: tuple[str, ...] = ()


@dataclass(frozen=True)
class Indicators:
    """The list, indexed for the check, and the commit it came from."""

    by_package: dict[str, App]
    by_hash: dict[str, str]
    apps: int
    commit: str
    by_certificate: dict[str, str] = field(default_factory=dict)
    by_bundle: dict[str, App] = field(default_factory=dict)
    taken: str | None = None
    by_name: dict[str, App] = field(default_factory=dict)

    def app_named(self, name: str) -> App | None:
        """The app of the list with this name (as the samples and certificates name it)."""
        return self.by_name.get(name.lower())


@dataclass(frozen=True)
class Loaded:
    """The list when it could be used; otherwise why not (a calm sentence for the person)."""

    indicators: Indicators | None
    problem: str | None = None


MISSING = N_(
    "This copy of exitplan has no list of known stalkerware apps, so no app was compared "
    "with one; the other checks ran."
)
DAMAGED = N_(
    "This copy of exitplan's list of known stalkerware apps does not match its record, so it "
    "was not used; the other checks ran."
)


def data_folder() -> Path:
    """Where the shipped list lives (inside the package)."""
    return bundled("data", "stalkerware")


def load(folder: Path | None = None) -> Loaded:
    """The shipped list, checked against its provenance; never raises for a missing list."""
    folder = folder or data_folder()
    try:
        body = _read(folder / DATA_FILE)
        record = json.loads(_read(folder / PROVENANCE_FILE))
    except FileNotFoundError:
        return Loaded(None, MISSING)
    except (OSError, ValueError, IndicatorError):
        return Loaded(None, DAMAGED)
    if (
        not isinstance(record, dict)
        or record.get("indicators_sha256") != hashlib.sha256(body).hexdigest()
    ):
        return Loaded(None, DAMAGED)
    try:
        taken = record.get("taken")
        day = taken if isinstance(taken, str) and _DAY.fullmatch(taken) else None
        return Loaded(_index(json.loads(body), str(record.get("commit", "")), day))
    except (ValueError, KeyError, TypeError, IndicatorError):
        return Loaded(None, DAMAGED)


@dataclass(frozen=True)
class About:
    """Where the shipped list came from, for `phone-check --about`."""

    source: str
    commit: str
    commit_date: str | None
    taken: str | None
    licence: str
    licence_url: str
    attribution: str
    apps: int


def about(folder: Path | None = None) -> About | None:
    """The shipped list's provenance, when the list is there and matches it."""
    folder = folder or data_folder()
    loaded = load(folder)
    if loaded.indicators is None:
        return None
    record = json.loads(_read(folder / PROVENANCE_FILE))
    return About(
        source=str(record.get("source", SOURCE)),
        commit=loaded.indicators.commit,
        commit_date=record.get("commit_date")
        if isinstance(record.get("commit_date"), str)
        else None,
        taken=loaded.indicators.taken,
        licence=str(record.get("licence", LICENCE)),
        licence_url=str(record.get("licence_url", LICENCE_URL)),
        attribution=str(record.get("attribution", ATTRIBUTION)),
        apps=loaded.indicators.apps,
    )


def _read(path: Path) -> bytes:
    with path.open("rb") as handle:
        body = handle.read(MAX_BYTES + 1)
    if len(body) > MAX_BYTES:
        raise IndicatorError(f"{path.name} is too large")
    return body


def _index(data: object, commit: str, taken: str | None = None) -> Indicators:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise IndicatorError("not a format exitplan knows")
    by_package: dict[str, App] = {}
    by_bundle: dict[str, App] = {}
    by_name: dict[str, App] = {}
    certificates: dict[str, str] = {}
    apps = data["apps"]
    for entry in apps:
        app = App(str(entry["name"]), str(entry["type"]), tuple(map(str, entry.get("names", []))))
        if app.kind not in TYPES:
            raise IndicatorError("an app of an unknown type")
        by_name.setdefault(app.name.lower(), app)
        for package in entry["packages"]:
            if isinstance(package, str) and _PACKAGE.fullmatch(package):
                by_package.setdefault(package, app)
        for bundle in entry.get("ios_bundles", []):
            if isinstance(bundle, str) and _BUNDLE.fullmatch(bundle):
                by_bundle.setdefault(bundle, app)
        for certificate in entry.get("certificates", []):
            if isinstance(certificate, str) and _SHA1.fullmatch(certificate):
                certificates.setdefault(certificate.lower(), app.name)
    for certificate, name in dict(data.get("certificates", {})).items():
        certificates.setdefault(str(certificate).lower(), str(name))
    hashes = {str(k).lower(): str(v) for k, v in dict(data.get("hashes", {})).items()}
    return Indicators(
        by_package, hashes, len(apps), commit, certificates, by_bundle, taken, by_name
    )
