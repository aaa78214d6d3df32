"""The Typer app, the shared context of every command, and the entry point."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from typer.core import TyperGroup

from exitplan.errors import ExitplanError, PassphraseNeeded

if TYPE_CHECKING:
    from collections.abc import Callable

    from exitplan.catalog import Catalog
    from exitplan.model import PlanState
    from exitplan.plan import Plan
    from exitplan.store import Store


class ExitplanGroup(TyperGroup):
    """Turns every ExitplanError into one plain line on stderr and exit code 1."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except ExitplanError as exc:
            fail(str(exc), exc.exit_code)


app = typer.Typer(
    cls=ExitplanGroup,
    name="exitplan",
    help="A private, offline plan for leaving safely. Run 'exitplan status' to see where you are.",
    add_completion=False,  # installing completion would edit shell files behind the person's back
    pretty_exceptions_enable=False,
    pretty_exceptions_show_locals=False,  # locals may hold notes or a passphrase
    invoke_without_command=True,
    # Plain help and usage errors: they match our own "Error: ..." lines and skip rich start-up.
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def fail(message: str, code: int = 1) -> NoReturn:
    """Print one plain error line on stderr and exit."""
    typer.echo(f"Error: {message}", err=True)
    raise typer.Exit(code)


def say(message: str) -> None:
    """A short confirmation on stderr, so stdout stays clean for data."""
    typer.echo(message, err=True)


@dataclass
class Env:
    """What every command needs: where the data lives and what day it is."""

    home: Path
    today: date
    passphrase_file: Path | None = None
    _store: Store | None = field(default=None, repr=False)
    _catalog: Catalog | None = field(default=None, repr=False)
    _passphrase: str | None = field(default=None, repr=False)

    @property
    def store(self) -> Store:
        """The data directory."""
        if self._store is None:
            from exitplan.store import Store

            self._store = Store(self.home, self.ask_passphrase)
        return self._store

    def ask_passphrase(self) -> str:
        """The plan's passphrase: from --passphrase-file, or typed once with hidden input."""
        if self._passphrase is None:
            self._passphrase = self._read_passphrase()
        return self._passphrase

    def _read_passphrase(self) -> str:
        if self.passphrase_file is not None:
            return read_passphrase_file(self.passphrase_file)
        if not sys.stdin.isatty():
            raise PassphraseNeeded(
                "this plan is encrypted: run exitplan in a terminal to type the passphrase "
                "(or give --passphrase-file FILE)"
            )
        return str(typer.prompt("Passphrase", hide_input=True))

    @property
    def catalog(self) -> Catalog:
        """Built-in checklists and the person's own (from the cache when nothing changed)."""
        if self._catalog is None:
            from exitplan.cache import load_catalog_cached

            if self.store.exists():
                self._catalog = load_catalog_cached(self.store)
        if self._catalog is None:
            from exitplan.catalog import load_catalog

            self._catalog = load_catalog(self.store.checklist_dir, self.store.read_private)
        return self._catalog

    def load_state(self) -> PlanState:
        """The plan state: from the cache when plan.toml is unchanged, else read and validated."""
        from exitplan.cache import load_plan_cached

        self.store.check_private()
        return load_plan_cached(self.store) or self.store.load()

    @staticmethod
    def now() -> datetime:
        """The time to stamp changes with."""
        return datetime.now(UTC).replace(microsecond=0)

    def plan(self, state: PlanState | None) -> Plan:
        """The plan joined from the catalog and a state."""
        from exitplan.plan import build_plan

        return build_plan(self.catalog, state)

    def read_plan(self) -> Plan:
        """The plan as it is on disk, or the built-in checklists when there is none (no writes)."""
        return self.plan(self.load_state() if self.store.exists() else None)

    def change(self, action: Callable[[PlanState, Plan], Any]) -> Any:
        """Load, change and save the plan under the lock; nothing is written if anything fails."""
        if not self.store.exists():
            raise self.store.no_plan()
        from exitplan.cache import save_cache

        with self.store.locked():
            state = self.load_state()
            result = action(state, self.plan(state))
            self.store.save(state)
            save_cache(self.store, self.catalog, state)
        return result


def env_of(ctx: typer.Context) -> Env:
    """The Env the main callback stored."""
    root = ctx.find_root()
    if not isinstance(root.obj, Env):  # pragma: no cover - the callback always runs first
        raise RuntimeError("exitplan callback did not run")
    return root.obj


def _version(value: bool) -> None:
    if value:
        from exitplan import __version__

        typer.echo(f"exitplan {__version__}")
        raise typer.Exit


def read_passphrase_file(path: Path) -> str:
    """The first line of a passphrase file."""
    try:
        text = path.expanduser().read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or "not readable UTF-8 text"
        raise ExitplanError(f"cannot read the passphrase file {path} ({reason})") from None
    lines = text.splitlines()
    passphrase = lines[0] if lines else ""
    if not passphrase:
        raise ExitplanError(f"the passphrase file {path} is empty")
    return passphrase


def _parse_today(value: str | None) -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        raise typer.BadParameter(f"'{value}' is not a date: use the form 2027-01-31") from None


@app.callback()
def main_callback(
    ctx: typer.Context,
    home: Annotated[
        Path | None,
        typer.Option(
            "--home",
            help="Keep the plan in this folder (e.g. on a USB stick). Env: EXITPLAN_HOME.",
            show_default=False,
        ),
    ] = None,
    today: Annotated[
        str | None,
        typer.Option(
            "--today",
            envvar="EXITPLAN_TODAY",
            metavar="DATE",
            help="Pretend today is DATE, to rehearse what the plan will say.",
            show_default=False,
        ),
    ] = None,
    passphrase_file: Annotated[
        Path | None,
        typer.Option(
            "--passphrase-file",
            envvar="EXITPLAN_PASSPHRASE_FILE",
            metavar="FILE",
            help="For scripts: read the passphrase from FILE instead of asking.",
            show_default=False,
        ),
    ] = None,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """A private, offline plan for leaving safely. Run 'exitplan status' to see where you are."""
    from exitplan.paths import resolve_home

    os.umask(0o077)
    ctx.obj = Env(
        home=resolve_home(home),
        today=_parse_today(today) or date.today(),
        passphrase_file=passphrase_file,
    )
    if ctx.invoked_subcommand is None:
        from exitplan.cli.reading import status

        ctx.invoke(status, ctx=ctx, as_json=False)


# -- reading commands ------------------------------------------------------------------------

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]


def emit_json(data: Any) -> None:
    """One JSON document on stdout."""
    import json

    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


def json_ready(data: dict[str, Any]) -> dict[str, Any]:
    """Dates and times as ISO strings."""
    return {k: v.isoformat() if isinstance(v, (date, datetime)) else v for k, v in data.items()}


def check_checklist(plan: Plan, checklist: str | None) -> None:
    """Refuse a checklist name that is not in the plan."""
    if checklist is not None and checklist not in {c.id for c in plan.checklists}:
        raise ExitplanError(
            f"no checklist called '{checklist}' in your plan; "
            f"choose one of: {', '.join(c.id for c in plan.checklists)}"
        )


def _require_plan(env: Env) -> None:
    if not env.store.exists():
        raise env.store.no_plan()


GLOBAL_VALUE_OPTIONS = frozenset({"--home", "--today", "--passphrase-file"})


def invoked_command(args: list[str]) -> str | None:
    """The command named on the command line, or None for help, version or no command."""
    rest = iter(args)
    for arg in rest:
        if arg in GLOBAL_VALUE_OPTIONS:
            next(rest, None)
        elif arg in {"-h", "--help", "--version"}:
            return None
        elif not arg.startswith("-"):
            return arg
    return None


def main() -> None:
    """Console-script entry point."""
    # Typer builds every registered command on each run (about 20 ms for all of them);
    # a run that names a known command only needs that one. Help and typos keep them all.
    args = sys.argv[1:]
    wanted = invoked_command(args)
    if wanted is None and not {"-h", "--help", "--version"} & set(args):
        wanted = "status"
    names = {command_name(info): info for info in app.registered_commands}
    if wanted in names:
        app.registered_commands = [names[wanted]]
    app(prog_name="exitplan")


def command_name(info: Any) -> str:
    """The name Typer gives a registered command."""
    return str(info.name or info.callback.__name__.lower().replace("_", "-"))
