"""The key file: the plan's one data key, wrapped by the passphrase (as LUKS key slots do).

Every sealed file of a plan is sealed with one random data key (:mod:`exitplan.crypto.datakey`).
This small file holds that key, wrapped with AES-256-GCM under a key that Argon2id derives from the
passphrase. Changing the passphrase makes a new data key and re-seals every file with it (see the
next key file below), so the old key file and passphrase open nothing written afterwards.
All integers are big-endian; version 1 is exactly 143 bytes::

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
    "NEXT_FILE_SIZE",
    "key_file_id",
    "new_key_file",
    "next_file",
    "next_file_ids",
    "next_slot",
    "open_key_file",
    "open_next_file",
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


# -- the next key file: a passphrase change in progress -------------------------------------
#
# Changing the passphrase makes a NEW data key and re-seals every file with it, so a copy of the
# old key file and the old passphrase open nothing written afterwards. While files are re-sealed
# one by one, both keys are needed; ``plan.key.next`` holds the new key so that EITHER passphrase
# opens both keys. Version 1 is exactly 319 bytes::
#
#     offset  size  field
#     0       143   a key file holding the new data key, wrapped by the new passphrase
#     143     8     NEXT_MAGIC  b"\x89EXPLKN\x00"
#     151     16    key id of the old data key
#     167     12    nonce a
#     179     48    the new key's 32 bytes sealed with the old key (AES-256-GCM), then the tag
#     227     12    nonce b
#     239     48    the old key's 32 bytes sealed with the new key, then the tag
#     287     32    SHA-256 of bytes 0 to 287
#
# Bytes 143 to 167 and the new key's id are the associated data of both sealed keys. Once every
# file is sealed with the new key, the first 143 bytes replace ``plan.key`` and this file goes.

NEXT_MAGIC = b"\x89EXPLKN\x00"
_BRIDGE = struct.Struct(f">8s{KEY_ID_LEN}s{NONCE_LEN}s{_WRAPPED_LEN}s{NONCE_LEN}s{_WRAPPED_LEN}s")
NEXT_FILE_SIZE = KEY_FILE_SIZE + _BRIDGE.size + CHECKSUM_LEN


def next_file(old: DataKey, new: DataKey, passphrase: str) -> bytes:
    """The next key file: `new` wrapped by `passphrase`, and each key sealed with the other."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    slot = wrap_key(new, passphrase)
    nonce_a, nonce_b = os.urandom(NONCE_LEN), os.urandom(NONCE_LEN)
    aad = NEXT_MAGIC + old.key_id + new.key_id
    new_under_old = AESGCM(old.secret_bytes()).encrypt(nonce_a, new.secret_bytes(), aad)
    old_under_new = AESGCM(new.secret_bytes()).encrypt(nonce_b, old.secret_bytes(), aad)
    bridge = _BRIDGE.pack(NEXT_MAGIC, old.key_id, nonce_a, new_under_old, nonce_b, old_under_new)
    body = slot + bridge
    return body + _checksum(body)


def _next_parts(data: bytes) -> tuple[bytes, tuple[bytes, bytes, bytes, bytes, bytes, bytes]]:
    if len(data) != NEXT_FILE_SIZE:
        raise DamagedKeyFile("the next key file (plan.key.next) has the wrong size; it was damaged")
    body, stored = bytes(data[:-CHECKSUM_LEN]), bytes(data[-CHECKSUM_LEN:])
    if not hmac.compare_digest(_checksum(body), stored):
        raise DamagedKeyFile("the next key file (plan.key.next) is damaged")
    parts = _BRIDGE.unpack_from(body, KEY_FILE_SIZE)
    if parts[0] != NEXT_MAGIC:
        raise VaultError("plan.key.next is not an exitplan next key file")
    return body[:KEY_FILE_SIZE], parts


def next_file_ids(data: bytes) -> tuple[bytes, bytes]:
    """(old key id, new key id) of a next key file, checked without the passphrase."""
    slot, parts = _next_parts(data)
    return parts[1], key_file_id(slot)


def next_slot(data: bytes) -> bytes:
    """The key file inside a next key file: it replaces plan.key when the change is done."""
    return _next_parts(data)[0]


def open_next_file(
    data: bytes, *, old: DataKey | None = None, passphrase: str | None = None
) -> tuple[DataKey, DataKey]:
    """(old key, new key) from a next key file, given the old key (opened from plan.key with
    the old passphrase) or the new passphrase. WrongPassphrase if neither opens it."""
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    slot, (_magic, old_id, nonce_a, new_under_old, nonce_b, old_under_new) = _next_parts(data)
    new_id = key_file_id(slot)
    aad = NEXT_MAGIC + old_id + new_id
    try:
        if old is not None:
            if not hmac.compare_digest(old.key_id, old_id):
                raise WrongPassphrase()
            new = DataKey(AESGCM(old.secret_bytes()).decrypt(nonce_a, new_under_old, aad), new_id)
            return old, new
        if passphrase is None:
            raise WrongPassphrase()
        new = open_key_file(slot, passphrase)
        secret = AESGCM(new.secret_bytes()).decrypt(nonce_b, old_under_new, aad)
        return DataKey(secret, old_id), new
    except InvalidTag:
        raise DamagedKeyFile("the next key file (plan.key.next) is damaged") from None
