"""The plan as a summary to read or print: one view, built once, written as Markdown or text.

`build_summary` turns a day view into a small view: a first page for an advocate (the facts, the
situation answers, the danger signs answered, what needs attention, what is done) and then the
full plan, each checklist with its steps. `write_summary` walks that view in one loop and hands
each part to a writer, so the Markdown, text and HTML (`exitplan.views.printable`) summaries
cannot drift apart: they differ only in how they spell a part, never in what they show or in
which order.

What needs attention is what the status screen shows, in its order and with its limits (the
day view's `attention`); every other step, whatever its flag, is in the full plan with its state
in words. A step the situation answers set aside as not for you never appears as open: the full
plan leaves it out and says how many were left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from exitplan.base.i18n import N_, _, labelled
from exitplan.base.markup import escape_markdown, markdown_link
from exitplan.domain.day import SHOW_DANGER, SHOW_TODAY, shown_attention
from exitplan.domain.region import paper_size, place_sources
from exitplan.domain.situation import QUESTIONS
from exitplan.views.local import CHANGING, changing, local_sources, place_words, step_facts
from exitplan.views.term import squeeze
from exitplan.views.words import (
    UNDATED_STATE,
    countdown_text,
    day_words,
    flag_word,
    long_day,
    source_words,
    state_words,
    upper_first,
)

if TYPE_CHECKING:
    from datetime import date

    from exitplan.base.limits import Status
    from exitplan.domain.day import DayView
    from exitplan.domain.region import Local
    from exitplan.domain.schedule import Flag, Scheduled
    from exitplan.journal.records import Moment
    from exitplan.views.ledger import Table

# Words translated with _() inside f-strings below, marked again here: Babel does not look
# inside f-strings on Python 3.11 (tests/unit/base/test_i18n_catalog.py checks they are).
_IN_FSTRINGS = (
    N_("My plan"),
    N_("Needs attention"),
    N_("What is done"),
    N_("Journal"),
)


PRIVATE = N_("This summary holds your notes. Keep it somewhere private.")
TIMELINE_NOTE = N_(
    "Each entry's first words, in the order things happened. The full record, with every "
    "field and a way to check it has not been changed: exitplan log export"
)
NO_ENTRIES = N_("The journal has no entries yet.")
CAUTION_WORDS = N_("Take care: doing this may alert your partner.")
FULL_PLAN = N_("The full plan follows, one checklist at a time.")


@dataclass(frozen=True)
class Step:
    """One step as a summary shows it."""

    number: int
    checklist: str
    title: str
    status: Status
    state: str  # in words: done, open with its flag, or set aside with its reason
    flag: Flag | None
    when: str  # before, exit-day, after; event and anytime have no date
    due: date | None
    note: str | None
    caution: str | None
    alerts_partner: bool
    sources: tuple[str, ...]
    # The place's sources for the local facts the step names: (address, where and when).
    local_sources: tuple[tuple[str, str], ...] = ()
    changing: bool = False  # a fact it names is changing in the law: check with an advocate

    @property
    def facts(self) -> str:
        """The due date and the state on one line: `Due Mon 7 Dec 2026; open, due soon`."""
        if self.due is None:
            return upper_first(self.state)
        return _("Due {day}; {state}").format(day=day_words(self.due), state=self.state)

    @property
    def warn(self) -> bool:
        """Whether to show the caution: the step is open and doing it could alert the partner."""
        return self.alerts_partner and self.status == "open"


@dataclass(frozen=True)
class Section:
    """One checklist with its steps that apply, in plan order."""

    id: str
    title: str
    done: int
    skipped: int
    total: int
    steps: tuple[Step, ...]

    @property
    def tally(self) -> str:
        """`1 of 4 done` (and how many are set aside, when any are)."""
        if self.skipped:
            return _("{done} of {total} done, {skipped} set aside").format(
                done=self.done, total=self.total, skipped=self.skipped
            )
        return _("{done} of {total} done").format(done=self.done, total=self.total)


@dataclass(frozen=True)
class Answer:
    """One situation question as the advocate's page shows it: the question and the answer."""

    question: str
    answer: str  # yes or no


@dataclass(frozen=True)
class Summary:
    """Everything a summary shows, in the order it shows it."""

    today: date
    exit_date: date | None
    countdown: str
    progress: str
    situation: tuple[Answer, ...]  # the questions answered, danger signs apart
    dangers: tuple[Answer, ...]  # the danger-sign questions answered: yes, no or not sure
    attention: tuple[Step, ...]  # what the status screen shows, in its order
    more: int  # how many more need attention than are shown (each is in the full plan)
    calm: str
    sections: tuple[Section, ...]
    not_for_you: int  # steps left out of the full plan: the answers set them aside
    place: str = ""  # where the person lives, or how to choose it
    paper: str | None = None  # the place's paper (`letter`, `A4`); None: the printer picks
    # The journal's entries in the order they happened, when asked for (None: not asked).
    timeline: tuple[Moment, ...] | None = None
    # The inventories asked for, as tables after everything else (none unless asked for).
    tables: tuple[Table, ...] = ()

    @property
    def as_of(self) -> str:
        """`As of Monday 30 November 2026.`"""
        return _("As of {day}.").format(day=long_day(self.today))

    @property
    def left_out(self) -> str:
        """The sentence that says how many steps are not for you (empty when none are)."""
        if not self.not_for_you:
            return ""
        return _(
            "{count} more steps are not for you, from the answers above; they are left out."
        ).format(count=self.not_for_you)

    @property
    def more_line(self) -> str:
        """The sentence that says how many more need attention (empty when none do)."""
        if not self.more:
            return ""
        return _("And {count} more; each is in the full plan with its state.").format(
            count=self.more
        )


def attention_words(step: Step) -> str:
    """Where a needs-attention step is and when it is due: `Test money, step 2, due Mon ...`."""
    if step.due:
        return _("{checklist}, step {number}, due {day}").format(
            checklist=step.checklist, number=step.number, day=day_words(step.due)
        )
    return _("{checklist}, step {number}").format(checklist=step.checklist, number=step.number)


def flag_heading(step: Step) -> str:
    """The flag of a needs-attention step, capitalised: `Overdue` (`When needed` for a step
    with no date of its own)."""
    undated = UNDATED_STATE.get(step.when)
    if step.flag is None and undated:
        return upper_first(_(undated))
    return upper_first(flag_word(step.flag))


def _step(row: Scheduled, region: Local | None) -> Step:
    entry = row.entry
    facts = step_facts(entry.item, region)
    return Step(
        number=entry.number,
        checklist=entry.checklist.title,
        title=entry.item.title,
        status=entry.state.status,
        state=state_words(row),
        flag=row.flag,
        when=entry.item.when,
        due=row.due,
        note=entry.state.note,
        caution=entry.item.caution,
        alerts_partner=entry.item.alerts_partner,
        sources=place_sources(entry.item.sources, region.code if region else None),
        local_sources=local_sources(facts),
        changing=changing(facts),
    )


def _answer(value: bool | str) -> str:
    if value == "unsure":
        return _("not sure")
    return _("yes") if value else _("no")


def build_summary(
    view: DayView, timeline: tuple[Moment, ...] | None = None, tables: tuple[Table, ...] = ()
) -> Summary:
    """The summary of a day view (with the journal's timeline and the inventories' tables, if
    given)."""
    plan, count = view.plan, view.totals
    steps = {row.entry.number: _step(row, plan.region) for row in view.rows if row.entry.applies}
    cut = shown_attention(view.attention, danger=SHOW_DANGER, today=SHOW_TODAY)
    shown, more = cut.rows(), cut.more
    # The status screen's calm line: said when nothing is for today, behind or due soon (what
    # comes next may still be listed after it).
    if not view.attention.quiet:
        calm = ""
    elif plan.exit_date is None:
        calm = _("Nothing has a deadline until an exit date is set.")
    elif count.open:
        calm = _("Nothing is overdue or due in the next {days} days.").format(days=plan.warn_days)
    else:
        calm = _("Every step is settled.")
    answers = plan.situation
    unsure = plan.state.unsure if plan.state else []
    dangers: dict[str, bool | str] = {**answers, **dict.fromkeys(unsure, "unsure")}
    sections = tuple(
        Section(
            id=c.id,
            title=c.title,
            done=c.done,
            skipped=c.skipped,
            total=c.total,
            steps=tuple(
                steps[row.entry.number]
                for row in view.rows
                if row.entry.checklist.id == c.id and row.entry.applies
            ),
        )
        for c in view.progress
    )
    return Summary(
        today=view.today,
        exit_date=plan.exit_date,
        countdown=countdown_text(plan.exit_date, view.today),
        progress=_("{done} of {items} steps done, {skipped} set aside, {open} still open.").format(
            done=count.done, items=count.items, skipped=count.skipped, open=count.open
        ),
        situation=tuple(
            Answer(_(q.text), _answer(answers[q.key]))
            for q in QUESTIONS
            if not q.danger and q.key in answers
        ),
        # A danger sign answered "not sure" is shown too: not knowing is itself worth telling.
        dangers=tuple(
            Answer(_(q.text), _answer(dangers[q.key]))
            for q in QUESTIONS
            if q.danger and q.key in dangers
        ),
        attention=tuple(steps[row.entry.number] for row in shown),
        more=more,
        calm=calm,
        sections=sections,
        not_for_you=count.not_for_you,
        place=place_words(plan.region),
        paper=paper_size(plan.region.code if plan.region else None),
        timeline=timeline,
        tables=tables,
    )


class Writer(Protocol):
    """How one format spells each part of the summary."""

    def header(self, view: Summary) -> None:
        """The title and the facts about the exit date and progress."""

    def first_page(self, view: Summary) -> None:
        """The situation, the danger signs answered, what needs attention (in the status
        screen's order, or a calm sentence when nothing does), and what is done."""

    def section(self, section: Section) -> None:
        """The start of a checklist."""

    def step(self, step: Step) -> None:
        """One step of the current checklist."""

    def timeline(self, moments: tuple[Moment, ...]) -> None:
        """The journal's entries, in the order they happened (after every checklist)."""

    def table(self, table: Table) -> None:
        """One inventory the person asked for, as a table (after everything else)."""

    def finish(self) -> str:
        """The whole document."""


def write_summary(view: Summary, writer: Writer) -> str:
    """Walk the view in its one order and let the writer spell each part."""
    writer.header(view)
    writer.first_page(view)
    for section in view.sections:
        writer.section(section)
        for step in section.steps:
            writer.step(step)
    if view.timeline is not None:
        writer.timeline(view.timeline)
    for table in view.tables:
        writer.table(table)
    return writer.finish()


# -- Markdown --------------------------------------------------------------------------------


class MarkdownWriter:
    """The summary as Markdown: task-list checkboxes, the person's text escaped."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def header(self, view: Summary) -> None:
        """`# My plan` and the facts, one paragraph each."""
        self.lines += [f"# {_('My plan')}", "", view.as_of, "", view.countdown, ""]
        self.lines += [view.progress, "", escape_markdown(view.place), "", _(PRIVATE), ""]

    def _answers(self, heading: str, answers: tuple[Answer, ...]) -> None:
        self.lines += [f"## {heading}", ""]
        self.lines += [f"- {escape_markdown(a.question)} {a.answer}" for a in answers]
        self.lines.append("")

    def first_page(self, view: Summary) -> None:
        """The situation and danger signs answered; `## Needs attention` with one bullet per
        step, in the status screen's order; `## What is done`, one bullet per checklist."""
        if view.situation:
            self._answers(_("Your situation"), view.situation)
        if view.dangers:
            self._answers(_("Danger signs"), view.dangers)
        self.lines += [f"## {_('Needs attention')}", ""]
        if view.calm:
            self.lines += [view.calm, ""]
        if view.attention:
            for step in view.attention:
                title = escape_markdown(step.title)
                value = f"{title} ({escape_markdown(attention_words(step))})"
                self.lines.append("- " + labelled(f"**{flag_heading(step)}**", value))
            self.lines.append("")
            if view.more_line:
                self.lines += [view.more_line, ""]
        self.lines += [f"## {_('What is done')}", ""]
        self.lines += [f"- {labelled(escape_markdown(s.title), s.tally)}" for s in view.sections]
        self.lines.append("")
        if view.left_out:
            self.lines += [view.left_out, ""]
        self.lines += [_(FULL_PLAN), ""]

    def section(self, section: Section) -> None:
        """`## Title (1 of 4 done)`."""
        self.lines += [f"## {escape_markdown(section.title)} ({section.tally})", ""]

    def step(self, step: Step) -> None:
        """A task-list item; a set-aside step gets no box, so it never looks open."""
        box = {"done": "[x] ", "open": "[ ] ", "skipped": ""}[step.status]
        # A backslash at the end of a line is a hard line break: one fact per line.
        details = [escape_markdown(step.facts)]
        if step.warn:
            caution = f" {escape_markdown(step.caution)}" if step.caution else ""
            details.append(_(CAUTION_WORDS) + caution)
        if step.note:
            details += [
                _("Note: {line}").format(line=line) if i == 0 else line
                for i, line in enumerate(escape_markdown(step.note).split("\n"))
            ]
        if step.changing:
            details.append(_(CHANGING))
        if step.sources:
            links = ", ".join(markdown_link(source_words(s)) for s in step.sources)
            details.append(_("Sources: {links}").format(links=links))
        if step.local_sources:
            local = (
                f"{markdown_link(url)} ({escape_markdown(w)})" for url, w in step.local_sources
            )
            details.append(_("Local sources: {links}").format(links=", ".join(local)))
        self.lines.append(f"- {box}{escape_markdown(step.title)}\\")
        self.lines += [f"  {line}\\" for line in details[:-1]]
        self.lines += [f"  {details[-1]}", ""]

    def timeline(self, moments: tuple[Moment, ...]) -> None:
        """`## Journal`, one bullet per entry: its number, when, and its first words."""
        self.lines += [f"## {_('Journal')}", "", _(TIMELINE_NOTE if moments else NO_ENTRIES), ""]
        for m in moments:
            added = f" ({m.added})" if m.added else ""
            head = f"**{m.number}**, {escape_markdown(m.when)}"
            self.lines.append("- " + labelled(head, escape_markdown(m.what) + added))
        self.lines.append("")

    def table(self, table: Table) -> None:
        """A table as GitHub-flavoured Markdown: a heading, a pipe table, its notes."""

        def cell(text: str) -> str:
            # A new line would end the row: cells are one line, with the person's text escaped.
            return escape_markdown(squeeze(text))

        lines = [f"## {escape_markdown(table.title)}", ""]
        if table.rows:
            lines.append("| " + " | ".join(cell(head) for head in table.heads) + " |")
            lines.append("|" + "|".join("---" for _head in table.heads) + "|")
            lines += ["| " + " | ".join(cell(text) for text in row) + " |" for row in table.rows]
            lines.append("")
        for note in table.notes:
            lines += [escape_markdown(note), ""]
        self.lines += lines

    def finish(self) -> str:
        """The document, ending in one newline."""
        return "\n".join(self.lines).rstrip() + "\n"


class TextWriter:
    """The summary as plain text: the same parts, in capitals and indents instead of markup."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def header(self, view: Summary) -> None:
        """`MY PLAN` and the facts, one per line."""
        self.lines += [_("My plan").upper(), view.as_of, view.countdown, view.progress]
        self.lines.append(view.place)
        self.lines += [_(PRIVATE), ""]

    def _answers(self, heading: str, answers: tuple[Answer, ...]) -> None:
        self.lines.append(heading.upper())
        self.lines += [f"  {a.question} {a.answer}" for a in answers]
        self.lines.append("")

    def first_page(self, view: Summary) -> None:
        """The answers, `NEEDS ATTENTION` one line per step in the status screen's order, and
        `WHAT IS DONE` one line per checklist."""
        if view.situation:
            self._answers(_("Your situation"), view.situation)
        if view.dangers:
            self._answers(_("Danger signs"), view.dangers)
        self.lines.append(_("Needs attention").upper())
        if view.calm:
            self.lines.append(f"  {view.calm}")
        for step in view.attention:
            self.lines.append(
                "  " + labelled(flag_heading(step), f"{step.title} ({attention_words(step)})")
            )
        if view.more_line:
            self.lines.append(f"  {view.more_line}")
        self.lines += ["", _("What is done").upper()]
        self.lines += [f"  {labelled(s.title, s.tally)}" for s in view.sections]
        if view.left_out:
            self.lines.append(f"  {view.left_out}")
        self.lines += ["", _(FULL_PLAN)]

    def section(self, section: Section) -> None:
        """`TITLE (1 of 4 done)`, after a blank line."""
        if self.lines[-1]:
            self.lines.append("")
        self.lines.append(f"{section.title.upper()} ({section.tally})")

    def step(self, step: Step) -> None:
        """`[x] Title`, then its facts, caution, note and sources, indented."""
        box = {"done": "[x]", "open": "[ ]", "skipped": "[-]"}[step.status]
        pad = " " * 6
        self.lines += [f"  {box} {step.title}", f"{pad}{step.facts}"]
        if step.warn:
            caution = f" {step.caution}" if step.caution else ""
            self.lines.append(pad + _(CAUTION_WORDS) + caution)
        if step.note:
            first = _("note: {line}")
            indent = " " * len(first.format(line=""))
            for i, line in enumerate(step.note.split("\n")):
                text = first.format(line=line) if i == 0 else indent + line
                self.lines.append(f"{pad}{text}".rstrip())
        if step.changing:
            self.lines.append(pad + _(CHANGING))
        if step.sources:
            sources = ", ".join(map(source_words, step.sources))
            self.lines.append(pad + _("sources: {links}").format(links=sources))
        if step.local_sources:
            links = ", ".join(f"{url} ({where})" for url, where in step.local_sources)
            self.lines.append(pad + _("local sources: {links}").format(links=links))

    def timeline(self, moments: tuple[Moment, ...]) -> None:
        """`JOURNAL`, one line per entry: its number, when, and its first words."""
        self.lines += ["", _("Journal").upper(), f"  {_(TIMELINE_NOTE if moments else NO_ENTRIES)}"]
        for m in moments:
            added = f" [{m.added}]" if m.added else ""
            self.lines.append(f"  {m.number:>4}  {labelled(m.when, m.what)}{added}")

    def table(self, table: Table) -> None:
        """A table as plain text: the title in capitals, columns padded to their widest cell."""
        lines = ["", table.title.upper()]
        if table.rows:
            rows = [table.heads, *(tuple(squeeze(c) for c in row) for row in table.rows)]
            widths = [max(len(row[n]) for row in rows) for n in range(len(table.heads))]
            for row in rows:
                lines.append(
                    "  " + "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
                )
        lines += [f"  {note}" for note in table.notes]
        self.lines += lines

    def finish(self) -> str:
        """The document, ending in one newline."""
        return "\n".join(self.lines).rstrip() + "\n"
