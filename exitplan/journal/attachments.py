"""Files attached to journal entries: hashed, copied at constant memory, sealed in chunks.

``attach`` records the file's name, size, modification time and SHA-256 in a new chain record
linked to an entry, and keeps a copy in ``<home>/journal/files/<record number>``. The original is
only ever opened for reading; links and anything but a regular file are refused. There is no
size limit but the disk's: a phone video of several GiB is read, hashed and copied one chunk at
a time, and a copy the disk has no room for is refused before anything is written.

A copy holds the file's bytes as they are in a plain journal, and is sealed in chunks with the
plan's data key (:mod:`exitplan.crypto.stream`) in a sealed one. The copy is written (to a temp
file, then renamed) before its record, so a kill in between leaves a copy without a record: the
next write to the journal, and ``encrypt``, ``passphrase`` and ``decrypt``, erase it and say so.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path

from exitplan.base.errors import StorageError, os_reason
from exitplan.base.i18n import _
from exitplan.base.limits import PRIVATE_FOLDER, SEALED_COPY_MARK
from exitplan.base.safetext import one_line
from exitplan.crypto.stream import sealed_copy_size
from exitplan.disk import atomic, safeio, system
from exitplan.journal.entry import JournalError, check_text
from exitplan.journal.listing import FILES_DIR, ensure_dir, files_dir, journal_dir
from exitplan.journal.records import (
    append_record,
    entry_record,
    next_number,
    read_records,
)
from exitplan.journal.sealing import Sealing
from exitplan.journal.shapes import FileFacts, Record
from exitplan.journal.times import utc_text

__all__ = [
    "FILES_DIR",
    "attach",
    "attach_data",
    "check_copies",
    "copy_path",
    "erase",
    "read_copy",
]

BLOCK = 1024 * 1024  # bytes read from a file at a time
STREAM_MAGIC = SEALED_COPY_MARK  # crypto.stream.STREAM_MAGIC: told apart without the crypto
# Room left free on the disk beyond the copy itself (its record, the file system's own needs):
# sized to the copy, so a small file is never refused on a nearly full stick for a room it would
# not use (the review: 300 kB refused with 2.8 MB free).
_MIN_HEADROOM = 64 * 1024
_MAX_HEADROOM = 16 * 1024 * 1024


def headroom(size: int) -> int:
    """The room a copy of `size` bytes needs beyond itself: 64 KiB and a sixteenth of it, at
    most 16 MiB."""
    return min(_MAX_HEADROOM, _MIN_HEADROOM + size // 16)


Progress = Callable[[int], None]


def copy_path(home: Path, n: int) -> Path:
    """Where the copy kept for attachment record n lives (a neutral number, no name)."""
    return files_dir(home) / f"{n:06d}"


def _open_original(path: Path) -> tuple[int, os.stat_result]:
    """A descriptor of the file to attach: a regular file, never a link, never blocking."""
    try:
        if safeio.is_link(path):
            raise JournalError(_("{name} is a link; attach the file itself").format(name=path.name))
        fd = safeio.open_regular(path)
    except FileNotFoundError:
        raise JournalError(_("there is no file {path}").format(path=path)) from None
    except OSError as exc:
        if exc.strerror == safeio.NOT_REGULAR_REASON or exc.errno == errno.EISDIR:
            raise JournalError(
                _("{name} is not a regular file; only files can be attached").format(name=path.name)
            ) from None
        raise JournalError(
            _("cannot read {path} ({reason})").format(path=path, reason=os_reason(exc))
        ) from None
    return fd, os.fstat(fd)


def _pieces(fd: int, progress: Progress | None = None) -> Iterator[bytes]:
    while piece := os.read(fd, BLOCK):
        if progress is not None:
            progress(len(piece))
        yield piece


def _check_room(folder: Path, need: int, name: str) -> None:
    """Refuse calmly, before writing, a copy the disk has no room for."""
    free = system.free_bytes(folder)
    if free is None:
        return
    if need + headroom(need) > free:
        raise JournalError(
            _(
                "there is not enough room on this disk to keep a copy of {name}: it needs "
                "{need}, and {free} is free. Nothing was added; free some space, or keep the "
                "plan on a larger drive (--home)"
            ).format(name=name, need=size_text(need + headroom(need)), free=size_text(free))
        )


def size_text(size: int) -> str:
    """A size as a person reads it: '812 bytes', '4.2 MB', '3.1 GB' (powers of 1000)."""
    if size < 1000:
        return _("{n} bytes").format(n=size)
    value = float(size)
    for unit in ("kB", "MB", "GB"):
        value /= 1000
        if value < 999.95:
            return f"{value:.1f} {unit}"
    return f"{value / 1000:.1f} TB"


def attach(
    home: Path,
    n: int,
    path: Path,
    now: datetime,
    sealing: Sealing | None = None,
    progress: Progress | None = None,
) -> int:
    """Record FILE against entry n and keep a copy (sealed when ``sealing`` is given)."""
    name = one_line(path.name)
    check_text(_("file name"), name)
    entry_record(read_records(home, sealing), n)
    fd, info = _open_original(path)
    try:

        def unchanged(size: int) -> None:
            after = os.fstat(fd)
            if size != info.st_size or after.st_mtime_ns != info.st_mtime_ns:
                raise JournalError(
                    _(
                        "{name} changed while it was being copied; nothing was added, try again"
                    ).format(name=name)
                )

        mtime = datetime.fromtimestamp(info.st_mtime, UTC)
        pieces = _pieces(fd, progress)
        return _keep(home, n, name, pieces, info.st_size, mtime, now, sealing, unchanged)
    finally:
        os.close(fd)


def attach_data(
    home: Path, n: int, name: str, data: bytes, now: datetime, sealing: Sealing | None = None
) -> int:
    """Record bytes exitplan itself made (a phone's own output, say) against entry n, kept and
    hashed exactly as a file would be; its time is ``now``."""
    name = one_line(name)
    check_text(_("file name"), name)
    entry_record(read_records(home, sealing), n)
    pieces = (data[i : i + BLOCK] for i in range(0, len(data), BLOCK))
    return _keep(home, n, name, pieces, len(data), now, now, sealing, None)


def _keep(
    home: Path,
    n: int,
    name: str,
    pieces: Iterator[bytes],
    expected: int,
    mtime: datetime,
    now: datetime,
    sealing: Sealing | None,
    check: Callable[[int], None] | None,
) -> int:
    """Copy `pieces` (hashed on the way) into the next record's kept copy, then write the
    record; the copy is erased again if anything fails, so no copy is left without a record."""
    folder = _ensure_files_dir(home)
    target = copy_path(home, next_number(home))
    need = expected
    if sealing is not None:
        need = sealed_copy_size(expected, sealing.chunk)
    _check_room(folder, need, name)
    digest = hashlib.sha256()
    size = 0

    def hashed() -> Iterator[bytes]:
        nonlocal size
        for piece in pieces:
            digest.update(piece)
            size += len(piece)
            yield piece

    write_copy(target, hashed(), sealing, name)
    if check is not None:
        try:
            check(size)
        except BaseException:
            erase(target)
            raise
    file: FileFacts = {
        "name": name,
        "size": size,
        "mtime": utc_text(mtime),
        "sha256": digest.hexdigest(),
        "copy": f"{FILES_DIR}/{target.name}",
    }
    try:
        written = append_record(home, {"kind": "attach", "entry": n, "file": file}, now, sealing)
    except BaseException:
        erase(target)  # never a copy without its record, when it can be helped
        raise
    if written != int(target.name):  # pragma: no cover - only if another writer skipped the lock
        raise JournalError(_("another exitplan wrote to the journal at the same time; try again"))
    return written


def write_copy(
    target: Path,
    pieces: Iterable[bytes],
    sealing: Sealing | None,
    name: str,
    check: Callable[[], None] | None = None,
    *,
    again: bool = False,
) -> None:
    """Write a copy (plain or sealed) to a temp file beside `target`, sync it, let `check`
    refuse it (by raising), then rename it over `target`. `again`: the copy is being sealed
    again (encrypt, passphrase, decrypt), so a failure says it was left as it was."""
    failure = _again_failure if again else _failure
    folder = target.parent
    try:
        with atomic.replacing(target, scrub=True) as temp:
            for part in pieces if sealing is None else sealing.seal_copy(pieces):
                temp.file.write(part)
            if check is not None:
                temp.file.flush()
                check()
    except OSError as exc:
        raise StorageError(failure(name, exc)) from None
    atomic.fsync_dir(folder)


def _again_failure(name: str, exc: OSError) -> str:
    reason = _("the disk is full") if exc.errno == errno.ENOSPC else (os_reason(exc))
    return _(
        "could not seal the copy of {name} again ({reason}); it was left as it was, and every "
        "file still opens. Free some space and run the same command again to finish"
    ).format(name=name, reason=reason)


def _failure(name: str, exc: OSError) -> str:
    reason = _("the disk is full") if exc.errno == errno.ENOSPC else (os_reason(exc))
    return _("could not keep a copy of {name} ({reason}); nothing was added").format(
        name=name, reason=reason
    )


def _ensure_files_dir(home: Path) -> Path:
    ensure_dir(home)
    folder = files_dir(home)
    try:
        folder.mkdir(mode=PRIVATE_FOLDER, exist_ok=True)
        system.protect_folder(folder)
    except OSError as exc:
        raise StorageError(_failure(FILES_DIR, exc)) from None
    return folder


def erase(path: Path) -> None:
    """Overwrite a file with zeros and delete it (a link or a FIFO is only deleted)."""
    with contextlib.suppress(OSError):
        safeio.overwrite(path)
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


# -- reading copies --------------------------------------------------------------------------


def copy_file(home: Path, record: Record) -> Path:
    copy = record.get("file", {}).get("copy", "")
    if not isinstance(copy, str) or not re.fullmatch(rf"{FILES_DIR}/\d{{6,}}", copy):
        raise JournalError(_("record {n} does not name a kept copy").format(n=record.get("n")))
    return journal_dir(home) / copy


def read_copy(
    home: Path,
    record: Record,
    sealing: Sealing | None = None,
    progress: Progress | None = None,
) -> Iterator[bytes]:
    """The kept copy of an attachment record, chunk by chunk (opened when it is sealed).

    The copy is opened like every file of the home: a regular file, no link followed, never
    blocking. JournalError names the record when the copy is missing, not a file, or damaged."""
    n = record.get("n")
    path = copy_file(home, record)
    try:
        fd = safeio.open_regular(path)
    except FileNotFoundError:
        raise JournalError(_("the copy kept for record {n} is missing").format(n=n)) from None
    except OSError as exc:
        raise JournalError(
            _("the copy kept for record {n} cannot be read: {reason}").format(
                n=n, reason=os_reason(exc)
            )
        ) from None
    try:
        total = os.fstat(fd).st_size
        head = system.read_at(fd, len(STREAM_MAGIC), 0)
        if head != STREAM_MAGIC:
            if sealing is not None and not sealing.stopped:
                # Put there by someone else: exitplan writes no plain copy in a sealed journal.
                raise JournalError(
                    _(
                        "the copy kept for record {n} is in plain text in an encrypted journal, "
                        "where exitplan writes none, so it was not read; 'exitplan log verify' "
                        "names it"
                    ).format(n=n)
                )
            yield from _pieces(fd, progress)
            return
        if sealing is None:
            raise JournalError(_("the attachment is encrypted; unlock it first"))

        def read(size: int) -> bytes:
            data = os.read(fd, size)
            if progress is not None:
                progress(len(data))
            return data

        try:
            yield from sealing.open_copy(read, total)
        except JournalError:
            raise
        except Exception:  # whatever the seal raises: another key, a changed or cut copy
            raise JournalError(_("the copy kept for record {n} is damaged").format(n=n)) from None
    finally:
        os.close(fd)


def copy_is_sealed(home: Path, record: Record) -> bool | None:
    """Whether an attachment's copy is sealed (None: there is no readable copy)."""
    try:
        head = safeio.read_capped(copy_file(home, record), len(STREAM_MAGIC))
    except (OSError, JournalError):
        return None
    return head[: len(STREAM_MAGIC)] == STREAM_MAGIC


def check_copies(
    home: Path,
    records: Sequence[Record],
    sealing: Sealing | None = None,
    progress: Progress | None = None,
) -> list[str]:
    """Re-hash every kept copy against its record; one plain line per copy that differs.

    In a sealed journal, a copy in plain text is named as well (it was left or put there)."""
    problems = []
    for record in records:
        if record.get("kind") != "attach" or "damaged" in record:
            continue
        file = record.get("file", {})
        digest = hashlib.sha256()
        try:
            for chunk in read_copy(home, record, sealing, progress):
                digest.update(chunk)
        except JournalError as exc:
            problems.append(str(exc))
            continue
        if digest.hexdigest() != file.get("sha256"):
            problems.append(
                _("the copy of {name} (record {n}) changed").format(
                    name=file.get("name"), n=record.get("n")
                )
            )
        elif sealing is not None and copy_is_sealed(home, record) is False:
            problems.append(
                _("the copy kept for record {n} is in plain text in an encrypted journal").format(
                    n=record.get("n")
                )
            )
    return problems
