"""Tests for exitplan.home.rekey: encrypt, change the passphrase and decrypt a home, each finished
by running it again after a stop, with what cannot be trusted left as it is and named."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from conftest import EXIT, MONEY

from exitplan.base.limits import SEALED_MARK
from exitplan.crypto import vault
from exitplan.crypto.datakey import DataKey, key_id_of, seal_with
from exitplan.crypto.keyfile import open_key_file
from exitplan.disk import system
from exitplan.domain.model import ItemState, PlanState
from exitplan.domain.plan import record
from exitplan.home.rekey import (
    Rekeyed,
    change_passphrase,
    decrypt,
    drop_next_file,
    encrypt,
    ensure_key_file,
)
from exitplan.home.store import Store
from exitplan.journal.attachments import attach
from exitplan.journal.entry import validate_fields
from exitplan.journal.records import add, read_records
from exitplan.journal.sealing import Sealing

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
OLD = "old passphrase for the tests"
NEW = "new passphrase for the tests"
SECRET = "PRIVATE NOTE ABOUT THE BANK"  # noqa: S105 - plan text, not a password
OLD_STYLE_BACKUP = "plan-000003-20261120T101500123456Z.toml"
REAL_REPLACE = system.replace


class Stopped(BaseException):
    """A run stopped between two renames, as a kill would stop it."""


def plain_home(home: Path, tmp_path: Path) -> Store:
    """A plain home: a plan saved twice (one backup), an old-style backup, an own checklist, a
    journal entry with a file attached."""
    store = Store(home)
    state = PlanState(created=NOW, exit_date=EXIT, checklists=[MONEY])
    record(state, NOW, "init")
    with store.locked():
        store.save(state)
        state.items["t-money.save-cash"] = ItemState(status="done", changed=NOW, note=SECRET)
        store.save(state)
    (home / "backups" / OLD_STYLE_BACKUP).write_bytes(b'notes = "' + SECRET.encode() + b'"\n')
    (home / "checklists").mkdir()
    (home / "checklists" / "mine.toml").write_bytes(SECRET.encode())
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(SECRET.encode() * 10)
    add(home, validate_fields({"what": SECRET}, NOW), NOW)
    attach(home, 1, photo, NOW)
    return store


def files(home: Path) -> dict[str, bytes]:
    """Every file of the home by its name below it (the lock left out)."""
    return {
        p.relative_to(home).as_posix(): p.read_bytes()
        for p in sorted(home.rglob("*"))
        if p.is_file() and p.name != ".lock"
    }


def holding(home: Path, needle: bytes) -> list[str]:
    """The files of the home that hold `needle` in plain."""
    return [name for name, data in files(home).items() if needle in data]


def sealed_with(home: Path, key: DataKey) -> list[str]:
    """The record and plan files of the home sealed with `key`."""
    return [
        name
        for name, data in files(home).items()
        if data.startswith(SEALED_MARK) and key_id_of(data) == key.key_id
    ]


def stop_after(monkeypatch: pytest.MonkeyPatch, renames: int) -> None:
    """Stop the run right after that many files were renamed into place."""
    done: list[Path] = []

    def replace(tmp: Path, path: Path) -> None:
        if len(done) == renames:
            raise Stopped
        REAL_REPLACE(tmp, path)
        done.append(path)

    monkeypatch.setattr(system, "replace", replace)


def run_encrypt(home: Path, passphrase: str = OLD) -> tuple[Store, Rekeyed]:
    """`exitplan encrypt` on a home, as its own run."""
    store = Store(home, lambda: passphrase)
    with store.locked():
        return store, encrypt(store, passphrase)


# -- encrypt -----------------------------------------------------------------------------


def test_encrypt_seals_every_file_and_leaves_no_plain_text(home: Path, tmp_path: Path) -> None:
    """Plan, backups, own checklist, journal record and kept copy are all sealed; the marker
    is gone once the plan is sealed; the plan reads back the same with the passphrase."""
    before = plain_home(home, tmp_path).load()
    assert len(holding(home, SECRET.encode())) == 5  # not the first backup, nor the file's record
    store, result = run_encrypt(home)
    assert result == Rekeyed(7, [], [])  # plan, 2 backups, checklist, 2 records, 1 copy
    assert holding(home, SECRET.encode()) == []
    assert not (home / "plan.vouch").exists()
    assert store.key is not None
    assert Store(home, lambda: OLD).load() == before
    assert read_records(home, Sealing(store.key))[0]["fields"] == {"what": SECRET}


def test_encrypt_gives_an_old_style_backup_a_neutral_name(home: Path, tmp_path: Path) -> None:
    """Sealed, a backup no longer shows a save count or a time of day in its name."""
    plain_home(home, tmp_path)
    run_encrypt(home)
    names = sorted(p.name for p in (home / "backups").iterdir())
    assert OLD_STYLE_BACKUP not in names
    assert sum(name.startswith("plan-d20261120-") for name in names) == 1


def test_encrypt_run_again_changes_nothing(home: Path, tmp_path: Path) -> None:
    """An encrypted home encrypted again: nothing rewritten."""
    plain_home(home, tmp_path)
    run_encrypt(home)
    before = files(home)
    assert run_encrypt(home)[1] == Rekeyed(0, [], [])
    assert files(home) == before


@pytest.mark.parametrize("renames", [1, 2, 3, 5])  # the marker, plan.key, files
def test_a_stopped_encrypt_is_finished_by_running_it_again(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, renames: int
) -> None:
    """Stopped after any rename, the plan is still plain (sealed LAST), and the same command
    finishes the job with the same key."""
    before = plain_home(home, tmp_path).load()
    stop_after(monkeypatch, renames)
    with pytest.raises(Stopped):
        run_encrypt(home)
    monkeypatch.setattr(system, "replace", REAL_REPLACE)
    assert not (home / "plan.toml").read_bytes().startswith(SEALED_MARK)
    assert (home / "plan.vouch").exists()
    _store, result = run_encrypt(home)
    assert result.left == []
    assert holding(home, SECRET.encode()) == []
    assert not (home / "plan.vouch").exists()
    assert Store(home, lambda: OLD).load() == before


def test_a_resumed_encrypt_seals_no_plain_file_put_there_since(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plain checklist that appeared after the encrypt began (the marker does not list it)
    is left in plain text and named; everything else is sealed."""
    plain_home(home, tmp_path)
    stop_after(monkeypatch, 3)  # the marker, plan.key, one file sealed
    with pytest.raises(Stopped):
        run_encrypt(home)
    monkeypatch.setattr(system, "replace", REAL_REPLACE)
    (home / "checklists" / "planted.toml").write_bytes(b"planted")
    _store, result = run_encrypt(home)
    assert result.left == [
        "checklists/planted.toml (it is in plain text, and nothing sealed vouches for it: "
        "exitplan did not write it, so it was not sealed; move it out of the data folder)"
    ]
    assert (home / "checklists" / "planted.toml").read_bytes() == b"planted"
    assert (home / "plan.toml").read_bytes().startswith(SEALED_MARK)


def test_a_stopped_encrypt_resumed_with_another_passphrase_is_refused(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The key file written first is opened with the passphrase it was made with, or not at
    all: nothing more is sealed."""
    plain_home(home, tmp_path)
    stop_after(monkeypatch, 3)  # the marker, plan.key, one file sealed
    with pytest.raises(Stopped):
        run_encrypt(home)
    monkeypatch.setattr(system, "replace", REAL_REPLACE)
    before = files(home)
    with pytest.raises(vault.WrongPassphrase):
        run_encrypt(home, "another one")
    assert files(home) == before


def test_the_key_file_is_written_before_any_file_is_sealed(home: Path, tmp_path: Path) -> None:
    """`ensure_key_file` writes plan.key (and the marker) and seals nothing yet; asked again,
    it opens the same key."""
    plain_home(home, tmp_path)
    before = files(home)
    store = Store(home)
    key = ensure_key_file(store, OLD)
    assert open_key_file((home / "plan.key").read_bytes(), OLD) == key
    assert {**files(home)} == {
        **before,
        "plan.key": (home / "plan.key").read_bytes(),
        "plan.vouch": (home / "plan.vouch").read_bytes(),
    }
    assert ensure_key_file(Store(home), OLD) == key


def test_every_change_of_sealing_needs_the_lock(home: Path, tmp_path: Path) -> None:
    """Called without the store's lock, each refuses before anything is written."""
    plain_home(home, tmp_path)
    before = files(home)
    store = Store(home, lambda: OLD)
    with pytest.raises(RuntimeError, match="needs the lock"):
        encrypt(store, OLD)
    with pytest.raises(RuntimeError, match="needs the lock"):
        change_passphrase(store, lambda: NEW)
    with pytest.raises(RuntimeError, match="needs the lock"):
        decrypt(store)
    assert files(home) == before


# -- change the passphrase ---------------------------------------------------------------


def run_change(home: Path, old: str = OLD, new: str = NEW) -> tuple[Store, Rekeyed]:
    """`exitplan passphrase` on a home, as its own run."""
    store = Store(home, lambda: old)
    with store.locked():
        store.load()
        return store, change_passphrase(store, lambda: new)


def test_a_new_passphrase_seals_everything_with_a_new_key(home: Path, tmp_path: Path) -> None:
    """Every file moves to a new key; the old plan.key and passphrase open nothing written
    since; the next key file is gone; the plan reads the same with the new passphrase."""
    plain_home(home, tmp_path)
    old_store, _ = run_encrypt(home)
    old_key = old_store.key
    assert old_key is not None
    before = Store(home, lambda: OLD).load()
    store, result = run_change(home)
    assert result == Rekeyed(7, [], [])
    assert store.key is not None
    assert store.key != old_key
    assert sealed_with(home, old_key) == []
    assert not (home / "plan.key.next").exists()
    assert Store(home, lambda: NEW).load() == before
    with pytest.raises(vault.WrongPassphrase):
        Store(home, lambda: OLD).load()


@pytest.mark.parametrize("renames", [1, 4, 7])
def test_a_stopped_change_is_finished_with_the_same_new_key(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, renames: int
) -> None:
    """Stopped after any rename, either passphrase opens the plan, and running it again ends
    with every file under the one new key."""
    plain_home(home, tmp_path)
    run_encrypt(home)
    before = Store(home, lambda: OLD).load()
    stop_after(monkeypatch, renames)
    with pytest.raises(Stopped):
        run_change(home)
    monkeypatch.setattr(system, "replace", REAL_REPLACE)
    assert Store(home, lambda: OLD).load() == before
    assert Store(home, lambda: NEW).load() == before
    store, result = run_change(home, NEW, NEW)
    assert result.left == []
    assert store.key is not None
    assert len(sealed_with(home, store.key)) == 6  # all but the kept copy (sealed in chunks)
    assert Store(home, lambda: NEW).load() == before


# -- decrypt -----------------------------------------------------------------------------


def run_decrypt(home: Path, passphrase: str = OLD) -> tuple[Store, Rekeyed]:
    """`exitplan decrypt` on a home, as its own run."""
    store = Store(home, lambda: passphrase)
    with store.locked():
        store.load()
        return store, decrypt(store)


def test_decrypt_writes_everything_plain_and_removes_the_key(home: Path, tmp_path: Path) -> None:
    """Every file is plain again, plan.key and the marker are gone, no key is held, and the
    journal reads without one."""
    before = plain_home(home, tmp_path).load()
    run_encrypt(home)
    store, result = run_decrypt(home)
    assert result == Rekeyed(7, [], [])
    assert store.key is None
    assert not (home / "plan.key").exists()
    assert not (home / "plan.vouch").exists()
    assert not any(data.startswith(SEALED_MARK) for data in files(home).values())
    assert Store(home).load() == before
    assert read_records(home)[0]["fields"] == {"what": SECRET}


def test_decrypt_names_a_file_no_key_opens_and_still_finishes(home: Path, tmp_path: Path) -> None:
    """A checklist sealed with another plan's key is left as it is and named; plan.key still
    goes (no key could ever open that file)."""
    plain_home(home, tmp_path)
    run_encrypt(home)
    foreign = seal_with(b"theirs", DataKey(b"z" * 32, b"z" * 16))
    (home / "checklists" / "theirs.toml").write_bytes(foreign)
    _store, result = run_decrypt(home)
    assert len(result.left) == 1
    assert result.left[0].startswith("checklists/theirs.toml (")
    assert (home / "checklists" / "theirs.toml").read_bytes() == foreign
    assert not (home / "plan.key").exists()


@pytest.mark.parametrize("renames", [2, 4])  # the marker, the plan, the rest
def test_a_stopped_decrypt_is_finished_by_running_it_again(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, renames: int
) -> None:
    """Stopped after any rename (the plan is plain FIRST), the passphrase still opens what is
    sealed, and the same command finishes."""
    before = plain_home(home, tmp_path).load()
    run_encrypt(home)
    stop_after(monkeypatch, renames)
    with pytest.raises(Stopped):
        run_decrypt(home)
    monkeypatch.setattr(system, "replace", REAL_REPLACE)
    assert not (home / "plan.toml").read_bytes().startswith(SEALED_MARK)
    assert (home / "plan.key").exists()
    run_decrypt(home)
    assert not any(data.startswith(SEALED_MARK) for data in files(home).values())
    assert not (home / "plan.key").exists()
    assert Store(home).load() == before


# -- the next key file -------------------------------------------------------------------


def test_dropping_the_next_key_file_leaves_what_a_link_points_at(tmp_path: Path) -> None:
    """plan.key.next is removed; a link in its place (to a file or to nothing) is removed and
    its target untouched; with none there, nothing happens."""
    store = Store(tmp_path)
    (tmp_path / "plan.key.next").write_bytes(b"next")
    drop_next_file(store)
    assert not (tmp_path / "plan.key.next").exists()
    outside = tmp_path / "outside"
    outside.write_bytes(b"someone's")
    (tmp_path / "plan.key.next").symlink_to(outside)
    drop_next_file(store)
    assert not (tmp_path / "plan.key.next").is_symlink()
    assert outside.read_bytes() == b"someone's"
    (tmp_path / "plan.key.next").symlink_to(tmp_path / "nowhere")  # a link to nothing goes too
    drop_next_file(store)
    assert not (tmp_path / "plan.key.next").is_symlink()
    drop_next_file(store)
