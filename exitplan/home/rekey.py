"""Safe changes of how a plan is sealed: encrypt, change the passphrase, decrypt.

Each is safe at every instant: killed at any rename (or stopped by a full disk), the plan opens
with the old or the new passphrase, and running the same command again finishes the job. A file
that cannot be opened, or a journal record that cannot be trusted, is left as it is and named;
everything else finishes, so a home is never left half done because of one bad file.

- ``encrypt(P)``: ``plan.key`` is written first (its folder synced) and opened with P if a
  stopped run left one; then every plain backup, own checklist and journal file is sealed with
  the data key (the journal from its last record back to its first); the plan is sealed LAST.
  While the plan is still plain, writes in clear are refused (see `Store.save`).
- ``change_passphrase(Q)``: a NEW data key is made, written to ``plan.key.next`` wrapped by Q
  (with each key sealed by the other, so either passphrase opens both), every file is re-sealed
  with it, the plan LAST, and only then does the new key file replace ``plan.key``. A copy of the
  old ``plan.key`` and the old passphrase then open nothing written since. Run again after a
  stop, it asks for a new passphrase again and finishes with the same new key.
- ``decrypt()``: the plan is unsealed FIRST, then backups, own checklists and the journal (from
  its first record on); the cache is dropped; ``plan.key`` is deleted LAST. A file that will not
  open is damaged (no key could ever open it again), so it does not keep ``plan.key``.

Before ``passphrase`` and ``decrypt`` (which end with the old key gone), every sealed file must
be readable; one that is not (its permissions) is named and nothing is changed.

Every function needs the store's lock. Nothing here prints.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from exitplan.base.errors import ExitplanError, PlanError, os_reason
from exitplan.base.i18n import _
from exitplan.base.limits import SEALED_MARK
from exitplan.crypto.datakey import DataKey, key_id_of, open_with_any, seal_with
from exitplan.crypto.keyfile import (
    MAX_KEY_FILE_SIZE,
    new_key_file,
    next_file,
    next_slot,
    open_key_file,
    open_next_file,
)
from exitplan.crypto.vault import VaultError
from exitplan.disk import atomic, safeio
from exitplan.formats.cache import drop_cache
from exitplan.home.backups import keep_time, neutral_name
from exitplan.home.vouch import (
    MAX_FILE,
    digest,
    drop_vouch,
    journal_vouched,
    plain_digests,
    read_vouch,
    relative,
    vouch_path,
    write_vouch,
)
from exitplan.journal.listing import journal_dir
from exitplan.journal.records import file_bytes, read_records
from exitplan.journal.resealing import reseal
from exitplan.journal.sealing import Sealing

if TYPE_CHECKING:
    from pathlib import Path

    from exitplan.crypto.datakey import DataKey
    from exitplan.home.store import Store


class Rekeyed(NamedTuple):
    """What a change of sealing did."""

    done: int  # files rewritten
    left: list[str]  # files left as they are, each with why, relative to the home
    removed: list[str]  # journal copies without a record, erased


def _rel(store: Store, path: Path) -> str:
    return str(path.relative_to(store.home))


def _read(path: Path) -> bytes | None:
    try:
        return safeio.read_capped(path, MAX_FILE)
    except OSError:
        return None


def _neutral(store: Store, path: Path) -> None:
    """Give a sealed old-style backup a neutral name (no save count, no time of day)."""

    for backup in store.backups():
        if backup.path == path and not path.name.startswith("plan-d"):
            with contextlib.suppress(OSError):
                os.rename(path, neutral_name(backup))
            return


def _key_id(data: bytes) -> bytes | None:

    try:
        return key_id_of(data)
    except VaultError:
        return None


def ensure_key_file(store: Store, passphrase: str) -> DataKey:
    """The data key: from ``plan.key`` opened with `passphrase`, or a new one written first."""

    keys = store.keys
    if keys.key is not None:
        return keys.key
    if keys.read_key_file() is not None:
        keys._ask_passphrase = lambda: passphrase
        keys._retry = None
        return keys.unlock_key_file()
    key, data = new_key_file(passphrase)
    # Before the key file: the sealed list of the plain files this encrypt may seal, so that a
    # resumed encrypt never seals (and no command reads) a plain file put there afterwards.
    write_vouch(store.home, key, plain_digests(store, store.home))
    # On disk, folder synced, before any file is sealed with the key.
    atomic.write_atomic(keys.key_path, data)
    keys.use(key)
    return key


def _reseal_file(
    store: Store,
    path: Path,
    target: DataKey | None,
    left: list[str],
    vouched: dict[str, str] | None = None,
) -> bool:
    """Write one file of the plan (plan, backup, own checklist) sealed with `target` (or plain);
    False when it was already so, or was left as it is (named in `left`). A plain file is
    sealed only when `vouched` (an encrypt's sealed marker) lists its bytes."""

    data = _read(path)
    if data is None:
        left.append(_("{path} (it cannot be read)").format(path=_rel(store, path)))
        return False
    sealed = data.startswith(SEALED_MARK)
    if not sealed and target is None:
        return False
    if not sealed and (vouched or {}).get(relative(store.home, path)) != digest(data):
        left.append(
            _(
                "{path} (it is in plain text, and nothing sealed vouches for it: exitplan did "
                "not write it, so it was not sealed; move it out of the data folder)"
            ).format(path=_rel(store, path))
        )
        return False
    if sealed and target is not None and _key_id(data) == target.key_id:
        return False
    if sealed:
        try:
            plain = open_with_any(data, store.keys.ring)
        except VaultError as exc:
            left.append(f"{_rel(store, path)} ({str(exc).rstrip('.')})")
            return False
    else:
        plain = data

    new = plain if target is None else seal_with(plain, target)
    keep_time(path, lambda: atomic.write_atomic(path, new))
    if target is not None and path.parent == store.backup_dir:
        _neutral(store, path)
    return True


def _journal(store: Store, target: DataKey | None, *, backwards: bool = False) -> Rekeyed:
    """Re-seal the journal's records and kept copies (to `target`, or to plain)."""

    if not journal_dir(store.home).is_dir():
        return Rekeyed(0, [], [])
    ring = store.keys.ring
    stopped = not store.is_encrypted()  # the plan is still (or already) plain
    vouched = journal_vouched(store.home, ring) if stopped else None
    opener = Sealing(ring[0], ring[1:], stopped=stopped, vouched=vouched) if ring else None
    goal = None if target is None else Sealing(target)
    done, left, removed = reseal(store.home, opener=opener, target=goal, backwards=backwards)
    return Rekeyed(done, left, removed)


def _others_first(store: Store) -> list[Path]:
    return [path for path in store.private_files() if path != store.plan_path]


def encrypt(store: Store, passphrase: str) -> Rekeyed:
    """Seal every file still plain with the data key, plan last."""

    store.require_lock("encrypt()")
    key = ensure_key_file(store, passphrase)
    vouched = read_vouch(store.home, store.keys.ring)
    drop_cache(store)
    left: list[str] = []
    done = sum(_reseal_file(store, path, key, left, vouched) for path in _others_first(store))
    journal = _journal(store, key, backwards=True)
    done += _reseal_file(store, store.plan_path, key, left, vouched)  # the plan LAST
    if store.is_encrypted():
        drop_vouch(store.home)  # finished: from now on, nothing plain is ever the person's
    return Rekeyed(done + journal.done, left + journal.left, journal.removed)


def _check_readable(store: Store) -> None:
    """Refuse, before anything changes, when a sealed file cannot be read at all."""
    for path in store.all_private_files():
        try:
            fd = safeio.open_regular(path)
        except OSError as exc:
            if safeio.is_link(path) or not safeio.is_regular(path):
                continue  # never opened, never exitplan's: left alone
            raise PlanError(
                _(
                    "{path} cannot be read ({reason}), and it may be sealed with the key this "
                    "would retire; nothing was changed. Make it readable (chmod 600) and try again"
                ).format(path=path, reason=os_reason(exc))
            ) from None
        os.close(fd)


def change_passphrase(store: Store, new_passphrase: Callable[[], str]) -> Rekeyed:
    """Re-seal every file with a new data key wrapped by the new passphrase, plan last; then the
    new key file replaces ``plan.key``. The old key must be unlocked (the plan was read)."""

    store.require_lock("change_passphrase()")
    keys = store.keys
    old = keys.unlock_key_file()
    new = keys.others[0] if keys.others else DataKey.generate()
    _check_readable(store)
    passphrase = new_passphrase()
    upcoming = next_file(old, new, passphrase)

    def opens(tmp: Path) -> None:
        try:
            written = safeio.read_capped(tmp, MAX_KEY_FILE_SIZE)
            ok = open_next_file(written, passphrase=passphrase)[1] == new
        except VaultError:
            ok = False
        if not ok:  # pragma: no cover - a broken disk
            raise PlanError(_("the new key file did not read back; the passphrase is unchanged"))

    atomic.write_atomic(keys.next_path, upcoming, verify=opens)
    keys.key, keys.others = old, (new,)
    drop_cache(store)
    left: list[str] = []
    done = sum(_reseal_file(store, path, new, left) for path in _others_first(store))
    journal = _journal(store, new)
    done += _reseal_file(store, store.plan_path, new, left)  # the plan LAST

    def slot_opens(tmp: Path) -> None:
        written = safeio.read_capped(tmp, MAX_KEY_FILE_SIZE)
        if open_key_file(written, passphrase) != new:  # pragma: no cover
            raise PlanError(
                _("the new key file did not read back; run 'exitplan passphrase' again")
            )

    atomic.write_atomic(keys.key_path, next_slot(upcoming), verify=slot_opens)
    drop_next_file(store)
    keys.key, keys.others = new, ()
    return Rekeyed(done + journal.done, left + journal.left, journal.removed)


def _plain_to_be(store: Store) -> dict[str, str]:
    """{name: SHA-256} of the plain bytes a decrypt will write: the plan, backups and own
    checklists opened, and the journal's records (a file that will not open is left out)."""
    found: dict[str, str] = {}
    for path in store.private_files():
        data = _read(path)
        if data is None:
            continue
        with contextlib.suppress(VaultError):
            plain = open_with_any(data, store.keys.ring) if data.startswith(SEALED_MARK) else data
            found[relative(store.home, path)] = digest(plain)
    ring = store.keys.ring
    if journal_dir(store.home).is_dir() and ring:
        opener = Sealing(ring[0], ring[1:])
        for record in read_records(store.home, opener):
            if "damaged" not in record:
                name = f"journal/{record['n']:06d}.rec"
                found[name] = digest(file_bytes(record))
    return found


def drop_next_file(store: Store) -> None:
    """Remove ``plan.key.next`` once ``plan.key`` holds its key (a change that finished)."""
    path = store.keys.next_path
    if safeio.is_link(path) or path.exists():
        with contextlib.suppress(OSError):
            safeio.overwrite(path)
        path.unlink(missing_ok=True)
        atomic.fsync_dir(store.home)


def decrypt(store: Store) -> Rekeyed:
    """Write every file plain again, plan FIRST, ``plan.key`` deleted LAST."""

    store.require_lock("decrypt()")
    key = store.keys.unlock_key_file()
    _check_readable(store)
    if not vouch_path(store.home).exists():
        # Before anything is written plain: the sealed list of what this decrypt will write, so
        # that, should it be stopped, no plain file put there meanwhile is read or kept as yours.
        write_vouch(store.home, key, _plain_to_be(store))
    drop_cache(store)
    left: list[str] = []
    done = 0
    for path in [store.plan_path, *_others_first(store)]:  # the plan FIRST
        try:
            done += _reseal_file(store, path, None, left)
        except ExitplanError as exc:  # pragma: no cover - a disk error is told by the caller
            left.append(f"{_rel(store, path)} ({exc})")
            raise
    journal = _journal(store, None)
    for folder in (store.home, store.backup_dir, store.checklist_dir):
        with contextlib.suppress(OSError):
            atomic.fsync_dir(folder)
    drop_next_file(store)
    store.keys.key_path.unlink(missing_ok=True)
    atomic.fsync_dir(store.home)
    drop_vouch(store.home)  # after the key: without it, nothing here is sealed any more
    store.keys.use(None)
    store.keys.others = ()
    return Rekeyed(done + journal.done, left + journal.left, journal.removed)
