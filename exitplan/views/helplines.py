"""What `help-now` shows: plain text from the region files' lines, offline, with nothing asked.

The person's place comes first and fits a 80x24 screen: the emergency number on the first line,
then each line with whom it serves and its hours. Sources and check dates are asked for
(`--sources`), or read in `--json`. Without a place: every country's emergency number and how to
name a place. Standard library only: help-now must start at once, with no plan and no passphrase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from exitplan.base import spoken
from exitplan.base.i18n import N_, _, labelled
from exitplan.domain.region import hours_words, language_words, serves_words
from exitplan.views.term import GLUE, wrap

if TYPE_CHECKING:
    from collections.abc import Sequence

    from exitplan.domain.region import Line, Local, Place

KIND_WORDS = {"text": N_("by text"), "video": N_("by videophone"), "web": N_("website")}

# How to report a wrong number, said in the tool itself: a pip-installed exitplan has no README.
WRONG_NUMBER = N_(
    "Numbers change. If one is wrong, its source page shows the current one. To get it fixed "
    "in exitplan, report it where you got exitplan (its project page): give the number, the "
    "service and the official page that shows the right one. Use a safe device."
)
CALL_LOG = N_("A call can stay in the phone's call log even when it is not on the bill.")
SOURCES_HINT = N_("Sources and check dates: exitplan help-now --sources")
ELSEWHERE = N_("Other places: exitplan help-now --region NAME (or --all for every number)")
NAME_A_PLACE = N_(
    'For the helplines where you live: exitplan help-now --region "United Kingdom" (a country, '
    "state, province or nation; exitplan region keeps it in your plan)."
)
ENCRYPTED = N_(
    "Your plan is encrypted, so help-now cannot read where you live (it asks for nothing, to "
    "stay quick). Name the place yourself: exitplan help-now --region NAME"
)
# At a terminal the passphrase is offered after the numbers instead: no place on the command
# line, where shell history would keep it.
ENCRYPTED_ASK = N_(
    "Your plan is encrypted. Below the numbers, you can type your passphrase to see the "
    "numbers for where you live; Enter skips."
)
# Below this width the number gets a line of its own and the words go under it.
SIDE_BY_SIDE = 60


def _wrap(text: str, width: int, first: str = "", indent: int | None = None) -> list[str]:

    return wrap(text, width, first, indent)


def danger_line(lines: Sequence[Line], label: str) -> str:
    """The first line of a place's screen: the number to call in danger, and how."""
    emergency = [line for line in lines if line.kind == "emergency"]
    if not emergency:
        return _(
            "If you are in danger now, call your local emergency number (none is checked yet "
            "for {place})."
        ).format(place=label)
    numbers = list(dict.fromkeys(line.number for line in emergency))
    note = emergency[0].note
    if len(numbers) == 2:  # each shape its own message: French says "le 17 ou le 112"
        text = _("If you are in danger now, call {first} or {second}.").format(
            first=numbers[0], second=numbers[1]
        )
    elif len(numbers) == 3:
        text = _("If you are in danger now, call {first}, {second} or {third}.").format(
            first=numbers[0], second=numbers[1], third=numbers[2]
        )
    else:
        joined = _(" or ").join(numbers)
        text = _("If you are in danger now, call {numbers}.").format(numbers=joined)
    return f"{text} {note}" if note else text


def line_words(line: Line, *, compact: bool) -> str:
    """`National Domestic Abuse Helpline: for women, 24/7. Free.` (the note left out if compact)."""
    hours = hours_words(line) if line.hours or not compact else _("check the hours")
    kind = _(KIND_WORDS[line.kind]) if line.kind in KIND_WORDS else ""
    head = f"{line.service} ({kind})" if kind else line.service
    if line.kind == "emergency" and not line.hours:  # never 'check the hours' beside 911
        text = _("{service}: {serves}.").format(service=head, serves=serves_words(line))
    else:
        text = _("{service}: {serves}, {hours}.").format(
            service=head, serves=serves_words(line), hours=hours
        )
    if answers := language_words(line):
        text += f" {answers}"
    if line.note and not (compact and line.kind == "emergency"):
        text += f" {line.note}"
    return text


def line_rows(line: Line, width: int, column: int, *, compact: bool, sources: bool) -> list[str]:
    """One line: the number, then its words beside it (or under it when narrow)."""
    words = line_words(line, compact=compact)
    if width >= SIDE_BY_SIDE and len(line.number) <= column - 3:
        number = f"  {line.number:<{column - 3}} "
        rows = _wrap(words, width, number, indent=column)
        pad = " " * column
    elif width >= SIDE_BY_SIDE:  # a web address: on its own line, the words in the column
        rows = [f"  {line.number}", *_wrap(words, width, " " * column)]
        pad = " " * column
    else:
        rows = [f"  {line.number}", *_wrap(words, width, "    ")]
        pad = "    "
    if sources:
        rows += source_rows(line, width, pad)
    return rows


def source_rows(line: Line, width: int, pad: str) -> list[str]:
    """Where a line was checked, and when, under `pad`.

    A URL too long for the indent starts its own line at the left edge, so the terminal never
    cuts it into indented pieces that cannot be copied.
    """
    out = []
    checked = spoken.day_month_year(line.checked)
    for url in line.sources:
        for rows in (
            [pad + _("source: {url}, checked {date}").format(url=url, date=checked)],
            [
                pad + _("source: {url}").format(url=url),
                pad + _("checked {date}").format(date=checked),
            ],
        ):
            if all(len(row) <= width for row in rows):
                out += rows
                break
        else:
            out += [*_wrap(_("source, checked {date}:").format(date=checked), width, pad), url]
    return out


def number_column(lines: Sequence[Line]) -> int:
    """Where the words start beside the numbers (the longest number, within reason)."""
    longest = max((len(line.number) for line in lines if len(line.number) <= 18), default=6)
    return max(longest, 6) + 5


def place_screen(
    region: Local,
    width: int = 80,
    *,
    parts: Sequence[tuple[Place, Line]] = (),
    parts_word: str = "part",
    sources: bool = False,
    intro: str | None = None,
) -> str:
    """A place's numbers, its emergency number first (and, for a country, a line per part)."""
    lines = sorted(region.lines, key=lambda line: line.kind != "emergency")
    out = _wrap(intro, width) if intro else []
    out += _wrap(danger_line(lines, region.label), width)
    out.append(region.label)
    column = number_column([*lines, *(line for _, line in parts)])
    for line in lines:
        out += line_rows(line, width, column, compact=not sources, sources=sources)
    if not lines:
        out += _wrap(_("No helpline has been checked yet for this place."), width, "  ")
    if parts:
        out.append(_("By {part}:").format(part=parts_word))
        for part, line in parts:
            out += _wrap(
                labelled(part.name, line.service), width, f"  {line.number:<{column - 3}} "
            )
    out += _footer(width, sources=sources)
    return "\n".join(out)


def _footer(width: int, *, sources: bool) -> list[str]:
    out = _wrap(_(CALL_LOG), width)
    if sources:
        return out + _wrap(_(WRONG_NUMBER), width) + _wrap(_(ELSEWHERE), width)
    return out + _wrap(_(SOURCES_HINT), width) + _wrap(_(ELSEWHERE), width)


def overview_screen(
    countries: Sequence[Place], width: int = 80, *, plain: bool = False, note: str | None = None
) -> str:
    """Without a place: every country's emergency number, and how to name a place."""
    out = _wrap(note, width) if note else []
    out += _wrap(_("If you are in danger now, call your local emergency number:"), width)
    joiner = "; " if plain else f"{GLUE}·  "  # the dot stays with the number before it
    known, unknown = [], []
    for country in sorted(countries, key=lambda place: place.name):
        numbers = [line.number for line in country.lines if line.kind == "emergency"]
        if numbers:
            known.append(f"{country.name} {', '.join(numbers)}".replace(" ", GLUE))
        else:
            unknown.append(country.name)
    out += _wrap(joiner.join(known), width, "  ")
    if unknown:
        names = ", ".join(unknown)
        words = _("Not yet checked: {places}. Use the local emergency number.")
        out += _wrap(words.format(places=names), width, "  ")
    out += _wrap(_(NAME_A_PLACE), width)
    out += _wrap(_("Every number exitplan knows: exitplan help-now --all"), width)
    return "\n".join(out)


def all_screen(groups: Sequence[tuple[Place, Sequence[Line]]], width: int = 80) -> str:
    """Every line of every place, grouped by place, with its source and check date."""
    out = _wrap(_("If you are in danger now, call your local emergency number."), width)
    for place, lines in groups:
        if not lines:
            continue
        out += ["", place.label]
        column = number_column(lines)
        for line in lines:
            out += line_rows(line, width, column, compact=False, sources=True)
    out.append("")
    out += _wrap(_(WRONG_NUMBER), width) + _wrap(_(CALL_LOG), width)
    return "\n".join(out)


def lines_data(
    place: Local | None, lines: Sequence[Line], *, encrypted: bool = False
) -> dict[str, object]:
    """The same facts for scripts: the place (or none) and every line with its sources."""
    return {
        "place": {"code": place.code, "name": place.name, "label": place.label}
        if place is not None
        else None,
        "plan_encrypted": encrypted,
        "lines": [line.to_data() for line in lines],
    }
