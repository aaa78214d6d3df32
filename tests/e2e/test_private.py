"""Privacy: no traces outside the data directory, permissions, no network, no leaks.

Most checks run the real program (`python -m exitplan`)
in a child process with HOME, every XDG_* variable and TMPDIR pointed at a throwaway tree, so
that anything the program (or a library it uses) writes anywhere shows up. Every run pins the day
with EXITPLAN_TODAY and uses the test-only fast KDF.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import os
import socket
import stat
import subprocess
import sys
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import typer
from helpers import EXITPLAN, REPO, cli, ok
from helpers_exitplan import use_fast_kdf

from exitplan.crypto.vault import MAGIC

PACKAGE = REPO / "exitplan"
TP_TODAY = "2026-11-30"
TP_EXIT = "2026-12-21"
TP_LIST = "tp-own"  # the person's own checklist; no built-in checklist uses this id
NOTE_MARK = "tp-note-marker-meet-advocate-friday-5R"
TYPED_MARK = "tp-typed-marker-shelter-code-2211"
PASSPHRASE = "correct horse battery staple"  # noqa: S105 - a test passphrase
NEW_PASSPHRASE = "another long passphrase here"  # noqa: S105

TP_CHECKLIST = f"""\
schema = 1
id = "{TP_LIST}"
title = "My own steps"
summary = "Steps I wrote myself."
order = 90

[[item]]
id = "account"
title = "Open a bank account in your name only"
why = "Money they cannot see."
due = "-21d"
priority = "high"

[[item]]
id = "papers"
title = "Copy your papers"
why = "So you have them when you need them."
due = "-14d"

[[item]]
id = "after"
title = "Change beneficiaries"
why = "So they do not inherit."
due = "+14d"
when = "after"
"""
ACCOUNT = f"{TP_LIST}.account"
PAPERS = f"{TP_LIST}.papers"
AFTER = f"{TP_LIST}.after"


# -- helpers (names start with tp_ so they never clash with conftest) ------------------------


@pytest.fixture(autouse=True)
def tp_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fixed day and the fast KDF for in-process runs; nothing from the developer's shell."""
    monkeypatch.setenv("EXITPLAN_TODAY", TP_TODAY)
    monkeypatch.setenv("EXITPLAN_TEST_FAST_KDF", "1")
    use_fast_kdf(monkeypatch.setattr)
    for name in ("EXITPLAN_HOME", "EXITPLAN_PASSPHRASE_FILE", "EXITPLAN_TEST_LOCK_TIMEOUT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")


def tp_make_home(home: Path, mode: int = 0o700) -> Path:
    """A data directory holding the person's own checklist (folder 0700, file 0600)."""
    home.mkdir(parents=True)
    home.chmod(mode)
    folder = home / "checklists"
    folder.mkdir(mode=0o700)
    own = folder / f"{TP_LIST}.toml"
    own.write_text(TP_CHECKLIST, encoding="utf-8")
    own.chmod(0o600)
    return home


def tp_secret(folder: Path, name: str, text: str) -> Path:
    """A passphrase file, 0600."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text + "\n", encoding="utf-8")
    path.chmod(0o600)
    return path


def tp_snapshot(root: Path, skip: Path | None = None) -> dict[str, tuple[Any, ...]]:
    """Every entry under root (except the subtree `skip`): kind, mode, and content hash.

    Folders are recorded by existence and mode only (their times change when a child of the
    skipped subtree is created), files by mode, size and SHA-256, links by target.
    """
    found: dict[str, tuple[Any, ...]] = {}
    if not root.exists():
        return found
    for dirpath, dirnames, filenames in os.walk(root):
        here = Path(dirpath)
        if skip is not None:
            dirnames[:] = [d for d in dirnames if here / d != skip]
        for name in dirnames + filenames:
            path = here / name
            info = path.lstat()
            rel = str(path.relative_to(root))
            if stat.S_ISLNK(info.st_mode):
                found[rel] = ("link", os.readlink(path))
            elif stat.S_ISDIR(info.st_mode):
                found[rel] = ("dir", stat.S_IMODE(info.st_mode))
            else:
                digest = hashlib.sha256(path.read_bytes()).hexdigest()
                found[rel] = ("file", stat.S_IMODE(info.st_mode), info.st_size, digest)
    return found


def tp_bytes(root: Path) -> dict[str, bytes | None]:
    """{relative path: bytes (files) or None (folders)} under root."""
    if not root.exists():
        return {}
    return {
        str(p.relative_to(root)): (p.read_bytes() if p.is_file() else None)
        for p in sorted(root.rglob("*"))
    }


@functools.cache
def tp_all_command_names() -> frozenset[str]:
    """The names of every command the app offers, as typed on the command line."""
    from exitplan.cli.app import app

    group = typer.main.get_command(app)
    return frozenset(group.commands)  # type: ignore[attr-defined]


@dataclass
class TpTree:
    """A throwaway tree standing in for a whole user account."""

    root: Path
    home: Path  # the data directory (--home), inside the tree
    env: dict[str, str]
    outside: Path
    cwd: Path
    ran: list[str] = field(default_factory=list)

    def cli(
        self,
        *args: str,
        stdin: str = "",
        expect: int = 0,
        umask: int | None = None,
        home: bool = True,
    ) -> subprocess.CompletedProcess[str]:
        """Run `python -m exitplan [--home HOME] ARGS` as a real process in this tree."""
        argv = [*EXITPLAN]
        if home:
            argv += ["--home", str(self.home)]
        done = subprocess.run(
            [*argv, *args],
            input=stdin,
            capture_output=True,
            text=True,
            env=self.env,
            cwd=self.cwd,
            timeout=120,
            check=False,
            preexec_fn=None if umask is None else (lambda: os.umask(umask)),
        )
        assert done.returncode == expect, (args, done.returncode, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr, done.stderr
        commands = tp_all_command_names()
        self.ran += [a for a in args if a in commands][:1]
        return done


def tp_tree(root: Path, *, with_home: bool = True) -> TpTree:
    """HOME, XDG_DATA/STATE/CONFIG/CACHE_HOME, XDG_RUNTIME_DIR, TMPDIR and the working folder
    all inside root; the data directory is root/stick/plan."""
    fake_home = root / "user"
    xdg = root / "xdg"
    dirs = {
        "XDG_DATA_HOME": xdg / "data",
        "XDG_STATE_HOME": xdg / "state",
        "XDG_CONFIG_HOME": xdg / "config",
        "XDG_CACHE_HOME": xdg / "cache",
        "XDG_RUNTIME_DIR": xdg / "runtime",
        "TMPDIR": root / "tmp",
    }
    for folder in (fake_home, *dirs.values(), root / "work", root / "stick"):
        folder.mkdir(parents=True, exist_ok=True)
    (xdg / "runtime").chmod(0o700)
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(fake_home),
        "USER": "tester",
        "LC_ALL": "C.UTF-8",
        "LANG": "C.UTF-8",
        "NO_COLOR": "1",
        "COLUMNS": "200",
        "TERM": "dumb",
        "SHELL": "/bin/bash",
        "EXITPLAN_TODAY": TP_TODAY,
        "EXITPLAN_TEST_FAST_KDF": "1",
        "TEMP": str(dirs["TMPDIR"]),
        "TMP": str(dirs["TMPDIR"]),
    } | {name: str(path) for name, path in dirs.items()}
    home = root / "stick" / "plan"
    if with_home:
        tp_make_home(home)
    return TpTree(root, home, env, root / "outside", root / "work")


def tp_every_command(home: Path, outside: Path) -> list[tuple[list[str], str | None]]:
    """Every command once, in an order that works on one plan: (argv, stdin)."""
    pass_file = tp_secret(outside, "pass.txt", PASSPHRASE)
    new_file = tp_secret(outside, "new.txt", NEW_PASSPHRASE)
    copy = outside / "mine.toml"
    copy.write_text(TP_CHECKLIST.replace(TP_LIST, "mine"), encoding="utf-8")
    p1 = ["--passphrase-file", str(pass_file)]
    p2 = ["--passphrase-file", str(new_file)]
    steps: list[tuple[list[str], str | None]] = [
        (["--version"], None),
        (["--help"], None),
        (["where"], None),
        (["status"], None),  # no plan yet: shows the built-in checklists, writes nothing
        (["init", "--checklist", TP_LIST, "--exit-date", TP_EXIT], None),
        ([], None),  # no command: status
        (["date"], None),
        (["date", "2026-12-28"], None),
        (["date", "--warn-days", "10"], None),
        (["date", "--per-day", "3"], None),
        (["situation"], "children = false\n"),
        (["situation", "--json"], None),
        (["region"], "Scotland\n"),
        (["region", "--list"], None),
        (["region", "--json"], None),
        (["phone-check", "--iphone"], 'profiles = "no"\nfind-my = "unsure"\n'),
        (["status"], None),
        (["status", "--json"], None),
        (["list", "--all"], None),
        (["list", TP_LIST, "--json"], None),
        (["show", ACCOUNT], None),
        (["done", PAPERS], None),
        (["undo", PAPERS], None),
        (["skip", AFTER, "--reason", "does not apply"], None),
        (["note", ACCOUNT], NOTE_MARK),
        (["add", TP_LIST, "--due", "-3d"], "Pack a bag"),
        (["review"], "d\nn\n" + TYPED_MARK + "\nq\n"),
        (["summary"], None),
        (["help-now"], None),
        (["help-now", "--region", "Ontario", "--sources"], None),
        (["summary", "--format", "markdown", "--output", str(outside / "summary.md")], None),
        (["checklists"], None),
        (["validate", str(copy)], None),
        (["backups"], None),
        (["history"], None),
        (["help"], None),
        (["help", "log", "add"], None),
        # The journal's read-only commands (an empty journal): they must write nothing.
        (["log"], None),
        (["log", "list", "--json"], None),
        (["log", "verify"], None),
        (["log", "fingerprint"], None),
        # The inventories: rows from a pipe, never from the command line.
        (["documents", "add"], 'kind = "passport"\noriginal = "drawer"\n'),
        (["documents"], None),
        (["accounts", "add"], 'what = "email"\npartner_knows = "yes"\n'),
        (["accounts", "show", "1", "--json"], None),
        (["money", "add"], 'kind = "saved"\nwhat = "tin"\namount = "20"\n'),
        (["money", "--json"], None),
        (["restore"], None),
        (["encrypt", "--passphrase-file", str(pass_file)], None),
        ([*p1, "status"], None),
        ([*p1, "done", PAPERS], None),
        ([*p1, "passphrase", "--new-passphrase-file", str(new_file)], None),
        ([*p2, "show", ACCOUNT, "--json"], None),
        ([*p2, "backups"], None),
        ([*p2, "history"], None),
        ([*p2, "documents", "add"], 'kind = "visa"\n'),
        (["help-now"], None),
        ([*p2, "region", "--clear"], None),
        ([*p2, "decrypt"], None),
        (["where"], None),
        (["wipe", "--yes"], None),
    ]
    return steps


@dataclass
class TpFullRun:
    """What running every command in one throwaway account left behind."""

    tree: TpTree
    before: dict[str, tuple[Any, ...]]
    after: dict[str, tuple[Any, ...]]
    whole_before: dict[str, tuple[Any, ...]]
    whole_mid: dict[str, tuple[Any, ...]]
    outputs: dict[str, str]


@pytest.fixture(scope="module")
def tp_full_run(tmp_path_factory: pytest.TempPathFactory) -> TpFullRun:
    """Run every command as a real process, snapshotting the tree outside the data directory."""
    tree = tp_tree(tmp_path_factory.mktemp("account"))
    steps = tp_every_command(tree.home, tree.outside)
    before = tp_snapshot(tree.root, skip=tree.home)
    whole_before = tp_snapshot(tree.root)
    whole_mid: dict[str, tuple[Any, ...]] = {}
    outputs: dict[str, str] = {}
    for argv, stdin in steps:
        done = tree.cli(*argv, stdin=stdin or "")
        outputs[" ".join(argv)] = done.stdout + done.stderr
        if argv and argv[0] == "where" and not whole_mid and (tree.home / "plan.toml").exists():
            whole_mid = tp_snapshot(tree.root)
    after = tp_snapshot(tree.root, skip=tree.home)
    return TpFullRun(tree, before, after, whole_before, whole_mid, outputs)


# -- no traces outside the data directory ----------------------------------------------------


@pytest.mark.process
def test_every_command_leaves_nothing_outside_the_data_directory(tp_full_run: TpFullRun) -> None:
    """With HOME, every XDG_* variable, TMPDIR and the working folder inside one tree, running
    every command (init to wipe) as real processes changes nothing in that tree outside the
    data directory: no file created, changed or removed, no folder created, but the summary the
    person asked for with --output (outputs inside the data folder are refused)."""
    run = tp_full_run
    added = sorted(set(run.after) - set(run.before) - {"outside/summary.md"})
    removed = sorted(set(run.before) - set(run.after))
    changed = sorted(
        k for k in run.before.keys() & run.after.keys() if run.before[k] != run.after[k]
    )
    assert (added, removed, changed) == ([], [], [])
    # Control: the same snapshot, taken over the whole tree, does see the data directory change.
    assert run.whole_mid
    assert run.whole_mid != run.whole_before


@pytest.mark.process
def test_full_run_covered_every_command(tp_full_run: TpFullRun) -> None:
    """The run above used every command the app has (a new command must be added to it)."""
    expected = set(tp_all_command_names())
    assert expected <= set(tp_full_run.tree.ran)


@pytest.mark.process
def test_no_temp_file_left_in_tmpdir(tp_full_run: TpFullRun) -> None:
    """TMPDIR (and TEMP/TMP) hold nothing after every command has run."""
    assert list((tp_full_run.tree.root / "tmp").rglob("*")) == []


@pytest.mark.process
def test_no_shell_completion_or_startup_file_written(tp_full_run: TpFullRun) -> None:
    """No shell completion was installed: ~/.bashrc, ~/.zshrc, ~/.bash_completions,
    ~/.config/fish and the XDG config fish folder do not exist, and HOME is still empty."""
    user = Path(tp_full_run.tree.env["HOME"])
    for name in (".bashrc", ".zshrc", ".bash_completions", ".config/fish", ".profile"):
        assert not (user / name).exists(), name
    assert not (Path(tp_full_run.tree.env["XDG_CONFIG_HOME"]) / "fish").exists()
    assert list(user.iterdir()) == []


@pytest.mark.process
def test_wipe_in_the_full_run_left_nothing(tp_full_run: TpFullRun) -> None:
    """At the end of the run, `wipe --yes` erased exitplan's files and the folder itself; the
    summary exported outside it (outputs inside the data folder are refused) is named as not
    erased, and is still there: --yes erases nothing outside the folder."""
    home = tp_full_run.tree.home
    assert not home.exists()
    said = " ".join(tp_full_run.outputs["wipe --yes"].split())
    outside = tp_full_run.tree.outside / "summary.md"
    assert f"Not erased (outside exitplan's folder): {outside}." in said
    assert outside.is_file()


@pytest.mark.process
@pytest.mark.parametrize("flag", ["--install-completion", "--show-completion"])
def test_shell_completion_is_not_offered(tmp_path: Path, flag: str) -> None:
    """`--install-completion` and `--show-completion` are not options (usage error, exit 2),
    so nothing can edit the person's shell start-up files."""
    tree = tp_tree(tmp_path, with_home=False)
    done = tree.cli(flag, expect=2)
    assert f"exitplan has no option {flag}" in done.stderr.lower()
    help_text = tree.cli("--help").stdout
    assert "completion" not in help_text.lower()
    assert list(Path(tree.env["HOME"]).iterdir()) == []


@pytest.mark.process
@pytest.mark.parametrize("xdg_set", [True, False], ids=["XDG_DATA_HOME", "no-XDG"])
def test_default_home_is_the_platform_data_dir(tmp_path: Path, xdg_set: bool) -> None:
    """Without --home or EXITPLAN_HOME, the data directory is $XDG_DATA_HOME/exitplan (or
    ~/.local/share/exitplan), never Desktop or Documents; `where` creates nothing."""
    tree = tp_tree(tmp_path, with_home=False)
    if not xdg_set:
        del tree.env["XDG_DATA_HOME"]
    user = Path(tree.env["HOME"])
    expected = (
        Path(tree.env["XDG_DATA_HOME"]) / "exitplan"
        if xdg_set
        else user / ".local" / "share" / "exitplan"
    )
    before = tp_snapshot(tree.root)
    shown = tree.cli("where", home=False).stdout.splitlines()[0].strip()
    assert Path(shown) == expected
    assert "Desktop" not in shown
    assert "Documents" not in shown
    assert tp_snapshot(tree.root) == before
    # A plan made there really lands there, and nowhere else in the account.
    tp_make_home(expected)
    tree.cli("init", "--checklist", TP_LIST, home=False)
    assert (expected / "plan.toml").is_file()
    for name in ("Desktop", "Documents", "OneDrive"):
        assert not (user / name).exists()
    if xdg_set:
        assert list(user.iterdir()) == []


# -- permissions -----------------------------------------------------------------------------


def tp_modes(home: Path) -> dict[str, int]:
    """{relative path: permission bits} of the data directory and everything in it."""
    modes = {".": stat.S_IMODE(home.stat().st_mode)}
    for path in home.rglob("*"):
        modes[str(path.relative_to(home))] = stat.S_IMODE(path.stat().st_mode)
    return modes


def tp_assert_private(home: Path) -> None:
    """Folders 0700, files 0600, for everything in the data directory."""
    wrong = {}
    for rel, mode in tp_modes(home).items():
        want = 0o700 if (home / rel).is_dir() else 0o600
        if mode != want:
            wrong[rel] = oct(mode)
    assert wrong == {}


@pytest.mark.process
@pytest.mark.parametrize("umask", [0o022, 0o000], ids=["umask-022", "umask-000"])
def test_files_are_private_under_a_permissive_umask(tmp_path: Path, umask: int) -> None:
    """Under umask 022 (or even 000) the data directory and everything exitplan writes in it
    are private: folders 0700, plan, backups, lock, cache and summary --output 0600."""
    tree = tp_tree(tmp_path)
    pass_file = tp_secret(tree.outside, "pass.txt", PASSPHRASE)
    summary = tree.outside / "summary.md"
    tree.cli("init", "--checklist", TP_LIST, umask=umask)
    tree.cli("note", ACCOUNT, stdin=NOTE_MARK, umask=umask)
    tree.cli("done", PAPERS, umask=umask)
    tree.cli("summary", "--output", str(summary), umask=umask)
    for name in ("plan.toml", ".lock", "backups"):
        assert (tree.home / name).exists(), name
    assert summary.stat().st_mode & 0o777 == 0o600
    tp_assert_private(tree.home)
    tree.cli("encrypt", "--passphrase-file", str(pass_file), umask=umask)
    tree.cli("--passphrase-file", str(pass_file), "undo", PAPERS, umask=umask)
    tp_assert_private(tree.home)


@pytest.mark.process
def test_new_data_directory_is_created_private(tmp_path: Path) -> None:
    """A data directory that does not exist yet is created 0700 under umask 022 (built-in
    checklists), and one the person made themselves with mode 0755 is made 0700 by `init`."""
    tree = tp_tree(tmp_path, with_home=False)
    tree.cli("init", umask=0o022)
    tp_assert_private(tree.home)
    made = tp_make_home(tmp_path / "made-by-hand", mode=0o755)
    tree.home = made
    tree.cli("init", "--checklist", TP_LIST, umask=0o022)
    assert stat.S_IMODE(made.stat().st_mode) == 0o700


@pytest.mark.parametrize("mode", [0o755, 0o750, 0o705, 0o711], ids=oct)
@pytest.mark.parametrize("command", [("status",), ("list",), ("done", PAPERS), ("note", ACCOUNT)])
def test_data_directory_readable_by_others_is_refused(
    tmp_path: Path, mode: int, command: tuple[str, ...]
) -> None:
    """A plan whose folder other users can open is refused with a fix-it message naming
    `chmod 700` and the folder: exit 1, nothing written, the mode left as it was."""
    home = tp_make_home(tmp_path / "plan")
    ok(cli(home, "init", "--checklist", TP_LIST))
    home.chmod(mode)
    before = tp_bytes(home)
    result = cli(home, *command, input=TYPED_MARK if command[0] == "note" else None)
    assert result.exit_code == 1, result.output
    line = result.stderr.strip()
    assert line.startswith("Error: ")
    assert "chmod 700" in line
    assert str(home) in line
    assert tp_bytes(home) == before
    assert stat.S_IMODE(home.stat().st_mode) == mode


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o604, 0o660], ids=oct)
@pytest.mark.parametrize("command", [("status",), ("done", PAPERS), ("summary",)])
def test_plan_file_readable_by_others_is_refused(
    tmp_path: Path, mode: int, command: tuple[str, ...]
) -> None:
    """A plan file other users can read is refused with `chmod 600` and its path: exit 1,
    nothing written, the mode left as it was."""
    home = tp_make_home(tmp_path / "plan")
    ok(cli(home, "init", "--checklist", TP_LIST))
    plan = home / "plan.toml"
    plan.chmod(mode)
    before = tp_bytes(home)
    result = cli(home, *command)
    assert result.exit_code == 1, result.output
    line = result.stderr.strip()
    assert "chmod 600" in line
    assert str(plan) in line
    assert tp_bytes(home) == before
    assert stat.S_IMODE(plan.stat().st_mode) == mode


# -- no network ------------------------------------------------------------------------------

NETWORK_MODULES = {
    "socket",
    "ssl",
    "http",
    "urllib.request",
    "urllib3",
    "requests",
    "httpx",
    "aiohttp",
    "ftplib",
    "smtplib",
    "poplib",
    "imaplib",
    "telnetlib",
    "xmlrpc",
    "asyncio",
    "websocket",
    "websockets",
    "webbrowser",
    "socketserver",
}


def tp_network_imports(source: str) -> set[str]:
    """Network modules a piece of Python source imports (statically, or by a literal name)."""
    found: set[str] = set()

    def check(name: str) -> None:
        for banned in NETWORK_MODULES:
            if name == banned or name.startswith(banned + "."):
                found.add(name)
        if name == "urllib":
            found.add(name)  # `import urllib` then urllib.request...

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                check(alias.name)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            check(node.module)
            for alias in node.names:
                check(f"{node.module}.{alias.name}")
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            first = node.args[0]
            if name in {"__import__", "import_module"} and isinstance(first, ast.Constant):
                check(str(first.value))
    return found


def test_package_imports_no_network_module() -> None:
    """No module of the exitplan package imports socket, ssl, http, urllib.request, requests,
    httpx, aiohttp, ftplib, smtplib, asyncio or any other network library."""
    sources = sorted(PACKAGE.rglob("*.py"))
    assert len(sources) >= 10
    offenders = {
        str(path.relative_to(REPO)): found
        for path in sources
        if (found := tp_network_imports(path.read_text(encoding="utf-8")))
    }
    assert offenders == {}


@pytest.mark.parametrize(
    "source",
    [
        "import socket",
        "import urllib.request",
        "from urllib import request",
        "from urllib.request import urlopen",
        "import http.client as c",
        "from asyncio import open_connection",
        "def f():\n    import requests",
        "import importlib\nimportlib.import_module('httpx')",
        "__import__('smtplib')",
    ],
)
def test_network_import_scan_can_fail(source: str) -> None:
    """Control: the scanner above does flag each way of importing a network module."""
    assert tp_network_imports(source)


def test_network_import_scan_allows_harmless_modules() -> None:
    """Control: ordinary imports are not flagged."""
    assert tp_network_imports("import os\nfrom pathlib import Path\nimport tomllib") == set()


def test_every_command_works_with_the_network_cut(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With socket.socket, create_connection, getaddrinfo, gethostbyname and urlopen all made
    to fail, every command (in-process) still succeeds and none of them was even tried."""
    attempts: list[str] = []

    def refuse(name: str) -> Any:
        def raiser(*_args: Any, **_kwargs: Any) -> Any:
            attempts.append(name)
            raise OSError(f"network disabled in tests: {name}")

        return raiser

    for name in ("socket", "create_connection", "getaddrinfo", "gethostbyname", "socketpair"):
        monkeypatch.setattr(socket, name, refuse(name))
    monkeypatch.setattr(urllib.request, "urlopen", refuse("urlopen"))

    home = tp_make_home(tmp_path / "plan")
    expected = tp_all_command_names()
    names = set()
    for argv, stdin in tp_every_command(home, tmp_path / "outside"):
        ok(cli(home, *argv, input=stdin))
        names.update([a for a in argv if a in expected][:1])
    assert attempts == []
    assert expected <= names


# -- tracebacks ------------------------------------------------------------------------------


def test_typer_app_never_shows_locals() -> None:
    """The app turns off Typer's pretty tracebacks and, explicitly, their local variables."""
    from exitplan.cli.app import app

    assert app.pretty_exceptions_show_locals is False
    assert app.pretty_exceptions_enable is False


CRASH_WRAPPER = """\
import sys

import exitplan.domain.plan


def boom(*args, **kwargs):
    raise RuntimeError("simulated bug while saving a note")


exitplan.domain.plan.set_note = boom
from exitplan.cli import app as cli
from exitplan.cli.entry import main

if sys.argv[1] == "pretty-with-locals":  # the control: what the settings protect against
    cli.app.pretty_exceptions_enable = True
    cli.app.pretty_exceptions_show_locals = True
sys.argv = ["exitplan", "--home", sys.argv[2], "note", sys.argv[3]]
main()
"""


def tp_crash(tmp_path: Path, mode: str) -> subprocess.CompletedProcess[str]:
    """Type a note (TYPED_MARK) into a plan that already holds NOTE_MARK, with set_note broken."""
    tree = tp_tree(tmp_path / mode)
    tree.cli("init", "--checklist", TP_LIST)
    tree.cli("note", PAPERS, stdin=NOTE_MARK)
    wrapper = tmp_path / f"crash_{mode.replace('-', '_')}.py"
    wrapper.write_text(CRASH_WRAPPER, encoding="utf-8")
    return subprocess.run(
        [sys.executable, str(wrapper), mode, str(tree.home), ACCOUNT],
        input=TYPED_MARK,
        capture_output=True,
        text=True,
        env=tree.env,
        cwd=tree.cwd,
        timeout=60,
        check=False,
    )


@pytest.mark.process
def test_crash_output_has_no_notes(tmp_path: Path) -> None:
    """An unexpected exception inside a command (while a plan with a note is loaded and a new
    note has been typed) prints a traceback without local variables: neither note appears."""
    done = tp_crash(tmp_path, "as-shipped")
    assert done.returncode != 0
    assert "RuntimeError" in done.stderr
    assert "simulated bug" in done.stderr
    assert TYPED_MARK not in done.stderr + done.stdout
    assert NOTE_MARK not in done.stderr + done.stdout


@pytest.mark.process
def test_crash_output_check_can_fail(tmp_path: Path) -> None:
    """Control: with Typer's pretty tracebacks and locals switched on, the typed note does
    show up, so the test above would catch a regression."""
    done = tp_crash(tmp_path, "pretty-with-locals")
    assert done.returncode != 0
    assert TYPED_MARK in done.stderr


# -- no pager, no notifications, no editor, no browser ---------------------------------------

NOTIFY_OR_PAGER_MODULES = {"pydoc", "notify2", "plyer", "gi", "dbus", "win10toast", "webbrowser"}

AUDIT_SCRIPT = """\
import json
import sys

from exitplan.cli.app import app

home, out = sys.argv[1], sys.argv[2]
for args in (["status"], ["list", "--all"], ["summary"], ["show", "1"]):
    try:
        app(["--home", home, *args], prog_name="exitplan", standalone_mode=False)
    except SystemExit:
        pass
with open(out, "w", encoding="utf-8") as handle:
    json.dump(sorted(sys.modules), handle)
"""


@pytest.mark.process
def test_reading_commands_import_no_pager_or_notification_library(tmp_path: Path) -> None:
    """After status, list, summary and show in one process, none of pydoc, notify2, plyer, gi,
    dbus, win10toast or webbrowser has been imported."""
    tree = tp_tree(tmp_path)
    tree.cli("init", "--checklist", TP_LIST, "--exit-date", TP_EXIT)
    tree.cli("note", ACCOUNT, stdin=NOTE_MARK)
    script = tmp_path / "audit.py"
    script.write_text(AUDIT_SCRIPT, encoding="utf-8")
    out = tmp_path / "modules.json"
    done = subprocess.run(
        [sys.executable, str(script), str(tree.home), str(out)],
        capture_output=True,
        text=True,
        env=tree.env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert NOTE_MARK in done.stdout  # the commands really ran on the plan
    modules = set(json.loads(out.read_text(encoding="utf-8")))
    assert "exitplan.cli" in modules
    assert {m.split(".")[0] for m in modules} & NOTIFY_OR_PAGER_MODULES == set()


def test_no_command_uses_a_pager_editor_or_browser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With every pager, editor and launcher function made to fail (pydoc.pager, rich's
    Console.pager, typer/click echo_via_pager, edit and launch, webbrowser.open), every command
    still succeeds: none of them was called."""
    import importlib
    import pydoc
    import webbrowser

    import rich.console

    calls: list[str] = []

    def forbid(name: str) -> Any:
        def raiser(*_args: Any, **_kwargs: Any) -> Any:
            calls.append(name)
            raise AssertionError(f"{name} must never be used")

        return raiser

    monkeypatch.setattr(pydoc, "pager", forbid("pydoc.pager"))
    monkeypatch.setattr(rich.console.Console, "pager", forbid("Console.pager"))
    monkeypatch.setattr(webbrowser, "open", forbid("webbrowser.open"))
    for module_name in ("typer", "typer._click.termui", "click", "click.termui"):
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        for name in ("echo_via_pager", "edit", "launch"):
            if hasattr(module, name):
                monkeypatch.setattr(module, name, forbid(f"{module_name}.{name}"))

    home = tp_make_home(tmp_path / "plan")
    for argv, stdin in tp_every_command(home, tmp_path / "outside"):
        ok(cli(home, *argv, input=stdin))
    assert calls == []


# -- secrets are never command-line arguments ------------------------------------------------


@pytest.fixture
def tp_plan(tmp_path: Path) -> Path:
    """A plain plan of the person's own checklist."""
    home = tp_make_home(tmp_path / "plan")
    ok(cli(home, "init", "--checklist", TP_LIST, "--exit-date", TP_EXIT))
    return home


def test_note_text_on_the_command_line_is_a_usage_error(tp_plan: Path) -> None:
    """`exitplan note ITEM "text"` is refused (exit 2: there is no text argument) and the text
    is stored nowhere."""
    before = tp_bytes(tp_plan)
    result = cli(tp_plan, "note", ACCOUNT, TYPED_MARK)
    assert result.exit_code == 2, result.output
    assert "it cannot use" in result.stderr.lower()
    assert TYPED_MARK not in result.stderr
    assert tp_bytes(tp_plan) == before


def test_note_help_says_the_text_is_asked_for(tp_plan: Path) -> None:
    """`exitplan note --help` tells the person the text is asked for, not typed as an argument."""
    text = " ".join(ok(cli(tp_plan, "note", "--help")).stdout.split())
    assert "asked for" in text
    assert "never taken from the command line" in text


def test_note_is_read_from_stdin(tp_plan: Path) -> None:
    """A note piped on stdin is stored exactly, with nothing on the command line."""
    ok(cli(tp_plan, "note", ACCOUNT, input=f"{NOTE_MARK}\nsecond line\n"))
    shown = json.loads(ok(cli(tp_plan, "show", ACCOUNT, "--json")).stdout)
    assert shown["note"].strip() == f"{NOTE_MARK}\nsecond line"


def test_review_note_is_read_from_stdin(tp_plan: Path) -> None:
    """In `review`, a note is typed after 'n' (stdin here), never given as an argument."""
    ok(cli(tp_plan, "review", input=f"n\n{TYPED_MARK}\nq\n"))
    listed = json.loads(ok(cli(tp_plan, "summary", "--format", "json")).stdout)
    assert TYPED_MARK in json.dumps(listed)


# -- where -----------------------------------------------------------------------------------


def tp_where_rows(output: str) -> dict[str, str]:
    """{relative path: description} from `exitplan where`."""
    rows = {}
    for line in output.splitlines()[1:]:
        path, _, rest = line.strip().partition("  (")
        rows[path] = rest.rstrip(")")
    return rows


def test_where_lists_the_folder_and_every_file(tp_plan: Path, tmp_path: Path) -> None:
    """`where` prints the data directory, then every file in it with its size and whether it is
    encrypted or plain, and writes nothing, before and after encryption."""
    ok(cli(tp_plan, "note", ACCOUNT, input=NOTE_MARK))
    ok(cli(tp_plan, "done", PAPERS))
    for encrypted in (False, True):
        if encrypted:
            pass_file = tp_secret(tmp_path / "outside", "pass.txt", PASSPHRASE)
            ok(cli(tp_plan, "encrypt", "--passphrase-file", str(pass_file)))
        before = tp_bytes(tp_plan)
        out = ok(cli(tp_plan, "where")).stdout
        assert out.splitlines()[0] == str(tp_plan)
        rows = tp_where_rows(out)
        files = {str(p.relative_to(tp_plan)): p for p in tp_plan.rglob("*") if p.is_file()}
        assert set(rows) == set(files)
        for rel, path in files.items():
            assert f"{path.stat().st_size} bytes" in rows[rel]
            if path.name == ".lock":
                continue
            if path.name == "plan.key":
                assert encrypted
                assert "key file" in rows[rel]
                continue
            sealed = path.read_bytes().startswith(MAGIC)
            assert ("encrypted" in rows[rel]) == sealed, (rel, rows[rel])
            assert ("plain" in rows[rel]) == (not sealed), (rel, rows[rel])
            assert sealed == encrypted
        assert tp_bytes(tp_plan) == before


def test_where_without_a_plan_creates_nothing(tmp_path: Path) -> None:
    """`where` on a folder that does not exist names it, says nothing is stored, creates it not."""
    home = tmp_path / "nothing-here"
    result = ok(cli(home, "where"))
    assert result.stdout.splitlines()[0] == str(home)
    assert "nothing" in result.stderr.lower()
    assert not home.exists()


# -- wipe ------------------------------------------------------------------------------------


@pytest.fixture
def tp_full_home(tp_plan: Path) -> Path:
    """A plan with a note, several backups, the own checklist, a lock and stray temp files."""
    ok(cli(tp_plan, "note", ACCOUNT, input=NOTE_MARK))
    ok(cli(tp_plan, "done", PAPERS))
    ok(cli(tp_plan, "undo", PAPERS))
    (tp_plan / ".plan.toml.k2j4h1.tmp").write_bytes(NOTE_MARK.encode())
    (tp_plan / "backups" / ".plan-20261130T000000000000Z.toml.x81.tmp").write_bytes(b"x")
    return tp_plan


def test_wipe_yes_removes_everything_and_the_folder(tp_full_home: Path) -> None:
    """`wipe --yes` removes plan, backups, own checklists, lock and temp files, then the empty
    folder itself."""
    assert (tp_full_home / ".lock").exists()
    assert list((tp_full_home / "backups").glob("plan-*.toml"))
    result = ok(cli(tp_full_home, "wipe", "--yes"))
    assert not tp_full_home.exists(), sorted(tp_full_home.rglob("*"))
    assert "Erased" in result.stderr
    assert "Left alone" not in result.stderr


def test_wipe_works_on_an_encrypted_plan_without_the_passphrase(
    tp_full_home: Path, tmp_path: Path
) -> None:
    """An encrypted plan is wiped without asking for the passphrase."""
    pass_file = tp_secret(tmp_path / "outside", "pass.txt", PASSPHRASE)
    ok(cli(tp_full_home, "encrypt", "--passphrase-file", str(pass_file)))
    ok(cli(tp_full_home, "wipe", "--yes"))
    assert not tp_full_home.exists()


def test_wipe_leaves_unknown_files_alone_and_says_so(tp_full_home: Path) -> None:
    """Files exitplan did not make are left where they are and named; everything of
    exitplan's is gone."""
    mine = tp_full_home / "photo-of-passport.jpg"
    mine.write_bytes(b"\xff\xd8 not exitplan's")
    readme = tp_full_home / "checklists" / "readme.txt"
    readme.write_text("my own notes", encoding="utf-8")
    result = ok(cli(tp_full_home, "wipe", "--yes"))
    assert mine.read_bytes() == b"\xff\xd8 not exitplan's"
    assert readme.read_text(encoding="utf-8") == "my own notes"
    left = sorted(str(p.relative_to(tp_full_home)) for p in tp_full_home.rglob("*"))
    assert left == ["checklists", "checklists/readme.txt", "photo-of-passport.jpg"]
    stderr = " ".join(result.stderr.split())
    assert "Left alone" in stderr
    assert "photo-of-passport.jpg" in stderr
    assert "checklists/readme.txt" in stderr


@pytest.mark.parametrize("answer", ["", "yes\n", "wipe\n", "y\n", "WIPE IT\n", "no\n"])
def test_wipe_needs_the_confirmation_word(tp_full_home: Path, answer: str) -> None:
    """Without --yes, anything but the word WIPE (or no answer at all) erases nothing and
    exits 1."""
    before = tp_bytes(tp_full_home)
    result = cli(tp_full_home, "wipe", input=answer)
    assert result.exit_code == 1, result.output
    assert "Nothing was erased" in result.stderr or (
        answer == "" and "Stopped. Nothing was changed." in result.stderr
    )
    assert "Erased" not in result.stderr
    assert tp_bytes(tp_full_home) == before


def test_wipe_with_the_confirmation_word(tp_full_home: Path) -> None:
    """Typing WIPE at the prompt erases everything, like --yes."""
    ok(cli(tp_full_home, "wipe", input="WIPE\n"))
    assert not tp_full_home.exists()


def test_wipe_states_what_it_cannot_erase(tp_full_home: Path, tmp_path: Path) -> None:
    """Wipe overwrites every file's bytes with zeros (same length) before deleting it, and its
    closing lines say plainly what it cannot reach: the file system's journal, free space, SSD
    blocks, other backups, cloud sync and shell history. A second name for each file (a hard
    link made beforehand) reads zeros afterwards: the contents, not only the names, are gone."""
    keep = tmp_path / "links"
    keep.mkdir()
    originals = {}
    for path in sorted(tp_full_home.rglob("*")):
        if path.is_file() and path.stat().st_size:
            link = keep / str(path.relative_to(tp_full_home)).replace("/", "_")
            os.link(path, link)
            originals[link] = path.stat().st_size
    assert len(originals) >= 4
    result = ok(cli(tp_full_home, "wipe", "--yes"))
    assert not tp_full_home.exists()
    for link, size in originals.items():
        assert link.read_bytes() == bytes(size), link
    text = " ".join(result.stderr.split()).lower()
    assert "overwritten with zeros" in text
    for words in ("not erased", "journal", "free space", "ssd", "backups", "cloud", "shell"):
        assert words in text, words
    assert "was not encrypted" in text


def test_wipe_without_a_folder_creates_nothing(tmp_path: Path) -> None:
    """`wipe --yes` where there is no data directory says so and creates nothing."""
    home = tmp_path / "never-made"
    result = ok(cli(home, "wipe", "--yes"))
    assert "Nothing to erase" in result.stderr
    assert not home.exists()


def test_wipe_removes_temp_files_left_in_the_cache_folder(tp_full_home: Path) -> None:
    """A temp file a killed save left in the cache folder is exitplan's, and wipe removes it."""
    cache = tp_full_home / "cache"
    cache.mkdir(mode=0o700, exist_ok=True)
    (cache / ".plan.json.q9w8.tmp").write_bytes(NOTE_MARK.encode())
    ok(cli(tp_full_home, "wipe", "--yes"))
    assert not tp_full_home.exists(), sorted(tp_full_home.rglob("*"))


def test_wipe_leaves_the_person_s_own_tmp_files_alone(tp_full_home: Path) -> None:
    """A file of the person's that ends in .tmp (holiday.tmp, backups/notes.tmp) is not
    exitplan's: only dot-named temp files are, so wipe leaves those and names them."""
    mine = tp_full_home / "holiday.tmp"
    mine.write_text("flights", encoding="utf-8")
    (tp_full_home / "holiday.txt").write_text("hotel", encoding="utf-8")
    notes = tp_full_home / "backups" / "notes.tmp"
    notes.write_text("mine", encoding="utf-8")
    ours = tp_full_home / "backups" / ".plan.toml.k3j2.tmp"
    ours.write_text("a killed save", encoding="utf-8")
    result = ok(cli(tp_full_home, "wipe", "--yes"))
    assert mine.read_text(encoding="utf-8") == "flights"
    assert notes.read_text(encoding="utf-8") == "mine"
    assert not ours.exists()
    left = sorted(str(p.relative_to(tp_full_home)) for p in tp_full_home.rglob("*"))
    assert left == ["backups", "backups/notes.tmp", "holiday.tmp", "holiday.txt"]
    assert "holiday.tmp" in " ".join(result.stderr.split())
