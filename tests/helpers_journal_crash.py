"""Child process for the journal crash tests: appends entries for ever until it is killed.

Usage: python tests/helpers_journal_crash.py HOME [sealed | naive]

Prints "READY <records>" once, then "ACK <records>" after every add that returned. With
"sealed", every record is sealed with a toy seal (the tests' own XOR + marker). With "naive"
(the CONTROL), exitplan's atomic writer is replaced by a truncate-and-rewrite in chunks, which
a kill must be able to tear. Each line is
one os.write, so a SIGKILL never leaves half an acknowledgement.
"""

from __future__ import annotations

import os
import sys
from datetime import UTC, datetime
from pathlib import Path

MARK = b"TOY!"


def toy_seal(data: bytes) -> bytes:
    """A toy seal for tests: a marker and every byte XORed (not encryption)."""
    return MARK + bytes(b ^ 0x5A for b in data)


def toy_unseal(data: bytes) -> bytes:
    """Undo toy_seal; ValueError when the marker is missing."""
    if not data.startswith(MARK):
        raise ValueError("not toy-sealed")
    return bytes(b ^ 0x5A for b in data[len(MARK) :])


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
        import exitplan.home.store

        exitplan.home.store.write_atomic = naive_write  # type: ignore[assignment]
    seal, unseal = (toy_seal, toy_unseal) if sealed else (None, None)
    now = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    count = len(read_records(home, unseal))
    os.write(1, f"READY {count}\n".encode())
    while True:
        fields = {"what": "a long description " * 200 + str(count), "when": "2026-11-29"}
        count = add(home, fields, now, seal=seal, unseal=unseal)
        os.write(1, f"ACK {count}\n".encode())


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
