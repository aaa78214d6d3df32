"""Reading the signing certificate of an app file: v1 (PKCS#7) and the APK Signing Block."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from phone_helpers import make_apk

from exitplan.phone import apk


@pytest.mark.parametrize("scheme", ["v1", "v2"])
def test_the_signers_fingerprint_is_read(tmp_path: Path, scheme: str) -> None:
    """The SHA-1 of the signer's certificate is read from a v1 signature and from a v2 block."""
    path = tmp_path / "app.apk"
    expected = make_apk(path, scheme)
    assert apk.certificate_fingerprints(path) == [expected]
    with zipfile.ZipFile(path) as still:  # the v2 block leaves a ZIP that reads as one
        assert "classes.dex" in still.namelist()


def test_an_unsigned_or_broken_file_gives_nothing_or_a_plain_error(tmp_path: Path) -> None:
    """An unsigned ZIP has no fingerprint; a file that is not a ZIP is NotAnApk; a block whose
    lengths point past its end is ignored, never a crash."""
    plain = tmp_path / "plain.apk"
    with zipfile.ZipFile(plain, "w") as z:
        z.writestr("AndroidManifest.xml", b"x")
    assert apk.certificate_fingerprints(plain) == []
    junk = tmp_path / "junk.apk"
    junk.write_bytes(b"not a zip at all")
    with pytest.raises(apk.NotAnApk):
        apk.certificate_fingerprints(junk)
    signed = tmp_path / "signed.apk"
    make_apk(signed, "v2")
    data = bytearray(signed.read_bytes())
    at = data.find(b"APK Sig Block 42")
    first = data.rfind(b"\x1a\x87\x09\x71", 0, at)  # the v2 block's id
    data[first + 4 : first + 8] = b"\xff\xff\xff\x7f"  # a length far past the end
    signed.write_bytes(bytes(data))
    assert apk.certificate_fingerprints(signed) == []


def test_a_file_past_the_cap_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file larger than the cap is refused before it is read."""
    path = tmp_path / "big.apk"
    make_apk(path, "v2")
    monkeypatch.setattr(apk, "MAX_APK", 100)
    with pytest.raises(apk.NotAnApk, match="larger"):
        apk.certificate_fingerprints(path)
