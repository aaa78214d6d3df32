"""The journal commands: `exitplan log` add, list, show, amend, attach, verify, fingerprint, export.

Entry text is never taken from the command line: at a terminal each field is asked for in turn,
and from a pipe one entry is read as TOML.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from exitplan.base.i18n import N_, _
from exitplan.cli import keyboard, logfiles
from exitplan.cli.common import (
    JsonOpt,
    env_of,
    render,
    say,
    stream_is_terminal,
)
from exitplan.cli.logfiles import Meter
from exitplan.cli.talk import helptext
from exitplan.views.words import long_day

if TYPE_CHECKING:
    from exitplan.service.journal import Written
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
NumberArg = Annotated[int, typer.Argument(metavar="N", help=N_("The entry's number."), min=1)]


def _ws(ctx: typer.Context) -> Workspace:
    return env_of(ctx).ws


def _ask_entry(ws: Workspace, title: str) -> Mapping[str, object]:
    """Each field asked in turn at a terminal (Enter skips), or one TOML entry from a pipe.

    At a terminal each answer is checked as it is typed and asked again on a fault, so an
    entry is never refused at the end for one answer.
    """
    from exitplan.service import journal as logbook

    if not keyboard.someone_typing():
        # At most the limit and one byte: `< /dev/zero` is refused at once, never held whole.
        return logbook.read_toml(ws, keyboard.piped_bytes(logbook.ENTRY_LIMIT + 1))
    from exitplan.cli.prompts import ask_checked

    say(title)
    say(_(INTRO))
    say(_(CLOCK).format(today=long_day(logbook.clock_day(ws))))
    fields: dict[str, object] = {}
    used = 0
    for name, question in logbook.entry_questions():

        def check(answer: str, name: str = name, used: int = used) -> logbook.Answer | None:
            return logbook.check_typed(ws, name, answer, used)

        again = _("Please type it again, or press Enter to leave it out.")
        checked = ask_checked(question, check, again=again, free=True)
        if checked is not None:
            fields[name] = checked
            used += logbook.answer_bytes(name, checked)
    return logbook.read_fields(ws, fields)


@app.callback()
@helptext(
    N_(
        "Your journal: dated entries, kept in order and provably unchanged.\n"
        "\n"
        "'exitplan log' alone lists the entries. Example: exitplan log add"
    )
)
def log_callback(ctx: typer.Context) -> None:
    if ctx.invoked_subcommand is None:
        ctx.invoke(list_entries, ctx=ctx, as_json=False)


def _told(written: Written) -> None:
    """Say which copies left by a stopped attach were erased before writing."""
    for path in written.removed:
        say(
            _(
                "Erased {path}: a copy kept by an attach that was stopped before its record "
                "was written."
            ).format(path=path)
        )


@app.command("add")
@helptext(
    N_(
        "Write a new entry. Asks each question in turn; from a pipe, reads "
        "one entry as TOML.\n"
        "\n"
        "Example: exitplan log add (or: exitplan log add < entry.toml)"
    )
)
def add(ctx: typer.Context) -> None:
    from exitplan.service import journal as logbook

    ws = _ws(ctx)
    logbook.check_private(ws)
    logbook.sealing(ws)  # an encrypted plan is unlocked before anything is typed
    fields = _ask_entry(ws, _("A new journal entry."))
    written = _saved(lambda: logbook.add(ws, fields))
    _told(written)
    echo_number(written.number)
    say(_("Kept as entry {n}.").format(n=written.number))


def echo_number(n: int) -> None:
    """The new record's number on stdout for a script; a person at the terminal reads it in the
    sentence that follows, so it is not printed twice there."""
    if not stream_is_terminal(err=False):
        typer.echo(str(n))


T = TypeVar("T")


def _saved(write: Callable[[], T]) -> T:
    """Save typed answers; when the disk refuses (full, say), keep them in memory and offer to
    try again at the terminal, so nothing typed is lost. Never written anywhere in plain."""
    from exitplan.base.errors import StorageError
    from exitplan.cli.prompts import ask

    while True:
        try:
            return write()
        except StorageError as exc:
            if not keyboard.someone_typing():
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


@app.command("list")
@helptext(N_("List the entries in the order they happened. Example: exitplan log list"))
def list_entries(ctx: typer.Context, as_json: JsonOpt = False) -> None:
    from exitplan.service import journal as logbook

    render(logbook.entry_list(_ws(ctx)), json=as_json, plain=env_of(ctx).plain)


@app.command("show")
@helptext(
    N_("Show one entry in full, with its corrections and files. Example: exitplan log show 3")
)
def show(ctx: typer.Context, n: NumberArg, as_json: JsonOpt = False) -> None:
    from exitplan.service import journal as logbook

    render(logbook.entry_shown(_ws(ctx), n), json=as_json, plain=env_of(ctx).plain)


@app.command("amend")
@helptext(
    N_("Add a correction to an entry; the original stays as it was. Example: exitplan log amend 3")
)
def amend(ctx: typer.Context, n: NumberArg) -> None:
    from exitplan.service import journal as logbook

    ws = _ws(ctx)
    logbook.require_entry(ws, n)  # a wrong number is refused before asking
    fields = _ask_entry(ws, _("A correction to entry {n}.").format(n=n))
    written = _saved(lambda: logbook.amend(ws, n, fields))
    _told(written)
    place = logbook.corrections(ws, n)
    echo_number(written.number)
    say(
        _(
            "Kept as correction {place} to entry {n} (record {record}); entry {n} itself is "
            "unchanged."
        ).format(place=place, n=n, record=written.number)
    )


@app.command("attach")
@helptext(
    N_(
        "Keep a copy of a file with an entry, with its SHA-256. The original "
        "is not changed.\n"
        "\n"
        "Any size the disk has room for: a long video too. Example: exitplan "
        "log attach 3 photo.jpg"
    )
)
def attach(
    ctx: typer.Context,
    n: NumberArg,
    file: Annotated[Path, typer.Argument(metavar="FILE", help=N_("The file to keep a copy of."))],
) -> None:
    from exitplan.service import journal as logbook

    ws = _ws(ctx)
    try:
        size = file.expanduser().stat().st_size
    except OSError:
        size = 0  # the journal says plainly what is wrong with the file
    meter = Meter(size, _("Keeping a copy"))
    try:
        written = logbook.attach(ws, n, file, meter)
    finally:
        meter.close()
    _told(written)
    sealed = logbook.sealing(ws) is not None
    echo_number(written.number)
    from exitplan.base.safetext import one_line

    message = (
        _("Kept an encrypted copy of {name} with entry {n}, as record {record}.")
        if sealed
        else _("Kept a copy of {name} with entry {n}, as record {record}.")
    )
    say(message.format(name=one_line(file.name), n=n, record=written.number))
    say(
        _(
            "The command you typed holds the path of {name}, and your shell may keep it in its "
            "history: in bash, run history -c just before you close this terminal."
        ).format(name=one_line(file.name))
    )


@app.command("verify")
@helptext(
    N_(
        "Check that no entry was changed, removed or reordered, and re-hash "
        "every kept file (exit 1 if anything differs). Records cut off the "
        "end show only with --against.\n"
        "\n"
        "Example: exitplan log verify --against 12:ABCD-EFGH-IJKL-MNOP-QRSV"
    )
)
def verify(
    ctx: typer.Context,
    against: Annotated[
        str | None,
        typer.Option(
            "--against",
            metavar="FINGERPRINT",
            help=N_(
                "Also check the journal still extends a fingerprint noted earlier "
                "(the whole fingerprint)."
            ),
            show_default=False,
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    from exitplan.service import journal as logbook

    ws = _ws(ctx)
    meter = Meter(logbook.copy_sizes(ws), _("Checking the kept files"))
    try:
        check = logbook.chain_check(ws, against, meter)
    finally:
        meter.close()
    render(check, json=as_json, plain=env_of(ctx).plain)
    if not check.ok:
        raise logbook.not_intact(check)


@app.command("fingerprint")
@helptext(
    N_(
        "A short fingerprint of the journal to write down or give to an "
        "advocate.\n"
        "\n"
        "Later, 'exitplan log verify --against FINGERPRINT' shows the journal "
        "still extends it."
    )
)
def fingerprint(ctx: typer.Context, as_json: JsonOpt = False) -> None:
    from exitplan.service import journal as logbook

    render(logbook.fingerprint(_ws(ctx)), json=as_json, plain=env_of(ctx).plain)


app.command("export")(logfiles.export)
app.command("file")(logfiles.save_file)
app.command("copy")(logfiles.copy)
