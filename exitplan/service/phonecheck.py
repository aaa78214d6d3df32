"""The phone check, driven: the steps in their order, from the safety preface to the journal.

The face gives a `Person`: it shows the check's paragraphs, says a line and asks a question, and
that is all it does. Which step comes when is decided here: nothing is read from the phone
before the person says yes, a passphrase is asked before the phone is read (never after), what
was found is kept in the plan and, when the person asks, in the journal, and the words on
turning USB debugging off (or on the pairing undone) are shown whatever happened after the
read. Nothing here prints.

The two outcomes shown at the end, the list's provenance and the guided answers kept, are typed
results for the CLI's one renderer; they live here rather than in `results`, which the glance
imports, so that the status never loads the phone check.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from typing import NamedTuple, Protocol

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import N_, _, ngettext
from exitplan.base.tomlcost import toml_cost_problem
from exitplan.domain.model import PhoneCheck, PlanState
from exitplan.domain.phonecheck import (
    IPHONE_QUESTIONS,
    USB_SIGNS,
    check_iphone_answers,
    iphone_signs,
    sign_words,
)
from exitplan.domain.plan import Plan, set_iphone_answers, set_phone_check
from exitplan.phone import indicators, report
from exitplan.phone import record as entry
from exitplan.phone.adb import find_adb
from exitplan.phone.analysis import Outcome
from exitplan.phone.check import check_android
from exitplan.phone.iphone import IphoneOutcome, IphoneReadings, analyse_iphone, check_iphone
from exitplan.phone.iphone import find_programs as find_iphone_programs
from exitplan.phone.reading import Readings
from exitplan.phone.report import BLANK, Paragraph
from exitplan.service import journal as logbook
from exitplan.service.results import Document, Look, screen_of
from exitplan.service.workspace import Workspace
from exitplan.views.term import Painter, wrap

# Paragraph is the report's, given to the face with the operations that show it.
__all__ = [
    "SPYWARE_STEP",
    "IphoneAnswersKept",
    "Paragraph",
    "Person",
    "StalkerwareList",
    "android",
    "ask_iphone",
    "iphone_summary",
    "iphone_usb",
    "keep_in_plan",
    "keep_iphone_answers",
    "read_iphone_answers",
    "record_android",
    "record_iphone",
    "save_iphone_answers",
    "screen",
    "stalkerware_list",
]

# The check and the plan's step about a watched phone point at each other.
SPYWARE_STEP = N_("What to do about a watched phone, and when: exitplan show digital.spyware-signs")
YES_OR_NO = ("yes", "no")
AGAIN_YES_OR_NO = N_("Please answer yes or no.")


class Person(Protocol):
    """The face the check talks through: it shows, says and asks, and decides nothing."""

    def show(self, paragraphs: Iterable[Paragraph], *, err: bool = False) -> None:
        """Paragraphs wrapped to the terminal: on stdout, or on stderr with the questions."""

    def say(self, text: str) -> None:
        """One short line on stderr (progress, or what was kept)."""

    def ask(self, question: str, kinds: tuple[str, ...], again: str, *, empty: bool = False) -> str:
        """One reply meaning one of `kinds` ('yes', 'no', 'unsure'), or '' when `empty` allows
        it; `again` is said after a reply that means none of them."""


def screen(paragraphs: Iterable[Paragraph], look: Look) -> str:
    """Paragraphs translated, wrapped to the look's width and painted (bold only where colour
    is on), one line after another, without a final newline."""
    paint = Painter(look.colour)
    lines: list[str] = []
    for p in paragraphs:
        if not p.text:
            lines.append("")
            continue
        lines += [paint(line, p.style) for line in wrap(_(p.text), look.columns, p.prefix)]
    return "\n".join(lines)


class StalkerwareList(NamedTuple):
    """`phone-check --about`: the shipped list's provenance, or why it is not used."""

    about: indicators.About | None
    problem: str | None
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        if self.about is None:
            return {"list": None, "problem": _(self.problem or indicators.MISSING)}
        return {"list": asdict(self.about), "problem": None}

    def screen(self, look: Look) -> str:
        return screen(report.about_list(self.about, self.problem), look) + "\n"


def stalkerware_list() -> StalkerwareList:
    """`phone-check --about`: the shipped list, where it came from, its date and its licence."""
    return StalkerwareList(indicators.about(), indicators.load().problem)


def _consents(ws: Workspace, person: Person, preface: Sequence[Paragraph], confirm: str) -> bool:
    """The passphrase asked first (never after the phone was read), then the preface, then the
    person's yes; a no says that nothing was read."""
    if ws.store.exists():
        ws.state()
    person.show(preface, err=True)
    if person.ask(_(confirm), YES_OR_NO, _(AGAIN_YES_OR_NO)) == "yes":
        return True
    person.say(_(report.NOTHING_READ))
    return False


def _wants_record(person: Person) -> bool:
    """Whether the person asks for a journal entry of this check (Enter: no)."""
    asked = _(report.JOURNAL_QUESTION)
    return person.ask(asked, YES_OR_NO, _(AGAIN_YES_OR_NO), empty=True) == "yes"


def android(ws: Workspace, person: Person, timeout: int, *, plain: bool) -> None:
    """Preface, consent, the read, the findings, the plan, and the journal when asked."""
    program = find_adb()
    if not _consents(ws, person, report.PREFACE, report.CONFIRM):
        return

    def ask_developer() -> str:
        again = _("Please answer yes, no, or press Enter.")
        reply = person.ask(_(report.DEVELOPER_QUESTION), YES_OR_NO, again, empty=True)
        person.say(_("Reading the phone; this takes a few seconds."))
        return reply or "unsure"

    person.say(_("Looking for the phone."))
    has_plan = ws.store.exists()
    folder_in = ws.home if has_plan and ws.home.is_dir() else None
    readings, outcome = check_android(program, timeout, indicators.load(), ask_developer, folder_in)
    try:
        person.show(report.findings(outcome, plain=plain))
        if has_plan:
            keep_in_plan(ws, person, "android", outcome.signs, outcome.model)
        if _wants_record(person):
            record_android(ws, person, readings, outcome)
    finally:
        # Whatever happened after the phone was read, it says how to turn USB debugging off.
        person.show(report.turn_off_again(outcome.developer_before))


def iphone_usb(ws: Workspace, person: Person, timeout: int, *, plain: bool) -> None:
    """Preface, consent, pairing (asked), the read, the findings, the plan, the unpairing."""
    programs = find_iphone_programs()
    if not _consents(ws, person, report.IPHONE_PREFACE, report.IPHONE_CONFIRM):
        return

    def agree() -> bool:
        return person.ask(_(report.IPHONE_PAIR), YES_OR_NO, _(AGAIN_YES_OR_NO)) == "yes"

    def wait_for_trust() -> None:
        person.ask(_(report.IPHONE_TRUST_WAIT), YES_OR_NO, "", empty=True)

    person.say(_("Looking for the iPhone."))
    readings = check_iphone(programs, timeout, agree, wait_for_trust)
    if readings is None:
        person.say(_(report.NOTHING_READ))
        return
    outcome = analyse_iphone(readings, indicators.load())
    try:
        person.show(report.iphone_findings(outcome, plain=plain))
        if ws.store.exists():
            given = {key: row.answer for key, row in ws.state().iphone.items()}
            signs = tuple(dict.fromkeys((*outcome.signs, *iphone_signs(given))))
            keep_in_plan(ws, person, "iphone", signs, outcome.model)
        if _wants_record(person):
            record_iphone(ws, person, readings, outcome)
    finally:
        person.show(report.iphone_after(outcome))


def keep_in_plan(
    ws: Workspace, person: Person, kind: str, signs: tuple[str, ...], model: str | None
) -> None:
    """Keep the check's outcome in the plan, and say what that changes."""
    now = ws.now()
    ws.change(lambda state, _plan: set_phone_check(state, kind, PhoneCheck(now, signs, model), now))
    if signs:
        person.say(_("Your plan now shows the steps about a watched phone first: exitplan status"))
    else:
        person.say(_("Your plan keeps this check; no step moved."))
    person.say(_(SPYWARE_STEP))


def _say_kept(person: Person, n: int, kept: list[int]) -> None:
    """The journal entry's number and how many files went with it."""
    text = ngettext(
        "Kept as journal entry {n}, with {count} file attached: exitplan log show {n}",
        "Kept as journal entry {n}, with {count} files attached: exitplan log show {n}",
        len(kept),
    )
    person.say(text.format(n=n, count=len(kept)))


def record_android(ws: Workspace, person: Person, readings: Readings, outcome: Outcome) -> None:
    """One journal entry with the command outputs attached."""
    fields = logbook.read_fields(ws, entry.fields(outcome, readings, ws.now(), ws.today))
    _say_kept(person, *logbook.add_with_files(ws, fields, entry.files(readings)))


def record_iphone(
    ws: Workspace, person: Person, readings: IphoneReadings, outcome: IphoneOutcome
) -> None:
    """One journal entry with the programs' outputs attached."""
    fields = logbook.read_fields(ws, entry.iphone_fields(outcome, readings, ws.now(), ws.today))
    _say_kept(person, *logbook.add_with_files(ws, fields, entry.iphone_files(readings)))


# -- the guided iPhone check -------------------------------------------------------------------

IPHONE_INTRO = N_(
    "A computer can read an iPhone's apps over USB (exitplan phone-check --iphone "
    "--usb), but not what is below, so this is a guided look at the iPhone's own "
    "settings, from Apple's Personal Safety User Guide. Looking changes nothing; "
    "answer yes, no or not sure (Enter skips one)."
)


def ask_iphone(person: Person) -> dict[str, str]:
    """Each point of the guide in turn: where to look, what to be careful of, the question."""
    person.show([Paragraph(IPHONE_INTRO)], err=True)
    answers = {}
    total = len(IPHONE_QUESTIONS)
    for number, q in enumerate(IPHONE_QUESTIONS, 1):
        title = _("{number} of {total}. {title}").format(
            number=number, total=total, title=_(q.title)
        )
        person.show(
            [
                BLANK,
                Paragraph(title, style="bold"),
                Paragraph(_("Where: {where}").format(where=_(q.where))),
                Paragraph(_("Careful: {careful}").format(careful=_(q.careful))),
            ],
            err=True,
        )
        again = _("Please answer yes, no or not sure.")
        if reply := person.ask(_(q.question), (*YES_OR_NO, "unsure"), again, empty=True):
            answers[q.key] = reply
    return answers


def read_iphone_answers(text: str) -> dict[str, str]:
    """Answers piped as TOML (`profiles = "no"`); one plain error for anything else."""
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


class IphoneAnswersKept(NamedTuple):
    """`phone-check --iphone`: how many answers were saved, every answer the plan now holds,
    and (on the screen) what they point to, calmly."""

    saved: int
    given: dict[str, str]
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        return {"saved": self.saved, "answers": self.given, "signs": list(iphone_signs(self.given))}

    def screen(self, look: Look) -> str:
        return screen_of([screen(iphone_summary(self.given), look)]) if self.saved else ""


def keep_iphone_answers(ws: Workspace, answers: dict[str, str]) -> IphoneAnswersKept:
    """The guided answers saved in the plan (none given: nothing changes, and it says so)."""
    if not answers:
        return IphoneAnswersKept(0, {}, (_("No answers were given, so nothing changed."),))
    given = save_iphone_answers(ws, answers)
    saved = _("Saved {count} of {total} answers in your plan.").format(
        count=len(answers), total=len(IPHONE_QUESTIONS)
    )
    return IphoneAnswersKept(len(answers), given, (saved, _(SPYWARE_STEP)))


def save_iphone_answers(ws: Workspace, answers: dict[str, str]) -> dict[str, str]:
    """Keep the answers in the plan, with the signs they show beside what a USB read found;
    return every answer the plan now holds."""
    now = ws.now()

    def apply(state: PlanState, _plan: Plan) -> None:
        set_iphone_answers(state, answers, now)
        given = {key: row.answer for key, row in state.iphone.items()}
        # What a USB read found stays with the answers' signs.
        before = state.phone.get("iphone")
        read = tuple(s for s in before.signs if s in USB_SIGNS) if before else ()
        signs = tuple(dict.fromkeys((*iphone_signs(given), *read)))
        set_phone_check(state, "iphone", PhoneCheck(now, signs, before and before.model), now)

    ws.change(apply)
    return {key: row.answer for key, row in ws.state().iphone.items()}


def iphone_summary(given: dict[str, str]) -> list[Paragraph]:
    """What the answers so far point to, calmly."""
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
    lines += [BLANK, *report.next_steps(android=False)]
    lines.append(Paragraph(N_("Your plan now shows the steps about a watched phone first.")))
    return lines
