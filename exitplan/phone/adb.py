"""The adb program, run read-only: one allow-list of commands, argument lists, timeouts.

Every command goes through `Adb.run`, which refuses anything `is_read_only` does not allow, so a
command that could change the phone (install, uninstall, disable, `settings put`, reset, reboot,
`connect`, `pair`, `tcpip`) is never started, whatever calls it. Arguments given to `adb shell`
are joined into a command line on the phone, so every argument taken from the phone's own output
(a package name, an app's path) must match a strict pattern with no space or shell character.

A run starts the adb server when none is running, and stops it at the end only when it started it
(`session`). exitplan opens no connection itself: the adb program talks to the phone over USB.

A server adb starts writes its own files: a key pair the phone is asked to trust (in
`$HOME/.android`) and a log (in `$TMPDIR`). So that none of them is left outside exitplan's own
folder, every adb command runs with those variables pointed at a private folder made for the one
check (`disk.leftovers.private_folder`), erased once the server it started has stopped, or by the
next run if this one was killed.
"""

from __future__ import annotations

import contextlib
import os
import re
import selectors
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import _, ngettext
from exitplan.base.limits import PHONE_TIMEOUT
from exitplan.disk import system
from exitplan.disk.safeio import overwrite

PROGRAM = "adb"
# The most one command may print. A phone with 100,000 apps prints about 8 MB of `pm list`;
# past this the command is stopped and the check says so, instead of filling the memory.
MAX_OUTPUT = 64 * 1024 * 1024
# After adb itself has ended, how long its output is still read before a process it left
# behind (holding the pipe open) is no longer waited for.
AFTER_EXIT = 1.0
# Variables that would send adb to another server or device, or change its keys: removed.
SCRUBBED_PREFIXES = ("ADB_", "ANDROID_ADB_")
SCRUBBED = frozenset({"ANDROID_SERIAL", "ANDROID_VENDOR_KEYS"})

PACKAGE = re.compile(r"[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+")
APK_PATH = re.compile(r"/data/app/[A-Za-z0-9._~=+\-/]+\.apk")
# A USB serial: letters, digits, dots, dashes and underscores. A network device ("host:port",
# wireless debugging's mDNS names) has a colon or spaces and is never read.
SERIAL = re.compile(r"[A-Za-z0-9._\-]{1,64}")
# Where `adb pull` may copy an app file: a numbered file in a check's private folder (`.adb-*`,
# made by `leftovers.private_folder`); `Adb.run` also requires it to be in this run's own folder.
PULLED = re.compile(r"/(?:[A-Za-z0-9._\-]+/)*\.adb-[A-Za-z0-9_]+/app-\d{1,3}\.apk")

PROPERTIES = (
    "ro.product.manufacturer",
    "ro.product.model",
    "ro.build.version.release",
    "ro.build.version.sdk",
    "ro.build.version.security_patch",
)
SETTINGS = (
    ("global", "package_verifier_enable"),
    ("global", "verifier_verify_adb_installs"),
    ("global", "development_settings_enabled"),
    ("global", "adb_enabled"),
    ("secure", "accessibility_enabled"),
    ("secure", "enabled_accessibility_services"),
    ("secure", "enabled_notification_listeners"),
)
# `pm list packages` with uid, uninstalled-but-kept, and installer; then the fallbacks older
# Android versions understand; and the preinstalled (system) packages.
PACKAGE_LISTS = (
    ("pm", "list", "packages", "-U", "-u", "-i"),
    ("pm", "list", "packages", "-u", "-i"),
    ("pm", "list", "packages", "-i"),
)
SYSTEM_PACKAGES = ("pm", "list", "packages", "-s")
DEVICE_POLICY = ("dumpsys", "device_policy")

_SHELL_EXACT: frozenset[tuple[str, ...]] = frozenset(
    {
        *(("getprop", name) for name in PROPERTIES),
        *(("settings", "get", table, name) for table, name in SETTINGS),
        *PACKAGE_LISTS,
        SYSTEM_PACKAGES,
        DEVICE_POLICY,
    }
)
_LOCAL: frozenset[tuple[str, ...]] = frozenset(
    {("start-server",), ("kill-server",), ("devices", "-l")}
)


def is_read_only(args: Sequence[str]) -> bool:
    """Whether `adb ARGS` is one of the read-only commands the check may run (the one list)."""
    command = tuple(args)
    if command in _LOCAL:
        return True
    if len(command) == 5 and command[0] == "-s" and command[2] == "pull":
        # Copies an app file from the phone to this computer; changes nothing on the phone.
        return (
            SERIAL.fullmatch(command[1]) is not None
            and APK_PATH.fullmatch(command[3]) is not None
            and PULLED.fullmatch(command[4]) is not None
            and ".." not in command[3] + command[4]
        )
    if len(command) < 4 or command[0] != "-s" or command[2] != "shell":
        return False
    shell = command[3:] if SERIAL.fullmatch(command[1]) else ()
    if shell in _SHELL_EXACT:
        return True
    if len(shell) == 3 and shell[:2] == ("pm", "path"):
        return PACKAGE.fullmatch(shell[2]) is not None
    # `sha256sum PATH` and `stat -c %s PATH`: one app file, read.
    file_reads = (len(shell) == 2 and shell[0] == "sha256sum") or (
        len(shell) == 4 and shell[:3] == ("stat", "-c", "%s")
    )
    return file_reads and APK_PATH.fullmatch(shell[-1]) is not None and ".." not in shell[-1]


class PhoneError(ExitplanError):
    """The phone cannot be read: no adb, no phone, not allowed yet, two phones, no answer."""


class RefusedCommand(PhoneError):
    """A command that is not on the read-only list; it was never started."""


def adb_folders(environ: Mapping[str, str] | None = None) -> list[Path]:
    """Where adb is looked for: the PATH's absolute folders (never the current folder, where
    anyone could leave a program named adb), then where Android Studio puts Platform-Tools."""
    env = os.environ if environ is None else environ
    folders = [Path(part) for part in env.get("PATH", "").split(os.pathsep) if os.path.isabs(part)]
    home = Path(env.get("USERPROFILE" if sys.platform == "win32" else "HOME", "~")).expanduser()
    if sys.platform == "win32":
        local = env.get("LOCALAPPDATA")
        base = Path(local) if local and os.path.isabs(local) else home / "AppData" / "Local"
        folders.append(base / "Android" / "Sdk" / "platform-tools")
    elif sys.platform == "darwin":
        folders.append(home / "Library" / "Android" / "sdk" / "platform-tools")
    else:
        folders.append(home / "Android" / "Sdk" / "platform-tools")
    return folders


def find_adb(environ: Mapping[str, str] | None = None) -> str:
    """The adb program (see `adb_folders`), or a PhoneError that says how to install it."""
    # Not shutil.which: on Windows it looks in the current folder first, whatever the PATH says.
    names = (f"{PROGRAM}.exe", PROGRAM) if sys.platform == "win32" else (PROGRAM,)
    found = next(
        (
            str(folder / name)
            for folder in adb_folders(environ)
            for name in names
            if (folder / name).is_file() and os.access(folder / name, os.X_OK)
        ),
        None,
    )
    if found is None:
        raise PhoneError(
            _(
                "the phone check needs the adb program, which is not installed on this computer. "
                "On Debian or Ubuntu: sudo apt install adb (elsewhere, Android's "
                "'SDK Platform-Tools'). Nothing was read or written"
            )
        )
    return found


@dataclass(frozen=True)
class Output:
    """What one adb command printed, as bytes, and how it ended."""

    args: tuple[str, ...]
    code: int
    stdout: bytes
    stderr: bytes

    @property
    def text(self) -> str:
        """stdout as text (bytes that are not UTF-8 replaced)."""
        return self.stdout.decode("utf-8", "replace")


def timed_out(seconds: float) -> PhoneError:
    """The message for a phone that did not answer in time."""
    text = ngettext(
        "the phone did not answer within {seconds} second. Unplug it, plug it back in, unlock "
        "it and try again. Nothing was written",
        "the phone did not answer within {seconds} seconds. Unplug it, plug it back in, unlock "
        "it and try again. Nothing was written",
        int(seconds),
    )
    return PhoneError(text.format(seconds=f"{seconds:g}"))


class Adb:
    """Runs read-only adb commands, each with a timeout; refuses every other command."""

    def __init__(
        self, program: str, timeout: float = PHONE_TIMEOUT, folder: Path | None = None
    ) -> None:
        self.program = program
        self.timeout = timeout
        self.folder = folder  # where a server this run starts keeps its key and its log
        self.calls: list[tuple[str, ...]] = []

    def environment(self) -> dict[str, str]:
        """The variables adb runs with: no preset serial, server address or keys (every `ADB_*`
        and `ANDROID_ADB_*` variable is left out), and its files in the private folder."""
        env = {
            k: v
            for k, v in os.environ.items()
            if k not in SCRUBBED and not k.startswith(SCRUBBED_PREFIXES)
        }
        if self.folder is not None:
            home = str(self.folder)
            env.update(
                HOME=home,
                TMPDIR=home,
                ANDROID_USER_HOME=str(self.folder / ".android"),
                ANDROID_SDK_HOME=home,
            )
            if sys.platform == "win32":  # adb.exe takes its home from the profile, not HOME
                env["USERPROFILE"] = home
        return env

    def run(self, args: Sequence[str], *, timeout: float | None = None) -> Output:
        """Run `adb ARGS` and return what it printed; PhoneError on a timeout."""
        command = tuple(args)
        if not is_read_only(command):
            shown = " ".join(command)
            raise RefusedCommand(_("exitplan never runs 'adb {command}'").format(command=shown))
        if command[2:3] == ("pull",) and (
            self.folder is None or Path(command[4]).parent != self.folder
        ):
            shown = " ".join(command)
            raise RefusedCommand(_("exitplan never runs 'adb {command}'").format(command=shown))
        self.calls.append(command)
        limit = self.timeout if timeout is None else timeout
        try:
            child = subprocess.Popen(
                [self.program, *command],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=self.environment(),
                start_new_session=True,  # a timeout ends the child and anything it started
            )
        except OSError as exc:
            raise PhoneError(
                _("the adb program could not be started ({reason})").format(reason=exc.strerror)
            ) from None
        return collect(child, command, limit)

    def pull(self, serial: str, path: str, number: int) -> Path | None:
        """Copy one app file from the phone into the private folder; its local path, or None
        when adb did not copy it. The caller erases it (`erase_file`)."""
        if self.folder is None:
            return None
        local = self.folder / f"app-{number}.apk"
        said = self.run(["-s", serial, "pull", path, str(local)])
        if said.code != 0 or local.is_symlink() or not local.is_file():
            erase_file(local)
            return None
        return local

    def shell(self, serial: str, *words: str) -> Output:
        """`adb -s SERIAL shell WORDS`."""
        return self.run(["-s", serial, "shell", *words])


def _read_with_select(
    child: subprocess.Popen[bytes], chunks: dict[int, bytearray], deadline: float
) -> str | None:
    """Read every pipe in `chunks` as it has data, with the same ends as `_read_with_threads`."""
    ended_at: float | None = None
    problem: str | None = None
    with selectors.DefaultSelector() as selector:
        for fd in chunks:
            selector.register(fd, selectors.EVENT_READ)
        while selector.get_map():
            now = time.monotonic()
            if child.poll() is not None and ended_at is None:
                ended_at = now
            if now >= deadline:
                problem = "timeout"
                break
            if ended_at is not None and now - ended_at >= AFTER_EXIT:
                break
            for key, _events in selector.select(timeout=min(0.2, deadline - now)):
                fd = int(key.fd)
                data = os.read(fd, 65536)
                if not data:
                    selector.unregister(fd)
                    continue
                chunks[fd] += data
                if len(chunks[fd]) > MAX_OUTPUT:
                    problem = "too much"
                    break
            if problem:
                break
    return problem


def _read_with_threads(
    child: subprocess.Popen[bytes], chunks: dict[int, bytearray], deadline: float
) -> str | None:
    """Read every pipe in `chunks` on a thread of its own until the child has ended and its
    pipes are done (or AFTER_EXIT later), the deadline passes ("timeout") or one pipe passes
    MAX_OUTPUT ("too much")."""
    import threading

    full = threading.Event()

    def pump(fd: int) -> None:
        with contextlib.suppress(OSError):
            while data := os.read(fd, 65536):
                chunks[fd] += data
                if len(chunks[fd]) > MAX_OUTPUT:
                    full.set()
                    return

    threads = [threading.Thread(target=pump, args=(fd,), daemon=True) for fd in chunks]
    for thread in threads:
        thread.start()
    ended_at: float | None = None
    while any(thread.is_alive() for thread in threads) and not full.is_set():
        now = time.monotonic()
        if now >= deadline:
            return "timeout"
        if child.poll() is not None and ended_at is None:
            ended_at = now
        if ended_at is not None and now - ended_at >= AFTER_EXIT:
            break
        # A sleep, not `full.wait(timeout)`: a timed wait on a lock is an absolute deadline on
        # the monotonic clock (sem_clockwait), which a shifted clock (libfaketime, as CI runs the
        # suite years ahead) turns into a wait of years; sleeping is shifted consistently.
        time.sleep(min(0.05, deadline - now))
    return "too much" if full.is_set() else None


def collect(
    child: subprocess.Popen[bytes], command: tuple[str, ...], limit: float, program: str = "adb"
) -> Output:
    """Read a child's output until it ends, at most `limit` seconds and MAX_OUTPUT bytes.

    The pipes are read here, not with `communicate`, so that a process adb left behind holding
    its output open (a server it started, a grandchild) cannot keep the check waiting past the
    timeout; the child's whole process group is ended at the timeout or past the cap.
    """
    assert child.stdout is not None
    assert child.stderr is not None
    out_fd, err_fd = child.stdout.fileno(), child.stderr.fileno()
    chunks = {out_fd: bytearray(), err_fd: bytearray()}
    deadline = time.monotonic() + limit
    # select() takes only sockets on Windows: there a thread reads each pipe.
    reader = _read_with_threads if sys.platform == "win32" else _read_with_select
    problem = reader(child, chunks, deadline)
    if problem or child.poll() is None:
        system.kill_process_group(child)
    child.stdout.close()
    child.stderr.close()
    code = child.wait()
    out = bytes(chunks[out_fd][:MAX_OUTPUT])
    err = bytes(chunks[err_fd][:MAX_OUTPUT])
    if problem == "timeout":
        raise _TimedOut(Output(command, -9, out, err), limit)
    if problem == "too much":
        raise PhoneError(
            _(
                "the phone printed more than {size} for '{program} {command}', far more than a "
                "phone should, so the check stopped it. Nothing was written"
            ).format(
                size=_size(MAX_OUTPUT),
                program=program,
                # adb's own arguments start with -s SERIAL; the others' with the program's name
                command=" ".join(command[2:] if program == "adb" else command[1:]),
            )
        )
    return Output(command, code, out, err)


def _size(limit: int) -> str:
    mib = 1024 * 1024
    return f"{limit // mib} MB" if limit >= mib else f"{limit // 1024} kB"


class _TimedOut(PhoneError):
    """A timeout, with what the command had printed before it was ended."""

    def __init__(self, output: Output, seconds: float) -> None:
        super().__init__(str(timed_out(seconds)))
        self.output = output


@contextlib.contextmanager
def session(adb: Adb) -> Iterator[Adb]:
    """Start the adb server if none runs; at the end, stop it only if this run started it."""
    try:
        started = b"daemon started successfully" in adb.run(["start-server"]).stderr
    except _TimedOut as exc:  # it may have started one before it stopped answering
        if b"starting now" in exc.output.stderr:
            _stop(adb)
        raise
    try:
        yield adb
    finally:
        if started:
            _stop(adb)


def erase_file(path: Path) -> None:
    """Overwrite a copied file with zeros and delete it (a link is only removed)."""
    with contextlib.suppress(OSError):
        if not path.is_symlink() and path.is_file():
            overwrite(path)
    with contextlib.suppress(OSError):
        path.unlink()


def _stop(adb: Adb) -> None:
    with contextlib.suppress(PhoneError):
        adb.run(["kill-server"])
