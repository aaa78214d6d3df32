"""The journal's screens: the list of entries (one line each, or whole sentences for a screen
reader) and one entry in full (its fields, corrections, files and hashes), built from the
views alone, in this computer's local time, with a file's name kept on one line."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from exitplan.journal.screens import list_lines, show_lines
from exitplan.journal.shapes import EntryView, RecordView

HASH = "a" * 64
PREV = "0" * 64


@pytest.fixture(autouse=True)
def an_hour_east(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This computer's clock one hour ahead of UTC, with no summer time (a POSIX zone)."""
    monkeypatch.setenv("TZ", "ZZZ-1")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def record(number: int, kind: str, recorded: str, **more: object) -> RecordView:
    """A record's view as `list_entries` gives it."""
    view: RecordView = {
        "number": number,
        "kind": kind,
        "recorded": recorded,
        "hash": f"{number:x}" * 64,
        "prev": PREV,
    }
    view.update(more)  # type: ignore[typeddict-item]
    return view


def entry(number: int, recorded: str, **more: object) -> EntryView:
    """An entry's view with no corrections and no files."""
    view = EntryView(
        number=number,
        kind="entry",
        recorded=recorded,
        hash=f"{number:x}" * 64,
        prev=PREV,
        amendments=[],
        attachments=[],
    )
    view.update(more)  # type: ignore[typeddict-item]
    return view


def kitchen() -> EntryView:
    """Entry 1: a time with a clock, where, what (two lines); one correction and one file."""
    view = entry(
        1,
        "2026-11-20T21:30:00Z",
        fields={
            "when": {
                "said": "2026-11-20 21:15",
                "date": "2026-11-20",
                "time": "21:15",
                "approximate": False,
            },
            "where": "kitchen",
            "what": "He took the car keys.\n \nHe said I could not leave.",
        },
    )
    view["hash"] = HASH
    view["amendments"] = [
        record(2, "amend", "2026-11-21T08:00:00Z", entry=1, fields={"witnesses": "my sister"})
    ]
    view["attachments"] = [
        record(
            3,
            "attach",
            "2026-11-21T08:05:00Z",
            entry=1,
            file={"name": "photo.jpg", "size": 4_200_000, "sha256": "b" * 64},
        )
    ]
    return view


def test_the_list_has_one_line_per_entry_with_number_time_what_and_what_was_added() -> None:
    """Each entry is one line, in the order given: its number right-aligned, when it happened,
    the start of what happened on one line, and the corrections and files added in brackets."""
    quiet = entry(
        7, "2026-11-29T12:00:00Z", fields={"what": "A message at night", "where": "phone"}
    )
    lines = list_lines([kitchen(), quiet])
    assert lines == [
        f"   1  {'2026-11-20 21:15':<22}  He took the car keys. He said I could not leave."
        "  [1 correction, 1 file]",
        f"   7  {'written 29 Nov 2026':<22}  A message at night",
    ]


def test_an_empty_journal_has_no_lines() -> None:
    """No entries, no lines (the face says the journal is empty), plain or not."""
    assert list_lines([]) == []
    assert list_lines([], plain=True) == []


def test_the_plain_list_speaks_whole_sentences_and_cuts_nothing() -> None:
    """For a screen reader: `Entry n, when: what (added)`, no columns, and a long account is
    never cut with an ellipsis."""
    long = "word " * 30
    lines = list_lines(
        [kitchen(), entry(2, "2026-11-29T12:00:00Z", fields={"what": long})], plain=True
    )
    assert lines[0] == (
        "Entry 1, 2026-11-20 21:15: He took the car keys. He said I could not leave."
        " (1 correction, 1 file)"
    )
    assert lines[1] == f"Entry 2, written 29 Nov 2026: {long.strip()}"
    assert "…" not in "".join(lines)
    cut = list_lines([entry(2, "2026-11-29T12:00:00Z", fields={"what": long})])[0]
    assert cut == f"   2  {'written 29 Nov 2026':<22}  {'word ' * 11}word…"  # 60 characters


def test_a_corrected_time_shows_both_the_new_and_the_first_words() -> None:
    """A correction that changes when it happened is listed with the new time and the words it
    was first written in, so a change is never hidden."""
    view = kitchen()
    new_when = {"said": "2026-11-19", "date": "2026-11-19", "time": None, "approximate": False}
    view["amendments"] = [record(2, "amend", "2026-11-21T08:00:00Z", fields={"when": new_when})]
    assert list_lines([view])[0].startswith(
        "   1  2026-11-19 (corrected; first written as 2026-11-20 21:15)  He took"
    )


def test_one_entry_in_full_shows_fields_corrections_files_and_hashes() -> None:
    """Written time in local time, each field under its short label (later lines of a field
    indented, a line of blanks left empty), each correction numbered within the entry with its
    record number, each file with its size and SHA-256, and the hash and previous hash."""
    assert show_lines(kitchen()) == [
        "Entry 1, written 20 Nov 2026, 22:30",
        "When: 2026-11-20 21:15",
        "Where: kitchen",
        "What happened: He took the car keys.",
        "",
        "    He said I could not leave.",
        "",
        "Correction 1 (record 2), written 21 Nov 2026, 09:00",
        "Witnesses: my sister",
        "",
        f"File 3: photo.jpg, 4.2 MB, SHA-256 {'b' * 64}",
        "",
        f"hash {HASH}",
        f"previous {PREV}",
    ]


def test_the_plain_entry_names_its_files_without_hashes() -> None:
    """For a screen reader no hash is read out character by character: the file has its name and
    size as a sentence, and the closing line says where the hashes are."""
    lines = show_lines(kitchen(), plain=True)
    assert "File 3: photo.jpg, 4.2 MB." in lines
    assert lines[-1] == "Its hashes are in 'exitplan log show 1 --json' and in every export."
    assert not any(HASH in line or "b" * 64 in line or PREV in line for line in lines)


def test_an_approximate_or_relative_time_says_so() -> None:
    """A time said to be approximate is marked `(approximate)`; words that do not show the day
    ("yesterday 9pm") are followed by the day and time they were read as."""
    view = entry(
        4,
        "2026-11-30T10:00:00Z",
        fields={
            "when": {
                "said": "about 2026-11",
                "date": "2026-11",
                "time": None,
                "approximate": True,
            }
        },
    )
    assert show_lines(view)[1] == "When: about 2026-11 (approximate)"
    view["fields"] = {
        "when": {
            "said": "yesterday 9pm",
            "date": "2026-11-29",
            "time": "21:00",
            "approximate": False,
        }
    }
    assert show_lines(view)[1] == "When: yesterday 9pm (29 Nov 2026, 21:00)"


def test_a_file_name_stays_on_one_line_whatever_it_holds() -> None:
    """A file's name with a new line, an escape code or a direction override cannot fake a line
    of output: each such character is shown as U+FFFD, in both the plain and the hashed view."""
    view = kitchen()
    view["attachments"][0]["file"]["name"] = "a\nFile 9: fake\x1b[31m\u202e.jpg"
    for plain in (False, True):
        line = next(text for text in show_lines(view, plain=plain) if text.startswith("File 3"))
        assert not set(line) & {"\n", "\x1b", "\u202e"}
        assert line.startswith("File 3: a\ufffdFile 9: fake\ufffd[31m\ufffd.jpg, 4.2 MB")


def test_a_size_that_is_not_a_number_is_shown_as_it_was() -> None:
    """A file's size under a thousand is in bytes; a size that is not a whole number (a record
    made by hand) is shown as it is rather than failing."""
    view = kitchen()
    view["attachments"][0]["file"]["size"] = 812
    assert "File 3: photo.jpg, 812 bytes." in show_lines(view, plain=True)
    view["attachments"][0]["file"]["size"] = "big"  # type: ignore[typeddict-item]
    assert "File 3: photo.jpg, big." in show_lines(view, plain=True)
