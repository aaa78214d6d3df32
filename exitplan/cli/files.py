"""Checking checklist files, and crisis numbers that need no plan."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from exitplan.base.errors import ChecklistProblems


def validate(
    files: Annotated[list[Path], typer.Argument(help="Checklist files to check.")],
) -> None:
    """Check checklist files and report every problem. Example: exitplan validate mine.toml"""
    from exitplan.formats.catalog import checklist_problems

    problems: list[str] = []
    seen: dict[str, Path] = {}
    for path in files:
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
    region: Annotated[
        str | None,
        typer.Option(
            "--region",
            "-r",
            metavar="REGION",
            help="Only this region: US, UK, IE, CA, AU, NZ, DE, FR, ES, or EU (Europe-wide).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Show crisis numbers now, with nothing asked.

    Works with no plan and never needs the passphrase.
    """
    from exitplan.formats.helplines import format_lines, load_lines
    from exitplan.views.term import width, wrap

    every = load_lines()
    lines = every
    if region:
        wanted = REGION_ALIASES.get(region.strip().upper(), region.strip().upper())
        lines = [line for line in every if line["region"].upper() == wanted]
        if not lines:
            # In a crisis a typo must not cost the numbers: show them all, and say why.
            regions = ", ".join(sorted({line["region"] for line in every}))
            typer.echo(
                "\n".join(
                    wrap(
                        f"No numbers for '{region}' (known: {regions}), so here are all of them.",
                        width(),
                    )
                )
                + "\n"
            )
            lines = every
    typer.echo(format_lines(lines, width()))


REGION_ALIASES = {"GB": "UK", "USA": "US", "AUS": "AU", "CAN": "CA", "DEU": "DE"}
