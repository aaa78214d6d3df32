"""Rich output for the terminal; the only module that builds rich renderables."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.console import Console, Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from exitplan.export import countdown_text, progress, rows_for, status_word, totals
from exitplan.flags import FLAGS
from exitplan.schedule import ALERT_FLAGS, Scheduled, most_urgent

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.console import RenderableType

    from exitplan.model import Event
    from exitplan.plan import Plan

# Red is kept for what is overdue or critical; everything routine stays quiet.
FLAG_STYLE = {name: flag.style for name, flag in FLAGS.items()}
SHORT_FLAG = {name: flag.short for name, flag in FLAGS.items()}
CAUTION = "⚠"
STATUS_LIMIT = 10


def console(stderr: bool = False) -> Console:
    """A console that follows the terminal: no colour when piped or with NO_COLOR."""
    return Console(stderr=stderr, highlight=False, soft_wrap=False)


def due_text(row: Scheduled, today: date) -> str:
    """`due 12 Dec (in 3 days)`, or an empty string when there is no date."""
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


def flag_label(row: Scheduled) -> Text:
    """The flag word, coloured by urgency."""
    if row.entry.state.status != "open":
        return Text(status_word(row), style="green" if row.entry.state.status == "done" else "dim")
    if row.flag is None:
        return Text("open", style="dim")
    flag = FLAGS[row.flag]
    return Text(flag.word, style=flag.style)


def title_text(row: Scheduled) -> Text:
    """An item's title, with the caution mark when doing it could alert the partner."""
    text = Text(row.entry.item.title)
    if row.entry.item.priority == "critical" and row.entry.is_open:
        text.stylize("bold")
    if row.entry.item.alerts_partner:
        text.append(f" {CAUTION}", style="yellow")
    return text


def bar(done: int, total: int, width: int = 24) -> Text:
    """A progress bar drawn with block characters, readable without colour too."""
    filled = round(width * done / total) if total else 0
    return Text.assemble(("█" * filled, "green"), ("░" * (width - filled), "dim"))


def status_view(
    plan: Plan, today: date, *, missing_plan: bool = False, columns: int = 80
) -> RenderableType:
    """The one-screen status: countdown, what needs attention, progress per checklist."""
    rows = rows_for(plan, today)
    count = totals(rows)
    parts: list[RenderableType] = [Text(countdown_text(plan.exit_date, today), style="bold")]
    if missing_plan:
        return Group(
            Text("Your plan file is missing, but its backups are safe.", style="bold"),
            Text("Bring the latest one back with: exitplan restore"),
            Text("Need help right now? exitplan help-now", style="dim"),
        )
    if plan.state is None:
        parts.append(
            Text(
                "You have no plan yet. These are the built-in checklists.\n"
                "Start with: exitplan init --exit-date 2027-01-31"
                "   (or +6w for six weeks from today)"
            )
        )
    elif plan.exit_date is None:
        parts.append(Text("Set one when you are ready: exitplan date 2027-01-31  (or +6w)"))

    flagged = [row for row in most_urgent(rows) if row.flag in ALERT_FLAGS]
    if flagged:
        shown = flagged[:STATUS_LIMIT]
        width = max(len(str(row.entry.number)) for row in shown)
        # Plain lines with a hanging indent: cheaper than a table, and as readable.
        indent = width + 2 + 12 + 20
        room = max(columns - indent, 20)
        lines = []
        for row in shown:
            title = title_text(row)
            wrapped = title.wrap(Console(width=room), room) if title.cell_len > room else [title]
            first = Text.assemble(
                (str(row.entry.number).rjust(width), "dim"),
                "  ",
                (SHORT_FLAG[row.flag or ""].ljust(12), FLAG_STYLE[row.flag or ""]),
                (due_text(row, today).ljust(20), "dim"),
                wrapped[0],
            )
            lines.append(first)
            lines += [Text(" " * indent) + rest for rest in wrapped[1:]]
        parts += [Text(""), Text("Needs attention", style="bold"), *lines]
        if len(flagged) > STATUS_LIMIT:
            parts.append(
                Text(f"… and {len(flagged) - STATUS_LIMIT} more: exitplan list --open", style="dim")
            )
    elif plan.exit_date is not None and count["open"]:
        parts += [Text(""), Text(f"Nothing is overdue or due in the next {plan.warn_days} days.")]

    # Plain lines rather than a table: ten rows of fixed shape need no measuring.
    lists = progress(plan, rows)
    width = max((cell_len(c["title"]) for c in lists), default=0)
    bars = Text("\n").join(
        Text.assemble(
            c["title"] + " " * (width - cell_len(c["title"]) + 2),
            bar(c["done"] + c["skipped"], c["total"]),
            (f"  {c['done']}/{c['total']}", "dim"),
        )
        for c in lists
    )
    parts += [Text(""), Text("Progress", style="bold"), bars, Text("")]
    parts.append(
        Text(
            f"{count['done']} of {count['items']} done, {count['skipped']} skipped."
            + (
                f"  {CAUTION} = doing it could alert your partner; "
                "'exitplan show N' says how to do it quietly."
                if any(row.entry.item.alerts_partner for row in flagged[:STATUS_LIMIT])
                else ""
            )
        )
    )
    if count["open_at_exit"]:
        parts.append(
            Text(
                "Steps meant for before you left that no longer apply can be set "
                "aside: exitplan skip N",
                style="dim",
            )
        )
    parts.append(Text("Need help right now? exitplan help-now", style="dim"))
    return Group(*parts)


def painter(out: Console) -> Callable[[str, str], str]:
    """A function that wraps text in the terminal's codes for a style (nothing when uncoloured).

    Long lists are written as plain lines: a rich Table measures every cell, which takes
    seconds for thousands of rows.
    """
    system = out.color_system
    if system is None:
        return lambda text, style: text
    from rich.console import COLOR_SYSTEMS
    from rich.style import Style

    codes: dict[str, tuple[str, str]] = {}

    def paint(text: str, style: str) -> str:
        if style not in codes:
            marked = Style.parse(style).render("\0", color_system=COLOR_SYSTEMS[system])
            before, _, after = marked.partition("\0")
            codes[style] = (before, after)
        before, after = codes[style]
        return f"{before}{text}{after}"

    return paint


def list_lines(rows: list[Scheduled], today: date, out: Console) -> list[str]:
    """Items as lines: number, state, due date, title, id."""
    if not rows:
        return ["No items to show."]
    paint = painter(out)
    width = len(str(max(row.entry.number for row in rows)))
    lines = [paint(f"{'#':>{width}}  {'state':<12}  {'due':<19} step  (id)", "bold")]
    for row in rows:
        entry = row.entry
        state: str
        if entry.state.status != "open":
            state, style = entry.state.status, "green" if entry.state.status == "done" else "dim"
        elif row.flag is None:
            state, style = "open", "dim"
        else:
            state, style = SHORT_FLAG[row.flag], FLAG_STYLE[row.flag]
        caution = " " + paint(CAUTION, "yellow") if entry.item.alerts_partner else ""
        lines.append(
            f"{paint(str(entry.number).rjust(width), 'dim')}  {paint(state.ljust(12), style)}  "
            f"{due_text(row, today):<19} {entry.item.title}{caution}  "
            f"{paint('(' + entry.full_id + ')', 'dim')}"
        )
    return lines


def item_view(row: Scheduled, today: date, events: list[Event]) -> RenderableType:
    """One item in full: why, how, caution, due date, state, note and history."""
    entry, item = row.entry, row.entry.item
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    grid.add_row("Step", title_text(row))
    grid.add_row("Id", f"{entry.full_id}  (#{entry.number})")
    grid.add_row("Checklist", escape(entry.checklist.title))
    grid.add_row("Why", escape(item.why))
    if item.how:
        grid.add_row("How", escape(item.how))
    if item.alerts_partner:
        caution = item.caution or "Doing this could be noticed. Think about when it is safest."
        grid.add_row(Text(f"{CAUTION} Caution", style="yellow"), escape(caution))
    grid.add_row(
        "When",
        {
            "before": "before you leave",
            "exit-day": "on the day you leave",
            "after": "after you leave",
        }[item.when],
    )
    grid.add_row("Due", due_text(row, today) or f"{item.due.text()} (relative to the exit date)")
    grid.add_row("Priority", item.priority)
    grid.add_row("State", flag_label(row))
    if entry.state.note:
        grid.add_row("Note", escape(entry.state.note))
    if item.sources:
        grid.add_row("Sources", "\n".join(escape(s) for s in item.sources))
    if events:
        lines = [
            f"{e.at.astimezone():%Y-%m-%d %H:%M}  {e.action}"
            + (f": {e.detail}" if e.detail else "")
            for e in events
        ]
        grid.add_row("History", escape("\n".join(lines)))
    return grid


def checklists_view(rows: list[dict[str, Any]]) -> RenderableType:
    """Available checklists with item counts."""
    table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold")
    table.add_column("id", style="cyan", no_wrap=True)
    table.add_column("title")
    table.add_column("items", justify="right")
    table.add_column("source", style="dim")
    table.add_column("in plan", style="dim")
    for row in rows:
        table.add_row(
            row["id"],
            escape(row["title"]),
            str(row["items"]),
            "built-in" if row["builtin"] else "yours",
            "yes" if row["in_plan"] else "no",
        )
    return table
