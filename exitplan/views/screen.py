"""The status screen as plain lines, drawn from the day view: no rich, typer or pydantic.

The full command line and the glance both print it, so both print the same bytes. Overdue stays
a fact, not a wall: the countdown; danger signs first, with one calm line and their steps; what
is for today; what is behind (a count and the few most important); what comes next; then
progress per checklist and the key. Red only for a critical step that is behind. Never "safe",
never a score.

It fits the screen: given the terminal's height, the countdown, the danger line and "For today"
stay in view. The progress bars shrink to one line first, then the key and the quieter lines go,
then the groups show fewer steps (the "And N more" line counts the rest); `status --full` shows
every part however long it is.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, NamedTuple

from exitplan.base import spoken
from exitplan.base.i18n import N_, _, ngettext
from exitplan.domain.dates import shift
from exitplan.domain.day import FEW, SHOW_DANGER, SHOW_TODAY, shown_attention, shown_for_now
from exitplan.views.notices import notice_lines
from exitplan.views.term import CAUTION, GLUE, NARROW, Painter, wrap
from exitplan.views.words import ALERT_SENTENCE, countdown_text, due_text, plain_due

if TYPE_CHECKING:
    from exitplan.domain.day import DayView
    from exitplan.domain.schedule import Scheduled

DANGER_LINE = N_(
    "Some of your answers are signs of serious danger. An advocate can help you plan around "
    "them. Help now: exitplan help-now"
)
PHONE_LINE = N_(
    "Your last phone check found things to talk over with an advocate, so the steps about a "
    "watched phone come first."
)
HIDE_LINE = N_("In review, h hides the screen at once.")
NOW_LINE = N_(
    "None of these has a deadline. They help while you stay, and they keep the plan ready "
    "for whenever you choose a date."
)
HELP_LINE = N_("Need help right now? exitplan help-now")
# Said once, at the foot of status, while the plan has no place: its steps use general words.
PLACE_LINE = N_("Need help right now? exitplan help-now. Choose where you live: exitplan region")


class Limits(NamedTuple):
    """How much of each part a screen shows: steps per group, and the long or short footer."""

    danger: int = SHOW_DANGER
    today: int = SHOW_TODAY
    behind: int = FEW
    coming: int = FEW
    now: int = 4  # steps for now, without an exit date
    bars: bool = True  # progress bars, one line per checklist (else one line in all)
    quiet: bool = True  # the key, the hints, the journal and quick-hide lines


# From the full screen to the smallest that still shows what matters most, tried in order.
LADDER = (
    Limits(),
    Limits(bars=False),
    Limits(bars=False, quiet=False),
    Limits(danger=4, today=6, behind=2, coming=2, now=3, bars=False, quiet=False),
    Limits(danger=3, today=4, behind=1, coming=1, now=2, bars=False, quiet=False),
    Limits(danger=2, today=3, behind=1, coming=0, now=1, bars=False, quiet=False),
    Limits(danger=1, today=2, behind=0, coming=0, now=1, bars=False, quiet=False),
)


def suggested_date(today: date) -> str:
    """An example exit date for hints: six weeks from today (held at the calendar's end)."""
    return spoken.date_example(shift(today, 42))


def bar(done: int, total: int, paint: Painter, width: int = 24) -> str:
    """A progress bar drawn with block characters, readable without colour too."""
    filled = round(width * done / total) if total else 0
    return paint("█" * filled, "green") + paint("░" * (width - filled), "dim")


class StatusScreen:
    """Builds the status lines for one day view, width, colour and mode."""

    def __init__(
        self,
        view: DayView,
        *,
        columns: int = 80,
        paint: Painter,
        plain: bool = False,
        journal: tuple[int, date | None] | None = None,
        limits: Limits = LADDER[0],
        copy_age: tuple[int, bool] | None = None,
    ) -> None:
        self.view, self.today, self.columns = view, view.today, columns
        self.paint, self.plain, self.journal, self.limits = paint, plain, journal, limits
        self.copy_age = copy_age
        self.lines: list[str] = []

    def add(self, text: str, style: str = "", indent: int = 0) -> None:
        """One wrapped paragraph, each line painted in `style`."""
        for line in wrap(text, self.columns, indent=indent):
            self.lines.append(self.paint(line, style))

    def gap(self) -> None:
        """A blank line between sections (never two in a row)."""
        if self.lines and self.lines[-1]:
            self.lines.append("")

    def step(
        self, row: Scheduled, number_width: int, *, with_due: bool, due_width: int = 0
    ) -> None:
        """One step: number, due text (when asked for), title, caution; with a hanging indent."""
        entry = row.entry
        title = entry.item.title
        due = due_text(row, self.today) if with_due else ""
        if self.plain:
            facts = [_("Step {number}: {title}.").format(number=entry.number, title=title)]
            if due:
                facts.append(_("Due {day}.").format(day=plain_due(row, self.today)))
            if entry.item.alerts_partner:
                facts.append(_(ALERT_SENTENCE))
            self.add(" ".join(facts), indent=2)
            return
        mark = f"{GLUE}{CAUTION}" if entry.item.alerts_partner else ""
        number = str(entry.number).rjust(number_width)
        style = "bold red" if row.urgent else ""
        side = bool(due) and self.columns >= NARROW
        prefix = f"{number}  {due.ljust(due_width)}  " if side else f"{number}  "
        body = wrap(title + mark, self.columns, prefix)
        for n, line in enumerate(body):
            text = line[len(prefix) :] if n == 0 else line
            if mark and n == len(body) - 1 and text.endswith(CAUTION):
                text = text[: -len(CAUTION)] + self.paint(CAUTION, "yellow")
            if n == 0:
                shown = self.paint(number, "bold red" if row.urgent else "dim")
                if side:
                    shown += "  " + self.paint(due.ljust(due_width), style or "dim") + "  "
                else:
                    shown += "  "
                self.lines.append(shown + (self.paint(text, "bold") if row.urgent else text))
            else:
                self.lines.append(text)
        if due and not side:
            self.lines.append(" " * (number_width + 2) + self.paint(due, style or "dim"))

    def group(self, heading: str, rows: tuple[Scheduled, ...], *, with_due: bool) -> int:
        """A heading and the rows the day view shows of a group; returns how many there are."""
        if not rows:
            return 0
        self.gap()
        self.lines.append(self.paint(heading, "bold"))
        width = max(len(str(row.entry.number)) for row in rows)
        due_width = max(len(due_text(row, self.today)) for row in rows)
        for row in rows:
            self.step(row, width, with_due=with_due, due_width=due_width)
        return len(rows)

    def build(self, *, missing_plan: bool = False) -> list[str]:
        """Every line of the screen."""
        view, today = self.view, self.today
        if missing_plan:
            self.add(_("Your plan file is missing, but its backups are safe."), "bold")
            self.add(_("Bring the latest one back with: exitplan restore"))
            self.add(_(HELP_LINE), "dim")
            return self.lines
        if not view.has_plan:  # nothing to count down to: say first how to begin
            self.add(_("You have no plan yet. These are the built-in checklists."), "bold")
            # The prompt form first: a day typed at the prompt stays out of shell history.
            self.add(_("Start with: exitplan init (it asks for the day you plan to leave)"))
        else:
            self.add(countdown_text(view.exit_date, today), "bold")
        if view.has_plan and view.exit_date is None:
            self.add(_("Set one when you are ready: exitplan date (it asks for the day)"))
        self.attention()
        if view.has_plan and view.exit_date is None:
            self.for_now()
        self.inventories()
        self.progress()
        self.footer()
        return self.lines

    def inventories(self) -> None:
        """One calm line per inventory, and only where something needs attention."""
        state = self.view.plan.state
        if state is None or not (
            state.inventory.documents or state.inventory.accounts or state.inventory.money
        ):
            return  # nothing listed: nothing to say
        lines = notice_lines(state.inventory, self.view.exit_date, self.today)
        if lines:
            self.gap()
        for line in lines:
            self.add(line)

    def attention(self) -> None:
        """Danger signs, today, behind, coming next, the count line and the pointer to more."""
        groups, limits, warn_days = self.view.attention, self.limits, self.view.plan.warn_days
        # What each group shows and how many more: the day view's, for a screen of these sizes.
        shown = shown_attention(
            groups,
            danger=limits.danger,
            today=limits.today,
            behind=limits.behind,
            coming=limits.coming,
        )
        if groups.quiet and self.view.exit_date is not None and self.view.totals.open:
            self.gap()
            self.add(_("Nothing is overdue or due in the next {days} days.").format(days=warn_days))
        if groups.dangers or groups.phone:
            self.gap()
            if groups.dangers:
                self.add(_(DANGER_LINE), "bold")
            if groups.phone:
                self.add(_(PHONE_LINE), "bold")
            heading = (
                _("For the danger signs, first") if groups.dangers else _("For your phone, first")
            )
            self.group(heading, shown.danger, with_due=True)
        self.group(_("For today"), shown.today, with_due=False)
        behind = len(groups.behind)
        if behind:
            heading = (
                _("Behind: {count}, the most important first").format(count=behind)
                if len(shown.behind) < behind
                else _("Behind: {count}").format(count=behind)
            )
            self.group(heading, shown.behind, with_due=True)
        self.group(_("Coming next"), shown.coming, with_due=True)
        self.gap()
        if behind and groups.due_soon:
            self.add(self._counts(behind, groups.due_soon, warn_days))
        elif behind:
            self.add(ngettext("{count} behind.", "{count} behind.", behind).format(count=behind))
        elif groups.due_soon:
            self.add(self._soon(groups.due_soon, warn_days) + ".")
        if shown.more > 0:
            self.add(
                _("And {count} more: exitplan list --attention").format(count=shown.more), "dim"
            )
        if_time = self.view.totals.if_time
        if if_time and limits.quiet:
            self.add(
                ngettext(
                    "{count} step waits for if there is time: no date and never overdue. "
                    "Do what you can; the most important come first.",
                    "{count} steps wait for if there is time: no date and never overdue. "
                    "Do what you can; the most important come first.",
                    if_time,
                ).format(count=if_time),
                "dim",
            )
        if self.lines and not self.lines[-1]:
            self.lines.pop()

    def for_now(self) -> None:
        """Without an exit date: a calm plan for now (steps that need no date), not a countdown."""
        rows, more = shown_for_now(self.view, self.limits.now)
        if self.group(_("For now"), rows, with_due=False):
            self.add(_(NOW_LINE), "dim")
            checklists = {row.entry.checklist.id for row in self.view.for_now}
            if more > 0 and len(checklists) == 1:
                line = _("And {more} more for now: exitplan list {checklist}")
                self.add(line.format(more=more, checklist=checklists.pop()), "dim")

    def _soon(self, count: int, warn_days: int) -> str:
        if warn_days == 7:
            return ngettext("{count} due this week", "{count} due this week", count).format(
                count=count
            )
        return ngettext(
            "{count} due in the next {days} days", "{count} due in the next {days} days", count
        ).format(count=count, days=warn_days)

    def _counts(self, behind: int, soon: int, warn_days: int) -> str:
        return ngettext("{behind} behind, {soon}.", "{behind} behind, {soon}.", behind).format(
            behind=behind, soon=self._soon(soon, warn_days)
        )

    def progress(self) -> None:
        """Done out of the steps that apply, per checklist (one line in all when short)."""
        lists = [c for c in self.view.progress if c.total]
        count = self.view.totals
        self.gap()
        if not self.limits.bars:
            self.add(self._done_line() + " " + _("Each checklist: exitplan status --full"))
            return
        self.lines.append(self.paint(_("Progress"), "bold"))
        if self.plain or self.columns < NARROW:
            for c in lists:
                if c.skipped:
                    line = _("{title}: {done} of {total} done, {skipped} set aside.")
                else:
                    line = _("{title}: {done} of {total} done.")
                self.add(line.format(title=c.title, done=c.done, total=c.total, skipped=c.skipped))
        else:
            width = max((len(c.title) for c in lists), default=0)
            for c in lists:
                self.lines.append(
                    c.title.ljust(width + 2)
                    + bar(c.done + c.skipped, c.total, self.paint)
                    + self.paint(f"  {c.done}/{c.total}", "dim")
                )
        self.gap()
        line = self._done_line()
        if count.not_for_you:
            line += " " + _("{count} not for you (exitplan list --all shows them).").format(
                count=count.not_for_you
            )
        self.add(line)

    def _done_line(self) -> str:
        count = self.view.totals
        return _("{done} of {items} done, {skipped} skipped.").format(
            done=count.done, items=count.items, skipped=count.skipped
        )

    def footer(self) -> None:
        """What the caution mark means, hints, the journal, the quick hide, and where help is."""
        if self.limits.quiet:
            if self.view.alerting and not self.plain:
                self.add(
                    _(
                        "{mark} = doing it could alert your partner; 'exitplan show N' says how."
                    ).format(mark=CAUTION)
                )
            elif self.view.alerting:
                self.add(
                    _("Some steps may alert your partner; 'exitplan show N' says how to do them.")
                )
            if self.view.totals.open_at_exit:
                self.add(
                    _(
                        "Steps meant for before you left that no longer apply can be set aside: "
                        "exitplan skip N"
                    ),
                    "dim",
                )
            if self.journal is not None and self.copy_age is None:
                self.add(journal_line(*self.journal), "dim")
            if self.view.has_plan:  # review, where h hides the screen, needs a plan
                self.add(_(HIDE_LINE), "dim")
        if self.copy_age is not None:  # on every screen, however full: the evidence is at stake
            self.add(copy_line(self.copy_age))
        state = self.view.plan.state
        no_place = state is not None and state.region is None
        self.add(_(PLACE_LINE) if no_place else _(HELP_LINE), "dim")


def journal_line(records: int, last: date | None) -> str:
    """One quiet line about the journal: when it was last written. Not how many records: one
    entry may have corrections and files, and a sealed journal is never opened here to count
    its entries, so a count would read as a count of entries and be wrong."""
    if last is None:
        return _("Your journal: 'exitplan log' lists its entries.")
    return _("Your journal: last written on {day} {month}.").format(
        day=last.day, month=spoken.month_year(last)
    )


def copy_line(age: tuple[int, bool]) -> str:
    """The calm reminder of a sealed copy of the journal (`age`: days old, whether a copy was
    ever made): how old, and the command. Never where the copy is (a screen can be read over a
    shoulder)."""
    days, copied = age
    if not copied:
        return ngettext(
            "Your journal has no copy elsewhere yet ({days} day since it began): exitplan log copy",
            "Your journal has no copy elsewhere yet ({days} days since it began): exitplan log "
            "copy",
            days,
        ).format(days=days)
    return ngettext(
        "Your journal copy is {days} day old: exitplan log copy",
        "Your journal copy is {days} days old: exitplan log copy",
        days,
    ).format(days=days)


def status_lines(
    view: DayView,
    *,
    columns: int = 80,
    colour: bool = False,
    plain: bool = False,
    missing_plan: bool = False,
    journal: tuple[int, date | None] | None = None,
    rows: int | None = None,
    copy_age: tuple[int, bool] | None = None,
) -> list[str]:
    """The status screen's lines for this day view (`journal`: records, last date).

    `rows`: the screen's height; the screen then keeps within it, leaving one line for the
    prompt (see the module text). None: every part, however long.
    """
    paint = Painter(colour and not plain)
    ladder = LADDER if rows is not None else LADDER[:1]
    lines: list[str] = []
    for limits in ladder:
        screen = StatusScreen(
            view,
            columns=columns,
            paint=paint,
            plain=plain,
            journal=journal,
            limits=limits,
            copy_age=copy_age,
        )
        lines = screen.build(missing_plan=missing_plan)
        if rows is None or len(lines) < rows:
            break
    return lines


def status_text(
    view: DayView,
    *,
    columns: int = 80,
    colour: bool = False,
    plain: bool = False,
    missing_plan: bool = False,
    journal: tuple[int, date | None] | None = None,
    rows: int | None = None,
    copy_age: tuple[int, bool] | None = None,
) -> str:
    """The status screen as one string ending in a newline (what stdout receives)."""
    lines = status_lines(
        view,
        columns=columns,
        colour=colour,
        plain=plain,
        missing_plan=missing_plan,
        journal=journal,
        rows=rows,
        copy_age=copy_age,
    )
    return "\n".join(lines) + "\n"
