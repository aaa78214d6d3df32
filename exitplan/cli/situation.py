"""The `situation` command: a few yes / no / skip questions that choose which steps apply.

At a terminal the questions are asked one by one; otherwise the answers are read as TOML from
stdin (`children = false`), never from the command line, where shell history would keep them.
"""

from __future__ import annotations

import copy
import sys
from typing import TYPE_CHECKING

import typer

from exitplan.base.i18n import _
from exitplan.cli.common import JsonOpt, emit_json, env_of, say

if TYPE_CHECKING:
    from exitplan.cli.common import Env
    from exitplan.domain.model import PlanState
    from exitplan.domain.plan import Plan

INTRO = (
    "A few questions help exitplan fit the plan to you: which steps apply, and what comes "
    "first. Answer yes, no, or skip to leave one unanswered; Enter keeps the answer you have. "
    "Your answers stay in your plan on this computer, sealed with it when it is encrypted, and "
    "you can change them any time with: exitplan situation"
)
WORDS = {True: "yes", False: "no", None: "not answered"}
REPLIES: dict[str, bool | None] = {
    "y": True,
    "yes": True,
    "n": False,
    "no": False,
    "s": None,
    "skip": None,
}


def stdin_is_terminal() -> bool:
    """Whether the answers can be asked for one by one (tests replace this)."""
    return sys.stdin.isatty()


def situation(ctx: typer.Context, as_json: JsonOpt = False) -> None:
    """Answer a few questions so the plan fits you: yes, no or skip, changeable any time.

    At a terminal they are asked one by one. Otherwise they are read from stdin as TOML:
    printf 'children = false\\npets = true\\n' | exitplan situation
    """
    from exitplan.domain.situation import QUESTIONS

    env = env_of(ctx)
    env.ws.require_plan()
    if as_json:
        given = env.ws.state().situation
        emit_json({q.key: given.get(q.key) for q in QUESTIONS})
        return
    if stdin_is_terminal():
        ask_and_save(env)
        return
    from exitplan.domain.situation import read_answers

    text = sys.stdin.read()
    answers = read_answers(text)
    if not answers:
        say("No answers were given, so nothing changed. Write one per line: children = true")
        return
    save(env, answers)


def offer(env: Env) -> None:
    """At a terminal (never when piped), offer the questions once; one line skips them all."""
    if not stdin_is_terminal():
        return
    from exitplan.views.term import width, wrap

    for line in wrap(INTRO, width()):
        say(line)
    from exitplan.cli.prompts import Stopped, typed

    try:
        reply = typed(_("Press Enter to answer them now, or type s to skip them all"))
    except Stopped:  # the plan is made: stopping skips them
        typer.echo("", err=True)
        reply = "s"
    if str(reply).strip().lower() in {"s", "skip", "n", "no", "q"}:
        say("Skipped. You can answer them any time with: exitplan situation")
        return
    ask_and_save(env, intro=False, offered=True)


def ask_and_save(env: Env, *, intro: bool = True, offered: bool = False) -> None:
    """Ask every question at the terminal, then save the answers at once.

    Stopping on the way saves nothing. On its own, the run then ends as any stopped prompt does
    (130 for Ctrl-C, 1 at the end of input); offered by `init`, whose plan is made, it ends well.
    """
    from exitplan.views.term import width, wrap

    if intro:
        for line in wrap(INTRO, width()):
            say(line)
    current = env.ws.state().situation
    answers = ask_all(current)
    if isinstance(answers, int):
        if not offered:
            from exitplan.cli.prompts import STOPPED

            say(_(STOPPED))
            raise typer.Exit(answers)
        say(_("Stopped. Your plan is made; answer them any time with: exitplan situation"))
        return
    save(env, answers)


def ask_all(current: dict[str, bool]) -> dict[str, bool | None] | int:
    """The answers typed for every question, or the exit code when the person stopped (130 for
    Ctrl-C, 1 at the end of input)."""
    from exitplan.cli.prompts import Stopped, typed
    from exitplan.domain.situation import QUESTIONS

    answers: dict[str, bool | None] = {}
    total = len(QUESTIONS)
    try:
        for number, question in enumerate(QUESTIONS, 1):
            now = WORDS[current.get(question.key)]
            prompt = f"{number} of {total}. {question.text} (now: {now}; yes, no or skip)"
            while True:
                reply = typed(prompt).strip().lower()
                if not reply:
                    break  # Enter keeps the answer as it is
                if reply in REPLIES:
                    answers[question.key] = REPLIES[reply]
                    break
                say(_("Please answer yes, no or skip (or press Enter to keep the answer)."))
    except Stopped as halt:
        typer.echo("", err=True)
        return halt.code
    return answers


def save(env: Env, answers: dict[str, bool | None]) -> None:
    """Save the answers and say what they change in the plan."""
    from exitplan.domain.plan import set_situation

    def apply(state: PlanState, _plan: Plan) -> bool:
        return set_situation(state, answers, env.ws.now())

    # Answers that change nothing must not rewrite the plan (nor push out a backup).
    unchanged = not set_situation(copy.deepcopy(env.ws.state()), answers, env.ws.now())
    if unchanged or not env.ws.change(apply):
        say("Your answers are as they were; nothing changed.")
        return
    plan = env.ws.read()
    aside = sum(not entry.applies for entry in plan.entries)
    say("Saved your answers.")
    if aside:
        say(
            f"{aside} steps are set aside as not for you; they come back, with their progress, "
            "if an answer changes (exitplan list --all shows them)."
        )
    from exitplan.domain.situation import danger_signs

    if danger_signs(plan.situation):
        say(
            "Some answers are signs of serious danger. An advocate can help you plan around "
            "them; status shows their steps first. Help now: exitplan help-now"
        )
