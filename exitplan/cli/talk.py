"""Words on stderr for the person: short sentences and the lead lines of a prompt, wrapped to the
terminal between words. A leaf of the CLI: it imports nothing of exitplan's but the terminal
and the catalogs."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TypeVar

import typer

from exitplan.base.i18n import _

F = TypeVar("F", bound=Callable[..., Any])


def say(message: str) -> None:
    """A short confirmation on stderr, so stdout stays clean for data.

    At a terminal it is wrapped to the terminal's width, so no word is split at the edge. A
    control character (from a planted file's name or value) is shown as U+FFFD, never sent.
    """
    from exitplan.base.safetext import screen_text

    message = screen_text(message)
    if stream_is_terminal(err=True):
        from exitplan.service.terminal import width
        from exitplan.views.term import wrap_lines

        message = "\n".join(wrap_lines(message, width()))
    typer.echo(message, err=True)


def stream_is_terminal(*, err: bool) -> bool:
    """Whether stderr (or stdout) is a terminal."""
    from exitplan.service.terminal import is_terminal

    return is_terminal(sys.stderr if err else sys.stdout)


def prompt_text(text: str, *, err: bool = False) -> str:
    """The last line of a prompt wrapped to the terminal; the lines before it are printed.

    A prompt wider than the terminal would otherwise be split mid-word at the edge.
    """
    if not stream_is_terminal(err=err):
        return text
    from exitplan.service.terminal import width
    from exitplan.views.term import wrap

    *lead, last = wrap(text, width() - 2)  # room for the ": " the prompt adds
    for line in lead:
        typer.echo(line, err=err)
    return last


def visible(text: str) -> str:
    """What the person typed, safe to show: an escape code or a direction override written as
    its code, so nothing typed can work on the terminal (the rule lives in `base.safetext`)."""
    from exitplan.base.safetext import escaped

    return escaped(text)


def helptext(text: str) -> Callable[[F], F]:
    """A command's help, written once where it is marked (`@helptext(N_("..."))`) and translated
    where it is shown (the help screens call `_()` on it): Typer reads it as the docstring, at
    import time, before the language is chosen."""

    def mark(function: F) -> F:
        function.__doc__ = text
        return function

    return mark


def asking(text: str, *, err: bool = True) -> str:
    """A question as the terminal asks it, before the answer typed: `Where: ` after a label, but
    a question that ends with its own question mark gets no colon after it (« ? : » is two end
    marks in a row)."""
    shown = prompt_text(text, err=err)
    if shown.rstrip().endswith("?"):
        return shown.rstrip() + " "
    # Translators: a question as the terminal asks it, before the answer typed.
    return _("{question}: ").format(question=shown)
