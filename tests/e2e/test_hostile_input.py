"""Hostile input and invariants, tested with Hypothesis.

* Random bytes, random TOML documents and mutated valid documents fed to the checklist loader
  and the plan loader raise only exitplan's own errors (ExitplanError subclasses).
* Random argument lists (real command and option names, item ids, dates, junk) never make the
  CLI crash: no unhandled exception, exit code 0, 1 or 2, and any plan left behind still loads.
* `parse_plan(dump_plan(state)) == state` for random plans with odd Unicode everywhere.
* A stateful test of done / undo / skip / note / date / add / restore through the CLI, where
  every step loads and saves the plan, checked against a small model.

The file needs nothing from conftest.py. Hypothesis keeps no example database here (the tree
is shared), so every run draws fresh inputs. `pytest --hypothesis-show-statistics` prints how
many inputs each property tried.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from helpers import cli
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    initialize,
    invariant,
    multiple,
    precondition,
    rule,
)
from typer.testing import Result

from exitplan.base.errors import ExitplanError
from exitplan.formats.checklistfile import checklist_problems, load_checklist
from exitplan.formats.planfile import dump_plan, parse_plan
from exitplan.home.backups import KEEP_BACKUPS
from exitplan.home.store import Store

TODAY = "2026-11-30"
PASSPHRASE = "correct horse battery staple"  # noqa: S105 - a test passphrase
ENV: dict[str, str | None] = {
    "EXITPLAN_TODAY": TODAY,
    "EXITPLAN_TEST_FAST_KDF": "1",
    "EXITPLAN_TEST_LOCK_TIMEOUT": "5",
    "EXITPLAN_PASSPHRASE_FILE": None,
}
CHECKLIST = "prop"


@pytest.fixture(autouse=True, scope="module")
def _properties_without_builtins(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Hide the built-in checklists from in-process runs: these tests bring their own small
    checklist, and parsing the built-in content for every new data folder only costs time.
    (The CLI code paths are the same either way.)"""
    from exitplan.formats import catalog

    empty = tmp_path_factory.mktemp("no-builtins")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(catalog, "builtin_dir", lambda: empty)
        yield


def fast(examples: int) -> settings:
    """Moderate example counts, no deadline (the machine is shared), no example database."""
    return settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[
            HealthCheck.function_scoped_fixture,  # conftest's autouse fixtures; we reset state
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
        ],
    )


@pytest.fixture(scope="module")
def prop_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder for this module's files (module scope: safe to share across examples)."""
    return tmp_path_factory.mktemp("properties")


def fresh_dir(root: Path) -> Path:
    """A new empty private folder under root."""
    return Path(tempfile.mkdtemp(dir=root))


# -- strategies ------------------------------------------------------------------------------

# Any Unicode scalar value except lone surrogates (exitplan.domain.plan.clean_text refuses those,
# and they cannot be written as UTF-8): control characters, combining marks, right-to-left text,
# emoji, U+2028, U+FEFF and the like are all in. This is what the loaders are fed.
ODD_CHARS = st.characters(codec="utf-8")
ODD_TEXT = st.text(alphabet=ODD_CHARS, max_size=30)
SPICY = st.sampled_from(
    [
        "",
        " ",
        "\t",
        "\n",
        "\x00",
        "\x7f",
        "\ufeff",
        "\u2028",
        "\u202e",
        "e\u0301",
        "\U0001f6a8",
        "'''",
        '"""',
        "\\u0000",
        "[item]",
        "# x",
        "a = 1",
    ]
)
TEXT = st.one_of(ODD_TEXT, SPICY, st.lists(SPICY | ODD_TEXT, max_size=4).map("".join))
# What a plan may hold: the same without control characters other than newline and tab
# (the plan loader refuses C0/C1 controls in stored text; the CLI strips them on input).
PLAN_CHARS = st.characters(codec="utf-8", exclude_categories=["Cc"], include_characters="\n\t")
PLAN_SPICY = st.sampled_from(
    ["", " ", "\t", "\n", "\ufeff", "\u2028", "\u202e", "e\u0301", "\U0001f6a8", '"""', "\\u0000"]
)
PLAN_TEXT = st.one_of(
    st.text(alphabet=PLAN_CHARS, max_size=30),
    PLAN_SPICY,
    st.lists(PLAN_SPICY | st.text(alphabet=PLAN_CHARS, max_size=10), max_size=4).map("".join),
)
SLUG = st.from_regex(r"\A[a-z0-9]{1,6}(-[a-z0-9]{1,5}){0,2}\Z")
TIMEZONES = st.one_of(
    st.just(UTC),
    st.integers(-23 * 60 - 59, 23 * 60 + 59).map(lambda m: timezone(timedelta(minutes=m))),
)
DATETIMES = st.one_of(  # naive, or in one of the zones
    st.datetimes(min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30)),
    st.datetimes(
        min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30), timezones=TIMEZONES
    ),
)
TOML_SCALARS = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(),
    TEXT,
    st.dates(),
    DATETIMES,
    st.times(),
)
TOML_VALUES = st.recursive(
    TOML_SCALARS,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(TEXT, children, max_size=4),
    max_leaves=20,
)
TOML_DOCS = st.dictionaries(TEXT, TOML_VALUES, max_size=6)
DUES = st.one_of(
    st.sampled_from(["-3w", "exit", "+7d", "-10d", "2027-01-31", "+3660d", "-3661d"]),
    st.integers(-4000, 4000),
    st.dates(),
)

ITEM_DOCS = st.fixed_dictionaries(
    {"id": SLUG, "title": TEXT, "why": TEXT},
    optional={
        "how": TEXT,
        "due": DUES,
        "priority": st.sampled_from(["critical", "high", "normal", "low"]),
        "when": st.sampled_from(["before", "exit-day", "after"]),
        "alerts_partner": st.booleans(),
        "caution": TEXT,
        "sources": st.lists(TEXT, max_size=3),
        "tags": st.lists(SLUG, max_size=3),
    },
)
CHECKLIST_DOCS = st.fixed_dictionaries(
    {"schema": st.just(1), "id": SLUG, "title": TEXT},
    optional={
        "summary": TEXT,
        "order": st.integers(-200_000, 200_000),
        "item": st.lists(ITEM_DOCS, max_size=5),
    },
)

TITLES = PLAN_TEXT.filter(lambda t: 1 <= len(t.strip()) <= 200)
ITEM_STATE_DOCS = st.fixed_dictionaries(
    {},
    optional={
        "status": st.sampled_from(["open", "done", "skipped"]),
        "changed": DATETIMES,
        "note": PLAN_TEXT,
        "reason": PLAN_TEXT,
    },
)
CUSTOM_DOCS = st.fixed_dictionaries(
    {"checklist": SLUG, "id": SLUG, "title": TITLES, "added": DATETIMES},
    optional={
        "why": PLAN_TEXT,
        "due": st.sampled_from(["-3w", "exit", "+7d", "-10d", "2027-01-31"])
        | st.integers(-3660, 3660)
        | st.dates(),
        "priority": st.sampled_from(["critical", "high", "normal", "low"]),
    },
)
EVENT_DOCS = st.fixed_dictionaries(
    {"at": DATETIMES, "action": st.text(alphabet=PLAN_CHARS, min_size=1, max_size=40)},
    optional={"item": PLAN_TEXT, "detail": PLAN_TEXT},
)
PLAN_DOCS = st.fixed_dictionaries(
    {"schema": st.just(1), "created": DATETIMES},
    optional={
        "exit_date": st.dates(),
        "warn_days": st.integers(0, 365),
        "checklists": st.lists(SLUG, max_size=3),
        "items": st.dictionaries(
            st.one_of(st.tuples(SLUG, SLUG).map(".".join), PLAN_TEXT), ITEM_STATE_DOCS, max_size=4
        ),
        "custom": st.lists(CUSTOM_DOCS, max_size=3),
        "history": st.lists(EVENT_DOCS, max_size=5),
    },
)


def _slots(node: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) pair inside a document, depth first."""
    found: list[tuple[Any, Any]] = []
    if isinstance(node, dict):
        for key, value in node.items():
            found.append((node, key))
            found += _slots(value)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.append((node, index))
            found += _slots(value)
    return found


@st.composite
def mutated(draw: st.DrawFn, base: st.SearchStrategy[dict[str, Any]]) -> dict[str, Any]:
    """A valid document with 1-3 random edits: a value replaced, a key removed or added."""
    doc = draw(base)
    for _ in range(draw(st.integers(1, 3))):
        slots = _slots(doc)
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "add" or not slots:
            targets = [doc] + [c[k] for c, k in slots if isinstance(c[k], dict)]
            target = draw(st.sampled_from(targets))
            target[draw(TEXT | st.sampled_from(["id", "item", "due", "schema", "status"]))] = draw(
                TOML_VALUES
            )
            continue
        container, key = draw(st.sampled_from(slots))
        if action == "delete":
            del container[key]
        else:
            container[key] = draw(TOML_VALUES)
    return doc


def toml_bytes(doc: dict[str, Any]) -> bytes:
    """A document as TOML bytes (tomli-w writes every value the strategies produce)."""
    return tomli_w.dumps(doc).encode("utf-8")


# -- loaders raise only exitplan's errors ----------------------------------------------------


def check_checklist_loader(folder: Path, data: bytes, name: str = "fuzz") -> None:
    """Both checklist entry points on one file: problems are returned or ChecklistError raised."""
    path = folder / f"{name}.toml"
    path.write_bytes(data)
    checklist, problems = checklist_problems(path)  # must not raise at all
    assert all(isinstance(p, str) and p for p in problems)
    assert checklist is not None or problems
    message = None
    try:
        load_checklist(path)
    except ExitplanError as exc:
        message = str(exc)
    if message is None:
        assert not problems, "load_checklist accepted a file checklist_problems refused"
    else:
        assert message
        assert problems, "load_checklist refused a file checklist_problems accepted"


def check_plan_loader(data: bytes) -> None:
    """parse_plan either returns a plan or raises an ExitplanError with a message."""
    try:
        state = parse_plan(data, Path("plan.toml"))
    except ExitplanError as exc:
        refusal = str(exc)
        assert refusal.startswith("plan.toml: ")
        return
    # Whatever the loader accepts can be saved and read back unchanged.
    assert parse_plan(dump_plan(state), Path("plan.toml")) == state


@fast(200)
@given(data=st.binary(max_size=400))
def test_random_bytes_checklist_loader(prop_root: Path, data: bytes) -> None:
    """Random bytes as a checklist file: only problems / ChecklistError, never a crash."""
    check_checklist_loader(prop_root, data)


@fast(200)
@given(data=st.binary(max_size=400) | st.binary(max_size=200).map(lambda b: b"schema = 1\n" + b))
def test_random_bytes_plan_loader(data: bytes) -> None:
    """Random bytes as a plan file: only PlanError (an ExitplanError), never a crash."""
    check_plan_loader(data)


@fast(100)
@given(doc=TOML_DOCS)
def test_random_toml_documents_both_loaders(prop_root: Path, doc: dict[str, Any]) -> None:
    """Random TOML documents (st.recursive over every TOML type) fed to both loaders."""
    data = toml_bytes(doc)
    check_checklist_loader(prop_root, data)
    check_plan_loader(data)
    check_plan_loader(toml_bytes({"schema": 1, **doc}))


@fast(100)
@given(doc=mutated(CHECKLIST_DOCS))
def test_mutated_checklists_checklist_loader(prop_root: Path, doc: dict[str, Any]) -> None:
    """Valid checklists with random edits (wrong types, missing or extra keys) raise only
    ChecklistError; named after their id so that valid ones really load."""
    found = doc.get("id")
    name = found if isinstance(found, str) else "fuzz"
    name = name if re.fullmatch(r"[a-z0-9-]{1,64}", name) else "fuzz"
    check_checklist_loader(prop_root, toml_bytes(doc), name)


@fast(100)
@given(doc=mutated(PLAN_DOCS))
def test_mutated_plans_plan_loader(doc: dict[str, Any]) -> None:
    """Valid plans with random edits raise only PlanError; any plan the loader accepts
    survives dump and reload unchanged."""
    check_plan_loader(toml_bytes(doc))


@fast(20)
@given(depth=st.integers(100, 5000), kind=st.sampled_from(["array", "table", "mixed"]))
def test_deep_nesting_is_a_clean_error(prop_root: Path, depth: int, kind: str) -> None:
    """Arrays or inline tables nested hundreds or thousands deep: a clean error, never a
    RecursionError."""
    if kind == "array":
        text = "a = " + "[" * depth + "]" * depth
    elif kind == "table":
        text = "b = " + "{a = " * depth + "1" + "}" * depth
    else:
        text = "c = " + "[{a = " * depth + "1" + "}]" * depth
    check_checklist_loader(prop_root, text.encode())
    check_plan_loader(("schema = 1\n" + text).encode())


# -- load(save(plan)) == plan ----------------------------------------------------------------


@fast(150)
@given(doc=PLAN_DOCS)
def test_plan_round_trip(doc: dict[str, Any]) -> None:
    """Any valid plan (odd Unicode in notes, reasons, titles, ids and history; any time zone;
    microseconds) survives dump_plan / parse_plan unchanged, and dumping is stable."""
    try:
        state = parse_plan(toml_bytes(doc), Path("plan.toml"))
    except ExitplanError as exc:  # pragma: no cover - the strategy only builds valid plans
        pytest.fail(f"a valid plan was refused: {exc}")
    saved = dump_plan(state)
    again = parse_plan(saved, Path("plan.toml"))
    assert again == state
    assert dump_plan(again) == saved


# -- the CLI never crashes -------------------------------------------------------------------


def _vocabulary() -> tuple[list[str], list[str]]:
    """The real command names and option names of the CLI (never --home)."""
    import typer.main

    from exitplan.cli.app import app

    group = typer.main.get_command(app)
    commands = sorted(group.commands)  # type: ignore[attr-defined]
    options: set[str] = set()
    for command in [group, *group.commands.values()]:  # type: ignore[attr-defined]
        for param in command.params:
            options.update(o for o in (*param.opts, *param.secondary_opts) if o.startswith("-"))
    options.discard("--home")
    return commands, sorted(options)


COMMANDS, OPTIONS = _vocabulary()
REFS = ["1", "2", "0", "99", "-1", f"{CHECKLIST}.s1", f"{CHECKLIST}.s2", "s3", "s", CHECKLIST]
DATE_WORDS = [
    "2026-12-14",
    "2027-01-31",
    "9999-12-31",
    "0001-01-01",
    "2026-02-30",
    "today",
    "+3w",
    "-10d",
    "+3660d",
    "+9999w",
    "exit",
    "pass.txt",
    "out.md",
    "--",
    "-",
    "",
    "US",
    "json",
    "markdown",
]
JUNK = st.text(
    alphabet=st.characters(codec="utf-8", exclude_characters="\x00/\\~"), max_size=12
).filter(lambda t: not t.startswith("--home"))
TOKENS = st.lists(
    st.one_of(
        st.sampled_from(COMMANDS),
        st.sampled_from(OPTIONS),
        st.sampled_from(REFS),
        st.sampled_from(DATE_WORDS),
        JUNK,
    ),
    max_size=5,
)
# Mostly a real command first (so that the commands themselves run), sometimes anything.
ARGS = st.one_of(
    st.builds(lambda command, rest: [command, *rest], st.sampled_from(COMMANDS), TOKENS),
    st.builds(
        lambda today, command, rest: ["--today", today, command, *rest],
        st.sampled_from(DATE_WORDS),
        st.sampled_from(COMMANDS),
        TOKENS,
    ),
    TOKENS,
)


def prop_checklist(count: int = 4) -> str:
    """A small checklist 'prop' with items s1..sN."""
    lines = ["schema = 1", f'id = "{CHECKLIST}"', 'title = "Property steps"', "order = 1"]
    for n in range(1, count + 1):
        lines += ["", "[[item]]", f'id = "s{n}"', f'title = "Step {n}"', 'why = "A test."']
    lines += ["", "[[item]]", 'id = "after"', 'title = "After"', 'why = "A test."']
    lines += ['due = "+14d"', 'when = "after"']
    return "\n".join(lines) + "\n"


def make_home(root: Path, count: int = 4) -> Path:
    """A private data folder holding only our checklist."""
    home = root / "home"
    (home / "checklists").mkdir(parents=True, mode=0o700)
    home.chmod(0o700)
    (home / "checklists" / f"{CHECKLIST}.toml").write_text(prop_checklist(count), "utf-8")
    return home


def run(home: Path, *args: str, input: str | None = None) -> Result:
    """The CLI in-process with this file's environment (the harness's one runner)."""
    return cli(home, *args, input=input, env=ENV | {"EXITPLAN_HOME": str(home)})


def assert_handled(result: Result, args: list[str]) -> None:
    """No traceback and a documented exit code (an unhandled exception already failed the run)."""
    assert "Traceback" not in result.output, (args, result.output)
    assert result.exit_code in {0, 1, 2}, (args, result.exit_code, result.output)


@pytest.fixture(scope="module")
def cli_template(prop_root: Path) -> Path:
    """A plan of the 'prop' checklist with an exit date, a note and a backup, to copy."""
    home = make_home(fresh_dir(prop_root))
    assert run(home, "init", "--checklist", CHECKLIST, "--exit-date", "2026-12-14").exit_code == 0
    assert run(home, "done", "1").exit_code == 0
    assert run(home, "note", "2", input="a note\n").exit_code == 0
    return home


CLI_CALLS = st.lists(ARGS, min_size=1, max_size=3)
STDIN = st.one_of(st.none(), st.text(max_size=20), st.sampled_from(["d\ns\nn\nx\nq\n", "WIPE"]))


def check_cli_calls(
    prop_root: Path, cli_template: Path, calls: list[list[str]], stdin: str | None
) -> None:
    """1-3 invocations with random argument lists built from the real command and option
    names, item references, dates and junk: every one ends with exit code 0, 1 or 2 and no
    unhandled exception, and a plan left behind still loads (with the passphrase if it was
    encrypted on the way)."""
    work = fresh_dir(prop_root)
    home = work / "home"
    shutil.copytree(cli_template, home)
    (work / "pass.txt").write_text(PASSPHRASE + "\n", encoding="utf-8")
    old = Path.cwd()
    os.chdir(work)  # relative paths (summary -o, validate, --passphrase-file) stay in here
    try:
        for args in calls:
            result = run(home, *args, input=stdin)
            assert_handled(result, args)
            event(f"exit code {result.exit_code}")
    finally:
        os.chdir(old)
        # The CLI sets umask 077 for its process; keep the rest of the session unaffected.
        os.umask(0o022)
    if (home / "plan.toml").exists():
        Store(home, lambda: PASSPHRASE).load()
    shutil.rmtree(work)


@fast(60)
@given(calls=CLI_CALLS, stdin=STDIN)
def test_random_cli_arguments_never_crash(
    prop_root: Path, cli_template: Path, calls: list[list[str]], stdin: str | None
) -> None:
    """Random argument lists never crash the CLI (see check_cli_calls); 60 runs."""
    check_cli_calls(prop_root, cli_template, calls, stdin)


@pytest.mark.slow
@fast(600)
@given(calls=CLI_CALLS, stdin=STDIN)
def test_random_cli_arguments_never_crash_long(
    prop_root: Path, cli_template: Path, calls: list[list[str]], stdin: str | None
) -> None:
    """The same with 600 runs (slow)."""
    check_cli_calls(prop_root, cli_template, calls, stdin)


def check_own_checklist(prop_root: Path, cli_template: Path, doc: dict[str, Any]) -> None:
    """A person's own checklist file with random edits, next to a plan: list, init, status
    and summary either work or refuse with one message; none of them crashes."""
    work = fresh_dir(prop_root)
    home = work / "home"
    shutil.copytree(cli_template, home)
    found = doc.get("id")
    name = found if isinstance(found, str) else "mine"
    name = name if re.fullmatch(r"[a-z0-9-]{1,64}", name) and name != CHECKLIST else "mine"
    (home / "checklists" / f"{name}.toml").write_bytes(toml_bytes(doc))
    for args in (
        ["list", "--all", "--json"],
        ["init", "--force", "--checklist", name, "--exit-date", "2026-12-14"],
        ["status"],
        ["summary", "--format", "markdown"],
    ):
        assert_handled(run(home, *args), args)
    os.umask(0o022)
    shutil.rmtree(work)


@fast(12)
@given(doc=mutated(CHECKLIST_DOCS))
def test_any_own_checklist_file_never_crashes_the_cli(
    prop_root: Path, cli_template: Path, doc: dict[str, Any]
) -> None:
    """Own checklist files with random edits never crash the CLI (check_own_checklist)."""
    check_own_checklist(prop_root, cli_template, doc)


@pytest.mark.slow
@fast(150)
@given(doc=mutated(CHECKLIST_DOCS))
def test_any_own_checklist_file_never_crashes_the_cli_long(
    prop_root: Path, cli_template: Path, doc: dict[str, Any]
) -> None:
    """The same with 150 files (slow)."""
    check_own_checklist(prop_root, cli_template, doc)


# -- stateful: done / undo / skip / note / date / add / restore ------------------------------


def only_controls(text: str) -> bool:
    """Whether a note is refused as control characters only (the rule is base.safetext's)."""
    from exitplan.base.safetext import only_controls as rule

    return rule(text)


def model_clean(text: str) -> str:
    """What exitplan stores of a typed text. The cleaning rules (which control characters are
    dropped, how line ends are treated) are exitplan.domain.plan.clean_text's own: this test is
    about the state of the plan, the rules themselves are tested with the plan functions."""
    from exitplan.domain.plan import clean_text

    return clean_text(text, "text", 1_000_000)


@dataclass
class Snapshot:
    """The model of one plan: statuses, notes, skip reasons and the exit date."""

    status: dict[str, str]
    note: dict[str, str | None] = field(default_factory=dict)
    reason: dict[str, str | None] = field(default_factory=dict)
    exit_date: date | None = None

    def copy(self) -> Snapshot:
        """An independent copy."""
        return Snapshot(dict(self.status), dict(self.note), dict(self.reason), self.exit_date)


# Notes and titles with odd Unicode, control characters included (exitplan drops them); no
# "\r" in notes (CliRunner's stdin turns it into "\n", a real pipe would not), no NUL in
# arguments (an OS argv cannot hold one).
NOTE_TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\r"), max_size=40)
ARG_TEXT = st.text(
    alphabet=st.characters(codec="utf-8", exclude_characters="\r\x00"), min_size=1, max_size=40
)
STATE_MACHINE_TEMP = Path(tempfile.gettempdir())
# The ids of the steps of the 'prop' checklist (make_home's default of four plus 'after').
BUILT_IN_IDS = [f"{CHECKLIST}.s{n}" for n in range(1, 5)] + [f"{CHECKLIST}.after"]


class PlanMachine(RuleBasedStateMachine):
    """Random sequences of changing commands, each a real CLI run that loads and saves the
    plan, compared after every step with a model kept in plain dicts."""

    items = Bundle("items")

    def __init__(self) -> None:
        super().__init__()
        self.root = Path(tempfile.mkdtemp(prefix="exitplan-machine-", dir=STATE_MACHINE_TEMP))
        self.home = make_home(self.root)
        self.current = Snapshot(status={})
        self.backups: list[Snapshot] = []  # oldest first
        self.steps = 0

    def teardown(self) -> None:
        """Remove the machine's folder."""
        shutil.rmtree(self.root, ignore_errors=True)
        os.umask(0o022)

    def cli(self, *args: str, input: str | None = None) -> Result:
        """Run one command and assert it did not crash."""
        result = run(self.home, *args, input=input)
        assert_handled(result, list(args))
        return result

    def saved(self, new: Snapshot) -> None:
        """A save happened: the plan it replaced became the newest backup."""
        self.backups.append(self.current)
        self.backups = self.backups[-KEEP_BACKUPS:]
        self.current = new

    @initialize(target=items)
    def start(self) -> Any:
        """`exitplan init` with only our checklist."""
        result = self.cli("init", "--checklist", CHECKLIST)
        assert result.exit_code == 0, result.output
        self.current = Snapshot(status=dict.fromkeys(BUILT_IN_IDS, "open"))
        return multiple(*BUILT_IN_IDS)

    @rule(ref=items, how=st.sampled_from(["done", "undo"]))
    def done_or_undo(self, ref: str, how: str) -> None:
        """Tick or reopen a step (nothing is written when it already was)."""
        result = self.cli(how, ref)
        if ref not in self.current.status:  # restored to a plan from before it was added
            assert result.exit_code == 1
            return
        assert result.exit_code == 0, result.output
        new = self.current.copy()
        new.status[ref] = "done" if how == "done" else "open"
        new.reason[ref] = None
        if new.status[ref] == self.current.status[ref]:
            assert "Already" in result.stderr
            return  # nothing changed: no save, no backup pushed out
        self.saved(new)

    @rule(ref=items, reason=st.none() | ARG_TEXT)
    def skip(self, ref: str, reason: str | None) -> None:
        """Skip a step, with or without a reason."""
        args = ["skip", ref] + ([f"--reason={reason}"] if reason is not None else [])
        result = self.cli(*args)
        if ref not in self.current.status:
            assert result.exit_code == 1
            return
        assert result.exit_code == 0, result.output
        new = self.current.copy()
        kept = self.current.reason.get(ref) if self.current.status[ref] == "skipped" else None
        # A skip again with no reason keeps the earlier reason; a new reason replaces it. A
        # reason that is blank once cleaned (spaces, control characters) is no reason at all.
        new.reason[ref] = (model_clean(reason) if reason else None) or kept
        new.status[ref] = "skipped"
        unchanged = self.current.status[ref] == "skipped" and new.reason[ref] == kept
        if unchanged:
            return  # nothing changed: no save, no backup pushed out
        self.saved(new)

    @rule(ref=items, text=NOTE_TEXT | st.just("CLEAR"))
    def note(self, ref: str, text: str) -> None:
        """Write a note from stdin, or remove it with --clear."""
        clear = text == "CLEAR"
        replace = ("note", ref, "--replace")  # from a pipe, over a note, it must say which
        result = self.cli("note", ref, "--clear") if clear else self.cli(*replace, input=text)
        if ref not in self.current.status:
            assert result.exit_code == 1
            return
        if not clear and only_controls(text):
            # Bytes piped by mistake (control characters and nothing else): refused, so an
            # existing note is never replaced by nothing.
            assert result.exit_code == 1, result.output
            assert "only control characters" in result.stderr
            return
        assert result.exit_code == 0, result.output
        if not clear and not text.strip():
            return  # "The note is empty, so nothing was changed": no save
        if clear and self.current.note.get(ref) is None:
            assert "There is no note on" in result.stderr
            return  # nothing to remove: no save
        new = self.current.copy()
        new.note[ref] = None if clear else (model_clean(text) or None)
        self.saved(new)

    @rule(when=st.none() | st.dates(date(2020, 1, 1), date(2033, 12, 31)))
    def set_date(self, when: date | None) -> None:
        """Set or clear the exit date."""
        # --past: a day already behind the machine's today is meant (the day the person left).
        dated = ("date", when.isoformat(), "--past") if when else ()
        result = self.cli("date", "--clear") if when is None else self.cli(*dated)
        assert result.exit_code == 0, result.output
        if when is None and self.current.exit_date is None:
            assert "There is no exit date to clear" in result.stderr
            return  # nothing to clear: no save
        new = self.current.copy()
        new.exit_date = when
        self.saved(new)

    @rule(target=items, title=ARG_TEXT)
    def add(self, title: str) -> Any:
        """Add an own step; the id is the one exitplan reports."""
        result = self.cli("add", CHECKLIST, "--", title)
        if not model_clean(title):
            assert result.exit_code == 1
            return multiple()
        if result.exit_code == 1 and "already has a step with that title" in result.stderr:
            return multiple()  # the same title twice in one checklist is refused
        assert result.exit_code == 0, result.output
        found = re.fullmatch(r"(\S+)\n", result.stdout)
        assert found, result.stdout
        full_id = found.group(1)
        event("add")
        assert full_id.startswith(f"{CHECKLIST}.")
        assert full_id not in self.current.status
        new = self.current.copy()
        new.status[full_id] = "open"
        self.saved(new)
        return full_id

    @precondition(lambda self: bool(self.backups))
    @rule(data=st.data())
    def restore(self, data: st.DataObject) -> None:
        """Restore the latest backup or a numbered one; the replaced plan becomes a backup."""
        rows = json.loads(self.cli("backups", "--json").stdout)
        expected = [sum(s == "done" for s in b.status.values()) for b in reversed(self.backups)]
        assert [row["done"] for row in rows] == expected
        number = data.draw(st.none() | st.integers(1, len(self.backups)), label="number")
        args = ["restore"] if number is None else ["restore", str(number)]
        assert self.cli(*args).exit_code == 0
        event("restore latest" if number is None else "restore numbered")
        target = self.backups[-(number or 1)]
        self.saved(target.copy())

    @invariant()
    def plan_matches_model(self) -> None:
        """The plan on disk, and what `list` shows, match the model."""
        if not self.current.status:
            return
        state = Store(self.home).load()
        for ref, expected in self.current.status.items():
            got = state.items.get(ref)
            assert (got.status if got else "open") == expected, ref
            assert (got.note if got else None) == self.current.note.get(ref), ref
            if expected == "skipped":
                assert got is not None
                assert got.reason == self.current.reason.get(ref), ref
        assert state.exit_date == self.current.exit_date
        custom = {f"{c.checklist}.{c.id}" for c in state.custom}
        assert custom == set(self.current.status) - set(BUILT_IN_IDS)
        shown = json.loads(self.cli("list", "--all", "--json").stdout)
        assert {row["id"]: row["status"] for row in shown} == self.current.status
        assert len(Store(self.home).backups()) == len(self.backups)


PlanMachine.TestCase.settings = settings(
    max_examples=10,
    stateful_step_count=8,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestPlanMachine = PlanMachine.TestCase


def test_machine_model_keeps_the_reason_on_a_blank_skip_reason() -> None:
    """A step skipped with a reason, then skipped again with a reason that is blank once
    cleaned (a control character, spaces): exitplan keeps the earlier reason, and the state
    machine's model says the same (random runs reach this sequence only rarely)."""
    machine = PlanMachine()
    ref = f"{CHECKLIST}.s1"
    try:
        machine.start()
        for reason in ("first", "\x01", " \t", "second", "\u2028"):
            machine.skip(ref=ref, reason=reason)
            machine.plan_matches_model()
        assert machine.current.reason[ref] == "second"
        assert Store(machine.home).load().items[ref].reason == "second"
    finally:
        machine.teardown()


@pytest.mark.slow
class TestPlanMachineLong(PlanMachine.TestCase):  # type: ignore[valid-type, misc]  # hypothesis builds TestCase at run time
    """The same state machine with many more and longer runs (slow)."""

    settings = settings(
        max_examples=100,
        stateful_step_count=25,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
