"""One error contract: the core raises ExitplanError with one plain line; the CLI prints it once."""

from __future__ import annotations

import ast

from helpers import REPO

from exitplan.base.errors import ChecklistProblems, ExitplanError, PlanError

PACKAGE = REPO / "exitplan"
# Modules left out of the style scan (none now: the vault's messages follow it too).
SENTENCE_STYLE: set[str] = set()
ERROR_NAMES = {
    "ExitplanError",
    "ChecklistError",
    "PlanError",
    "NoPlanError",
    "ItemError",
    "DateError",
    "PassphraseNeeded",
    "LockError",
    "StorageError",
    "VaultError",
    "WrongPassphrase",
    "DamagedFile",
    "DamagedKeyFile",
    "OtherKey",
}


def raised_messages() -> list[tuple[str, int, str]]:
    """(file, line, first literal text) of every `raise SomeError("...")` in the package."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name in SENTENCE_STYLE:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            func = node.exc.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name not in ERROR_NAMES or not node.exc.args:
                continue
            first = node.exc.args[0]
            parts = first.values if isinstance(first, ast.JoinedStr) else [first]
            text = "".join(
                p.value if isinstance(p, ast.Constant) and isinstance(p.value, str) else "{}"
                for p in parts
            )
            found.append((path.name, node.lineno, text))
    return found


def test_there_are_messages_to_check() -> None:
    """The scan finds the package's errors, so the style test cannot pass vacuously."""
    assert len(raised_messages()) > 40


def test_every_message_has_one_style() -> None:
    """Messages start in lower case (or with a path or name), are one line, carry no prefix."""
    bad = [
        (name, line, text)
        for name, line, text in raised_messages()
        if text[:1].isupper() or "\n" in text or text.startswith("Error") or not text.strip()
    ]
    assert bad == []


def test_an_error_is_one_line_after_the_prefix() -> None:
    """What the CLI prints for an error is `Error: ` and the message, once."""
    assert ExitplanError("the plan is missing").lines() == ["Error: the plan is missing"]
    assert PlanError("x: cannot be read").lines() == ["Error: x: cannot be read"]


def test_checklist_problems_print_one_line_each_and_a_count() -> None:
    """`validate` reports every problem on its own line, then how many were found."""
    assert ChecklistProblems(["a: bad", "b: worse"]).lines() == [
        "Error: a: bad",
        "Error: b: worse",
        "2 problems found.",
    ]
    assert ChecklistProblems(["a: bad"]).lines()[-1] == "1 problem found."


def test_only_the_app_exits_with_an_error_code() -> None:
    """No command prints its own error and exits: they raise, and the app turns it into exit 1."""
    for path in sorted((PACKAGE / "cli").glob("*.py")):
        if path.name == "app.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert "typer.Exit(1)" not in text, path.name
        assert '"Error: ' not in text, path.name
