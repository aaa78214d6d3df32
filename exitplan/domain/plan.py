"""The plan: checklists joined with the person's progress, and the changes they make."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Literal, NamedTuple

from exitplan.base.errors import ExitplanError, ItemError
from exitplan.base.i18n import N_, _, ngettext
from exitplan.base.limits import (
    DEFAULT_WARN_DAYS,
    MAX_NOTE_CHARS,
    MAX_TEXT_CHARS,
    MAX_TITLE_CHARS,
    Priority,
    Status,
)
from exitplan.base.safetext import without_refused
from exitplan.base.spoken import number_text
from exitplan.domain.model import (
    MAX_HISTORY,
    Checklist,
    CustomItem,
    DeviceAnswer,
    Due,
    Entry,
    Event,
    ItemState,
    PhoneCheck,
    PlanState,
    Shelf,
    keep_history,
)
from exitplan.domain.pacing import DEFAULT_PER_DAY, MAX_PER_DAY, Pace, pace
from exitplan.domain.phonecheck import MONITORED_PHONE_STEPS, check_iphone_answers, flagged
from exitplan.domain.schedule import Scheduled, schedule
from exitplan.domain.situation import DANGER_KEYS, KEYS, UNSURE, Answer, applies

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Mapping, Sequence

    from exitplan.domain.region import Local


class Plan(NamedTuple):
    """The checklists in the plan, each item joined with its state."""

    checklists: tuple[Checklist, ...]
    entries: tuple[Entry, ...]
    state: PlanState | None
    paced: Pace | None = None  # the pacing when already known (cached); None: worked out later
    region: Local | None = None  # where the person lives, with its facts (see domain/place)

    @property
    def exit_date(self) -> date | None:
        """The day the person plans to leave, if set."""
        return self.state.exit_date if self.state else None

    @property
    def start(self) -> date | None:
        """The day the exit date was chosen (the schedule never falls before it)."""
        return self.state.planned_on if self.state else None

    @property
    def per_day(self) -> int:
        """The most steps the schedule asks for on one day before the exit."""
        chosen = self.state.per_day if self.state else None
        return chosen or DEFAULT_PER_DAY

    @property
    def phone_flagged(self) -> bool:
        """Whether the last check of a phone found a sign (its steps then come first)."""
        return self.state is not None and flagged(self.state.phone)

    @property
    def situation(self) -> dict[str, bool]:
        """The situation answers (a question not answered is absent)."""
        return dict(self.state.situation) if self.state else {}

    def pace(self) -> Pace | None:
        """Where the paced steps fall (None without an exit date). It depends on the plan
        only, never on today, so it can be worked out once when the plan changes."""
        if self.exit_date is None:
            return None
        if self.paced is not None:
            return self.paced
        return pace(self.entries, self.exit_date, self.start, self.per_day)

    def rows(self, today: date) -> list[Scheduled]:
        """Every entry with its paced due date and its flag for today, in plan order."""
        return schedule(
            self.entries,
            self.exit_date,
            today,
            self.warn_days,
            start=self.start,
            per_day=self.per_day,
            paced=self.pace(),
        )

    @property
    def warn_days(self) -> int:
        """How many days ahead an item counts as due soon."""
        return self.state.warn_days if self.state else DEFAULT_WARN_DAYS

    def resolve(self, ref: str) -> Entry:
        """Find one entry by number, full id, or any unambiguous part of its id."""
        return resolve(self.entries, ref)

    def checklist(self, name: str) -> Checklist:
        """The checklist of the plan with this id or title, in any case (see `find_checklist`)."""
        return find_checklist(self.checklists, name, in_plan=True)


def find_checklist(
    checklists: Sequence[Checklist], name: str, *, in_plan: bool = False
) -> Checklist:
    """The one way to find a checklist by name: its id or its title, in any case, or the start
    of one when only one checklist starts so.

    Raises ExitplanError naming the checklists there are when none matches.
    """
    wanted = " ".join(name.split()).casefold()
    for checklist in checklists:
        if wanted in {checklist.id.casefold(), checklist.title.casefold()}:
            return checklist
    starting = [
        c
        for c in checklists
        if c.id.casefold().startswith(wanted) or c.title.casefold().startswith(wanted)
    ]
    if wanted and len(starting) == 1:  # the start of one name only
        return starting[0]
    if in_plan:
        message = _("no checklist called '{name}' in your plan; choose one of: {choices}")
    else:
        message = _("no checklist called '{name}'; choose one of: {choices}")
    raise ExitplanError(message.format(name=name, choices=", ".join(c.id for c in checklists)))


def new_state(
    now: datetime,
    catalog: Shelf,
    checklists: list[str] | None,
    exit_date: date | None,
    today: date | None = None,
) -> PlanState:
    """A fresh plan with the chosen checklists (all built-in ones by default)."""
    chosen = checklists or [c.id for c in catalog.checklists if c.builtin]
    known = {c.id for c in catalog.checklists}
    unknown = [cid for cid in chosen if cid not in known]
    if unknown:
        raise ExitplanError(
            _("no checklist called '{name}'; available: {choices}").format(
                name=unknown[0], choices=", ".join(c.id for c in catalog.checklists)
            )
        )
    state = PlanState(
        created=now,
        exit_date=exit_date,
        planned_on=(today or now.date()) if exit_date else None,
        checklists=list(dict.fromkeys(chosen)),
    )
    record(state, now, "init", detail=f"exit date {exit_date}" if exit_date else None)
    return state


def build_plan(catalog: Shelf, state: PlanState | None, paced: Pace | None = None) -> Plan:
    """Join the catalog with the state; without a state, show every built-in checklist.

    `paced`: the pacing of exactly this catalog and state, when it is already known."""
    if state is None:
        chosen = [c for c in catalog.checklists if c.builtin]
    else:
        wanted = set(state.checklists)
        # The person's own checklist files are part of the plan, like the built-in ones.
        chosen = [c for c in catalog.checklists if c.id in wanted or not c.builtin]
        custom_lists = {ci.checklist for ci in state.custom}
        missing = custom_lists - {c.id for c in chosen}
        chosen += [c for c in catalog.checklists if c.id in missing]
    custom_by_list: dict[str, list[CustomItem]] = {}
    if state is not None:
        for custom in state.custom:
            custom_by_list.setdefault(custom.checklist, []).append(custom)
    chosen.sort(key=lambda c: (c.order, c.id))
    entries: list[Entry] = []
    states = state.items if state else {}
    answers = state.situation if state else {}
    yes = {key for key in DANGER_KEYS if answers.get(key) is True}
    # Answers given after the exit date was chosen: a step they bring in is due from that day.
    planned = state.planned_on if state else None
    late = (
        {key: day for key, day in state.answered.items() if planned is None or day > planned}
        if state is not None and state.answered
        else {}
    )
    # A phone check that found a sign brings the steps about a watched phone first, from the
    # day of that check.
    watched = MONITORED_PHONE_STEPS if state is not None and flagged(state.phone) else frozenset()
    found_on = (
        max(c.checked.date() for c in state.phone.values() if c.signs)
        if watched and state is not None
        else None
    )
    if found_on is not None and planned is not None and found_on <= planned:
        found_on = None
    # A danger sign answered yes brings the steps that must not wait (the bag, the stash, the
    # order) within a week of the first such answer, and never before the plan was made.
    signs = yes.union(state.unsure) if state is not None and state.unsure else yes
    hastened = _hastened_by(signs, state) if signs and state is not None else None
    # Checklist items are numbered first and the person's own steps after them, in the order
    # they were added, so adding a step never changes a number someone has already seen.
    numbers = _step_numbers(chosen)
    later = iter(range(sum(len(c.items) for c in chosen) + 1, 1 << 62))
    custom_numbers = {id(ci): next(later) for ci in (state.custom if state else [])}
    untouched = ItemState()  # frozen: one for every step nobody has marked yet
    states_get = states.get
    for checklist in chosen:
        rows = [(next(numbers), item, False) for item in checklist.items]
        rows += [
            (custom_numbers[id(ci)], ci.as_item(), True)
            for ci in custom_by_list.get(checklist.id, [])
        ]
        prefix = f"{checklist.id}."
        for number, item, is_custom in rows:
            conditional = item.applies_if or item.unless or item.only_if
            fits = not conditional or applies(item.applies_if, item.unless, answers, item.only_if)
            danger = bool(yes and item.applies_if and not yes.isdisjoint(item.applies_if))
            on_watch = bool(watched and prefix + item.id in watched)
            entries.append(
                Entry(
                    number,
                    checklist,
                    item,
                    states_get(prefix + item.id, untouched),
                    is_custom,
                    # applies, then danger: the conditions of most steps are empty
                    fits,
                    danger or on_watch,
                    max(
                        (
                            day
                            for day in (
                                _since(item.applies_if, item.only_if, item.unless, late)
                                if late and fits and conditional
                                else None,
                                found_on if on_watch else None,
                            )
                            if day is not None
                        ),
                        default=None,
                    ),
                    hastened if hastened is not None and item.soon_if_danger else None,
                )
            )
    return Plan(tuple(chosen), tuple(entries), state, paced)


HASTEN_DAYS = 7  # a step a danger sign hastens is due at most this many days after the answer


def _hastened_by(signs: set[str], state: PlanState) -> date | None:
    """The latest day for the steps a danger sign hastens: a week after the first danger sign
    answered yes or "not sure", or after the day the exit date was chosen when that is later
    (None without either day)."""
    days = [state.answered[key] for key in signs if key in state.answered]
    first = min(days, default=None)
    planned = state.planned_on
    base = max(first, planned) if first and planned else first or planned
    return base + timedelta(days=HASTEN_DAYS) if base is not None else None


def _step_numbers(chosen: Sequence[Checklist]) -> Iterator[int]:
    """The numbers of the checklists' items, in checklist and file order.

    Items of the first round (`batch` 0) are numbered in order, as they always were; each later
    round is numbered after every item of the rounds before it, so a step added to a checklist
    never moves the number of a step after it.
    """
    total = sum(len(c.items) for c in chosen)
    if all(item.batch == 0 for c in chosen for item in c.items):
        return iter(range(1, total + 1))
    places = sorted(
        (item.batch, n, k) for n, c in enumerate(chosen) for k, item in enumerate(c.items)
    )
    number = {(n, k): i for i, (_, n, k) in enumerate(places, start=1)}
    return iter(number[n, k] for n, c in enumerate(chosen) for k in range(len(c.items)))


def _since(
    applies_if: Iterable[str],
    only_if: Iterable[str],
    unless: Iterable[str],
    late: Mapping[str, date],
) -> date | None:
    """The latest day one of a step's questions was answered after the plan was made."""
    days = [late[key] for keys in (applies_if, only_if, unless) for key in keys if key in late]
    return max(days, default=None)


def near_checklists(checklists: Sequence[Checklist], name: str) -> list[str]:
    """The ids of the checklists whose id or title is close to `name` (for a suggestion)."""
    from difflib import get_close_matches

    wanted = " ".join(name.split()).casefold()
    names = {c.id.casefold(): c.id for c in checklists}
    names |= {c.title.casefold(): c.id for c in checklists}
    near = list(dict.fromkeys(names[n] for n in get_close_matches(wanted, list(names), n=3)))
    starting = [
        c.id
        for c in checklists
        if wanted and (c.id.casefold().startswith(wanted) or c.title.casefold().startswith(wanted))
    ]
    return near or starting


def resolve(entries: tuple[Entry, ...], ref: str) -> Entry:
    """Find one entry by list number, full id, or an unambiguous part of an id."""
    text = ref.strip().lower()
    if not text:
        raise ItemError(_("a step is needed: give its number from 'exitplan list' or its id"))
    if text.isascii() and text.isdigit():
        number = int(text)
        for entry in entries:
            if entry.number == number:
                return entry
        raise ItemError(
            _("there is no step number {number}; 'exitplan list' shows the numbers").format(
                number=number
            )
        )
    exact = [e for e in entries if e.full_id == text]
    if exact:
        return exact[0]
    for test in (
        lambda e: e.item.id == text,
        lambda e: e.full_id.startswith(text) or e.item.id.startswith(text),
        lambda e: text in e.full_id,
    ):
        found = [e for e in entries if test(e)]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            names = ", ".join(e.full_id for e in found[:8])
            if len(found) > 8:
                message = ngettext(
                    "'{ref}' matches more than one step: {names} and {more} more. "
                    "Type more of the id.",
                    "'{ref}' matches more than one step: {names} and {more} more. "
                    "Type more of the id.",
                    len(found) - 8,
                )
            else:
                message = _("'{ref}' matches more than one step: {names}. Type more of the id.")
            raise ItemError(message.format(ref=ref, names=names, more=len(found) - 8))
    raise ItemError(
        _("no step matches '{ref}'; 'exitplan list --all' shows every step").format(ref=ref)
    )


def record(
    state: PlanState, now: datetime, action: str, item: str | None = None, detail: str | None = None
) -> None:
    """Append a line to the plan's change log (keeping at most MAX_HISTORY + 1 lines)."""
    state.history.append(Event(at=now, action=action, item=item, detail=detail))
    if len(state.history) > MAX_HISTORY + 1:
        state.history[:] = keep_history(state.history, lambda event: event.action)


def set_status(
    state: PlanState, entry: Entry, status: Status, now: datetime, reason: str | None = None
) -> bool:
    """Mark an item done, open or skipped; returns False when nothing changed.

    Skipping a skipped step again with no reason keeps the earlier reason; a new reason
    replaces it.
    """
    current = state.items.get(entry.full_id) or ItemState()
    if status == "skipped" and current.status == "skipped" and reason is None:
        reason = current.reason
    if current.status == status and (status != "skipped" or current.reason == reason):
        return False
    updated = current._replace(
        status=status, changed=now, reason=reason if status == "skipped" else None
    )
    state.items[entry.full_id] = updated
    action = {"done": "done", "open": "reopen", "skipped": "skip"}[status]
    record(state, now, action, entry.full_id, reason if status == "skipped" else None)
    return True


def set_note(state: PlanState, entry: Entry, text: str, now: datetime) -> None:
    """Replace an item's note (an empty text removes it)."""
    cleaned = clean_text(text, "note", MAX_NOTE_CHARS)
    current = state.items.get(entry.full_id) or ItemState()
    state.items[entry.full_id] = current._replace(note=cleaned or None, changed=now)
    record(state, now, "note" if cleaned else "note-removed", entry.full_id)


def set_exit_date(
    state: PlanState, exit_date: date | None, now: datetime, today: date | None = None
) -> None:
    """Set or clear the exit date, remembering the day it was chosen."""
    state.exit_date = exit_date
    state.planned_on = (today or now.date()) if exit_date else None
    record(state, now, "date", detail=exit_date.isoformat() if exit_date else "cleared")


def set_situation(
    state: PlanState,
    answers: Mapping[str, Answer],
    now: datetime,
    today: date | None = None,
) -> bool:
    """Change situation answers (None clears one: not answered; UNSURE, for a danger sign only,
    is "not sure"); returns False if none changed.

    Each answer that changes remembers the day (`today`, else the day of `now`): a step it
    brings in is due from that day. The history says only that the answers changed, never what
    they are.
    """
    unknown = sorted(key for key in answers if key not in KEYS)
    if unknown:
        known = ", ".join(sorted(KEYS))
        raise ExitplanError(
            _("'{key}' is not a situation question; use one of: {known}").format(
                key=unknown[0], known=known
            )
        )
    updated: dict[str, bool] = dict(state.situation)
    unsure = set(state.unsure)
    for key, value in answers.items():
        if value is None:
            updated.pop(key, None)
            unsure.discard(key)
        elif isinstance(value, bool):
            updated[key] = value
            unsure.discard(key)
        elif value == UNSURE and key in DANGER_KEYS:
            updated.pop(key, None)
            unsure.add(key)
        else:
            raise ExitplanError(
                _("the answer for '{key}' must be yes (true) or no (false)").format(key=key)
            )
    if updated == state.situation and unsure == set(state.unsure):
        return False
    day = today or now.date()
    for key in set(updated) | set(state.situation) | unsure | set(state.unsure):
        before = UNSURE if key in state.unsure else state.situation.get(key)
        if (UNSURE if key in unsure else updated.get(key)) != before:
            state.answered[key] = day
    state.situation = updated
    state.unsure = sorted(unsure)
    record(state, now, "situation", detail="situation answers changed")
    return True


def set_phone_check(state: PlanState, kind: str, check: PhoneCheck, now: datetime) -> None:
    """Keep the outcome of the last check of a phone (the history says only that one was made)."""
    state.phone = {**state.phone, kind: check}
    record(state, now, "phone-check", detail=f"{kind} check")


def set_iphone_answers(state: PlanState, answers: Mapping[str, str], now: datetime) -> bool:
    """Keep the iPhone guide's answers, each with when it was given; False if none changed."""
    check_iphone_answers(answers)
    updated = dict(state.iphone)
    for key, answer in answers.items():
        if key not in updated or updated[key].answer != answer:
            updated[key] = DeviceAnswer(answer=answer, checked=now)
    if updated == state.iphone:
        return False
    state.iphone = updated
    record(state, now, "iphone-check", detail="iPhone check answers changed")
    return True


class PaceError(ExitplanError):
    """A pace out of its bounds (the face says it as a bad `--per-day`)."""


def check_per_day(per_day: int) -> None:
    """Refuse a pace out of its bounds: a whole number of steps a day, 1 to MAX_PER_DAY."""
    if isinstance(per_day, bool) or not 1 <= per_day <= MAX_PER_DAY:
        raise PaceError(_("give a number of steps from 1 to {most}").format(most=MAX_PER_DAY))


def set_per_day(state: PlanState, per_day: int | None, now: datetime) -> bool:
    """Set how many steps a day the schedule asks for (None: the default); False if unchanged."""
    if per_day is not None:
        check_per_day(per_day)
    if per_day == state.per_day:
        return False
    state.per_day = per_day
    record(state, now, "per-day", detail=str(per_day) if per_day else "default")
    return True


def add_custom(
    state: PlanState,
    plan: Plan,
    checklist_id: str,
    title: str,
    now: datetime,
    *,
    due: Due | None = None,
    priority: Priority = "normal",
    why: str | None = None,
) -> str:
    """Add the person's own item to a checklist (its id or title); returns its full id."""
    checklist_id = plan.checklist(checklist_id).id
    title = " ".join(clean_text(title, "title", MAX_TITLE_CHARS).split())  # one line, for lists
    if not title:
        raise ExitplanError(_("the title is empty: say in a few words what the step is"))
    in_list = [e for e in plan.entries if e.checklist.id == checklist_id]
    for entry in in_list:
        if entry.item.title.casefold() == title.casefold():
            raise ExitplanError(
                _(
                    "{checklist} already has a step with that title (#{number}); nothing was added"
                ).format(checklist=checklist_id, number=entry.number)
            )
    slug = neutral_id({e.item.id for e in in_list})
    custom = CustomItem(
        checklist=checklist_id,
        id=slug,
        title=title,
        why=clean_text(why, "why", MAX_TEXT_CHARS) if why else None,
        due=due,
        priority=priority,
        added=now,
    )
    custom.as_item()  # validates due against when before anything is stored
    state.custom.append(custom)
    full_id = f"{checklist_id}.{slug}"
    record(state, now, "add", full_id, title)
    return full_id


OWN_ID_PREFIX = "mine-"


def neutral_id(taken: set[str]) -> str:
    """The next id for a person's own step: `mine-1`, `mine-2`, ...

    Never made from the title, so typing the id (into shell history) reveals nothing.
    """
    used = [
        int(tail)
        for name in taken
        if name.startswith(OWN_ID_PREFIX) and (tail := name[len(OWN_ID_PREFIX) :]).isdigit()
    ]
    return f"{OWN_ID_PREFIX}{max(used, default=0) + 1}"


# What a typed text is refused for, whole sentences per field (`clean_text`'s `what`).
_NOT_TEXT = {
    "title": N_("the title has characters that are not valid text"),
    "why": N_("the why has characters that are not valid text"),
    "note": N_("the note has characters that are not valid text"),
    "reason": N_("the reason has characters that are not valid text"),
    "text": N_("the text has characters that are not valid text"),
}
_TOO_LONG = {
    "title": N_("the title is longer than {limit} characters"),
    "why": N_("the why is longer than {limit} characters"),
    "note": N_("the note is longer than {limit} characters"),
    "reason": N_("the reason is longer than {limit} characters"),
    "text": N_("the text is longer than {limit} characters"),
}


def clean_text(
    text: str, what: Literal["title", "why", "note", "reason", "text"], limit: int
) -> str:
    """Strip a typed text, refusing what cannot be stored safely."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ExitplanError(_(_NOT_TEXT[what])) from None
    cleaned = without_refused(text.replace("\r\n", "\n")).strip()
    if len(cleaned) > limit:
        raise ExitplanError(_(_TOO_LONG[what]).format(limit=number_text(limit)))
    return cleaned
