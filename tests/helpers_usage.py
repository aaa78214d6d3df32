"""What the usage tests share: the framework's own sentences (`FRAMEWORK_WORDS`), a check for
them, and every command path of exitplan. Used by the English usage tests and the Spanish ones."""

from __future__ import annotations

from typing import Any

# The framework's own sentences (Typer 0.29's vendored Click, Typer, pydantic): none of them may
# reach the screen. Our headings ("Usage:", "Options:") are our words, translated with _().
FRAMEWORK_WORDS = (
    "Missing argument",
    "Missing option",
    "Missing parameter",
    "Missing command",
    "Got unexpected extra argument",
    "requires an argument",
    "requires 2 arguments",
    "does not take a value",
    "is not one of '",
    "Invalid value",
    "No such command",
    "No such option",
    "Possible options",
    "Did you mean",
    "Try '",
    "for help.",
    "Show this message and exit",
    "[default:",
    "[required]",
    "[env var:",
    "Aborted!",
    "The value you entered was invalid",
    "String should match pattern",
    "Input should be",
    "Value error,",
    "is not a valid integer",
    "Value must be an iterable",
    "is a directory.",
    "does not exist.",
    "is not readable.",
    "is not writable.",
    "<list[str]>",
    "<str>",
    "<int>",
    "x<=",
    "<=x",
    "{CHECKLIST}",
    "{ITEM}",
)


def leftovers(text: str) -> list[str]:
    """The framework's sentences found in a text."""
    return [words for words in FRAMEWORK_WORDS if words in text]


def command_paths() -> list[tuple[str, ...]]:
    """Every command and group of exitplan, as typed: ("note",), ("log", "add"), ..."""
    import typer.main

    from exitplan.cli.app import app

    root = typer.main.get_command(app)
    ctx: Any = root.make_context("exitplan", [], resilient_parsing=True)
    paths: list[tuple[str, ...]] = [()]
    for name in root.list_commands(ctx):  # type: ignore[attr-defined]
        paths.append((name,))
        sub = root.get_command(ctx, name)  # type: ignore[attr-defined]
        if hasattr(sub, "list_commands"):
            sub_ctx = sub.make_context(name, [], parent=ctx, resilient_parsing=True)
            paths += [(name, inner) for inner in sub.list_commands(sub_ctx)]
    return paths
