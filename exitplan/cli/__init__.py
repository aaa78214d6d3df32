"""The command line: parse, call the core, render. The only package that imports typer.

`common` holds the options holder and the output layer, one module per group of commands
holds the commands, and `app` registers them (in the order `--help` shows) and runs them.
"""

from exitplan.cli import changing, copies, files, privacy, reading
from exitplan.cli.app import app, command_name, invoked_command, main
from exitplan.cli.common import Env

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
