"""How the journal's files are sealed: a record's bytes tell plain from sealed by their first
bytes alone, a `Sealing` seals with its key and opens with it or any other key it holds, and a
kept copy is sealed and opened chunk by chunk; a foreign key or a changed byte is refused."""

from __future__ import annotations

import io

import pytest
from helpers_journal_crash import fixed_key, fixed_sealing
from hypothesis import given, settings
from hypothesis import strategies as st

from exitplan.base.limits import SEALED_COPY_MARK, SEALED_MARK
from exitplan.crypto import stream
from exitplan.crypto.vault import DamagedFile, OtherKey, VaultError
from exitplan.journal.sealing import COPY_CHUNK, Sealing, is_sealed_record

RECORD = b'{"kind": "entry", "fields": {"what": "he took the car keys"}}'


def test_a_record_is_sealed_by_its_first_bytes_alone() -> None:
    """A record is sealed when it starts with the sealed mark, whatever follows; plain JSON, an
    empty file, a part of the mark and a kept copy's mark are not sealed records."""
    assert is_sealed_record(SEALED_MARK)
    assert is_sealed_record(SEALED_MARK + b"anything at all")
    assert is_sealed_record(fixed_sealing().seal(RECORD))
    for data in (RECORD, b"", SEALED_MARK[:-1], SEALED_COPY_MARK + b"x", b"x" + SEALED_MARK):
        assert not is_sealed_record(data), data


def test_a_record_sealed_opens_to_the_same_bytes_and_hides_them() -> None:
    """A sealed record is marked as sealed, holds none of its words, and opens to exactly the
    bytes that were sealed."""
    sealing = fixed_sealing()
    sealed = sealing.seal(RECORD)
    assert sealed.startswith(SEALED_MARK)
    assert b"car keys" not in sealed
    assert sealing.open(sealed) == RECORD


def test_the_new_key_seals_and_either_key_opens() -> None:
    """While a passphrase change is finished both keys are held: new files are sealed with the
    new key, and a file sealed with the old one still opens."""
    old, new = fixed_key(b"o"), fixed_key(b"n")
    changing = Sealing(new, others=(old,))
    assert changing.keys == (new, old)
    from_before = Sealing(old).seal(RECORD)
    assert changing.open(from_before) == RECORD
    with pytest.raises(OtherKey):
        Sealing(old).open(changing.seal(RECORD))  # sealed with the new key, not the old


def test_a_foreign_key_or_a_changed_byte_is_refused_plainly() -> None:
    """A record sealed with another key, or with one byte changed, is refused with the vault's
    plain error, never opened to wrong bytes."""
    sealed = fixed_sealing(b"a").seal(RECORD)
    with pytest.raises(OtherKey):
        fixed_sealing(b"b").open(sealed)
    changed = bytearray(sealed)
    changed[-1] ^= 1
    with pytest.raises(DamagedFile):
        fixed_sealing(b"a").open(bytes(changed))
    assert issubclass(OtherKey, VaultError)
    assert issubclass(DamagedFile, VaultError)


def test_a_sealing_knows_no_stopped_run_unless_told() -> None:
    """By default a sealing is not in a stopped encrypt or decrypt, vouches for no plain record
    by name (the hash chain decides), holds no other key and seals copies in 1 MiB chunks, the
    crypto layer's own chunk size."""
    sealing = Sealing(fixed_key())
    assert (sealing.stopped, sealing.vouched, sealing.others) == (False, None, ())
    assert sealing.chunk == COPY_CHUNK == stream.CHUNK == 1024 * 1024


def opened(sealing: Sealing, sealed: bytes) -> bytes:
    """A sealed copy's bytes opened through the sealing, read from memory."""
    return b"".join(sealing.open_copy(io.BytesIO(sealed).read, len(sealed)))


@settings(max_examples=25, deadline=None)
@given(pieces=st.lists(st.binary(max_size=70), max_size=6))
def test_a_kept_copy_opens_to_the_bytes_given_in_any_pieces(pieces: list[bytes]) -> None:
    """A copy sealed from pieces of any sizes (empty, smaller or larger than a chunk) opens to
    their bytes joined, and its plain bytes never appear in it."""
    sealing = fixed_sealing(chunk=16)
    sealed = b"".join(sealing.seal_copy(iter(pieces)))
    assert sealed.startswith(SEALED_COPY_MARK)
    assert opened(sealing, sealed) == b"".join(pieces)


def test_a_kept_copy_is_sealed_in_the_sealings_chunks() -> None:
    """The sealing's chunk size is the copy's: 100 bytes in 16-byte chunks come out as a header
    and seven sealed chunks, and open one chunk at a time."""
    sealing = fixed_sealing(chunk=16)
    parts = list(sealing.seal_copy([b"x" * 100]))
    assert len(parts) == 1 + 7
    assert [len(part) for part in parts[1:-1]] == [16 + stream.TAG_LEN] * 6
    sealed = b"".join(parts)
    chunks = list(sealing.open_copy(io.BytesIO(sealed).read, len(sealed)))
    assert [len(chunk) for chunk in chunks] == [16] * 6 + [4]


def test_a_kept_copy_opens_with_an_old_key_and_refuses_a_foreign_or_changed_one() -> None:
    """A copy sealed before a passphrase change opens with the old key still held; a copy under
    a key the sealing does not hold, or with a changed byte, is refused."""
    old, new = fixed_key(b"o"), fixed_key(b"n")
    sealed = b"".join(Sealing(old, chunk=16).seal_copy([b"a photo of the bruise"]))
    assert opened(Sealing(new, others=(old,)), sealed) == b"a photo of the bruise"
    with pytest.raises(OtherKey):
        opened(Sealing(new), sealed)
    changed = bytearray(sealed)
    changed[-3] ^= 1
    with pytest.raises(DamagedFile):
        opened(Sealing(old), bytes(changed))
