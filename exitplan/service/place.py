"""Where the person lives and the situation answers, from the face: the places known, a typed
name matched, a country's parts; the answers read from a pipe; both saved under the lock, with
what they changed counted.

The face asks and says; how a name is matched, what an answer may be and what a change records
are the domain's rules, applied here. Nothing here prints.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, NamedTuple

from exitplan.domain.place import set_region
from exitplan.domain.plan import set_situation
from exitplan.domain.region import Place, choose, find_place
from exitplan.domain.situation import QUESTIONS, Answer, Question, danger_signs, read_situation
from exitplan.formats.regions import countries, load_places, parts_of, place_of

if TYPE_CHECKING:
    from collections.abc import Mapping

    from exitplan.domain.model import PlanState
    from exitplan.domain.plan import Plan
    from exitplan.service.workspace import Workspace

__all__ = [
    "QUESTIONS",
    "Answer",
    "Current",
    "Place",
    "PlaceChange",
    "Question",
    "Saved",
    "all_places",
    "choose_part",
    "current",
    "find",
    "label_of",
    "list_of_countries",
    "parts",
    "read_answers",
    "save_answers",
    "save_place",
]


# -- the places ---------------------------------------------------------------------------------


def all_places() -> tuple[Place, ...]:
    """Every place exitplan knows, each country followed by its parts."""
    return load_places()


def list_of_countries() -> tuple[Place, ...]:
    """The countries exitplan knows."""
    return countries()


def label_of(code: str | None) -> str | None:
    """A place's name as the screens show it (None: no place, or one no longer known)."""
    found = place_of(code) if code else None
    return found.label if found else None


def find(words: str) -> Place:
    """The place a typed name means; an ExitplanError naming the nearest ones otherwise."""
    return find_place(words, load_places())


def parts(place: Place) -> tuple[Place, ...]:
    """A country's states, provinces or nations where the law differs by part (else none)."""
    return parts_of(place) if place.is_country else ()


def choose_part(reply: str, among: tuple[Place, ...]) -> Place | None:
    """The part a typed name means among `among`, or None when none or several match."""
    return choose(reply, among).place


# -- what a new place changed -------------------------------------------------------------------


class PlaceChange(NamedTuple):
    """What choosing the place changed: its name (None: no place), how many steps now use its
    own words, and how many came back or were set aside."""

    label: str | None
    named: int
    back: int
    aside: int


def place_change(before: Plan, after: Plan) -> PlaceChange:
    """The counts of a change of place, from the plan before and after it."""
    if after.region is None:
        return PlaceChange(None, 0, 0, 0)
    named = sum(1 for entry in after.entries if set(entry.item.facts) & set(after.region.facts))
    was = {entry.full_id: entry.applies for entry in before.entries}
    back = sum(1 for e in after.entries if e.applies and was.get(e.full_id) is False)
    aside = sum(1 for e in after.entries if not e.applies and was.get(e.full_id) is True)
    return PlaceChange(after.region.label, named, back, aside)


def _region(plan: Plan) -> str | None:
    return plan.state.region if plan.state else None


def save_place(ws: Workspace, code: str | None) -> PlaceChange | None:
    """Keep the place (None: forget it) as one change; what it changed, or None when it is the
    place there was (nothing is written then)."""
    before = ws.read()

    def apply(state: PlanState, _plan: Plan) -> bool:
        return set_region(state, code, ws.now())

    if code == _region(before) or not ws.change(apply):
        return None
    return place_change(before, ws.read())


# -- the situation answers ----------------------------------------------------------------------


class Current(NamedTuple):
    """The answers as they are (a danger sign may be "unsure"), and the place's code."""

    answers: dict[str, bool | str]
    region: str | None


def current(ws: Workspace) -> Current:
    """The situation answers and the place as they are on disk."""
    state = ws.state()
    return Current({**state.situation, **dict.fromkeys(state.unsure, "unsure")}, state.region)


def read_answers(text: str) -> tuple[dict[str, Answer], str | None]:
    """The answers piped in as TOML (`children = false`), and the place named, if any."""
    return read_situation(text)


class Saved(NamedTuple):
    """What saving the answers changed: the place (when it changed), how many steps are set
    aside as not for the person, and whether an answer is a sign of serious danger."""

    place: PlaceChange | None
    aside: int
    danger: bool


def save_answers(
    ws: Workspace, answers: Mapping[str, Answer], code: str | None, *, keep_place: bool
) -> Saved | None:
    """Save the answers and where the person lives as one change; None when nothing would
    change (answers that change nothing must not rewrite the plan, nor push out a backup)."""

    def apply(state: PlanState, _plan: Plan) -> bool:
        changed = set_situation(state, answers, ws.now(), ws.today)
        if not keep_place and set_region(state, code, ws.now()):
            changed = True
        return changed

    before = ws.read()
    if not apply(copy.deepcopy(ws.state()), before) or not ws.change(apply):
        return None
    plan = ws.read()
    moved = place_change(before, plan) if _region(before) != _region(plan) else None
    aside = sum(not entry.applies for entry in plan.entries)
    return Saved(moved, aside, bool(danger_signs(plan.situation)))
