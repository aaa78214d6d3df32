"""Rules for the tests themselves: every test says in its docstring what the person is promised,
and the tests are type-checked as strictly as the package."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

# The repository: the first folder above this file that holds pyproject.toml (the tests may be
# moved into folders of their own).
ROOT = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").is_file())
TESTS = ROOT / "tests"


def undocumented_tests(tree: ast.Module) -> list[str]:
    """The names of the tests pytest would collect from a module (`test*` functions, and
    `test*` methods of `Test*` classes, nested ones too) that have no docstring."""
    missing: list[str] = []

    def look(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if node.name.startswith("test") and ast.get_docstring(node) is None:
                    missing.append(f"{prefix}{node.name} (line {node.lineno})")
            elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                look(node.body, f"{prefix}{node.name}.")

    look(tree.body, "")
    return missing


def test_every_test_has_a_docstring() -> None:
    """Each test says in a docstring what it promises, so a failure reads as a broken promise."""
    files = sorted(TESTS.rglob("test_*.py"))
    assert len(files) > 50  # the tests were found where they are
    missing = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in files
        for name in undocumented_tests(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert missing == [], "tests without a docstring:\n" + "\n".join(missing)


def test_the_docstring_rule_finds_functions_methods_and_nested_classes() -> None:
    """The rule names an undocumented test function, a method of a `Test*` class (nested ones
    too), and leaves helpers and documented tests alone."""
    source = '''
def test_plain(): pass
def test_told():
    """Told."""
async def test_waiting(): pass
def helper(): pass
class TestGroup:
    def test_method(self): pass
    def setup_method(self): pass
    class TestInner:
        def test_deep(self): pass
class Helper:
    def test_not_collected(self): pass
'''
    assert undocumented_tests(ast.parse(source)) == [
        "test_plain (line 2)",
        "test_waiting (line 5)",
        "TestGroup.test_method (line 8)",
        "TestGroup.TestInner.test_deep (line 11)",
    ]


def test_plain_mypy_checks_the_tests_and_ci_runs_it() -> None:
    """`mypy` with no arguments checks the tests as well as the package, strictly, and CI runs
    exactly that command."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    assert {"exitplan", "tests"} <= set(config["files"])
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^\"\$venv\"/bin/mypy$", ci, re.MULTILINE), "CI runs plain mypy"
