"""The journal of a data home via the workspace: sealed with the plan, written under its lock.

The journal core (`journal`, `attachments`) works on a folder and takes the sealing as two
callables; this room supplies them from the plan (`codec`) and holds the store's lock around every
write, so two runs never give two records the same number and a failing write leaves nothing.

A journal needs no plan: someone may want only the journal. Without a plan the home is created
private (0700), as `init` would, and the records are plain; once the plan is encrypted, every new
record and kept copy is sealed with the plan's key. Nothing here prints.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from exitplan.journal.records import JournalError, Seal, journal_dir, record_path

if TYPE_CHECKING:
    from exitplan.journal.chain import Verification
    from exitplan.service.workspace import Workspace

Codec = tuple[Seal | None, Seal | None]


def codec(ws: Workspace) -> Codec:
    """(seal, unseal) for the journal of this plan: None, None when the plan is not encrypted.

    The one place that knows how the journal is sealed: it unlocks the plan (asking for the
    passphrase once) and seals with the plan's data key (`KeySession.codec`). A journal whose
    records are sealed while no encrypted plan is beside it (a stopped decrypt) is opened with the
    key file.
    """
    from exitplan.base.limits import SEALED_MARK

    store = ws.store
    if store.key is None and store.is_encrypted():
        store.load()  # unlocks: the key session keeps the data key that opened the plan
    if store.key is None:
        first = _head_of_first_record(ws.home)
        if first is None or not first.startswith(SEALED_MARK):
            return None, None
        store.keys.unlock_key_file()
    sealer, unsealer = store.keys.codec()
    if sealer is None or unsealer is None:  # pragma: no cover - unlocking sets the key or raises
        return None, None
    opened = unsealer

    def opener(data: bytes) -> bytes:
        # A record written before the plan was encrypted stays readable: the chain covers the
        # plain bytes, so it is checked exactly like a sealed one.
        return data if not data.startswith(SEALED_MARK) else opened(data)

    return sealer, opener


def _head_of_first_record(home: Path) -> bytes | None:
    """The first bytes of record 1 (one open, no listing of the folder), or None."""
    try:
        with record_path(home, 1).open("rb") as handle:
            return handle.read(256)
    except OSError:
        return None


def is_sealed(ws: Workspace) -> bool:
    """Whether new records are sealed (the plan is encrypted, or the journal already is)."""
    return codec(ws)[0] is not None


def check_private(ws: Workspace) -> None:
    """Refuse a home or journal folder that other users could read."""
    ws.store.check_private(journal_dir(ws.home))


def records(ws: Workspace) -> list[dict[str, Any]]:
    """Every record, opened with the plan's key when it is encrypted (never writes)."""
    from exitplan.journal.records import read_records

    check_private(ws)
    return read_records(ws.home, codec(ws)[1])


def reference_now(ws: Workspace) -> datetime:
    """The time an entry's 'when' is read and checked against: this computer's clock, the one
    that stamps the record (`--today` rehearses the plan; it never moves the journal's clock)."""
    return ws.now()


def read_fields(ws: Workspace, raw: Mapping[str, object]) -> dict[str, Any]:
    """An entry's fields, checked (unknown keys, bad dates, empty entries refused)."""
    from exitplan.journal.entry import validate_fields

    return validate_fields(raw, reference_now(ws))


def read_toml(ws: Workspace, text: str | bytes) -> dict[str, Any]:
    """An entry given as TOML, checked."""
    from exitplan.journal.entry import parse_entry_toml

    return parse_entry_toml(text, reference_now(ws))


def _locked(ws: Workspace, write: Callable[[Seal | None, Seal | None], int]) -> int:
    from exitplan.journal.records import sweep_temp_files

    seal, unseal = codec(ws)
    with ws.store.locked():
        check_private(ws)
        sweep_temp_files(ws.home)
        return write(seal, unseal)


def add(ws: Workspace, fields: Mapping[str, Any]) -> int:
    """Append a new entry; return its number."""
    from exitplan.journal import records as journal

    now = ws.now()
    return _locked(ws, lambda s, u: journal.add(ws.home, fields, now, seal=s, unseal=u))


def add_with_files(
    ws: Workspace, fields: Mapping[str, Any], files: list[tuple[str, bytes]]
) -> tuple[int, list[int]]:
    """Append a new entry and attach the given (name, bytes) to it, all under one lock; return
    the entry's number and the attachments' numbers."""
    from exitplan.journal import attachments
    from exitplan.journal import records as journal

    now = ws.now()
    kept: list[int] = []

    def write(seal: Seal | None, unseal: Seal | None) -> int:
        n = journal.add(ws.home, fields, now, seal=seal, unseal=unseal)
        kept.extend(
            attachments.attach_data(ws.home, n, name, data, now, seal=seal, unseal=unseal)
            for name, data in files
        )
        return n

    return _locked(ws, write), kept


def amend(ws: Workspace, n: int, fields: Mapping[str, Any]) -> int:
    """Append a correction to entry n (the original is never changed); return its number."""
    from exitplan.journal import records as journal

    now = ws.now()
    return _locked(ws, lambda s, u: journal.amend(ws.home, n, fields, now, seal=s, unseal=u))


def attach(ws: Workspace, n: int, path: Path) -> int:
    """Record a file against entry n and keep a copy (sealed when the plan is); its number."""
    from exitplan.journal import attachments

    now = ws.now()
    source = path.expanduser()
    if ws.store.owns(source) or _inside(source, journal_dir(ws.home)):
        raise JournalError(f"{source} is one of exitplan's own files; attach the original")
    return _locked(ws, lambda s, u: attachments.attach(ws.home, n, source, now, seal=s, unseal=u))


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except OSError:  # pragma: no cover - resolve only fails on odd file systems
        return False


def verify(ws: Workspace, against: str | None = None) -> tuple[Verification, list[str]]:
    """The chain checked (and against a fingerprint noted earlier); every kept copy re-hashed."""
    from exitplan.journal.attachments import check_copies
    from exitplan.journal.chain import parse_fingerprint
    from exitplan.journal.records import verify as verify_chain

    if against is not None:
        parse_fingerprint(against)  # nonsense is refused before anything is unlocked
    found = records(ws)
    result = verify_chain(found, against)
    copies = check_copies(ws.home, found, codec(ws)[1]) if result.ok else []
    return result, copies


def export_text(ws: Workspace, fmt: str) -> str:
    """The whole journal as markdown, html or json text."""
    from exitplan.journal.export import FORMATS, export

    if fmt not in FORMATS:
        raise JournalError(f"'{fmt}' is not an export format; use one of: {', '.join(FORMATS)}")
    return export(records(ws), fmt, ws.now())
