"""One inventory row in full, as `show` lays it out: what matters first, its facts beside their
labels (stacked when narrow or plain), and each source's address whole on a line of its own."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from exitplan.base import i18n
from exitplan.domain.inventory import Account, Document, Inventory, Money
from exitplan.views.holdings import ECONOMIC_ABUSE, REFUGE, WOMENS_AID
from exitplan.views.rowpage import show_lines
from exitplan.views.term import NARROW, Painter

TODAY = date(2026, 11, 30)
EXIT = date(2026, 12, 14)
# A passport with every flag but one: expiring before the exit, not with the person, no copy.
PASSPORT = Document(1, "passport", expires=date(2026, 12, 10), note="blue folder\ntop shelf")
JOINT = Money(1, "joint", "Joint current account", Decimal("1200.50"))
# An account with nothing to look at: every answer no, two-step on, already fine.
CALM = Account(2, "Email", "no", "no", "no", "no", "no", "yes", state="fine")
BOOK = Inventory(documents=(PASSPORT,), accounts=(CALM,), money=(JOINT,), currency="GBP")


def labels(lines: list[str]) -> list[str]:
    """The labels of side-by-side lines, in order (a line that starts with a word)."""
    return [line.split("  ")[0] for line in lines if line[:1].strip()]


def test_what_needs_a_look_and_what_to_do_come_before_the_facts() -> None:
    """The row's title first, then what needs a look and what to do, then its facts."""
    lines = show_lines(PASSPORT, BOOK, EXIT, TODAY, columns=80)
    assert lines[0] == "Row           1: Passport, yours"
    assert labels(lines)[:7] == [
        "Row",
        "Needs a look",
        "What to do",
        "Original",
        "Copy",
        "Expires",
        "Note",
    ]
    assert lines[1] == "Needs a look  Expires 10 Dec 2026, before you leave."
    assert lines[2:4] == [
        "              The original is not with you.",
        "              No copy yet.",
    ]
    assert "Expires       10 Dec 2026" in lines


def test_a_note_on_several_lines_keeps_its_lines_under_its_label() -> None:
    """Each line of the person's note sits under the label, in line with the first."""
    lines = show_lines(PASSPORT, BOOK, EXIT, TODAY, columns=80)
    at = lines.index("Note          blue folder")
    assert lines[at + 1] == "              top shelf"


def test_the_sources_come_last_each_address_whole_on_its_own_line() -> None:
    """After a blank line and a heading, each source is named with the day it was read, and its
    address follows on a line of its own, never split, even on a narrow screen."""
    lines = show_lines(PASSPORT, BOOK, EXIT, TODAY, columns=80)
    at = lines.index("Sources")
    assert lines[at - 1] == ""
    assert lines[at + 1 :] == [
        "Refuge (England), read 2026-12-01:",
        REFUGE,
        "Women's Aid (England), read 2026-12-01:",
        WOMENS_AID,
    ]
    narrow = show_lines(PASSPORT, BOOK, EXIT, TODAY, columns=30)
    tail = narrow[narrow.index("Sources") + 1 :]
    assert tail == [
        "Refuge (England), read",
        "2026-12-01:",
        REFUGE,
        "Women's Aid (England), read",
        "2026-12-01:",
        WOMENS_AID,
    ]


def test_a_row_with_nothing_to_look_at_shows_only_its_facts() -> None:
    """No flag, no advice: no "Needs a look", no "What to do" and no sources."""
    lines = show_lines(CALM, BOOK, EXIT, TODAY, columns=80)
    assert labels(lines) == [
        "Row",
        "Partner knows the password",
        "Shared or family plan",
        "Linked devices or people",
        "Shares your location",
        "Partner controls recovery",
        "Two-step sign-in on",
        "Safe to change",
        "State",
    ]
    assert "Sources" not in lines
    assert lines[-1].split() == ["State", "fine"]


def test_an_amount_shows_its_advice_and_its_source() -> None:
    """A joint account says what to do about it, and where that advice comes from."""
    lines = show_lines(JOINT, BOOK, None, TODAY, columns=80)
    assert lines[0] == "Row         1: Joint current account"
    assert labels(lines)[:4] == ["Row", "What to do", "Kind", "Amount"]
    assert lines[-2:] == [
        "Surviving Economic Abuse (United Kingdom), read 2026-12-01:",
        ECONOMIC_ABUSE,
    ]


def test_narrow_screens_stack_each_label_above_its_value() -> None:
    """Below the narrow width each label has a line of its own, its value indented under it."""
    lines = show_lines(PASSPORT, BOOK, EXIT, TODAY, columns=NARROW - 1)
    assert lines[:4] == [
        "Row",
        "  1: Passport, yours",
        "Needs a look",
        "  Expires 10 Dec 2026, before you leave.",
    ]


def test_plain_mode_says_each_label_and_value_as_a_sentence() -> None:
    """Plain mode writes `Label: value` on one line, further lines indented, for a screen
    reader, whatever the width."""
    lines = show_lines(PASSPORT, BOOK, EXIT, TODAY, columns=120, plain=True)
    assert lines[:3] == [
        "Row: 1: Passport, yours",
        "Needs a look: Expires 10 Dec 2026, before you leave.",
        "  The original is not with you.",
    ]
    assert "Note: blue folder" in lines
    assert "\x1b" not in "".join(lines)


def test_colour_only_where_asked_for() -> None:
    """With colour on, the labels and the sources heading are bold; without it no escape code
    is written at all."""
    painted = show_lines(PASSPORT, BOOK, EXIT, TODAY, columns=80, paint=Painter(True))
    assert painted[0].startswith("\x1b[1mRow\x1b[0m")
    assert "\x1b[1mSources\x1b[0m" in painted
    assert "\x1b" not in "".join(show_lines(PASSPORT, BOOK, EXIT, TODAY, columns=80))


def test_in_spanish_the_labels_and_the_sources_are_spanish() -> None:
    """Spoken in Spanish, the labels and the names of the sources are translated."""
    i18n.install("es")
    lines = show_lines(JOINT, BOOK, None, TODAY, columns=80, plain=True)
    assert lines[0].startswith("Fila: 1: Joint current account")
    assert "Row" not in "".join(lines)
    assert ECONOMIC_ABUSE in lines


@settings(max_examples=40, deadline=None)
@given(
    columns=st.integers(min_value=40, max_value=140),
    plain=st.booleans(),
    note=st.text(alphabet="abc déf\n", max_size=120),
)
def test_every_line_fits_the_screen_but_an_address(columns: int, plain: bool, note: str) -> None:
    """From 40 columns up, in either mode, no line is wider than the screen but a source's
    address, kept whole."""
    doc = PASSPORT._replace(note=note or None)
    book = BOOK._replace(documents=(doc,))
    for line in show_lines(doc, book, EXIT, TODAY, columns=columns, plain=plain):
        assert len(line) <= columns or " " not in line.strip(), line
