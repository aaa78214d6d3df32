"""The journal commands: `exitplan log` add, list, show, amend, attach, verify, fingerprint, export.

Entry text is never taken from the command line: at a terminal each field is asked for in turn,
and from a pipe one entry is read as TOML.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

import typer

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import N_, _
from exitplan.cli.common import (
    JsonOpt,
    Output,
    echo_lines,
    env_of,
    long_date,
    render_result,
    say,
    stream_is_terminal,
)

if TYPE_CHECKING:
    from exitplan.service.workspace import Workspace

app = typer.Typer(
    name="log",
    invoke_without_command=True,
    no_args_is_help=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

INTRO = N_(
    "This journal is for yourself first; record only what you want. "
    "Press Enter to skip any question, Ctrl-C to stop without saving."
)
CLOCK = N_(
    "Times are read by this computer's clock: today is {today}. "
    "A rehearsed day (--today) does not change it."
)
NumberArg = Annotated[int, typer.Argument(metavar="N", help="The entry's number.", min=1)]


def _ws(ctx: typer.Context) -> Workspace:
    return env_of(ctx).ws


def at_terminal() -> bool:
    """Whether someone is typing (stdin is a terminal), rather than a pipe or a file."""
    return sys.stdin.isatty()


def _ask_entry(ws: Workspace, title: str) -> dict[str, Any]:
    """Each field asked in turn at a terminal (Enter skips), or one TOML entry from a pipe.

    At a terminal each answer is checked as it is typed and asked again on a fault, so an
    entry is never refused at the end for one answer.
    """
    from exitplan.service import journal as logbook

    if not at_terminal():
        return logbook.read_toml(ws, sys.stdin.buffer.read())
    from exitplan.cli.prompts import ask_checked
    from exitplan.journal.entry import FIELDS, QUESTIONS, answer_size, check_answer, local_now

    say(title)
    say(_(INTRO))
    say(_(CLOCK).format(today=long_date(local_now(ws.now()).date())))
    fields: dict[str, Any] = {}
    used = 0
    for name in FIELDS:

        def check(answer: str, name: str = name, used: int = used) -> Any:
            return check_answer(name, answer, logbook.reference_now(ws), used)

        again = _("Please type it again, or press Enter to leave it out.")
        checked = ask_checked(_(QUESTIONS[name]), check, again=again)
        if checked is not None:
            fields[name] = checked
            used += answer_size(name, checked)
    return logbook.read_fields(ws, fields)


@app.callback()
def log_callback(ctx: typer.Context) -> None:
    """Your journal: dated entries, kept in order and provably unchanged.

    'exitplan log' alone lists the entries. Example: exitplan log add
    """
    if ctx.invoked_subcommand is None:
        ctx.invoke(list_entries, ctx=ctx, as_json=False)


@app.command("add")
def add(ctx: typer.Context) -> None:
    """Write a new entry. Asks each question in turn; from a pipe, reads one entry as TOML.

    Example: exitplan log add   (or: exitplan log add < entry.toml)
    """
    from exitplan.service import journal as logbook

    ws = _ws(ctx)
    logbook.check_private(ws)
    logbook.codec(ws)  # an encrypted plan is unlocked before anything is typed
    fields = _ask_entry(ws, _("A new journal entry."))
    n = _saved(lambda: logbook.add(ws, fields))
    echo_number(n)
    say(_("Kept as entry {n}.").format(n=n))


def echo_number(n: int) -> None:
    """The new record's number on stdout for a script; a person at the terminal reads it in the
    sentence that follows, so it is not printed twice there."""
    if not stream_is_terminal(err=False):
        typer.echo(str(n))


def _saved(write: Callable[[], int]) -> int:
    """Save typed answers; when the disk refuses (full, say), keep them in memory and offer to
    try again at the terminal, so nothing typed is lost. Never written anywhere in plain."""
    from exitplan.base.errors import StorageError
    from exitplan.cli.prompts import ask

    while True:
        try:
            return write()
        except StorageError as exc:
            if not at_terminal():
                raise
            for line in exc.lines():
                say(line)
        say(
            _(
                "Your answers are still here, held in memory only (nothing of them is on the "
                "disk). Make some room, then press Enter to try saving again; Ctrl-C stops "
                "without saving."
            )
        )
        ask(_("Press Enter to try again"), stopped=STOPPED_UNSAVED)


STOPPED_UNSAVED = N_("Stopped. The entry was not saved; nothing was changed.")


def _list_lines(views: list[dict[str, Any]]) -> list[str]:
    from exitplan.journal.records import timeline

    lines = []
    for moment in timeline(views):
        tail = f"  [{moment.added}]" if moment.added else ""
        lines.append(f"{moment.number:>4}  {moment.when:<22}  {moment.what}{tail}")
    return lines


@app.command("list")
def list_entries(ctx: typer.Context, as_json: JsonOpt = False) -> None:
    """List the entries in the order they happened. Example: exitplan log list"""
    from exitplan.journal import records as journal
    from exitplan.service import journal as logbook

    views = journal.list_entries(logbook.records(_ws(ctx)))
    notes = [] if views else ["The journal is empty. 'exitplan log add' writes an entry."]
    render_result(Output(views, echo_lines(_list_lines(views)), notes), as_json)


def _show_lines(view: dict[str, Any]) -> list[str]:
    from exitplan.journal.entry import FIELDS, QUESTIONS, when_words

    def fields(values: dict[str, Any]) -> list[str]:
        out = []
        for name in FIELDS:
            if name in values:
                value = values[name]
                text = when_words(value) if name == "when" else value
                if name == "when" and value.get("approximate"):
                    text += " (approximate)"
                label = QUESTIONS[name].split(" (")[0]
                out.append(f"{label}: " + str(text).replace("\n", "\n    "))
        return out

    lines = [f"Entry {view['number']}, written {view['recorded']}", *fields(view["fields"])]
    for amendment in view["amendments"]:
        lines += ["", f"Correction {amendment['number']}, written {amendment['recorded']}"]
        lines += fields(amendment["fields"])
    for att in view["attachments"]:
        file = att["file"]
        lines += [
            "",
            f"File {att['number']}: {file['name']}, {file['size']} bytes, SHA-256 {file['sha256']}",
        ]
    lines += ["", f"hash {view['hash']}", f"previous {view['prev']}"]
    return lines


@app.command("show")
def show(ctx: typer.Context, n: NumberArg, as_json: JsonOpt = False) -> None:
    """Show one entry in full, with its corrections and files. Example: exitplan log show 3"""
    from exitplan.journal import records as journal
    from exitplan.service import journal as logbook

    view = journal.show_entry(logbook.records(_ws(ctx)), n)
    render_result(Output(view, echo_lines(_show_lines(view))), as_json)


@app.command("amend")
def amend(ctx: typer.Context, n: NumberArg) -> None:
    """Add a correction to an entry; the original stays as it was. Example: exitplan log amend 3"""
    from exitplan.journal import records as journal
    from exitplan.service import journal as logbook

    ws = _ws(ctx)
    journal.entry_record(logbook.records(ws), n)  # a wrong number is refused before asking
    fields = _ask_entry(ws, _("A correction to entry {n}.").format(n=n))
    written = _saved(lambda: logbook.amend(ws, n, fields))
    echo_number(written)
    say(f"Kept as correction {written} to entry {n}; entry {n} itself is unchanged.")


@app.command("attach")
def attach(
    ctx: typer.Context,
    n: NumberArg,
    file: Annotated[Path, typer.Argument(metavar="FILE", help="The file to keep a copy of.")],
) -> None:
    """Keep a copy of a file with an entry, with its SHA-256. The original is not changed.

    Files up to 256 MiB. Example: exitplan log attach 3 photo.jpg
    """
    from exitplan.service import journal as logbook

    ws = _ws(ctx)
    written = logbook.attach(ws, n, file)
    sealed = " (encrypted)" if logbook.is_sealed(ws) else ""
    typer.echo(str(written))
    say(f"Kept a copy{sealed} of {file.name} with entry {n}, as record {written}.")


@app.command("verify")
def verify(
    ctx: typer.Context,
    against: Annotated[
        str | None,
        typer.Option(
            "--against",
            metavar="FINGERPRINT",
            help="Also check the journal still extends a fingerprint noted earlier.",
            show_default=False,
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Check that no entry was changed, removed or reordered (exit 1 if one was).

    Example: exitplan log verify --against 12:ABCD-EFGH-IJKL-MNOP-QRST
    """
    from exitplan.service import journal as logbook

    result, copies = logbook.verify(_ws(ctx), against)
    from exitplan.journal.entry import JournalError

    data = {**result.as_dict(), "copies": copies, "ok": result.ok and not copies}
    if data["ok"]:
        lines = [result.message, f"Fingerprint: {result.fingerprint}"]
        render_result(Output(data, echo_lines(lines)), as_json)
        return
    if as_json:
        render_result(Output(data, lambda: None), as_json)
    if not result.ok:
        reason = f"{result.message} (fingerprint of the intact part: {result.fingerprint})"
    else:
        reason = "; ".join(copies)
    raise JournalError(f"the journal is not intact: {reason}")


@app.command("fingerprint")
def fingerprint(ctx: typer.Context, as_json: JsonOpt = False) -> None:
    """A short fingerprint of the journal to write down or give to an advocate.

    Later, 'exitplan log verify --against FINGERPRINT' shows the journal still extends it.
    """
    from exitplan.service import journal as logbook

    result, _copies = logbook.verify(_ws(ctx))
    if not result.ok:
        raise ExitplanError(
            f"the journal is not intact ({result.message}); 'exitplan log verify' says more"
        )
    data = {"fingerprint": result.fingerprint, "entries": result.entries, "records": result.records}
    lines = [result.fingerprint]
    notes = [f"{result.message}. Note it somewhere only you, or someone you trust, can see."]
    render_result(Output(data, echo_lines(lines), notes), as_json)


@app.command("export")
def export(
    ctx: typer.Context,
    output: Annotated[
        Path,
        typer.Option(
            "--output", "-o", help="The file to write (private, mode 0600).", dir_okay=False
        ),
    ],
    fmt: Annotated[
        Literal["markdown", "html", "json"],
        typer.Option("--format", "-f", help="markdown, html or json."),
    ] = "markdown",
    force: Annotated[bool, typer.Option("--force", help="Replace the file if it exists.")] = False,
) -> None:
    """Write the whole journal for a lawyer or advocate, with hashes and how to check them.

    Example: exitplan log export --format html --output journal.html
    """
    from exitplan.disk.atomic import write_atomic
    from exitplan.service import journal as logbook

    ws = _ws(ctx)
    target = output.expanduser()
    if ws.store.owns(target) or logbook._inside(target, ws.home / "journal"):
        raise ExitplanError(f"{target} is one of exitplan's own files; choose another name")
    if not target.parent.is_dir():
        raise ExitplanError(f"cannot write {target}: the folder {target.parent} does not exist")
    if (target.exists() or target.is_symlink()) and not force:
        raise ExitplanError(f"{target} already exists; use --force to replace it")
    text = logbook.export_text(ws, fmt)
    write_atomic(target, text.encode("utf-8"))
    target.chmod(0o600)
    say(f"Saved the journal to {target}. It holds everything you wrote: keep it private.")
    if logbook.is_sealed(ws):
        say("Note: this export is NOT encrypted, although your journal is.")
