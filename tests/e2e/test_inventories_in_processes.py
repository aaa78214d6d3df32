"""The inventories in real processes and on disk: a real terminal, sealed storage, backups,
restore and wipe, with no file of their own."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from helpers import EXITPLAN, TODAY, cli, make_home, ok, one_error_line, snapshot
from helpers_terminal import CTRL_C, on_terminal, readable

MARK = "inventory-marker-green-folder-under-the-stairs-7Q"
PASSPHRASE = "correct horse battery staple"  # noqa: S105 - a test passphrase
ROWS = {
    "documents": f'kind = "passport"\noriginal = "{MARK}"\n',
    "accounts": f'what = "{MARK} email"\npartner_knows = "yes"\n',
    "money": f'kind = "saved"\nwhat = "{MARK} tin"\namount = "123.45"\n',
}


# The computer's own day is the tests' today, so no run is a rehearsal.
TERMINAL_ENV = {"EXITPLAN_TEST_REAL_TODAY": str(TODAY)}


def program(home: Path, *args: str) -> list[str]:
    """`python -m exitplan --home HOME --today TODAY ARGS` as an argument list."""
    return [*EXITPLAN, "--home", str(home), "--today", str(TODAY), *args]


@pytest.fixture
def plan(tmp_path: Path) -> Path:
    """A plan of one small test checklist."""
    home = make_home(tmp_path / "home", "t-money")
    ok(cli(home, "init", "--checklist", "t-money", "--exit-date", "2026-12-14", today=TODAY))
    return home


# -- a real terminal ---------------------------------------------------------------------------


@pytest.mark.process
@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_an_account_typed_at_a_real_terminal(plan: Path) -> None:
    """At a real (pseudo-)terminal `accounts add` asks each question in turn (with the shared
    prompt's line editing), asks again after an answer it cannot use, and keeps the row; nothing
    typed was on the command line."""
    enter = b"\r"
    steps = [
        ("What is it?", f"{MARK} phone".encode() + enter),
        ("Does your partner know", b"purple" + enter),
        ("Choose a number from the list, or type its words. Try again", b"1" + enter),
        ("Is it on a shared", enter),
        ("Are other devices", enter),
        ("Does it share", enter),
        ("Does your partner control", enter),
        ("Is two-step", enter),
        ("When is it", enter),
        ("Where does it stand", enter),
        ("A note", enter),
    ]
    code, shown = on_terminal(
        program(plan, "accounts", "add")[len(EXITPLAN) :], steps, env=TERMINAL_ENV
    )
    assert code == 0, shown
    assert "Kept as account or device 1." in readable(shown)
    data = json.loads(ok(cli(plan, "accounts", "list", "--json", today=TODAY)).stdout)
    [row] = data["rows"]
    assert (row["what"], row["partner_knows"], row["shared"]) == (f"{MARK} phone", "yes", "unsure")


@pytest.mark.process
@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize("typed", [b"\xc2\xa3640", b"640 \xc2\xa3"])
def test_an_amount_typed_with_the_currency_set_is_kept(plan: Path, typed: bytes) -> None:
    """With the currency set to £, `£640` (or `640 £`) typed at the amount question is 640."""
    ok(cli(plan, "money", "settings", input='currency = "\u00a3"\n', today=TODAY))
    enter = b"\r"
    steps = [
        ("What kind of amount is it?", b"1" + enter),
        ("in your own words?", b"Tin in the shed" + enter),
        ("1200.50", typed + enter),
        ("A note", enter),
    ]
    code, shown = on_terminal(
        program(plan, "money", "add")[len(EXITPLAN) :], steps, env=TERMINAL_ENV
    )
    assert code == 0, readable(shown)
    [row] = json.loads(ok(cli(plan, "money", "--json", today=TODAY)).stdout)["rows"]
    assert row["amount"] == "640"


@pytest.mark.process
@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_ctrl_c_at_a_question_keeps_nothing(plan: Path) -> None:
    """Ctrl-C part way through `documents add` clears the screen at once, a second Ctrl-C on
    the blank screen ends the run (exit 130) with nothing said, and nothing is written."""
    before = snapshot(plan)
    steps = [("Whose is it?", b"1\r"), ("What document is it?", CTRL_C), ("\x1b[3J", CTRL_C)]
    code, shown = on_terminal(
        program(plan, "documents", "add")[len(EXITPLAN) :], steps, env=TERMINAL_ENV
    )
    assert code == 130, shown
    assert shown.endswith("\x1b[H\x1b[2J\x1b[3J"), shown
    assert "Traceback" not in shown
    assert snapshot(plan) == before


# -- sealed, backed up, restored, wiped -------------------------------------------------------


@pytest.fixture
def sealed(plan: Path, tmp_path: Path) -> tuple[Path, Path]:
    """The plan encrypted, and its passphrase file."""
    pass_file = tmp_path / "pass.txt"
    pass_file.write_text(PASSPHRASE + "\n")
    pass_file.chmod(0o600)
    ok(cli(plan, "encrypt", "--passphrase-file", str(pass_file)))
    return plan, pass_file


def files_holding(home: Path, text: str) -> list[str]:
    """The files in a home whose bytes hold the text."""
    return sorted(
        str(p.relative_to(home))
        for p in home.rglob("*")
        if p.is_file() and text.encode() in p.read_bytes()
    )


def test_an_encrypted_plan_keeps_no_inventory_text_on_disk(sealed: tuple[Path, Path]) -> None:
    """With the plan encrypted, rows of all three inventories are sealed in the plan, its
    cache and its backups: no file holds their words or the amount, yet they read back."""
    home, pass_file = sealed
    for section, text in ROWS.items():
        ok(cli(home, section, "add", input=text, passphrase=pass_file, today=TODAY))
    assert files_holding(home, MARK) == []
    assert files_holding(home, "123.45") == []
    assert (home / "backups").is_dir()
    shown = ok(cli(home, "documents", "show", "1", "--json", passphrase=pass_file, today=TODAY))
    assert json.loads(shown.stdout)["original"] == MARK
    one_error_line(cli(home, "documents", today=TODAY), "encrypted")


def test_a_plain_plan_does_hold_the_text(plan: Path) -> None:
    """The control for the scan above: unencrypted, the plan and its cache hold the words."""
    ok(cli(plan, "documents", "add", input=ROWS["documents"], today=TODAY))
    assert "plan.toml" in files_holding(plan, MARK)


def test_backups_restore_and_wipe_cover_the_inventories(plan: Path) -> None:
    """Each change keeps the plan before it as a backup; restore brings back the rows as they
    were; `where` lists no inventory file of its own; wipe erases every trace."""
    ok(cli(plan, "money", "add", input=ROWS["money"], today=TODAY))
    ok(cli(plan, "money", "remove", "1", "--yes", today=TODAY))
    assert json.loads(ok(cli(plan, "money", "--json", today=TODAY)).stdout)["rows"] == []
    ok(cli(plan, "restore", "1", today=TODAY))
    [row] = json.loads(ok(cli(plan, "money", "--json", today=TODAY)).stdout)["rows"]
    assert row["amount"] == "123.45"
    where = ok(cli(plan, "where", today=TODAY)).stdout
    assert "inventor" not in where.lower()
    assert MARK.encode() in (plan / "plan.toml").read_bytes()
    ok(cli(plan, "wipe", "--yes", today=TODAY))
    assert not plan.exists() or files_holding(plan, MARK) == []
