"""How a step's local facts are shown: what each means where the person lives, whether the law
is changing there, and each fact's source beside the step's own (show, the summaries, --json).

A step names a local fact with a placeholder; the plan has already put the place's words in its
text. Here are the words around them, for the place or, without one, the neutral line said once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from exitplan.base import spoken
from exitplan.base.i18n import N_, _

if TYPE_CHECKING:
    from collections.abc import Sequence

    from exitplan.domain.model import Item
    from exitplan.domain.region import Fact, FactData, Local, Neutral

CHANGING = N_("The law here is changing, so this may have changed: check with an advocate.")
UNCONFIRMED = N_("Not confirmed on an official page: check it with an advocate or the service.")
NO_PLACE = N_(
    "Where you live: not chosen, so steps use general words. For your country's own names "
    "and numbers: exitplan region"
)


def step_facts(item: Item, region: Local | None) -> tuple[Fact, ...]:
    """The facts of the person's place that a step names (none without a place)."""
    return region.used(item.facts) if region is not None else ()


def step_neutral(item: Item, region: Local | None) -> tuple[Neutral, ...]:
    """The facts a step names that the person's place keeps neutral: what is true there and
    whom to ask (none without a place)."""
    return region.kept_neutral(item.facts) if region is not None else ()


def neutral_sources(kept: Sequence[Neutral], facts: Sequence[Fact] = ()) -> list[str]:
    """Each source of the neutral facts once, leaving out those the facts already show:
    `URL (Spain, checked 2026-12-05)`."""
    seen: dict[str, str] = dict.fromkeys((url for fact in facts for url in fact.sources), "")
    shown = set(seen)
    for fact in kept:
        note = _("{place}, checked {date}").format(
            place=fact.where, date=spoken.day_month_year(fact.checked)
        )
        for url in fact.sources:
            seen.setdefault(url, note)
    return [f"{url} ({note})" for url, note in seen.items() if url not in shown]


def fact_words(fact: Fact) -> str:
    """What a fact means here, with the 'may have changed' mark when the law is changing and
    the 'not confirmed' mark when only a secondary page was found."""
    marks = [_(CHANGING)] * fact.changing + [_(UNCONFIRMED)] * (not fact.confirmed)
    return " ".join([fact.detail, *marks])


def changing(facts: Sequence[Fact]) -> bool:
    """Whether any of the facts is marked as changing."""
    return any(fact.changing for fact in facts)


def source_note(fact: Fact) -> str:
    """`England and Wales, checked 2026-12-01`: where a local source holds, and when it was read,
    after the title and section it stands in when the file names them (and, for a fact no
    official page confirmed, that it was not; for one whose official site could not be opened,
    the verbatim copy of its text that was read)."""
    note = _("{place}, checked {date}").format(
        place=fact.where, date=spoken.day_month_year(fact.checked)
    )
    if fact.section:
        note = _("{section}; {note}").format(section=fact.section, note=note)
    if not fact.confirmed:
        note = _("{note}, not confirmed on an official page").format(note=note)
    if fact.read_via:
        note = _("{note}; the official text read in a verbatim copy: {copy}").format(
            note=note, copy=fact.read_via
        )
    return note


def source_lines(facts: Sequence[Fact]) -> list[str]:
    """Each local source once, with where it holds: `URL (Scotland, checked 2026-12-01)`."""
    return [f"{url} ({note})" for url, note in local_sources(facts)]


def local_sources(facts: Sequence[Fact]) -> tuple[tuple[str, str], ...]:
    """Each local source once, as (address, where and when) for writers that link addresses."""
    seen: dict[str, str] = {}
    for fact in facts:
        for url in fact.sources:
            seen.setdefault(url, source_note(fact))
    return tuple(seen.items())


def place_words(region: Local | None) -> str:
    """The summary's line about the place: where, or the neutral words and how to choose."""
    if region is None:
        return _(NO_PLACE)
    return _("Where you live: {place}. Steps use its own names, with their local sources.").format(
        place=region.label
    )


def facts_data(facts: Sequence[Fact]) -> list[FactData]:
    """The facts a step names, for --json."""
    return [fact.to_data() for fact in facts]
