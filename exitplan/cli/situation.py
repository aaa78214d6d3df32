"""The `situation` command: a few yes / no / skip questions that choose which steps apply.

At a terminal the questions are asked one by one; otherwise the answers are read as TOML from
stdin (`children = false`), never from the command line, where shell history would keep them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from exitplan.base.i18n import N_, _
from exitplan.cli import keyboard, replies
from exitplan.cli.common import STOPPED_CODE, JsonOpt, env_of, render, say
from exitplan.cli.replies import meaning
from exitplan.cli.talk import helptext

if TYPE_CHECKING:
    from collections.abc import Mapping

    from exitplan.cli.common import Env
    from exitplan.cli.region import Answer as Place
    from exitplan.service.changes import AnswersSaved
    from exitplan.service.place import Answer, Question
    from exitplan.service.results import Result

INTRO = N_(
    "A few questions help exitplan fit the plan to you: where you live, which steps apply, "
    "and what comes first. Answer yes, no, or skip to leave one unanswered; Enter keeps the "
    "answer you have. Your answers stay in your plan on this computer, sealed with it when it "
    "is encrypted, and you can change them any time with: exitplan situation"
)
WORDS = {True: N_("yes"), False: N_("no"), None: N_("not answered"), "unsure": N_("not sure")}
REPLIES: dict[str, bool | str | None] = {"yes": True, "no": False, "unsure": "unsure", "skip": None}
KINDS = (replies.YES, replies.NO, replies.SKIP)
# A danger sign may also be answered "not sure": like a yes, it brings the bag and the stash
# within a week, without bringing the danger-sign steps first.
DANGER_KINDS = (replies.YES, replies.NO, replies.UNSURE, replies.SKIP)


@helptext(
    N_(
        "Answer a few questions so the plan fits you: yes, no or skip, "
        "changeable any time.\n"
        "\n"
        "At a terminal they are asked one by one, where you live first. "
        "Otherwise they are read from stdin as TOML: printf 'region = "
        '"Wales"\\nchildren = false\\n\' | exitplan situation'
    )
)
def situation(ctx: typer.Context, as_json: JsonOpt = False) -> None:
    from exitplan.service.reading import situation_answers

    env = env_of(ctx)
    env.ws.require_plan()
    # --json shows the answers; otherwise they are asked at a terminal, or read from a pipe.
    render(situation_answers(env.ws) if as_json else answered(env), json=as_json)


def answered(env: Env) -> Result:
    """The answers asked at the terminal or read from a pipe, saved, and what they changed."""
    if keyboard.someone_typing():
        return asked(env)
    from exitplan.cli.common import read_piped
    from exitplan.cli.region import KEEP, read_place
    from exitplan.service.place import read_answers

    answers, named = read_answers(read_piped(64 * 1024))
    place = read_place(named) if named is not None else KEEP
    if not answers and place.keep:
        from exitplan.service.results import Said

        return Said(
            (_("No answers were given, so nothing changed. Write one per line: children = true"),)
        )
    return saved(env, answers, place)


def offer(env: Env) -> None:
    """At a terminal (never when piped), offer the questions once; one line skips them all."""
    if not keyboard.someone_typing():
        return
    from exitplan.service.terminal import width
    from exitplan.views.term import wrap

    for line in wrap(_(INTRO), width()):
        say(line)
    from exitplan.cli.prompts import Stopped, typed

    try:
        reply = typed(_("Press Enter to answer them now, or type s to skip them all"))
    except Stopped:  # the plan is made: stopping skips them
        typer.echo("", err=True)
        reply = "s"
    if meaning(str(reply), KINDS) in {"skip", "no"} or str(reply).strip().lower() == "q":
        say(_("Skipped. You can answer them any time with: exitplan situation"))
        return
    render(asked(env, intro=False, offered=True), json=False)


def asked(env: Env, *, intro: bool = True, offered: bool = False) -> Result:
    """Ask every question at the terminal, then save the answers at once.

    Stopping on the way saves nothing. On its own, the run then ends as any stopped prompt does
    (130 for Ctrl-C, 1 at the end of input); offered by `init`, whose plan is made, it ends well.
    """
    from exitplan.service.terminal import width
    from exitplan.views.term import wrap

    if intro:
        for line in wrap(_(INTRO), width()):
            say(line)
    from exitplan.cli.region import ask_place
    from exitplan.service.place import QUESTIONS, current

    now = current(env.ws)
    total = len(QUESTIONS) + 1
    place = ask_place(now.region, _("{number} of {total}. ").format(number=1, total=total))
    answers = place if isinstance(place, int) else ask_all(now.answers, first=2, total=total)
    if isinstance(answers, int) or isinstance(place, int):
        if not offered:
            from exitplan.cli.prompts import STOPPED

            say(_(STOPPED))
            raise typer.Exit(answers if isinstance(answers, int) else STOPPED_CODE)
        from exitplan.service.results import Said

        return Said(
            (_("Stopped. Your plan is made; answer them any time with: exitplan situation"),)
        )
    return saved(env, answers, place)


def ask_all(
    current: Mapping[str, bool | str], *, first: int = 1, total: int | None = None
) -> dict[str, Answer] | int:
    """The answers typed for every question, or the exit code when the person stopped (130 for
    Ctrl-C, 1 at the end of input). The questions are numbered from `first` of `total`."""
    from exitplan.cli.prompts import Stopped
    from exitplan.service.place import QUESTIONS

    answers: dict[str, Answer] = {}
    total = total or len(QUESTIONS)
    try:
        for number, question in enumerate(QUESTIONS, first):
            now = _(WORDS[current.get(question.key)])
            given, answer = ask_one(question, now, number, total)
            if given:
                answers[question.key] = answer
    except Stopped as halt:
        typer.echo("", err=True)
        return halt.code
    return answers


def ask_one(question: Question, now: str, number: int, total: int) -> tuple[bool, Answer]:
    """One question asked until the reply is an answer: (False, None) when Enter keeps the
    answer there is, else (True, the answer)."""
    from exitplan.cli.prompts import typed

    if question.danger:
        text = _("{number} of {total}. {question} (now: {now}; yes, no, not sure or skip)")
        again = _("Please answer yes, no, not sure or skip (or press Enter to keep the answer).")
    else:
        text = _("{number} of {total}. {question} (now: {now}; yes, no or skip)")
        again = _("Please answer yes, no or skip (or press Enter to keep the answer).")
    prompt = text.format(number=number, total=total, question=_(question.text), now=now)
    kinds = DANGER_KINDS if question.danger else KINDS
    while True:
        typed_reply = typed(prompt)
        reply = meaning(typed_reply, kinds) or typed_reply.strip().lower()
        if not typed_reply.strip():
            return False, None  # Enter keeps the answer as it is
        if reply in REPLIES and (question.danger or reply != "unsure"):
            return True, REPLIES[reply]
        say(again)


def saved(env: Env, answers: dict[str, Answer], place: Place) -> AnswersSaved:
    """Save the answers and where the person lives at once: what they change."""
    from exitplan.service.changes import save_answers

    return save_answers(env.ws, answers, place.code, keep_place=place.keep)
