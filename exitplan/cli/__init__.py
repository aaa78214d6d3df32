"""The command line: parse, call the core, render. The only package that imports typer.

`common` holds the options holder and the output layer, one module per group of commands
holds the commands, and `app` registers them (in the order `--help` shows) and runs them.

Importing this package imports no framework: its names load on first use, so `main()` can try
the glance (`exitplan.service.glance`) before typer is ever imported.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

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
    "region",
]
_FROM_APP = ("command_name", "invoked_command")
_MODULES = ("changing", "copies", "files", "privacy", "reading", "region")


def main() -> None:
    """Console-script entry point: the glance when it can serve the command, else the full CLI."""
    import gc

    from exitplan.base.hardening import forbid_core_dumps

    # Before anything reads the plan: no core dump may hold it.
    forbid_core_dumps()
    # The language is chosen before any framework or screen is imported (their words are
    # translated where they are used).
    import os

    from exitplan.base.i18n import choose, install

    install(choose(sys.argv[1:], os.environ))
    # The glance lives for a few milliseconds and keeps nearly everything it makes: the cyclic
    # collector would only walk the same objects again and again (a tenth of a 10,000-step glance).
    gc.disable()
    from exitplan.service.glance import finish, glance

    code = glance(sys.argv[1:])
    if code is not None:
        finish(code)
    gc.enable()
    from exitplan.cli.app import main as full_main

    full_main()


def __getattr__(name: str) -> Any:
    if name in _FROM_APP:
        return getattr(importlib.import_module("exitplan.cli.app"), name)
    if name == "Env":
        from exitplan.cli.common import Env

        return Env
    if name in _MODULES:
        return importlib.import_module(f"exitplan.cli.{name}")
    raise AttributeError(f"module 'exitplan.cli' has no attribute {name!r}")


class _Package(types.ModuleType):
    """`exitplan.cli.app` names the Typer app, as it always has, though it loads on first use."""

    @property
    def app(self) -> Any:
        """The Typer app (importing the framework)."""
        return importlib.import_module("exitplan.cli.app").app

    @app.setter
    def app(self, _module: Any) -> None:
        """The import system binds the submodule here once it loads; the Typer app stays."""


sys.modules[__name__].__class__ = _Package
