"""Getting the journal out: `log export` (a page, or a folder with every attached file), `log
file` (one attached file) and `log copy` (a sealed copy elsewhere).

Each command's deciding lives here: the format from the option or the file's name, the target
checked (never one of exitplan's own, never over another without `--force`), the files written
privately and remembered for `wipe`, and the words said afterwards. The progress of a long job
is handed in as a callable that counts bytes (the CLI draws it). Nothing here prints: the notes
to say are returned.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import _, ngettext
from exitplan.journal.attachments import Progress, size_text
from exitplan.journal.export import export as page_text
from exitplan.journal.saving import attachment_record, safe_file_name, save_all, save_copy
from exitplan.service import journal as logbook
from exitplan.service import outputs
from exitplan.service.summary import NOT_WRITTEN

if TYPE_CHECKING:
    from exitplan.journal.sealing import Sealing
    from exitplan.journal.shapes import Record
    from exitplan.service.workspace import Workspace

__all__ = [
    "EXPORT_BY_SUFFIX",
    "PAGE_NAMES",
    "ExportFormat",
    "Progress",
    "export_file",
    "export_folder",
    "export_format",
    "file_to_save",
    "save_file",
    "sealed_copy",
    "size_text",
]

# The extensions `log export --output` reads its format from, and the document formats a page
# would only pretend to be (the same list `summary` refuses).
EXPORT_BY_SUFFIX = {".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html"}
EXPORT_BY_SUFFIX |= {".json": "json"}
PAGE_NAMES = {"markdown": "journal.md", "html": "journal.html", "json": "journal.json"}
ExportFormat = Literal["markdown", "html", "json"]


def export_format(target: Path | None, fmt: str | None) -> str:
    """The format to write: --format, else the --output name's extension, else Markdown."""
    suffix = target.suffix.lower() if target is not None else ""
    if fmt is None and suffix in NOT_WRITTEN:
        raise ExitplanError(
            _(
                "exitplan cannot write a {suffix} file; nothing was written. For a page to "
                "print or save as PDF, write .html and open it in a browser (or use .md or "
                ".json)"
            ).format(suffix=suffix)
        )
    return fmt or EXPORT_BY_SUFFIX.get(suffix, "markdown")


def _not_sealed(seal: Sealing | None, what: str) -> tuple[str, ...]:
    """The note that a plain copy left an encrypted journal (`what`: export or copy)."""
    if seal is None:
        return ()
    if what == "copy":
        return (_("Note: this copy is NOT encrypted, although your journal is."),)
    return (_("Note: this export is NOT encrypted, although your journal is."),)


def export_file(ws: Workspace, target: Path, fmt: str | None, *, force: bool) -> tuple[str, ...]:
    """`log export --output`: the whole journal as one private page; the notes to say."""
    chosen = export_format(target, fmt)
    outputs.check_target(ws.store, target, force=force)
    text = logbook.export_text(ws, chosen)
    outputs.write_private(target, text.encode("utf-8"))
    ws.remember_outside([(target, "journal")])
    saved = _(
        "Saved the journal ({format}) to {path}. It holds everything you wrote: keep it private."
    ).format(format=chosen, path=target)
    return (saved, *_not_sealed(logbook.sealing(ws), "export"))


@dataclass(frozen=True)
class FolderExport:
    """What `log export --folder` did: the notes to say, and the files it could not save (said
    last, as the command's error)."""

    notes: tuple[str, ...]
    failure: str | None = None


def export_folder(
    ws: Workspace, target: Path, fmt: str, progress: Progress | None = None
) -> FolderExport:
    """`log export --folder`: a new private folder with the page and every attached file, each
    checked against its SHA-256; a file that cannot be saved is named, the others still are."""
    outputs.check_target(ws.store, target, force=False, folder=True)
    found = logbook.records(ws)
    seal = logbook.sealing(ws)
    problems: list[str] = []
    outputs.make_private_folder(target)
    saved = _save_attached(ws, found, (target / "files", seal), progress, problems.append)
    name = PAGE_NAMES[fmt]
    outputs.write_private(target / name, page_text(found, fmt, ws.now(), saved).encode("utf-8"))
    ws.remember_outside(
        [
            (target / name, "journal"),
            *((target / "files" / kept, "attached") for kept in saved.values()),
        ]
    )
    notes = (_folder_saved(target, name, len(saved)), *_not_sealed(seal, "export"))
    return FolderExport(notes, _not_saved(problems) if problems else None)


def _save_attached(
    ws: Workspace,
    found: list[Record],
    into: tuple[Path, Sealing | None],
    progress: Progress | None,
    problem: Callable[[str], None],
) -> dict[int, str]:
    """Every attached file saved into the folder (made only when there is one), opened with the
    sealing: their names by record number."""
    if not any(record.get("kind") == "attach" for record in found):
        return {}
    files, seal = into
    outputs.make_private_folder(files)
    return save_all(ws.home, found, files, seal, progress, problem)


def _folder_saved(target: Path, page: str, count: int) -> str:
    return ngettext(
        "Saved the journal to {folder}: {page} and {count} attached file in files/, "
        "checked against its SHA-256. It holds everything you wrote: keep it private.",
        "Saved the journal to {folder}: {page} and {count} attached files in files/, "
        "each checked against its SHA-256. It holds everything you wrote: keep it private.",
        count,
    ).format(folder=target, page=page, count=count)


def _not_saved(problems: list[str]) -> str:
    return ngettext(
        "{count} attached file was not saved: {problems}",
        "{count} attached files were not saved: {problems}",
        len(problems),
    ).format(count=len(problems), problems="; ".join(problems))


@dataclass(frozen=True)
class FileToSave:
    """`log file N`: the attachment record, where its file goes, and its size (for progress)."""

    n: int
    record: Record
    target: Path
    size: int


def file_to_save(ws: Workspace, n: int, output: Path | None, *, force: bool) -> FileToSave:
    """The attached file numbered n and its target (its own safe name in the current folder
    when none is given), the target checked before anything is written."""
    record = attachment_record(logbook.records(ws), n)
    file = record.get("file", {})
    target = output if output is not None else Path.cwd() / safe_file_name(file.get("name", ""), n)
    outputs.check_target(ws.store, target, force=force)
    return FileToSave(n, record, target, int(file.get("size", 0) or 0))


def save_file(
    ws: Workspace, chosen: FileToSave, progress: Progress | None = None
) -> tuple[str, ...]:
    """Write the file out, checked against its SHA-256, remember it for `wipe`; the notes."""
    seal = logbook.sealing(ws)
    save_copy(ws.home, chosen.record, chosen.target, seal, progress)
    ws.remember_outside([(chosen.target, "attached")])
    saved = _("Saved file {n} to {path}, checked against its SHA-256.").format(
        n=chosen.n, path=chosen.target
    )
    return (saved, *_not_sealed(seal, "copy"))


def sealed_copy(ws: Workspace, target: Path, progress: Progress | None = None) -> tuple[str, ...]:
    """`log copy`: the journal copied, sealed, to `target` and read back; the notes to say."""
    copied = logbook.copy_elsewhere(ws, target, progress)
    records = ngettext("{n} record", "{n} records", copied.records).format(n=copied.records)
    files = ngettext("{n} kept file", "{n} kept files", copied.files).format(n=copied.files)
    done = _(
        "Copied the journal, sealed, to {folder}: {records} and {files}, each read back and "
        "checked. It opens only with the passphrase your plan has now: exitplan --home "
        "{folder} log list"
    ).format(folder=target, records=records, files=files)
    mind = _(
        "exitplan does not keep where the copy is. Keep it where your partner cannot reach "
        "it, and make a new one now and then: status says when it is old."
    )
    return (done, mind)


def copy_sizes(ws: Workspace) -> int:
    """The bytes a copy or a folder export reads from the kept files (for a progress line)."""
    return logbook.copy_sizes(ws)
