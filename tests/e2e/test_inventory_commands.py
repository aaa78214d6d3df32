"""The inventories through the real command line: `exitplan documents`, `accounts`, `money`.

Rows come from a pipe (TOML) or from answers at a "terminal" (the check for a terminal is
patched; the answers come through the runner's stdin). Bad input writes nothing.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from conftest import EXIT, TODAY, Run
from helpers import PLANNED, assert_usage_error, make_home, ok, one_error_line, read_plan, snapshot

from exitplan.cli import keyboard

PASSPORT = 'kind = "passport"\noriginal = "blue folder at my sister\'s"\nexpires = 2026-12-10\n'
CERT = 'whose = "child"\nchild = "A"\nkind = "birth certificate"\n'
EMAIL = 'what = "Main email"\npartner_knows = "yes"\nlocation = true\ntwo_step = "no"\n'


def add(run: Run, section: str, text: str) -> int:
    """`SECTION add` with TOML on stdin; the number it printed."""
    return int(ok(run(section, "add", input=text)).stdout.strip())


def listed(run: Run, section: str) -> dict[str, Any]:
    """`SECTION list --json`, parsed."""
    data: dict[str, Any] = json.loads(ok(run(section, "list", "--json")).stdout)
    return data


@pytest.fixture
def builtin_plan(home: Path, run: Run) -> Path:
    """A plan of the built-in checklists, made on PLANNED to leave on EXIT."""
    make_home(home)
    ok(run("init", "--exit-date", EXIT.isoformat(), today=PLANNED))
    return home


@pytest.fixture
def at_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the inventory commands believe a person is typing at a terminal."""

    monkeypatch.setattr(keyboard, "someone_typing", lambda: True)


# -- adding, listing, showing ---------------------------------------------------------------


def test_a_piped_document_is_numbered_listed_and_flagged(run: Run, plan_home: Path) -> None:
    """A TOML row on stdin becomes document 1 (its number on stdout); the list shows what
    needs a look: it expires before the exit date, and there is no copy."""
    result = ok(run("documents", "add", input=PASSPORT))
    assert result.stdout == "1\n"
    assert "Kept as document 1." in result.stderr
    assert add(run, "documents", CERT) == 2
    data = listed(run, "documents")
    first, second = data["rows"]
    assert first["title"] == "Passport, yours"
    assert first["flags"] == ["expires-before-exit", "no-copy"]
    assert first["expires"] == "2026-12-10"
    assert second["title"] == "Birth certificate, child A"
    assert second["flags"] == ["missing", "no-copy"]
    screen = ok(run("documents")).stdout
    assert "1  Passport, yours\n   Expires 10 Dec 2026, before you leave.\n" in screen
    assert "only if it is safe. You can leave without them." in screen


def test_show_gives_what_to_do_with_its_sources(run: Run, plan_home: Path) -> None:
    """`show N` has the facts, what needs a look, calm advice, and the sources with the day
    they were read."""
    add(run, "documents", PASSPORT)
    screen = ok(run("documents", "show", "1")).stdout
    assert "blue folder at my sister's" in screen
    assert "only if it is safe" in screen
    assert "You can leave without it" in screen
    assert "womensaid.org.uk" in screen
    assert "read 2026-12-01" in screen
    data = json.loads(ok(run("documents", "show", "1", "--json")).stdout)
    assert data["number"] == 1
    assert data["advice"]
    assert all(url.startswith("https://") for url in data["sources"])


def test_an_account_defaults_to_after_leaving_and_is_flagged_until_safe(
    run: Run, plan_home: Path
) -> None:
    """A new account is to check and to change after leaving; while the partner can reach it
    it is flagged; once changed it is not."""
    add(run, "accounts", EMAIL)
    [row] = listed(run, "accounts")["rows"]
    assert (row["safe_to_change"], row["state"]) == ("after", "check")
    assert row["flags"] == ["reachable", "reach:partner_knows", "reach:location"]
    screen = ok(run("accounts", "show", "1")).stdout
    assert "After you leave, change the password" in screen
    assert "A change can alert your partner" in screen
    assert "refugetechsafety.org" in screen
    ok(run("accounts", "change", "1", input='state = "changed"\n'))
    [row] = listed(run, "accounts")["rows"]
    assert row["flags"] == ["reach:partner_knows", "reach:location"]
    assert row["needs_a_look"] == []


def test_money_lists_by_kind_with_the_runway(run: Run, plan_home: Path) -> None:
    """Money rows are grouped by kind; the runway counts weeks from the exit date, what more is
    needed and per week over the days left, in the person's own currency."""
    ok(run("money", "settings", input='currency = "£"\nthreshold_weeks = 4\n'))
    add(run, "money", 'kind = "saved"\nwhat = "In my new account"\namount = "250"\n')
    add(run, "money", 'kind = "cost"\nwhat = "Rent and food"\namount = 100\nper = "week"\n')
    add(run, "money", 'kind = "one-off"\nwhat = "Deposit"\namount = 50.50\n')
    add(run, "money", 'kind = "joint"\nwhat = "Joint account"\namount = "900"\n')
    data = listed(run, "money")
    runway = data["runway"]
    assert runway["weeks"] == 1  # 199.50 left after the deposit, 100 a week
    assert runway["needed_by_exit"] == "200.50"  # 50.50 + 4 x 100 - 250
    assert runway["days_left"] == 14
    assert runway["needed_a_week"] == "100.25"
    assert runway["joint_accounts"] == "900.00"
    screen = ok(run("money")).stdout
    assert "Saved, out of your partner's reach\n1  In my new account: £250\n" in screen
    assert "2  Rent and food: £100 a week" in screen
    assert "about £200.50 more by 14 Dec 2026, which is about £100.25 a week" in screen
    assert "Joint accounts: £900, not counted" in screen


def test_amounts_are_kept_exactly_in_the_plan_file(run: Run, plan_home: Path) -> None:
    """Amounts are stored as exact text, never as floats, and read back as Decimal."""
    from decimal import Decimal

    add(run, "money", 'kind = "saved"\nwhat = "tin"\namount = 0.10\n')
    add(run, "money", 'kind = "saved"\nwhat = "jar"\namount = 0.20\n')
    assert 'amount = "0.10"' in (plan_home / "plan.toml").read_text(encoding="utf-8")
    state = read_plan(plan_home)
    assert sum(row.amount for row in state.inventory.money) == Decimal("0.30")


def test_change_and_remove_keep_the_other_numbers(run: Run, plan_home: Path) -> None:
    """Changing one field keeps the others; removing a row keeps the other numbers; the change
    log names only the inventory and the number, never what a row holds."""
    for text in (PASSPORT, CERT, 'kind = "visa"\n'):
        add(run, "documents", text)
    ok(run("documents", "change", "1", input='copy_where = "photo in my new email"\n'))
    ok(run("documents", "remove", "2", "--yes"))
    rows = listed(run, "documents")["rows"]
    assert [r["number"] for r in rows] == [1, 3]
    assert rows[0]["copy"] is True
    assert rows[0]["original"] == "blue folder at my sister's"
    assert add(run, "documents", 'kind = "tax"\n') == 4
    history = ok(run("history")).stdout
    assert "documents  (removed 2)" in history
    assert "sister" not in history
    assert "passport" not in history.lower()


def test_removing_off_a_terminal_needs_yes(run: Run, plan_home: Path) -> None:
    """Without a terminal to ask at, `remove` needs --yes, and removes nothing without it."""
    add(run, "accounts", EMAIL)
    before = snapshot(plan_home)
    one_error_line(run("accounts", "remove", "1"), "--yes")
    assert snapshot(plan_home) == before


def test_the_group_alone_lists_and_takes_json(run: Run, plan_home: Path) -> None:
    """`exitplan documents` alone lists; `--json` works there too; an empty list says so."""
    assert "Documents: nothing listed yet." in ok(run("documents")).stdout
    assert json.loads(ok(run("documents", "--json")).stdout)["rows"] == []


# -- bad input: one line, nothing written ------------------------------------------------------

BAD = [
    ("documents", 'kind = "passport"\nexpiry = 2027-01-01\n', "'expiry' is not a field"),
    ("documents", 'kind = "passport"\nexpires = "2027-02-30"\n', "not a day in the calendar"),
    ("documents", 'kind = "passport"\nexpires = 2027-02-30\n', "not valid toml"),
    ("documents", 'kind = "pass\\u001b[2Jport"\n', "control character (u+001b)"),
    ("documents", 'whose = "child"\nkind = "passport"\n', "child's label"),
    ("documents", 'original = "drawer"\n', "'kind' is needed"),
    ("money", 'kind = "saved"\nwhat = "tin"\namount = "-20"\n', "cannot be negative"),
    ("money", 'kind = "saved"\nwhat = "tin"\namount = -20\n', "cannot be negative"),
    ("money", 'kind = "saved"\nwhat = "tin"\namount = 20.555\n', "two decimals"),
    ("money", 'kind = "saved"\nwhat = "tin"\namount = "1,200"\n', "comma"),
    ("money", 'kind = "wages"\nwhat = "tin"\namount = "1"\n', "should be one of"),
    ("accounts", 'what = "phone"\npartner_knows = "maybe"\n', "should be one of: yes, no, unsure"),
    ("accounts", 'what = "phone"\n[extra]\nx = 1\n', "not a table or a list"),
    ("accounts", "", "nothing was given"),
    ("accounts", "what = \xff", "not valid toml"),
]


@pytest.mark.parametrize(("section", "text", "words"), BAD)
def test_bad_rows_get_one_line_and_write_nothing(
    run: Run, plan_home: Path, section: str, text: str, words: str
) -> None:
    """Unknown fields, impossible dates, control characters, negative amounts and the rest:
    one plain error line, exit 1, and not a byte changed in the data home."""
    before = snapshot(plan_home)
    one_error_line(run(section, "add", input=text), words)
    assert snapshot(plan_home) == before


def test_a_huge_pipe_is_refused_without_reading_it_all(run: Run, plan_home: Path) -> None:
    """A file far larger than any row is refused with one line; nothing is written."""
    before = snapshot(plan_home)
    one_error_line(run("documents", "add", input=b"#" * (10 * 1024 * 1024)), "too large")
    assert snapshot(plan_home) == before


def test_non_utf8_is_refused(run: Run, plan_home: Path) -> None:
    """Bytes that are not UTF-8 text get one line."""
    one_error_line(run("accounts", "add", input=b'what = "\xff\xfe"\n'), "not utf-8")


def test_bad_settings_and_unknown_numbers(run: Run, plan_home: Path) -> None:
    """A threshold out of range, an unknown setting and a row that does not exist."""
    before = snapshot(plan_home)
    one_error_line(run("money", "settings", input="threshold_weeks = 0\n"), "from 1 to 520")
    one_error_line(run("money", "settings", input='colour = "red"\n'), "not a money setting")
    one_error_line(run("money", "show", "3"), "no row 3 in money")
    one_error_line(run("money", "change", "3", input='what = "x"\n'), "no row 3 in money")
    assert snapshot(plan_home) == before
    assert_usage_error(run("money", "show", "0"), "at least 1")


def test_without_a_plan_it_says_how_to_begin(run: Run, user_home: Path) -> None:
    """No plan yet: one line saying so, and nothing written."""
    before = snapshot(user_home)
    one_error_line(run("documents", "add", input=PASSPORT), "init")
    assert snapshot(user_home) == before


def test_a_hand_edited_plan_with_a_bad_row_is_refused_plainly(run: Run, plan_home: Path) -> None:
    """A negative amount typed into plan.toml by hand: the plan is refused with one line that
    names the section and the row, pointing at the backups."""
    add(run, "money", 'kind = "saved"\nwhat = "tin"\namount = "5"\n')
    plan = plan_home / "plan.toml"
    plan.write_text(plan.read_text(encoding="utf-8").replace('"5"', '"-5"'), encoding="utf-8")
    line = one_error_line(run("money"), "money", "row 1", "negative")
    assert "backup" in line


# -- at a terminal ---------------------------------------------------------------------------


def test_each_field_is_asked_in_turn_at_a_terminal(
    run: Run, plan_home: Path, at_terminal: None
) -> None:
    """At a terminal the questions come in turn; a bad date is asked again, not fatal; the kind
    can be a number from the list; Enter skips."""
    answers = "3\n5\nthe drawer\ny\nwith a friend\n2027-02-30\n2027-06-01\n\n"
    result = ok(run("documents", "add", input=answers))
    assert "not a day in the calendar. Try again" in result.output
    assert "Which child" not in result.output  # asked only for a child's document
    [row] = listed(run, "documents")["rows"]
    assert {k: row.get(k) for k in ("whose", "kind", "original", "copy", "copy_where")} == {
        "whose": "partner",
        "kind": "visa",
        "original": "the drawer",
        "copy": True,
        "copy_where": "with a friend",
    }
    assert row["expires"] == "2027-06-01"


def test_a_childs_label_is_asked_only_for_a_child(
    run: Run, plan_home: Path, at_terminal: None
) -> None:
    """'a child's' asks for the label; the kind by its number in the list of kinds."""
    answers = "2\nB\n4\n\nn\n\n\n"
    ok(run("documents", "add", input=answers))
    [row] = listed(run, "documents")["rows"]
    assert (row["whose"], row["child"], row["kind"]) == ("child", "B", "birth-certificate")
    assert row["flags"] == ["missing", "no-copy"]


def test_changing_at_a_terminal_keeps_what_enter_keeps_and_clears_a_dash(
    run: Run, plan_home: Path, at_terminal: None
) -> None:
    """Enter keeps a value; a single - clears an optional one."""
    from exitplan.cli import keyboard

    add_row = 'kind = "passport"\noriginal = "drawer"\nnote = "old"\n'
    typing = keyboard.someone_typing
    keyboard.someone_typing = lambda: False
    try:
        add(run, "documents", add_row)
    finally:
        keyboard.someone_typing = typing
    # whose, kind, original, copy and expires kept; the note cleared
    ok(run("documents", "change", "1", input="\n\n\n\n\n-\n"))
    [row] = listed(run, "documents")["rows"]
    assert (row["kind"], row["original"]) == ("passport", "drawer")
    assert "note" not in row


def test_money_questions_at_a_terminal(run: Run, plan_home: Path, at_terminal: None) -> None:
    """The kind by number, an amount asked again after a comma, the period for a cost."""
    ok(run("money", "add", input="3\nRent\n1,200\n1200\n2\n\n"))
    [row] = listed(run, "money")["rows"]
    assert (row["kind"], row["what"], row["amount"], row["per"]) == ("cost", "Rent", "1200", "week")


# -- at 40 columns, and plain ------------------------------------------------------------------


@pytest.mark.parametrize("columns", ["40", "80", "120"])
def test_screens_fit_the_terminal(run: Run, plan_home: Path, columns: str) -> None:
    """Every line of every inventory screen fits the width (a web address may stand alone)."""
    add(run, "documents", PASSPORT)
    add(run, "accounts", EMAIL)
    add(
        run,
        "money",
        'kind = "saved"\nwhat = "In my new account at the other bank"\namount = "250"\n',
    )
    add(run, "money", 'kind = "cost"\nwhat = "Rent"\namount = "400"\n')
    for args in (
        ("documents",),
        ("documents", "show", "1"),
        ("accounts",),
        ("accounts", "show", "1"),
        ("money",),
        ("money", "show", "1"),
    ):
        screen = ok(run(*args, env={"COLUMNS": columns})).stdout
        for line in screen.splitlines():
            assert len(line) <= int(columns) or line.strip().startswith("https://"), (args, line)


def test_plain_mode_has_no_columns_or_symbols(run: Run, plan_home: Path) -> None:
    """Plain mode speaks in sentences: `Row 1: Passport, yours. Expires ...`."""
    add(run, "documents", PASSPORT)
    screen = ok(run("--plain", "documents")).stdout
    assert "Row 1: Passport, yours. Expires 10 Dec 2026, before you leave. No copy yet." in screen
    shown = ok(run("--plain", "documents", "show", "1")).stdout
    assert "Original: blue folder at my sister's" in shown


# -- tied to the plan ---------------------------------------------------------------------------


def test_show_of_a_linked_step_says_how_the_inventory_stands(run: Run, builtin_plan: Path) -> None:
    """`show` of the step about missing documents names the rows in the way; once none is,
    it says the list shows the step done, and the documents list points at `done N`."""
    add(run, "documents", CERT)
    shown = ok(run("show", "documents.replace-missing")).stdout
    assert "Not with you, or out of date before you leave: document 2" not in shown
    assert "document 1 (exitplan documents show N)" in shown
    data = json.loads(ok(run("show", "documents.replace-missing", "--json")).stdout)
    assert data["inventory"]["shows_done"] is False
    ok(run("documents", "change", "1", input='original = "with my sister"\n'))
    data = json.loads(ok(run("show", "documents.replace-missing", "--json")).stdout)
    assert data["inventory"]["shows_done"] is True
    number = data["number"]
    assert f"exitplan done {number}" in ok(run("documents")).stdout
    ok(run("done", str(number)))
    assert f"exitplan done {number}" not in ok(run("documents")).stdout


def test_a_step_not_tied_to_an_inventory_says_nothing_of_one(run: Run, builtin_plan: Path) -> None:
    """Other steps are shown as before: no inventory line, no inventory key."""
    data = json.loads(ok(run("show", "housing.options", "--json")).stdout)
    assert "inventory" not in data


def test_the_exit_date_moves_the_flags(run: Run, plan_home: Path) -> None:
    """A document expiring after the old exit date expires before a later one."""
    add(
        run,
        "documents",
        'kind = "passport"\noriginal = "drawer"\ncopy = true\nexpires = 2026-12-20\n',
    )
    assert listed(run, "documents")["rows"][0]["flags"] == ["expires-soon"]
    ok(run("date", EXIT.replace(day=28).isoformat()))
    assert listed(run, "documents")["rows"][0]["flags"] == ["expires-before-exit"]
    assert TODAY < EXIT


def test_status_lines_only_when_something_needs_attention(run: Run, plan_home: Path) -> None:
    """Status says nothing of the inventories until something needs attention, then one calm
    line per inventory, each with the command that says more (40 columns too)."""
    assert "exitplan money" not in ok(run("status")).stdout
    add(run, "money", 'kind = "cost"\nwhat = "Rent"\namount = "100"\n')
    add(run, "accounts", 'what = "Phone"\nstate = "change-after"\n')  # waiting, as planned
    screen = ok(run("status")).stdout
    assert "No money is saved yet: exitplan money" in screen
    assert "exitplan accounts" not in screen
    narrow = ok(run("status", env={"COLUMNS": "40"})).stdout
    assert "No money is saved yet: exitplan money\n" in narrow  # 37 columns: one line
    data = json.loads(ok(run("status", "--json")).stdout)
    assert [(n["inventory"], n["fact"]) for n in data["inventories"]] == [("money", "nothing")]


def test_accounts_show_puts_what_needs_a_look_first_and_fits_80x24(
    run: Run, builtin_plan: Path
) -> None:
    """`accounts show` leads with the row, what needs a look and what to do, then the facts,
    sources last, within 24 rows at 80 columns."""
    row = 'what = "My phone"\npartner_knows = "yes"\nshared = "unsure"\nnote = "Bought by them"\n'
    ok(run("accounts", "add", input=row))
    out = ok(run("accounts", "show", "1", env={"COLUMNS": "80"})).stdout
    assert out.index("Needs a look") < out.index("What to do") < out.index("Partner knows")
    assert out.index("Partner knows") < out.index("Sources")
    assert len(out.splitlines()) <= 24


def test_the_money_screen_leads_with_how_long_the_money_lasts(run: Run, builtin_plan: Path) -> None:
    """`money` says how long the money lasts before the rows, so it is on the first screen."""
    for row in (
        'kind = "saved"\nwhat = "Tin"\namount = "640"\n',
        'kind = "one-off"\nwhat = "Deposit"\namount = "900"\n',
    ):
        ok(run("money", "add", input=row))
    out = ok(run("money", env={"COLUMNS": "80"})).stdout
    assert out.index("is 260 short of the one-off costs") < out.index("1  Tin")
    assert out[: out.index("1  Tin")].count("\n") <= 20  # within the first screen


def test_an_expiry_may_be_given_as_an_offset_from_today(run: Run, plan_home: Path) -> None:
    """`expires = "+3w"` keeps the day three weeks after today (the injected one)."""
    add(run, "documents", 'kind = "passport"\nexpires = "+3w"\n')
    [row] = listed(run, "documents")["rows"]
    assert row["expires"] == (TODAY + timedelta(weeks=3)).isoformat()
