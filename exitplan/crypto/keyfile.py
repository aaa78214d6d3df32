"""The key file: the plan's one data key, wrapped by the passphrase (as LUKS key slots do).

Every sealed file of a plan is sealed with one random data key (:mod:`exitplan.crypto.datakey`).
This small file holds that key, wrapped with AES-256-GCM under a key that Argon2id derives from the
passphrase. Changing the passphrase rewraps the same data key under a new salt and replaces this one
file; no other file changes. All integers are big-endian; version 1 is exactly 143 bytes::

    offset  size  field
    0       8     KEY_MAGIC  b"\\x89EXPLKY\\x00"
    8       1     key file version (1)
    9       1     KDF id (1 = Argon2id)
    10      4     Argon2id memory cost, KiB (u32)
    14      4     Argon2id iterations / passes (u32)
    18      1     Argon2id lanes / parallelism (u8)
    19      16    salt
    35      16    key id (random, in clear; sealed files name the key they need by it)
    51      12    AES-GCM nonce
    63      48    the wrapped data key: 32 bytes of ciphertext, then the 16-byte tag
    111     32    SHA-256 of bytes 0 to 111 (in every version: the last 32 bytes)

Bytes 0 to 63 are the AEAD associated data of the wrapped key. The checksum is plain (no key):
it tells a DAMAGED file (checksum wrong: ``DamagedKeyFile``, whatever the passphrase) from a
WRONG PASSPHRASE (checksum right, the tag does not verify: ``WrongPassphrase``). Someone who edits
the file and recomputes the checksum gets "wrong passphrase", never an opened plan.

Opening checks, in this order and before any key is derived: size (at most 4 KiB), checksum,
magic, version, KDF id, then the KDF settings, which must be exactly ones exitplan writes
(see :func:`exitplan.crypto.vault.check_params`).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import struct
from typing import NamedTuple

from exitplan.crypto.datakey import KEY_ID_LEN, KEY_LEN, DataKey
from exitplan.crypto.vault import (
    KDF_ARGON2ID,
    DamagedKeyFile,
    KdfParams,
    VaultError,
    WrongPassphrase,
    check_params,
    current_params,
    derive_key,
)

__all__ = [
    "KEY_FILE_SIZE",
    "KEY_MAGIC",
    "key_file_id",
    "new_key_file",
    "open_key_file",
    "rewrap_key_file",
    "wrap_key",
]

# 0x89 can never start UTF-8 text, so a key file is never mistaken for a plan or a checklist.
KEY_MAGIC = b"\x89EXPLKY\x00"
KEY_FILE_VERSION = 1
SALT_LEN = 16
NONCE_LEN = 12
TAG_LEN = 16
CHECKSUM_LEN = 32
MAX_KEY_FILE_SIZE = 4096

# magic, version, KDF id, memory KiB, iterations, lanes, salt, key id, nonce
_HEAD = struct.Struct(f">8sBBIIB{SALT_LEN}s{KEY_ID_LEN}s{NONCE_LEN}s")
_WRAPPED_LEN = KEY_LEN + TAG_LEN
KEY_FILE_SIZE = _HEAD.size + _WRAPPED_LEN + CHECKSUM_LEN


class _Slot(NamedTuple):
    params: KdfParams
    salt: bytes
    key_id: bytes
    nonce: bytes
    head: bytes
    wrapped: bytes


def _checksum(body: bytes) -> bytes:
    return hashlib.sha256(body).digest()


def wrap_key(key: DataKey, passphrase: str, params: KdfParams | None = None) -> bytes:
    """A key file holding `key`, wrapped by `passphrase` under a new salt and nonce."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    params = current_params() if params is None else KdfParams(*params)
    salt = os.urandom(SALT_LEN)
    nonce = os.urandom(NONCE_LEN)
    kek = derive_key(passphrase, salt, params)
    head = _HEAD.pack(
        KEY_MAGIC,
        KEY_FILE_VERSION,
        KDF_ARGON2ID,
        params.memory_kib,
        params.iterations,
        params.lanes,
        salt,
        key.key_id,
        nonce,
    )
    body = head + AESGCM(kek).encrypt(nonce, key.secret_bytes(), head)
    return body + _checksum(body)


def new_key_file(passphrase: str) -> tuple[DataKey, bytes]:
    """A new random data key and the key file that wraps it with the passphrase."""
    key = DataKey.generate()
    return key, wrap_key(key, passphrase)


def _checked(data: bytes) -> _Slot:
    """The fields of a key file whose checksum and fields are sound (no KDF work)."""
    if len(data) > MAX_KEY_FILE_SIZE:
        raise VaultError("this file is far too large to be an exitplan key file")
    if len(data) < CHECKSUM_LEN + len(KEY_MAGIC) + 1:
        raise DamagedKeyFile("the plan's key file is cut short; it was damaged")
    body, stored = bytes(data[:-CHECKSUM_LEN]), bytes(data[-CHECKSUM_LEN:])
    if not hmac.compare_digest(_checksum(body), stored):
        raise DamagedKeyFile()
    if body[: len(KEY_MAGIC)] != KEY_MAGIC:
        raise VaultError("this is not an exitplan key file")
    version = body[len(KEY_MAGIC)]
    if version != KEY_FILE_VERSION:
        raise VaultError(
            f"the key file uses version {version}, which this version of exitplan cannot read"
        )
    if len(data) != KEY_FILE_SIZE:
        raise DamagedKeyFile("the plan's key file has the wrong size; it was damaged")
    _magic, _version, kdf_id, memory_kib, iterations, lanes, salt, key_id, nonce = (
        _HEAD.unpack_from(body)
    )
    if kdf_id != KDF_ARGON2ID:
        raise VaultError("the key file uses a key derivation this exitplan does not know")
    params = KdfParams(memory_kib, iterations, lanes)
    check_params(params, "the key file")
    return _Slot(params, salt, key_id, nonce, body[: _HEAD.size], body[_HEAD.size :])


def key_file_id(data: bytes) -> bytes:
    """The key id a key file holds, checked but without the passphrase (no KDF work)."""
    return _checked(data).key_id


def open_key_file(data: bytes, passphrase: str) -> DataKey:
    """Unwrap the data key; DamagedKeyFile if the file was damaged, WrongPassphrase if not."""
    slot = _checked(data)
    kek = derive_key(passphrase, slot.salt, slot.params)
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    try:
        secret = AESGCM(kek).decrypt(slot.nonce, slot.wrapped, slot.head)
    except InvalidTag:
        raise WrongPassphrase(WrongPassphrase.KEY_FILE_MESSAGE) from None
    return DataKey(secret, slot.key_id)


def rewrap_key_file(data: bytes, old: str, new: str) -> bytes:
    """The same data key (and key id) wrapped by the new passphrase under a new salt."""
    return wrap_key(open_key_file(data, old), new)
