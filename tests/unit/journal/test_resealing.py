"""Tests for exitplan.journal.resealing: every record and kept copy moved to another key or to
plain text, in an order a stop at any moment cannot confuse, and what cannot be trusted named."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from helpers_journal_crash import fixed_sealing

from exitplan.base.errors import ExitplanError
from exitplan.disk import system
from exitplan.journal.attachments import attach, check_copies, copy_path
from exitplan.journal.entry import validate_fields
from exitplan.journal.records import add, read_journal, read_records, record_path, verify
from exitplan.journal.resealing import Resealed, reseal
from exitplan.journal.sealing import Sealing, is_sealed_record

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
PHOTO = bytes(range(256)) * 40
REAL_REPLACE = system.replace


class Stopped(BaseException):
    """A run stopped between two renames, as a kill would stop it."""


def disk_holds(home: Path, needle: bytes) -> bool:
    """Whether any file under home holds the bytes."""
    return any(needle in p.read_bytes() for p in home.rglob("*") if p.is_file())


def journal_of_three(home: Path, tmp_path: Path, sealing: Sealing | None = None) -> None:
    """Entry 1, a photo attached to it (record 2), entry 3."""
    original = tmp_path / "photo.jpg"
    original.write_bytes(PHOTO)
    add(home, validate_fields({"what": "PRIVATE WORDS"}, NOW), NOW, sealing)
    attach(home, 1, original, NOW, sealing)
    add(home, validate_fields({"what": "three"}, NOW), NOW, sealing)


def sealed_records(home: Path) -> list[int]:
    """The numbers of the record files that are sealed on disk."""
    return [n for n in (1, 2, 3) if is_sealed_record(record_path(home, n).read_bytes())]


def renames(monkeypatch: pytest.MonkeyPatch, stop_after: int | None = None) -> list[str]:
    """The names of the files renamed into place, in order; with `stop_after`, the run is
    stopped right after that many renames."""
    done: list[str] = []

    def replace(tmp: Path, path: Path) -> None:
        if stop_after is not None and len(done) == stop_after:
            raise Stopped
        REAL_REPLACE(tmp, path)
        done.append(path.name)

    monkeypatch.setattr(system, "replace", replace)
    return done


def test_a_journal_not_started_has_nothing_to_reseal(tmp_path: Path) -> None:
    """No journal, or an empty folder: nothing done, nothing left, nothing removed."""
    home = tmp_path / "home"
    key = fixed_sealing()
    assert reseal(home, opener=None, target=key) == Resealed(0, [], [])
    (home / "journal").mkdir(parents=True)
    assert reseal(home, opener=None, target=key) == Resealed(0, [], [])


def test_reseal_moves_between_plain_and_keys(tmp_path: Path) -> None:
    """Encrypting, changing the key and decrypting re-seal every record and copy; the chain and
    the fingerprint stay the same, and running it twice changes nothing more."""
    home = tmp_path / "r"
    journal_of_three(home, tmp_path)
    noted = verify(read_records(home)).fingerprint
    a, b = fixed_sealing(b"a", stopped=True), fixed_sealing(b"b")
    assert reseal(home, opener=a, target=a, backwards=True) == (3 + 1, [], [])
    assert reseal(home, opener=a, target=a, backwards=True).done == 0
    assert not disk_holds(home, b"PRIVATE WORDS")
    assert not disk_holds(home, PHOTO[:256])
    both = Sealing(a.key, (b.key,))
    assert reseal(home, opener=both, target=b).done == 4
    records = read_records(home, b)
    assert verify(records, against=noted).ok
    assert check_copies(home, records, b) == []
    assert reseal(home, opener=fixed_sealing(b"b", stopped=True), target=None).done == 4
    records = read_records(home)
    assert verify(records).fingerprint == noted
    assert copy_path(home, 2).read_bytes() == PHOTO


def test_encrypt_seals_from_the_last_record_back_each_copy_before_its_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Backwards: record 3, the photo's copy, record 2, record 1."""
    home = tmp_path / "home"
    journal_of_three(home, tmp_path)
    done = renames(monkeypatch)
    key = fixed_sealing(stopped=True)
    reseal(home, opener=key, target=key, backwards=True)
    assert done == ["000003.rec", "000002", "000002.rec", "000001.rec"]


def test_decrypt_opens_from_the_first_record_on_each_copy_before_its_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Forwards: record 1, the photo's copy, record 2, record 3."""
    key = fixed_sealing()
    home = tmp_path / "home"
    journal_of_three(home, tmp_path, key)
    done = renames(monkeypatch)
    reseal(home, opener=fixed_sealing(stopped=True), target=None)
    assert done == ["000001.rec", "000002", "000002.rec", "000003.rec"]
    assert sealed_records(home) == []


@pytest.mark.parametrize("stop_after", [1, 2, 3])
def test_a_stopped_encrypt_leaves_plain_records_in_front_and_finishes_when_run_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stop_after: int
) -> None:
    """Stopped after any rename, the sealed records are the last ones, the whole journal still
    reads intact, and running it again seals the rest."""
    home = tmp_path / "home"
    journal_of_three(home, tmp_path)
    noted = verify(read_records(home)).fingerprint
    key = fixed_sealing(stopped=True)
    renames(monkeypatch, stop_after)
    with pytest.raises(Stopped):
        reseal(home, opener=key, target=key, backwards=True)
    sealed = sealed_records(home)
    assert sealed == sorted(sealed)
    assert sealed[-1] == 3
    assert verify(read_journal(home, key).records, against=noted).ok
    monkeypatch.setattr(system, "replace", REAL_REPLACE)
    again = reseal(home, opener=key, target=key, backwards=True)
    assert again.done == 4 - stop_after
    assert sealed_records(home) == [1, 2, 3]
    assert verify(read_records(home, fixed_sealing()), against=noted).ok


@pytest.mark.parametrize("stop_after", [1, 2, 3])
def test_a_stopped_decrypt_leaves_plain_records_in_front_and_finishes_when_run_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stop_after: int
) -> None:
    """Stopped after any rename, the plain records are the first ones, the journal reads
    intact, and running it again opens the rest."""
    home = tmp_path / "home"
    journal_of_three(home, tmp_path, fixed_sealing())
    opener = fixed_sealing(stopped=True)
    renames(monkeypatch, stop_after)
    with pytest.raises(Stopped):
        reseal(home, opener=opener, target=None)
    sealed = sealed_records(home)
    assert sealed == list(range(4 - len(sealed), 4))
    assert verify(read_journal(home, opener).records).ok
    monkeypatch.setattr(system, "replace", REAL_REPLACE)
    assert reseal(home, opener=opener, target=None).done == 4 - stop_after
    assert sealed_records(home) == []
    assert b"PRIVATE WORDS" in record_path(home, 1).read_bytes()


def test_reseal_leaves_what_cannot_be_trusted_and_names_it(tmp_path: Path) -> None:
    """A record that will not read, and a copy that no longer matches its hash, are left as
    they are and named; everything else is sealed."""
    home = tmp_path / "d"
    journal_of_three(home, tmp_path)
    record_path(home, 3).write_bytes(b"not a record at all")
    copy_path(home, 2).write_bytes(b"changed bytes")
    sealing = fixed_sealing(stopped=True)
    done, left, removed = reseal(home, opener=sealing, target=sealing, backwards=True)
    assert done == 2  # records 1 and 2; not the changed copy, not record 3
    assert left == [
        "journal/000003.rec (it is not a readable record)",
        "journal/files/000002 (it no longer matches the SHA-256 recorded for it)",
    ]
    assert removed == []
    assert copy_path(home, 2).read_bytes() == b"changed bytes"
    assert record_path(home, 3).read_bytes() == b"not a record at all"


def test_a_record_sealed_with_another_key_is_left_and_named(tmp_path: Path) -> None:
    """A record no key held opens (another plan's) stays as it is, named with why."""
    home = tmp_path / "home"
    add(home, validate_fields({"what": "one"}, NOW), NOW, fixed_sealing(b"a"))
    foreign = record_path(home, 1).read_bytes()
    result = reseal(home, opener=fixed_sealing(b"b"), target=None)
    assert result == Resealed(
        0, ["journal/000001.rec (it cannot be opened with this plan's key)"], []
    )
    assert record_path(home, 1).read_bytes() == foreign


def test_a_copy_without_a_record_is_erased_and_named(tmp_path: Path) -> None:
    """A copy left by an attach stopped before its record never outlives an encrypt in plain
    text: it is erased and named in `removed`."""
    home = tmp_path / "home"
    journal_of_three(home, tmp_path)
    copy_path(home, 7).write_bytes(b"PRIVATE STRAY")
    key = fixed_sealing(stopped=True)
    result = reseal(home, opener=key, target=key, backwards=True)
    assert result.removed == ["journal/files/000007"]
    assert not copy_path(home, 7).exists()
    assert not disk_holds(home, b"PRIVATE STRAY")


def test_a_journal_folder_that_is_a_link_is_refused(tmp_path: Path) -> None:
    """A journal folder that points elsewhere is never followed: one plain error, nothing
    sealed there."""
    elsewhere = tmp_path / "elsewhere"
    journal_of_three(elsewhere, tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    (home / "journal").symlink_to(elsewhere / "journal")
    key = fixed_sealing(stopped=True)
    with pytest.raises(ExitplanError):
        reseal(home, opener=key, target=key, backwards=True)
    assert sealed_records(elsewhere) == []
