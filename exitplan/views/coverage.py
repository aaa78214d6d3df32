"""The coverage report as text: each place's steps filled (and how many of those rest only on
facts read on an official page), neutral and missing, and for the places kept complete, every
neutral cell with its reason and every missing one."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from exitplan.base.i18n import N_, _
from exitplan.domain.coverage import confirmed, tally
from exitplan.domain.region import ABSENCE_WORDS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from exitplan.domain.coverage import Cell, State
    from exitplan.domain.region import Place


class AnswerData(TypedDict):
    """How a place answers one fact, as `validate --coverage --json` gives it."""

    key: str
    state: State
    why: str
    confirmed: bool


class CellData(TypedDict):
    """One step in one place: the worst of its facts' answers, and each answer."""

    step: str
    state: State
    facts: list[AnswerData]


class PlaceData(TypedDict):
    """One place in the report: whether it is kept complete, its counts, and its cells."""

    code: str
    covered: bool
    counts: dict[State, int]
    confirmed: int
    cells: list[CellData]


STATE_WORDS = {"filled": N_("filled"), "neutral": N_("neutral"), "missing": N_("missing")}


def coverage_lines(cells: Sequence[Cell], places: Sequence[Place]) -> list[str]:
    """The report: a header, a line per place, and the details of the covered places."""
    steps = len({found.step for found in cells})
    lines = [
        _("Local facts: {steps} steps name them, in {places} places.").format(
            steps=steps, places=len(places)
        )
    ]
    for place in places:
        own = [found for found in cells if found.place == place.code]
        counts = tally(own)
        mark = _(" (kept complete)") if place.covered else ""
        lines.append(
            _(
                "{place}{mark}: {filled} filled ({confirmed} on an official page), {neutral} "
                "neutral, {missing} missing"
            ).format(place=place.label, mark=mark, confirmed=confirmed(own), **counts)
        )
        if not place.covered:
            continue
        for found in own:
            for fact in found.answers:
                if fact.state == "filled":
                    continue
                why = _(ABSENCE_WORDS[fact.why]) if fact.why else ""
                lines.append(
                    "  "
                    + _("{step}: {fact} {state}").format(
                        step=found.step, fact=fact.key, state=_(STATE_WORDS[fact.state])
                    )
                    + (f" ({why})" if why else "")
                )
    return lines


def coverage_data(cells: Sequence[Cell], places: Sequence[Place]) -> dict[str, object]:
    """The report for --json: per place, whether it is kept complete, its counts and cells."""
    return {"places": places_data(cells, places)}


def places_data(cells: Sequence[Cell], places: Sequence[Place]) -> list[PlaceData]:
    """Each place of the report: whether it is kept complete, its counts and its own cells."""
    return [
        {
            "code": place.code,
            "covered": place.covered,
            "counts": tally(found for found in cells if found.place == place.code),
            "confirmed": confirmed(found for found in cells if found.place == place.code),
            "cells": [
                {
                    "step": found.step,
                    "state": found.state,
                    "facts": [
                        {
                            "key": fact.key,
                            "state": fact.state,
                            "why": fact.why,
                            "confirmed": fact.confirmed,
                        }
                        for fact in found.answers
                    ],
                }
                for found in cells
                if found.place == place.code
            ],
        }
        for place in places
    ]
