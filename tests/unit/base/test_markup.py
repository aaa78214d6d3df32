"""Markup for what a person keeps or prints: Markdown that shows exactly what was typed, HTML
escaped everywhere, links only for web addresses, and a page that loads nothing."""

from __future__ import annotations

import re

import pytest
from helpers_summary import render_markdown, shown_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exitplan.base.markup import escape_markdown, html_link, html_page, html_text, markdown_link

# -- Markdown ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "typed",
    [
        "*stars* and **more**",
        "_under_ and __more__",
        "`code` here",
        "<the> and <b>bold</b>",
        "a > b",
        "[key](http://example.org)",
        "![pic](x.png)",
        "a | b | c",
        "back\\slash and \\*",
        "~~struck~~",
        "$x$ and $$y$$",
        "&amp; and &#65; and &copy;",
        "# not a heading",
        "- not a list",
        "+ not a list",
        "1. not a list",
        "2) not a list",
        "> not a quote",
        "---",
        "    not code",
    ],
)
def test_markdown_escapes_every_markup_character(typed: str) -> None:
    """Whatever the person typed renders as exactly those characters, with no markup."""
    rendered = render_markdown(escape_markdown(typed))
    assert shown_text(rendered) == typed.strip()
    assert re.fullmatch(r"<p>.*</p>\n", rendered, re.S), rendered


def test_markdown_escapes_a_note_of_several_lines() -> None:
    """Each line of a note is escaped on its own: no heading, list or setext line appears."""
    typed = "first\n===\n# two\n1. three\n- four\na | b\n:-- | --:\nc | d"
    rendered = render_markdown(escape_markdown(typed))
    assert shown_text(rendered) == typed
    assert rendered.startswith("<p>")
    for element in ("<h", "<li>", "<table"):
        assert element not in rendered


SOME = settings(
    max_examples=60,
    deadline=None,  # the machine is shared: no timing
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@SOME
@given(
    st.text(
        alphabet=st.characters(
            blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters="\t"
        ),
        max_size=40,
    )
)
def test_markdown_escape_shows_any_line_as_typed(typed: str) -> None:
    """Any line of text renders as itself (leading and trailing spaces aside)."""
    rendered = render_markdown(escape_markdown(typed))
    assert shown_text(rendered) == typed.strip(" ").strip()


# -- text ----------------------------------------------------------------------------------------


# -- HTML ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "escaped"),
    [
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("\"quoted\" & 'single'", "&quot;quoted&quot; &amp; &#x27;single&#x27;"),
        (42, "42"),
    ],
)
def test_html_text_escapes_every_markup_character_and_both_quotes(
    typed: object, escaped: str
) -> None:
    """Text in a page or in an attribute never closes a tag or a quote."""
    assert html_text(typed) == escaped


def test_only_a_web_address_becomes_a_link() -> None:
    """A web address is a link (escaped inside and out); anything else, a `javascript:` or
    a file address included, stays text."""
    assert html_link("https://example.org/a?b=1&c=2") == (
        '<a href="https://example.org/a?b=1&amp;c=2">https://example.org/a?b=1&amp;c=2</a>'
    )
    for source in ("javascript:alert(1)", "file:///etc/passwd", 'https://x.org/"onclick="a'):
        assert "<a " not in html_link(source), source
    assert markdown_link("https://example.org/law") == "<https://example.org/law>"
    assert markdown_link("The act, section 3") == "The act, section 3"
    assert markdown_link("javascript:alert(1)") == "javascript:alert(1)"


def test_a_page_loads_nothing_and_escapes_its_title_and_language() -> None:
    """The page forbids loading anything (no script, image or font), sends no referrer, and
    its title and language are escaped; the body is kept as given."""
    page = html_page('Plan <b> "x"', ["<p>kept</p>"], style="p { color: black; }", lang='es"x')
    assert "default-src 'none'" in page
    assert '<meta name="referrer" content="no-referrer">' in page
    assert "<title>Plan &lt;b&gt; &quot;x&quot;</title>" in page
    assert '<html lang="es&quot;x">' in page
    assert "<p>kept</p>" in page
    for loader in ("<script", "<img", "<link", "@import", "url("):
        assert loader not in page
    assert page.startswith("<!DOCTYPE html>\n")
