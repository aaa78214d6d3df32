"""Commands that change steps: done, undo, skip, add (init, date, note and review: their own)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, cast

import typer

from exitplan.base.i18n import N_, _
from exitplan.cli import keyboard
from exitplan.cli.common import (
    ASK,
    env_of,
    read_private_text,
    render,
    stream_is_terminal,
)
from exitplan.cli.talk import helptext

if TYPE_CHECKING:
    from exitplan.base.limits import Priority, Status
    from exitplan.service.plandates import Due
    from exitplan.service.workspace import Workspace


ItemsArg = Annotated[
    list[str], typer.Argument(metavar="ITEM", help=N_("Numbers, ids, or parts of ids."))
]


def _set_status(
    ctx: typer.Context, refs: list[str], status: Status, reason: str | None = None
) -> None:
    from exitplan.service import changes

    render(changes.change_status(env_of(ctx).ws, refs, status, reason), json=False)


@helptext(N_("Tick off one or more steps. Example: exitplan done 3 finances.own-account"))
def done(ctx: typer.Context, items: ItemsArg) -> None:
    _set_status(ctx, items, "done")


@helptext(N_("Mark steps as open again. Example: exitplan undo 3"))
def undo(ctx: typer.Context, items: ItemsArg) -> None:
    _set_status(ctx, items, "open")


@helptext(N_("Set aside steps that do not apply to you. Example: exitplan skip children.school"))
def skip(
    ctx: typer.Context,
    items: ItemsArg,
    reason: Annotated[
        str | None,
        typer.Option(
            "--reason",
            "-r",
            help=N_(
                "A few words on why it does not apply (kept with the step). "
                "Give - to be asked instead (kept out of shell history)."
            ),
            show_default=False,
        ),
    ] = None,
) -> None:
    from exitplan.service import steps

    if reason == ASK:
        steps.find_steps(env_of(ctx).ws, items)  # a plan, then every step, before anything is typed
        reason = read_private_text(_("Why does it not apply (a few words)")).strip()
    cleaned = steps.checked_reason(reason) or None if reason else None
    _set_status(ctx, items, "skipped", cleaned)


@helptext(
    N_(
        "Add your own step to a checklist. Example: exitplan add documents "
        "--due -2w\n"
        "\n"
        "The step gets a number and a plain id (mine-1, mine-2, ...) that "
        "says nothing about it: use the number in other commands, e.g. "
        "exitplan done 214."
    )
)
def add(
    ctx: typer.Context,
    checklist: Annotated[str, typer.Argument(help=N_("The checklist to add to, e.g. documents."))],
    title: Annotated[
        str | None,
        typer.Argument(
            help=N_("A short title. Leave it out to be asked instead (kept out of shell history)."),
            show_default=False,
        ),
    ] = None,
    due: Annotated[
        str | None,
        typer.Option(
            "--due", help=N_("-3w, +7d, exit, or a date like 2027-01-31."), show_default=False
        ),
    ] = None,
    priority: Annotated[
        str,
        typer.Option("--priority", "-p", help=N_("critical, high, normal or low.")),
    ] = "normal",
    why: Annotated[
        str | None,
        typer.Option(
            "--why",
            help=N_(
                "Why it matters to you. Give - to be asked instead (kept out of shell history)."
            ),
            show_default=False,
        ),
    ] = None,
) -> None:
    from exitplan.service import changes, steps

    env = env_of(ctx)
    parsed_due = parse_due_option(env.ws, due)
    level = priority_value(priority)
    if title is None and why == ASK and not keyboard.someone_typing():
        raise typer.BadParameter(
            _(
                "the title and the why cannot both come from piped input: give the title here, "
                "or run it at the terminal to be asked for both"
            ),
            param_hint="--why",
        )
    if title is None or why == ASK:  # the plan and checklist are found before anything is typed
        steps.find_checklist(env.ws, checklist)
    if title is None:
        title = read_private_text(_("Title of the new step")).strip()
    if why == ASK:
        why = read_private_text(_("Why it matters to you")).strip() or None
    added = changes.add_step(
        env.ws,
        checklist,
        title,
        due=parsed_due,
        priority=level,
        why=why,
        for_script=not stream_is_terminal(err=False),  # a person is given the number
    )
    render(added, json=False)


def priority_value(text: str) -> Priority:
    """--priority as a word the screens show, in the language spoken or in English."""
    from exitplan.cli.replies import choice
    from exitplan.views.render import PRIORITY_WORDS

    found = choice(text, tuple(PRIORITY_WORDS.items()))
    if found is None:
        words = ", ".join(_(word) for word in PRIORITY_WORDS.values())
        raise typer.BadParameter(
            _("'{text}' is not one of the choices for --priority; use one of: {choices}").format(
                text=text, choices=words
            )
        )
    return cast("Priority", found)


def parse_due_option(ws: Workspace, due: str | None) -> Due | None:
    """The --due of `add`, with an error that names both forms it accepts."""
    from exitplan.service import plandates

    if due is None:
        return None
    try:
        return plandates.due_from_text(ws, due)
    except plandates.DueNotRead as exc:
        raise typer.BadParameter(str(exc), param_hint="--due") from None
