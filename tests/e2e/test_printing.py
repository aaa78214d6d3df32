"""The HTML summary printed by a real browser: headless Chromium to PDF, read back as text.

Needs `chromium` and `pdftotext` (Debian: `apt-get install chromium poppler-utils`; `.ci/run`
installs them). Without them these tests fail and say how to get them, unless
EXITPLAN_NO_BROWSER=1 is set, which skips them with that reason.

`python tests/e2e/test_printing.py docs/summary-page1.png` redraws the README's picture of page one.
"""

from __future__ import annotations

import subprocess
import sys
from datetime import date, datetime
from pathlib import Path

import pytest
from conftest import REPO, TODAY
from helpers_print import (
    PAPER,
    browser_tools,
    lines_of,
    on_paper,
    paper_of,
    pdf_pages,
    print_to_pdf,
)
from helpers_summary import ACCENTS, NOTE, TRICKY, make_plan, summary_html

from exitplan.domain.day import day_view


@pytest.fixture(scope="module", params=sorted(PAPER))
def printed(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The test plan's summary printed on A4 and on Letter, as the text of each page."""
    paper = request.param
    page = on_paper(summary_html(day_view(make_plan(), date(2026, 12, 2))), paper)
    pdf = print_to_pdf(page, tmp_path_factory.mktemp("p"))
    assert f"({PAPER[paper]})" in paper_of(pdf)
    return pdf_pages(pdf)


@pytest.mark.process
def test_first_page_says_it_is_not_encrypted_and_how_to_destroy_it(printed: list[str]) -> None:
    """Page one says the page is not encrypted and how to be rid of the file and the paper."""
    first = " ".join(printed[0].split())
    assert "This page is not encrypted: anyone who opens the file, or finds it printed" in first
    assert "delete the file (exitplan wipe offers to erase it) and shred or tear up" in first


@pytest.mark.process
def test_first_page_has_the_date_and_what_needs_attention(printed: list[str]) -> None:
    """Page one holds the exit date, the days left, progress and what needs attention."""
    first = lines_of(printed[0])
    assert first[0] == "My plan"
    for line in (
        "As of Wednesday 2 December 2026.",
        "12 days until Monday 14 December 2026.",
        "1 of 9 steps done, 1 set aside, 7 still open.",
        "Needs attention",
        "Overdue: Put cash aside (Test money, step 2, due Mon 30 Nov 2026)",
        "Due soon: Check your credit report (Test money, step 3, due Mon 7 Dec 2026)",
        "This summary holds your notes. Keep it somewhere private.",
    ):
        assert line in first
    assert "Open an account in your name" not in printed[0]  # the steps come on later pages


@pytest.mark.process
def test_printed_as_a_browser_prints_no_page_shows_the_file_path(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Issue 22, point 13: with the browser's own header and footer left on (the default of a
    print dialog), no page shows the file's path or the browser's date line: the page fills
    the margins itself, with page numbers."""
    page = summary_html(day_view(make_plan(), date(2026, 12, 2)))
    folder = tmp_path_factory.mktemp("p")
    pages = pdf_pages(print_to_pdf(page, folder, browser_margins=True))
    text = "\n".join(pages)
    assert "file:" not in text
    assert str(folder) not in text
    assert f"1/{len(pages)}" in text.replace(" ", "")
    # Control: a page that does not fill its margins gets the browser's footer, path and all.
    bare = page.replace("@top-left", "@unused-left").replace("@bottom-right", "@unused-right")
    control = "\n".join(
        pdf_pages(print_to_pdf(bare, tmp_path_factory.mktemp("p"), browser_margins=True))
    )
    assert "file:" in control


@pytest.mark.process
def test_each_checklist_starts_a_page(printed: list[str]) -> None:
    """At least one page per checklist plus the first; each checklist heads its own page."""
    assert len(printed) >= 3
    heads = [lines_of(page)[0] for page in printed[1:]]
    assert heads == ["Test money (1 of 4 done)", "Test papers (0 of 5 done, 1 set aside)"]
    money, papers = printed[1], printed[2]
    assert "Open an account in your name" in money
    assert "Copy your passport" in papers
    assert "Copy your passport" not in money


@pytest.mark.process
def test_states_are_printed_in_words(printed: list[str]) -> None:
    """Done, open and set-aside steps say so in words, with their due dates."""
    text = "\n".join(lines_of("\n".join(printed)))
    assert "Open an account in your name\nDue Mon 23 Nov 2026; done\n" in text
    assert "Put cash aside\nDue Mon 30 Nov 2026; open, overdue\n" in text
    assert "Copy your passport\nDue Fri 4 Dec 2026; set aside: have none <yet>\n" in text
    assert "Sources: https://example.org/money" in text


@pytest.mark.process
def test_the_persons_text_survives_printing_exactly(printed: list[str]) -> None:
    """The own step's title and the note print exactly as typed, markup characters and all."""
    lines = lines_of("\n".join(printed))
    assert lines.count(TRICKY) == 1  # the own step, on its own line
    first, *rest = NOTE.split("\n")
    start = lines.index(f"Note: {first}")
    assert lines[start + 1 : start + 1 + len(rest)] == rest
    assert ACCENTS in lines


@pytest.mark.process
def test_the_page_loads_nothing_while_printing(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The printed page references nothing to fetch, so the browser has nothing to load."""
    page = summary_html(day_view(make_plan(), TODAY))
    for forbidden in ("src=", "@import", "url(", "<script", "<link"):
        assert forbidden not in page
    folder = tmp_path_factory.mktemp("p")
    pdf = print_to_pdf(page, folder)
    assert pdf.read_bytes().startswith(b"%PDF-")
    assert (folder / "profile").is_dir()  # the browser's profile stayed in the test's folder


# -- the README's picture ------------------------------------------------------------------------

PICTURE = REPO / "docs" / "summary-page1.png"


def picture_page() -> str:
    """A plan of the built-in checklists, four days in, with a few steps done: fixed days."""
    from exitplan.domain.plan import build_plan, new_state, set_note, set_status
    from exitplan.formats.checklistfile import load_catalog

    catalog = load_catalog(None)
    now = datetime(2026, 11, 30, 9, 0)
    state = new_state(now, catalog, None, date(2027, 1, 11), today=now.date())
    plan = build_plan(catalog, state)
    for number in (1, 2, 3):
        set_status(state, plan.resolve(str(number)), "done", now)
    set_status(state, plan.resolve("4"), "skipped", now, reason="already done last year")
    set_note(state, plan.resolve("5"), "Ask the advocate on Thursday.", now)
    return summary_html(day_view(build_plan(catalog, state), date(2026, 12, 4)))


def make_picture(target: Path, folder: Path) -> Path:
    """Print the picture plan on A4 and save its first page as a small PNG."""
    pdftoppm = browser_tools()[3]
    pdf = print_to_pdf(on_paper(picture_page(), "A4"), folder)
    subprocess.run(
        [pdftoppm, "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", str(pdf), str(pdf)],
        check=True,
        timeout=120,
    )
    target.write_bytes(pdf.with_suffix(".pdf.png").read_bytes())
    return target


def test_picture_of_page_one_is_a_small_png() -> None:
    """The README's picture of the printed first page exists and is a small PNG."""
    assert PICTURE.read_bytes().startswith(b"\x89PNG")
    assert PICTURE.stat().st_size < 200_000


@pytest.mark.process
def test_picture_can_be_drawn_again(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The picture is drawn from a fixed plan on fixed days, so it can be made again."""
    folder = tmp_path_factory.mktemp("p")
    fresh = make_picture(folder / "page1.png", folder)
    assert fresh.read_bytes().startswith(b"\x89PNG")
    assert 5_000 < fresh.stat().st_size < 200_000


if __name__ == "__main__":  # pragma: no cover - a helper for people, not a test
    import tempfile

    with tempfile.TemporaryDirectory(prefix="exitplan-") as work:
        made = make_picture(Path(sys.argv[1]) if len(sys.argv) > 1 else PICTURE, Path(work))
    sys.stdout.write(f"{made}\n")


@pytest.mark.process
@pytest.mark.parametrize(
    ("code", "paper"), [("us-tx", "letter"), ("mx", "letter"), ("cl", "letter"), ("es", "A4")]
)
def test_the_summary_prints_on_the_paper_of_the_persons_place(
    code: str, paper: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """With a place chosen, a browser prints the summary on that place's paper with no choice
    made in the print dialog: Letter in the Americas that use it, A4 elsewhere."""
    from exitplan.formats.regions import local_for

    plan = make_plan()._replace(region=local_for(code))
    # A short folder: Chromium refuses a socket path past about 100 characters.
    pdf = print_to_pdf(
        summary_html(day_view(plan, date(2026, 12, 2))), tmp_path_factory.mktemp("p")
    )
    assert f"({paper})" in paper_of(pdf).lower().replace("a4", "A4")
