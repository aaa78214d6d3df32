"""Tests for exitplan.journal.export: the journal as Markdown, one HTML page and JSON, for the
person, a lawyer or an advocate: every field, chronological, escaped, with how to check it."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from helpers import REPO
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from exitplan.base import i18n
from exitplan.journal.attachments import attach
from exitplan.journal.chain import GENESIS, record_hash
from exitplan.journal.entry import JournalError, validate_fields
from exitplan.journal.export import export, md_escape
from exitplan.journal.records import add, amend, read_records, record_path, verify
from exitplan.journal.shapes import Record

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
SHOWN = "30 Nov 2026, 13:00 UTC+01:00"  # NOW, as a computer an hour east of UTC shows it
HOSTILE = "<script>alert(1)</script> **bold** [link](http://x) # & <img src=x>"
PHOTO = bytes(range(256)) * 40
PHOTO_SHA = hashlib.sha256(PHOTO).hexdigest()


@pytest.fixture
def original(tmp_path: Path) -> Path:
    """A file to attach."""
    path = tmp_path / "screenshot.png"
    path.write_bytes(PHOTO)
    return path


def hostile_home(tmp_path: Path, original: Path) -> Path:
    """A journal whose text is full of markup characters, with an attachment."""
    home = tmp_path / "h"
    add(home, validate_fields({"what": HOSTILE, "when": "about 2026-11"}, NOW), NOW)
    add(home, validate_fields({"words": "earlier", "when": "2026-10-01 09:00"}, NOW), NOW)
    attach(home, 1, original, NOW)
    return home


def corrected_home(tmp_path: Path, original: Path) -> list[Record]:
    """Entry 1 (approximate, two lines, a police field) with a correction and a file; entry 2
    with no time given."""
    home = tmp_path / "c"
    first = {"what": "he shouted\nat me", "when": "about 2026-11-20", "police": "PC 12"}
    add(home, validate_fields(first, NOW), NOW)
    add(home, validate_fields({"what": "no date"}, NOW), NOW)
    amend(home, 1, validate_fields({"where": "kitchen"}, NOW), NOW)
    attach(home, 1, original, NOW)
    return read_records(home)


# -- every format ------------------------------------------------------------------------


def test_unknown_export_format() -> None:
    """An unknown format is a plain error that names the formats there are."""
    with pytest.raises(JournalError, match="'pdf' is not an export format; use one of: markdown"):
        export([], "pdf", NOW)


@pytest.mark.parametrize(
    ("fmt", "start"),
    [("markdown", "# Journal\n"), ("html", "<!DOCTYPE html>"), ("json", "{")],
)
def test_an_empty_journal_exports_in_every_format(fmt: str, start: str) -> None:
    """No entries yet is no error: the page says so, with the empty journal's fingerprint."""
    text = export([], fmt, NOW)
    assert text.startswith(start)
    assert "0 entries, chain intact" in text
    assert "0:AAAA-AAAA-AAAA-AAAA-AAAA" in text


def test_export_reports_a_broken_chain(tmp_path: Path, original: Path) -> None:
    """An export of a tampered journal says so instead of claiming it intact."""
    home = hostile_home(tmp_path, original)
    path = record_path(home, 2)
    path.write_bytes(path.read_bytes().replace(b"earlier", b"later!!"))
    for fmt in ("markdown", "html", "json"):
        text = export(read_records(home), fmt, NOW)
        assert "record 2 was changed" in text
        assert "chain intact" not in text


# -- Markdown ----------------------------------------------------------------------------


def test_markdown_export_escapes_markup(tmp_path: Path, original: Path) -> None:
    """Markup characters the person typed are shown literally, not interpreted."""
    records = read_records(hostile_home(tmp_path, original))
    text = export(records, "markdown", NOW)
    assert "<script>" not in text
    assert "\\*\\*bold\\*\\*" in text
    assert "\\[link\\](http://x)" in text
    assert "\\<img src=x\\>" in text
    assert "2 entries, chain intact" in text


def test_markdown_escaping_keeps_each_line_break() -> None:
    """A line break stays a break in Markdown; a list, a numbered line or a heading the person
    typed is shown as typed."""
    assert md_escape("a\nb") == "a  \nb"
    assert (
        md_escape("- one\n12. two\n# three & four &amp;")
        == "\\- one  \n12\\. two  \n\\# three & four \\&amp;"
    )


def test_markdown_holds_every_field_correction_and_file(
    tmp_path: Path, original: Path, an_hour_east: None
) -> None:
    """Each entry under its time (or the time it was written), its fields labelled, its
    correction under it with its hashes, its file with size and SHA-256, in local time."""
    records = corrected_home(tmp_path, original)
    text = export(records, "markdown", NOW)
    assert f"Exported {SHOWN}." in text
    assert "## Entry 1: about 2026-11-20\n" in text
    assert "**When:** about 2026-11-20 (approximate)" in text
    assert "**What happened:** he shouted  \nat me" in text
    assert "**Police:** PC 12" in text  # the question's label, without its example
    assert f"### Correction 1 (record 3, written {SHOWN})\n\n**Where:** kitchen" in text
    assert f"Hash `{records[2]['hash']}`, previous `{records[1]['hash']}`" in text
    assert f"- File 4: screenshot.png, 10240 bytes, SHA-256 `{PHOTO_SHA}`" in text
    assert f"Written {SHOWN}. Hash `{records[0]['hash']}`, previous `{GENESIS}`" in text
    assert f"## Entry 2: not given (written {SHOWN})" in text
    assert text.index("## Entry 1") < text.index("## Entry 2")  # 20 Nov before the 30th
    assert f"| 1 | 4 | screenshot.png | 10240 | `{PHOTO_SHA}` |\n" in text
    assert "saved as" not in text
    assert "## How to check this journal" in text


def test_markdown_names_where_each_file_was_saved(tmp_path: Path, original: Path) -> None:
    """With files saved beside the page, the table says where each one is, or that it was not
    saved, and the page says where the folder is."""
    records = corrected_home(tmp_path, original)
    saved = export(records, "markdown", NOW, {4: "screenshot.png"})
    assert "| entry | record | name | bytes | SHA-256 | saved as |" in saved
    assert f"| `{PHOTO_SHA}` | files/screenshot.png |" in saved
    assert "in the folder files/ beside this page" in saved
    missing = export(records, "markdown", NOW, {})
    assert f"| `{PHOTO_SHA}` | not saved |" in missing


def test_a_spanish_export_is_spanish_throughout(tmp_path: Path, original: Path) -> None:
    """In Spanish, an approximate time and a correction's hashes are in Spanish too, like the
    rest of the page (they were left in English)."""
    records = corrected_home(tmp_path, original)
    i18n.install("es")
    text = export(records, "markdown", NOW)
    assert "about 2026-11-20 (aproximado)" in text
    assert "(approximate)" not in text
    assert f"Hash `{records[2]['hash']}`, anterior `{records[1]['hash']}`" in text
    assert ", previous `" not in text


# -- HTML --------------------------------------------------------------------------------


class Tags(HTMLParser):
    """The tags of a page, in order, and its text."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Note each opening tag."""
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        """Note each piece of text."""
        self.text.append(data)


def test_html_export_is_escaped_and_self_contained(tmp_path: Path, original: Path) -> None:
    """No script, nothing fetched, the person's words escaped, hashes and manifest present."""
    records = read_records(hostile_home(tmp_path, original))
    page = export(records, "html", NOW)
    assert "<script" not in page
    assert "<img" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "src=" not in page.replace("&lt;img src=x&gt;", "")
    assert "http://" not in page.replace("http://x", "")
    assert "@media print" in page
    assert records[0]["hash"] in page
    assert PHOTO_SHA in page
    assert verify(records).fingerprint in page
    assert page.index("Entry 2:") < page.index("Entry 1:")  # chronological


def test_html_shows_a_file_name_as_text(tmp_path: Path) -> None:
    """A file called like a tag is shown by its name in the list and the table, never as a
    tag, and its hash stays in its own span."""
    home = tmp_path / "h"
    add(home, validate_fields({"what": "x"}, NOW), NOW)
    named = tmp_path / "<b>bold.png"
    named.write_bytes(b"ten bytes!")
    attach(home, 1, named, NOW)
    page = export(read_records(home), "html", NOW)
    assert "b" not in Tags(page).tags
    assert page.count("&lt;b&gt;bold.png") == 2
    sha = hashlib.sha256(b"ten bytes!").hexdigest()
    assert f'10 bytes, SHA-256 <span class="hash">{sha}</span></li>' in page


words = st.text(
    st.characters(blacklist_categories=("Cc", "Cs", "Cf", "Zl", "Zp", "Co", "Cn")),
    min_size=1,
    max_size=60,
)


def one_entry(what: str) -> list[Record]:
    """One entry holding `what`, chained and hashed as the journal writes it."""
    record: dict[str, Any] = {
        "v": 1,
        "n": 1,
        "kind": "entry",
        "recorded": "2026-11-30T12:00:00Z",
        "prev": GENESIS,
        "fields": {"what": what},
    }
    record["hash"] = record_hash(record)
    return [record]  # type: ignore[list-item]  # built as the journal writes a record


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(what=words)
def test_whatever_was_written_the_page_has_the_same_tags(what: str) -> None:
    """The person's words are text on the page whatever they hold: the page's tags are those of
    any other entry, and the words read back whole."""
    assume(what.strip())
    page = Tags(export(one_entry(what), "html", NOW))
    assert page.tags == Tags(export(one_entry("x"), "html", NOW)).tags
    assert what in "".join(page.text)


# -- JSON --------------------------------------------------------------------------------


def test_json_holds_entries_manifest_verdict_and_the_records_as_kept(
    tmp_path: Path, original: Path
) -> None:
    """Entries in the order they happened, the files with where they were saved, the verdict
    with its fingerprint, the time in UTC, and the records exactly as kept (none damaged)."""
    home = tmp_path / "c"
    records = corrected_home(tmp_path, original)
    record_path(home, 5).write_bytes(b"not a record")
    records = read_records(home)
    document = json.loads(export(records, "json", NOW, {4: "screenshot.png"}))
    assert (document["format"], document["version"]) == ("exitplan-journal", 1)
    assert document["exported"] == "2026-11-30T12:00:00Z"
    assert [e["number"] for e in document["entries"]] == [1, 2]
    assert document["entries"][0]["amendments"][0]["fields"] == {"where": "kitchen"}
    assert document["attachments"] == [
        {
            "entry": 1,
            "record": 4,
            "name": "screenshot.png",
            "size": 10240,
            "mtime": records[3]["file"]["mtime"],
            "sha256": PHOTO_SHA,
            "saved_as": "files/screenshot.png",
        }
    ]
    assert document["records"] == records[:4]
    assert document["verify"]["ok"] is False
    assert document["verify"]["first_bad"] == 5
    assert document["fingerprint"] == verify(records).fingerprint


def test_json_manifest_says_a_file_was_not_saved(tmp_path: Path, original: Path) -> None:
    """A file left out of the saved folder has `saved_as` null; with no folder, no such key."""
    records = corrected_home(tmp_path, original)
    assert json.loads(export(records, "json", NOW, {}))["attachments"][0]["saved_as"] is None
    assert "saved_as" not in json.loads(export(records, "json", NOW))["attachments"][0]


@pytest.mark.process
def test_json_export_checks_with_the_standalone_script(tmp_path: Path, original: Path) -> None:
    """The JSON export passes the stand-alone verification script, which catches an edit."""
    home = hostile_home(tmp_path, original)
    records = read_records(home)
    document = json.loads(export(records, "json", NOW))
    assert [e["number"] for e in document["entries"]] == [2, 1]
    assert document["attachments"][0]["name"] == "screenshot.png"
    assert document["verify"]["ok"] is True
    out = tmp_path / "export.json"
    out.write_text(json.dumps(document), encoding="utf-8")
    script = REPO / "docs" / "verify_export.py"
    good = subprocess.run(
        [sys.executable, str(script), str(out), document["fingerprint"]],
        capture_output=True,
        text=True,
        check=False,
    )
    assert good.returncode == 0, good.stdout
    assert document["fingerprint"] in good.stdout
    document["records"][0]["fields"]["what"] = "edited"
    out.write_text(json.dumps(document), encoding="utf-8")
    bad = subprocess.run(
        [sys.executable, str(script), str(out)], capture_output=True, text=True, check=False
    )
    assert bad.returncode == 1
    assert "record 1" in bad.stdout
