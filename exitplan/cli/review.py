"""`review`: the open steps one key at a time, with a calm stop and a quick hide."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from exitplan.base.i18n import N_, _
from exitplan.base.limits import MAX_REASON_CHARS
from exitplan.cli.common import Env, checklist_id, env_of, say

KEY_GROUPS = ("[d]one", "[s]kip", "[n]ote", "[Enter] next", "[q]uit", "[h]ide")


def keys_prompt(columns: int) -> str:
    """The keys in as many lines as `columns` needs, never splitting one; ends with ': '."""
    lines: list[str] = []
    line = ""
    for group in KEY_GROUPS:
        joined = f"{line}  {group}" if line else group
        if line and len(joined) + len(": ") > columns:
            lines.append(line)
            line = group
        else:
            line = joined
    return "\n".join([*lines, line]) + ": "


# Go home and clear the screen, then erase the scrollback (where the terminal allows it). In
# this order: many terminals move a cleared screen into the scrollback, so erasing it first
# would leave the step that was on screen one scroll away.
HIDE_SEQUENCE = "\033[H\033[2J\033[3J"
# Ctrl-C: the usual exit code of a program stopped by SIGINT, so scripts can tell.
STOPPED_CODE = 130


class QuickHide(Exception):
    """The person pressed the quick-hide key."""


def review(
    ctx: typer.Context,
    checklist: Annotated[str | None, typer.Argument(help="Only this checklist.")] = None,
) -> None:
    """Go through open steps one key at a time.

    Most urgent first: d done, s skip, n note, Enter next, q quit.
    h hides at once: it clears the screen (and the scrollback, where the terminal allows)
    and exits, leaving only an ordinary prompt.
    Every answer is saved at once, so stopping half-way (even with Ctrl-C) loses nothing.
    """
    from exitplan.cli.reading import look, write_out
    from exitplan.domain.day import day_view
    from exitplan.service.terminal import width
    from exitplan.views.render import item_lines

    env = env_of(ctx)
    plan = env.ws.read()
    if plan.state is None:
        raise env.ws.store.no_plan()
    wanted = checklist_id(plan, checklist)
    # Open steps that apply, most urgent first: a step set aside as not for you never comes up.
    rows = [
        r for r in day_view(plan, env.today).open_rows() if wanted in {None, r.entry.checklist.id}
    ]
    if not rows:
        say(_("Nothing open to review."))
        return
    say(_(BANNER))
    options = look(env)
    try:
        for index, row in enumerate(rows, 1):
            write_out("\n".join([heading(index, len(rows), options["columns"], env.plain), ""]))
            lines = item_lines(row, env.today, [], region=plan.region, **options)
            write_out("\n".join(lines) + "\n")
            key = read_key(keys_prompt(width()))
            while key not in {"d", "s", "n", "q", "h", ""}:
                key = read_key(_("Please press d, s, n, Enter, q or h: "))
            if key == "h":
                raise QuickHide
            if key == "q":
                break
            answer_review(env, row.entry.full_id, row.entry.number, key)
    except QuickHide:
        hide_screen()
        raise typer.Exit(0) from None
    except (KeyboardInterrupt, EOFError, typer.Abort):
        typer.echo("", err=True)  # the shell prompt must not land on the prompt's line
        say(_(STOPPED))
        raise typer.Exit(STOPPED_CODE) from None
    say(_("Review finished. Everything you answered is saved."))


# Where quick hide works, said exactly: a letter typed into a note is part of the note.
BANNER = N_(
    "Press h at the keys below any step to clear the screen and leave at once "
    "(while you type a note or a reason, h is a letter: press Enter first)."
)
STOPPED = N_("Stopped. Everything you answered is saved.")


def heading(index: int, total: int, columns: int, plain: bool) -> str:
    """The line above each step: a rule with the count, or words alone in plain mode."""
    words = _("Step {index} of {total}").format(index=index, total=total)
    if plain:
        return words
    side = max(columns - len(words) - 2, 2)
    left = side // 2
    return f"{RULE * left} {words} {RULE * (side - left)}"


RULE = "\u2500"


def hide_screen() -> None:
    """Clear the terminal and its scrollback, printing nothing else."""
    stream = sys.stdout if sys.stdout.isatty() or not sys.stderr.isatty() else sys.stderr
    stream.write(HIDE_SEQUENCE)
    stream.flush()


def answer_review(env: Env, full_id: str, number: int, key: str) -> None:
    """Apply one review answer and save it at once."""
    from exitplan.cli.prompts import ask_checked
    from exitplan.domain.plan import clean_text, set_note, set_status

    if key == "d":
        env.ws.change(
            lambda state, plan: set_status(state, plan.resolve(full_id), "done", env.ws.now())
        )
        say(_("Done. To undo it: exitplan undo {number}").format(number=number))
    elif key == "s":
        reason = (
            ask_checked(
                _("Reason (optional)"),
                lambda text: clean_text(text, "reason", MAX_REASON_CHARS),
                stopped=STOPPED,
            )
            or None
        )
        env.ws.change(
            lambda state, plan: set_status(
                state, plan.resolve(full_id), "skipped", env.ws.now(), reason
            )
        )
        say(_("Skipped. To undo it: exitplan undo {number}").format(number=number))
    elif key == "n":
        from exitplan.cli.notes import typed_note

        entry = env.ws.read().resolve(full_id)
        text = typed_note(entry.state.note, f"#{number} {entry.item.title}", None, STOPPED)
        if text:
            env.ws.change(
                lambda state, plan: set_note(state, plan.resolve(full_id), text, env.ws.now())
            )
            say(_("Note saved."))
        elif text is None:
            say(_("The note is kept as it was."))


def read_key(prompt: str) -> str:
    """One keypress on a terminal, or the first letter of a line otherwise."""
    typer.echo(prompt, nl=False, err=True)
    if sys.stdin.isatty():
        key = typer.getchar()
        typer.echo(key if key.isprintable() else "", err=True)
    else:
        line = sys.stdin.readline()
        if not line:
            return "q"
        key = line.strip()[:1]
    return "" if key in {"\r", "\n", " "} else key.lower()
