"""The person's situation: the few questions whose answers choose which steps apply.

Each answer is yes (True), no (False) or not answered (absent). The keys are a contract: checklist
files name them in `applies_if` and `unless`, and the plan file stores the answers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import N_, _
from exitplan.base.tomlcost import toml_cost_problem

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence


class Question(NamedTuple):
    """One situation question."""

    key: str
    text: str
    danger: bool = False


QUESTIONS: tuple[Question, ...] = (
    Question("children", N_("Do you have children who live with you, or who you care for?")),
    Question("pets", N_("Do you have pets or other animals you want to take with you?")),
    Question("car", N_("Do you use a car, whether it is yours, theirs or shared?")),
    Question("live_together", N_("Do you live with them?")),
    Question(
        "shared_phone_plan",
        N_("Is your phone on a plan or account that they pay for or manage?"),
    ),
    Question(
        "tell_in_person",
        N_("Are you thinking of telling them yourself, rather than leaving while they are out?"),
    ),
    Question("immigration", N_("Does your right to stay in the country depend on them?")),
    Question("disability", N_("Do you have care, health or access needs that they help with?")),
    Question("pregnant", N_("Are you pregnant, or might you be?")),
    Question("weapons", N_("Do they have weapons in the home, or access to them?"), danger=True),
    Question("strangled", N_("Have they ever choked or strangled you, even once?"), danger=True),
    Question(
        "threats_to_kill",
        N_("Have they ever threatened to kill you or themselves?"),
        danger=True,
    ),
    Question(
        "stalking",
        N_("Do they follow, watch or track you, or turn up where you are?"),
        danger=True,
    ),
)

KEYS: frozenset[str] = frozenset(q.key for q in QUESTIONS)
DANGER_KEYS: frozenset[str] = frozenset(q.key for q in QUESTIONS if q.danger)
# The answer "not sure", which only a danger-sign question takes: it hides no step and brings
# none first, but like a yes it hastens the steps that must not wait (the bag, the stash).
UNSURE = "unsure"
Answer = bool | str | None  # yes, no, UNSURE, or None to clear the answer


def applies(
    applies_if: Sequence[str],
    unless: Sequence[str],
    answers: Mapping[str, bool],
    only_if: Sequence[str] = (),
) -> bool:
    """Whether a step applies: every `applies_if` answer is not "no", every `only_if` answer is
    "yes", and no `unless` answer is "yes".

    An unanswered `applies_if` or `unless` question never hides a step: when in doubt, the step
    stays in the plan. `only_if` is for the few steps that would be wrong for anyone who has not
    said yes (the script for telling them in person, which is the more dangerous way to leave).
    """
    if any(answers.get(key) is not True for key in only_if):
        return False
    if any(answers.get(key) is False for key in applies_if):
        return False
    return not any(answers.get(key) is True for key in unless)


def danger_signs(answers: Mapping[str, bool]) -> tuple[str, ...]:
    """The danger-sign questions answered yes, in question order."""
    return tuple(q.key for q in QUESTIONS if q.danger and answers.get(q.key) is True)


# Where the person lives may be piped with the answers (`region = "Scotland"`); the place
# itself is found by the region files, not here.
REGION_KEY = "region"


def read_situation(text: str) -> tuple[dict[str, Answer], str | None]:
    """Answers piped as TOML, and the place named by `region = "..."` (None when not given).

    Raises ExitplanError with one plain message that names a question but never an answer.
    """
    import tomllib

    if problem := toml_cost_problem(text):
        raise ExitplanError(_("the answers could not be read: {problem}").format(problem=problem))
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):
        raise ExitplanError(
            _("the answers could not be read: write one per line, like: children = true")
        ) from None
    answers: dict[str, Answer] = {}
    place = None
    for key, value in data.items():
        if key == REGION_KEY:
            if not isinstance(value, str) or not value.strip():
                raise ExitplanError(
                    _("'region' must be a place name in quotes, like: region = \"Scotland\"")
                )
            place = value.strip()
            continue
        if key not in KEYS:
            known = ", ".join([*(q.key for q in QUESTIONS), REGION_KEY])
            raise ExitplanError(
                _("'{key}' is not a situation question; use one of: {known}").format(
                    key=key, known=known
                )
            )
        if isinstance(value, bool):
            answers[key] = value
        elif value == "skip":
            answers[key] = None
        elif value == UNSURE and key in DANGER_KEYS:
            answers[key] = UNSURE
        elif key in DANGER_KEYS:
            raise ExitplanError(
                _('the answer for \'{key}\' must be true, false, "unsure" or "skip"').format(
                    key=key
                )
            )
        else:
            raise ExitplanError(
                _("the answer for '{key}' must be true, false or \"skip\"").format(key=key)
            )
    return answers, place
