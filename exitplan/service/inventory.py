"""The inventories of a data home, changed through the workspace: locked, saved, sealed, backed up.

Every change goes through `Workspace.change`, so the inventories live in the plan file itself:
saving, the lock, backups, `restore`, encryption, `where` and `wipe` cover them, and no file of
their own exists. The change log names only the inventory and the row's number, never what a
row holds. Nothing here prints.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from exitplan.domain import inventory as inv
from exitplan.domain.plan import record

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from datetime import date

    from exitplan.domain.checks import Section
    from exitplan.domain.model import PlanState
    from exitplan.domain.plan import Plan
    from exitplan.service.workspace import Workspace


def current(ws: Workspace) -> tuple[inv.Inventory, date | None]:
    """The inventories and the exit date as they are on disk (never writes).

    Refuses a home without a plan. On an encrypted plan this asks for the passphrase, so it is
    the first thing a command does, before anything is typed.
    """
    ws.require_plan()
    state = ws.state()
    return state.inventory, state.exit_date


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
