"""The console script: the glance when it can serve the command, else the full command line.

Nothing here imports a framework before the glance has had its chance.
"""

from __future__ import annotations

import sys


def main() -> None:
    """Console-script entry point: the glance when it can serve the command, else the full CLI."""
    guard_the_process()
    choose_the_language()
    glance_if_it_can()
    from exitplan.cli.app import main as full_main

    full_main()


def guard_the_process() -> None:
    """Before anything reads the plan: no core dump may hold it, no signal skips a clean-up,
    the console reads escape codes, and nothing that acts unseen reaches the terminal raw."""
    # A stream the shell closed (`>&-`) gets the null device before any file is opened.
    from exitplan.service.terminal import open_closed_streams

    open_closed_streams()
    from exitplan.base import signals
    from exitplan.base.hardening import forbid_core_dumps

    forbid_core_dumps()
    # A Windows console shows colour and clear codes as text until it is told to read them
    # (and a pipe there gets UTF-8): before the guard below wraps the streams.
    from exitplan.cli.console import prepare

    prepare()
    signals.install()
    # Whatever the source of a text, nothing that acts unseen (a direction override, a
    # zero-width character) reaches the terminal raw.
    from exitplan.base.safetext import guard_output

    guard_output()


def choose_the_language() -> None:
    """The language, chosen before any framework or screen is imported (their words are
    translated where they are used)."""
    import os

    from exitplan.base.i18n import choose, install

    install(choose(sys.argv[1:], os.environ))


def glance_if_it_can() -> None:
    """Serve the command from the glance and end the run, when the glance can; else return."""
    import gc

    # The glance lives for a few milliseconds and keeps nearly everything it makes: the cyclic
    # collector would only walk the same objects again and again (a tenth of a 10,000-step glance).
    gc.disable()
    from exitplan.service.glance import finish, glance

    code = glance(sys.argv[1:])
    if code is not None:
        finish(code)
    gc.enable()
