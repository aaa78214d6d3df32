"""The inventories' service: rows added, changed and removed through the workspace (saved under
the lock, restorable, sealed with the plan), a change log that never says what a row holds, a
bad row or a wrong number refused with nothing written, and the typed results the faces show."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import EXIT, MONEY, PLANNED, TODAY, make_home, snapshot
from helpers_exitplan import FAST_KDF_ENV

from exitplan.base.errors import ExitplanError, NoPlanError
from exitplan.service import inventory as service
from exitplan.service.results import Look
from exitplan.service.workspace import Workspace

SECRET = "under the loose floorboard"  # noqa: S105 - words of a row, not a password
PASSPHRASE = "four calm words"  # noqa: S105 - a test passphrase


@pytest.fixture
def ws(home: Path, no_builtins: Path) -> Workspace:
    """A workspace with a plain plan of the money checklist and no inventory rows yet."""
    make_home(home, MONEY)
    Workspace(home, PLANNED).init(EXIT, [MONEY])
    return Workspace(home, TODAY)


def passport(ws: Workspace) -> int:
    """Add a passport whose original is kept somewhere private; its number."""
    return service.add(ws, "documents", {"kind": "passport", "original": SECRET})


def test_rows_are_numbered_in_order_and_keep_their_numbers(ws: Workspace) -> None:
    """Rows are numbered 1, 2, 3 in each inventory on its own; removing one leaves the others'
    numbers as they were, and a new row comes after the highest."""
    assert [passport(ws) for _ in range(3)] == [1, 2, 3]
    assert service.add(ws, "accounts", {"what": "my own bank account"}) == 1
    service.remove(ws, "documents", 2)
    inventory, exit_date = service.current(ws)
    assert [row.number for row in inventory.rows("documents")] == [1, 3]
    assert exit_date == EXIT
    assert passport(ws) == 4


def test_a_change_sets_only_the_fields_given(ws: Workspace) -> None:
    """Changing a row sets the fields given and keeps the rest."""
    passport(ws)
    service.change(ws, "documents", 1, {"copy": True, "copy_where": "my sister's"})
    row, _inventory = service.existing_row(ws, "documents", 1)
    assert {k: v for k, v in row._asdict().items() if v is not None} == {
        "number": 1,
        "kind": "passport",
        "whose": "me",
        "original": SECRET,
        "copy": True,
        "copy_where": "my sister's",
    }


def test_the_change_log_names_the_inventory_and_number_never_the_row(ws: Workspace) -> None:
    """Each change is logged as its inventory and what happened to which row number; what a row
    holds never reaches the log."""
    passport(ws)
    service.change(ws, "documents", 1, {"note": "renew it"})
    service.add(ws, "money", {"kind": "saved", "what": "envelope", "amount": 120})
    service.remove(ws, "documents", 1)
    service.settings(ws, {"currency": "EUR"})
    logged = [(e.action, e.item, e.detail) for e in ws.state().history[1:]]
    assert logged == [
        ("documents", None, "added 1"),
        ("documents", None, "changed 1"),
        ("money", None, "added 1"),
        ("documents", None, "removed 1"),
        ("money", None, "settings"),
    ]


@pytest.mark.parametrize(
    ("section", "raw", "words"),
    [
        ("documents", {"original": "drawer"}, "'kind' is needed for a new row"),
        ("money", {"kind": "cash", "what": "envelope", "amount": 5}, "'kind' should be one of"),
        ("documents", {"kind": "passport", "colour": "red"}, "colour"),
    ],
)
def test_a_bad_row_is_refused_and_nothing_is_written(
    ws: Workspace, home: Path, section: service.Section, raw: dict[str, object], words: str
) -> None:
    """A row missing what it needs, with a value not allowed or a field not known, is refused
    with one plain message, and the folder is left byte for byte as it was."""
    before = snapshot(home)
    with pytest.raises(ExitplanError, match=words):
        service.add(ws, section, raw)
    assert snapshot(home) == before


def test_a_wrong_row_number_is_refused_before_anything_is_written(
    ws: Workspace, home: Path
) -> None:
    """Showing, changing or removing a row that does not exist names the command that lists
    the rows, and writes nothing."""
    passport(ws)
    before = snapshot(home)
    message = "there is no row 9 in documents; 'exitplan documents' lists them"
    with pytest.raises(ExitplanError, match=message):
        service.existing_row(ws, "documents", 9)
    with pytest.raises(ExitplanError, match=message):
        service.change(ws, "documents", 9, {"note": "x"})
    with pytest.raises(ExitplanError, match=message):
        service.remove(ws, "documents", 9)
    with pytest.raises(ExitplanError, match="there is no row 1 in accounts"):
        service.row(ws, "accounts", 1, TODAY)
    assert snapshot(home) == before


def test_unknown_money_settings_are_refused(ws: Workspace, home: Path) -> None:
    """Money settings are the currency and the weeks wished for; another name is refused and
    nothing is written; the settings given are kept."""
    before = snapshot(home)
    with pytest.raises(ExitplanError, match="'colour' is not a money setting"):
        service.settings(ws, {"colour": "red"})
    assert snapshot(home) == before
    kept = service.settings(ws, {"currency": "EUR", "threshold_weeks": 6})
    assert (kept.currency, kept.threshold_weeks) == ("EUR", 6)
    assert service.current(ws)[0].currency == "EUR"


def test_without_a_plan_the_inventories_say_how_to_start(home: Path, no_builtins: Path) -> None:
    """With no plan, reading or adding a row is refused with the way to start one, and nothing
    is created."""
    make_home(home)
    before = snapshot(home)
    ws = Workspace(home, TODAY)
    with pytest.raises(NoPlanError, match="exitplan init"):
        service.current(ws)
    with pytest.raises(NoPlanError, match="exitplan init"):
        passport(ws)
    assert snapshot(home) == before


def test_a_row_added_by_mistake_can_be_restored_away(ws: Workspace) -> None:
    """The inventories live in the plan file, so restore brings back the plan before the last
    change, without the row."""
    passport(ws)
    service.add(ws, "accounts", {"what": "joint savings"})
    ws.restore(None)
    inventory, _exit = service.current(ws)
    assert [row.number for row in inventory.rows("documents")] == [1]
    assert inventory.rows("accounts") == ()


def test_an_encrypted_plan_keeps_its_rows_sealed(
    ws: Workspace, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On an encrypted plan a row's words are never written in plain text anywhere in the
    folder, and read back with the passphrase."""
    monkeypatch.setenv(FAST_KDF_ENV, "1")
    ws.encrypt(lambda: PASSPHRASE)
    sealed = Workspace(home, TODAY, lambda: PASSPHRASE)
    passport(sealed)
    assert not any(SECRET.encode() in data for data in snapshot(home).values())
    row, _inventory = service.existing_row(
        Workspace(home, TODAY, lambda: PASSPHRASE), "documents", 1
    )
    assert row._asdict()["original"] == SECRET


def test_the_list_result_shows_the_inventory_with_its_plan(ws: Workspace) -> None:
    """`documents` gives the inventory read from disk with the exit date and the plan: its
    screen counts what needs a look and lists each row by number and title, its document holds
    the rows."""
    passport(ws)
    listed = service.listed(ws, "documents", TODAY)
    assert (listed.section, listed.exit_date, listed.today) == ("documents", EXIT, TODAY)
    assert listed.plan is not None
    screen = listed.screen(Look(80)).splitlines()
    assert screen[0] == "Documents: 1 listed, 1 to look at."  # no copy yet
    assert "1  Passport, yours" in screen
    document = listed.document()
    assert isinstance(document, dict)
    assert document["inventory"] == "documents"
    rows = document["rows"]
    assert isinstance(rows, list)
    assert [row["original"] for row in rows] == [SECRET]


def test_the_row_result_shows_a_page_a_number_or_nothing(ws: Workspace) -> None:
    """`show` draws the row in full; after `add` only its number is printed, and after `change`
    nothing, while the document is always the row in full."""
    number = passport(ws)
    page = service.row(ws, "documents", number, TODAY)
    lines = [" ".join(line.split()) for line in page.screen(Look(80)).splitlines()]
    assert lines[0] == "Row 1: Passport, yours"
    assert f"Original {SECRET}" in lines
    assert (
        service.row(ws, "documents", 1, TODAY, shown="number", notes=("Note: x.",)).screen(Look())
        == "1\n"
    )
    quiet = service.row(ws, "documents", 1, TODAY, shown="")
    assert quiet.screen(Look()) == ""
    assert quiet.document() == page.document()
    assert isinstance(page.document(), dict)


def test_removed_and_settings_results_print_only_notes() -> None:
    """`remove` and `money settings` print nothing on stdout but their note, and their
    documents name what was removed or set."""
    gone = service.removed("accounts", 3, "Removed row 3.")
    assert (gone.document(), gone.screen(Look()), gone.notes) == (
        {"removed": 3, "inventory": "accounts"},
        "",
        ("Removed row 3.",),
    )
    from exitplan.domain.inventory import Inventory

    money = service.money_settings(Inventory(currency="EUR", threshold_weeks=6), "Saved.")
    assert money.document() == {"currency": "EUR", "threshold_weeks": 6}
    assert money.screen(Look()) == ""
    assert money.notes == ("Saved.",)
