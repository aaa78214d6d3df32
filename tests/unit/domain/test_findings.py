"""What needs a look in the inventories: each row's flags, the one fact status shows per inventory,
and how far the inventories complete the plan's steps."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from helpers_rows import doc

from exitplan.domain import inventory as inv
from exitplan.domain.findings import (
    account_flag,
    document_flags,
    notices,
    step_progress,
)
from exitplan.domain.inventory import Account, Inventory

TODAY = date(2026, 11, 30)
EXIT = date(2026, 12, 14)


# -- flags -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expires", "flags"),
    [
        (date(2026, 11, 29), ("expired",)),
        (TODAY, ("expires-before-exit",)),
        (EXIT, ("expires-before-exit",)),  # on the day you leave is too late
        (date(2026, 12, 15), ("expires-soon",)),
        (date(2027, 3, 15), ("expires-soon",)),  # 91 days after the exit
        (date(2027, 3, 16), ()),
        (None, ()),
    ],
)
def test_expiry_against_the_exit_date(expires: date | None, flags: tuple[str, ...]) -> None:
    """Expired, expiring by the exit date, within three months after it, or fine."""
    assert document_flags(doc(expires=expires), EXIT, TODAY) == flags


def test_missing_originals_and_copies_and_the_partners_papers() -> None:
    """No original with the person, no copy; for the partner's papers only the copy counts."""
    assert document_flags(doc(original=None, copy=False), EXIT, TODAY) == ("missing", "no-copy")
    partner = doc(whose="partner", original=None, copy=False, expires=date(2026, 1, 1))
    assert document_flags(partner, EXIT, TODAY) == ("no-copy",)


def test_without_an_exit_date_expiry_counts_from_today() -> None:
    """No exit date: expiring within three months of today is flagged as soon."""
    assert document_flags(doc(expires=date(2027, 1, 10)), None, TODAY) == ("expires-soon",)


def account(**fields: Any) -> Account:
    """An account with every answer no, unless told otherwise."""
    values: dict[str, Any] = {"number": 1, "what": "email"}
    values |= dict.fromkeys(("partner_knows", "shared", "linked", "location", "recovery"), "no")
    return Account(**(values | fields))


def test_an_account_is_flagged_until_it_is_safe() -> None:
    """Reachable while any answer is yes, until it is set fine or changed; to check while
    nothing is decided; waiting before the exit, to change now after it."""
    assert account_flag(account(partner_knows="yes"), EXIT, TODAY) == "reachable"
    assert account_flag(account(partner_knows="yes", state="changed"), EXIT, TODAY) is None
    assert account_flag(account(), EXIT, TODAY) == "to-check"
    assert account_flag(account(state="fine"), EXIT, TODAY) is None
    waiting = account(state="change-after")
    assert account_flag(waiting, EXIT, TODAY) == "waiting"
    assert account_flag(waiting, EXIT, EXIT) == "change-now"
    assert (
        account_flag(account(state="change-after", safe_to_change="advocate"), EXIT, EXIT)
        == "waiting"
    )


def test_one_notice_per_inventory_the_most_pressing() -> None:
    """Status gets one fact per inventory, the most pressing, and none when all is well."""
    book = Inventory(
        documents=(
            doc(number=1, copy=False),
            doc(number=2, expires=EXIT),
            doc(number=3, expires=TODAY),
        ),
        accounts=(account(number=1), account(number=2, shared="yes")),
    )
    found = [(n.section, n.fact, n.total) for n in notices(book, EXIT, TODAY)]
    assert found == [("documents", "expires-before-exit", 2), ("accounts", "reachable", 1)]
    calm = Inventory(documents=(doc(),), accounts=(account(state="change-after"),))
    assert notices(calm, EXIT, TODAY) == ()


def test_the_money_notice_counts_weeks_from_the_exit_date() -> None:
    """Money short of the threshold: the whole weeks it lasts."""
    book = Inventory(threshold_weeks=8)
    for kind, amount in (("saved", "500"), ("cost", "100")):
        book = inv.add_row(
            book, "money", {"kind": kind, "what": kind, "amount": amount, "per": "week"}
        )
    assert [(n.fact, n.total) for n in notices(book, EXIT, TODAY)] == [("weeks", 5)]


# -- the plan's steps -----------------------------------------------------------------------------


def test_replacing_missing_documents_is_done_when_nothing_is_missing_or_expiring() -> None:
    """The step shows done once no document is missing, expired or expiring before the exit;
    until then it names the rows in the way."""
    book = Inventory(documents=(doc(number=1), doc(number=2, original=None)))
    progress = step_progress("documents.replace-missing", book, EXIT, TODAY)
    assert progress is not None
    assert (progress.left, progress.tickable) == ((2,), False)
    fixed = inv.change_row(book, "documents", 2, {"original": "with my sister"})
    progress = step_progress("documents.replace-missing", fixed, EXIT, TODAY)
    assert progress is not None
    assert (progress.left, progress.tickable) == ((), True)


def test_not_sure_is_in_the_way_of_an_account_step() -> None:
    """An account whose recovery is not known to be safe keeps the step open."""
    book = Inventory(accounts=(account(recovery="unsure"),))
    progress = step_progress("digital.recovery-details", book, EXIT, TODAY)
    assert progress is not None
    assert progress.left == (1,)
    assert not progress.tickable


def test_a_list_with_rows_never_shows_a_listing_step_done() -> None:
    """One listed account is not every account: a listing step is never shown done."""
    book = Inventory(accounts=(account(),))
    progress = step_progress("digital.account-inventory", book, EXIT, TODAY)
    assert progress is not None
    assert progress.complete
    assert not progress.tickable


def test_every_linked_step_exists_in_the_built_in_checklists() -> None:
    """The steps the inventories complete are named by ids the built-in checklists have, so a
    renamed step is caught here rather than silently unlinked."""
    from exitplan.domain.findings import STEP_LINKS
    from exitplan.formats.catalog import builtin_dir
    from exitplan.formats.checklistfile import load_catalog

    assert builtin_dir().is_dir()
    catalog = load_catalog()
    ids = {f"{c.id}.{item.id}" for c in catalog.checklists for item in c.items}
    assert set(STEP_LINKS) <= ids


@pytest.mark.parametrize(
    ("rows", "fact"),
    [
        ((("cost", "100"),), ("nothing", 0)),
        ((("saved", "50"), ("one-off", "80"), ("cost", "10")), ("one-off", 0)),
        ((("saved", "5"), ("cost", "100")), ("weeks", 0)),
        ((("saved", "50"), ("one-off", "80"), ("income", "10"), ("cost", "5")), ("one-off", 0)),
    ],
)
def test_the_money_notice_says_what_is_short(
    rows: tuple[tuple[str, str], ...], fact: tuple[str, int]
) -> None:
    """Nothing set aside, not enough for the one-off costs, or the weeks it lasts (less than
    one as 0): one plain fact each."""
    book = Inventory()
    for kind, amount in rows:
        book = inv.add_row(
            book, "money", {"kind": kind, "what": kind, "amount": amount, "per": "week"}
        )
    [notice] = [n for n in notices(book, EXIT, TODAY) if n.section == "money"]
    assert (notice.fact, notice.total) == fact


def test_a_past_exit_date_counts_expiry_from_today() -> None:
    """Once the exit date has passed, nothing can expire "before the exit": expiry counts from
    today, three months ahead."""
    past = date(2026, 11, 1)
    # Three months of today, but not of the past exit date.
    assert document_flags(doc(expires=date(2027, 2, 15)), past, TODAY) == ("expires-soon",)
    assert document_flags(doc(expires=date(2026, 12, 20)), past, TODAY) == ("expires-soon",)
    assert document_flags(doc(expires=date(2026, 11, 29)), past, TODAY) == ("expired",)


def test_expires_soon_ends_after_three_months() -> None:
    """`SOON_DAYS` after the exit is still soon, the day after is not (the rule and its words
    say three months)."""
    from exitplan.domain.dates import shift
    from exitplan.domain.findings import SOON_DAYS

    assert 89 <= SOON_DAYS <= 92
    assert document_flags(doc(expires=shift(EXIT, SOON_DAYS)), EXIT, TODAY) == ("expires-soon",)
    assert document_flags(doc(expires=shift(EXIT, SOON_DAYS + 1)), EXIT, TODAY) == ()


def test_flags_come_most_pressing_first_and_are_counted() -> None:
    """Every flag a document carries is listed, most pressing first, and counted once per
    document; a flag no row carries counts zero."""
    from exitplan.domain.findings import DOCUMENT_FLAGS, document_counts

    expired = doc(number=1, expires=date(2026, 11, 1), original=None, copy=False)
    assert document_flags(expired, EXIT, TODAY) == ("expired", "missing", "no-copy")
    book = Inventory(documents=(expired, doc(number=2, copy=False)))
    counts = document_counts(book, EXIT, TODAY)
    assert list(counts) == list(DOCUMENT_FLAGS)
    assert counts == {
        "expires-before-exit": 0,
        "expired": 1,
        "missing": 1,
        "no-copy": 2,
        "expires-soon": 0,
    }


def test_the_reach_is_every_yes_in_a_fixed_order() -> None:
    """The ways the partner can still reach an account are its answers of yes, in one order;
    not sure is not a yes."""
    from exitplan.domain.findings import account_reach

    row = account(location="yes", partner_knows="yes", shared="unsure")
    assert account_reach(row) == ("partner_knows", "location")
    assert account_reach(account()) == ()


def test_change_now_comes_on_the_exit_day_and_only_for_after_leaving() -> None:
    """An account set to change after leaving is waiting the day before the exit and to change
    now on the day itself; one kept for an advocate keeps waiting."""
    waiting = account(state="change-after")
    assert account_flag(waiting, EXIT, date(2026, 12, 13)) == "waiting"
    assert account_flag(waiting, EXIT, EXIT) == "change-now"
    assert account_flag(waiting, None, EXIT) == "waiting"  # no exit date: never "now"


def test_an_account_waiting_as_planned_needs_no_notice() -> None:
    """Accounts that wait, as planned, for the exit are not a fact for status."""
    book = Inventory(accounts=(account(state="change-after"),))
    assert notices(book, EXIT, TODAY) == ()
    assert [n.fact for n in notices(book, EXIT, EXIT)] == ["change-now"]


def test_copies_and_reach_name_the_rows_in_the_way() -> None:
    """The copies step names the documents without a copy; a reach step names the accounts
    whose answer is not a no, until they are set fine or changed."""
    book = Inventory(
        documents=(doc(number=1), doc(number=2, copy=False)),
        accounts=(
            account(number=1, shared="yes"),
            account(number=2, shared="unsure", state="fine"),
            account(number=3),
        ),
    )
    copies = step_progress("documents.copies", book, EXIT, TODAY)
    shared = step_progress("digital.family-plans", book, EXIT, TODAY)
    assert copies is not None
    assert shared is not None
    assert (copies.left, copies.complete) == ((2,), False)
    assert (shared.left, shared.complete) == ((1,), False)


def test_money_steps_need_money_set_aside_that_lasts() -> None:
    """The saving step is done when money is set aside and lasts the threshold; joint accounts
    and debts count as listed but are never ticked (the step is the advice about them)."""
    book = Inventory(threshold_weeks=2)
    for kind, amount in (("saved", "500"), ("cost", "100"), ("joint", "10"), ("debt", "5")):
        book = inv.add_row(
            book, "money", {"kind": kind, "what": kind, "amount": amount, "per": "week"}
        )
    saved = step_progress("finances.save-quietly", book, EXIT, TODAY)
    joint = step_progress("finances.joint-accounts", book, EXIT, TODAY)
    debts = step_progress("finances.coerced-debt", book, EXIT, TODAY)
    assert saved is not None
    assert joint is not None
    assert debts is not None
    assert (saved.complete, saved.tickable) == (True, True)
    assert (joint.rows, joint.complete, joint.tickable) == (1, True, False)
    assert (debts.rows, debts.complete, debts.tickable) == (1, True, False)
    short = Inventory(threshold_weeks=52, money=book.money)
    progress = step_progress("finances.save-quietly", short, EXIT, TODAY)
    assert progress is not None
    assert not progress.complete
    empty = step_progress("finances.save-quietly", Inventory(), EXIT, TODAY)
    assert empty is not None
    assert not empty.complete


def test_a_step_not_tied_to_an_inventory_has_no_progress() -> None:
    """A step the inventories do not complete gets no progress, whatever they hold."""
    book = Inventory(documents=(doc(),))
    assert step_progress("safety.leave-early", book, EXIT, TODAY) is None
