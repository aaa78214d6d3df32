"""Tests for exitplan.crypto.keyfile: the plan's data key, wrapped by the passphrase."""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterator

import pytest
from helpers_exitplan import FAST_KDF_ENV, FAST_MEMORY_KIB, use_fast_kdf
from hypothesis import given, settings
from hypothesis import strategies as st

from exitplan.crypto import vault
from exitplan.crypto.datakey import DataKey, open_with, seal_with
from exitplan.crypto.keyfile import (
    KEY_FILE_SIZE,
    KEY_MAGIC,
    key_file_id,
    new_key_file,
    open_key_file,
    wrap_key,
)
from exitplan.crypto.vault import (
    STRONG,
    DamagedKeyFile,
    KdfParams,
    VaultError,
    WrongPassphrase,
)

FAST_FOR_TESTS = KdfParams(memory_kib=FAST_MEMORY_KIB, iterations=1, lanes=1)
PASSPHRASE = "correct horse battery staple"  # noqa: S105 - a test passphrase
OTHER = "a completely different phrase"
# The documented layout, written out independently of the module.
HEAD = struct.Struct(">8sBBIIB16s16s12s")
SALT_AT = slice(19, 35)
KEY_ID_AT = slice(35, 51)
NONCE_AT = slice(51, 63)
WRAPPED_AT = slice(63, 111)


@pytest.fixture(autouse=True, scope="module")
def _fast_kdf() -> Iterator[None]:
    """Use the tests' fast KDF for this module unless a test puts the strong one back."""
    with pytest.MonkeyPatch.context() as mp:
        use_fast_kdf(mp.setattr)
        yield


@pytest.fixture(scope="module")
def made() -> tuple[DataKey, bytes]:
    """One data key and its key file, wrapped by PASSPHRASE."""
    return new_key_file(PASSPHRASE)


def forbid_argon2(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Replace the Argon2id class so that any derivation records a call and fails the test."""
    calls: list[str] = []

    def boom(*_args: object, **_kwargs: object) -> None:
        calls.append("called")
        pytest.fail("Argon2id ran although the key file should have been refused")

    monkeypatch.setattr("cryptography.hazmat.primitives.kdf.argon2.Argon2id", boom)
    return calls


def with_checksum(body: bytes) -> bytes:
    """A key file body followed by its plain SHA-256 checksum, as the format says."""
    return body + hashlib.sha256(body).digest()


def patched(data: bytes, **fields: int) -> bytes:
    """The key file with header fields replaced and the checksum recomputed (a crafted file)."""
    names = ("magic", "version", "kdf_id", "memory_kib", "iterations", "lanes")
    values = dict(zip(names, HEAD.unpack_from(data)[:6], strict=True))
    values.update(fields)
    head = struct.pack(">8sBBIIB", *(values[name] for name in names))
    return with_checksum(head + data[len(head) : -32])


def assert_one_line(exc: BaseException) -> None:
    """Messages are for people: a single non-empty line."""
    assert str(exc)
    assert "\n" not in str(exc)


# --- round trips ----------------------------------------------------------------------------


def test_new_key_file_opens_with_its_passphrase(made: tuple[DataKey, bytes]) -> None:
    """The key file gives back the same data key, which opens what it sealed."""
    key, data = made
    assert len(data) == KEY_FILE_SIZE == 143
    opened = open_key_file(data, PASSPHRASE)
    assert opened == key
    assert opened.key_id == key.key_id == data[KEY_ID_AT] == key_file_id(data)
    assert open_with(seal_with(b"plan", key), opened) == b"plan"


def test_layout_matches_the_docstring(made: tuple[DataKey, bytes]) -> None:
    """Magic, version, KDF id and params sit where documented; the last 32 bytes are SHA-256."""
    _key, data = made
    magic, version, kdf_id, memory_kib, iterations, lanes, *_ = HEAD.unpack_from(data)
    assert (magic, version, kdf_id) == (KEY_MAGIC, 1, 1)
    assert KdfParams(memory_kib, iterations, lanes) == FAST_FOR_TESTS
    assert data[-32:] == hashlib.sha256(data[:-32]).digest()


@settings(max_examples=15, deadline=None)
@given(
    passphrase=st.text(
        alphabet=st.characters(codec="utf-8", categories=("L", "M", "N", "P", "S", "Zs")),
        min_size=1,
        max_size=40,
    )
)
def test_round_trip_any_passphrase(passphrase: str) -> None:
    """Any non-empty Unicode passphrase wraps and unwraps the same key."""
    key, data = new_key_file(passphrase)
    assert open_key_file(data, passphrase) == key


def test_key_file_holds_no_key_bytes(made: tuple[DataKey, bytes]) -> None:
    """Neither the data key nor its repr shows the raw key bytes."""
    key, data = made
    assert key.secret_bytes() not in data
    assert key.secret_bytes().hex() not in repr(key)


def test_two_key_files_differ() -> None:
    """Each new key file has its own data key, key id, salt and nonce."""
    (one, first), (two, second) = new_key_file(PASSPHRASE), new_key_file(PASSPHRASE)
    assert one != two
    for field in (SALT_AT, KEY_ID_AT, NONCE_AT):
        assert first[field] != second[field]


# --- wrong passphrase versus a damaged file -------------------------------------------------


def test_wrong_passphrase_named(made: tuple[DataKey, bytes]) -> None:
    """A wrong passphrase says so, in one calm line, and is not reported as damage."""
    _key, data = made
    with pytest.raises(WrongPassphrase) as exc:
        open_key_file(data, OTHER)
    assert str(exc.value) == "that passphrase did not open the plan"
    assert not isinstance(exc.value, DamagedKeyFile)
    assert exc.value.__suppress_context__


def test_every_flipped_byte_is_damage_and_derives_nothing(
    made: tuple[DataKey, bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A flip at any byte position, checksum included, is DamagedKeyFile before any KDF work."""
    _key, data = made
    calls = forbid_argon2(monkeypatch)
    for i in range(len(data)):
        for mask in (0x01, 0x80, 0xFF):
            bad = bytearray(data)
            bad[i] ^= mask
            with pytest.raises(DamagedKeyFile) as exc:
                open_key_file(bytes(bad), PASSPHRASE)
            assert_one_line(exc.value)
    assert calls == []


@pytest.mark.parametrize("field", [SALT_AT, KEY_ID_AT, NONCE_AT, WRAPPED_AT])
def test_crafted_change_with_a_fresh_checksum_never_opens(
    field: slice, made: tuple[DataKey, bytes]
) -> None:
    """A changed salt, key id, nonce or wrapped key with a recomputed checksum never opens."""
    _key, data = made
    for i in range(field.start, field.stop):
        bad = bytearray(data[:-32])
        bad[i] ^= 0x01
        with pytest.raises(WrongPassphrase):
            open_key_file(with_checksum(bytes(bad)), PASSPHRASE)


def test_every_cut_is_damage(made: tuple[DataKey, bytes], monkeypatch: pytest.MonkeyPatch) -> None:
    """Every proper prefix, and one byte appended, is refused without any KDF work."""
    _key, data = made
    calls = forbid_argon2(monkeypatch)
    for n in range(len(data)):
        with pytest.raises(DamagedKeyFile):
            open_key_file(data[:n], PASSPHRASE)
    with pytest.raises(DamagedKeyFile):
        open_key_file(data + b"\x00", PASSPHRASE)
    assert calls == []


def test_other_files_are_not_key_files(made: tuple[DataKey, bytes]) -> None:
    """A sealed plan, plain text or a huge file is refused with a VaultError, never opened."""
    key, _data = made
    for other in (seal_with(b"plan", key), b'title = "plan"\n', b"\x00" * 10_000):
        with pytest.raises(VaultError) as exc:
            open_key_file(other, PASSPHRASE)
        assert_one_line(exc.value)


def test_right_checksum_but_not_a_key_file(made: tuple[DataKey, bytes]) -> None:
    """A sound checksum over other content, an unknown version or KDF id is refused plainly."""
    _key, data = made
    for bad in (
        with_checksum(b"just some bytes with a checksum"),
        patched(data, version=2),
        patched(data, kdf_id=2),
    ):
        with pytest.raises(VaultError) as exc:
            open_key_file(bad, PASSPHRASE)
        assert type(exc.value) is VaultError
        assert_one_line(exc.value)


# --- costly headers -------------------------------------------------------------------------

COSTLY = {
    "1 GiB": {"memory_kib": 1024 * 1024},
    "10 passes": {"iterations": 10},
    "16 lanes": {"lanes": 16},
    "strong memory, fast passes": {"memory_kib": STRONG.memory_kib},
    "u32 max memory": {"memory_kib": 0xFFFFFFFF},
}


@pytest.mark.parametrize("name", sorted(COSTLY))
def test_costly_settings_refused_before_any_derivation(
    name: str, made: tuple[DataKey, bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A key file asking for settings exitplan never writes is refused, Argon2id never runs."""
    _key, data = made
    crafted = patched(data, **COSTLY[name])
    calls = forbid_argon2(monkeypatch)
    with pytest.raises(VaultError) as exc:
        open_key_file(crafted, PASSPHRASE)
    assert type(exc.value) is VaultError
    assert str(exc.value).startswith("the key file asks for key derivation settings")
    with pytest.raises(VaultError):
        key_file_id(crafted)
    assert calls == []


def test_argon2_trap_catches_a_real_derivation(
    made: tuple[DataKey, bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Control: with the trap set, a sound key file does reach Argon2id."""
    _key, data = made
    calls = forbid_argon2(monkeypatch)
    with pytest.raises(pytest.fail.Exception):
        open_key_file(data, PASSPHRASE)
    assert calls == ["called"]


def test_fast_settings_refused_without_the_switch(
    made: tuple[DataKey, bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    """As exitplan runs, a key file with the fast settings is refused before any KDF."""
    _key, data = made
    monkeypatch.delenv(FAST_KDF_ENV, raising=False)  # the harness's switch (conftest.py)
    monkeypatch.setattr(vault, "WRITE_PARAMS", STRONG)
    monkeypatch.setattr(vault, "ACCEPTED_PARAMS", (STRONG,))
    calls = forbid_argon2(monkeypatch)
    with pytest.raises(VaultError):
        open_key_file(data, PASSPHRASE)
    assert calls == []


def test_strong_settings_written_without_the_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    """As exitplan runs, a new key file says Argon2id 65536 KiB / 3 passes / 4 lanes."""
    monkeypatch.delenv(FAST_KDF_ENV, raising=False)  # the harness's switch (conftest.py)
    monkeypatch.setattr(vault, "WRITE_PARAMS", STRONG)
    monkeypatch.setattr(vault, "ACCEPTED_PARAMS", (STRONG,))
    key, data = new_key_file(PASSPHRASE)
    assert HEAD.unpack_from(data)[3:6] == (65536, 3, 4)
    assert open_key_file(data, PASSPHRASE) == key


def test_wrap_refuses_settings_exitplan_does_not_use(monkeypatch: pytest.MonkeyPatch) -> None:
    """wrap_key with costly settings is refused before any derivation."""
    calls = forbid_argon2(monkeypatch)
    with pytest.raises(VaultError):
        wrap_key(DataKey.generate(), PASSPHRASE, KdfParams(1024 * 1024, 10, 4))
    assert calls == []


# --- changing the passphrase ----------------------------------------------------------------


def test_the_next_key_file_opens_both_keys_with_either_passphrase(
    made: tuple[DataKey, bytes],
) -> None:
    """While a passphrase change is being finished, plan.key.next opens the old and the new key
    with the old key (from plan.key and the old passphrase) or with the new passphrase alone;
    its first bytes are the new plan.key, which the old passphrase does not open."""
    from exitplan.crypto.keyfile import (
        NEXT_FILE_SIZE,
        next_file,
        next_file_ids,
        next_slot,
        open_next_file,
    )

    old, data = made
    new = DataKey.generate()
    upcoming = next_file(old, new, OTHER)
    assert len(upcoming) == NEXT_FILE_SIZE == 319
    assert next_file_ids(upcoming) == (old.key_id, new.key_id)
    assert open_next_file(upcoming, old=open_key_file(data, PASSPHRASE)) == (old, new)
    assert open_next_file(upcoming, passphrase=OTHER) == (old, new)
    with pytest.raises(WrongPassphrase):
        open_next_file(upcoming, passphrase=PASSPHRASE)
    with pytest.raises(WrongPassphrase):
        open_next_file(upcoming, old=DataKey.generate())  # another plan's key
    slot = next_slot(upcoming)
    assert open_key_file(slot, OTHER) == new
    with pytest.raises(WrongPassphrase):
        open_key_file(slot, PASSPHRASE)
    assert seal_with(b"x", new)[9:25] == new.key_id != old.key_id


def test_a_damaged_next_key_file_is_told_apart(made: tuple[DataKey, bytes]) -> None:
    """Any flipped byte of plan.key.next is a damaged file, whatever the passphrase."""
    from exitplan.crypto.keyfile import next_file, open_next_file

    old, _data = made
    upcoming = bytearray(next_file(old, DataKey.generate(), OTHER))
    for at in (0, 150, 200, 300):
        bad = bytes(upcoming[:at]) + bytes([upcoming[at] ^ 1]) + bytes(upcoming[at + 1 :])
        with pytest.raises(DamagedKeyFile):
            open_next_file(bad, passphrase=OTHER)
    with pytest.raises(DamagedKeyFile):
        open_next_file(bytes(upcoming[:-1]), old=old)


def test_empty_passphrases_refused(made: tuple[DataKey, bytes]) -> None:
    """An empty passphrase is refused for a new file, for opening and as the new passphrase."""
    _key, data = made
    with pytest.raises(VaultError):
        new_key_file("")
    with pytest.raises(VaultError):
        open_key_file(data, "")
    with pytest.raises(VaultError):
        wrap_key(DataKey.generate(), "")


def test_derivation_goes_through_the_vault(
    made: tuple[DataKey, bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The key file derives keys only through vault.derive_key, so one policy guards both."""
    _key, data = made
    seen: list[KdfParams] = []
    real = vault._derive_secret

    def spy(secret: bytes, salt: bytes, params: KdfParams) -> bytes:
        seen.append(params)
        return real(secret, salt, params)

    monkeypatch.setattr(vault, "_derive_secret", spy)
    open_key_file(data, PASSPHRASE)
    assert seen == [FAST_FOR_TESTS]


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=300))
def test_random_input_only_vault_error(data: bytes) -> None:
    """Random bytes, with or without the key file magic, are refused with a VaultError."""
    for candidate in (data, KEY_MAGIC + b"\x01" + data):
        with pytest.raises(VaultError) as exc:
            open_key_file(candidate, PASSPHRASE)
        assert_one_line(exc.value)
