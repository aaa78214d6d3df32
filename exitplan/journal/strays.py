"""Kept copies no record names: an attach stopped between its copy and its record.

The copy is written (to a temp file, then renamed) before its record, so a kill in between
leaves a copy without a record. It must not outlive an `encrypt` in plain text, nor be confused
with a later record's copy: the next write to the journal erases it (cheap: one listing), and
`verify`, `encrypt`, `passphrase` and `decrypt` find every such copy and name or erase it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from exitplan.disk import safeio
from exitplan.journal.attachments import erase
from exitplan.journal.listing import COPY_NAME, FILES_DIR, files_dir
from exitplan.journal.records import next_number
from exitplan.journal.shapes import Record

__all__ = ["orphan_copies", "remove_orphans", "remove_stray_copies"]


def orphan_copies(home: Path, records: Sequence[Record]) -> list[Path]:
    """Kept copies no record names: an attach stopped between its copy and its record.

    A copy whose number belongs to a record that cannot be read is never called an orphan."""
    folder = files_dir(home)
    if safeio.is_link(folder) or not folder.is_dir():
        return []
    named = {r.get("file", {}).get("copy") for r in records if r.get("kind") == "attach"}
    damaged = {r.get("n") for r in records if "damaged" in r}
    found = []
    with os.scandir(folder) as listing:
        for item in listing:
            if not COPY_NAME.match(item.name) or item.is_dir(follow_symlinks=False):
                continue
            if f"{FILES_DIR}/{item.name}" in named or int(item.name) in damaged:
                continue
            found.append(folder / item.name)
    return sorted(found)


def remove_stray_copies(home: Path) -> list[str]:
    """Erase the copies numbered at or past the next record's number: each was kept by an
    attach stopped before its record was written (cheap: one listing, no record is read). Run
    under the lock before every write, it leaves no copy for a later record to be confused with.
    """
    folder = files_dir(home)
    if safeio.is_link(folder) or not folder.is_dir():
        return []
    first_free = next_number(home)
    removed = []
    with os.scandir(folder) as listing:
        strays = [
            folder / item.name
            for item in listing
            if COPY_NAME.match(item.name) and int(item.name) >= first_free
        ]
    for path in sorted(strays):
        erase(path)
        if not os.path.lexists(path):
            removed.append(str(path.relative_to(home)))
    return removed


def remove_orphans(home: Path, records: Sequence[Record]) -> list[str]:
    """Erase the copies no record names (zeros first, as `wipe` does); their names, relative to
    the home (call it under the store's lock)."""
    removed = []
    for path in orphan_copies(home, records):
        erase(path)
        if not os.path.lexists(path):
            removed.append(str(path.relative_to(home)))
    return removed
