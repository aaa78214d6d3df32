"""The plan file on disk through the command line: private files and folders, plain errors for an
unreadable, unwritable, locked or broken plan, backups kept, and no temp files left behind."""

from __future__ import annotations

import errno
import fcntl
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import EXIT, MONEY, PAPERS, Run, assert_error, make_home, read_plan, snapshot
from helpers_exitplan import LOCK_TIMEOUT_ENV

from exitplan.base.limits import LOCK_FILE, MAX_PLAN_BYTES
from exitplan.home.store import Store


def mode(path: Path) -> int:
    """The permission bits of a path."""
    return path.stat().st_mode & 0o777


def temp_files(root: Path) -> list[Path]:
    """Temp files left anywhere under root."""
    return [p for p in root.rglob("*") if p.name.endswith(".tmp")]


# -- the Store API -------------------------------------------------------------------------------


def test_cli_files_are_private(run: Run, home: Path) -> None:
    """Every file and folder the CLI creates is private (0600 / 0700)."""
    os.umask(0o022)
    make_home(home, MONEY)
    assert run("init", "-c", MONEY, "--exit-date", EXIT.isoformat()).exit_code == 0
    assert run("done", "1").exit_code == 0
    assert run("note", "2", input="private words\n").exit_code == 0
    created = [p for p in home.rglob("*") if "checklists" not in p.parts]
    assert created
    for path in created:
        assert mode(path) == (0o700 if path.is_dir() else 0o600), path
    assert mode(home) == 0o700


def test_nested_new_home_is_private(run: Run, tmp_path: Path) -> None:
    """A new --home folder is created private, and only that last folder is created."""
    os.umask(0o022)
    (tmp_path / "usb").mkdir()
    target = tmp_path / "usb" / "plan"
    assert run("init", home_dir=target).exit_code == 0
    assert mode(target) == 0o700
    deeper = tmp_path / "usb" / "deep" / "plan"
    assert run("init", home_dir=deeper).exit_code == 1
    assert not deeper.parent.exists()


def test_an_empty_folder_made_by_the_person_becomes_private(run: Run, home: Path) -> None:
    """A world-readable empty folder given as --home is made 0700 before the plan goes in."""
    home.mkdir(mode=0o755)
    home.chmod(0o755)
    assert run("init").exit_code == 0
    assert mode(home) == 0o700


@pytest.mark.parametrize("target", ["home", "plan"])
def test_readable_plan_is_refused(run: Run, plan_home: Path, target: str) -> None:
    """A plan others can read is refused with the chmod that fixes it; nothing is written."""
    path = plan_home if target == "home" else plan_home / "plan.toml"
    path.chmod(0o755 if target == "home" else 0o644)
    before = snapshot(plan_home)
    kind, fix = ("folder", "700") if target == "home" else ("file", "600")
    message = (
        f"the {kind} {path} can be read by other users of this computer; "
        f"make it private with: chmod {fix} '{path}'"
    )
    assert_error(run("status"), message)
    assert_error(run("done", "1"), message)
    assert snapshot(plan_home) == before


def test_summary_into_an_unwritable_folder_is_an_error(
    run: Run, plan_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--output into a folder without write permission is one clear error."""
    import tempfile

    def denied(*_args: object, **_kwargs: object) -> tuple[int, str]:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", denied)
    assert_error(
        run("summary", "-o", str(tmp_path / "plan.txt")), "could not save plan.txt", exact=False
    )


def test_change_on_a_read_only_folder_is_an_error(
    run: Run, plan_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A change when the data folder cannot be written is one clear error, nothing changed."""
    real_open = os.open

    def read_only(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if str(path).endswith(LOCK_FILE):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args, **kwargs)

    before = snapshot(plan_home)
    monkeypatch.setattr(os, "open", read_only)
    result = run("done", "1")
    monkeypatch.undo()
    assert_error(result, "read-only", exact=False)
    assert snapshot(plan_home) == before


def test_saves_leave_no_temp_files(run: Run, plan_home: Path) -> None:
    """After a series of changes no temp file is left anywhere in the data directory."""
    for args in (["done", "1"], ["undo", "1"], ["date", "+3w"], ["add", MONEY, "A step"]):
        assert run(*args).exit_code == 0
    assert temp_files(plan_home) == []


def test_stale_temp_files_are_swept_by_the_next_change(run: Run, plan_home: Path) -> None:
    """Temp files a killed run left behind are removed by the next changing command only."""
    (plan_home / "backups").mkdir(exist_ok=True)
    stale = [plan_home / ".plan.toml.k1ll3d.tmp", plan_home / "backups" / ".plan-x.toml.a1b2.tmp"]
    for path in stale:
        path.write_bytes(b"half a plan")
    mine = plan_home / "notes.tmp"  # not one of exitplan's temp files
    mine.write_bytes(b"keep")
    assert run("status").exit_code == 0
    assert all(path.exists() for path in stale)  # read-only commands touch nothing
    assert run("done", "1").exit_code == 0
    assert not any(path.exists() for path in stale)
    assert mine.read_bytes() == b"keep"


# -- backups -------------------------------------------------------------------------------------


def test_cli_change_keeps_a_backup(run: Run, plan_home: Path) -> None:
    """A changing command keeps the plan it replaced in backups/."""
    before = (plan_home / "plan.toml").read_bytes()
    assert run("done", "1").exit_code == 0
    assert Store(plan_home).backups()[0].path.read_bytes() == before


# -- the lock ------------------------------------------------------------------------------------


def test_cli_refuses_while_another_run_holds_the_lock(run: Run, plan_home: Path) -> None:
    """A change while another exitplan holds the lock: one clear error, files unchanged."""
    before = snapshot(plan_home)
    fd = os.open(plan_home / LOCK_FILE, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        result = run("done", "1", env={LOCK_TIMEOUT_ENV: "0"})
        assert run("status").exit_code == 0  # reading needs no lock
    finally:
        os.close(fd)
    assert_error(
        result, "another exitplan is running and using this plan; try again when it has finished"
    )
    assert snapshot(plan_home) == before
    assert run("done", "1").exit_code == 0


def test_a_drive_that_cannot_lock_gets_a_plain_message(
    run: Run, plan_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A USB stick or network drive whose file system refuses locks: one plain message, no
    traceback, nothing changed."""
    import fcntl as real_fcntl

    def no_locks(_fd: int, _op: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    before = snapshot(plan_home)
    monkeypatch.setattr(real_fcntl, "flock", no_locks)
    result = run("done", "1")
    assert_error(
        result,
        f"the drive that holds {plan_home} cannot lock files, so exitplan cannot keep two runs "
        "from changing the plan at once; nothing was changed. Copy the folder to a drive "
        "formatted for this computer, or use your own data folder (leave --home out)",
    )
    assert snapshot(plan_home) == before


def test_windows_made_up_modes_do_not_refuse_the_plan(
    run: Run, plan_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows reports made-up mode bits (files 666): the privacy check leaves them to the
    folder's access list instead of refusing every plan."""
    (plan_home / "plan.toml").chmod(0o644)
    assert run("status").exit_code == 1  # Linux: the real bits are refused
    monkeypatch.setattr("sys.platform", "win32")
    assert run("status").exit_code == 0


# -- bad plan files ------------------------------------------------------------------------------


@pytest.fixture
def saved_twice(run: Run, plan_home: Path) -> Path:
    """The test plan after one change, so one backup exists."""
    assert run("done", "1").exit_code == 0
    return plan_home


BROKEN_PLANS = [
    pytest.param(b"schema = 1\nexit_date = [\n", "cannot be read: TOML syntax error", id="syntax"),
    pytest.param(b"\xff\xfe not text", "is not valid UTF-8 text.", id="not-utf8"),
    pytest.param(
        b"schema = 7\n",
        "has plan format version 7, which this exitplan does not know",
        id="unknown-version",
    ),
    pytest.param(
        b"schema = 1\ncreated = 2026-11-30T09:00:00Z\nwarn_days = 400\n",
        "field 'warn_days'",
        id="bad-value",
    ),
    pytest.param(
        b"schema = 1\ncreated = 2026-11-30T09:00:00Z\ncolour = 1\n",
        "field 'colour': is not a known field",
        id="unknown-key",
    ),
    pytest.param(b"a = " + b"[" * 100_000, "is nested too deeply to be a plan.", id="nested"),
]


@pytest.mark.parametrize(("data", "words"), BROKEN_PLANS)
@pytest.mark.parametrize("command", [("status",), ("done", "2")])
def test_hand_edited_plan_that_no_longer_parses(
    run: Run, saved_twice: Path, data: bytes, words: str, command: tuple[str, ...]
) -> None:
    """A broken plan.toml: one error naming it and pointing at the backups; nothing written."""
    plan = saved_twice / "plan.toml"
    plan.write_bytes(data)
    before = snapshot(saved_twice)
    result = run(*command)
    assert_error(result, f"{plan}: ", exact=False)
    assert words in result.stderr
    assert "'exitplan backups' lists them" in result.stderr
    assert snapshot(saved_twice) == before


def test_broken_plan_without_backups_has_no_backup_hint(run: Run, plan_home: Path) -> None:
    """With no backups yet, the error does not promise any."""
    plan = plan_home / "plan.toml"
    plan.write_bytes(b"schema = [\n")
    result = run("status")
    assert_error(result, f"{plan}: cannot be read: TOML syntax error", exact=False)
    assert "backups" not in result.stderr


def test_commands_named_in_the_backup_hint_exist(run: Run, saved_twice: Path) -> None:
    """The hint's commands ('exitplan backups', 'exitplan restore') are real and bring it back."""
    (saved_twice / "plan.toml").write_bytes(b"schema = [\n")
    assert run("backups").exit_code == 0
    assert run("restore").exit_code == 0
    state = read_plan(saved_twice)
    assert state.exit_date == EXIT
    assert state.history[-1].action == "restore"


def test_enormous_plan_file(run: Run, plan_home: Path) -> None:
    """A plan.toml larger than any real plan is refused without reading it all into TOML."""
    plan = plan_home / "plan.toml"
    with plan.open("r+b") as handle:
        handle.truncate(MAX_PLAN_BYTES + 1)
    before = snapshot(plan_home)
    assert_error(run("status"), f"{plan}: is too large to be an exitplan plan")
    assert snapshot(plan_home) == before


def test_hand_edit_that_stays_valid_is_read(run: Run, plan_home: Path) -> None:
    """A valid hand-edit (a new exit date) is what the next command sees."""
    assert run("done", "1").exit_code == 0  # writes the cache too
    plan = plan_home / "plan.toml"
    plan.write_text(
        plan.read_text(encoding="utf-8").replace("2026-12-14", "2026-12-21"), encoding="utf-8"
    )
    assert run("date").stdout == "2026-12-21\n"
    assert run("status", "--json").stdout.count('"days_left": 21') == 1


def test_plan_file_is_readable_toml_for_people(plan_home: Path, run: Run) -> None:
    """plan.toml is plain TOML a person can read: schema, date, items and notes in words."""
    assert run("note", "1", input="at the branch\n").exit_code == 0
    assert run("skip", "2", "--reason", "no cash").exit_code == 0
    text = (plan_home / "plan.toml").read_text(encoding="utf-8")
    assert text.startswith("schema = 1\n")
    assert "exit_date = 2026-12-14" in text
    assert 'note = "at the branch"' in text
    assert 'reason = "no cash"' in text


def test_init_force_replaces_a_broken_plan_and_keeps_it(run: Run, plan_home: Path) -> None:
    """A plan broken beyond reading can be replaced with init --force; its bytes are kept."""
    broken = b"schema = 1\nexit_date = [\n"
    (plan_home / "plan.toml").write_bytes(broken)
    assert run("status").exit_code == 1
    result = run("init", "--force", "-c", MONEY)
    assert result.exit_code == 0, result.output
    assert read_plan(plan_home).exit_date is None
    assert broken in [b.path.read_bytes() for b in Store(plan_home).backups()]


def test_every_saved_plan_loads_without_the_cache(run: Run, plan_home: Path) -> None:
    """What the commands save always passes the plan file's own validation (cache removed)."""
    steps: list[tuple[tuple[str, ...], str | None]] = [
        (("done", "1"), None),
        (("skip", "2", "--reason", "Zürich\tflat — not needed 🙂"), None),
        (("note", "3"), "Größe: 3 m²\n\tsecond line\n"),
        (("add", MONEY, "Ask Ana about the café job", "--why", "  money  ", "--due", "-2d"), None),
        (("add", PAPERS, "   ", "--due", "2027-01-05"), None),  # refused: empty title
        (("add", PAPERS, "x" * 200, "--due", "2027-01-05", "-p", "critical"), None),
        (("date", "+5w", "--warn-days", "10"), None),
        (("review",), "s\nnot now\tlater\nn\nnote from review\nd\nq\n"),
        (("undo", "1"), None),
    ]
    for args, text in steps:
        run(*args, input=text)
    shutil.rmtree(plan_home / "cache", ignore_errors=True)
    state = Store(plan_home).load()
    assert state.items[f"{MONEY}.save-cash"].reason == "Zürich\tflat — not needed 🙂"
    assert state.items[f"{MONEY}.credit-report"].note == "Größe: 3 m²\n\tsecond line"
    assert len(state.custom) == 2
    assert run("status").exit_code == 0
