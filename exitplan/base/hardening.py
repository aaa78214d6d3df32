"""Keep the passphrase and the plan out of core dumps.

A core dump is a copy of the program's memory written to disk when it crashes or is sent
SIGQUIT (Ctrl-\\): it would hold the passphrase and decrypted notes in plain bytes. At start-up
exitplan sets its core size limit to 0 and, on Linux, marks itself not dumpable, which also stops
other programs of the same account from attaching a debugger to read its memory; on macOS it asks
the kernel to refuse any debugger (PT_DENY_ATTACH). Windows writes no core files; a program of
the same account can still read its memory there (THREATMODEL.md says so).
"""

from __future__ import annotations

import contextlib
import sys

PR_SET_DUMPABLE = 4  # from <linux/prctl.h>
PT_DENY_ATTACH = 31  # from macOS's <sys/ptrace.h>


def forbid_core_dumps() -> None:
    """Set RLIMIT_CORE to 0, and PR_SET_DUMPABLE (Linux) or PT_DENY_ATTACH (macOS); never fails."""
    if sys.platform != "win32":  # Windows has no core files (nor the resource module)
        with contextlib.suppress(ImportError, OSError, ValueError):
            import resource

            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if sys.platform == "darwin":
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.ptrace(PT_DENY_ATTACH, 0, None, 0)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
