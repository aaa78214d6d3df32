"""Commands that read the plan and never write: status, list, show, checklists, summary, history."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import typer

from exitplan.cli.app import (
    JsonOpt,
    app,
    check_checklist,
    emit_json,
    env_of,
    json_ready,
    say,
)
from exitplan.errors import ExitplanError


@app.command()
def status(ctx: typer.Context, as_json: JsonOpt = False) -> None:
    """Show days left, what needs attention, and progress. Example: exitplan status"""
    env = env_of(ctx)
    plan = env.read_plan()
    missing = plan.state is None and bool(env.store.backups())
    if missing:
        say(f"Note: {env.store.no_plan()}.")
    if as_json:
        from exitplan.export import status_data

        emit_json(status_data(plan, env.today))
        return
    from exitplan.render import console, status_view

    out = console()
    out.print(status_view(plan, env.today, missing_plan=missing, columns=out.width))


@app.command("list")
def list_items(
    ctx: typer.Context,
    checklist: Annotated[str | None, typer.Argument(help="Only this checklist.")] = None,
    show: Annotated[Literal["open", "done", "all"], typer.Option("--show", hidden=True)] = "open",
    only_open: Annotated[bool, typer.Option("--open", help="Open items (the default).")] = False,
    only_done: Annotated[bool, typer.Option("--done", help="Done and skipped items.")] = False,
    every: Annotated[bool, typer.Option("--all", help="Every item.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """List items with their number, id, due date and flag. Example: exitplan list finances"""
    from exitplan.export import item_data, rows_for

    if only_open + only_done + every > 1:
        raise typer.BadParameter("choose one of --open, --done or --all")
    which = "done" if only_done else "all" if every else "open" if only_open else show
    env = env_of(ctx)
    plan = env.read_plan()
    check_checklist(plan, checklist)
    rows = [
        row
        for row in rows_for(plan, env.today)
        if (checklist is None or row.entry.checklist.id == checklist)
        and (which == "all" or (row.entry.is_open == (which == "open")))
    ]
    if as_json:
        emit_json([item_data(row) for row in rows])
        return
    from exitplan.render import console, list_lines

    typer.echo("\n".join(list_lines(rows, env.today, console())))


@app.command()
def show(
    ctx: typer.Context,
    item: Annotated[str, typer.Argument(help="Number, id, or part of an id.")],
    as_json: JsonOpt = False,
) -> None:
    """Show one step in full: why, how, when, its note.

    Example: exitplan show 3
    """
    from exitplan.export import item_data, rows_for

    env = env_of(ctx)
    plan = env.read_plan()
    entry = plan.resolve(item)
    row = rows_for(plan, env.today, [entry])[0]
    events = [e for e in (plan.state.history if plan.state else []) if e.item == entry.full_id]
    if as_json:
        data = item_data(row) | {
            "how": entry.item.how,
            "caution": entry.item.caution,
            "note": entry.state.note,
            "reason": entry.state.reason,
            "sources": entry.item.sources,
            "history": [json_ready(e.to_dict()) for e in events],
        }
        emit_json(data)
        return
    from exitplan.render import console, item_view

    console().print(item_view(row, env.today, events))


@app.command()
def checklists(ctx: typer.Context, as_json: JsonOpt = False) -> None:
    """List the checklists you can use, with item counts."""
    env = env_of(ctx)
    in_plan = {c.id for c in env.read_plan().checklists}
    rows = [
        {
            "id": c.id,
            "title": c.title,
            "summary": c.summary,
            "items": len(c.items),
            "builtin": c.builtin,
            "in_plan": c.id in in_plan,
        }
        for c in env.catalog.checklists
    ]
    if as_json:
        emit_json(rows)
        return
    from exitplan.render import checklists_view, console

    console().print(checklists_view(rows))


@app.command()
def summary(
    ctx: typer.Context,
    fmt: Annotated[
        Literal["text", "markdown", "json"],
        typer.Option("--format", "-f", help="text, markdown or json."),
    ] = "text",
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Write to this file (private, mode 0600) instead of the screen.",
            dir_okay=False,
        ),
    ] = None,
) -> None:
    """Print the whole plan, with states and notes.

    Example: exitplan summary --format markdown --output plan.md
    """
    from exitplan import export

    env = env_of(ctx)
    plan = env.read_plan()
    if fmt == "json":
        import json

        text = json.dumps(export.summary_data(plan, env.today), ensure_ascii=False, indent=2) + "\n"
    elif fmt == "markdown":
        text = export.summary_markdown(plan, env.today)
    else:
        text = export.summary_text(plan, env.today)
    if output is None:
        typer.echo(text, nl=False)
        return
    from exitplan.store import write_atomic

    target = output.expanduser()
    if env.store.owns(target):
        raise ExitplanError(f"{target} is one of exitplan's own files; choose another name")
    if not target.parent.is_dir():
        raise ExitplanError(f"cannot write {target}: the folder {target.parent} does not exist")
    write_atomic(target, text.encode("utf-8"))
    say(f"Saved the summary to {target}. It holds your notes: keep it somewhere private.")


@app.command()
def history(
    ctx: typer.Context,
    item: Annotated[str | None, typer.Argument(help="Only this item.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Show the log of changes.

    What was ticked, skipped, noted or re-dated, and when.
    """
    env = env_of(ctx)
    plan = env.read_plan()
    events = plan.state.history if plan.state else []
    if item is not None:
        wanted = plan.resolve(item).full_id
        events = [e for e in events if e.item == wanted]
    if as_json:
        emit_json([json_ready(e.to_dict()) for e in events])
        return
    for event in events:
        what = " ".join(part for part in (event.action, event.item or "") if part)
        typer.echo(
            f"{event.at.astimezone():%Y-%m-%d %H:%M}  {what}"
            + (f"  ({event.detail})" if event.detail else "")
        )
