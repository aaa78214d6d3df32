"""Every JSON document exitplan prints carries its schema version, written in one place."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import Run
from helpers import ok

from exitplan.views.data import JSON_VERSION

ENTRY = 'when = "2026-11-28 21:15"\nwhat = "Shouting, a door slammed"\n'
PASSPORT = 'kind = "passport"\noriginal = "blue folder"\n'
# Each command line that prints JSON, and whether its document is an object (with the version
# first) or an array (kept an array, as scripts read it).
OBJECTS = [
    ("status", "--json"),
    ("show", "1", "--json"),
    ("summary", "--format", "json"),
    ("situation", "--json"),
    ("region", "--json"),
    ("help-now", "--json"),
    ("validate", "--coverage", "--json"),
    ("log", "show", "1", "--json"),
    ("log", "verify", "--json"),
    ("log", "fingerprint", "--json"),
    ("documents", "--json"),
    ("documents", "list", "--json"),
    ("documents", "show", "1", "--json"),
    ("accounts", "--json"),
    ("money", "--json"),
]
ARRAYS = [
    ("list", "--json"),
    ("list", "--attention", "--json"),
    ("checklists", "--json"),
    ("history", "--json"),
    ("backups", "--json"),
    ("log", "list", "--json"),
]
# The inventory commands `make_group` builds alike for documents, accounts and money.
SUBCOMMANDS = ("list", "add", "show", "change", "remove")
# Commands whose --json answers a change, run with what they read from stdin.
CHANGES = [
    (("documents", "add", "--json"), PASSPORT),
    (("documents", "change", "1", "--json"), 'original = "red folder"\n'),
    (("money", "settings", "--json"), 'currency = "GBP"\n'),
    (("documents", "remove", "1", "--yes", "--json"), ""),
]


@pytest.fixture
def full_home(plan_home: Path, run: Run) -> Path:
    """A plan with one journal entry and one document kept."""
    ok(run("log", "add", input=ENTRY))
    ok(run("documents", "add", input=PASSPORT))
    return plan_home


def document(run: Run, args: tuple[str, ...], text: str | None = None) -> Any:
    """The one JSON document a command printed on stdout."""
    return json.loads(ok(run(*args, input=text)).stdout)


@pytest.mark.parametrize("args", OBJECTS, ids=" ".join)
def test_every_json_object_starts_with_its_version(full_home: Path, run: Run, args: Any) -> None:
    """A command's JSON object has `"version": 1` as its first key."""
    found = document(run, args)
    assert isinstance(found, dict)
    assert next(iter(found.items())) == ("version", JSON_VERSION)


@pytest.mark.parametrize(("args", "text"), CHANGES, ids=[" ".join(args) for args, _text in CHANGES])
def test_a_change_answered_in_json_carries_the_version(
    full_home: Path, run: Run, args: Any, text: str
) -> None:
    """add, change, remove and settings answer with a versioned JSON object too."""
    found = document(run, args, text)
    assert next(iter(found.items())) == ("version", JSON_VERSION)


@pytest.mark.parametrize("args", ARRAYS, ids=" ".join)
def test_the_arrays_stay_arrays(full_home: Path, run: Run, args: Any) -> None:
    """The list-shaped outputs stay arrays of objects, as scripts already read them."""
    found = document(run, args)
    assert isinstance(found, list)
    assert found
    assert all(isinstance(row, dict) and "version" not in row for row in found)


def test_every_command_with_json_is_named_here() -> None:
    """A command that gains --json is added to this file's lists, so its version is tested."""
    import typer.main

    from exitplan.cli.app import app

    def walk(command: Any, path: tuple[str, ...]) -> list[tuple[str, ...]]:
        found = [path] if any("--json" in p.opts for p in command.params) else []
        for name, sub in sorted(getattr(command, "commands", {}).items()):
            found += walk(sub, (*path, name))
        return found

    tested = {args[: len(args) - 1] for args in OBJECTS + ARRAYS}
    tested |= {args[: len(args) - 1] for args, _text in CHANGES}
    named = {tuple(w for w in args if not w.isdigit() and not w.startswith("-")) for args in tested}
    # The three inventories' commands are made by one factory: documents stands for all three.
    same = {("accounts", sub) for sub in SUBCOMMANDS} | {("money", sub) for sub in SUBCOMMANDS}
    assert set(walk(typer.main.get_command(app), ())) - same <= named
