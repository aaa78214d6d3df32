"""The summary as one self-contained HTML page that reads on screen and prints on A4 or Letter.

The page is `markup.html_page`: nothing in it is fetched, and printed it shows no file path.
Everything is escaped, since most of the words are the person's own. Nothing needs colour to be
understood: checkboxes are drawn with a border and a mark, and every state is said in words.
The first printed page is for an advocate: the facts, the situation, the danger signs answered,
what needs attention and what is done; each checklist then starts a page of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from exitplan.base.i18n import N_, _
from exitplan.base.markup import html_link, html_page, html_text
from exitplan.views.local import CHANGING
from exitplan.views.summary import (
    CAUTION_WORDS,
    FULL_PLAN,
    NO_ENTRIES,
    PRIVATE,
    TIMELINE_NOTE,
    attention_words,
    flag_heading,
)
from exitplan.views.words import source_words

if TYPE_CHECKING:
    from exitplan.journal.records import Moment
    from exitplan.views.ledger import Table
    from exitplan.views.summary import Answer, Section, Step, Summary

# Words translated with _() inside f-strings below, marked again here: Babel does not look
# inside f-strings on Python 3.11 (tests/unit/base/test_i18n_catalog.py checks they are).
_IN_FSTRINGS = (
    N_("My plan"),
    N_("Needs attention"),
    N_("What is done"),
    N_("Checklist"),
    N_("Progress"),
    N_("Journal"),
)


# The margins fit both A4 (210 x 297 mm) and Letter (216 x 279 mm). The page asks for the
# paper of the person's place (Letter in the US, Canada, Mexico, Colombia and Chile, A4
# elsewhere); without a place the printer picks.
STYLE = """
@page { margin: 16mm 15mm 16mm 15mm; }
html { color: #000; background: #fff; }
body {
  font-family: "DejaVu Sans", "Liberation Sans", Arial, Helvetica, sans-serif;
  font-size: 11pt; line-height: 1.4; max-width: 44rem; margin: 2rem auto; padding: 0 1rem;
  font-variant-ligatures: none; overflow-wrap: break-word;
}
h1 { font-size: 20pt; margin: 0 0 0.4rem; }
h2 { font-size: 14pt; margin: 1.2rem 0 0.4rem; padding-bottom: 0.1rem;
     border-bottom: 1pt solid #000; break-after: avoid; }
h2 .tally { font-size: 10.5pt; font-weight: normal; }
p { margin: 0.2rem 0; }
.countdown { font-size: 14pt; font-weight: bold; margin: 0.5rem 0; }
.private { margin-top: 1.2rem; font-style: italic; }
.attention, .answers { padding-left: 1.2rem; margin: 0.3rem 0; }
.attention li { margin: 0.2rem 0; break-inside: avoid; }
.flag, .answer { font-weight: bold; }
.where { font-size: 9.5pt; }
table { border-collapse: collapse; margin: 0.3rem 0; }
th, td { text-align: left; padding: 0.15rem 1rem 0.15rem 0; border-bottom: 0.5pt solid #666; }
.steps { list-style: none; padding: 0; margin: 0; }
.step { display: flex; gap: 0.6rem; padding: 0.4rem 0; border-bottom: 0.5pt solid #666;
        break-inside: avoid; }
.box { flex: none; box-sizing: border-box; width: 0.95rem; height: 0.95rem; margin-top: 0.2rem;
       border: 1.5pt solid #000; font-size: 9pt; line-height: 0.8rem; text-align: center;
       font-weight: bold; }
.body { flex: 1; min-width: 0; }
.facts, .sources { font-size: 9.5pt; }
.note { white-space: pre-wrap; border-left: 2pt solid #000; padding-left: 0.5rem;
        margin: 0.25rem 0; }
.sources { overflow-wrap: anywhere; }
a { color: inherit; }
@media print {
  body { margin: 0; max-width: none; padding: 0; font-size: 10.5pt; }
  a { text-decoration: none; }
}
"""

BOX = {"done": "\u2713", "open": "", "skipped": "\u2013"}


# On the first page of every printed or saved summary: what the page is, and how to be rid of it.
UNSEALED = N_(
    "This page is not encrypted: anyone who opens the file, or finds it printed, can read it. "
    "When you no longer need it, delete the file (exitplan wipe offers to erase it) and shred "
    "or tear up any printed pages."
)


class HtmlWriter:
    """The summary as one self-contained page: a first page of facts, a page per checklist."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.open_list = False
        self.paper: str | None = None

    def header(self, view: Summary) -> None:
        """The first section's facts."""
        self.paper = view.paper
        self.parts += [
            '<section class="first">',
            f"<h1>{html_text(_('My plan'))}</h1>",
            f'<p class="as-of">{html_text(view.as_of)}</p>',
            f'<p class="countdown">{html_text(view.countdown)}</p>',
            f'<p class="progress">{html_text(view.progress)}</p>',
            f'<p class="place">{html_text(view.place)}</p>',
            f'<p class="unsealed">{html_text(_(UNSEALED))}</p>',
        ]

    def _answers(self, heading: str, answers: tuple[Answer, ...]) -> None:
        self.parts.append(f"<h2>{html_text(heading)}</h2>")
        self.parts.append('<ul class="answers">')
        self.parts += [
            f'<li>{html_text(a.question)} <span class="answer">{html_text(a.answer)}</span></li>'
            for a in answers
        ]
        self.parts.append("</ul>")

    def first_page(self, view: Summary) -> None:
        """The situation, the danger signs, what needs attention, what is done, the reminder."""
        if view.situation:
            self._answers(_("Your situation"), view.situation)
        if view.dangers:
            self._answers(_("Danger signs"), view.dangers)
        self.parts.append(f"<h2>{html_text(_('Needs attention'))}</h2>")
        if view.calm:
            self.parts.append(f'<p class="calm">{html_text(view.calm)}</p>')
        if view.attention:
            self.parts.append('<ul class="attention">')
            self.parts += [
                f'<li><span class="flag">{html_text(flag_heading(step))}:</span> '
                f"{html_text(step.title)} "
                f'<span class="where">({html_text(attention_words(step))})</span></li>'
                for step in view.attention
            ]
            self.parts.append("</ul>")
            if view.more_line:
                self.parts.append(f'<p class="more">{html_text(view.more_line)}</p>')
        self.parts += [
            f"<h2>{html_text(_('What is done'))}</h2>",
            "<table>",
            f'<thead><tr><th scope="col">{html_text(_("Checklist"))}</th>'
            f'<th scope="col">{html_text(_("Progress"))}</th></tr></thead>',
            "<tbody>",
            *(
                f"<tr><td>{html_text(s.title)}</td><td>{html_text(s.tally)}</td></tr>"
                for s in view.sections
            ),
            "</tbody>",
            "</table>",
        ]
        if view.left_out:
            self.parts.append(f'<p class="left-out">{html_text(view.left_out)}</p>')
        self.parts += [
            f'<p class="private">{html_text(_(PRIVATE))}</p>',
            f'<p class="full-plan">{html_text(_(FULL_PLAN))}</p>',
            "</section>",
        ]

    def _close_list(self) -> None:
        if self.open_list:
            self.parts += ["</ul>", "</section>"]
            self.open_list = False

    def section(self, section: Section) -> None:
        """A checklist starts on a new printed page."""
        self._close_list()
        self.parts += [
            '<section class="checklist" style="break-before: page">',
            f"<h2>{html_text(section.title)} "
            f'<span class="tally">({html_text(section.tally)})</span></h2>',
            '<ul class="steps">',
        ]
        self.open_list = True

    def step(self, step: Step) -> None:
        """A drawn checkbox, the title, the facts in words, caution, note and sources."""
        lines = [
            f'<li class="step {step.status}">',
            f'<span class="box" aria-hidden="true">{BOX[step.status]}</span>',
            '<div class="body">',
            f'<p class="title">{html_text(step.title)}</p>',
            f'<p class="facts">{html_text(step.facts)}</p>',
        ]
        if step.warn:
            caution = _(CAUTION_WORDS) + (f" {step.caution}" if step.caution else "")
            lines.append(f'<p class="caution">{html_text(caution)}</p>')
        if step.note:
            note = html_text(_("Note: {line}")).replace("{line}", html_text(step.note))
            lines.append(f'<p class="note">{note}</p>')
        if step.changing:
            lines.append(f'<p class="caution">{html_text(_(CHANGING))}</p>')
        if step.sources:
            links = ", ".join(html_link(source_words(url)) for url in step.sources)
            words = html_text(_("Sources: {links}")).replace("{links}", links)
            lines.append(f'<p class="sources">{words}</p>')
        if step.local_sources:
            local = ", ".join(f"{html_link(u)} ({html_text(w)})" for u, w in step.local_sources)
            words = html_text(_("Local sources: {links}")).replace("{links}", local)
            lines.append(f'<p class="sources">{words}</p>')
        lines += ["</div>", "</li>"]
        self.parts += lines

    def timeline(self, moments: tuple[Moment, ...]) -> None:
        """The journal on a page of its own: one row per entry, in the order they happened."""
        self._close_list()
        self.parts += [
            '<section class="journal" style="break-before: page">',
            f"<h2>{html_text(_('Journal'))}</h2>",
            f"<p>{html_text(_(TIMELINE_NOTE if moments else NO_ENTRIES))}</p>",
        ]
        if moments:
            self.parts += [
                "<table>",
                "<thead><tr>"
                + "".join(
                    f'<th scope="col">{html_text(_(name))}</th>'
                    for name in (N_("Entry"), N_("When"), N_("What happened"), N_("Added"))
                )
                + "</tr></thead>",
                "<tbody>",
                *(
                    f"<tr><td>{m.number}</td><td>{html_text(m.when)}</td><td>{html_text(m.what)}</td>"
                    f"<td>{html_text(m.added)}</td></tr>"
                    for m in moments
                ),
                "</tbody>",
                "</table>",
            ]
        self.parts.append("</section>")

    def table(self, table: Table) -> None:
        """A table on a printed page of its own, after the last checklist; every cell escaped."""
        self._close_list()  # the last checklist's list ends first
        self.parts += [
            f'<section class="inventory {table.section}" style="break-before: page">',
            f"<h2>{html_text(table.title)}</h2>",
        ]
        if table.rows:
            heads = "".join(f'<th scope="col">{html_text(head)}</th>' for head in table.heads)
            self.parts += [
                '<table class="inventory">',
                f"<thead><tr>{heads}</tr></thead>",
                "<tbody>",
                *(
                    "<tr>" + "".join(f"<td>{html_text(cell)}</td>" for cell in row) + "</tr>"
                    for row in table.rows
                ),
                "</tbody>",
                "</table>",
            ]
        self.parts += [f"<p>{html_text(note)}</p>" for note in table.notes]
        self.parts.append("</section>")

    def finish(self) -> str:
        """The whole page, ending in one newline."""
        self._close_list()
        size = f"@page {{ size: {self.paper}; }}\n" if self.paper else ""
        return html_page(_("My plan"), self.parts, style=STYLE + size)
