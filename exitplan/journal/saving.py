"""Getting kept files back out: one attached file, or the whole journal with its files.

A kept copy is opened (unsealed when it is sealed), streamed to a private temp file beside its
target and hashed on the way; it takes its place only if its SHA-256 is the one recorded when
it was attached, so what comes out is exactly what went in, or nothing. Names are made safe for
any file system: no folders, no control characters, no name that hides (a leading dot) or that
Windows reserves, at most 150 characters, and two files of the same name told apart by their
record numbers. The files written are plain (never sealed) and readable by their owner only.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path

from exitplan.base.errors import StorageError, os_reason
from exitplan.base.i18n import _
from exitplan.base.safetext import UNSAFE_RANGES
from exitplan.disk import atomic, system
from exitplan.journal.attachments import Progress, read_copy
from exitplan.journal.entry import JournalError
from exitplan.journal.sealing import Sealing
from exitplan.journal.shapes import Record

MAX_NAME = 150
_RESERVED = re.compile(r"^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$", re.I)
# Every unsafe character (a direction override would show `photo\u202egpj.exe` as
# photoexe.jpg) and what a file system refuses in a name.
_UNSAFE = re.compile(f"[{UNSAFE_RANGES}" + r'/\\:*?"<>|]')


def safe_file_name(name: object, n: int) -> str:
    """A name a file may have on any system, from an attachment's recorded name (n: its
    record number, used when nothing of the name is left)."""
    text = unicodedata.normalize("NFC", str(name))
    text = _UNSAFE.sub("_", text).strip().strip(".")
    if not text or _RESERVED.match(text):
        text = f"file-{n}" + (f"-{text}" if text else "")
    if len(text) > MAX_NAME:
        stem, dot, suffix = text.rpartition(".")
        keep = f".{suffix}" if dot and len(suffix) <= 10 else ""
        text = (stem if keep else text)[: MAX_NAME - len(keep)] + keep
    # 150 letters of another script can pass the 255 bytes a file system allows in a name.
    return system.cap_name(text)


def attachment_record(records: Sequence[Record], n: int) -> Record:
    """The attachment record numbered n, or a JournalError saying what n is instead."""
    for record in records:
        if record.get("n") != n:
            continue
        if "damaged" in record:
            raise JournalError(
                _("record {n} cannot be read ({why})").format(n=n, why=record["damaged"])
            )
        if record.get("kind") != "attach":
            raise JournalError(
                _(
                    "record {n} is an entry or a correction, not an attached file; "
                    "'exitplan log show' lists each entry's files with their numbers"
                ).format(n=n)
            )
        return record
    raise JournalError(_("there is no record {n} in the journal").format(n=n))


def save_copy(
    home: Path,
    record: Record,
    target: Path,
    sealing: Sealing | None,
    progress: Progress | None = None,
) -> None:
    """Write the file kept for an attachment record to `target`, checked against its hash."""
    want = record.get("file", {}).get("sha256")
    folder = target.parent
    digest = hashlib.sha256()
    try:
        # A decrypted copy is written under a name of its own, locked while it is written: what a
        # killed save left here is erased first, and a signal erases this one (base.signals).
        with atomic.replacing(target, scrub=True, partial=True) as temp:
            for chunk in read_copy(home, record, sealing, progress):
                digest.update(chunk)
                temp.file.write(chunk)
            if digest.hexdigest() != want:
                raise JournalError(
                    _(
                        "the copy kept for record {n} no longer matches the SHA-256 recorded "
                        "when it was attached, so it was not saved; 'exitplan log verify' says "
                        "more"
                    ).format(n=record.get("n"))
                )
    except OSError as exc:
        raise StorageError(
            _("could not write {path} ({reason})").format(path=target, reason=os_reason(exc))
        ) from None
    atomic.fsync_dir(folder)


def export_names(records: Sequence[Record]) -> dict[int, str]:
    """Record number -> the safe name each attached file gets in an export folder, unique
    (case-insensitively) by adding the record number to a name met before."""
    names: dict[int, str] = {}
    taken: set[str] = set()
    for record in records:
        if record.get("kind") != "attach" or "damaged" in record:
            continue
        n = int(record["n"])
        name = safe_file_name(record.get("file", {}).get("name", ""), n)
        if name.lower() in taken:
            stem, dot, suffix = name.rpartition(".")
            name = f"{stem} (record {n}).{suffix}" if dot and stem else f"{name} (record {n})"
        taken.add(name.lower())
        names[n] = name
    return names


def save_all(
    home: Path,
    records: Sequence[Record],
    folder: Path,
    sealing: Sealing | None,
    progress: Progress | None = None,
    on_problem: Callable[[str], None] | None = None,
) -> dict[int, str]:
    """Save every attached file into `folder` under its export name; the names of those saved.

    A copy that is missing or no longer matches its hash is left out and told to `on_problem`;
    every other file is still saved."""
    saved = {}
    for n, name in export_names(records).items():
        record = next(r for r in records if r.get("n") == n)
        try:
            save_copy(home, record, folder / name, sealing, progress)
        except JournalError as exc:
            if on_problem is not None:
                on_problem(str(exc))
            continue
        saved[n] = name
    return saved
