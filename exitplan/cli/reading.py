"""Commands that read the plan and never write: status, list, show, checklists, summary, history."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import typer

from exitplan.cli.common import (
    JsonOpt,
    Output,
    check_checklist,
    echo_lines,
    env_of,
    print_renderable,
    render_result,
    say,
)
from exitplan.errors import ExitplanError


def status(ctx: typer.Context, as_json: JsonOpt = False) -> None:
    """Show days left, what needs attention, and progress. Example: exitplan status"""
    from exitplan.export import status_data

    env = env_of(ctx)
    ws = env.ws
    plan = ws.read()
    missing = plan.state is None and bool(ws.store.backups())

    def human() -> None:
        from exitplan.render import console, status_view

        out = console()
        out.print(status_view(plan, env.today, missing_plan=missing, columns=out.width))

    notes = [f"Note: {ws.store.no_plan()}."] if missing else []
    rollback = ws.rollback_note(plan.state)
    notes += [rollback] if rollback else []
    render_result(Output(status_data(plan, env.today), human, notes), as_json)


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
    plan = env.ws.read()
    check_checklist(plan, checklist)
    rows = [
        row
        for row in rows_for(plan, env.today)
        if (checklist is None or row.entry.checklist.id == checklist)
        and (which == "all" or (row.entry.is_open == (which == "open")))
    ]

    def human() -> None:
        from exitplan.render import console, list_lines

        typer.echo("\n".join(list_lines(rows, env.today, console())))

    render_result(Output([item_data(row) for row in rows], human), as_json)


def show(
    ctx: typer.Context,
    item: Annotated[str, typer.Argument(help="Number, id, or part of an id.")],
    as_json: JsonOpt = False,
) -> None:
    """Show one step in full: why, how, when, its note.

    Example: exitplan show 3
    """
    from exitplan.export import item_detail, item_events, rows_for

    env = env_of(ctx)
    plan = env.ws.read()
    entry = plan.resolve(item)
    row = rows_for(plan, env.today, [entry])[0]
    events = item_events(plan, entry)

    def view() -> object:
        from exitplan.render import item_view

        return item_view(row, env.today, events)

    render_result(Output(item_detail(row, events), print_renderable(view)), as_json)


def checklists(ctx: typer.Context, as_json: JsonOpt = False) -> None:
    """List the checklists you can use, with item counts."""
    from exitplan.export import checklist_rows

    ws = env_of(ctx).ws
    rows = checklist_rows(ws.catalog, ws.read())

    def view() -> object:
        from exitplan.render import checklists_view

        return checklists_view(rows)

    render_result(Output(rows, print_renderable(view)), as_json)


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
    from exitplan import export, summary

    env = env_of(ctx)
    plan = env.ws.read()
    if fmt == "json":
        import json

        text = json.dumps(export.summary_data(plan, env.today), ensure_ascii=False, indent=2) + "\n"
    elif fmt == "markdown":
        text = summary.summary_markdown(plan, env.today)
    else:
        text = summary.summary_text(plan, env.today)
    if output is None:
        typer.echo(text, nl=False)
        return
    from exitplan.atomic import write_atomic

    target = output.expanduser()
    if env.ws.store.owns(target):
        raise ExitplanError(f"{target} is one of exitplan's own files; choose another name")
    if not target.parent.is_dir():
        raise ExitplanError(f"cannot write {target}: the folder {target.parent} does not exist")
    write_atomic(target, text.encode("utf-8"))
    say(f"Saved the summary to {target}. It holds your notes: keep it somewhere private.")


def history(
    ctx: typer.Context,
    item: Annotated[str | None, typer.Argument(help="Only this item.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Show the log of changes.

    What was ticked, skipped, noted or re-dated, and when.
    """
    from exitplan.export import event_data, history_lines, item_events

    plan = env_of(ctx).ws.read()
    if item is not None:
        events = item_events(plan, plan.resolve(item))
    else:
        events = plan.state.history if plan.state else []
    data = [event_data(e) for e in events]
    render_result(Output(data, echo_lines(history_lines(events))), as_json)
