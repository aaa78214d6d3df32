"""Checks on the built-in checklist content and the offline helpline list.

These tests read the TOML files directly with the standard library, so they
guard the content on their own; the last test also runs the engine's
validator over the same files once the engine is importable.
"""

from __future__ import annotations

import datetime as dt
import re
import subprocess
import sys
import tomllib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKLIST_DIR = ROOT / "checklists"
HELPLINES_FILE = ROOT / "exitplan" / "helplines.toml"

# id -> order, as the plan lays the checklists out.
EXPECTED_CHECKLISTS = {
    "finances": 10,
    "documents": 20,
    "housing": 30,
    "digital": 40,
    "support": 50,
    "safety": 60,
    "children": 70,
    "leaving-day": 80,
    "after": 90,
    "rebuilding": 100,
}
MIN_ITEMS_PER_CHECKLIST = 10
TOTAL_ITEMS_RANGE = (150, 250)

# The three source articles, cited as "article: <label>". The label is shown on screen,
# where someone else may read it, so it is neutral rather than the published title.
ARTICLE_TITLES = frozenset(
    {
        "What happens when you walk away",
        "Six steps to leaving",
        "A guide to walking away",
    }
)
ARTICLE_PREFIX = "article: "

TOP_KEYS = frozenset({"schema", "id", "title", "summary", "order", "item"})
ITEM_KEYS = frozenset(
    {
        "id",
        "title",
        "why",
        "how",
        "due",
        "priority",
        "when",
        "alerts_partner",
        "caution",
        "sources",
        "tags",
        "applies_if",
        "unless",
        "after",
        "reflective",
    }
)
REQUIRED_ITEM_KEYS = frozenset({"id", "title", "why", "due", "priority", "when", "sources"})
PRIORITIES = frozenset({"critical", "high", "normal", "low"})
WHENS = frozenset({"before", "exit-day", "after"})

SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
DUE = re.compile(r"^(?:exit|[+-]\d+[dw])$")
URL = re.compile(r"^https://[^\s/]+\.[^\s/]+(?:/\S*)?$")
SENTENCE_END = re.compile(r"[.?](?:\"|\)|')?(?=\s|$)")

TITLE_MAX = 70
WHY_MAX_SENTENCES = 3
# Critical is for immediate safety only; keep it to a small share of the plan.
CRITICAL_MAX_SHARE = 0.10

ITEM_TEXT_FIELDS = ("title", "why", "how", "caution")
CHECKLIST_TEXT_FIELDS = ("title", "summary")

HELPLINE_TOP_KEYS = frozenset({"schema", "line"})
HELPLINE_KEYS = frozenset(
    {"region", "service", "number", "kind", "hours", "note", "source", "verified"}
)
HELPLINE_REQUIRED = frozenset({"region", "service", "number", "kind", "source", "verified"})
HELPLINE_KINDS = frozenset({"helpline", "emergency", "text", "web"})
REGION = re.compile(r"^[A-Z]{2}$")
PHONE_NUMBER = re.compile(r"^\+?[0-9][0-9 -]*[0-9]$")
# A fixed "today" for the verification dates, so the suite never depends on the clock.
VERIFIED_NOT_AFTER = dt.date(2026, 12, 1)


def _load(path: Path) -> dict[str, Any]:
    with path.open("rb") as handle:
        return tomllib.load(handle)


@pytest.fixture(scope="module")
def checklists() -> dict[str, dict[str, Any]]:
    """Every built-in checklist, parsed, keyed by file stem."""
    return {path.stem: _load(path) for path in sorted(CHECKLIST_DIR.glob("*.toml"))}


@pytest.fixture(scope="module")
def helplines() -> dict[str, Any]:
    """The parsed helpline file."""
    return _load(HELPLINES_FILE)


def _items(checklists: dict[str, dict[str, Any]]) -> Iterator[tuple[str, dict[str, Any]]]:
    for stem, data in checklists.items():
        for item in data.get("item", []):
            yield f"{stem}.{item.get('id', '?')}", item


def _days(due: str) -> int:
    """Offset of a due string in days; "exit" is zero."""
    if due == "exit":
        return 0
    sign = -1 if due[0] == "-" else 1
    count = int(due[1:-1])
    return sign * count * (7 if due[-1] == "w" else 1)


def _count_sentences(text: str) -> int:
    return max(1, len(SENTENCE_END.findall(text)))


# --- the set of checklists ---------------------------------------------------


def test_checklist_folder_holds_only_toml_files() -> None:
    """The checklists folder ships TOML files only (it is copied into the wheel)."""
    stray = [p.name for p in CHECKLIST_DIR.iterdir() if p.suffix != ".toml"]
    assert stray == []


def test_exactly_the_ten_checklists_exist() -> None:
    """Each of the ten planned checklists has a file, and there are no others."""
    stems = {path.stem for path in CHECKLIST_DIR.glob("*.toml")}
    assert stems == set(EXPECTED_CHECKLISTS)


@pytest.mark.parametrize("stem", sorted(EXPECTED_CHECKLISTS))
def test_checklist_parses_as_toml(stem: str) -> None:
    """Every checklist file is valid TOML."""
    data = _load(CHECKLIST_DIR / f"{stem}.toml")
    assert isinstance(data, dict)


def test_each_checklist_has_enough_items(checklists: dict[str, dict[str, Any]]) -> None:
    """No checklist is a stub: each has at least ten items."""
    small = {
        stem: len(data.get("item", []))
        for stem, data in checklists.items()
        if len(data.get("item", [])) < MIN_ITEMS_PER_CHECKLIST
    }
    assert small == {}


def test_total_item_count_is_in_range(checklists: dict[str, dict[str, Any]]) -> None:
    """The whole plan has between 150 and 250 items."""
    total = sum(len(data.get("item", [])) for data in checklists.values())
    low, high = TOTAL_ITEMS_RANGE
    assert low <= total <= high, total


# --- checklist headers --------------------------------------------------------


def test_top_level_keys_are_exactly_the_schema(checklists: dict[str, dict[str, Any]]) -> None:
    """Each file has all and only the schema's top-level keys."""
    wrong = {stem: sorted(set(data) ^ TOP_KEYS) for stem, data in checklists.items()}
    assert {stem: keys for stem, keys in wrong.items() if keys} == {}


def test_schema_version_is_one(checklists: dict[str, dict[str, Any]]) -> None:
    """Every file declares schema version 1."""
    assert {stem: data.get("schema") for stem, data in checklists.items()} == dict.fromkeys(
        checklists, 1
    )


def test_checklist_id_is_a_slug_equal_to_file_stem(checklists: dict[str, dict[str, Any]]) -> None:
    """A checklist's id is a lowercase slug and matches its file name."""
    for stem, data in checklists.items():
        assert data.get("id") == stem
        assert SLUG.match(stem), stem


def test_checklist_title_and_summary_are_text(checklists: dict[str, dict[str, Any]]) -> None:
    """Each checklist has a non-empty title and summary."""
    for stem, data in checklists.items():
        for field in CHECKLIST_TEXT_FIELDS:
            value = data.get(field)
            assert isinstance(value, str), (stem, field)
            assert value.strip(), (stem, field)


def test_orders_are_unique_and_as_planned(checklists: dict[str, dict[str, Any]]) -> None:
    """Checklist order values are unique integers, in the planned sequence."""
    orders = {stem: data.get("order") for stem, data in checklists.items()}
    assert all(isinstance(order, int) and not isinstance(order, bool) for order in orders.values())
    assert len(set(orders.values())) == len(orders)
    assert orders == EXPECTED_CHECKLISTS


# --- items --------------------------------------------------------------------


def test_items_use_only_known_keys(checklists: dict[str, dict[str, Any]]) -> None:
    """No item has a key outside the schema (a typo must not drop a deadline)."""
    unknown = {ref: sorted(set(item) - ITEM_KEYS) for ref, item in _items(checklists)}
    assert {ref: keys for ref, keys in unknown.items() if keys} == {}


def test_items_have_all_required_keys(checklists: dict[str, dict[str, Any]]) -> None:
    """Every item has an id, title, why, due, priority, when and sources."""
    missing = {ref: sorted(REQUIRED_ITEM_KEYS - set(item)) for ref, item in _items(checklists)}
    assert {ref: keys for ref, keys in missing.items() if keys} == {}


def test_item_ids_are_unique_slugs_within_each_file(
    checklists: dict[str, dict[str, Any]],
) -> None:
    """Item ids are slugs, and no id repeats inside one checklist."""
    for stem, data in checklists.items():
        ids = [item.get("id", "") for item in data.get("item", [])]
        assert [i for i in ids if not SLUG.match(i)] == [], stem
        assert [i for i, n in Counter(ids).items() if n > 1] == [], stem


def test_every_item_explains_why(checklists: dict[str, dict[str, Any]]) -> None:
    """Every item has a non-empty why of one to three sentences."""
    for ref, item in _items(checklists):
        why = item.get("why")
        assert isinstance(why, str), ref
        assert why.strip(), ref
        assert _count_sentences(why) <= WHY_MAX_SENTENCES, ref


def test_optional_text_fields_are_non_empty_when_present(
    checklists: dict[str, dict[str, Any]],
) -> None:
    """How and caution, when given, are non-empty text."""
    for ref, item in _items(checklists):
        for field in ("how", "caution"):
            if field in item:
                assert isinstance(item[field], str), (ref, field)
                assert item[field].strip(), (ref, field)


def test_item_titles_are_short_and_unpunctuated(checklists: dict[str, dict[str, Any]]) -> None:
    """Item titles are at most 70 characters and do not end with a full stop."""
    for ref, item in _items(checklists):
        title = item.get("title")
        assert isinstance(title, str), ref
        assert title.strip(), ref
        assert len(title) <= TITLE_MAX, ref
        assert not title.endswith("."), ref


def test_checklist_titles_do_not_end_with_a_full_stop(
    checklists: dict[str, dict[str, Any]],
) -> None:
    """Checklist titles do not end with a full stop."""
    assert [stem for stem, data in checklists.items() if data["title"].endswith(".")] == []


def test_priority_and_when_are_allowed_values(checklists: dict[str, dict[str, Any]]) -> None:
    """Priority is critical, high, normal or low; when is before, exit-day or after."""
    for ref, item in _items(checklists):
        assert item.get("priority") in PRIORITIES, ref
        assert item.get("when") in WHENS, ref


def test_due_follows_the_offset_grammar(checklists: dict[str, dict[str, Any]]) -> None:
    """Due is "exit" or a signed number of days or weeks, such as -3w or +7d."""
    bad = [ref for ref, item in _items(checklists) if not DUE.match(str(item.get("due")))]
    assert bad == []


def test_due_agrees_with_when(checklists: dict[str, dict[str, Any]]) -> None:
    """Before items are never due after the exit, after items never before it,
    and exit-day items are due exactly on the exit date."""
    for ref, item in _items(checklists):
        days = _days(item["due"])
        if item["when"] == "before":
            assert days <= 0, ref
        elif item["when"] == "after":
            assert days >= 0, ref
        else:
            assert days == 0, ref


def test_alerting_items_carry_a_caution(checklists: dict[str, dict[str, Any]]) -> None:
    """An item that could tip the partner off says how to do it quietly, and
    only such items carry a caution."""
    for ref, item in _items(checklists):
        alerts = item.get("alerts_partner", False)
        assert isinstance(alerts, bool), ref
        assert alerts == ("caution" in item), ref


def test_critical_priority_is_used_sparingly(checklists: dict[str, dict[str, Any]]) -> None:
    """Critical is kept for immediate safety: at most a tenth of all items."""
    items = [item for _, item in _items(checklists)]
    critical = [item for item in items if item.get("priority") == "critical"]
    assert 0 < len(critical) <= CRITICAL_MAX_SHARE * len(items)


def test_tags_are_slugs(checklists: dict[str, dict[str, Any]]) -> None:
    """Tags, when present, are a list of lowercase slugs."""
    for ref, item in _items(checklists):
        tags = item.get("tags", [])
        assert isinstance(tags, list), ref
        assert all(isinstance(tag, str) and SLUG.match(tag) for tag in tags), ref


# --- sources -------------------------------------------------------------------


def test_every_item_cites_at_least_one_source(checklists: dict[str, dict[str, Any]]) -> None:
    """Every item has a non-empty list of distinct sources."""
    for ref, item in _items(checklists):
        sources = item.get("sources")
        assert isinstance(sources, list), ref
        assert sources, ref
        assert len(set(sources)) == len(sources), ref


def test_sources_are_https_addresses_or_known_articles(
    checklists: dict[str, dict[str, Any]],
) -> None:
    """A source is an https address or "article: " plus one of the three article titles."""
    for ref, item in _items(checklists):
        for source in item["sources"]:
            if source.startswith(ARTICLE_PREFIX):
                assert source.removeprefix(ARTICLE_PREFIX) in ARTICLE_TITLES, (ref, source)
            else:
                assert URL.match(source), (ref, source)


def test_every_source_article_is_cited(checklists: dict[str, dict[str, Any]]) -> None:
    """Each of the three source articles backs at least one item."""
    cited = {
        source.removeprefix(ARTICLE_PREFIX)
        for _, item in _items(checklists)
        for source in item["sources"]
        if source.startswith(ARTICLE_PREFIX)
    }
    assert cited == ARTICLE_TITLES


# --- tone ------------------------------------------------------------------------


def _texts(checklists: dict[str, dict[str, Any]]) -> Iterator[tuple[str, str]]:
    """Every piece of wording a person reads, with where it came from.

    Sources are included, the article labels too: they are shown on screen.
    """
    for stem, data in checklists.items():
        for field in CHECKLIST_TEXT_FIELDS:
            yield f"{stem}:{field}", str(data.get(field, ""))
    for ref, item in _items(checklists):
        for field in ITEM_TEXT_FIELDS:
            if field in item:
                yield f"{ref}:{field}", str(item[field])
        for tag in item.get("tags", []):
            yield f"{ref}:tags", str(tag)
        for source in item.get("sources", []):
            yield f"{ref}:sources", str(source)


def test_no_exclamation_marks(checklists: dict[str, dict[str, Any]]) -> None:
    """Calm wording: no exclamation mark anywhere in titles or text."""
    assert [where for where, text in _texts(checklists) if "!" in text] == []


def test_no_diagnosis_of_the_partner(checklists: dict[str, dict[str, Any]]) -> None:
    """The wording, source labels included, never labels the partner a narcissist."""
    assert [where for where, text in _texts(checklists) if "narcissist" in text.lower()] == []


# --- helplines -------------------------------------------------------------------


def test_helpline_file_has_only_known_top_level_keys(helplines: dict[str, Any]) -> None:
    """The helpline file holds a schema version of 1 and a list of lines."""
    assert set(helplines) == HELPLINE_TOP_KEYS
    assert helplines["schema"] == 1
    assert isinstance(helplines["line"], list)
    assert helplines["line"]


def test_helplines_have_required_and_known_fields(helplines: dict[str, Any]) -> None:
    """Each line has region, service, number, kind, source and verified, and nothing unknown."""
    for index, line in enumerate(helplines["line"]):
        assert set(line) >= HELPLINE_REQUIRED, index
        assert set(line) <= HELPLINE_KEYS, index
        for field in HELPLINE_KEYS - {"verified"}:
            if field in line:
                assert isinstance(line[field], str), (index, field)
                assert line[field].strip(), (index, field)


def test_helpline_regions_and_kinds_are_valid(helplines: dict[str, Any]) -> None:
    """Regions are two-letter upper-case codes and kinds come from the allowed set."""
    for index, line in enumerate(helplines["line"]):
        assert REGION.match(line["region"]), index
        assert line["kind"] in HELPLINE_KINDS, index


def test_helpline_numbers_are_dialable_or_addresses(helplines: dict[str, Any]) -> None:
    """A web entry's number is an https address; any other is digits a person can dial."""
    for index, line in enumerate(helplines["line"]):
        if line["kind"] == "web":
            assert URL.match(line["number"]), index
        else:
            assert PHONE_NUMBER.match(line["number"]), index


def test_helpline_sources_are_https(helplines: dict[str, Any]) -> None:
    """Every line names the https address where it was verified."""
    for index, line in enumerate(helplines["line"]):
        assert URL.match(line["source"]), index


def test_helplines_are_verified_on_a_real_past_date(helplines: dict[str, Any]) -> None:
    """Every line has a verified date (a date, not a datetime) no later than 2026-12-01."""
    for index, line in enumerate(helplines["line"]):
        verified = line["verified"]
        assert isinstance(verified, dt.date), index
        assert not isinstance(verified, dt.datetime), index
        assert verified <= VERIFIED_NOT_AFTER, index


def test_helplines_are_not_duplicated(helplines: dict[str, Any]) -> None:
    """No region lists the same number twice."""
    pairs = [(line["region"], line["number"]) for line in helplines["line"]]
    assert len(set(pairs)) == len(pairs)


# --- the engine ------------------------------------------------------------------


def test_engine_validator_accepts_builtin_checklists() -> None:
    """The engine's own validator accepts every built-in checklist file."""
    pytest.importorskip("exitplan.catalog")
    files = [str(path) for path in sorted(CHECKLIST_DIR.glob("*.toml"))]
    result = subprocess.run(
        [sys.executable, "-m", "exitplan", "validate", *files],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
