"""The console script: the glance when it can serve the command, else the full command line.

Nothing here imports a framework before the glance has had its chance.
"""

from __future__ import annotations

import sys


def main() -> None:
    """Console-script entry point: the glance when it can serve the command, else the full CLI."""
    import gc

    from exitplan.base import signals
    from exitplan.base.hardening import forbid_core_dumps

    # Before anything reads the plan: no core dump may hold it, and no signal skips a clean-up.
    forbid_core_dumps()
    signals.install()
    # Whatever the source of a text, nothing that acts unseen (a direction override, a
    # zero-width character) reaches the terminal raw.
    from exitplan.base.safetext import guard_output

    guard_output()
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
