"""Checks on the built-in checklist content and the offline helpline list.

These tests read the TOML files directly with the standard library, so they
guard the content on their own; the last test also runs the engine's
validator over the same files once the engine is importable.
"""

from __future__ import annotations

import datetime as dt
import re
import subprocess
import tomllib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import EXITPLAN, REPO

ROOT = REPO
CHECKLIST_DIR = ROOT / "checklists"

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
TOTAL_ITEMS_RANGE = (150, 300)

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
        "only_if",
        "unless",
        "after",
        "reflective",
        "checked",
        "batch",
        "soon_if_danger",
        "moot_after_exit",
    }
)
REQUIRED_ITEM_KEYS = frozenset({"id", "title", "why", "priority", "when", "sources", "checked"})
PRIORITIES = frozenset({"critical", "high", "normal", "low"})
# "event": the same day something happens; "anytime": needs no exit date. Neither has a due.
UNDATED = frozenset({"event", "anytime"})
WHENS = frozenset({"before", "exit-day", "after"}) | UNDATED

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

# A fixed "today" for the verification dates, so the suite never depends on the clock.
VERIFIED_NOT_AFTER = dt.date(2026, 12, 5)


def _load(path: Path) -> dict[str, Any]:
    with path.open("rb") as handle:
        return tomllib.load(handle)


@pytest.fixture(scope="module")
def checklists() -> dict[str, dict[str, Any]]:
    """Every built-in checklist, parsed, keyed by file stem."""
    return {path.stem: _load(path) for path in sorted(CHECKLIST_DIR.glob("*.toml"))}


def _items(checklists: dict[str, dict[str, Any]]) -> Iterator[tuple[str, dict[str, Any]]]:
    for stem, data in checklists.items():
        for item in data.get("item", []):
            yield f"{stem}.{item.get('id', '?')}", item


def _dated(checklists: dict[str, dict[str, Any]]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The items that have a due date (every one that is not undated)."""
    for ref, item in _items(checklists):
        if item["when"] not in UNDATED:
            yield ref, item


def _days(due: str) -> int:
    """Offset of a due string in days ("exit" is zero), read by exitplan's own parser: a
    parser of the test's own once read "10d" as 0."""
    from exitplan.domain.dates import parse_offset

    return parse_offset(due)


def _count_sentences(text: str) -> int:
    return max(1, len(SENTENCE_END.findall(text)))


# --- the set of checklists ---------------------------------------------------


def test_checklist_folder_holds_only_toml_files() -> None:
    """The checklists folder ships TOML files only (it is copied into the wheel), and language
    folders of TOML files (`es/`: the same checklists translated; `es_ES/`: a country's own
    words over them)."""
    stray = [
        p.name
        for p in CHECKLIST_DIR.iterdir()
        if p.suffix != ".toml"
        and not (p.is_dir() and re.fullmatch(r"[a-z]{2,3}(_[A-Z]{2})?", p.name))
    ]
    stray += [
        f"{p.parent.name}/{p.name}"
        for folder in CHECKLIST_DIR.iterdir()
        if folder.is_dir()
        for p in folder.iterdir()
        if p.suffix != ".toml" or not p.is_file()
    ]
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
    """Every item has an id, title, why, priority, when, sources and the day they were checked,
    and a due date unless it is undated (done when something happens, or any time)."""
    missing = {ref: sorted(REQUIRED_ITEM_KEYS - set(item)) for ref, item in _items(checklists)}
    assert {ref: keys for ref, keys in missing.items() if keys} == {}
    undated_with_due = [
        ref for ref, item in _items(checklists) if item.get("when") in UNDATED and "due" in item
    ]
    assert undated_with_due == []
    dated_without_due = [ref for ref, item in _dated(checklists) if "due" not in item]
    assert dated_without_due == []


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
    """Item titles are at most 70 characters in general words and 80 in any place's own words
    (a title may name a local fact), and do not end with a full stop."""
    from exitplan.domain.region import fill
    from exitplan.formats.regions import load_places, local_for

    places = [local_for(place.code) for place in load_places()]
    for ref, item in _items(checklists):
        title = item.get("title")
        assert isinstance(title, str), ref
        assert title.strip(), ref
        assert len(fill(title, None)) <= TITLE_MAX, ref
        for place in places:
            assert place is not None
            assert len(fill(title, place.texts())) <= TITLE_MAX + 10, (ref, place.code)
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
    bad = [ref for ref, item in _dated(checklists) if not DUE.match(str(item.get("due")))]
    assert bad == []


def due_against_when(checklists: dict[str, dict[str, Any]]) -> list[str]:
    """The items whose due disagrees with their when: a before item due after the exit, an
    after item due before it, an exit-day item due on another day."""
    wrong = []
    for ref, item in _dated(checklists):
        days = _days(item["due"])
        fits = {"before": days <= 0, "after": days >= 0}.get(item["when"], days == 0)
        if not fits:
            wrong.append(ref)
    return wrong


def test_due_agrees_with_when(checklists: dict[str, dict[str, Any]]) -> None:
    """Before items are never due after the exit, after items never before it,
    and exit-day items are due exactly on the exit date."""
    assert due_against_when(checklists) == []


def test_a_due_that_disagrees_with_its_when_is_found() -> None:
    """The rule above sees what it looks for: ten days, weeks, and an unsigned count are read
    as the days they say (a count without a sign was once read as zero, passing anything)."""
    items = [
        {"id": "late", "when": "before", "due": "+10d"},
        {"id": "early", "when": "after", "due": "-2w"},
        {"id": "unsigned", "when": "exit-day", "due": "10d"},
        {"id": "fine", "when": "before", "due": "-10d"},
        {"id": "today", "when": "exit-day", "due": "exit"},
    ]
    assert due_against_when({"t": {"item": items}}) == ["t.late", "t.early", "t.unsigned"]
    assert [_days(due) for due in ("10d", "-10d", "+3w", "exit")] == [10, -10, 21, 0]


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


# Help numbers live in the region files: tests/unit/formats/test_regions.py checks them.


# --- the engine ------------------------------------------------------------------


@pytest.mark.process
def test_engine_validator_accepts_builtin_checklists() -> None:
    """The engine's own validator accepts every built-in checklist file."""
    files = [str(path) for path in sorted(CHECKLIST_DIR.glob("*.toml"))]
    result = subprocess.run(
        [*EXITPLAN, "validate", *files],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


# --- situation, order and reflection ------------------------------------------------

# The steps that script a conversation with the partner on the day: only for someone
# who has chosen to tell them in person.
EXIT_DAY_SCRIPTS = (
    "leaving-day.say-lines",
    "leaving-day.no-arguing",
    "leaving-day.flat-tone",
    "leaving-day.no-comforting",
)
# Steps that can be noticed by the partner: each must be flagged and say how to do it quietly.
MUST_ALERT = (
    "leaving-day.gradual-steps",
    "safety.numbers-on-paper",
    "documents.photos-damage",
    "documents.messages",
    "after.block-everywhere",
    "rebuilding.own-decision",
    "rebuilding.one-interest",
    "digital.trackers-quiet-check",
    "digital.car-app",
    "digital.separate-line",
    "digital.location-off",
    "documents.legal-papers",
    "documents.document-list",
    "safety.spare-keys",
    "safety.medication",
    "leaving-day.lines",
    "housing.reverse-park",
    "support.lawyer",
)


def _by_ref(checklists: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return dict(_items(checklists))


def _applies(item: dict[str, Any], answers: dict[str, bool]) -> bool:
    from exitplan.domain.situation import applies

    return applies(
        item.get("applies_if", []), item.get("unless", []), answers, item.get("only_if", [])
    )


def test_steps_that_can_be_noticed_are_flagged(checklists: dict[str, dict[str, Any]]) -> None:
    """Steps the partner could notice are flagged, and their caution says what to do."""
    items = _by_ref(checklists)
    unflagged = [ref for ref in MUST_ALERT if not items[ref].get("alerts_partner")]
    assert unflagged == []
    assert all(len(items[ref]["caution"]) >= 40 for ref in MUST_ALERT)


def test_every_step_has_a_source_besides_the_articles(
    checklists: dict[str, dict[str, Any]],
) -> None:
    """No step rests on the three articles alone: each cites a public address too."""
    bare = [
        ref
        for ref, item in _items(checklists)
        if not any(URL.match(source) for source in item["sources"])
    ]
    assert bare == []


def test_no_source_label_names_a_diagnosis(checklists: dict[str, dict[str, Any]]) -> None:
    """The source labels shown on screen never say "narcissist"."""
    labels = [
        (ref, source)
        for ref, item in _items(checklists)
        for source in item["sources"]
        if "narcissist" in source.lower()
    ]
    assert labels == []


def test_exit_day_scripts_are_only_for_someone_who_tells(
    checklists: dict[str, dict[str, Any]],
) -> None:
    """The conversation scripts are only for someone who said they will tell in person: telling
    is the more dangerous way to leave, so nobody who has not said yes is handed a script."""
    items = _by_ref(checklists)
    for ref in EXIT_DAY_SCRIPTS:
        assert not _applies(items[ref], {"tell_in_person": False}), ref
        assert _applies(items[ref], {"tell_in_person": True}), ref
        assert not _applies(items[ref], {}), ref


def test_deciding_whether_to_tell_is_for_everyone(checklists: dict[str, dict[str, Any]]) -> None:
    """The step that weighs telling them at all is never hidden by any answer."""
    item = _by_ref(checklists)["leaving-day.tell-or-not"]
    assert _applies(item, {"tell_in_person": False})
    assert _applies(item, {"tell_in_person": True})


def test_each_danger_sign_has_a_critical_step(checklists: dict[str, dict[str, Any]]) -> None:
    """Weapons, strangling, threats to kill and stalking each have a critical step that
    applies when the answer is yes and is set aside when it is no."""
    from exitplan.domain.situation import DANGER_KEYS

    assert {"weapons", "strangled", "threats_to_kill", "stalking"} <= DANGER_KEYS
    for key in sorted(DANGER_KEYS):
        steps = [
            ref
            for ref, item in _items(checklists)
            if item["priority"] == "critical" and key in item.get("applies_if", [])
        ]
        assert steps, key
        items = _by_ref(checklists)
        for ref in steps:
            assert _applies(items[ref], {key: True}), ref
            assert not _applies(items[ref], {key: False}), ref


def test_situation_keys_are_known(checklists: dict[str, dict[str, Any]]) -> None:
    """Conditions name only the situation questions the plan asks."""
    from exitplan.domain.situation import KEYS

    unknown = {
        ref: sorted(set(item.get("applies_if", []) + item.get("unless", [])) - KEYS)
        for ref, item in _items(checklists)
    }
    assert {ref: keys for ref, keys in unknown.items() if keys} == {}


def test_children_and_pet_steps_depend_on_the_answer(
    checklists: dict[str, dict[str, Any]],
) -> None:
    """Every step of the children checklist is set aside for someone with no children
    (or, for the pet steps, no pets)."""
    for item in checklists["children"]["item"]:
        key = "pets" if item["id"].startswith("pet") else "children"
        assert not _applies(item, {key: False}), item["id"]
        assert _applies(item, {}), item["id"]


def test_unanswered_questions_hide_only_the_exit_day_scripts(
    checklists: dict[str, dict[str, Any]],
) -> None:
    """With no answers given, every built-in step is in the plan except the scripts for telling
    them in person, which wait for a yes."""
    hidden = [ref for ref, item in _items(checklists) if not _applies(item, {})]
    assert sorted(hidden) == sorted(EXIT_DAY_SCRIPTS)


def test_order_refers_to_real_earlier_steps(checklists: dict[str, dict[str, Any]]) -> None:
    """Each "after" names an existing step that is due no later than the step itself."""
    items = _by_ref(checklists)
    for ref, item in items.items():
        stem = ref.split(".", 1)[0]
        for target in item.get("after", []):
            full = target if "." in target else f"{stem}.{target}"
            assert full in items, (ref, target)
            assert full != ref, ref
            # Only dated steps are ordered: an undated step neither comes after nor before one.
            assert item["when"] not in UNDATED, ref
            assert items[full]["when"] not in UNDATED, (ref, full)
            assert _days(items[full]["due"]) <= _days(item["due"]), (ref, full)


def test_reflective_steps_are_never_critical(checklists: dict[str, dict[str, Any]]) -> None:
    """A thought to hold is never a critical deadline."""
    wrong = [
        ref
        for ref, item in _items(checklists)
        if item.get("reflective") and item["priority"] == "critical"
    ]
    assert wrong == []
    assert all(isinstance(item.get("reflective", False), bool) for _, item in _items(checklists))


def test_emotional_steps_are_reflective(checklists: dict[str, dict[str, Any]]) -> None:
    """Recovery steps, and judging the relationship by its record, are never overdue."""
    items = _by_ref(checklists)
    assert all(item.get("reflective") for item in checklists["rebuilding"]["item"])
    for ref in ("leaving-day.readiness", "after.withdrawal", "after.new-partner"):
        assert items[ref].get("reflective"), ref


def test_leaving_early_is_a_rule_from_day_one(checklists: dict[str, dict[str, Any]]) -> None:
    """Leaving early when it turns dangerous has the longest lead of any step."""
    earliest = min(_days(item["due"]) for _, item in _dated(checklists))
    assert _days(_by_ref(checklists)["safety.leave-early"]["due"]) == earliest


# --- sources, round two: anchors, weak pages and the check date -----------------------

# The anchors the advocates' reviews checked against, and primary sources: governments, courts,
# the services' own pages. A step must cite at least one of them, not only the articles.
ANCHOR_HOSTS = (
    "thehotline.org",
    "loveisrespect.org",
    "womenslaw.org",
    "techsafety.org",
    "techsafety.ca",
    "techsafety.org.au",
    "refuge.org.uk",
    "refugetechsafety.org",
    "womensaid.org.uk",
    "1800respect.org.au",
    "stopstalkerware.org",
    "support.apple.com",
    "support.google.com",
    "esafety.gov.au",
    # Women's Aid and other domestic-abuse services, on their own pages.
    "nottswa.org",
    "lwa.org.uk",
    "foylewomensaid.org",
    "sheltersafe.ca",
    "moneyhelper.org.uk",
    "esperanzashelter.org",
    "safeplacenow.com",
    "gbmc.org",
    "galop.org.uk",
    "nrpfnetwork.org.uk",
    "genesishouseshelter.org",
    "csd.org",
    "startbybelieving.org",
    "masslegalhelp.org",
)
# Governments, courts and public services.
PUBLIC_SUFFIXES = (".gov", ".gov.uk", ".gov.au", ".govt.nz", ".gc.ca", ".nhs.uk", ".police.uk")
# Weak kinds of source the second review named: document dumps and mirrors, a staff biography,
# lead-generation and law-firm marketing, vendor blogs, news, pages for clinicians, a church's
# staff guide, and third-party copies of other organisations' text.
WEAK_HOSTS = (
    "docsbay.net",
    "vdocuments",
    "studylib",
    "scribd.com",
    "pdfslide",
    "docslib.org",
    "help4dv.org",
    "legalmatch.com",
    "srlawpa.com",
    "freemovement.org.uk",
    "kaspersky.com",
    "lifewire.com",
    "macrumors.com",
    "pharmaceutical-journal.com",
    "racgp.org.au",
    "healthed.com.au",
    "churchofscotland.org.uk",
    "goaskrose.com",
    "dvresources.support",
    "lockdownyourlife.com",
    "hoperising613.com",
    "aaapbtc.org",
    "familylawhotline.org",
    "victimservices.us",
    "boostmobile.com",
    "westmerciawomensaid.org",
    "hartlepoolnow.co.uk",
)
# Words an address shown on screen must never hold: someone may be reading over a shoulder.
ADDRESS_WORDS = ("abuser", "victim")
CHECKED_NOT_AFTER = VERIFIED_NOT_AFTER


def _host(url: str) -> str:
    return url.split("://", 1)[1].split("/", 1)[0].lower().removeprefix("www.")


def _addresses(checklists: dict[str, dict[str, Any]]) -> Iterator[tuple[str, str]]:
    for ref, item in _items(checklists):
        for source in item["sources"]:
            if not source.startswith(ARTICLE_PREFIX):
                yield ref, source


def _is_anchor(url: str) -> bool:
    host = _host(url)
    return any(host == a or host.endswith("." + a) for a in ANCHOR_HOSTS) or host.endswith(
        PUBLIC_SUFFIXES
    )


def test_every_step_cites_an_anchor_page(checklists: dict[str, dict[str, Any]]) -> None:
    """Each step cites at least one anchor, government or service page that says what it says."""
    bare = [
        ref
        for ref, item in _items(checklists)
        if not any(_is_anchor(s) for s in item["sources"] if not s.startswith(ARTICLE_PREFIX))
    ]
    assert bare == []


def test_no_step_cites_a_weak_source(checklists: dict[str, dict[str, Any]]) -> None:
    """No document dump, mirror, staff page, marketing, vendor blog, news or clinicians' page."""
    weak = [(ref, url) for ref, url in _addresses(checklists) if any(w in url for w in WEAK_HOSTS)]
    assert weak == []


def test_no_source_is_a_bare_home_page(checklists: dict[str, dict[str, Any]]) -> None:
    """A home page cannot support a specific claim: every address names a page."""
    bare = [
        (ref, url)
        for ref, url in _addresses(checklists)
        if url.split("://", 1)[1].rstrip("/").count("/") == 0
    ]
    assert bare == []


def test_no_address_on_screen_names_the_partner_or_the_person(
    checklists: dict[str, dict[str, Any]],
) -> None:
    """No source address says "abuser" or "victim(s)": it is shown on screen and in summaries."""
    named = [
        (ref, url)
        for ref, url in _addresses(checklists)
        if any(word in url.lower() for word in ADDRESS_WORDS)
    ]
    assert named == []


def test_every_step_says_when_its_sources_were_checked(
    checklists: dict[str, dict[str, Any]],
) -> None:
    """Each step carries the day its sources were last checked: a date, not in the future."""
    for ref, item in _items(checklists):
        checked = item["checked"]
        assert isinstance(checked, dt.date), ref
        assert not isinstance(checked, dt.datetime), ref
        assert checked <= CHECKED_NOT_AFTER, ref


# --- timing, round two -------------------------------------------------------------------

# Steps done when something happens: the same day, never overdue, never behind.
EVENT_STEPS = (
    "documents.photos-damage",
    "documents.medical-records",
    "safety.strangled-care",
    "safety.sexual-violence-care",
    "after.log-breaches",
    "children.contact-calendar",
)
# Changes that can send the partner an alert: after the exit, from somewhere safe.
LOCKDOWNS = (
    "finances.bank-security",
    "digital.passwords",
    "digital.recovery-details",
    "digital.linked-devices",
    "digital.family-plans",
)
# What decides whether anything else is safe, or whether and where someone can go: the start.
FIRST_OF_ALL = (
    "digital.safer-device",
    "digital.spyware-signs",
    "digital.message-sync",
    "digital.private-calls",
    "support.immigration-advice",
    "support.care-needs",
)
# Steps that need a new account, and the account they need (done no later than the step).
NEEDS = {
    "digital.new-cloud": "digital.new-email",
    "finances.own-account": "digital.new-email",
    "documents.copies": "digital.new-cloud",
    "documents.messages": "digital.new-cloud",
    "finances.copy-statements": "digital.new-cloud",
    "digital.recovery-details": "digital.new-email",
    "finances.move-income": "finances.own-account",
}


def _after(ref: str, item: dict[str, Any]) -> set[str]:
    stem = ref.split(".", 1)[0]
    return {t if "." in t else f"{stem}.{t}" for t in item.get("after", [])}


def test_event_steps_have_no_date_and_say_the_same_day(
    checklists: dict[str, dict[str, Any]],
) -> None:
    """Photographing injuries, care after choking, records of a visit: done when it happens."""
    items = _by_ref(checklists)
    for ref in EVENT_STEPS:
        item = items[ref]
        assert item["when"] == "event", ref
        assert "due" not in item, ref
        assert "same day" in (item["title"] + " " + item["why"] + " " + item.get("how", "")), ref


def test_no_account_lockdown_before_the_exit(checklists: dict[str, dict[str, Any]]) -> None:
    """Changing passwords, recovery details, linked devices and bank security can each send an
    alert: they come after the exit, flagged, and say to do it somewhere safe."""
    items = _by_ref(checklists)
    for ref in LOCKDOWNS:
        item = items[ref]
        assert item["when"] == "after", ref
        assert _days(item["due"]) > 0, ref
        assert item.get("alerts_partner"), ref
        assert "safe" in item["caution"], ref
    # The new passwords are chosen calmly beforehand, and kept offline.
    prepared = items["digital.prepare-passwords"]
    assert prepared["when"] == "before"
    assert "digital.prepare-passwords" in _after("digital.passwords", items["digital.passwords"])


def test_tracker_checks_come_before_travelling(checklists: dict[str, dict[str, Any]]) -> None:
    """Every check for trackers happens before the journey to the safe place, not after it, and
    the day's check says never to carry a found tracker there."""
    for ref, item in _dated(checklists):
        if "tracker" in item["title"].lower():
            assert _days(item["due"]) <= 0, ref
    day_check = _by_ref(checklists)["digital.trackers"]
    assert day_check["when"] == "exit-day"
    assert "never carry" in day_check["how"].lower()
    assert "48 hours" in day_check["how"]


def test_the_tracked_phone_stays_on_until_you_have_left(
    checklists: dict[str, dict[str, Any]],
) -> None:
    """No step tells the person to switch the watched phone off before they set out."""
    items = _by_ref(checklists)
    assert "switched off when you are not using it" not in items["digital.separate-phone"]["how"]
    assert "until you set out" in items["digital.separate-phone"]["how"]
    location = items["digital.location-off"]["how"]
    assert "after you have left" in location
    assert "never at the safe place" in location


def test_checks_that_decide_everything_else_come_first(
    checklists: dict[str, dict[str, Any]],
) -> None:
    """Whether a device is watched, immigration and care needs: at the very start of the plan."""
    earliest = min(_days(item["due"]) for _, item in _dated(checklists))
    items = _by_ref(checklists)
    assert {ref: _days(items[ref]["due"]) for ref in FIRST_OF_ALL} == dict.fromkeys(
        FIRST_OF_ALL, earliest
    )


def test_steps_needing_an_account_come_after_it(checklists: dict[str, dict[str, Any]]) -> None:
    """A step that uses the new email, cloud account or own bank account names it in `after`."""
    items = _by_ref(checklists)
    for ref, needed in NEEDS.items():
        assert needed in _after(ref, items[ref]), (ref, needed)


def test_address_privacy_is_settled_before_it_can_leak(
    checklists: dict[str, dict[str, Any]],
) -> None:
    """Keeping the address off court papers is asked before filing; the post box and address
    confidentiality are in place on or before moving day."""
    items = _by_ref(checklists)
    advice = items["support.protection-order-advice"]
    assert advice["when"] == "before"
    assert "address" in advice["how"]
    assert "support.protection-order-advice" in _after(
        "after.protection-order", items["after.protection-order"]
    )
    for ref in ("after.po-box", "after.address-confidentiality"):
        assert _days(items[ref]["due"]) <= 0, ref


def test_income_changes_are_arranged_a_pay_cycle_ahead(
    checklists: dict[str, dict[str, Any]],
) -> None:
    """Pay and benefits move to the own account from the first payday after the exit: the
    change is asked for beforehand."""
    item = _by_ref(checklists)["finances.move-income"]
    assert item["when"] == "before"
    assert _days(item["due"]) <= -14
    assert "first payday after" in item["how"]


def test_order_timing_is_discussed_before_leaving(checklists: dict[str, dict[str, Any]]) -> None:
    """An order without notice, or a police notice timed with the exit, and the moment of
    service are planned before leaving; nobody is told to serve papers themselves."""
    item = _by_ref(checklists)["support.order-served"]
    assert item["when"] == "before"
    assert "without notice" in item["how"]
    assert "Never hand them the papers yourself" in item["how"]


# --- a plan for staying, for now ----------------------------------------------------------


def test_a_staying_for_now_plan_needs_no_exit_date(checklists: dict[str, dict[str, Any]]) -> None:
    """Enough steps need no exit date for a calm plan without one: staying safer, and going
    back without losing the plan. They apply to everyone who has answered nothing."""
    now = {ref: item for ref, item in _items(checklists) if item["when"] == "anytime"}
    assert len(now) >= 8
    assert all("due" not in item for item in now.values())
    assert all(item["priority"] != "critical" for item in now.values())
    assert {"safety.plan-for-now", "safety.going-back", "safety.start-again"} <= set(now)
    everyone = [ref for ref, item in now.items() if _applies(item, {})]
    assert len(everyone) >= 8
    back = now["safety.going-back"]["how"]
    for kept in ("bag", "code word", "numbers", "exitplan date --clear"):
        assert kept in back, kept


def test_a_gradual_exit_is_set_aside_when_a_danger_sign_is_yes(
    checklists: dict[str, dict[str, Any]],
) -> None:
    """With any danger sign answered yes, the gradual exit gives way to a quick, prepared one."""
    from exitplan.domain.situation import DANGER_KEYS

    item = _by_ref(checklists)["leaving-day.gradual-steps"]
    assert _applies(item, {"live_together": True})
    for key in DANGER_KEYS:
        assert not _applies(item, {"live_together": True, key: True}), key
    assert "danger" in _by_ref(checklists)["leaving-day.choose-approach"]["why"]


# --- words, round two ----------------------------------------------------------------------

# Abuse is not an argument; commands that sound like judgement; labels the anchors do not use.
MUTUAL_WORDS = re.compile(r"\bargu(e|ment|ments|ing)\b", re.I)
JUDGEMENT = (
    "not up for negotiation",
    "Stop waiting",
    "Stop checking",
    "Accept that",
    "Let go of",
    "Decide not to",
)
LABELS = ("hoovering", "love bombing", "grey rock", "gray rock", "smear campaign", "trauma bond")


def test_violence_is_never_called_an_argument(checklists: dict[str, dict[str, Any]]) -> None:
    """Titles never frame violence as a mutual argument."""
    framed = [
        ref for ref, item in _items(checklists) if re.search(r"\barguments?\b", item["title"], re.I)
    ]
    assert framed == []
    # Nor does any text speak of "arguments" as what happens at home.
    assert [w for w, text in _texts(checklists) if re.search(r"\barguments\b", text, re.I)] == []
    assert MUTUAL_WORDS.search("if an argument starts")


def test_no_command_reads_as_judgement(checklists: dict[str, dict[str, Any]]) -> None:
    """Invitations, not verdicts: none of the judgement-sounding commands the review named."""
    found = [(w, p) for w, text in _texts(checklists) for p in JUDGEMENT if p in text]
    assert found == []


def test_no_pop_psychology_labels(checklists: dict[str, dict[str, Any]]) -> None:
    """Labels the anchors do not use as plain terms are gone from what a person reads."""
    found = [
        (w, label)
        for w, text in _texts(checklists)
        if not w.endswith(":sources")
        for label in LABELS
        if label in text.lower()
    ]
    assert found == []


def test_specific_safety_wording(checklists: dict[str, dict[str, Any]]) -> None:
    """The review's points that could get someone hurt stay fixed."""
    items = _by_ref(checklists)
    assert "call emergency services" in items["safety.neighbour"]["how"]
    assert "who they should not" not in items["safety.neighbour"]["how"]
    assert "Do not move or hide them yourself" not in items["safety.weapons-plan"]["how"]
    assert "hand weapons over" in items["safety.weapons-plan"]["how"]
    assert "emergency department" in items["safety.strangled-care"]["how"]
    assert "what they must report" in items["documents.medical-records"]["how"]
    assert "portal" in items["documents.medical-records"]["how"]
    assert "say where you are" in items["support.silent-call"]["how"]
    assert "share children" in items["after.no-reply"]["how"]
    assert "without a court order can be unlawful" in items["after.locks"]["how"]
    assert "your choice" in items["after.block-everywhere"]["why"]
    assert "abduction" in items["children.take-children"]["why"]
    assert "cannot refuse the other parent" in items["children.school-pickup"]["why"]
    assert "both parents' consent" in items["documents.replace-missing"]["why"]


def test_the_partner_is_never_labelled(checklists: dict[str, dict[str, Any]]) -> None:
    """The words a person reads say "your partner" or "they", never a label for the partner."""
    labelled = [
        where
        for where, text in _texts(checklists)
        if not where.endswith(":sources") and re.search(r"\b(abuser|perpetrator)s?\b", text, re.I)
    ]
    assert labelled == []
