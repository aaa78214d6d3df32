"""The workspace: reading never writes, a change is locked and all-or-nothing, init and cache."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import EXIT, MONEY, PLANNED, TODAY, make_home, snapshot

from exitplan.base.errors import ExitplanError, NoPlanError
from exitplan.domain.plan import set_status
from exitplan.service.workspace import Workspace
from exitplan.views.shapes import BackupRow


@pytest.fixture
def ws(home: Path, no_builtins: Path) -> Workspace:
    """A workspace on a data directory holding the money checklist and a plan of it."""
    make_home(home, MONEY)
    Workspace(home, PLANNED).init(EXIT, [MONEY])
    return Workspace(home, TODAY)


def test_read_without_a_plan_writes_nothing(home: Path, no_builtins: Path) -> None:
    """With no plan, read() gives the built-in checklists and creates nothing."""
    plan = Workspace(home, TODAY).read()
    assert plan.state is None
    assert not home.exists()


def test_read_never_writes(ws: Workspace, home: Path) -> None:
    """Reading the plan, its catalog and its backups leaves every byte as it was."""
    before = snapshot(home)
    assert ws.read().exit_date == EXIT
    assert ws.catalog.checklists
    ws.backup_rows()
    assert snapshot(home) == before


def test_change_saves_keeps_a_backup_and_refreshes_the_cache(ws: Workspace, home: Path) -> None:
    """A change is saved, the previous plan is kept as a backup, and the cache follows."""
    from exitplan.formats import cache

    backups = len(ws.store.backups())
    ws.change(lambda state, plan: set_status(state, plan.resolve("1"), "done", ws.now()))
    fresh = Workspace(home, TODAY)
    assert fresh.read().resolve("1").state.status == "done"
    assert len(fresh.store.backups()) == backups + 1
    cached = cache.load_cached_plan(fresh.store)
    assert cached is not None
    assert cached.state.items[fresh.read().resolve("1").full_id].status == "done"


def test_a_read_from_the_cache_is_the_plan_the_files_give_with_its_pace(
    ws: Workspace, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read served by the cache gives the same plan the files give, paced as the last change
    paced it, with the steps' texts, and keeps the catalog it read for the rest of the run."""
    from exitplan.formats import cache
    from exitplan.service import workspace

    ws.change(lambda state, plan: set_status(state, plan.resolve("1"), "done", ws.now()))
    served = Workspace(home, TODAY)
    plan = served.read()
    assert plan.paced is not None  # the cache's pacing: nothing worked out again
    assert all(entry.item.why for entry in plan.entries)  # the texts, unlike the glance's
    for module in (cache, workspace):
        monkeypatch.setattr(module, "load_catalog_cached", lambda *a, **k: pytest.fail("again"))
    assert served.catalog.checklists  # the catalog the read found, not read a second time
    monkeypatch.undo()
    monkeypatch.setattr(workspace, "read_cached", lambda *a, **k: None)
    built = Workspace(home, TODAY).read()
    assert built.paced is None  # from the files: paced when first asked for
    assert built.rows(TODAY) == plan.rows(TODAY)  # the same plan, the same dates


def test_change_returns_what_the_function_returns(ws: Workspace) -> None:
    """The caller gets back whatever its change function returned."""
    assert ws.change(lambda state, plan: plan.resolve("1").full_id).startswith(MONEY)


def test_a_refused_change_writes_nothing(ws: Workspace, home: Path) -> None:
    """When the change function raises, the plan, backups and cache are left as they were."""
    before = snapshot(home)

    def refuse(state: object, plan: object) -> None:
        set_status(state, plan.resolve("1"), "done", ws.now())  # type: ignore[arg-type, attr-defined]
        raise ExitplanError("not now")

    with pytest.raises(ExitplanError, match="not now"):
        ws.change(refuse)
    assert snapshot(home) == before


def test_change_without_a_plan_says_how_to_start(home: Path, no_builtins: Path) -> None:
    """A change where no plan exists is refused with the way to start one, and writes nothing."""
    with pytest.raises(NoPlanError, match="exitplan init"):
        Workspace(home, TODAY).change(lambda state, plan: None)
    assert not home.exists()


def test_init_refuses_to_replace_a_plan_without_force(ws: Workspace) -> None:
    """init does not replace an existing plan unless asked to; with force it does."""
    with pytest.raises(ExitplanError, match="already exists"):
        ws.init(None, [MONEY])
    assert ws.init(None, [MONEY], force=True).exit_date is None


def test_restore_brings_back_the_plan_before_the_last_change(ws: Workspace) -> None:
    """restore() with no number brings back the latest backup, from before the last change."""
    ws.change(lambda state, plan: set_status(state, plan.resolve("1"), "done", ws.now()))
    ws.restore(None)
    assert ws.read().resolve("1").state.status == "open"


def test_backup_rows_name_each_backup_and_one_that_cannot_be_read(
    ws: Workspace, home: Path
) -> None:
    """Each backup row holds its number, time, exit date and counts; a damaged one holds nulls."""
    ws.change(lambda state, plan: set_status(state, plan.resolve("1"), "done", ws.now()))
    ws.change(lambda state, plan: set_status(state, plan.resolve("2"), "done", ws.now()))
    newest = Workspace(home, TODAY).store.backups()[0]
    newest.path.write_bytes(b"not a plan [")  # stays the newest
    rows = Workspace(home, TODAY).backup_rows()
    assert [list(row) for row in rows] == [list(BackupRow.__annotations__)] * len(rows)
    assert rows[0] | {"taken": ""} == {
        "number": 1,
        "taken": "",
        "exit_date": None,
        "done": None,
        "total": None,
        "readable": False,
    }
    assert rows[1] | {"taken": ""} == {
        "number": 2,
        "taken": "",
        "exit_date": EXIT.isoformat(),
        "done": 0,  # the plan before the first change
        "total": len(ws.read().entries),
        "readable": True,
    }
    assert rows[0]["taken"] == newest.taken.isoformat()
