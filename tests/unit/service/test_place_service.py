"""Where the person lives and the situation answers from the face: names matched, a country's
parts, both saved as one change with what they changed counted, and nothing written when
nothing changes."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import EXIT, PLANNED, TODAY, make_home

from exitplan.base.errors import ExitplanError
from exitplan.service import place
from exitplan.service.workspace import Workspace

LOCAL = "t-local"


@pytest.fixture
def ws(home: Path, no_builtins: Path) -> Workspace:
    """A plan of the test checklist whose steps name local facts; no place chosen yet."""
    make_home(home, LOCAL)
    Workspace(home, PLANNED).init(EXIT, [LOCAL])
    return Workspace(home, TODAY)


def files(home: Path) -> dict[Path, bytes]:
    """Every file of the home with its bytes."""
    return {path: path.read_bytes() for path in home.rglob("*") if path.is_file()}


def test_a_name_is_matched_and_an_unknown_one_refused() -> None:
    """Scotland is found by its name; a place exitplan does not know is a plain error."""
    scotland = place.find("Scotland")
    assert scotland.code == "gb-sct"
    assert place.label_of("gb-sct") == scotland.label
    assert place.label_of(None) is None
    assert place.label_of("zz-nowhere") is None
    with pytest.raises(ExitplanError):
        place.find("Atlantis")


def test_a_country_with_parts_offers_them_and_a_part_none() -> None:
    """The United Kingdom has its nations, chosen by name; a nation has no parts of its own."""
    nations = place.parts(place.find("United Kingdom"))
    assert "gb-sct" in {part.code for part in nations}
    scotland = place.choose_part("scotland", nations)
    assert scotland is not None
    assert scotland.code == "gb-sct"
    assert place.choose_part("Narnia", nations) is None
    assert place.parts(scotland) == ()
    assert {country.code for country in place.list_of_countries()} < {
        known.code for known in place.all_places()
    }


def test_a_new_place_counts_what_it_changed(ws: Workspace, home: Path) -> None:
    """Scotland: steps use its words; Ontario after it sets the UK steps aside; the same place
    again changes nothing and writes nothing."""
    scotland = place.save_place(ws, "gb-sct")
    assert scotland is not None
    assert scotland.label == place.label_of("gb-sct")
    assert scotland.named > 0
    ontario = place.save_place(Workspace(home, TODAY), "ca-on")
    assert ontario is not None
    assert ontario.aside == 2
    before = files(home)
    assert place.save_place(Workspace(home, TODAY), "ca-on") is None
    assert files(home) == before
    back = place.save_place(Workspace(home, TODAY), "gb-sct")
    assert back is not None
    assert back.back == 2


def test_forgetting_the_place_says_no_place(ws: Workspace, home: Path) -> None:
    """Clearing a chosen place reports no place and no counts."""
    place.save_place(ws, "gb-sct")
    assert place.save_place(Workspace(home, TODAY), None) == place.PlaceChange(None, 0, 0, 0)


def test_answers_piped_in_are_read_with_the_place_named() -> None:
    """TOML answers give the answers and, apart, the place named."""
    answers, named = place.read_answers('children = false\nregion = "Wales"\n')
    assert (answers, named) == ({"children": False}, "Wales")


def test_answers_are_saved_once_with_the_place(ws: Workspace, home: Path) -> None:
    """Answers and a place saved together say the place changed; the same answers again
    change nothing and write nothing; a danger sign is said."""
    saved = place.save_answers(ws, {"children": False}, "gb-sct", keep_place=False)
    assert saved is not None
    assert saved.place is not None
    assert saved.place.label == place.label_of("gb-sct")
    assert not saved.danger
    now = place.current(Workspace(home, TODAY))
    assert (now.answers, now.region) == ({"children": False}, "gb-sct")
    before = files(home)
    same = place.save_answers(Workspace(home, TODAY), {"children": False}, None, keep_place=True)
    assert same is None
    assert files(home) == before
    danger = place.save_answers(Workspace(home, TODAY), {"weapons": True}, None, keep_place=True)
    assert danger is not None
    assert (danger.place, danger.danger) == (None, True)


def test_an_unsure_danger_sign_is_kept_as_unsure(ws: Workspace, home: Path) -> None:
    """A danger sign answered "not sure" reads back as unsure."""
    place.save_answers(ws, {"weapons": "unsure"}, None, keep_place=True)
    assert place.current(Workspace(home, TODAY)).answers == {"weapons": "unsure"}
