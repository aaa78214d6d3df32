"""Tests for the evidence journal core: entries, the hash chain, verify, fingerprints, sealing."""

from __future__ import annotations

import itertools
import json
import os
import stat
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from helpers import REPO, TESTS
from helpers_journal_crash import fixed_sealing
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exitplan.journal import records as journal
from exitplan.journal.entry import (
    MAX_FIELD_CHARS,
    JournalError,
    parse_entry_toml,
    read_moment,
    validate_fields,
)
from exitplan.journal.records import (
    GENESIS,
    add,
    amend,
    canonical_bytes,
    fingerprint,
    glance,
    journal_dir,
    list_entries,
    parse_fingerprint,
    read_records,
    record_path,
    show_entry,
    verify,
)
from exitplan.journal.shapes import Fields

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
HELPER = TESTS / "helpers_journal_crash.py"
SECRET = "he said he would take the car keys"  # noqa: S105 - entry text, not a password


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A fresh, not yet created data home."""
    return tmp_path / "home"


def entry(**fields: str) -> Fields:
    """Validated fields for an entry."""
    return validate_fields(fields, NOW)


def three(home: Path) -> None:
    """Three entries written out of the order they happened, one correction."""
    add(home, entry(when="2026-11-20 21:15", what="first written"), NOW)
    add(home, entry(when="about 2026-11-02", what="second written"), NOW)
    add(home, entry(what="third written, no date"), NOW)
    amend(home, 1, entry(where="kitchen"), NOW)


# -- entries -----------------------------------------------------------------------------


def test_toml_entry_keeps_every_field_and_adds_nothing() -> None:
    """A TOML entry gives back exactly its non-empty fields, `when` parsed and kept as said."""
    text = 'when = "about 2026-11-03"\nwhat = "shouting"\nwords = """line one\nline two"""\n'
    text += 'where = ""\n'
    fields = parse_entry_toml(text, NOW)
    assert fields == {
        "when": {
            "said": "about 2026-11-03",
            "date": "2026-11-03",
            "time": None,
            "approximate": True,
        },
        "what": "shouting",
        "words": "line one\nline two",
    }


@pytest.mark.parametrize(
    ("said", "day", "clock", "approximate"),
    [
        ("2026-11-30", "2026-11-30", None, False),
        ("2026-11-30 21:15", "2026-11-30", "21:15", False),
        ("2026-11-30T07:05:09", "2026-11-30", "07:05:09", False),
        ("About 2026-10", "2026-10", None, True),
        ("around 2026-09-01 8:30", "2026-09-01", "08:30", True),
    ],
)
def test_when_forms(said: str, day: str, clock: str | None, approximate: bool) -> None:
    """Dates, dates with times, and approximate dates or months are understood."""
    when = read_moment(said, NOW)
    assert when == {"said": said, "date": day, "time": clock, "approximate": approximate}


def test_when_from_a_toml_date_value() -> None:
    """A bare TOML date or date-time works like the same text."""
    fields = parse_entry_toml("when = 2026-11-29T22:10:00\nwhat = 'x'", NOW)
    assert fields["when"]["date"] == "2026-11-29"
    assert fields["when"]["time"] == "22:10"


@pytest.mark.parametrize("said", ["the other day", "2026-13-01", "2026-11-30 25:00", "2027-05-01"])
def test_when_refused(said: str) -> None:
    """Unreadable, impossible or future times are refused with a plain message."""
    with pytest.raises(JournalError, match=r"'when'|not a time|future"):
        validate_fields({"when": said, "what": "x"}, NOW)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('what = "x"\nmood = "y"\n', "unknown key 'mood'"),
        ('what = "unclosed\n', "not valid TOML"),
        ("what = 3\n", "must be text"),
        ('what = "a\\u0007b"\n', "control character"),
        ('words = "\\u001b[2Jcleared"\n', "control character"),
        ('where = "  "\n', "empty"),
        ("[what]\nx = 1\n", "not a table"),
    ],
)
def test_bad_entries(home: Path, text: str, message: str) -> None:
    """Bad TOML, unknown keys, control characters: one plain message and nothing written."""
    with pytest.raises(JournalError, match=message):
        add(home, parse_entry_toml(text, NOW), NOW)
    assert not home.exists()


def test_field_length_is_capped() -> None:
    """A field longer than the cap is refused; one exactly at the cap is kept."""
    assert validate_fields({"what": "a" * MAX_FIELD_CHARS}, NOW)["what"] == "a" * MAX_FIELD_CHARS
    with pytest.raises(JournalError, match="longer than"):
        validate_fields({"what": "a" * (MAX_FIELD_CHARS + 1)}, NOW)


def test_entry_length_is_capped() -> None:
    """An entry whose fields together pass the entry cap is refused, even if each fits."""
    fields = dict.fromkeys(
        ["what", "words", "where", "witnesses", "injuries", "effect"], "a" * 19_000
    )
    with pytest.raises(JournalError, match="in all"):
        validate_fields(fields, NOW)


def test_recorded_time_comes_from_now_in_utc(home: Path) -> None:
    """The recorded time is the `now` given, written in UTC, never the real clock."""
    from datetime import timedelta, timezone

    local = datetime(2026, 11, 30, 23, 30, tzinfo=timezone(timedelta(hours=2)))
    add(home, entry(what="x"), local)
    assert read_records(home)[0]["recorded"] == "2026-11-30T21:30:00Z"


def test_add_revalidates_raw_fields(home: Path) -> None:
    """`add` given raw text checks it too, so nothing unchecked reaches the chain."""
    with pytest.raises(JournalError, match="unknown key"):
        add(home, {"mood": "x"}, NOW)
    with pytest.raises(JournalError, match="control character"):
        add(home, {"what": "a\x00b"}, NOW)
    assert not journal_dir(home).exists()


# -- the chain ---------------------------------------------------------------------------


def test_records_are_chained_with_canonical_bytes(home: Path) -> None:
    """Each record holds the SHA-256 of the previous record's canonical bytes; genesis is zeros."""
    import hashlib

    three(home)
    records = read_records(home)
    assert [r["n"] for r in records] == [1, 2, 3, 4]
    assert records[0]["prev"] == GENESIS
    for before, after in itertools.pairwise(records):
        body = {k: v for k, v in before.items() if k != "hash"}
        expected = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        assert canonical_bytes(before) == expected.encode()
        assert after["prev"] == hashlib.sha256(expected.encode()).hexdigest() == before["hash"]
    assert verify(records).message == "3 entries, chain intact"


def test_storage_is_private_and_neutral(home: Path) -> None:
    """The journal folder is 0700, each record 0600, named by a number only."""
    add(home, entry(what=SECRET), NOW)
    folder = journal_dir(home)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    names = [p.name for p in folder.iterdir()]
    assert names == ["000001.rec"]
    assert stat.S_IMODE((folder / "000001.rec").stat().st_mode) == 0o600


def test_list_in_the_order_things_happened(home: Path) -> None:
    """Entries come back by when they happened, then by number, with their corrections."""
    three(home)
    views = list_entries(read_records(home))
    assert [v["number"] for v in views] == [2, 1, 3]
    happened = ["2026-11-02", "2026-11-20 21:15", "2026-11-30 12:00:00"]
    assert [v["happened"] for v in views] == happened
    first = views[1]
    assert first["amendments"][0]["fields"] == {"where": "kitchen"}
    assert first["amendments"][0]["entry"] == 1
    assert set(first) >= {"number", "recorded", "hash", "prev", "fields", "attachments"}
    json.dumps(views)  # JSON-ready
    assert show_entry(read_records(home), 1) == first


def test_amend_never_changes_the_original(home: Path) -> None:
    """A correction is a new record; the entry's file keeps its bytes."""
    add(home, entry(what="as first written"), NOW)
    before = record_path(home, 1).read_bytes()
    number = amend(home, 1, entry(what="a correction"), NOW)
    assert number == 2
    assert record_path(home, 1).read_bytes() == before


def test_show_and_amend_of_missing_entries(home: Path) -> None:
    """Showing or amending a number that is not an entry is a plain error and writes nothing."""
    three(home)
    records = read_records(home)
    with pytest.raises(JournalError, match="no entry 9"):
        show_entry(records, 9)
    with pytest.raises(JournalError, match="not an entry"):
        amend(home, 4, entry(what="x"), NOW)
    assert len(read_records(home)) == 4


def test_status_glance(home: Path) -> None:
    """What status tells of the journal: how many records, and the day the last was written."""
    assert glance(home) is None
    three(home)
    later = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
    add(home, entry(what="x"), later)
    count, last = glance(home) or (0, None)
    assert (count, str(last)) == (len(read_records(home)), "2026-12-01")  # every record counts


# -- tampering ---------------------------------------------------------------------------


def test_changed_byte_is_found(home: Path) -> None:
    """One changed byte in a record's text names that record as changed."""
    three(home)
    path = record_path(home, 2)
    path.write_bytes(path.read_bytes().replace(b"second", b"secund"))
    result = verify(read_records(home))
    assert (result.ok, result.problem, result.first_bad) == (False, "changed", 2)
    assert result.message == "record 2 was changed; record 1 before it is intact"


def test_changed_and_rehashed_record_is_found(home: Path) -> None:
    """An edit with a recomputed own hash still breaks the next record's link."""
    three(home)
    path = record_path(home, 2)
    record = json.loads(path.read_bytes())
    record["fields"]["what"] = "rewritten"
    record["hash"] = journal.record_hash(record)
    path.write_bytes(json.dumps(record).encode())
    result = verify(read_records(home))
    assert (result.problem, result.first_bad) == ("changed", 2)


def test_unreadable_record_is_found(home: Path) -> None:
    """A record that is no longer JSON is named as changed."""
    three(home)
    record_path(home, 3).write_bytes(b"\xff garbage")
    assert (verify(read_records(home)).problem, verify(read_records(home)).first_bad) == (
        "changed",
        3,
    )


def test_removed_record_is_found(home: Path) -> None:
    """A record taken out of the middle is named as removed."""
    three(home)
    record_path(home, 2).unlink()
    result = verify(read_records(home))
    assert (result.problem, result.first_bad) == ("removed", 2)
    assert result.fingerprint == fingerprint(read_records(home)[:1])


def test_swapped_records_are_found(home: Path) -> None:
    """Two records swapped are named as reordered."""
    three(home)
    a, b = record_path(home, 2), record_path(home, 3)
    data_a, data_b = a.read_bytes(), b.read_bytes()
    a.write_bytes(data_b)
    b.write_bytes(data_a)
    result = verify(read_records(home))
    assert (result.problem, result.first_bad) == ("reordered", 2)
    assert result.message.startswith("records were moved: record 2 is out of place")


def test_truncated_tail_is_caught_against_a_fingerprint(home: Path) -> None:
    """Removing the last records passes the chain alone but fails against an older fingerprint."""
    three(home)
    noted = fingerprint(read_records(home))
    record_path(home, 4).unlink()
    record_path(home, 3).unlink()
    records = read_records(home)
    assert verify(records).ok
    result = verify(records, against=noted)
    assert (result.ok, result.problem, result.first_bad) == (False, "truncated", 3)
    assert result.message == (
        "the journal has 2 records, fewer than the 4 fingerprinted; record 3 onwards is missing"
    )


def test_rewritten_chain_is_caught_against_a_fingerprint(tmp_path: Path) -> None:
    """A whole chain rebuilt with other words verifies alone, but not against the fingerprint."""
    real, forged = tmp_path / "real", tmp_path / "forged"
    add(real, entry(what="what happened"), NOW)
    add(real, entry(what="and again"), NOW)
    noted = fingerprint(read_records(real))
    add(forged, entry(what="nothing happened"), NOW)
    add(forged, entry(what="and again"), NOW)
    add(forged, entry(what="more"), NOW)
    assert verify(read_records(forged)).ok
    result = verify(read_records(forged), against=noted)
    assert (result.ok, result.problem) == (False, "rewritten")
    assert result.message == (
        "the journal no longer extends the fingerprint you gave: records 1 to 2 were changed, "
        "removed or written anew since it was noted"
    )


def test_journal_that_grew_still_extends_its_fingerprint(home: Path) -> None:
    """Entries added after the fingerprint was noted do not break the check."""
    three(home)
    noted = fingerprint(read_records(home))
    add(home, entry(what="later"), NOW)
    result = verify(read_records(home), against=noted)
    assert result.ok
    assert "extends the fingerprint" in result.message


def test_fingerprint_form_and_parsing(home: Path) -> None:
    """count:XXXX-XXXX-XXXX-XXXX-XXXX (19 hash characters and a check character), read back
    leniently as written on paper: case, spaces, dashes, and 0 1 8 for O I B."""
    from exitplan.journal.chain import check_char

    three(home)
    print_ = fingerprint(read_records(home))
    count, chars = print_.split(":")
    assert count == "4"
    assert [len(group) for group in chars.split("-")] == [4, 4, 4, 4, 4]
    flat = chars.replace("-", "")
    assert parse_fingerprint(print_.lower().replace("-", " ")) == (4, flat[:19])
    body = "OIBAAAAAAAAAAAAAAAA"
    whole = f"3:{body}{check_char(3, body)}"
    assert parse_fingerprint(whole) == parse_fingerprint(whole.replace("OIB", "01b"))
    for bad in ["", "ABCD-EFGH", "four:ABCD-EFGH", "4:ABCD-EFGH-IJKL-MNOP-QRS!"]:
        with pytest.raises(JournalError, match="not a journal fingerprint"):
            parse_fingerprint(bad)


def test_only_a_whole_fingerprint_is_compared(home: Path) -> None:
    """A fingerprint cut short is refused, saying how many of its characters were given."""
    three(home)
    print_ = fingerprint(read_records(home))
    for cut in (print_[:6], print_[:11], print_[:-1]):
        with pytest.raises(JournalError, match="of the 20 characters") as caught:
            parse_fingerprint(cut)
        assert "give the whole fingerprint" in str(caught.value)


def test_a_copying_mistake_is_told_apart_from_a_changed_journal(home: Path) -> None:
    """Any one character copied wrong, in the count or the hash, or two neighbours swapped, is
    caught by the check character: a FingerprintTypo, never "rewritten"."""
    from exitplan.journal.chain import FingerprintTypo

    three(home)
    print_ = fingerprint(read_records(home))
    count, chars = print_.split(":")
    flat = chars.replace("-", "")
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
    typos = [f"{int(count) + 1}:{flat}", f"{int(count) + 5}:{flat}"]
    for at in range(20):
        for other in alphabet:
            if other != flat[at]:
                typos.append(f"{count}:{flat[:at]}{other}{flat[at + 1 :]}")
    caught = 0
    for typo in typos:
        with pytest.raises(FingerprintTypo, match="copied"):
            parse_fingerprint(typo)
        caught += 1
    swaps = [f"{count}:{flat[:i]}{flat[i + 1]}{flat[i]}{flat[i + 2 :]}" for i in range(19)]
    swaps = [s for s in swaps if s != f"{count}:{flat}"]
    missed = 0
    for swap in swaps:
        try:
            parse_fingerprint(swap)
            missed += 1
        except FingerprintTypo:
            pass
    assert caught == len(typos) == 2 + 20 * 31
    assert missed <= 1  # Luhn mod 32 misses only the swap of A (0) and 7 (31)


def test_empty_journal_verifies() -> None:
    """No records: nothing to break, zero entries."""
    result = verify([])
    assert (result.ok, result.entries, result.head) == (True, 0, GENESIS)


# -- sealing -----------------------------------------------------------------------------


def plain_on_disk(home: Path, text: bytes) -> list[str]:
    """Every file under home whose bytes hold text."""
    return [str(p) for p in home.rglob("*") if p.is_file() and text in p.read_bytes()]


def test_a_sealed_journal_leaves_no_plain_text(home: Path, tmp_path: Path) -> None:
    """With a sealing, no entry text, correction or attachment content is on disk in plain."""
    from exitplan.base.limits import SEALED_MARK

    sealing = fixed_sealing()
    original = tmp_path / "photo.txt"
    original.write_bytes(b"PHOTO-BYTES " * 50)
    add(home, entry(what=SECRET), NOW, sealing)
    amend(home, 1, entry(words=SECRET), NOW, sealing)
    from exitplan.journal.attachments import attach

    attach(home, 1, original, NOW, sealing)
    assert plain_on_disk(home, SECRET.encode()) == []
    assert plain_on_disk(home, b"PHOTO-BYTES") == []
    assert plain_on_disk(home, b"photo.txt") == []
    assert all(p.read_bytes().startswith(SEALED_MARK) for p in journal_dir(home).glob("*.rec"))
    records = read_records(home, sealing)
    assert verify(records).message == "1 entry, chain intact"
    assert records[0]["fields"]["what"] == SECRET


def test_sealed_journal_needs_the_key(home: Path) -> None:
    """Read without the key, a sealed journal is a plain error, not garbage; with another key,
    every record is damaged."""
    add(home, entry(what=SECRET), NOW, fixed_sealing())
    assert plain_on_disk(home, SECRET.encode()) == []
    assert read_records(home, fixed_sealing())[0]["fields"]["what"] == SECRET
    with pytest.raises(JournalError, match="encrypted"):
        read_records(home)
    wrong = verify(read_records(home, fixed_sealing(b"x")))
    assert (wrong.ok, wrong.problem, wrong.first_bad) == (False, "changed", 1)


def _plain_copy_of(home: Path, n: int, words: str) -> bytes:
    """The plain bytes of record n of a plain journal holding entries 'one', ... and `words`."""
    plain = home.parent / f"plain-{words[:5]}"
    for i in range(1, n):
        add(plain, entry(what=f"entry {i}"), NOW)
    add(plain, entry(what=words), NOW)
    return record_path(plain, n).read_bytes()


def test_a_plain_record_in_a_sealed_journal_is_never_read_as_yours(home: Path) -> None:
    """A plain record chained onto the last sealed hash (the forgery of the review) is damaged,
    never listed, and verify names it; a sealed journal replaced by a plain chain reads as all
    damaged. Only a stopped encrypt or decrypt (plain records in front of sealed ones) is read."""
    from exitplan.journal.records import file_bytes, read_journal, record_hash

    sealing = fixed_sealing()
    add(home, entry(what="one"), NOW, sealing)
    add(home, entry(what="two"), NOW, sealing)
    last = read_records(home, sealing)[-1]
    forged = {"v": 1, "n": 3, "kind": "entry", "recorded": "2026-11-30T12:00:00Z"}
    forged |= {"prev": record_hash(last), "fields": {"what": "I invented all of the above"}}
    forged["hash"] = record_hash(forged)
    record_path(home, 3).write_bytes(file_bytes(forged))
    journal = read_journal(home, sealing)
    assert journal.plain == [3]
    assert "damaged" in journal.records[2]
    assert [v["fields"]["what"] for v in list_entries(journal.records)] == ["one", "two"]
    assert (verify(journal.records).ok, verify(journal.records).first_bad) == (False, 3)
    # The same record in a plain journal would have chained on: the forgery was well made.
    assert verify([*journal.records[:2], forged]).ok
    # Even while an encrypt is unfinished, a plain record AFTER a sealed one is not read.
    stopped = read_journal(home, fixed_sealing(stopped=True))
    assert "damaged" in stopped.records[2]
    # Every sealed record replaced by a plain chain: nothing of it is read as the person's.
    for n in (1, 2):
        record_path(home, n).write_bytes(_plain_copy_of(home, n, f"forged {n}"))
    assert all("damaged" in r for r in read_records(home, sealing))


def test_a_stopped_encrypt_reads_plain_records_in_front_of_sealed_ones(home: Path) -> None:
    """Encrypt seals from the last record back: plain records in front of sealed ones are read
    while the encrypt is unfinished, and the first sealed record's prev vouches for them: a
    plain record changed in front of it breaks the chain."""
    from exitplan.journal.records import file_bytes, read_journal

    sealing = fixed_sealing()
    for word in ("one", "two", "three"):
        add(home, entry(what=word), NOW)
    records = read_records(home)
    record_path(home, 3).write_bytes(sealing.seal(file_bytes(records[2])))
    stopped = read_journal(home, fixed_sealing(stopped=True))
    assert stopped.plain == [1, 2]
    assert verify(stopped.records).ok
    assert "damaged" in read_journal(home, sealing).records[0]  # once the plan is sealed
    changed = dict(records[1], fields={"what": "changed words"})
    record_path(home, 2).write_bytes(file_bytes(changed))
    result = verify(read_journal(home, fixed_sealing(stopped=True)).records)
    assert (result.ok, result.first_bad) == (False, 2)


# -- crashes -----------------------------------------------------------------------------


def run_until_killed(home: Path, delay: float, *extra: str) -> int:
    """Start the appending child, kill it after delay seconds; return the last count it acked."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    child = subprocess.Popen(
        [sys.executable, str(HELPER), str(home), *extra], stdout=subprocess.PIPE, env=env
    )
    assert child.stdout is not None
    ready = child.stdout.readline().split()
    assert ready[0] == b"READY"
    time.sleep(delay)
    child.kill()
    out, _ = child.communicate()
    acks = [int(line.split()[1]) for line in out.splitlines() if line.startswith(b"ACK")]
    return acks[-1] if acks else int(ready[1])


@pytest.mark.process
@pytest.mark.parametrize("mode", [(), ("sealed",)])
def test_kills_during_add_leave_a_journal_that_verifies(home: Path, mode: tuple[str, ...]) -> None:
    """A process killed at random moments while adding always leaves an intact chain that
    holds every acknowledged entry."""
    import random

    sealing = fixed_sealing() if mode else None
    rng = random.Random(14)
    for _ in range(6):
        acked = run_until_killed(home, rng.uniform(0.0, 0.25), *mode)
        records = read_records(home, sealing)
        result = verify(records)
        assert result.ok, result.message
        assert len(records) >= acked
    assert len(read_records(home, sealing)) > 0


@pytest.mark.process
def test_control_naive_writer_is_torn_by_kills(home: Path) -> None:
    """The kill test can fail: with a naive in-place writer, kills leave a broken journal."""
    import random

    rng = random.Random(7)
    broken = 0
    for _ in range(10):
        run_until_killed(home, rng.uniform(0.05, 0.25), "naive")
        if not verify(read_records(home)).ok:
            broken += 1
            break
    assert broken, "the naive writer was never torn: the kill test would prove nothing"


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_any_changed_byte_is_found(tmp_path_factory: pytest.TempPathFactory, data: Any) -> None:
    """Changing any one byte of any record file makes verify fail at or before that record."""
    home = tmp_path_factory.mktemp("prop") / "home"
    add(home, entry(when="about 2026-11-02", what="first", words="ç'est «ça»\nsecond line"), NOW)
    add(home, entry(what="second"), NOW)
    amend(home, 1, entry(where="hall"), NOW)
    n = data.draw(st.integers(1, 3))
    path = record_path(home, n)
    blob = bytearray(path.read_bytes())
    at = data.draw(st.integers(0, len(blob) - 1))
    new = data.draw(st.integers(0, 255).filter(lambda b: b != blob[at]))
    blob[at] = new
    path.write_bytes(bytes(blob))
    result = verify(read_records(home))
    assert not result.ok
    assert result.first_bad is not None
    assert result.first_bad <= n


def test_the_example_fingerprint_is_a_real_one() -> None:
    """The fingerprint the messages and the README show as an example passes its own check."""
    from exitplan.journal.chain import EXAMPLE

    assert parse_fingerprint(EXAMPLE) == (12, "ABCDEFGHIJKLMNOPQRS")


# -- the verdict, on records made in memory (pure: exitplan.journal.chain) -----------------


def chained(*kinds: str) -> list[dict[str, Any]]:
    """Well-formed records of these kinds, chained and hashed as the journal writes them."""
    from exitplan.journal import chain

    records: list[dict[str, Any]] = []
    prev = chain.GENESIS
    for n, kind in enumerate(kinds, start=1):
        record: dict[str, Any] = {"v": chain.FORMAT, "n": n, "kind": kind, "prev": prev}
        if kind == "attach":
            record["file"] = {"name": f"photo-{n}.jpg"}
        else:
            record["fields"] = {"what": f"thing {n}"}
        record["hash"] = chain.record_hash(record)
        prev = record["hash"]
        records.append(record)
    return records


def rehashed(record: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """The record with `changes`, its own hash made to fit again (a careful forger's edit)."""
    from exitplan.journal import chain

    changed = {**record, **changes}
    changed["hash"] = chain.record_hash(changed)
    return changed


def test_canonical_bytes_are_sorted_compact_utf8_and_leave_out_the_hash() -> None:
    """The hashed bytes: keys sorted, no spaces, letters as UTF-8 (not \\u escapes), no hash."""
    from exitplan.journal.chain import canonical_bytes

    record = {"z": 1, "a": {"y": "é", "b": [1, 2]}, "hash": "ignored"}
    assert canonical_bytes(record) == '{"a":{"b":[1,2],"y":"é"},"z":1}'.encode()


def test_an_intact_chain_gives_every_figure() -> None:
    """Intact: entries counted by kind, records, the head's hash and fingerprint, the message."""
    from exitplan.journal import chain

    records = chained("entry", "attach", "amend", "entry")
    result = chain.verify(records)
    assert result.as_dict() == {
        "ok": True,
        "entries": 2,
        "records": 4,
        "head": records[-1]["hash"],
        "fingerprint": chain.format_fingerprint(4, records[-1]["hash"]),
        "problem": None,
        "first_bad": None,
        "message": "2 entries, chain intact",
    }
    assert chain.fingerprint(records) == result.fingerprint


@pytest.mark.parametrize(
    ("changes", "why"),
    [
        ({"v": 2}, "a format exitplan never wrote"),
        ({"v": None}, "no format"),
        ({"kind": "note"}, "an unknown kind"),
        ({"fields": ["what"]}, "fields that are not a table"),
        ({"fields": {"what": "x", "mood": "bad"}}, "a field exitplan never writes"),
        ({"n": True}, "a number that is a truth value"),
        ({"n": "2"}, "a number written as text"),
        ({"damaged": True}, "a record read as damaged"),
    ],
)
def test_a_record_rehashed_to_fit_is_still_caught_when_it_is_not_well_formed(
    changes: dict[str, Any], why: str
) -> None:
    """A record with a valid hash but a shape exitplan never writes reads as changed, there."""
    from exitplan.journal import chain

    records = chained("entry", "entry", "entry")
    records[1] = rehashed(records[1], **changes)
    if "n" not in changes:  # the next record points at the forged one, as a forger would make it
        records[2] = rehashed(records[2], prev=records[1]["hash"])
    result = chain.verify(records)
    assert (result.ok, result.problem, result.first_bad) == (False, "changed", 2), why


@pytest.mark.parametrize("claimed", [["a", "list"], {"a": "table"}, 7, None])
def test_a_record_claiming_a_hash_that_is_not_text_reads_as_changed(claimed: Any) -> None:
    """A hash that is a list, a table, a number or missing: that record was changed (never a
    crash, and never taken for a link another record may point at)."""
    from exitplan.journal import chain

    records = chained("entry", "entry", "entry")
    records[1] = {**records[1], "hash": claimed}
    result = chain.verify(records)
    assert (result.problem, result.first_bad) == ("changed", 2)
    records[2] = rehashed(records[2], prev=claimed)
    assert chain.verify(records).first_bad == 2


@pytest.mark.parametrize("link", [["a", "list"], {"a": "table"}, 7, None])
def test_a_link_that_is_not_text_reads_as_a_change_not_a_crash(link: Any) -> None:
    """A record rehashed with a link that is a list, a table, a number or nothing: the chain
    breaks there, in words (a planted record must never end `log verify` in a traceback)."""
    from exitplan.journal import chain

    records = chained("entry", "entry", "entry")
    records[1] = rehashed(records[1], prev=link)
    result = chain.verify(records)
    assert (result.ok, result.problem, result.first_bad) == (False, "changed", 1)


def test_an_attachment_record_needs_its_file_table() -> None:
    """An attach record without a file table is changed; one with it is intact."""
    from exitplan.journal import chain

    assert chain.verify(chained("entry", "attach")).ok
    records = chained("entry", "attach")
    records[1] = rehashed(records[1], file="photo.jpg")
    assert (chain.verify(records).problem, chain.verify(records).first_bad) == ("changed", 2)


@pytest.mark.parametrize(
    ("first", "message", "entries"),
    [
        (1, "record 1 was changed", 0),
        (2, "record 2 was changed; record 1 before it is intact", 1),
        (3, "record 3 was changed; records 1 to 2 before it are intact", 1),
        (4, "record 4 was changed; records 1 to 3 before it are intact", 2),
    ],
)
def test_a_break_gives_the_intact_part_before_it(first: int, message: str, entries: int) -> None:
    """When the chain breaks: the message, and the count, head and fingerprint of the records
    before the break (what can still be trusted), beside the whole journal's record count."""
    from exitplan.journal import chain

    records = chained("entry", "attach", "entry", "entry", "entry")
    records[first - 1] = {**records[first - 1], "fields": {"what": "edited"}}
    result = chain.verify(records)
    head = records[first - 2]["hash"] if first >= 2 else chain.GENESIS
    assert result.as_dict() == {
        "ok": False,
        "entries": entries,
        "records": 5,
        "head": head,
        "fingerprint": chain.format_fingerprint(first - 1, head),
        "problem": "changed",
        "first_bad": first,
        "message": message,
    }


def test_a_record_edited_and_rehashed_is_named_not_the_one_after_it() -> None:
    """Rehashing an edited record breaks the link from the next: the edited one is named."""
    from exitplan.journal import chain

    records = chained("entry", "entry", "entry")
    records[1] = rehashed(records[1], fields={"what": "edited"})
    result = chain.verify(records)
    assert (result.problem, result.first_bad) == ("changed", 2)
    assert result.message == "record 2 was changed; record 1 before it is intact"


def test_removed_and_moved_records_are_told_apart() -> None:
    """A gap in the numbers is a removal; a record found further down is a move; a record
    copied back from earlier is a move too."""
    from exitplan.journal import chain

    records = chained("entry", "entry", "entry", "entry")
    removed = chain.verify([records[0], records[2], records[3]])
    assert (removed.problem, removed.first_bad) == ("removed", 2)
    assert removed.message == "record 2 was removed; record 1 before it is intact"
    moved = chain.verify([records[0], records[2], records[1], records[3]])
    assert (moved.problem, moved.first_bad) == ("reordered", 2)
    assert (
        moved.message
        == "records were moved: record 2 is out of place; record 1 before it is intact"
    )
    copied_back = chain.verify([records[0], records[1], records[0]])
    assert (copied_back.problem, copied_back.first_bad) == ("reordered", 3)
    last_gone = chain.verify([records[0], records[1], records[3]])
    assert (last_gone.problem, last_gone.first_bad) == ("removed", 3)


def test_a_link_to_a_later_record_is_a_move_and_a_blank_link_is_a_change() -> None:
    """A record whose link names a record further down was moved; a link that is blank (or
    names no record) is a change, even when a later record has lost its own hash."""
    from exitplan.journal import chain

    records = chained("entry", "entry", "entry")
    relinked = rehashed(records[1], prev=records[2]["hash"])
    moved = chain.verify([records[0], relinked, records[2]])
    assert (moved.problem, moved.first_bad) == ("reordered", 2)
    for blank in ("", "XXXX"):
        hashless = {k: v for k, v in records[2].items() if k != "hash"}
        hashless["hash"] = 7 if blank else None
        broken = [records[0], rehashed(records[1], prev=blank), hashless]
        result = chain.verify(broken)
        assert (result.problem, result.first_bad) == ("changed", 1), blank


def test_against_a_fingerprint_of_more_records_than_there_are() -> None:
    """Records cut off the end: "truncated", from the first missing one, with every figure."""
    from exitplan.journal import chain

    records = chained("entry", "entry", "attach", "entry")
    noted = chain.fingerprint(records)
    result = chain.verify(records[:2], against=noted)
    assert result.as_dict() == {
        "ok": False,
        "entries": 2,
        "records": 2,
        "head": records[1]["hash"],
        "fingerprint": chain.format_fingerprint(2, records[1]["hash"]),
        "problem": "truncated",
        "first_bad": 3,
        "message": "the journal has 2 records, fewer than the 4 fingerprinted; "
        "record 3 onwards is missing",
    }


@pytest.mark.parametrize("count", [0, 1, 3])
def test_against_a_fingerprint_the_journal_no_longer_extends(count: int) -> None:
    """Records rewritten since a fingerprint was noted: "rewritten", from record 1."""
    from exitplan.journal import chain

    old = chained("entry", "entry", "entry")
    noted = chain.format_fingerprint(count, "ab" * 32)  # a head this journal never had
    result = chain.verify(old, against=noted)
    assert result.as_dict() == {
        "ok": False,
        "entries": 3,
        "records": 3,
        "head": old[-1]["hash"],
        "fingerprint": chain.format_fingerprint(3, old[-1]["hash"]),
        "problem": "rewritten",
        "first_bad": count or 1,
        "message": f"the journal no longer extends the fingerprint you gave: records 1 to {count} "
        "were changed, removed or written anew since it was noted",
    }


@pytest.mark.parametrize("count", [0, 2, 4])
def test_against_a_fingerprint_the_journal_still_extends(count: int) -> None:
    """A journal that grew past a fingerprint (even the empty journal's) still extends it."""
    from exitplan.journal import chain

    records = chained("entry", "attach", "entry", "entry")
    then = records[count - 1]["hash"] if count else chain.GENESIS
    result = chain.verify(records, against=chain.format_fingerprint(count, then))
    assert (result.ok, result.records, result.head) == (True, 4, records[-1]["hash"])
    assert result.message == (
        "3 entries, chain intact, and it extends the fingerprint "
        f"{chain.format_fingerprint(count, then)}"
    )


def test_the_empty_journal_has_the_genesis_fingerprint() -> None:
    """No records: the fingerprint is the count 0 and the genesis hash."""
    from exitplan.journal import chain

    assert chain.fingerprint([]) == chain.format_fingerprint(0, chain.GENESIS)
    assert chain.verify([]).message == "0 entries, chain intact"


@pytest.mark.parametrize(
    "text", ["4:ABCD-EFGH-IJKL-MNOP-QRS9", "4:ABCD-EFGH-IJKL-MNOP-QRS_", "4:", ":ABCD", "x" * 9]
)
def test_a_fingerprint_with_a_letter_base32_lacks_is_refused_in_words(text: str) -> None:
    """A 9 (no base32 letter reads as it) or any other stray character: one plain message
    naming what was given and the example, never a traceback."""
    from exitplan.journal import chain

    with pytest.raises(JournalError) as caught:
        chain.parse_fingerprint(text)
    assert str(caught.value) == (
        f"'{text}' is not a journal fingerprint; a fingerprint looks like {chain.EXAMPLE}"
    )


def test_a_fingerprint_of_the_wrong_length_says_how_many_characters() -> None:
    """A fingerprint cut short: what was given, how many characters of how many, the example."""
    from exitplan.journal import chain

    assert str(_raised(lambda: chain.parse_fingerprint("4:ABCD-EFGH"))) == (
        "'4:ABCD-EFGH' has 8 of the 20 characters a fingerprint has after the colon; give the "
        f"whole fingerprint, as it was written down (like {chain.EXAMPLE})"
    )


def test_a_typo_says_it_was_copied_wrong() -> None:
    """A check character that does not fit: the whole calm message, as a FingerprintTypo."""
    from exitplan.journal import chain

    good = chain.format_fingerprint(4, "cd" * 32)
    bad = good[:-1] + ("A" if good[-1] != "A" else "B")
    caught = _raised(lambda: chain.parse_fingerprint(bad))
    assert isinstance(caught, chain.FingerprintTypo)
    assert str(caught) == (
        "that fingerprint does not match itself: a character was most likely copied wrong, so "
        "the journal was not compared with it. Check it was copied exactly, character by "
        "character, from where you wrote it down"
    )


def test_a_missing_fingerprint_text_is_refused_in_words() -> None:
    """No text at all (None from a caller) reads as empty: the shape message, not a crash."""
    from exitplan.journal import chain

    caught = _raised(lambda: chain.parse_fingerprint(None))  # type: ignore[arg-type]
    assert (
        str(caught)
        == f"'None' is not a journal fingerprint; a fingerprint looks like {chain.EXAMPLE}"
    )


def _raised(call: Any) -> BaseException:
    """The exception `call()` raises (the test fails when it raises none)."""
    try:
        call()
    except JournalError as caught:
        return caught
    raise AssertionError("nothing was raised")
