"""The key session: sealing, unsealing and re-sealing the files of an encrypted plan.

A `KeySession` holds at most one key for one run. It changes only in two visible places:
`unlock` keeps the key that has just opened a file (so the passphrase is asked once, and a
mistyped one never sticks), and `use` installs a new key (or None) when the plan is re-keyed.
Opening a file with the key already held, or deciding whether a cache file fits, changes nothing.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from exitplan import atomic
from exitplan.errors import ExitplanError, PassphraseNeeded, PlanError, StorageError
from exitplan.limits import SEALED_MARK

if TYPE_CHECKING:
    from pathlib import Path

    from exitplan.store import Store
    from exitplan.vault import Key

Hint = Callable[[], str]


class KeySession:
    """The key the files of this run are sealed with, and how to ask for the passphrase."""

    def __init__(self, ask_passphrase: Callable[[], str] | None = None) -> None:
        self._ask_passphrase = ask_passphrase
        self.key: Key | None = None

    def use(self, key: Key | None) -> None:
        """Seal every file written from now on with this key (None: write plain files)."""
        self.key = key

    def unlock(self, data: bytes) -> bytes:
        """Open sealed bytes with the key held, or with one derived from the passphrase.

        A derived key is kept only once it has opened something, so a mistyped passphrase
        never sticks.
        """
        from exitplan.vault import key_for, read_header, unseal

        params, salt = read_header(data)
        if self.key is not None and (self.key.params, self.key.salt) == (params, salt):
            return unseal(data, self.key)
        if self._ask_passphrase is None:
            raise PassphraseNeeded("this plan is encrypted and no passphrase was given")
        key = key_for(data, self._ask_passphrase())
        plain = unseal(data, key)
        self.key = key
        return plain

    def open(self, data: bytes, path: Path, *, wrong: Hint, damaged: Hint) -> bytes:
        """Plain bytes of a file that may be sealed, with one plain message when it will not open.

        `wrong` and `damaged` add advice to the message, and are only called on a failure.
        """
        if not data.startswith(SEALED_MARK):
            return data
        from exitplan.vault import VaultError, WrongPassphrase

        try:
            return self.unlock(data)
        except WrongPassphrase:
            raise WrongPassphrase(
                "the passphrase is not right, or the file was changed; nothing was written."
                f"{wrong()}"
            ) from None
        except VaultError as exc:
            reason = str(exc).rstrip(".")
            raise PlanError(f"{path}: {reason}.{damaged()}") from None

    def open_cache(self, data: bytes, plan_head: bytes | None) -> bytes | None:
        """Plain bytes of a cache file, or None when it does not belong to the current plan.

        Only a cache sealed with the key of the plan whose first bytes are `plan_head` is used,
        and only with the key already held or derivable without asking twice.
        """
        if plan_head is None:
            return None
        plan_sealed = plan_head.startswith(SEALED_MARK)
        if not data.startswith(SEALED_MARK):
            return None if plan_sealed else data
        if not plan_sealed:
            return None
        from exitplan.vault import VaultError, read_header

        try:
            if read_header(data) != read_header(plan_head + bytes(16)):
                return None
            return self.unlock(data)
        except VaultError:
            return None

    def write(self, path: Path, plain: bytes, *, sync_folder: bool = True) -> None:
        """Write a file atomically, sealed when a key is held (read back before it replaces)."""
        if self.key is None:
            atomic.write_atomic(path, plain, sync_folder=sync_folder)
            return
        from exitplan.vault import seal, unseal

        key = self.key
        sealed = seal(plain, key)

        def verify(tmp: Path) -> None:
            if unseal(tmp.read_bytes(), key) != plain:  # pragma: no cover - a broken disk
                raise StorageError(f"could not verify {path.name}; nothing was replaced")

        atomic.write_atomic(path, sealed, verify=verify, sync_folder=sync_folder)


def plain_files(store: Store) -> list[Path]:
    """Private files that are not sealed."""
    found = []
    for path in store.private_files():
        with contextlib.suppress(OSError), path.open("rb") as handle:
            if handle.read(len(SEALED_MARK)) != SEALED_MARK:
                found.append(path)
    return found


def adopt_key(store: Store, extra: list[Path]) -> None:
    """If any file here (or in `extra`) is sealed, unlock it so that new saves are sealed too.

    A plan made again over encrypted backups (after plan.toml went missing) must not
    quietly start writing plain files beside them.
    """
    if store.keys.key is not None:
        return
    for path in [*store.private_files(), *extra]:
        with contextlib.suppress(OSError):
            data = path.read_bytes()
            if data.startswith(SEALED_MARK):
                store.open_sealed(data, path)
                return


def seal_leftovers(store: Store) -> int:
    """Seal every plain copy left in the data directory (older backups, own checklists).

    Runs after the plan itself is saved, so it never fails the command: anything it cannot
    do now is tried again at the next save.
    """
    sealed = 0
    for path in store.private_files():
        with contextlib.suppress(OSError, ExitplanError):
            data = path.read_bytes()
            if not data.startswith(SEALED_MARK):
                store.write_file(path, data)
                sealed += 1
    return sealed


def open_all(store: Store) -> dict[Path, bytes]:
    """Every private file as plain bytes, before a re-key; one that will not open stops it."""
    plain = {}
    for path in store.private_files():
        try:
            plain[path] = store.open_sealed(path.read_bytes(), path)
        except ExitplanError:
            raise PlanError(
                f"{path} cannot be opened with this passphrase (it may be damaged); "
                "move it out of the folder, or delete it, and try again"
            ) from None
    return plain


def reseal(store: Store, plain: dict[Path, bytes], key: Key | None) -> None:
    """Rewrite the files of `open_all` under a new key (None: as plain files). Needs the lock."""
    store.require_lock("reseal()")
    store.keys.use(key)
    # The plan goes last: if this is interrupted, the plan still says what it was, and
    # running the same command again finishes the job.
    for path in sorted(plain, key=lambda p: p == store.plan_path):
        store.write_file(path, plain[path])
