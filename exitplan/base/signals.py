"""One way for a run to be stopped: Ctrl-C, a closed terminal (SIGHUP) and SIGTERM alike.

Python turns Ctrl-C (SIGINT) into KeyboardInterrupt, so every `finally` and every
`except BaseException` on the way out runs: a temp file is zeroed and deleted, the adb server a
phone check started is stopped, its private folder erased. SIGHUP and SIGTERM, left alone, end
the process at once and skip all of it (a decrypted half-copy of evidence, an adb key in plain
text). `install` makes all three raise the same `Stopped`, a KeyboardInterrupt, in the main
thread; nothing else has to know which signal it was. After the first one the others are set
aside, so a second signal cannot cut the clean-ups short. What a kill (SIGKILL) or a power cut
leaves behind has a recognisable name and is erased later (`exitplan.disk.leftovers`).

A clean-up that is not a `finally` on the stack (say, a child process to stop) is written as one,
around the work. Stdlib only.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from types import FrameType

# The signals that end a run; SIGHUP does not exist on Windows.
ENDING = tuple(
    number
    for number in (
        signal.SIGINT,
        getattr(signal, "SIGHUP", None),
        signal.SIGTERM,
    )
    if number is not None
)

# Ctrl-C: the usual exit code of a program stopped by SIGINT (130), at a prompt or by the
# signal, so scripts can tell.
STOPPED_CODE = 128 + int(signal.SIGINT)


class Stopped(KeyboardInterrupt):
    """The run was stopped by a signal: Ctrl-C, a closed terminal or SIGTERM."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number

    @property
    def exit_code(self) -> int:
        """The shell's code for a run ended by this signal: 128 + its number (130 for Ctrl-C)."""
        return 128 + self.number


def install() -> None:
    """Make every ending signal raise `Stopped` (only from the main thread; never fails)."""
    if threading.current_thread() is not threading.main_thread():
        return
    for number in ENDING:
        with contextlib.suppress(OSError, ValueError):
            if signal.getsignal(number) is signal.SIG_IGN:
                continue  # started with it ignored (nohup): keep it so
            signal.signal(number, _stop)
            _ARMED.add(number)


def rearm() -> None:
    """After a stop that turned out not to end the run (Ctrl-C at a free-text prompt hides the
    screen instead), make the signals `install` set up end the run again."""
    if threading.current_thread() is not threading.main_thread():
        return
    for number in _ARMED:
        with contextlib.suppress(OSError, ValueError):
            signal.signal(number, _stop)


# The signals `install` took over (not those the run was started with ignored).
_ARMED: set[int] = set()


def _stop(number: int, _frame: FrameType | None) -> None:
    for other in ENDING:  # the clean-ups now run to their end
        with contextlib.suppress(OSError, ValueError):
            signal.signal(other, signal.SIG_IGN)
    raise Stopped(number)


def stopped_by(exc: BaseException) -> Stopped | None:
    """The `Stopped` an exit was caused by (the framework turns it into an exit code), if any."""
    seen: BaseException | None = exc
    for _ in range(8):  # a short chain of causes; never a loop
        if seen is None or isinstance(seen, Stopped):
            return seen
        if seen.__cause__ is not None or seen.__suppress_context__:
            seen = seen.__cause__  # `raise ... from None` hides what came before on purpose
        else:
            seen = seen.__context__
    return None
