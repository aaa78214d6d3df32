"""The plan file on disk: private permissions, atomic saves, the lock, backups, bad plan files."""

from __future__ import annotations

import os
import threading
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from conftest import EXIT, MONEY

from exitplan.base.errors import LockError, NoPlanError
from exitplan.base.limits import KEY_FILE, LOCK_FILE, NEXT_KEY_FILE, SEALED_MARK
from exitplan.crypto.datakey import DataKey, seal_with
from exitplan.domain.model import ItemState, PlanState
from exitplan.domain.plan import record
from exitplan.formats.checklistfile import MAX_FILE_BYTES
from exitplan.home import store as store_module
from exitplan.home.backups import KEEP_BACKUPS
from exitplan.home.store import Store

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def new_state() -> PlanState:
    """A small plan state."""
    state = PlanState(created=NOW, exit_date=EXIT, checklists=[MONEY])
    record(state, NOW, "init")
    return state


def save(store: Store, state: PlanState) -> None:
    """Save under the lock, as every command does."""
    with store.locked():
        store.save(state)


def mode(path: Path) -> int:
    """The permission bits of a path."""
    return path.stat().st_mode & 0o777


# -- the Store API -------------------------------------------------------------------------------


def test_no_plan_yet(home: Path) -> None:
    """Without a plan: exists() is False, load() says how to start, and nothing is created."""
    store = Store(home)
    assert not store.exists()
    with pytest.raises(NoPlanError, match="start one with 'exitplan init'"):
        store.load()
    assert store.backups() == []
    assert not home.exists()


def test_save_and_load_round_trip(home: Path) -> None:
    """What is saved is what is loaded."""
    store = Store(home)
    state = new_state()
    state.items["t-money.save-cash"] = ItemState(
        status="skipped", changed=NOW, note="two\nlines", reason="n/a"
    )
    save(store, state)
    assert Store(home).load() == state


def test_save_needs_the_lock(home: Path) -> None:
    """save() outside `with store.locked()` is a programming error, and writes nothing."""
    store = Store(home)
    with pytest.raises(RuntimeError, match="needs the lock"):
        store.save(new_state())
    assert not home.exists()


def test_files_are_private_under_a_permissive_umask(home: Path) -> None:
    """Data dir and backups dir 0700; plan, backups and lock 0600, even with umask 000."""
    os.umask(0)
    store = Store(home)
    save(store, new_state())
    save(store, new_state())
    assert mode(home) == 0o700
    assert mode(store.plan_path) == 0o600
    assert mode(home / LOCK_FILE) == 0o600
    assert mode(store.backup_dir) == 0o700
    backups = store.backups()
    assert backups
    assert all(mode(b.path) == 0o600 for b in backups)


# -- backups -------------------------------------------------------------------------------------


def test_each_save_keeps_the_previous_version(home: Path) -> None:
    """Every save after the first keeps the previous plan, byte for byte, as the newest backup."""
    store = Store(home)
    state = new_state()
    save(store, state)
    assert store.backups() == []
    first = store.plan_path.read_bytes()
    state.exit_date = date(2027, 3, 1)
    save(store, state)
    second = store.plan_path.read_bytes()
    state.exit_date = None
    save(store, state)
    backups = store.backups()
    assert [b.path.read_bytes() for b in backups] == [second, first]
    assert backups[0].taken >= backups[1].taken


def test_backups_are_pruned(home: Path) -> None:
    """Only the newest KEEP_BACKUPS generations are kept."""
    store = Store(home)
    state = new_state()
    versions = []
    for n in range(KEEP_BACKUPS + 4):
        state.warn_days = n
        save(store, state)
        versions.append(store.plan_path.read_bytes())
    backups = store.backups()
    assert len(backups) == KEEP_BACKUPS
    assert len(list(store.backup_dir.glob("plan-*.toml"))) == KEEP_BACKUPS
    # Newest first: the version before the current one, then older ones.
    assert [b.path.read_bytes() for b in backups] == versions[-2::-1][:KEEP_BACKUPS]


# -- the lock ------------------------------------------------------------------------------------


def test_the_lock_wait_is_not_read_from_the_environment(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run waits 5 seconds for another's lock whatever the environment says: the old
    EXITPLAN_LOCK_TIMEOUT is a test's switch, handed in by tests/helpers_exitplan.py alone."""
    assert store_module.LOCK_TIMEOUT == 5.0
    monkeypatch.setenv("EXITPLAN_LOCK_TIMEOUT", "0")
    monkeypatch.setattr(store_module, "time", clock := FakeClock())
    first, second = Store(home), Store(home)
    with first.locked(), pytest.raises(LockError), second.locked():
        pass
    assert clock.now >= 5.0


class FakeClock:
    """The store's `time`: a monotonic clock that moves one second each time it is read, and a
    sleep that returns at once."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        self.now += 1.0
        return self.now

    def sleep(self, _seconds: float) -> None:
        return None


def test_second_store_waits_for_the_lock(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """While one run holds the lock, another gives up with a plain message."""
    monkeypatch.setattr(store_module, "LOCK_TIMEOUT", 0.0)
    first, second = Store(home), Store(home)
    with (
        first.locked(),
        pytest.raises(LockError, match="another exitplan is running"),
        second.locked(),
    ):
        pass  # pragma: no cover - never reached
    with second.locked():  # released: free again
        pass


def test_concurrent_saves_lose_no_update(home: Path) -> None:
    """Two writers that each load, change and save under the lock never lose an update."""
    save(Store(home), new_state())
    rounds = 12

    def writer(name: str) -> None:
        store = Store(home)
        for n in range(rounds):
            with store.locked():
                state = store.load()
                record(state, NOW, "test", detail=f"{name}-{n}")
                store.save(state)

    threads = [threading.Thread(target=writer, args=(name,)) for name in ("a", "b")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    details = [e.detail or "" for e in Store(home).load().history if e.action == "test"]
    assert sorted(details) == sorted(f"{name}-{n}" for name in "ab" for n in range(rounds))


def test_a_key_file_or_the_next_one_means_the_home_was_encrypted(home: Path) -> None:
    """plan.key, or plan.key.next left by an unfinished passphrase change, each says the home
    was encrypted; without either (and no sealed backup) it never was."""
    store = Store(home)
    save(store, new_state())
    assert not store.keys.keyed()
    assert not store.home_is_encrypted()
    for name in (KEY_FILE, NEXT_KEY_FILE):
        (home / name).write_bytes(b"a key file")
        assert store.keys.keyed(), name
        assert store.home_is_encrypted(), name
        (home / name).unlink()
    assert not store.keys.keyed()


def test_a_plain_plan_in_a_home_that_was_encrypted_is_noticed(home: Path) -> None:
    """plan.toml in plain text beside a key file is noticed; a plain home, a sealed plan and a
    home without a plan are not."""
    store = Store(home)
    assert not store.plain_in_sealed_home()  # no plan at all
    save(store, new_state())
    assert not store.plain_in_sealed_home()  # a plain home
    (home / KEY_FILE).write_bytes(b"a key file")
    assert store.plain_in_sealed_home()
    store.plan_path.write_bytes(SEALED_MARK + b"sealed bytes")
    assert not store.plain_in_sealed_home()  # the plan is sealed, as it should be


def test_the_largest_own_checklist_is_read_sealed_too(home: Path) -> None:
    """A sealed own checklist as large as a plain one may be (16 MiB) is read, never refused as
    too large: the cap is the sealed size of that limit, not a guess at it."""
    store = Store(home)
    save(store, new_state())
    key = DataKey.generate()
    store.keys.use(key)
    text = b"#" * MAX_FILE_BYTES
    path = home / "checklists" / "big.toml"
    path.parent.mkdir(mode=0o700, exist_ok=True)
    path.write_bytes(seal_with(text, key))
    path.chmod(0o600)
    assert store.read_private(path) == text
