"""The journal against someone at the same keyboard: planted files, forged records, kills.

Each test does what the adversarial review did (issue 21), or a cousin of it, through real
processes where a hang or a kill is the point: FIFOs, links and /dev/zero where exitplan keeps
its journal, plain records planted in an encrypted journal, a damaged record during encrypt
and decrypt, an attach killed between its copy and its record, and stdin that never ends.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest
from helpers import EXITPLAN, child, cli, make_home, ok, one_error_line, snapshot

PASS = "a passphrase for the attack tests"  # noqa: S105 - a test passphrase
TODAY = "2026-11-30"
ENV = {"EXITPLAN_TODAY": TODAY, "EXITPLAN_TEST_FAST_KDF": "1", "EXITPLAN_TEST_LOCK_TIMEOUT": "1"}
SECRET_WORDS = "he took the car keys again"  # noqa: S105 - entry text, not a password


@pytest.fixture(autouse=True)
def _fast(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in ENV.items():
        monkeypatch.setenv(name, value)


def secret(folder: Path) -> Path:
    """A private passphrase file."""
    path = folder / "pass.txt"
    path.write_text(PASS + "\n", encoding="utf-8")
    path.chmod(0o600)
    return path


def journal_home(tmp_path: Path, *, sealed: bool) -> tuple[Path, Path | None]:
    """A home with a plan, entry 1, a photo attached as record 2 and entry 3 (sealed or not)."""
    home = make_home(tmp_path / "home")
    pass_file = secret(tmp_path) if sealed else None
    ok(cli(home, "init", today=TODAY))
    if sealed:
        ok(cli(home, "encrypt", "--passphrase-file", str(pass_file)))
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(os.urandom(3000))
    ok(cli(home, "log", "add", input=f'what = "{SECRET_WORDS}"\n', passphrase=pass_file))
    ok(cli(home, "log", "attach", "1", str(photo), passphrase=pass_file))
    ok(cli(home, "log", "add", input='what = "a second entry"\n', passphrase=pass_file))
    return home, pass_file


def run(home: Path, pass_file: Path | None, *args: str, stdin: str = "") -> tuple[int, str, str]:
    """exitplan in a real process (so a hang is a failure after 30 s, not a frozen suite)."""
    extra = ["--passphrase-file", str(pass_file)] if pass_file else []
    try:
        done = child("--home", str(home), *extra, *args, env=ENV, input=stdin, timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail(f"'{' '.join(args)}' hung")
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    return done.returncode, done.stdout, done.stderr


def ends_calmly(code: int, err: str) -> None:
    """Exit 0, or exit 1 whose last line is one plain `Error:`."""
    assert code in (0, 1), err
    if code == 1:
        assert err.splitlines()[-1].startswith("Error: "), err


# -- planted FIFOs and links ----------------------------------------------------------------

FIFO_CASES = {
    "record-list": ("journal/000001.rec", False, ("log", "list")),
    "record-add": ("journal/000001.rec", False, ("log", "add")),
    "record-verify": ("journal/000001.rec", False, ("log", "verify")),
    "record-summary": ("journal/000001.rec", False, ("summary", "--journal")),
    "record-encrypt": ("journal/000001.rec", False, ("encrypt",)),
    "record-sealed-list": ("journal/000003.rec", True, ("log", "list")),
    "last-record-add": ("journal/000003.rec", True, ("log", "add")),
    "key-encrypt": ("plan.key", False, ("encrypt",)),
    "key-status": ("plan.key", True, ("status",)),
    "key-log": ("plan.key", True, ("log", "list")),
    "key-decrypt": ("plan.key", True, ("decrypt",)),
    "next-key-status": ("plan.key.next", True, ("status",)),
    "copy-verify": ("journal/files/000002", False, ("log", "verify")),
    "copy-sealed-verify": ("journal/files/000002", True, ("log", "verify")),
    "copy-file": ("journal/files/000002", False, ("log", "file", "2", "-o", "OUT")),
    "copy-folder": ("journal/files/000002", True, ("log", "export", "--folder", "OUT")),
    "copy-encrypt": ("journal/files/000002", False, ("encrypt",)),
    "copy-decrypt": ("journal/files/000002", True, ("decrypt",)),
    "copy-where": ("journal/files/000002", True, ("where",)),
}


@pytest.mark.process
@pytest.mark.parametrize("case", sorted(FIFO_CASES))
def test_a_fifo_in_the_journal_or_at_the_key_never_hangs(tmp_path: Path, case: str) -> None:
    """A FIFO at a record, a kept copy, plan.key or plan.key.next: every command ends on its
    own (no reader waits for a writer that never comes), calmly, and the FIFO is never opened
    as a file."""
    rel, sealed, command = FIFO_CASES[case]
    home, pass_file = journal_home(tmp_path, sealed=sealed)
    if "encrypt" in command and not sealed:
        pass_file = secret(tmp_path)
    fifo = home / rel
    fifo.unlink(missing_ok=True)
    os.mkfifo(fifo, 0o600)
    args = [str(tmp_path / "out") if word == "OUT" else word for word in command]
    code, _out, err = run(home, pass_file, *args, stdin='what = "more"\n')
    ends_calmly(code, err)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.process
def test_a_fifo_given_to_attach_never_holds_the_lock(tmp_path: Path) -> None:
    """`log attach` of a FIFO is refused at once (it would otherwise wait while holding the
    plan's lock), and nothing is added."""
    home, _ = journal_home(tmp_path, sealed=False)
    fifo = tmp_path / "video.mp4"
    os.mkfifo(fifo)
    before = snapshot(home / "journal")
    code, _out, err = run(home, None, "log", "attach", "1", str(fifo))
    assert code == 1
    assert "not a regular file" in err
    assert snapshot(home / "journal") == before


@pytest.mark.process
@pytest.mark.parametrize(
    "command", [("log", "attach", "1", "PHOTO"), ("log", "verify"), ("encrypt",)]
)
def test_a_link_at_the_journals_files_is_never_followed(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    """journal/files replaced by a link to a folder elsewhere: attach, verify and encrypt
    refuse it in one line naming the link; nothing is written or read through it."""
    home, pass_file = journal_home(tmp_path, sealed=False)
    elsewhere = tmp_path / "elsewhere"
    shutil.move(str(home / "journal" / "files"), elsewhere)
    (home / "journal" / "files").symlink_to(elsewhere)
    before = snapshot(elsewhere)
    photo = tmp_path / "new.jpg"
    photo.write_bytes(b"new evidence")
    if command == ("encrypt",):
        pass_file = secret(tmp_path)
    args = [str(photo) if word == "PHOTO" else word for word in command]
    code, _out, err = run(home, pass_file, *args)
    assert code == 1
    assert "is a link" in err.splitlines()[-1]
    assert snapshot(elsewhere) == before
    assert not (home / "plan.key").exists() or command != ("encrypt",)


@pytest.mark.process
def test_a_copy_linked_to_dev_zero_is_named_not_read(tmp_path: Path) -> None:
    """A kept copy replaced by a link to /dev/zero (endless bytes): verify names it at once,
    `log file` refuses it; neither reads it."""
    home, _ = journal_home(tmp_path, sealed=False)
    copy = home / "journal" / "files" / "000002"
    copy.unlink()
    copy.symlink_to("/dev/zero")
    code, _out, err = run(home, None, "log", "verify")
    assert code == 1
    assert "the copy kept for record 2 cannot be read" in err
    code, _out, err = run(home, None, "log", "file", "2", "-o", str(tmp_path / "x"))
    assert code == 1
    assert not (tmp_path / "x").exists()


@pytest.mark.process
def test_a_record_linked_elsewhere_is_damaged_not_followed(tmp_path: Path) -> None:
    """A record file replaced by a link (to a genuine record elsewhere) is never followed:
    verify names it as damaged."""
    home, _ = journal_home(tmp_path, sealed=False)
    record = home / "journal" / "000003.rec"
    shutil.copyfile(record, tmp_path / "saved.rec")
    record.unlink()
    record.symlink_to(tmp_path / "saved.rec")
    code, _out, err = run(home, None, "log", "verify")
    assert code == 1
    assert "record 3 was changed" in err


# -- forged records in an encrypted journal -------------------------------------------------


def forged_record(n: int, prev: str, words: str) -> bytes:
    """A plain record chained onto `prev`, as someone without the passphrase could write it."""
    from exitplan.journal.records import file_bytes, record_hash

    record = {"v": 1, "n": n, "kind": "entry", "recorded": "2026-11-30T12:00:00Z"}
    record |= {"prev": prev, "fields": {"what": words}}
    record["hash"] = record_hash(record)
    return file_bytes(record)


def test_a_forged_plain_entry_is_never_read_as_yours(tmp_path: Path) -> None:
    """The review's forgery: a plain record chained onto the last hash of an encrypted journal.
    It is not listed, not shown, not exported; verify fails naming it, also against a
    fingerprint noted before; and the next entry does not chain onto it."""
    home, pass_file = journal_home(tmp_path, sealed=True)
    noted = ok(cli(home, "log", "fingerprint", passphrase=pass_file)).stdout.strip()
    head = json.loads(ok(cli(home, "log", "show", "3", "--json", passphrase=pass_file)).stdout)
    forged = "I invented all of the above"
    (home / "journal" / "000004.rec").write_bytes(forged_record(4, head["hash"], forged))
    listed = ok(cli(home, "log", "list", "--json", passphrase=pass_file)).stdout
    assert forged not in listed
    one_error_line(cli(home, "log", "show", "4", passphrase=pass_file), "no entry 4")
    line = one_error_line(cli(home, "log", "verify", passphrase=pass_file), "not intact")
    assert "record 4 was changed" in line
    assert "plain text in an encrypted journal" in line
    against = cli(home, "log", "verify", "--against", noted, passphrase=pass_file)
    one_error_line(against, "not intact")
    page = tmp_path / "j.html"
    ok(cli(home, "log", "export", "-o", str(page), passphrase=pass_file))
    assert forged not in page.read_text(encoding="utf-8")
    refused = cli(home, "log", "add", input='what = "later"\n', passphrase=pass_file)
    assert "journal/000004.rec" in one_error_line(refused, "not a record exitplan wrote")
    (home / "journal" / "000004.rec").unlink()
    ok(cli(home, "log", "add", input='what = "later"\n', passphrase=pass_file))
    later = json.loads(ok(cli(home, "log", "show", "4", "--json", passphrase=pass_file)).stdout)
    assert later["prev"] == head["hash"]  # chained onto the person's own last entry


def test_a_journal_rewritten_in_plain_is_never_read_as_yours(tmp_path: Path) -> None:
    """Every sealed record deleted and a plain chain written instead: nothing of it is read,
    and verify says they are plain text in an encrypted journal."""
    home, pass_file = journal_home(tmp_path, sealed=True)
    prev = "0" * 64
    for n in (1, 2, 3):
        data = forged_record(n, prev, f"forged {n}")
        (home / "journal" / f"{n:06d}.rec").write_bytes(data)
        prev = json.loads(data)["hash"]
    assert json.loads(ok(cli(home, "log", "list", "--json", passphrase=pass_file)).stdout) == []
    line = one_error_line(cli(home, "log", "verify", passphrase=pass_file), "not intact")
    assert "records 1, 2, 3 are in plain text in an encrypted journal" in line


def test_a_plain_copy_in_an_encrypted_journal_is_named(tmp_path: Path) -> None:
    """A kept copy put back in plain text (even with the right bytes) fails verify, named, and
    `where` calls it what it is."""
    home, pass_file = journal_home(tmp_path, sealed=True)
    copy = home / "journal" / "files" / "000002"
    assert "encrypted" in ok(cli(home, "where")).stdout
    original = tmp_path / "photo.jpg"
    copy.write_bytes(original.read_bytes())
    line = one_error_line(cli(home, "log", "verify", passphrase=pass_file), "not intact")
    assert "the copy kept for record 2 is in plain text in an encrypted journal" in line
    where = ok(cli(home, "where")).stdout
    assert "journal/files/000002  (3000 bytes, a copy of an attached file, not encrypted)" in where


# -- encrypt and decrypt past a bad record --------------------------------------------------


def test_encrypt_finishes_past_a_record_that_will_not_read(tmp_path: Path) -> None:
    """One damaged or planted plain record: encrypt seals everything else, the plan last, names
    the record, and leaves no stopped state (new entries are sealed, decrypt works)."""
    home, _ = journal_home(tmp_path, sealed=False)
    (home / "journal" / "000002.rec").write_bytes(b"planted: not a record")
    pass_file = secret(tmp_path)
    result = ok(cli(home, "encrypt", "--passphrase-file", str(pass_file)))
    assert "journal/000002.rec (it is not a readable record)" in " ".join(result.stderr.split())
    assert (home / "plan.toml").read_bytes().startswith(b"\x89EXPLVT\x00")
    assert (home / "journal" / "000001.rec").read_bytes().startswith(b"\x89EXPLVT\x00")
    ok(cli(home, "log", "add", input='what = "after"\n', passphrase=pass_file))
    assert (home / "journal" / "000004.rec").read_bytes().startswith(b"\x89EXPLVT\x00")
    ok(cli(home, "done", "1", passphrase=pass_file))
    ok(cli(home, "decrypt", passphrase=pass_file))
    assert not (home / "plan.key").exists()


def test_decrypt_finishes_past_a_flipped_byte_and_names_the_file(tmp_path: Path) -> None:
    """One flipped byte in a sealed record: decrypt unseals everything else, names the record,
    deletes plan.key (no key could open that record again), and the home works plain."""
    home, pass_file = journal_home(tmp_path, sealed=True)
    record = home / "journal" / "000003.rec"
    data = bytearray(record.read_bytes())
    data[100] ^= 1
    record.write_bytes(bytes(data))
    result = ok(cli(home, "decrypt", passphrase=pass_file))
    said = " ".join(result.stderr.split())
    assert "journal/000003.rec (it cannot be opened with this plan's key)" in said
    assert not (home / "plan.key").exists()
    assert SECRET_WORDS in ok(cli(home, "log", "show", "1")).stdout
    ok(cli(home, "done", "1"))
    ok(cli(home, "encrypt", "--passphrase-file", str(pass_file)))


# -- an attach killed between its copy and its record ---------------------------------------


def strace() -> str:
    """The strace program (with ptrace allowed), or a failure saying how to get it."""
    found = shutil.which("strace")
    if found is None:
        pytest.fail("this test needs strace: apt-get install strace")
    probe = subprocess.run(
        [found, "-f", "-e", "trace=none", "true"], capture_output=True, check=False
    )
    if probe.returncode != 0:
        pytest.fail("this test needs strace with ptrace allowed")
    return found


@pytest.mark.process
@pytest.mark.parametrize("sealed", [False, True], ids=["plain", "encrypted"])
def test_an_attach_killed_at_each_rename_leaves_no_copy_unaccounted(
    tmp_path: Path, sealed: bool
) -> None:
    """`log attach` SIGKILLed at each of its renames (the copy's, then the record's): the
    journal still verifies or names the copy no record names; the next `log add` (or
    `encrypt`) erases it and says so; afterwards verify passes and no plain copy is left."""
    template, pass_file = journal_home(tmp_path / "t", sealed=sealed)
    photo = tmp_path / "big.jpg"
    photo.write_bytes(os.urandom(3 * 1024 * 1024))
    kills = orphans = 0
    for n in range(1, 10):
        home = tmp_path / f"h{n}"
        shutil.copytree(template, home)
        argv = [strace(), "-f", "-qq", "-o", os.devnull]
        argv += ["-e", f"inject=rename:signal=SIGKILL:when={n}"]
        argv += [*EXITPLAN, "--home", str(home)]
        argv += ["--passphrase-file", str(pass_file)] if pass_file else []
        argv += ["log", "attach", "1", str(photo)]
        done = subprocess.run(
            argv, env={**os.environ, **ENV}, capture_output=True, timeout=120, check=False
        )
        if done.returncode == 0:
            break
        kills += 1
        copy = home / "journal" / "files" / "000004"
        orphan = copy.exists() and not (home / "journal" / "000004.rec").exists()
        orphans += orphan
        code, _out, err = run(home, pass_file, "log", "verify")
        assert code == int(orphan), err
        if orphan:
            assert "no record names (an attach was stopped" in err
        code, _out, err = run(home, pass_file, "log", "add", stdin='what = "next"\n')
        assert code == 0, err
        assert ("Erased journal/files/000004" in err) == orphan
        assert not copy.exists()
        assert run(home, pass_file, "log", "verify")[0] == 0
        if sealed:
            kept = [p for p in (home / "journal" / "files").iterdir() if p.is_file()]
            assert all(p.read_bytes().startswith(b"\x89EXPLSC\x00") for p in kept)
    assert kills >= 2  # the copy's rename and the record's were both hit
    assert orphans >= 1  # and one kill fell between the copy and its record


# -- standard input that never ends ---------------------------------------------------------


@pytest.mark.process
@pytest.mark.parametrize(
    "command", [("log", "add"), ("note", "1"), ("situation",), ("log", "amend", "1")]
)
def test_endless_stdin_is_refused_without_being_read_whole(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    """`< /dev/zero` (endless bytes) into log add, note, situation and amend ends at once with
    one plain line: at most the limit and a byte are read."""
    home, _ = journal_home(tmp_path, sealed=False)
    before = snapshot(home)
    with open("/dev/zero", "rb") as zero:
        try:
            done = subprocess.run(
                [*EXITPLAN, "--home", str(home), *command],
                stdin=zero,
                capture_output=True,
                text=True,
                env={**os.environ, **ENV},
                timeout=60,
                check=False,
            )
        except subprocess.TimeoutExpired:
            pytest.fail(f"{command} read /dev/zero for ever")
    assert done.returncode == 1, done.stderr
    assert done.stderr.splitlines()[-1].startswith("Error: "), done.stderr
    assert "Traceback" not in done.stderr
    assert snapshot(home) == before


def test_a_huge_passphrase_file_is_not_read_whole(tmp_path: Path) -> None:
    """A 1 GiB passphrase file (sparse) whose first line is not a passphrase is refused in one
    line; one whose first line is the passphrase works, its tail unread."""
    home, _ = journal_home(tmp_path, sealed=True)
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as handle:
        handle.truncate(1024**3)
    huge.chmod(0o600)
    one_error_line(cli(home, "status", passphrase=huge), "longer than 4096 bytes")
    with huge.open("r+b") as handle:
        handle.write(PASS.encode() + b"\n")
    ok(cli(home, "status", passphrase=huge))


def test_only_control_characters_never_remove_a_note(tmp_path: Path) -> None:
    """Bytes that are all control characters piped into `note` are refused; the note stays."""
    home, _ = journal_home(tmp_path, sealed=False)
    ok(cli(home, "note", "1", input="my words\n"))
    piped = "\x1b\x07\x00\x7f\x9b\n"
    line = one_error_line(cli(home, "note", "1", "--replace", input=piped), "control")
    assert "nothing was changed" in line
    shown = json.loads(ok(cli(home, "show", "1", "--json")).stdout)
    assert shown["note"].strip() == "my words"


# -- round three: nothing planted is chained onto ---------------------------------------------


@pytest.mark.parametrize("plant", ["empty", "fifo", "link", "plain", "other key", "folder"])
def test_a_planted_last_record_is_never_chained_onto(tmp_path: Path, plant: str) -> None:
    """Issue 32, point 1: after a planted `journal/000004.rec` (empty, a FIFO, a link, a plain
    record in an encrypted journal, one sealed with another key, a folder), `log add` refuses
    in one line naming the file and adds nothing; once it is moved out, the next entry chains
    onto the person's own and verify says the chain is intact."""
    sealed = plant in ("plain", "other key")
    home, pass_file = journal_home(tmp_path, sealed=sealed)
    planted = home / "journal" / "000004.rec"
    if plant == "empty":
        planted.write_bytes(b"")
    elif plant == "fifo":
        os.mkfifo(planted)
    elif plant == "link":
        planted.symlink_to(home / "journal" / "000003.rec")
    elif plant == "plain":
        planted.write_bytes(forged_record(4, "0" * 64, "planted"))
    elif plant == "other key":
        other, _ = journal_home(tmp_path / "other", sealed=True)
        shutil.copyfile(other / "journal" / "000003.rec", planted)
    else:
        planted.mkdir()
    before = snapshot(home)
    line = one_error_line(
        cli(home, "log", "add", input='what = "next"\n', passphrase=pass_file),
        "journal/000004.rec",
        "not a record exitplan wrote",
        "move it out",
    )
    assert "nothing was added" in line
    assert snapshot(home) == before
    if planted.is_dir() and not planted.is_symlink():
        planted.rmdir()
    else:
        planted.unlink()
    ok(cli(home, "log", "add", input='what = "next"\n', passphrase=pass_file))
    assert "intact" in ok(cli(home, "log", "verify", passphrase=pass_file)).stdout


def test_a_record_name_of_251_digits_never_stops_the_journal(tmp_path: Path) -> None:
    """Issue 32 (crashes): a valid record copied to a name of 251 digits is not a record name;
    the next entry is kept as entry 4 (no 'File name too long' traceback)."""
    home, _ = journal_home(tmp_path, sealed=False)
    shutil.copyfile(home / "journal" / "000003.rec", home / "journal" / ("1" * 251 + ".rec"))
    kept = ok(cli(home, "log", "add", input='what = "next"\n'))
    assert kept.stdout.strip() == "4"  # piped: the number alone
    assert "intact" in ok(cli(home, "log", "verify")).stdout


# -- round three: every signal runs the clean-ups --------------------------------------------


def saving_stopped_by(home: Path, pass_file: Path | None, out: Path, name: str) -> int:
    """`log file 2 -o OUT` sent signal `name` at its first fsync (the decrypted copy written
    whole, not yet renamed into place), under strace; its exit code."""
    argv = [strace(), "-f", "-qq", "-o", os.devnull]
    argv += ["-e", f"inject=fsync:signal={name}:when=1"]
    argv += [*EXITPLAN, "--home", str(home)]
    argv += ["--passphrase-file", str(pass_file)] if pass_file else []
    argv += ["log", "file", "2", "-o", str(out)]
    done = subprocess.run(
        argv, env={**os.environ, **ENV}, capture_output=True, text=True, timeout=120, check=False
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode


@pytest.mark.process
@pytest.mark.parametrize("name", ["SIGHUP", "SIGTERM", "SIGINT"])
def test_a_saved_copy_stopped_by_any_signal_leaves_nothing_decrypted(
    tmp_path: Path, name: str
) -> None:
    """Issue 32, point 11: `log file -o` of an encrypted journal stopped by SIGHUP, SIGTERM or
    Ctrl-C while its decrypted copy is written: the copy is erased before the run ends, the
    folder holds nothing new, and the exit code is the signal's (128 + its number)."""
    import signal

    home, pass_file = journal_home(tmp_path, sealed=True)
    out = tmp_path / "out"
    out.mkdir()
    code = saving_stopped_by(home, pass_file, out / "photo.jpg", name)
    assert code == 128 + getattr(signal, name)
    assert list(out.iterdir()) == []


@pytest.mark.process
def test_a_copy_killed_outright_is_erased_by_the_next_save_there(tmp_path: Path) -> None:
    """Issue 32, point 11: SIGKILL cannot be handled, so the half-saved copy keeps a name of
    its own (`.exitplan-partial-*.tmp`); the next `log file` into that folder erases it."""
    home, pass_file = journal_home(tmp_path, sealed=True)
    out = tmp_path / "out"
    out.mkdir()
    assert saving_stopped_by(home, pass_file, out / "photo.jpg", "SIGKILL") == -9
    left = [p.name for p in out.iterdir()]
    assert len(left) == 1
    assert left[0].startswith(".exitplan-partial-")
    assert left[0].endswith(".tmp")
    ok(cli(home, "log", "file", "2", "-o", str(out / "again.jpg"), passphrase=pass_file))
    assert [p.name for p in out.iterdir()] == ["again.jpg"]


def test_a_whole_journal_and_plan_forged_in_plain_are_never_sealed(tmp_path: Path) -> None:
    """Issue 32, point 2: the sealed plan and records deleted, a plain plan.toml and a plain
    chain with correct hashes put instead: status refuses the plan, naming it; `encrypt` seals
    none of it (naming each file as not vouched for); verify never says the chain is intact."""
    home, pass_file = journal_home(tmp_path, sealed=True)
    other = make_home(tmp_path / "other")
    ok(cli(other, "init", today=TODAY))
    (home / "plan.toml").write_bytes((other / "plan.toml").read_bytes())
    shutil.rmtree(home / "journal")
    (home / "journal").mkdir(mode=0o700)
    prev = "0" * 64
    for n in (1, 2):
        data = forged_record(n, prev, f"forged {n}")
        (home / "journal" / f"{n:06d}.rec").write_bytes(data)
        prev = json.loads(data)["hash"]
    one_error_line(cli(home, "status", passphrase=pass_file), "plan.toml", "did not write it")
    done = cli(home, "encrypt", passphrase=pass_file)
    assert "Traceback" not in done.stderr
    assert "plan.toml" in done.stderr
    assert "nothing sealed vouches for it" in done.stderr
    assert (home / "plan.toml").read_bytes() == (other / "plan.toml").read_bytes()
    for n in (1, 2):
        assert not (home / "journal" / f"{n:06d}.rec").read_bytes().startswith(b"\x89EXPLVT")
    verified = cli(home, "log", "verify", passphrase=pass_file)
    assert verified.exit_code == 1, (verified.stdout, verified.stderr)
    assert "chain intact" not in verified.stdout + verified.stderr


def test_an_old_key_file_put_back_is_refused_never_read_as_empty(tmp_path: Path) -> None:
    """Issue 32, point 7: plan.key copied, the passphrase changed, the old plan.key put back
    and plan.toml deleted: the old passphrase opens nothing; status, `log list`, `log add` and
    `init` each refuse in one line saying plan.key was put back, and nothing is written."""
    home, old_pass = journal_home(tmp_path, sealed=True)
    old_key = (home / "plan.key").read_bytes()
    new_pass = tmp_path / "new.txt"
    new_pass.write_text("another passphrase for the attack\n", encoding="utf-8")
    new_pass.chmod(0o600)
    ok(cli(home, "passphrase", "--new-passphrase-file", str(new_pass), passphrase=old_pass))
    (home / "plan.key").write_bytes(old_key)
    (home / "plan.toml").unlink()
    before = snapshot(home)
    for args, stdin in (
        (("status",), None),
        (("log", "list"), None),
        (("log", "add"), 'what = "sealed with the old key?"\n'),
        (("init",), None),
    ):
        result = cli(home, *args, input=stdin, passphrase=old_pass)
        one_error_line(result, "plan.key", "put back")
    assert snapshot(home) == before


def test_a_plain_copy_planted_in_an_encrypted_journal_is_never_saved_out(
    tmp_path: Path,
) -> None:
    """Issue 32 (not handled): a kept copy replaced by a plain file (even the right bytes) in an
    encrypted journal is not saved out by `log file`: one line names it, nothing is written."""
    home, pass_file = journal_home(tmp_path, sealed=True)
    (home / "journal" / "files" / "000002").write_bytes((tmp_path / "photo.jpg").read_bytes())
    out = tmp_path / "out"
    out.mkdir()
    result = cli(home, "log", "file", "2", "-o", str(out / "p.jpg"), passphrase=pass_file)
    one_error_line(result, "record 2", "plain text in an encrypted journal")
    assert list(out.iterdir()) == []


@pytest.mark.process
@pytest.mark.parametrize(
    "export",
    [
        "",
        "not json",
        '{"records": 5}',
        "[1, 2]",
        '{"records": [1]}',
        '{"records": [{"n": 1, "prev": [], "hash": {}}]}',
        "[" * 5000,
        '{"records": [{"n": ' + "9" * 5000 + "}]}",
    ],
)
def test_the_standalone_checker_says_one_line_for_a_hostile_export(
    tmp_path: Path, export: str
) -> None:
    """Issue 32 (not handled): docs/verify_export.py given a hostile "export" prints one plain
    line and exits 1, never a traceback."""
    import sys

    from helpers import REPO

    path = tmp_path / "export.json"
    path.write_text(export, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(REPO / "docs" / "verify_export.py"), str(path), "x:Y"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr, done.stderr
    assert len(done.stdout.splitlines()) == 1, done.stdout
