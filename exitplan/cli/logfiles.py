"""Getting the journal out: `log export` (a page, or a folder with every attached file) and
`log file` (one attached file), and the progress line long jobs show at a terminal.

Registered on the `log` app by `exitplan.cli.log`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import N_, _
from exitplan.cli.common import env_of, say
from exitplan.cli.talk import helptext
from exitplan.service.logexport import ExportFormat


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
        from exitplan.service.logexport import size_text
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
    from exitplan.service import logexport

    ws = env_of(ctx).ws
    if (output is None) == (folder is None):
        raise typer.BadParameter(
            _("exitplan log export needs --output FILE or --folder FOLDER (one of them)")
        )
    if folder is not None:
        meter = Meter(logexport.copy_sizes(ws), _("Saving the attached files"))
        try:
            done = logexport.export_folder(ws, folder.expanduser(), fmt or "html", meter)
        finally:
            meter.close()
        _say_all(done.notes)
        if done.failure is not None:
            raise ExitplanError(done.failure)
        return
    assert output is not None  # for the type checker: one of them is given
    _say_all(logexport.export_file(ws, output.expanduser(), fmt, force=force))


def _say_all(notes: tuple[str, ...]) -> None:
    for note in notes:
        say(note)


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
    from exitplan.service import logexport

    ws = env_of(ctx).ws
    target = output.expanduser() if output is not None else None
    chosen = logexport.file_to_save(ws, n, target, force=force)
    meter = Meter(chosen.size, _("Saving the file"))
    try:
        notes = logexport.save_file(ws, chosen, meter)
    finally:
        meter.close()
    _say_all(notes)


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
    from exitplan.service import logexport

    ws = env_of(ctx).ws
    target = (folder if folder is not None else _asked_folder()).expanduser().absolute()
    meter = Meter(logexport.copy_sizes(ws), _("Copying the journal"))
    try:
        notes = logexport.sealed_copy(ws, target, meter)
    finally:
        meter.close()
    _say_all(notes)


def _asked_folder() -> Path:
    """The copy's folder, asked at a terminal (kept out of shell history); refused elsewhere."""
    from exitplan.cli import keyboard
    from exitplan.cli.prompts import ask_checked

    if not keyboard.someone_typing():
        raise typer.BadParameter(
            _("exitplan log copy needs --folder FOLDER when not at a terminal")
        )
    return ask_checked(
        _("The folder for the sealed copy (a USB stick, say)"),
        lambda text: Path(text.strip()) if text.strip() else _no_folder(),
        free=True,
    )


def _no_folder() -> Path:
    raise ExitplanError(_("give a folder, or press Ctrl-C to stop"))
