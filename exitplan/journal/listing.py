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
from typing import NamedTuple

from exitplan.base.errors import StorageError, os_reason
from exitplan.base.i18n import _
from exitplan.base.limits import JOURNAL_COPY_DAYS, JOURNAL_DIR, PRIVATE_FOLDER, SEALED_MARK
from exitplan.disk import safeio, system

MAX_RECORD_BYTES = 4 * 1024 * 1024
# A record's number has at most 12 digits (a trillion records): a longer name was planted, and
# one past it would be a name too long for the file system.
_NUMBER = r"\d{6,12}"
RECORD_NAME = re.compile(rf"^({_NUMBER})\.rec$")
COPY_NAME = re.compile(rf"^{_NUMBER}$")  # a kept copy of an attached file, named for its record
FILES_DIR = "files"


def journal_dir(home: Path) -> Path:
    """The journal's folder in the data home."""
    return home / JOURNAL_DIR


def record_path(home: Path, n: int) -> Path:
    """The file of record n: a neutral, zero-padded sequence number."""
    return journal_dir(home) / f"{n:06d}.rec"


def files_dir(home: Path) -> Path:
    """Where the kept copies of attached files are."""
    return journal_dir(home) / FILES_DIR


def numbered(home: Path) -> list[tuple[int, Path]]:
    """(number, path) of every name a record could have, in order, folders left out.

    A link or a FIFO with a record's name is listed too, so that reading it names it as damaged
    (it is never followed or opened) instead of the record looking removed.
    """
    folder = journal_dir(home)
    if safeio.is_link(folder) or not folder.is_dir():
        return []
    found = []
    with os.scandir(folder) as listing:  # the type comes with the listing: no stat per file
        for item in listing:
            match = RECORD_NAME.match(item.name)
            if match and not item.is_dir(follow_symlinks=False):
                found.append((int(match.group(1)), folder / item.name))
    found.sort()
    return found


def read_capped(path: Path) -> bytes:
    """A record file's bytes up to one past the limit: a regular file only, no link followed,
    never blocking on a FIFO (OSError with a plain `strerror` otherwise)."""
    return safeio.read_capped(path, MAX_RECORD_BYTES)


def glance(home: Path) -> tuple[int, date | None] | None:
    """(records: entries, corrections, files; date of the last) from one listing, or None.

    A sealed last record is never opened: its file's modification date (local) stands in."""
    if not (records := numbered(home)):
        return None
    return len(records), record_day(records[-1][1])


def record_day(path: Path) -> date | None:
    """The local day a record was written (a sealed one's file date), or None if unreadable."""
    try:
        data = read_capped(path)
        if data.startswith(SEALED_MARK):
            return date.fromtimestamp(path.stat().st_mtime)
        recorded = json.loads(data.decode("utf-8")).get("recorded", "")
        moment = datetime.fromisoformat(str(recorded).replace("Z", "+00:00"))
        return moment.astimezone().date()
    except (OSError, ValueError, AttributeError):
        return None


class CopyAge(NamedTuple):
    """How old the journal's sealed copy elsewhere is, when `status` should say so."""

    days: int  # since the last copy, or since the journal began when it was never copied
    copied: bool  # whether a copy was ever made


def copy_age(
    home: Path, copied: datetime | None, copied_records: int, today: date
) -> CopyAge | None:
    """A reminder is due when the journal holds records newer than its last copy and that copy
    (or, never copied, the journal's first record) is more than JOURNAL_COPY_DAYS old. One
    listing and at most one record's date; nothing sealed is opened."""
    records = numbered(home)
    if len(records) <= copied_records:
        return None
    since = copied.astimezone().date() if copied is not None else record_day(records[0][1])
    if since is None:
        return None
    days = (today - since).days
    return CopyAge(days, copied is not None) if days > JOURNAL_COPY_DAYS else None


def check_folders(home: Path) -> None:
    """Refuse a journal folder (or its folder of kept copies) that is a link or not a folder."""
    for folder in (journal_dir(home), files_dir(home)):
        safeio.refuse_link(home, folder)
        if folder.exists() and not folder.is_dir():
            raise StorageError(
                _(
                    "{path} in {home} is not a folder; exitplan keeps its journal there, so "
                    "nothing was read or changed. Move it away and try again"
                ).format(path=folder.relative_to(home), home=home)
            )


def ensure_dir(home: Path) -> Path:
    """The journal's folder, created private (0700) if it is missing."""
    folder = journal_dir(home)
    check_folders(home)
    try:
        home.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
        folder.mkdir(mode=PRIVATE_FOLDER, exist_ok=True)
        system.protect_folder(folder)
    except OSError as exc:
        raise StorageError(
            _("cannot create {folder} ({reason})").format(folder=folder, reason=os_reason(exc))
        ) from None
    return folder
