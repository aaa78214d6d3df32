"""The list of known stalkerware and openly monitoring apps, and where it came from.

exitplan reads one compact JSON file at run time, `exitplan/data/stalkerware/indicators.json`,
beside `provenance.json` (the source repository, its commit, the CC BY 4.0 attribution, and the
SHA-256 of the JSON). Maintainers make both at release time with `scripts/fetch-indicators`, from
the Echap stalkerware-indicators repository (`ioc.yaml`, `watchware.yaml`, `samples.csv`), through
`convert` and `provenance` below; a copy of exitplan without them still runs every other check and
says so. A JSON file whose hash differs from its provenance is not used.

The converted file (format 1)::

    {"format": 1,
     "apps": [{"name": "...", "type": "stalkerware" | "watchware",
               "names": ["other names it is sold under"], "packages": ["com.example.app"]}],
     "hashes": {"<sha256 of an app file>": "<app name>"}}
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from exitplan.base.bundled import bundled
from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import N_

FORMAT = 1
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
    "each app's names, type, package names and sample hashes. The source warns that the list "
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
_COMMIT = re.compile(r"[0-9a-f]{40}")


class IndicatorError(ExitplanError):
    """Indicator data that cannot be converted or used."""


def _texts(entry: Mapping[str, Any], key: str, where: str) -> list[str]:
    value = entry.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise IndicatorError(f"{where}: '{key}' must be a list of text")
    return [v.strip() for v in value if v.strip()]


def _entry(entry: Any, where: str, expected: str) -> dict[str, Any]:
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
    names = [n for n in _texts(entry, "names", f"{where} ({name})") if n != name.strip()]
    return {
        "name": name.strip(),
        "type": kind,
        "names": names,
        "packages": sorted(set(packages)),
    }


def convert(
    ioc: Any, watchware: Any, samples: Iterable[Mapping[str, str]] | None = None
) -> dict[str, Any]:
    """The compact JSON data from the parsed `ioc.yaml`, `watchware.yaml` and `samples.csv` rows
    (columns `SHA256`, `App`); IndicatorError on anything unexpected."""
    apps = []
    for label, entries, expected in (
        ("ioc.yaml", ioc, "stalkerware"),
        ("watchware.yaml", watchware, "watchware"),
    ):
        if not isinstance(entries, list):
            raise IndicatorError(f"{label}: expected a list of entries")
        apps += [_entry(e, f"{label} entry {n}", expected) for n, e in enumerate(entries, 1)]
    hashes: dict[str, str] = {}
    for n, row in enumerate(samples or [], 2):
        digest, app = (row.get("SHA256") or "").strip(), (row.get("App") or "").strip()
        if not _SHA256.fullmatch(digest) or not app:
            raise IndicatorError(f"samples.csv line {n}: needs a SHA256 and an App")
        hashes.setdefault(digest.lower(), app)
    apps.sort(key=lambda a: (a["type"], a["name"].lower()))
    return {"format": FORMAT, "apps": apps, "hashes": dict(sorted(hashes.items()))}


def dump(data: Mapping[str, Any]) -> bytes:
    """The JSON bytes exitplan ships (compact, stable)."""
    return (
        json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"
    ).encode()


def provenance(data_bytes: bytes, commit: str, files: Mapping[str, bytes], day: str) -> bytes:
    """The provenance file for converted data: source, commit, licence, attribution, hashes."""
    if not _COMMIT.fullmatch(commit):
        raise IndicatorError(f"'{commit}' is not a full commit id (40 hex digits)")
    record = {
        "source": SOURCE,
        "commit": commit,
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
        return Loaded(_index(json.loads(body), str(record.get("commit", ""))))
    except (ValueError, KeyError, TypeError, IndicatorError):
        return Loaded(None, DAMAGED)


def _read(path: Path) -> bytes:
    with path.open("rb") as handle:
        body = handle.read(MAX_BYTES + 1)
    if len(body) > MAX_BYTES:
        raise IndicatorError(f"{path.name} is too large")
    return body


def _index(data: Any, commit: str) -> Indicators:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise IndicatorError("not a format exitplan knows")
    by_package: dict[str, App] = {}
    apps = data["apps"]
    for entry in apps:
        app = App(str(entry["name"]), str(entry["type"]), tuple(map(str, entry.get("names", []))))
        if app.kind not in TYPES:
            raise IndicatorError("an app of an unknown type")
        for package in entry["packages"]:
            if isinstance(package, str) and _PACKAGE.fullmatch(package):
                by_package.setdefault(package, app)
    hashes = {str(k).lower(): str(v) for k, v in dict(data.get("hashes", {})).items()}
    return Indicators(by_package, hashes, len(apps), commit)
