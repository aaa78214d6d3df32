"""Tests for journal attachments and exports: hashed copies, sealed chunks, escaped exports."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from helpers_journal_crash import toy_seal, toy_unseal

from exitplan.journal import attachments
from exitplan.journal.attachments import attach, check_copies, copy_path, read_copy
from exitplan.journal.entry import JournalError, validate_fields
from exitplan.journal.export import export, md_escape
from exitplan.journal.records import add, read_records, record_path, verify

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
REPO = Path(__file__).resolve().parent.parent
HOSTILE = "<script>alert(1)</script> **bold** [link](http://x) # & <img src=x>"


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A fresh data home with one entry."""
    home = tmp_path / "home"
    add(home, validate_fields({"what": "an entry", "when": "2026-11-20"}, NOW), NOW)
    return home


@pytest.fixture
def original(tmp_path: Path) -> Path:
    """A file to attach, with a known old modification time."""
    path = tmp_path / "screenshot.png"
    path.write_bytes(bytes(range(256)) * 40)
    os.utime(path, (1_700_000_000, 1_700_000_000))
    return path


def test_attach_hashes_and_keeps_a_copy(home: Path, original: Path) -> None:
    """The record holds name, size, time and SHA-256; the copy is the same bytes; the original
    keeps its bytes, its time and its permissions."""
    data = original.read_bytes()
    before = original.stat()
    number = attach(home, 1, original, NOW)
    assert number == 2
    record = read_records(home)[1]
    assert record["kind"] == "attach"
    assert record["entry"] == 1
    assert record["file"]["name"] == "screenshot.png"
    assert record["file"]["size"] == len(data)
    assert record["file"]["sha256"] == hashlib.sha256(data).hexdigest()
    assert record["file"]["mtime"] == "2023-11-14T22:13:20Z"
    assert copy_path(home, 2).read_bytes() == data
    after = original.stat()
    assert original.read_bytes() == data
    assert (after.st_mtime_ns, after.st_mode, after.st_size) == (
        before.st_mtime_ns,
        before.st_mode,
        before.st_size,
    )
    assert check_copies(home, read_records(home)) == []
    assert verify(read_records(home)).ok


def test_changed_copy_is_found(home: Path, original: Path) -> None:
    """A kept copy whose bytes changed no longer matches its record."""
    attach(home, 1, original, NOW)
    copy_path(home, 2).write_bytes(b"other")
    assert check_copies(home, read_records(home)) == [
        "the copy of screenshot.png (record 2) changed"
    ]


def test_attach_refuses_links_folders_and_large_files(
    home: Path, original: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Symlinks, folders and files over the limit are refused, and nothing is recorded."""
    link = tmp_path / "link.png"
    link.symlink_to(original)
    with pytest.raises(JournalError, match="is a link"):
        attach(home, 1, link, NOW)
    with pytest.raises(JournalError, match="not a regular file"):
        attach(home, 1, tmp_path, NOW)
    with pytest.raises(JournalError, match="no file"):
        attach(home, 1, tmp_path / "missing", NOW)
    monkeypatch.setattr(attachments, "MAX_ATTACHMENT_BYTES", 100)
    with pytest.raises(JournalError, match="larger than"):
        attach(home, 1, original, NOW)
    with pytest.raises(JournalError, match="no entry 7"):
        attach(home, 7, original, NOW)
    assert len(read_records(home)) == 1
    assert not (home / "journal" / "files").exists() or not any(
        (home / "journal" / "files").iterdir()
    )


def test_sealed_copy_streams_in_bound_chunks(
    tmp_path: Path, original: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sealed copy is sealed chunk by chunk; it opens back to the same bytes, and moved or
    dropped chunks make it fail to open."""
    monkeypatch.setattr(attachments, "CHUNK", 1000)
    home = tmp_path / "sealed"
    add(home, validate_fields({"what": "x"}, NOW), NOW, seal=toy_seal, unseal=toy_unseal)
    attach(home, 1, original, NOW, seal=toy_seal, unseal=toy_unseal)
    records = read_records(home, toy_unseal)
    data = original.read_bytes()
    assert b"".join(read_copy(home, records[1], toy_unseal)) == data
    assert check_copies(home, records, toy_unseal) == []
    path = copy_path(home, 2)
    blob = path.read_bytes()
    assert bytes(range(256)) not in blob
    size = int.from_bytes(blob[8:12], "big") + 4
    first, second = blob[8 : 8 + size], blob[8 + size : 8 + 2 * size]
    path.write_bytes(blob[:8] + second + first + blob[8 + 2 * size :])  # two chunks swapped
    assert check_copies(home, records, toy_unseal) == ["the copy kept for record 2 is damaged"]
    path.write_bytes(blob[: 8 + 2 * size])  # cut off after two chunks
    assert check_copies(home, records, toy_unseal) == ["the copy kept for record 2 is damaged"]


def test_empty_file_can_be_attached(home: Path, tmp_path: Path) -> None:
    """An empty file is recorded with size 0 and the SHA-256 of nothing."""
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    attach(home, 1, empty, NOW)
    assert read_records(home)[1]["file"]["sha256"] == hashlib.sha256(b"").hexdigest()


# -- exports -----------------------------------------------------------------------------


def hostile_home(tmp_path: Path, original: Path) -> Path:
    """A journal whose text is full of markup characters, with an attachment."""
    home = tmp_path / "h"
    add(home, validate_fields({"what": HOSTILE, "when": "about 2026-11"}, NOW), NOW)
    add(home, validate_fields({"words": "earlier", "when": "2026-10-01 09:00"}, NOW), NOW)
    attach(home, 1, original, NOW)
    return home


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
    assert hashlib.sha256(original.read_bytes()).hexdigest() in page
    assert verify(records).fingerprint in page
    assert page.index("Entry 2:") < page.index("Entry 1:")  # chronological


def test_markdown_export_escapes_markup(tmp_path: Path, original: Path) -> None:
    """Markup characters the person typed are shown literally, not interpreted."""
    records = read_records(hostile_home(tmp_path, original))
    text = export(records, "markdown", NOW)
    assert "<script>" not in text
    assert "\\*\\*bold\\*\\*" in text
    assert "\\[link\\](http://x)" in text
    assert "\\<img src=x\\>" in text
    assert "2 entries, chain intact" in text
    assert md_escape("a\nb") == "a  \nb"
    assert (
        md_escape("- one\n12. two\n# three & four")
        == "\\- one  \n12\\. two  \n\\# three &amp; four"
    )


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


def test_export_reports_a_broken_chain(tmp_path: Path, original: Path) -> None:
    """An export of a tampered journal says so instead of claiming it intact."""
    home = hostile_home(tmp_path, original)
    path = record_path(home, 2)
    path.write_bytes(path.read_bytes().replace(b"earlier", b"later!!"))
    text = export(read_records(home), "markdown", NOW)
    assert "record 2 was changed" in text
    assert "chain intact" not in text


def test_unknown_export_format(home: Path) -> None:
    """An unknown format is a plain error."""
    with pytest.raises(JournalError, match="not an export format"):
        export(read_records(home), "pdf", NOW)


# -- the real vault, re-sealing, housekeeping ----------------------------------------------


def vault_pair(passphrase: str) -> tuple[Any, Any]:
    """seal / unseal callables bound to a fast test key, as the plan's key session gives them."""
    from exitplan.crypto.vault import FAST_FOR_TESTS, Key
    from exitplan.crypto.vault import seal as vault_seal
    from exitplan.crypto.vault import unseal as vault_unseal

    key = Key.derive(passphrase, params=FAST_FOR_TESTS)
    return (lambda b: vault_seal(b, key)), (lambda b: vault_unseal(b, key))


def disk_holds(home: Path, needle: bytes) -> bool:
    """Whether any file under home holds the bytes."""
    return any(needle in p.read_bytes() for p in home.rglob("*") if p.is_file())


def test_real_vault_seals_records_and_copies(tmp_path: Path, original: Path) -> None:
    """With the vault's seal, neither the text nor the attachment is on disk in plain, and both
    read back whole."""
    seal, unseal = vault_pair("correct horse battery staple")
    home = tmp_path / "v"
    add(home, validate_fields({"what": "PRIVATE WORDS"}, NOW), NOW, seal=seal, unseal=unseal)
    attach(home, 1, original, NOW, seal=seal, unseal=unseal)
    assert not disk_holds(home, b"PRIVATE WORDS")
    assert not disk_holds(home, bytes(range(256)))
    assert not disk_holds(home, b"screenshot")
    records = read_records(home, unseal)
    assert verify(records).ok
    assert b"".join(read_copy(home, records[1], unseal)) == original.read_bytes()


def test_reseal_moves_between_plain_and_keys(tmp_path: Path, original: Path) -> None:
    """Encrypting, changing the passphrase and decrypting re-seal every record and copy; the
    chain and the fingerprint stay the same, and running it twice changes nothing more."""
    from exitplan.journal.attachments import reseal

    home = tmp_path / "r"
    add(home, validate_fields({"what": "PRIVATE WORDS"}, NOW), NOW)
    attach(home, 1, original, NOW)
    noted = verify(read_records(home)).fingerprint
    seal_a, unseal_a = vault_pair("first passphrase")
    seal_b, unseal_b = vault_pair("second passphrase")
    assert reseal(home, unseal_old=None, seal_new=seal_a, unseal_new=unseal_a) == 2
    assert reseal(home, unseal_old=None, seal_new=seal_a, unseal_new=unseal_a) == 0
    assert not disk_holds(home, b"PRIVATE WORDS")
    assert not disk_holds(home, bytes(range(256)))
    assert reseal(home, unseal_old=unseal_a, seal_new=seal_b, unseal_new=unseal_b) == 2
    records = read_records(home, unseal_b)
    assert verify(records, against=noted).ok
    assert check_copies(home, records, unseal_b) == []
    assert reseal(home, unseal_old=unseal_b, seal_new=None, unseal_new=None) == 2
    records = read_records(home)
    assert verify(records).fingerprint == noted
    assert copy_path(home, 2).read_bytes() == original.read_bytes()


def test_sweep_removes_only_leftover_temp_files(home: Path) -> None:
    """Temp files of a killed write go; records stay; journal_files lists what is kept."""
    from exitplan.journal.records import journal_dir, journal_files, sweep_temp_files

    leftover = journal_dir(home) / ".000002.rec.abc.tmp"
    leftover.write_bytes(b"half")
    assert sweep_temp_files(home) == 1
    assert not leftover.exists()
    assert [p.name for p in journal_files(home)] == ["000001.rec"]
    assert verify(read_records(home)).ok
