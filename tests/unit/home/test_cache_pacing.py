"""The pacing kept in the cache: worked out by the change that saved the plan, used only for
that very plan, and never different from pacing the plan afresh."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from exitplan.domain.pacing import Pace
from exitplan.home import cache


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


def test_the_pacing_code_is_the_checksum_of_its_modules() -> None:
    """Cached pacing is marked with the checksum of the pacing and plan code, so pacing worked out
    by other code is never used."""
    import importlib

    sources = [
        Path(str(importlib.import_module(name).__file__)).read_bytes() for name in cache.PACING_CODE
    ]
    assert cache.pacing_code() == cache.checksum(b"\0".join(sources))
    assert "exitplan.domain.pacing" in cache.PACING_CODE
    assert "exitplan.domain.plan" in cache.PACING_CODE
