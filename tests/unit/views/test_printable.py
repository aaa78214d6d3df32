"""The summary as one self-contained page, written part by part by HtmlWriter: a first page for
an advocate, a printed page per checklist, the journal on a page of its own, every word of the
person's escaped, and nothing that needs colour to be understood.

(The page as the whole summary writes it from a plan is tested in test_summary.py.)"""

from __future__ import annotations

import html
import re
from dataclasses import replace
from datetime import date

from helpers_summary import EMPTY, TABLE, Page, cells
from hypothesis import given, settings
from hypothesis import strategies as st

from exitplan.base import i18n
from exitplan.journal.records import Moment
from exitplan.views.ledger import Table
from exitplan.views.local import CHANGING
from exitplan.views.printable import UNSEALED, HtmlWriter
from exitplan.views.summary import (
    CAUTION_WORDS,
    FULL_PLAN,
    NO_ENTRIES,
    PRIVATE,
    TIMELINE_NOTE,
    Answer,
    Section,
    Step,
    Summary,
)

TODAY = date(2026, 11, 30)
EXIT = date(2026, 12, 14)
TRICKY = 'Ask <b>Sam</b> & "Jo"'
STEP = Step(
    number=2,
    checklist="Money",
    title="Put cash aside",
    status="open",
    state="open, overdue",
    flag="overdue",
    when="before",
    due=date(2026, 11, 28),
    note=None,
    caution=None,
    alerts_partner=False,
    sources=(),
)
DONE = replace(STEP, number=1, title="Open an account", status="done", state="done", flag=None)
ASIDE = replace(STEP, number=3, title="Get a card", status="skipped", state="set aside", flag=None)
MONEY = Section("money", "Money", 1, 1, 3, (DONE, STEP, ASIDE))
PAPERS = Section("papers", "Papers <and> ids", 0, 0, 1, (replace(STEP, number=4),))
VIEW = Summary(
    today=TODAY,
    exit_date=EXIT,
    countdown="14 days until Monday 14 December 2026.",
    progress="1 of 4 steps done, 1 set aside, 2 still open.",
    situation=(Answer("Do you have children?", "yes"),),
    dangers=(Answer("Has your partner threatened you?", "not sure"),),
    attention=(STEP,),
    more=0,
    calm="",
    sections=(MONEY, PAPERS),
    not_for_you=0,
    place="Where you live: Scotland.",
)


def written(view: Summary, *steps: Step, timeline: tuple[Moment, ...] | None = None) -> str:
    """The page HtmlWriter writes for `view`, with `steps` (default: every section's) in a
    checklist of their own, and the timeline when given."""
    writer = HtmlWriter()
    writer.header(view)
    writer.first_page(view)
    if steps:
        writer.section(MONEY)
        for step in steps:
            writer.step(step)
    else:
        for section in view.sections:
            writer.section(section)
            for each in section.steps:
                writer.step(each)
    if timeline is not None:
        writer.timeline(timeline)
    return writer.finish()


def test_the_first_page_says_the_day_the_countdown_and_that_it_is_not_encrypted() -> None:
    """The first section holds the title, the day, the countdown, the progress, the place and
    how to be rid of the page, in that order."""
    parsed = Page(written(VIEW))
    assert parsed.tags[parsed.tags.index(("section", {"class": "first"})) + 1][0] == "h1"
    assert parsed.by_class["as-of"] == ["As of Monday 30 November 2026."]
    assert parsed.by_class["countdown"] == [VIEW.countdown]
    assert parsed.by_class["progress"] == [VIEW.progress]
    assert parsed.by_class["place"] == [VIEW.place]
    assert parsed.by_class["unsealed"] == [UNSEALED]
    assert parsed.by_class["private"] == [PRIVATE]
    assert parsed.by_class["full-plan"] == [FULL_PLAN]


def test_the_answers_are_listed_only_when_there_are_some() -> None:
    """The situation and the danger signs each get a heading and their answers; without
    answers, neither heading is written."""
    page = written(VIEW)
    assert "<h2>Your situation</h2>" in page
    assert "<h2>Danger signs</h2>" in page
    assert Page(page).by_class["answer"] == ["yes", "not sure"]
    dangers = Page(written(replace(VIEW, situation=())))
    assert dangers.by_class["answer"] == ["not sure"]
    quiet = written(replace(VIEW, situation=(), dangers=()))
    assert "Your situation" not in quiet
    assert "Danger signs" not in quiet
    assert "answers" not in Page(quiet).by_class


def test_what_needs_attention_names_the_flag_the_step_and_where_it_is() -> None:
    """Each step that needs attention: its flag, its title and where and when it is due; the
    calm line takes its place when nothing does; the count of more only when there are more."""
    parsed = Page(written(VIEW))
    assert parsed.by_class["attention"] == [
        "\nOverdue: Put cash aside (Money, step 2, due Sat 28 Nov 2026)\n"
    ]
    assert "more" not in parsed.by_class
    assert "calm" not in parsed.by_class
    more = Page(written(replace(VIEW, more=3)))
    assert more.by_class["more"] == ["And 3 more; each is in the full plan with its state."]
    calm = Page(written(replace(VIEW, attention=(), calm="Nothing is overdue.")))
    assert calm.by_class["calm"] == ["Nothing is overdue."]
    assert "attention" not in calm.by_class


def test_what_is_done_is_a_table_of_each_checklists_tally() -> None:
    """One row per checklist, its title escaped, with its tally in words."""
    page = written(VIEW)
    assert "<tr><td>Money</td><td>1 of 3 done, 1 set aside</td></tr>" in page
    assert "<tr><td>Papers &lt;and&gt; ids</td><td>0 of 1 done</td></tr>" in page
    assert "left-out" not in page
    left = Page(written(replace(VIEW, not_for_you=2))).by_class["left-out"]
    assert left == ["2 more steps are not for you, from the answers above; they are left out."]


def test_each_checklist_starts_a_printed_page_and_closes_the_one_before() -> None:
    """A checklist is a section that breaks the page; the list of the one before is closed
    first, so sections never nest."""
    page = written(VIEW)
    body = page[page.index("<body") :]
    checklists = [m.start() for m in re.finditer('<section class="checklist"', body)]
    assert len(checklists) == 2
    between = body[checklists[0] : checklists[1]]
    assert between.rstrip().endswith("</ul>\n</section>")
    assert body.count("<section") == body.count("</section>")
    assert body.count("<ul") == body.count("</ul>")
    assert '<section class="checklist" style="break-before: page">' in body


def test_a_box_drawn_for_every_state_and_the_state_in_words() -> None:
    """A tick for done, a dash for set aside, an empty box for open, hidden from screen
    readers, which read the state in words beside it."""
    parsed = Page(written(VIEW, DONE, STEP, ASIDE))
    assert parsed.by_class["box"] == ["\u2713", "", "\u2013"]
    assert [a["class"] for t, a in parsed.tags if t == "li" and "class" in a] == [
        "step done",
        "step open",
        "step skipped",
    ]
    assert parsed.by_class["facts"] == [
        "Due Sat 28 Nov 2026; done",
        "Due Sat 28 Nov 2026; open, overdue",
        "Due Sat 28 Nov 2026; set aside",
    ]


def test_the_caution_only_for_an_open_step_that_may_alert_the_partner() -> None:
    """An open step that may alert the partner carries the caution and how to take care; the
    same step done carries none."""
    risky = replace(STEP, alerts_partner=True, caution="Use a friend's phone.")
    parsed = Page(written(VIEW, risky))
    assert parsed.by_class["caution"] == [f"{CAUTION_WORDS} Use a friend's phone."]
    plain = Page(written(VIEW, replace(risky, caution=None)))
    assert plain.by_class["caution"] == [CAUTION_WORDS]
    finished = Page(written(VIEW, replace(risky, status="done", state="done")))
    assert "caution" not in finished.by_class


def test_a_changing_law_is_marked_on_its_step() -> None:
    """A step whose local fact is changing says to check with an advocate."""
    parsed = Page(written(VIEW, replace(STEP, changing=True)))
    assert parsed.by_class["caution"] == [CHANGING]


def test_the_persons_words_are_shown_never_obeyed() -> None:
    """A title or note holding tags, ampersands and quotes adds no element to the page and
    reads back exactly as typed."""
    page = written(VIEW, replace(STEP, title=TRICKY, note=f"{TRICKY}\nsecond line"))
    parsed = Page(page)
    assert "b" not in {tag for tag, _ in parsed.tags}
    assert html.escape(TRICKY, quote=True) in page
    assert parsed.by_class["title"] == [TRICKY]
    assert parsed.by_class["note"] == [f"Note: {TRICKY}\nsecond line"]


TAGS = {tag for tag, _ in Page(written(VIEW, STEP)).tags}


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=40))
def test_any_title_reads_back_exactly(title: str) -> None:
    """Whatever a step is called, the page shows exactly that title and adds no element."""
    parsed = Page(written(VIEW, replace(STEP, title=title)))
    assert parsed.by_class["title"] == [title]
    assert {tag for tag, _ in parsed.tags} <= TAGS


def test_sources_are_links_only_when_they_are_web_addresses() -> None:
    """A web address is a link; an article is named in words; the place's sources say where
    and when they were read."""
    sourced = replace(
        STEP,
        sources=("https://example.org/a?b=1&c=2", "article: Six steps to leaving"),
        local_sources=(("https://www.gov.scot/x", "Scotland, checked 1 Dec 2026"),),
    )
    parsed = Page(written(VIEW, sourced))
    assert [a for t, a in parsed.tags if t == "a"] == [
        {"href": "https://example.org/a?b=1&c=2"},
        {"href": "https://www.gov.scot/x"},
    ]
    assert parsed.by_class["sources"] == [
        "Sources: https://example.org/a?b=1&c=2, article: Six steps to leaving",
        "Local sources: https://www.gov.scot/x (Scotland, checked 1 Dec 2026)",
    ]


def test_the_journal_has_a_page_of_its_own_with_an_entry_per_row() -> None:
    """The timeline starts a printed page; entries are rows in the order given, their words
    escaped; an empty journal says it has no entries and has no table."""
    moments = (
        Moment(1, "Mon 2 Nov 2026, 21:00", "He took <my> keys", 1, 0),
        Moment(2, "Tue 3 Nov 2026", "Called the helpline", 0, 2),
    )
    page = written(VIEW, timeline=moments)
    journal = page[page.index('<section class="journal" style="break-before: page">') :]
    assert f"<p>{html.escape(TIMELINE_NOTE, quote=True)}</p>" in journal
    rows = re.findall(r"<tr><td>(\d+)</td><td>(.*?)</td><td>(.*?)</td>", journal)
    assert rows == [
        ("1", "Mon 2 Nov 2026, 21:00", "He took &lt;my&gt; keys"),
        ("2", "Tue 3 Nov 2026", "Called the helpline"),
    ]
    empty = written(VIEW, timeline=())
    empty_journal = empty[empty.index('<section class="journal"') :]
    assert f"<p>{NO_ENTRIES}</p>" in empty_journal
    assert "<table" not in empty_journal


def test_the_page_asks_for_the_places_paper_or_none() -> None:
    """With a place's paper the page asks for it; without one the printer picks; the page ends
    in one new line."""
    letter = written(replace(VIEW, paper="letter"))
    assert "@page { size: letter; }" in letter
    assert "{ size:" not in written(VIEW)
    assert letter.endswith("</html>\n")


def test_finishing_twice_closes_the_last_list_once() -> None:
    """The last checklist's list is closed when the page is finished, and only once."""
    writer = HtmlWriter()
    writer.header(VIEW)
    writer.section(MONEY)
    writer.step(STEP)
    writer._close_list()
    page = writer.finish()
    assert page.count("<ul") == page.count("</ul>") == 1


def test_in_spanish_the_pages_own_words_are_spanish() -> None:
    """Spoken in Spanish, the page's headings and sentences are Spanish; the person's words
    stay as written."""
    i18n.install("es")
    article = ("article: Six steps to leaving",)
    page = written(replace(VIEW, dangers=()), replace(STEP, alerts_partner=True, sources=article))
    parsed = Page(page)
    assert parsed.by_class["unsealed"] == [i18n._(UNSEALED)]
    assert parsed.by_class["caution"] == [i18n._(CAUTION_WORDS)]
    assert i18n._(UNSEALED) != UNSEALED
    assert "<h1>Mi plan</h1>" in page
    assert parsed.by_class["title"] == ["Put cash aside"]
    assert parsed.by_class["sources"] == [
        "Fuentes: artículo: Seis pasos para irte (Six steps to leaving)"
    ]


def html_table(table: Table) -> list[str]:
    """The parts HtmlWriter writes for one table, on its own."""
    writer = HtmlWriter()
    writer.table(table)
    return writer.parts


def test_an_html_table_is_escaped_and_starts_a_printed_page() -> None:
    """The table is a section of its own that starts a printed page; every cell is escaped, so
    a tag in the person's words is shown, never obeyed (moved here from test_tables.py)."""
    parts = html_table(TABLE)
    assert parts[0] == '<section class="inventory documents" style="break-before: page">'
    assert parts[-1] == "</section>"
    page = "\n".join(parts)
    assert "<b>" not in page
    assert cells(page) == [
        ["No.", "Document", "Original"],
        ["1", "Passport, yours", "blue | folder <b>"],
        ["2", "Birth *certificate*", "with Sam\nat work"],
    ]
    assert "<p>Only if it is safe.</p>" in parts


def test_an_html_table_without_rows_has_no_table() -> None:
    """No rows: the heading and the note, and no empty table."""
    assert html_table(EMPTY) == [
        '<section class="inventory accounts" style="break-before: page">',
        "<h2>Accounts and devices</h2>",
        "<p>Nothing listed yet.</p>",
        "</section>",
    ]


def test_a_table_closes_the_last_checklist_first() -> None:
    """After the last checklist, a table's section opens only once that checklist's list and
    section are closed, so sections never nest."""
    writer = HtmlWriter()
    writer.header(VIEW)
    writer.first_page(VIEW)
    writer.section(MONEY)
    writer.step(STEP)
    writer.table(EMPTY)
    page = writer.finish()
    steps = page.index('<ul class="steps">')
    assert page.index("</ul>", steps) < page.index('<section class="inventory accounts"')
    assert page.count("<section") == page.count("</section>")
