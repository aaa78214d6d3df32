"""The `phone-check` command: an Android phone read over USB, or a guided iPhone check.

The safety preface and the questions go to stderr; what was found goes to stdout. Nothing is read
from the phone before the person says yes, and nothing is written when the phone cannot be read.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from exitplan.base.i18n import N_, _, ngettext
from exitplan.base.limits import MAX_PHONE_TIMEOUT, PHONE_TIMEOUT
from exitplan.cli import keyboard
from exitplan.cli.common import STOPPED_CODE, env_of, say
from exitplan.cli.replies import NO, UNSURE, YES, meaning
from exitplan.cli.talk import asking, helptext

if TYPE_CHECKING:
    from collections.abc import Iterable

    from exitplan.cli.common import Env
    from exitplan.domain.model import PlanState
    from exitplan.domain.plan import Plan
    from exitplan.phone.analysis import Outcome
    from exitplan.phone.iphone import IphoneOutcome, IphoneReadings
    from exitplan.phone.reading import Readings
    from exitplan.phone.report import Paragraph


@helptext(
    N_(
        "Look for signs that a phone is watched: read-only, offline, and only "
        "when you say yes.\n"
        "\n"
        "With an Android phone connected by USB, and USB debugging allowed on "
        "it, this reads what the phone says about its apps and settings "
        "(through the adb program) and compares the apps with a list of known "
        "stalkerware. It never removes or changes anything on the phone. With "
        "--iphone --usb, it reads an iPhone over USB the same way (with "
        "libimobiledevice); with --iphone alone, it guides you through what a "
        "computer cannot read in the iPhone's own settings. --about says where "
        "the list comes from."
    )
)
def phone_check(
    ctx: typer.Context,
    iphone: Annotated[
        bool, typer.Option("--iphone", help=N_("A guided check of an iPhone's own settings."))
    ] = False,
    usb: Annotated[
        bool,
        typer.Option("--usb", help=N_("With --iphone: read the iPhone over a USB cable.")),
    ] = False,
    about: Annotated[
        bool,
        typer.Option(
            "--about",
            help=N_("Where the list of known stalkerware comes from, its date and its licence."),
        ),
    ] = False,
    timeout: Annotated[
        int,
        typer.Option(
            "--timeout",
            min=1,
            max=MAX_PHONE_TIMEOUT,
            metavar="SECONDS",
            help=N_("How long to wait for each answer from the phone (20 by default)."),
        ),
    ] = PHONE_TIMEOUT,
) -> None:
    env = env_of(ctx)
    if about:
        from exitplan.phone import indicators, report

        loaded = indicators.load()
        show(report.about_list(indicators.about(), loaded.problem), env)
        return
    if usb and not iphone:
        raise typer.BadParameter(_("--usb goes with --iphone"), param_hint="--usb")
    if iphone and usb:
        iphone_usb_check(env, timeout)
    elif iphone:
        iphone_check(env)
    else:
        android_check(env, timeout)


def android_check(env: Env, timeout: int) -> None:
    """Preface, consent, the read, the findings, the plan, and the journal when asked."""
    from exitplan.phone import report
    from exitplan.phone.adb import find_adb
    from exitplan.phone.check import check_android
    from exitplan.phone.indicators import load

    program = find_adb()
    has_plan = env.ws.store.exists()
    if has_plan:
        env.ws.state()  # a passphrase is asked now, never after the phone was read
    show(report.PREFACE, env, err=True)
    if answer(_(report.CONFIRM), (YES, NO), _("Please answer yes or no.")) != "yes":
        say(_(report.NOTHING_READ))
        return

    def ask_developer() -> str:
        again = _("Please answer yes, no, or press Enter.")
        reply = answer(_(report.DEVELOPER_QUESTION), (YES, NO), again, empty=True)
        say(_("Reading the phone; this takes a few seconds."))
        return reply or "unsure"

    say(_("Looking for the phone."))
    folder_in = env.home if has_plan and env.home.is_dir() else None
    readings, outcome = check_android(program, timeout, load(), ask_developer, folder_in)
    try:
        show(report.findings(outcome, plain=env.plain), env)
        if has_plan:
            keep_in_plan(env, "android", outcome.signs, outcome.model)
        asked = _(report.JOURNAL_QUESTION)
        if answer(asked, (YES, NO), _("Please answer yes or no."), empty=True) == "yes":
            record(env, readings, outcome)
    finally:
        # Whatever happened after the phone was read, it says how to turn USB debugging off.
        show(report.turn_off_again(outcome.developer_before), env)


def iphone_usb_check(env: Env, timeout: int) -> None:
    """Preface, consent, pairing (asked), the read, the findings, the plan, the unpairing."""
    from exitplan.phone import report
    from exitplan.phone.indicators import load
    from exitplan.phone.iphone import analyse_iphone, check_iphone, find_programs

    programs = find_programs()
    has_plan = env.ws.store.exists()
    if has_plan:
        env.ws.state()  # a passphrase is asked now, never after the phone was read
    show(report.IPHONE_PREFACE, env, err=True)
    if answer(_(report.IPHONE_CONFIRM), (YES, NO), _("Please answer yes or no.")) != "yes":
        say(_(report.NOTHING_READ))
        return

    def agree() -> bool:
        again = _("Please answer yes or no.")
        return answer(_(report.IPHONE_PAIR), (YES, NO), again) == "yes"

    def wait_for_trust() -> None:
        answer(_(report.IPHONE_TRUST_WAIT), (YES, NO), "", empty=True)

    say(_("Looking for the iPhone."))
    readings = check_iphone(programs, timeout, agree, wait_for_trust)
    if readings is None:
        say(_(report.NOTHING_READ))
        return
    outcome = analyse_iphone(readings, load())
    try:
        show(report.iphone_findings(outcome, plain=env.plain), env)
        if has_plan:
            from exitplan.domain.phonecheck import iphone_signs

            given = {key: row.answer for key, row in env.ws.state().iphone.items()}
            signs = tuple(dict.fromkeys((*outcome.signs, *iphone_signs(given))))
            keep_in_plan(env, "iphone", signs, outcome.model)
        asked = _(report.JOURNAL_QUESTION)
        if answer(asked, (YES, NO), _("Please answer yes or no."), empty=True) == "yes":
            record_iphone(env, readings, outcome)
    finally:
        show(report.iphone_after(outcome), env)


def record_iphone(env: Env, readings: IphoneReadings, outcome: IphoneOutcome) -> None:
    """One journal entry with the programs' outputs attached."""
    from exitplan.phone import record as entry
    from exitplan.service import journal as logbook

    fields = logbook.read_fields(
        env.ws, entry.iphone_fields(outcome, readings, env.ws.now(), env.today)
    )
    n, kept = logbook.add_with_files(env.ws, fields, entry.iphone_files(readings))
    text = ngettext(
        "Kept as journal entry {n}, with {count} file attached: exitplan log show {n}",
        "Kept as journal entry {n}, with {count} files attached: exitplan log show {n}",
        len(kept),
    )
    say(text.format(n=n, count=len(kept)))


# The check and the plan's step about a watched phone point at each other.
SPYWARE_STEP = N_("What to do about a watched phone, and when: exitplan show digital.spyware-signs")


def keep_in_plan(env: Env, kind: str, signs: tuple[str, ...], model: str | None) -> None:
    """Keep the check's outcome in the plan, and say what that changes."""
    from exitplan.domain.model import PhoneCheck
    from exitplan.domain.plan import set_phone_check

    now = env.ws.now()
    env.ws.change(
        lambda state, _plan: set_phone_check(state, kind, PhoneCheck(now, signs, model), now)
    )
    if signs:
        say(_("Your plan now shows the steps about a watched phone first: exitplan status"))
    else:
        say(_("Your plan keeps this check; no step moved."))
    say(_(SPYWARE_STEP))


def record(env: Env, readings: Readings, outcome: Outcome) -> None:
    """One journal entry with the command outputs attached."""
    from exitplan.phone import record as entry
    from exitplan.service import journal as logbook

    fields = logbook.read_fields(env.ws, entry.fields(outcome, readings, env.ws.now(), env.today))
    n, kept = logbook.add_with_files(env.ws, fields, entry.files(readings))
    text = ngettext(
        "Kept as journal entry {n}, with {count} file attached: exitplan log show {n}",
        "Kept as journal entry {n}, with {count} files attached: exitplan log show {n}",
        len(kept),
    )
    say(text.format(n=n, count=len(kept)))


def answer(question: str, kinds: tuple[str, ...], again: str, *, empty: bool = False) -> str:
    """One reply, asked on stderr until it means one of `kinds` ('yes', 'no', 'unsure': see
    `replies`), or is empty when `empty` allows it ('').

    The line is read straight from stdin, so nothing of the prompt reaches stdout. Ctrl-C ends
    the run with exit 130 and the end of input with 1, saying what was kept.
    """
    while True:
        sys.stderr.write(asking(question))
        sys.stderr.flush()
        try:
            line = keyboard.read_line()
        except KeyboardInterrupt:
            line = None
        if not line:
            typer.echo("", err=True)
            say(_("Stopped. Whatever was already saved stays as it was."))
            raise typer.Exit(1 if line == "" else STOPPED_CODE)
        reply = meaning(line, kinds)
        if reply is not None:
            return reply
        if empty and not line.strip():
            return ""
        say(again)


def show(paragraphs: Iterable[Paragraph], env: Env, *, err: bool = False) -> None:
    """Print paragraphs wrapped to the terminal, bold only where colour is on."""
    from exitplan.service.terminal import colour_enabled, width
    from exitplan.views.term import Painter, wrap

    stream = sys.stderr if err else sys.stdout
    paint = Painter(colour_enabled(stream, plain=env.plain))
    columns = width()
    lines: list[str] = []
    for p in paragraphs:
        if not p.text:
            lines.append("")
            continue
        lines += [paint(line, p.style) for line in wrap(_(p.text), columns, p.prefix)]
    typer.echo("\n".join(lines), err=err)


def iphone_check(env: Env) -> None:
    """The guided iPhone check: each question asked at a terminal, or TOML read from a pipe."""
    from exitplan.domain.phonecheck import IPHONE_QUESTIONS, USB_SIGNS, iphone_signs

    env.ws.require_plan()
    answers = (
        ask_iphone(env)
        if keyboard.someone_typing()
        else read_iphone_answers(keyboard.piped_text(-1))
    )
    if not answers:
        say(_("No answers were given, so nothing changed."))
        return
    from exitplan.domain.plan import set_iphone_answers

    now = env.ws.now()

    def apply(state: PlanState, _plan: Plan) -> None:
        from exitplan.domain.model import PhoneCheck
        from exitplan.domain.plan import set_phone_check

        set_iphone_answers(state, answers, now)
        given = {key: row.answer for key, row in state.iphone.items()}
        # What a USB read found stays with the answers' signs.
        before = state.phone.get("iphone")
        read = tuple(s for s in before.signs if s in USB_SIGNS) if before else ()
        signs = tuple(dict.fromkeys((*iphone_signs(given), *read)))
        set_phone_check(state, "iphone", PhoneCheck(now, signs, before and before.model), now)

    env.ws.change(apply)
    given = {key: row.answer for key, row in env.ws.state().iphone.items()}
    text = _("Saved {count} of {total} answers in your plan.")
    say(text.format(count=len(answers), total=len(IPHONE_QUESTIONS)))
    say(_(SPYWARE_STEP))
    show(iphone_summary(given), env)


def read_iphone_answers(text: str) -> dict[str, str]:
    """Answers piped as TOML (`profiles = "no"`); one plain error for anything else."""
    import tomllib

    from exitplan.base.errors import ExitplanError
    from exitplan.base.tomlcost import toml_cost_problem
    from exitplan.domain.phonecheck import check_iphone_answers

    if problem := toml_cost_problem(text):  # a number or keys that would cost too much to read
        raise ExitplanError(_("the answers could not be read: {problem}").format(problem=problem))
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError):
        raise ExitplanError(
            _('the answers could not be read: write one per line, like: profiles = "no"')
        ) from None
    check_iphone_answers(data)
    return {key: str(value) for key, value in data.items()}


def ask_iphone(env: Env) -> dict[str, str]:
    """Each point of the guide in turn: where to look, what to be careful of, the question."""
    from exitplan.domain.phonecheck import IPHONE_QUESTIONS
    from exitplan.phone.report import Paragraph

    show(
        [
            Paragraph(
                N_(
                    "A computer can read an iPhone's apps over USB (exitplan phone-check --iphone "
                    "--usb), but not what is below, so this is a guided look at the iPhone's own "
                    "settings, from Apple's Personal Safety User Guide. Looking changes nothing; "
                    "answer yes, no or not sure (Enter skips one)."
                )
            )
        ],
        env,
        err=True,
    )
    answers = {}
    for number, q in enumerate(IPHONE_QUESTIONS, 1):
        show(
            [
                Paragraph(""),
                Paragraph(
                    _("{number} of {total}. {title}").format(
                        number=number, total=len(IPHONE_QUESTIONS), title=_(q.title)
                    ),
                    style="bold",
                ),
                Paragraph(_("Where: {where}").format(where=_(q.where))),
                Paragraph(_("Careful: {careful}").format(careful=_(q.careful))),
            ],
            env,
            err=True,
        )
        again = _("Please answer yes, no or not sure.")
        reply = answer(_(q.question), (YES, NO, UNSURE), again, empty=True)
        if reply:
            answers[q.key] = reply
    return answers


def iphone_summary(given: dict[str, str]) -> list[Paragraph]:
    """What the answers so far point to, calmly."""
    from exitplan.domain.phonecheck import iphone_signs, sign_words
    from exitplan.phone.report import BLANK, Paragraph, next_steps

    signs = iphone_signs(given)
    if not signs:
        return [
            Paragraph(
                N_(
                    "None of your answers points to someone else seeing into this iPhone. That "
                    "does not mean it is safe: if they seem to know things they should not, trust "
                    "that feeling and talk it over with an advocate."
                )
            )
        ]
    lines = [BLANK, Paragraph(N_("Things to talk over with an advocate"), style="bold")]
    for sign in signs:
        words = sign_words(sign)
        lines.append(Paragraph(_("{sign}.").format(sign=words[:1].upper() + words[1:]), "- "))
    lines += [BLANK, *next_steps(android=False)]
    lines.append(Paragraph(N_("Your plan now shows the steps about a watched phone first.")))
    return lines
