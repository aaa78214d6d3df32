"""Encryption at rest: what every sealed file shares: the errors, the Argon2id settings, one KDF.

exitplan seals every file with one random data key (:mod:`exitplan.crypto.datakey`, sealed-file
format 2; large kept copies in chunks, :mod:`exitplan.crypto.stream`) and keeps that key wrapped
by the passphrase in one small key file (:mod:`exitplan.crypto.keyfile`). This module holds what
they share: the errors, the Argon2id settings and the one place a key is derived.

Every sealed file starts with ``MAGIC`` and a format version byte. Format 1 (a key derived per
file) was never released and is not read: a file in it is "a format this version cannot read".

Costly headers: before any key is derived, the KDF settings of a key file must be exactly ones
exitplan itself writes: ``STRONG`` (RFC 9106's second recommendation, 64 MiB, 3 passes, 4
lanes), the one entry of ``ACCEPTED_PARAMS``. Anything else is refused without deriving, so a
crafted file cannot make exitplan spend more memory or time than opening a real plan does.

``WRITE_PARAMS`` and ``ACCEPTED_PARAMS`` are plain settings: exitplan reads no switch. Only the
tests' own entry point (``tests/helpers_exitplan.py``) and their fixtures set cheaper ones, so
thousands of encryptions take seconds.

``cryptography`` is imported only inside the functions that need it, so importing this module
stays cheap for commands that never touch the plan.
"""

from __future__ import annotations

import unicodedata
from typing import NamedTuple

from exitplan.base.errors import ExitplanError
from exitplan.base.limits import SEALED_MARK

__all__ = [
    "ACCEPTED_PARAMS",
    "MAGIC",
    "STRONG",
    "WRITE_PARAMS",
    "DamagedFile",
    "DamagedKeyFile",
    "KdfParams",
    "OtherKey",
    "VaultError",
    "WrongPassphrase",
    "accepted_params",
    "check_params",
    "current_params",
    "derive_key",
    "is_sealed",
]

# 0x89 can never start UTF-8 text and TOML forbids NUL, so no plain TOML plan starts like this.
MAGIC = SEALED_MARK

KDF_ARGON2ID = 1

KEY_LEN = 32

_MIN_SALT = 16
_MAX_SALT = 64


class KdfParams(NamedTuple):
    """Argon2id cost parameters as stored in a sealed file's header."""

    memory_kib: int
    iterations: int
    lanes: int


# RFC 9106's second recommended Argon2id setting.
STRONG = KdfParams(memory_kib=65536, iterations=3, lanes=4)
# For the test suite only, and accepted only while its switch is on: Argon2's smallest cost.
# The settings new key files are written with, and the only ones a key file may ask for.
WRITE_PARAMS = STRONG
ACCEPTED_PARAMS: tuple[KdfParams, ...] = (STRONG,)


class VaultError(ExitplanError):
    """A sealed file or passphrase that cannot be used; the message is one plain line."""


class WrongPassphrase(VaultError):
    """The passphrase did not open the key file."""

    MESSAGE = KEY_FILE_MESSAGE = "that passphrase did not open the plan"

    def __init__(self, message: str = MESSAGE) -> None:
        super().__init__(message)


class DamagedKeyFile(VaultError):
    """The key file's checksum does not match: it was damaged, whatever the passphrase."""

    MESSAGE = "the plan's key file is damaged, so no passphrase can open it; nothing was read"

    def __init__(self, message: str = MESSAGE) -> None:
        super().__init__(message)


class OtherKey(VaultError):
    """A sealed file names a different data key than the one in hand."""

    MESSAGE = "this encrypted file was sealed with a different key, not this plan's key"

    def __init__(self, message: str = MESSAGE) -> None:
        super().__init__(message)


class DamagedFile(VaultError):
    """A file sealed with the right data key does not authenticate: it was changed."""

    MESSAGE = "this encrypted file was changed or damaged after it was written; it was not read"

    def __init__(self, message: str = MESSAGE) -> None:
        super().__init__(message)


def current_params() -> KdfParams:
    """The settings a new key file is written with (STRONG)."""
    return WRITE_PARAMS


def accepted_params() -> tuple[KdfParams, ...]:
    """The only KDF settings a file may ask for (STRONG)."""
    return ACCEPTED_PARAMS


def check_params(params: KdfParams, what: str = "the encrypted file") -> None:
    """Refuse KDF settings exitplan does not write; called before any derivation."""
    if KdfParams(*params) not in accepted_params():
        raise VaultError(
            f"{what} asks for key derivation settings exitplan does not use, so it was not opened"
        )


def _check_salt(salt: bytes) -> None:
    if not _MIN_SALT <= len(salt) <= _MAX_SALT:
        raise VaultError("the encrypted file has a salt of an unsupported length")


def _encode_passphrase(passphrase: str) -> bytes:
    if not passphrase:
        raise VaultError("the passphrase cannot be empty")
    try:
        # NFC so the same passphrase typed on different keyboards or systems gives the same key.
        return unicodedata.normalize("NFC", passphrase).encode("utf-8")
    except UnicodeEncodeError:
        raise VaultError("the passphrase contains characters that cannot be used") from None


def _derive_secret(secret: bytes, salt: bytes, params: KdfParams) -> bytes:
    """Run Argon2id; the only place key derivation work happens."""
    try:
        from cryptography.exceptions import UnsupportedAlgorithm
        from cryptography.hazmat.primitives.kdf.argon2 import Argon2id
    except ImportError:
        raise VaultError(
            "encryption needs the Python package 'cryptography', version 44 or newer"
        ) from None
    try:
        kdf = Argon2id(
            salt=salt,
            length=KEY_LEN,
            iterations=params.iterations,
            lanes=params.lanes,
            memory_cost=params.memory_kib,
        )
        return kdf.derive(secret)
    except UnsupportedAlgorithm:
        raise VaultError(
            "this computer's encryption library cannot do Argon2id (is it in FIPS mode?)"
        ) from None
    except MemoryError:
        raise VaultError("there is not enough free memory to unlock the file") from None


def derive_key(passphrase: str, salt: bytes, params: KdfParams) -> bytes:
    """The 32-byte key Argon2id derives from a passphrase; params are checked first."""
    check_params(params)
    _check_salt(salt)
    return _derive_secret(_encode_passphrase(passphrase), salt, params)


def is_sealed(data: bytes) -> bool:
    """Return True if data starts with the vault MAGIC."""
    return data[: len(MAGIC)] == MAGIC
