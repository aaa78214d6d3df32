"""The command line: parse, call the core, render. The only module that imports typer."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, NoReturn

import typer
from typer.core import TyperGroup

from exitplan.errors import ExitplanError, PassphraseNeeded

if TYPE_CHECKING:
    from collections.abc import Callable

    from exitplan.catalog import Catalog
    from exitplan.model import PlanState, Status
    from exitplan.plan import Plan
    from exitplan.schedule import Entry
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


@app.command()
def status(ctx: typer.Context, as_json: JsonOpt = False) -> None:
    """Show days left, what needs attention, and progress. Example: exitplan status"""
    env = env_of(ctx)
    plan = env.read_plan()
    if plan.state is None and env.store.backups():
        say(f"Note: {env.store.no_plan()}.")
    if as_json:
        from exitplan.export import status_data

        emit_json(status_data(plan, env.today))
        return
    from exitplan.render import console, status_view

    console().print(status_view(plan, env.today))


@app.command("list")
def list_items(
    ctx: typer.Context,
    checklist: Annotated[str | None, typer.Argument(help="Only this checklist.")] = None,
    show: Annotated[Literal["open", "done", "all"], typer.Option("--show", hidden=True)] = "open",
    only_open: Annotated[bool, typer.Option("--open", help="Open items (the default).")] = False,
    only_done: Annotated[bool, typer.Option("--done", help="Done and skipped items.")] = False,
    every: Annotated[bool, typer.Option("--all", help="Every item.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """List items with their number, id, due date and flag. Example: exitplan list finances"""
    from exitplan.export import item_data, rows_for

    if only_open + only_done + every > 1:
        raise typer.BadParameter("choose one of --open, --done or --all")
    which = "done" if only_done else "all" if every else "open" if only_open else show
    env = env_of(ctx)
    plan = env.read_plan()
    check_checklist(plan, checklist)
    rows = [
        row
        for row in rows_for(plan, env.today)
        if (checklist is None or row.entry.checklist.id == checklist)
        and (which == "all" or (row.entry.is_open == (which == "open")))
    ]
    if as_json:
        emit_json([item_data(row) for row in rows])
        return
    from exitplan.render import console, list_lines

    typer.echo("\n".join(list_lines(rows, env.today, console())))


def check_checklist(plan: Plan, checklist: str | None) -> None:
    """Refuse a checklist name that is not in the plan."""
    if checklist is not None and checklist not in {c.id for c in plan.checklists}:
        raise ExitplanError(
            f"no checklist called '{checklist}' in your plan; "
            f"choose one of: {', '.join(c.id for c in plan.checklists)}"
        )


@app.command()
def show(
    ctx: typer.Context,
    item: Annotated[str, typer.Argument(help="Number, id, or part of an id.")],
    as_json: JsonOpt = False,
) -> None:
    """Show one step in full: why, how, when, its note.

    Example: exitplan show 3
    """
    from exitplan.export import item_data, rows_for

    env = env_of(ctx)
    plan = env.read_plan()
    entry = plan.resolve(item)
    row = rows_for(plan, env.today, [entry])[0]
    events = [e for e in (plan.state.history if plan.state else []) if e.item == entry.full_id]
    if as_json:
        data = item_data(row) | {
            "how": entry.item.how,
            "caution": entry.item.caution,
            "note": entry.state.note,
            "reason": entry.state.reason,
            "sources": entry.item.sources,
            "history": [json_ready(e.to_dict()) for e in events],
        }
        emit_json(data)
        return
    from exitplan.render import console, item_view

    console().print(item_view(row, env.today, events))


@app.command()
def checklists(ctx: typer.Context, as_json: JsonOpt = False) -> None:
    """List the checklists you can use, with item counts."""
    env = env_of(ctx)
    in_plan = {c.id for c in env.read_plan().checklists}
    rows = [
        {
            "id": c.id,
            "title": c.title,
            "summary": c.summary,
            "items": len(c.items),
            "builtin": c.builtin,
            "in_plan": c.id in in_plan,
        }
        for c in env.catalog.checklists
    ]
    if as_json:
        emit_json(rows)
        return
    from exitplan.render import checklists_view, console

    console().print(checklists_view(rows))


@app.command()
def summary(
    ctx: typer.Context,
    fmt: Annotated[
        Literal["text", "markdown", "json"],
        typer.Option("--format", "-f", help="text, markdown or json."),
    ] = "text",
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Write to this file (private, mode 0600) instead of the screen.",
            dir_okay=False,
        ),
    ] = None,
) -> None:
    """Print the whole plan, with states and notes.

    Example: exitplan summary --format markdown --output plan.md
    """
    from exitplan import export

    env = env_of(ctx)
    plan = env.read_plan()
    if fmt == "json":
        import json

        text = json.dumps(export.summary_data(plan, env.today), ensure_ascii=False, indent=2) + "\n"
    elif fmt == "markdown":
        text = export.summary_markdown(plan, env.today)
    else:
        text = export.summary_text(plan, env.today)
    if output is None:
        typer.echo(text, nl=False)
        return
    from exitplan.store import write_atomic

    target = output.expanduser()
    if env.store.owns(target):
        raise ExitplanError(f"{target} is one of exitplan's own files; choose another name")
    if not target.parent.is_dir():
        raise ExitplanError(f"cannot write {target}: the folder {target.parent} does not exist")
    write_atomic(target, text.encode("utf-8"))
    say(f"Saved the summary to {target}. It holds your notes: keep it somewhere private.")


# -- changing commands -----------------------------------------------------------------------

ItemsArg = Annotated[
    list[str], typer.Argument(metavar="ITEM", help="Numbers, ids, or parts of ids.")
]


@app.command()
def init(
    ctx: typer.Context,
    exit_date: Annotated[
        str | None,
        typer.Option(
            "--exit-date",
            "-d",
            metavar="DATE",
            help="The day you plan to leave: 2027-01-31 or +6w.",
            show_default=False,
        ),
    ] = None,
    checklist: Annotated[
        list[str] | None,
        typer.Option(
            "--checklist",
            "-c",
            help="Use only this checklist (repeat for more). Default: all.",
            show_default=False,
        ),
    ] = None,
    force: Annotated[
        bool,
        typer.Option("--force", help="Replace an existing plan (the old one is kept as a backup)."),
    ] = False,
) -> None:
    """Create your plan. Example: exitplan init --exit-date +6w"""
    from exitplan.cache import save_cache
    from exitplan.dates import parse_when
    from exitplan.plan import new_state

    env = env_of(ctx)
    when = parse_when(exit_date, env.today) if exit_date else None
    state = new_state(env.now(), env.catalog, checklist, when, env.today)
    if env.store.exists() and not force:
        raise ExitplanError(
            f"a plan already exists in {env.home}; use --force to start again "
            "(the old plan is kept as a backup)"
        )
    if env.store.backups() and not force:
        raise ExitplanError(
            f"there are backups of an earlier plan in {env.home}: 'exitplan restore' brings it "
            "back; use --force to start a new plan instead"
        )
    with env.store.locked():
        if env.store.exists() and not force:  # pragma: no cover - a race with another init
            raise ExitplanError(f"a plan already exists in {env.home}")
        env.store.save(state)
        save_cache(env.store, env.catalog, state)
    plan = env.plan(state)
    say(f"Your plan is ready: {len(plan.entries)} steps in {len(plan.checklists)} checklists.")
    if when is None:
        say("When you know the day you plan to leave: exitplan date 2027-01-31  (or +6w)")
    say("See where you are with: exitplan status")


@app.command("date")
def date_cmd(
    ctx: typer.Context,
    new: Annotated[
        str | None,
        typer.Argument(
            metavar="DATE", help="2027-01-31, or +3w / +10d from today.", show_default=False
        ),
    ] = None,
    clear: Annotated[bool, typer.Option("--clear", help="Remove the exit date.")] = False,
    warn_days: Annotated[
        int | None,
        typer.Option(
            "--warn-days",
            min=0,
            max=365,
            help="Days ahead an item counts as due soon (default 7).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Show, set or clear the day you plan to leave. Example: exitplan date +6w"""
    from exitplan.dates import parse_when
    from exitplan.export import countdown_text
    from exitplan.plan import record, set_exit_date

    env = env_of(ctx)
    if new is not None and clear:
        raise typer.BadParameter("give a date or --clear, not both")
    if new is None and not clear and warn_days is None:
        _require_plan(env)
        state = env.load_state()
        typer.echo(state.exit_date.isoformat() if state.exit_date else "not set")
        say(countdown_text(state.exit_date, env.today))
        return
    when = parse_when(new, env.today) if new is not None else None

    def apply(state: PlanState, _plan: Plan) -> None:
        if new is not None or clear:
            set_exit_date(state, when, env.now(), env.today)
        if warn_days is not None:
            state.warn_days = warn_days
            record(state, env.now(), "warn-days", detail=str(warn_days))

    env.change(apply)
    if new is not None or clear:
        say(countdown_text(when, env.today))


def _set_status(
    ctx: typer.Context, refs: list[str], status: Status, reason: str | None = None
) -> None:
    from exitplan.plan import set_status

    env = env_of(ctx)

    def apply(state: PlanState, plan: Plan) -> list[tuple[Entry, bool]]:
        entries = list({plan.resolve(ref).full_id: plan.resolve(ref) for ref in refs}.values())
        return [(e, set_status(state, e, status, env.now(), reason)) for e in entries]

    verb = {"done": "Done", "open": "Reopened", "skipped": "Skipped"}[status]
    for entry, changed in env.change(apply):
        note = "" if changed else " (it already was)"
        say(f"{verb}: #{entry.number} {entry.item.title}{note}")


@app.command()
def done(ctx: typer.Context, items: ItemsArg) -> None:
    """Tick off one or more steps. Example: exitplan done 3 finances.own-account"""
    _set_status(ctx, items, "done")


@app.command()
def undo(ctx: typer.Context, items: ItemsArg) -> None:
    """Mark steps as open again. Example: exitplan undo 3"""
    _set_status(ctx, items, "open")


@app.command()
def skip(
    ctx: typer.Context,
    items: ItemsArg,
    reason: Annotated[
        str | None,
        typer.Option(
            "--reason",
            "-r",
            help="A few words on why it does not apply (kept with the step).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Set aside steps that do not apply to you. Example: exitplan skip children.school"""
    from exitplan.plan import clean_text

    _set_status(
        ctx, items, "skipped", clean_text(reason, "reason", 500) or None if reason else None
    )


def read_private_text(prompt: str) -> str:
    """Read free text from a prompt, or from stdin when it is not a terminal."""
    if not sys.stdin.isatty():
        return sys.stdin.read()
    return str(typer.prompt(prompt, default="", show_default=False))


@app.command()
def note(
    ctx: typer.Context,
    item: Annotated[str, typer.Argument(help="Number, id, or part of an id.")],
    clear: Annotated[bool, typer.Option("--clear", help="Remove the note.")] = False,
) -> None:
    """Write a note on a step. The text is asked for, never taken from the command line.

    Example: exitplan note 3   (or: pbpaste | exitplan note 3)
    """
    from exitplan.plan import set_note

    env = env_of(ctx)
    entry = env.read_plan().resolve(item)
    text = "" if clear else read_private_text(f"Note for '{entry.item.title}'")
    if not clear and not text.strip():
        say("The note is empty, so nothing was changed. Use --clear to remove a note.")
        return
    env.change(lambda state, plan: set_note(state, plan.resolve(item), text, env.now()))
    say(
        f"{'Removed the note from' if clear else 'Saved the note on'}: #{entry.number} "
        f"{entry.item.title}"
    )


@app.command()
def add(
    ctx: typer.Context,
    checklist: Annotated[str, typer.Argument(help="The checklist to add to, e.g. documents.")],
    title: Annotated[
        str | None,
        typer.Argument(
            help="A short title. Leave it out to be asked instead (kept out of shell history).",
            show_default=False,
        ),
    ] = None,
    due: Annotated[
        str | None,
        typer.Option(
            "--due", help="-3w, +7d, exit, or a date like 2027-01-31.", show_default=False
        ),
    ] = None,
    priority: Annotated[
        Literal["critical", "high", "normal", "low"],
        typer.Option("--priority", "-p", help="critical, high, normal or low."),
    ] = "normal",
    why: Annotated[
        str | None, typer.Option("--why", help="Why it matters to you.", show_default=False)
    ] = None,
) -> None:
    """Add your own step to a checklist. Example: exitplan add documents --due -2w"""
    from exitplan.plan import add_custom
    from exitplan.schema import parse_due

    env = env_of(ctx)
    if due is not None:
        try:
            parsed_due = parse_due(due)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--due") from None
    else:
        parsed_due = None
    if title is None:
        title = read_private_text("Title of the new step").strip()
    full_id = env.change(
        lambda state, plan: add_custom(
            state, plan, checklist, title, env.now(), due=parsed_due, priority=priority, why=why
        )
    )
    say(f"Added {full_id}. See it with: exitplan show {full_id}")


@app.command()
def review(
    ctx: typer.Context,
    checklist: Annotated[str | None, typer.Argument(help="Only this checklist.")] = None,
) -> None:
    """Go through open steps one key at a time.

    Most urgent first: d done, s skip, n note, Enter next, q quit.
    Every answer is saved at once, so stopping half-way loses nothing.
    """
    from exitplan.export import rows_for
    from exitplan.render import console, item_view
    from exitplan.schedule import most_urgent

    env = env_of(ctx)
    plan = env.read_plan()
    if plan.state is None:
        raise env.store.no_plan()
    check_checklist(plan, checklist)
    rows = [
        r
        for r in most_urgent(rows_for(plan, env.today))
        if checklist is None or r.entry.checklist.id == checklist
    ]
    out = console()
    if not rows:
        say("Nothing open to review.")
        return
    for index, row in enumerate(rows, 1):
        out.rule(f"{index} of {len(rows)}")
        out.print(item_view(row, env.today, []))
        key = read_key("[d]one  [s]kip  [n]ote  [Enter] next  [q]uit: ")
        if key == "q":
            break
        answer_review(env, row.entry.full_id, key)
    say("Review finished. Everything you answered is saved.")


def answer_review(env: Env, full_id: str, key: str) -> None:
    """Apply one review answer and save it at once."""
    from exitplan.plan import set_note, set_status

    if key == "d":
        env.change(lambda state, plan: set_status(state, plan.resolve(full_id), "done", env.now()))
        say("Done.")
    elif key == "s":
        from exitplan.plan import clean_text

        reason = clean_text(read_line("Reason (optional): "), "reason", 500) or None
        env.change(
            lambda state, plan: set_status(
                state, plan.resolve(full_id), "skipped", env.now(), reason
            )
        )
        say("Skipped.")
    elif key == "n":
        text = read_line("Note: ")
        if text.strip():
            env.change(lambda state, plan: set_note(state, plan.resolve(full_id), text, env.now()))
            say("Note saved.")


def read_key(prompt: str) -> str:
    """One keypress on a terminal, or the first letter of a line otherwise."""
    typer.echo(prompt, nl=False, err=True)
    if sys.stdin.isatty():
        key = typer.getchar()
        typer.echo(key if key.isprintable() else "", err=True)
    else:
        line = sys.stdin.readline()
        if not line:
            return "q"
        key = line.strip()[:1]
    return key.lower()


def read_line(prompt: str) -> str:
    """One line of text from a prompt or stdin."""
    if sys.stdin.isatty():
        return str(typer.prompt(prompt.rstrip(": "), default="", show_default=False))
    typer.echo(prompt, nl=False, err=True)
    return sys.stdin.readline().rstrip("\n")


# -- checking files and getting help ---------------------------------------------------------


@app.command()
def validate(
    files: Annotated[list[Path], typer.Argument(help="Checklist files to check.")],
) -> None:
    """Check checklist files and report every problem. Example: exitplan validate mine.toml"""
    from exitplan.catalog import checklist_problems

    problems = 0
    seen: dict[str, Path] = {}
    for path in files:
        checklist, found = checklist_problems(path)
        if checklist is not None and checklist.id in seen:
            found.append(f"{path}: id '{checklist.id}' is also used by {seen[checklist.id]}")
        for problem in found:
            typer.echo(f"Error: {problem}", err=True)
        problems += len(found)
        if checklist is not None:
            seen.setdefault(checklist.id, path)
            if not found:
                typer.echo(f"{path}: ok ({len(checklist.items)} items)")
    if problems:
        say(f"{problems} problem{'s' if problems != 1 else ''} found.")
        raise typer.Exit(1)


@app.command("help-now")
def help_now(
    region: Annotated[
        str | None,
        typer.Option(
            "--region", "-r", help="Only this region: US, UK, AU, CA, DE, EU.", show_default=False
        ),
    ] = None,
) -> None:
    """Show crisis numbers now, with nothing asked.

    Works with no plan and never needs the passphrase.
    """
    from exitplan.helplines import format_lines, load_lines

    lines = load_lines()
    if region:
        wanted = region.strip().upper()
        lines = [line for line in lines if line["region"].upper() == wanted]
        if not lines:
            regions = ", ".join(sorted({line["region"] for line in load_lines()}))
            raise ExitplanError(f"no numbers for region '{region}'; known regions: {regions}")
    typer.echo(format_lines(lines))


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


# -- privacy: encryption, where, wipe --------------------------------------------------------

MIN_PASSPHRASE = 8


def new_passphrase(env: Env, source: Path | None) -> str:
    """A new passphrase: from a file, or typed twice with hidden input."""
    if source is not None:
        text = read_passphrase_file(source)
    elif not sys.stdin.isatty():
        raise ExitplanError(
            "run this in a terminal to type the new passphrase (or give --new-passphrase-file FILE)"
        )
    else:
        say(
            "Choose a passphrase you can remember but nobody could guess: a few unrelated words "
            "work well. If it is forgotten, the plan cannot be opened."
        )
        text = str(typer.prompt("New passphrase", hide_input=True, confirmation_prompt=True))
    if len(text) < MIN_PASSPHRASE:
        raise ExitplanError(f"the passphrase is shorter than {MIN_PASSPHRASE} characters")
    return text


NewPassOpt = Annotated[
    Path | None,
    typer.Option(
        "--new-passphrase-file",
        metavar="FILE",
        help="For scripts: read the new passphrase from FILE.",
        show_default=False,
    ),
]


def _require_plan(env: Env) -> None:
    if not env.store.exists():
        raise env.store.no_plan()


@app.command()
def encrypt(
    ctx: typer.Context,
    new_file: Annotated[
        Path | None,
        typer.Option(
            "--passphrase-file",
            "--new-passphrase-file",
            metavar="FILE",
            help="For scripts: read the new passphrase from FILE.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Protect every copy with a passphrase.

    The plan, its backups and your own checklists become unreadable without it.
    """
    from exitplan.vault import Key

    env = env_of(ctx)
    _require_plan(env)
    source = new_file or env.passphrase_file
    # Files sealed by an interrupted earlier run open with the same passphrase.
    env.passphrase_file = env.passphrase_file or new_file
    if env.store.is_encrypted():
        if not env.store.plain_files():
            raise ExitplanError("the plan is already encrypted; 'exitplan passphrase' changes it")
        with env.store.locked():
            env.store.load()
            finished = env.store.seal_leftovers()
        if finished:
            say(f"Finished encrypting: {finished} file(s) that were still plain are now encrypted.")
            return
        raise ExitplanError("the plan is already encrypted; 'exitplan passphrase' changes it")
    key = Key.derive(new_passphrase(env, source))
    with env.store.locked():
        env.store.load()
        env.store.reseal_all(key)
    say("The plan, its backups and your own checklists are now encrypted.")
    say("exitplan will ask for the passphrase each time. 'exitplan help-now' never needs it.")


@app.command()
def passphrase(ctx: typer.Context, new_file: NewPassOpt = None) -> None:
    """Change the passphrase (asks for the current one first)."""
    from exitplan.vault import Key

    env = env_of(ctx)
    _require_plan(env)
    if not env.store.is_encrypted():
        raise ExitplanError("the plan is not encrypted; 'exitplan encrypt' sets a passphrase")
    with env.store.locked():
        env.store.load()
        key = Key.derive(new_passphrase(env, new_file))
        env.store.reseal_all(key)
    say("The passphrase is changed; every copy now opens only with the new one.")


@app.command()
def decrypt(ctx: typer.Context) -> None:
    """Store the plan as plain files again."""
    env = env_of(ctx)
    _require_plan(env)
    if not env.store.is_encrypted():
        raise ExitplanError("the plan is not encrypted")
    with env.store.locked():
        env.store.load()
        env.store.reseal_all(None)
    say("The plan is stored as plain files again: anyone who can open your files can read it.")


@app.command()
def where(ctx: typer.Context) -> None:
    """Show the data folder and every file exitplan keeps there."""
    from exitplan.store import describe_files

    env = env_of(ctx)
    typer.echo(str(env.home))
    rows = describe_files(env.home)
    if not rows:
        say("Nothing is stored there yet." if not env.home.exists() else "The folder is empty.")
    for rel, size, kind in rows:
        typer.echo(f"  {rel}  ({size} bytes, {kind})")


@app.command()
def wipe(
    ctx: typer.Context,
    yes: Annotated[bool, typer.Option("--yes", help="Do not ask for confirmation.")] = False,
) -> None:
    """Erase everything exitplan keeps.

    The plan, backups, your own checklists, the cache, lock and temp files.
    """
    from exitplan.store import wipe_home

    env = env_of(ctx)
    if not env.home.exists():
        say(f"Nothing to erase: {env.home} does not exist.")
        return
    if not yes:
        answer = typer.prompt(
            "This erases your whole plan. Type WIPE to go ahead", default="", show_default=False
        )
        if answer.strip() != "WIPE":
            say("Nothing was erased.")
            raise typer.Exit(1)
    left = wipe_home(env.store)
    say(
        f"Erased exitplan's files in {env.home}."
        + (f" Left alone (not exitplan's): {', '.join(left)}." if left else "")
    )
    say(
        "It cannot erase copies in system backups or cloud sync, shell history, or traces an SSD "
        "keeps.\nAn encrypted plan is the protection against those: such copies stay unreadable."
    )


# -- reliability: backups, restore, history --------------------------------------------------


@app.command()
def backups(ctx: typer.Context, as_json: JsonOpt = False) -> None:
    """List the kept earlier versions of the plan, newest first."""
    env = env_of(ctx)
    rows = []
    failure: ExitplanError | None = None
    for number, backup in enumerate(env.store.backups(), 1):
        row: dict[str, Any] = {"number": number, "taken": backup.taken.isoformat()}
        try:
            state = env.store.load(backup.path)
            counts = [s.status for s in state.items.values()]
            row |= {
                "exit_date": state.exit_date.isoformat() if state.exit_date else None,
                "done": counts.count("done"),
                "total": len(env.plan(state).entries),
                "readable": True,
            }
        except PassphraseNeeded:
            raise
        except ExitplanError as exc:
            failure = failure or exc
            row |= {"exit_date": None, "done": None, "total": None, "readable": False}
        rows.append(row)
    if rows and failure is not None and not any(row["readable"] for row in rows):
        # Nothing opened: more likely a wrong passphrase than every backup damaged.
        raise failure
    if as_json:
        emit_json(rows)
        return
    if not rows:
        say("There are no backups yet: one is kept every time the plan changes.")
        return
    for row in rows:
        taken = datetime.fromisoformat(row["taken"]).astimezone()
        detail = (
            f"exit {row['exit_date'] or 'not set'}, {row['done']}/{row['total']} done"
            if row["readable"]
            else "cannot be read"
        )
        typer.echo(f"{row['number']:>3}  {taken:%Y-%m-%d %H:%M:%S}  {detail}")


@app.command()
def restore(
    ctx: typer.Context,
    number: Annotated[
        int | None,
        typer.Argument(
            help="Backup number from 'exitplan backups' (default: the latest good one).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Bring back an earlier version of the plan.

    The current one is kept as a backup, so a restore can be undone too.
    """
    env = env_of(ctx)
    taken = env.store.restore(number, env.now())
    say(
        f"Restored the plan as it was on {taken.astimezone():%Y-%m-%d %H:%M:%S}. "
        "The version it replaced is kept as a backup."
    )


@app.command()
def history(
    ctx: typer.Context,
    item: Annotated[str | None, typer.Argument(help="Only this item.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Show the log of changes.

    What was ticked, skipped, noted or re-dated, and when.
    """
    env = env_of(ctx)
    plan = env.read_plan()
    events = plan.state.history if plan.state else []
    if item is not None:
        wanted = plan.resolve(item).full_id
        events = [e for e in events if e.item == wanted]
    if as_json:
        emit_json([json_ready(e.to_dict()) for e in events])
        return
    for event in events:
        what = " ".join(part for part in (event.action, event.item or "") if part)
        typer.echo(
            f"{event.at.astimezone():%Y-%m-%d %H:%M}  {what}"
            + (f"  ({event.detail})" if event.detail else "")
        )
