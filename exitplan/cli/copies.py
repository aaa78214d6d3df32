"""Safety copies: list the backups and restore one."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

import typer

from exitplan.cli.app import (
    JsonOpt,
    app,
    emit_json,
    env_of,
    say,
)
from exitplan.errors import ExitplanError, PassphraseNeeded


@app.command()
def backups(ctx: typer.Context, as_json: JsonOpt = False) -> None:
    """List the kept earlier versions of the plan, newest first."""
    env = env_of(ctx)
    rows = []
    failure: ExitplanError | None = None
    for number, backup in enumerate(env.store.backups(), 1):
        row: dict[str, Any] = {"number": number, "taken": backup.taken.isoformat()}
        try:
            state = env.store.load(backup.path)
            counts = [s.status for s in state.items.values()]
            row |= {
                "exit_date": state.exit_date.isoformat() if state.exit_date else None,
                "done": counts.count("done"),
                "total": len(env.plan(state).entries),
                "readable": True,
            }
        except PassphraseNeeded:
            raise
        except ExitplanError as exc:
            failure = failure or exc
            row |= {"exit_date": None, "done": None, "total": None, "readable": False}
        rows.append(row)
    if rows and failure is not None and not any(row["readable"] for row in rows):
        # Nothing opened: more likely a wrong passphrase than every backup damaged.
        raise failure
    if as_json:
        emit_json(rows)
        return
    if not rows:
        say("There are no backups yet: one is kept every time the plan changes.")
        return
    for row in rows:
        taken = datetime.fromisoformat(row["taken"]).astimezone()
        detail = (
            f"exit {row['exit_date'] or 'not set'}, {row['done']}/{row['total']} done"
            if row["readable"]
            else "cannot be read"
        )
        typer.echo(f"{row['number']:>3}  {taken:%Y-%m-%d %H:%M:%S}  {detail}")


@app.command()
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
    env = env_of(ctx)
    taken = env.store.restore(number, env.now())
    say(
        f"Restored the plan as it was on {taken.astimezone():%Y-%m-%d %H:%M:%S}. "
        "The version it replaced is kept as a backup."
    )
