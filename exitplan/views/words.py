"""How exitplan words a step and a day: the one home for a step's state, its flag, its due date
and the countdown, so `list`, `show`, the status screen and every summary say them alike.

Pure functions of rows and dates; every sentence is marked for translation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from exitplan.base import spoken
from exitplan.base.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from datetime import date

    from exitplan.domain.schedule import Scheduled


class FlagWords(NamedTuple):
    """How one flag reads: in sentences and summaries, and in a list's state column."""

    word: str
    short: str  # 12 characters at most


FLAGS: dict[str, FlagWords] = {
    "overdue": FlagWords(N_("overdue"), N_("overdue")),
    "open_at_exit": FlagWords(N_("still open after the exit date"), N_("open at exit")),
    "due_soon": FlagWords(N_("due soon"), N_("due soon")),
    "upcoming": FlagWords(N_("upcoming"), N_("upcoming")),
}
NOT_FOR_YOU = N_("not for you")
# What the state column says of an open step that has no date of its own (12 characters at most).
UNDATED_STATE = {"event": N_("when needed"), "anytime": N_("any time")}
# A step that may alert the partner, said in a whole sentence (plain mode) and as a label.
ALERT_SENTENCE = N_("It may alert your partner.")
ALERT_LABEL = N_("Caution, it may alert your partner")


def flag_word(flag: str | None) -> str:
    """A flag in words (`overdue`, `due soon`); `upcoming` for a row without one."""
    return _(FLAGS[flag or "upcoming"].word)


def state_words(row: Scheduled) -> str:
    """A step's state, the way every screen and summary says it.

    `done`; `set aside` (and the reason); `not for you`; `open, overdue` (or its other flag);
    `open, its time passed with the exit`; `open, if there is time`; `open`.
    """
    state = row.entry.state
    if state.status == "done":
        return _("done")
    if state.status == "skipped":
        reason = state.reason
        return _("set aside: {reason}").format(reason=reason) if reason else _("set aside")
    if not row.entry.applies:
        return _(NOT_FOR_YOU)
    if row.flag:
        return _("open, {flag}").format(flag=flag_word(row.flag))
    if row.passed or row.if_time:  # passed: the exit has gone, and it could only come before
        return (
            _("open, its time passed with the exit") if row.passed else _("open, if there is time")
        )
    undated = UNDATED_STATE.get(row.entry.item.when)
    return _("open, {when}").format(when=_(undated)) if undated else _("open")


def short_state(row: Scheduled) -> str:
    """A step's state in a few words (12 characters at most), for a list's state column."""
    entry = row.entry
    if entry.state.status == "done":
        return _("done")
    if entry.state.status == "skipped":
        return _("skipped")
    if not entry.applies:
        return _(NOT_FOR_YOU)
    if row.passed or row.if_time:
        return _("passed") if row.passed else _("if time")
    if row.flag is None:
        undated = UNDATED_STATE.get(entry.item.when)
        return _(undated) if undated else _("open")
    return _(FLAGS[row.flag].short)


def state_style(row: Scheduled) -> str:
    """The style of a step's state: red only for a critical step that is behind."""
    status = row.entry.state.status
    if status == "done":
        return "green"
    if status == "open" and row.entry.applies and row.urgent:
        return "bold red"
    return "dim"


def relative_day(day: date, today: date) -> str:
    """`today`, `tomorrow`, `yesterday`, `in 3 days` or `3 days ago`."""
    delta = (day - today).days
    if delta == 0:
        return _("today")
    if delta == 1:
        return _("tomorrow")
    if delta == -1:
        return _("yesterday")
    if delta > 0:
        return ngettext("in {days} day", "in {days} days", delta).format(days=delta)
    return ngettext("{days} day ago", "{days} days ago", -delta).format(days=-delta)


def due_text(row: Scheduled, today: date) -> str:
    """`12 Dec (in 3 days)`, or an empty string when there is no date."""
    if row.due is None:
        return ""
    return _("{date} ({relative})").format(
        date=spoken.day_month(row.due), relative=relative_day(row.due, today)
    )


def plain_due(row: Scheduled, today: date) -> str:
    """`12 Dec, in 3 days`: the due text without brackets, for plain mode."""
    text = due_text(row, today)
    return text.replace(" (", ", ").rstrip(")") if text else ""


def day_words(day: date) -> str:
    """A date that reads the same on both sides of the Atlantic: `Mon 7 Dec 2026`."""
    return spoken.short_day(day)


def long_day(day: date) -> str:
    """`Monday 14 December 2026`."""
    return spoken.long_day(day)


def upper_first(words: str) -> str:
    """The words with a capital first letter, the rest left as written."""
    return words[:1].upper() + words[1:]


def countdown_text(exit_date: date | None, today: date) -> str:
    """A calm sentence about the exit date."""
    if exit_date is None:
        return _("No exit date is set yet, so steps timed from it have no deadline.")
    left = (exit_date - today).days
    when = long_day(exit_date)
    if left > 1:
        return ngettext("{days} day until {date}.", "{days} days until {date}.", left).format(
            days=left, date=when
        )
    if left == 1:
        return _("Tomorrow is the day: {date}.").format(date=when)
    if left == 0:
        return _("Today is the day: {date}.").format(date=when)
    if left == -1:
        return _("The exit date, {date}, was yesterday.").format(date=when)
    return ngettext(
        "The exit date, {date}, was {days} day ago.",
        "The exit date, {date}, was {days} days ago.",
        -left,
    ).format(date=when, days=-left)


ARTICLE = "article: "


# The three articles' titles, translated where they are shown (the original follows in brackets).
ARTICLE_TITLES = frozenset(
    {
        N_("A guide to walking away"),
        N_("Six steps to leaving"),
        N_("What happens when you walk away"),
    }
)


def source_words(source: str) -> str:
    """A step's source as a reader sees it: a web address as it is; one of the three articles the
    content comes from (`article: Six steps to leaving`) labelled in the language spoken, its
    title translated with the title as published in brackets after it
    (`artículo: Seis pasos para irte (Six steps to leaving)`)."""
    if not source.startswith(ARTICLE):
        return source
    title = source.removeprefix(ARTICLE)
    said = _(title) if title in ARTICLE_TITLES else title
    if said == title:
        return _("article: {title}").format(title=title)
    return _("article: {title} ({original})").format(title=said, original=title)
