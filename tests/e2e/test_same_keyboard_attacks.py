"""Issue 21's other attacks, each as the review made it: escapes from a planted checklist on a
real terminal, TOML that costs the square of its length, outputs over links, devices and the
journal, paths that are too long or behind a folder one cannot open (as an unprivileged user,
where modes bind), and a clock that steps back a day."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from helpers import EXITPLAN, MONEY, cli, make_home, ok, one_error_line, snapshot
from helpers_privileges import NOBODY

from exitplan.base.limits import Status

TODAY = "2026-11-30"
ENV = {"EXITPLAN_TODAY": TODAY, "EXITPLAN_TEST_FAST_KDF": "1"}
OSC52 = "\x1b]52;c;aGVsbG8=\x07"  # would write "hello" to the clipboard
RETITLE = "\x1b]0;PWNED\x07"  # would change the terminal's title
_ESCAPED = OSC52.replace(chr(27), "\\u001b").replace(chr(7), "\\u0007")  # as TOML writes it
PLANTED = f"""schema = 1
id = "mine"
title = "Mine"
summary = "planted"
order = 1

[[item]]
id = "a"
title = "A step"
why = "w"
due = "-1d"
priority = "{_ESCAPED}urgent"
when = "before"
"""


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in ENV.items():
        monkeypatch.setenv(name, value)


# -- escapes on a real terminal -------------------------------------------------------------


def on_a_terminal(*args: str, columns: int = 80) -> bytes:
    """Everything exitplan writes to a pseudo-terminal (stdout and stderr) for `args`."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: exitplan on the terminal
        os.environ.update({**ENV, "COLUMNS": str(columns), "TERM": "xterm"})
        os.execv(sys.executable, [*EXITPLAN, *args])  # noqa: S606
    seen = b""
    deadline = time.monotonic() + 60
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
    os.waitpid(pid, 0)
    os.close(fd)
    return seen


@pytest.mark.process
@pytest.mark.parametrize("command", [("status",), ("where",), ("validate", "PLANTED")])
def test_escapes_in_a_planted_checklist_never_reach_the_terminal(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    """An own checklist whose priority holds OSC 52 (clipboard) and whose file name holds a
    retitling escape: on a real terminal, status (its warning), where and validate show the
    escapes as a replacement character or as their code, and send neither."""
    home = make_home(tmp_path / "home")
    ok(cli(home, "init", today=TODAY))
    planted = home / "checklists" / f"ev{RETITLE}il.toml"
    planted.write_text(PLANTED, encoding="utf-8")
    args = [str(planted) if word == "PLANTED" else word for word in command]
    seen = on_a_terminal("--home", str(home), *args).decode("utf-8", "replace")
    assert "\x1b]" not in seen  # no operating-system command at all
    assert "\x07" not in seen
    assert "\ufffd" in seen or "\\x1b" in seen


# -- the cost of parsing TOML ---------------------------------------------------------------

LONG_KEY = "a" + ".a" * 40_000 + ' = "x"\n'


def test_a_dotted_key_of_40000_parts_is_refused_before_parsing(tmp_path: Path) -> None:
    """The review's 80 KB checklist (a 40,000-part dotted key took 17 s and 6 GB): status
    leaves it out with one warning that names the line, validate refuses it, and `log add`
    and `situation` refuse such TOML from a pipe in one line; nothing is written."""
    home = make_home(tmp_path / "home")
    ok(cli(home, "init", today=TODAY))
    bad = home / "checklists" / "long.toml"
    bad.write_text(LONG_KEY, encoding="utf-8")
    result = ok(cli(home, "status"))
    assert "line 1 has a key or table name of more than 64 dotted parts" in result.stderr
    checked = cli(home, "validate", str(bad))
    assert checked.exit_code == 1
    assert "more than 64 dotted parts" in checked.stderr.splitlines()[0]
    bad.unlink()
    before = snapshot(home)
    one_error_line(cli(home, "log", "add", input=LONG_KEY), "more than 64 dotted parts")
    shorter = "a" + ".a" * 20_000 + " = true\n"  # situation reads at most 64 KiB
    one_error_line(cli(home, "situation", input=shorter), "more than 64 dotted parts")
    assert snapshot(home) == before


def test_toml_nested_too_deeply_is_one_plain_line(tmp_path: Path) -> None:
    """Arrays nested 30,000 deep (a parser recursion) are one plain line everywhere."""
    home = make_home(tmp_path / "home")
    ok(cli(home, "init", today=TODAY))
    deep = "a = " + "[" * 30_000 + "]" * 30_000 + "\n"
    one_error_line(cli(home, "log", "add", input=deep), "nested too deeply")
    one_error_line(cli(home, "situation", input=deep), "could not be read")
    (home / "checklists" / "deep.toml").write_text(deep, encoding="utf-8")
    assert "nested too deeply" in ok(cli(home, "status")).stderr


def test_the_cost_bound_reads_what_exitplan_writes() -> None:
    """Strings (even of 5,000 dots), comments, floats and URLs never count: only keys do."""
    from exitplan.base.tomlcost import toml_cost_problem

    fine = [
        'note = "' + "." * 5000 + '"\n',
        "# " + "." * 5000 + "\n",
        "x = [" + ", ".join(["1.5"] * 5000) + "]\n",
        'sources = ["' + '", "'.join(["https://a.b.c/d.e"] * 500) + '"]\n',
        'n = """\n' + "." * 5000 + '\n"""\n',
        "a" + ".b" * 64 + " = 1\n",
    ]
    assert [toml_cost_problem(text) for text in fine] == [None] * len(fine)
    assert toml_cost_problem("a" + ".b" * 65 + " = 1\n") is not None
    assert toml_cost_problem("[t" + '."q"' * 80 + "]\n") is not None
    assert toml_cost_problem('n = """\n' + "x\n" * 3 + '"""\nk' + ".k" * 70 + "=1") == (
        "line 6 has a key or table name of more than 64 dotted parts, more than exitplan reads"
    )


# -- outputs --------------------------------------------------------------------------------


def test_no_output_lands_on_the_journal_or_a_device(tmp_path: Path) -> None:
    """summary and log export refuse a journal record (even with --force: the one list of
    exitplan's own files), a link, /dev/stdout, a FIFO and a folder; nothing changes."""
    home = make_home(tmp_path / "home")
    ok(cli(home, "init", today=TODAY))
    ok(cli(home, "log", "add", input='what = "x"\n'))
    ok(cli(home, "log", "add", input='what = "y"\n'))
    record = home / "journal" / "000002.rec"
    link = tmp_path / "link.txt"
    link.symlink_to(tmp_path / "target.txt")
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    before = snapshot(home)
    for target, words in (
        (record, "one of exitplan's own files"),
        (home / "journal" / "new.md", "one of exitplan's own files"),
        (home / "journal" / "files" / "x.md", "one of exitplan's own files"),
        (home / "plan.key.next", "one of exitplan's own files"),
        (link, "is not a file exitplan may write over"),
        (Path("/dev/stdout"), "is not a file exitplan may write over"),
        (fifo, "is not a file exitplan may write over"),
    ):
        for command in (("summary", "--format", "text"), ("log", "export", "-f", "markdown")):
            result = cli(home, *command, "--output", str(target), "--force")
            one_error_line(result, words)
    assert snapshot(home) == before
    assert not (tmp_path / "target.txt").exists()
    ok(cli(home, "log", "verify"))


def test_log_export_follows_the_name_and_refuses_a_pdf(tmp_path: Path) -> None:
    """`log export --output journal.html` writes HTML, .json JSON, .md Markdown, as summary
    does; a .pdf (or .docx) is refused with the way to a printable page."""
    home = make_home(tmp_path / "home")
    ok(cli(home, "log", "add", input='what = "x"\n'))
    for name, start in (("j.html", "<!DOCTYPE html>"), ("j.json", "{"), ("j.md", "# Journal")):
        ok(cli(home, "log", "export", "-o", str(tmp_path / name)))
        assert (tmp_path / name).read_text(encoding="utf-8").startswith(start)
    for name in ("e.pdf", "e.docx"):
        line = one_error_line(cli(home, "log", "export", "-o", str(tmp_path / name)), "cannot")
        assert ".html" in line
        assert not (tmp_path / name).exists()


def test_a_path_too_long_is_one_plain_line(tmp_path: Path) -> None:
    """A name longer than the system allows, given to log attach, summary -o and log export
    -o: one plain line each, never a traceback."""
    home = make_home(tmp_path / "home")
    ok(cli(home, "init", today=TODAY))
    ok(cli(home, "log", "add", input='what = "x"\n'))
    long = tmp_path / ("n" * 300) / "file.txt"
    longer = tmp_path / ("x" * 5000)
    one_error_line(cli(home, "log", "attach", "1", str(longer)), "cannot read")
    for command in (("summary",), ("log", "export")):
        for path in (long, longer):
            one_error_line(cli(home, *command, "--output", str(path)), "cannot write")


@pytest.mark.process
@pytest.mark.privileges
def test_folders_one_cannot_open_are_one_plain_line(
    reachable_python: list[str],
    tmp_path: Path,
) -> None:
    """As an unprivileged user, where modes bind: attaching a file in a folder one cannot open,
    and writing summary -o or log export -o into such a folder, each end in one plain line;
    what is written is private (0600) under a permissive umask."""
    import shutil
    import tempfile

    shared = Path(tempfile.mkdtemp(prefix="exitplan-modes-", dir="/tmp"))
    try:
        shared.chmod(0o755)
        home = make_home(shared / "home")
        ok(cli(home, "log", "add", input='what = "x"\n'))
        closed = shared / "closed"
        closed.mkdir(mode=0o700)
        (closed / "photo.jpg").write_bytes(b"photo")
        out = shared / "out"
        out.mkdir(mode=0o777)
        if os.geteuid() == 0:
            for folder, dirs, files in os.walk(home):
                for name in [*dirs, *files, "."]:
                    os.chown(Path(folder) / name, NOBODY, NOBODY)
            os.chown(out, NOBODY, NOBODY)
        env = {**os.environ, **ENV, "HOME": str(shared)}
        base = [*reachable_python, "-c", "import os, sys, runpy; os.umask(0); "
                "sys.argv[0] = 'exitplan'; runpy.run_module('exitplan', run_name='__main__')",
                "--home", str(home)]  # fmt: skip
        for args, words in (
            (["log", "attach", "1", str(closed / "photo.jpg")], "cannot read"),
            (["summary", "-o", str(closed / "s.txt")], "cannot write"),
            (["log", "export", "-o", str(closed / "j.md")], "cannot write"),
        ):
            done = subprocess.run(
                [*base, *args], capture_output=True, text=True, env=env, check=False
            )
            assert done.returncode == 1, done.stderr
            assert len(done.stderr.splitlines()) == 1, done.stderr
            assert words in done.stderr, done.stderr
            assert "Traceback" not in done.stderr
        exported = subprocess.run(
            [*base, "log", "export", "-o", str(out / "j.md")], env=env, check=False
        )
        assert exported.returncode == 0
        assert (out / "j.md").stat().st_mode & 0o777 == 0o600
        pages = out / "folder"
        exported = subprocess.run(
            [*base, "log", "export", "--folder", str(pages)], env=env, check=False
        )
        assert exported.returncode == 0
        assert pages.stat().st_mode & 0o777 == 0o700
    finally:
        shutil.rmtree(shared, ignore_errors=True)


# -- a clock that steps back ----------------------------------------------------------------


def test_a_clock_set_back_is_not_a_rollback_but_an_older_copy_is(tmp_path: Path) -> None:
    """A change saved while the clock reads a day earlier is no rollback (no note, so no
    advice that would undo it); an older encrypted copy put back still gets the note, which
    now says to restore only if the person did not put it back themselves."""
    import shutil

    from exitplan.service.workspace import Workspace

    home = make_home(tmp_path / "home", MONEY)
    secret = tmp_path / "pass.txt"
    secret.write_text("a passphrase for the clock\n")
    secret.chmod(0o600)
    ok(cli(home, "init", "--exit-date", "2027-01-10", today=TODAY))
    ok(cli(home, "encrypt", "--passphrase-file", str(secret)))
    day = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)

    def change(at: datetime, item: str, status: Status) -> Workspace:
        from exitplan.domain.plan import set_status

        ws = Workspace(
            home, date(2026, 11, 30), lambda: "a passphrase for the clock", clock=lambda: at
        )
        ws.change(lambda state, plan: set_status(state, plan.resolve(item), status, at))
        return ws

    change(day, "1", "done")
    ws = change(day.replace(day=29), "2", "done")  # the clock went back a day
    assert ws.rollback_note(ws.state()) is None
    status = cli(home, "status", passphrase=secret)
    assert "older" not in ok(status).stderr
    oldest = sorted((home / "backups").iterdir(), key=lambda p: p.stat().st_mtime)[0]
    shutil.copyfile(oldest, home / "plan.toml")
    note = ok(cli(home, "status", passphrase=secret)).stderr
    assert "If you did not put it back yourself" in " ".join(note.split())


# -- round three: every number bounded ------------------------------------------------------

HUGE = "9" * 5000  # past Python's 4,300-digit limit for turning text into an integer


@pytest.mark.parametrize(
    "command",
    [
        ("money", "add"),
        ("money", "settings"),
        ("documents", "add"),
        ("accounts", "add"),
        ("log", "add"),
        ("situation",),
        ("phone-check", "--iphone"),
    ],
)
def test_a_5000_digit_number_from_a_pipe_is_one_plain_line(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    """Issue 32 (crashes): a TOML integer of 5,000 digits piped into any form is refused in
    one line naming the line, with no traceback, and nothing is written."""
    home = make_home(tmp_path / "home")
    ok(cli(home, "init", today=TODAY))
    before = snapshot(home)
    line = one_error_line(cli(home, *command, input=f"amount = {HUGE}\n"), "more than 100 digits")
    assert "line 1" in line
    assert snapshot(home) == before


def test_a_5000_digit_number_in_a_checklist_or_the_plan_is_named(tmp_path: Path) -> None:
    """Issue 32 (crashes): the same number in a planted checklist is left out with a warning
    and refused by validate; in plan.toml it is one plain error naming the line."""
    home = make_home(tmp_path / "home")
    ok(cli(home, "init", today=TODAY))
    bad = home / "checklists" / "mine.toml"
    bad.write_text(PLANTED.replace("order = 1", f"order = {HUGE}"), encoding="utf-8")
    assert "line 5 has a number of more than 100 digits" in ok(cli(home, "status")).stderr
    assert cli(home, "validate", str(bad)).exit_code == 1
    bad.unlink()
    plan = home / "plan.toml"
    plan.write_text(plan.read_text(encoding="utf-8") + f"\nx = {HUGE}\n", encoding="utf-8")
    one_error_line(cli(home, "status"), "plan.toml", "more than 100 digits")


def test_many_lines_of_64_part_keys_are_refused_before_parsing(tmp_path: Path) -> None:
    """Issue 32 (not handled): a planted checklist of lines of 64-part dotted keys (13 s per
    command at 16 MiB) is left out by status, naming the line where the cost passes the bound."""
    home = make_home(tmp_path / "home")
    ok(cli(home, "init", today=TODAY))
    key = ".".join(["k"] * 64)
    (home / "checklists" / "dots.toml").write_text(
        "".join(f"a{i}.{key} = 1\n" for i in range(5000)), encoding="utf-8"
    )
    assert "more dotted key parts than exitplan reads" in ok(cli(home, "status")).stderr


def test_a_rehearsed_day_at_the_calendar_s_end_never_crashes(tmp_path: Path) -> None:
    """Issue 32 (crashes): `--today 9999-12-25` with a document expiring on 9999-12-30 shows
    documents and status (the 'expires soon' window stops at the calendar's end)."""
    home = make_home(tmp_path / "home")
    ok(cli(home, "init", today="9999-12-25"))
    row = 'kind = "passport"\nexpires = 9999-12-30\n'
    ok(cli(home, "documents", "add", input=row, today="9999-12-25"))
    assert "passport" in ok(cli(home, "documents", "--json", today="9999-12-25")).stdout
    ok(cli(home, "status", today="9999-12-25"))
    ok(cli(home, "summary", today="9999-12-25"))
