"""A checklist file read from disk: its text, its TOML, every field of its items and every problem
named with its line or field, and the catalog of the built-in and the person's own files."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from conftest import DATA, MONEY

from exitplan.base.errors import ChecklistError
from exitplan.formats.catalog import Catalog
from exitplan.formats.checklistfile import (
    checklist_problems,
    decode_utf8,
    load_catalog,
    load_checklist,
    parse_toml,
    read_text,
)

HEADER = 'schema = 1\nid = "{id}"\ntitle = "A test list"\n'


def checklist_text(cid: str, body: str = "") -> str:
    """A checklist file's text: the header for `cid`, then `body`."""
    return HEADER.format(id=cid) + body


ITEM_A = '\n[[item]]\nid = "a"\ntitle = "Step A"\nwhy = "Because."\n'


# -- finding and loading -------------------------------------------------------------------------


def test_missing_user_folder_is_fine(tmp_path: Path) -> None:
    """A data directory without a checklists folder just has the built-in lists."""
    assert ids(load_catalog(tmp_path / "absent")) == ids(load_catalog())


def test_item_fields_are_read() -> None:
    """Every field of an item in the file reaches the loaded checklist."""
    money = load_checklist(DATA / f"{MONEY}.toml")
    item = money.items[0]
    assert (money.id, money.title, money.summary, money.order) == (
        MONEY,
        "Test money",
        "Money steps used by the tests.",
        1,
    )
    assert item.id == "open-account"
    assert item.title == "Open an account in your name"
    assert item.how == "Use a bank you have never used together."
    assert item.due.offset == -21
    assert item.due.on is None
    assert item.priority == "high"
    assert item.when == "before"
    assert item.alerts_partner is True
    assert item.caution == "Choose paperless statements."
    assert item.sources == ("https://example.org/money",)
    assert item.tags == ("bank",)
    defaults = money.items[2]
    assert (defaults.priority, defaults.when, defaults.alerts_partner, defaults.how) == (
        "normal",
        "before",
        False,
        None,
    )
    assert defaults.due.offset == -7  # "-1w"


@pytest.mark.parametrize(
    ("due", "offset", "on"),
    [
        ('"-3w"', -21, None),
        ('"-10d"', -10, None),
        ('"exit"', 0, None),
        ('"0"', 0, None),
        ("-5", -5, None),
        ('"2027-01-31"', 0, date(2027, 1, 31)),
        ("2027-01-31", 0, date(2027, 1, 31)),
    ],
)
def test_due_forms(tmp_path: Path, due: str, offset: int, on: date | None) -> None:
    """A due is an offset (-3w, -10d, exit, a number of days) or an absolute date."""
    path = tmp_path / "due.toml"
    path.write_text(checklist_text("due", ITEM_A + f"due = {due}\n"), encoding="utf-8")
    item = load_checklist(path).items[0]
    assert (item.due.offset, item.due.on) == (offset, on)


def ids(catalog: Catalog) -> list[str]:
    """The checklist ids of a catalog, in display order."""
    return [checklist.id for checklist in catalog.checklists]


# -- low-level reading ---------------------------------------------------------------------------


def test_read_text_accepts_a_byte_order_mark(tmp_path: Path) -> None:
    """A UTF-8 BOM is dropped, not kept as a character."""
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbfid = 1\n")
    assert read_text(path) == "id = 1\n"


def test_read_text_missing_and_folder(tmp_path: Path) -> None:
    """A missing path or a folder is a ChecklistError naming the path."""
    with pytest.raises(ChecklistError, match=re.escape(f"{tmp_path / 'x.toml'}: no such file")):
        read_text(tmp_path / "x.toml")
    with pytest.raises(ChecklistError, match="is a folder"):
        read_text(tmp_path)


def test_decode_utf8_names_the_line() -> None:
    """A bad byte is reported with the line it is on."""
    with pytest.raises(ChecklistError, match=r"^f\.toml: line 3: is not valid UTF-8"):
        decode_utf8(b"a = 1\nb = 2\nc = '\xff'\n", Path("f.toml"))


def test_parse_toml_names_line_and_column() -> None:
    """A syntax error names the file, the line and the column."""
    with pytest.raises(ChecklistError) as info:
        parse_toml('a = 1\nb = "open\n', Path("f.toml"))
    message = str(info.value)
    assert message.startswith("f.toml: ")
    assert "TOML syntax error" in message
    assert "line 2, column" in message


def test_parse_toml_too_deep() -> None:
    """Absurdly nested TOML is refused with a message, not a RecursionError."""
    with pytest.raises(ChecklistError, match="is nested too deeply"):
        parse_toml("a = " + "[" * 100_000, Path("f.toml"))


def test_checklist_problems_reports_every_problem(tmp_path: Path) -> None:
    """checklist_problems returns each problem of a file, naming the item and the field."""
    path = tmp_path / "many.toml"
    path.write_text(
        checklist_text(
            "many",
            '\n[[item]]\nid = "a"\ntitle = "A"\nwhy = "x"\npriorty = "high"\n'
            '\n[[item]]\nid = "b"\ntitle = ""\nwhy = "y"\npriority = "urgent"\n',
        ),
        encoding="utf-8",
    )
    found, problems = checklist_problems(path)
    assert found is None
    assert (
        f"{path}: item 1 ('a'), field 'priorty': is not a known field (check the spelling)"
        in problems
    )
    assert any(p.startswith(f"{path}: item 2 ('b'), field 'title': ") for p in problems)
    assert any(p.startswith(f"{path}: item 2 ('b'), field 'priority': ") for p in problems)
    assert len(problems) == 3


def test_load_checklist_raises_the_first_problem_and_counts_the_rest(tmp_path: Path) -> None:
    """load_checklist raises one error: the first problem, and how many more there are."""
    path = tmp_path / "two.toml"
    path.write_text(checklist_text("two", ITEM_A + 'colour = "red"\nsize = 3\n'), encoding="utf-8")
    with pytest.raises(ChecklistError) as info:
        load_checklist(path)
    assert str(info.value) == (
        f"{path}: item 1 ('a'), field 'colour': is not a known field (check the spelling)"
        f" (and 1 more problem); check the file with: exitplan validate '{path}'"
    )


# -- the marks a step may carry ----------------------------------------------------------------


def test_the_round_the_hastening_and_the_moot_mark_are_read(tmp_path: Path) -> None:
    """`batch`, `soon_if_danger` and `moot_after_exit` are read into the step."""
    path = tmp_path / "marks.toml"
    body = ITEM_A + 'due = "-4w"\nbatch = 2\nsoon_if_danger = true\nmoot_after_exit = true\n'
    path.write_text(checklist_text("marks", body), encoding="utf-8")
    item = load_checklist(path).items[0]
    assert (item.batch, item.soon_if_danger, item.moot_after_exit) == (2, True, True)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ('when = "after"\ndue = "+1w"\nsoon_if_danger = true\n', "'soon_if_danger' is only for"),
        ('when = "after"\ndue = "+1w"\nmoot_after_exit = true\n', "'moot_after_exit' is only for"),
        ("batch = -1\n", "batch"),
        ('soon_if_danger = "yes"\n', "soon_if_danger"),
    ],
)
def test_the_new_marks_are_refused_where_they_cannot_hold(
    tmp_path: Path, extra: str, message: str
) -> None:
    """Hastening a step after the exit, a step moot after the exit that comes after it, a
    negative round or a mark that is not true or false: one plain error, naming the field."""
    path = tmp_path / "marks.toml"
    path.write_text(checklist_text("marks", ITEM_A + extra), encoding="utf-8")
    with pytest.raises(ChecklistError, match=re.escape(message)):
        load_checklist(path)
