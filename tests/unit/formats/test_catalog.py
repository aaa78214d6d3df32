"""Checklist files: finding, parsing and validating them, and every bad input a person can make."""

from __future__ import annotations

import re
import shutil
from datetime import date
from pathlib import Path

import pytest
from conftest import DATA, MONEY, PAPERS, Run, make_home, snapshot
from helpers import assert_no_traceback
from typer.testing import Result

from exitplan.base.errors import ChecklistError, ExitplanError
from exitplan.domain.plan import find_checklist
from exitplan.formats import catalog
from exitplan.formats.catalog import Catalog, builtin_dir, checklist_files
from exitplan.formats.checklistfile import (
    MAX_FILE_BYTES,
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


def test_builtin_dir_is_the_checklists_folder() -> None:
    """The built-in checklists are found: in the package, or in the source tree."""
    folder = builtin_dir()
    assert folder.is_dir()
    assert folder.name == "checklists"


def test_builtin_catalog_loads_and_is_marked_builtin() -> None:
    """Every built-in file loads; each checklist is marked built-in; ids are unique and sorted."""
    loaded = load_catalog()
    assert all(c.builtin for c in loaded.checklists)
    assert len(set(ids(loaded))) == len(ids(loaded))
    assert [c.id for c in loaded.checklists] == [
        c.id for c in sorted(loaded.checklists, key=lambda c: (c.order, c.id))
    ]
    assert len(loaded.checklists) == len(checklist_files(builtin_dir()))


def test_user_checklists_join_the_builtin_ones(tmp_path: Path) -> None:
    """The person's own files load beside the built-in ones, not marked built-in, in order."""
    folder = tmp_path / "mine"
    folder.mkdir()
    for name in (MONEY, PAPERS):
        shutil.copyfile(DATA / f"{name}.toml", folder / f"{name}.toml")
    loaded = load_catalog(folder)
    assert ids(loaded)[:2] == [MONEY, PAPERS]  # order 1 and 2 sort before the built-in ones
    money = find_checklist(loaded.checklists, MONEY)
    assert money is not None
    assert money.builtin is False
    assert [i.id for i in money.items] == [
        "open-account",
        "save-cash",
        "credit-report",
        "change-beneficiaries",
    ]
    assert "nope" not in ids(loaded)
    assert set(ids(load_catalog())) | {MONEY, PAPERS} == set(ids(loaded))


def test_missing_user_folder_is_fine(tmp_path: Path) -> None:
    """A data directory without a checklists folder just has the built-in lists."""
    assert ids(load_catalog(tmp_path / "absent")) == ids(load_catalog())


def test_checklist_files_takes_only_toml_files(tmp_path: Path) -> None:
    """Only regular `*.toml` files count, sorted by name; notes and folders are ignored."""
    (tmp_path / "b.toml").write_text("")
    (tmp_path / "a.toml").write_text("")
    (tmp_path / "readme.txt").write_text("")
    (tmp_path / "dir.toml").mkdir()
    assert [p.name for p in checklist_files(tmp_path)] == ["a.toml", "b.toml"]
    assert checklist_files(tmp_path / "missing") == []


def test_a_countrys_override_files_follow_the_shared_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """For fr_CA with an override folder, the translation files are the shared French ones,
    then Canada's; the catalog is kept as fr_CA there, as fr for a country without a folder,
    and as English for English."""
    for folder, name in (("fr", "a.toml"), ("fr", "b.toml"), ("fr_CA", "a.toml")):
        (tmp_path / folder).mkdir(exist_ok=True)
        (tmp_path / folder / name).write_text("", encoding="utf-8")
    monkeypatch.setattr(catalog, "builtin_dir", lambda: tmp_path)
    names = [f"{p.parent.name}/{p.name}" for p in catalog.translation_files("fr_CA")]
    assert names == ["fr/a.toml", "fr/b.toml", "fr_CA/a.toml"]
    assert [p.parent.name for p in catalog.translation_files("fr")] == ["fr", "fr"]
    assert catalog.translation_files("en") == []
    assert catalog.checklist_language("fr_CA") == "fr_CA"
    assert catalog.checklist_language("fr_FR") == "fr"
    assert catalog.checklist_language("fr") == "fr"
    assert catalog.checklist_language("en_GB") == "en"


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


def test_the_one_way_to_find_a_checklist_by_name() -> None:
    """A checklist is found by its id or its title, in any case; another name is refused with
    one plain message that names the checklists there are."""
    money = load_checklist(DATA / f"{MONEY}.toml")
    papers = load_checklist(DATA / f"{PAPERS}.toml")
    both = Catalog((money, papers))
    assert ids(both) == [MONEY, PAPERS]
    assert find_checklist(both.checklists, PAPERS) is papers
    assert find_checklist(both.checklists, PAPERS.upper()) is papers
    assert find_checklist(both.checklists, f" {money.title.lower()} ") is money
    with pytest.raises(
        ExitplanError, match=f"no checklist called 'cash'; choose one of: {MONEY}, {PAPERS}"
    ):
        find_checklist(both.checklists, "cash")


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


# -- bad checklist files, through the CLI --------------------------------------------------------

BIG = object()  # marker: build an enormous file instead of writing text

BAD_FILES = [
    pytest.param(
        "t-bad",
        checklist_text("t-bad", "[[item]\n"),
        r"{path}: (?=.*TOML syntax error)(?=.*line 4, column 7)",
        id="malformed-toml",
    ),
    pytest.param(
        "t-bad",
        checklist_text(
            "t-bad", ITEM_A + '\n[[item]]\nid = "b"\ntitle = "B"\nwhy = "y"\ncolour = "red"\n'
        ),
        r"{path}: item 2 \('b'\), field 'colour': is not a known field \(check the spelling\)",
        id="unknown-item-key",
    ),
    pytest.param(
        "t-bad",
        checklist_text("t-bad", 'sumary = "typo"\n'),
        r"{path}: field 'sumary': is not a known field \(check the spelling\)",
        id="unknown-top-key",
    ),
    pytest.param(
        "t-bad",
        checklist_text("t-bad", ITEM_A + ITEM_A),
        r"{path}: item id 'a' is used twice",
        id="duplicate-item-ids",
    ),
    pytest.param(
        "t-bad",
        checklist_text("t-bad", ITEM_A + 'due = "-3x"\n'),
        r"{path}: item 1 \('a'\), field 'due': '-3x' is not an offset: use 'exit', or a number "
        r"of days or weeks like -3w, -10d or \+7d",
        id="bad-due-offset",
    ),
    pytest.param(
        "t-bad",
        checklist_text("t-bad", ITEM_A + 'due = "-99999d"\n'),
        r"{path}: item 1 \('a'\), field 'due': '-99999d' is not an offset",
        id="huge-due-offset",
    ),
    pytest.param(
        "t-bad",
        checklist_text("t-bad", ITEM_A + "due = 2027-01-31T10:00:00\n"),
        r"{path}: item 1 \('a'\), field 'due': use a date without a time, like 2027-01-31",
        id="due-with-time",
    ),
    pytest.param(
        "t-bad",
        checklist_text("t-bad", ITEM_A + 'due = "+7d"\n'),
        r"{path}: item 1 \('a'\): 'when' is 'before' but 'due' \(\+7d\) is after the exit",
        id="due-contradicts-when",
    ),
    pytest.param(
        "t-bad",
        checklist_text("t-bad", ITEM_A + 'priority = "urgent"\n'),
        r"{path}: item 1 \('a'\), field 'priority': ",
        id="bad-priority",
    ),
    pytest.param(
        "t-bad",
        checklist_text("t-bad", '\n[[item]]\nid = "a"\ntitle = "A"\n'),
        r"{path}: item 1 \('a'\), field 'why': is required",
        id="missing-field",
    ),
    pytest.param(
        "t-bad",
        'schema = 2\nid = "t-bad"\ntitle = "T"\n',
        r"{path}: field 'schema': ",
        id="unknown-schema-version",
    ),
    pytest.param(
        "t-bad",
        checklist_text("t-other"),
        r"{path}: id 't-other' should match the file name 't-bad'",
        id="id-not-file-name",
    ),
    pytest.param(
        "t-bad",
        b'schema = 1\nid = "t-bad"\ntitle = "Caf\xe9"\n',
        r"{path}: line 3: is not valid UTF-8 text \(save it as UTF-8\)",
        id="not-utf8",
    ),
    pytest.param(
        "t-bad",
        BIG,
        r"{path}: is larger than 16 MiB",
        id="enormous",
    ),
    pytest.param(
        "t-bad",
        "a = " + "[" * 100_000,
        r"{path}: is nested too deeply to be a checklist",
        id="absurdly-nested",
    ),
]


def write_bad(folder: Path, name: str, content: object) -> Path:
    """Write a bad checklist file (an enormous one is sparse, so it costs no disk)."""
    path = folder / f"{name}.toml"
    if content is BIG:
        with path.open("wb") as handle:
            handle.truncate(MAX_FILE_BYTES + 1)
    elif isinstance(content, bytes):
        path.write_bytes(content)
    else:
        assert isinstance(content, str)
        path.write_text(content, encoding="utf-8")
    return path


def left_out_line(result: Result) -> str:
    """The one warning about a personal checklist left out, without its `Note: ` prefix."""
    assert_no_traceback(result)
    notes = [line for line in result.stderr.splitlines() if line.startswith("Note: ")]
    assert len(notes) == 1, result.stderr
    assert "see every problem with: exitplan validate '" in notes[0]
    return notes[0].removeprefix("Note: ")


@pytest.mark.parametrize(("name", "content", "pattern"), BAD_FILES)
@pytest.mark.parametrize("command", [("status",), ("list", "--json"), ("done", "1")])
def test_bad_user_checklist_is_one_warning_and_the_rest_works(
    run: Run, plan_home: Path, name: str, content: object, pattern: str, command: tuple[str, ...]
) -> None:
    """A bad file among the person's checklists: one warning line naming it and the problem;
    the command works on the rest, and a reading command writes nothing."""
    path = write_bad(plan_home / "checklists", name, content)
    before = snapshot(plan_home)
    result = run(*command)
    assert result.exit_code == 0, result.output
    message = left_out_line(result)
    assert re.match(pattern.format(path=re.escape(str(path))), message), message
    assert f"exitplan validate '{path}'" in message
    if command[0] != "done":
        assert snapshot(plan_home) == before


@pytest.mark.parametrize(("name", "content", "pattern"), BAD_FILES)
def test_validate_reports_each_bad_file(
    run: Run, tmp_path: Path, name: str, content: object, pattern: str
) -> None:
    """validate reports the same problem for each bad file, exits 1, and writes nothing."""
    folder = tmp_path / "files"
    folder.mkdir()
    path = write_bad(folder, name, content)
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert lines[-1] in ("1 problem found.", "2 problems found.")
    assert re.match("Error: " + pattern.format(path=re.escape(str(path))), lines[0]), lines[0]
    assert snapshot(folder) == {path.name: path.read_bytes()}


def test_user_checklist_with_a_byte_order_mark_is_accepted(run: Run, home: Path) -> None:
    """A checklist saved with a UTF-8 BOM (as some Windows editors do) works."""
    make_home(home)
    text = (DATA / f"{MONEY}.toml").read_bytes()
    (home / "checklists" / f"{MONEY}.toml").write_bytes(b"\xef\xbb\xbf" + text)
    assert run("init", "-c", MONEY).exit_code == 0
    assert "Test money" in run("status").stdout


def test_fixing_a_broken_checklist_is_seen_at_once(run: Run, plan_home: Path) -> None:
    """After a broken checklist is fixed, the next command reads the fixed file."""
    path = plan_home / "checklists" / f"{MONEY}.toml"
    good = path.read_text(encoding="utf-8")
    path.write_text(
        good.replace('title = "Put cash aside"', 'titel = "Put cash aside"'), encoding="utf-8"
    )
    broken = run("status")
    assert broken.exit_code == 0
    assert str(path) in left_out_line(broken)
    path.write_text(good.replace("Put cash aside", "Put some cash aside"), encoding="utf-8")
    result = run("status")
    assert result.exit_code == 0
    assert "Put some cash aside" in result.stdout


def test_breaking_a_checklist_after_a_save_is_noticed(run: Run, plan_home: Path) -> None:
    """A checklist edited into a broken state after the last save is reported, not stale data."""
    assert run("done", "1").exit_code == 0  # the plan has been saved with the good file
    path = plan_home / "checklists" / f"{PAPERS}.toml"
    path.write_text(
        path.read_text(encoding="utf-8").replace('id = "keep-copies"', 'id = "keep copies"'),
        encoding="utf-8",
    )
    result = run("list", "--json")
    assert result.exit_code == 0
    assert left_out_line(result).startswith(f"{path}: item 3")
    assert '"t-papers' not in result.stdout


def test_removed_user_checklist_leaves_the_plan(run: Run, plan_home: Path) -> None:
    """Deleting one of the person's checklist files takes its items out of the plan."""
    assert run("done", "1").exit_code == 0
    (plan_home / "checklists" / f"{PAPERS}.toml").unlink()
    result = run("list", "--json", "--all")
    assert result.exit_code == 0
    assert '"t-papers' not in result.stdout


def test_new_user_checklist_joins_the_plan(run: Run, plan_home: Path) -> None:
    """A checklist file added to the folder later is part of the plan at once."""
    assert run("done", "1").exit_code == 0
    path = plan_home / "checklists" / "t-extra.toml"
    path.write_text(checklist_text("t-extra", ITEM_A), encoding="utf-8")
    result = run("show", "t-extra.a", "--json")
    assert result.exit_code == 0
    assert '"custom": false' in result.stdout


# -- duplicate checklist ids ---------------------------------------------------------------------


@pytest.fixture
def clashing_home(home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Built-in checklists that include t-money, and a person's own t-money.toml."""
    builtins = tmp_path / "builtin"
    builtins.mkdir()
    shutil.copyfile(DATA / f"{MONEY}.toml", builtins / f"{MONEY}.toml")
    monkeypatch.setattr(catalog, "builtin_dir", lambda: builtins)
    return make_home(home, MONEY)


def test_duplicate_checklist_id_is_a_warning(run: Run, clashing_home: Path, tmp_path: Path) -> None:
    """A personal checklist reusing an id is left out with one warning naming both files."""
    before = snapshot(clashing_home)
    mine = clashing_home / "checklists" / f"{MONEY}.toml"
    theirs = tmp_path / "builtin" / f"{MONEY}.toml"
    for command in (("status",), ("checklists",)):
        result = run(*command)
        assert result.exit_code == 0
        assert left_out_line(result).startswith(
            f"{mine}: uses the id '{MONEY}', which {theirs} already uses; "
            "give one of them another id. "
        )
    assert snapshot(clashing_home) == before


def test_enormous_integer_offset_is_refused(run: Run, home: Path) -> None:
    """An absurd number of days in `due` is a clear error in validate and everywhere else."""
    make_home(home)
    path = home / "checklists" / "t-far.toml"
    path.write_text(
        checklist_text("t-far", ITEM_A + 'due = 999999999\nwhen = "after"\n'), encoding="utf-8"
    )
    message = f"{path}: item 1 ('a'), field 'due': 999999999 days is more than ten years away"
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert f"Error: {message}" in result.stderr.splitlines()
    refused = run("init", "-c", "t-far", "--exit-date", "2027-01-01")
    assert refused.exit_code == 1
    assert left_out_line(refused).startswith(message + ". ")
    assert left_out_line(run("status")).startswith(message + ". ")
    assert not (home / "plan.toml").exists()


def test_control_characters_in_a_checklist_never_reach_the_terminal(
    run: Run, home: Path, no_builtins: Path
) -> None:
    """Escape sequences hidden in a checklist file are refused, naming the item and field."""
    make_home(home)
    path = home / "checklists" / "t-esc.toml"
    path.write_text(
        checklist_text(
            "t-esc",
            '\n[[item]]\nid = "a"\ntitle = "Bad \\u001b]0;owned\\u0007 \\u001b[2J title"\n'
            'why = "x"\ndue = "-1d"\n',
        ),
        encoding="utf-8",
    )
    message = f"{path}: item 1 ('a'), field 'title': contains a control character (U+001B)"
    validated = run("validate", str(path))
    assert validated.exit_code == 1
    assert f"Error: {message}" in validated.stderr.splitlines()
    for command in (("init", "-c", "t-esc"), ("status",), ("list",)):
        result = run(*command)
        assert left_out_line(result).startswith(message + ". ")
        assert "\x1b" not in result.output
    assert not (home / "plan.toml").exists()


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
