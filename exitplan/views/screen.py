"""The status screen as plain lines: no rich, typer or pydantic anywhere in its imports.

The full command line and a fast path that skips the framework can both print it, so both
print the same bytes. Overdue stays a fact, not a wall: the countdown; danger signs first, with
one calm line and their steps; what is for today; what is behind (a count and the few most
important); what comes next; progress per checklist (steps that apply). Red only for a
critical step that is behind. Never "safe", never a score.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any

from exitplan.base.i18n import N_, _
from exitplan.domain.attention import FEW, for_now
from exitplan.domain.pacing import shift
from exitplan.views.export import attention_groups, countdown_text, progress, rows_for, totals
from exitplan.views.term import Painter, wrap

if TYPE_CHECKING:
    from exitplan.domain.plan import Plan
    from exitplan.domain.schedule import Scheduled
    from exitplan.views.export import Groups

CAUTION = "⚠"
CAUTION_WORDS = "may alert your partner"
GLUE = "\u00a0"  # a space wrapping never breaks at: the caution mark stays with its title
SHOW_DANGER = 6  # danger-sign steps shown before "And N more"
SHOW_TODAY = 8
SHOW_NOW = 4  # steps for now, without an exit date, shown before "And N more"
NOW_LINE = N_(
    "None of these has a deadline. They help while you stay, and they keep the plan ready "
    "for whenever you choose a date."
)
NARROW = 60  # below this many columns the due text goes on its own line
DANGER_LINE = (
    "Some of your answers are signs of serious danger. An advocate can help you plan around "
    "them. Help now: exitplan help-now"
)
PHONE_LINE = (
    "Your last phone check found things to talk over with an advocate, so the steps about a "
    "watched phone come first."
)
HIDE_LINE = "In review, h hides the screen at once."
HELP_LINE = "Need help right now? exitplan help-now"
# Said once, at the foot of status, while the plan has no place: its steps use general words.
PLACE_LINE = N_("Need help right now? exitplan help-now. Choose where you live: exitplan region")


def due_text(row: Scheduled, today: date) -> str:
    """`12 Dec (in 3 days)`, or an empty string when there is no date."""
    if row.due is None:
        return ""
    delta = (row.due - today).days
    if delta == 0:
        rel = "today"
    elif delta == 1:
        rel = "tomorrow"
    elif delta == -1:
        rel = "yesterday"
    elif delta > 0:
        rel = f"in {delta} days"
    else:
        rel = f"{-delta} days ago"
    return f"{row.due.day} {row.due:%b} ({rel})"


def suggested_date(today: date) -> str:
    """An example exit date for hints: six weeks from today (held at the calendar's end)."""
    return shift(today, 42).isoformat()


def bar(done: int, total: int, paint: Painter, width: int = 24) -> str:
    """A progress bar drawn with block characters, readable without colour too."""
    filled = round(width * done / total) if total else 0
    return paint("█" * filled, "green") + paint("░" * (width - filled), "dim")


class StatusScreen:
    """Builds the status lines for one plan, day, width, colour and mode."""

    def __init__(
        self, plan: Plan, today: date, *, columns: int = 80, paint: Painter, plain: bool = False
    ) -> None:
        self.plan, self.today, self.columns = plan, today, columns
        self.paint, self.plain = paint, plain
        self.rows = rows_for(plan, today)
        self.lines: list[str] = []
        self.journal: tuple[int, date | None] | None = None
        self._count: dict[str, int] | None = None

    def totals(self) -> dict[str, int]:
        """The plan's totals, counted once however many parts of the screen ask."""
        if self._count is None:
            self._count = totals(self.rows)
        return self._count

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
            facts = [f"Step {entry.number}: {title}."]
            if due:
                facts.append(f"Due {due.replace(' (', ', ').rstrip(')')}.")
            if entry.item.alerts_partner:
                facts.append(f"It {CAUTION_WORDS}.")
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
                if due and self.columns >= NARROW:
                    shown += "  " + self.paint(due.ljust(due_width), style or "dim") + "  "
                else:
                    shown += "  "
                self.lines.append(shown + (self.paint(text, "bold") if row.urgent else text))
            else:
                self.lines.append(text)
        if due and self.columns < NARROW:
            self.lines.append(" " * (number_width + 2) + self.paint(due, style or "dim"))

    def group(self, heading: str, rows: list[Scheduled], shown: int, *, with_due: bool) -> int:
        """A heading and the first `shown` rows; returns how many were shown."""
        if not rows:
            return 0
        part = rows[:shown]
        self.gap()
        self.lines.append(self.paint(heading, "bold"))
        width = max(len(str(row.entry.number)) for row in part)
        due_width = max(len(due_text(row, self.today)) for row in part)
        for row in part:
            self.step(row, width, with_due=with_due, due_width=due_width)
        return len(part)

    def build(self, *, missing_plan: bool = False) -> list[str]:
        """Every line of the screen."""
        plan, today = self.plan, self.today
        if missing_plan:
            self.add("Your plan file is missing, but its backups are safe.", "bold")
            self.add("Bring the latest one back with: exitplan restore")
            self.add(HELP_LINE, "dim")
            return self.lines
        if plan.state is None:  # nothing to count down to: say first how to begin
            self.add("You have no plan yet. These are the built-in checklists.", "bold")
            # The prompt form first: a day typed at the prompt stays out of shell history.
            self.add("Start with: exitplan init (it asks for the day you plan to leave)")
        else:
            self.add(countdown_text(plan.exit_date, today), "bold")
        if plan.state is not None and plan.exit_date is None:
            self.add("Set one when you are ready: exitplan date (it asks for the day)")
        groups = attention_groups(plan, self.rows, today)
        self.attention(groups)
        if plan.state is not None and plan.exit_date is None:
            self.for_now()
        self.inventories()
        self.progress()
        self.footer()
        return self.lines

    def inventories(self) -> None:
        """One calm line per inventory, and only where something needs attention."""
        state = self.plan.state
        if state is None or not (
            state.inventory.documents or state.inventory.accounts or state.inventory.money
        ):
            return  # nothing listed: nothing to say, and nothing more to import
        from exitplan.views.inventory import notice_lines

        lines = notice_lines(state.inventory, self.plan.exit_date, self.today)
        if lines:
            self.gap()
        for line in lines:
            self.add(line)

    def attention(self, groups: Groups) -> None:
        """Danger signs, today, behind, coming next, the count line and the pointer to more."""
        shown = 0
        quiet = not (groups.danger or groups.today or groups.behind or groups.due_soon)
        if quiet and self.plan.exit_date is not None and self.totals()["open"]:
            self.gap()
            self.add(f"Nothing is overdue or due in the next {self.plan.warn_days} days.")
        if groups.dangers or groups.phone:
            self.gap()
            if groups.dangers:
                self.add(DANGER_LINE, "bold")
            if groups.phone:
                self.add(PHONE_LINE, "bold")
            heading = "For the danger signs, first" if groups.dangers else "For your phone, first"
            shown += self.group(heading, groups.danger, SHOW_DANGER, with_due=True)
        shown += self.group("For today", groups.today, SHOW_TODAY, with_due=False)
        if groups.behind:
            heading = f"Behind: {len(groups.behind)}"
            if len(groups.behind) > FEW:
                heading += ", the most important first"
            shown += self.group(heading, groups.behind, FEW, with_due=True)
        shown += self.group("Coming next", groups.coming, FEW, with_due=True)
        counts = []
        if groups.behind:
            counts.append(f"{len(groups.behind)} behind")
        if groups.due_soon:
            window = (
                "this week"
                if self.plan.warn_days == 7
                else f"in the next {self.plan.warn_days} days"
            )
            counts.append(f"{groups.due_soon} due {window}")
        more = len(groups.rows()) - shown
        self.gap()
        if counts:
            self.add(", ".join(counts) + ".")
        if more > 0:
            self.add(f"And {more} more: exitplan list --attention", "dim")
        if groups.if_time:
            noun = "step waits" if groups.if_time == 1 else "steps wait"
            self.add(
                f"{groups.if_time} {noun} for if there is time: no date and never overdue. "
                "Do what you can; the most important come first.",
                "dim",
            )
        if self.lines and not self.lines[-1]:
            self.lines.pop()

    def for_now(self) -> None:
        """Without an exit date: a calm plan for now (steps that need no date), not a countdown."""
        rows = for_now(self.rows)
        shown = self.group(_("For now"), rows, SHOW_NOW, with_due=False)
        if shown:
            self.add(_(NOW_LINE), "dim")
            checklists = {row.entry.checklist.id for row in rows}
            if len(rows) > shown and len(checklists) == 1:
                more = len(rows) - shown
                line = _("And {more} more for now: exitplan list {checklist}")
                self.add(line.format(more=more, checklist=checklists.pop()), "dim")

    def progress(self) -> None:
        """Done out of the steps that apply, per checklist."""
        lists = [c for c in progress(self.plan, self.rows) if c["total"]]
        self.gap()
        self.lines.append(self.paint("Progress", "bold"))
        if self.plain or self.columns < NARROW:
            for c in lists:
                aside = f", {c['skipped']} set aside" if c["skipped"] else ""
                self.add(f"{c['title']}: {c['done']} of {c['total']} done{aside}.")
            return
        width = max((len(c["title"]) for c in lists), default=0)
        for c in lists:
            self.lines.append(
                c["title"].ljust(width + 2)
                + bar(c["done"] + c["skipped"], c["total"], self.paint)
                + self.paint(f"  {c['done']}/{c['total']}", "dim")
            )

    def footer(self) -> None:
        """Totals, what the caution mark means, and where help and the quick hide are."""
        count = self.totals()
        aside = sum(not row.entry.applies for row in self.rows)
        self.gap()
        done = f"{count['done']} of {count['items']} done, {count['skipped']} skipped."
        if aside:
            done += f" {aside} not for you (exitplan list --all shows them)."
        self.add(done)
        cautious = any(
            row.entry.item.alerts_partner and row.entry.is_open and row.entry.applies
            for row in self.rows
        )
        if cautious and not self.plain:
            self.add(f"{CAUTION} = doing it could alert your partner; 'exitplan show N' says how.")
        elif cautious:
            self.add("Some steps may alert your partner; 'exitplan show N' says how to do them.")
        if count["open_at_exit"]:
            self.add(
                "Steps meant for before you left that no longer apply can be set aside: "
                "exitplan skip N",
                "dim",
            )
        if self.journal is not None:
            self.add(journal_line(*self.journal), "dim")
        if self.plan.state is not None:  # review, where h hides the screen, needs a plan
            self.add(HIDE_LINE, "dim")
        no_place = self.plan.state is not None and self.plan.state.region is None
        self.add(_(PLACE_LINE) if no_place else HELP_LINE, "dim")


def journal_line(records: int, last: date | None) -> str:
    """One quiet line about the journal: when it was last written. Not how many records: one
    entry may have corrections and files, and a sealed journal is never opened here to count
    its entries, so a count would read as a count of entries and be wrong."""
    if last is None:
        return _("Your journal: 'exitplan log' lists its entries.")
    return _("Your journal: last written on {day} {month}.").format(
        day=last.day, month=f"{last:%B %Y}"
    )


def status_lines(
    plan: Plan,
    today: date,
    *,
    columns: int = 80,
    colour: bool = False,
    plain: bool = False,
    missing_plan: bool = False,
    journal: tuple[int, date | None] | None = None,
) -> list[str]:
    """The status screen's lines for this plan and day (`journal`: records, last date)."""
    paint = Painter(colour and not plain)
    screen = StatusScreen(plan, today, columns=columns, paint=paint, plain=plain)
    screen.journal = journal
    return screen.build(missing_plan=missing_plan)


def status_text(plan: Plan, today: date, **options: Any) -> str:
    """The status screen as one string ending in a newline (what stdout receives)."""
    return "\n".join(status_lines(plan, today, **options)) + "\n"
