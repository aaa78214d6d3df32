"""The face stays thin: the CLI imports only the service layer and the views (and the leaves and
its own modules), and no CLI function is longer than 30 lines, its nested functions counted.

The CLI parses, calls the service, renders. A CLI module that imports the domain, the journal,
the phone check, the data home, the formats, crypto or file access directly is deciding
something the service should decide. None does: there is no list of exceptions any more, so a
new reach or a long function fails here and is moved into the service or split.
"""

from __future__ import annotations

import ast

from helpers_imports import imports, modules

# The layers below the service that the face must not reach into.
BELOW = ("domain", "journal", "phone", "home", "formats", "crypto", "disk")
MAX_LINES = 30  # a CLI function's body with its nested functions, without the docstring
# Functions that build a family of commands: each nested function is one command, bound to its
# inventory, that Typer reads by its signature (so the inventory cannot be a parameter). The
# factory is counted without its commands; each command is counted on its own.
FACTORIES = {"exitplan.cli.inventory.make_group"}


def reaches(below: tuple[str, ...] = BELOW) -> dict[str, set[str]]:
    """Each CLI module's imports of the layers `below` the service (`domain.day`, ...)."""
    mods = modules()
    found: dict[str, set[str]] = {}
    for name, path in mods.items():
        if not name.startswith("exitplan.cli"):
            continue
        for used in imports(path, set(mods)):
            parts = used.target.split(".")
            if len(parts) > 2 and parts[1] in below:
                found.setdefault(name, set()).add(".".join(parts[1:3]))
    return found


# The workspace's parts below the service: the store (and through it the key files).
HIDDEN = ("store", "keys")


def reaches_by_attribute(node: ast.AST) -> bool:
    """`ws.store`, `env.ws.store.backups()` or `x.keys.key_path`: a reach past the service by
    attribute, which the import walk cannot see."""
    if not isinstance(node, ast.Attribute):
        return False
    if node.attr == "store":
        return True
    return isinstance(node.value, ast.Attribute) and node.value.attr in HIDDEN


def attribute_reaches() -> list[str]:
    """`module:line` of every reach by attribute in the CLI."""
    found = []
    for name, path in modules().items():
        if name.startswith("exitplan.cli"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            hits = [n for n in ast.walk(tree) if reaches_by_attribute(n)]
            found += [f"{name}:{getattr(n, 'lineno', 0)}" for n in hits]
    return found


def body_lines(node: ast.FunctionDef | ast.AsyncFunctionDef, *, nested: bool = True) -> int:
    """A function's length: its body without the docstring, with its nested functions (a
    long function is not made short by nesting its steps), or without them (`nested=False`)."""
    body = node.body
    first = body[0] if body else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
        body = body[1:]
    if not body:
        return 0
    lines = set(range(body[0].lineno, (body[-1].end_lineno or body[-1].lineno) + 1))
    for inner in ast.walk(node):
        if nested:
            break
        if inner is not node and isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)):
            start = min([d.lineno for d in inner.decorator_list] + [inner.lineno])
            lines -= set(range(start, (inner.end_lineno or inner.lineno) + 1))
    return len(lines)


def long_functions() -> dict[str, int]:
    """Every CLI function over MAX_LINES, by dotted name, with its length."""
    found = {}
    for name, path in modules().items():
        if not name.startswith("exitplan.cli"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                dotted = f"{name}.{node.name}"
                length = body_lines(node, nested=dotted not in FACTORIES)
                if length > MAX_LINES:
                    found[dotted] = length
    return found


def test_the_walk_sees_the_imports() -> None:
    """The import walk finds a reach that is there, so the tests below cannot pass vacuously:
    counted as a layer below, the service is reached by the phone check's face."""
    assert "service.phonecheck" in reaches((*BELOW, "service"))["exitplan.cli.phone"]
    assert "exitplan.cli.phone" not in reaches()


def test_the_cli_reaches_only_the_service_and_the_views() -> None:
    """No CLI module imports a layer below the service (at run time or for type hints)."""
    assert {module: sorted(found) for module, found in reaches().items()} == {}


def test_the_cli_reaches_no_store_by_attribute() -> None:
    """No CLI module uses the workspace's store or a key file's attributes: what the plan's files
    say (a plan missing beside its backups, a key file there) the service decides."""
    assert attribute_reaches() == []


def test_the_attribute_finder_sees_a_planted_reach() -> None:
    """The finder sees `.store` and `.keys.` chains, and leaves a dict's `.keys()` alone."""
    source = "a = ws.store.backups()\nb = env.ws.store\nc = s.keys.key_path\nd = data.keys()\n"
    tree = ast.parse(source)
    lines = sorted({getattr(n, "lineno", 0) for n in ast.walk(tree) if reaches_by_attribute(n)})
    assert lines == [1, 2, 3]


def test_no_cli_function_is_over_thirty_lines() -> None:
    """A command parses, calls the service and renders: 30 lines at most."""
    assert long_functions() == {}


def test_the_length_finder_sees_a_long_function() -> None:
    """The length walk finds a function over the limit, so the test above cannot pass
    vacuously."""
    source = "def f():\n" + "    x = 1\n" * (MAX_LINES + 1)
    node = ast.parse(source).body[0]
    assert isinstance(node, ast.FunctionDef)
    assert body_lines(node) == MAX_LINES + 1


def test_the_length_counts_nested_functions_but_not_the_docstring() -> None:
    """A nested function counts toward the outer one's length (nesting steps does not shorten a
    function); the docstring does not count, nor a command factory's commands."""
    source = 'def f():\n    """Doc."""\n    x = 1\n'
    source += "    def g():\n        y = 2\n        return y\n    return x\n"
    node = ast.parse(source).body[0]
    assert isinstance(node, ast.FunctionDef)
    assert body_lines(node) == 5
    assert body_lines(node, nested=False) == 2


def test_every_command_factory_is_there_and_builds_commands() -> None:
    """Each factory named above exists and nests the commands it builds, so its exemption
    cannot outlive it."""
    for dotted in FACTORIES:
        module, _dot, function = dotted.rpartition(".")
        tree = ast.parse(modules()[module].read_text(encoding="utf-8"))
        found = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == function]
        assert len(found) == 1
        assert body_lines(found[0]) > body_lines(found[0], nested=False)
