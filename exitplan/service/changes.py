"""What the plan-changing commands did, typed: done, undo, skip, add, date, and the saves of
`region` and `situation`.

Each result holds the facts once, its confirmations as `notes` (said on stderr, as they always
were) and its JSON document; the screen is empty but for what a script reads on stdout (the new
step's id, the exit date shown). Kept apart from `results`, which the quick status path imports
and must stay light. Nothing here prints: the CLI renders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from exitplan.base.i18n import _, ngettext
from exitplan.service import place, plandates, steps
from exitplan.views.screen import suggested_date
from exitplan.views.words import countdown_text, long_day

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from datetime import date

    from exitplan.base.limits import Priority, Status
    from exitplan.domain.model import Due
    from exitplan.service.place import Answer, PlaceChange, Saved
    from exitplan.service.plandates import Pace
    from exitplan.service.results import Document, Look
    from exitplan.service.steps import Added, StatusChange
    from exitplan.service.workspace import Workspace


def date_hint(today: date) -> str:
    """How to set the exit date, the prompt form first (it keeps the day out of shell history)."""
    return _(
        "When you know the day you plan to leave: exitplan date  (it asks for the day; or "
        "give it: exitplan date {example})"
    ).format(example=suggested_date(today))


# -- done, undo and skip ------------------------------------------------------------------------


def status_message(change: StatusChange, status: Status, reason: str | None) -> str:
    """What a done, undo or skip did to one step, said truthfully."""
    name = f"#{change.number} {change.title}"
    changed, earlier = change.changed, change.earlier
    if status == "open":
        text = _("Reopened: {name}") if changed else _("Already open, nothing to undo: {name}")
    elif status == "done":
        text = _("Done: {name}") if changed else _("Already done: {name}")
    elif not changed:
        text = (
            _("Already skipped: {name} (its reason is kept)")
            if earlier
            else _("Already skipped: {name}")
        )
    elif change.was == "skipped" and earlier and reason:
        text = _("Skipped: {name} (the new reason replaces the earlier one)")
    elif change.was == "skipped":
        text = _("Skipped: {name} (a reason is kept now)")
    else:
        text = _("Skipped: {name}")
    return text.format(name=name)


class StatusChanged(NamedTuple):
    """`done`, `undo` and `skip`: each step named, what it was, and whether it changed."""

    changes: tuple[StatusChange, ...]
    status: Status
    reason: str | None = None

    @property
    def notes(self) -> tuple[str, ...]:
        """One line a step, said truthfully (changed, or already so)."""
        return tuple(status_message(one, self.status, self.reason) for one in self.changes)

    def document(self) -> Document:
        return {
            "status": self.status,
            "reason": self.reason,
            "steps": [
                {"number": one.number, "title": one.title, "was": one.was, "changed": one.changed}
                for one in self.changes
            ],
        }

    def screen(self, look: Look) -> str:
        return ""


# -- add ----------------------------------------------------------------------------------------


class StepAdded(NamedTuple):
    """`add`: the new step's id and number, its due date when already overdue, and whether its
    id goes to stdout (for a script; a person at the terminal is given the number)."""

    added: Added
    for_script: bool = False

    @property
    def notes(self) -> tuple[str, ...]:
        """The number to use from now on, and a calm word when it is already overdue."""
        number = self.added.number
        lines = [
            _("Added step #{number}. Use its number from now on: exitplan done {number}").format(
                number=number
            )
        ]
        if self.added.overdue is not None:
            lines.append(
                _("Note: its due date, {date}, has already passed, so it shows as overdue.").format(
                    date=self.added.overdue.isoformat()
                )
            )
        return tuple(lines)

    def document(self) -> Document:
        overdue = self.added.overdue
        return {
            "id": self.added.full_id,
            "number": self.added.number,
            "overdue": overdue.isoformat() if overdue else None,
        }

    def screen(self, look: Look) -> str:
        return self.added.full_id + "\n" if self.for_script else ""


# -- date ---------------------------------------------------------------------------------------


def _pace_line(per_day: int, *, now: bool) -> str:
    """The pace the plan asks for: now set, or already so."""
    if now:
        text = ngettext(
            "The plan now asks for at most {n} step a day.",
            "The plan now asks for at most {n} steps a day.",
            per_day,
        )
    else:
        text = ngettext(
            "The plan already asks for at most {n} step a day.",
            "The plan already asks for at most {n} steps a day.",
            per_day,
        )
    return text.format(n=per_day)


def _new_date_lines(before: date | None, when: date, today: date) -> list[str]:
    """What a new exit date changed: the day it replaced, then the countdown to the new one."""
    lines = []
    if before is not None and before != when:
        lines.append(
            _("The exit date was {old}; it is now {new}.").format(
                old=long_day(before), new=long_day(when)
            )
        )
    elif before == when:
        lines.append(_("The exit date stays {day}.").format(day=long_day(when)))
    return [*lines, countdown_text(when, today)]


class DatesChanged(NamedTuple):
    """`date` with a change: the exit date before and now (or cleared), and the new pace."""

    before: date | None
    when: date | None
    today: date
    clear: bool = False
    per_day: int | None = None
    warn_days: int | None = None

    @property
    def notes(self) -> tuple[str, ...]:
        """The exit date cleared or moved, then the new pace."""
        lines: list[str] = []
        if self.clear:
            before = self.before
            lines.append(
                _(
                    "The exit date is cleared (it was {day}): steps timed from it have no "
                    "deadline until you pick a day."
                ).format(day=long_day(before))
                if before
                else _("The exit date is cleared.")
            )
            lines.append(date_hint(self.today))
        elif self.when is not None:
            lines += _new_date_lines(self.before, self.when, self.today)
        if self.per_day is not None:
            lines.append(_pace_line(self.per_day, now=True))
        return tuple(lines)

    def document(self) -> Document:
        return {
            "before": self.before.isoformat() if self.before else None,
            "exit_date": None if self.clear else _iso(self.when or self.before),
            "per_day": self.per_day,
            "warn_days": self.warn_days,
        }

    def screen(self, look: Look) -> str:
        return ""


def _iso(day: date | None) -> str | None:
    return day.isoformat() if day else None


class DatesKept(NamedTuple):
    """`date` that changed nothing: no exit date to clear, or the pace already chosen."""

    today: date
    per_day: int | None = None

    @property
    def notes(self) -> tuple[str, ...]:
        """Why nothing changed, and (no date to clear) how to set one."""
        if self.per_day is not None:
            return (_pace_line(self.per_day, now=False),)
        return (_("There is no exit date to clear; nothing changed."), date_hint(self.today))

    def document(self) -> Document:
        return {"changed": False, "per_day": self.per_day}

    def screen(self, look: Look) -> str:
        return ""


class DateShown(NamedTuple):
    """`date` alone: the exit date on stdout (for scripts), the countdown and pace as notes."""

    pace: Pace
    today: date

    @property
    def notes(self) -> tuple[str, ...]:
        """The countdown, the steps a day and the days of "due soon", with how to change them."""
        now = self.pace
        if now.chosen:
            steps = _("Steps a day: at most {n}. Change it with: exitplan date --per-day N")
        else:
            steps = _(
                "Steps a day: at most {n} (the default). Change it with: exitplan date --per-day N"
            )
        soon = _("Due soon: within {n} days. Change it with: exitplan date --warn-days N")
        return (
            countdown_text(now.exit_date, self.today),
            steps.format(n=now.per_day),
            soon.format(n=now.warn_days),
        )

    def document(self) -> Document:
        now = self.pace
        return {
            "exit_date": _iso(now.exit_date),
            "per_day": now.per_day,
            "per_day_chosen": now.chosen,
            "warn_days": now.warn_days,
        }

    def screen(self, look: Look) -> str:
        day = self.pace.exit_date
        return (day.isoformat() if day else _("not set")) + "\n"


# -- the changes, made ----------------------------------------------------------------------------


def change_status(
    ws: Workspace, refs: Iterable[str], status: Status, reason: str | None = None
) -> StatusChanged:
    """Mark the steps named done, open or skipped (`steps.change_status`), as a result."""
    return StatusChanged(tuple(steps.change_status(ws, refs, status, reason)), status, reason)


def add_step(
    ws: Workspace,
    checklist: str,
    title: str,
    *,
    due: Due | None = None,
    priority: Priority = "normal",
    why: str | None = None,
    for_script: bool = False,
) -> StepAdded:
    """Add the person's own step (`steps.add_step`), as a result."""
    added = steps.add_step(ws, checklist, title, due=due, priority=priority, why=why)
    return StepAdded(added, for_script)


def show_dates(ws: Workspace, today: date) -> DateShown:
    """The exit date and the pace as they are (no plan: refused plainly)."""
    return DateShown(plandates.pace(ws), today)


def change_dates(
    ws: Workspace,
    before: date | None,
    when: date | None,
    *,
    clear: bool = False,
    warn_days: int | None = None,
    per_day: int | None = None,
) -> DatesChanged | DatesKept:
    """Set or clear the exit date and the pace, as one change; nothing is written when there is
    no date to clear or the pace asked for is the one already chosen. `before` is the exit date
    read before anything was asked."""
    today = ws.today
    if clear and warn_days is None and per_day is None and before is None:
        return DatesKept(today)
    only_pace = when is None and not clear and warn_days is None
    if only_pace and per_day is not None and plandates.same_pace(ws, per_day):
        return DatesKept(today, per_day)
    plandates.set_dates(ws, when, clear=clear, warn_days=warn_days, per_day=per_day)
    return DatesChanged(before, when, today, clear=clear, per_day=per_day, warn_days=warn_days)


# -- where you live, and the answers --------------------------------------------------------------


def change_lines(change: PlaceChange, *, counts: bool = True) -> list[str]:
    """What choosing the place changed: where, how many steps now use its words, which apply
    (the counts left out when the situation questions say their own)."""
    if change.label is None:
        return [
            _(
                "Saved: no place is chosen. Your plan uses general words; choose a place any "
                "time with: exitplan region"
            )
        ]
    lines = [_("Saved: you live in {place}.").format(place=change.label)]
    if change.named:
        lines.append(
            ngettext(
                "{count} step now uses its own names for orders, services and numbers.",
                "{count} steps now use its own names for orders, services and numbers.",
                change.named,
            ).format(count=change.named)
        )
    if counts:
        lines += count_lines(change)
    lines.append(_("Help now, for this place: exitplan help-now"))
    return lines


def count_lines(change: PlaceChange) -> list[str]:
    """How many steps for the place now apply, and how many are set aside as not for it."""
    lines = []
    if change.back:
        lines.append(
            ngettext(
                "{count} step for this place now applies (exitplan list shows it).",
                "{count} steps for this place now apply (exitplan list shows them).",
                change.back,
            ).format(count=change.back)
        )
    if change.aside:
        lines.append(
            ngettext(
                "{count} step is set aside as not for this place; it comes back, with its "
                "progress, if the place changes (exitplan list --all shows it).",
                "{count} steps are set aside as not for this place; they come back, with their "
                "progress, if the place changes (exitplan list --all shows them).",
                change.aside,
            ).format(count=change.aside)
        )
    return lines


def _place_document(change: PlaceChange | None) -> dict[str, object] | None:
    if change is None:
        return None
    return {
        "place": change.label,
        "named": change.named,
        "back": change.back,
        "aside": change.aside,
    }


class PlaceSaved(NamedTuple):
    """`region`: what choosing the place changed (None: nothing changed)."""

    change: PlaceChange | None

    @property
    def notes(self) -> tuple[str, ...]:
        """Where, how many steps use its words and apply, or that nothing changed."""
        if self.change is None:
            return (_("Where you live is as it was; nothing changed."),)
        return tuple(change_lines(self.change))

    def document(self) -> Document:
        return {"changed": self.change is not None, "region": _place_document(self.change)}

    def screen(self, look: Look) -> str:
        return ""


class AnswersSaved(NamedTuple):
    """`situation`: what saving the answers changed (None: nothing changed)."""

    saved: Saved | None

    @property
    def notes(self) -> tuple[str, ...]:
        """The place, the steps set aside, and the danger signs' help; or that nothing changed."""
        saved = self.saved
        if saved is None:
            return (_("Your answers are as they were; nothing changed."),)
        lines = [_("Saved your answers.")]
        if saved.place is not None:
            lines += change_lines(saved.place, counts=False)
        if saved.aside:
            lines.append(
                ngettext(
                    "{count} step is set aside as not for you; it comes back, with its progress, "
                    "if an answer changes (exitplan list --all shows it).",
                    "{count} steps are set aside as not for you; they come back, with their "
                    "progress, if an answer changes (exitplan list --all shows them).",
                    saved.aside,
                ).format(count=saved.aside)
            )
        if saved.danger:
            lines.append(
                _(
                    "Some answers are signs of serious danger. An advocate can help you plan "
                    "around them; status shows their steps first. Help now: exitplan help-now"
                )
            )
        return tuple(lines)

    def document(self) -> Document:
        saved = self.saved
        if saved is None:
            return {"changed": False}
        return {
            "changed": True,
            "region": _place_document(saved.place),
            "aside": saved.aside,
            "danger": saved.danger,
        }

    def screen(self, look: Look) -> str:
        return ""


def save_place(ws: Workspace, code: str | None, *, keep: bool = False) -> PlaceSaved:
    """Keep the place in the plan (`keep`: leave it as it is), as a result."""
    return PlaceSaved(None if keep else place.save_place(ws, code))


def save_answers(
    ws: Workspace, answers: Mapping[str, Answer], code: str | None, *, keep_place: bool
) -> AnswersSaved:
    """Save the answers and where the person lives as one change (`place.save_answers`)."""
    return AnswersSaved(place.save_answers(ws, answers, code, keep_place=keep_place))
