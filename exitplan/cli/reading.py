"""Commands that read the plan and never write: status, list, show, checklists, summary, history."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import typer

from exitplan.base.i18n import N_, _
from exitplan.cli.common import (
    JsonOpt,
    env_of,
    render,
    say,
)
from exitplan.cli.talk import helptext

if TYPE_CHECKING:
    from exitplan.cli.common import Env
    from exitplan.service.results import ScreenOptions


def write_out(text: str) -> None:
    """Write a screen to stdout as it is (typer.echo would strip colour forced when piped)."""
    sys.stdout.write(text)
    sys.stdout.flush()


def look(env: Env) -> ScreenOptions:
    """The screen options of this run: columns, colour painter and plain mode."""
    from exitplan.service.results import Look
    from exitplan.service.terminal import colour_enabled, width

    return Look(width(), colour_enabled(plain=env.plain), env.plain).options()


@helptext(N_("Show days left, what needs attention, and progress. Example: exitplan status"))
def status(
    ctx: typer.Context,
    as_json: JsonOpt = False,
    full: Annotated[
        bool,
        typer.Option(
            "--full",
            help=N_(
                "Every part however long: progress per checklist and the key. "
                "(At a terminal, status keeps to the screen's height.)"
            ),
        ),
    ] = False,
) -> None:
    from exitplan.service.glance import write
    from exitplan.service.status import status_of

    env = env_of(ctx)
    # The same function the glance prints from, so both paths print the same bytes.
    out, err, code = status_of(env.ws, as_json=as_json, plain=env.plain, full=full)
    code = write(out, err) or code
    if code:
        raise typer.Exit(code)


@helptext(
    N_("List steps with their number, id, due date and state. Example: exitplan list finances")
)
def list_items(
    ctx: typer.Context,
    checklist: Annotated[
        str | None, typer.Argument(help=N_("Only this checklist (any case)."), show_default=False)
    ] = None,
    show: Annotated[Literal["open", "done", "all"], typer.Option("--show", hidden=True)] = "open",
    only_open: Annotated[
        bool, typer.Option("--open", help=N_("Open steps (the default)."))
    ] = False,
    only_done: Annotated[bool, typer.Option("--done", help=N_("Done and skipped steps."))] = False,
    every: Annotated[
        bool, typer.Option("--all", help=N_("Every step, with those not for you marked."))
    ] = False,
    attention: Annotated[
        bool,
        typer.Option("--attention", help=N_("Exactly the steps status points at, in its order.")),
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    from exitplan.service.reading import step_list

    if only_open + only_done + every + attention > 1:
        raise typer.BadParameter(_("choose one of --open, --done, --all or --attention"))
    which = (
        "attention"
        if attention
        else "done"
        if only_done
        else "all"
        if every
        else "open"
        if only_open
        else show
    )
    env = env_of(ctx)
    render(step_list(env.ws, env.today, which, checklist), json=as_json, plain=env.plain)


@helptext(N_("Show one step in full: why, how, when, its note.\n\nExample: exitplan show 3"))
def show(
    ctx: typer.Context,
    item: Annotated[str, typer.Argument(help=N_("Number, id, or part of an id."))],
    as_json: JsonOpt = False,
) -> None:
    from exitplan.service.reading import step_detail

    env = env_of(ctx)
    render(step_detail(env.ws, env.today, item), json=as_json, plain=env.plain)


@helptext(N_("List the checklists you can use, with how many steps each has."))
def checklists(
    ctx: typer.Context,
    as_json: JsonOpt = False,
    adopt: Annotated[
        str | None,
        typer.Option(
            "--adopt",
            metavar="NAME",
            help=N_(
                "In an encrypted plan: encrypt and use the checklist file NAME.toml you put in "
                "the checklists folder."
            ),
            show_default=False,
        ),
    ] = None,
) -> None:
    from exitplan.service.reading import checklist_shelf

    env = env_of(ctx)
    if adopt is not None:
        path = env.ws.adopt_checklist(adopt)
        say(_("{path} is now encrypted and part of your plan.").format(path=path))
    render(checklist_shelf(env.ws), json=as_json, plain=env.plain)


@helptext(
    N_(
        "Print the whole plan, with states and notes.\n"
        "\n"
        "Example: exitplan summary --output plan.html (opens in a browser, "
        "prints well)"
    )
)
def summary(
    ctx: typer.Context,
    fmt: Annotated[
        Literal["text", "markdown", "html", "json"] | None,
        typer.Option(
            "--format",
            "-f",
            metavar="FORMAT",
            help=N_(
                "text, markdown, html or json. Default: from the --output name "
                "(.md, .html, .json, .txt), else text."
            ),
            show_default=False,
        ),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help=N_("Write to this file (private, mode 0600) instead of the screen."),
            dir_okay=False,
            show_default=False,
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help=N_("Replace the --output file if it already exists."))
    ] = False,
    with_journal: Annotated[
        bool,
        typer.Option(
            "--journal",
            help=N_(
                "Add the journal's entries as a timeline (the full record: exitplan log export)."
            ),
        ),
    ] = False,
    inventory: Annotated[
        list[str] | None,
        typer.Option(
            "--inventory",
            metavar="NAME",
            help=N_(
                "Add an inventory as a table: documents, accounts, money or all (repeat for "
                "more). None is added unless asked for: money may not be for everyone's eyes."
            ),
            show_default=False,
        ),
    ] = None,
) -> None:
    from exitplan.service import summary as service

    env = env_of(ctx)
    target = output.expanduser() if output is not None else None
    ask = service.SummaryAsk(fmt, target, force, with_journal, asked_inventories(inventory))
    render(service.summary(env.ws, env.today, ask), json=False, plain=env.plain)


# The names `--inventory` takes, in the language spoken too (dinero, documentos, todos).
INVENTORY_NAMES = (
    ("documents", N_("documents")),
    ("accounts", N_("accounts")),
    ("money", N_("money")),
    # Translators: every inventory at once, as `summary --inventory` takes it; separated by |.
    ("all", N_("all|every one")),
)


def asked_inventories(names: list[str] | None) -> tuple[str, ...]:
    """The inventories `--inventory` asks for, in their order (`all`: every one), named in
    English or in the language spoken."""
    from exitplan.cli.replies import choice

    asked = set()
    for name in names or ():
        found = choice(name, INVENTORY_NAMES)
        if found is None:
            raise typer.BadParameter(
                _("'{name}' is not an inventory; use documents, accounts, money or all").format(
                    name=name.strip().lower()
                ),
                param_hint="'--inventory'",
            )
        asked.add(found)
    return tuple(
        name for name in ("documents", "accounts", "money") if name in asked or "all" in asked
    )


@helptext(N_("Show the log of changes.\n\nWhat was ticked, skipped, noted or re-dated, and when."))
def history(
    ctx: typer.Context,
    item: Annotated[str | None, typer.Argument(help=N_("Only this step (number or id)."))] = None,
    as_json: JsonOpt = False,
) -> None:
    from exitplan.service.reading import change_log

    env = env_of(ctx)
    render(change_log(env.ws, item), json=as_json, plain=env.plain)
