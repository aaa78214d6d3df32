"""Safety copies: list the backups and restore one."""

from __future__ import annotations

from typing import Annotated

import typer

from exitplan.cli.common import JsonOpt, Output, echo_lines, env_of, render_result


def backups(ctx: typer.Context, as_json: JsonOpt = False) -> None:
    """List the kept earlier versions of the plan, newest first."""
    from exitplan.views.render import backup_lines

    rows = env_of(ctx).ws.backup_rows()
    notes = (
        []
        if rows or as_json
        else ["There are no backups yet: one is kept every time the plan changes."]
    )
    render_result(Output(rows, echo_lines(backup_lines(rows)), notes), as_json)


def restore(
    ctx: typer.Context,
    number: Annotated[
        int | None,
        typer.Argument(
            help="Backup number from 'exitplan backups' (default: the latest good one).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Bring back an earlier version of the plan.

    The current one is kept as a backup, so a restore can be undone too.
    """
    from exitplan.cli.common import say

    taken = env_of(ctx).ws.restore(number)
    say(
        f"Restored the plan as it was on {taken.astimezone():%Y-%m-%d %H:%M:%S}. "
        "The version it replaced is kept as a backup."
    )
