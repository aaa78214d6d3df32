"""The workspace: one plan's data directory for one run, and the only room that locks and saves.

The command line (or any other face) builds a `Workspace` from the home folder, today's date
and a way to ask for the passphrase, then calls `read()` to look and `change(fn)` to change.
The workspace owns the use of the cache: reads come from it when nothing changed on disk,
and every change refreshes it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from exitplan.errors import ExitplanError, PassphraseNeeded
from exitplan.store import Store

if TYPE_CHECKING:
    from exitplan.catalog import Catalog
    from exitplan.homefiles import WipeReport
    from exitplan.model import PlanState
    from exitplan.plan import Plan
    from exitplan.vault import Key

T = TypeVar("T")
Change = Callable[["PlanState", "Plan"], T]


def utc_now() -> datetime:
    """The time to stamp changes with (whole seconds, UTC)."""
    return datetime.now(UTC).replace(microsecond=0)


class Workspace:
    """The plan in `home` as seen on `today`; `ask_passphrase` is called at most once per key."""

    def __init__(
        self,
        home: Path,
        today: date,
        ask_passphrase: Callable[[], str] | None = None,
        *,
        clock: Callable[[], datetime] = utc_now,
        on_warning: Callable[[str], None] | None = None,
    ) -> None:
        self.home = home
        self.today = today
        self.store = Store(home, ask_passphrase)
        self._clock = clock
        self._catalog: Catalog | None = None
        # Told once per run about personal checklist files that are left out.
        self._on_warning = on_warning

    def now(self) -> datetime:
        """The time to stamp a change with."""
        return self._clock()

    # -- reading (never writes) ------------------------------------------------------------

    @property
    def catalog(self) -> Catalog:
        """Built-in checklists and the person's own (from the cache when nothing changed)."""
        if self._catalog is None and self.store.exists():
            from exitplan.cache import load_catalog_cached

            self._catalog = load_catalog_cached(self.store)
        if self._catalog is None:
            from exitplan.catalog import load_catalog

            self.store.check_links()  # own checklists are never read through a link
            self._catalog = load_catalog(self.store.checklist_dir, self.store.read_private)
            if self._on_warning is not None:
                for problem in self._catalog.problems:
                    self._on_warning(problem)
        return self._catalog

    def state(self) -> PlanState:
        """The plan state: from the cache when plan.toml is unchanged, else read and validated."""
        from exitplan.cache import load_plan_cached

        self.store.check_private()
        return load_plan_cached(self.store) or self.store.load()

    def plan(self, state: PlanState | None) -> Plan:
        """The plan joined from the catalog and a state."""
        from exitplan.plan import build_plan

        return build_plan(self.catalog, state)

    def read(self) -> Plan:
        """The plan as it is on disk, or the built-in checklists when there is none."""
        return self.plan(self.state() if self.store.exists() else None)

    def require_plan(self) -> None:
        """Refuse to go on when no plan has been created here."""
        if not self.store.exists():
            raise self.store.no_plan()

    def backup_rows(self) -> list[dict[str, Any]]:
        """Every kept backup as data: its number in the list, time, exit date and progress.

        A backup that cannot be read is listed as such; when none can be read, the first error
        is raised instead (more likely a wrong passphrase than every backup damaged).
        """
        rows = []
        failure: ExitplanError | None = None
        for number, backup in enumerate(self.store.backups(), 1):
            row: dict[str, Any] = {"number": number, "taken": backup.taken.isoformat()}
            try:
                state = self.store.load(backup.path)
                counts = [s.status for s in state.items.values()]
                row |= {
                    "exit_date": state.exit_date.isoformat() if state.exit_date else None,
                    "done": counts.count("done"),
                    "total": len(self.plan(state).entries),
                    "readable": True,
                }
            except PassphraseNeeded:
                raise
            except ExitplanError as exc:
                failure = failure or exc
                row |= {"exit_date": None, "done": None, "total": None, "readable": False}
            rows.append(row)
        if rows and failure is not None and not any(row["readable"] for row in rows):
            raise failure
        return rows

    # -- changing (under the lock) ---------------------------------------------------------

    def change(self, fn: Change[T]) -> T:
        """Lock, load, let `fn` change the plan, save, refresh the cache; return what `fn` returns.

        `fn(state, plan)` changes `state` in place (`plan` is the same state joined with the
        catalog, for resolving item references) and may return anything the caller needs.
        Everything happens under the exclusive lock, on the plan as it is on disk now, so two
        runs never lose each other's changes.

        Nothing is written if anything fails: raise an `ExitplanError` from `fn` to refuse the
        change, and the plan, its backups and the cache stay as they were. The save keeps the
        previous plan as a backup and seals every file when the plan is encrypted.

        For new features: keep what belongs to the plan (answers to situation questions, for
        instance) in `PlanState` and change it here, so it is saved, backed up and sealed like
        the rest. Record what happened with `plan.record(state, self.now(), action, ...)`. A
        feature with a file of its own (a journal) writes it from `fn` with
        `self.store.write_file(path, plain)`, which is atomic and sealed with the plan's key;
        write it last in `fn`, after every check that could refuse the change.
        """
        self.require_plan()
        from exitplan.cache import save_cache

        with self.store.locked():
            state = self.state()
            result = fn(state, self.plan(state))
            self.store.save(state)
            save_cache(self.store, self.catalog, state)
        return result

    def init(
        self, exit_date: date | None, checklists: list[str] | None, *, force: bool = False
    ) -> Plan:
        """Create the plan (replace one with `force`; the old one is kept as a backup)."""
        from exitplan.cache import cache_dir, save_cache
        from exitplan.keys import adopt_key
        from exitplan.plan import new_state
        from exitplan.safeio import is_regular

        state = new_state(self.now(), self.catalog, checklists, exit_date, self.today)
        if self.store.exists() and not force:
            raise ExitplanError(
                f"a plan already exists in {self.home}; use --force to start again "
                "(the old plan is kept as a backup)"
            )
        if self.store.backups() and not force:
            raise ExitplanError(
                f"there are backups of an earlier plan in {self.home}: 'exitplan restore' "
                "brings it back; use --force to start a new plan instead"
            )
        with self.store.locked():
            if self.store.exists() and not force:  # pragma: no cover - a race with another init
                raise ExitplanError(f"a plan already exists in {self.home}")
            cached = sorted(cache_dir(self.store).glob("*.json"))
            adopt_key(self.store, [path for path in cached if is_regular(path)])  # no FIFO
            self.store.save(state)
            save_cache(self.store, self.catalog, state)
        return self.plan(state)

    def restore(self, number: int | None) -> datetime:
        """Make a backup the current plan (by its number in the list; default the latest good).

        Returns when the restored backup was taken.
        """
        from exitplan.backups import check_choice, restore_backup
        from exitplan.cache import save_cache

        check_choice(self.store, number)
        with self.store.locked():
            backup, state = restore_backup(self.store, number, self.now())
            save_cache(self.store, self.catalog, state)
        return backup.taken

    def finish_sealing(self) -> int:
        """Seal the files an interrupted `encrypt` left plain; how many were sealed."""
        from exitplan.keys import seal_leftovers

        with self.store.locked():
            self.store.load()  # unlocks with the passphrase, which is checked first
            return seal_leftovers(self.store)

    def rekey(self, new_key: Callable[[], Key | None]) -> None:
        """Unlock the plan, then re-seal every file with `new_key()` (None: plain files)."""
        from exitplan.cache import drop_cache
        from exitplan.keys import open_all, reseal

        self.require_plan()
        with self.store.locked():
            self.store.load()  # the current passphrase is checked before a new one is asked for
            key = new_key()
            plain = open_all(self.store)
            drop_cache(self.store)
            reseal(self.store, plain, key)

    def wipe(self) -> WipeReport:
        """Erase every file exitplan keeps, or nothing at all when any of them cannot be erased.

        Everything is checked first (no links, every folder writable), before the lock and
        again under it; each file is overwritten with zeros, synced and deleted.
        """
        import contextlib

        from exitplan.homefiles import WipeReport, erase, find_erasure, leftovers
        from exitplan.limits import LOCK_FILE

        find_erasure(self.home)  # refuse before the lock file is even created
        with self.store.locked():
            erasure = find_erasure(self.home)
            erase(self.home, erasure)
        left = leftovers(self.home)
        if not left:
            with contextlib.suppress(OSError):
                self.home.rmdir()
        erased = [p for p in erasure.files if p.name != LOCK_FILE or p.parent != self.home]
        return WipeReport(len(erased), left, erasure.sealed)
