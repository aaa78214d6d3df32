"""The commands that read the plan and never write it, as typed results: list, show, checklists,
history, backups and the situation's answers. The CLI parses, calls one of these and renders."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import _, ngettext
from exitplan.base.safetext import one_line
from exitplan.domain.coverage import coverage
from exitplan.domain.day import day_view
from exitplan.domain.plan import near_checklists
from exitplan.domain.situation import QUESTIONS
from exitplan.formats.checklistfile import checklist_problems, load_catalog
from exitplan.formats.region_schema import region_file_report
from exitplan.formats.regions import load_places
from exitplan.service.results import Answers, Coverage, Look, PlaceFacts, screen_of
from exitplan.views.coverage import coverage_data, coverage_lines
from exitplan.views.data import checklist_rows, event_data, item_data, item_detail, item_events
from exitplan.views.inventory import step_note
from exitplan.views.render import (
    _field_lines,
    backup_lines,
    checklists_lines,
    history_lines,
    item_lines,
    list_lines,
)

if TYPE_CHECKING:
    from collections.abc import Iterator
    from datetime import date
    from pathlib import Path

    from exitplan.domain.model import Event
    from exitplan.domain.plan import Plan
    from exitplan.domain.region import Local
    from exitplan.domain.schedule import Scheduled
    from exitplan.service.results import Document
    from exitplan.service.workspace import Workspace
    from exitplan.views.shapes import BackupRow, ChecklistRow, ItemShown


# -- the results ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class StepList:
    """`list`: the steps chosen, as the day view has them."""

    rows: tuple[Scheduled, ...]
    today: date
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        return [item_data(row) for row in self.rows]

    def screen(self, look: Look) -> str:
        return "\n".join(list_lines(list(self.rows), self.today, **look.options())) + "\n"


@dataclass(frozen=True)
class StepDetail:
    """`show`: one step in full, its history, and what an inventory says of it."""

    row: Scheduled
    today: date
    events: tuple[Event, ...]
    region: Local | None
    # What the inventory says about this step: (label, text, shows done), or None.
    linked: tuple[str, str, bool] | None = None
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        data = item_detail(self.row, list(self.events), self.region)
        if self.linked is None:
            return data
        shown: ItemShown = {
            **data,
            "inventory": {"says": self.linked[1], "shows_done": self.linked[2]},
        }
        return shown

    def screen(self, look: Look) -> str:
        options = look.options()
        lines = item_lines(self.row, self.today, list(self.events), region=self.region, **options)
        if self.linked is not None:
            title, text, done = self.linked
            if done:
                text += "\n" + _("Your list shows this step is done; tick it when you are ready.")
            lines += _field_lines([(title, text)], look.columns, options["paint"], look.plain)
        return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class ChecklistShelf:
    """`checklists`: every checklist there is, with its step count and whether it is used."""

    rows: tuple[ChecklistRow, ...]
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        return list(self.rows)

    def screen(self, look: Look) -> str:
        # The screen takes plain mappings (views.render): each row as one.
        rows = [dict(row) for row in self.rows]
        return "\n".join(checklists_lines(rows, **look.options())) + "\n"


@dataclass(frozen=True)
class ChangeLog:
    """`history`: the log of changes, of the plan or of one step."""

    events: tuple[Event, ...]
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        return [event_data(event) for event in self.events]

    def screen(self, look: Look) -> str:
        return screen_of(history_lines(list(self.events), look.columns))


@dataclass(frozen=True)
class BackupList:
    """`backups`: the kept earlier versions of the plan, newest first."""

    rows: tuple[BackupRow, ...]
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        return list(self.rows)

    def screen(self, look: Look) -> str:
        return screen_of(backup_lines([dict(row) for row in self.rows]))


@dataclass(frozen=True)
class PlaceList:
    """`region --list`: every place exitplan knows, a country then its parts, each with its
    code (words for a person: the list has no JSON of its own)."""

    places: tuple[tuple[str, str, bool], ...]  # (name, code, is a country)
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        return [{"code": code, "name": name} for name, code, _country in self.places]

    def screen(self, look: Look) -> str:
        return screen_of(
            [f"{'' if country else '  '}{name} ({code})" for name, code, country in self.places]
        )


@dataclass(frozen=True)
class FileChecks:
    """`validate FILES`: a line for each sound file (stdout), and every problem found (the
    command exits 1 with them when there is one)."""

    sound: tuple[str, ...]
    problems: tuple[str, ...]
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        return {"sound": list(self.sound), "problems": list(self.problems)}

    def screen(self, look: Look) -> str:
        return screen_of(list(self.sound))


# -- making them ----------------------------------------------------------------------------------


Which = Literal["open", "done", "all", "attention"]


def checklist_named(plan: Plan, name: str | None) -> str | None:
    """The id of the checklist named (`Plan.checklist`: id or title, any case, or the start of
    one), or None for every checklist; otherwise a message with the nearest names."""
    if name is None:
        return None
    try:
        return str(plan.checklist(name).id)
    except ExitplanError:
        near = near_checklists(plan.checklists, name)
        if not near:
            raise
    raise ExitplanError(
        _(
            "no checklist called '{name}' in your plan; did you mean {near}? For example: "
            "exitplan list {first}"
        ).format(name=name, near=" or ".join(near), first=near[0])
    )


def step_list(ws: Workspace, today: date, which: Which, checklist: str | None) -> StepList:
    """`list`: the steps `which` names, of one checklist or of all."""
    plan = ws.read()
    wanted = checklist_named(plan, checklist)
    return StepList(tuple(day_view(plan, today).listing(which, wanted)), today)


def step_detail(ws: Workspace, today: date, item: str) -> StepDetail:
    """`show`: one step (number, id or part of an id) in full."""
    plan = ws.read()
    entry = plan.resolve(item)
    row = day_view(plan, today).row(entry)
    events = tuple(item_events(plan, entry))
    linked = step_note(plan, entry.full_id, today)
    return StepDetail(row, today, events, plan.region, linked)


def checklist_shelf(ws: Workspace) -> ChecklistShelf:
    """`checklists`: every checklist there is, and whether the plan uses it."""
    return ChecklistShelf(tuple(checklist_rows(ws.catalog, ws.read())))


def change_log(ws: Workspace, item: str | None) -> ChangeLog:
    """`history`: the log of changes of the plan, or of one step."""
    plan = ws.read()
    if item is not None:
        return ChangeLog(tuple(item_events(plan, plan.resolve(item))))
    return ChangeLog(tuple(plan.state.history if plan.state else ()))


def backup_list(ws: Workspace, *, quiet: bool = False) -> BackupList:
    """`backups`: the kept earlier versions, newest first (none: a calm note, unless `quiet`)."""
    rows = tuple(ws.backup_rows())
    none = _("There are no backups yet: one is kept every time the plan changes.")
    return BackupList(rows, () if rows or quiet else (none,))


def situation_answers(ws: Workspace) -> Answers:
    """`situation --json`: every question's answer (or None), "unsure" for a danger sign
    answered not sure, and the place's code."""
    ws.require_plan()
    state = ws.state()
    given: dict[str, bool | str] = {**state.situation, **dict.fromkeys(state.unsure, "unsure")}
    return Answers({q.key: given.get(q.key) for q in QUESTIONS}, state.region)


def place_facts(ws: Workspace) -> PlaceFacts:
    """`region --json`: where the plan says the person lives, with every local fact."""
    ws.require_plan()
    plan = ws.read()
    region = plan.region
    return PlaceFacts(
        {
            "region": plan.state.region if plan.state else None,
            "name": region.label if region else None,
            "facts": [fact.to_data() for fact in region.facts.values()] if region else [],
        }
    )


def coverage_report() -> Coverage:
    """`validate --coverage`: place by place, the local facts the built-in steps use, and
    whether a place kept complete misses one."""
    catalog = load_catalog()
    steps = [(f"{c.id}.{item.id}", item.facts) for c in catalog.checklists for item in c.items]
    places = load_places()
    cells = coverage(steps, places)
    covered = {place.code for place in places if place.covered}
    incomplete = any(found.state == "missing" and found.place in covered for found in cells)
    return Coverage(coverage_data(cells, places), tuple(coverage_lines(cells, places)), incomplete)


def validation(files: list[Path]) -> Iterator[tuple[bool, str]]:
    """`validate FILES`: for each checklist or region file in turn, (True, the line saying it is
    sound) or (False, each problem), an id used twice among the checklists counted too."""
    seen: dict[str, Path] = {}
    for path in files:
        region = region_file_report(path)
        if region is not None:
            yield from ((False, problem) for problem in region[0])
            if not region[0]:
                yield (
                    True,
                    _("{path}: ok (a region file: {holds})").format(path=path, holds=region[1]),
                )
            continue
        checklist, found = checklist_problems(path)
        if checklist is not None and checklist.id in seen:
            found.append(
                _("{path}: id '{id}' is also used by {other}").format(
                    path=path, id=checklist.id, other=seen[checklist.id]
                )
            )
        yield from ((False, problem) for problem in found)
        if checklist is not None:
            seen.setdefault(checklist.id, path)
            if not found:
                count = len(checklist.items)
                line = ngettext("{path}: ok ({count} item)", "{path}: ok ({count} items)", count)
                yield True, line.format(path=one_line(path), count=count)


def file_checks(files: list[Path]) -> FileChecks:
    """`validate FILES`: every file checked (`validation`), its verdicts gathered."""
    verdicts = list(validation(files))
    return FileChecks(
        tuple(line for ok, line in verdicts if ok), tuple(line for ok, line in verdicts if not ok)
    )


def place_list() -> PlaceList:
    """`region --list`: every place, each country followed by its parts."""
    return PlaceList(tuple((p.name, p.code, p.is_country) for p in load_places()))
