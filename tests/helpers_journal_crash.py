"""Child process for the journal crash tests: appends entries for ever until it is killed.

Usage: python tests/helpers_journal_crash.py HOME [sealed | naive]

Prints "READY <records>" once, then "ACK <records>" after every add that returned. With
"sealed", every record is sealed with the tests' fixed data key (`fixed_sealing`). With "naive"
(the CONTROL), exitplan's atomic writer is replaced by a truncate-and-rewrite in chunks, which
a kill must be able to tear. Each line is one os.write, so a SIGKILL never leaves half an
acknowledgement.
"""

from __future__ import annotations

import os
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from exitplan.crypto.datakey import DataKey
    from exitplan.journal.sealing import Sealing


def fixed_key(tag: bytes = b"k") -> DataKey:
    """A fixed data key for tests (no passphrase, no key derivation)."""
    from exitplan.crypto.datakey import DataKey

    return DataKey(tag * 32, tag * 16)


def fixed_sealing(tag: bytes = b"k", *, chunk: int | None = None, stopped: bool = False) -> Sealing:
    """A journal sealing with the fixed test key `tag` (small copy chunks when `chunk`)."""
    from exitplan.journal.sealing import COPY_CHUNK, Sealing

    return Sealing(fixed_key(tag), stopped=stopped, chunk=chunk or COPY_CHUNK)


def naive_write(path: Path, data: bytes, **_options: object) -> None:
    """Rewrite the file in place in small chunks with pauses (unsafe on purpose)."""
    import time

    size = max(1, len(data) // 8 + 1)
    with open(path, "wb") as handle:
        for start in range(0, len(data), size):
            handle.write(data[start : start + size])
            handle.flush()
            time.sleep(0.004)


def main(argv: list[str]) -> int:
    """Append entries until killed, acknowledging each."""
    from exitplan.journal.records import add, read_records

    home = Path(argv[0])
    sealed = len(argv) > 1 and argv[1] == "sealed"
    if len(argv) > 1 and argv[1] == "naive":
        import exitplan.disk.atomic

        exitplan.disk.atomic.write_atomic = naive_write
    sealing = fixed_sealing() if sealed else None
    now = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    count = len(read_records(home, sealing))
    os.write(1, f"READY {count}\n".encode())
    while True:
        fields = {"what": "a long description " * 200 + str(count), "when": "2026-11-29"}
        count = add(home, fields, now, sealing)
        os.write(1, f"ACK {count}\n".encode())


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
