"""What the commands produce, typed: one result per command, its JSON document and its screen.

A result holds the facts once. `document()` is what `--json` prints (the CLI's one `render` adds
the schema version, `views.data.versioned`); `screen(look)` is the same facts for a person, at
this terminal's width and colour; `notes` are short lines for stderr that come first either way.
Nothing here prints: the CLI renders.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol, TypedDict

from exitplan.domain.situation import REGION_KEY
from exitplan.views.term import Painter, wrap

if TYPE_CHECKING:
    from exitplan.domain.checks import Section
    from exitplan.journal.chain import Verification

# A JSON document as the views make it: an object or an array of JSON values.
Document = Mapping[str, object] | Sequence[object]


class ScreenOptions(TypedDict):
    """What every screen builder takes: the width, the colour painter and plain mode."""

    columns: int
    paint: Painter
    plain: bool


class Look(NamedTuple):
    """How this terminal shows a screen: its width, whether colour is on, and plain mode."""

    columns: int = 80
    colour: bool = False
    plain: bool = False
    # The terminal's rows, which the status screen keeps within (None: no terminal, or --full).
    rows: int | None = None
    # Whether stdout is a terminal: a screen to fit, rather than lines a script reads whole.
    terminal: bool = False

    def painter(self) -> Painter:
        """The colour painter of this look."""
        return Painter(self.colour)

    def options(self) -> ScreenOptions:
        """The keyword options the screen builders take: columns, paint and plain."""
        return {"columns": self.columns, "paint": self.painter(), "plain": self.plain}


class Result(Protocol):
    """What every command's result offers the one renderer."""

    @property
    def notes(self) -> tuple[str, ...]:
        """Short lines for stderr, printed first."""

    def document(self) -> Document:
        """The JSON document, without its version (the renderer adds it)."""

    def screen(self, look: Look) -> str:
        """The same facts for a person (empty: nothing on stdout)."""


def screen_of(lines: list[str]) -> str:
    """Lines as one screen, ending in a newline (no lines: nothing)."""
    return "\n".join(lines) + "\n" if lines else ""


def wrapped(lines: list[str], columns: int, indent: str = "    ") -> list[str]:
    """Every line wrapped at spaces, never inside a word; a line's continuation is indented by
    its own leading spaces and `indent`."""
    out: list[str] = []
    for line in lines:
        if not line:
            out.append("")
            continue
        lead = line[: len(line) - len(line.lstrip(" "))]
        out += wrap(line.strip(), columns, first=lead, indent=len(lead) + len(indent))
    return out


class Said(NamedTuple):
    """A command that ends with a line or two on stderr and nothing on stdout (nothing was given
    or changed, or the person stopped where stopping ends well)."""

    notes: tuple[str, ...]

    def document(self) -> Document:
        return {}

    def screen(self, look: Look) -> str:
        return ""


# -- the inventories ----------------------------------------------------------------------------


class RowRemoved(NamedTuple):
    """An inventory row removed: its number and inventory (the screen says it on stderr)."""

    section: Section
    number: int
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        return {"removed": self.number, "inventory": self.section}

    def screen(self, look: Look) -> str:
        return ""


class MoneySettings(NamedTuple):
    """`money settings`: the currency and the weeks of money wished for after leaving."""

    currency: str | None
    threshold_weeks: int | None
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        return {"currency": self.currency, "threshold_weeks": self.threshold_weeks}

    def screen(self, look: Look) -> str:
        return ""


# -- the journal --------------------------------------------------------------------------


class ChainCheck(NamedTuple):
    """`log verify` and `log fingerprint`: the verdict on the journal, and its fingerprint.

    `verdict` is the chain's own account (entries, records, head, fingerprint, problem);
    `copies` the kept files that differ; `lines` what a person reads when all is well.
    """

    verdict: Verification
    copies: tuple[str, ...]
    ok: bool
    lines: tuple[str, ...] = ()
    # `log fingerprint` prints only its fingerprint, entries and records.
    short: bool = False
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        if self.short:
            found = self.verdict
            return {
                "fingerprint": found.fingerprint,
                "entries": found.entries,
                "records": found.records,
            }
        return {**self.verdict.as_dict(), "copies": list(self.copies), "ok": self.ok}

    def screen(self, look: Look) -> str:
        lines = list(self.lines)
        return screen_of(lines if self.short else wrapped(lines, look.columns))


# -- where you live, and the answers ------------------------------------------------------------


class Answers(NamedTuple):
    """`situation --json`: every question with its answer (or null), and the place's code."""

    answers: dict[str, bool | str | None]
    region: str | None
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        return {**self.answers, REGION_KEY: self.region}

    def screen(self, look: Look) -> str:
        return ""


class PlaceFacts(NamedTuple):
    """`region --json`: the place's code, its name and all its facts with their sources."""

    data: dict[str, object]
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        return self.data

    def screen(self, look: Look) -> str:
        return ""


class HelpLines(NamedTuple):
    """`help-now`: the place shown and its numbers, as a screen made ready and as data."""

    text: str
    data: dict[str, object]
    # One line for stderr after the numbers (a place not known), or None.
    problem: str | None = None
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        return self.data

    def screen(self, look: Look) -> str:
        return self.text + "\n"


class Coverage(NamedTuple):
    """`validate --coverage`: place by place, which steps use the place's facts."""

    data: dict[str, object]
    lines: tuple[str, ...]
    # A place kept complete has a missing cell (the command then exits 1).
    incomplete: bool = False
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        return self.data

    def screen(self, look: Look) -> str:
        return screen_of(list(self.lines))
