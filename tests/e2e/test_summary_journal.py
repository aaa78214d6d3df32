"""`summary --journal`: the journal's entries as a timeline at the end of every summary format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import TODAY, Run
from helpers import cli, ok
from helpers_summary import Page

# Written in this order; they happened in another.
ENTRIES = [
    'what = "Shouting at night, again"\nwhen = "2026-11-20 23:10"\n',
    'what = "Took my phone and read my messages"\nwhen = "about 2026-03"\n',
    'what = "Ask *Sam* about <the> [key] & \\"quotes\\" <b>bold</b>"\nwhen = "2026-10-02"\n',
]
HAPPENED = [2, 3, 1]  # entry numbers in the order things happened
TRICKY = 'Ask *Sam* about <the> [key] & "quotes" <b>bold</b>'


@pytest.fixture
def journal_home(run: Run, plan_home: Path) -> Path:
    """The test plan with three journal entries, one of them corrected."""
    for entry in ENTRIES:
        ok(run("log", "add", input=entry))
    ok(run("log", "amend", "1", input='what = "Shouting at night, and a door slammed"\n'))
    return plan_home


def test_the_text_summary_ends_with_the_timeline_in_the_order_things_happened(
    run: Run, journal_home: Path
) -> None:
    """The text summary ends, after every checklist, with the journal in the order things
    happened, not the order they were written."""
    out = ok(run("summary", "--journal")).stdout
    journal = out[out.index("\nJOURNAL\n") :]
    assert "exitplan log export" in journal
    numbers = [int(line.split()[0]) for line in journal.splitlines()[3:] if line.strip()]
    assert numbers == HAPPENED
    assert "about 2026-03: Took my phone and read my messages" in journal
    assert "[1 correction]" in journal
    assert out.index("\nJOURNAL\n") > out.index("[ ]")  # after every checklist


def test_without_the_option_no_summary_shows_the_journal(run: Run, journal_home: Path) -> None:
    """The journal is private even among private things: only asked for, it is shown."""
    for fmt in ("text", "markdown", "html"):
        out = ok(run("summary", "--format", fmt)).stdout
        assert "read my messages" not in out
    assert json.loads(ok(run("summary", "--format", "json")).stdout)["journal"] is None


def test_markdown_timeline_keeps_the_persons_words_as_text(run: Run, journal_home: Path) -> None:
    """In the Markdown summary the journal shows the person's words as written, never turned into
    bold, emphasis or HTML."""
    from helpers_summary import render_markdown, shown_text

    out = ok(run("summary", "--journal", "--format", "markdown")).stdout
    journal = out[out.index("## Journal") :]
    rendered = render_markdown(journal)
    assert "<b>" not in rendered
    assert "<strong>Sam" not in rendered
    assert "<em>Sam" not in rendered
    assert TRICKY in shown_text(rendered)


def test_html_timeline_is_escaped_and_on_a_page_of_its_own(run: Run, journal_home: Path) -> None:
    """In the HTML summary the journal is escaped, in the order things happened, and printed on a
    page of its own."""
    page = ok(run("summary", "--journal", "--format", "html")).stdout
    parsed = Page(page)
    assert ("section", {"class": "journal", "style": "break-before: page"}) in parsed.tags
    assert "<b>bold</b>" not in page
    journal = parsed.by_class["journal"][0]
    assert TRICKY in journal
    assert journal.index("Took my phone") < journal.index("Ask *Sam*") < journal.index("Shouting")


def test_json_timeline(run: Run, journal_home: Path) -> None:
    """The JSON summary lists the journal in the order things happened, each entry with its when,
    what, corrections and files."""
    data = json.loads(ok(run("summary", "--journal", "--format", "json")).stdout)
    assert [m["number"] for m in data["journal"]] == HAPPENED
    first = data["journal"][0]
    assert first == {
        "number": 2,
        "when": "about 2026-03",
        "what": "Took my phone and read my messages",
        "corrections": 0,
        "files": 0,
    }


def test_an_empty_journal_says_so(run: Run, plan_home: Path) -> None:
    """With an empty journal, the summary says there are no entries yet (an empty list in JSON)."""
    out = ok(run("summary", "--journal")).stdout
    assert "The journal has no entries yet." in out
    assert json.loads(ok(run("summary", "--journal", "-f", "json")).stdout)["journal"] == []


def test_the_journal_of_an_encrypted_plan_is_opened_with_its_key(
    journal_home: Path, tmp_path: Path
) -> None:
    """Sealed records are opened with the plan's key (one passphrase for both)."""
    secret = tmp_path / "pass.txt"
    secret.write_text("a long enough passphrase here\n", encoding="utf-8")
    ok(cli(journal_home, "encrypt", "--passphrase-file", str(secret), today=TODAY))
    out = ok(cli(journal_home, "summary", "--journal", passphrase=secret, today=TODAY)).stdout
    assert "Took my phone and read my messages" in out


def test_a_planted_escape_in_a_record_never_reaches_the_screen(
    run: Run, journal_home: Path
) -> None:
    """A record edited to hold an escape sequence (exitplan never writes one) is shown as
    damaged by verify, and left out of the list and the timeline instead of being printed."""
    path = journal_home / "journal" / "000002.rec"
    record = json.loads(path.read_text(encoding="utf-8"))
    record["fields"]["what"] = "\x1b]0;owned\x07 Took my phone"
    path.write_text(json.dumps(record), encoding="utf-8")
    for args in (("summary", "--journal"), ("log", "list"), ("log", "list", "--json")):
        result = run(*args)
        assert "\x1b" not in result.output
        assert "owned" not in result.output
    verified = run("log", "verify")
    assert verified.exit_code != 0
    assert "record 2" in verified.output


def test_a_when_typed_over_two_lines_stays_on_one_timeline_line(run: Run, plan_home: Path) -> None:
    """A "when" typed over two lines is shown on one line of the timeline."""
    ok(run("log", "add", input='what = "Came home late"\nwhen = "about\\n2026-11"\n'))
    out = ok(run("summary", "--journal")).stdout
    assert "   1  about 2026-11: Came home late" in out


@pytest.mark.parametrize("fmt", ["text", "html", "markdown"])
def test_a_corrected_time_shows_the_new_time_and_that_it_was_corrected(
    run: Run, plan_home: Path, tmp_path: Path, fmt: str
) -> None:
    """21:00 corrected to 22:00: the timeline shows 22:00, says it was corrected and names
    the time first written (in every format, the printed page too)."""
    ok(run("log", "add", input='what = "Shouted"\nwhen = "2026-11-20 21:00"\n'))
    ok(run("log", "amend", "1", input='when = "2026-11-20 22:00"\n'))
    target = tmp_path / {"text": "s.txt", "html": "s.html", "markdown": "s.md"}[fmt]
    ok(run("summary", "--journal", "--output", str(target)))
    text = " ".join(target.read_text().split())
    assert "2026-11-20 22:00 (corrected; first written as 2026-11-20 21:00)" in text
    assert "2026-11-20 21:00: Shouted" not in text
