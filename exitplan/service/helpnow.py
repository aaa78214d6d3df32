"""help-now: the place to show (named, from a plain plan, or none) and its lines, ready to print.

Reads the region files and, without any passphrase, the place a plain plan names; never pydantic,
never the store: help-now must start at once and work whatever state the plan is in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import _
from exitplan.domain.region import find_place
from exitplan.formats.regions import countries, load_places, local_for, parts_of, plan_region
from exitplan.service.results import HelpLines
from exitplan.service.terminal import width
from exitplan.views.helplines import (
    ENCRYPTED,
    ENCRYPTED_ASK,
    all_screen,
    lines_data,
    overview_screen,
    place_screen,
)

if TYPE_CHECKING:
    from pathlib import Path


def help_lines(
    home: Path,
    name: str | None,
    *,
    sources: bool = False,
    every: bool = False,
    plain: bool = False,
    asking: bool = False,
    code: str | None = None,
) -> HelpLines:
    """What help-now shows, as a typed result: the screen, the same as data, and one problem
    line or None.

    The place named on the command line comes first; else the place `code` (read from a sealed
    plan, once its passphrase was typed); else the place a plain plan names (read without a
    passphrase; a sealed plan is said to be sealed, and with `asking` that the passphrase can
    be typed after the numbers); else every emergency number. A name exitplan does not know
    still shows every emergency number, then the problem.
    """

    columns = width()
    places = load_places()
    place, problem, encrypted = None, None, False
    if name is not None:
        try:
            place = find_place(name, places)
        except ExitplanError as exc:
            problem = _("Error: {message}").format(message=exc)
    elif not every and code is None:
        code, encrypted = plan_region(home)
    if name is None and not every and code is not None:
        place = next((p for p in places if p.code == code), None)
    if every:
        lines = [line for known in places for line in known.lines]
        text = all_screen([(known, known.lines) for known in places], columns)
        return HelpLines(text, lines_data(None, lines, encrypted=encrypted), problem)
    region = local_for(place.code) if place is not None else None
    if place is None or region is None:
        found = countries()
        note = _(ENCRYPTED_ASK if asking else ENCRYPTED) if encrypted else None
        text = overview_screen(found, columns, plain=plain, note=note)
        emergency = [line for c in found for line in c.lines if line.kind == "emergency"]
        return HelpLines(text, lines_data(None, emergency, encrypted=encrypted), problem)
    parts = []
    if place.is_country:
        for part in parts_of(place):
            first = next((line for line in part.lines if line.kind != "emergency"), None)
            if first is not None:
                parts.append((part, first))
    text = place_screen(
        region, columns, parts=parts, parts_word=place.parts or "part", sources=sources
    )
    lines = [*region.lines, *(line for _, line in parts)]
    return HelpLines(text, lines_data(region, lines, encrypted=encrypted), problem)
