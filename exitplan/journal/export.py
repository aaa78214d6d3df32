"""Exports of the journal for the person, a lawyer or an advocate: Markdown, HTML and JSON.

Each export is chronological and holds every field, each record's hash and previous hash, an
attachment manifest (name, size, SHA-256), the verify result with the head fingerprint, and a
short plain statement of how to check it. The HTML is self-contained (inline CSS, no scripts,
nothing fetched) and prints well. Everything the person wrote is escaped. Pure: returns text.
"""

from __future__ import annotations

import html
import json
import re
from datetime import datetime
from typing import Any

from exitplan.journal.entry import FIELDS, QUESTIONS, JournalError, when_words
from exitplan.journal.records import list_entries, utc_text, verify

FORMATS = ("markdown", "html", "json")

INTRO = (
    "This journal is yours. It is a record written at the time, in your own words, for "
    "yourself first; you choose whether and with whom to share it."
)
HOW_TO_CHECK = (
    "Each record holds the SHA-256 of the record before it, so a change, a removal or a "
    "reordering shows. To check: for every record, take all its fields except 'hash', write "
    "them as JSON with keys sorted, no spaces (separators ',' and ':'), non-ASCII characters "
    "kept as UTF-8; the SHA-256 of those bytes is the record's 'hash' and the next record's "
    "'prev' (the first 'prev' is 64 zeros). The fingerprint is the record count, a colon, and "
    "the first 20 base32 characters of the last hash. The JSON export holds the records exactly "
    "as kept; a short script that checks them comes with exitplan (docs/verify_export.py)."
)


def export(records: list[dict[str, Any]], fmt: str, now: datetime) -> str:
    """The journal as ``markdown``, ``html`` or ``json`` text."""
    if fmt == "markdown":
        return to_markdown(records, now)
    if fmt == "html":
        return to_html(records, now)
    if fmt == "json":
        return to_json(records, now)
    raise JournalError(f"'{fmt}' is not an export format; use one of: {', '.join(FORMATS)}")


def _manifest(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {"entry": view["number"], "record": att["number"], **att["file"]}
        for view in entries
        for att in view["attachments"]
    ]


def to_json(records: list[dict[str, Any]], now: datetime) -> str:
    """One JSON document: entries (chronological), manifest, verify result, and the raw records."""
    entries = list_entries(records)
    result = verify(records)
    document = {
        "format": "exitplan-journal",
        "version": 1,
        "exported": utc_text(now),
        "about": INTRO,
        "how_to_check": HOW_TO_CHECK,
        "verify": result.as_dict(),
        "fingerprint": result.fingerprint,
        "entries": entries,
        "attachments": _manifest(entries),
        "records": [r for r in records if "damaged" not in r],
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def _when_text(fields: dict[str, Any], recorded: object) -> str:
    when = fields.get("when")
    if isinstance(when, dict):
        return when_words(when)
    return f"not given (written {recorded})"


_MD_INLINE = re.compile(r"([\\`*_\[\]<>|~#])")
_MD_BULLET = re.compile(r"^(\s*)([-+=])")
_MD_NUMBER = re.compile(r"^(\s*\d+)([.)])")


def md_escape(text: str) -> str:
    """Text shown literally in Markdown: markup characters escaped, HTML made inert."""
    lines = []
    for raw in text.replace("&", "&amp;").split("\n"):
        line = _MD_INLINE.sub(r"\\\1", raw)
        # A line that would start a list, a heading underline or a numbered item.
        line = _MD_BULLET.sub(r"\1\\\2", line)
        lines.append(_MD_NUMBER.sub(r"\1\\\2", line))
    # Keep the person's line breaks as breaks in the rendered document.
    return "  \n".join(lines)


def to_markdown(records: list[dict[str, Any]], now: datetime) -> str:
    """The journal as Markdown."""
    result = verify(records)
    entries = list_entries(records)
    out = ["# Journal", "", INTRO, "", f"Exported {utc_text(now)}.", ""]
    out += [f"**Check:** {md_escape(result.message)}  ", f"**Fingerprint:** `{result.fingerprint}`"]
    out.append("")
    for view in entries:
        fields = view["fields"]
        out += [f"## Entry {view['number']}: {md_escape(_when_text(fields, view['recorded']))}", ""]
        out += _md_fields(fields)
        for amendment in view["amendments"]:
            out += [f"### Correction {amendment['number']} (written {amendment['recorded']})", ""]
            out += _md_fields(amendment["fields"])
            out += [f"Hash `{amendment['hash']}`, previous `{amendment['prev']}`", ""]
        for att in view["attachments"]:
            file = att["file"]
            out.append(
                f"- Attachment {att['number']}: {md_escape(file['name'])}, "
                f"{file['size']} bytes, SHA-256 `{file['sha256']}`"
            )
        if view["attachments"]:
            out.append("")
        out += [f"Written {view['recorded']}. Hash `{view['hash']}`, previous `{view['prev']}`", ""]
    manifest = _manifest(entries)
    if manifest:
        out += ["## Attachments", "", "| entry | record | name | bytes | SHA-256 |"]
        out.append("|---|---|---|---|---|")
        for row in manifest:
            out.append(
                f"| {row['entry']} | {row['record']} | {md_escape(row['name'])} | "
                f"{row['size']} | `{row['sha256']}` |"
            )
        out.append("")
    out += ["## How to check this journal", "", md_escape(HOW_TO_CHECK), ""]
    return "\n".join(out)


def _field_texts(fields: dict[str, Any]) -> list[tuple[str, str]]:
    """(label, text) of each field an entry has, in the order the questions are asked."""
    out = []
    for name in FIELDS:
        if name not in fields:
            continue
        value = fields[name]
        text = when_words(value) if name == "when" else value
        if name == "when" and value.get("approximate"):
            text += " (approximate)"
        out.append((QUESTIONS[name].split(" (")[0], text))
    return out


def _md_fields(fields: dict[str, Any]) -> list[str]:
    out = []
    for label, text in _field_texts(fields):
        out += [f"**{label}:** {md_escape(text)}", ""]
    return out


_CSS = """
body { font-family: Georgia, "Times New Roman", serif; max-width: 46rem; margin: 2rem auto;
       padding: 0 1rem; color: #222; line-height: 1.5; }
h1, h2, h3 { font-family: Helvetica, Arial, sans-serif; font-weight: 600; }
h2 { border-top: 1px solid #bbb; padding-top: 1rem; margin-top: 2rem; }
dl { margin: 0 0 1rem; } dt { font-weight: bold; margin-top: .5rem; }
dd { margin-left: 1rem; white-space: pre-wrap; }
code, .hash { font-family: "Courier New", monospace; font-size: .8rem; word-break: break-all; }
.check { border: 1px solid #999; padding: .5rem 1rem; }
table { border-collapse: collapse; font-size: .9rem; } td, th { border: 1px solid #bbb;
       padding: .25rem .5rem; text-align: left; vertical-align: top; }
@media print { body { margin: 0; max-width: none; } h2 { break-before: auto; }
       section { break-inside: avoid-page; } }
"""


def _h(text: object) -> str:
    return html.escape(str(text), quote=True)


def to_html(records: list[dict[str, Any]], now: datetime) -> str:
    """The journal as one self-contained HTML page."""
    result = verify(records)
    entries = list_entries(records)
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="referrer" content="no-referrer">',
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'\">",
        f"<title>Journal</title><style>{_CSS}</style></head><body>",
        "<h1>Journal</h1>",
        f"<p>{_h(INTRO)}</p>",
        f"<p>Exported {_h(utc_text(now))}.</p>",
        f'<p class="check"><strong>Check:</strong> {_h(result.message)}<br>'
        f"<strong>Fingerprint:</strong> <code>{_h(result.fingerprint)}</code></p>",
    ]
    for view in entries:
        fields = view["fields"]
        title = _h(_when_text(fields, view["recorded"]))
        out.append(f"<section><h2>Entry {view['number']}: {title}</h2>")
        out.append(_html_fields(fields))
        for amendment in view["amendments"]:
            out.append(
                f"<h3>Correction {amendment['number']} (written {_h(amendment['recorded'])})</h3>"
            )
            out.append(_html_fields(amendment["fields"]))
            out.append(_html_hashes(amendment))
        if view["attachments"]:
            out.append("<ul>")
            for att in view["attachments"]:
                file = att["file"]
                out.append(
                    f"<li>Attachment {att['number']}: {_h(file['name'])}, {file['size']} bytes, "
                    f'SHA-256 <span class="hash">{_h(file["sha256"])}</span></li>'
                )
            out.append("</ul>")
        out.append(f"<p>Written {_h(view['recorded'])}.</p>{_html_hashes(view)}</section>")
    manifest = _manifest(entries)
    if manifest:
        out.append(
            "<h2>Attachments</h2><table><tr><th>entry</th><th>record</th><th>name</th>"
            "<th>bytes</th><th>SHA-256</th></tr>"
        )
        for row in manifest:
            out.append(
                f"<tr><td>{row['entry']}</td><td>{row['record']}</td><td>{_h(row['name'])}</td>"
                f'<td>{row["size"]}</td><td class="hash">{_h(row["sha256"])}</td></tr>'
            )
        out.append("</table>")
    out += ["<h2>How to check this journal</h2>", f"<p>{_h(HOW_TO_CHECK)}</p>", "</body></html>"]
    return "\n".join(out) + "\n"


def _html_fields(fields: dict[str, Any]) -> str:
    rows = [f"<dt>{_h(label)}</dt><dd>{_h(text)}</dd>" for label, text in _field_texts(fields)]
    return "<dl>" + "".join(rows) + "</dl>"


def _html_hashes(view: dict[str, Any]) -> str:
    return f'<p class="hash">hash {_h(view["hash"])}<br>previous {_h(view["prev"])}</p>'
