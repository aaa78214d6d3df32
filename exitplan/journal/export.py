"""Exports of the journal for the person, a lawyer or an advocate: Markdown, HTML and JSON.

Each export is chronological and holds every field, each record's hash and previous hash, an
attachment manifest (name, size, SHA-256), the verify result with the head fingerprint, and a
short plain statement of how to check it. The HTML is the one self-contained page
(`base.markup.html_page`: inline CSS, no scripts, nothing fetched) and prints well. Everything the
person wrote is escaped with the one Markdown or HTML escaper. Pure: returns text.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import cast

from exitplan.base.i18n import N_, _
from exitplan.base.markup import escape_markdown, html_page, html_text
from exitplan.base.safetext import json_text, one_line
from exitplan.journal.chain import TAIL_NOTE
from exitplan.journal.entry import QUESTIONS, JournalError, given, when_words
from exitplan.journal.records import list_entries, utc_text, verify
from exitplan.journal.shapes import EntryView, Fields, FileFacts, Record, RecordView
from exitplan.journal.times import local_text

# Words translated with _() inside f-strings below, marked again here: Babel does not look
# inside f-strings on Python 3.11 (tests/unit/base/test_i18n_catalog.py checks they are).
_IN_FSTRINGS = (
    N_("Check"),
    N_("Fingerprint"),
    N_("not saved"),
    N_("Journal"),
    N_("saved as"),
    N_("Attached files"),
    N_("How to check this journal"),
)


FORMATS = ("markdown", "html", "json")
# The columns of the attached files' table (SHA-256 is the name of the hash in every language).
MANIFEST_COLUMNS = (N_("entry"), N_("record"), N_("name"), N_("bytes"), "SHA-256")
Saved = dict[int, str]  # record number -> the name its file was saved under, beside the page

INTRO = N_(
    "This journal is yours. It is a record written at the time, in your own words, for "
    "yourself first; you choose whether and with whom to share it."
)
HOW_TO_CHECK = N_(
    "Each record holds the SHA-256 of the record before it, so a change, a removal or a "
    "reordering shows, anywhere but at the end: records cut off the end leave a shorter chain "
    "that is still intact, which only a fingerprint noted earlier shows. To check: for every "
    "record, take all its fields except 'hash', write them as JSON with keys sorted, no spaces "
    "(separators ',' and ':'), non-ASCII characters kept as UTF-8; the SHA-256 of those bytes "
    "is the record's 'hash' and the next record's 'prev' (the first 'prev' is 64 zeros). The "
    "fingerprint is the record count, a colon, the first 19 base32 characters of the last hash "
    "and a Luhn mod 32 check character. The JSON export holds the records exactly as kept; a "
    "short script that checks them comes with exitplan (docs/verify_export.py). Times are kept "
    "in UTC; this page shows them in the time of the computer that exported it."
)
FILES_NOTE = N_(
    "The attached files are in the folder files/ beside this page, under their original names "
    "(made safe for any computer); each was checked against its SHA-256 when it was saved."
)


def export(records: Sequence[Record], fmt: str, now: datetime, saved: Saved | None = None) -> str:
    """The journal as ``markdown``, ``html`` or ``json`` text (`saved`: files saved beside it)."""
    if fmt == "markdown":
        return to_markdown(records, now, saved)
    if fmt == "html":
        return to_html(records, now, saved)
    if fmt == "json":
        return to_json(records, now, saved)
    raise JournalError(
        _("'{fmt}' is not an export format; use one of: {formats}").format(
            fmt=fmt, formats=", ".join(FORMATS)
        )
    )


class ManifestRow(FileFacts, total=False):
    """One attached file in the manifest: its entry and record, what the record keeps of it,
    and where it was saved beside the page (None: not saved)."""

    entry: int
    record: int
    saved_as: str | None


def _manifest(entries: Sequence[EntryView], saved: Saved | None) -> list[ManifestRow]:
    rows = []
    for view in entries:
        for att in view["attachments"]:
            facts = {"entry": view["number"], "record": att["number"], **att["file"]}
            row = cast(ManifestRow, facts)  # the file's facts as its record keeps them
            if saved is not None:
                name = saved.get(att["number"])
                row["saved_as"] = f"files/{name}" if name else None
            rows.append(row)
    return rows


def _check_line(message: str, ok: bool) -> str:
    return f"{message} ({_(TAIL_NOTE)})" if ok else message


def to_json(records: Sequence[Record], now: datetime, saved: Saved | None = None) -> str:
    """One JSON document: entries (chronological), manifest, verify result, and the raw records."""
    entries = list_entries(records)
    result = verify(records)
    document = {
        "format": "exitplan-journal",
        "version": 1,
        "exported": utc_text(now),
        "about": _(INTRO),
        "how_to_check": _(HOW_TO_CHECK),
        "verify": {**result.as_dict(), "note": _(TAIL_NOTE)},
        "fingerprint": result.fingerprint,
        "entries": entries,
        "attachments": _manifest(entries, saved),
        "records": [r for r in records if "damaged" not in r],
    }
    return json_text(document)


def _when_text(fields: Fields, recorded: object) -> str:
    when = fields.get("when")
    if isinstance(when, dict):
        return one_line(when_words(when))
    return _("not given (written {time})").format(time=local_text(recorded, offset=True))


def md_escape(text: str) -> str:
    """Text shown literally in Markdown (the one escaper), each line break kept as a break."""
    return "  \n".join(escape_markdown(text).split("\n"))


def to_markdown(records: Sequence[Record], now: datetime, saved: Saved | None = None) -> str:
    """The journal as Markdown."""
    result = verify(records)
    entries = list_entries(records)
    exported = _("Exported {time}.").format(time=local_text(utc_text(now), offset=True))
    out = ["# " + _("Journal"), "", md_escape(_(INTRO)), "", exported, ""]
    out += [
        f"**{_('Check')}:** {md_escape(_check_line(result.message, result.ok))}  ",
        f"**{_('Fingerprint')}:** `{result.fingerprint}`",
        "",
    ]
    for view in entries:
        fields = view["fields"]
        title = _("Entry {n}: {when}").format(
            n=view["number"], when=md_escape(_when_text(fields, view["recorded"]))
        )
        out += [f"## {title}", ""]
        out += _md_fields(fields)
        for place, amendment in enumerate(view["amendments"], start=1):
            heading = _("Correction {place} (record {n}, written {time})").format(
                place=place,
                n=amendment["number"],
                time=local_text(amendment["recorded"], offset=True),
            )
            out += [f"### {heading}", ""]
            out += _md_fields(amendment["fields"])
            hashes = _("Hash `{hash}`, previous `{prev}`").format(
                hash=amendment["hash"], prev=amendment["prev"]
            )
            out += [hashes, ""]
        for att in view["attachments"]:
            file = att["file"]
            out.append(
                "- "
                + _("File {n}: {name}, {size} bytes, SHA-256 {sha}").format(
                    n=att["number"],
                    name=md_escape(one_line(file["name"])),
                    size=file["size"],
                    sha=f"`{file['sha256']}`",
                )
            )
        if view["attachments"]:
            out.append("")
        written = _("Written {time}.").format(time=local_text(view["recorded"], offset=True))
        hashes = _("Hash `{hash}`, previous `{prev}`").format(hash=view["hash"], prev=view["prev"])
        out += [f"{written} {hashes}", ""]
    manifest = _manifest(entries, saved)
    if manifest:
        names = [_(name) for name in MANIFEST_COLUMNS] + ([_("saved as")] if saved else [])
        header = "| " + " | ".join(names) + " |"
        out += ["## " + _("Attached files"), "", header]
        out.append("|---|---|---|---|---|" + ("---|" if saved else ""))
        for row in manifest:
            line = (
                f"| {row['entry']} | {row['record']} | {md_escape(one_line(row['name']))} | "
                f"{row['size']} | `{row['sha256']}` |"
            )
            if saved is not None:
                line += f" {md_escape(row['saved_as'] or _('not saved'))} |"
            out.append(line)
        out.append("")
        if saved is not None:
            out += [md_escape(_(FILES_NOTE)), ""]
    out += ["## " + _("How to check this journal"), "", md_escape(_(HOW_TO_CHECK)), ""]
    return "\n".join(out)


def _field_texts(fields: Fields) -> list[tuple[str, str]]:
    """(label, text) of each field an entry has, in the order the questions are asked."""
    out = []
    for name, value in given(fields):
        text = str(value)
        if name == "when" and "when" in fields:
            when = fields["when"]
            text = when_words(when) + (_(" (approximate)") if when.get("approximate") else "")
        out.append((_(QUESTIONS[name]).split(" (")[0], text))
    return out


def _md_fields(fields: Fields) -> list[str]:
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


_h = html_text  # every value shown in the HTML page goes through it


def to_html(records: Sequence[Record], now: datetime, saved: Saved | None = None) -> str:
    """The journal as one self-contained HTML page."""
    result = verify(records)
    entries = list_entries(records)
    exported = _("Exported {time}.").format(time=local_text(utc_text(now), offset=True))
    out = [
        f"<h1>{_h(_('Journal'))}</h1>",
        f"<p>{_h(_(INTRO))}</p>",
        f"<p>{_h(exported)}</p>",
        f'<p class="check"><strong>{_h(_("Check"))}:</strong> '
        f"{_h(_check_line(result.message, result.ok))}<br>"
        f"<strong>{_h(_('Fingerprint'))}:</strong> <code>{_h(result.fingerprint)}</code></p>",
    ]
    for view in entries:
        fields = view["fields"]
        title = _("Entry {n}: {when}").format(
            n=view["number"], when=_when_text(fields, view["recorded"])
        )
        out.append(f"<section><h2>{_h(title)}</h2>")
        out.append(_html_fields(fields))
        for place, amendment in enumerate(view["amendments"], start=1):
            heading = _("Correction {place} (record {n}, written {time})").format(
                place=place,
                n=amendment["number"],
                time=local_text(amendment["recorded"], offset=True),
            )
            out.append(f"<h3>{_h(heading)}</h3>")
            out.append(_html_fields(amendment["fields"]))
            out.append(_html_hashes(amendment))
        if view["attachments"]:
            out.append("<ul>")
            for att in view["attachments"]:
                file = att["file"]
                line = _("File {n}: {name}, {size} bytes, SHA-256 {sha}").format(
                    n=att["number"], name=one_line(file["name"]), size=file["size"], sha="\0"
                )
                before, _sep, after = _h(line).partition("\0")
                out.append(
                    f'<li>{before}<span class="hash">{_h(file["sha256"])}</span>{after}</li>'
                )
            out.append("</ul>")
        written = _("Written {time}.").format(time=local_text(view["recorded"], offset=True))
        out.append(f"<p>{_h(written)}</p>{_html_hashes(view)}</section>")
    manifest = _manifest(entries, saved)
    if manifest:
        saved_head = f"<th>{_h(_('saved as'))}</th>" if saved is not None else ""
        heads = "".join(f"<th>{_h(_(name))}</th>" for name in MANIFEST_COLUMNS)
        out.append(f"<h2>{_h(_('Attached files'))}</h2><table><tr>{heads}{saved_head}</tr>")
        for row in manifest:
            cell = ""
            if saved is not None:
                cell = f"<td>{_h(row['saved_as'] or _('not saved'))}</td>"
            out.append(
                f"<tr><td>{row['entry']}</td><td>{row['record']}</td>"
                f"<td>{_h(one_line(row['name']))}</td><td>{row['size']}</td>"
                f'<td class="hash">{_h(row["sha256"])}</td>{cell}</tr>'
            )
        out.append("</table>")
        if saved is not None:
            out.append(f"<p>{_h(_(FILES_NOTE))}</p>")
    out += [
        f"<h2>{_h(_('How to check this journal'))}</h2>",
        f"<p>{_h(_(HOW_TO_CHECK))}</p>",
    ]
    return html_page(_("Journal"), out, style=_CSS)


def _html_fields(fields: Fields) -> str:
    rows = [f"<dt>{_h(label)}</dt><dd>{_h(text)}</dd>" for label, text in _field_texts(fields)]
    return "<dl>" + "".join(rows) + "</dl>"


def _html_hashes(view: RecordView) -> str:
    first = _h(_("hash {hash}").format(hash=view["hash"]))
    second = _h(_("previous {hash}").format(hash=view["prev"]))
    return f'<p class="hash">{first}<br>{second}</p>'
