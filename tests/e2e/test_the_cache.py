"""The cache through the command line: a change writes it, status reads it, and anything stale,
damaged, forged or of the wrong shape is a miss that the next change repairs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers import DATA, cli, outcome
from helpers_exitplan import use_fast_kdf

from exitplan.base.limits import CACHE_DIR
from exitplan.crypto.vault import MAGIC
from exitplan.formats import cache
from exitplan.formats import columns as item_columns
from exitplan.home.store import Store

TODAY = "2026-11-30"


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A plan with the built-in checklists and one of the person's own."""
    home = tmp_path / "plan"
    (home / "checklists").mkdir(parents=True, mode=0o700)
    home.chmod(0o700)
    mine = home / "checklists" / "mine.toml"
    mine.write_text(
        (DATA / "finances.toml")
        .read_text(encoding="utf-8")
        .replace('id = "finances"', 'id = "mine"'),
        encoding="utf-8",
    )
    mine.chmod(0o600)
    code, _, err = outcome(cli(home, "init", "--exit-date", "+6w", today=TODAY))
    assert code == 0, err
    return home


def test_a_change_writes_the_cache_and_status_uses_it(home: Path) -> None:
    """After a change, status is served from the cache: its answer matches a fresh read."""
    store = Store(home)
    assert cache.load_catalog_cached(store) is not None
    assert cache.load_cached_plan(store) is not None
    code, cached_json, _ = outcome(cli(home, "status", "--json", today=TODAY))
    assert code == 0
    cache.drop_cache(store)
    code, fresh_json, _ = outcome(cli(home, "status", "--json", today=TODAY))
    assert code == 0
    assert json.loads(cached_json) == json.loads(fresh_json)


def test_status_does_not_write_the_cache(home: Path) -> None:
    """A read-only command never creates or rewrites the cache."""
    cache.drop_cache(Store(home))
    outcome(cli(home, "status", today=TODAY))
    assert not (home / CACHE_DIR).exists()


def test_an_edited_checklist_is_revalidated_not_served_stale(home: Path) -> None:
    """A changed checklist file makes the cache stale: the new title shows at once."""
    mine = home / "checklists" / "mine.toml"
    mine.write_text(
        mine.read_text(encoding="utf-8").replace(
            "Check your credit report", "Check the credit report twice"
        ),
        encoding="utf-8",
    )
    assert cache.load_catalog_cached(Store(home)) is None
    code, out, _ = outcome(cli(home, "list", "mine", "--json", today=TODAY))
    assert code == 0
    assert "Check the credit report twice" in out


def test_an_invalid_edit_is_an_error_even_with_a_cache(home: Path) -> None:
    """A cache never makes a broken checklist look valid: the edit is reported and the file is
    left out."""
    mine = home / "checklists" / "mine.toml"
    mine.write_text(mine.read_text(encoding="utf-8") + "\nsurprise = 1\n", encoding="utf-8")
    code, out, err = outcome(cli(home, "list", "--all", "--json", today=TODAY))
    assert code == 0
    assert "surprise" in err
    assert '"mine.' not in out


def test_a_new_checklist_file_makes_the_cache_stale(home: Path) -> None:
    """Adding a file is a change too."""
    extra = home / "checklists" / "extra.toml"
    extra.write_text(
        (DATA / "finances.toml")
        .read_text(encoding="utf-8")
        .replace('id = "finances"', 'id = "extra"'),
        encoding="utf-8",
    )
    extra.chmod(0o600)
    assert cache.load_catalog_cached(Store(home)) is None
    code, out, _ = outcome(cli(home, "checklists", "--json", today=TODAY))
    assert code == 0
    assert "extra" in {row["id"] for row in json.loads(out)}


def test_a_hand_edited_plan_is_read_again(home: Path) -> None:
    """plan.toml changed by hand: the cached state is ignored and the edit counts."""
    plan = home / "plan.toml"
    plan.write_text(
        plan.read_text(encoding="utf-8").replace("warn_days = 7", "warn_days = 9"), encoding="utf-8"
    )
    assert cache.load_cached_plan(Store(home)) is None


@pytest.mark.parametrize(
    "damage",
    [b"", b"{not json", b"[1, 2]", b'{"format": 99}', b'{"format": 1, "files": 3}', b"\xff\xfe"],
)
def test_a_corrupted_cache_is_ignored(home: Path, damage: bytes) -> None:
    """Garbage in the cache costs only speed: status still answers correctly."""
    _, before, _ = outcome(cli(home, "status", "--json", today=TODAY))
    for name in (cache.CATALOG_FILE, cache.PLAN_FILE):
        (home / CACHE_DIR / name).write_bytes(damage)
    code, after, err = outcome(cli(home, "status", "--json", today=TODAY))
    assert code == 0, err
    assert json.loads(after) == json.loads(before)


def test_a_cache_entry_with_a_wrong_shape_is_ignored(home: Path) -> None:
    """Valid JSON of the wrong shape is treated like no cache at all."""
    path = home / CACHE_DIR / cache.PLAN_FILE
    doc = json.loads(path.read_bytes().partition(b"\n")[2])
    doc["state"] = {"unexpected": True}
    path.write_bytes(cache._dumps(doc))  # a correct checksum over the wrong shape
    assert cache.load_cached_plan(Store(home)) is None
    code, _, err = outcome(cli(home, "status", today=TODAY))
    assert code == 0, err


@pytest.mark.parametrize(("field", "value"), [("warn_days", 1_000_000), ("per_day", -3)])
def test_a_forged_cache_past_the_plan_s_limits_is_ignored(
    home: Path, field: str, value: int
) -> None:
    """A cache forged with a correct checksum but a value the plan file could never hold (a
    warning window of a million days, a negative pace) is not used: status reads plan.toml."""
    _, before, _ = outcome(cli(home, "status", "--json", today=TODAY))
    path = home / CACHE_DIR / cache.PLAN_FILE
    doc = json.loads(path.read_bytes().partition(b"\n")[2])
    doc["state"][field] = value
    path.write_bytes(cache._dumps(doc))  # a correct checksum over values past the limits
    assert cache.load_cached_plan(Store(home)) is None
    code, after, err = outcome(cli(home, "status", "--json", today=TODAY))
    assert code == 0, err
    assert json.loads(after) == json.loads(before)


def test_a_hand_edited_cache_is_ignored_by_its_checksum(home: Path) -> None:
    """A value changed in the cache without its checksum (e.g. an offset made a string) is a
    miss, never a crash."""
    path = home / CACHE_DIR / cache.CATALOG_FILE
    digest, _, body = path.read_bytes().partition(b"\n")
    edited = body.replace(b'"due.offset":[-', b'"due.offset":["x",-', 1)
    assert edited != body
    path.write_bytes(digest + b"\n" + edited)
    assert cache.load_catalog_cached(Store(home)) is None
    code, _, err = outcome(cli(home, "status", today=TODAY))
    assert code == 0, err


def test_the_next_change_repairs_the_cache(home: Path) -> None:
    """A change rewrites a stale or broken cache."""
    (home / CACHE_DIR / cache.CATALOG_FILE).write_bytes(b"junk")
    assert cache.load_catalog_cached(Store(home)) is None
    code, _, err = outcome(cli(home, "done", "1", today=TODAY))
    assert code == 0, err
    assert cache.load_catalog_cached(Store(home)) is not None


def test_cache_files_are_private(home: Path) -> None:
    """The cache holds the plan's content, so it is 0700/0600 like the rest."""
    folder = home / CACHE_DIR
    assert folder.stat().st_mode & 0o777 == 0o700
    for path in folder.iterdir():
        assert path.stat().st_mode & 0o777 == 0o600


def test_encrypted_plan_caches_only_ciphertext(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With encryption on, the cache is sealed and holds no plain note."""
    monkeypatch.setenv("EXITPLAN_TEST_FAST_KDF", "1")
    use_fast_kdf(monkeypatch.setattr)
    secret = tmp_path / "pass"
    secret.write_text("a long enough passphrase\n", encoding="utf-8")
    outcome(cli(home, "note", "1", input="MARKER-in-a-note", today=TODAY))
    assert outcome(cli(home, "encrypt", "--passphrase-file", str(secret), today=TODAY))[0] == 0
    code, _, err = outcome(cli(home, "--passphrase-file", str(secret), "done", "2", today=TODAY))
    assert code == 0, err
    for path in (home / CACHE_DIR).iterdir():
        data = path.read_bytes()
        assert data.startswith(MAGIC)
        assert b"MARKER" not in data


@pytest.mark.process
def test_status_on_a_cached_plan_imports_no_pydantic_model_or_toml(home: Path) -> None:
    """The fast path: a cached plan's status needs no TOML parsing, no schema, no crypto."""
    code = (
        "import atexit, sys; from exitplan.cli.entry import main\n"
        "sys.argv = ['exitplan', 'status']\n"
        "def report():\n"
        "    bad = [m for m in ('exitplan.formats.schema', 'tomllib', 'cryptography')"
        " if m in sys.modules]\n"
        "    print('LOADED', bad)\n"
        "atexit.register(report)\n"  # an exit handler: the glance then exits the usual way
        "main()\n"
    )
    env = {**os.environ, "EXITPLAN_HOME": str(home), "EXITPLAN_TODAY": TODAY}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert "LOADED []" in result.stdout, result.stdout[-300:]


def test_the_cached_catalog_equals_the_checklist_files(home: Path) -> None:
    """Every checklist and item read from the cache is exactly what the files say, fixed dates
    included."""
    mine = home / "checklists" / "mine.toml"
    text = mine.read_text(encoding="utf-8")
    mine.write_text(text.replace('due = "-', 'due = 2026-12-24\n# was "-', 1), encoding="utf-8")
    code, _, err = outcome(cli(home, "done", "1", today=TODAY))  # rewrites the catalog cache
    assert code == 0, err
    from exitplan.formats.checklistfile import load_catalog

    cached = cache.load_catalog_cached(Store(home))
    assert cached is not None
    files = load_catalog(home / "checklists")
    assert cached.checklists == files.checklists
    assert any(item.due.on is not None for c in cached.checklists for item in c.items)


def cached_catalog(home: Path) -> dict[str, Any]:
    """The cached catalog as one document: its texts put back into the checklists' columns."""
    folder = home / CACHE_DIR
    doc: dict[str, Any] = json.loads((folder / cache.CATALOG_FILE).read_bytes().partition(b"\n")[2])
    texts = json.loads((folder / cache.TEXTS_FILE).read_bytes().partition(b"\n")[2])
    for checklist, text_columns in zip(doc["checklists"], texts["checklists"], strict=True):
        checklist["items"].update(text_columns)
    return doc


def forge_catalog(home: Path, doc: dict[str, Any]) -> None:
    """Write a catalog document as the cache files, with correct checksums and the texts file
    naming the catalog file, as someone who knows the format could (the checksums have no key)."""
    folder = home / CACHE_DIR
    texts = []
    for checklist in doc["checklists"]:
        columns = checklist["items"]
        texts.append({k: columns.pop(k) for k in list(columns) if k in item_columns.TEXTS})
    body = cache._dumps(doc)
    index = body.partition(b"\n")[0].decode()
    texts_doc = {"format": cache.FORMAT, "index": index, "checklists": texts}
    (folder / cache.TEXTS_FILE).write_bytes(cache._dumps(texts_doc))
    (folder / cache.CATALOG_FILE).write_bytes(body)


def test_a_catalog_forged_as_exitplan_writes_it_is_used(home: Path) -> None:
    """The control for the tests below: `forge_catalog` itself makes a cache that is used."""
    forge_catalog(home, cached_catalog(home))
    assert cache.load_catalog_cached(Store(home)) is not None
    assert cache.load_catalog_cached(Store(home), texts=False) is not None


@pytest.mark.parametrize("field", ["item", "due"])
def test_a_cached_item_with_an_unknown_field_is_ignored(home: Path, field: str) -> None:
    """An item (or its due) in the cache with a field no item has is a miss, never served."""
    doc = cached_catalog(home)
    columns = doc["checklists"][0]["items"]
    columns["unexpected" if field == "item" else "due.unexpected"] = {"at": [0], "values": [1]}
    forge_catalog(home, doc)  # correct checksums over the wrong shape
    assert cache.load_catalog_cached(Store(home)) is None
    assert cache.load_catalog_cached(Store(home), texts=False) is None


@pytest.mark.parametrize(
    "edit",
    [
        lambda c: c["title"].pop(),  # a column shorter than the others
        lambda c: c["why"].pop(),  # a text column shorter than the others
        lambda c: c["due.offset"].append(-3),  # one more item than titles
        lambda c: c.__setitem__("caution", {"at": [100000], "values": ["x"]}),  # for no item
        lambda c: c.__setitem__("caution", {"at": [-1], "values": ["x"]}),  # from the end
        lambda c: c.__setitem__("priority", {"at": ["0"], "values": ["high"]}),  # text
        lambda c: c.__setitem__("tags", {"at": [0, 1], "values": [["a"]]}),  # one short
        lambda c: c.pop("id"),  # an item without its id
        lambda c: c.pop("why"),  # an item without its why
        lambda c: c.__setitem__("due.on", {"at": [0], "values": ["someday"]}),  # not a date
        lambda c: c.__setitem__("due.offset", ["-3d"] * len(c["due.offset"])),  # not a number
        lambda c: c.__setitem__("title", "one title"),  # not a column
        lambda c: c.__setitem__("priority", ["urgent"] * len(c["id"])),  # no such priority
        lambda c: c.__setitem__("when", {"at": [0], "values": ["sometime"]}),  # no such when
        lambda c: c.__setitem__("alerts_partner", {"at": [0], "values": ["yes"]}),  # not a bool
        lambda c: c.__setitem__("after", {"at": [0], "values": [[5]]}),  # not an id
        lambda c: c["id"].__setitem__(0, 7),  # an id that is a number
        lambda c: c["title"].__setitem__(0, None),  # a step without a title
    ],
)
def test_cached_columns_of_the_wrong_shape_are_a_miss(
    home: Path, edit: Callable[[dict[str, Any]], object]
) -> None:
    """The catalog's columns as exitplan never writes them: a miss, never a crash or a plan
    built from half a checklist."""
    doc = cached_catalog(home)
    edit(doc["checklists"][0]["items"])
    forge_catalog(home, doc)
    assert cache.load_catalog_cached(Store(home)) is None
    code, _, err = outcome(cli(home, "status", today=TODAY))
    assert code == 0, err


def test_texts_of_another_catalog_file_are_never_used(home: Path) -> None:
    """The texts file names the catalog file it was written with: with any other (an older
    one, a missing one) the catalog is read from the checklist files instead."""
    folder = home / CACHE_DIR
    texts = (folder / cache.TEXTS_FILE).read_bytes()
    doc = cached_catalog(home)
    doc["checklists"][0]["title"] = "Money, again"
    forge_catalog(home, doc)
    assert cache.load_catalog_cached(Store(home)) is not None  # the forged pair is consistent
    (folder / cache.TEXTS_FILE).write_bytes(texts)  # the texts of the catalog before
    assert cache.load_catalog_cached(Store(home)) is None
    (folder / cache.TEXTS_FILE).unlink()
    assert cache.load_catalog_cached(Store(home)) is None
    code, out, err = outcome(cli(home, "status", today=TODAY))
    assert code == 0, err
    assert "Money, again" not in out


def test_the_status_catalog_reads_no_texts(home: Path) -> None:
    """Without the texts file, the catalog for the status screen is still read from the cache:
    every field but the texts, and it says the texts are missing."""
    (home / CACHE_DIR / cache.TEXTS_FILE).unlink()
    partial = cache.load_catalog_cached(Store(home), texts=False)
    assert partial is not None
    assert not partial.texts
    from exitplan.formats.checklistfile import load_catalog

    files = load_catalog(home / "checklists")
    assert files.texts
    for got, want in zip(partial.checklists, files.checklists, strict=True):
        for item, full in zip(got.items, want.items, strict=True):
            assert (item.why, item.how, item.caution, item.sources, item.tags, item.checked) == (
                "",
                None,
                None,
                (),
                (),
                None,
            )
            assert (
                item.replace(
                    why=full.why,
                    how=full.how,
                    caution=full.caution,
                    sources=full.sources,
                    tags=full.tags,
                    checked=full.checked,
                )
                == full
            )


def test_the_catalog_is_cached_by_columns_with_defaults_left_out(home: Path) -> None:
    """Field names are written once per checklist, and a default value not at all."""
    doc = cached_catalog(home)
    columns = doc["checklists"][0]["items"]
    assert len(columns["id"]) == len(columns["title"]) == len(columns["due.offset"]) > 3
    sparse = [
        column
        for checklist in doc["checklists"]
        for column in checklist["items"].values()
        if isinstance(column, dict)
    ]
    assert sparse  # most fields of most steps are left as they are
    defaults: tuple[object, ...] = (None, False, [], "normal", "before")
    assert not [value for column in sparse for value in column["values"] if value in defaults]


def test_reading_the_catalog_leaves_garbage_collection_as_it_was(home: Path) -> None:
    """The collector is paused only while the catalog is read: on after it when it was on
    (a hit or a miss alike), and still off when the caller had turned it off."""
    import gc

    assert gc.isenabled()
    assert cache.load_catalog_cached(Store(home)) is not None
    assert gc.isenabled()
    (home / CACHE_DIR / cache.CATALOG_FILE).write_bytes(b"junk")
    assert cache.load_catalog_cached(Store(home)) is None
    assert gc.isenabled()
    gc.disable()
    try:
        cache.load_catalog_cached(Store(home))
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d["checklists"][0].__setitem__("order", "x"),
        lambda d: d["checklists"][0].__setitem__("builtin", "yes"),
        lambda d: d["checklists"][0].__setitem__("extra", 1),
    ],
)
def test_a_forged_checklist_field_is_a_miss(
    home: Path, edit: Callable[[dict[str, Any]], object]
) -> None:
    """A cached checklist with a field forged to a wrong type or an unknown key is never trusted:
    the checklists are read afresh and `status` still works."""
    doc = cached_catalog(home)
    edit(doc)
    forge_catalog(home, doc)
    assert cache.load_catalog_cached(Store(home)) is None
    code, _, err = outcome(cli(home, "status", today=TODAY))
    assert code == 0, err


@pytest.mark.parametrize(
    "edit",
    [
        lambda s: s["items"].__setitem__("finances.save-quietly", {"status": "bogus"}),
        lambda s: s.__setitem__("items", []),
        lambda s: s["custom"].append(
            {
                "checklist": "finances",
                "id": "mine-1",
                "title": "A step",
                "added": {"$dt": "2026-11-30T10:00:00+00:00"},
                "why": None,
                "due": None,
                "priority": "urgent",
            }
        ),
    ],
)
def test_a_forged_plan_state_is_a_miss(
    home: Path, edit: Callable[[dict[str, Any]], object]
) -> None:
    """A plan cache holding values exitplan never writes: read from plan.toml instead, and
    every screen works (no traceback)."""
    path = home / CACHE_DIR / cache.PLAN_FILE
    doc = json.loads(path.read_bytes().partition(b"\n")[2])
    edit(doc["state"])
    path.write_bytes(cache._dumps(doc))
    assert cache.load_cached_plan(Store(home)) is None
    for args in (("status",), ("status", "--json"), ("list",)):
        code, _, err = outcome(cli(home, *args, today=TODAY))
        assert code == 0, err
