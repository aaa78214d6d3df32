"""A small plan for the summary tests (a done step, a set-aside step, the person's tricky text),
and `Page`, which reads a summary page back as a person's browser shows it."""

from __future__ import annotations

import html
import re
from datetime import datetime
from html.parser import HTMLParser

from conftest import DATA, EXIT, MONEY, PAPERS, PLANNED
from markdown_it import MarkdownIt

from exitplan.domain.day import DayView
from exitplan.domain.model import Checklist
from exitplan.domain.plan import Plan, add_custom, build_plan, new_state, set_note, set_status
from exitplan.formats.catalog import Catalog
from exitplan.formats.checklistfile import load_checklist
from exitplan.views.ledger import Table
from exitplan.views.tables import summary_with_tables

NOW = datetime(2026, 11, 16, 9, 0)
TRICKY = 'Ask *Sam* about <the> [key] & "quotes" <b>bold</b>'
ACCENTS = "Zoë's café: naïve façade, Ελένη, Ёлка"
NOTE = f"{TRICKY}\n# not a heading\n1. not a list\n{ACCENTS}"


def make_plan(
    *, note: str = NOTE, title: str = TRICKY, extra: Checklist | None = None, done: bool = True
) -> Plan:
    """The two test checklists: step 1 done, step 5 set aside, a tricky note and own step."""
    lists = [load_checklist(DATA / f"{MONEY}.toml"), load_checklist(DATA / f"{PAPERS}.toml")]
    if extra is not None:
        lists.append(extra)
    catalog = Catalog(tuple(lists))
    state = new_state(NOW, catalog, [c.id for c in lists], EXIT, today=PLANNED)
    plan = build_plan(catalog, state)
    if done:
        set_status(state, plan.resolve("1"), "done", NOW)
    set_status(state, plan.resolve("5"), "skipped", NOW, reason="have none <yet>")
    set_note(state, plan.resolve("3"), note, NOW)
    add_custom(state, plan, PAPERS, title, NOW)
    return build_plan(catalog, state)


class Page(HTMLParser):
    """Parses a page into its start tags and the text inside each element that has a class."""

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.by_class: dict[str, list[str]] = {}
        self._open: list[tuple[str, int] | None] = []
        self.feed(page)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag in VOID:
            return
        name = dict(attrs).get("class")
        if name:
            self.by_class.setdefault(name, []).append("")
            self._open.append((name, len(self.by_class[name]) - 1))
        else:
            self._open.append(None)

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        for element in self._open:
            if element:
                self.by_class[element[0]][element[1]] += data


VOID = {"meta", "br", "link", "img", "input", "hr"}


def render_markdown(text: str) -> str:
    """Markdown to HTML the way a CommonMark site with tables and strikethrough shows it."""
    page: str = MarkdownIt("commonmark").enable(["table", "strikethrough"]).render(text)
    return page  # the library types render() as Any


def shown_text(markup: str) -> str:
    """The characters a reader sees in rendered HTML."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup)).strip()


def summary_markdown(view: DayView) -> str:
    """The summary as `exitplan summary --format markdown` writes it (no tables asked for)."""
    return summary_with_tables(view, "markdown", None, ())


def summary_text(view: DayView) -> str:
    """The summary as `exitplan summary` writes it."""
    return summary_with_tables(view, "text", None, ())


def summary_html(view: DayView) -> str:
    """The summary as `exitplan summary --format html` writes it."""
    return summary_with_tables(view, "html", None, ())


# An inventory as a summary table, with the person's text in it (markup, a new line), and one
# with nothing listed: what the writers' table tests write.
TABLE = Table(
    "documents",
    "Documents",
    ("No.", "Document", "Original"),
    (
        ("1", "Passport, yours", "blue | folder <b>"),
        ("2", "Birth *certificate*", "with Sam\nat work"),
    ),
    ("Only if it is safe.",),
)
EMPTY = Table("accounts", "Accounts and devices", ("No.", "What"), (), ("Nothing listed yet.",))


def cells(page: str) -> list[list[str]]:
    """The text of each row's cells (head cells included)."""
    rows = re.findall(r"<tr>(.*?)</tr>", page, flags=re.DOTALL)
    return [
        [html.unescape(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.DOTALL)]
        for row in rows
    ]
