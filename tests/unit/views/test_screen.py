"""The status screen as plain lines, from a day view built by hand: the countdown, danger signs
first, what is for today, what is behind and what comes next, progress and the key; red only
for a critical step behind; and a screen that keeps to the terminal's height."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from itertools import pairwise

import pytest
from helpers_rows import LIST, scheduled
from hypothesis import given, settings
from hypothesis import strategies as st

from exitplan.base import i18n
from exitplan.domain.day import Attention, DayView, Progress, Totals
from exitplan.domain.inventory import Document, Inventory
from exitplan.domain.model import Checklist, PlanState
from exitplan.domain.plan import Plan
from exitplan.domain.schedule import Scheduled
from exitplan.views.screen import (
    DANGER_LINE,
    HELP_LINE,
    HIDE_LINE,
    LADDER,
    NOW_LINE,
    PHONE_LINE,
    PLACE_LINE,
    Limits,
    StatusScreen,
    bar,
    copy_line,
    journal_line,
    status_lines,
    status_text,
    suggested_date,
)
from exitplan.views.term import CAUTION, NARROW, Painter

TODAY = date(2026, 11, 30)  # a Monday
EXIT = date(2026, 12, 14)
PROGRESS = (Progress("money", "Money", 3, 1, 8), Progress("papers", "Papers", 0, 0, 2))
PAPERS = Checklist(id="papers", title="Papers")
SAFE_PLACE = scheduled(
    1, TODAY, "overdue", title="Find a safe place", priority="critical", alerts_partner=True
)
PACK = scheduled(2, TODAY, "due_soon", title="Pack a bag")
BEHIND = tuple(scheduled(n, date(2026, 11, 20 + n), "overdue", title=f"Late {n}") for n in (3, 4))
CALL = scheduled(9, date(2026, 12, 2), "due_soon", title="Call the helpline")


def totals(**counts: int) -> Totals:
    """Ten steps, three done and one skipped, with these other counts."""
    base = {
        "items": 10,
        "done": 3,
        "skipped": 1,
        "open": 6,
        "overdue": 0,
        "due_soon": 0,
        "open_at_exit": 0,
        "not_for_you": 0,
        "if_time": 0,
    }
    return Totals(**(base | counts))


def view(
    *,
    exit_date: date | None = EXIT,
    planned: bool = True,
    region: str | None = None,
    inventory: Inventory | None = None,
    warn_days: int = 7,
    groups: Attention | None = None,
    count: Totals | None = None,
    alerting: int = 0,
    for_now: tuple[Scheduled, ...] = (),
) -> DayView:
    """A day view on TODAY of a plan of two checklists (no plan when not `planned`)."""
    state = None
    if planned:
        state = PlanState(
            created=datetime(2026, 11, 1, tzinfo=UTC),
            exit_date=exit_date,
            planned_on=date(2026, 11, 1),
            warn_days=warn_days,
            checklists=["money", "papers"],
            region=region,
            inventory=inventory or Inventory(),
        )
    return DayView(
        plan=Plan((LIST, PAPERS), (), state),
        today=TODAY,
        rows=(),
        totals=count or totals(),
        progress=PROGRESS,
        attention=groups or Attention((), (), (), (), (), 0),
        alerts=(),
        days_left=None,
        alerting=alerting,
        for_now=for_now,
    )


BUSY = Attention(("threats",), (SAFE_PLACE,), (PACK,), BEHIND, (CALL,), 2)


def test_a_busy_day_in_the_screens_order() -> None:
    """The countdown, the danger line and its steps, today, behind, coming next, the counts,
    progress and the footer, each part apart from the next by one blank line."""
    lines = status_lines(view(groups=BUSY, alerting=1), columns=80)
    assert lines == [
        "14 days until Monday 14 December 2026.",
        "",
        "Some of your answers are signs of serious danger. An advocate can help you plan",
        "around them. Help now: exitplan help-now",
        "",
        "For the danger signs, first",
        f"1  30 Nov (today)  Find a safe place {CAUTION}",
        "",
        "For today",
        "2  Pack a bag",
        "",
        "Behind: 2",
        "3  23 Nov (7 days ago)  Late 3",
        "4  24 Nov (6 days ago)  Late 4",
        "",
        "Coming next",
        "9  2 Dec (in 2 days)  Call the helpline",
        "",
        "2 behind, 2 due this week.",
        "",
        "Progress",
        "Money   ████████████░░░░░░░░░░░░  3/8",
        "Papers  ░░░░░░░░░░░░░░░░░░░░░░░░  0/2",
        "",
        "3 of 10 done, 1 skipped.",
        f"{CAUTION} = doing it could alert your partner; 'exitplan show N' says how.",
        HIDE_LINE,
        PLACE_LINE,
    ]


def test_the_due_texts_line_up_in_a_column() -> None:
    """Within a group the titles start in one column, after the widest due text."""
    late = (*BEHIND, scheduled(12, date(2026, 11, 29), "overdue", title="Late 12"))
    groups = Attention((), (), (), late, (), 0)
    lines = status_lines(view(groups=groups), columns=80, rows=None)
    group = lines[lines.index("Behind: 3") + 1 : lines.index("Behind: 3") + 4]
    assert group == [
        " 3  23 Nov (7 days ago)  Late 3",
        " 4  24 Nov (6 days ago)  Late 4",
        "12  29 Nov (yesterday)   Late 12",
    ]


def test_more_behind_than_shown_says_the_most_important_come_first() -> None:
    """Behind counts every step behind; past the few shown it says the most important come
    first and points to the full list, counting the rest."""
    late = tuple(scheduled(n, date(2026, 11, 20), "overdue", title=f"Late {n}") for n in range(5))
    lines = status_lines(view(groups=Attention((), (), (), late, (), 0)), columns=80)
    assert "Behind: 5, the most important first" in lines
    assert (
        sum(line.endswith(("Late 0", "Late 1", "Late 2", "Late 3", "Late 4")) for line in lines)
        == 3
    )
    assert "5 behind." in lines
    assert "And 2 more: exitplan list --attention" in lines


@pytest.mark.parametrize(
    ("behind", "soon", "warn_days", "line"),
    [
        (2, 3, 7, "2 behind, 3 due this week."),
        (2, 3, 10, "2 behind, 3 due in the next 10 days."),
        (2, 0, 7, "2 behind."),
        (0, 1, 7, "1 due this week."),
        (0, 4, 14, "4 due in the next 14 days."),
        (0, 2, 5, "2 due in the next 5 days."),
    ],
)
def test_the_count_line_says_what_is_behind_and_due_soon(
    behind: int, soon: int, warn_days: int, line: str
) -> None:
    """One line counts what is behind and what is due within the warning window, "this week"
    when the window is seven days."""
    groups = Attention((), (), (), BEHIND[:behind], (), soon)
    assert line in status_lines(view(groups=groups, warn_days=warn_days), columns=80)


def test_a_calm_day_says_so_with_the_warning_window() -> None:
    """Nothing behind, for today or due soon: one calm line naming the window; not with no open
    step left, nor without an exit date."""
    assert "Nothing is overdue or due in the next 10 days." in status_lines(view(warn_days=10))
    finished = status_lines(view(count=totals(done=9, open=0)))
    assert not any(line.startswith("Nothing is overdue") for line in finished)
    undated = status_lines(view(exit_date=None))
    assert not any(line.startswith("Nothing is overdue") for line in undated)


def test_a_phone_sign_puts_the_phone_steps_first() -> None:
    """A sign found by the phone check, with no danger answers, says so and heads the group
    for the phone."""
    groups = Attention((), (SAFE_PLACE,), (), (), (), 0, phone=True)
    lines = status_lines(view(groups=groups), columns=200)
    assert lines[2:6] == [
        PHONE_LINE,
        "",
        "For your phone, first",
        f"1  30 Nov (today)  Find a safe place {CAUTION}",
    ]
    assert DANGER_LINE not in " ".join(lines)


def test_without_an_exit_date_a_calm_plan_for_now() -> None:
    """No exit date: how to set one, then the steps that need no date with what they are for,
    and the command for the rest when they all come from one checklist."""
    anytime = tuple(scheduled(n, when="anytime", title=f"Any {n}") for n in range(1, 7))
    lines = status_lines(view(exit_date=None, for_now=anytime), columns=200)
    assert lines[:3] == [
        "No exit date is set yet, so steps timed from it have no deadline.",
        "Set one when you are ready: exitplan date (it asks for the day)",
        "",
    ]
    assert lines[3:8] == ["For now", "1  Any 1", "2  Any 2", "3  Any 3", "4  Any 4"]
    assert lines[8:10] == [NOW_LINE, "And 2 more for now: exitplan list money"]
    mixed = (*anytime[:5], scheduled(7, when="anytime", title="Other", checklist=PAPERS))
    assert not any(
        "more for now" in line for line in status_lines(view(exit_date=None, for_now=mixed))
    )


def test_before_any_plan_the_screen_says_how_to_begin() -> None:
    """Without a plan: what the screen shows and how to start, the progress of the built-in
    checklists, and where help is; nothing about review or a place."""
    lines = status_lines(view(planned=False), columns=80)
    assert lines[:2] == [
        "You have no plan yet. These are the built-in checklists.",
        "Start with: exitplan init (it asks for the day you plan to leave)",
    ]
    assert HIDE_LINE not in lines
    assert lines[-1] == HELP_LINE


def test_a_missing_plan_file_points_to_its_backups() -> None:
    """The plan file is gone but its backups are safe: three lines, the way back, and help."""
    assert status_lines(view(), missing_plan=True) == [
        "Your plan file is missing, but its backups are safe.",
        "Bring the latest one back with: exitplan restore",
        HELP_LINE,
    ]


def test_the_footer_names_the_place_line_only_while_no_place_is_chosen() -> None:
    """The last line points to help and, while no place is chosen, to choosing one."""
    assert status_lines(view())[-1] == PLACE_LINE
    assert status_lines(view(region="gb-sct"))[-1] == HELP_LINE


def test_the_footer_hints_for_steps_open_after_the_exit_and_if_there_is_time() -> None:
    """Steps still open after the exit can be set aside; steps kept for if there is time are
    counted, never overdue (a quiet line, the first to go on a short screen)."""
    lines = status_lines(view(count=totals(open_at_exit=2, if_time=1)), columns=200)
    assert (
        "Steps meant for before you left that no longer apply can be set aside: exitplan skip N"
        in lines
    )
    assert (
        "1 step waits for if there is time: no date and never overdue. Do what you can; the "
        "most important come first." in lines
    )
    quieter = StatusScreen(
        view(count=totals(if_time=1)), columns=200, paint=Painter(False), limits=LADDER[2]
    ).build()
    assert not any("if there is time" in line for line in quieter)


def test_the_journal_line_or_the_copy_reminder() -> None:
    """The journal's line says when it was last written; a copy reminder replaces it, and stays
    even on the smallest screen."""
    lines = status_lines(view(), journal=(4, date(2026, 11, 29)))
    assert "Your journal: last written on 29 November 2026." in lines
    both = status_lines(view(), journal=(4, date(2026, 11, 29)), copy_age=(10, True))
    assert not any(line.startswith("Your journal:") for line in both)
    assert "Your journal copy is 10 days old: exitplan log copy" in both
    copied = status_lines(view(), journal=(4, None), copy_age=(10, True), rows=3)
    assert "Your journal copy is 10 days old: exitplan log copy" in copied
    assert not any(line.startswith("Your journal:") for line in copied)


def test_journal_and_copy_lines() -> None:
    """A journal never written to points to its list; the copy's age is counted in days, one
    in the singular, and a journal never copied says how long it has gone without."""
    assert journal_line(0, None) == "Your journal: 'exitplan log' lists its entries."
    assert journal_line(2, date(2027, 1, 3)) == "Your journal: last written on 3 January 2027."
    assert copy_line((1, True)) == "Your journal copy is 1 day old: exitplan log copy"
    assert copy_line((12, False)) == (
        "Your journal has no copy elsewhere yet (12 days since it began): exitplan log copy"
    )
    assert copy_line((1, False)).startswith("Your journal has no copy elsewhere yet (1 day since")


def test_an_inventory_that_needs_attention_gets_one_calm_line() -> None:
    """A document not with the person gives one line naming the command, apart from what comes
    before it; an empty inventory says nothing."""
    papers = Inventory(documents=(Document(1, "passport", copy=True),))
    lines = status_lines(view(inventory=papers), columns=80)
    at = lines.index("1 document is not with you yet: exitplan documents")
    assert lines[at - 1] == ""
    assert not any("exitplan documents" in line for line in status_lines(view(), columns=80))


def test_progress_on_a_narrow_or_plain_screen_is_said_in_words() -> None:
    """Below the narrow width, or in plain mode, each checklist's progress is a sentence, with
    what is set aside; steps not for the person are counted with the command that shows them."""
    for lines in (
        status_lines(view(count=totals(not_for_you=2)), columns=NARROW - 1),
        status_lines(view(count=totals(not_for_you=2)), columns=200, plain=True),
    ):
        at = lines.index("Progress")
        assert lines[at + 1 : at + 3] == [
            "Money: 3 of 8 done, 1 set aside.",
            "Papers: 0 of 2 done.",
        ]
        assert any(
            line.startswith("3 of 10 done, 1 skipped. 2 not for you (exitplan list --all")
            for line in lines
        )


def test_a_narrow_screen_puts_the_due_text_under_the_title() -> None:
    """Below the narrow width the due text goes under the title, in line with it; from the
    narrow width on, beside it."""
    lines = status_lines(view(groups=Attention((), (), (), BEHIND[:1], (), 0)), columns=NARROW - 1)
    at = lines.index("Behind: 1")
    assert lines[at + 1 : at + 3] == ["3  Late 3", "   23 Nov (7 days ago)"]
    wide = status_lines(view(groups=Attention((), (), (), BEHIND[:1], (), 0)), columns=NARROW)
    assert "3  23 Nov (7 days ago)  Late 3" in wide


def test_plain_mode_says_each_step_as_a_sentence() -> None:
    """Plain mode: number, title, due date and the caution in words; no mark, no column."""
    lines = status_lines(view(groups=BUSY, alerting=1), columns=200, plain=True)
    assert "Step 1: Find a safe place. Due 30 Nov, today. It may alert your partner." in lines
    assert "Step 2: Pack a bag." in lines
    assert "Some steps may alert your partner; 'exitplan show N' says how to do them." in lines
    assert CAUTION not in "".join(lines)


def test_red_only_for_a_critical_step_behind_and_no_colour_in_plain_mode() -> None:
    """In colour, the critical step behind is bold red, its caution mark yellow, and nothing else
    is red; plain mode writes no escape code even when colour is asked for."""
    text = status_text(view(groups=BUSY, alerting=1), columns=80, colour=True)
    red = [line for line in text.splitlines() if "\x1b[1;31m" in line]
    assert len(red) == 1
    assert "Find a safe place" in red[0]
    assert f"\x1b[33m{CAUTION}\x1b[0m" in red[0]
    assert "\x1b" not in status_text(view(groups=BUSY), colour=True, plain=True)
    calm = Attention((), (), (), (scheduled(3, TODAY, "overdue", priority="high"),), (), 0)
    assert "\x1b[1;31m" not in status_text(view(groups=calm), colour=True)


def test_the_text_is_the_lines_and_one_new_line() -> None:
    """What stdout receives is every line, then one new line."""
    assert status_text(view(groups=BUSY)) == "\n".join(status_lines(view(groups=BUSY))) + "\n"


def test_a_short_screen_keeps_the_countdown_the_danger_line_and_today() -> None:
    """Given the terminal's height, the screen drops the bars, then the quiet lines, then shows
    fewer steps, and the "more" line counts the rest; the countdown, the danger line and what
    is for today stay."""
    full = status_lines(view(groups=BUSY), columns=80)
    short = status_lines(view(groups=BUSY), columns=80, rows=18)
    assert len(short) < 18 < len(full)
    assert short[0] == full[0]
    assert "For today" in short
    assert any(line.startswith("Some of your answers are signs") for line in short)
    assert "Progress" not in short
    assert "3 of 10 done, 1 skipped. Each checklist: exitplan status --full" in short


def shown_steps(lines: list[str]) -> int:
    """How many step lines a screen shows (a number, two spaces, then words)."""
    return sum(bool(re.match(r" *\d+  \S", line)) for line in lines)


def more_count(lines: list[str]) -> int:
    """The count on the "And N more" line (0 without one)."""
    found = [re.match(r"And (\d+) more: ", line) for line in lines]
    return next((int(match[1]) for match in found if match), 0)


@settings(max_examples=40, deadline=None)
@given(
    height=st.integers(min_value=2, max_value=60),
    sizes=st.tuples(*(st.integers(min_value=0, max_value=9) for _ in range(4))),
)
def test_every_step_is_shown_or_counted_at_any_height(
    height: int, sizes: tuple[int, int, int, int]
) -> None:
    """However short the screen and however full the groups, the steps shown plus the "more"
    count are every step that needs attention, and the screen fits unless even the smallest
    rung does not."""
    danger, today, behind, coming = (
        tuple(scheduled(10 * n + k + 10, TODAY, "overdue", title="Do it") for k in range(size))
        for n, size in enumerate(sizes)
    )
    groups = Attention(("threats",) if danger else (), danger, today, behind, coming, 0)
    lines = status_lines(view(groups=groups), columns=120, rows=height)
    assert shown_steps(lines) + more_count(lines) == sum(sizes)
    assert "" not in (lines[0], lines[-1])
    assert all(a or b for a, b in pairwise(lines)), "never two blank lines in a row"
    smallest = StatusScreen(
        view(groups=groups), columns=120, paint=Painter(False), limits=LADDER[-1]
    ).build()
    assert len(lines) < height or lines == smallest


def test_the_ladder_only_ever_shows_less() -> None:
    """Each rung of the ladder shows no more of any part than the one before it."""
    for bigger, smaller in pairwise(LADDER):
        assert all(b >= s for b, s in zip(bigger, smaller, strict=True))
    assert Limits() == LADDER[0]


def test_bars_are_drawn_in_blocks_readable_without_colour() -> None:
    """A bar is 24 blocks, filled in proportion (rounded); an empty checklist draws an empty
    bar; in colour the filled part is green and the rest dim."""
    plain = Painter(False)
    assert bar(3, 8, plain) == "█" * 9 + "░" * 15
    assert bar(6, 7, plain) == "█" * 21 + "░" * 3  # 20.6 blocks
    assert bar(0, 0, plain) == "░" * 24
    assert bar(8, 8, plain, width=10) == "█" * 10
    assert bar(1, 3, Painter(True), width=3) == "\x1b[32m█\x1b[0m\x1b[2m░░\x1b[0m"


def test_the_example_date_is_six_weeks_on() -> None:
    """The hint's example exit date is six weeks after today, as ISO in English, and never
    past the calendar's end."""
    assert suggested_date(TODAY) == "2027-01-11"
    assert suggested_date(date(9999, 12, 1)) == "9999-12-31"


def test_in_spanish_the_screen_speaks_spanish() -> None:
    """Spoken in Spanish, the countdown, headings and footer are Spanish; titles stay as the
    person wrote them."""
    i18n.install("es")
    lines = status_lines(view(groups=BUSY), columns=120)
    assert lines[0].startswith("Faltan 14 días")
    assert i18n._(DANGER_LINE) in " ".join(lines)
    assert "For today" not in lines
    assert "2  Pack a bag" in lines
    assert lines[-1] == i18n._(PLACE_LINE)
