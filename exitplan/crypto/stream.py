"""Large files sealed with the data key in chunks, at constant memory: the journal's kept copies.

A photo or a video of an incident may be several GiB, so it is never held whole: it is sealed
and opened one chunk at a time. Each copy gets its own key, derived with HKDF-SHA256 from the
data key and a random salt, and each chunk is sealed with AES-256-GCM under a nonce made of the
chunk's index and a "last" flag (the STREAM construction of Hoang, Reyhanitabar, Rogaway and
Vizár, 2015): chunks cannot be moved, dropped, repeated or cut off without the copy failing to
open, and the per-copy key means no nonce is ever used twice. All integers are big-endian::

    offset  size  field
    0       8     STREAM_MAGIC  b"\\x89EXPLSC\\x00"
    8       1     format version (1)
    9       16    key id of the data key (in clear, as in sealed-file format 2)
    25      32    salt: the copy's key is HKDF-SHA256(data key, salt, "exitplan copy" + key id)
    57      4     chunk size c: plaintext bytes in every chunk but the last (u32)
    61      ...   the chunks, each sealed with AES-256-GCM (aad: bytes 0 to 61; nonce: the
                  chunk's index as u64, one byte 1 for the last chunk or 0, three zero bytes)

Every chunk but the last holds exactly c bytes of the file (c + 16 sealed). The last chunk
holds the rest, t bytes (0 <= t <= c), padded: ``t bytes, zeros, then t as a u64``, to c + 8
bytes when chunks came before it, else to the size class of sealed-file format 2 (the next power
of two from 1 KiB, at most c + 8). So a sealed copy's size tells only how many chunks it has (a
whole MiB with c = 1 MiB) or, for a small file, its size class, never its exact length.

A reader needs the file's size (a regular file: ``fstat``) to know where the last chunk starts;
a size that fits no copy is "damaged" before anything is opened.
"""

from __future__ import annotations

import hmac
import os
import struct
from collections.abc import Callable, Iterable, Iterator, Sequence

from exitplan.base.limits import SEALED_COPY_MARK
from exitplan.crypto.datakey import KEY_ID_LEN, DataKey
from exitplan.crypto.vault import DamagedFile, OtherKey

__all__ = [
    "CHUNK",
    "HEADER_SIZE",
    "MAX_CHUNK",
    "MIN_CHUNK",
    "STREAM_MAGIC",
    "is_sealed_copy",
    "open_copy",
    "seal_copy",
    "sealed_copy_size",
]

STREAM_MAGIC = SEALED_COPY_MARK
VERSION = 1
CHUNK = 1024 * 1024
MIN_CHUNK = 16  # small chunks are for tests; a copy written by exitplan uses CHUNK
MAX_CHUNK = 16 * 1024 * 1024
SALT_LEN = 32
TAG_LEN = 16
_HEADER = struct.Struct(f">8sB{KEY_ID_LEN}s{SALT_LEN}sI")
HEADER_SIZE = _HEADER.size
_LENGTH = struct.Struct(">Q")
_INDEX = struct.Struct(">QB3x")
_INFO = b"exitplan copy"
_SMALLEST_CLASS = 1024

Read = Callable[[int], bytes]


def is_sealed_copy(head: bytes) -> bool:
    """Whether bytes start like a sealed copy."""
    return head[: len(STREAM_MAGIC)] == STREAM_MAGIC


def _last_size(has_full_chunks: bool, tail: int, chunk: int) -> int:
    """The padded size of the last chunk's plaintext (see the module's docstring)."""
    if has_full_chunks:
        return chunk + _LENGTH.size
    needed = tail + _LENGTH.size
    size = _SMALLEST_CLASS
    while size < needed:
        size *= 2
    return min(size, chunk + _LENGTH.size)


def sealed_copy_size(length: int, chunk: int = CHUNK) -> int:
    """The size of the sealed copy of a file of `length` bytes."""
    full = max(0, -(-length // chunk) - 1)
    tail = length - full * chunk
    return HEADER_SIZE + full * (chunk + TAG_LEN) + _last_size(full > 0, tail, chunk) + TAG_LEN


def _copy_key(key: DataKey, salt: bytes) -> bytes:
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF

    hkdf = HKDF(algorithm=hashes.SHA256(), length=32, salt=salt, info=_INFO + key.key_id)
    return hkdf.derive(key.secret_bytes())


def seal_copy(pieces: Iterable[bytes], key: DataKey, chunk: int = CHUNK) -> Iterator[bytes]:
    """The sealed copy of the bytes `pieces` give, header first, one chunk at a time.

    `pieces` may be of any size (a file read in blocks); at most two chunks are held at once.
    """
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    if not MIN_CHUNK <= chunk <= MAX_CHUNK:
        raise ValueError(f"a chunk size of {chunk} bytes is outside what a copy may use")
    salt = os.urandom(SALT_LEN)
    header = _HEADER.pack(STREAM_MAGIC, VERSION, key.key_id, salt, chunk)
    cipher = AESGCM(_copy_key(key, salt))
    yield header
    buffer = bytearray()
    index = 0
    for piece in pieces:
        buffer += piece
        start = 0
        # Only bytes with more after them are surely not the last chunk's.
        while len(buffer) - start > chunk:
            part = memoryview(buffer)[start : start + chunk]
            yield cipher.encrypt(_INDEX.pack(index, 0), part, header)
            part.release()
            start += chunk
            index += 1
        if start:
            del buffer[:start]
    tail = len(buffer)
    size = _last_size(index > 0, tail, chunk)
    buffer += bytes(size - tail - _LENGTH.size)
    buffer += _LENGTH.pack(tail)
    yield cipher.encrypt(_INDEX.pack(index, 1), bytes(buffer), header)


def _layout(total: int, chunk: int) -> int:
    """How many chunks come before the last one, from the sealed copy's size; -1 if none fits."""
    body = total - HEADER_SIZE
    last_max = chunk + _LENGTH.size + TAG_LEN
    if body <= last_max:  # one chunk: its padded size is a size class, or c + 8
        padded = body - TAG_LEN
        power = padded >= _SMALLEST_CLASS and padded & (padded - 1) == 0
        return 0 if padded == chunk + _LENGTH.size or power else -1
    full, rest = divmod(body - last_max, chunk + TAG_LEN)
    return full if rest == 0 else -1


def open_copy(read: Read, total: int, keys: Sequence[DataKey]) -> Iterator[bytes]:
    """The plaintext of a sealed copy, chunk by chunk; `read(n)` gives its next n bytes and
    `total` is its size. `OtherKey` if no key in `keys` sealed it, `DamagedFile` if it was
    changed, cut short, reordered or extended (raised before the damaged chunk is given)."""
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    header = read(HEADER_SIZE)
    if len(header) != HEADER_SIZE or not is_sealed_copy(header):
        raise DamagedFile("the kept copy is cut short or is not a sealed copy")
    _magic, version, key_id, salt, chunk = _HEADER.unpack(header)
    if version != VERSION or not MIN_CHUNK <= chunk <= MAX_CHUNK:
        raise DamagedFile("the kept copy uses a layout this exitplan does not know")
    key = next((k for k in keys if hmac.compare_digest(k.key_id, key_id)), None)
    if key is None:
        raise OtherKey()
    full = _layout(total, chunk)
    if full < 0:
        raise DamagedFile("the kept copy has a size no sealed copy can have; it was cut or grown")
    cipher = AESGCM(_copy_key(key, salt))
    last_size = total - HEADER_SIZE - full * (chunk + TAG_LEN)
    for index in range(full + 1):
        last = index == full
        want = last_size if last else chunk + TAG_LEN
        sealed = _read_exactly(read, want)
        try:
            plain = cipher.decrypt(_INDEX.pack(index, int(last)), sealed, header)
        except InvalidTag:
            raise DamagedFile() from None
        if not last:
            yield plain
            continue
        (tail,) = _LENGTH.unpack_from(plain, len(plain) - _LENGTH.size)
        if tail > len(plain) - _LENGTH.size:  # authenticated: only a bug could do this
            raise DamagedFile()
        if read(1):
            raise DamagedFile("the kept copy is longer than its chunks")
        yield plain[:tail]


def _read_exactly(read: Read, size: int) -> bytes:
    parts = []
    left = size
    while left > 0:
        part = read(min(left, 1 << 20))
        if not part:
            raise DamagedFile("the kept copy is cut short; it may have been damaged")
        parts.append(part)
        left -= len(part)
    return parts[0] if len(parts) == 1 else b"".join(parts)
