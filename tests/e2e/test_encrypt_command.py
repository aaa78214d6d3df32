"""Encryption at rest through the real command line.

Everything here goes through `exitplan` itself (Typer's CliRunner, and real subprocesses where
the environment or the terminal matters) and then looks at the bytes on disk. The vault's own
unit tests are in tests/unit/crypto/test_vault.py.

Every test pins the day with EXITPLAN_TODAY and uses the test-only fast KDF, except
`test_normally_made_files_carry_the_strong_kdf_params`, which checks the real cost settings.
"""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

import pytest
from helpers import EXITPLAN, REPO, cli, ok, one_error_line
from helpers_exitplan import use_fast_kdf
from typer.testing import CliRunner

from exitplan.crypto import vault
from exitplan.crypto.datakey import HEADER_SIZE, key_id_of
from exitplan.crypto.keyfile import KEY_MAGIC, open_key_file
from exitplan.crypto.vault import (
    MAGIC,
    STRONG,
    KdfParams,
    WrongPassphrase,
)

WRONG_PASS = "passphrase did not open the plan"  # noqa: S105 - a message


def enc_key_params(home: Path) -> KdfParams:
    """The KDF settings written in a home's key file."""
    import struct

    memory, passes, lanes = struct.unpack_from(">IIB", (home / "plan.key").read_bytes(), 10)
    return KdfParams(memory, passes, lanes)


ENC_TODAY = "2026-11-30"
ENC_EXIT = "2026-12-21"
ENC_LIST = "enc-own"  # the person's own checklist; no built-in checklist uses this id
NOTE_MARK = "enc-note-marker-meet-advocate-tuesday-7Q"
LATER_MARK = "enc-later-marker-bus-station-locker-3F"
LIST_MARK = "enc-checklist-marker-sister-address-9K"
PASSPHRASE = "correct horse battery staple"  # noqa: S105 - a test passphrase
OTHER_PASSPHRASE = "a completely different phrase"  # noqa: S105

ENC_CHECKLIST = f"""\
schema = 1
id = "{ENC_LIST}"
title = "My own steps"
summary = "Steps I wrote myself."
order = 90

[[item]]
id = "own-account"
title = "Open a bank account in your name only"
why = "{LIST_MARK}: money they cannot see."
due = "-21d"
priority = "high"

[[item]]
id = "papers"
title = "Copy your papers"
why = "So you have them when you need them."
due = "-14d"

[[item]]
id = "after-step"
title = "Change beneficiaries"
why = "So they do not inherit."
due = "+14d"
when = "after"
"""
ACCOUNT = f"{ENC_LIST}.own-account"
PAPERS = f"{ENC_LIST}.papers"
AFTER = f"{ENC_LIST}.after-step"


# -- helpers (names start with enc_ so they never clash with conftest) -------------------------


@pytest.fixture(autouse=True)
def enc_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fixed day, the fast KDF, and no passphrase or home coming from the developer's shell."""
    monkeypatch.setenv("EXITPLAN_TODAY", ENC_TODAY)
    monkeypatch.setenv("EXITPLAN_TEST_FAST_KDF", "1")
    use_fast_kdf(monkeypatch.setattr)
    for name in (
        "EXITPLAN_HOME",
        "EXITPLAN_PASSPHRASE_FILE",
        "EXITPLAN_PASSPHRASE",
        "EXITPLAN_TEST_LOCK_TIMEOUT",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")


def enc_make_home(home: Path) -> Path:
    """A private data directory holding the person's own checklist (with a marker in it)."""
    home.mkdir(mode=0o700, parents=True)
    home.chmod(0o700)
    folder = home / "checklists"
    folder.mkdir(mode=0o700)
    own = folder / f"{ENC_LIST}.toml"
    own.write_text(ENC_CHECKLIST, encoding="utf-8")
    own.chmod(0o600)
    return home


def enc_secret_file(folder: Path, name: str, text: str) -> Path:
    """A passphrase file (outside the data directory), mode 0600."""
    path = folder / name
    path.write_text(text + "\n", encoding="utf-8")
    path.chmod(0o600)
    return path


def enc_snapshot(root: Path) -> dict[str, bytes | None]:
    """Every file (bytes) and folder (None) under root, by relative path."""
    if not root.exists():
        return {}
    return {
        str(p.relative_to(root)): (p.read_bytes() if p.is_file() else None)
        for p in sorted(root.rglob("*"))
    }


def enc_files(home: Path) -> list[Path]:
    """Every file under the data directory except the (always empty) lock file and plan.key."""
    return [
        p
        for p in sorted(home.rglob("*"))
        if p.is_file() and p.name != ".lock" and p != home / "plan.key"
    ]


def enc_holding(root: Path, *needles: str) -> list[str]:
    """Files under root whose raw bytes contain any of the needles."""
    found = []
    for path in sorted(root.rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            if any(n.encode() in data for n in needles):
                found.append(str(path.relative_to(root)))
    return found


def enc_assert_all_sealed(home: Path) -> None:
    """Every file exitplan keeps (plan, backups, own checklists, cache) is ciphertext."""
    files = enc_files(home)
    assert files
    assert (home / "plan.key").read_bytes().startswith(KEY_MAGIC)
    plain = [str(p.relative_to(home)) for p in files if not p.read_bytes().startswith(MAGIC)]
    assert plain == [], f"plain files after encryption: {plain}"
    assert enc_holding(home, NOTE_MARK, LATER_MARK, LIST_MARK) == []


def enc_show(home: Path, ref: str, pass_file: Path | None = None) -> dict[str, Any]:
    """`show REF --json`, parsed."""
    import json

    shown: dict[str, Any] = json.loads(
        ok(cli(home, "show", ref, "--json", passphrase=pass_file)).stdout
    )
    return shown


@pytest.fixture
def enc_home(tmp_path: Path) -> Path:
    """A plain plan of the person's own checklist with a note, so several backups hold it."""
    home = enc_make_home(tmp_path / "plan")
    ok(cli(home, "init", "--checklist", ENC_LIST, "--exit-date", ENC_EXIT))
    ok(cli(home, "note", ACCOUNT, input=NOTE_MARK + "\n"))
    ok(cli(home, "done", PAPERS))
    ok(cli(home, "undo", PAPERS))
    ok(cli(home, "skip", AFTER))
    return home


@pytest.fixture
def enc_pass(tmp_path: Path) -> Path:
    """The passphrase file used to encrypt."""
    return enc_secret_file(tmp_path, "pass.txt", PASSPHRASE)


@pytest.fixture
def enc_sealed(enc_home: Path, enc_pass: Path) -> Path:
    """The same plan, encrypted with PASSPHRASE."""
    ok(cli(enc_home, "encrypt", "--passphrase-file", str(enc_pass)))
    return enc_home


# -- encrypt converts every plain copy -------------------------------------------------------


def test_encrypt_leaves_no_plain_copy_of_a_note(enc_home: Path, enc_pass: Path) -> None:
    """After `encrypt`, no byte of any file in the data directory holds the note or the checklist.

    Before encrypting, the note is in the plan and in several older backups, and the marker of
    the person's own checklist is in its file (the control: the scan can find them). Afterwards
    every file starts with the vault magic and the plan still opens with the passphrase.
    """
    backups = sorted((enc_home / "backups").glob("plan-*.toml"))
    assert len(backups) >= 3
    holding = enc_holding(enc_home, NOTE_MARK)
    assert "plan.toml" in holding
    assert sum(name.startswith("backups/") for name in holding) >= 3
    assert enc_holding(enc_home, LIST_MARK) != []

    result = ok(cli(enc_home, "encrypt", "--passphrase-file", str(enc_pass)))
    assert "encrypted" in result.stderr

    enc_assert_all_sealed(enc_home)
    assert sorted((enc_home / "backups").glob("plan-*.toml")) == backups  # converted, not lost
    shown = enc_show(enc_home, ACCOUNT, enc_pass)
    assert shown["note"].strip() == NOTE_MARK
    where = ok(cli(enc_home, "where")).stdout
    assert "plain text" not in where
    assert where.count("encrypted") == len(enc_files(enc_home))
    assert "key file" in where


@pytest.mark.process
def test_encrypt_in_a_real_process_leaves_nothing_in_home_or_tmpdir(tmp_path: Path) -> None:
    """Through real `python -m exitplan` processes with TMPDIR set: the note and the checklist
    marker are in no file of the data directory once encrypted, and no file in TMPDIR holds them
    (no temp file is left in TMPDIR at all)."""
    home = enc_make_home(tmp_path / "plan")
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir(mode=0o700)
    pass_file = enc_secret_file(tmp_path, "pass.txt", PASSPHRASE)
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path / "fakehome"),
        "TMPDIR": str(tmpdir),
        "TEMP": str(tmpdir),
        "TMP": str(tmpdir),
        "LC_ALL": "C.UTF-8",
        "NO_COLOR": "1",
        "EXITPLAN_TODAY": ENC_TODAY,
        "EXITPLAN_TEST_FAST_KDF": "1",
    }

    def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [*EXITPLAN, "--home", str(home), *args],
            input=stdin,
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=60,
            check=False,
        )
        assert done.returncode == 0, (args, done.stdout, done.stderr)
        return done

    cli("init", "--checklist", ENC_LIST, "--exit-date", ENC_EXIT)
    cli("note", ACCOUNT, stdin=NOTE_MARK)
    cli("done", PAPERS)
    assert enc_holding(home, NOTE_MARK)  # control: the scan sees the plain note
    cli("encrypt", "--passphrase-file", str(pass_file))
    cli("--passphrase-file", str(pass_file), "note", PAPERS, stdin=LATER_MARK)
    cli("--passphrase-file", str(pass_file), "undo", PAPERS)
    shown = cli("--passphrase-file", str(pass_file), "summary").stdout
    assert NOTE_MARK in shown
    assert LATER_MARK in shown

    enc_assert_all_sealed(home)
    assert enc_holding(tmpdir, NOTE_MARK, LATER_MARK, LIST_MARK) == []
    assert list(tmpdir.rglob("*")) == []


def test_every_later_save_keeps_everything_sealed(enc_sealed: Path, enc_pass: Path) -> None:
    """After encryption, each changing command (note, done, undo, skip, date, add, review,
    restore, init --force) leaves only ciphertext behind, including the new backups."""
    steps: list[tuple[tuple[str, ...], str | None]] = [
        (("note", PAPERS), LATER_MARK),
        (("done", PAPERS), None),
        (("undo", PAPERS), None),
        (("skip", PAPERS, "--reason", "not needed"), None),
        (("date", "2027-01-15"), None),
        (("add", ENC_LIST), f"Pick up the spare key {LATER_MARK}"),
        (("review",), "d\nn\n" + LATER_MARK + "\nq\n"),
        (("restore",), None),
        (("init", "--force", "--checklist", ENC_LIST), None),
    ]
    for args, stdin in steps:
        ok(cli(enc_sealed, *args, input=stdin, passphrase=enc_pass))
        enc_assert_all_sealed(enc_sealed)
    assert len(list((enc_sealed / "backups").glob("plan-*.toml"))) >= 8


def test_own_checklist_added_after_encryption_is_used_once_adopted(
    enc_sealed: Path, enc_pass: Path
) -> None:
    """A plain checklist file dropped in later is left out and never sealed by a save (anyone
    could have put it there); `checklists --adopt` with the passphrase seals it and uses it."""
    extra = enc_sealed / "checklists" / "enc-extra.toml"
    extra.write_text(
        ENC_CHECKLIST.replace(ENC_LIST, "enc-extra").replace(LIST_MARK, LATER_MARK),
        encoding="utf-8",
    )
    extra.chmod(0o600)
    done = ok(cli(enc_sealed, "done", PAPERS, passphrase=enc_pass))
    assert "checklists/enc-extra.toml" in done.stderr
    assert "exitplan did not write it" in done.stderr
    assert not extra.read_bytes().startswith(MAGIC)
    adopted = ok(cli(enc_sealed, "checklists", "--adopt", "enc-extra", passphrase=enc_pass))
    assert "now encrypted and part of your plan" in adopted.stderr
    assert extra.read_bytes().startswith(MAGIC)
    enc_assert_all_sealed(enc_sealed)
    assert ok(cli(enc_sealed, "list", "enc-extra", "--json", passphrase=enc_pass))


def test_fresh_nonce_on_every_save(enc_sealed: Path, enc_pass: Path) -> None:
    """Two saves of the same plan give different nonces and ciphertexts, under the same key."""
    ok(cli(enc_sealed, "done", PAPERS, passphrase=enc_pass))
    first = (enc_sealed / "plan.toml").read_bytes()
    ok(cli(enc_sealed, "undo", PAPERS, passphrase=enc_pass))
    ok(cli(enc_sealed, "done", PAPERS, passphrase=enc_pass))
    second = (enc_sealed / "plan.toml").read_bytes()
    assert key_id_of(first) == key_id_of(second)
    nonce = HEADER_SIZE - 12  # the 12-byte nonce ends the header
    assert first[nonce:HEADER_SIZE] != second[nonce:HEADER_SIZE]
    assert first[HEADER_SIZE:] != second[HEADER_SIZE:]


def test_interrupted_encrypt_can_be_finished(
    enc_home: Path, enc_pass: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """If `encrypt` fails part-way (the disk refuses the n-th file, for every n in turn), it
    says so; the plan is sealed only once every other copy is (so while anything is plain, the
    plan is too), and running `encrypt` again finishes the job: no plain copy of the note."""
    import shutil

    from exitplan.base.errors import StorageError
    from exitplan.disk import atomic

    real = atomic.write_atomic
    template = tmp_path / "template"
    shutil.copytree(enc_home, template)
    failed = 0
    for n in range(1, 40):
        shutil.rmtree(enc_home)
        shutil.copytree(template, enc_home)
        calls: list[Path] = []

        def flaky(path: Path, data: bytes, calls: list[Path] = calls, **kwargs: object) -> None:
            calls.append(path)
            if len(calls) == n:  # noqa: B023 - n is read while this run is going
                raise StorageError(f"could not save {path.name} (the disk is full)")
            real(path, data, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(atomic, "write_atomic", flaky)
        result = cli(enc_home, "encrypt", "--passphrase-file", str(enc_pass))
        monkeypatch.setattr(atomic, "write_atomic", real)
        if len(calls) < n:
            ok(result)
            break
        failed += 1
        one_error_line(result, "disk")
        plain = [p for p in enc_files(enc_home) if not p.read_bytes().startswith(MAGIC)]
        if plain:
            assert enc_home / "plan.toml" in plain, (n, plain)
        ok(cli(enc_home, "encrypt", "--passphrase-file", str(enc_pass)))
        enc_assert_all_sealed(enc_home)
    assert failed >= 4


# -- asking for the passphrase ---------------------------------------------------------------

NEEDS_PASSPHRASE = [
    ("status",),
    ("list",),
    ("show", ACCOUNT),
    ("summary",),
    ("history",),
    ("checklists",),
    ("date",),
    ("done", PAPERS),
    ("note", PAPERS),
    ("restore",),
    ("decrypt",),
]


@pytest.mark.parametrize("args", NEEDS_PASSPHRASE, ids=" ".join)
def test_encrypted_plan_asks_for_a_passphrase(enc_sealed: Path, args: tuple[str, ...]) -> None:
    """Without a terminal and without --passphrase-file, a command that reads the encrypted plan
    stops with one clear message naming the way out, exit 1, and writes nothing."""
    before = enc_snapshot(enc_sealed)
    result = cli(enc_sealed, *args, input=LATER_MARK if args[0] == "note" else None)
    line = one_error_line(result, "encrypted", "passphrase")
    assert "--passphrase-file" in line
    assert result.stdout == ""
    assert enc_snapshot(enc_sealed) == before


def test_backups_asks_for_the_passphrase_instead_of_calling_them_unreadable(
    enc_sealed: Path,
) -> None:
    """`backups` on an encrypted plan without a passphrase says it needs one (exit 1); it does
    not tell the person that every backup 'cannot be read'."""
    result = cli(enc_sealed, "backups")
    assert "cannot be read" not in result.output
    one_error_line(result, "passphrase")


def test_passphrase_file_from_the_environment(enc_sealed: Path, enc_pass: Path) -> None:
    """EXITPLAN_PASSPHRASE_FILE naming a file unlocks the plan, like --passphrase-file."""
    from exitplan.cli.app import app

    result = CliRunner().invoke(
        app,
        ["--home", str(enc_sealed), "show", ACCOUNT, "--json"],
        env={"EXITPLAN_PASSPHRASE_FILE": str(enc_pass)},
        catch_exceptions=False,
    )
    ok(result)
    assert NOTE_MARK in result.stdout


# -- wrong passphrase, damaged files ---------------------------------------------------------

WRITES_AND_READS = [
    ("status",),
    ("list",),
    ("summary",),
    ("history",),
    ("done", PAPERS),
    ("note", PAPERS),
    ("date", "2027-02-01"),
    ("restore",),
    ("decrypt",),
    ("passphrase", "--new-passphrase-file", "NEW"),
]


@pytest.mark.parametrize("args", WRITES_AND_READS, ids=lambda a: " ".join(a[:2]))
def test_wrong_passphrase_one_message_nothing_written(
    enc_sealed: Path, tmp_path: Path, args: tuple[str, ...]
) -> None:
    """A wrong passphrase: one clear line, exit 1, and every byte of the data directory is as
    it was (no file written, replaced or removed)."""
    wrong = enc_secret_file(tmp_path, "wrong.txt", OTHER_PASSPHRASE)
    new = enc_secret_file(tmp_path, "new.txt", "yet another new passphrase")
    args = tuple(str(new) if a == "NEW" else a for a in args)
    before = enc_snapshot(enc_sealed)
    result = cli(
        enc_sealed, *args, input=LATER_MARK if args[0] == "note" else None, passphrase=wrong
    )
    one_error_line(result, WRONG_PASS)
    assert result.stdout == ""
    assert enc_snapshot(enc_sealed) == before
    assert LATER_MARK not in result.output


def _truncate_half(data: bytes) -> bytes:
    return data[: len(data) // 2]


def _flip(index: int) -> object:
    def damage(data: bytes) -> bytes:
        changed = bytearray(data)
        changed[index] ^= 0x01
        return bytes(changed)

    return damage


DAMAGE = {
    "truncated-to-half": _truncate_half,
    "truncated-in-header": lambda data: data[:30],
    "last-byte-missing": lambda data: data[:-1],
    "empty": lambda _data: b"",
    "flipped-body-byte": _flip(60),
    "flipped-tag-byte": _flip(-1),
    "flipped-salt-byte": _flip(25),
    "flipped-nonce-byte": _flip(40),
    "flipped-magic-byte": _flip(0),
}


@pytest.mark.parametrize("command", [("status",), ("done", PAPERS), ("decrypt",)])
@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_damaged_plan_clear_message_old_file_untouched(
    enc_sealed: Path, enc_pass: Path, damage: str, command: tuple[str, ...]
) -> None:
    """A truncated or altered encrypted plan: one clear message, exit 1, nothing written, and
    the damaged file itself is left exactly as it is (so it can still be examined or restored)."""
    plan = enc_sealed / "plan.toml"
    plan.write_bytes(DAMAGE[damage](plan.read_bytes()))  # type: ignore[operator]
    before = enc_snapshot(enc_sealed)
    result = cli(enc_sealed, *command, passphrase=enc_pass)
    one_error_line(result)
    assert result.stdout == ""
    assert enc_snapshot(enc_sealed) == before


def test_damage_message_reads_cleanly(enc_sealed: Path, enc_pass: Path) -> None:
    """The message for a cut-short encrypted plan has no doubled full stop."""
    plan = enc_sealed / "plan.toml"
    plan.write_bytes(plan.read_bytes()[:30])
    line = one_error_line(cli(enc_sealed, "status", passphrase=enc_pass), "damaged")
    assert ".." not in line


def test_restore_after_a_cut_short_plan_succeeds_and_later_saves_work(
    enc_sealed: Path, enc_pass: Path
) -> None:
    """`restore` brings back the last good version of an encrypted plan cut short inside its
    header (exit 0), and the next change saves normally."""
    plan = enc_sealed / "plan.toml"
    plan.write_bytes(plan.read_bytes()[:30])
    ok(cli(enc_sealed, "restore", passphrase=enc_pass))
    ok(cli(enc_sealed, "done", PAPERS, passphrase=enc_pass))
    assert enc_show(enc_sealed, PAPERS, enc_pass)["status"] == "done"


def test_damaged_backup_does_not_turn_a_save_into_a_false_failure(
    enc_sealed: Path, enc_pass: Path
) -> None:
    """One damaged backup does not make a change fail after the plan was already written:
    either the change succeeds, or it fails naming the damaged file and the plan is
    byte-for-byte unchanged."""
    backup = sorted((enc_sealed / "backups").glob("plan-*.toml"))[0]
    backup.write_bytes(_flip(25)(backup.read_bytes()))  # type: ignore[operator]
    plan_before = (enc_sealed / "plan.toml").read_bytes()
    result = cli(enc_sealed, "done", PAPERS, passphrase=enc_pass)
    if result.exit_code != 0:
        assert (enc_sealed / "plan.toml").read_bytes() == plan_before
        assert backup.name in result.stderr
    else:
        assert enc_show(enc_sealed, PAPERS, enc_pass)["status"] == "done"


def test_a_damaged_backup_does_not_block_a_passphrase_change(
    enc_sealed: Path, enc_pass: Path, tmp_path: Path
) -> None:
    """With one damaged backup, `passphrase` still works: every other file is sealed again with
    the new key, and the damaged backup is left byte for byte as it was, and named."""
    backup = sorted((enc_sealed / "backups").glob("plan-*.toml"))[0]
    backup.write_bytes(_flip(60)(backup.read_bytes()))  # type: ignore[operator]
    new_pass = enc_secret_file(tmp_path, "new.txt", OTHER_PASSPHRASE)
    before = enc_snapshot(enc_sealed)
    result = cli(
        enc_sealed, "passphrase", "--new-passphrase-file", str(new_pass), passphrase=enc_pass
    )
    ok(result)
    name = f"backups/{backup.name}"
    assert f"left as it is: {name} (" in " ".join(result.stderr.split())
    after = enc_snapshot(enc_sealed)
    assert after[name] == before[name]
    changed = {n for n in after if after[n] != before.get(n)}
    sealed = {n for n in after if (enc_sealed / n).is_file() and n != ".lock" and "cache" not in n}
    assert changed >= sealed - {name}


# -- changing the passphrase and going back to plain files -----------------------------------


def test_passphrase_change_rewraps_only_the_key_file(
    enc_sealed: Path, enc_pass: Path, tmp_path: Path
) -> None:
    """`passphrase` makes a new data key and seals every file again with it: the old plan.key
    (a copy the partner kept) and the old passphrase open nothing written afterwards, the new
    passphrase opens everything, and the message says exactly that."""
    from exitplan.crypto.datakey import open_with
    from exitplan.crypto.vault import OtherKey

    ok(cli(enc_sealed, "done", PAPERS, passphrase=enc_pass))  # a cache and one more backup
    before = enc_snapshot(enc_sealed)
    old_key_file = (enc_sealed / "plan.key").read_bytes()
    old_key = open_key_file(old_key_file, PASSPHRASE)
    new_pass = enc_secret_file(tmp_path, "new.txt", OTHER_PASSPHRASE)

    said = ok(
        cli(enc_sealed, "passphrase", "--new-passphrase-file", str(new_pass), passphrase=enc_pass)
    ).stderr
    assert "sealed with a new key that only the new passphrase opens" in " ".join(said.split())

    after = enc_snapshot(enc_sealed)
    sealed = {n for n in after if (enc_sealed / n).is_file() and n != ".lock" and "cache" not in n}
    assert sealed <= {n for n in after if after[n] != before.get(n)}
    key_file = (enc_sealed / "plan.key").read_bytes()
    with pytest.raises(WrongPassphrase):
        open_key_file(key_file, PASSPHRASE)
    new_key = open_key_file(key_file, OTHER_PASSPHRASE)
    assert new_key != old_key
    written = "written after the change\n"
    ok(cli(enc_sealed, "note", ACCOUNT, "--replace", input=written, passphrase=new_pass))
    for path in enc_sealed.rglob("*"):
        if path.is_file() and path.read_bytes().startswith(MAGIC):
            with pytest.raises(OtherKey):
                open_with(path.read_bytes(), old_key)
    (enc_sealed / "plan.key").write_bytes(old_key_file)  # the partner's copy put back
    one_error_line(cli(enc_sealed, "status", passphrase=enc_pass), "plan.key", "put back")
    (enc_sealed / "plan.key").write_bytes(key_file)
    enc_assert_all_sealed(enc_sealed)
    one_error_line(cli(enc_sealed, "status", passphrase=enc_pass), WRONG_PASS)
    assert "written after the change" in enc_show(enc_sealed, ACCOUNT, new_pass)["note"]
    ok(cli(enc_sealed, "restore", passphrase=new_pass))  # the backups open with it too


def test_passphrase_change_requires_the_current_passphrase(
    enc_sealed: Path, tmp_path: Path
) -> None:
    """Changing the passphrase without knowing the current one is refused and writes nothing."""
    new_pass = enc_secret_file(tmp_path, "new.txt", OTHER_PASSPHRASE)
    before = enc_snapshot(enc_sealed)
    result = cli(enc_sealed, "passphrase", "--new-passphrase-file", str(new_pass))
    one_error_line(result, "passphrase")
    assert enc_snapshot(enc_sealed) == before


def test_decrypt_returns_to_plain_files(enc_sealed: Path, enc_pass: Path) -> None:
    """`decrypt` writes plan, backups and own checklist back as plain TOML; no passphrase is
    needed afterwards and `where` says so."""
    result = ok(cli(enc_sealed, "decrypt", passphrase=enc_pass))
    assert "plain" in result.stderr
    for path in enc_files(enc_sealed):
        data = path.read_bytes()
        assert not data.startswith(MAGIC), path
        if path.suffix == ".toml":
            tomllib.loads(data.decode("utf-8"))
    assert "plan.toml" in enc_holding(enc_sealed, NOTE_MARK)
    assert enc_show(enc_sealed, ACCOUNT)["note"].strip() == NOTE_MARK
    assert "encrypted" not in ok(cli(enc_sealed, "where")).stdout
    assert not (enc_sealed / "plan.key").exists()
    ok(cli(enc_sealed, "done", PAPERS))
    assert not (enc_sealed / "plan.toml").read_bytes().startswith(MAGIC)


def test_encrypt_twice_and_decrypt_plain_are_refused(enc_home: Path, enc_pass: Path) -> None:
    """`decrypt` on a plain plan and a second `encrypt` are clear errors that write nothing."""
    before = enc_snapshot(enc_home)
    one_error_line(cli(enc_home, "decrypt"), "not encrypted")
    assert enc_snapshot(enc_home) == before
    ok(cli(enc_home, "encrypt", "--passphrase-file", str(enc_pass)))
    before = enc_snapshot(enc_home)
    result = cli(enc_home, "encrypt", "--passphrase-file", str(enc_pass))
    one_error_line(result, "already encrypted")
    assert enc_snapshot(enc_home) == before


def test_encrypt_without_a_terminal_or_file_is_refused(enc_home: Path) -> None:
    """`encrypt` with no terminal and no passphrase file asks for one and changes nothing."""
    before = enc_snapshot(enc_home)
    one_error_line(cli(enc_home, "encrypt"), "passphrase")
    assert enc_snapshot(enc_home) == before


def test_short_passphrase_is_refused(enc_home: Path, tmp_path: Path) -> None:
    """A passphrase shorter than 8 characters is refused before anything is written."""
    short = enc_secret_file(tmp_path, "short.txt", "abc")
    before = enc_snapshot(enc_home)
    one_error_line(cli(enc_home, "encrypt", "--passphrase-file", str(short)), "shorter")
    assert enc_snapshot(enc_home) == before


# -- what never needs or never takes the passphrase ------------------------------------------


def test_help_now_works_on_an_encrypted_plan_without_a_passphrase(enc_sealed: Path) -> None:
    """`help-now` shows the numbers at once with no passphrase asked and nothing written."""
    assert any((REPO / "exitplan" / "data" / "regions").glob("*.toml"))
    before = enc_snapshot(enc_sealed)
    result = ok(cli(enc_sealed, "help-now"))
    assert "emergency" in result.stdout.lower()
    assert "--region" in result.stdout
    assert "passphrase" not in result.output.lower()
    assert enc_snapshot(enc_sealed) == before


def test_where_and_wipe_need_no_passphrase(enc_sealed: Path) -> None:
    """`where` lists an encrypted plan and `wipe --yes` erases it without the passphrase."""
    listing = ok(cli(enc_sealed, "where")).stdout
    assert "plan.toml" in listing
    assert "encrypted" in listing
    ok(cli(enc_sealed, "wipe", "--yes"))
    assert not enc_sealed.exists()


@pytest.mark.parametrize(
    "argv",
    [
        ["--passphrase", PASSPHRASE, "status"],
        ["encrypt", "--passphrase", PASSPHRASE],
        ["passphrase", "--passphrase", PASSPHRASE],
        ["decrypt", "--passphrase", PASSPHRASE],
        ["--password", PASSPHRASE, "status"],
    ],
)
def test_passphrase_is_never_a_command_line_value(enc_sealed: Path, argv: list[str]) -> None:
    """There is no --passphrase option anywhere: giving one is a usage error (exit 2) and
    nothing is written."""
    before = enc_snapshot(enc_sealed)
    result = cli(enc_sealed, *argv)
    assert result.exit_code == 2, result.output
    assert "has no option --pass" in result.stderr.lower()
    assert PASSPHRASE not in result.stderr
    assert enc_snapshot(enc_sealed) == before


@pytest.mark.parametrize("command", [None, "encrypt", "passphrase", "decrypt", "status"])
def test_help_lists_no_passphrase_value_option(tmp_path: Path, command: str | None) -> None:
    """`exitplan help all` and the encryption commands' help offer only passphrase *files*."""
    args = ["help", "all"] if command is None else [command, "--help"]
    result = ok(cli(tmp_path / "none", *args))
    assert not re.search(r"--passphrase(?![-\w])", result.stdout), result.stdout
    assert not re.search(r"--password", result.stdout)
    if command is None:
        assert "--passphrase-file" in result.stdout


@pytest.mark.parametrize(
    "name", ["EXITPLAN_PASSPHRASE", "EXITPLAN_PASSWORD", "EXITPLAN_KEY", "PASSPHRASE"]
)
def test_passphrase_in_an_environment_variable_does_not_unlock(
    enc_sealed: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """The real passphrase in an environment variable is ignored: the plan stays locked."""
    monkeypatch.setenv(name, PASSPHRASE)
    before = enc_snapshot(enc_sealed)
    result = cli(enc_sealed, "show", ACCOUNT, "--json")
    one_error_line(result, "encrypted")
    assert NOTE_MARK not in result.output
    assert enc_snapshot(enc_sealed) == before


# -- the strong parameters -------------------------------------------------------------------


@pytest.mark.process
def test_normally_made_files_carry_the_strong_kdf_params(tmp_path: Path) -> None:
    """Without the tests' settings, the key file `exitplan encrypt` writes says Argon2id
    65536 KiB / 3 passes / 4 lanes, and every sealed file names its key. (Control: the tests'
    settings really are what makes the rest of this suite use other params.)"""
    home = enc_make_home(tmp_path / "plan")
    pass_file = enc_secret_file(tmp_path, "pass.txt", PASSPHRASE)
    env = {k: v for k, v in os.environ.items() if not k.startswith("EXITPLAN_")}
    env["EXITPLAN_TODAY"] = ENC_TODAY

    def cli(*args: str, stdin: str = "") -> None:
        done = subprocess.run(
            [*EXITPLAN, "--home", str(home), *args],
            input=stdin,
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, (args, done.stderr)

    cli("init", "--checklist", ENC_LIST)
    cli("note", ACCOUNT, stdin=NOTE_MARK)
    cli("encrypt", "--passphrase-file", str(pass_file))
    cli("--passphrase-file", str(pass_file), "done", PAPERS)
    files = enc_files(home)
    assert len(files) >= 4
    assert enc_key_params(home) == STRONG == KdfParams(65536, 3, 4)
    key_id = (home / "plan.key").read_bytes()[35:51]
    for path in files:
        assert key_id_of(path.read_bytes()) == key_id, path
    assert vault.WRITE_PARAMS != STRONG  # in this process the tests' fast settings hold


# -- a real terminal: hidden input -----------------------------------------------------------


def enc_on_terminal(
    argv: list[str], answers: list[str], env: dict[str, str], timeout: float = 30.0
) -> tuple[int, str]:
    """Run exitplan on a pseudo-terminal; type each answer after the next prompt ending ': '.

    Returns (exit code, everything the terminal showed).
    """
    import fcntl
    import pty
    import termios

    primary, secondary = pty.openpty()

    def make_controlling_tty() -> None:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    proc = subprocess.Popen(
        [*EXITPLAN, *argv],
        stdin=secondary,
        stdout=secondary,
        stderr=secondary,
        env=env,
        start_new_session=True,
        preexec_fn=make_controlling_tty,  # noqa: PLW1509 - single-threaded test process
    )
    os.close(secondary)
    shown = b""
    pending = list(answers)
    typed_upto = 0
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([primary], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(primary, 4096)
                except OSError:  # EIO: the child closed the terminal
                    break
                if not chunk:
                    break
                shown += chunk
            # click writes the prompt text, then getpass (echo already off) writes the final
            # space: type only once that space has arrived, or the input would be flushed.
            if pending and shown.endswith(b": ") and len(shown) > typed_upto:
                os.write(primary, pending.pop(0).encode() + b"\r")
                typed_upto = len(shown)
            if proc.poll() is not None and not ready:
                break
        code = proc.wait(timeout=max(1.0, deadline - time.monotonic()))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(primary)
    return code, shown.decode("utf-8", "replace")


@pytest.mark.process
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses a Linux pseudo-terminal")
def test_passphrase_is_typed_hidden_on_a_terminal(tmp_path: Path) -> None:
    """On a terminal, `encrypt` asks for the passphrase twice and `status` asks once; what is
    typed is never shown on the screen, and the plan opens with it."""
    home = enc_make_home(tmp_path / "plan")
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "LC_ALL": "C.UTF-8",
        "NO_COLOR": "1",
        "TERM": "dumb",
        "EXITPLAN_TODAY": ENC_TODAY,
        "EXITPLAN_TEST_FAST_KDF": "1",
    }
    base = ["--home", str(home)]
    init = subprocess.run(
        [*EXITPLAN, *base, "init", "--checklist", ENC_LIST],
        env=env,
        capture_output=True,
        check=False,
        timeout=60,
    )
    assert init.returncode == 0, init.stderr

    code, screen = enc_on_terminal([*base, "encrypt"], [PASSPHRASE, PASSPHRASE], env)
    assert code == 0, screen
    assert screen.lower().count("passphrase") >= 2
    assert PASSPHRASE not in screen
    assert (home / "plan.toml").read_bytes().startswith(MAGIC)

    code, screen = enc_on_terminal([*base, "status"], [PASSPHRASE], env)
    assert code == 0, screen
    assert "Passphrase" in screen
    assert PASSPHRASE not in screen
    assert "My own steps" in screen

    code, screen = enc_on_terminal([*base, "status"], [OTHER_PASSPHRASE] * 3, env)
    assert code == 1, screen
    assert screen.count("did not open the plan") == 3
    assert screen.count("Passphrase:") == 3
    assert OTHER_PASSPHRASE not in screen

    code, screen = enc_on_terminal([*base, "status"], [OTHER_PASSPHRASE, PASSPHRASE], env)
    assert code == 0, screen
    assert "try again" in screen
    assert "My own steps" in screen


@pytest.mark.process
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses a Linux pseudo-terminal")
def test_short_passphrase_is_asked_again_and_passphrase_asks_the_current_one_first(
    tmp_path: Path,
) -> None:
    """On a terminal, a new passphrase under 8 characters is refused right after it is typed and
    asked again (before any confirmation); `passphrase` says it wants the current passphrase
    first and asks for it before the new one."""
    home = enc_make_home(tmp_path / "plan")
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "LC_ALL": "C.UTF-8",
        "NO_COLOR": "1",
        "TERM": "dumb",
        "EXITPLAN_TODAY": ENC_TODAY,
        "EXITPLAN_TEST_FAST_KDF": "1",
    }
    base = ["--home", str(home)]
    init = subprocess.run(
        [*EXITPLAN, *base, "init", "--checklist", ENC_LIST],
        env=env,
        capture_output=True,
        check=False,
        timeout=60,
    )
    assert init.returncode == 0, init.stderr

    code, screen = enc_on_terminal([*base, "encrypt"], ["short", PASSPHRASE, PASSPHRASE], env)
    assert code == 0, screen
    refused = screen.index("shorter than 8")
    assert screen.count("New passphrase:") == 2
    assert screen.index("again") > refused  # the confirmation comes only after a long one
    assert "short" not in screen.replace("shorter", "")

    code, screen = enc_on_terminal(
        [*base, "passphrase"], [PASSPHRASE, OTHER_PASSPHRASE, OTHER_PASSPHRASE], env
    )
    assert code == 0, screen
    assert "First the current passphrase" in screen
    assert screen.index("Current passphrase:") < screen.index("New passphrase:")
    code, screen = enc_on_terminal([*base, "status"], [OTHER_PASSPHRASE], env)
    assert code == 0, screen
