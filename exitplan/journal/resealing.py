"""Re-sealing the journal for `encrypt`, `passphrase` and `decrypt`: every record and kept copy
moved to another key (or to plain text), in an order that a kill at any moment cannot confuse.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from exitplan.base.i18n import _
from exitplan.base.limits import SEALED_MARK
from exitplan.disk import atomic, safeio
from exitplan.journal.attachments import STREAM_MAGIC, copy_file, read_copy, write_copy
from exitplan.journal.entry import JournalError
from exitplan.journal.listing import FILES_DIR, check_folders, record_path
from exitplan.journal.records import file_bytes, read_journal
from exitplan.journal.sealing import Sealing
from exitplan.journal.shapes import Record
from exitplan.journal.strays import remove_orphans

__all__ = ["Resealed", "reseal"]


class Resealed(NamedTuple):
    """What a re-sealing of the journal did."""

    done: int  # record and copy files rewritten
    left: list[str]  # files left as they are, each with why (relative to the home)
    removed: list[str]  # copies without a record, erased


def reseal(
    home: Path,
    *,
    opener: Sealing | None,
    target: Sealing | None,
    backwards: bool = False,
) -> Resealed:
    """Re-seal every record and kept copy for `encrypt`, `passphrase` and `decrypt`: to
    `target`'s key, or to plain text when `target` is None.

    `opener` opens what is sealed now, and says (its `stopped`) whether plain records in front
    of the sealed ones are the person's. Records go from the last to the first (`backwards`,
    for encrypt) or from the first on, so that a stopped run always leaves plain records in
    front of sealed ones; an attachment's copy goes before its record. A file already in its
    target form is left alone, so a run cut short is finished by running it again. A record
    that cannot be read, opened or trusted, and a copy that no longer matches its recorded
    SHA-256, are left as they are and named. The chain covers the plain bytes, so it is
    unchanged. Call it under the store's lock.
    """
    check_folders(home)
    journal = read_journal(home, opener)
    left = [
        _("{path} ({why})").format(path=f"journal/{r['n']:06d}.rec", why=r["damaged"])
        for r in journal.records
        if "damaged" in r
    ]
    removed = remove_orphans(home, journal.records)
    done = 0
    good = [r for r in journal.records if "damaged" not in r]
    for record in reversed(good) if backwards else good:
        n = record["n"]
        if record.get("kind") == "attach":
            try:
                done += _reseal_copy(home, record, opener, target)
            except JournalError as exc:
                left.append(str(exc))
        done += _reseal_record(home, n, record, target)
    return Resealed(done, left, removed)


def _in_target(head: bytes, target: Sealing | None, magic: bytes) -> bool:
    """Whether a file's first bytes show it is already in its target form."""
    if target is None:
        return head[: len(magic)] != magic
    key_id = head[len(magic) + 1 : len(magic) + 1 + len(target.key.key_id)]
    return head[: len(magic)] == magic and key_id == target.key.key_id


def _reseal_record(home: Path, n: int, record: Record, target: Sealing | None) -> int:
    path = record_path(home, n)
    if _in_target(safeio.read_capped(path, 64), target, SEALED_MARK):
        return 0
    plain = file_bytes(record)
    atomic.write_atomic(path, plain if target is None else target.seal(plain))
    return 1


def _reseal_copy(home: Path, record: Record, opener: Sealing | None, target: Sealing | None) -> int:
    """Stream an attachment's copy to its target form, checking its SHA-256 on the way."""
    path = copy_file(home, record)
    try:
        head = safeio.read_capped(path, 64)
    except OSError:
        head = b""
    if head and _in_target(head, target, STREAM_MAGIC):
        return 0
    digest = hashlib.sha256()

    def hashed() -> Iterator[bytes]:
        for piece in read_copy(home, record, opener):
            digest.update(piece)
            yield piece

    def check() -> None:
        if digest.hexdigest() != record.get("file", {}).get("sha256"):
            raise JournalError(
                _("{path} (it no longer matches the SHA-256 recorded for it)").format(
                    path=f"journal/{FILES_DIR}/{path.name}"
                )
            )

    write_copy(path, hashed(), target, str(record.get("file", {}).get("name")), check, again=True)
    return 1
