"""Tests for exitplan.crypto.datakey: files sealed with the plan's data key (format 2, padded)."""

from __future__ import annotations

import os
import struct
import subprocess
import sys

import pytest
from helpers import REPO
from hypothesis import given, settings
from hypothesis import strategies as st

from exitplan.crypto.datakey import (
    HEADER_SIZE,
    DataKey,
    key_id_of,
    open_with,
    padded_size,
    seal_with,
    sealed_size,
)
from exitplan.crypto.vault import (
    MAGIC,
    DamagedFile,
    OtherKey,
    VaultError,
    is_sealed,
)

HEADER = struct.Struct(">8sB16s12s")  # the documented layout, written out independently
KEY_ID_AT = slice(9, 25)
NONCE_AT = slice(25, 37)
TAG = 16
KIB = 1024
MIB = 1024 * 1024
NOTE = b'note = "meet advocate Tuesday 3pm at library"\n'


@pytest.fixture(scope="module")
def key() -> DataKey:
    """One data key shared by the tests of this module."""
    return DataKey.generate()


@pytest.fixture(scope="module")
def blob(key: DataKey) -> bytes:
    """NOTE sealed with the key."""
    return seal_with(NOTE, key)


def assert_one_line(exc: BaseException) -> None:
    """Messages are for people: a single non-empty line."""
    assert str(exc)
    assert "\n" not in str(exc)


# --- round trips ----------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(plaintext=st.binary(max_size=5000))
def test_round_trip_any_bytes(plaintext: bytes, key: DataKey) -> None:
    """open_with(seal_with(x)) == x for any bytes, and the file names its key."""
    sealed = seal_with(plaintext, key)
    assert is_sealed(sealed)
    assert key_id_of(sealed) == key.key_id
    assert open_with(sealed, key) == plaintext


def test_layout_matches_the_docstring(blob: bytes, key: DataKey) -> None:
    """Magic, version 2 and the key id sit where documented; the plaintext is not visible."""
    magic, version, key_id, _nonce = HEADER.unpack_from(blob)
    assert (magic, version, key_id) == (MAGIC, 2, key.key_id)
    assert HEADER_SIZE == HEADER.size == 37
    assert b"meet advocate" not in blob


def test_round_trip_past_one_mib(key: DataKey) -> None:
    """A plaintext just over a size class boundary above 1 MiB still round-trips."""
    plaintext = bytes(range(256)) * (MIB // 256) + b"tail"
    sealed = seal_with(plaintext, key)
    assert len(sealed) == HEADER_SIZE + 2 * MIB + TAG
    assert open_with(sealed, key) == plaintext


# --- padding to size classes ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("length", "expected"),
    [(1, 1077), (100, 1077), (1000, 1077), (5000, 8245)],
)
def test_sealed_sizes_fall_into_the_stated_classes(
    length: int, expected: int, key: DataKey
) -> None:
    """1, 100 and 1000 bytes seal to 1077 bytes (the 1 KiB class); 5000 bytes to 8245 (8 KiB)."""
    assert len(seal_with(b"x" * length, key)) == expected == sealed_size(length)


@pytest.mark.parametrize(
    ("length", "size"),
    [
        (0, KIB),
        (KIB - 8, KIB),
        (KIB - 7, 2 * KIB),
        (3000, 4 * KIB),
        (MIB - 8, MIB),
        (MIB - 7, 2 * MIB),
        (2 * MIB - 8, 2 * MIB),
        (3 * MIB, 4 * MIB),
    ],
)
def test_size_class_boundaries(length: int, size: int) -> None:
    """Powers of two from 1 KiB to 1 MiB, then whole MiB; the 8-byte length counts."""
    assert padded_size(length) == size


def test_lengths_within_a_class_give_equal_sizes(key: DataKey) -> None:
    """Different lengths in one class seal to the same size; the next class is larger."""
    sizes = {len(seal_with(b"n" * length, key)) for length in (0, 1, 77, 500, 1016)}
    assert sizes == {HEADER_SIZE + KIB + TAG}
    assert len(seal_with(b"n" * 1017, key)) == HEADER_SIZE + 2 * KIB + TAG


# --- nonces ---------------------------------------------------------------------------------


def test_nonces_distinct_over_many_seals(key: DataKey) -> None:
    """Two thousand seals of the same plaintext use two thousand different nonces."""
    sealed = [seal_with(NOTE, key) for _ in range(2000)]
    assert len({item[NONCE_AT] for item in sealed}) == 2000
    assert len(set(sealed)) == 2000


# --- another key, or a changed file ---------------------------------------------------------


def test_file_of_another_key_is_named(blob: bytes) -> None:
    """A file sealed with another data key says so, rather than calling it damaged."""
    other = DataKey.generate()
    with pytest.raises(OtherKey) as exc:
        open_with(blob, other)
    assert "different key" in str(exc.value)
    assert not isinstance(exc.value, DamagedFile)
    assert_one_line(exc.value)


def test_same_key_id_other_secret_is_damage(blob: bytes, key: DataKey) -> None:
    """A key that claims the right key id but holds other bytes cannot open the file."""
    impostor = DataKey(bytes(32), key.key_id)
    with pytest.raises(DamagedFile):
        open_with(blob, impostor)


def test_every_header_byte_flip_refused(blob: bytes, key: DataKey) -> None:
    """Any header byte flipped: another key if in the key id, otherwise refused, never opened."""
    for i in range(HEADER_SIZE):
        for mask in (0x01, 0x80, 0xFF):
            bad = bytearray(blob)
            bad[i] ^= mask
            with pytest.raises(VaultError) as exc:
                open_with(bytes(bad), key)
            assert_one_line(exc.value)
            if KEY_ID_AT.start <= i < KEY_ID_AT.stop:
                assert isinstance(exc.value, OtherKey)
            elif NONCE_AT.start <= i < NONCE_AT.stop:
                assert isinstance(exc.value, DamagedFile)


def test_body_flips_are_damage(blob: bytes, key: DataKey) -> None:
    """A flipped ciphertext or tag byte, or an appended byte, is DamagedFile."""
    for i in (
        HEADER_SIZE,
        HEADER_SIZE + 500,
        len(blob) - TAG - 1,
        *range(len(blob) - TAG, len(blob)),
    ):
        bad = bytearray(blob)
        bad[i] ^= 0x01
        with pytest.raises(DamagedFile) as exc:
            open_with(bytes(bad), key)
        assert str(exc.value) == DamagedFile.MESSAGE
    with pytest.raises(DamagedFile):
        open_with(blob + b"\x00", key)


def test_every_cut_refused(blob: bytes, key: DataKey) -> None:
    """Every proper prefix raises VaultError, never another error and never plaintext."""
    for n in range(len(blob)):
        with pytest.raises(VaultError) as exc:
            open_with(blob[:n], key)
        assert_one_line(exc.value)


def test_key_id_of_needs_no_key_and_checks_the_header(blob: bytes, key: DataKey) -> None:
    """key_id_of reads the id from the header; plain, cut or other-version data is refused."""
    assert key_id_of(blob) == key.key_id
    for bad in (b'title = "plan"\n' + bytes(2000), blob[:HEADER_SIZE], MAGIC + b"\x01" + blob[9:]):
        with pytest.raises(VaultError):
            key_id_of(bad)


# --- living beside format 1 -----------------------------------------------------------------


def test_format_one_refused_by_the_data_key_reader(key: DataKey) -> None:
    """A format-1 file (never released) given to open_with is refused as another version."""
    legacy = MAGIC + b"\x01" + bytes(2100)
    with pytest.raises(VaultError) as exc:
        open_with(legacy, key)
    assert "format version 1" in str(exc.value)


def test_data_key_checks_lengths_and_hides_its_bytes(key: DataKey) -> None:
    """Wrong key or key id lengths are refused; repr shows the key id but never the key."""
    with pytest.raises(VaultError):
        DataKey(b"short", key.key_id)
    with pytest.raises(VaultError):
        DataKey(key.secret_bytes(), b"short")
    assert key.secret_bytes().hex() not in repr(key)
    assert key.key_id.hex() in repr(key)
    assert key == DataKey(key.secret_bytes(), key.key_id)
    assert key != DataKey.generate()


@settings(max_examples=200, deadline=None)
@given(tail=st.binary(max_size=1200))
def test_random_sealed_looking_input_only_vault_error(tail: bytes, key: DataKey) -> None:
    """MAGIC, version 2 (with this key's id or not), then random bytes: only VaultError."""
    for data in (MAGIC + b"\x02" + tail, MAGIC + b"\x02" + key.key_id + tail):
        with pytest.raises(VaultError) as exc:
            open_with(data, key)
        assert_one_line(exc.value)


@pytest.mark.process
@pytest.mark.parametrize("module", ["exitplan.crypto.datakey", "exitplan.crypto.keyfile"])
def test_import_stays_cheap(module: str) -> None:
    """Importing the new modules loads neither cryptography nor any UI library."""
    root = REPO
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run(
        [sys.executable, "-c", f"import {module}, sys; print('\\n'.join(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=root,
    ).stdout
    loaded = {name.split(".")[0] for name in out.split()}
    assert module in out.split()
    assert not loaded & {"cryptography", "typer", "rich", "click"}
