"""The Typer app: its commands in the order `--help` shows them, the global options, main()."""

from __future__ import annotations

import contextlib
import copy
import os
import sys
from datetime import date
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from typer.core import TyperCommand

from exitplan.base.errors import (
    DateError,
    ExitplanError,
    output_lost,
    output_lost_line,
    quiet_stdout,
)
from exitplan.base.i18n import N_, _
from exitplan.base.limits import OTHERS_BITS, PASSPHRASE_FILE_ENV, TODAY_ENV
from exitplan.cli import (
    changing,
    copies,
    exitdate,
    files,
    inventory,
    log,
    notes,
    phone,
    privacy,
    reading,
    review,
)
from exitplan.cli import region as region_cli
from exitplan.cli import situation as situation_cli
from exitplan.cli.common import (
    Env,
    say,
)
from exitplan.cli.talk import visible
from exitplan.cli.usage import PlainCommand, PlainGroup, UsageError, help_command, usage_words

# The order `exitplan --help` lists the commands in: most used first, the rare ones last.
COMMANDS: list[tuple[str, Any]] = [
    ("status", reading.status),
    ("list", reading.list_items),
    ("show", reading.show),
    ("checklists", reading.checklists),
    ("summary", reading.summary),
    ("history", reading.history),
    ("log", log.app),
    ("documents", inventory.documents),
    ("accounts", inventory.accounts),
    ("money", inventory.money),
    ("init", exitdate.init),
    ("date", exitdate.date_cmd),
    ("situation", situation_cli.situation),
    ("region", region_cli.region),
    ("phone-check", phone.phone_check),
    ("done", changing.done),
    ("undo", changing.undo),
    ("skip", changing.skip),
    ("note", notes.note),
    ("add", changing.add),
    ("review", review.review),
    ("validate", files.validate),
    ("help-now", files.help_now),
    ("encrypt", privacy.encrypt),
    ("passphrase", privacy.passphrase),
    ("decrypt", privacy.decrypt),
    ("where", privacy.where),
    ("wipe", privacy.wipe),
    ("backups", copies.backups),
    ("restore", copies.restore),
    ("help", help_command),
]
ORDER = [name for name, _ in COMMANDS]


def report_lost_output(exc: OSError) -> NoReturn:
    """Output that could not be written (`exitplan list > /dev/full`): one line, exit 1."""
    line = output_lost_line(exc)
    quiet_stdout()
    if line:
        say(line)
    raise typer.Exit(1)


def show_usage_error(exc: Any) -> NoReturn:
    """A usage error in exitplan's words (`exitplan.cli.usage`): one `Error: ...` line, wrapped
    between words at a terminal like every other message; then exit 2."""
    say(visible(_("Error: {problem}").format(problem=usage_words(exc))))
    raise typer.Exit(2)


class ExitplanGroup(PlainGroup):
    """Turns every ExitplanError into plain lines on stderr and exit code 1, and every usage
    error into our words and exit code 2; lists the commands in ORDER."""

    def make_context(self, info_name: Any, args: Any, parent: Any = None, **extra: Any) -> Any:
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except UsageError as exc:  # the global options are parsed in here
            show_usage_error(exc)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except UsageError as exc:  # a command's options are parsed in here
            show_usage_error(exc)
        except ExitplanError as exc:
            for line in exc.lines():
                # Wrapped between words at a terminal; one line when piped. What the person
                # typed, quoted back, never works on the terminal (an escape code is shown).
                say(visible(line))
            raise typer.Exit(1) from None
        except OSError as exc:
            if not output_lost(exc):
                raise
            report_lost_output(exc)
        finally:
            warn_if_rehearsal_changed(ctx)

    def list_commands(self, ctx: Any) -> list[str]:
        """Commands in the documented order, whatever order they were registered in."""
        known = super().list_commands(ctx)
        return [n for n in ORDER if n in known] + [n for n in known if n not in ORDER]


def warn_if_rehearsal_changed(ctx: Any) -> None:
    """Under a rehearsed day, say once that a change to the plan was saved for real."""
    from exitplan.cli.common import rehearsal_note
    from exitplan.service.options import plan_signature

    env = ctx.obj
    if not isinstance(env, Env) or not env.rehearsing:
        return
    after = plan_signature(env.home)
    if after is not None and after != env.plan_before:  # a wiped plan is not "saved for real"
        say(rehearsal_note(env.today))


app = typer.Typer(
    cls=ExitplanGroup,
    name="exitplan",
    help=N_(
        "A private, offline plan for leaving safely. Run 'exitplan status' to see where you are."
    ),
    add_completion=False,  # installing completion would edit shell files behind the person's back
    pretty_exceptions_enable=False,
    pretty_exceptions_show_locals=False,  # locals may hold notes or a passphrase
    invoke_without_command=True,
    # Plain help and usage errors: they match our own "Error: ..." lines and skip rich start-up.
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from exitplan import __version__

        typer.echo(f"exitplan {__version__}")
        raise typer.Exit


def _lang(value: str | None) -> str | None:
    """`--lang`: a language exitplan has a catalog for (the choice itself was made in main())."""
    from exitplan.base import i18n

    if value is None:
        return None
    code = i18n.spoken(value)
    if code is None:
        known = ", ".join(i18n.available())
        raise typer.BadParameter(
            _("'{value}' is not a language exitplan speaks; use one of: {known}").format(
                value=value, known=known
            )
        )
    i18n.install(value)  # in-process callers (tests) choose here; main() already chose the same
    return code


def _parse_today(value: str | None) -> date | None:
    from exitplan.service.options import read_today  # the glance reads 2027-01-31 the same way

    if value is None:
        return None
    try:
        return read_today(value)
    except DateError:
        raise typer.BadParameter(
            _("'{value}' is not a date: use the form 2027-01-31").format(value=value)
        ) from None


@app.callback()
def main_callback(
    ctx: typer.Context,
    home: Annotated[
        Path | None,
        typer.Option(
            "--home",
            help=N_("Keep the plan in this folder, e.g. on a USB stick (or set EXITPLAN_HOME)."),
            metavar="FOLDER",
            show_default=False,
        ),
    ] = None,
    today: Annotated[
        str | None,
        typer.Option(
            "--today",
            envvar=TODAY_ENV,
            metavar="DATE",
            help=N_("Pretend today is DATE, to rehearse what the plan will say."),
            show_default=False,
        ),
    ] = None,
    passphrase_file: Annotated[
        Path | None,
        typer.Option(
            "--passphrase-file",
            envvar=PASSPHRASE_FILE_ENV,
            metavar="FILE",
            help=N_("For scripts: read the passphrase from FILE instead of asking."),
            show_default=False,
        ),
    ] = None,
    plain: Annotated[
        bool,
        typer.Option(
            "--plain",
            help=N_(
                "Plain output for screen readers: no symbols, bars or colour "
                "(or set EXITPLAN_PLAIN=1)."
            ),
        ),
    ] = False,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help=N_("Show the version and exit.")
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="LANG",
            callback=_lang,
            is_eager=True,
            help=N_("Speak this language: en, es or fr (or set EXITPLAN_LANG, then LANG)."),
            show_default=False,
        ),
    ] = None,
) -> None:
    """A private, offline plan for leaving safely. Run 'exitplan status' to see where you are."""
    from exitplan.base import spoken
    from exitplan.base.safetext import guard_output
    from exitplan.service.options import plan_signature, run_options
    from exitplan.service.terminal import plain_enabled

    os.umask(OTHERS_BITS)
    spoken.set_place(None)  # until this run reads the plan's place (in-process runs too)
    guard_output()  # in-process runs too (the console script guards before the glance)
    chosen = run_options(home, _parse_today(today))
    ctx.obj = env = Env(
        home=chosen.home,
        today=chosen.today,
        passphrase_file=passphrase_file,
        home_given=chosen.home_given,
        plain=plain_enabled(flag=plain),
    )
    source = ctx.get_parameter_source("passphrase_file")
    env.passphrase_from_env = passphrase_file is not None and getattr(source, "name", "") == (
        "ENVIRONMENT"
    )
    if chosen.rehearsing:
        env.rehearsing = True
        env.plan_before = plan_signature(env.home)
    if ctx.invoked_subcommand is None:
        ctx.invoke(reading.status, ctx=ctx, as_json=False)


for _name, _command in COMMANDS:
    if isinstance(_command, typer.Typer):
        for _info in _command.registered_commands:  # Typer's own class, unless one was chosen
            _info.cls = PlainCommand if _info.cls in (None, TyperCommand) else _info.cls
        app.add_typer(_command, name=_name, cls=PlainGroup)
    else:
        app.command(_name, cls=PlainCommand)(_command)


GLOBAL_VALUE_OPTIONS = frozenset({"--home", "--today", "--passphrase-file", "--lang"})


def invoked_command(args: list[str]) -> str | None:
    """The command named on the command line, or None for help, version or no command."""
    rest = iter(args)
    for arg in rest:
        if arg in GLOBAL_VALUE_OPTIONS:
            next(rest, None)
        elif arg in {"-h", "--help", "--version"}:
            return None
        elif not arg.startswith("-"):
            return arg
    return None


def main() -> None:
    """Console-script entry point."""
    from exitplan.base import signals
    from exitplan.base.hardening import forbid_core_dumps

    # Before anything reads the passphrase or the plan: no core dump may hold them, and no
    # signal skips a clean-up.
    forbid_core_dumps()
    signals.install()
    run(runner_for(sys.argv[1:]))


def runner_for(args: list[str]) -> typer.Typer:
    """The app with only the command named on the command line (status when none is).

    Typer builds every registered command on each run (about 20 ms for all of them); a run
    that names a known command only needs that one. Help and typos keep them all.
    """
    wanted = invoked_command(args)
    if wanted is None and not {"-h", "--help", "--version"} & set(args):
        wanted = "status"
    names = {command_name(info): info for info in app.registered_commands}
    groups = {info.name: info for info in app.registered_groups}
    runner = app
    if wanted in names and wanted != "help":  # help needs every command
        # A copy with only that command: the app itself keeps every command for the next call.
        runner = copy.copy(app)
        runner.registered_commands = [names[wanted]]
        runner.registered_groups = []
    elif wanted in groups:
        runner = copy.copy(app)
        runner.registered_commands = []
        runner.registered_groups = [groups[wanted]]
    return runner


def run(runner: typer.Typer) -> None:
    """Run the command line: output that could not be written is said once, and a run stopped
    by a signal says calmly that what was saved stays as it was."""
    from exitplan.base import signals

    try:
        runner(prog_name="exitplan")
    except OSError as exc:  # help or the version, printed while the command line is read
        if not output_lost(exc):
            raise
        finish_lost_output(exc)
    except SystemExit as exc:
        if (stopped := signals.stopped_by(exc)) is not None:
            # Every clean-up on the way out has run; say so calmly, even to a closed terminal.
            with contextlib.suppress(OSError, ValueError):
                say(_("Stopped. Whatever was already saved stays as it was."))
            raise SystemExit(stopped.exit_code) from None
        flush_output()
        raise


def flush_output() -> None:
    """Write what is still waiting for stdout now, while a failure can still be said."""
    try:
        sys.stdout.flush()
    except OSError as exc:
        if not output_lost(exc):
            raise
        finish_lost_output(exc)


def finish_lost_output(exc: OSError) -> NoReturn:
    """Say once that the output could not be written, and end with exit code 1."""
    line = output_lost_line(exc)
    quiet_stdout()
    if line:
        say(line)
    sys.exit(1)


def command_name(info: Any) -> str:
    """The name Typer gives a registered command."""
    return str(info.name or info.callback.__name__.lower().replace("_", "-"))
