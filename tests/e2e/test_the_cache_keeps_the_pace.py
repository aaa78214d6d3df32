"""The pacing kept in the cache, through the command line: worked out by the change that saved the
plan, used only for that very plan, and never different from pacing the plan afresh."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from helpers import cli, outcome

from exitplan.base.limits import CACHE_DIR
from exitplan.domain.pacing import Pace
from exitplan.domain.plan import build_plan
from exitplan.formats import cache
from exitplan.formats.catalog import Catalog
from exitplan.home.store import Store

TODAY = "2026-11-30"
DAYS = ["2026-11-30", "2026-12-09", "2027-01-05", "2027-01-12", "2027-02-20"]


def made(tmp_path: Path, *changes: tuple[tuple[str, ...], str | None]) -> Path:
    """A plan made and changed through the command line (each change rewrites the cache)."""
    home = tmp_path / "plan"
    for args, stdin in (((("init", "--exit-date", "2027-01-12")), None), *changes):
        code, _, err = outcome(cli(home, *args, today=TODAY, input=stdin))
        assert code == 0, err
    return home


def from_cache(home: Path) -> tuple[Catalog, cache.CachedPlan]:
    """The catalog and the plan as the cache holds them (both must be there, with a pace)."""
    store = Store(home)
    catalog = cache.load_catalog_cached(store)
    cached = cache.load_cached_plan(store)
    assert catalog is not None
    assert cached is not None
    assert cached.pace is not None
    return catalog, cached


PLANS = {
    "plain": (),
    "answers": (
        (("situation",), "weapons = true\nchildren = true\ncar = false\n"),
        (("done", "1", "2"), None),
    ),
    "busy": ((("date", "--per-day", "1"), None), (("skip", "3"), None)),
    "short": ((("date", "2026-12-04"), None),),
    "own": (
        (("add", "documents", "Ask my sister to keep the spare key", "--due", "-2d"), None),
        (("add", "finances", "Open a post office box", "--due", "2026-12-20"), None),
    ),
}


@pytest.mark.parametrize("name", sorted(PLANS))
def test_the_cached_pace_is_the_pace_of_the_plan(tmp_path: Path, name: str) -> None:
    """The pacing read back from the cache is exactly what pacing the plan afresh gives."""
    catalog, cached = from_cache(made(tmp_path, *PLANS[name]))
    fresh = build_plan(catalog, cached.state)
    served = cache.with_cached_pace(fresh, catalog, cached)
    assert served.paced is not None  # it was used
    assert served.paced == fresh.pace()
    for day in DAYS:
        assert served.rows(date.fromisoformat(day)) == fresh.rows(date.fromisoformat(day))


@pytest.mark.parametrize("name", sorted(PLANS))
@pytest.mark.parametrize("args", [("status",), ("status", "--json"), ("list", "--all")])
def test_every_screen_is_the_same_without_the_cache(
    tmp_path: Path, name: str, args: tuple[str, ...]
) -> None:
    """With the cached pacing and without any cache, every screen says the same, on any day."""
    home = made(tmp_path, *PLANS[name])
    with_cache = [outcome(cli(home, *args, today=day)) for day in DAYS]
    cache.drop_cache(Store(home))
    without = [outcome(cli(home, *args, today=day)) for day in DAYS]
    assert not (home / CACHE_DIR).exists()
    assert with_cache == without


def test_a_plan_without_an_exit_date_keeps_no_pace(tmp_path: Path) -> None:
    """A plan with no exit date has nothing to pace towards, so the cache keeps no pacing for it."""
    home = made(tmp_path, (("date", "--clear"), "y\n"))
    cached = cache.load_cached_plan(Store(home))
    assert cached is not None
    assert cached.pace is None


def test_a_pace_for_other_checklist_files_is_not_used(tmp_path: Path) -> None:
    """The pacing names the checklist files it was worked out for; for others it is ignored."""
    catalog, cached = from_cache(made(tmp_path))
    assert cached.pace is not None
    plan = build_plan(catalog, cached.state)
    other = cached._replace(pace={**cached.pace, "files": [["elsewhere.toml", [1, 2, 3, 4]]]})
    assert cache.with_cached_pace(plan, catalog, other).paced is None
    assert cache.with_cached_pace(plan, catalog, cached).paced is not None


FORGED: list[dict[str, Any]] = [
    {"at": [10**9], "days": [739000], "if_time": [], "limit": 4},  # no such step
    {"at": [-1], "days": [739000], "if_time": [], "limit": 4},  # from the end
    {"at": [0], "days": [], "if_time": [], "limit": 4},  # a day short
    {"at": [0], "days": [10**9], "if_time": [], "limit": 4},  # past the calendar
    {"at": [0], "days": ["2027-01-01"], "if_time": [], "limit": 4},  # not a day number
    {"at": [0], "days": [739000], "if_time": ["x"], "limit": 4},
    {"at": [0], "days": [739000], "if_time": [], "limit": 0},
    {"at": [0], "days": [739000], "if_time": [], "limit": True},
    {"at": [True], "days": [739000], "if_time": [], "limit": 4},
    {"at": [0], "days": [739000], "if_time": []},
    {"at": 0, "days": 739000, "if_time": [], "limit": 4},
]


@pytest.mark.parametrize("forged", FORGED)
def test_a_forged_pace_is_ignored(tmp_path: Path, forged: dict[str, Any]) -> None:
    """A pace as exitplan never writes it (the checksum has no key) is worked out afresh."""
    home = made(tmp_path)
    path = home / CACHE_DIR / cache.PLAN_FILE
    doc = json.loads(path.read_bytes().partition(b"\n")[2])
    expected = outcome(cli(home, "status", "--json", today=TODAY))
    doc["pace"] = {"files": doc["pace"]["files"], **forged}
    path.write_bytes(cache._dumps(doc))
    assert Pace.from_data(forged, 300) is None
    assert outcome(cli(home, "status", "--json", today=TODAY)) == expected


def test_a_pace_worked_out_by_other_code_is_not_used(tmp_path: Path) -> None:
    """An upgrade (or an edited checkout) may pace differently: the kept pacing names the code
    that worked it out, and with any other code it is worked out afresh."""
    catalog, cached = from_cache(made(tmp_path))
    assert cached.pace is not None
    assert cached.pace["code"] == cache.pacing_code()
    plan = build_plan(catalog, cached.state)
    older = cached._replace(pace={**cached.pace, "code": "0" * 64})
    assert cache.with_cached_pace(plan, catalog, older).paced is None
    assert cache.with_cached_pace(plan, catalog, cached).paced is not None
