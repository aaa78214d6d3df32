"""The pacing kept in the cache: worked out by the change that saved the plan, used only for
that very plan, and never different from pacing the plan afresh."""

from __future__ import annotations

import importlib
import json
from datetime import date
from pathlib import Path
from types import SimpleNamespace

import pytest
from helpers_imports import import_graph
from hypothesis import given, settings
from hypothesis import strategies as st

from exitplan.domain.pacing import Pace
from exitplan.formats import cache


@settings(max_examples=200, deadline=None)
@given(
    dates=st.dictionaries(
        st.integers(0, 499), st.dates(date(2000, 1, 1), date(2100, 1, 1)), max_size=60
    ),
    if_time=st.frozensets(st.integers(0, 499), max_size=60),
    limit=st.integers(1, 20),
)
def test_pace_data_round_trips(dates: dict[int, date], if_time: frozenset[int], limit: int) -> None:
    """What `to_data` writes, through JSON, `from_data` reads back as the same pacing."""
    paced = Pace(dates, if_time, limit)
    assert Pace.from_data(json.loads(json.dumps(paced.to_data())), 500) == paced


def pacing_modules() -> set[str]:
    """The domain modules the pacing modules need at run time, followed through their imports
    (at the top or inside a function)."""
    graph = import_graph(typing=False)
    seen: set[str] = set()
    todo = list(cache.PACING_CODE)
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += graph.get(name, set())
    return {name for name in seen if name.startswith("exitplan.domain.")}


def test_the_pacing_code_covers_every_module_that_paces() -> None:
    """The code a kept pace is marked with covers every domain module the pacing and plan code
    use (the dates it shifts, the schedule that calls it): an upgrade of any one of them makes
    a kept pace a miss."""
    assert pacing_modules() - set(cache.PACING_CODE) == set()
    assert {"exitplan.domain.pacing", "exitplan.domain.dates"} <= pacing_modules()


@pytest.mark.parametrize("name", cache.PACING_CODE)
def test_a_change_to_any_pacing_module_changes_the_code(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One edited line in any one of the modules gives another code; the same files give the
    same code again."""
    real = importlib.import_module
    source = Path(str(real(name).__file__))
    edited = tmp_path / source.name
    edited.write_bytes(source.read_bytes() + b"# edited\n")
    before = cache.pacing_code.__wrapped__()
    assert before is not None
    assert cache.pacing_code.__wrapped__() == before

    def importing(wanted: str) -> object:
        return SimpleNamespace(__file__=str(edited)) if wanted == name else real(wanted)

    monkeypatch.setattr(importlib, "import_module", importing)
    after = cache.pacing_code.__wrapped__()
    assert after is not None
    assert after != before


def test_a_module_that_cannot_be_read_gives_no_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where a pacing module's file cannot be read (a frozen build, a removed file), there is no
    code, so no kept pace is ever used."""
    real = importlib.import_module
    gone = tmp_path / "gone.py"

    def importing(wanted: str) -> object:
        return (
            SimpleNamespace(__file__=str(gone)) if wanted == cache.PACING_CODE[-1] else real(wanted)
        )

    monkeypatch.setattr(importlib, "import_module", importing)
    assert cache.pacing_code.__wrapped__() is None
