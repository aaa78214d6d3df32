"""Waits that hold on any date: CI runs the suite again years ahead under libfaketime (issue 31).

A timed wait on a lock, an event, a condition, a queue or a thread (`wait(0.05)`, `join(timeout=…)`)
is an absolute deadline on the monotonic clock; libfaketime shifts the clock the deadline is
computed from but not the kernel's wait, so the wait lasts years and the run hangs. A sleep is
shifted consistently. The package waits by sleeping; a child process is waited for untimed
(`child.wait()`) or through `subprocess`, whose timeouts poll.
"""

from __future__ import annotations

import ast

from helpers_imports import modules

TIMED = {"wait", "join", "acquire", "get"}


def timed_waits(tree: ast.AST) -> list[int]:
    """Lines of calls such as `x.wait(t)` or `x.join(timeout=t)`: a blocking method given a
    time. `", ".join(parts)` and `d.get(key)` are told apart by what they are given."""
    lines = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        name = node.func.attr
        if name not in TIMED:
            continue
        given_a_time = any(k.arg == "timeout" for k in node.keywords)
        if given_a_time or (name in {"wait", "acquire"} and node.args):
            lines.append(node.lineno)
    return lines


def test_the_package_never_waits_with_a_deadline_on_a_lock_or_a_thread() -> None:
    """No module of exitplan calls wait/join/acquire/get with a time: such a wait hangs for
    years when the clock is shifted (the phone check's reader threads did, under faketime)."""
    hits = [
        f"{name}:{line}"
        for name, path in modules().items()
        for line in timed_waits(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert hits == []


def test_the_finder_sees_the_timed_waits_it_is_for() -> None:
    """The finder catches the forms that hang and passes the calls that only share a name."""
    caught = ast.parse("e.wait(0.05)\nt.join(timeout=1)\nq.get(timeout=2)\nlock.acquire(True, 1)")
    passed = ast.parse("', '.join(parts)\nd.get('k')\nchild.wait()\nt.join()")
    assert timed_waits(caught) == [1, 2, 3, 4]
    assert timed_waits(passed) == []
