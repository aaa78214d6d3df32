"""Tests for large files sealed in chunks (exitplan.crypto.stream): every size across every
boundary of the format, with small chunks so each boundary is cheap to reach, and every way a
sealed copy can be changed."""

from __future__ import annotations

import io
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exitplan.crypto.datakey import DataKey
from exitplan.crypto.stream import (
    CHUNK,
    HEADER_SIZE,
    MIN_CHUNK,
    open_copy,
    seal_copy,
    sealed_copy_size,
)
from exitplan.crypto.vault import DamagedFile, OtherKey

KEY = DataKey(b"k" * 32, b"i" * 16)


def sealed(data: bytes, chunk: int, piece: int = 37) -> bytes:
    """`data` sealed with KEY, fed in pieces of `piece` bytes (any size must do)."""
    pieces = [data[i : i + piece] for i in range(0, len(data), piece)]
    return b"".join(seal_copy(pieces, KEY, chunk))


def opened(blob: bytes, keys: tuple[DataKey, ...] = (KEY,)) -> bytes:
    """A sealed copy opened from its bytes."""
    return b"".join(open_copy(io.BytesIO(blob).read, len(blob), keys))


def boundaries(chunk: int) -> list[int]:
    """Sizes on each side of every boundary of the format for this chunk size."""
    sizes = {0, 1, 7, 8, 9, 1015, 1016, 1017, 1023, 1024, 1025, 2048 - 8, 2048}
    for full in range(0, 4):
        for delta in (-9, -8, -7, -1, 0, 1, 7, 8, 9):
            sizes.add(full * chunk + chunk + delta)
    return sorted(size for size in sizes if size >= 0)


@pytest.mark.parametrize("chunk", [MIN_CHUNK, 64, 1000, 1032, 4096])
def test_every_size_across_every_boundary_round_trips(chunk: int) -> None:
    """Around each chunk boundary and each size class, a copy opens back to the same bytes and
    has exactly the size the format says."""
    for size in boundaries(chunk):
        data = os.urandom(size)
        blob = sealed(data, chunk)
        assert len(blob) == sealed_copy_size(size, chunk), (chunk, size)
        assert opened(blob) == data, (chunk, size)


def test_a_copy_of_a_whole_number_of_real_chunks_round_trips() -> None:
    """With the real chunk size (1 MiB): 0, 1 MiB exactly, 1 MiB and one byte, 3 MiB."""
    for size in (0, CHUNK - 8, CHUNK, CHUNK + 1, 3 * CHUNK):
        data = os.urandom(size)
        blob = sealed(data, CHUNK, piece=65536)
        assert opened(blob) == data
        assert len(blob) == sealed_copy_size(size)


def test_the_size_of_a_copy_tells_only_its_class() -> None:
    """Small files seal to a power-of-two class; larger ones to a whole number of chunks."""
    assert {sealed_copy_size(n) for n in (0, 1, 100, 1000)} == {HEADER_SIZE + 1024 + 16}
    assert sealed_copy_size(5000) == HEADER_SIZE + 8192 + 16
    one_mib = {sealed_copy_size(n) for n in (CHUNK // 2 + 1, CHUNK - 9)}
    assert len(one_mib) == 1
    assert sealed_copy_size(CHUNK + 1) == sealed_copy_size(2 * CHUNK)
    assert sealed_copy_size(2 * CHUNK + 1) > sealed_copy_size(2 * CHUNK)


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_any_changed_byte_swapped_or_cut_chunk_fails_to_open(data: st.DataObject) -> None:
    """Changing any byte, cutting the copy anywhere, or adding bytes makes it fail to open
    (DamagedFile), never give wrong bytes."""
    chunk = 64
    plain = os.urandom(data.draw(st.integers(0, 5 * chunk)))
    blob = bytearray(sealed(plain, chunk))
    how = data.draw(st.sampled_from(["flip", "cut", "grow"]))
    if how == "flip":
        at = data.draw(st.integers(HEADER_SIZE - 36, len(blob) - 1))  # key id onwards
        blob[at] ^= 1 << data.draw(st.integers(0, 7))
    elif how == "cut":
        del blob[data.draw(st.integers(HEADER_SIZE, len(blob) - 1)) :]
    else:
        blob += os.urandom(data.draw(st.integers(1, 3 * chunk)))
    with pytest.raises((DamagedFile, OtherKey)):
        opened(bytes(blob))


def test_chunks_cannot_be_moved_or_repeated() -> None:
    """Swapping two chunks, dropping one or repeating the last never opens."""
    chunk = 64
    blob = sealed(os.urandom(4 * chunk + 10), chunk)
    head, body = blob[:HEADER_SIZE], blob[HEADER_SIZE:]
    size = chunk + 16
    first, second, rest = body[:size], body[size : 2 * size], body[2 * size :]
    for bad in (head + second + first + rest, head + first + rest, blob + body[-size - 8 :]):
        with pytest.raises(DamagedFile):
            opened(bad)


def test_another_key_is_told_apart_from_a_changed_copy() -> None:
    """A copy sealed with another data key is OtherKey; it opens when that key is among the
    keys held (a passphrase change in progress holds two)."""
    blob = sealed(b"evidence", 64)
    other = DataKey.generate()
    with pytest.raises(OtherKey):
        opened(blob, (other,))
    assert opened(blob, (other, KEY)) == b"evidence"


def test_two_copies_of_one_file_differ() -> None:
    """Each copy has its own salt, so its own key: the same file never seals the same way."""
    assert sealed(b"x" * 500, 64) != sealed(b"x" * 500, 64)


def test_a_header_naming_an_impossible_chunk_size_is_refused() -> None:
    """A chunk size outside the format's bounds is refused before anything is decrypted."""
    blob = bytearray(sealed(b"x", 64))
    blob[HEADER_SIZE - 4 : HEADER_SIZE] = (2**31).to_bytes(4, "big")
    with pytest.raises(DamagedFile, match="layout"):
        opened(bytes(blob))
    with pytest.raises(ValueError, match="outside what a copy may use"):
        list(seal_copy([b"x"], KEY, 8))
