"""The summary as one self-contained HTML page that reads on screen and prints on A4 or Letter.

Nothing in the page is fetched: the style is inline, there are no scripts, images or web fonts,
and a Content-Security-Policy forbids loading anything even if a browser were tempted to.
Everything is escaped, since most of the words are the person's own. Nothing needs colour to be
understood: checkboxes are drawn with a border and a mark, and every state is said in words.
"""

from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING

from exitplan.base.i18n import _
from exitplan.views.local import CHANGING
from exitplan.views.summary import (
    CAUTION_WORDS,
    NO_ENTRIES,
    PRIVATE,
    TIMELINE_NOTE,
    attention_words,
    build_summary,
    flag_heading,
    write_summary,
)

if TYPE_CHECKING:
    from datetime import date

    from exitplan.domain.plan import Plan
    from exitplan.journal.records import Moment
    from exitplan.views.summary import Section, Step, Summary

# The margins fit both A4 (210 x 297 mm) and Letter (216 x 279 mm); the printer picks the size.
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
.attention { padding-left: 1.2rem; margin: 0.3rem 0; }
.attention li { margin: 0.2rem 0; break-inside: avoid; }
.flag { font-weight: bold; }
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

# What a browser may load for this page: nothing but the inline style.
POLICY = "default-src 'none'; style-src 'unsafe-inline'"
BOX = {"done": "\u2713", "open": "", "skipped": "\u2013"}
_WEB = re.compile(r"https?://[^\s<>\"'\\]+")


def text(value: str) -> str:
    """Plain text made safe for HTML: every markup character, quotes included, escaped."""
    return escape(value, quote=True)


def source_html(url: str) -> str:
    """A source as a plain link when it is a web address, otherwise as text."""
    if _WEB.fullmatch(url):
        return f'<a href="{text(url)}">{text(url)}</a>'
    return text(url)


class HtmlWriter:
    """The summary as one self-contained page: a first page of facts, a page per checklist."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.open_list = False

    def header(self, view: Summary) -> None:
        """The document head and the first section's facts."""
        self.parts += [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            '<meta name="color-scheme" content="light">',
            "<title>My plan</title>",
            f"<style>{STYLE}</style>",
            "</head>",
            "<body>",
            '<section class="first">',
            "<h1>My plan</h1>",
            f'<p class="as-of">{text(view.as_of)}</p>',
            f'<p class="countdown">{text(view.countdown)}</p>',
            f'<p class="progress">{text(view.progress)}</p>',
            f'<p class="place">{text(view.place)}</p>',
        ]

    def attention(self, view: Summary) -> None:
        """What needs attention, then a table of the checklists, then the privacy reminder."""
        self.parts.append("<h2>Needs attention</h2>")
        if view.attention:
            self.parts.append('<ul class="attention">')
            self.parts += [
                f'<li><span class="flag">{text(flag_heading(step))}:</span> '
                f'{text(step.title)} <span class="where">({text(attention_words(step))})</span>'
                "</li>"
                for step in view.attention
            ]
            self.parts.append("</ul>")
        else:
            self.parts.append(f'<p class="calm">{text(view.calm)}</p>')
        self.parts += [
            "<h2>Checklists</h2>",
            "<table>",
            '<thead><tr><th scope="col">Checklist</th><th scope="col">Progress</th></tr></thead>',
            "<tbody>",
            *(f"<tr><td>{text(s.title)}</td><td>{text(s.tally)}</td></tr>" for s in view.sections),
            "</tbody>",
            "</table>",
            f'<p class="private">{text(PRIVATE)}</p>',
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
            f'<h2>{text(section.title)} <span class="tally">({text(section.tally)})</span></h2>',
            '<ul class="steps">',
        ]
        self.open_list = True

    def step(self, step: Step) -> None:
        """A drawn checkbox, the title, the facts in words, caution, note and sources."""
        lines = [
            f'<li class="step {step.status}">',
            f'<span class="box" aria-hidden="true">{BOX[step.status]}</span>',
            '<div class="body">',
            f'<p class="title">{text(step.title)}</p>',
            f'<p class="facts">{text(step.facts)}</p>',
        ]
        if step.warn:
            caution = CAUTION_WORDS + (f" {step.caution}" if step.caution else "")
            lines.append(f'<p class="caution">{text(caution)}</p>')
        if step.note:
            lines.append(f'<p class="note">Note: {text(step.note)}</p>')
        if step.changing:
            lines.append(f'<p class="caution">{text(_(CHANGING))}</p>')
        if step.sources:
            links = ", ".join(source_html(url) for url in step.sources)
            lines.append(f'<p class="sources">Sources: {links}</p>')
        if step.local_sources:
            links = ", ".join(f"{source_html(u)} ({text(w)})" for u, w in step.local_sources)
            words = text(_("Local sources: {links}")).replace("{links}", links)
            lines.append(f'<p class="sources">{words}</p>')
        lines += ["</div>", "</li>"]
        self.parts += lines

    def timeline(self, moments: tuple[Moment, ...]) -> None:
        """The journal on a page of its own: one row per entry, in the order they happened."""
        self._close_list()
        self.parts += [
            '<section class="journal" style="break-before: page">',
            "<h2>Journal</h2>",
            f"<p>{text(TIMELINE_NOTE if moments else NO_ENTRIES)}</p>",
        ]
        if moments:
            self.parts += [
                "<table>",
                '<thead><tr><th scope="col">Entry</th><th scope="col">When</th>'
                '<th scope="col">What happened</th><th scope="col">Added</th></tr></thead>',
                "<tbody>",
                *(
                    f"<tr><td>{m.number}</td><td>{text(m.when)}</td><td>{text(m.what)}</td>"
                    f"<td>{text(m.added)}</td></tr>"
                    for m in moments
                ),
                "</tbody>",
                "</table>",
            ]
        self.parts.append("</section>")

    def finish(self) -> str:
        """The whole page, ending in one newline."""
        self._close_list()
        self.parts += ["</body>", "</html>"]
        return "\n".join(self.parts) + "\n"


def summary_html(plan: Plan, today: date, timeline: tuple[Moment, ...] | None = None) -> str:
    """The whole plan as one self-contained HTML page that prints well."""
    return write_summary(build_summary(plan, today, timeline), HtmlWriter())
