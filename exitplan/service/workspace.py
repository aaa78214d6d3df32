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
from typing import TYPE_CHECKING, TypeVar

from exitplan.base import spoken
from exitplan.base.errors import ExitplanError, PassphraseNeeded
from exitplan.base.i18n import _, available, shared_language
from exitplan.base.limits import LOCK_FILE, SEALED_MARK
from exitplan.disk import system
from exitplan.disk.safeio import is_regular, read_capped
from exitplan.domain.place import local_plan
from exitplan.domain.plan import new_state
from exitplan.formats.cache import (
    cache_dir,
    load_cached_plan,
    load_catalog_cached,
    read_cached,
    save_cache,
)
from exitplan.formats.catalog import checklist_language, country_languages
from exitplan.formats.checklistfile import MAX_FILE_BYTES, load_catalog, load_checklist
from exitplan.formats.regions import local_for
from exitplan.formats.translation import translated
from exitplan.home.files import (
    WipeReport,
    contents,
    erase,
    erase_lock_file,
    find_erasure,
    leftovers,
)
from exitplan.home.keys import adopt_key, plain_files
from exitplan.home.outside import Kind, Written, is_sealed_list, read_list, remember
from exitplan.home.rekey import change_passphrase, decrypt, encrypt
from exitplan.home.store import Store, check_choice, restore_backup

if TYPE_CHECKING:
    from exitplan.domain.model import PlanState
    from exitplan.domain.plan import Plan
    from exitplan.domain.region import Local
    from exitplan.formats.cache import CachedPlan
    from exitplan.formats.catalog import Catalog
    from exitplan.home.files import WipeContents, WipeReport
    from exitplan.home.rekey import Rekeyed
    from exitplan.views.shapes import BackupRow

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
        retry: Callable[[], bool] | None = None,
    ) -> None:
        self.home = home
        self.today = today
        self.store = Store(home, ask_passphrase, retry)
        self._clock = clock
        self._catalog: Catalog | None = None
        # The catalog as read from the files, in English, when it was read (not from the cache).
        self._read: Catalog | None = None
        self._regions: dict[str, Local | None] = {}
        # Told once per run about personal checklist files that are left out.
        self._on_warning = on_warning
        self._plain_told = False

    def now(self) -> datetime:
        """The time to stamp a change with."""
        return self._clock()

    # -- reading (never writes) ------------------------------------------------------------

    @property
    def catalog(self) -> Catalog:
        """Built-in checklists and the person's own (from the cache when nothing changed)."""
        if self._catalog is None and self.store.exists():
            self._catalog = load_catalog_cached(self.store)
        if self._catalog is None:
            self.store.check_links()  # own checklists are never read through a link
            self._read = load_catalog(self.store.checklist_dir, self.store.read_private)
            # The built-in checklists in the language being spoken (same ids: progress is kept).
            self._catalog = translated(self._read, checklist_language())
            if self._on_warning is not None:
                for problem in self._catalog.problems:
                    self._on_warning(problem)
        return self._catalog

    def state(self) -> PlanState:
        """The plan state: from the cache when plan.toml is unchanged, else read and validated."""
        cached = self._cached()
        state = cached.state if cached else self.store.load()
        self._tell_if_plain_in_sealed_home()
        spoken.set_place(state.region)  # English reads a typed 10/02/2027 in this place's order
        return state

    def _cached(self) -> CachedPlan | None:
        """The plan as the cache holds it, after the same privacy checks as a read of the file."""

        self.store.check_private()
        return load_cached_plan(self.store)

    def _tell_if_plain_in_sealed_home(self) -> None:
        """Say once, on every read, when plan.toml is plain in a home that was encrypted: it was
        put there, or an encrypt or decrypt was stopped. What is shown may not be the plan."""
        if self._plain_told or self._on_warning is None:
            return
        if not self.store.plain_in_sealed_home():
            return
        self._plain_told = True
        self._on_warning(
            _(
                "Note: plan.toml is in plain text, but this plan was encrypted: an encrypt or "
                "decrypt was stopped, or someone put this file here, so what you see may not be "
                "your plan. Finish with 'exitplan encrypt' or 'exitplan decrypt'; 'exitplan "
                "restore' brings back the latest encrypted backup."
            )
        )

    def region(self, state: PlanState | None, cached: CachedPlan | None = None) -> Local | None:
        """The place a plan names, with its facts: from the cache when its file is unchanged."""
        code = state.region if state is not None else None
        spoken.set_place(code)
        if code is None:
            return None
        if cached is not None and cached.region is not None and cached.region.code == code:
            return cached.region
        if code not in self._regions:
            self._regions[code] = local_for(code)
        return self._regions[code]

    def plan(self, state: PlanState | None, cached: CachedPlan | None = None) -> Plan:
        """The plan joined from the catalog and a state, in the words of the person's place."""

        return local_plan(self.catalog, state, region=self.region(state, cached))

    def read(self) -> Plan:
        """The plan as it is on disk, or the built-in checklists when there is none. From the
        cache when nothing changed (one read: catalog, state, place and pacing), else built
        from the files (and paced when first asked for)."""
        if not self.store.exists():
            if self.store.keys.keyed():
                # An encrypted home without its plan: the key is checked against what is sealed
                # here (a plan.key put back is refused), never taken for an empty plan.
                self.store.keys.unlock_key_file()
            return self.plan(None)
        self.store.check_private()
        found = read_cached(self.store, texts=True)
        if found is None:
            plan = self.plan(self.store.load())
        else:
            self._catalog = self._catalog or found.catalog
            plan = found.plan
            spoken.set_place(plan.state.region if plan.state else None)
        self._tell_if_plain_in_sealed_home()
        return plan

    def require_plan(self) -> None:
        """Refuse to go on when no plan has been created here."""
        if not self.store.exists():
            raise self.store.no_plan()

    def backup_rows(self) -> list[BackupRow]:
        """Every kept backup as data: its number in the list, time, exit date and progress.

        A backup that cannot be read is listed as such; when none can be read, the first error
        is raised instead (more likely a wrong passphrase than every backup damaged).
        """
        rows: list[BackupRow] = []
        failure: ExitplanError | None = None
        for number, backup in enumerate(self.store.backups(), 1):
            taken = backup.taken.isoformat()
            row: BackupRow
            try:
                state = self.store.load(backup.path)
                counts = [s.status for s in state.items.values()]
                row = {
                    "number": number,
                    "taken": taken,
                    "exit_date": state.exit_date.isoformat() if state.exit_date else None,
                    "done": counts.count("done"),
                    "total": len(self.plan(state).entries),
                    "readable": True,
                }
            except PassphraseNeeded:
                raise
            except ExitplanError as exc:
                failure = failure or exc
                row = {
                    "number": number,
                    "taken": taken,
                    "exit_date": None,
                    "done": None,
                    "total": None,
                    "readable": False,
                }
            rows.append(row)
        if rows and failure is not None and not any(row["readable"] for row in rows):
            raise failure
        return rows

    def rollback_note(self, state: PlanState | None) -> str | None:
        """One calm line when the plan is older than its newest backup (an older copy put back).

        A save keeps the plan it replaces as the newest backup, so the plan's change log always
        extends the newest backup's. When the newest backup holds the plan's last change AND
        changes after it, an older copy was put back. The order of the log decides, never the
        clock: a clock set back a day writes an earlier time, but still a change the backup does
        not hold. Only that can be seen; see THREATMODEL.md. Only an encrypted plan is checked:
        there a copied backup opens with the same passphrase and looks genuine, while a plain
        plan can be edited at will anyway (and `status` on a plain plan stays a glance that
        never reads a backup).
        """
        if state is None or not state.history or not self.store.is_encrypted():
            return None
        backups = self.store.backups()
        if not backups:
            return None
        try:
            newest = self.store.load(backups[0].path)
        except ExitplanError:
            return None
        last = state.history[-1]
        later = newest.history[::-1]
        if last not in later or later.index(last) == 0:
            return None
        return _(
            "Note: the plan is older than its newest backup, so an older copy may have been put "
            "back. If you did not put it back yourself, 'exitplan backups' lists the copies and "
            "'exitplan restore 1' brings back the newest."
        )

    # -- changing (under the lock) ---------------------------------------------------------

    def _save_cache(self, state: PlanState) -> None:
        """Refresh the cache after a save. When the checklists were read from their files, the
        catalog is cached in every language exitplan speaks, and in every country's own words
        (es_ES), not only the one spoken now: a status in another language is then served at
        once, never from words of the last one."""
        others: tuple[Catalog, ...] = ()
        if self._read is not None:
            spoken = checklist_language()
            spoken_anywhere = set(available())
            languages = [
                *available(),
                *(c for c in country_languages() if shared_language(c) in spoken_anywhere),
            ]
            others = tuple(
                translated(self._read, language) for language in languages if language != spoken
            )
        save_cache(self.store, self.catalog, state, others=others)

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

        with self.store.locked():
            self.store.refuse_plain_write(plain_plan=True)
            state = self.state()
            result = fn(state, self.plan(state))
            self.store.save(state)
            self._save_cache(state)
        return result

    def init(
        self, exit_date: date | None, checklists: list[str] | None, *, force: bool = False
    ) -> Plan:
        """Create the plan (replace one with `force`; the old one is kept as a backup)."""

        state = self.check_init(checklists, force=force, exit_date=exit_date)
        with self.store.locked():
            if self.store.exists() and not force:  # pragma: no cover - a race with another init
                raise ExitplanError(_("a plan already exists in {home}").format(home=self.home))
            cached = sorted(cache_dir(self.store).glob("*.json"))
            adopt_key(self.store, [path for path in cached if is_regular(path)])  # no FIFO
            self.store.save(state)
            self._save_cache(state)
        return self.plan(state)

    def check_init(
        self, checklists: list[str] | None, *, force: bool, exit_date: date | None = None
    ) -> PlanState:
        """What `init` would make, refused (unknown checklists, a plan or backups already there)
        before anything is written, or asked."""

        state = new_state(self.now(), self.catalog, checklists, exit_date, self.today)
        if self.store.exists() and not force:
            raise ExitplanError(
                _(
                    "a plan already exists in {home}; use --force to start again (the old plan is "
                    "kept as a backup)"
                ).format(home=self.home)
            )
        if self.store.backups() and not force:
            raise ExitplanError(
                _(
                    "there are backups of an earlier plan in {home}: 'exitplan restore' brings it "
                    "back; use --force to start a new plan instead"
                ).format(home=self.home)
            )
        return state

    def restore(self, number: int | None) -> datetime:
        """Make a backup the current plan (by its number in the list; default the latest good).

        Returns when the restored backup was taken.
        """

        check_choice(self.store, number)
        with self.store.locked():
            backup, state = restore_backup(self.store, number, self.now())
            self._save_cache(state)
        return backup.taken

    # -- how the plan is sealed (see exitplan.home.rekey: safe at every instant) ----------------

    def _refuse_stopped(self) -> None:
        if self.store.keys.change_in_progress():
            return
        if not self.store.is_encrypted() and self.store.keys.keyed():
            raise ExitplanError(
                _(
                    "an encrypt or decrypt was stopped before it finished; run 'exitplan encrypt' "
                    "or 'exitplan decrypt' again to finish it first"
                )
            )

    def _refuse_passphrase_change(self) -> None:
        if self.store.keys.change_in_progress():
            raise ExitplanError(
                _(
                    "a passphrase change was stopped before it finished; run 'exitplan passphrase' "
                    "again to finish it first (either passphrase opens the plan until then)"
                )
            )

    def encrypt(self, new_passphrase: Callable[[], str]) -> Rekeyed:
        """Seal every plain file with the data key, plan last.

        A home that already has a key file (a stopped encrypt, or one to finish) is opened with
        its passphrase; otherwise `new_passphrase()` gives the passphrase to set.
        """

        self.require_plan()
        self._refuse_passphrase_change()
        store = self.store
        with store.locked():
            has_key = store.keys.keyed()
            sealed = store.is_encrypted() and has_key
            if sealed and not plain_files(store):  # no key needed
                raise ExitplanError(
                    _("the plan is already encrypted; 'exitplan passphrase' changes it")
                )
            if has_key or store.is_encrypted():
                passphrase = store.keys.passphrase()
                if store.is_encrypted():
                    store.load()  # the passphrase is checked before anything is sealed
                else:
                    store.keys.unlock_key_file()
            else:
                store.load()  # a plan that does not read is never sealed over
                passphrase = new_passphrase()
            return encrypt(store, passphrase)

    def change_passphrase(self, new_passphrase: Callable[[], str]) -> Rekeyed:
        """Check the current passphrase (by unlocking), then re-seal everything with a new key
        wrapped by the new passphrase; finishes a change that was stopped."""

        self.require_plan()
        self._refuse_stopped()
        if not self.store.is_encrypted():
            raise ExitplanError(
                _("the plan is not encrypted; 'exitplan encrypt' sets a passphrase")
            )
        store = self.store
        with store.locked():
            store.load()  # the current passphrase is checked before a new one is asked for
            return change_passphrase(store, new_passphrase)

    def decrypt(self) -> Rekeyed:
        """Write every file plain again, plan first and the key file deleted last."""

        self.require_plan()
        self._refuse_passphrase_change()
        store = self.store
        if not store.is_encrypted() and not store.keys.keyed():
            raise ExitplanError(_("the plan is not encrypted"))
        with store.locked():
            store.load()  # a plan that does not read (damaged, or wrong passphrase) stops here
            return decrypt(store)

    def adopt_checklist(self, name: str) -> Path:
        """Seal a plain checklist the person put in an encrypted home's `checklists/`, so it is
        used from now on (the passphrase is asked first; the file must be a valid checklist).

        In an encrypted home a plain file is never read on its own (exitplan.home.vouch): the
        person's word, with the passphrase, is what makes it theirs."""

        self.require_plan()
        self._refuse_passphrase_change()
        store = self.store
        path = store.checklist_dir / f"{name.removesuffix('.toml')}.toml"
        if "/" in name or name.startswith(".") or not is_regular(path):
            raise ExitplanError(
                _("there is no checklist file {path}; 'exitplan where' lists the files").format(
                    path=path
                )
            )
        if not store.home_is_encrypted():
            raise ExitplanError(
                _(
                    "the plan is not encrypted, so every checklist in {folder} is already used"
                ).format(folder=store.checklist_dir)
            )
        with store.locked():
            store.load()  # the passphrase first: only the person adopts a file
            data = read_capped(path, MAX_FILE_BYTES + 1)
            if data.startswith(SEALED_MARK):
                raise ExitplanError(
                    _("{path} is already encrypted; nothing to adopt").format(path=path)
                )
            load_checklist(path, reader=lambda _path: data)  # a broken file is refused, named
            store.write_file(path, data)
        self._catalog = None
        return path

    def remember_outside(self, written: list[tuple[Path, Kind]]) -> None:
        """Keep on the list (sealed when the plan is) files just written outside the folder."""
        with self.store.locked():
            remember(self.store, written, self.now())

    def outside_files(self) -> list[Written]:
        """The files exitplan wrote outside its folder (a sealed list asks the passphrase)."""
        return read_list(self.store)

    def outside_is_sealed(self) -> bool:
        """Whether naming the files written outside the folder needs the passphrase."""
        return is_sealed_list(self.store)

    def wipe_preview(self) -> WipeContents:
        """What `wipe` would erase, counted (refused here already when it could not all go)."""

        return contents(self.home, find_erasure(self.home))

    def wipe(self) -> WipeReport:
        """Erase every file exitplan keeps, or nothing at all when any of them cannot be erased.

        Everything is checked first (no links, every folder writable), before the lock and
        again under it; each file is overwritten with zeros, synced and deleted.
        """
        import contextlib

        find_erasure(self.home)  # refuse before the lock file is even created
        with self.store.locked():
            erasure = find_erasure(self.home)
            erase(self.home, erasure)
        if system.on_windows():  # the lock file could not go while it was held
            erase_lock_file(self.home)
        left = leftovers(self.home)
        if not left:
            with contextlib.suppress(OSError):
                self.home.rmdir()
        erased = [p for p in erasure.files if p.name != LOCK_FILE or p.parent != self.home]
        return WipeReport(len(erased), left, erasure.sealed)
