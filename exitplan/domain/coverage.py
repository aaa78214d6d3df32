"""Which local facts each step needs, and how each place answers them: filled (its own sourced
words), neutral (the step keeps its general words, and the place says why) or missing.

A step declares the facts it uses by naming them in its placeholders. A place answers a fact
with its own words, its country's, or a neutral entry (it has no such thing, or no official page
confirmed it); a part's neutral entry hides its country's fact. Stdlib only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NamedTuple

from exitplan.domain.region import DERIVED_FACTS

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from exitplan.domain.region import Place

State = Literal["filled", "neutral", "missing"]
STATES: tuple[State, ...] = ("filled", "neutral", "missing")


class Answer(NamedTuple):
    """How a place answers one fact: its state and, when neutral, why (`none`, `unconfirmed`)."""

    key: str
    state: State
    why: str = ""
    confirmed: bool = True  # a filled answer: False when its fact rests on a secondary page


class Cell(NamedTuple):
    """One step in one place: the worst of its facts' answers, and each answer."""

    step: str
    place: str
    state: State
    answers: tuple[Answer, ...]


def answer(key: str, place: Place, country: Place | None) -> Answer:
    """How a place (with its country) answers a fact."""
    own = [place] if country is None or country.code == place.code else [place, country]
    for where in own:
        if key in where.facts:
            return Answer(key, "filled", confirmed=where.facts[key].confirmed)
        if key in where.neutral:
            return Answer(key, "neutral", where.neutral[key].why)
    if key in DERIVED_FACTS and any(
        line.kind == ("emergency" if key == "emergency-number" else "helpline")
        for where in own
        for line in where.lines
    ):
        return Answer(key, "filled")
    return Answer(key, "missing")


def cell(step: str, keys: Sequence[str], place: Place, country: Place | None) -> Cell:
    """A step's cell in a place: missing if any fact is, else neutral if any is, else filled."""
    answers = tuple(answer(key, place, country) for key in dict.fromkeys(keys))
    states = {found.state for found in answers}
    state: State = next((s for s in reversed(STATES) if s in states), "filled")
    return Cell(step, place.code, state, answers)


def coverage(steps: Iterable[tuple[str, Sequence[str]]], places: Sequence[Place]) -> list[Cell]:
    """Every step that names a fact, in every place: the steps x places table, row by row."""
    by_code = {place.code: place for place in places}
    named = [(ref, keys) for ref, keys in steps if keys]
    return [
        cell(ref, keys, place, by_code.get(place.country_code))
        for place in places
        for ref, keys in named
    ]


def tally(cells: Iterable[Cell]) -> dict[State, int]:
    """How many cells are filled, neutral and missing."""
    counts: dict[State, int] = dict.fromkeys(STATES, 0)
    for found in cells:
        counts[found.state] += 1
    return counts


def confirmed(cells: Iterable[Cell]) -> int:
    """How many cells are filled with facts that were all read on an official page."""
    return sum(
        found.state == "filled" and all(fact.confirmed for fact in found.answers) for found in cells
    )
