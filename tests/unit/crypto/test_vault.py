"""Tests for exitplan.crypto.vault: what every sealed file shares (the KDF policy, the one
derivation, the errors, telling sealed bytes apart). Format 1 was never released: its files are
refused as a format this version cannot read."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator

import pytest
from helpers import REPO
from helpers_exitplan import FAST_KDF_ENV, FAST_MEMORY_KIB, use_fast_kdf
from hypothesis import given, settings
from hypothesis import strategies as st

from exitplan.crypto import vault
from exitplan.crypto.datakey import DataKey, open_with, seal_with
from exitplan.crypto.vault import (
    MAGIC,
    STRONG,
    KdfParams,
    VaultError,
    accepted_params,
    check_params,
    current_params,
    derive_key,
    is_sealed,
)

REPO_ROOT = REPO
SALT = b"s" * 16
FAST_FOR_TESTS = KdfParams(memory_kib=FAST_MEMORY_KIB, iterations=1, lanes=1)

# Passphrases with combining marks, other scripts, emoji and astral characters.
ODD_TEXT = st.text(
    alphabet=st.characters(codec="utf-8", categories=("L", "M", "N", "P", "S", "Zs", "Cf")),
    min_size=1,
    max_size=40,
)


@pytest.fixture(autouse=True, scope="module")
def _fast_kdf() -> Iterator[None]:
    """Use the tests' fast KDF for this module unless a test puts the strong one back."""
    with pytest.MonkeyPatch.context() as mp:
        use_fast_kdf(mp.setattr)
        yield


@pytest.fixture(scope="module")
def blob() -> bytes:
    """A sealed file (format 2)."""
    return seal_with(b'title = "my plan"\n', DataKey.generate())


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
        pytest.fail("key derivation ran although the settings should have been refused")

    monkeypatch.setattr("cryptography.hazmat.primitives.kdf.argon2.Argon2id", boom)
    if not class_only:
        monkeypatch.setattr(vault, "_derive_secret", boom)
    return calls


# --- the one derivation ---------------------------------------------------------------------


@settings(max_examples=15, deadline=None)
@given(passphrase=ODD_TEXT)
def test_any_passphrase_derives_the_same_key_twice(passphrase: str) -> None:
    """derive_key is deterministic for a passphrase, salt and settings, and 32 bytes long."""
    first = derive_key(passphrase, SALT, FAST_FOR_TESTS)
    assert len(first) == 32
    assert derive_key(passphrase, SALT, FAST_FOR_TESTS) == first
    assert derive_key(passphrase, b"t" * 16, FAST_FOR_TESTS) != first


def test_passphrase_is_nfc_normalised() -> None:
    """Composed and decomposed forms of the same passphrase give the same key."""
    composed = "caf\u00e9 \u00c5ngstr\u00f6m"
    decomposed = "cafe\u0301 A\u030angstro\u0308m"
    assert composed != decomposed
    assert derive_key(composed, SALT, FAST_FOR_TESTS) == derive_key(
        decomposed, SALT, FAST_FOR_TESTS
    )


@pytest.mark.parametrize("passphrase", ["", "abc\udcff"])
def test_empty_or_unencodable_passphrase_refused(passphrase: str) -> None:
    """An empty passphrase, or one with a lone surrogate, is one plain VaultError."""
    with pytest.raises(VaultError) as exc:
        derive_key(passphrase, SALT, FAST_FOR_TESTS)
    assert_one_line(exc.value)


@pytest.mark.parametrize(
    "params",
    [
        KdfParams(2 * 1024 * 1024, 3, 4),
        KdfParams(1024 * 1024, 3, 4),
        KdfParams(65536, 50, 4),
        KdfParams(65536, 10, 4),
        KdfParams(65536, 3, 64),
        KdfParams(0, 0, 0),
    ],
)
def test_settings_exitplan_does_not_write_are_refused_before_argon2(
    params: KdfParams, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Settings that are not exactly exitplan's, or a salt of the wrong length, are refused
    before the Argon2id class is touched."""
    calls = forbid_kdf(monkeypatch, class_only=True)
    with pytest.raises(VaultError) as exc:
        derive_key("a passphrase", SALT, params)
    assert str(exc.value) == (
        "the encrypted file asks for key derivation settings exitplan does not use, "
        "so it was not opened"
    )
    with pytest.raises(VaultError):
        derive_key("a passphrase", b"short", FAST_FOR_TESTS)
    with pytest.raises(VaultError):
        check_params(params, "the key file")
    assert calls == []


@pytest.mark.parametrize("class_only", [False, True])
def test_forbid_kdf_catches_a_real_derivation(
    class_only: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Control: with either trap set, good settings do reach key derivation."""
    calls = forbid_kdf(monkeypatch, class_only=class_only)
    with pytest.raises(pytest.fail.Exception):
        derive_key("a passphrase", SALT, FAST_FOR_TESTS)
    assert calls == ["called"]


def strong_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """exitplan's own settings, as every run outside the tests has them."""
    monkeypatch.delenv(FAST_KDF_ENV, raising=False)  # the harness's switch (conftest.py)
    monkeypatch.setattr(vault, "WRITE_PARAMS", STRONG)
    monkeypatch.setattr(vault, "ACCEPTED_PARAMS", (STRONG,))


def test_fast_settings_refused_as_exitplan_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests' fast settings are refused, before any KDF, where exitplan's own hold."""
    strong_only(monkeypatch)
    calls = forbid_kdf(monkeypatch, class_only=True)
    with pytest.raises(VaultError):
        derive_key("a passphrase", SALT, FAST_FOR_TESTS)
    assert calls == []


def test_accepted_params_are_the_setting() -> None:
    """Accepted: exactly ACCEPTED_PARAMS (here the tests' fast settings besides STRONG)."""
    assert accepted_params() == vault.ACCEPTED_PARAMS == (STRONG, FAST_FOR_TESTS)


# --- 19. cost floor, and no switch in exitplan ----------------------------------------------


def test_strong_params_are_rfc_9106s(monkeypatch: pytest.MonkeyPatch) -> None:
    """exitplan writes new keys with Argon2id 65536 KiB / 3 passes / 4 lanes."""
    strong_only(monkeypatch)
    assert current_params() == STRONG == KdfParams(65536, 3, 4)
    assert STRONG.memory_kib >= 19 * 1024  # OWASP floor for Argon2id
    assert STRONG.iterations >= 2


@pytest.mark.process
def test_exitplan_reads_no_switch_from_the_environment() -> None:
    """With the tests' old switch in the environment, a fresh exitplan still writes and accepts
    only STRONG: no environment variable makes key derivation cheaper."""
    code = (
        "import exitplan.crypto.vault as v; "
        "print(v.current_params() == v.STRONG and v.accepted_params() == (v.STRONG,))"
    )
    env = {**os.environ, "EXITPLAN_TEST_FAST_KDF": "1"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.strip() == "True"


def test_fast_settings_are_still_real() -> None:
    """The tests' settings are cheap but real Argon2id."""
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
    """is_sealed is True for sealed data and False for empty, short or plain data; a format-1
    file (never released) is told apart by its version and not read."""
    assert is_sealed(blob)
    assert blob[len(MAGIC)] == 2  # the version byte after the mark
    with pytest.raises(VaultError, match="format version 1"):
        open_with(MAGIC + b"\x01" + bytes(2000), DataKey.generate())
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


@pytest.mark.process
def test_import_does_not_load_cryptography() -> None:
    """`import exitplan.crypto.vault` alone does not import cryptography."""
    top_level = _modules_after_import("import exitplan.crypto.vault")
    assert "exitplan" in top_level
    assert "cryptography" not in top_level


@pytest.mark.process
def test_import_does_not_load_ui_libraries() -> None:
    """`import exitplan.crypto.vault` does not import typer, rich or click."""
    top_level = _modules_after_import("import exitplan.crypto.vault")
    assert not top_level & {"typer", "rich", "click"}


@pytest.mark.process
def test_lazy_import_check_can_fail() -> None:
    """Control: the subprocess check does see cryptography once a vault function needs it."""
    top_level = _modules_after_import(
        "import exitplan.crypto.vault as v; v.derive_key('a passphrase', b's' * 16, v.STRONG)"
    )
    assert "cryptography" in top_level
