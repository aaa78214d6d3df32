"""The key session: the plan's data key for one run, and sealing and opening files with it.

Every sealed file of a plan is sealed with one random data key (sealed-file format 2,
:mod:`exitplan.crypto.datakey`); the key is kept wrapped by the passphrase in ``plan.key``
(:mod:`exitplan.crypto.keyfile`). A `KeySession` holds that key, unwrapped at most once per run
(one key derivation), and only once a passphrase has opened the key file, so a mistyped
passphrase never sticks. Files written while a key is held are sealed with it; with no key they
are written plain.

While a passphrase change is being finished, ``plan.key.next`` is there too: either passphrase
then opens both keys (the old one in `key`, the new one in `others`), so every file opens
whichever key it is sealed with, until the change is done (:mod:`exitplan.home.rekey`).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from exitplan.base.errors import ExitplanError, PassphraseNeeded, PlanError, StorageError, os_reason
from exitplan.base.i18n import N_, _
from exitplan.base.limits import (
    BACKUP_DIR,
    CHECKLIST_DIR,
    JOURNAL_DIR,
    KEY_FILE,
    MAX_PLAN_BYTES,
    NEXT_KEY_FILE,
    PLAN_FILE,
    SEALED_COPY_MARK,
    SEALED_MARK,
    VOUCH_FILE,
)
from exitplan.crypto import datakey, keyfile, vault
from exitplan.disk import atomic, safeio
from exitplan.disk.paths import key_file_here
from exitplan.home.backups import keep_time

if TYPE_CHECKING:
    from pathlib import Path


Hint = Callable[[], str]


class SealedFiles(Protocol):
    """What sealing a home's files needs of it (a `store.Store` is one)."""

    @property
    def keys(self) -> KeySession: ...

    def private_files(self) -> list[Path]: ...

    def all_private_files(self) -> list[Path]: ...

    def read_raw(self, path: Path | None = None) -> bytes: ...

    def open_sealed(self, data: bytes, path: Path) -> bytes: ...

    def write_file(self, path: Path, plain: bytes, *, sync_folder: bool = True) -> None: ...

    def vouched(self, path: Path, data: bytes) -> bool: ...


WRONG = N_("that passphrase did not open the plan; nothing was read or written")


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
        self.key: datakey.DataKey | None = None
        self.others: tuple[datakey.DataKey, ...] = ()  # the new key, while a passphrase change runs

    @property
    def key_path(self) -> Path:
        """The key file: the data key wrapped by the passphrase."""
        return self.home / KEY_FILE

    @property
    def next_path(self) -> Path:
        """The next key file, there only while a passphrase change is unfinished."""
        return self.home / NEXT_KEY_FILE

    def keyed(self) -> bool:
        """Whether a key file is here: plan.key, or the next one while a passphrase change is
        unfinished (either means the home was encrypted, and either can unlock it)."""
        return key_file_here(self.home)

    @property
    def ring(self) -> tuple[datakey.DataKey, ...]:
        """Every key held: a file opens with whichever of them it names."""
        return (self.key, *self.others) if self.key is not None else self.others

    def use(self, key: datakey.DataKey | None) -> None:
        """Seal every file written from now on with this key (None: write plain files)."""
        self.key = key

    def read_key_file(self, path: Path | None = None) -> bytes | None:
        """The key file's (or the next key file's) bytes, or None when there is none.

        Read like every file of the home: a link or a FIFO there is refused, never followed or
        waited on."""
        path = path or self.key_path
        try:
            return safeio.read_capped(path, keyfile.MAX_KEY_FILE_SIZE)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise PlanError(
                _("{path}: cannot be read ({reason})").format(path=path, reason=os_reason(exc))
            ) from None

    def change_in_progress(self) -> bool:
        """Whether a passphrase change was stopped before it finished (plan.key.next is there
        and plan.key does not hold its new key yet)."""

        if not safeio.is_link(self.next_path) and not self.next_path.exists():
            return False
        try:
            upcoming = self.read_key_file(self.next_path)
            current = self.read_key_file()
            if upcoming is None:
                return False
            return (
                current is None
                or keyfile.key_file_id(current) != keyfile.next_file_ids(upcoming)[1]
            )
        except (vault.VaultError, PlanError):
            return True

    def passphrase(self) -> str:
        """Ask for the passphrase (once per run: the asker keeps what was typed)."""
        if self._ask_passphrase is None:
            raise PassphraseNeeded(_("this plan is encrypted and no passphrase was given"))
        return self._ask_passphrase()

    def unlock_key_file(self) -> datakey.DataKey:
        """The data key from the key file, asking for the passphrase (again after a wrong one).

        While a passphrase change is unfinished, either passphrase opens both keys."""
        if self.key is not None:
            return self.key

        data = self.read_key_file()
        upcoming = self.read_key_file(self.next_path) if self.change_in_progress() else None
        if data is None and upcoming is None:
            raise PlanError(
                _(
                    "this plan is encrypted but its key file {key_path} is missing, so no "
                    "passphrase can open it; if you have a copy of plan.key, put it back there"
                ).format(key_path=self.key_path)
            )
        while True:
            try:
                self._open_keys(data, upcoming, self.passphrase())
                self._refuse_a_key_put_back()
                return self.key  # type: ignore[return-value]  # set by _open_keys
            except vault.WrongPassphrase:
                if self._retry is not None and self._retry():
                    continue
                raise vault.WrongPassphrase(_(WRONG)) from None
            except vault.DamagedKeyFile as exc:
                which = self.next_path if "next" in str(exc) else self.key_path
                raise vault.DamagedKeyFile(
                    _(
                        "the key file {path} is damaged, so no passphrase can open the "
                        "plan; nothing was changed (if you have a copy of it, put it back)"
                    ).format(path=which)
                ) from None
            except vault.VaultError as exc:
                raise PlanError(f"{self.key_path}: {str(exc).rstrip('.')}") from None

    def _refuse_a_key_put_back(self) -> None:
        """Refuse a key that opens none of the sealed files here (an old plan.key put back
        after a passphrase change): with it the plan would read as empty, and new files would
        be sealed with a key the rest of the home does not use."""
        held = {key.key_id for key in self.ring}
        found = False
        for path in self._sealed_files():
            try:
                head = safeio.read_capped(path, datakey.HEADER_SIZE)
                if not head.startswith(SEALED_MARK):
                    continue
                key_id = datakey.key_id_of(head + bytes(4096))
            except (OSError, vault.VaultError):
                continue
            if key_id in held:
                return
            found = True
        if found:
            self.key, self.others = None, ()
            raise PlanError(
                _(
                    "{path} opens none of the encrypted files in {home}: it was put back from "
                    "before a passphrase change, or it is another plan's. Nothing was read or "
                    "written; put back the plan.key that goes with these files"
                ).format(path=self.key_path, home=self.home)
            )

    def _sealed_files(self) -> list[Path]:
        """The files a key could be checked against: the plan, backups, own checklists, the
        journal's records and the sealed list of an unfinished encrypt or decrypt."""
        files = [self.home / PLAN_FILE, self.home / VOUCH_FILE]
        kinds = ((BACKUP_DIR, ".toml"), (CHECKLIST_DIR, ".toml"), (JOURNAL_DIR, ".rec"))
        for folder, suffix in kinds:
            with contextlib.suppress(OSError):
                files += sorted(
                    self.home / folder / entry.name
                    for entry in os.scandir(self.home / folder)
                    if entry.name.endswith(suffix) and entry.is_file(follow_symlinks=False)
                )
        return files

    def _open_keys(self, data: bytes | None, upcoming: bytes | None, passphrase: str) -> None:

        key = None
        if data is not None:
            try:
                key = keyfile.open_key_file(data, passphrase)
            except vault.WrongPassphrase:
                if upcoming is None:
                    raise
        if upcoming is None:
            self.key, self.others = key, ()
            return
        old, new = (
            keyfile.open_next_file(upcoming, old=key)
            if key is not None
            else keyfile.open_next_file(upcoming, passphrase=passphrase)
        )
        self.key, self.others = old, (new,)

    def unlock(self, data: bytes) -> bytes:
        """Open sealed bytes with the data key (or keys) held, unlocking the key file first."""

        self.unlock_key_file()
        return datakey.open_with_any(data, self.ring)

    def open(self, data: bytes, path: Path, *, wrong: Hint, damaged: Hint) -> bytes:
        """Plain bytes of a file that may be sealed, with one plain message when it will not open.

        `wrong` and `damaged` add advice to the message, and are only called on a failure.
        """
        if not data.startswith(SEALED_MARK):
            return data

        try:
            return self.unlock(data)
        except vault.WrongPassphrase as exc:
            if str(exc) == _(WRONG):
                raise
            raise vault.WrongPassphrase(
                _("the passphrase is not right, or the file was changed; nothing was written.")
                + wrong()
            ) from None
        except vault.OtherKey:
            raise PlanError(
                _(
                    "{path}: is sealed with a key other than the one in plan.key (another plan's, "
                    "or plan.key was put back from before an encrypt or a passphrase change); it "
                    "was left as it is"
                ).format(path=path)
            ) from None
        except vault.DamagedFile:
            hint = damaged()
            raise PlanError(
                _("{path}: was changed or damaged after it was written; it was not read").format(
                    path=path
                )
                + (f".{hint}" if hint else "")
            ) from None
        except vault.DamagedKeyFile:
            raise
        except vault.VaultError as exc:
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

        try:
            if datakey.key_id_of(data) != datakey.key_id_of(plan_head + bytes(2048)):
                return None
            return self.unlock(data)
        except vault.VaultError:
            return None

    def seal(self, plain: bytes) -> bytes:
        """Plain bytes sealed with the data key held (format 2)."""

        if self.key is None:  # pragma: no cover - callers check
            raise RuntimeError("no data key is held")
        return datakey.seal_with(plain, self.key)

    def write(self, path: Path, plain: bytes, *, sync_folder: bool = True) -> None:
        """Write a file atomically, sealed when a key is held (read back before it replaces)."""
        if self.key is None:
            atomic.write_atomic(path, plain, sync_folder=sync_folder)
            return

        key = self.key
        sealed = datakey.seal_with(plain, key)

        def verify(tmp: Path) -> None:
            if (
                datakey.open_with(safeio.read_capped(tmp, len(sealed)), key) != plain
            ):  # pragma: no cover
                raise StorageError(
                    _("could not verify {name}; nothing was replaced").format(name=path.name)
                )

        atomic.write_atomic(path, sealed, verify=verify, sync_folder=sync_folder)


def is_plain(path: Path) -> bool:
    """Whether a regular file exists and is not sealed (a link or a FIFO is never opened)."""
    try:
        head = safeio.read_capped(path, len(SEALED_MARK))[: len(SEALED_MARK)]
    except OSError:
        return False
    return head not in (SEALED_MARK, SEALED_COPY_MARK)


def plain_files(store: SealedFiles) -> list[Path]:
    """Private files (plan, backups, own checklists, cache, journal) that are not sealed."""
    return [path for path in store.all_private_files() if is_plain(path)]


def adopt_key(store: SealedFiles, extra: list[Path]) -> None:
    """If this home is encrypted, unlock its key so that new saves are sealed too.

    A plan made again over encrypted backups (after plan.toml went missing) must not
    quietly start writing plain files beside them.
    """
    if store.keys.key is not None:
        return
    if store.keys.keyed():
        store.keys.unlock_key_file()
        return
    for path in [*store.private_files(), *extra]:
        with contextlib.suppress(OSError):
            data = safeio.read_capped(path, MAX_PLAN_BYTES)
            if data.startswith(SEALED_MARK):
                store.open_sealed(data, path)
                return


def seal_leftovers(store: SealedFiles) -> int:
    """Seal every plain copy left in the data directory (older backups, own checklists) that
    an unfinished encrypt vouches for; one nothing vouches for was not written by exitplan and
    is never sealed (exitplan.home.vouch).

    Runs after the plan itself is saved, so it never fails the command: anything it cannot
    do now is tried again at the next save.
    """
    sealed = 0
    for path in store.private_files():
        with contextlib.suppress(OSError, ExitplanError):
            data = store.read_raw(path)
            if not data.startswith(SEALED_MARK) and store.vouched(path, data):
                keep_time(path, lambda: store.write_file(path, data))  # noqa: B023
                sealed += 1
    return sealed
