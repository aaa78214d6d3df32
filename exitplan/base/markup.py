"""Markup for documents a person keeps or prints: the one Markdown escaper, HTML escaping, and the
one self-contained HTML page every export is written into.

A page fetches nothing: the style is inline, there are no scripts, images or web fonts, and a
Content-Security-Policy forbids loading anything even if a browser were tempted to. Printed, it
carries a page number and neither the file's path nor its title: a browser adds its own header
and footer (with the file's path) only to a page that defines none.
"""

from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING

from exitplan.base.i18n import current

if TYPE_CHECKING:
    from collections.abc import Iterable

# What a browser may load for a page: nothing but its inline style.
POLICY = "default-src 'none'; style-src 'unsafe-inline'"
# Margin boxes of our own, so the browser prints no header or footer of its own.
PRINT_MARGINS = (
    '@page { @top-left { content: ""; } '
    '@bottom-right { content: counter(page) " / " counter(pages); font-size: 8pt; } }'
)

# Characters that mean something anywhere in a line of (GitHub-flavoured) Markdown or raw HTML.
_MD_INLINE = re.compile(r"([\\`*_\[\]<>|~$])")
# `&name;` and `&#123;` would be read as character references.
_MD_ENTITY = re.compile(r"&(?=#?[0-9A-Za-z]+;)")
# What starts a block at the beginning of a line: headings, lists, quotes, rules, setext lines.
_MD_LINE_START = re.compile(r"^(?:([#+=\-])|(\d+)([.)]))")
_WEB = re.compile(r"https?://[^\s<>\"'\\]+")


def escape_markdown(text: str) -> str:
    """The text as Markdown that shows exactly these characters, with no markup of its own.

    Each line of the text stays a line (join them with a hard break where one is wanted).
    """
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


def html_text(value: object) -> str:
    """Plain text made safe for HTML: every markup character, quotes included, escaped."""
    return escape(str(value), quote=True)


def html_link(url: str) -> str:
    """A source as a plain link when it is a web address, otherwise as text."""
    if _WEB.fullmatch(url):
        return f'<a href="{html_text(url)}">{html_text(url)}</a>'
    return html_text(url)


def html_page(title: str, body: Iterable[str], *, style: str = "", lang: str | None = None) -> str:
    """One self-contained HTML page: `body` is its markup (already escaped), one part a line.

    Its language is the one being spoken unless named (`lang="es"` on a Spanish page)."""
    lang = lang or current()
    return (
        "\n".join(
            [
                "<!DOCTYPE html>",
                f'<html lang="{html_text(lang)}">',
                "<head>",
                '<meta charset="utf-8">',
                f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">',
                '<meta name="referrer" content="no-referrer">',
                '<meta name="viewport" content="width=device-width, initial-scale=1">',
                '<meta name="color-scheme" content="light">',
                f"<title>{html_text(title)}</title>",
                f"<style>{style}\n{PRINT_MARGINS}\n</style>",
                "</head>",
                "<body>",
                *body,
                "</body>",
                "</html>",
            ]
        )
        + "\n"
    )
