"""The journal's folder and its numbered record files: names, sizes and one quiet glance.

Nothing here parses the hash chain or imports hashlib, so `status` can say how many records
there are (one directory listing, and the last record's time) without the journal's code.
"""

from __future__ import annotations

import json
import os
import re
from datetime import date, datetime
from pathlib import Path

from exitplan.base.limits import JOURNAL_DIR

MAX_RECORD_BYTES = 4 * 1024 * 1024
RECORD_NAME = re.compile(r"^(\d{6,})\.rec$")
SEALED_MARK = b"\x89EXPLVT\x00"  # vault.MAGIC, repeated so a plain read never imports the vault


def journal_dir(home: Path) -> Path:
    """The journal's folder in the data home."""
    return home / JOURNAL_DIR


def record_path(home: Path, n: int) -> Path:
    """The file of record n: a neutral, zero-padded sequence number."""
    return journal_dir(home) / f"{n:06d}.rec"


def numbered(home: Path) -> list[tuple[int, Path]]:
    """(number, path) of every record file, in order; links and folders are not records."""
    folder = journal_dir(home)
    if not folder.is_dir():
        return []
    found = []
    with os.scandir(folder) as listing:  # the type comes with the listing: no stat per file
        for item in listing:
            match = RECORD_NAME.match(item.name)
            if match and item.is_file(follow_symlinks=False):
                found.append((int(match.group(1)), folder / item.name))
    found.sort()
    return found


def read_capped(path: Path) -> bytes:
    """The file's bytes up to one past the limit, in small reads (not a 4 MiB buffer each)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    try:
        parts, size = [], 0
        while size <= MAX_RECORD_BYTES:
            chunk = os.read(fd, 64 * 1024)
            if not chunk:
                break
            parts.append(chunk)
            size += len(chunk)
        return b"".join(parts)
    finally:
        os.close(fd)


def glance(home: Path) -> tuple[int, date | None] | None:
    """(records: entries, corrections, files; date of the last) from one listing, or None.

    A sealed last record is never opened: its file's modification date (local) stands in."""
    if not (records := numbered(home)):
        return None
    try:
        path = records[-1][1]
        data = read_capped(path)
        if data.startswith(SEALED_MARK):
            return len(records), date.fromtimestamp(path.stat().st_mtime)
        recorded = json.loads(data.decode("utf-8")).get("recorded", "")
        return len(records), datetime.fromisoformat(str(recorded).replace("Z", "+00:00")).date()
    except (OSError, ValueError, AttributeError):
        return len(records), None
