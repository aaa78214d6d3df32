"""The files exitplan wrote outside its folder (`summary --output`, `log export`, `log file`),
each with its SHA-256: kept in `outside.json` in the data directory, sealed when the plan is.

`wipe` reads this list to name those files and, one by one with the person's yes, to erase the
ones whose content is still what exitplan wrote. In a plain home the list is only as
trustworthy as the folder: anyone who can write there can change it, so a file is erased only
when its content still matches the hash (a changed file is named and left alone).
"""

from __future__ import annotations

import hashlib
import json
import os
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Literal, NamedTuple

from exitplan.base.errors import PlanError, os_reason
from exitplan.base.i18n import _
from exitplan.base.limits import OUTSIDE_FILE
from exitplan.disk.safeio import open_regular, overwrite, read_capped
from exitplan.home.keys import is_plain

if TYPE_CHECKING:
    from exitplan.home.store import Store

MAX_LIST_BYTES = 4 * 1024 * 1024  # tens of thousands of paths: never a real list
_CHUNK = 1024 * 1024

Kind = Literal["summary", "journal", "attached"]
State = Literal["same", "changed", "gone"]


class Written(NamedTuple):
    """One file exitplan wrote outside its folder."""

    path: str  # absolute
    sha256: str
    kind: Kind
    at: str  # when it was written, ISO 8601


def list_path(store: Store) -> Path:
    """Where the list lives in the data directory."""
    return store.home / OUTSIDE_FILE


def file_hash(path: Path) -> str | None:
    """The SHA-256 of a regular file (never through a link), or None when there is none."""
    try:
        fd = open_regular(path)  # never a link, a FIFO or a device
    except OSError:
        return None
    try:
        digest = hashlib.sha256()
        while chunk := os.read(fd, _CHUNK):
            digest.update(chunk)
        return digest.hexdigest()
    except OSError:
        return None
    finally:
        os.close(fd)


def read_list(store: Store) -> list[Written]:
    """The files on the list, oldest first (none when there is no list). A sealed list asks
    for the passphrase; a damaged one is one plain error."""
    path = list_path(store)
    try:
        data = read_capped(path, MAX_LIST_BYTES + 1)
    except FileNotFoundError:
        return []
    except OSError as exc:
        reason = os_reason(exc)
        raise PlanError(
            _("{path}: cannot be read ({reason})").format(path=path, reason=reason)
        ) from None
    if len(data) > MAX_LIST_BYTES:
        raise PlanError(_("{path}: is too large to be exitplan's list").format(path=path))
    plain = store.open_sealed(data, path)
    try:
        rows = json.loads(plain.decode("utf-8"))["files"]
        return [Written(str(r["path"]), str(r["sha256"]), r["kind"], str(r["at"])) for r in rows]
    except (ValueError, KeyError, TypeError):
        raise PlanError(
            _("{path}: is damaged, so the files exitplan wrote elsewhere cannot be named").format(
                path=path
            )
        ) from None


def remember(store: Store, written: list[tuple[Path, Kind]], now: datetime) -> None:
    """Add files just written outside the folder to the list (a path written again replaces
    its entry), with their hashes. Under the lock; sealed when the plan is encrypted."""
    store.require_lock("remember()")
    store.refuse_plain_write()
    if store.home_is_encrypted():
        store.keys.unlock_key_file()
    rows = {row.path: row for row in read_list(store)}
    for path, kind in written:
        full = str(path.expanduser().absolute())
        digest = file_hash(path)
        if digest is not None:
            rows.pop(full, None)
            rows[full] = Written(full, digest, kind, now.isoformat(timespec="seconds"))
    text = json.dumps({"files": [row._asdict() for row in rows.values()]})
    store.write_file(list_path(store), (text + "\n").encode("utf-8"))


def state_of(row: Written) -> State:
    """Whether a listed file is still as exitplan wrote it, changed, or gone."""
    digest = file_hash(Path(row.path))
    if digest is None:
        return "gone" if not os.path.lexists(row.path) else "changed"
    return "same" if digest == row.sha256 else "changed"


def erase_written(row: Written) -> State:
    """Erase one listed file (zeros, then deleted; never through a link) when its content is
    still what exitplan wrote; what it was found to be ("same" means erased now)."""
    found = state_of(row)
    if found != "same":
        return found
    path = Path(row.path)
    overwrite(path)
    path.unlink()
    return "same"


def is_sealed_list(store: Store) -> bool:
    """Whether the list is there and sealed (naming its files needs the passphrase)."""
    path = list_path(store)
    return path.is_file() and not is_plain(path)
