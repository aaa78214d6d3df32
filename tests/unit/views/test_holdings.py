"""One inventory row in words (views/holdings.py): its title, its facts, what needs a look, calm
advice and where the advice comes from, for documents, accounts and money."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from helpers_rows import doc

from exitplan.domain.inventory import Account, Inventory, Money
from exitplan.views.holdings import (
    ACCOUNTS_CAUTION,
    ECONOMIC_ABUSE,
    REFUGE,
    SOURCES,
    TECH_SAFETY,
    WOMENS_AID,
    WOMENSLAW,
    account_view,
    amount_text,
    document_flag_words,
    document_title,
    document_view,
    kind_text,
    money_view,
    row_title,
    row_view,
)

TODAY = date(2026, 11, 30)
EXIT = date(2026, 12, 14)


def account(**fields: Any) -> Account:
    """An email account with every answer no, unless told otherwise."""
    values: dict[str, Any] = {"number": 2, "what": "Email"}
    values |= dict.fromkeys(("partner_knows", "shared", "linked", "location", "recovery"), "no")
    return Account(**(values | fields))


def money(kind: str, amount: str, **fields: Any) -> Money:
    """An amount of one kind."""
    return Money(number=3, kind=kind, what="Savings", amount=Decimal(amount), **fields)  # type: ignore[arg-type]


# -- titles ----------------------------------------------------------------------------------


def test_a_documents_title_says_whose_it_is() -> None:
    """Yours, a child's by the label chosen for them, or your partner's."""
    assert document_title(doc()) == "Passport, yours"
    assert document_title(doc(kind="birth-certificate", whose="child", child="A")) == (
        "Birth certificate, child A"
    )
    assert document_title(doc(whose="partner")) == "Passport, your partner's"


def test_a_kind_of_the_persons_own_is_kept_in_their_words() -> None:
    """A kind exitplan does not know is shown as the person wrote it."""
    assert kind_text(doc(kind="Library card")) == "Library card"
    assert kind_text(doc(kind="visa")) == "Visa or residence permit"


def test_titles_are_in_the_persons_language(in_spanish: None) -> None:
    """In Spanish the kind and whose it is are Spanish; the person's own words are kept."""
    assert document_title(doc()) == "Pasaporte, a tu nombre"
    assert kind_text(doc(kind="Library card")) == "Library card"


def test_an_amount_with_a_period_says_how_often() -> None:
    """Income and costs carry their period; savings, debts and one-off costs do not."""
    assert amount_text(money("income", "1400", per="month"), "£") == "£1,400 a month"
    assert amount_text(money("cost", "80.5", per="week"), "£") == "£80.50 a week"
    assert amount_text(money("cost", "300", per="fortnight"), None) == "300 every two weeks"
    assert amount_text(money("income", "900", per="half-month"), "EUR") == ("900 EUR twice a month")
    assert amount_text(money("saved", "1200", per="week"), "£") == "£1,200"
    assert amount_text(money("debt", "2500"), "$") == "$2,500"


def test_a_row_title_is_a_few_words_for_each_kind_of_row() -> None:
    """A document by its title, an account by its name, an amount by what and how much."""
    assert row_title(doc()) == "Passport, yours"
    assert row_title(account(what="Phone")) == "Phone"
    assert row_title(money("saved", "1200"), "£") == "Savings: £1,200"


# -- documents -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("flag", "words"),
    [
        ("expires-before-exit", "Expires 10 Dec 2026, before you leave."),
        ("expired", "Expired on 10 Dec 2026."),
        ("missing", "The original is not with you."),
        ("no-copy", "No copy yet."),
        ("expires-soon", "Expires 10 Dec 2026, within three months after you leave."),
    ],
)
def test_each_document_flag_is_one_sentence(flag: str, words: str) -> None:
    """Each flag of a document reads as one plain sentence with its date."""
    expiring = doc(expires=date(2026, 12, 10))
    assert document_flag_words(expiring, flag, EXIT, TODAY) == words


def test_expiring_soon_after_the_exit_day_or_without_one() -> None:
    """Once the exit day has passed, or with none set, `soon` counts from today."""
    expiring = doc(expires=date(2027, 1, 10))
    assert document_flag_words(expiring, "expires-soon", EXIT, EXIT) == (
        "Expires 10 Jan 2027, within three months after you leave."
    )
    after = date(2026, 12, 15)
    assert document_flag_words(expiring, "expires-soon", EXIT, after) == (
        "Expires 10 Jan 2027, within three months."
    )
    assert document_flag_words(expiring, "expires-soon", None, TODAY) == (
        "Expires 10 Jan 2027, within three months."
    )


def test_a_document_in_order_needs_no_look_and_no_advice() -> None:
    """Original with you, a copy, no expiry: its facts, no flag, no advice, no source."""
    view = document_view(doc(copy_where="with my sister"), EXIT, TODAY)
    assert view.title == "Passport, yours"
    assert view.facts == (
        ("Original", "drawer"),
        ("Copy", "with my sister"),
        ("Expires", "no date given"),
    )
    assert (view.flags, view.advice, view.sources, view.codes) == ((), (), (), ())


def test_a_missing_document_without_a_copy_gets_calm_advice_and_its_sources() -> None:
    """Not with you and no copy: both flags, advice that says you can leave without it, and the
    sources of that advice."""
    view = document_view(doc(original=None, copy=False, note="ask mum"), EXIT, TODAY)
    assert view.codes == ("missing", "no-copy")
    assert view.flags == ("The original is not with you.", "No copy yet.")
    assert ("Original", "not with you") in view.facts
    assert ("Copy", "none yet") in view.facts
    assert view.facts[-1] == ("Note", "ask mum")
    assert "You can leave without it." in view.advice[0]
    assert "Only if it is safe to make one." in view.advice[1]
    assert view.sources == (REFUGE, WOMENS_AID)


def test_an_expiring_document_is_flagged_around_the_exit_day() -> None:
    """Expiring on the exit day is before you leave; the day after is soon; expired is past."""
    on_exit = document_view(doc(expires=EXIT), EXIT, TODAY)
    assert on_exit.flags == ("Expires 14 Dec 2026, before you leave.",)
    assert "renew it later" in on_exit.advice[0]
    day_after = document_view(doc(expires=date(2026, 12, 15)), EXIT, TODAY)
    assert day_after.codes == ("expires-soon",)
    assert day_after.advice == (
        "Note when to renew it, so it does not run out once you have left.",
    )
    gone = document_view(doc(expires=date(2026, 11, 29)), EXIT, TODAY)
    assert gone.flags == ("Expired on 29 Nov 2026.",)
    assert gone.advice[0].startswith("A replacement can be ordered after you leave")


def test_the_partners_papers_get_their_own_advice_and_source() -> None:
    """Your partner's papers: only a copy counts, and the advice and source speak of that."""
    view = document_view(doc(whose="partner", original=None, copy=False), EXIT, TODAY)
    assert view.codes == ("no-copy",)
    assert view.advice[0].startswith("A copy of your partner's papers")
    assert view.sources == (WOMENSLAW,)


# -- accounts --------------------------------------------------------------------------------


def test_an_account_the_partner_can_reach_says_how_and_what_to_do_after_leaving() -> None:
    """Each way in is named; the steps come in the order of Refuge Tech Safety's guide (linked
    people and devices first), after you leave by default, with the caution that a change can
    alert your partner."""
    view = account_view(account(partner_knows="yes", linked="yes"), EXIT, TODAY)
    assert view.flags == (
        "Your partner can still reach it: they know or could reset the password; other devices "
        "or people are linked to it.",
    )
    assert view.advice == (
        "After you leave, check which people and devices are linked to it, and remove the ones "
        "you do not want; change the password, and those of the apps and payments connected to "
        "it.",
        ACCOUNTS_CAUTION,
    )
    assert view.codes == ("reachable", "reach:partner_knows", "reach:linked")
    assert view.sources == (TECH_SAFETY,)


def test_the_timing_of_the_advice_follows_when_it_is_safe_to_change() -> None:
    """Safe now: `When you are ready`, with no caution; with an advocate: plan it with them."""
    now = account_view(account(shared="yes", safe_to_change="now"), EXIT, TODAY)
    assert now.advice == ("When you are ready, leave the shared or family plan.",)
    advocate = account_view(account(shared="yes", safe_to_change="advocate"), EXIT, TODAY)
    assert advocate.advice[0] == "With your advocate, plan when to leave the shared or family plan."
    assert advocate.advice[1] == ACCOUNTS_CAUTION


def test_an_account_not_yet_looked_at_is_to_check() -> None:
    """Every answer `not sure`: still to check, with advice that looking leaves traces too."""
    view = account_view(Account(number=1, what="Phone"), EXIT, TODAY)
    assert view.flags == ("Still to check.",)
    assert view.advice[-1].endswith("Looking can leave traces too.")
    assert ("Partner knows the password", "not sure") in view.facts


def test_an_account_waiting_to_be_changed_is_due_once_you_have_left() -> None:
    """Set to change after leaving: waiting before the exit day, to change on and after it."""
    waiting = account(state="change-after")
    assert account_view(waiting, EXIT, TODAY).flags == ("Waiting to be changed after you leave.",)
    assert account_view(waiting, EXIT, EXIT).flags == (
        "You have left: it is waiting to be changed, when you feel ready.",
    )


def test_a_changed_account_needs_nothing_more() -> None:
    """Changed: no flag, no advice, even with two-step sign-in off and a way in still yes."""
    view = account_view(account(partner_knows="yes", two_step="no", state="changed"), EXIT, TODAY)
    assert (view.flags, view.advice, view.sources) == ((), (), ())
    assert view.codes == ("reach:partner_knows",)
    assert ("State", "changed") in view.facts


def test_two_step_sign_in_off_is_advised_until_the_account_is_settled() -> None:
    """Two-step sign-in off adds its step while the account is still to be settled."""
    view = account_view(account(two_step="no", state="change-after"), EXIT, TODAY)
    assert view.advice[0] == (
        "After you leave, turn on two-step sign-in with a phone or app only you control."
    )
    assert account_view(account(two_step="no", state="fine"), EXIT, TODAY).advice == ()


def test_an_accounts_facts_answer_each_question() -> None:
    """The show screen's facts: each question's answer, when it is safe to change, its state,
    and the person's note last."""
    view = account_view(account(two_step="yes", note="old phone"), EXIT, TODAY)
    assert view.facts == (
        ("Partner knows the password", "no"),
        ("Shared or family plan", "no"),
        ("Linked devices or people", "no"),
        ("Shares your location", "no"),
        ("Partner controls recovery", "no"),
        ("Two-step sign-in on", "yes"),
        ("Safe to change", "after you leave"),
        ("State", "to check"),
        ("Note", "old phone"),
    )


# -- money -----------------------------------------------------------------------------------


def test_money_set_aside_is_shown_without_advice() -> None:
    """Savings: its kind and amount, no flags, no advice, no source."""
    view = money_view(money("saved", "1200", note="in a new account"), "£")
    assert view.facts == (
        ("Kind", "money saved"),
        ("Amount", "£1,200"),
        ("Note", "in a new account"),
    )
    assert (view.flags, view.advice, view.sources, view.codes) == ((), (), (), ())


def test_a_joint_account_and_a_debt_say_why_they_are_not_counted() -> None:
    """A joint account is not saved money, a debt is listed not counted; both cite their
    source."""
    joint = money_view(money("joint", "500"), None)
    assert joint.advice[0].startswith("A joint account stays within your partner's reach")
    debt = money_view(money("debt", "2500"), None)
    assert debt.advice[0].startswith("Debts are listed, not counted")
    assert joint.sources == debt.sources == (ECONOMIC_ABUSE,)


def test_row_view_spells_any_row_and_money_in_the_inventorys_currency() -> None:
    """A row of any inventory gets its own view; an amount takes the inventory's currency."""
    inventory = Inventory(currency="EUR")
    assert row_view(doc(), inventory, EXIT, TODAY).title == "Passport, yours"
    assert row_view(account(), inventory, EXIT, TODAY).title == "Email"
    assert ("Amount", "1,200 EUR") in row_view(money("saved", "1200"), inventory, EXIT, TODAY).facts


def test_every_source_cited_says_where_it_holds() -> None:
    """Each address a view can cite is in SOURCES, with the place its advice is about."""
    cited = {REFUGE, WOMENS_AID, WOMENSLAW, TECH_SAFETY, ECONOMIC_ABUSE}
    assert cited == set(SOURCES)
    assert all("(" in SOURCES[url] for url in cited)
