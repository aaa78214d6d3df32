"""The inventory questions asked at a terminal, and a row read as TOML from a pipe.

Each field is asked in turn and checked as it is typed by the inventory's own rules; an answer
that cannot be used is said in one line and the question asked again. Enter skips a field (or
keeps its value when changing a row); a single - clears it. Ctrl-C stops without saving.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from exitplan.base.i18n import N_, _
from exitplan.cli import keyboard, prompts, replies
from exitplan.cli.common import say
from exitplan.cli.replies import NO, UNSURE, YES, meaning

if TYPE_CHECKING:
    from decimal import Decimal

    from exitplan.service.fields import Inventory, Row, Section

CLEAR = "-"  # typed when changing a row: clear this field

INTRO = N_(
    "Press Enter to skip a question, Ctrl-C to stop without saving. Nothing you type here "
    "goes on the command line or into shell history."
)
CHANGE_INTRO = N_(
    "Press Enter to keep what is in brackets, type - to clear it, Ctrl-C to stop without saving."
)

# -- the questions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Question:
    """One field asked at the terminal: the words, the choices (value, words) if any, and when
    it is asked (given the answers so far)."""

    name: str
    text: str
    choices: tuple[tuple[str, str], ...] = ()
    when: Callable[[Mapping[str, object]], bool] | None = None
    # Other words that name a choice: (value, marked words separated by |), as replies reads them.
    words: tuple[tuple[str, str], ...] = ()


ANSWERS = (("yes", N_("yes")), ("no", N_("no")), ("unsure", N_("not sure")))
YES_NO = (("yes", N_("yes")), ("no", N_("no")))
# Short forms accepted for any choice.
ALIASES = {"y": "yes", "n": "no", "?": "unsure", "me": "me", "mine": "me"}

# The words a period is typed in, beyond its words in the list. Words that mean two periods
# ("bimonthly", "bimensuel": twice a month or every two months) are in none of them.
PERIOD_WORDS = (
    # Translators: words that mean every month, lower case, separated by |.
    ("month", N_("monthly|a month|per month|month")),
    # Translators: words that mean every week, lower case, separated by |.
    ("week", N_("weekly|a week|per week|week")),
    # Translators: words that mean every two weeks (26 times a year), lower case, separated by |.
    ("fortnight", N_("every fortnight|fortnightly|biweekly|bi-weekly|every 2 weeks|fortnight")),
    # Translators: words that mean twice a month (24 times a year), lower case, separated by |.
    ("half-month", N_("semi-monthly|semimonthly|2 times a month|half-month")),
)

QUESTIONS: dict[str, tuple[Question, ...]] = {
    "documents": (
        Question(
            "whose",
            N_("Whose is it? (Enter: yours)"),
            (("me", N_("yours")), ("child", N_("a child's")), ("partner", N_("your partner's"))),
        ),
        Question(
            "child",
            N_("Which child? A label only you need to understand, such as an initial"),
            when=lambda got: got.get("whose") == "child",
        ),
        Question("kind", N_("What document is it? A number from the list, or your own words")),
        Question("original", N_("Where is the original? (Enter if it is not with you)")),
        Question("copy", N_("Is there a copy, a photo or a scan? (Enter: no)"), YES_NO),
        Question(
            "copy_where",
            N_("Where is the copy?"),
            when=lambda got: got.get("copy") == "yes",
        ),
        Question("expires", N_("When does it expire? A date like 2027-03-31 (Enter: no date)")),
        Question("note", N_("A note, if you want one")),
    ),
    "accounts": (
        Question("what", N_("What is it? An account or a device, in your own words")),
        Question(
            "partner_knows",
            N_("Does your partner know the password, or could they reset it?"),
            ANSWERS,
        ),
        Question("shared", N_("Is it on a shared or family plan?"), ANSWERS),
        Question("linked", N_("Are other devices or people linked to it?"), ANSWERS),
        Question("location", N_("Does it share your location?"), ANSWERS),
        Question("recovery", N_("Does your partner control its recovery email or phone?"), ANSWERS),
        Question("two_step", N_("Is two-step sign-in on?"), ANSWERS),
        Question(
            "safe_to_change",
            N_(
                "When is it safe to change? A change can alert your partner "
                "(Enter: after you leave)"
            ),
            (
                ("now", N_("now")),
                ("after", N_("after you leave")),
                ("advocate", N_("with an advocate")),
            ),
        ),
        Question(
            "state",
            N_("Where does it stand? (Enter: to check)"),
            (
                ("check", N_("to check")),
                ("fine", N_("fine")),
                ("change-after", N_("change after leaving")),
                ("changed", N_("changed")),
            ),
        ),
        Question("note", N_("A note, if you want one")),
    ),
    "money": (
        Question(
            "kind",
            N_("What kind of amount is it?"),
            (
                ("saved", N_("money saved, out of your partner's reach")),
                ("income", N_("income after leaving")),
                ("cost", N_("a cost after leaving")),
                ("one-off", N_("a one-off cost of leaving")),
                ("debt", N_("a debt in your name")),
                ("joint", N_("a joint account")),
            ),
        ),
        Question("what", N_("What is it, in your own words?")),
        Question("amount", N_("How much? Digits only, like 1200 or 1200.50")),
        Question(
            "per",
            N_("How often is it paid? (Enter: every month)"),
            (
                ("month", N_("every month")),
                ("week", N_("every week")),
                ("fortnight", N_("every two weeks")),
                ("half-month", N_("twice a month")),
            ),
            when=lambda got: got.get("kind") in {"income", "cost"},
            words=PERIOD_WORDS,
        ),
        Question("note", N_("A note, if you want one")),
    ),
}
SETTINGS_QUESTIONS = (
    Question("currency", N_("Your currency, as you write it (such as £, $, EUR or MXN)")),
    Question("threshold_weeks", N_("How many weeks of money after leaving would you like?")),
)
SINGULAR = {"documents": N_("document"), "accounts": N_("account or device"), "money": N_("amount")}


def choice_value(question: Question, answer: str) -> str:
    """A typed choice as its value: its number in the list, its value, or its words."""
    text = answer.strip().lower()
    said = meaning(text, (YES, NO, UNSURE))  # "s", "sí", "y": in the language spoken first
    values = {value for value, _words in question.choices}
    named = replies.choice(text, question.words) if question.words else None
    text = named or (said if said in values else ALIASES.get(text, text))
    for index, (value, words) in enumerate(question.choices, 1):
        if text in {str(index), value, _(words).lower(), words.lower()}:
            return value
    return answer  # the check says what is allowed


def choices_text(question: Question) -> str:
    """`1 yes, 2 no, 3 not sure`."""
    return ", ".join(f"{n} {_(words)}" for n, (_value, words) in enumerate(question.choices, 1))


def current_text(question: Question, row: Row, inventory: Inventory) -> str:
    """A row's value of one field, as the change prompt shows it in brackets."""
    from exitplan.service.fields import Document
    from exitplan.views.holdings import day_text, kind_text

    value = getattr(row, question.name)
    if value is None:
        return ""
    if question.name == "kind" and isinstance(row, Document):
        return kind_text(row)
    for choice, words in question.choices:
        if value == choice or (isinstance(value, bool) and choice == ("yes" if value else "no")):
            return _(words)
    if hasattr(value, "isoformat"):
        return day_text(value)
    if question.name == "amount":
        return amount_text(value)
    return f"{value}"


def amount_text(value: Decimal) -> str:
    """An amount as it may be typed back: 1200.50 in English, 1200,50 in Spain."""
    from exitplan.base import spoken
    from exitplan.service.fields import speaks_english

    exact = format(value, "f")
    if speaks_english():
        return exact
    return spoken.decimal_text(value, 2 if "." in exact else 0)


def ask_field(
    section: Section, question: Question, current: str | None, currency: str | None = None
) -> tuple[bool, str | None]:
    """Ask one field until the answer passes its check: (given, value). Enter gives nothing
    (the default for a new row, the value kept when changing); a single - clears a field; an
    amount may carry the currency set (`£640`)."""
    from exitplan.service.fields import InventoryError, checked_answer

    words = _(question.text)
    if question.choices:
        words += f" [{choices_text(question)}]"
    if current:
        words += f" [{current}]"

    def read(answer: str) -> tuple[bool, str | None]:
        if not answer.strip():
            return False, None
        value = typed_value(section, question, answer, clearing=current is not None)
        try:
            value = checked_answer(section, question.name, value, currency)
        except InventoryError:
            if not question.choices:
                raise
            raise InventoryError(_("choose a number from the list, or type its words")) from None
        return True, value

    # The shared prompt: line editing, a fault said in one line and the question asked again.
    return prompts.ask_checked(
        words, read, again=_("Try again, or press Enter to skip."), free=True
    )


def typed_value(section: Section, question: Question, answer: str, *, clearing: bool) -> str:
    """What was typed, as the field's rules read it: a choice as its value, a kind's number
    as the kind, a lone - as nothing (when changing a row)."""
    if clearing and answer.strip() == CLEAR:
        return ""
    if question.choices:
        return choice_value(question, answer)
    if section == "documents" and question.name == "kind":
        from exitplan.service.fields import kind_by_number

        return kind_by_number(answer) or answer
    return answer


def ask_row(
    section: Section, row: Row | None, inventory: Inventory, questions: tuple[Question, ...]
) -> dict[str, object]:
    """Every field asked in turn; the answers given (Enter leaves a field out)."""
    got: dict[str, object] = {}
    known: dict[str, object] = {}
    if row is not None:
        for question in questions:
            value = getattr(row, question.name, None)
            known[question.name] = ("yes" if value else "no") if isinstance(value, bool) else value
    for question in questions:
        if question.when is not None and not question.when({**known, **got}):
            continue
        current = None if row is None else current_text(question, row, inventory)
        given, value = ask_field(section, question, current, inventory.currency)
        if given:
            got[question.name] = value
    return got


def read_piped() -> dict[str, object]:
    """One row given as TOML on stdin (read up to its limit, never more)."""
    from exitplan.service.fields import row_from_pipe

    return row_from_pipe(keyboard.piped_bytes)


def read_row(
    section: Section, row: Row | None, inventory: Inventory, title: str
) -> dict[str, object]:
    """A row's fields: asked at a terminal, or read as TOML from a pipe."""
    if not keyboard.someone_typing():
        return read_piped()
    say(title)
    say(_(CHANGE_INTRO if row is not None else INTRO))
    from exitplan.service.fields import InventoryError, kind_labels

    if section == "documents" and row is None:
        kinds = ", ".join(f"{n} {_(label)}" for n, label in enumerate(kind_labels(), 1))
        say(_("Kinds: {kinds}.").format(kinds=kinds))
    got = ask_row(section, row, inventory, QUESTIONS[section])
    if not got and row is None:
        raise InventoryError(_("nothing was given; nothing was saved"))
    return got
