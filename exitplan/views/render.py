"""The other screens as plain lines: list, show, checklists, history and backups.

Every screen wraps to the width it is given with hanging indents, never splitting a word, a
phone number or a URL, and has a plain mode for screen readers (no symbols standing for words,
no columns that only make sense to the eye). Colour comes from `term.Painter`.
"""

from __future__ import annotations

import contextlib
import re
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from exitplan.base import spoken
from exitplan.base.i18n import N_, _, labelled, ngettext
from exitplan.base.limits import BACKUP_FROM, BACKUP_TIME
from exitplan.domain.region import place_sources
from exitplan.views.local import (
    fact_words,
    neutral_sources,
    source_lines,
    step_facts,
    step_neutral,
)
from exitplan.views.term import CAUTION, GLUE, NARROW, Painter, wrap, wrap_lines
from exitplan.views.words import (
    ALERT_LABEL,
    ALERT_SENTENCE,
    due_text,
    plain_due,
    short_state,
    source_words,
    state_style,
    state_words,
)

if TYPE_CHECKING:
    from exitplan.domain.model import Event
    from exitplan.domain.region import Local
    from exitplan.domain.schedule import Scheduled

# Words translated with _() inside f-strings below, marked again here: Babel does not look
# inside f-strings on Python 3.11 (tests/unit/base/test_i18n_catalog.py checks they are).
_IN_FSTRINGS = (N_("Caution"),)


WHEN_WORDS = {
    "before": N_("before you leave"),
    "exit-day": N_("on the day you leave"),
    "after": N_("after you leave"),
    "event": N_("the same day it happens"),
    "anytime": N_("any time, with or without an exit date"),
}
PRIORITY_WORDS = {
    "critical": N_("critical"),
    "high": N_("high"),
    "normal": N_("normal"),
    "low": N_("low"),
}
# The plan's change log keeps its actions and a few details as fixed English words; they are
# translated where they are shown (any other detail is the person's own words, shown as kept).
HISTORY_WORDS = {
    "init": N_("init"),
    "done": N_("done"),
    "reopen": N_("reopen"),
    "skip": N_("skip"),
    "note": N_("note"),
    "note-removed": N_("note removed"),
    "date": N_("date"),
    "situation": N_("situation"),
    "phone-check": N_("phone check"),
    "iphone-check": N_("iPhone check"),
    "per-day": N_("steps per day"),
    "add": N_("add"),
    "region": N_("region"),
    "restore": N_("restore"),
    "documents": N_("documents"),
    "accounts": N_("accounts"),
    "money": N_("money"),
    "situation answers changed": N_("situation answers changed"),
    "iPhone check answers changed": N_("iPhone check answers changed"),
    "where you live changed": N_("where you live changed"),
    "cleared": N_("cleared"),
    "default": N_("default"),
    "warn-days": N_("due-soon window"),
    "android check": N_("Android phone check"),
    "iphone check": N_("iPhone check"),
}


# Details the log keeps with a date or a number in them, said in the language spoken.
HISTORY_SHAPES = {
    "exit date": N_("exit date {value}"),
    "added": N_("added {value}"),
    "changed": N_("changed {value}"),
    "removed": N_("removed {value}"),
}
_DETAIL = re.compile(r"^(exit date|added|changed|removed) (\S+)$")
_ISO_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def history_word(text: str) -> str:
    """An action or fixed detail of the change log in the language spoken, a date in it as the
    language writes one (`20 janv. 2027`); other text (the person's own words) as kept."""
    known = HISTORY_WORDS.get(text)
    if known:
        return _(known)
    if text.startswith(f"{BACKUP_FROM} "):  # a restore's: said as the language writes it
        with contextlib.suppress(ValueError):
            taken = datetime.fromisoformat(text.removeprefix(f"{BACKUP_FROM} "))
            day = spoken.day_month_year(taken.date())
            return _("backup from {day} {time}").format(day=day, time=f"{taken:%H:%M}")
        return text
    shaped = _DETAIL.match(text)
    value = shaped.group(2) if shaped else text
    if _ISO_DAY.match(value):
        with contextlib.suppress(ValueError):  # a day the calendar lacks stays as kept
            value = spoken.day_month_year(date.fromisoformat(value))
    if shaped:
        return _(HISTORY_SHAPES[shaped.group(1)]).format(value=value)
    return value


def history_stamp(moment: datetime) -> str:
    """When a change was made, in local time, as the language writes a day and a time."""
    return spoken.day_and_time(moment.astimezone())


# The due line of `show` for a step that has no date of its own.
UNDATED_DUE = {
    "event": N_("no date: do it the same day it happens, if it happens"),
    "anytime": N_("no date: whenever it suits you, with or without an exit date"),
}


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
        return [_("No steps to show.")]
    paint = paint or Painter(False)
    if plain:
        return _plain_list_lines(rows, today, columns)
    width = len(str(max(row.entry.number for row in rows)))
    dues: dict[date | None, str] = {}  # a long plan has few distinct dates: word each once
    for row in rows:
        if row.due not in dues:
            dues[row.due] = due_text(row, today)
    # The due column fits its longest text (19 in English; "7 dic (dentro de 6 días)" is longer).
    due_width = max(19, len(_("due")), *(len(when) for when in dues.values()))
    wide = columns >= NARROW + 20 and columns - (width + due_width + 18) >= 30
    lines = []
    if wide:
        head = _("{number}  {state}  {due}  step  (id)").format(
            number="#".rjust(width), state=_("state").ljust(12), due=_("due").ljust(due_width)
        )
        lines.append(paint(head, "bold"))
    for row in rows:
        entry = row.entry
        state, style = short_state(row), state_style(row)
        number = str(entry.number).rjust(width)
        mark = f"{GLUE}{CAUTION}" if entry.item.alerts_partner else ""
        ident = f"({entry.full_id})"
        when = dues[row.due]
        if wide:
            prefix = f"{number}  {state:<12}  {when:<{due_width}}  "
            body = wrap(f"{entry.item.title}{mark}  {ident}", columns, prefix)
            head = paint(number, "dim") + "  " + paint(f"{state:<12}", style) + prefix[width + 14 :]
            lines.append(head + _paint_id(body[0][len(prefix) :], ident, paint))
            lines += [_paint_id(line, ident, paint) for line in body[1:]]
        else:
            lines += wrap(f"{entry.item.title}{mark}", columns, f"{number}  ")
            if when and row.flag == "due_soon" and row.entry.live:  # not "due soon, due 1 Dec"
                details = _("due {date}").format(date=when)
            else:
                details = _("{state}, due {date}").format(state=state, date=when) if when else state
            details += f"  {ident}"
            lines += [paint(line, "dim") for line in wrap(details, columns, " " * (width + 2))]
    return lines


def _plain_list_lines(rows: list[Scheduled], today: date, columns: int) -> list[str]:
    """Steps in whole sentences, one paragraph each, for screen readers."""
    lines = []
    for row in rows:
        entry = row.entry
        facts = [
            _("Step {number}: {title}.").format(number=entry.number, title=entry.item.title),
            _("State: {state}.").format(state=short_state(row)),
        ]
        due = plain_due(row, today)
        if due:
            facts.append(_("Due {due}.").format(due=due))
        if entry.item.alerts_partner:
            facts.append(_(ALERT_SENTENCE))
        facts.append(_("Id {id}.").format(id=entry.full_id))
        lines += wrap(" ".join(facts), columns, indent=2)
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
    """One step in full, what a frightened person needs first: the title, its state and due
    date, why, how and the caution, the note, what its local facts mean where the person
    lives; then when, priority, checklist and id, the history, and the sources last (the local
    ones beside the step's own, with the day they were checked)."""
    paint = paint or Painter(False)
    entry, item = row.entry, row.entry.item
    facts = step_facts(item, region)
    due = (plain_due(row, today) if plain else due_text(row, today)) or _undated(row)
    fields: list[tuple[str, str]] = [
        (_("Step"), item.title + (f"{GLUE}{CAUTION}" if item.alerts_partner and not plain else "")),
        (_("State"), state_words(row)),
        (_("Due"), due),
        (_("Why"), item.why),
    ]
    if item.how:
        fields.append((_("How"), item.how))
    if item.alerts_partner:
        caution = item.caution or _("Doing this could be noticed. Think about when it is safest.")
        label = _(ALERT_LABEL) if plain else f"{CAUTION} {_('Caution')}"
        fields.append((label, caution))
    if entry.state.note:
        fields.append((_("Note"), entry.state.note))
    kept = step_neutral(item, region)
    if (facts or kept) and region is not None:
        words = [region.label, *(fact_words(fact) for fact in facts), *(n.detail for n in kept)]
        fields.append((_("Where you live"), "\n".join(words)))
    fields += [
        (_("When"), _(WHEN_WORDS[item.when])),
        (_("Priority"), _(PRIORITY_WORDS.get(item.priority, item.priority))),
        (_("Checklist"), entry.checklist.title),
        (_("Id"), f"{entry.full_id}  (#{entry.number})"),
    ]
    if events:
        fields.append(
            (
                _("History"),
                "\n".join(
                    f"{history_stamp(e.at)}  {history_word(e.action)}"
                    + (labelled("", history_word(e.detail)) if e.detail else "")
                    for e in events
                ),
            )
        )
    own = place_sources(item.sources, region.code if region else None)
    if own or facts or kept:
        local = [*source_lines(facts), *neutral_sources(kept, facts)]
        fields.append((_("Sources"), "\n".join([*map(source_words, own), *local])))
    if item.checked:
        fields.append((_("Checked"), _checked_day(item.checked)))
    return _field_lines(fields, columns, paint, plain)


def _checked_day(text: str) -> str:
    """The day a step's sources were checked, as the language writes a date (`1 dic 2026`)."""
    try:
        return spoken.day_month_year(date.fromisoformat(text))
    except ValueError:
        return text


def _undated(row: Scheduled) -> str:
    """Why a step shows no due date, in words (never a bare offset such as -35d)."""
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
                first = _("{label}: ").format(label=label) if n == 0 else "  "
                lines += wrap(part, columns, first, indent=2)
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
        return [_("No checklists found.")]
    lines = []
    id_width = max(len(row["id"]) for row in rows)
    for row in rows:
        count = row["items"]
        text = _checklist_text(bool(row["builtin"]), bool(row["in_plan"]), count)
        text = text.format(title=row["title"], count=count)
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


def _checklist_text(builtin: bool, in_plan: bool, count: int) -> str:
    """A checklist in the `checklists` list, as one whole sentence (placeholders: title, count)."""
    if builtin and in_plan:
        return ngettext(
            "{title}: {count} step, built-in, in your plan.",
            "{title}: {count} steps, built-in, in your plan.",
            count,
        )
    if builtin:
        return ngettext(
            "{title}: {count} step, built-in, not in your plan.",
            "{title}: {count} steps, built-in, not in your plan.",
            count,
        )
    if in_plan:
        return ngettext(
            "{title}: {count} step, yours, in your plan.",
            "{title}: {count} steps, yours, in your plan.",
            count,
        )
    return ngettext(
        "{title}: {count} step, yours, not in your plan.",
        "{title}: {count} steps, yours, not in your plan.",
        count,
    )


def history_lines(events: list[Event], columns: int = 80) -> list[str]:
    """The log of changes, one change each, in local time, wrapped to `columns`: the times in
    a column of their own, or above their words when narrow."""
    stamps = [history_stamp(event.at) for event in events]
    room = max((len(stamp) for stamp in stamps), default=0) + 2
    lines = []
    for stamp, event in zip(stamps, events, strict=True):
        what = " ".join(part for part in (history_word(event.action), event.item or "") if part)
        if event.detail:
            what += f"  ({history_word(event.detail)})"
        if columns < NARROW:
            lines += [stamp, *wrap(what, columns, "  ")]
        else:
            lines += wrap(what, columns, stamp.ljust(room))
    return lines


def backup_lines(rows: list[dict[str, Any]]) -> list[str]:
    """Kept backups, one line each: number, time taken (local), exit date and progress."""
    lines = []
    for row in rows:
        taken = datetime.fromisoformat(row["taken"]).astimezone()
        if not row["readable"]:
            detail = _("cannot be read")
        elif row["exit_date"]:
            detail = _("exit {date}, {done}/{total} done").format(
                date=row["exit_date"], done=row["done"], total=row["total"]
            )
        else:
            detail = _("exit not set, {done}/{total} done").format(
                done=row["done"], total=row["total"]
            )
        lines.append(f"{row['number']:>3}  {taken:{BACKUP_TIME}}  {detail}")
    return lines
