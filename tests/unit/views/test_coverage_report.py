"""The coverage report as text and as data (views/coverage.py): a line per place, and for the
places kept complete every neutral and missing cell with its reason."""

from __future__ import annotations

from exitplan.domain.coverage import Answer, Cell
from exitplan.domain.region import Place
from exitplan.views.coverage import coverage_data, coverage_lines, places_data

KEPT = Place("xx", "Country", country_name="Country", covered=True)
PART = Place("xx-aa", "Part", country_name="Country")

CELLS = [
    # The kept country: one filled step (one of its facts read on a secondary page), one neutral
    # because the place has no such thing, one missing.
    Cell(
        "money.open-account",
        "xx",
        "filled",
        (Answer("bank", "filled"), Answer("paid-leave", "filled", confirmed=False)),
    ),
    Cell(
        "legal.protection-order",
        "xx",
        "neutral",
        (Answer("court-order", "filled"), Answer("police-order", "neutral", "none")),
    ),
    Cell("safety.firearms", "xx", "missing", (Answer("firearms", "missing"),)),
    # The part, not kept complete: two filled steps, both on official pages, one unconfirmed.
    Cell("money.open-account", "xx-aa", "filled", (Answer("bank", "filled"),)),
    Cell("legal.protection-order", "xx-aa", "filled", (Answer("court-order", "filled"),)),
    Cell(
        "safety.firearms",
        "xx-aa",
        "neutral",
        (Answer("firearms", "neutral", "unconfirmed"),),
    ),
]


def test_the_report_counts_steps_places_and_each_places_cells() -> None:
    """The header counts distinct steps and places; each place's line counts its own cells, and
    how many filled ones rest only on official pages."""
    lines = coverage_lines(CELLS, [KEPT, PART])
    assert lines[0] == "Local facts: 3 steps name them, in 2 places."
    assert (
        "Country (kept complete): 1 filled (0 on an official page), 1 neutral, 1 missing" in lines
    )
    assert "Part (Country): 2 filled (2 on an official page), 1 neutral, 0 missing" in lines


def test_a_kept_place_lists_every_neutral_and_missing_fact_with_its_reason() -> None:
    """Under a place kept complete come its neutral facts with why and its missing ones (no
    reason to give), and never a filled fact; a place not kept complete has no details."""
    lines = coverage_lines(CELLS, [KEPT, PART])
    assert lines == [
        "Local facts: 3 steps name them, in 2 places.",
        "Country (kept complete): 1 filled (0 on an official page), 1 neutral, 1 missing",
        "  legal.protection-order: police-order neutral (the place has no such thing)",
        "  safety.firearms: firearms missing",
        "Part (Country): 2 filled (2 on an official page), 1 neutral, 0 missing",
    ]


def test_a_kept_place_says_why_a_fact_is_unconfirmed() -> None:
    """A neutral fact kept because no official page confirmed it says so."""
    kept_part = PART._replace(covered=True)
    lines = coverage_lines(CELLS, [kept_part])
    assert lines[-1] == "  safety.firearms: firearms neutral (not found on an official page)"


def test_no_places_and_no_cells_is_a_report_of_nothing() -> None:
    """An empty table still says what it counted: nothing, in no places."""
    assert coverage_lines([], []) == ["Local facts: 0 steps name them, in 0 places."]
    assert coverage_data([], []) == {"places": []}


def test_a_place_with_no_cells_counts_zero() -> None:
    """A place no step names a fact for has zero of everything, and no details even if kept."""
    other = Place("yy", "Elsewhere", country_name="Elsewhere", covered=True)
    lines = coverage_lines(CELLS, [other])
    assert lines == [
        "Local facts: 3 steps name them, in 1 places.",
        "Elsewhere (kept complete): 0 filled (0 on an official page), 0 neutral, 0 missing",
    ]


def test_the_report_speaks_the_persons_language(in_spanish: None) -> None:
    """In Spanish the words, the states and the reasons are Spanish; the codes stay as they are."""
    lines = coverage_lines(CELLS, [KEPT])
    assert lines == [
        "Datos locales: los nombran 3 pasos, en 1 lugares.",
        "Country (se mantiene completo): 1 con dato (0 en una página oficial), 1 neutrales, "
        "1 faltan",
        "  legal.protection-order: police-order, neutral (ese lugar no tiene nada así)",
        "  safety.firearms: firearms, falta",
    ]


def test_the_data_holds_each_places_own_cells_and_counts() -> None:
    """For --json, each place has its code, whether it is kept, its counts, how many filled
    cells rest on official pages, and its own cells with every fact; no other place's."""
    country, part = places_data(CELLS, [KEPT, PART])
    assert coverage_data(CELLS, [KEPT, PART]) == {"places": [country, part]}
    assert (country["code"], country["covered"]) == ("xx", True)
    assert country["counts"] == {"filled": 1, "neutral": 1, "missing": 1}
    assert country["confirmed"] == 0
    assert [found["step"] for found in country["cells"]] == [
        "money.open-account",
        "legal.protection-order",
        "safety.firearms",
    ]
    assert country["cells"][1] == {
        "step": "legal.protection-order",
        "state": "neutral",
        "facts": [
            {"key": "court-order", "state": "filled", "why": "", "confirmed": True},
            {"key": "police-order", "state": "neutral", "why": "none", "confirmed": True},
        ],
    }
    assert (part["code"], part["covered"], part["confirmed"]) == ("xx-aa", False, 2)
    assert part["counts"] == {"filled": 2, "neutral": 1, "missing": 0}
    assert all(found["state"] in {"filled", "neutral"} for found in part["cells"])
    assert len(part["cells"]) == 3


def test_the_data_does_not_depend_on_the_language(in_spanish: None) -> None:
    """The --json data keeps its English keys and states whatever the language."""
    data = places_data(CELLS, [KEPT])
    assert coverage_data(CELLS, [KEPT]) == {"places": data}
    assert data[0]["counts"] == {"filled": 1, "neutral": 1, "missing": 1}
    assert data[0]["cells"][2]["state"] == "missing"
