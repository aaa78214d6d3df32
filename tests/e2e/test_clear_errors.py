"""The failures a frightened person meets first: each one clear, calm, and writing nothing.

A home on a drive that is not plugged in, one broken personal checklist, a summary written over
a file, a rehearsal that changes the plan for real, internal wording, small untruths, ids made
from secret titles, and review's Ctrl-C and quick hide.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from conftest import MONEY, PAPERS, TODAY, Run, make_home, read_plan, snapshot
from helpers import assert_no_traceback, cli, ok, one_error_line

import exitplan.domain.dates
from exitplan.cli import prompts
from exitplan.cli import review as review_module
from exitplan.cli.app import app, command_name
from exitplan.cli.console import CLEAR_SEQUENCE

MISSING_DRIVE = "that folder does not exist. is the drive connected?"
REHEARSAL = "but this change is saved for real"


def notes_of(stderr: str) -> list[str]:
    """The `Note: ...` lines of a run."""
    return [line for line in stderr.splitlines() if line.startswith("Note: ")]


# -- a home on a drive that is not there ------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        ("status",),
        ("list",),
        ("show", "1"),
        ("checklists",),
        ("summary",),
        ("history",),
        ("init", "--exit-date", "+6w"),
        ("done", "1"),
        ("note", "1", "--clear"),
        ("add", MONEY, "A step"),
        ("backups",),
        ("restore",),
        ("review",),
    ],
)
def test_a_home_on_a_missing_drive_is_named_and_nothing_is_created(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    """--home under a folder that does not exist: one line asking about the drive, exit 1,
    and not a single folder created on the way."""
    home = tmp_path / "media" / "STICK" / "exitplan"
    result = cli(home, *command, today=TODAY)
    line = one_error_line(result, MISSING_DRIVE)
    assert str(home.parent) in line
    assert result.stdout == ""
    assert not (tmp_path / "media").exists()


def test_exitplan_home_on_a_missing_drive_is_refused_too(tmp_path: Path) -> None:
    """The same holds when the home comes from EXITPLAN_HOME."""
    home = tmp_path / "STICK" / "exitplan"
    result = cli(None, "init", today=TODAY, env={"EXITPLAN_HOME": str(home)})
    one_error_line(result, MISSING_DRIVE)
    assert not (tmp_path / "STICK").exists()


def test_init_creates_only_the_last_folder_of_a_chosen_home(tmp_path: Path) -> None:
    """When the drive is there, init makes the plan's own folder (private) and nothing else."""
    stick = tmp_path / "STICK"
    stick.mkdir()
    home = stick / "exitplan"
    ok(cli(home, "init", today=TODAY))
    assert (home / "plan.toml").is_file()
    assert home.stat().st_mode & 0o777 == 0o700


def test_the_default_home_may_still_create_its_parents() -> None:
    """Without --home the platform's data folder is used, missing parents and all."""
    from exitplan.disk.paths import default_home

    assert not default_home().parent.exists()  # the test's XDG data folder is not made yet
    ok(cli(None, "init", today=TODAY))
    assert (default_home() / "plan.toml").is_file()


# -- one broken personal checklist ------------------------------------------------------------


def break_papers(home: Path) -> tuple[Path, str]:
    """Put a typo into the person's t-papers checklist; return its path and good text."""
    path = home / "checklists" / f"{PAPERS}.toml"
    good = path.read_text(encoding="utf-8")
    path.write_text(good.replace('title = "', 'titel = "', 1), encoding="utf-8")
    return path, good


@pytest.mark.parametrize(
    "command",
    [("status",), ("list",), ("show", "1"), ("checklists",), ("history",), ("done", "2")],
)
def test_a_broken_personal_checklist_leaves_the_rest_working(
    run: Run, plan_home: Path, command: tuple[str, ...]
) -> None:
    """Every command works on the rest of the plan, with one warning line that names the file
    and how to see the problem."""
    path, _ = break_papers(plan_home)
    result = run(*command)
    assert result.exit_code == 0, result.output
    assert_no_traceback(result)
    notes = notes_of(result.stderr)
    assert len(notes) == 1, result.stderr
    assert str(path) in notes[0]
    assert notes[0].endswith(f"exitplan validate '{path}'")
    # Steps after it are numbered differently while it is left out: the line says so.
    assert "step numbers have moved until it is fixed" in notes[0]


def test_progress_on_a_broken_checklist_survives_saves(run: Run, plan_home: Path) -> None:
    """Steps of a checklist whose file is broken keep their progress through later saves, and
    show it again once the file is fixed."""
    ok(run("done", f"{PAPERS}.copy-passport"))
    ok(run("skip", f"{PAPERS}.keep-copies", "--reason", "done already"))
    path, good = break_papers(plan_home)
    ok(run("done", "1"))
    ok(run("note", "2", input="ask at the bank\n"))
    items = read_plan(plan_home).items
    assert items[f"{PAPERS}.copy-passport"].status == "done"
    assert items[f"{PAPERS}.keep-copies"].reason == "done already"
    path.write_text(good, encoding="utf-8")
    rows = {row["id"]: row for row in json.loads(ok(run("list", "--all", "--json")).stdout)}
    assert rows[f"{PAPERS}.copy-passport"]["status"] == "done"
    assert rows[f"{PAPERS}.keep-copies"]["status"] == "skipped"
    assert rows[f"{MONEY}.open-account"]["status"] == "done"
    assert notes_of(ok(run("status")).stderr) == []


# -- summary --output -------------------------------------------------------------------------


def test_summary_refuses_to_replace_a_file_without_force(
    run: Run, plan_home: Path, tmp_path: Path
) -> None:
    """An existing file is never overwritten unasked: one line, exit 1, the file unchanged;
    --force replaces it."""
    target = tmp_path / "README.md"
    target.write_text("my own words\n", encoding="utf-8")
    result = run("summary", "--output", str(target))
    one_error_line(result, "already exists", "--force")
    assert target.read_text(encoding="utf-8") == "my own words\n"
    ok(run("summary", "--output", str(target), "--force"))
    assert target.read_text(encoding="utf-8") == run("summary", "--format", "markdown").stdout


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("plan.md", "markdown"),
        ("plan.HTML", "html"),
        ("plan.htm", "html"),
        ("plan.json", "json"),
        ("plan.txt", "text"),
        ("plan.notes", "text"),
    ],
)
def test_summary_chooses_the_format_from_the_file_name(
    run: Run, plan_home: Path, tmp_path: Path, name: str, fmt: str
) -> None:
    """Without --format, the --output name's extension chooses it; anything else is text."""
    target = tmp_path / name
    result = ok(run("summary", "--output", str(target)))
    assert f"({fmt})" in result.stderr
    assert target.read_text(encoding="utf-8") == run("summary", "--format", fmt).stdout


def test_summary_format_wins_over_the_extension(run: Run, plan_home: Path, tmp_path: Path) -> None:
    """An explicit --format is kept whatever the file is called."""
    target = tmp_path / "plan.md"
    ok(run("summary", "--format", "json", "--output", str(target)))
    assert json.loads(target.read_text(encoding="utf-8"))


def test_summary_html_is_the_printable_page(run: Run, plan_home: Path) -> None:
    """--format html prints the self-contained printable page, with the plan in it."""
    from helpers_summary import summary_html

    from exitplan.domain.day import day_view
    from exitplan.service.workspace import Workspace

    page = ok(run("summary", "--format", "html")).stdout
    assert page == summary_html(day_view(Workspace(plan_home, TODAY).read(), TODAY))
    assert "Open an account in your name" in page
    assert "<script" not in page.lower()


def test_summary_of_an_encrypted_plan_says_the_file_is_not_encrypted(
    run: Run, plan_home: Path, tmp_path: Path
) -> None:
    """Writing the summary of an encrypted plan says plainly that the file is NOT encrypted."""
    secret = tmp_path / "pass.txt"
    secret.write_text("a long enough passphrase here\n", encoding="utf-8")
    ok(cli(plan_home, "encrypt", "--passphrase-file", str(secret), today=TODAY))
    target = tmp_path / "plan.html"
    result = ok(cli(plan_home, "summary", "-o", str(target), passphrase=secret, today=TODAY))
    assert "NOT encrypted" in result.stderr
    unencrypted = tmp_path / "other"
    make_home(unencrypted, MONEY)
    ok(cli(unencrypted, "init", today=TODAY))
    result = ok(cli(unencrypted, "summary", "-o", str(tmp_path / "q.md"), today=TODAY))
    assert "NOT encrypted" not in result.stderr


# -- rehearsal --------------------------------------------------------------------------------


REHEARSED = date(2027, 3, 1)


def test_a_change_on_a_rehearsed_day_says_it_is_real(run: Run, plan_home: Path) -> None:
    """A changing command under --today that is not the real day says once it is saved."""
    result = ok(run("done", "1", "2", today=REHEARSED))
    lines = [line for line in result.stderr.splitlines() if REHEARSAL in line]
    assert len(lines) == 1
    assert "Monday 1 March 2027" in lines[0]  # the rehearsed day, in words
    assert read_plan(plan_home).items[f"{MONEY}.open-account"].status == "done"


def test_the_rehearsal_note_comes_from_exitplan_today_too(
    plan_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """EXITPLAN_TODAY rehearses like --today; the real clock is only compared with it."""
    monkeypatch.setattr(exitplan.domain.dates, "real_today", lambda: date(2026, 12, 5))
    result = ok(cli(plan_home, "skip", "1", env={"EXITPLAN_TODAY": TODAY.isoformat()}))
    assert REHEARSAL in result.stderr
    monkeypatch.setattr(exitplan.domain.dates, "real_today", lambda: TODAY)
    result = ok(cli(plan_home, "undo", "1", env={"EXITPLAN_TODAY": TODAY.isoformat()}))
    assert REHEARSAL not in result.stderr


def test_reading_or_failing_on_a_rehearsed_day_says_nothing(run: Run, plan_home: Path) -> None:
    """Looking, or a change that was refused, is not \"saved for real\"."""
    assert REHEARSAL not in ok(run("status", today=REHEARSED)).stderr
    failed = run("done", "99", today=REHEARSED)
    one_error_line(failed, "no step number 99")
    assert REHEARSAL not in ok(run("done", "1")).stderr


# -- wording ----------------------------------------------------------------------------------


def all_command_names() -> list[str]:
    """Every registered command."""
    return [command_name(info) for info in app.registered_commands]


@pytest.mark.parametrize("name", [None, *all_command_names()])
def test_help_has_no_programmer_types(name: str | None) -> None:
    """No `<list[str]>`, `<str>` or similar in any help screen."""
    args = ["--help"] if name is None else [name, "--help"]
    text = ok(cli(None, *args)).stdout
    assert "<" not in text, text
    assert "list[" not in text, text


def test_item_arguments_read_as_item_in_help() -> None:
    """`done` takes ITEM..., `note` takes ITEM."""
    assert "  ITEM...  " in ok(cli(None, "done", "--help")).stdout
    assert "  ITEM  " in ok(cli(None, "note", "--help")).stdout


def test_field_errors_are_plain_sentences(tmp_path: Path) -> None:
    """A wrong type or value in a checklist is explained without pydantic's words."""
    path = tmp_path / "t-bad.toml"
    path.write_text(
        'schema = 1\nid = "t-bad"\ntitle = "T"\norder = "first"\n\n[[item]]\nid = "a"\n'
        'title = "A"\nwhy = "w"\npriority = "urgent"\ntags = "x"\n',
        encoding="utf-8",
    )
    result = cli(None, "validate", str(path))
    assert result.exit_code == 1
    assert "Input should" not in result.stderr
    assert "Value error" not in result.stderr
    assert "field 'order': should be a whole number" in result.stderr
    assert "'urgent' is not one of critical, high, normal or low" in result.stderr
    assert "field 'tags': should be a list" in result.stderr


def test_a_hand_edited_plan_value_is_explained_plainly(run: Run, plan_home: Path) -> None:
    """A wrong type in plan.toml gets a sentence, not pydantic's wording."""
    import re

    plan = plan_home / "plan.toml"
    text = re.sub(r"(?m)^warn_days = .*$", "", plan.read_text(encoding="utf-8"))
    plan.write_text(text.replace("schema = 1", 'schema = 1\nwarn_days = "soon"'), encoding="utf-8")
    line = one_error_line(run("status"), "warn_days", "whole number")
    assert "Input should" not in line


# -- small untruths ---------------------------------------------------------------------------


def test_undo_on_an_open_step_says_it_was_open(run: Run, plan_home: Path) -> None:
    """Undo of a step that is open says so, and does not claim to have reopened it."""
    result = ok(run("undo", "1"))
    assert result.stderr == "Already open, nothing to undo: #1 Open an account in your name\n"
    assert ok(run("done", "1")).stderr.startswith("Done: ")
    assert ok(run("undo", "1")).stderr.startswith("Reopened: #1 ")


def test_a_repeated_skip_keeps_or_replaces_the_reason_and_says_which(
    run: Run, plan_home: Path
) -> None:
    """Skipping again with no reason keeps the earlier one; a new reason replaces it."""
    ok(run("skip", "1", "--reason", "have one already"))
    kept = ok(run("skip", "1"))
    assert "its reason is kept" in kept.stderr
    assert read_plan(plan_home).items[f"{MONEY}.open-account"].reason == "have one already"
    replaced = ok(run("skip", "1", "--reason", "not needed"))
    assert "replaces the earlier one" in replaced.stderr
    assert read_plan(plan_home).items[f"{MONEY}.open-account"].reason == "not needed"


def test_clearing_a_note_that_is_not_there_says_so(run: Run, plan_home: Path) -> None:
    """note --clear with no note says there was none and writes nothing."""
    before = snapshot(plan_home)
    result = ok(run("note", "1", "--clear"))
    assert result.stderr == (
        "There is no note on #1 Open an account in your name, so nothing was changed.\n"
    )
    assert snapshot(plan_home) == before


def test_validate_counts_one_item_in_the_singular(tmp_path: Path) -> None:
    """`1 item`, not `1 items`."""
    path = tmp_path / "t-one.toml"
    path.write_text(
        'schema = 1\nid = "t-one"\ntitle = "T"\n\n[[item]]\nid = "a"\ntitle = "A"\nwhy = "w"\n',
        encoding="utf-8",
    )
    assert ok(cli(None, "validate", str(path))).stdout == f"{path}: ok (1 item)\n"


def test_a_due_that_is_neither_date_nor_offset_names_both(run: Run, plan_home: Path) -> None:
    """add --due tomorrow: the error says a date and an offset both work; nothing is written."""
    before = snapshot(plan_home)
    result = run("add", MONEY, "Call the bank", "--due", "tomorrow")
    assert result.exit_code == 2
    assert "2027-01-31" in result.stderr
    assert "-3w" in result.stderr
    assert_no_traceback(result)
    assert snapshot(plan_home) == before


def test_a_past_due_date_is_accepted_with_a_calm_note(run: Run, plan_home: Path) -> None:
    """A --due already behind us is kept, and the person is told it shows as overdue."""
    result = ok(run("add", MONEY, "Call the bank", "--due", "2026-11-01"))
    assert "Note: its due date, 2026-11-01, has already passed" in result.stderr
    assert "has already passed" not in ok(run("add", MONEY, "Pack", "--due", "+1d")).stderr


def test_a_duplicate_title_is_refused_not_renamed(run: Run, plan_home: Path) -> None:
    """A title the checklist already has (in any case) is one clear error; nothing is added."""
    ok(run("add", MONEY, "Call the bank"))
    before = snapshot(plan_home)
    one_error_line(run("add", MONEY, "call the  BANK"), "already has a step with that title")
    one_error_line(run("add", MONEY, "Put cash aside"), "already has a step with that title")
    assert snapshot(plan_home) == before


def test_wipe_answered_in_small_letters_asks_for_capitals(run: Run, plan_home: Path) -> None:
    """`wipe` then `wipe` in lower case: nothing erased, and a hint to type it in capitals
    (after the lines that name what would be erased)."""
    before = snapshot(plan_home)
    for answer, words in (("wipe\n", ("in capitals",)), ("no\n", ())):
        result = run("wipe", input=answer)
        assert result.exit_code == 1
        *named, error = result.stderr.splitlines()
        assert named[0].startswith("This erases everything exitplan keeps in")
        assert error.startswith("Error: ")
        assert all(word in error for word in (*words, "Nothing was erased"))
    assert "capitals" not in run("wipe", input="no\n").stderr
    assert snapshot(plan_home) == before


def test_add_and_review_match_checklist_names_in_any_case(run: Run, plan_home: Path) -> None:
    """`add T-MONEY ...` finds the t-money checklist."""
    assert ok(run("add", MONEY.upper(), "Call the bank")).stdout == f"{MONEY}.mine-1\n"
    assert ok(run("review", MONEY.upper(), input="q\n")).exit_code == 0


# -- neutral ids ------------------------------------------------------------------------------


def test_own_steps_get_ids_that_say_nothing(run: Run, plan_home: Path) -> None:
    """An own step's id never comes from its title; the person is pointed at the number."""
    first = ok(run("add", MONEY, "Hide cash in the tampon box"))
    second = ok(run("add", PAPERS, "Copy the passport at the library"))
    assert first.stdout == f"{MONEY}.mine-1\n"
    assert second.stdout == f"{PAPERS}.mine-1\n"
    assert "exitplan done 9" in first.stderr
    ids = [row["id"] for row in json.loads(ok(run("list", "--all", "--json")).stdout)]
    assert not [i for i in ids if "cash-in" in i or "tampon" in i or "library" in i]
    assert ok(run("add", MONEY, "Another")).stdout == f"{MONEY}.mine-2\n"


def test_existing_plans_keep_their_old_ids(run: Run, plan_home: Path) -> None:
    """A step added by an older exitplan keeps its id, and new steps do not clash with it."""
    ok(run("add", MONEY, "Find a lawyer"))
    plan = plan_home / "plan.toml"
    plan.write_text(
        plan.read_text(encoding="utf-8").replace('"mine-1"', '"find-a-lawyer"'), encoding="utf-8"
    )
    assert ok(run("done", f"{MONEY}.find-a-lawyer")).stderr.startswith("Done: #9 Find a lawyer")
    assert ok(run("add", MONEY, "Pack")).stdout == f"{MONEY}.mine-1\n"


# -- review -----------------------------------------------------------------------------------


def test_review_ctrl_c_at_the_key_prompt_stops_calmly(
    run: Run, plan_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C at the key prompt: a new line, one calm sentence, exit 130, answers kept."""
    answers = iter(["d"])

    def key(_prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(review_module, "read_key", key)
    result = run("review")
    assert_no_traceback(result)
    assert result.exit_code == 130
    assert result.stderr.endswith("\n\nStopped. Everything you answered is saved.\n")
    assert "Aborted" not in result.output
    assert sum(s.status == "done" for s in read_plan(plan_home).items.values()) == 1


def test_review_ctrl_c_at_the_note_prompt_stops_calmly(
    run: Run, plan_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C while typing a note, where no terminal can be cleared (the prompt aborts), ends
    the same calm way."""
    monkeypatch.setattr(review_module, "read_key", lambda _prompt: "n")

    def interrupted(_prompt: str, _start: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(prompts, "read_line", interrupted)
    result = run("review")
    assert result.exit_code == 130
    assert result.stderr.endswith("\n\nStopped. Everything you answered is saved.\n")
    assert "Aborted" not in result.output


def test_review_done_says_how_to_undo(run: Run, plan_home: Path) -> None:
    """After `d`, review names the undo command with the step's number."""
    result = ok(run("review", MONEY, input="d\nq\n"))
    done = [n for n, s in read_plan(plan_home).items.items() if s.status == "done"]
    assert len(done) == 1
    number = json.loads(ok(run("show", done[0], "--json")).stdout)["number"]
    assert f"Done. To undo it: exitplan undo {number}" in result.stderr


def test_review_quick_hide_clears_everything_and_exits(run: Run, plan_home: Path) -> None:
    """`h` erases the scrollback and the screen and exits at once, printing nothing after."""
    result = ok(run("review", input="h\nd\n"))
    assert result.stdout.endswith(CLEAR_SEQUENCE)
    assert "\033[3J" in CLEAR_SEQUENCE
    assert "\033[H\033[2J" in CLEAR_SEQUENCE
    assert "Review finished" not in result.stderr
    assert result.stderr.count("Press h at the keys below any step") == 1
    assert all(s.status == "open" for s in read_plan(plan_home).items.values())


def test_review_help_documents_the_quick_hide() -> None:
    """The review help says what h does."""
    text = " ".join(ok(cli(None, "review", "--help")).stdout.split())
    assert "h hides at once" in text


# -- help-now ---------------------------------------------------------------------------------


def test_help_now_says_in_the_tool_how_to_report_a_wrong_number() -> None:
    """No README heading: the footer with the sources says how to report a wrong number; the
    short screen says where the sources are."""
    for args in (["--region", "UK", "--sources"], ["--all"]):
        text = " ".join(ok(cli(None, "help-now", *args)).stdout.split())
        assert "README" not in text
        assert "If one is wrong" in text
        assert "report it" in text
    short = " ".join(ok(cli(None, "help-now", "--region", "UK")).stdout.split())
    assert "exitplan help-now --sources" in short


def test_every_place_with_numbers_is_listed_by_the_region_command() -> None:
    """`region --list` names every place that has numbers, so a person can find theirs."""
    from exitplan.formats.regions import load_places

    text = " ".join(ok(cli(None, "region", "--list")).stdout.split())
    for place in load_places():
        if place.lines:
            assert place.name in text, place.name


@pytest.mark.parametrize("name", ["plan.pdf", "plan.DOCX", "plan.odt"])
def test_summary_refuses_a_document_format_it_cannot_write(
    run: Run, plan_home: Path, tmp_path: Path, name: str
) -> None:
    """A name ending in .pdf or a word processor's extension would hold text pretending to be
    that format: one plain error pointing at .html, and nothing written."""
    target = tmp_path / name
    line = one_error_line(run("summary", "--output", str(target)), "cannot write", ".html")
    assert "nothing was written" in line
    assert not target.exists()
    ok(run("summary", "--format", "text", "--output", str(target)))  # asked for: written
    assert target.is_file()


@pytest.mark.parametrize("due", ["-8w", "-3w", "-1w", "2026-11-01", "2026-12-01", "+1d"])
def test_the_note_on_a_past_due_agrees_with_the_schedule(
    run: Run, plan_home: Path, due: str
) -> None:
    """`add` says "overdue" exactly when `list --json` flags the new step overdue (the pacing's
    verdict, never one worked out from the offset alone)."""
    result = ok(run("add", MONEY, "Call the bank", "--due", due))
    [row] = [row for row in json.loads(ok(run("list", "--json")).stdout) if row["custom"]]
    said = "so it shows as overdue" in result.stderr
    assert said == (row["flag"] == "overdue"), (row, result.stderr)
    if said:
        assert f"Note: its due date, {row['due']}, has already passed" in result.stderr
