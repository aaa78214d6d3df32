"""The glance: status straight from a fresh cache prints exactly what the full command line does.

Every case runs real child processes: `python -m exitplan` (which tries the glance first) and the
full command line forced (`exitplan.cli.app.main`, which never tries it). The fast run also
records which framework modules it imported, to show which path it took.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest
from helpers import EXIT, EXITPLAN, PLANNED, REPO, TODAY, make_home

# The framework, and what else a glance has no need of (hashlib loads OpenSSL; subprocess is
# for the phone check and the helpers the full path starts).
FRAMEWORK = (
    *("typer", "click", "rich", "pydantic", "pydantic_core", "cryptography", "hashlib"),
    "subprocess",
)
# `python -m exitplan ARGS`, recording the framework modules imported by the time it exits.
FAST = f"""
import atexit, os, runpy, sys
FRAMEWORK = {FRAMEWORK!r}
def report():
    names = sorted({{m.split('.')[0] for m in sys.modules}} & set(FRAMEWORK))
    with open(os.environ['GLANCE_AUDIT'], 'w', encoding='utf-8') as f:
        f.write(' '.join(names))
atexit.register(report)
sys.argv = ['exitplan', *sys.argv[1:]]
runpy.run_module('exitplan', run_name='__main__', alter_sys=True)
"""
FULL = "from exitplan.cli.app import main; main()"

Outcome = tuple[int, str, str]


def run_child(code: str, args: tuple[str, ...], env: dict[str, str]) -> Outcome:
    base = {k: v for k, v in os.environ.items() if not k.startswith("EXITPLAN_")}
    base.pop("NO_COLOR", None)
    base.pop("COLUMNS", None)
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        env={**base, **env},
        timeout=60,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr


def fast(home: Path, *args: str, tmp: Path, **env: str) -> tuple[Outcome, list[str]]:
    """`python -m exitplan ARGS` with EXITPLAN_HOME=home: its outcome and framework imports."""
    audit = tmp / "audit.txt"
    audit.unlink(missing_ok=True)
    outcome = run_child(FAST, args, {"EXITPLAN_HOME": str(home), "GLANCE_AUDIT": str(audit), **env})
    return outcome, audit.read_text(encoding="utf-8").split()


def full(home: Path, *args: str, **env: str) -> Outcome:
    """The full command line, which never takes the glance."""
    return run_child(FULL, args, {"EXITPLAN_HOME": str(home), **env})


def setup(home: Path, *args: str, today: date = PLANNED, stdin: str | None = None) -> None:
    """A change to the plan through the full command line (which also refreshes the cache)."""
    done = subprocess.run(
        [sys.executable, "-c", FULL, "--home", str(home), "--today", today.isoformat(), *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr


@pytest.fixture(scope="module")
def plans(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Plans in several states, made once for the module."""
    root = tmp_path_factory.mktemp("glance")
    made: dict[str, Path] = {}

    def new(name: str, *init: str) -> Path:
        home = root / name
        setup(home, "init", *init)
        made[name] = home
        return home

    new("no-date")
    new("dated", "--exit-date", EXIT.isoformat())
    home = new("steps", "--exit-date", EXIT.isoformat())
    setup(home, "add", "documents", "Ask my sister to keep the spare key", "--due", "-2d")
    setup(home, "skip", "1")
    setup(home, "done", "2")
    home = new("danger", "--exit-date", EXIT.isoformat())
    setup(home, "situation", stdin="weapons = true\nchildren = false\n")
    home = new("journal", "--exit-date", EXIT.isoformat())
    setup(home, "log", "add", stdin='what = "A first entry"\n')
    setup(home, "log", "add", stdin='what = "A second entry"\n')
    home = new("inventory", "--exit-date", EXIT.isoformat())
    for section, row in INVENTORY_ROWS:
        setup(home, section, "add", stdin=row)
    # A place chosen, and steps whose words and whose presence depend on it.
    home = make_home(root / "placed", "t-local")
    setup(home, "init", "--checklist", "t-local", "--exit-date", EXIT.isoformat())
    setup(home, "region", stdin="Scotland\n")
    made["placed"] = home
    return made


# Rows for each inventory: a passport expiring before the exit, an account the partner can
# reach, and money that lasts 3 weeks against a threshold of 8.
INVENTORY_ROWS = [
    ("documents", 'kind = "passport"\noriginal = "drawer"\ncopy = true\nexpires = 2026-12-01\n'),
    ("documents", 'whose = "child"\nchild = "A"\nkind = "Letter from the school"\n'),
    ("accounts", 'what = "Main email"\npartner_knows = "yes"\n'),
    ("money", 'kind = "saved"\nwhat = "tin"\namount = "350.50"\n'),
    ("money", 'kind = "cost"\nwhat = "rent"\namount = 100\nper = "week"\n'),
]


LATER = EXIT + timedelta(days=10)
CASES = [
    ("no-date", (), {}),
    ("no-date", ("status", "--json"), {}),
    ("dated", ("status",), {}),
    ("dated", (), {"EXITPLAN_TODAY": LATER.isoformat()}),
    ("dated", ("status",), {"EXITPLAN_TODAY": (EXIT + timedelta(days=3)).isoformat()}),
    ("dated", ("status", "--json"), {"EXITPLAN_TODAY": LATER.isoformat()}),
    ("steps", ("status",), {}),
    ("steps", ("status", "--json"), {}),
    ("danger", ("status",), {}),
    ("danger", ("status",), {"NO_COLOR": "1", "FORCE_COLOR": "1"}),
    ("danger", ("status",), {"FORCE_COLOR": "1"}),
    ("danger", ("status",), {"FORCE_COLOR": "1", "COLUMNS": "40"}),
    ("dated", ("status",), {"COLUMNS": "40"}),
    ("dated", ("status",), {"COLUMNS": "80", "FORCE_COLOR": "1"}),
    ("steps", ("status",), {"COLUMNS": "120"}),
    ("danger", ("status",), {"EXITPLAN_PLAIN": "1", "FORCE_COLOR": "1"}),
    ("steps", (), {"EXITPLAN_PLAIN": "1", "COLUMNS": "40"}),
    ("danger", ("status", "--json"), {"EXITPLAN_PLAIN": "1"}),
    ("dated", ("status",), {"TERM": "dumb", "FORCE_COLOR": ""}),
    ("dated", ("status",), {"EXITPLAN_TODAY": ""}),
    ("journal", ("status",), {}),
    ("journal", ("status", "--json"), {}),
    ("journal", ("status",), {"EXITPLAN_PLAIN": "1", "COLUMNS": "40"}),
    ("inventory", ("status",), {}),
    ("inventory", ("status", "--json"), {}),
    ("inventory", ("status",), {"COLUMNS": "40", "FORCE_COLOR": "1"}),
    ("inventory", ("status",), {"COLUMNS": "120"}),
    ("inventory", ("status",), {"EXITPLAN_PLAIN": "1"}),
    ("inventory", (), {"EXITPLAN_TODAY": LATER.isoformat()}),
    ("placed", ("status",), {}),
    ("placed", ("status", "--json"), {}),
    ("placed", ("status",), {"COLUMNS": "40", "EXITPLAN_TODAY": LATER.isoformat()}),
]


@pytest.mark.process
@pytest.mark.parametrize(("plan", "args", "env"), CASES)
def test_glance_prints_the_same_bytes_as_the_full_command_line(
    plans: dict[str, Path], tmp_path: Path, plan: str, args: tuple[str, ...], env: dict[str, str]
) -> None:
    """From a fresh cache the glance serves status with no framework, byte for byte the same."""
    settings = {"EXITPLAN_TODAY": TODAY.isoformat(), **env}
    outcome, imported = fast(plans[plan], *args, tmp=tmp_path, **settings)
    assert imported == [], "the glance was not taken"
    assert outcome[0] == 0, outcome
    assert outcome[1].strip(), "status printed nothing"
    assert outcome == full(plans[plan], *args, **settings)


@pytest.mark.process
def test_the_danger_case_shows_the_danger_line(plans: dict[str, Path], tmp_path: Path) -> None:
    """The matrix covers a plan whose answers include a danger sign, and colour when forced."""
    (code, out, _), imported = fast(
        plans["danger"], "status", tmp=tmp_path, EXITPLAN_TODAY=TODAY.isoformat(), FORCE_COLOR="1"
    )
    assert (code, imported) == (0, [])
    assert "signs of serious danger" in out
    assert "\x1b[" in out


@pytest.mark.process
def test_status_tells_of_the_journal_in_one_quiet_line(
    plans: dict[str, Path], tmp_path: Path
) -> None:
    """With a journal, both paths say when it was last written (no count of records, which
    would read as a count of entries; JSON has the count); without one, nothing is said."""
    settings = {"EXITPLAN_TODAY": TODAY.isoformat()}
    (code, out, _), imported = fast(plans["journal"], "status", tmp=tmp_path, **settings)
    assert (code, imported) == (0, [])
    lines = [line for line in out.splitlines() if "journal" in line.lower()]
    assert len(lines) == 1
    assert lines[0].startswith("Your journal: last written on ")
    assert "record" not in lines[0]
    data = json.loads(full(plans["journal"], "status", "--json", **settings)[1])
    assert data["journal"]["records"] == 2
    assert data["journal"]["last_written"]
    assert "journal" not in full(plans["dated"], "status", **settings)[1].lower()
    assert json.loads(full(plans["dated"], "status", "--json", **settings)[1])["journal"] is None


@pytest.mark.process
def test_status_shows_one_calm_line_per_inventory(plans: dict[str, Path], tmp_path: Path) -> None:
    """From the glance, one line per inventory that needs attention, each naming the command
    that says more; the same facts in JSON; a plan without inventories shows none."""
    settings = {"EXITPLAN_TODAY": TODAY.isoformat()}
    (code, out, _), imported = fast(plans["inventory"], "status", tmp=tmp_path, **settings)
    assert (code, imported) == (0, [])
    lines = [line for line in out.splitlines() if "exitplan documents" in line]
    lines += [line for line in out.splitlines() if "exitplan accounts" in line]
    lines += [line for line in out.splitlines() if "exitplan money" in line]
    assert lines == [
        "1 document expires before you leave: exitplan documents",
        "1 account or device your partner can still reach: exitplan accounts",
        "The money saved lasts about 3 weeks from your exit date: exitplan money",
    ]
    data = json.loads(full(plans["inventory"], "status", "--json", **settings)[1])
    assert [(n["inventory"], n["fact"], n["count"]) for n in data["inventories"]] == [
        ("documents", "expires-before-exit", 1),
        ("accounts", "reachable", 1),
        ("money", "weeks", 3),
    ]
    assert "exitplan documents" not in full(plans["dated"], "status", **settings)[1]


def copy_plan(source: Path, target: Path) -> Path:
    """A copy of a plan folder (times and modes kept, so its cache stays fresh)."""
    import shutil

    shutil.copytree(source, target, symlinks=True)
    return target


def assert_falls_through(
    home: Path, tmp: Path, *args: str, expect_code: int | None = None, **env: str
) -> Outcome:
    """The glance declines: the framework is imported and the outcome is the full path's."""
    settings = {"EXITPLAN_TODAY": TODAY.isoformat(), **env}
    outcome, imported = fast(home, *args, tmp=tmp, **settings)
    assert "typer" in imported, "the glance served a case it must leave to the full CLI"
    assert outcome == full(home, *args, **settings)
    if expect_code is not None:
        assert outcome[0] == expect_code, outcome
    return outcome


@pytest.mark.process
def test_a_checklist_edited_after_the_cache_falls_through(
    plans: dict[str, Path], tmp_path: Path
) -> None:
    """An own checklist file added or changed since the cache was written: the full path reads."""
    home = copy_plan(plans["dated"], tmp_path / "edited")
    (home / "checklists").mkdir(exist_ok=True)
    (home / "checklists" / "mine.toml").write_text(
        'schema = 1\nid = "mine"\ntitle = "Mine"\n\n[[item]]\nid = "a"\ntitle = "A step"\n'
        'why = "It matters."\ndue = "-1d"\n',
        encoding="utf-8",
    )
    (home / "checklists" / "mine.toml").chmod(0o600)
    out = assert_falls_through(home, tmp_path, "status", expect_code=0)[1]
    assert "Mine" in out


@pytest.mark.process
def test_a_broken_own_checklist_falls_through_with_its_note(
    plans: dict[str, Path], tmp_path: Path
) -> None:
    """A broken own checklist: the full path runs and prints its note."""
    home = copy_plan(plans["dated"], tmp_path / "broken")
    (home / "checklists").mkdir(exist_ok=True)
    (home / "checklists" / "bad.toml").write_text("this is not = = toml\n", encoding="utf-8")
    err = assert_falls_through(home, tmp_path, "status", expect_code=0)[2]
    assert "bad.toml" in err


@pytest.mark.process
def test_an_encrypted_plan_falls_through(plans: dict[str, Path], tmp_path: Path) -> None:
    """A sealed plan is never served by the glance; without a passphrase the full path says so."""
    home = copy_plan(plans["dated"], tmp_path / "sealed")
    secret = tmp_path / "secret.txt"
    secret.write_text("a long enough passphrase for tests\n", encoding="utf-8")
    secret.chmod(0o600)
    fast_kdf = {"EXITPLAN_TEST_FAST_KDF": "1"}
    done = subprocess.run(
        [sys.executable, "-c", FULL, "--home", str(home), "encrypt"],
        capture_output=True,
        text=True,
        env={**os.environ, **fast_kdf, "EXITPLAN_PASSPHRASE_FILE": str(secret)},
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert_falls_through(home, tmp_path, "status", expect_code=1, **fast_kdf)
    assert_falls_through(
        home, tmp_path, "status", expect_code=0, EXITPLAN_PASSPHRASE_FILE=str(secret), **fast_kdf
    )


@pytest.mark.process
@pytest.mark.parametrize(
    "args",
    [
        ("--home", "HOME", "status"),
        ("--today", "2026-12-01", "status"),
        ("--plain", "status"),
        ("status", "-h"),
        ("-h",),
        ("status", "--json", "--json"),
        ("list",),
    ],
)
def test_any_option_or_other_command_falls_through(
    plans: dict[str, Path], tmp_path: Path, args: tuple[str, ...]
) -> None:
    """An option on the command line or another command: the full command line runs."""
    home = plans["dated"]
    real = tuple(str(home) if arg == "HOME" else arg for arg in args)
    assert_falls_through(home, tmp_path, *real)


@pytest.mark.process
@pytest.mark.parametrize("today", ["tomorrow", "2026-13-01", "31/31/2026"])
def test_a_bad_exitplan_today_falls_through(
    plans: dict[str, Path], tmp_path: Path, today: str
) -> None:
    """A day that is not a date: the full path's plain usage error, exit code 2."""
    assert_falls_through(plans["dated"], tmp_path, "status", expect_code=2, EXITPLAN_TODAY=today)


@pytest.mark.process
@pytest.mark.parametrize("today", ["30/11/2026", "November 30, 2026"])
def test_a_day_in_other_words_falls_through_and_is_read(
    plans: dict[str, Path], tmp_path: Path, today: str
) -> None:
    """A day in another form than 2026-11-30: the glance never guesses, and the full path reads
    it as `exitplan date` would (it once refused it)."""
    code, out, _err = assert_falls_through(plans["dated"], tmp_path, "status", EXITPLAN_TODAY=today)
    assert code == 0
    served = fast(plans["dated"], "status", tmp=tmp_path, EXITPLAN_TODAY=TODAY.isoformat())[0]
    assert (code, out) == served[:2]


@pytest.mark.process
def test_a_next_key_file_falls_through_to_the_full_path_s_note(tmp_path: Path) -> None:
    """A plain plan beside plan.key.next (a passphrase change's key): the full path says the
    plan is encrypted; the glance once served the plain file as if nothing were there."""
    home = tmp_path / "next-key"
    setup(home, "init", "--exit-date", EXIT.isoformat())
    served = fast(home, "status", tmp=tmp_path, EXITPLAN_TODAY=TODAY.isoformat())
    assert served[1] == [], "the glance serves the plan before the key file is there"
    (home / "plan.key.next").write_bytes(b"")
    (home / "plan.key.next").chmod(0o600)
    err = assert_falls_through(home, tmp_path, "status")[2]
    assert "encrypted" in err


@pytest.mark.process
def test_no_plan_falls_through(tmp_path: Path) -> None:
    """No plan yet: the full path shows the built-in checklists."""
    home = tmp_path / "empty"
    home.mkdir(mode=0o700)
    assert_falls_through(home, tmp_path, "status", expect_code=0)


@pytest.mark.process
def test_a_missing_cache_falls_through(plans: dict[str, Path], tmp_path: Path) -> None:
    """Without a cache the full path reads the plan files."""
    import shutil

    home = copy_plan(plans["steps"], tmp_path / "uncached")
    shutil.rmtree(home / "cache")
    assert_falls_through(home, tmp_path, "status", expect_code=0)


@pytest.mark.process
def test_the_glance_reads_no_texts(tmp_path: Path) -> None:
    """The steps' texts are kept apart, and the status screen needs none of them: without the
    texts file the glance still serves status, with the full path's bytes."""
    home = tmp_path / "no-texts"
    setup(home, "init", "--exit-date", EXIT.isoformat())
    (home / "cache" / "texts.json").unlink()
    env = {"EXITPLAN_TODAY": TODAY.isoformat()}
    outcome, imported = fast(home, "status", tmp=tmp_path, **env)
    assert imported == []
    assert outcome == full(home, "status", **env)


@pytest.mark.process
def test_a_folder_others_can_read_falls_through(plans: dict[str, Path], tmp_path: Path) -> None:
    """A data folder readable by other users: the full path's plain refusal."""
    home = copy_plan(plans["dated"], tmp_path / "open")
    home.chmod(0o755)
    assert_falls_through(home, tmp_path, "status", expect_code=1)


@pytest.mark.process
def test_a_linked_folder_falls_through(plans: dict[str, Path], tmp_path: Path) -> None:
    """A link where exitplan keeps a folder of its own: the full path's plain refusal."""
    home = copy_plan(plans["dated"], tmp_path / "linked")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    (home / "backups").symlink_to(elsewhere)
    assert_falls_through(home, tmp_path, "status", expect_code=1)


@pytest.mark.process
def test_the_console_script_entry_is_kept() -> None:
    """`exitplan.cli.entry:main` is the entry point (the cli package's `__init__` is only a
    docstring), and importing it imports no typer or rich."""
    code = (
        "import sys, exitplan.cli.entry as cli; assert callable(cli.main);"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'rich')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "[]"
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert 'exitplan = "exitplan.cli.entry:main"' in text


@pytest.mark.parametrize("columns", [None, "", "abc", "0", "-3", "45", "200"])
def test_the_width_is_what_shutil_gives(
    monkeypatch: pytest.MonkeyPatch, columns: str | None
) -> None:
    """The status width comes from the same rules as shutil's, without importing shutil."""
    import shutil

    from exitplan.service.terminal import terminal_columns

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size((80, 24)).columns


class FakeCache:
    """Just enough of a store for reading one cache file from `tmp`."""

    def __init__(self, home: Path) -> None:
        self.home = home

    def open_cache(self, data: bytes) -> bytes:
        return data


def read_forged(home: Path, body: bytes) -> object:
    """Write `body` as the plan cache with a correct checksum, and read it back."""
    from exitplan.formats import cache

    (home / "cache").mkdir()
    (home / "cache" / "plan.json").write_bytes(cache._digest(body) + b"\n" + body)
    return cache._read(FakeCache(home), "plan.json")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        ('"plain words, a quote \\" and a new line \\n"', False),
        ('"caf\u00e9 \\u00e9 \\u2028 tab \\t"', False),
        ('"a bell \\u0007"', True),
        ('"an escape \\u001B[2J"', True),
        ('"a backspace \\b"', True),
        ('"a carriage return \\r"', True),
        ('"a raw C1 control \u009b31m"', True),
        ('"an escaped C1 control \\u009B"', True),
        ('"delete \\u007f"', True),
        ('"a raw delete \x7f"', True),
        ('{"\\u0007key": 1}', True),
    ],
)
def test_a_cache_holding_a_control_character_is_never_used(
    tmp_path: Path, text: str, refused: bool
) -> None:
    """However a control character is written in a cache file, the file is ignored."""
    from exitplan.formats import cache

    loaded = read_forged(tmp_path, f'{{"format": {cache.FORMAT}, "value": {text}}}'.encode())
    assert (loaded is None) is refused, loaded


def test_the_checksum_is_blake2b_whatever_the_size() -> None:
    """Small and large cache bodies get hashlib's BLAKE2b (32 bytes), without importing it."""
    import hashlib

    from exitplan.formats import cache

    for body in (b"", b"{}", b"x" * (2 * 1024 * 1024 + 1)):
        assert cache.checksum(body) == hashlib.blake2b(body, digest_size=32).hexdigest()
    assert cache.checksum(b"a") != cache.checksum(b"b")


@pytest.mark.process
def test_a_closed_pipe_ends_both_paths_alike(plans: dict[str, Path], tmp_path: Path) -> None:
    """Output to a pipe nobody reads: exit code 1 and nothing on stderr, on either path."""
    results = []
    env = {**os.environ, "EXITPLAN_HOME": str(plans["dated"]), "EXITPLAN_TODAY": TODAY.isoformat()}
    for code in (FAST, FULL):
        reader, writer = os.pipe()
        os.close(reader)
        try:
            done = subprocess.run(
                [sys.executable, "-c", code, "status"],
                stdout=writer,
                stderr=subprocess.PIPE,
                text=True,
                env={**env, "GLANCE_AUDIT": str(tmp_path / "audit.txt")},
                timeout=60,
                check=False,
            )
        finally:
            os.close(writer)
        results.append((done.returncode, done.stderr))
    assert (tmp_path / "audit.txt").read_text(encoding="utf-8") == ""  # the glance was taken
    assert results == [(1, ""), (1, "")]


def test_a_cache_in_utf16_holding_a_control_character_is_never_used(tmp_path: Path) -> None:
    """JSON in UTF-16 (which json reads too) cannot slip a control character past the check."""
    from exitplan.formats import cache

    body = f'{{"format": {cache.FORMAT}, "value": "\\u0007"}}'.encode("utf-16")
    assert read_forged(tmp_path, body) is None


@pytest.mark.process
def test_the_default_data_folder_is_served_too(tmp_path: Path) -> None:
    """With EXITPLAN_HOME unset the glance finds the same default folder as the full path."""
    xdg = {"XDG_DATA_HOME": str(tmp_path / "xdg"), "EXITPLAN_TODAY": TODAY.isoformat()}
    made = run_child(FULL, ("init", "--exit-date", EXIT.isoformat()), xdg)
    assert made[0] == 0, made
    assert (tmp_path / "xdg" / "exitplan" / "plan.toml").is_file()
    audit = tmp_path / "audit.txt"
    outcome = run_child(FAST, ("status",), {**xdg, "GLANCE_AUDIT": str(audit)})
    assert audit.read_text(encoding="utf-8") == ""
    assert outcome[0] == 0
    assert outcome == run_child(FULL, ("status",), xdg)


@pytest.mark.process
@pytest.mark.parametrize("args", [("status",), ("status", "--json"), ()])
def test_the_quick_exit_writes_every_byte(
    plans: dict[str, Path], tmp_path: Path, args: tuple[str, ...]
) -> None:
    """With no exit handler, the glance ends the process at once (no teardown); what it printed
    is whole, to a pipe and to a file, and the exit code is the full path's."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("EXITPLAN_")}
    env.pop("NO_COLOR", None)
    env.pop("COLUMNS", None)
    env.pop("PYTHONUNBUFFERED", None)  # output buffered, as for most people
    # Import times go to stderr: they show which path ran without adding an exit handler.
    today = {"EXITPLAN_TODAY": TODAY.isoformat()}
    env |= {"EXITPLAN_HOME": str(plans["steps"]), "PYTHONPROFILEIMPORTTIME": "1", **today}
    argv = [*EXITPLAN, *args]
    piped = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=60, check=False)
    into = tmp_path / "out.txt"
    with into.open("w", encoding="utf-8") as out:
        to_file = subprocess.run(argv, stdout=out, env=env, timeout=60, check=False)
    assert " typer" not in piped.stderr
    assert " exitplan.service.glance" in piped.stderr
    expected = full(plans["steps"], *args, **today)
    assert (piped.returncode, piped.stdout) == expected[:2]
    assert (to_file.returncode, into.read_text(encoding="utf-8")) == expected[:2]
    assert expected[1].endswith("\n")
    assert len(expected[1]) > 200


@pytest.mark.process
def test_the_glance_shows_the_places_words_and_follows_a_change(
    plans: dict[str, Path], tmp_path: Path
) -> None:
    """With a place chosen, the glance shows the steps in its words; after the place changes
    (through the full command line), the glance shows the new words, never stale ones."""
    home = plans["placed"]
    settings = {"EXITPLAN_TODAY": LATER.isoformat(), "COLUMNS": "200"}
    (code, out, _), imported = fast(home, "status", tmp=tmp_path, **settings)
    assert (code, imported) == (0, [])
    assert "Disclosure Scheme for Domestic Abuse Scotland" in out
    assert "Choose where you live" not in out
    setup(home, "region", stdin="Ontario\n")
    try:
        (code, out, _), imported = fast(home, "status", tmp=tmp_path, **settings)
        assert (code, imported) == (0, [])
        assert "Disclosure Scheme for Domestic Abuse Scotland" not in out
        assert (code, out) == full(home, "status", **settings)[:2]
    finally:
        setup(home, "region", stdin="Scotland\n")
