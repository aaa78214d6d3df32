"""Checking checklist files, and crisis numbers that need no plan."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from exitplan.base.errors import ChecklistProblems
from exitplan.base.i18n import _
from exitplan.cli.common import JsonOpt, say


def validate(
    files: Annotated[list[Path], typer.Argument(help="Checklist files to check.")],
) -> None:
    """Check checklist (or region) files and report every problem.

    Example: exitplan validate mine.toml
    """
    from exitplan.formats.checklistfile import checklist_problems
    from exitplan.formats.region_schema import region_file_report

    problems: list[str] = []
    seen: dict[str, Path] = {}
    for path in files:
        region = region_file_report(path)
        if region is not None:
            problems += region[0]
            if not region[0]:
                typer.echo(
                    _("{path}: ok (a region file: {holds})").format(path=path, holds=region[1])
                )
            continue
        checklist, found = checklist_problems(path)
        if checklist is not None and checklist.id in seen:
            found.append(f"{path}: id '{checklist.id}' is also used by {seen[checklist.id]}")
        problems += found
        if checklist is not None:
            seen.setdefault(checklist.id, path)
            if not found:
                count = len(checklist.items)
                from exitplan.base.safetext import one_line

                typer.echo(f"{one_line(path)}: ok ({count} item{'' if count == 1 else 's'})")
    if problems:
        raise ChecklistProblems(problems)


def help_now(
    ctx: typer.Context,
    region: Annotated[
        str | None,
        typer.Option(
            "--region",
            "-r",
            metavar="PLACE",
            help="The numbers for this place: a country, state, province or nation, by name "
            'or code ("United Kingdom", Scotland, Ontario, au-nsw). Nothing is saved.',
            show_default=False,
        ),
    ] = None,
    sources: Annotated[
        bool, typer.Option("--sources", help="Show where each number was checked, and when.")
    ] = False,
    every: Annotated[bool, typer.Option("--all", help="Every number exitplan knows.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Show crisis numbers now, with nothing asked: where you live first.

    Works with no plan and never needs the passphrase. Example: exitplan help-now --region Wales
    """
    from exitplan.cli.common import emit_json, env_of
    from exitplan.service.helpnow import help_now_output

    env = env_of(ctx)
    out, data, problem = help_now_output(
        env.home, region, sources=sources, every=every, plain=env.plain
    )
    if as_json:
        emit_json(data)
    else:
        typer.echo(out)
    if problem:
        # In a crisis a typo must not cost the numbers: they are shown, then the one line.
        say(problem)
        raise typer.Exit(2)
