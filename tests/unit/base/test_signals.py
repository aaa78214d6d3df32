"""Every ending signal stops a run the same way Ctrl-C does: one exception, every clean-up run."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator

import pytest

from exitplan.base import signals


@pytest.fixture
def not_ignored() -> Iterator[None]:
    """The ending signals at their defaults for one test, as a run started from a terminal has
    them (a suite started with `nohup` or `&` inherits them ignored, which `install` keeps), and
    pytest's own put back after it."""
    before = {number: signal.getsignal(number) for number in signals.ENDING}
    for number in signals.ENDING:
        signal.signal(number, signal.default_int_handler)
    yield
    for number, handler in before.items():
        signal.signal(number, handler)


@pytest.fixture
def installed(not_ignored: None) -> None:
    """The handlers installed for one test."""
    signals.install()


@pytest.mark.parametrize("name", ["SIGHUP", "SIGTERM", "SIGINT"])
def test_each_ending_signal_raises_stopped_and_runs_the_clean_ups(
    installed: None, name: str
) -> None:
    """SIGHUP, SIGTERM and SIGINT each raise Stopped (a KeyboardInterrupt) with the shell's
    exit code, and the clean-ups of a `finally` around the work run."""
    number = getattr(signal, name)
    ran: list[str] = []

    def work() -> None:
        try:
            os.kill(os.getpid(), number)
            signal.sigtimedwait([], 0)  # let the handler run here (it runs between bytecodes)
        finally:
            ran.append("clean")

    with pytest.raises(signals.Stopped) as stopped:
        work()
    assert isinstance(stopped.value, KeyboardInterrupt)
    assert stopped.value.exit_code == 128 + number
    assert ran == ["clean"]


def test_a_second_signal_cannot_cut_the_clean_ups_short(installed: None) -> None:
    """After the first signal the others are set aside until the run ends."""

    def work() -> None:
        os.kill(os.getpid(), signal.SIGTERM)
        signal.sigtimedwait([], 0)

    with pytest.raises(signals.Stopped):
        work()
    assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_IGN


def test_stopped_by_finds_the_signal_behind_the_framework_s_exit() -> None:
    """An exit raised from a Stopped (as the framework does) is traced back to it; one raised
    `from None` (a prompt's own calm stop) is not."""
    try:
        try:
            raise signals.Stopped(signal.SIGTERM)
        except KeyboardInterrupt as exc:
            raise RuntimeError("exit 130") from exc
    except RuntimeError as outer:
        try:
            raise SystemExit(130)
        except SystemExit as final:
            final.__context__ = outer
            found = signals.stopped_by(final)
    assert found is not None
    assert found.exit_code == 128 + signal.SIGTERM

    def calm_stop() -> None:
        try:
            raise signals.Stopped(signal.SIGINT)
        except KeyboardInterrupt:
            raise SystemExit(130) from None

    with pytest.raises(SystemExit) as calm:
        calm_stop()
    assert signals.stopped_by(calm.value) is None


def test_rearm_makes_the_signals_end_the_run_again_after_a_stop_that_did_not(
    installed: None,
) -> None:
    """A first signal sets the ending signals aside for the clean-ups; when the run goes on
    (Ctrl-C hid the screen instead), `rearm` gives each of them its ending handler back."""
    with pytest.raises(signals.Stopped):
        signals._stop(signal.SIGINT, None)
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    signals.rearm()
    assert all(signal.getsignal(n) is signals._stop for n in signals._ARMED)
    assert signal.SIGINT in signals._ARMED
