"""A person's own checklist files through the command line: a bad file is one warning and the rest
works, `validate` names each problem, and a change to a file is seen at once."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from conftest import DATA, MONEY, PAPERS, Run, make_home, snapshot
from helpers import assert_no_traceback
from typer.testing import Result

from exitplan.formats import catalog
from exitplan.formats.checklistfile import (
    MAX_FILE_BYTES,
)

HEADER = 'schema = 1\nid = "{id}"\ntitle = "A test list"\n'


def checklist_text(cid: str, body: str = "") -> str:
    """A checklist file's text: the header for `cid`, then `body`."""
    return HEADER.format(id=cid) + body


ITEM_A = '\n[[item]]\nid = "a"\ntitle = "Step A"\nwhy = "Because."\n'


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
