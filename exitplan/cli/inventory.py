"""The inventory commands: `exitplan documents`, `exitplan accounts`, `exitplan money`.

Each has add, list, show, change and remove (money also has settings). What a row holds never
stands on the command line: at a terminal each field is asked in turn (Enter skips, or keeps
the value when changing; a single - clears it), and from a pipe one row is read as TOML, like a
journal entry. Rows have neutral numbers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import N_, _
from exitplan.cli import keyboard, questions
from exitplan.cli.common import JsonOpt, ask, env_of, render, say
from exitplan.cli.questions import CHANGE_INTRO, SINGULAR, ask_field, read_piped, read_row
from exitplan.cli.replies import meaning

if TYPE_CHECKING:
    from exitplan.service.inventory import Section

# Each inventory's help, whole sentences (marked here, translated when the help is drawn).
HELPS: dict[str, dict[str, str]] = {
    "documents": {
        "group": N_(
            "Your documents and your children's: where the originals are, copies, expiry dates.\n\n"
            "'exitplan documents' alone lists them. Example: exitplan documents add"
        ),
        "list": N_("List the documents with what needs a look. Example: exitplan documents list"),
        "add": N_(
            "Add a document: each question is asked in turn; from a pipe, one row is read as TOML. "
            "Example: exitplan documents add   (or: exitplan documents add < row.toml)"
        ),
        "show": N_("Show one row in full, with what to do. Example: exitplan documents show 2"),
        "change": N_(
            "Change a row: each field is asked with its value (Enter keeps it); "
            "from a pipe, only the fields given change. Example: exitplan documents change 2"
        ),
        "remove": N_(
            "Remove a row; the others keep their numbers. Example: exitplan documents remove 2"
        ),
    },
    "accounts": {
        "group": N_(
            "Accounts and devices: who else can reach them, and when it is safe to change them.\n\n"
            "'exitplan accounts' alone lists them. Example: exitplan accounts add"
        ),
        "list": N_("List the accounts with what needs a look. Example: exitplan accounts list"),
        "add": N_(
            "Add an account or device: each question is asked in turn; from a pipe, "
            "one row is read as TOML. "
            "Example: exitplan accounts add   (or: exitplan accounts add < row.toml)"
        ),
        "show": N_("Show one row in full, with what to do. Example: exitplan accounts show 2"),
        "change": N_(
            "Change a row: each field is asked with its value (Enter keeps it); "
            "from a pipe, only the fields given change. Example: exitplan accounts change 2"
        ),
        "remove": N_(
            "Remove a row; the others keep their numbers. Example: exitplan accounts remove 2"
        ),
    },
    "money": {
        "group": N_(
            "Money set aside, income and costs after leaving: how many weeks the money lasts.\n\n"
            "'exitplan money' alone lists them. Example: exitplan money add"
        ),
        "list": N_("List the money with what needs a look. Example: exitplan money list"),
        "add": N_(
            "Add an amount: each question is asked in turn; from a pipe, one row is read as TOML. "
            "Example: exitplan money add   (or: exitplan money add < row.toml)"
        ),
        "show": N_("Show one row in full, with what to do. Example: exitplan money show 2"),
        "change": N_(
            "Change a row: each field is asked with its value (Enter keeps it); "
            "from a pipe, only the fields given change. Example: exitplan money change 2"
        ),
        "remove": N_(
            "Remove a row; the others keep their numbers. Example: exitplan money remove 2"
        ),
    },
}
NumberArg = Annotated[int, typer.Argument(metavar="N", help=N_("The row's number."), min=1)]
# -- the commands ----------------------------------------------------------------------------


def make_group(section: Section) -> typer.Typer:
    """The Typer group of one inventory: list (also the group alone), add, show, change, remove."""
    app = typer.Typer(
        name=section,
        invoke_without_command=True,
        no_args_is_help=False,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
        help=HELPS[section]["group"],
    )
    thing = SINGULAR[section]

    def list_rows(ctx: typer.Context, as_json: bool) -> None:
        from exitplan.service import inventory as service

        env = env_of(ctx)
        render(service.listed(env.ws, section, env.today), json=as_json, plain=env.plain)

    @app.callback()
    def group(ctx: typer.Context, as_json: JsonOpt = False) -> None:
        if ctx.invoked_subcommand is None:
            list_rows(ctx, as_json)

    @app.command("list", help=HELPS[section]["list"])
    def list_command(ctx: typer.Context, as_json: JsonOpt = False) -> None:
        list_rows(ctx, as_json)

    @app.command("add", help=HELPS[section]["add"])
    def add(ctx: typer.Context, as_json: JsonOpt = False) -> None:
        from exitplan.service import inventory as service

        env = env_of(ctx)
        inventory, _exit = service.current(env.ws)  # unlocked before anything is typed
        raw = read_row(section, None, inventory, _("A new {thing}.").format(thing=_(thing)))
        number = service.add(env.ws, section, raw)
        note = _("Kept as {thing} {number}.").format(thing=_(thing), number=number)
        result = service.row(env.ws, section, number, env.today, shown="number", notes=(note,))
        render(result, json=as_json, plain=env.plain)

    @app.command("show", help=HELPS[section]["show"])
    def show(ctx: typer.Context, n: NumberArg, as_json: JsonOpt = False) -> None:
        from exitplan.service import inventory as service

        env = env_of(ctx)
        render(service.row(env.ws, section, n, env.today), json=as_json, plain=env.plain)

    @app.command("change", help=HELPS[section]["change"])
    def change(ctx: typer.Context, n: NumberArg, as_json: JsonOpt = False) -> None:
        from exitplan.service import inventory as service

        env = env_of(ctx)
        row, inventory = service.existing_row(env.ws, section, n)
        raw = read_row(
            section,
            row,
            inventory,
            _("Changing {thing} {number}.").format(thing=_(thing), number=n),
        )
        if raw:
            service.change(env.ws, section, n, raw)
        note = (
            _("Changed {thing} {number}.") if raw else _("Nothing changed in {thing} {number}.")
        ).format(thing=_(thing), number=n)
        result = service.row(env.ws, section, n, env.today, shown="", notes=(note,))
        render(result, json=as_json, plain=env.plain)

    @app.command("remove", help=HELPS[section]["remove"])
    def remove(
        ctx: typer.Context,
        n: NumberArg,
        yes: Annotated[
            bool, typer.Option("--yes", help=N_("Remove without asking first."))
        ] = False,
        as_json: JsonOpt = False,
    ) -> None:
        from exitplan.service import inventory as service
        from exitplan.views.holdings import row_title

        env = env_of(ctx)
        row, inventory = service.existing_row(env.ws, section, n)
        if not yes:
            if not keyboard.someone_typing():
                raise ExitplanError(
                    _("to remove a row without being asked, add --yes; nothing was removed")
                )
            title = row_title(row, inventory.currency)
            answer = ask(
                _("Remove {thing} {number} ({title})? Type yes to remove it").format(
                    thing=_(thing), number=n, title=title
                )
            )
            if meaning(answer) != "yes":
                say(_("Nothing was removed."))
                return
        service.remove(env.ws, section, n)
        note = _("Removed {thing} {number}; the others keep their numbers.").format(
            thing=_(thing), number=n
        )
        render(service.removed(section, n, note), json=as_json, plain=env.plain)

    return app


documents = make_group("documents")
accounts = make_group("accounts")
money = make_group("money")


@money.command(
    "settings",
    help=N_(
        "Set your currency and how many weeks of money you would like after leaving "
        "(default 8). Asked in turn; from a pipe, read as TOML. Example: exitplan money settings"
    ),
)
def money_settings(ctx: typer.Context, as_json: JsonOpt = False) -> None:
    """Set the currency and the threshold."""
    from exitplan.service import inventory as service

    env = env_of(ctx)
    inventory, _exit = service.current(env.ws)
    if keyboard.someone_typing():
        say(_("Money settings."))
        say(_(CHANGE_INTRO))
        raw: dict[str, object] = {}
        for question in questions.SETTINGS_QUESTIONS:
            value = getattr(inventory, question.name)
            given, answer = ask_field("money", question, "" if value is None else str(value))
            if given:
                raw[question.name] = answer
    else:
        raw = read_piped()
    if raw:
        inventory = service.settings(env.ws, raw)
    note = _("Saved the money settings.") if raw else _("Nothing changed.")
    render(service.money_settings(inventory, note), json=as_json, plain=env.plain)
