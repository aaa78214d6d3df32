"""The printable summaries: one view written as Markdown, plain text and a self-contained page."""

from __future__ import annotations

import html
import re
from dataclasses import replace
from datetime import date

import pytest
from conftest import MONEY, PAPERS, PLANNED, TODAY
from helpers_summary import (
    ACCENTS,
    EMPTY,
    NOTE,
    TABLE,
    TRICKY,
    Page,
    cells,
    make_plan,
    render_markdown,
    shown_text,
    summary_html,
    summary_markdown,
    summary_text,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exitplan.domain.day import day_view
from exitplan.domain.model import Checklist, Item
from exitplan.domain.plan import Plan
from exitplan.views.ledger import Table
from exitplan.views.summary import MarkdownWriter, TextWriter, build_summary
from exitplan.views.term import squeeze


@pytest.fixture
def plan() -> Plan:
    """The test plan with a done step, a set-aside step, a tricky note and a tricky own step."""
    return make_plan()


# -- the view ------------------------------------------------------------------------------------


def test_view_groups_steps_by_checklist_in_plan_order(plan: Plan) -> None:
    """The view holds each checklist once, with its steps in plan order and its tally."""
    view = build_summary(day_view(plan, TODAY))
    assert [s.id for s in view.sections] == [MONEY, PAPERS]
    assert [step.number for step in view.sections[0].steps] == [1, 2, 3, 4]
    assert [step.title for step in view.sections[1].steps][-1] == TRICKY
    assert view.sections[1].tally == "0 of 5 done, 1 set aside"
    assert view.progress == "1 of 9 steps done, 1 set aside, 7 still open."


def test_needs_attention_is_most_urgent_first(plan: Plan) -> None:
    """Overdue steps come before steps due soon; done and set-aside steps never appear."""
    view = build_summary(day_view(plan, date(2026, 12, 2)))
    assert [(s.number, s.flag) for s in view.attention] == [(2, "overdue"), (3, "due_soon")]
    assert view.calm == ""


def test_calm_sentence_when_nothing_needs_attention(plan: Plan) -> None:
    """With nothing flagged, the summaries say so calmly, as status does, and list what comes
    next after it (what status shows, in its order)."""
    view = build_summary(day_view(plan, PLANNED))
    assert [step.flag for step in view.attention] == ["upcoming"] * 3
    assert view.calm == "Nothing is overdue or due in the next 7 days."
    assert "Nothing is overdue or due in the next 7 days." in summary_text(day_view(plan, PLANNED))
    undated = plan._replace(state=plan.state.replace(exit_date=None)) if plan.state else plan
    calm = build_summary(day_view(undated, TODAY)).calm
    assert calm == "Nothing has a deadline until an exit date is set."


def test_states_are_words(plan: Plan) -> None:
    """A step reads done, open with its flag, or set aside with its reason."""
    view = build_summary(day_view(plan, TODAY))
    steps = {s.number: s for section in view.sections for s in section.steps}
    assert steps[1].facts == "Due Mon 23 Nov 2026; done"
    assert steps[3].facts == "Due Mon 7 Dec 2026; open, due soon"
    assert steps[5].facts == "Due Fri 4 Dec 2026; set aside: have none <yet>"


def test_the_three_summaries_show_the_same_steps_in_the_same_order(plan: Plan) -> None:
    """Markdown, text and HTML are written from one view, so their steps cannot drift apart."""
    view = build_summary(day_view(plan, TODAY))
    titles = [step.title for section in view.sections for step in section.steps]
    text = summary_text(day_view(plan, TODAY))
    text_titles = re.findall(r"^  \[[ x-]\] (.*)$", text, re.MULTILINE)
    md = render_markdown(summary_markdown(day_view(plan, TODAY)))
    md_items = [shown_text(item) for item in re.findall(r"<li>(.*?)</li>", md, re.S)]
    md_titles = [re.sub(r"^\[[ x]\] ", "", item.split("\n")[0]) for item in md_items]
    page_titles = Page(summary_html(day_view(plan, TODAY))).by_class["title"]
    assert text_titles == titles
    # In Markdown the first page's lists come first: what needs attention, then what is done.
    assert md_titles[len(view.attention) + len(view.sections) :] == titles
    assert page_titles == titles


# -- Markdown ------------------------------------------------------------------------------------


SOME = settings(
    max_examples=60,
    deadline=None,  # the machine is shared: no timing
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def test_markdown_keeps_the_persons_text_as_text(plan: Plan) -> None:
    """The tricky title and note show as typed; a raw <b> is text, never bold."""
    md = summary_markdown(day_view(plan, TODAY))
    rendered = render_markdown(md)
    assert re.findall("<strong>(.*?)</strong>", rendered) == ["Due soon", "Due soon"]
    assert re.findall("<a href", rendered) == ["<a href"]  # the checklist's source only
    for element in ("<b>", "<em>", "<code", "<h3", "<ol"):
        assert element not in rendered
    shown = shown_text(rendered)
    assert shown.count(TRICKY) == 2  # the own step and the note
    assert ACCENTS in shown
    assert "\n# not a heading\n1. not a list\n" in shown


def test_markdown_task_list_checkboxes(plan: Plan) -> None:
    """Done steps are ticked, open steps empty, set-aside steps have no box and say why."""
    md = summary_markdown(day_view(plan, TODAY))
    assert "- [x] Open an account in your name\\\n" in md
    assert "- [ ] Put cash aside\\\n" in md
    assert "- Copy your passport\\\n  Due Fri 4 Dec 2026; set aside: have none \\<yet\\>\n" in md
    assert "[ ] Copy your passport" not in md


def test_markdown_needs_attention_comes_first(plan: Plan) -> None:
    """The first section after the facts is what needs attention, most urgent first."""
    md = summary_markdown(day_view(plan, date(2026, 12, 2)))
    headings = re.findall(r"^## (.*)$", md, re.MULTILINE)
    assert headings == [
        "Needs attention",
        "What is done",
        "Test money (1 of 4 done)",
        f"{PAPERS_TITLE}",
    ]
    attention = md.split("## Needs attention\n\n")[1].split("\n\n")[0].splitlines()
    assert attention == [
        "- **Overdue**: Put cash aside (Test money, step 2, due Mon 30 Nov 2026)",
        "- **Due soon**: Check your credit report (Test money, step 3, due Mon 7 Dec 2026)",
    ]


PAPERS_TITLE = "Test papers (0 of 5 done, 1 set aside)"


def test_markdown_titles_are_not_bold(plan: Plan) -> None:
    """Only the flag words are bold; no step title is."""
    md = summary_markdown(day_view(plan, TODAY))
    bold = re.findall(r"\*\*(.+?)\*\*", md)
    assert set(bold) == {"Due soon"}


def test_markdown_caution_for_an_open_step_that_may_alert_the_partner(plan: Plan) -> None:
    """An open step that could alert the partner says so in words, with the checklist's advice."""
    md = summary_markdown(day_view(make_plan(done=False), TODAY))
    assert "Take care: doing this may alert your partner. Choose paperless statements." in md
    assert "Take care" not in summary_markdown(day_view(plan, TODAY))  # done: nothing to warn about


# -- text ----------------------------------------------------------------------------------------


def test_text_summary_structure(plan: Plan) -> None:
    """Plain text: facts first, then what needs attention, then each checklist with its steps."""
    out = summary_text(day_view(plan, date(2026, 12, 2)))
    lines = out.splitlines()
    assert lines[:6] == [
        "MY PLAN",
        "As of Wednesday 2 December 2026.",
        "12 days until Monday 14 December 2026.",
        "1 of 9 steps done, 1 set aside, 7 still open.",
        "Where you live: not chosen, so steps use general words. For your country's own names "
        "and numbers: exitplan region",
        "This summary holds your notes. Keep it somewhere private.",
    ]
    assert lines[7:10] == [
        "NEEDS ATTENTION",
        "  Overdue: Put cash aside (Test money, step 2, due Mon 30 Nov 2026)",
        "  Due soon: Check your credit report (Test money, step 3, due Mon 7 Dec 2026)",
    ]
    assert lines.index("TEST MONEY (1 of 4 done)") < lines.index(
        "TEST PAPERS (0 of 5 done, 1 set aside)"
    )
    assert "  [x] Open an account in your name\n      Due Mon 23 Nov 2026; done\n" in out
    assert "  [-] Copy your passport\n      Due Fri 4 Dec 2026; set aside: have none <yet>\n" in out
    assert f"      note: {TRICKY}\n            # not a heading\n" in out
    assert f"  [ ] {TRICKY}\n" in out  # plain text shows the person's words untouched
    assert "      sources: https://example.org/money\n" in out
    assert out.endswith("open, upcoming\n")


# -- HTML ----------------------------------------------------------------------------------------


def test_html_fetches_nothing_and_runs_nothing(plan: Plan) -> None:
    """No scripts, no sources, no imports or url(): the page is complete on its own."""
    page = summary_html(day_view(plan, TODAY))
    lowered = page.lower()
    for forbidden in ("<script", "src=", "url(", "@import", "<link", "<img", "<iframe", "<object"):
        assert forbidden not in lowered, forbidden
    assert "javascript:" not in lowered
    tags = {tag for tag, _ in Page(page).tags}
    assert tags <= {
        "html", "head", "meta", "title", "style", "body", "section", "h1", "h2", "p", "ul", "li",
        "span", "div", "table", "thead", "tbody", "tr", "th", "td", "a",
    }  # fmt: skip
    policies = [a for t, a in Page(page).tags if a.get("http-equiv") == "Content-Security-Policy"]
    assert policies == [
        {
            "http-equiv": "Content-Security-Policy",
            "content": "default-src 'none'; style-src 'unsafe-inline'",
        }
    ]


def test_html_prints_on_a4_and_letter(plan: Plan) -> None:
    """The page sets print margins without forcing a paper size, and has print rules."""
    page = summary_html(day_view(plan, TODAY))
    rule = re.search(r"@page \{([^}]*)\}", page)
    assert rule
    assert "margin:" in rule.group(1)
    assert "size" not in rule.group(1)
    assert "@media print" in page


def test_html_one_page_break_per_checklist(plan: Plan) -> None:
    """Every checklist, and only a checklist, starts on a new printed page."""
    page = summary_html(day_view(plan, TODAY))
    sections = [a for t, a in Page(page).tags if t == "section"]
    assert page.count("break-before") == 2
    assert [s.get("style") for s in sections if s.get("class") == "checklist"] == [
        "break-before: page",
        "break-before: page",
    ]
    assert sections[0] == {"class": "first"}


def test_html_escapes_everything_the_person_wrote(plan: Plan) -> None:
    """Titles, notes and reasons survive exactly as typed and add no element to the page."""
    page = summary_html(day_view(plan, TODAY))
    parsed = Page(page)
    assert TRICKY not in page
    assert html.escape(TRICKY, quote=True) in page
    assert "b" not in {tag for tag, _ in parsed.tags}
    assert parsed.by_class["title"][-1] == TRICKY
    assert parsed.by_class["note"] == [f"Note: {NOTE}"]
    assert "Due Fri 4 Dec 2026; set aside: have none <yet>" in parsed.by_class["facts"]


@SOME
@given(st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=60))
def test_html_any_note_survives_exactly(typed: str) -> None:
    """Whatever note is stored, the page shows exactly that text and nothing else."""
    plan = make_plan(note=typed)
    note = next(e.state.note for e in plan.entries if e.number == 3)
    parsed = Page(summary_html(day_view(plan, TODAY)))
    assert parsed.by_class.get("note", []) == ([f"Note: {note}"] if note else [])


def test_html_checkboxes_and_states_in_words(plan: Plan) -> None:
    """A drawn box per step: ticked when done, a dash when set aside, empty when open."""
    page = summary_html(day_view(plan, TODAY))
    parsed = Page(page)
    steps = [a["class"] for t, a in parsed.tags if t == "li" and "step" in (a.get("class") or "")]
    assert steps == ["step done"] + ["step open"] * 3 + ["step skipped"] + ["step open"] * 4
    assert parsed.by_class["box"] == ["\u2713"] + [""] * 3 + ["\u2013"] + [""] * 4
    assert all(a.get("aria-hidden") == "true" for t, a in parsed.tags if a.get("class") == "box")
    assert parsed.by_class["facts"][0] == "Due Mon 23 Nov 2026; done"


def test_html_first_section_has_the_date_and_what_needs_attention(plan: Plan) -> None:
    """The first section holds the exit date, the days left and what needs attention."""
    parsed = Page(summary_html(day_view(plan, date(2026, 12, 2))))
    assert parsed.by_class["countdown"] == ["12 days until Monday 14 December 2026."]
    assert parsed.by_class["attention"] == [
        "\nOverdue: Put cash aside (Test money, step 2, due Mon 30 Nov 2026)\n"
        "Due soon: Check your credit report (Test money, step 3, due Mon 7 Dec 2026)\n"
    ]
    page = summary_html(day_view(plan, date(2026, 12, 2)))
    assert page.index("Needs attention") < page.index('class="checklist"')


def test_html_sources_link_only_to_web_addresses() -> None:
    """A web address becomes a plain link; anything else stays inert text."""
    odd = Checklist(
        id="t-odd",
        title="Odd <sources>",
        order=3,
        items=[
            Item(
                id="s",
                title="Look it up",
                why="w",
                sources=["https://example.org/a?b=1&c=2", 'javascript:alert("x")'],
            )
        ],
    )
    parsed = Page(summary_html(day_view(make_plan(extra=odd), TODAY)))
    links = [a for t, a in parsed.tags if t == "a"]
    assert {"href": "https://example.org/a?b=1&c=2"} in links
    assert all(not (a.get("href") or "").startswith("javascript") for a in links)
    assert (
        'Sources: https://example.org/a?b=1&c=2, javascript:alert("x")'
        in parsed.by_class["sources"]
    )


MARKERS = ["# a", "#", "- a", "* a", "+ a", "1. a", "2) a", "> a", "===", "---", "| a |", "~~~"]
LINE = st.one_of(
    st.sampled_from(MARKERS),
    st.text(
        alphabet=st.characters(
            blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters="\t"
        ),
        max_size=20,
    )
    .map(str.strip)
    .filter(bool),
)


@SOME
@given(st.lists(LINE, min_size=1, max_size=5))
def test_markdown_any_note_of_several_lines_survives(words: list[str]) -> None:
    """A note of several lines renders in the summary line for line, as typed, with no markup."""
    typed = "\n".join(words)
    rendered = render_markdown(summary_markdown(day_view(make_plan(note=typed), TODAY)))
    item = next(li for li in re.findall(r"<li>(.*?)</li>", rendered, re.S) if "Note: " in li)
    shown = shown_text(item).split("Note: ", 1)[1].split("\n")[: len(words)]
    assert shown == words
    assert "<em>" not in item
    assert "<code>" not in item


@pytest.mark.parametrize(
    ("code", "size"),
    [
        ("us-ca", "letter"),
        ("ca-qc", "letter"),
        ("mx", "letter"),
        ("co", "letter"),
        ("cl", "letter"),
        ("gb-sct", "A4"),
        ("es", "A4"),
        ("au-nsw", "A4"),
        ("ie", "A4"),
    ],
)
def test_the_printed_page_asks_for_the_paper_of_the_persons_place(code: str, size: str) -> None:
    """Letter in the US, Canada, Mexico, Colombia and Chile, A4 elsewhere, from the place."""
    from exitplan.formats.regions import local_for

    plan = make_plan()._replace(region=local_for(code))
    assert f"@page {{ size: {size}; }}" in summary_html(day_view(plan, TODAY))


def test_without_a_place_the_printer_picks_the_paper() -> None:
    """No place chosen: the page names no paper size, so the print dialog's choice holds."""
    assert "{ size:" not in summary_html(day_view(make_plan(), TODAY))


# -- the inventories' tables ----------------------------------------------------------------------


def test_each_writer_puts_the_tables_asked_for_last_in_its_own_format(plan: Plan) -> None:
    """Each format writes the tables after every checklist and the timeline, in its own markup,
    with the person's text escaped; a summary without tables has none."""
    from exitplan.views.ledger import Table
    from exitplan.views.printable import HtmlWriter
    from exitplan.views.summary import MarkdownWriter, TextWriter, write_summary

    table = Table("documents", "Documents", ("What", "Where"), (("Passport", "<box> | 2"),), ())
    day = day_view(plan, TODAY)
    view = build_summary(day, (), (table,))
    text = write_summary(view, TextWriter())
    assert text.rstrip().endswith("Passport  <box> | 2")
    assert "\nDOCUMENTS\n  What      Where\n" in text
    markdown = write_summary(view, MarkdownWriter())
    assert markdown.rstrip().endswith("| Passport | \\<box\\> \\| 2 |")
    page = write_summary(view, HtmlWriter())
    assert page.index("</ul>") < page.index('<section class="inventory documents"')
    assert "<td>&lt;box&gt; | 2</td>" in page
    assert page.count('class="inventory') == 2  # the section and its table
    assert "inventory" not in write_summary(build_summary(day), HtmlWriter())


def markdown_table(table: Table) -> list[str]:
    """The lines MarkdownWriter writes for one table."""
    writer = MarkdownWriter()
    writer.table(table)
    return writer.lines


def text_table(table: Table) -> list[str]:
    """The lines TextWriter writes for one table."""
    writer = TextWriter()
    writer.table(table)
    return writer.lines


def test_a_markdown_table_reads_back_as_the_same_cells() -> None:
    """Rendered as a reader's Markdown site shows it, the table has the heads and the cells as
    written: a pipe, a star or a tag in the person's words is text, and a new line a space."""
    page = render_markdown("\n".join(markdown_table(TABLE)))
    assert "<h2>Documents</h2>" in page
    assert cells(page) == [
        ["No.", "Document", "Original"],
        ["1", "Passport, yours", "blue | folder <b>"],
        ["2", "Birth *certificate*", "with Sam at work"],
    ]
    assert "<p>Only if it is safe.</p>" in page


def test_a_markdown_table_without_rows_is_its_heading_and_notes() -> None:
    """No rows: no empty table, only the heading and the calm note."""
    assert markdown_table(EMPTY) == ["## Accounts and devices", "", "Nothing listed yet.", ""]


@SOME
@given(st.text(alphabet=st.sampled_from("ab |*_`<>[]\\&#;-1.!\n\t~$"), max_size=30))
def test_any_words_in_a_markdown_cell_read_back_as_written(words: str) -> None:
    """Whatever the person wrote, the rendered cell shows exactly their words on one line
    (moved here from test_tables.py with the writers' tables)."""
    table = replace(TABLE, rows=(("1", words, "x"),))
    page = render_markdown("\n".join(markdown_table(table)))
    assert cells(page)[1] == ["1", squeeze(words), "x"]


def test_a_text_table_pads_its_columns_to_the_widest_cell() -> None:
    """A blank line, the title in capitals, then columns padded to their widest cell (no space
    left at a line's end), each cell on one line, then the notes, indented."""
    assert text_table(TABLE) == [
        "",
        "DOCUMENTS",
        "  No.  Document             Original",
        "  1    Passport, yours      blue | folder <b>",
        "  2    Birth *certificate*  with Sam at work",
        "  Only if it is safe.",
    ]
    assert text_table(EMPTY) == ["", "ACCOUNTS AND DEVICES", "  Nothing listed yet."]
