"""Attachments to journal entries: a hashed record in the chain and a kept copy in the home.

``attach`` records the file's name, size, modification time and SHA-256 in a new chain record
linked to an entry, and keeps a copy in ``<home>/journal/files/<record number>``. The original is
only ever opened for reading; symlinks and anything but a regular file are refused; the limit is
``MAX_ATTACHMENT_BYTES`` (256 MiB). Files are streamed, never loaded whole.

A sealed copy is ``COPY_MAGIC`` followed by chunks, each ``u32 length (big-endian)`` +
``seal(chunk plaintext)``, where a chunk plaintext is ``u64 index`` + ``u8 last`` + up to 1 MiB
of the file. Binding the index and the last flag inside each sealed chunk means chunks cannot be
moved, dropped or cut off without the copy failing to open.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import struct
import tempfile
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from exitplan.base.errors import StorageError
from exitplan.journal.entry import JournalError, check_text
from exitplan.journal.records import (
    Seal,
    append_record,
    entry_record,
    journal_dir,
    next_number,
    read_records,
)

MAX_ATTACHMENT_BYTES = 256 * 1024 * 1024
CHUNK = 1024 * 1024
COPY_MAGIC = b"EXPJATT1"
FILES_DIR = "files"
_HEAD = struct.Struct(">QB")
_LEN = struct.Struct(">I")


def copy_path(home: Path, n: int) -> Path:
    """Where the copy kept for attachment record n lives (a neutral number, no name)."""
    return journal_dir(home) / FILES_DIR / f"{n:06d}"


def _open_original(path: Path) -> tuple[int, os.stat_result]:
    if path.is_symlink():
        raise JournalError(f"{path.name} is a link; attach the file itself")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise JournalError(f"there is no file {path}") from None
    except OSError as exc:
        raise JournalError(f"cannot read {path.name} ({exc.strerror or exc})") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise JournalError(f"{path.name} is not a regular file; only files can be attached")
    if info.st_size > MAX_ATTACHMENT_BYTES:
        os.close(fd)
        raise JournalError(
            f"{path.name} is larger than {MAX_ATTACHMENT_BYTES // (1024 * 1024)} MiB, "
            "the most a journal attachment can be"
        )
    return fd, info


def _chunks(fd: int) -> Iterator[tuple[bytes, bool]]:
    """(chunk, is_last) pairs, reading one chunk ahead; one empty last chunk for an empty file."""
    current = os.read(fd, CHUNK)
    while True:
        following = os.read(fd, CHUNK) if current else b""
        last = not following
        yield current, last
        if last:
            return
        current = following


def attach(
    home: Path,
    n: int,
    path: Path,
    now: datetime,
    *,
    seal: Seal | None = None,
    unseal: Seal | None = None,
) -> int:
    """Record FILE against entry n and keep a copy (sealed when ``seal`` is given)."""
    name = check_text("file name", path.name)
    records = read_records(home, unseal)
    entry_record(records, n)
    fd, info = _open_original(path)
    try:

        def unchanged(size: int) -> None:
            after = os.fstat(fd)
            if size != info.st_size or after.st_mtime_ns != info.st_mtime_ns:
                raise JournalError(f"{name} changed while it was being copied; try again")

        mtime = datetime.fromtimestamp(info.st_mtime, UTC)
        return _keep(home, n, name, _chunks(fd), mtime, now, seal, unseal, unchanged)
    finally:
        os.close(fd)


def attach_data(
    home: Path,
    n: int,
    name: str,
    data: bytes,
    now: datetime,
    *,
    seal: Seal | None = None,
    unseal: Seal | None = None,
) -> int:
    """Record bytes exitplan itself made (a phone's own output, say) against entry n, kept and
    hashed exactly as a file would be; its time is ``now``."""
    name = check_text("file name", name)
    if len(data) > MAX_ATTACHMENT_BYTES:
        raise JournalError(f"{name} is larger than the most a journal attachment can be")
    entry_record(read_records(home, unseal), n)
    pieces = [data[i : i + CHUNK] for i in range(0, len(data), CHUNK)] or [b""]
    chunks = ((piece, i == len(pieces) - 1) for i, piece in enumerate(pieces))
    return _keep(home, n, name, chunks, now, now, seal, unseal, None)


def _keep(
    home: Path,
    n: int,
    name: str,
    chunks: Iterator[tuple[bytes, bool]],
    mtime: datetime,
    now: datetime,
    seal: Seal | None,
    unseal: Seal | None,
    check: Callable[[int], None] | None,
) -> int:
    """Copy the chunks to the next kept copy (sealed when asked), then chain its record."""
    target_n = next_number(home)
    target = copy_path(home, target_n)
    digest = hashlib.sha256()
    size = 0
    try:
        folder = _ensure_files_dir(home)
        tmp_fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
        tmp = Path(tmp_name)
        try:
            with os.fdopen(tmp_fd, "wb") as out:
                if seal is not None:
                    out.write(COPY_MAGIC)
                for index, (chunk, last) in enumerate(chunks):
                    digest.update(chunk)
                    size += len(chunk)
                    if size > MAX_ATTACHMENT_BYTES:
                        raise JournalError(f"{name} grew past the attachment limit while copying")
                    if seal is None:
                        out.write(chunk)
                    else:
                        sealed = seal(_HEAD.pack(index, int(last)) + chunk)
                        out.write(_LEN.pack(len(sealed)) + sealed)
                out.flush()
                os.fsync(out.fileno())
            if check is not None:
                check(size)
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()
            raise
    except OSError as exc:
        raise StorageError(f"could not keep a copy of {name} ({exc.strerror or exc})") from None
    from exitplan.home.store import fsync_dir

    fsync_dir(folder)
    stamp = mtime.astimezone(UTC).isoformat(timespec="seconds")
    file = {
        "name": name,
        "size": size,
        "mtime": stamp.replace("+00:00", "Z"),
        "sha256": digest.hexdigest(),
        "copy": f"{FILES_DIR}/{target.name}",
    }
    written = append_record(home, {"kind": "attach", "entry": n, "file": file}, now, seal, unseal)
    if written != target_n:  # pragma: no cover - only if another writer skipped the lock
        raise JournalError("another exitplan wrote to the journal at the same time; try again")
    return written


def _ensure_files_dir(home: Path) -> Path:
    folder = journal_dir(home) / FILES_DIR
    home.mkdir(mode=0o700, parents=True, exist_ok=True)
    journal_dir(home).mkdir(mode=0o700, exist_ok=True)
    journal_dir(home).chmod(0o700)
    folder.mkdir(mode=0o700, exist_ok=True)
    folder.chmod(0o700)
    return folder


def read_copy(home: Path, record: dict[str, Any], unseal: Seal | None = None) -> Iterator[bytes]:
    """The kept copy of an attachment record, chunk by chunk (unsealed when it is sealed)."""
    copy = record.get("file", {}).get("copy", "")
    if not isinstance(copy, str) or not copy.startswith(f"{FILES_DIR}/") or ".." in copy:
        raise JournalError(f"record {record.get('n')} does not name a kept copy")
    path = journal_dir(home) / copy
    try:
        handle = path.open("rb")
    except OSError:
        raise JournalError(f"the copy kept for record {record.get('n')} is missing") from None
    with handle:
        if unseal is None:
            if handle.read(len(COPY_MAGIC)) == COPY_MAGIC:
                raise JournalError("the attachment is encrypted; unlock it first")
            handle.seek(0)
            while chunk := handle.read(CHUNK):
                yield chunk
            return
        if handle.read(len(COPY_MAGIC)) != COPY_MAGIC:
            raise JournalError(f"the copy kept for record {record.get('n')} is not sealed")
        yield from _open_chunks(handle, unseal, record.get("n"))


def _open_chunks(handle: Any, unseal: Seal, n: object) -> Iterator[bytes]:
    damaged = JournalError(f"the copy kept for record {n} is damaged")
    index = 0
    while True:
        length = handle.read(_LEN.size)
        if len(length) != _LEN.size:
            raise damaged
        (size,) = _LEN.unpack(length)
        if size > CHUNK + 4096:
            raise damaged
        sealed = handle.read(size)
        try:
            plain = unseal(sealed)
        except Exception:
            raise damaged from None
        got, last = _HEAD.unpack_from(plain)
        if got != index:
            raise damaged
        yield plain[_HEAD.size :]
        if last:
            if handle.read(1):
                raise damaged
            return
        index += 1


def check_copies(
    home: Path, records: list[dict[str, Any]], unseal: Seal | None = None
) -> list[str]:
    """Re-hash every kept copy against its record; one plain line per copy that differs."""
    problems = []
    for record in records:
        if record.get("kind") != "attach" or "damaged" in record:
            continue
        file = record.get("file", {})
        digest = hashlib.sha256()
        try:
            for chunk in read_copy(home, record, unseal):
                digest.update(chunk)
        except JournalError as exc:
            problems.append(str(exc))
            continue
        if digest.hexdigest() != file.get("sha256"):
            problems.append(f"the copy of {file.get('name')} (record {record.get('n')}) changed")
    return problems


def reseal(
    home: Path,
    *,
    unseal_old: Seal | None,
    seal_new: Seal | None,
    unseal_new: Seal | None,
) -> int:
    """Re-seal every record and kept copy under a new key (or to plain, or from plain) for
    `encrypt`, `passphrase` and `decrypt`; return how many files were rewritten.

    The chain covers the plain bytes, so it is unchanged. Each file is replaced atomically, and
    a file that already opens with ``unseal_new`` is left alone, so a run cut short is finished
    by running it again. Record content is never changed, only its sealing.
    """
    from exitplan.home.store import write_atomic
    from exitplan.journal.listing import numbered

    done = 0
    for n, path in numbered(home):
        data = path.read_bytes()
        if _opens(data, unseal_new, plain_ok=unseal_new is None):
            continue
        plain = data if unseal_old is None else unseal_old(data)
        record = json.loads(plain)
        if record.get("kind") == "attach" and not _copy_opens(home, record, unseal_new):
            _reseal_copy(home, n, record, unseal_old, seal_new)  # the copy first, then its record
        write_atomic(path, plain if seal_new is None else seal_new(plain))
        done += 1
    return done


def _copy_opens(home: Path, record: dict[str, Any], unseal: Seal | None) -> bool:
    try:
        for _chunk in read_copy(home, record, unseal):
            pass
    except JournalError:
        return False
    return True


def _opens(data: bytes, unseal: Seal | None, *, plain_ok: bool) -> bool:
    if plain_ok:
        return not data.startswith((b"\x89EXPLVT\x00", COPY_MAGIC)) and data[:1] == b"{"
    if unseal is None:  # pragma: no cover - plain_ok covers it
        return False
    try:
        unseal(data)
    except Exception:  # whatever the seal raises for a file it did not seal
        return False
    return True


def _reseal_copy(
    home: Path, n: int, record: dict[str, Any], unseal_old: Seal | None, seal_new: Seal | None
) -> None:
    """Stream the copy of attachment n from the old sealing to the new one."""
    path = copy_path(home, n)
    if not path.is_file():
        return
    folder = path.parent
    tmp_fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(tmp_fd, "wb") as out:
            if seal_new is not None:
                out.write(COPY_MAGIC)
            chunks = read_copy(home, record, unseal_old)
            current = next(chunks, b"")
            index = 0
            while True:
                following = next(chunks, None)
                if seal_new is None:
                    out.write(current)
                else:
                    sealed = seal_new(_HEAD.pack(index, int(following is None)) + current)
                    out.write(_LEN.pack(len(sealed)) + sealed)
                if following is None:
                    break
                current, index = following, index + 1
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        raise
