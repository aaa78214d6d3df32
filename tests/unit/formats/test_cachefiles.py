"""The cache files' types name exactly what is written, and a value read back of another shape
is refused with ValueError (a miss), never taken on trust or turned into a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import EXIT, MONEY, PLANNED, TODAY, make_home

from exitplan.base.limits import CACHE_DIR
from exitplan.domain.model import Checklist
from exitplan.formats import cache, cachefiles
from exitplan.service.workspace import Workspace


def keys(shape: type) -> set[str]:
    """Every key a TypedDict declares."""
    return set(shape.__required_keys__) | set(shape.__optional_keys__)  # type: ignore[attr-defined]


def body(path: Path) -> dict[str, object]:
    """A cache file's JSON, its checksum line left out."""
    loaded: dict[str, object] = json.loads(path.read_bytes().partition(b"\n")[2])
    return loaded


@pytest.fixture
def folder(home: Path, no_builtins: Path) -> Path:
    """The cache folder of a plan of the money checklist, written by a change."""
    make_home(home, MONEY)
    Workspace(home, PLANNED).init(EXIT, [MONEY])
    return home / CACHE_DIR


def test_each_cache_file_holds_what_its_type_declares(folder: Path) -> None:
    """plan.json, catalog.json, its checklists and texts.json hold exactly their declared keys."""
    assert set(body(folder / cache.PLAN_FILE)) == keys(cachefiles.PlanFile)
    catalog = body(folder / cache.CATALOG_FILE)
    assert set(catalog) == keys(cachefiles.CatalogFile)
    checklists = cache.objects(catalog["checklists"])
    assert checklists
    assert all(set(one) == keys(cachefiles.CachedChecklist) for one in checklists)
    assert set(body(folder / cache.TEXTS_FILE)) == keys(cachefiles.TextsFile)


def test_a_cached_checklist_keeps_every_field_of_a_checklist() -> None:
    """A field added to Checklist is a field the cache must keep (or the cache would drop it)."""
    assert keys(cachefiles.CachedChecklist) == set(Checklist._FIELDS)


@pytest.mark.parametrize("value", [None, "x", {"a": 1}, [{"a": 1}, 2]])
def test_a_list_of_objects_is_only_that(value: object) -> None:
    """Anything but a list of JSON objects is refused."""
    with pytest.raises(ValueError, match="not a list of objects"):
        cache.objects(value)


@pytest.mark.parametrize("value", [None, 5, ["2026"]])
def test_an_object_and_iso_text_are_only_that(value: object) -> None:
    """A value that is not an object, or not text where a date's text is kept, is refused."""
    with pytest.raises(ValueError, match="not an object"):
        cache.an_object(value)
    with pytest.raises(ValueError, match="not ISO text"):
        cache.iso_text(value)


def test_a_forged_time_that_is_not_text_is_a_miss(folder: Path, home: Path) -> None:
    """A plan cache whose time is a number under a correct checksum is ignored, no traceback."""
    path = folder / cache.PLAN_FILE
    doc = body(path)
    text = json.dumps(doc).replace('{"$dt": "', '{"$dt": 5, "x": "', 1)
    assert text != json.dumps(doc)
    path.write_bytes(cache._dumps(json.loads(text)))
    assert cache.load_cached_plan(Workspace(home, TODAY).store) is None
