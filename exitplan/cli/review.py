"""`review`: the open steps one key at a time, with a calm stop and a quick hide."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import typer

from exitplan.base.i18n import N_, _
from exitplan.base.safetext import UNSAFE
from exitplan.base.signals import STOPPED_CODE
from exitplan.cli import console, keyboard
from exitplan.cli.common import Env, env_of, say
from exitplan.cli.talk import helptext

if TYPE_CHECKING:
    from exitplan.service.results import ScreenOptions
    from exitplan.service.steps import Review

# Each key: what it does, and its label (the letter in brackets is the key to press). A
# translation picks its own letters; the English ones still work where they do not clash, so
# h always hides unless the language gives h another meaning.
KEYS = (
    ("done", N_("[d]one")),
    ("skip", N_("[s]kip")),
    ("note", N_("[n]ote")),
    ("next", N_("[Enter] next")),
    ("quit", N_("[q]uit")),
    ("hide", N_("[h]ide")),
)
KEY_GROUPS = tuple(label for _action, label in KEYS)
# The key that shows the rest of a step folded away to fit the screen; named only then.
MORE = ("more", N_("[m]ore"))


def key_actions() -> dict[str, str]:
    """What each key does ('d' -> 'done', '' -> 'next'), in the language spoken first."""
    found: dict[str, str] = {"": "next"}
    for translated in (True, False):
        for action, label in (*KEYS, MORE):
            letter = re.search(r"\[(\w)\]", _(label) if translated else label)
            if letter:
                found.setdefault(letter.group(1).lower(), action)
    return found


def press_again(more: bool = False) -> str:
    """The keys named again after a key that does nothing: "Please press d, s, ... or h: "."""
    letters = []
    for _action, label in (MORE, *KEYS) if more else KEYS:
        letter = re.search(r"\[(\w+)\]", _(label))
        letters.append(letter.group(1) if letter else _(label))
    return _("Please press {keys} or {last}: ").format(
        keys=", ".join(letters[:-1]), last=letters[-1]
    )


def keys_prompt(columns: int, more: bool = False) -> str:
    """The keys in as many lines as `columns` needs, never splitting one; ends with ': ' as the
    language writes it. With `more`, the key that shows the rest of the step comes first."""
    # Translators: the end of the keys' line, before the key typed ("{keys} : " in French).
    shape = _("{keys}: ")
    ending = len(shape.replace("{keys}", ""))
    lines: list[str] = []
    line = ""
    for group in (_(label) for label in ((MORE[1], *KEY_GROUPS) if more else KEY_GROUPS)):
        joined = f"{line}  {group}" if line else group
        if line and len(joined) + ending > columns:
            lines.append(line)
            line = group
        else:
            line = joined
    return shape.format(keys="\n".join([*lines, line]))


class QuickHide(Exception):
    """The person pressed the quick-hide key."""


@helptext(
    N_(
        "Go through open steps one key at a time.\n"
        "\n"
        "Most urgent first: d done, s skip, n note, Enter next, q quit. h "
        "hides at once: it clears the screen (and the scrollback, where the "
        "terminal allows) and exits, leaving only an ordinary prompt. Every "
        "answer is saved at once, so stopping half-way (even with Ctrl-C) "
        "loses nothing."
    )
)
def review(
    ctx: typer.Context,
    checklist: Annotated[str | None, typer.Argument(help=N_("Only this checklist."))] = None,
) -> None:
    from exitplan.service.steps import review_steps

    env = env_of(ctx)
    steps = review_steps(env.ws, env.today, checklist)
    if not steps.rows:
        say(_("Nothing open to review."))
        return
    say(_(BANNER))
    try:
        go_through(env, steps)
    except QuickHide:
        hide_screen()
        raise typer.Exit(0) from None
    except (KeyboardInterrupt, EOFError, typer.Abort):
        typer.echo("", err=True)  # the shell prompt must not land on the prompt's line
        say(_(STOPPED))
        raise typer.Exit(STOPPED_CODE) from None
    say(_("Review finished. Everything you answered is saved."))


def go_through(env: Env, steps: Review) -> None:
    """Each open step in turn until the last or quit (QuickHide when h is pressed)."""
    from exitplan.cli.reading import look
    from exitplan.service.terminal import height

    options = look(env)
    rows_high = height()
    for index in range(1, len(steps.rows) + 1):
        action = step_answered(env, steps, index, options, rows_high)
        if action == "hide":
            raise QuickHide
        if action == "quit":
            return


def step_answered(
    env: Env, steps: Review, index: int, options: ScreenOptions, rows_high: int | None
) -> str:
    """One step on screen until its answer, which is saved at once; a note keeps the same step
    on screen, shown again with it. The key's action ("next", "quit", "hide", ...)."""
    from exitplan.cli.reading import write_out
    from exitplan.service.terminal import width
    from exitplan.views.render import item_lines

    row = steps.rows[index - 1]
    top = heading(index, len(steps.rows), options["columns"], env.plain)
    while True:
        lines = item_lines(row, env.today, [], region=steps.plan.region, **options)
        action = step_keys(top, lines, rows_high, width(), write_out)
        if action != "note":
            break
        answer_review(env, row.entry.full_id, row.entry.number, action)
        row = row._replace(entry=env.ws.read().resolve(row.entry.full_id))
    if action not in {"hide", "quit", "next"}:
        answer_review(env, row.entry.full_id, row.entry.number, action)
    return action


# Where quick hide works, said exactly: a letter typed into a note is part of the note.
BANNER = N_(
    "Press h at the keys below any step to clear the screen and leave at once "
    "(while you type a note or a reason, press Esc twice)."
)
STOPPED = N_("Stopped. Everything you answered is saved.")


def fold(lines: list[str], room: int, columns: int) -> tuple[list[str], list[str]]:
    """The lines that fit in `room` rows of `columns` and the rest, folded away (a line wider
    than the screen, an address, takes more than one row). The step's title and state come
    first in `lines`, so they are always among those shown."""

    def high(line: str) -> int:
        return max(1, -(-len(line) // max(columns, 1)))

    if sum(map(high, lines)) <= room:
        return lines, []
    room -= len(folded_lines(999, columns))  # the rows that say how to read the rest
    used = taken = 0
    while taken < len(lines) and used + high(lines[taken]) <= room:
        used += high(lines[taken])
        taken += 1
    taken = max(taken, 1)  # never stuck: at least one line a screen
    return lines[:taken], lines[taken:]


def step_keys(
    top: str,
    lines: list[str],
    rows: int | None,
    columns: int,
    write: Callable[[str], None],
) -> str:
    """Show one step within `rows` (the rest folded behind m, no pager) and return the action
    of the key pressed (never 'more': the rest is shown here, a screen at a time)."""
    actions = key_actions()
    keys_rows = keys_prompt(columns, more=True).count("\n") + 1
    room = rows - keys_rows - 2 if rows else sys.maxsize  # the heading and its blank line
    shown, rest = fold(lines, room, columns)
    write("\n".join([top, "", *shown]) + "\n")
    while True:
        if rest:
            write("\n".join(folded_lines(len(rest), columns)) + "\n")
        action = actions.get(read_key(keys_prompt(columns, more=bool(rest))))
        while action is None or (action == "more" and not rest):
            action = actions.get(read_key(press_again(more=bool(rest))))
        if action != "more":
            return action
        shown, rest = fold(rest, rows - keys_rows if rows else sys.maxsize, columns)
        write("\n".join(shown) + "\n")


FOLDED = N_("(… {count} more lines: press m to read them)")


def folded_lines(count: int, columns: int) -> list[str]:
    """How to read the rest, wrapped at whole words (a narrow screen must not cut one)."""
    from exitplan.views.term import wrap

    return wrap(_(FOLDED).format(count=count), max(columns, 20))


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
    from exitplan.service.terminal import is_terminal

    out, err = sys.stdout, sys.stderr
    stream = out if is_terminal(out) or not is_terminal(err) else err
    if stream is not None:  # a closed stdout (`>&-`) and no terminal: no screen to clear
        console.clear(stream)


def answer_review(env: Env, full_id: str, number: int, action: str) -> None:
    """Apply one review answer and save it at once."""
    from exitplan.cli.prompts import ask_checked
    from exitplan.service.steps import checked_reason, save_note, save_status

    if action == "done":
        save_status(env.ws, full_id, "done")
        say(_("Done. To undo it: exitplan undo {number}").format(number=number))
    elif action == "skip":
        reason = (
            ask_checked(
                _("Reason (optional)"),
                checked_reason,
                stopped=STOPPED,
            )
            or None
        )
        save_status(env.ws, full_id, "skipped", reason)
        say(_("Skipped. To undo it: exitplan undo {number}").format(number=number))
    elif action == "note":
        from exitplan.cli.notes import typed_note

        entry = env.ws.read().resolve(full_id)
        text = typed_note(entry.state.note, f"#{number} {entry.item.title}", None, STOPPED)
        if text:
            save_note(env.ws, full_id, text)
            say(_("Note saved."))
        elif text is None:
            say(_("The note is kept as it was."))


def read_key(prompt: str) -> str:
    """One keypress on a terminal, or the first letter of a line otherwise."""
    typer.echo(prompt, nl=False, err=True)
    if keyboard.someone_typing():
        key = typer.getchar()
        typer.echo("" if UNSAFE.search(key) else key, err=True)
    else:
        line = keyboard.read_line()
        if not line:
            return "q"
        key = line.strip()[:1]
    return "" if key in {"\r", "\n", " "} else key.lower()
