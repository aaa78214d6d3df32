"""The command line: parse, call the core, render. The only package that imports typer.

Importing the command modules registers their commands on the app, in the order `--help` shows
them, so the order of these imports is deliberate.
"""

# ruff: noqa: I001
from exitplan.cli import reading, changing, files, privacy, copies
from exitplan.cli.app import Env, app, command_name, invoked_command, main

__all__ = [
    "Env",
    "app",
    "changing",
    "command_name",
    "copies",
    "files",
    "invoked_command",
    "main",
    "privacy",
    "reading",
]
