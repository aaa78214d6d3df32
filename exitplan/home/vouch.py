"""What an encrypted home trusts: a sealed file, or a plain one a sealed marker vouches for.

Once a home is encrypted, exitplan writes nothing in plain text there, so a plain file is either
(1) one an unfinished `encrypt` has not sealed yet, or (2) one someone else put there. Only the
key tells them apart: before `encrypt` seals anything (before it even writes `plan.key`), it
writes `plan.vouch`, sealed with the new key, listing the SHA-256 of every plain file of the
home as it was then (plan, backups, own checklists, journal records). A resumed `encrypt` seals
a plain file only when that list holds its exact bytes; a plain file read in an encrypted home
is read only when the list holds it; `plan.vouch` is deleted once the plan itself is sealed.

Anything else plain in an encrypted home is named as not written by exitplan: it is never read
as the person's, never sealed, never listed or restored as a backup. An own checklist the person
did put there on purpose is adopted with `exitplan checklists --adopt NAME` (the passphrase is
asked), which seals it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING

from exitplan.base.i18n import _
from exitplan.base.limits import JOURNAL_DIR, JOURNAL_FILES_DIR, SEALED_MARK, VOUCH_FILE
from exitplan.crypto.datakey import open_with_any, seal_with
from exitplan.crypto.vault import VaultError
from exitplan.disk import atomic, safeio

if TYPE_CHECKING:
    from exitplan.crypto.datakey import DataKey
    from exitplan.home.keys import SealedFiles

MAX_VOUCH_BYTES = 16 * 1024 * 1024
MAX_FILE = 64 * 1024 * 1024


def vouch_path(home: Path) -> Path:
    """Where the marker is, while an encrypt is unfinished."""
    return home / VOUCH_FILE


def digest(data: bytes) -> str:
    """The SHA-256 the marker keeps for a file's bytes."""
    return hashlib.sha256(data).hexdigest()


def relative(home: Path, path: Path) -> str:
    """A file's name in the marker: its path relative to the home, with forward slashes."""
    return path.relative_to(home).as_posix()


def plain_digests(store: SealedFiles, home: Path) -> dict[str, str]:
    """{name: SHA-256} of every plain file an encrypt would seal (the kept copies of attached
    files are vouched for by their records, which hold their SHA-256)."""
    found: dict[str, str] = {}
    for path in store.all_private_files():
        if path.is_relative_to(home / JOURNAL_FILES_DIR) or path.parent == home / "cache":
            continue
        with contextlib.suppress(OSError):
            data = safeio.read_capped(path, MAX_FILE)
            if len(data) <= MAX_FILE and not data.startswith(SEALED_MARK):
                found[relative(home, path)] = digest(data)
    return found


def write_vouch(home: Path, key: DataKey, digests: dict[str, str]) -> None:
    """Write the marker, sealed with `key` (before `plan.key` is, on a first encrypt)."""
    body = json.dumps({"v": 1, "files": digests}, sort_keys=True).encode()
    atomic.write_atomic(vouch_path(home), seal_with(body, key))


def read_vouch(home: Path, keys: tuple[DataKey, ...]) -> dict[str, str]:
    """{name: SHA-256} the marker vouches for; empty when there is none, or it does not open
    with these keys (then it vouches for nothing)."""
    try:
        data = safeio.read_capped(vouch_path(home), MAX_VOUCH_BYTES)
        files = json.loads(open_with_any(data, keys)).get("files", {})
    except (OSError, ValueError, VaultError, AttributeError):
        return {}
    if not isinstance(files, dict):
        return {}
    return {str(k): str(v) for k, v in files.items()}


def drop_vouch(home: Path) -> None:
    """Delete the marker once the plan is sealed (an encrypt that finished)."""
    path = vouch_path(home)
    if safeio.is_link(path) or path.exists():
        with contextlib.suppress(OSError):
            safeio.overwrite(path)
        path.unlink(missing_ok=True)
        atomic.fsync_dir(home)


def journal_vouched(home: Path, keys: tuple[DataKey, ...]) -> frozenset[str]:
    """The SHA-256 of each plain journal record the marker vouches for."""
    prefix = JOURNAL_DIR + "/"
    return frozenset(v for k, v in read_vouch(home, keys).items() if k.startswith(prefix))


def not_vouched(path: Path, home: Path) -> str:
    """The one line for a plain file in an encrypted home that nothing sealed vouches for."""
    return _(
        "{name} in {home} is in plain text in an encrypted plan, and exitplan did not write it "
        "(nothing sealed vouches for it), so it was not read, sealed or used; move it out of the "
        "data folder"
    ).format(name=relative(home, path), home=home)
