"""The data directory holds against someone at the same keyboard: links, FIFOs, huge files,
planted escapes, core dumps, a wipe that must never half-work, and a history that keeps growing."""

from __future__ import annotations

import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import tomli_w
from conftest import Run
from helpers import (
    EXIT,
    EXITPLAN,
    MONEY,
    PLANNED,
    TESTS,
    TODAY,
    child,
    cli,
    make_home,
    ok,
    snapshot,
)
from helpers_privileges import NOBODY

from exitplan.home.store import Store

OUTSIDE_NOTE = b"schema = 1\nid = 'notes'\n# the person's own notes, not exitplan's\n"


def one_error(result: object, *words: str) -> str:
    """Exit 1, one `Error:` line holding every word (lower case), no traceback, nothing on
    stdout."""
    out, err, code = result.stdout, result.stderr, result.exit_code  # type: ignore[attr-defined]
    assert "Traceback" not in out + err
    assert code == 1, (code, out, err)
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("Error: ")
    for word in words:
        assert word in lines[0].lower(), lines[0]
    return str(lines[0])


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder outside the data directory holding a file that is not exitplan's."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "notes.toml").write_bytes(OUTSIDE_NOTE)
    return folder


def move_out(home: Path, name: str, outside: Path) -> Path:
    """Move `home/name` into `outside` and leave a link to it in its place."""
    target = outside / Path(name).name
    shutil.move(home / name, target)
    (home / name).symlink_to(target)
    return target


# -- links -----------------------------------------------------------------------------------


@pytest.mark.parametrize("folder", ["checklists", "backups", "cache"])
@pytest.mark.parametrize("command", [("status",), ("done", "1"), ("wipe", "--yes")])
def test_a_linked_folder_is_refused_and_nothing_outside_changes(
    plan_home: Path, run: Run, outside: Path, folder: str, command: tuple[str, ...]
) -> None:
    """A folder of the data directory that is a link to somewhere else is never followed:
    reading, changing and wiping refuse it in one line naming the link, and nothing outside
    (an unrelated file included) is read into the plan, written, sealed or deleted."""
    ok(run("done", "1"))
    assert (plan_home / folder).is_dir()
    move_out(plan_home, folder, outside)
    before_outside, before_home = snapshot(outside), snapshot(plan_home)
    one_error(run(*command), "link", folder)
    assert snapshot(outside) == before_outside
    assert snapshot(plan_home) == before_home


@pytest.mark.parametrize("command", ["status", "checklists", "init"])
def test_own_checklists_are_never_read_through_a_link_even_without_a_plan(
    user_home: Path, run: Run, outside: Path, command: str
) -> None:
    """Before any plan exists, a linked `checklists/` is refused too: nothing from the folder it
    points to is read into the screen or into a new plan."""
    move_out(user_home, "checklists", outside)
    result = run(command)
    assert "Test money" not in result.output
    one_error(result, "link", "checklists")
    assert not (user_home / "plan.toml").exists()


def test_encrypt_never_seals_files_through_a_linked_folder(
    plan_home: Path, run: Run, outside: Path, tmp_path: Path
) -> None:
    """`encrypt` with `checklists/` linked elsewhere refuses, and the files there stay plain."""
    move_out(plan_home, "checklists", outside)
    secret = tmp_path / "pass.txt"
    secret.write_text("a long enough passphrase\n", encoding="utf-8")
    secret.chmod(0o600)
    before = snapshot(outside)
    one_error(run("encrypt", "--passphrase-file", str(secret)), "link")
    assert snapshot(outside) == before


@pytest.mark.parametrize("name", ["plan.toml", "checklists/t-money.toml"])
def test_a_linked_file_is_refused(plan_home: Path, run: Run, outside: Path, name: str) -> None:
    """The plan or an own checklist that is a link to a file elsewhere is refused in one line,
    and the file it points to is left as it was."""
    target = outside / Path(name).name
    shutil.move(plan_home / name, target)
    (plan_home / name).symlink_to(target)
    before = snapshot(outside)
    one_error(run("status"), "link")
    one_error(run("done", "1"), "link")
    assert snapshot(outside) == before


def test_a_dangling_lock_link_creates_nothing_outside(
    plan_home: Path, run: Run, tmp_path: Path
) -> None:
    """A `.lock` that is a link to a missing file outside never makes exitplan create it."""
    target = tmp_path / "elsewhere" / "planted"
    target.parent.mkdir()
    (plan_home / ".lock").unlink(missing_ok=True)
    (plan_home / ".lock").symlink_to(target)
    one_error(run("done", "1"), "link", ".lock")
    assert not target.exists()
    assert list(target.parent.iterdir()) == []


def test_the_lock_is_opened_without_following_a_link(plan_home: Path, tmp_path: Path) -> None:
    """Even past the folder checks, the lock file itself is opened with no-follow."""
    target = tmp_path / "planted"
    (plan_home / ".lock").unlink(missing_ok=True)
    (plan_home / ".lock").symlink_to(target)
    store = Store(plan_home)
    store.check_private = lambda path=None: None  # type: ignore[method-assign]
    with pytest.raises(Exception, match="cannot write"), store.locked():
        pass  # pragma: no cover - the lock is refused
    assert not target.exists()


def test_where_lists_a_link_without_following_it(plan_home: Path, run: Run, outside: Path) -> None:
    """`where` names a linked folder as a link and lists nothing from inside it."""
    move_out(plan_home, "checklists", outside)
    out = ok(run("where")).stdout
    assert "checklists  (" in out
    assert "never followed" in out
    assert "notes.toml" not in out


# -- special files and sizes -----------------------------------------------------------------

FIFO_PLACES = {
    "a backup": ("backups/plan-999999-20261130T000000000000Z.toml", ["backups"]),
    "a backup (restore)": ("backups/plan-999999-20261130T000000000000Z.toml", ["restore"]),
    "the cache": ("cache/plan.json", ["status"]),
    "the cache (done)": ("cache/plan.json", ["done", "1"]),
    "a checklist": ("checklists/fifo.toml", ["status"]),
    "the plan": ("plan.toml", ["status"]),
}


@pytest.mark.process
@pytest.mark.parametrize("place", sorted(FIFO_PLACES))
def test_a_fifo_never_hangs_a_command(tmp_path: Path, place: str) -> None:
    """A FIFO where exitplan expects one of its files never hangs a command: it ends on its
    own, with no traceback, whether it can go on without the file or refuses it."""
    home = make_home(tmp_path / "home", MONEY)
    env = {"EXITPLAN_TODAY": TODAY.isoformat(), "EXITPLAN_TEST_LOCK_TIMEOUT": "1"}
    made = child("--home", str(home), "init", "--exit-date", EXIT.isoformat(), env=env)
    assert made.returncode == 0, made.stderr
    assert child("--home", str(home), "done", "1", env=env).returncode == 0
    rel, command = FIFO_PLACES[place]
    fifo = home / rel
    fifo.unlink(missing_ok=True)
    os.mkfifo(fifo, 0o600)
    try:
        result = child("--home", str(home), *command, env=env, timeout=30)
    except subprocess.TimeoutExpired:  # pragma: no cover - only without the fix
        pytest.fail(f"a FIFO as {place} hung '{' '.join(command)}'")
    assert "Traceback" not in result.stdout + result.stderr
    assert result.returncode in (0, 1), result.stderr
    if result.returncode == 1:
        assert len(result.stderr.splitlines()) == 1, result.stderr
    if command[0] != "done":  # a change writes a fresh cache over it: that is exitplan's file
        assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.process
def test_a_fifo_backup_never_hangs_a_change_to_an_encrypted_plan(tmp_path: Path) -> None:
    """On an encrypted plan each save seals plain leftovers; a FIFO among the backups is
    passed over, so `done` (holding the lock) ends, and the FIFO is left as it is."""
    home = make_home(tmp_path / "home", MONEY)
    secret = tmp_path / "pass.txt"
    secret.write_text("a long enough passphrase\n", encoding="utf-8")
    secret.chmod(0o600)
    env = {"EXITPLAN_TODAY": TODAY.isoformat(), "EXITPLAN_PASSPHRASE_FILE": str(secret)}
    for command in (["init"], ["encrypt"], ["done", "1"]):
        made = child("--home", str(home), *command, env=env)
        assert made.returncode == 0, made.stderr
    fifo = home / "backups" / "plan-000099-20261130T000000000000Z.toml"
    os.mkfifo(fifo, 0o600)
    try:
        result = child("--home", str(home), "undo", "1", env=env, timeout=30)
    except subprocess.TimeoutExpired:  # pragma: no cover - only without the fix
        pytest.fail("a FIFO among the backups hung a change to an encrypted plan")
    assert result.returncode == 0, result.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


PEAK_MEMORY = """
import atexit, resource, sys
atexit.register(lambda: print("maxrss", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                              file=sys.stderr))
from exitplan.cli.entry import main
sys.argv = ["exitplan", *sys.argv[1:]]
main()
"""


@pytest.mark.process
@pytest.mark.parametrize("rel", ["checklists/huge.toml", "cache/plan.json", "cache/catalog.json"])
def test_a_huge_file_is_never_read_whole(tmp_path: Path, rel: str) -> None:
    """A 1 GiB file where exitplan keeps a checklist or its cache is read only up to its cap:
    the process never holds anything like the file in memory (its peak stays far below it)."""
    home = make_home(tmp_path / "home", MONEY)
    env = {**os.environ, "EXITPLAN_TODAY": TODAY.isoformat()}
    base = [sys.executable, "-c", PEAK_MEMORY, "--home", str(home)]
    made = subprocess.run([*base, "init"], capture_output=True, text=True, env=env, check=False)
    assert made.returncode == 0, made.stderr
    huge = home / rel
    huge.unlink(missing_ok=True)
    with huge.open("wb") as handle:  # sparse: no disk space used
        handle.truncate(1024**3)
    huge.chmod(0o600)
    result = subprocess.run(
        [*base, "status"], capture_output=True, text=True, env=env, timeout=120, check=False
    )
    assert "Traceback" not in result.stderr
    peak_kib = int(result.stderr.split("maxrss")[-1].split()[0])
    assert peak_kib < 400 * 1024, peak_kib
    if rel.startswith("checklists"):
        assert result.returncode == 1
        assert "larger than 16 MiB" in result.stderr
    else:
        assert result.returncode == 0, result.stderr


# -- terminal escapes ------------------------------------------------------------------------

ESCAPES = ["\x1b]0;owned\x07", "\x1b[2J", "\x9b31m", "\x08\x08\x08done"]


def _edit_plan(home: Path, change: object) -> None:
    path = home / "plan.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    change(data)  # type: ignore[operator]
    path.write_text(tomli_w.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("escape", ESCAPES)
@pytest.mark.parametrize("field", ["action", "item", "detail"])
def test_control_characters_in_the_history_are_refused(
    plan_home: Path, run: Run, escape: str, field: str
) -> None:
    """A plan whose history holds a terminal escape in any field is refused at validation
    with one line; the escape never reaches the screen."""
    ok(run("done", "1"))
    _edit_plan(plan_home, lambda d: d["history"][-1].__setitem__(field, f"x{escape}"))
    for command in (("history",), ("show", "1"), ("status",)):
        result = run(*command)
        assert "\x1b" not in result.output
        assert "\x9b" not in result.output
        one_error(result, "control character")


def test_control_characters_in_item_keys_are_refused(plan_home: Path, run: Run) -> None:
    """A progress key with an escape in it is refused too."""
    _edit_plan(plan_home, lambda d: d["items"].__setitem__("x\x1b[2J", {"status": "done"}))
    one_error(run("status"), "control character")


def test_a_forged_cache_cannot_bring_escapes_past_validation(plan_home: Path, run: Run) -> None:
    """A cache file rewritten with a correct checksum (it has no key) but an escape in the
    history is ignored: the plan is read and validated from plan.toml instead."""
    from exitplan.formats.cache import _dumps

    ok(run("done", "1"))
    path = plan_home / "cache" / "plan.json"
    body = path.read_bytes().partition(b"\n")[2]
    doc = json.loads(body)
    doc["state"]["history"][-1]["action"] = "\x1b]0;owned\x07"
    path.write_bytes(_dumps(doc))
    result = ok(run("history"))
    assert "\x1b" not in result.output
    assert "owned" not in result.output


# -- core dumps ------------------------------------------------------------------------------


CORE_REPORT = """
import atexit, ctypes, resource, sys
def report():
    dumpable = ctypes.CDLL(None).prctl(3, 0, 0, 0, 0)  # PR_GET_DUMPABLE
    print("dumpable", dumpable, "core", *resource.getrlimit(resource.RLIMIT_CORE), file=sys.stderr)
atexit.register(report)
sys.path.insert(0, TESTS)
from helpers_exitplan import apply_environment  # the harness's lock timeout
apply_environment()
from exitplan.cli.entry import main
sys.argv = ["exitplan", *sys.argv[1:]]
main()
""".replace("TESTS", repr(str(TESTS)), 1)


def _core_limit(pid: int) -> list[str] | None:
    try:
        limits = Path(f"/proc/{pid}/limits").read_text(encoding="utf-8")
    except OSError:
        return None
    line = next(row for row in limits.splitlines() if row.startswith("Max core file size"))
    return line.split()[4:6]


@pytest.mark.process
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl and /proc are Linux")
def test_a_running_command_cannot_dump_core(plan_home: Path) -> None:
    """While a command runs (here: waiting for the lock, the plan about to be read), its core
    size limit is 0 and the process is marked not dumpable, so Ctrl-\\ or a crash writes no
    core file holding the passphrase or the plan, even under `ulimit -c unlimited`."""
    import fcntl
    import resource

    lock = os.open(plan_home / ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(lock, fcntl.LOCK_EX)
    env = {**os.environ, "EXITPLAN_TODAY": TODAY.isoformat(), "EXITPLAN_TEST_LOCK_TIMEOUT": "60"}
    command = [sys.executable, "-c", CORE_REPORT, "--home", str(plan_home), "done", "1"]

    def unlimited() -> None:
        resource.setrlimit(resource.RLIMIT_CORE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))

    proc = subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=unlimited,  # noqa: PLW1509 - the child only sets its own limit
    )
    try:
        deadline = time.monotonic() + 30
        limit = _core_limit(proc.pid)
        while limit != ["0", "0"] and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
            limit = _core_limit(proc.pid)
        assert proc.poll() is None, "the command ended before it could be looked at"
        assert limit == ["0", "0"]
    finally:
        fcntl.flock(lock, fcntl.LOCK_UN)
        os.close(lock)
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "dumpable 0 core 0 0" in err


# -- wipe ------------------------------------------------------------------------------------


def test_wipe_erases_the_journal_and_the_key_file(plan_home: Path, run: Run) -> None:
    """`where` lists the journal and the key file, and `wipe` erases them with the rest."""
    (plan_home / "journal" / "files").mkdir(parents=True, mode=0o700)
    (plan_home / "journal" / "000001.rec").write_bytes(b'{"n":1}')
    (plan_home / "journal" / "files" / "0001.bin").write_bytes(b"photo")
    (plan_home / "plan.key").write_bytes(b"\x89EXPLKY\x00" + bytes(135))
    out = ok(run("where")).stdout
    for rel in ("journal/000001.rec", "journal/files/0001.bin", "plan.key"):
        assert f"  {rel}  (" in out, out
    assert "key file" in out
    result = ok(run("wipe", "--yes"))
    assert not plan_home.exists()
    assert "Left alone" not in result.stderr


def test_wipe_refuses_a_linked_backup_and_erases_nothing(
    plan_home: Path, run: Run, outside: Path
) -> None:
    """One backup that is a link to a file outside: wipe says which and how to fix it, in one
    line, and erases nothing at all (neither the link's target nor anything in the home)."""
    ok(run("done", "1"))
    backup = next((plan_home / "backups").iterdir())
    move_out(plan_home, f"backups/{backup.name}", outside)
    before_home, before_outside = snapshot(plan_home), snapshot(outside)
    line = one_error(run("wipe", "--yes"), "link", "nothing was erased", "rm '")
    assert backup.name in line
    assert snapshot(plan_home) == before_home
    assert snapshot(outside) == before_outside


@pytest.mark.parametrize("encrypted", [True, False])
def test_wipe_speaks_of_encrypted_copies_only_when_there_were_some(
    plan_home: Path, run: Run, tmp_path: Path, encrypted: bool
) -> None:
    """After `encrypt`, the closing line says copies stay unreadable; after `decrypt` (no
    encrypted file left) it says nothing of encrypted copies and says plainly they can be
    read."""
    secret = tmp_path / "pass.txt"
    secret.write_text("a long enough passphrase\n", encoding="utf-8")
    secret.chmod(0o600)
    ok(run("encrypt", "--passphrase-file", str(secret)))
    if not encrypted:
        ok(cli(plan_home, "--passphrase-file", str(secret), "decrypt", today=TODAY))
    text = " ".join(ok(run("wipe", "--yes")).stderr.split())
    assert ("encrypted:" in text) is encrypted
    assert ("not encrypted" in text) is not encrypted
    assert ("unreadable" in text) is encrypted


@pytest.mark.parametrize("answer", ["wipe\n", "Wipe\n"])
def test_wipe_answered_in_small_letters_says_how(plan_home: Path, run: Run, answer: str) -> None:
    """`wipe` answered with the right word in the wrong case erases nothing and says the word
    must be typed in capitals."""
    before = snapshot(plan_home)
    result = run("wipe", input=answer)
    assert result.exit_code == 1
    assert "typed in capitals, WIPE" in result.stderr
    assert "Nothing was erased" in result.stderr
    assert snapshot(plan_home) == before


@pytest.mark.process
def test_init_again_over_a_fifo_in_the_cache_never_hangs(tmp_path: Path) -> None:
    """`init --force` looks at the cache files for a key to adopt; a FIFO there is passed over."""
    home = make_home(tmp_path / "home", MONEY)
    env = {"EXITPLAN_TODAY": TODAY.isoformat()}
    assert child("--home", str(home), "init", env=env).returncode == 0
    fifo = home / "cache" / "plan.json"
    fifo.unlink()
    os.mkfifo(fifo, 0o600)
    try:
        result = child("--home", str(home), "init", "--force", env=env, timeout=30)
    except subprocess.TimeoutExpired:  # pragma: no cover - only without the fix
        pytest.fail("a FIFO in the cache hung 'init --force'")
    assert result.returncode == 0, result.stderr


# -- wipe as an unprivileged user --------------------------------------------------------------


@pytest.mark.process
@pytest.mark.privileges
def test_wipe_never_half_works_as_an_unprivileged_user(
    reachable_python: list[str], no_builtins: Path
) -> None:
    """As a user the file modes bind (never root): with a folder it cannot empty, `wipe --yes`
    erases nothing, says in one line which folder and how to make it writable, and exits 1;
    once that is done, the same command erases everything."""
    shared = Path(tempfile.mkdtemp(prefix="exitplan-wipe-", dir="/tmp"))
    try:
        shared.chmod(0o755)
        home = make_home(shared / "home", MONEY)
        ok(cli(home, "init", "--exit-date", EXIT.isoformat(), today=PLANNED))
        for _ in range(2):
            ok(cli(home, "done", "1", today=TODAY))
            ok(cli(home, "undo", "1", today=TODAY))
        if os.geteuid() == 0:
            os.chown(shared, NOBODY, NOBODY)
            for folder, dirs, files in os.walk(home):
                for name in [*dirs, *files, "."]:
                    os.chown(Path(folder) / name, NOBODY, NOBODY)
        backups = home / "backups"
        backups.chmod(0o500)
        before = snapshot(home)
        env = {**os.environ, "HOME": str(shared), "EXITPLAN_TODAY": TODAY.isoformat()}
        command = [*reachable_python, "-m", "exitplan", "--home", str(home), "wipe", "--yes"]
        refused = subprocess.run(
            command, capture_output=True, text=True, env=env, cwd=shared, timeout=120, check=False
        )
        assert "Traceback" not in refused.stderr
        assert refused.returncode == 1, refused.stderr
        lines = refused.stderr.splitlines()
        assert len(lines) == 1, refused.stderr
        assert str(backups) in lines[0]
        assert f"chmod u+rwx '{backups}'" in lines[0]
        assert "nothing was erased" in lines[0].lower()
        assert snapshot(home) == before
        backups.chmod(0o700)
        done = subprocess.run(
            command, capture_output=True, text=True, env=env, cwd=shared, timeout=120, check=False
        )
        assert done.returncode == 0, done.stderr
        assert not home.exists(), (done.stderr, sorted(home.rglob("*")))
    finally:
        shutil.rmtree(shared, ignore_errors=True)


@pytest.mark.process
@pytest.mark.privileges
def test_a_folder_closed_to_the_person_is_named_by_where_and_refused_by_wipe(
    reachable_python: list[str], no_builtins: Path
) -> None:
    """As a user the file modes bind: with the journal folder closed (mode 000), `where` names
    it instead of calling the folder empty, and `wipe --yes` erases nothing and says in one
    line how to open it (it was a traceback); once opened, the same command erases all."""
    shared = Path(tempfile.mkdtemp(prefix="exitplan-closed-", dir="/tmp"))
    try:
        shared.chmod(0o755)
        home = make_home(shared / "home", MONEY)
        ok(cli(home, "init", "--exit-date", EXIT.isoformat(), today=PLANNED))
        journal = home / "journal"
        journal.mkdir(mode=0o700)
        (journal / "000001.rec").write_bytes(b'{"n":1}')
        if os.geteuid() == 0:
            os.chown(shared, NOBODY, NOBODY)
            for folder, dirs, files in os.walk(home):
                for name in [*dirs, *files, "."]:
                    os.chown(Path(folder) / name, NOBODY, NOBODY)
        journal.chmod(0o000)
        before = snapshot(home)
        env = {**os.environ, "HOME": str(shared), "EXITPLAN_TODAY": TODAY.isoformat()}

        def exitplan(*args: str) -> subprocess.CompletedProcess[str]:
            command = [*reachable_python, "-m", "exitplan", "--home", str(home), *args]
            return subprocess.run(
                command,
                capture_output=True,
                text=True,
                env=env,
                cwd=shared,
                timeout=120,
                check=False,
            )

        where = exitplan("where")
        assert where.returncode == 0, where.stderr
        assert "  journal  (0 bytes, cannot be read: " in where.stdout, where.stdout
        refused = exitplan("wipe", "--yes")
        assert "Traceback" not in refused.stderr
        assert refused.returncode == 1, refused.stderr
        assert refused.stderr.splitlines() == [
            f"Error: cannot look inside {journal}, so wipe cannot check what is in it; make it "
            f"writable with: chmod u+rwx '{journal}', then run wipe again. Nothing was erased"
        ]
        assert snapshot(home) == before
        journal.chmod(0o700)
        done = exitplan("wipe", "--yes")
        assert done.returncode == 0, done.stderr
        assert not home.exists(), (done.stderr, sorted(home.rglob("*")))
    finally:
        shutil.rmtree(shared, ignore_errors=True)


# -- a shared folder -------------------------------------------------------------------------


@pytest.mark.parametrize("mode", [0o1777, 0o777])
def test_init_in_a_shared_folder_is_refused_without_chmod_advice(
    tmp_path: Path, no_builtins: Path, mode: int
) -> None:
    """`init --home` a shared folder (sticky like /tmp, or writable by anyone) is refused, and
    the advice is a new private folder inside it, never `chmod` on the shared folder."""
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "someone-elses.txt").write_text("x", encoding="utf-8")
    shared.chmod(mode)
    before = snapshot(shared)
    line = one_error(cli(shared, "init", today=TODAY), "shared", "new folder inside it")
    assert "chmod" not in line
    assert snapshot(shared) == before
    assert stat.S_IMODE(shared.stat().st_mode) == mode
    ok(cli(shared / "plan", "init", today=TODAY))


# -- history ---------------------------------------------------------------------------------


def _grow_history(home: Path, count: int) -> None:
    start = datetime(2026, 1, 1, tzinfo=UTC)

    def grow(data: dict[str, object]) -> None:
        history = data["history"]
        assert isinstance(history, list)
        history += [
            {"at": start + timedelta(minutes=i), "action": "note", "item": f"{MONEY}.{i}"}
            for i in range(count)
        ]

    _edit_plan(home, grow)


def test_history_keeps_the_first_init_and_the_newest_2000(plan_home: Path, run: Run) -> None:
    """A plan with 5,000 changes opens with the first `init` and the newest 2,000 of them,
    and the next save keeps just those (plus the new change)."""
    from exitplan.domain.model import MAX_HISTORY

    assert MAX_HISTORY == 2000
    _grow_history(plan_home, 5000)
    shown = json.loads(ok(run("history", "--json")).stdout)
    events = shown if isinstance(shown, list) else shown["history"]
    assert len(events) == 2001
    ok(run("done", "1"))
    saved = tomllib.loads((plan_home / "plan.toml").read_text(encoding="utf-8"))["history"]
    assert len(saved) == 2001
    assert saved[0]["action"] == "init"
    assert saved[1]["item"] == f"{MONEY}.3001"
    assert saved[-1]["action"] == "done"


# -- round three: every signal runs the clean-ups; leftovers are erased ----------------------

PHONE_WRAPPER = """\
import sys
from pathlib import Path

from exitplan.phone import indicators

folder = Path(sys.argv[1])
indicators.data_folder = lambda: folder
sys.argv = ["exitplan", *sys.argv[2:]]
from exitplan.cli.entry import main

main()
"""


@pytest.mark.process
@pytest.mark.parametrize("name", ["SIGHUP", "SIGTERM"])
def test_a_phone_check_closed_by_a_signal_leaves_no_adb_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """Issue 32, point 10: a phone check stopped by SIGHUP (the terminal closed) or SIGTERM
    while the phone is read stops the adb server it started and erases its private folder
    (the adb key) from the data folder, like Ctrl-C; the exit code is the signal's."""
    import signal

    from phone_helpers import convert_list, make_standin

    standin = make_standin(tmp_path, monkeypatch)
    home = make_home(tmp_path / "home")
    ok(cli(home, "init", today=TODAY))
    script = tmp_path / "run.py"
    script.write_text(PHONE_WRAPPER, encoding="utf-8")
    argv = [sys.executable, str(script), str(convert_list(tmp_path / "list"))]
    argv += ["--home", str(home), "phone-check", "--timeout", "600"]
    env = {**os.environ, **standin.env(), "STANDIN_ADB_PHONE": "hangs"}
    env |= {"EXITPLAN_TODAY": TODAY.isoformat()}
    with subprocess.Popen(
        argv,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    ) as check:
        assert check.stdin is not None
        check.stdin.write("yes\nno\nyes\n")
        check.stdin.flush()
        deadline = time.monotonic() + 60
        while "packages" not in (standin.log.read_text() if standin.log.exists() else ""):
            assert check.poll() is None, check.communicate()
            assert time.monotonic() < deadline, "the check never read the package list"
            time.sleep(0.05)
        assert [p.name for p in home.iterdir() if p.name.startswith(".adb-")]  # in use
        check.send_signal(getattr(signal, name))
        _out, err = check.communicate(timeout=60)
    assert check.returncode == 128 + getattr(signal, name), err
    assert "Traceback" not in err
    assert [p.name for p in home.iterdir() if p.name.startswith(".adb-")] == []
    assert not standin.server.exists()  # the server it started was stopped
    assert standin.calls()[-1] == ["kill-server"]


def test_wipe_erases_an_adb_folder_a_killed_check_left(tmp_path: Path) -> None:
    """Issue 32, point 10: a phone check killed outright (SIGKILL) leaves `.adb-*/.android/
    adbkey` in the data folder: wipe erases it with everything else, never calling it 'not
    exitplan's', and the home is gone."""
    home = make_home(tmp_path / "home")
    ok(cli(home, "init", today=TODAY))
    keys = home / ".adb-k1ll3d" / ".android"
    keys.mkdir(parents=True)
    (keys / "adbkey").write_text("a private key\n", encoding="utf-8")
    wiped = ok(cli(home, "wipe", "--yes"))
    assert "not exitplan" not in wiped.stdout + wiped.stderr
    assert not home.exists()


def test_the_next_run_erases_a_private_folder_no_run_holds(tmp_path: Path) -> None:
    """Issue 32, point 10: a private folder made by exitplan (it holds `.exitplan-held`) whose
    run was killed is erased by the next command that changes the plan."""
    home = make_home(tmp_path / "home")
    ok(cli(home, "init", today=TODAY))
    left = home / ".adb-k1ll3d"
    (left / ".android").mkdir(parents=True)
    (left / ".exitplan-held").write_bytes(b"")
    (left / ".android" / "adbkey").write_text("a private key\n", encoding="utf-8")
    ok(cli(home, "done", "1", today=TODAY))
    assert not left.exists()


# -- round three: in an encrypted home, nothing planted is trusted ---------------------------


def sealed_home(tmp_path: Path) -> tuple[Path, Path]:
    """An encrypted home with a plan and a few saves (so there are sealed backups), and its
    passphrase file."""
    home = make_home(tmp_path / "home")
    secret = tmp_path / "pass.txt"
    secret.write_text("a long enough passphrase\n", encoding="utf-8")
    secret.chmod(0o600)
    ok(cli(home, "init", today=TODAY))
    ok(cli(home, "encrypt", passphrase=secret))
    ok(cli(home, "done", "1", passphrase=secret, today=TODAY))
    ok(cli(home, "done", "2", passphrase=secret, today=TODAY))
    return home, secret


PLANTED_CHECKLIST = """schema = 1
id = "planted"
title = "Planted"
summary = "Not the person's."
order = 1

[[item]]
id = "tell"
title = "Tell your partner you are leaving"
why = "Planted advice."
due = "-1d"
priority = "critical"
when = "before"
"""


def test_a_plain_checklist_planted_in_an_encrypted_home_is_not_the_person_s(
    tmp_path: Path,
) -> None:
    """Issue 32, point 3: a plain checklist put in an encrypted home is named as not written by
    exitplan, its steps are not shown, the next save never seals it; only `checklists --adopt`
    with the passphrase makes it part of the plan."""
    home, secret = sealed_home(tmp_path)
    planted = home / "checklists" / "planted.toml"
    planted.write_text(PLANTED_CHECKLIST, encoding="utf-8")
    planted.chmod(0o600)
    shown = ok(cli(home, "list", passphrase=secret, today=TODAY))
    assert "Tell your partner" not in shown.stdout
    assert "checklists/planted.toml" in shown.stderr
    assert "exitplan did not write it" in shown.stderr
    ok(cli(home, "done", "3", passphrase=secret, today=TODAY))
    assert planted.read_bytes() == PLANTED_CHECKLIST.encode()  # never sealed
    where = ok(cli(home, "where")).stdout
    assert "checklists/planted.toml" in where
    assert "plain text" in where
    ok(cli(home, "checklists", "--adopt", "planted", passphrase=secret))
    assert "Tell your partner" in ok(cli(home, "list", passphrase=secret)).stdout


def test_a_plain_backup_planted_in_an_encrypted_home_is_never_restored_or_sealed(
    tmp_path: Path,
) -> None:
    """Issue 32, point 4: a plain backup put in an encrypted home is never sealed by a save
    and never restored as the person's: restoring it by number refuses it, naming it."""
    home, secret = sealed_home(tmp_path)
    other = make_home(tmp_path / "other")
    ok(cli(other, "init", today=TODAY))
    planted = home / "backups" / "plan-d20991231-000001.toml"
    shutil.copyfile(other / "plan.toml", planted)
    planted.chmod(0o600)
    ok(cli(home, "done", "3", passphrase=secret, today=TODAY))
    assert not planted.read_bytes().startswith(b"\x89EXPLVT\x00")  # never sealed
    listed = ok(cli(home, "backups", passphrase=secret)).stdout
    number = next(
        line.split()[0].rstrip(".")
        for line in listed.splitlines()
        if line.strip()[:1].isdigit() and "cannot be read" in line
    )
    before = snapshot(home)
    refused = cli(home, "restore", number, passphrase=secret, today=TODAY)
    assert refused.exit_code == 1, (listed, number, refused.stdout, refused.stderr)
    assert "did not write it" in refused.stderr
    assert snapshot(home) == before


def test_help_now_ignores_a_plain_plan_planted_beside_sealed_files(tmp_path: Path) -> None:
    """Issue 32, point 5: a plain plan.toml naming Australia put in an encrypted home tells
    help-now nothing: it says the plan is encrypted and shows no place's numbers."""
    home, _secret = sealed_home(tmp_path)
    other = make_home(tmp_path / "other")
    ok(cli(other, "init", today=TODAY))
    ok(cli(other, "region", input="Australia\n", today=TODAY))
    shutil.copyfile(other / "plan.toml", home / "plan.toml")
    shown = ok(cli(home, "help-now")).stdout
    assert "call 000" not in shown
    assert "encrypted" in shown


def forged_cache(home: Path, old: str, new: str) -> dict[str, bytes]:
    """The plain home's cache/catalog.json with `old` replaced by `new`, its checksum line
    recomputed and texts.json pointed at it, as the review forged them: {name: bytes}."""
    from exitplan.formats.cache import checksum

    def line(body: bytes, fmt: bytes) -> bytes:
        return fmt + b":" + checksum(body).encode()

    digest, _, body = (home / "cache" / "catalog.json").read_bytes().partition(b"\n")
    fmt = digest.split(b":")[0]
    forged = body.replace(old.encode(), new.encode())
    assert forged != body
    texts_digest, _, texts = (home / "cache" / "texts.json").read_bytes().partition(b"\n")
    texts = texts.replace(digest, line(forged, fmt))
    return {
        "catalog.json": line(forged, fmt) + b"\n" + forged,
        "texts.json": line(texts, texts_digest.split(b":")[0]) + b"\n" + texts,
    }


def test_a_forged_cache_changes_the_advice_only_in_a_plain_home(tmp_path: Path) -> None:
    """Issue 32, point 6: a rewritten cache/catalog.json with a recomputed checksum changes a
    built-in step's words in a plain home (said plainly in THREATMODEL.md: the checksum is not
    a key); in an encrypted home the same plain file is ignored, and the steps read as shipped."""
    plain = make_home(tmp_path / "plain")
    ok(cli(plain, "init", today=TODAY))
    ok(cli(plain, "done", "1", today=TODAY))  # a change writes the cache
    title = "Make a plan for staying safer, even if you are not leaving yet"
    assert title in ok(cli(plain, "status", today=TODAY)).stdout
    forged = forged_cache(plain, title, "Tell your partner you are leaving")
    for name, data in forged.items():
        (plain / "cache" / name).write_bytes(data)
    assert "Tell your partner" in ok(cli(plain, "status", today=TODAY)).stdout
    home, secret = sealed_home(tmp_path / "sealed")
    (home / "cache").mkdir(mode=0o700, exist_ok=True)
    for name, data in forged.items():
        (home / "cache" / name).write_bytes(data)
    shown = ok(cli(home, "status", passphrase=secret, today=TODAY)).stdout
    assert "Tell your partner" not in shown
    assert title in shown
    threat = (Path(__file__).resolve().parents[2] / "THREATMODEL.md").read_text(encoding="utf-8")
    assert "A plain home: anyone who can write the folder can change what it says" in threat


@pytest.mark.parametrize("command", [("init",), ("status",), ("where",), ("wipe", "--yes")])
def test_a_data_folder_that_is_a_link_is_refused(tmp_path: Path, command: tuple[str, ...]) -> None:
    """Issue 32, point 8: a data folder that is itself a link (to a synced folder) is refused
    in one line naming where it leads, and nothing is written there; a link further up the
    path (as a system's /home) still works."""
    real = tmp_path / "synced"
    real.mkdir(mode=0o700)
    linked = tmp_path / "home"
    linked.symlink_to(real)
    result = cli(linked, *command, today=TODAY)
    line = one_error(result, "is a link to")
    assert str(real) in line
    assert list(real.iterdir()) == []
    parent = tmp_path / "up"
    parent.symlink_to(tmp_path / "synced")
    ok(cli(parent / "plan", "init", today=TODAY))


@pytest.fixture
def fat_stick(tmp_path: Path) -> Iterator[Path]:
    """A FAT file system (case-insensitive, like most USB sticks), made with mkfs.vfat in an
    image file and mounted through FUSE with fusefat (loop mounts are refused here)."""
    mkfs, fusefat = shutil.which("mkfs.vfat") or "/usr/sbin/mkfs.vfat", shutil.which("fusefat")
    if not os.path.exists(mkfs) or fusefat is None:
        pytest.fail("this test needs dosfstools and fusefat: apt-get install dosfstools fusefat")
    image, mount = tmp_path / "stick.img", tmp_path / "stick"
    with image.open("wb") as handle:
        handle.truncate(16 * 1024 * 1024)
    subprocess.run([mkfs, str(image)], check=True, capture_output=True)
    mount.mkdir()
    subprocess.run([fusefat, "-o", "rw+", str(image), str(mount)], check=True, capture_output=True)
    try:
        yield mount
    finally:
        unmount = shutil.which("fusermount") or "/usr/bin/fusermount"
        subprocess.run([unmount, "-u", str(mount)], check=False, capture_output=True)


@pytest.mark.process
def test_on_a_fat_stick_no_spelling_of_an_own_file_is_written(fat_stick: Path) -> None:
    """Issue 32, point 12, on a real FAT file system: `summary --output <home>/PLAN.TOML
    --force` and `--output <home>/PLAN.KEY` are refused as exitplan's own files, an output in
    the home spelt in capitals is refused as inside it, and the plan still reads."""
    home = fat_stick / "plan"
    done = child("--home", str(home), "init", env={"EXITPLAN_TODAY": TODAY.isoformat()})
    assert done.returncode == 0, done.stderr
    plan = (home / "plan.toml").read_bytes()
    for target in (home / "PLAN.TOML", home / "Plan.Key"):
        refused = child("--home", str(home), "summary", "--output", str(target), "--force")
        assert refused.returncode == 1, refused.stderr
        assert "one of exitplan's own files" in refused.stderr
    inside = child("--home", str(home), "summary", "--output", str(fat_stick / "PLAN" / "x.md"))
    assert inside.returncode == 1, inside.stderr
    assert "inside exitplan's data folder" in inside.stderr
    assert (home / "plan.toml").read_bytes() == plan
    assert sorted(p.name for p in home.iterdir()) == [".lock", "cache", "plan.toml"]
    assert child("--home", str(home), "status").returncode == 0


def test_outputs_inside_the_data_folder_are_refused(tmp_path: Path) -> None:
    """Issue 32 (not handled): `summary --output` and `log export` into the data folder (which
    wipe would then leave behind as not exitplan's) are refused in one line; nothing is written."""
    home = make_home(tmp_path / "home")
    ok(cli(home, "init", today=TODAY))
    before = snapshot(home)
    one_error(cli(home, "summary", "--output", str(home / "summary.md")), "inside", "data folder")
    one_error(cli(home, "log", "export", "-o", str(home / "j.html")), "inside", "data folder")
    assert snapshot(home) == before


@pytest.mark.process
def test_validate_names_a_fifo_instead_of_waiting_for_ever(tmp_path: Path) -> None:
    """Issue 32 (not handled): `validate` given a FIFO says it is not a regular file, at once."""
    fifo = tmp_path / "planted.toml"
    os.mkfifo(fifo)
    try:
        done = child("validate", str(fifo), timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail("validate waited on the FIFO")
    assert done.returncode == 1
    assert "not a regular file" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_fifo_at_plan_toml_is_named_not_taken_for_no_plan(tmp_path: Path) -> None:
    """Issue 32 (not handled): a FIFO put at plan.toml is named as not a regular file (status,
    done), never "there is no plan yet"."""
    home = make_home(tmp_path / "home")
    ok(cli(home, "init", today=TODAY))
    (home / "plan.toml").unlink()
    os.mkfifo(home / "plan.toml", 0o600)
    for args in (("status",), ("done", "1")):
        line = one_error(cli(home, *args, today=TODAY), "plan.toml", "not a regular file")
        assert "no plan" not in line


def test_a_newline_in_a_planted_checklist_name_stays_on_one_line(tmp_path: Path) -> None:
    """Issue 32 (not handled): a checklist file named with a new line gives one warning line,
    the new line shown as U+FFFD."""
    home = make_home(tmp_path / "home")
    ok(cli(home, "init", today=TODAY))
    (home / "checklists" / "a\nError: fake.toml").write_text("schema = 1\n", encoding="utf-8")
    warned = ok(cli(home, "status", today=TODAY)).stderr.splitlines()
    notes = [line for line in warned if "fake.toml" in line]
    assert len(notes) == 1
    assert notes[0].startswith("Note: ")
    assert "a\ufffdError: fake.toml" in notes[0]


def drive_terminal(argv: list[str], env: dict[str, str], answers: list[str]) -> tuple[int, str]:
    """Run argv on a pseudo-terminal, typing each answer when a line ending in ': ' asks for
    it; (exit code, everything shown). A child still running at the deadline is killed."""
    import pty
    import select

    pid, fd = pty.fork()
    if pid == 0:  # the child: exitplan on the terminal
        os.environ.update(env)
        os.execv(argv[0], argv)  # noqa: S606 - the test's own interpreter
    seen, typed = b"", 0
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 1)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        seen += chunk
        # A hidden prompt is written in two parts: the words, then the space that getpass
        # writes once it has turned echo off (and flushed what was typed before): answer after
        # that space, or the answer is thrown away and the run waits for ever.
        if typed < len(answers) and seen.endswith(b": "):
            os.write(fd, answers[typed].encode() + b"\r")
            typed += 1
    else:  # the deadline passed: end the child rather than wait for it for ever
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), seen.decode(errors="replace")


@pytest.mark.process
def test_a_planted_passphrase_file_never_sets_the_passphrase_at_a_terminal(
    tmp_path: Path,
) -> None:
    """Issue 32, point 9: with EXITPLAN_PASSPHRASE_FILE planted in the environment, `encrypt`
    at a terminal asks for the new passphrase (typed twice) and seals with what was typed; the
    planted file's words open nothing. From a script, the file is used and named on screen."""
    home = make_home(tmp_path / "home")
    ok(cli(home, "init", today=TODAY))
    planted = tmp_path / "planted.txt"
    planted.write_text("the partner's passphrase\n", encoding="utf-8")
    planted.chmod(0o600)
    typed = "words only the person knows"
    env = {"EXITPLAN_PASSPHRASE_FILE": str(planted)}
    argv = [*EXITPLAN, "--home", str(home), "encrypt"]
    code, shown = drive_terminal(argv, env, [typed, typed])
    assert code == 0, shown
    assert "New passphrase" in shown
    mine = tmp_path / "mine.txt"
    mine.write_text(typed + "\n", encoding="utf-8")
    mine.chmod(0o600)
    ok(cli(home, "status", passphrase=mine))
    assert cli(home, "status", passphrase=planted).exit_code == 1
    script = make_home(tmp_path / "script")
    ok(cli(script, "init", today=TODAY))
    done = ok(cli(script, "encrypt", env={"EXITPLAN_PASSPHRASE_FILE": str(planted)}))
    assert str(planted) in " ".join(done.stderr.split())
