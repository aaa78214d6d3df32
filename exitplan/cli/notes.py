"""`note`: a note on a step, typed (never an argument); over a note already there, it is shown and
the person chooses to add to it, replace it or keep it (review's `n` asks the same way)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Annotated

import typer

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import N_, _
from exitplan.base.limits import MAX_NOTE_CHARS
from exitplan.base.safetext import only_controls
from exitplan.cli import keyboard
from exitplan.cli.common import env_of, read_private_text, say
from exitplan.cli.replies import choice
from exitplan.cli.talk import helptext

if TYPE_CHECKING:
    from exitplan.service.workspace import Workspace

# Over an existing note: the answers that add to it, replace it or keep it (separated by |).
NOTE_CHOICES = (("add", N_("a|add")), ("replace", N_("r|replace")), ("keep", N_("k|keep")))


@helptext(
    N_(
        "Write a note on a step. The text is asked for, never taken from the "
        "command line.\n"
        "\n"
        "Over an existing note it is shown first, and you choose to add to "
        "it, replace it or keep it. Example: exitplan note 3 (or: pbpaste | "
        "exitplan note 3 --add)"
    )
)
def note(
    ctx: typer.Context,
    item: Annotated[str, typer.Argument(help=N_("Number, id, or part of an id."))],
    clear: Annotated[bool, typer.Option("--clear", help=N_("Remove the note."))] = False,
    append: Annotated[
        bool, typer.Option("--add", help=N_("Add the new text after the note there is."))
    ] = False,
    overwrite: Annotated[
        bool, typer.Option("--replace", help=N_("Replace the note there is with the new text."))
    ] = False,
) -> None:
    from exitplan.service.steps import save_note

    env = env_of(ctx)
    if sum((clear, append, overwrite)) > 1:
        raise typer.BadParameter(_("choose one of --clear, --add or --replace"))
    env.ws.require_plan()  # a plan to write to, and the step, before anything is typed
    entry = env.ws.read().resolve(item)
    name = f"#{entry.number} {entry.item.title}"
    if clear:
        say(_cleared(env.ws, item, had=bool(entry.state.note), name=name))
        return
    how = "add" if append else "replace" if overwrite else None
    text = typed_note(entry.state.note, name, how)
    if text is None:
        say(_("Kept the note as it was: {step}").format(step=name))
        return
    if not text:
        say(_("The note is empty, so nothing was changed. Use --clear to remove a note."))
        return
    save_note(env.ws, item, text)
    before = entry.state.note
    added = bool(before) and text.startswith(f"{before}\n")  # chosen here or at the question
    saved = _("Added to the note on: {step}") if added else _("Saved the note on: {step}")
    say(saved.format(step=name))


def _cleared(ws: Workspace, item: str, *, had: bool, name: str) -> str:
    """Remove a step's note (`note --clear`), and say so; with no note there, change nothing."""
    from exitplan.service.steps import save_note

    if not had:
        return _("There is no note on {step}, so nothing was changed.").format(step=name)
    save_note(ws, item, "")
    return _("Removed the note from: {step}").format(step=name)


def typed_note(
    current: str | None, name: str, how: str | None, stopped: str | None = None
) -> str | None:
    """The whole new note for a step (None: keep the note there is; "": nothing was typed).

    Over a note there is, at a terminal, the note is shown and the person chooses to add to it,
    replace it or keep it (`how` chooses beforehand: "add" or "replace"); from a pipe one of
    them must be chosen with --add or --replace, since nothing can be asked. Each answer is
    checked as it is typed; an empty text changes nothing.

    Given `stopped` (review's words for Ctrl-C), every answer is one line, from the terminal or
    from the lines of a pipe, as review reads its keys.
    """
    one_line = stopped is not None
    if current and how is None:
        how = asked_how(current, name, stopped)
        if how == "keep":
            return None
    adding = bool(current) and how == "add"
    check = partial(checked_within, room=MAX_NOTE_CHARS - (len(current or "") + 1 if adding else 0))
    prompt = _("Text to add to the note") if adding else _("Note for {step}").format(step=name)
    if one_line:
        from exitplan.cli.prompts import ask_checked

        text = ask_checked(prompt, check, stopped=stopped, free=True)
    else:
        text = read_private_text(prompt, check)
    if not text:
        return ""
    return f"{current}\n{text}" if adding and current else text


def asked_how(current: str, name: str, stopped: str | None) -> str:
    """Whether to add to the note there is, replace it or keep it, asked at a terminal (or as
    review reads its keys); a pipe cannot be asked, so there --add or --replace must say it."""
    if not keyboard.someone_typing() and stopped is None:
        raise ExitplanError(
            _(
                "{step} already has a note; nothing was changed. Give --add to add the new "
                "text after it, or --replace to replace it"
            ).format(step=name)
        )
    return choose_note_action(current, name, stopped)


def checked_within(text: str, room: int) -> str:
    """A note's new text as typed, checked: not only control characters (bytes piped by
    mistake must never leave an empty note in place of this one), and within `room`."""
    from exitplan.service.steps import checked_note

    if only_controls(text):
        raise ExitplanError(_("the note holds only control characters; nothing was changed"))
    cleaned = checked_note(text)
    if len(cleaned) > room:
        raise ExitplanError(
            _("the note would be longer than {limit} characters in all").format(
                limit=MAX_NOTE_CHARS
            )
        )
    return cleaned


def choose_note_action(current: str, name: str, stopped: str | None = None) -> str:
    """Show the note there is; ask whether to add to it, replace it or keep it."""
    from exitplan.cli.prompts import ask_checked
    from exitplan.service.terminal import width
    from exitplan.views.term import wrap

    say(_("The note on {step} now reads:").format(step=name))
    for line in current.splitlines() or [""]:
        say("\n".join(wrap(line, width(), "  ", indent=2)))

    def check(answer: str) -> str:
        chosen = choice(answer, NOTE_CHOICES) if answer.strip() else "keep"
        if chosen is None:
            raise ExitplanError(_("please answer a, r or k"))
        return chosen

    return ask_checked(
        _("[a]dd to it, [r]eplace it, or [k]eep it (Enter keeps it)"), check, stopped=stopped
    )
