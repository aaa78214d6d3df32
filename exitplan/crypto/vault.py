"""Encryption at rest: shared pieces, and the legacy per-file format 1 (read-only now).

exitplan now seals every file with one random data key (:mod:`exitplan.crypto.datakey`, sealed-file
format 2) and keeps that key wrapped by the passphrase in one small key file
(:mod:`exitplan.crypto.keyfile`). This module holds what both share (the errors, the Argon2id
settings and the one place a key is derived) and the format written by earlier releases, in
which every file carried its own KDF settings and salt.

Format 1 is read-only now: ``open_legacy`` (and ``key_for`` + ``unseal``) keep reading it so that
a plan encrypted by an earlier release can be migrated (:mod:`exitplan.home.rekey`). The store never
writes it any more; ``seal`` is kept only so that tests can make such files. A format-1 file is
a fixed-layout header followed by the AES-GCM ciphertext and 16-byte tag. All integers are
big-endian::

    offset  size  field
    0       8     MAGIC  b"\\x89EXPLVT\\x00"
    8       1     format version (1)
    9       1     KDF id (1 = Argon2id)
    10      4     Argon2id memory cost, KiB (u32)
    14      4     Argon2id iterations / passes (u32)
    18      1     Argon2id lanes / parallelism (u8)
    19      1     salt length n (u8)
    20      n     salt
    20+n    12    AES-GCM nonce
    32+n    ...   ciphertext followed by the 16-byte tag

The whole header (bytes 0 to 32+n) is the AEAD associated data, so changing any header byte
makes decryption fail.

Costly headers: before any key is derived, the KDF settings of a file (format 1 or a key file)
must be exactly ones exitplan itself writes: ``STRONG`` (RFC 9106's second recommendation,
64 MiB, 3 passes, 4 lanes), or ``FAST_FOR_TESTS`` while ``EXITPLAN_TEST_FAST_KDF=1``. Anything
else is refused without deriving, so a crafted file cannot make exitplan spend more memory or
time than opening a real plan does.

``cryptography`` is imported only inside the functions that need it, so importing this module
stays cheap for commands that never touch the plan.
"""

from __future__ import annotations

import os
import struct
import unicodedata
from typing import NamedTuple

from exitplan.base.errors import ExitplanError

__all__ = [
    "FAST_FOR_TESTS",
    "FAST_KDF_ENV",
    "MAGIC",
    "STRONG",
    "DamagedFile",
    "DamagedKeyFile",
    "KdfParams",
    "Key",
    "OtherKey",
    "VaultError",
    "WrongPassphrase",
    "accepted_params",
    "check_params",
    "current_params",
    "derive_key",
    "is_sealed",
    "key_for",
    "open_legacy",
    "read_header",
    "seal",
    "sealed_version",
    "unseal",
]

# 0x89 can never start UTF-8 text and TOML forbids NUL, so no plain TOML plan starts like this.
MAGIC = b"\x89EXPLVT\x00"

FORMAT_VERSION = 1
KDF_ARGON2ID = 1

KEY_LEN = 32
SALT_LEN = 16
NONCE_LEN = 12
TAG_LEN = 16

# magic, version, KDF id, memory KiB, iterations, lanes, salt length
_FIXED = struct.Struct(">8sBBIIBB")

_FAST_MEMORY_KIB = 8 * 1024
_MIN_SALT = 16
_MAX_SALT = 64

FAST_KDF_ENV = "EXITPLAN_TEST_FAST_KDF"


class KdfParams(NamedTuple):
    """Argon2id cost parameters as stored in a sealed file's header."""

    memory_kib: int
    iterations: int
    lanes: int


# RFC 9106's second recommended Argon2id setting.
STRONG = KdfParams(memory_kib=65536, iterations=3, lanes=4)
# For the test suite only, and accepted only while its switch is on: Argon2's smallest cost.
FAST_FOR_TESTS = KdfParams(memory_kib=_FAST_MEMORY_KIB, iterations=1, lanes=1)


class VaultError(ExitplanError):
    """A sealed file or passphrase that cannot be used; the message is one plain line."""


class WrongPassphrase(VaultError):
    """The passphrase did not open the key file (or, for format 1, the file was altered)."""

    # Format 1 cannot tell a wrong passphrase from a changed file; a key file can.
    MESSAGE = "the passphrase is not right, or the file was changed"
    KEY_FILE_MESSAGE = "that passphrase did not open the plan"

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


class _Header(NamedTuple):
    params: KdfParams
    salt: bytes
    nonce: bytes
    length: int


def current_params() -> KdfParams:
    """Return STRONG, or FAST_FOR_TESTS when EXITPLAN_TEST_FAST_KDF=1 (test suite only)."""
    if os.environ.get(FAST_KDF_ENV) == "1":
        return FAST_FOR_TESTS
    return STRONG


def accepted_params() -> tuple[KdfParams, ...]:
    """The only KDF settings a file may ask for: STRONG, plus FAST_FOR_TESTS under the switch."""
    if os.environ.get(FAST_KDF_ENV) == "1":
        return (STRONG, FAST_FOR_TESTS)
    return (STRONG,)


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


class Key:
    """A derived key plus the salt and parameters it was made with."""

    __slots__ = ("_secret", "params", "salt")

    def __init__(self, secret: bytes, salt: bytes, params: KdfParams) -> None:
        if len(secret) != KEY_LEN:
            raise VaultError("an encryption key has the wrong length")
        _check_salt(salt)
        check_params(params)
        self._secret = bytes(secret)
        self.salt = bytes(salt)
        self.params = KdfParams(*params)

    @classmethod
    def derive(
        cls, passphrase: str, salt: bytes | None = None, params: KdfParams | None = None
    ) -> Key:
        """Derive a key from a passphrase; a new random salt when none is given."""
        if salt is None:
            salt = os.urandom(SALT_LEN)
        if params is None:
            params = current_params()
        return cls(derive_key(passphrase, salt, params), salt, params)

    def __repr__(self) -> str:
        # Never show key bytes: reprs end up in tracebacks and debug output.
        return f"Key(salt=<{len(self.salt)} bytes>, params={self.params!r})"


def is_sealed(data: bytes) -> bool:
    """Return True if data starts with the vault MAGIC."""
    return data[: len(MAGIC)] == MAGIC


def sealed_version(data: bytes) -> int | None:
    """The format version of a sealed file (1 legacy, 2 data key), or None if not sealed."""
    if not is_sealed(data) or len(data) <= len(MAGIC):
        return None
    return data[len(MAGIC)]


def _parse_header(data: bytes) -> _Header:
    if not is_sealed(data):
        raise VaultError("this is not an encrypted exitplan file")
    if len(data) < _FIXED.size:
        raise VaultError("the encrypted file is cut short; it may have been damaged")
    _magic, version, kdf_id, memory_kib, iterations, lanes, salt_len = _FIXED.unpack_from(data)
    if version != FORMAT_VERSION:
        raise VaultError(
            f"the encrypted file uses format version {version}, "
            "which this version of exitplan cannot read"
        )
    if kdf_id != KDF_ARGON2ID:
        raise VaultError("the encrypted file uses a key derivation this exitplan does not know")
    params = KdfParams(memory_kib, iterations, lanes)
    check_params(params)
    if not _MIN_SALT <= salt_len <= _MAX_SALT:
        raise VaultError("the encrypted file has a salt of an unsupported length")
    length = _FIXED.size + salt_len + NONCE_LEN
    if len(data) < length + TAG_LEN:
        raise VaultError("the encrypted file is cut short; it may have been damaged")
    salt = bytes(data[_FIXED.size : _FIXED.size + salt_len])
    nonce = bytes(data[length - NONCE_LEN : length])
    return _Header(params, salt, nonce, length)


def read_header(data: bytes) -> tuple[KdfParams, bytes]:
    """Return (params, salt) from a sealed file's header, checking bounds without any KDF work."""
    header = _parse_header(data)
    return header.params, header.salt


def _build_header(key: Key, nonce: bytes) -> bytes:
    fixed = _FIXED.pack(
        MAGIC,
        FORMAT_VERSION,
        KDF_ARGON2ID,
        key.params.memory_kib,
        key.params.iterations,
        key.params.lanes,
        len(key.salt),
    )
    return fixed + key.salt + nonce


def seal(plaintext: bytes, key: Key) -> bytes:
    """Encrypt plaintext with key under a fresh random nonce; return header + ciphertext."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    # A random 96-bit nonce per seal; one key seals only a handful of files per passphrase.
    nonce = os.urandom(NONCE_LEN)
    header = _build_header(key, nonce)
    return header + AESGCM(key._secret).encrypt(nonce, plaintext, header)


def unseal(data: bytes, key: Key) -> bytes:
    """Decrypt a sealed file; WrongPassphrase if authentication fails, VaultError if malformed."""
    header = _parse_header(data)
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    aad = bytes(data[: header.length])
    try:
        return AESGCM(key._secret).decrypt(header.nonce, bytes(data[header.length :]), aad)
    except InvalidTag:
        raise WrongPassphrase() from None


def key_for(data: bytes, passphrase: str) -> Key:
    """Derive the key for a sealed file from its header's salt and params and the passphrase."""
    params, salt = read_header(data)
    return Key.derive(passphrase, salt=salt, params=params)


def open_legacy(data: bytes, passphrase: str) -> bytes:
    """Open a format-1 file (written by earlier releases) with its passphrase."""
    return unseal(data, key_for(data, passphrase))
