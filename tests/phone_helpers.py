"""The stand-in adb on the PATH, the invented stalkerware list, and the read-only proof."""

from __future__ import annotations

import csv
import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from exitplan.phone import indicators
from exitplan.phone.adb import is_read_only

TESTS = Path(__file__).resolve().parent
STANDIN = TESTS / "standin_adb.py"
PHONES = TESTS / "data" / "phones"
LIST = TESTS / "data" / "indicators"
COMMIT = "0123456789abcdef0123456789abcdef01234567"
# Words of adb commands that change a phone, or reach it over the network.
CHANGING = frozenset(
    {
        "install",
        "install-multiple",
        "uninstall",
        "disable",
        "disable-user",
        "enable",
        "clear",
        "put",
        "delete",
        "reset",
        "reboot",
        "root",
        "remount",
        "connect",
        "pair",
        "tcpip",
        "rm",
        "push",
        "sideload",
        "force-stop",
        "suspend",
        "hide",
        "am",
        "kill",
    }
)


@dataclass
class Standin:
    """The stand-in adb: where its calls are logged, and the file that stands for its server."""

    bin: Path
    log: Path
    server: Path
    monkeypatch: pytest.MonkeyPatch

    def phone(self, name: str) -> None:
        """Replay this recorded phone (tests/data/phones/NAME.toml)."""
        assert (PHONES / f"{name}.toml").is_file()
        self.monkeypatch.setenv("STANDIN_ADB_PHONE", name)

    def phone_file(self, path: Path) -> None:
        """Replay a phone recording a test wrote (a TOML file in the stand-in's format)."""
        assert path.is_file()
        assert path.suffix == ".toml"
        self.monkeypatch.setenv("STANDIN_ADB_PHONE", str(path))

    def calls(self) -> list[list[str]]:
        """Every call made so far, in order."""
        if not self.log.exists():
            return []
        return [json.loads(line) for line in self.log.read_text().splitlines()]

    def env(self) -> dict[str, str]:
        """What a child process needs to find the stand-in."""
        import os

        names = (
            "PATH",
            "STANDIN_ADB_PHONE",
            "STANDIN_ADB_LOG",
            "STANDIN_ADB_SERVER",
            "STANDIN_ADB_ENV_LOG",
            "STANDIN_ADB_ORPHAN",
        )
        return {name: os.environ[name] for name in names if name in os.environ}


def make_standin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Standin:
    """Put the stand-in first on the PATH (before Debian's real adb)."""
    import os

    folder = tmp_path / "standin-bin"
    folder.mkdir()
    script = folder / "adb"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{STANDIN}" "$@"\n')
    script.chmod(0o755)
    log, server = tmp_path / "adb-calls.jsonl", tmp_path / "adb-server"
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ.get('PATH', '')}")
    monkeypatch.setenv("STANDIN_ADB_LOG", str(log))
    monkeypatch.setenv("STANDIN_ADB_SERVER", str(server))
    return Standin(folder, log, server, monkeypatch)


def assert_read_only(calls: list[list[str]]) -> None:
    """Every call is on the allow-list, none holds a changing word, and the server is stopped
    only after this run started it."""
    assert calls, "the stand-in was never called"
    for call in calls:
        assert is_read_only(call), call
        assert not CHANGING & set(call), call
    kills = [n for n, call in enumerate(calls) if call == ["kill-server"]]
    assert len(kills) <= 1
    if kills:
        assert calls[0] == ["start-server"]
        assert kills[0] == len(calls) - 1


IDEVICE_STANDIN = TESTS / "standin_idevice.py"
IPHONES = TESTS / "data" / "iphones"
# Words of libimobiledevice commands that change an iPhone (install, remove, restore, ...).
IDEVICE_CHANGING = frozenset(
    {
        "-i",
        "--install",
        "-U",
        "--uninstall",
        "-g",
        "--upgrade",
        "-a",
        "--archive",
        "-r",
        "--restore",
        "-R",
        "--remove-archive",
        "install",
        "remove",
        "remove-all",
        "copy",
        "-n",
        "--network",
    }
)


@dataclass
class IdeviceStandin:
    """The stand-in libimobiledevice programs: their call log and the stand-in pairing record."""

    log: Path
    paired: Path
    monkeypatch: pytest.MonkeyPatch

    def phone(self, name: str) -> None:
        """Replay this recorded iPhone (tests/data/iphones/NAME.toml)."""
        assert (IPHONES / f"{name}.toml").is_file()
        self.monkeypatch.setenv("STANDIN_IDEVICE_PHONE", name)

    def calls(self) -> list[list[str]]:
        """Every call made so far, in order (the program's name first)."""
        if not self.log.exists():
            return []
        return [json.loads(line) for line in self.log.read_text().splitlines()]


def make_idevice_standin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> IdeviceStandin:
    """Put the five stand-in programs first on the PATH."""
    import os

    folder = tmp_path / "standin-idevice-bin"
    folder.mkdir()
    for program in (
        "idevice_id",
        "idevicepair",
        "ideviceinfo",
        "ideviceinstaller",
        "ideviceprovision",
    ):
        script = folder / program
        script.write_text(
            f'#!/bin/sh\nexec "{sys.executable}" "{IDEVICE_STANDIN}" {program} "$@"\n'
        )
        script.chmod(0o755)
    log, paired = tmp_path / "idevice-calls.jsonl", tmp_path / "pairing-record"
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ.get('PATH', '')}")
    monkeypatch.setenv("STANDIN_IDEVICE_LOG", str(log))
    monkeypatch.setenv("STANDIN_IDEVICE_PAIRED", str(paired))
    return IdeviceStandin(log, paired, monkeypatch)


def assert_iphone_read_only(calls: list[list[str]]) -> None:
    """Every call is a reading command or a pairing; none holds a changing word; `pair` comes
    only after `validate` said this computer was not paired, and `unpair` only after `pair`."""
    from exitplan.phone.iphone import is_pairing, is_reading

    assert calls, "the stand-ins were never called"
    validated = paired = False
    for program, *args in calls:
        assert is_reading(program, args) or is_pairing(program, args), (program, args)
        assert not IDEVICE_CHANGING & set(args), (program, args)
        if args[-1:] == ["validate"]:
            validated = True
        if args[-1:] == ["pair"]:
            assert validated
            paired = True
        if args[-1:] == ["unpair"]:
            assert paired


def convert_list(folder: Path, source: Path = LIST) -> Path:
    """The invented list converted by the same code the release script uses, with provenance."""
    raw = {
        name: (source / name).read_bytes() for name in ("ioc.yaml", "watchware.yaml", "samples.csv")
    }
    data = indicators.convert(
        yaml.safe_load(raw["ioc.yaml"]),
        yaml.safe_load(raw["watchware.yaml"]),
        csv.DictReader(raw["samples.csv"].decode().splitlines()),
    )
    body = indicators.dump(data)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / indicators.DATA_FILE).write_bytes(body)
    (folder / indicators.PROVENANCE_FILE).write_bytes(
        indicators.provenance(body, COMMIT, raw, "2026-11-30")
    )
    return folder


def recorded(phone: str, command: str) -> bytes:
    """The output the stand-in replays for a command (after `base` and `[append]`)."""
    sys.path.insert(0, str(TESTS))
    try:
        from standin_adb import recording
    finally:
        sys.path.remove(str(TESTS))
    return recording(phone)[command].encode()


def sha256(data: bytes) -> str:
    """Hex SHA-256."""
    return hashlib.sha256(data).hexdigest()


def make_certificate(name: str = "Invented Signer") -> tuple[object, bytes]:
    """A new EC key and a self-signed certificate (DER) for an invented app signer."""
    from datetime import UTC, datetime, timedelta

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.serialization import Encoding
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    start = datetime(2026, 1, 1, tzinfo=UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(start)
        .not_valid_after(start + timedelta(days=3650))
        .sign(key, hashes.SHA256())
    )
    return key, certificate.public_bytes(Encoding.DER)


def make_apk(path: Path, scheme: str = "v2", name: str = "Invented Signer") -> str:
    """Write an app file signed, in the layout Android documents, with a new certificate: a v1
    PKCS#7 file in META-INF, or an APK Signing Block (v2); return the certificate's SHA-1."""
    import io
    import struct
    import zipfile

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.serialization import Encoding, pkcs7

    key, der = make_certificate(name)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as apk:
        apk.writestr("AndroidManifest.xml", b"\x03\x00\x08\x00invented")
        apk.writestr("classes.dex", b"dex\n035\x00invented")
        if scheme == "v1":
            certificate = x509.load_der_x509_certificate(der)
            signed = (
                pkcs7.PKCS7SignatureBuilder()
                .set_data(b"Signature-Version: 1.0\r\n")
                .add_signer(certificate, key, hashes.SHA256())  # type: ignore[arg-type]
                .sign(Encoding.DER, [pkcs7.PKCS7Options.DetachedSignature])
            )
            apk.writestr("META-INF/CERT.SF", b"Signature-Version: 1.0\r\n")
            apk.writestr("META-INF/CERT.EC", signed)
    data = buffer.getvalue()
    if scheme == "v2":

        def prefixed(body: bytes) -> bytes:
            return struct.pack("<I", len(body)) + body

        signed_data = prefixed(b"") + prefixed(prefixed(der)) + prefixed(b"")
        signer = prefixed(signed_data) + prefixed(b"") + prefixed(b"public key")
        value = prefixed(prefixed(signer))
        pair = struct.pack("<QI", len(value) + 4, 0x7109871A) + value
        size = len(pair) + 8 + 16
        block = struct.pack("<Q", size) + pair + struct.pack("<Q", size) + b"APK Sig Block 42"
        end = data.rfind(b"PK\x05\x06")
        (start,) = struct.unpack_from("<I", data, end + 16)
        eocd = bytearray(data[end:])
        struct.pack_into("<I", eocd, 16, start + len(block))
        data = data[:start] + block + data[start:end] + bytes(eocd)
    path.write_bytes(data)
    return hashlib.sha1(der, usedforsecurity=False).hexdigest()
