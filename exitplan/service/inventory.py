"""The inventories of a data home, changed through the workspace: locked, saved, sealed, backed up.

Every change goes through `Workspace.change`, so the inventories live in the plan file itself:
saving, the lock, backups, `restore`, encryption, `where` and `wipe` cover them, and no file of
their own exists. The change log names only the inventory and the row's number, never what a
row holds. Nothing here prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from exitplan.domain import checks
from exitplan.domain import inventory as inv
from exitplan.domain.plan import record
from exitplan.service.results import Look, MoneySettings, RowRemoved
from exitplan.views.inventory import list_lines, row_json, section_json
from exitplan.views.rowpage import show_lines

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from datetime import date

    from exitplan.domain.model import PlanState
    from exitplan.domain.plan import Plan
    from exitplan.service.results import Document
    from exitplan.service.workspace import Workspace


# The inventories' names, as the face names them.
Section = checks.Section


def current(ws: Workspace) -> tuple[inv.Inventory, date | None]:
    """The inventories and the exit date as they are on disk (never writes).

    Refuses a home without a plan. On an encrypted plan this asks for the passphrase, so it is
    the first thing a command does, before anything is typed.
    """
    ws.require_plan()
    state = ws.state()
    return state.inventory, state.exit_date


def existing_row(ws: Workspace, section: Section, number: int) -> tuple[inv.Row, inv.Inventory]:
    """One row as it is on disk, with its inventory: a wrong number is refused before anything
    is asked."""
    inventory, _exit = current(ws)
    return inv.find_row(inventory, section, number), inventory


def _change(
    ws: Workspace,
    section: Section,
    make: Callable[[inv.Inventory], tuple[inv.Inventory, str]],
) -> inv.Inventory:
    """Change the inventories under the lock; `make` gives the new ones and the log's words."""

    def apply(state: PlanState, _plan: Plan) -> inv.Inventory:
        state.inventory, detail = make(state.inventory)
        record(state, ws.now(), section, detail=detail)
        return state.inventory

    return ws.change(apply)


def add(ws: Workspace, section: Section, raw: Mapping[str, Any]) -> int:
    """Add a row; its number (known only under the lock, from the plan as it is then)."""

    def make(inventory: inv.Inventory) -> tuple[inv.Inventory, str]:
        changed = inv.add_row(inventory, section, raw, ws.today)
        return changed, f"added {changed.rows(section)[-1].number}"

    return _change(ws, section, make).rows(section)[-1].number


def change(ws: Workspace, section: Section, number: int, raw: Mapping[str, Any]) -> None:
    """Change the fields given of one row."""
    _change(
        ws,
        section,
        lambda i: (inv.change_row(i, section, number, raw, ws.today), f"changed {number}"),
    )


def remove(ws: Workspace, section: Section, number: int) -> None:
    """Remove one row (the others keep their numbers)."""
    _change(ws, section, lambda i: (inv.remove_row(i, section, number), f"removed {number}"))


def settings(ws: Workspace, raw: Mapping[str, Any]) -> inv.Inventory:
    """Change the money settings (currency, threshold_weeks)."""
    return _change(ws, "money", lambda i: (inv.change_settings(i, raw), "settings"))


# -- what the commands show, typed ----------------------------------------------------------------


@dataclass(frozen=True)
class InventoryList:
    """`documents`, `accounts`, `money` (and their `list`): one inventory with what needs a look."""

    section: Section
    inventory: inv.Inventory
    exit_date: date | None
    today: date
    # The plan, for the steps an inventory completes (None: read without one).
    plan: Any = None
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        return section_json(self.section, self.inventory, self.exit_date, self.today, self.plan)

    def screen(self, look: Look) -> str:
        lines = list_lines(
            self.section,
            self.inventory,
            self.exit_date,
            self.today,
            plan=self.plan,
            **look.options(),
        )
        return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class InventoryRow:
    """One inventory row: `show` draws it in full; `add` and `change` print less (`shown`)."""

    row: inv.Row
    inventory: inv.Inventory
    exit_date: date | None
    today: date
    # What a person sees: "page" (the row in full), "number" (only its number) or "" (nothing).
    shown: str = "page"
    number: int = 0
    notes: tuple[str, ...] = ()

    def document(self) -> Document:
        return row_json(self.row, self.inventory, self.exit_date, self.today)

    def screen(self, look: Look) -> str:
        if self.shown == "number":
            return f"{self.number}\n"
        if self.shown != "page":
            return ""
        lines = show_lines(self.row, self.inventory, self.exit_date, self.today, **look.options())
        return "\n".join(lines) + "\n"


def listed(ws: Workspace, section: Section, today: date) -> InventoryList:
    """`documents`, `accounts`, `money` (and `list`): one inventory with what needs a look."""

    inventory, exit_date = current(ws)
    return InventoryList(section, inventory, exit_date, today, ws.read())


def row(
    ws: Workspace,
    section: Section,
    number: int,
    today: date,
    *,
    shown: str = "page",
    notes: tuple[str, ...] = (),
) -> InventoryRow:
    """One row as it is on disk now (`show`; after `add` and `change`, with their notes)."""

    inventory, exit_date = current(ws)
    found = inv.find_row(inventory, section, number)
    return InventoryRow(found, inventory, exit_date, today, shown, number, notes)


def removed(section: Section, number: int, note: str) -> RowRemoved:
    """What `remove` prints: the row's number and inventory."""

    return RowRemoved(section, number, (note,))


def money_settings(inventory: inv.Inventory, note: str) -> MoneySettings:
    """What `money settings` prints: the currency and the weeks wished for."""

    return MoneySettings(inventory.currency, inventory.threshold_weeks, (note,))
