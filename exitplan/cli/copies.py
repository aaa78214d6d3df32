"""Safety copies: list the backups and restore one."""

from __future__ import annotations

from typing import Annotated

import typer

from exitplan.base.i18n import N_, _
from exitplan.base.limits import BACKUP_TIME
from exitplan.cli.common import JsonOpt, env_of, render
from exitplan.cli.talk import helptext


@helptext(N_("List the kept earlier versions of the plan, newest first."))
def backups(ctx: typer.Context, as_json: JsonOpt = False) -> None:
    from exitplan.service.reading import backup_list

    env = env_of(ctx)
    render(backup_list(env.ws, quiet=as_json), json=as_json, plain=env.plain)


@helptext(
    N_(
        "Bring back an earlier version of the plan.\n"
        "\n"
        "The current one is kept as a backup, so a restore can be undone too."
    )
)
def restore(
    ctx: typer.Context,
    number: Annotated[
        int | None,
        typer.Argument(
            help=N_("Backup number from 'exitplan backups' (default: the latest good one)."),
            show_default=False,
        ),
    ] = None,
) -> None:
    from exitplan.cli.common import say

    taken = env_of(ctx).ws.restore(number)
    say(
        _(
            "Restored the plan as it was on {moment}. The version it replaced is kept as a backup."
        ).format(moment=f"{taken.astimezone():{BACKUP_TIME}}")
    )
