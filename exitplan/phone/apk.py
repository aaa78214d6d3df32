"""The signing certificates of an app file (APK) copied from the phone: read, never trusted.

An APK is a ZIP file. Its signer's X.509 certificate is in one of two places (Android's own
documentation, source.android.com/docs/security/features/apksigning, checked 2026-12-05):

- the v1 (JAR) signature: a PKCS#7 SignedData file `META-INF/*.RSA`, `*.DSA` or `*.EC`, read
  with the cryptography library;
- the APK Signing Block (schemes v2, v3 and v3.1), just before the ZIP central directory: a
  sequence of ID-value pairs whose signer records hold length-prefixed DER certificates. No
  well-kept small library reads it (androguard does, with dozens of dependencies; the small
  ones were last released in 2018-2021), so the few lines below walk its lengths, each checked
  against the bytes that are there; the certificates themselves are parsed by cryptography.

Only fingerprints come out (SHA-1 of each certificate, as the stalkerware list gives them). The
signatures are not verified: a forged block could only make an app look like a known one, never
hide it. The file is read with a size cap, and the caller erases it.
"""

from __future__ import annotations

import hashlib
import io
import struct
import zipfile
from pathlib import Path

from exitplan.disk.safeio import read_capped

MAX_APK = 200 * 1024 * 1024
MAGIC = b"APK Sig Block 42"
SCHEMES = (0x7109871A, 0xF05368C0, 0x1B93AD61)  # v2, v3, v3.1
_EOCD = b"PK\x05\x06"
_V1_SUFFIXES = (".RSA", ".DSA", ".EC")


class NotAnApk(ValueError):
    """The file is not an app file exitplan can read."""


def certificate_fingerprints(path: Path) -> list[str]:
    """The SHA-1 fingerprints (lower-case hex) of the certificates that signed the APK."""
    if path.stat().st_size > MAX_APK:
        raise NotAnApk("the app file is larger than exitplan reads")
    data = read_capped(path, MAX_APK)  # never through a link, never a FIFO
    if len(data) > MAX_APK:
        raise NotAnApk("the app file is larger than exitplan reads")
    found = _signing_block_certificates(data)
    if not found:
        found = _v1_certificates(data)
    return list(
        dict.fromkeys(hashlib.sha1(der, usedforsecurity=False).hexdigest() for der in found)
    )


def _v1_certificates(data: bytes) -> list[bytes]:
    from cryptography.hazmat.primitives.serialization import Encoding, pkcs7

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as apk:
            names = [
                n
                for n in apk.namelist()
                if n.upper().startswith("META-INF/") and n.upper().endswith(_V1_SUFFIXES)
            ]
            ders = []
            for name in names[:8]:
                if apk.getinfo(name).file_size > 1024 * 1024:
                    continue
                try:
                    certificates = pkcs7.load_der_pkcs7_certificates(apk.read(name))
                except ValueError:
                    continue
                ders += [c.public_bytes(Encoding.DER) for c in certificates[:1]]
            return ders
    except (zipfile.BadZipFile, OSError, KeyError, RuntimeError) as exc:
        raise NotAnApk(str(exc)) from None


def _signing_block_certificates(data: bytes) -> list[bytes]:
    start = _central_directory(data)
    if start is None or start < 32 or data[start - 16 : start] != MAGIC:
        return []
    (size,) = struct.unpack_from("<Q", data, start - 24)
    block = start - size - 8
    if size < 24 or block < 0 or struct.unpack_from("<Q", data, block)[0] != size:
        return []
    pairs = data[block + 8 : start - 24]
    found: list[bytes] = []
    offset = 0
    while offset + 12 <= len(pairs):
        (length,) = struct.unpack_from("<Q", pairs, offset)
        if length < 4 or offset + 8 + length > len(pairs):
            break
        (ident,) = struct.unpack_from("<I", pairs, offset + 8)
        if ident in SCHEMES and not found:
            found = _scheme_certificates(pairs[offset + 12 : offset + 8 + length])
        offset += 8 + length
    return found


def _scheme_certificates(value: bytes) -> list[bytes]:
    """The first certificate of each signer of a v2/v3 block (the signer's own)."""
    found = []
    try:
        for signer in _sequence(_prefixed(value, 0)[0]):
            signed_data = _prefixed(signer, 0)[0]
            _digests, after = _prefixed(signed_data, 0)
            certificates = _sequence(_prefixed(signed_data, after)[0])
            if certificates:
                found.append(certificates[0])
    except struct.error:
        return []
    return found


def _prefixed(data: bytes, offset: int) -> tuple[bytes, int]:
    """The uint32-length-prefixed bytes at `offset`, and the offset after them."""
    (length,) = struct.unpack_from("<I", data, offset)
    end = offset + 4 + length
    if end > len(data):
        raise struct.error("a length past the end")
    return data[offset + 4 : end], end


def _sequence(data: bytes) -> list[bytes]:
    items, offset = [], 0
    while offset < len(data):
        item, offset = _prefixed(data, offset)
        items.append(item)
    return items


def _central_directory(data: bytes) -> int | None:
    """Where the ZIP central directory starts, from the end-of-central-directory record."""
    at = data.rfind(_EOCD, max(0, len(data) - 65557))
    if at < 0 or at + 22 > len(data):
        return None
    (offset,) = struct.unpack_from("<I", data, at + 16)
    return offset if offset <= at else None
