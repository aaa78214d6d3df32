"""Files sealed with the plan's one random data key: sealed-file format 2 (no KDF per file).

The data key is 32 random bytes made once per plan and kept wrapped by the passphrase in the key
file (:mod:`exitplan.crypto.keyfile`). A sealed file names the key it needs by its key id, so a file
sealed for another plan (or another key file) is told apart from a file that was changed. All
integers are big-endian::

    offset  size  field
    0       8     MAGIC  b"\\x89EXPLVT\\x00"  (the same as format 1: one test for "is sealed")
    8       1     format version (2)
    9       16    key id of the data key (random, in clear)
    25      12    AES-GCM nonce (random per seal)
    37      ...   AES-256-GCM ciphertext of the padded body, then the 16-byte tag

The header (bytes 0 to 37) is the AEAD associated data: changing any header byte makes the file
fail to open. The padded body, sealed inside the ciphertext, is::

    0       8     true length n of the plaintext (u64)
    8       n     plaintext
    8+n     ...   zero bytes up to the size class

Size classes of the padded body: the next power of two from 1 KiB up to 1 MiB (1, 2, 4, ...,
1024 KiB), then the next whole MiB. A sealed file is 53 bytes (header and tag) longer than its
class, so its size tells only the class, never a note's exact length. Example: 1, 100 and 1000
byte plaintexts all seal to 1077 bytes; 5000 bytes seals to 8245 bytes.

Nonces are 96 random bits per seal; a plan writes a few files per save, far below the 2**32
seals under one key that random nonces are safe for.
"""

from __future__ import annotations

import hmac
import os
import struct
from collections.abc import Sequence

from exitplan.crypto.vault import MAGIC, DamagedFile, OtherKey, VaultError

__all__ = [
    "FORMAT_VERSION",
    "HEADER_SIZE",
    "KEY_ID_LEN",
    "DataKey",
    "key_id_of",
    "open_with",
    "open_with_any",
    "padded_size",
    "seal_with",
]

FORMAT_VERSION = 2
KEY_LEN = 32
KEY_ID_LEN = 16
NONCE_LEN = 12
TAG_LEN = 16

# magic, version, key id, nonce
_HEADER = struct.Struct(f">8sB{KEY_ID_LEN}s{NONCE_LEN}s")
HEADER_SIZE = _HEADER.size
_LENGTH = struct.Struct(">Q")

_KIB = 1024
_MIB = 1024 * 1024


class DataKey:
    """The plan's data key and its key id; never shows the key bytes."""

    __slots__ = ("_secret", "key_id")

    def __init__(self, secret: bytes, key_id: bytes) -> None:
        if len(secret) != KEY_LEN or len(key_id) != KEY_ID_LEN:
            raise VaultError("an encryption key has the wrong length")
        self._secret = bytes(secret)
        self.key_id = bytes(key_id)

    @classmethod
    def generate(cls) -> DataKey:
        """A new random data key with a new random key id."""
        return cls(os.urandom(KEY_LEN), os.urandom(KEY_ID_LEN))

    def secret_bytes(self) -> bytes:
        """The raw key, for wrapping it in the key file only."""
        return self._secret

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DataKey):
            return NotImplemented
        return hmac.compare_digest(self._secret + self.key_id, other._secret + other.key_id)

    __hash__ = None  # type: ignore[assignment]  # mutable-looking secret holder: not a dict key

    def __repr__(self) -> str:
        # Never show key bytes: reprs end up in tracebacks and debug output.
        return f"DataKey(key_id={self.key_id.hex()})"


def padded_size(length: int) -> int:
    """The size class of a padded body holding `length` plaintext bytes (see the docstring)."""
    needed = _LENGTH.size + length
    if needed > _MIB:
        return -(-needed // _MIB) * _MIB
    size = _KIB
    while size < needed:
        size *= 2
    return size


def sealed_size(length: int) -> int:
    """The size of the sealed file for a plaintext of `length` bytes (a cap on reading one)."""
    return HEADER_SIZE + padded_size(length) + TAG_LEN


def _parse(data: bytes) -> tuple[bytes, bytes]:
    """(key id, nonce) of a format-2 file, checking everything that needs no key."""
    if data[: len(MAGIC)] != MAGIC:
        raise VaultError("this is not an encrypted exitplan file")
    if len(data) < len(MAGIC) + 1:
        raise DamagedFile("the encrypted file is cut short; it may have been damaged")
    version = data[len(MAGIC)]
    if version != FORMAT_VERSION:
        raise VaultError(
            f"the encrypted file uses format version {version}, which this reader does not open"
        )
    if len(data) < HEADER_SIZE + _KIB + TAG_LEN:
        raise DamagedFile("the encrypted file is cut short; it may have been damaged")
    _magic, _version, key_id, nonce = _HEADER.unpack_from(data)
    return key_id, nonce


def key_id_of(data: bytes) -> bytes:
    """The key id a format-2 sealed file needs (no key needed)."""
    return _parse(data)[0]


def seal_with(plaintext: bytes, key: DataKey) -> bytes:
    """Pad plaintext to its size class and seal it with the data key under a fresh nonce."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    nonce = os.urandom(NONCE_LEN)
    header = _HEADER.pack(MAGIC, FORMAT_VERSION, key.key_id, nonce)
    body = _LENGTH.pack(len(plaintext)) + plaintext
    body += bytes(padded_size(len(plaintext)) - len(body))
    return header + AESGCM(key.secret_bytes()).encrypt(nonce, body, header)


def open_with_any(data: bytes, keys: Sequence[DataKey]) -> bytes:
    """Open a format-2 file with whichever of `keys` it names (a passphrase change in progress
    holds two); OtherKey if it names none of them."""
    key_id = _parse(data)[0]
    for key in keys:
        if hmac.compare_digest(key_id, key.key_id):
            return open_with(data, key)
    raise OtherKey()


def open_with(data: bytes, key: DataKey) -> bytes:
    """Open a format-2 file; OtherKey if it names another key, DamagedFile if it was changed."""
    key_id, nonce = _parse(data)
    if not hmac.compare_digest(key_id, key.key_id):
        raise OtherKey()
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    header = bytes(data[:HEADER_SIZE])
    try:
        body = AESGCM(key.secret_bytes()).decrypt(nonce, bytes(data[HEADER_SIZE:]), header)
    except InvalidTag:
        raise DamagedFile() from None
    # Authenticated, so only a bug could break these; still never return a wrong slice.
    (length,) = _LENGTH.unpack_from(body)
    end = _LENGTH.size + length
    if end > len(body) or body[end:] != bytes(len(body) - end):
        raise DamagedFile()
    return body[_LENGTH.size : end]
