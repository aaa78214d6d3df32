"""The other screens as plain lines (list, show, checklists), and the one rich console.

Every screen wraps to the width it is given with hanging indents, never splitting a word, a
phone number or a URL, and has a plain mode for screen readers (no symbols standing for words,
no columns that only make sense to the eye). Colour comes from `term.Painter`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from exitplan.base.i18n import N_, _
from exitplan.domain.flags import FLAGS
from exitplan.views.screen import CAUTION, CAUTION_WORDS, GLUE, NARROW, due_text
from exitplan.views.term import Painter, wrap, wrap_lines

if TYPE_CHECKING:
    from datetime import date

    from rich.console import Console
    from rich.text import Text

    from exitplan.domain.model import Event
    from exitplan.domain.region import Local
    from exitplan.domain.schedule import Scheduled

__all__ = ["CAUTION", "due_text"]

# Red is kept for a critical step that is behind; everything routine stays quiet.
FLAG_STYLE = {name: flag.style for name, flag in FLAGS.items()}
SHORT_FLAG = {name: flag.short for name, flag in FLAGS.items()}
WHEN_WORDS = {
    "before": "before you leave",
    "exit-day": "on the day you leave",
    "after": "after you leave",
    "event": N_("the same day it happens"),
    "anytime": N_("any time, with or without an exit date"),
}
# What the state column says of an open step that has no date of its own (12 characters at most).
UNDATED_STATE = {"event": N_("when needed"), "anytime": N_("any time")}
# The due line of `show` for such a step.
UNDATED_DUE = {
    "event": N_("no date: do it the same day it happens, if it happens"),
    "anytime": N_("no date: whenever it suits you, with or without an exit date"),
}


def console(stderr: bool = False) -> Console:
    """A rich console that follows the terminal: no colour when piped or with NO_COLOR."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=False)


def state_word(row: Scheduled) -> tuple[str, str]:
    """A row's state in a few words (12 characters at most) and its style."""
    entry = row.entry
    if entry.state.status != "open":
        return entry.state.status, "green" if entry.state.status == "done" else "dim"
    if not entry.applies:
        return "not for you", "dim"
    if row.if_time:
        return "if time", "dim"
    if row.flag is None:
        undated = UNDATED_STATE.get(entry.item.when)
        return (_(undated) if undated else "open"), "dim"
    return SHORT_FLAG[row.flag], "bold red" if row.urgent else "dim"


def _plain_due(row: Scheduled, today: date) -> str:
    text = due_text(row, today)
    return text.replace(" (", ", ").rstrip(")") if text else ""


def list_lines(
    rows: list[Scheduled],
    today: date,
    *,
    columns: int = 80,
    paint: Painter | None = None,
    plain: bool = False,
) -> list[str]:
    """Steps as lines: number, state, due date, title, id; wrapped to `columns`."""
    if not rows:
        return ["No steps to show."]
    paint = paint or Painter(False)
    if plain:
        lines = []
        for row in rows:
            entry = row.entry
            facts = [f"Step {entry.number}: {entry.item.title}.", f"State: {state_word(row)[0]}."]
            due = _plain_due(row, today)
            if due:
                facts.append(f"Due {due}.")
            if entry.item.alerts_partner:
                facts.append(f"It {CAUTION_WORDS}.")
            facts.append(f"Id {entry.full_id}.")
            lines += wrap(" ".join(facts), columns, indent=2)
        return lines
    width = len(str(max(row.entry.number for row in rows)))
    wide = columns >= NARROW + 20
    dues: dict[date | None, str] = {}  # a long plan has few distinct dates: word each once
    lines = []
    if wide:
        lines.append(paint(f"{'#':>{width}}  {'state':<12}  {'due':<19}  step  (id)", "bold"))
    for row in rows:
        entry = row.entry
        state, style = state_word(row)
        number = str(entry.number).rjust(width)
        mark = f"{GLUE}{CAUTION}" if entry.item.alerts_partner else ""
        ident = f"({entry.full_id})"
        when = dues.get(row.due)
        if when is None:
            when = dues[row.due] = due_text(row, today)
        if wide:
            prefix = f"{number}  {state:<12}  {when:<19}  "
            body = wrap(f"{entry.item.title}{mark}  {ident}", columns, prefix)
            head = paint(number, "dim") + "  " + paint(f"{state:<12}", style) + prefix[width + 14 :]
            lines.append(head + _paint_id(body[0][len(prefix) :], ident, paint))
            lines += [_paint_id(line, ident, paint) for line in body[1:]]
        else:
            lines += wrap(f"{entry.item.title}{mark}", columns, f"{number}  ")
            if when and state == SHORT_FLAG["due_soon"]:  # not "due soon, due 1 Dec"
                details = f"due {when}  {ident}"
            else:
                details = f"{state}, due {when}  {ident}" if when else f"{state}  {ident}"
            lines += [paint(line, "dim") for line in wrap(details, columns, " " * (width + 2))]
    return lines


def _paint_id(line: str, ident: str, paint: Painter) -> str:
    """The id at the end of a list line, dimmed."""
    if line.endswith(ident):
        return line[: -len(ident)] + paint(ident, "dim")
    return line


def item_lines(
    row: Scheduled,
    today: date,
    events: list[Event],
    *,
    columns: int = 80,
    paint: Painter | None = None,
    plain: bool = False,
    region: Local | None = None,
) -> list[str]:
    """One step in full: why, how, caution, when, due date, state, note, what its local facts
    mean where the person lives, sources (the local ones beside the step's own), history."""
    from exitplan.views.local import fact_words, source_lines, step_facts

    paint = paint or Painter(False)
    entry, item = row.entry, row.entry.item
    facts = step_facts(item, region)
    fields: list[tuple[str, str]] = [
        ("Step", item.title + (f"{GLUE}{CAUTION}" if item.alerts_partner and not plain else "")),
        ("Id", f"{entry.full_id}  (#{entry.number})"),
        ("Checklist", entry.checklist.title),
        ("Why", item.why),
    ]
    if item.how:
        fields.append(("How", item.how))
    if item.alerts_partner:
        caution = item.caution or "Doing this could be noticed. Think about when it is safest."
        label = f"Caution, it {CAUTION_WORDS}" if plain else f"{CAUTION} Caution"
        fields.append((label, caution))
    when = WHEN_WORDS[item.when]
    fields.append(("When", _(when) if item.when in UNDATED_DUE else when))
    due = (_plain_due(row, today) if plain else due_text(row, today)) or _undated(row)
    fields += [("Due", due), ("Priority", item.priority), ("State", _state_text(row))]
    if entry.state.note:
        fields.append(("Note", entry.state.note))
    if facts and region is not None:
        words = [region.label, *(fact_words(fact) for fact in facts)]
        fields.append((_("Where you live"), "\n".join(words)))
    if item.sources or facts:
        fields.append(("Sources", "\n".join([*item.sources, *source_lines(facts)])))
    if item.checked:
        fields.append((_("Checked"), item.checked))
    if events:
        fields.append(
            (
                "History",
                "\n".join(
                    f"{e.at.astimezone():%Y-%m-%d %H:%M}  {e.action}"
                    + (f": {e.detail}" if e.detail else "")
                    for e in events
                ),
            )
        )
    return _field_lines(fields, columns, paint, plain)


def _undated(row: Scheduled) -> str:
    """Why a step shows no due date, in words (never a bare offset such as -35d)."""
    from exitplan.base.i18n import ngettext

    if not row.entry.applies:
        return _("none: it is set aside as not for you")
    if row.if_time:
        return _("if there is time (no date)")
    if row.entry.item.when in UNDATED_DUE:
        return _(UNDATED_DUE[row.entry.item.when])
    due = row.entry.item.due
    if due.on is not None:
        return due.on.isoformat()
    days = abs(due.offset)
    if due.offset == 0:
        return _("on the exit date, once one is set")
    if due.offset < 0:
        words = ngettext(
            "{n} day before the exit date, once one is set",
            "{n} days before the exit date, once one is set",
            days,
        )
    else:
        words = ngettext(
            "{n} day after the exit date, once one is set",
            "{n} days after the exit date, once one is set",
            days,
        )
    return words.format(n=days)


def _state_text(row: Scheduled) -> str:
    state = row.entry.state
    if state.status == "skipped":
        return "skipped" + (f" ({state.reason})" if state.reason else "")
    if state.status == "open" and row.entry.applies and row.flag is not None:
        return FLAGS[row.flag].word
    return state_word(row)[0]


def _field_lines(
    fields: list[tuple[str, str]], columns: int, paint: Painter, plain: bool
) -> list[str]:
    """Label and value pairs: side by side when there is room, stacked when narrow or plain."""
    lines: list[str] = []
    label_width = max(len(label) for label, _ in fields) + 2
    side = not plain and columns >= NARROW
    for label, value in fields:
        if plain:
            parts = value.splitlines() or [""]
            for n, part in enumerate(parts):
                lines += wrap(part, columns, f"{label}: " if n == 0 else "  ", indent=2)
            continue
        style = "yellow" if label.startswith(CAUTION) else "bold"
        if side:
            pad = " " * label_width
            body = []
            for n, part in enumerate(value.splitlines() or [""]):
                first = label.ljust(label_width) if n == 0 else pad
                body += wrap(part, columns, first) if part.strip() else [first.rstrip()]
            lines.append(paint(label, style) + body[0][len(label) :])
            lines += body[1:]
        else:
            lines.append(paint(label, style))
            lines += wrap_lines(value, columns, "  ")
    return lines


def item_view(
    row: Scheduled, today: date, events: list[Event], region: Local | None = None
) -> Text:
    """One step in full, for rich consoles (review): the lines of `item_lines`, uncoloured."""
    from rich.text import Text

    from exitplan.views.term import width

    return Text("\n".join(item_lines(row, today, events, columns=width(), region=region)))


def checklists_lines(
    rows: list[dict[str, Any]],
    *,
    columns: int = 80,
    paint: Painter | None = None,
    plain: bool = False,
) -> list[str]:
    """The checklists that can be used: id, title, item count, whose, whether in the plan."""
    paint = paint or Painter(False)
    if not rows:
        return ["No checklists found."]
    lines = []
    id_width = max(len(row["id"]) for row in rows)
    for row in rows:
        whose = "built-in" if row["builtin"] else "yours"
        used = "in your plan" if row["in_plan"] else "not in your plan"
        steps = f"{row['items']} step{'s' * (row['items'] != 1)}"
        text = f"{row['title']}: {steps}, {whose}, {used}."
        if plain:
            lines += wrap(f"{row['id']}. {text}", columns, indent=2)
        elif columns < NARROW:
            lines.append(paint(row["id"], "bold"))
            lines += wrap(text, columns, "  ")
        else:
            first = f"{row['id']:<{id_width}}  "
            body = wrap(text, columns, first)
            lines.append(paint(row["id"], "bold") + body[0][len(row["id"]) :])
            lines += body[1:]
    return lines
