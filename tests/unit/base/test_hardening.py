"""Keeping the passphrase out of core dumps: the core size limit set to 0, and the platform's
own refusal (Linux: not dumpable; macOS: no debugger), asked for without ever failing start-up.

The calls are recorded by stand-ins, never made for real: a test process made undumpable would
change what the rest of the suite can read of itself (a child process checks the real effect,
in tests/e2e/test_same_keyboard_home.py).
"""

from __future__ import annotations

import ctypes
import resource
import sys
from typing import Any

import pytest

from exitplan.base import hardening
from exitplan.base.hardening import forbid_core_dumps

Calls = list[tuple[str, tuple[Any, ...]]]


class FakeLibc:
    """The C library as ctypes shows it, noting each call; `missing` names absent functions."""

    def __init__(self, calls: Calls, missing: frozenset[str] = frozenset()) -> None:
        self.calls = calls
        self.missing = missing

    def __getattr__(self, name: str) -> Any:
        if name in self.missing:
            raise AttributeError(name)

        def call(*args: Any) -> int:
            self.calls.append((name, args))
            return 0

        return call


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Calls:
    """The calls forbid_core_dumps makes to setrlimit and to the C library, recorded."""
    seen: Calls = []
    monkeypatch.setattr(resource, "setrlimit", lambda *args: seen.append(("setrlimit", args)))
    monkeypatch.setattr(ctypes, "CDLL", lambda *_a, **_k: FakeLibc(seen))
    return seen


def test_on_linux_the_core_limit_is_zero_and_the_process_not_dumpable(
    calls: Calls, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On Linux: RLIMIT_CORE soft and hard 0, then prctl(PR_SET_DUMPABLE, 0); no ptrace."""
    monkeypatch.setattr(sys, "platform", "linux")
    forbid_core_dumps()
    assert calls == [
        ("setrlimit", (resource.RLIMIT_CORE, (0, 0))),
        ("prctl", (4, 0, 0, 0, 0)),
    ]


def test_on_macos_the_core_limit_is_zero_and_debuggers_are_refused(
    calls: Calls, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On macOS: RLIMIT_CORE 0, then ptrace(PT_DENY_ATTACH); no prctl (macOS has none)."""
    monkeypatch.setattr(sys, "platform", "darwin")
    forbid_core_dumps()
    assert calls == [
        ("setrlimit", (resource.RLIMIT_CORE, (0, 0))),
        ("ptrace", (31, 0, None, 0)),
    ]


def test_on_windows_nothing_is_asked(calls: Calls, monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows writes no core files and has no resource module: nothing is called."""
    monkeypatch.setattr(sys, "platform", "win32")
    forbid_core_dumps()
    assert calls == []


def test_the_constants_are_the_kernels_own() -> None:
    """The request numbers are those of <linux/prctl.h> and macOS's <sys/ptrace.h>."""
    assert (hardening.PR_SET_DUMPABLE, hardening.PT_DENY_ATTACH) == (4, 31)


@pytest.mark.parametrize("platform", ["linux", "darwin", "freebsd14"])
@pytest.mark.parametrize("error", [OSError("no such library"), ValueError("limit")])
def test_forbidding_core_dumps_never_fails_where_the_calls_are_missing(
    monkeypatch: pytest.MonkeyPatch, platform: str, error: Exception
) -> None:
    """On a system without the C library or resource limits, start-up goes on."""

    def no_limits(*_args: object) -> None:
        raise error

    def no_libc(*_args: object, **_kwargs: object) -> None:
        raise OSError("no such library")

    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(resource, "setrlimit", no_limits)
    monkeypatch.setattr(ctypes, "CDLL", no_libc)
    forbid_core_dumps()


@pytest.mark.parametrize("platform", ["linux", "darwin"])
def test_a_c_library_without_the_function_is_no_failure(
    monkeypatch: pytest.MonkeyPatch, platform: str
) -> None:
    """A C library lacking prctl or ptrace (an unusual libc) is no failure: the core limit is
    still set."""
    seen: Calls = []
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(resource, "setrlimit", lambda *args: seen.append(("setrlimit", args)))
    libc = FakeLibc(seen, missing=frozenset({"prctl", "ptrace"}))
    monkeypatch.setattr(ctypes, "CDLL", lambda *_a, **_k: libc)
    forbid_core_dumps()
    assert seen == [("setrlimit", (resource.RLIMIT_CORE, (0, 0)))]


def test_a_refused_limit_still_marks_the_process(
    calls: Calls, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the core limit cannot be set, the process is still marked not dumpable."""

    def refused(*_args: object) -> None:
        raise OSError("not permitted")

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(resource, "setrlimit", refused)
    forbid_core_dumps()
    assert calls == [("prctl", (4, 0, 0, 0, 0))]
