"""Tests for exitplan.crypto.vault: the shared KDF policy and the legacy per-file format 1."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exitplan.crypto import vault
from exitplan.crypto.vault import (
    FAST_FOR_TESTS,
    FAST_KDF_ENV,
    MAGIC,
    STRONG,
    KdfParams,
    Key,
    VaultError,
    WrongPassphrase,
    accepted_params,
    current_params,
    is_sealed,
    key_for,
    open_legacy,
    read_header,
    seal,
    unseal,
)

REPO_ROOT = Path(__file__).resolve().parent.parent
FIXED = struct.Struct(">8sBBIIBB")  # the documented layout, written out independently
PLAINTEXT = b'title = "my plan"\nnote = "meet advocate Tuesday 3pm at library"\n'
MARKER = b"meet advocate"

# Passphrases with combining marks, other scripts, emoji and astral characters.
ODD_TEXT = st.text(
    alphabet=st.characters(codec="utf-8", categories=("L", "M", "N", "P", "S", "Zs", "Cf")),
    min_size=1,
    max_size=40,
)


@pytest.fixture(autouse=True, scope="module")
def _fast_kdf() -> Iterator[None]:
    """Use the test-only fast KDF for this module unless a test removes the switch."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(FAST_KDF_ENV, "1")
        yield


@pytest.fixture(scope="module")
def key() -> Key:
    """One fast key shared by tests that only need some valid key."""
    return Key.derive("correct horse battery staple", params=FAST_FOR_TESTS)


@pytest.fixture(scope="module")
def blob(key: Key) -> bytes:
    """A sealed copy of PLAINTEXT."""
    return seal(PLAINTEXT, key)


def header_bytes(
    *,
    magic: bytes = MAGIC,
    version: int = 1,
    kdf_id: int = 1,
    memory_kib: int = FAST_FOR_TESTS.memory_kib,
    iterations: int = FAST_FOR_TESTS.iterations,
    lanes: int = FAST_FOR_TESTS.lanes,
    salt: bytes = b"s" * 16,
    salt_len: int | None = None,
    nonce: bytes = b"n" * 12,
) -> bytes:
    """Build a header by hand, following the layout in the vault module docstring."""
    size = len(salt) if salt_len is None else salt_len
    return FIXED.pack(magic, version, kdf_id, memory_kib, iterations, lanes, size) + salt + nonce


def assert_one_line(exc: BaseException) -> None:
    """Messages are for people: a single non-empty line."""
    text = str(exc)
    assert text
    assert "\n" not in text


def forbid_kdf(monkeypatch: pytest.MonkeyPatch, *, class_only: bool = False) -> list[str]:
    """Make any key derivation record a call and fail the test; return the record."""
    calls: list[str] = []

    def boom(*_args: object, **_kwargs: object) -> bytes:
        calls.append("called")
        pytest.fail("key derivation ran although the header should have been refused")

    monkeypatch.setattr("cryptography.hazmat.primitives.kdf.argon2.Argon2id", boom)
    if not class_only:
        monkeypatch.setattr(vault, "_derive_secret", boom)
    return calls


# --- 13. round trip -------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(plaintext=st.binary(max_size=4096), passphrase=ODD_TEXT)
def test_roundtrip_random_bytes_and_passphrases(plaintext: bytes, passphrase: str) -> None:
    """unseal(seal(x)) == x for any bytes and any non-empty Unicode passphrase."""
    key = Key.derive(passphrase, params=FAST_FOR_TESTS)
    sealed = seal(plaintext, key)
    assert is_sealed(sealed)
    assert unseal(sealed, key) == plaintext
    # A fresh derivation from the file's own header opens it too.
    assert unseal(sealed, key_for(sealed, passphrase)) == plaintext


def test_roundtrip_with_env_params_and_no_output(capsys: pytest.CaptureFixture[str]) -> None:
    """With the switch on, keys use the fast params, round trip works and nothing is printed."""
    key = Key.derive("pass phrase")
    assert key.params == FAST_FOR_TESTS
    sealed = seal(PLAINTEXT, key)
    assert read_header(sealed) == (FAST_FOR_TESTS, key.salt)
    assert unseal(sealed, key_for(sealed, "pass phrase")) == PLAINTEXT
    with pytest.raises(WrongPassphrase):
        unseal(sealed, key_for(sealed, "other"))
    assert capsys.readouterr() == ("", "")


def test_one_key_seals_several_files(key: Key) -> None:
    """A key derived once can seal a plan and its backup; each opens with the same key."""
    plan = seal(b"plan", key)
    backup = seal(b"backup", key)
    assert read_header(plan)[1] == read_header(backup)[1] == key.salt
    assert unseal(plan, key) == b"plan"
    assert unseal(backup, key) == b"backup"


def test_empty_plaintext_round_trips(key: Key) -> None:
    """An empty file seals to header + tag and opens to b''."""
    sealed = seal(b"", key)
    assert len(sealed) == FIXED.size + 16 + 12 + 16
    assert unseal(sealed, key) == b""


def test_ciphertext_does_not_contain_plaintext(blob: bytes) -> None:
    """The sealed bytes do not contain the plaintext marker."""
    assert MARKER not in blob
    assert PLAINTEXT not in blob


def test_passphrase_is_nfc_normalised() -> None:
    """Composed and decomposed forms of the same passphrase give the same key."""
    composed = "caf\u00e9 \u00c5ngstr\u00f6m"
    decomposed = "cafe\u0301 A\u030angstro\u0308m"
    assert composed != decomposed
    sealed = seal(PLAINTEXT, Key.derive(composed))
    assert unseal(sealed, key_for(sealed, decomposed)) == PLAINTEXT


def test_empty_passphrase_refused(blob: bytes) -> None:
    """An empty passphrase is refused with VaultError, both for new keys and for opening."""
    with pytest.raises(VaultError) as new:
        Key.derive("")
    assert_one_line(new.value)
    with pytest.raises(VaultError) as opening:
        key_for(blob, "")
    assert_one_line(opening.value)


def test_unencodable_passphrase_refused() -> None:
    """A passphrase with a lone surrogate (undecodable terminal input) is a VaultError."""
    with pytest.raises(VaultError) as exc:
        Key.derive("abc\udcff")
    assert_one_line(exc.value)


def test_key_repr_hides_secret(key: Key) -> None:
    """repr(Key) shows neither key bytes nor salt bytes."""
    text = repr(key)
    assert key._secret.hex() not in text
    assert repr(key._secret) not in text
    assert key.salt.hex() not in text


# --- 15. wrong passphrase -------------------------------------------------------------------


def test_wrong_passphrase(blob: bytes) -> None:
    """A key from a different passphrase raises WrongPassphrase with the gentle message."""
    with pytest.raises(WrongPassphrase) as exc:
        unseal(blob, key_for(blob, "correct horse battery stapler"))
    assert str(exc.value) == "the passphrase is not right, or the file was changed"
    assert isinstance(exc.value, VaultError)
    assert exc.value.__suppress_context__


def test_key_with_other_salt_fails(blob: bytes) -> None:
    """The right passphrase with a different salt (a new Key) cannot open an old file."""
    other = Key.derive("correct horse battery staple", params=FAST_FOR_TESTS)
    with pytest.raises(WrongPassphrase):
        unseal(blob, other)


# --- 14. truncation and tampering -----------------------------------------------------------


def test_truncated_blob_always_vault_error(blob: bytes, key: Key) -> None:
    """Every proper prefix of a sealed file raises VaultError (never another type)."""
    header_len = FIXED.size + 16 + 12
    for n in range(len(blob)):
        cut = blob[:n]
        with pytest.raises(VaultError) as exc:
            unseal(cut, key)
        assert_one_line(exc.value)
        if n < header_len + 16:
            # Too short for header + tag: refused by read_header, before any KDF.
            with pytest.raises(VaultError):
                read_header(cut)
            assert type(exc.value) is VaultError


def test_truncated_header_refused_before_kdf(blob: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    """key_for on a blob too short for header + tag never derives a key."""
    calls = forbid_kdf(monkeypatch)
    for n in range(FIXED.size + 16 + 12 + 16):
        with pytest.raises(VaultError):
            key_for(blob[:n], "correct horse battery staple")
    assert calls == []


def test_flipping_any_header_byte_fails(blob: bytes, key: Key) -> None:
    """Each header byte flipped: unseal with the right key and with a re-derived key fails."""
    header_len = FIXED.size + 16 + 12
    for i in range(header_len):
        for mask in (0x01, 0x80, 0xFF):
            bad = bytearray(blob)
            bad[i] ^= mask
            tampered = bytes(bad)
            with pytest.raises(VaultError) as exc:
                unseal(tampered, key)
            assert_one_line(exc.value)
            assert MARKER not in str(exc.value).encode()
            try:
                rederived = key_for(tampered, "correct horse battery staple")
            except VaultError:
                continue  # refused outright (magic, version, bounds): also correct
            with pytest.raises(VaultError):
                unseal(tampered, rederived)


def test_flipping_body_bytes_fails(blob: bytes, key: Key) -> None:
    """Flipped ciphertext or tag bytes raise WrongPassphrase; nothing is returned."""
    header_len = FIXED.size + 16 + 12
    positions = sorted(
        {header_len, header_len + 1, len(blob) // 2, len(blob) - 17}
        | set(range(len(blob) - 16, len(blob)))
    )
    assert all(header_len <= p < len(blob) for p in positions)
    for i in positions:
        bad = bytearray(blob)
        bad[i] ^= 0x01
        with pytest.raises(WrongPassphrase):
            unseal(bytes(bad), key)


def test_appended_bytes_fail(blob: bytes, key: Key) -> None:
    """Extra bytes after the tag make the file fail to open."""
    with pytest.raises(WrongPassphrase):
        unseal(blob + b"\x00", key)


@settings(max_examples=300, deadline=None)
@given(tail=st.binary(max_size=120))
def test_random_sealed_looking_input_only_vault_error(tail: bytes) -> None:
    """MAGIC followed by random bytes: read_header returns or raises VaultError, nothing else."""
    try:
        params, salt = read_header(MAGIC + tail)
    except VaultError as exc:
        assert_one_line(exc)
    else:
        assert params in (STRONG, FAST_FOR_TESTS)
        assert 16 <= len(salt) <= 64


# --- 16. bounds checked before any key derivation ------------------------------------------

BAD_HEADERS: dict[str, bytes] = {
    "memory 1 GiB": header_bytes(memory_kib=1024 * 1024),
    "memory 1 GiB + 1 KiB": header_bytes(memory_kib=1024 * 1024 + 1),
    "iterations 10": header_bytes(iterations=10),
    "lanes 16": header_bytes(lanes=16),
    "strong memory, one pass": header_bytes(memory_kib=STRONG.memory_kib),
    "strong passes, fast memory": header_bytes(iterations=STRONG.iterations),
    "memory u32 max": header_bytes(memory_kib=0xFFFFFFFF),
    "memory below 8 MiB": header_bytes(memory_kib=8191),
    "memory zero": header_bytes(memory_kib=0),
    "iterations 11": header_bytes(iterations=11),
    "iterations u32 max": header_bytes(iterations=0xFFFFFFFF),
    "iterations zero": header_bytes(iterations=0),
    "lanes 17": header_bytes(lanes=17),
    "lanes 255": header_bytes(lanes=255),
    "lanes zero": header_bytes(lanes=0),
    "salt 15 bytes": header_bytes(salt=b"s" * 15),
    "salt 65 bytes": header_bytes(salt=b"s" * 65),
    "salt length says 255": header_bytes(salt_len=255),
    "version 0": header_bytes(version=0),
    "version 2": header_bytes(version=2),
    "kdf id 0": header_bytes(kdf_id=0),
    "kdf id 2": header_bytes(kdf_id=2),
    "not sealed": b"title = 'plan'\n" + b"x" * 100,
}


@pytest.mark.parametrize("name", sorted(BAD_HEADERS))
def test_bad_header_refused_before_kdf(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Out-of-bounds or unknown header fields raise VaultError before any Argon2id call."""
    data = BAD_HEADERS[name] + b"\x00" * 64  # long enough that only the fields are wrong
    calls = forbid_kdf(monkeypatch)
    with pytest.raises(VaultError) as exc:
        read_header(data)
    assert_one_line(exc.value)
    with pytest.raises(VaultError):
        key_for(data, "a passphrase")
    key = Key(b"k" * 32, b"s" * 16, FAST_FOR_TESTS)
    with pytest.raises(VaultError) as opened:
        unseal(data, key)
    assert type(opened.value) is VaultError  # refused as malformed, not as a wrong passphrase
    assert calls == []


@pytest.mark.parametrize("class_only", [False, True])
def test_forbid_kdf_catches_a_real_derivation(
    class_only: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Control: with either trap set, a valid header does reach key derivation."""
    calls = forbid_kdf(monkeypatch, class_only=class_only)
    with pytest.raises(pytest.fail.Exception):
        key_for(header_bytes() + b"\x00" * 16, "a passphrase")
    assert calls == ["called"]


@pytest.mark.parametrize(
    "params",
    [KdfParams(2 * 1024 * 1024, 3, 4), KdfParams(65536, 50, 4), KdfParams(65536, 3, 64)],
)
def test_derive_refuses_out_of_bounds_params(
    params: KdfParams, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Key.derive itself refuses params outside the bounds, without running the KDF."""
    calls = forbid_kdf(monkeypatch)
    with pytest.raises(VaultError):
        Key.derive("a passphrase", params=params)
    with pytest.raises(VaultError):
        Key.derive("a passphrase", salt=b"short", params=FAST_FOR_TESTS)
    assert calls == []


@pytest.mark.parametrize("params", [KdfParams(1024 * 1024, 3, 4), KdfParams(65536, 10, 4)])
def test_costly_header_refused_before_argon2(
    params: KdfParams, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file asking for 1 GiB or 10 passes is refused before the Argon2id class is touched."""
    data = header_bytes(memory_kib=params.memory_kib, iterations=params.iterations, lanes=4)
    calls = forbid_kdf(monkeypatch, class_only=True)
    with pytest.raises(VaultError) as exc:
        open_legacy(data + bytes(64), "a passphrase")
    assert str(exc.value) == (
        "the encrypted file asks for key derivation settings exitplan does not use, "
        "so it was not opened"
    )
    assert calls == []


def test_fast_header_refused_without_the_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test-only fast settings are refused, before any KDF, once the switch is off."""
    data = header_bytes() + bytes(64)
    monkeypatch.delenv(FAST_KDF_ENV)
    calls = forbid_kdf(monkeypatch, class_only=True)
    with pytest.raises(VaultError):
        open_legacy(data, "a passphrase")
    with pytest.raises(VaultError):
        read_header(data)
    assert calls == []


@pytest.mark.parametrize(
    ("value", "expected"),
    [("1", (STRONG, FAST_FOR_TESTS)), ("0", (STRONG,)), ("", (STRONG,)), (None, (STRONG,))],
)
def test_accepted_params_follow_the_switch(
    value: str | None, expected: tuple[KdfParams, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only STRONG is accepted, plus FAST_FOR_TESTS while the switch is exactly '1'."""
    if value is None:
        monkeypatch.delenv(FAST_KDF_ENV)
    else:
        monkeypatch.setenv(FAST_KDF_ENV, value)
    assert accepted_params() == expected


def test_open_legacy_reads_a_format_one_file(blob: bytes) -> None:
    """A format-1 file opens with its passphrase through open_legacy; a wrong one is refused."""
    assert open_legacy(blob, "correct horse battery staple") == PLAINTEXT
    with pytest.raises(WrongPassphrase):
        open_legacy(blob, "not the passphrase")


# --- 17. fresh nonce and salt ---------------------------------------------------------------


def test_two_seals_differ(key: Key) -> None:
    """Sealing the same plaintext twice with one key gives different nonces and ciphertexts."""
    first = seal(PLAINTEXT, key)
    second = seal(PLAINTEXT, key)
    assert first != second
    nonce_at = slice(FIXED.size + 16, FIXED.size + 16 + 12)
    assert first[nonce_at] != second[nonce_at]
    assert first[: FIXED.size + 16] == second[: FIXED.size + 16]  # same params and salt
    assert unseal(first, key) == unseal(second, key) == PLAINTEXT


def test_new_key_gets_new_salt() -> None:
    """Each Key.derive without a salt draws a new 16-byte salt (passphrase change = new salt)."""
    salts = {Key.derive("same passphrase").salt for _ in range(3)}
    assert len(salts) == 3
    assert all(len(s) == 16 for s in salts)


def test_same_salt_and_params_give_same_key(key: Key) -> None:
    """Deriving again with the file's salt and params reproduces the key (it opens the file)."""
    again = Key.derive("correct horse battery staple", salt=key.salt, params=key.params)
    assert again._secret == key._secret


# --- 19. cost floor and the test-only switch ------------------------------------------------


def test_strong_params_written_to_header(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the switch off, a new file's header says Argon2id 65536 KiB / 3 passes / 4 lanes."""
    monkeypatch.delenv(FAST_KDF_ENV, raising=False)
    key = Key.derive("a strong passphrase")
    sealed = seal(PLAINTEXT, key)
    magic, version, kdf_id, memory_kib, iterations, lanes, salt_len = FIXED.unpack_from(sealed)
    assert (magic, version, kdf_id) == (MAGIC, 1, 1)
    assert (memory_kib, iterations, lanes, salt_len) == (65536, 3, 4, 16)
    assert read_header(sealed) == (STRONG, key.salt)
    assert memory_kib >= 19 * 1024  # OWASP floor for Argon2id
    assert iterations >= 2
    assert unseal(sealed, key) == PLAINTEXT


@pytest.mark.parametrize("value", [None, "", "0", "true", "yes", " 1"])
def test_fast_switch_off_unless_exactly_one(
    value: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """current_params() is STRONG when the switch is unset or anything but '1'."""
    if value is None:
        monkeypatch.delenv(FAST_KDF_ENV, raising=False)
    else:
        monkeypatch.setenv(FAST_KDF_ENV, value)
    assert current_params() == STRONG == KdfParams(65536, 3, 4)


def test_fast_switch_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """EXITPLAN_TEST_FAST_KDF=1 gives the fast params, which are still within the bounds."""
    monkeypatch.setenv(FAST_KDF_ENV, "1")
    assert current_params() == FAST_FOR_TESTS
    assert FAST_FOR_TESTS.memory_kib >= 8192


# --- format detection -----------------------------------------------------------------------


@settings(max_examples=300)
@given(text=st.text())
def test_no_text_file_looks_sealed(text: str) -> None:
    """No UTF-8 text (so no TOML plan) starts with MAGIC."""
    assert not is_sealed(text.encode("utf-8"))
    assert not is_sealed(b"\xef\xbb\xbf" + text.encode("utf-8"))  # with a byte-order mark


def test_is_sealed(blob: bytes) -> None:
    """is_sealed is True for sealed data and False for empty, short or plain data."""
    assert is_sealed(blob)
    assert is_sealed(MAGIC)
    assert not is_sealed(b"")
    assert not is_sealed(MAGIC[:-1])
    assert not is_sealed(b"title = 'x'\n")


# --- start-up cost and dependencies ---------------------------------------------------------


def _modules_after_import(statement: str) -> set[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(REPO_ROOT)
    out = subprocess.run(
        [sys.executable, "-c", f"{statement}; import sys; print('\\n'.join(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=REPO_ROOT,
    ).stdout
    return {name.split(".")[0] for name in out.split()}


def test_import_does_not_load_cryptography() -> None:
    """`import exitplan.crypto.vault` alone does not import cryptography."""
    top_level = _modules_after_import("import exitplan.crypto.vault")
    assert "exitplan" in top_level
    assert "cryptography" not in top_level


def test_import_does_not_load_ui_libraries() -> None:
    """`import exitplan.crypto.vault` does not import typer, rich or click."""
    top_level = _modules_after_import("import exitplan.crypto.vault")
    assert not top_level & {"typer", "rich", "click"}


def test_lazy_import_check_can_fail() -> None:
    """Control: the subprocess check does see cryptography once a vault function needs it."""
    top_level = _modules_after_import(
        "import exitplan.crypto.vault as v; "
        "v.seal(b'x', v.Key(b'k' * 32, b's' * 16, v.FAST_FOR_TESTS))"
    )
    assert "cryptography" in top_level
