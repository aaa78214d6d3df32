"""The plan as a summary to read or print: one view, built once, written as Markdown or text.

`build_summary` turns a plan into a small view (header facts, what needs attention, each
checklist with its steps). `write_summary` walks that view in one loop and hands each part to a
writer, so the Markdown, text and HTML (`exitplan.views.printable`) summaries cannot drift
apart: they differ only in how they spell a part, never in what they show or in which order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from exitplan.base.i18n import _
from exitplan.domain.schedule import ALERT_FLAGS, most_urgent
from exitplan.views.export import FLAG_WORDS, countdown_text, progress, rows_for, totals
from exitplan.views.local import CHANGING

if TYPE_CHECKING:
    from datetime import date

    from exitplan.domain.model import Status
    from exitplan.domain.plan import Plan
    from exitplan.domain.region import Local
    from exitplan.domain.schedule import Flag, Scheduled
    from exitplan.journal.records import Moment

PRIVATE = "This summary holds your notes. Keep it somewhere private."
TIMELINE_NOTE = (
    "Each entry's first words, in the order things happened. The full record, with every "
    "field and a way to check it has not been changed: exitplan log export"
)
NO_ENTRIES = "The journal has no entries yet."
CAUTION_WORDS = "Take care: doing this may alert your partner."


@dataclass(frozen=True)
class Step:
    """One step as a summary shows it."""

    number: int
    checklist: str
    title: str
    status: Status
    reason: str | None
    flag: Flag | None
    due: date | None
    note: str | None
    caution: str | None
    alerts_partner: bool
    sources: tuple[str, ...]
    # The place's sources for the local facts the step names: (address, where and when).
    local_sources: tuple[tuple[str, str], ...] = ()
    changing: bool = False  # a fact it names is changing in the law: check with an advocate

    @property
    def state(self) -> str:
        """The state in words: done, open (with its flag), or set aside with its reason."""
        if self.status == "done":
            return "done"
        if self.status == "skipped":
            return f"set aside: {self.reason}" if self.reason else "set aside"
        return f"open, {FLAG_WORDS[self.flag]}" if self.flag else "open"

    @property
    def facts(self) -> str:
        """The due date and the state on one line: `Due Mon 7 Dec 2026; open, due soon`."""
        if self.due is None:
            return upper_first(self.state)
        return f"Due {day_words(self.due)}; {self.state}"

    @property
    def warn(self) -> bool:
        """Whether to show the caution: the step is open and doing it could alert the partner."""
        return self.alerts_partner and self.status == "open"


@dataclass(frozen=True)
class Section:
    """One checklist with its steps, in plan order."""

    id: str
    title: str
    done: int
    skipped: int
    total: int
    steps: tuple[Step, ...]

    @property
    def tally(self) -> str:
        """`1 of 4 done` (and how many are set aside, when any are)."""
        aside = f", {self.skipped} set aside" if self.skipped else ""
        return f"{self.done} of {self.total} done{aside}"


@dataclass(frozen=True)
class Summary:
    """Everything a summary shows, in the order it shows it."""

    today: date
    exit_date: date | None
    countdown: str
    progress: str
    attention: tuple[Step, ...]
    calm: str
    sections: tuple[Section, ...]
    place: str = ""  # where the person lives, or how to choose it
    # The journal's entries in the order they happened, when asked for (None: not asked).
    timeline: tuple[Moment, ...] | None = None

    @property
    def as_of(self) -> str:
        """`As of Monday 30 November 2026.`"""
        return f"As of {self.today:%A} {self.today.day} {self.today:%B %Y}."


def upper_first(words: str) -> str:
    """The words with a capital first letter, the rest left as written."""
    return words[:1].upper() + words[1:]


def day_words(day: date) -> str:
    """A date that reads the same on both sides of the Atlantic: `Mon 7 Dec 2026`."""
    return f"{day:%a} {day.day} {day:%b} {day.year}"


def attention_words(step: Step) -> str:
    """Where a needs-attention step is and when it is due: `Test money, step 2, due Mon ...`."""
    due = f", due {day_words(step.due)}" if step.due else ""
    return f"{step.checklist}, step {step.number}{due}"


def flag_heading(step: Step) -> str:
    """The flag of a needs-attention step, capitalised: `Overdue`."""
    return upper_first(FLAG_WORDS[step.flag or "upcoming"])


def _step(row: Scheduled, region: Local | None) -> Step:
    from exitplan.views.local import changing, local_sources, step_facts

    entry = row.entry
    facts = step_facts(entry.item, region)
    return Step(
        number=entry.number,
        checklist=entry.checklist.title,
        title=entry.item.title,
        status=entry.state.status,
        reason=entry.state.reason,
        flag=row.flag,
        due=row.due,
        note=entry.state.note,
        caution=entry.item.caution,
        alerts_partner=entry.item.alerts_partner,
        sources=tuple(entry.item.sources),
        local_sources=local_sources(facts),
        changing=changing(facts),
    )


def build_summary(plan: Plan, today: date, timeline: tuple[Moment, ...] | None = None) -> Summary:
    """The summary view of a plan on a given day (with the journal's timeline, if given)."""
    rows = rows_for(plan, today)
    count = totals(rows)
    from exitplan.views.local import place_words

    steps = {row.entry.number: _step(row, plan.region) for row in rows}
    attention = tuple(
        steps[row.entry.number] for row in most_urgent(rows) if row.flag in ALERT_FLAGS
    )
    if attention:
        calm = ""
    elif plan.exit_date is None:
        calm = "Nothing has a deadline until an exit date is set."
    elif count["open"]:
        calm = f"Nothing is overdue or due in the next {plan.warn_days} days."
    else:
        calm = "Every step is settled."
    sections = tuple(
        Section(
            id=c["id"],
            title=c["title"],
            done=c["done"],
            skipped=c["skipped"],
            total=c["total"],
            steps=tuple(
                steps[row.entry.number] for row in rows if row.entry.checklist.id == c["id"]
            ),
        )
        for c in progress(plan, rows)
    )
    return Summary(
        today=today,
        exit_date=plan.exit_date,
        countdown=countdown_text(plan.exit_date, today),
        progress=f"{count['done']} of {count['items']} steps done, "
        f"{count['skipped']} set aside, {count['open']} still open.",
        attention=attention,
        calm=calm,
        sections=sections,
        timeline=timeline,
        place=place_words(plan.region),
    )


class Writer(Protocol):
    """How one format spells each part of the summary."""

    def header(self, view: Summary) -> None:
        """The title and the facts about the exit date and progress."""

    def attention(self, view: Summary) -> None:
        """What needs attention, most urgent first (or a calm sentence when nothing does)."""

    def section(self, section: Section) -> None:
        """The start of a checklist."""

    def step(self, step: Step) -> None:
        """One step of the current checklist."""

    def timeline(self, moments: tuple[Moment, ...]) -> None:
        """The journal's entries, in the order they happened (after every checklist)."""

    def finish(self) -> str:
        """The whole document."""


def write_summary(view: Summary, writer: Writer) -> str:
    """Walk the view in its one order and let the writer spell each part."""
    writer.header(view)
    writer.attention(view)
    for section in view.sections:
        writer.section(section)
        for step in section.steps:
            writer.step(step)
    if view.timeline is not None:
        writer.timeline(view.timeline)
    return writer.finish()


# -- Markdown --------------------------------------------------------------------------------

# Characters that mean something anywhere in a line of (GitHub-flavoured) Markdown or raw HTML.
_MD_INLINE = re.compile(r"([\\`*_\[\]<>|~$])")
# `&name;` and `&#123;` would be read as character references.
_MD_ENTITY = re.compile(r"&(?=#?[0-9A-Za-z]+;)")
# What starts a block at the beginning of a line: headings, lists, quotes, rules, setext lines.
_MD_LINE_START = re.compile(r"^(?:([#+=\-])|(\d+)([.)]))")


def escape_markdown(text: str) -> str:
    """The text as Markdown that shows exactly these characters, with no markup of its own."""
    return "\n".join(_escape_line(line) for line in text.split("\n"))


def _escape_line(line: str) -> str:
    escaped = _MD_ENTITY.sub(r"\\&", _MD_INLINE.sub(r"\\\1", line))
    # Leading spaces would make an indented code block; the words matter, not the indent.
    return _MD_LINE_START.sub(_escape_line_start, escaped.lstrip())


def _escape_line_start(match: re.Match[str]) -> str:
    if match.group(1):
        return f"\\{match.group(1)}"
    return f"{match.group(2)}\\{match.group(3)}"


def markdown_link(url: str) -> str:
    """A source as an autolink when it is a plain web address, otherwise as escaped text."""
    if re.fullmatch(r"https?://[^\s<>\\]+", url):
        return f"<{url}>"
    return escape_markdown(url)


class MarkdownWriter:
    """The summary as Markdown: task-list checkboxes, the person's text escaped."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def header(self, view: Summary) -> None:
        """`# My plan` and the facts, one paragraph each."""
        self.lines += ["# My plan", "", view.as_of, "", view.countdown, "", view.progress, ""]
        self.lines += [escape_markdown(view.place), "", PRIVATE, ""]

    def attention(self, view: Summary) -> None:
        """`## Needs attention` with one bullet per step, most urgent first."""
        self.lines += ["## Needs attention", ""]
        if not view.attention:
            self.lines += [view.calm, ""]
            return
        for step in view.attention:
            self.lines.append(
                f"- **{flag_heading(step)}**: {escape_markdown(step.title)} "
                f"({escape_markdown(attention_words(step))})"
            )
        self.lines.append("")

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
            details.append(CAUTION_WORDS + caution)
        if step.note:
            details += [
                f"Note: {line}" if i == 0 else line
                for i, line in enumerate(escape_markdown(step.note).split("\n"))
            ]
        if step.changing:
            details.append(_(CHANGING))
        if step.sources:
            details.append("Sources: " + ", ".join(markdown_link(s) for s in step.sources))
        if step.local_sources:
            links = (
                f"{markdown_link(url)} ({escape_markdown(w)})" for url, w in step.local_sources
            )
            details.append(_("Local sources: {links}").format(links=", ".join(links)))
        self.lines.append(f"- {box}{escape_markdown(step.title)}\\")
        self.lines += [f"  {line}\\" for line in details[:-1]]
        self.lines += [f"  {details[-1]}", ""]

    def timeline(self, moments: tuple[Moment, ...]) -> None:
        """`## Journal`, one bullet per entry: its number, when, and its first words."""
        self.lines += ["## Journal", "", TIMELINE_NOTE if moments else NO_ENTRIES, ""]
        for m in moments:
            added = f" ({m.added})" if m.added else ""
            self.lines.append(
                f"- **{m.number}**, {escape_markdown(m.when)}: {escape_markdown(m.what)}{added}"
            )
        self.lines.append("")

    def finish(self) -> str:
        """The document, ending in one newline."""
        return "\n".join(self.lines).rstrip() + "\n"


class TextWriter:
    """The summary as plain text: the same parts, in capitals and indents instead of markup."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def header(self, view: Summary) -> None:
        """`MY PLAN` and the facts, one per line."""
        self.lines += ["MY PLAN", view.as_of, view.countdown, view.progress, view.place]
        self.lines += [PRIVATE, ""]

    def attention(self, view: Summary) -> None:
        """`NEEDS ATTENTION` with one line per step, most urgent first."""
        self.lines.append("NEEDS ATTENTION")
        if not view.attention:
            self.lines += [f"  {view.calm}", ""]
            return
        for step in view.attention:
            self.lines.append(f"  {flag_heading(step)}: {step.title} ({attention_words(step)})")
        self.lines.append("")

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
            self.lines.append(pad + CAUTION_WORDS + (f" {step.caution}" if step.caution else ""))
        if step.note:
            for i, line in enumerate(step.note.split("\n")):
                self.lines.append(f"{pad}{'note: ' if i == 0 else '      '}{line}".rstrip())
        if step.changing:
            self.lines.append(pad + _(CHANGING))
        if step.sources:
            self.lines.append(f"{pad}sources: {', '.join(step.sources)}")
        if step.local_sources:
            links = ", ".join(f"{url} ({where})" for url, where in step.local_sources)
            self.lines.append(pad + _("local sources: {links}").format(links=links))

    def timeline(self, moments: tuple[Moment, ...]) -> None:
        """`JOURNAL`, one line per entry: its number, when, and its first words."""
        self.lines += ["", "JOURNAL", f"  {TIMELINE_NOTE if moments else NO_ENTRIES}"]
        for m in moments:
            added = f" [{m.added}]" if m.added else ""
            self.lines.append(f"  {m.number:>4}  {m.when}: {m.what}{added}")

    def finish(self) -> str:
        """The document, ending in one newline."""
        return "\n".join(self.lines).rstrip() + "\n"


def summary_markdown(plan: Plan, today: date, timeline: tuple[Moment, ...] | None = None) -> str:
    """The whole plan as Markdown that reads well on paper and on a code-hosting site."""
    return write_summary(build_summary(plan, today, timeline), MarkdownWriter())


def summary_text(plan: Plan, today: date, timeline: tuple[Moment, ...] | None = None) -> str:
    """The whole plan as plain text."""
    return write_summary(build_summary(plan, today, timeline), TextWriter())
