"""Getting the journal out: `log export` (a page, or a folder with every attached file) and
`log file` (one attached file), and the progress line long jobs show at a terminal.

Registered on the `log` app by `exitplan.cli.log`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Literal

import typer

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import N_, _, ngettext
from exitplan.cli.common import env_of, say
from exitplan.cli.talk import helptext


class Meter:
    """A progress line on stderr at a terminal, shown only once a job has taken a moment."""

    DELAY = 1.0  # seconds before the line appears: a quick job shows nothing

    def __init__(self, total: int, words: str) -> None:
        import time

        from exitplan.cli.common import stream_is_terminal

        self.total, self.words, self.done = total, words, 0
        self.live = stream_is_terminal(err=True) and total > 0
        self.start = time.monotonic()
        self.shown = False
        self._last = 0.0

    def __call__(self, count: int) -> None:
        """Count bytes done; redraw at most a few times a second."""
        import time

        self.done += count
        if not self.live:
            return
        now = time.monotonic()
        if now - self.start < self.DELAY or now - self._last < 0.2:
            return
        self._last = now
        from exitplan.journal.attachments import size_text
        from exitplan.service.terminal import width

        percent = min(100, self.done * 100 // self.total)
        line = _("{words}: {done} of {total} ({percent}%)").format(
            words=self.words,
            done=size_text(self.done),
            total=size_text(self.total),
            percent=percent,
        )
        sys.stderr.write("\r" + line[: width() - 1] + "\x1b[K")
        sys.stderr.flush()
        self.shown = True

    def close(self) -> None:
        """Clear the line, so what follows starts on a clean one."""
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


# The extensions `log export --output` reads its format from, and the document formats a page
# would only pretend to be (the same list `summary` refuses).
EXPORT_BY_SUFFIX = {".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html"}
EXPORT_BY_SUFFIX |= {".json": "json"}
PAGE_NAMES = {"markdown": "journal.md", "html": "journal.html", "json": "journal.json"}
ExportFormat = Literal["markdown", "html", "json"]


def export_format(target: Path | None, fmt: ExportFormat | None) -> str:
    """The format to write: --format, else the --output name's extension, else Markdown."""
    from exitplan.service.summary import NOT_WRITTEN

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


@helptext(
    N_(
        "Write the whole journal for a lawyer or advocate, with hashes and "
        "how to check them.\n"
        "\n"
        "Example: exitplan log export --output journal.html (or, with every "
        "attached file: exitplan log export --folder journal-for-lawyer)"
    )
)
def export(
    ctx: typer.Context,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help=N_("The file to write (private, mode 0600). Its name chooses the format."),
            dir_okay=False,
            show_default=False,
        ),
    ] = None,
    folder: Annotated[
        Path | None,
        typer.Option(
            "--folder",
            metavar="FOLDER",
            help=N_("Write a new folder: the page, and every attached file under its own name."),
            file_okay=False,
            show_default=False,
        ),
    ] = None,
    fmt: Annotated[
        ExportFormat | None,
        typer.Option(
            "--format",
            "-f",
            help=N_(
                "markdown, html or json. Default: from the --output name (.md, .html, "
                ".json); html in a --folder."
            ),
            show_default=False,
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help=N_("Replace the file if it exists."))
    ] = False,
) -> None:
    from exitplan.service import journal as logbook
    from exitplan.service import outputs

    ws = env_of(ctx).ws
    if (output is None) == (folder is None):
        raise typer.BadParameter(
            _("exitplan log export needs --output FILE or --folder FOLDER (one of them)")
        )
    if folder is not None:
        _export_folder(ctx, folder.expanduser(), fmt or "html")
        return
    assert output is not None  # for the type checker: one of them is given
    target = output.expanduser()
    chosen = export_format(target, fmt)
    outputs.check_target(ws.store, target, force=force)
    text = logbook.export_text(ws, chosen)
    outputs.write_private(target, text.encode("utf-8"))
    ws.remember_outside([(target, "journal")])
    say(
        _(
            "Saved the journal ({format}) to {path}. It holds everything you wrote: keep it "
            "private."
        ).format(format=chosen, path=target)
    )
    if logbook.sealing(ws) is not None:
        say(_("Note: this export is NOT encrypted, although your journal is."))


def _export_folder(ctx: typer.Context, target: Path, fmt: str) -> None:
    from exitplan.journal.export import export as page
    from exitplan.journal.saving import save_all
    from exitplan.service import journal as logbook
    from exitplan.service import outputs

    ws = env_of(ctx).ws
    outputs.check_target(ws.store, target, force=False, folder=True)
    found = logbook.records(ws)
    seal = logbook.sealing(ws)
    problems: list[str] = []
    outputs.make_private_folder(target)
    files = target / "files"
    meter = Meter(logbook.copy_sizes(ws), _("Saving the attached files"))
    try:
        saved = {}
        if any(r.get("kind") == "attach" for r in found):
            outputs.make_private_folder(files)
            saved = save_all(ws.home, found, files, seal, meter, problems.append)
    finally:
        meter.close()
    name = PAGE_NAMES[fmt]
    outputs.write_private(target / name, page(found, fmt, ws.now(), saved).encode("utf-8"))
    ws.remember_outside(
        [(target / name, "journal"), *((files / kept, "attached") for kept in saved.values())]
    )
    count = len(saved)
    say(
        ngettext(
            "Saved the journal to {folder}: {page} and {count} attached file in files/, "
            "checked against its SHA-256. It holds everything you wrote: keep it private.",
            "Saved the journal to {folder}: {page} and {count} attached files in files/, "
            "each checked against its SHA-256. It holds everything you wrote: keep it private.",
            count,
        ).format(folder=target, page=name, count=count)
    )
    if seal is not None:
        say(_("Note: this export is NOT encrypted, although your journal is."))
    if problems:
        raise ExitplanError(
            ngettext(
                "{count} attached file was not saved: {problems}",
                "{count} attached files were not saved: {problems}",
                len(problems),
            ).format(count=len(problems), problems="; ".join(problems))
        )


@helptext(
    N_(
        "Save one attached file back out, exactly as it was kept (checked "
        "against its SHA-256).\n"
        "\n"
        "Example: exitplan log file 4 --output ~/Desktop/photo.jpg"
    )
)
def save_file(
    ctx: typer.Context,
    n: Annotated[
        int,
        typer.Argument(
            metavar="N", help=N_("The file's record number (as 'log show' gives)."), min=1
        ),
    ],
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help=N_("Where to save it. Default: its original name, in this folder."),
            dir_okay=False,
            show_default=False,
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help=N_("Replace the file if it exists."))
    ] = False,
) -> None:
    from exitplan.journal.saving import attachment_record, safe_file_name, save_copy
    from exitplan.service import journal as logbook
    from exitplan.service import outputs

    ws = env_of(ctx).ws
    record = attachment_record(logbook.records(ws), n)
    name = safe_file_name(record.get("file", {}).get("name", ""), n)
    target = output.expanduser() if output is not None else Path.cwd() / name
    outputs.check_target(ws.store, target, force=force)
    seal = logbook.sealing(ws)
    meter = Meter(int(record.get("file", {}).get("size", 0) or 0), _("Saving the file"))
    try:
        save_copy(ws.home, record, target, seal, meter)
    finally:
        meter.close()
    ws.remember_outside([(target, "attached")])
    say(_("Saved file {n} to {path}, checked against its SHA-256.").format(n=n, path=target))
    if seal is not None:
        say(_("Note: this copy is NOT encrypted, although your journal is."))


@helptext(
    N_(
        "Keep a sealed copy of the journal elsewhere, on a USB stick say. It opens only with "
        "the passphrase, and replaces the copy made there before.\n"
        "\n"
        "The copy is itself a folder exitplan reads: exitplan --home FOLDER log list. Where it "
        "is is not kept; when it was made is, so status can remind you when it is old. "
        "Example: exitplan log copy --folder /media/usb/journal"
    )
)
def copy(
    ctx: typer.Context,
    folder: Annotated[
        Path | None,
        typer.Option(
            "--folder",
            metavar="FOLDER",
            help=N_(
                "Where to keep the copy: a new or empty folder, or the copy made there before. "
                "Asked at a terminal when not given (kept out of shell history)."
            ),
            file_okay=False,
            show_default=False,
        ),
    ] = None,
) -> None:
    from exitplan.cli import keyboard
    from exitplan.cli.prompts import ask_checked
    from exitplan.service import journal as logbook

    ws = env_of(ctx).ws
    if folder is None and not keyboard.someone_typing():
        raise typer.BadParameter(
            _("exitplan log copy needs --folder FOLDER when not at a terminal")
        )
    if folder is None:
        folder = ask_checked(
            _("The folder for the sealed copy (a USB stick, say)"),
            lambda text: Path(text.strip()) if text.strip() else _no_folder(),
            free=True,
        )
    target = folder.expanduser().absolute()
    meter = Meter(logbook.copy_sizes(ws), _("Copying the journal"))
    try:
        copied = logbook.copy_elsewhere(ws, target, meter)
    finally:
        meter.close()
    records = ngettext("{n} record", "{n} records", copied.records).format(n=copied.records)
    files = ngettext("{n} kept file", "{n} kept files", copied.files).format(n=copied.files)
    say(
        _(
            "Copied the journal, sealed, to {folder}: {records} and {files}, each read back and "
            "checked. It opens only with the passphrase your plan has now: exitplan --home "
            "{folder} log list"
        ).format(folder=target, records=records, files=files)
    )
    say(
        _(
            "exitplan does not keep where the copy is. Keep it where your partner cannot reach "
            "it, and make a new one now and then: status says when it is old."
        )
    )


def _no_folder() -> Path:
    raise ExitplanError(_("give a folder, or press Ctrl-C to stop"))
