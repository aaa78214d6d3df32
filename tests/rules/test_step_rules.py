"""Rules for the built-in steps as a whole: numbers people have learnt stay, a step for "if it
happens" never depends on the past, no two steps give opposite instructions about one thing, and
steps that name a place, a car, children or pets follow the answers and the region."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from typing import Any

import pytest
from helpers import DATA, REPO

CHECKLIST_DIR = REPO / "checklists"
TEXT_FIELDS = ("title", "why", "how", "caution")
PLACEHOLDER = re.compile(r"\{\{[^}]*\}\}")


@pytest.fixture(scope="module")
def steps() -> dict[str, dict[str, Any]]:
    """Every built-in step, parsed, by its full id."""
    found: dict[str, dict[str, Any]] = {}
    for path in sorted(CHECKLIST_DIR.glob("*.toml")):
        with path.open("rb") as handle:
            data = tomllib.load(handle)
        for item in data["item"]:
            found[f"{data['id']}.{item['id']}"] = item
    return found


def _text(item: dict[str, Any]) -> str:
    """A step's words, without the place placeholders (the region files fill those)."""
    return PLACEHOLDER.sub("", " ".join(item.get(name) or "" for name in TEXT_FIELDS))


def _sentences(item: dict[str, Any]) -> Iterator[str]:
    for name in TEXT_FIELDS:
        yield from re.split(r"(?<=[.;:])\s+", PLACEHOLDER.sub("", item.get(name) or ""))


# --- numbers ----------------------------------------------------------------------------------


def learnt_numbers() -> dict[str, int]:
    """The numbers the built-in steps had when people started learning them."""
    numbers = {}
    for line in (DATA / "step-numbers.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            number, ref = line.split()
            numbers[ref] = int(number)
    return numbers


def test_every_step_keeps_the_number_people_learnt() -> None:
    """Each built-in step has the number it has always had: a new step takes the next free
    number and is written in tests/data/step-numbers.txt, never a number someone learnt."""
    from exitplan.domain.plan import build_plan
    from exitplan.formats.checklistfile import load_catalog

    learnt = learnt_numbers()
    numbers = {entry.full_id: entry.number for entry in build_plan(load_catalog(), None).entries}
    assert numbers == learnt
    assert sorted(numbers.values()) == list(range(1, len(numbers) + 1))


def test_steps_of_a_later_round_are_numbered_after_the_first(
    steps: dict[str, dict[str, Any]],
) -> None:
    """The 242 steps of the first round keep 1 to 242; every step added since carries a
    `batch` and a number after them, so adding one never moves another."""
    learnt = learnt_numbers()
    first = sorted(learnt[ref] for ref, item in steps.items() if "batch" not in item)
    assert first == list(range(1, 243))
    later = [learnt[ref] for ref, item in steps.items() if item.get("batch", 0) >= 1]
    assert later, "the later rounds of steps are numbered too"
    assert min(later) == 243


# --- timing: "if it happens", danger signs, after the exit -------------------------------------


def past_keys() -> frozenset[str]:
    """The situation questions about what has already happened ("have they ever ...")."""
    from exitplan.domain.situation import QUESTIONS

    return frozenset(q.key for q in QUESTIONS if re.search(r"\bever\b", q.text))


def test_no_step_for_if_it_happens_depends_on_the_past(steps: dict[str, dict[str, Any]]) -> None:
    """A same-day step (care after choking) is for everyone: answering "no" to whether it ever
    happened never hides what to do if it does."""
    past = past_keys()
    assert {"strangled", "threats_to_kill"} <= past
    depends = {
        ref: sorted(past.intersection(item.get(key, [])))
        for ref, item in steps.items()
        if item["when"] == "event"
        for key in ("applies_if", "only_if")
        if past.intersection(item.get(key, []))
    }
    assert depends == {}
    assert "applies_if" not in steps["safety.strangled-care"]


HASTENED = (
    "safety.go-bag",
    "safety.stash-with-friend",
    "support.protection-order-advice",
    "support.order-served",
    "digital.trackers-quiet-check",
)


def test_danger_signs_hasten_the_bag_the_stash_and_the_order(
    steps: dict[str, dict[str, Any]],
) -> None:
    """The bag, the stash, the order steps and the quiet tracker look are due within a week of
    any danger sign answered yes; only steps before the exit are hastened."""
    assert sorted(ref for ref, item in steps.items() if item.get("soon_if_danger")) == sorted(
        HASTENED
    )
    assert all(steps[ref]["when"] == "before" for ref in HASTENED)


def test_steps_that_only_make_sense_before_going_are_moot_after_it(
    steps: dict[str, dict[str, Any]],
) -> None:
    """Practising the route out, the quiet tracker look and the leaving-day scripts are never
    behind once the exit has passed; no step after the exit is ever moot."""
    moot = {ref for ref, item in steps.items() if item.get("moot_after_exit")}
    assert {"safety.rehearse", "digital.trackers-quiet-check", "leaving-day.say-lines"} <= moot
    assert all(steps[ref]["when"] in {"before", "exit-day"} for ref in moot)


# --- instructions that contradict each other ---------------------------------------------------

# For each object, two kinds of instruction that cannot both be followed. A pair is a conflict
# when one step (or the same step) says the first and another says the second, on the same part
# of the journey (before, on the day, after) when `same_phase` is set.
CONFLICTS: tuple[tuple[str, str, str, bool], ...] = (
    (
        "tracker",
        r"\bleave (?:it|the tracker) (?:in place|where it is)\b",
        r"\bnever carry (?:a|the|any) tracker\b",
        True,
    ),
    (
        "safe account",
        r"\bshared phone\b[^.]*\b(?:copy|save|upload)\b[^.]*\bsafe account\b"
        r"|\b(?:copy|save|upload)\b[^.]*\bsafe account\b[^.]*\bshared phone\b"
        r"|\bcopy (?:them|the photos) to your safe account\b",
        r"\bnever sign in to your safe account on a shared or watched phone\b",
        False,
    ),
    (
        "usual phone",
        r"\bkeep using your usual phone\b|\bchange nothing on the tracked phone\b",
        r"\b(?:reset|switch off|turn off|remove the apps from)\b[^.]*\b(?:usual|tracked) phone\b",
        True,
    ),
    (
        "children's secrets",
        r"\b(?:not to tell anyone|keep (?:it|the word) (?:a )?secret)\b",
        r"\bif they repeat something\b[^.]*\bdo not blame them\b",
        False,
    ),
)


def conflicts(items: dict[str, dict[str, Any]]) -> list[tuple[str, str, str]]:
    """The (object, step, step) pairs whose instructions contradict each other."""
    found = []
    for name, first, second, same_phase in CONFLICTS:
        says_first = [ref for ref, item in items.items() if re.search(first, _text(item), re.I)]
        says_second = [ref for ref, item in items.items() if re.search(second, _text(item), re.I)]
        for a in says_first:
            for b in says_second:
                if not same_phase or items[a]["when"] == items[b]["when"]:
                    found.append((name, a, b))
    return found


def test_no_two_steps_contradict_each_other(steps: dict[str, dict[str, Any]]) -> None:
    """No step says the opposite of another (or of itself) about a tracker, the safe account,
    the usual phone or what children must keep secret."""
    assert conflicts(steps) == []


def test_the_contradiction_rule_finds_the_old_tracker_advice() -> None:
    """The rule finds a step that both says never to carry a tracker and to leave it in place,
    and the old copying advice that signed in to the safe account on a shared phone."""
    old = {
        "digital.trackers": {
            "when": "exit-day",
            "title": "Check for trackers before you travel to the safe place",
            "how": "Never carry a tracker you found to the safe place.",
            "caution": "Leave it in place and change your route.",
        },
        "documents.copies": {
            "when": "before",
            "title": "Photograph or copy every document",
            "how": "If you must use a shared phone, copy the photos to your safe account first.",
        },
        "documents.messages": {
            "when": "before",
            "title": "Save messages",
            "caution": "Never sign in to your safe account on a shared or watched phone.",
        },
    }
    assert sorted(conflicts(old)) == [
        ("safe account", "documents.copies", "documents.messages"),
        ("tracker", "digital.trackers", "digital.trackers"),
    ]


# --- steps follow the answers and the region ---------------------------------------------------

NAMED = {
    "children": r"\bchild(?:ren)?\b",
    "car": r"\b(?:cars?|vehicles?|drive)\b",
    "pets": r"\b(?:pets?|animals?)\b",
}
# Words that make a title's mention conditional: "for you and any children".
CONDITIONAL = re.compile(r"^if\b|\bany\b", re.I)


def test_titles_that_name_children_a_car_or_pets_follow_the_answer(
    steps: dict[str, dict[str, Any]],
) -> None:
    """A step whose title names children, a car or pets is set aside when the answer is no, or
    says it in a conditional way ("if you drive", "any children")."""
    unconditional = [
        (ref, key)
        for ref, item in steps.items()
        for key, pattern in NAMED.items()
        if re.search(pattern, item["title"], re.I)
        and key not in item.get("applies_if", []) + item.get("only_if", [])
        and not CONDITIONAL.search(item["title"])
    ]
    assert unconditional == []


def place_names() -> dict[str, str]:
    """Every name of a country or part exitplan knows (English, as written), with its country."""
    from exitplan.formats.regions import countries, parts_of

    names = {}
    for country in countries("en"):
        for place in (country, *parts_of(country, "en")):
            for name in (place.name, *place.aliases):
                if name.isascii() and len(name) > 2 and name[0].isupper():
                    names[name] = country.code
    return names


def test_steps_name_a_place_only_where_they_are_kept_for_it(
    steps: dict[str, dict[str, Any]],
) -> None:
    """No general step says "In Canada, ..." to someone in Scotland: a step that names a place
    is kept for that place (its `regions`), and a place's own words come from its region file."""
    names = place_names()
    assert {"Canada", "Scotland", "United Kingdom"} <= set(names)
    misplaced = [
        (ref, name)
        for ref, item in steps.items()
        for name, country in names.items()
        if re.search(rf"\b{re.escape(name)}\b", _text(item))
        and not any(code.split("-")[0] == country for code in item.get("regions", []))
    ]
    assert misplaced == []


def test_a_step_about_keeping_a_log_names_exitplan_log(steps: dict[str, dict[str, Any]]) -> None:
    """A step that warns against a log on a shared device says where one can be kept: in the
    plan's own journal, `exitplan log`."""
    warned = [
        ref
        for ref, item in steps.items()
        if re.search(r"\blog\b", _text(item), re.I) and "shared device" in _text(item)
    ]
    assert warned
    assert [ref for ref in warned if "exitplan log" not in _text(steps[ref])] == []


def test_the_spyware_step_points_at_the_phone_check(steps: dict[str, dict[str, Any]]) -> None:
    """The step about a watched phone names the command that looks for signs on one."""
    assert "exitplan phone-check" in steps["digital.spyware-signs"]["how"]
