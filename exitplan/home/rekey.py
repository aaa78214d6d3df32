"""Safe changes of how a plan is sealed: encrypt, change the passphrase, decrypt, migrate.

Each is safe at every instant: killed at any rename (or stopped by a full disk), the plan opens
with the old or the new passphrase, and running the same command again finishes the job.

- ``encrypt(P)``: ``plan.key`` is written first (its folder synced) and opened with P if a
  stopped run left one; then every plain backup, own checklist and journal file is sealed with
  the data key; the plan is sealed LAST. While the plan is still plain, writes in clear are
  refused (see `Store.save`), so nothing new is written in clear beside sealed copies.
- ``change_passphrase(P -> Q)``: the data key is rewrapped under Q into a temp file, checked to
  open with Q, and renamed over ``plan.key``: the only file written.
- ``decrypt(P)``: the plan is unsealed FIRST, then backups, own checklists and the journal; the
  cache is dropped; ``plan.key`` is deleted LAST, only once every file is plain on disk.
- ``migrate(P)``: a plan sealed by an earlier release (format 1, a key per file) gets
  ``plan.key`` and each format-1 file that P opens is re-sealed with the data key, plan last.
  A file P does not open is left untouched (it may be sealed under another passphrase).

Every function needs the store's lock. Nothing here prints.
"""

from __future__ import annotations

import contextlib
import os
from typing import TYPE_CHECKING

from exitplan.base.errors import PlanError
from exitplan.base.limits import SEALED_MARK
from exitplan.disk import atomic

if TYPE_CHECKING:
    from pathlib import Path

    from exitplan.crypto.datakey import DataKey
    from exitplan.home.store import Store


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _neutral(store: Store, path: Path) -> None:
    """Give a sealed old-style backup a neutral name (no save count, no time of day)."""
    from exitplan.home.backups import neutral_name

    for backup in store.backups():
        if backup.path == path and not path.name.startswith("plan-d"):
            with contextlib.suppress(OSError):
                os.rename(path, neutral_name(backup))
            return


def _version(data: bytes) -> int | None:
    from exitplan.crypto.vault import sealed_version

    return sealed_version(data)


def ensure_key_file(store: Store, passphrase: str) -> DataKey:
    """The data key: from ``plan.key`` opened with `passphrase`, or a new one written first."""
    from exitplan.crypto.keyfile import new_key_file

    keys = store.keys
    if keys.key is not None:
        return keys.key
    if keys.read_key_file() is not None:
        keys._ask_passphrase = lambda: passphrase
        keys._retry = None
        return keys.unlock_key_file()
    key, data = new_key_file(passphrase)
    # On disk, folder synced, before any file is sealed with the key.
    atomic.write_atomic(keys.key_path, data)
    keys.use(key)
    return key


def _seal_one(store: Store, path: Path, passphrase: str) -> bool:
    """Seal a plain or format-1 file with the data key held; False if left as it was."""
    data = _read(path)
    if data is None:
        return False
    version = _version(data)
    if version == 2:
        return False
    if version == 1:
        from exitplan.crypto.vault import VaultError

        store.keys.legacy_passphrase = store.keys.legacy_passphrase or passphrase
        try:
            data = store.keys.unlock(data)
        except VaultError:
            return False  # sealed under another passphrase: never touched, never called damaged
    from exitplan.home.backups import keep_time

    keep_time(path, lambda: store.write_file(path, data))
    if path.parent == store.backup_dir:
        _neutral(store, path)
    return True


def _journal(store: Store, *, to_sealed: bool) -> int:
    """Re-seal the journal's records and kept copies (to the data key, or to plain)."""
    from exitplan.journal.records import journal_dir

    if not journal_dir(store.home).is_dir():
        return 0
    from exitplan.journal.attachments import reseal

    seal, unseal = store.keys.codec()
    if to_sealed:
        return reseal(store.home, unseal_old=None, seal_new=seal, unseal_new=unseal)
    return reseal(store.home, unseal_old=unseal, seal_new=None, unseal_new=None)


def encrypt(store: Store, passphrase: str) -> int:
    """Seal every file still plain (or format 1) with the data key, plan last; how many."""
    from exitplan.home.cache import drop_cache

    store.require_lock("encrypt()")
    ensure_key_file(store, passphrase)
    drop_cache(store)
    done = 0
    for path in store.private_files():
        if path != store.plan_path:
            done += _seal_one(store, path, passphrase)
    done += _journal(store, to_sealed=True)
    done += _seal_one(store, store.plan_path, passphrase)  # the plan LAST
    return done


def migrate(store: Store, passphrase: str, *, plan_too: bool = True) -> int:
    """Move format-1 files to the data key (plan last, unless the caller saves it next)."""
    from exitplan.home.cache import drop_cache

    store.require_lock("migrate()")
    ensure_key_file(store, passphrase)
    drop_cache(store)
    done = 0
    for path in store.private_files():
        data = _read(path)
        if path != store.plan_path and data is not None and _version(data) == 1:
            done += _seal_one(store, path, passphrase)
    if plan_too:
        data = _read(store.plan_path)
        if data is not None and _version(data) == 1:
            done += _seal_one(store, store.plan_path, passphrase)
    return done


def needs_migration(store: Store) -> bool:
    """Whether the plan itself is still sealed in format 1."""
    head = store.plan_head() or b""
    return _version(head + bytes(1)) == 1 if head.startswith(SEALED_MARK) else False


def change_passphrase(store: Store, new_passphrase: str) -> None:
    """Rewrap the data key (already unlocked) under the new passphrase: one file replaced."""
    from exitplan.crypto.keyfile import open_key_file, wrap_key
    from exitplan.crypto.vault import VaultError

    store.require_lock("change_passphrase()")
    key = store.keys.key
    if key is None:  # pragma: no cover - the caller unlocks first
        raise RuntimeError("change_passphrase() needs the data key unlocked")
    data = wrap_key(key, new_passphrase)

    def verify(tmp: Path) -> None:
        try:
            ok = open_key_file(tmp.read_bytes(), new_passphrase) == key
        except VaultError:
            ok = False
        if not ok:  # pragma: no cover - a broken disk
            raise PlanError("the new key file did not read back; the passphrase is unchanged")

    atomic.write_atomic(store.keys.key_path, data, verify=verify)


def _unseal_one(store: Store, path: Path) -> bool | None:
    """Write a sealed file back plain; True if done, None if it would not open."""
    from exitplan.base.errors import ExitplanError

    data = _read(path)
    if data is None or not data.startswith(SEALED_MARK):
        return False
    try:
        plain = store.keys.unlock(data)
    except ExitplanError:
        return None
    from exitplan.home.backups import keep_time

    keep_time(path, lambda: atomic.write_atomic(path, plain))
    return True


def decrypt(store: Store) -> list[Path]:
    """Write every file plain again, plan FIRST, ``plan.key`` deleted LAST.

    Returns the files that would not open with this plan's key (left as they are); while
    any of them is sealed with this plan's key, ``plan.key`` is kept so they can still open.
    """
    from exitplan.crypto.datakey import key_id_of
    from exitplan.crypto.vault import VaultError
    from exitplan.home.cache import drop_cache

    store.require_lock("decrypt()")
    key = store.keys.unlock_key_file()
    drop_cache(store)
    stuck: list[Path] = []
    for path in [store.plan_path, *store.private_files()]:  # the plan FIRST
        if _unseal_one(store, path) is None and path not in stuck:
            stuck.append(path)
    _journal(store, to_sealed=False)
    for folder in (store.home, store.backup_dir, store.checklist_dir):
        with contextlib.suppress(OSError):
            atomic.fsync_dir(folder)
    ours = []
    for path in stuck:
        with contextlib.suppress(OSError, VaultError):
            if key_id_of(path.read_bytes()) == key.key_id:
                ours.append(path)
    if not ours:
        store.keys.key_path.unlink(missing_ok=True)
        atomic.fsync_dir(store.home)
        store.keys.use(None)
    return stuck
