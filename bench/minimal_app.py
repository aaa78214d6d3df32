"""The framework floor for exitplan's start-up targets (issue 6).

The smallest Typer app that does what `exitplan status` has to do: parse a command line, dispatch
to a command and print a rich table. Whatever `exitplan` costs beyond this is exitplan's own.

    python bench/minimal_app.py show      # the floor for `exitplan status` and `help-now`
    python bench/minimal_app.py --help    # the floor for `exitplan --help`

Why a callback as well as the command: with a single command and no callback Typer runs that
command directly, with no subcommand name and no group in between, and `minimal_app.py show` would
be an error. exitplan is a group (a callback holding global options, then a subcommand), so the
floor is one too: the callback makes Typer build a group and dispatch by name exactly as it does
for `exitplan status`. The callback takes no options and does nothing, so it adds no work of its
own beyond what any multi-command Typer app pays.
"""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

app = typer.Typer(add_completion=False)


@app.callback()
def main() -> None:
    """A minimal Typer app: one command that prints a one-row rich table."""


@app.command()
def show() -> None:
    """Print a one-row table."""
    table = Table("name", "value")
    table.add_row("days left", "62")
    Console().print(table)


if __name__ == "__main__":
    app()
