"""The key session: the plan's data key for one run, and sealing and opening files with it.

Every sealed file of a plan is sealed with one random data key (sealed-file format 2,
:mod:`exitplan.crypto.datakey`); the key is kept wrapped by the passphrase in ``plan.key``
(:mod:`exitplan.crypto.keyfile`). A `KeySession` holds at most that one key, unwrapped at most
once per run (one key derivation), and only once a passphrase has opened the key file, so a mistyped
passphrase never sticks. Files written while a key is held are sealed with it; with no key they
are written plain.

Files sealed by earlier releases (format 1, a key derived per file) are still opened, with the
passphrase, so that they can be moved to the data key (:mod:`exitplan.home.rekey`); the passphrase
that opened one is kept for that move only.

For features with files of their own (the journal), `KeySession.codec()` gives the pair
``(seal, unseal)`` of callables on bytes (or ``(None, None)`` when the plan is plain).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from exitplan.base.errors import ExitplanError, PassphraseNeeded, PlanError, StorageError
from exitplan.base.limits import KEY_FILE, SEALED_MARK
from exitplan.disk import atomic

if TYPE_CHECKING:
    from pathlib import Path

    from exitplan.crypto.datakey import DataKey
    from exitplan.crypto.vault import Key
    from exitplan.home.store import Store

Hint = Callable[[], str]
Seal = Callable[[bytes], bytes]

KEY_FILE_MAX = 4096
WRONG = "that passphrase did not open the plan; nothing was read or written"


class KeySession:
    """The data key the files of this run are sealed with, and how to ask for the passphrase.

    `ask_passphrase` is called when the key file must be opened; after a wrong passphrase,
    `retry()` says whether to ask again (a terminal allows three tries in all).
    """

    def __init__(
        self,
        home: Path,
        ask_passphrase: Callable[[], str] | None = None,
        retry: Callable[[], bool] | None = None,
    ) -> None:
        self.home = home
        self._ask_passphrase = ask_passphrase
        self._retry = retry
        self.key: DataKey | None = None
        self._legacy: list[Key] = []
        self.legacy_passphrase: str | None = None

    @property
    def key_path(self) -> Path:
        """The key file: the data key wrapped by the passphrase."""
        return self.home / KEY_FILE

    def use(self, key: DataKey | None) -> None:
        """Seal every file written from now on with this key (None: write plain files)."""
        self.key = key

    def read_key_file(self) -> bytes | None:
        """The key file's bytes, or None when there is none."""
        try:
            with self.key_path.open("rb") as handle:
                return handle.read(KEY_FILE_MAX + 1)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise PlanError(f"{self.key_path}: cannot be read ({exc.strerror or exc})") from None

    def passphrase(self) -> str:
        """Ask for the passphrase (once per run: the asker keeps what was typed)."""
        if self._ask_passphrase is None:
            raise PassphraseNeeded("this plan is encrypted and no passphrase was given")
        return self._ask_passphrase()

    def unlock_key_file(self) -> DataKey:
        """The data key from the key file, asking for the passphrase (again after a wrong one)."""
        if self.key is not None:
            return self.key
        from exitplan.crypto.keyfile import open_key_file
        from exitplan.crypto.vault import DamagedKeyFile, VaultError, WrongPassphrase

        data = self.read_key_file()
        if data is None:
            raise PlanError(
                f"this plan is encrypted but its key file {self.key_path} is missing, so no "
                "passphrase can open it; if you have a copy of plan.key, put it back there"
            )
        while True:
            try:
                self.key = open_key_file(data, self.passphrase())
                return self.key
            except WrongPassphrase:
                if self._retry is not None and self._retry():
                    continue
                raise WrongPassphrase(WRONG) from None
            except DamagedKeyFile:
                raise DamagedKeyFile(
                    f"the key file {self.key_path} is damaged, so no passphrase can open the "
                    "plan; nothing was changed (if you have a copy of plan.key, put it back)"
                ) from None
            except VaultError as exc:
                raise PlanError(f"{self.key_path}: {str(exc).rstrip('.')}") from None

    def unlock(self, data: bytes) -> bytes:
        """Open sealed bytes: format 2 with the data key, format 1 with the passphrase."""
        from exitplan.crypto.datakey import open_with
        from exitplan.crypto.vault import sealed_version

        if sealed_version(data) == 1:
            return self._open_legacy(data)
        return open_with(data, self.unlock_key_file())

    def _open_legacy(self, data: bytes) -> bytes:
        from exitplan.crypto.vault import key_for, read_header, unseal

        params, salt = read_header(data)
        for key in self._legacy:
            if (key.params, key.salt) == (params, salt):
                return unseal(data, key)
        passphrase = self.legacy_passphrase or self.passphrase()
        key = key_for(data, passphrase)
        plain = unseal(data, key)
        self._legacy.append(key)
        self.legacy_passphrase = passphrase
        return plain

    def open(self, data: bytes, path: Path, *, wrong: Hint, damaged: Hint) -> bytes:
        """Plain bytes of a file that may be sealed, with one plain message when it will not open.

        `wrong` and `damaged` add advice to the message, and are only called on a failure.
        """
        if not data.startswith(SEALED_MARK):
            return data
        from exitplan.crypto.vault import (
            DamagedFile,
            DamagedKeyFile,
            OtherKey,
            VaultError,
            WrongPassphrase,
        )

        try:
            return self.unlock(data)
        except WrongPassphrase as exc:
            if str(exc) == WRONG:
                raise
            raise WrongPassphrase(
                "the passphrase is not right, or the file was changed; nothing was written."
                f"{wrong()}"
            ) from None
        except OtherKey:
            raise PlanError(
                f"{path}: is sealed with a key other than this plan's (another plan's, or one "
                "from before the last 'exitplan encrypt'); it was left as it is"
            ) from None
        except DamagedFile:
            hint = damaged()
            raise PlanError(
                f"{path}: was changed or damaged after it was written; it was not read"
                + (f".{hint}" if hint else "")
            ) from None
        except DamagedKeyFile:
            raise
        except VaultError as exc:
            reason, hint = str(exc).rstrip("."), damaged()
            raise PlanError(f"{path}: {reason}" + (f".{hint}" if hint else "")) from None

    def open_cache(self, data: bytes, plan_head: bytes | None) -> bytes | None:
        """Plain bytes of a cache file, or None when it does not belong to the current plan.

        Only a cache sealed with the data key the plan (first bytes `plan_head`) names is used.
        """
        if plan_head is None:
            return None
        plan_sealed = plan_head.startswith(SEALED_MARK)
        if not data.startswith(SEALED_MARK):
            return None if plan_sealed else data
        if not plan_sealed:
            return None
        from exitplan.crypto.datakey import key_id_of
        from exitplan.crypto.vault import VaultError

        try:
            if key_id_of(data) != key_id_of(plan_head + bytes(2048)):
                return None
            return self.unlock(data)
        except VaultError:
            return None

    def seal(self, plain: bytes) -> bytes:
        """Plain bytes sealed with the data key held (format 2)."""
        from exitplan.crypto.datakey import seal_with

        if self.key is None:  # pragma: no cover - callers check
            raise RuntimeError("no data key is held")
        return seal_with(plain, self.key)

    def codec(self) -> tuple[Seal | None, Seal | None]:
        """``(seal, unseal)`` on bytes with the plan's data key, or ``(None, None)`` when plain.

        For files a feature keeps on its own (the journal): ``seal(plain) -> sealed`` and
        ``unseal(sealed) -> plain``; `unseal` raises a `VaultError` for bytes it did not seal
        (another key: `OtherKey`; changed: `DamagedFile`). No key derivation happens here: the
        key is the one already unlocked (call after the plan was read).
        """
        key = self.key
        if key is None:
            return None, None
        from exitplan.crypto.datakey import open_with, seal_with

        return (lambda plain: seal_with(plain, key)), (lambda sealed: open_with(sealed, key))

    def write(self, path: Path, plain: bytes, *, sync_folder: bool = True) -> None:
        """Write a file atomically, sealed when a key is held (read back before it replaces)."""
        if self.key is None:
            atomic.write_atomic(path, plain, sync_folder=sync_folder)
            return
        from exitplan.crypto.datakey import open_with, seal_with

        key = self.key
        sealed = seal_with(plain, key)

        def verify(tmp: Path) -> None:
            if open_with(tmp.read_bytes(), key) != plain:  # pragma: no cover - a broken disk
                raise StorageError(f"could not verify {path.name}; nothing was replaced")

        atomic.write_atomic(path, sealed, verify=verify, sync_folder=sync_folder)


def is_plain(path: Path) -> bool:
    """Whether a regular file exists and is not sealed (a link or a FIFO is never opened)."""
    from exitplan.disk.safeio import read_capped

    try:
        return read_capped(path, len(SEALED_MARK))[: len(SEALED_MARK)] != SEALED_MARK
    except OSError:
        return False


def plain_files(store: Store) -> list[Path]:
    """Private files (plan, backups, own checklists, cache, journal) that are not sealed."""
    return [path for path in store.all_private_files() if is_plain(path)]


def adopt_key(store: Store, extra: list[Path]) -> None:
    """If this home is encrypted, unlock its key so that new saves are sealed too.

    A plan made again over encrypted backups (after plan.toml went missing) must not
    quietly start writing plain files beside them.
    """
    if store.keys.key is not None:
        return
    if store.keys.key_path.exists():
        store.keys.unlock_key_file()
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
                from exitplan.home.backups import keep_time

                keep_time(path, lambda: store.write_file(path, data))  # noqa: B023
                sealed += 1
    return sealed
