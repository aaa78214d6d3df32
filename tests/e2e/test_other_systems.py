"""The same promises on macOS and Windows, simulated on Linux through the real CLI: the quick hide
clears iTerm2's scrollback and a Windows console, the language comes from the system where no
variable names one, and adb is never taken from the current folder."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import Run, ok
from helpers import child

from exitplan.base import i18n
from exitplan.cli import console
from exitplan.phone import adb


def test_quick_hide_in_iterm_also_erases_its_scrollback(
    run: Run, plan_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In iTerm2 the quick hide adds iTerm2's own erase-scrollback code, after the standard one."""
    monkeypatch.setenv("TERM_PROGRAM", "iTerm.app")
    result = ok(run("review", input="h\n"))
    assert result.stdout.endswith(console.CLEAR_SEQUENCE + console.ITERM_CLEAR_SCROLLBACK)


def test_other_terminals_never_get_the_iterm_code(run: Run, plan_home: Path) -> None:
    """Elsewhere only the standard codes are sent (another terminal might print iTerm2's)."""
    result = ok(run("review", input="h\n"))
    assert result.stdout.endswith(console.CLEAR_SEQUENCE)
    assert "1337" not in result.stdout


def test_quick_hide_on_a_windows_console_without_escape_codes(
    run: Run, plan_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Windows console that cannot read escape codes is cleared through its own calls, and
    no code is printed as text for the person to see."""
    cleared: list[object] = []

    def clear_console(stream: object) -> bool:
        cleared.append(stream)
        return True

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(console, "_prepared", True)
    monkeypatch.setattr(console, "_virtual_terminal", lambda _stream: False)
    monkeypatch.setattr(console, "_clear_windows_console", clear_console)
    result = ok(run("review", input="h\n"))
    assert len(cleared) == 1
    assert "\033" not in result.stdout


class FakeKernel32:
    """The console calls a Windows clear makes, recorded; a buffer of 120 by 9,001 cells."""

    def __init__(self, *, console: bool = True) -> None:
        self.calls: list[tuple[object, ...]] = []
        self.console = console

    def GetConsoleScreenBufferInfo(self, handle: int, info: Any) -> int:
        """The buffer's size and colours, written into the structure given (0: no console)."""
        if not self.console:
            return 0
        info._obj.dwSize.X, info._obj.dwSize.Y, info._obj.wAttributes = 120, 9001, 7
        return 1

    def FillConsoleOutputCharacterW(
        self, handle: int, char: Any, cells: int, home: Any, _written: Any
    ) -> None:
        """Record the character the buffer is filled with, from where."""
        self.calls.append(("chars", handle, char.value, cells, (home.X, home.Y)))

    def FillConsoleOutputAttribute(
        self, handle: int, colours: int, cells: int, home: Any, _written: Any
    ) -> None:
        """Record the colours the buffer is filled with."""
        self.calls.append(("colours", handle, colours, cells, (home.X, home.Y)))

    def SetConsoleCursorPosition(self, handle: int, home: Any) -> None:
        """Record where the cursor is put."""
        self.calls.append(("cursor", handle, (home.X, home.Y)))


class ConsoleStream:
    """A stream whose file descriptor is 2, as a console's stderr."""

    def fileno(self) -> int:
        """The descriptor msvcrt turns into the console's handle."""
        return 2


def test_a_windows_console_is_blanked_whole_through_its_own_calls(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without escape codes, every cell of the console's buffer (scrollback too) becomes a space
    in its colours and the cursor goes home; no console behind the stream, nothing is called."""
    import ctypes

    kernel32 = FakeKernel32()
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setitem(
        sys.modules, "msvcrt", types.SimpleNamespace(get_osfhandle=lambda fd: 40 + fd)
    )
    monkeypatch.setattr(ctypes, "WinDLL", lambda *_a, **_k: kernel32, raising=False)
    assert console._clear_windows_console(ConsoleStream()) is True  # type: ignore[arg-type]
    cells = 120 * 9001
    assert kernel32.calls == [
        ("chars", 42, " ", cells, (0, 0)),
        ("colours", 42, 7, cells, (0, 0)),
        ("cursor", 42, (0, 0)),
    ]
    kernel32.calls.clear()
    assert console._clear_windows_console(object()) is False  # type: ignore[arg-type]
    kernel32.console = False
    assert console._clear_windows_console(ConsoleStream()) is False  # type: ignore[arg-type]
    assert kernel32.calls == []


def test_windows_console_is_prepared_once_through_colorama(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On Windows, start-up turns escape codes on with colorama, once; elsewhere it is never
    imported."""
    calls: list[str] = []
    fake = types.ModuleType("colorama")
    fake.just_fix_windows_console = lambda: calls.append("fixed")  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "colorama", fake)
    monkeypatch.setattr(console, "_prepared", False)
    console.prepare()
    assert calls == []  # Linux: nothing to do
    monkeypatch.setattr(sys, "platform", "win32")
    console.prepare()
    console.prepare()
    assert calls == ["fixed"]


def test_a_mac_set_to_spanish_speaks_spanish_without_lang(
    run: Run, plan_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no locale variable, a Mac whose first language is Spanish gets Spanish; any variable
    that is set still decides first."""
    seen: list[list[str]] = []

    def defaults(argv: list[str], **_kwargs: Any) -> subprocess.CompletedProcess[str]:
        seen.append(argv)
        return subprocess.CompletedProcess(argv, 0, '(\n    "es-MX",\n    "en-US"\n)\n', "")

    for variable in i18n.LOCALE_ENV:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(subprocess, "run", defaults)
    assert i18n.choose([], {}) == "es"
    assert seen == [[i18n.MAC_DEFAULTS, "read", "-g", "AppleLanguages"]]
    assert i18n.choose([], {"LANG": "en_US.UTF-8"}) == "en"
    assert len(seen) == 1  # a variable decided: the system was not asked


def test_a_mac_that_cannot_say_its_language_gets_english(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`defaults` missing, failing or printing something else: English, never a traceback."""
    monkeypatch.setattr(sys, "platform", "darwin")

    def missing(*_args: Any, **_kwargs: Any) -> None:
        raise FileNotFoundError(2, "No such file")

    monkeypatch.setattr(subprocess, "run", missing)
    assert i18n.choose([], {}) == "en"
    answer = subprocess.CompletedProcess([], 1, "", "does not exist")
    monkeypatch.setattr(subprocess, "run", lambda *_a, **_k: answer)
    assert i18n.choose([], {}) == "en"


def test_a_spanish_windows_speaks_spanish(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows sets no locale variables: its display language (GetUserDefaultUILanguage, here
    0x080A, Spanish of Mexico) decides."""

    class Kernel32:
        @staticmethod
        def GetUserDefaultUILanguage() -> int:
            return 0x080A

    import ctypes

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "WinDLL", lambda _name: Kernel32(), raising=False)
    assert i18n.os_language() == "es_MX"
    assert i18n.choose([], {}) == "es"


def test_adb_in_the_current_folder_is_never_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A program named adb in the current folder (or a relative PATH entry) is never found;
    one in an absolute PATH folder is."""
    here = tmp_path / "here"
    here.mkdir()
    planted = here / "adb"
    planted.write_text("#!/bin/sh\n")
    planted.chmod(0o700)
    monkeypatch.chdir(here)
    environ = {"PATH": os.pathsep.join([".", "", "bin"]), "HOME": str(tmp_path / "nohome")}
    with pytest.raises(adb.PhoneError, match="not installed"):
        adb.find_adb(environ)
    real = tmp_path / "tools"
    real.mkdir()
    (real / "adb").write_text("#!/bin/sh\n")
    (real / "adb").chmod(0o700)
    environ["PATH"] = os.pathsep.join([".", str(real)])
    assert adb.find_adb(environ) == str(real / "adb")


@pytest.mark.parametrize(
    ("platform", "where"),
    [
        ("darwin", ("Library", "Android", "sdk", "platform-tools")),
        ("linux", ("Android", "Sdk", "platform-tools")),
    ],
)
def test_adb_from_android_studio_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, platform: str, where: tuple[str, ...]
) -> None:
    """Android Studio's Platform-Tools, in its usual folder, is found without being on PATH."""
    folder = tmp_path.joinpath(*where)
    folder.mkdir(parents=True)
    (folder / "adb").write_text("#!/bin/sh\n")
    (folder / "adb").chmod(0o700)
    monkeypatch.setattr(sys, "platform", platform)
    assert adb.find_adb({"PATH": "", "HOME": str(tmp_path)}) == str(folder / "adb")


def test_adb_on_windows_is_adb_exe_in_local_app_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On Windows, adb.exe in %LOCALAPPDATA%\\Android\\Sdk\\platform-tools is found."""
    folder = tmp_path / "Android" / "Sdk" / "platform-tools"
    folder.mkdir(parents=True)
    (folder / "adb.exe").write_text("MZ")
    (folder / "adb.exe").chmod(0o700)
    monkeypatch.setattr(sys, "platform", "win32")
    environ = {"PATH": "", "LOCALAPPDATA": str(tmp_path), "USERPROFILE": str(tmp_path)}
    assert adb.find_adb(environ) == str(folder / "adb.exe")


def test_adb_on_windows_keeps_its_key_in_the_private_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """adb.exe takes its home from USERPROFILE, not HOME: both point at the private folder."""
    monkeypatch.setattr(sys, "platform", "win32")
    env = adb.Adb("adb", folder=tmp_path).environment()
    assert env["USERPROFILE"] == env["HOME"] == str(tmp_path)


def test_wipe_on_windows_erases_the_lock_file_once_released(
    run: Run, plan_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows cannot delete a file that is held open: the lock file is deleted after the lock
    is released, and the wipe leaves nothing behind."""
    import fcntl

    from exitplan.disk import system

    held: list[int] = []
    real_unlink = Path.unlink

    def lock(fd: int) -> None:  # LockFileEx's part, played by flock
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        held.append(fd)

    def is_open(fd: int) -> bool:
        try:
            os.fstat(fd)
        except OSError:
            return False
        return True

    def unlink(self: Path, missing_ok: bool = False) -> None:
        if self.name == ".lock" and any(is_open(fd) for fd in held):
            raise PermissionError(13, "Sharing violation", str(self))
        real_unlink(self, missing_ok)

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(system, "lock", lock)
    monkeypatch.setattr(Path, "unlink", unlink)
    result = run("wipe", "--yes")
    assert result.exit_code == 0, result.output
    assert not plan_home.exists()


@pytest.fixture
def fat_stick(tmp_path: Path) -> Iterator[Path]:
    """A 32 MiB FAT16 image mounted through FUSE (fusefat), as a USB stick is: no owners, no
    permissions to set. Unmounted at the end."""
    found = {
        p: shutil.which(p, path=os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin"]))
        for p in ("mkfs.vfat", "fusefat", "fusermount")
    }
    mkfs, fusefat, fusermount = found.values()
    if mkfs is None or fusefat is None or fusermount is None:
        pytest.fail(f"missing {found}: apt-get install dosfstools fusefat fuse")
    image, mount = tmp_path / "stick.img", tmp_path / "stick"
    mount.mkdir()
    with image.open("wb") as handle:
        handle.truncate(32 * 1024 * 1024)
    subprocess.run([mkfs, str(image)], check=True, capture_output=True)
    subprocess.run([fusefat, "-o", "rw+", str(image), str(mount)], check=True, capture_output=True)
    try:
        yield mount
    finally:
        subprocess.run([fusermount, "-u", str(mount)], check=False, capture_output=True)


@pytest.mark.process
def test_a_plan_lives_and_is_wiped_on_a_fat_stick(fat_stick: Path) -> None:
    """On a FAT stick every everyday command works without a traceback, the journal included
    (its folder cannot be chmod-ed there), and wipe leaves the stick empty."""
    home = str(fat_stick / "plan")
    env = {"EXITPLAN_TODAY": "2026-11-30"}
    for args, given in [
        (("init", "--exit-date", "+6w"), None),
        (("done", "1"), None),
        (("status",), None),
        (("log", "add"), 'what = "it happened"\n'),
        (("log", "verify"), None),
        (("wipe", "--yes"), None),
    ]:
        result = child("--home", home, *args, env=env, input=given)
        assert "Traceback" not in result.stderr
        assert result.returncode == 0, (args, result.stderr)
    assert list(fat_stick.iterdir()) == []
