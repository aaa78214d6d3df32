"""The runway arithmetic: exact Decimal sums, weeks from the exit date, what more is needed."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from exitplan.domain.checks import PERS
from exitplan.domain.inventory import Inventory, Money
from exitplan.domain.runway import CENT, TIMES_A_YEAR, money_text, runway, weekly

TODAY = date(2026, 11, 30)
EXIT = date(2026, 12, 14)


def money(*rows: tuple[str, str, str], threshold: int = 8) -> Inventory:
    """An inventory of money rows given as (kind, amount, per)."""
    return Inventory(
        money=tuple(
            Money(number=n, kind=kind, what=f"row {n}", amount=Decimal(amount), per=p)  # type: ignore[arg-type]
            for n, (kind, amount, p) in enumerate(rows, 1)
        ),
        threshold_weeks=threshold,
    )


def test_a_month_is_twelve_fifty_seconds_of_a_year() -> None:
    """520 a month is 120 a week, exactly; a weekly amount stays as it is."""
    assert weekly(Money(1, "cost", "rent", Decimal(520))) == Decimal(120)
    assert weekly(Money(1, "cost", "food", Decimal("80.50"), per="week")) == Decimal("80.50")


@pytest.mark.parametrize(
    ("amount", "per", "a_week"),
    [
        ("1300", "fortnight", "650"),  # 26 a year: half of it
        ("2600", "half-month", "1200"),  # 24 a year: 2,600 x 24 / 52
        ("0.02", "fortnight", "0.01"),
        ("520", "month", "120"),
        ("80.50", "week", "80.50"),
    ],
)
def test_each_period_converts_through_a_year_of_52_weeks(
    amount: str, per: str, a_week: str
) -> None:
    """An amount every two weeks is half of it a week; twice a month, 24/52 of it; a month,
    12/52; exactly."""
    assert weekly(Money(1, "income", "pay", Decimal(amount), per=per)) == Decimal(a_week)  # type: ignore[arg-type]


def test_weeks_from_the_exit_date_after_the_one_off_costs() -> None:
    """1,200 set aside, 300 of one-off costs, 520 a month of costs and 260 of income:
    900 left, 60 a week beyond the income: 15 weeks."""
    inv = money(
        ("saved", "1200", "month"),
        ("one-off", "300", "month"),
        ("cost", "520", "month"),
        ("income", "260", "month"),
    )
    found = runway(inv, EXIT, TODAY)
    assert found.burn == Decimal(60)
    assert found.weeks == Decimal(15)
    assert found.whole_weeks == 15
    assert not found.short
    assert found.needed == 0
    assert found.per_week is None


def test_what_more_is_needed_and_per_week_over_the_days_left() -> None:
    """Threshold 8 weeks of 100 a week plus 200 one-off is 1,000; with 300 set aside, 700 more
    by the exit date, 14 days away: 350 a week."""
    inv = money(("saved", "300", "week"), ("one-off", "200", "week"), ("cost", "100", "week"))
    found = runway(inv, EXIT, TODAY)
    assert found.whole_weeks == 1  # (300 - 200) / 100
    assert found.short
    assert found.needed == Decimal("700.00")
    assert found.days_left == 14
    assert found.per_week == Decimal("350.00")


def test_income_that_covers_the_costs_never_runs_out() -> None:
    """More income than costs: no number of weeks, and nothing more needed beyond one-offs."""
    found = runway(
        money(("saved", "50", "month"), ("cost", "100", "month"), ("income", "900", "month")),
        EXIT,
        TODAY,
    )
    assert found.weeks is None
    assert not found.short


def test_one_off_costs_larger_than_the_money_set_aside() -> None:
    """Less set aside than the one-off costs: no weeks at all, and the gap is needed."""
    found = runway(money(("saved", "100", "month"), ("one-off", "250.50", "month")), EXIT, TODAY)
    assert found.weeks == 0
    assert found.needed == Decimal("150.50")
    assert found.short


def test_debts_and_joint_accounts_are_listed_never_counted() -> None:
    """A debt or a joint account changes neither the weeks nor what is needed."""
    base = money(("saved", "1000", "month"), ("cost", "433.33", "month"))
    more = money(
        ("saved", "1000", "month"),
        ("cost", "433.33", "month"),
        ("debt", "5000", "month"),
        ("joint", "900", "month"),
    )
    a, b = runway(base, EXIT, TODAY), runway(more, EXIT, TODAY)
    assert (a.weeks, a.needed) == (b.weeks, b.needed)
    assert (b.debts, b.joint) == (Decimal(5000), Decimal(900))


def test_no_per_week_once_the_day_has_come_or_without_a_date() -> None:
    """Needed but no days left (or no exit date): the amount, and no weekly figure."""
    inv = money(("saved", "10", "month"), ("cost", "100", "month"))
    assert runway(inv, EXIT, EXIT).per_week is None
    assert runway(inv, None, TODAY).per_week is None
    assert runway(inv, None, TODAY).needed > 0


@pytest.mark.parametrize(
    ("amount", "currency", "shown"),
    [
        ("1200", "£", "£1,200"),
        ("1200.5", "£", "£1,200.50"),
        ("1234567.89", "EUR", "1,234,567.89 EUR"),
        ("0.05", None, "0.05"),
        ("1000000", "$", "$1,000,000"),
    ],
)
def test_amounts_read_in_the_persons_own_currency(
    amount: str, currency: str | None, shown: str
) -> None:
    """Whole amounts without decimals, others with two; the currency as written, never converted."""
    assert money_text(Decimal(amount), currency) == shown


AMOUNTS = st.decimals(min_value=0, max_value=10**9, places=2, allow_nan=False, allow_infinity=False)


@given(
    saved=AMOUNTS,
    one_off=AMOUNTS,
    cost=AMOUNTS,
    income=AMOUNTS,
    threshold=st.integers(1, 520),
    days=st.integers(-30, 400),
)
def test_runway_arithmetic_holds_for_any_amounts(
    saved: Decimal, one_off: Decimal, cost: Decimal, income: Decimal, threshold: int, days: int
) -> None:
    """Whatever the amounts: nothing negative is needed; what is needed is exactly the gap to
    the target, rounded up to the cent; the weekly figure over the days left covers it; the
    money lasts at least the whole weeks said and less than one more; and every figure is a
    Decimal (never a float)."""
    inv = money(
        ("saved", str(saved), "month"),
        ("one-off", str(one_off), "month"),
        ("cost", str(cost), "month"),
        ("income", str(income), "month"),
        threshold=threshold,
    )
    exit_date = TODAY + timedelta(days=days)
    found = runway(inv, exit_date, TODAY)
    assert found.needed >= 0
    assert isinstance(found.needed, Decimal)
    gap = max(found.target - found.saved, Decimal(0))
    assert gap <= found.needed < gap + Decimal("0.01")
    assert found.short == (found.needed > 0)
    if found.per_week is not None:
        assert days > 0
        assert found.per_week * days / 7 >= found.needed
        assert (found.per_week - Decimal("0.01")) * days / 7 < found.needed
    weeks = found.weeks
    if weeks is not None and weeks > 0:
        whole = found.whole_weeks
        assert whole is not None
        assert whole * found.burn <= found.left_after_leaving
        assert (whole + 1) * found.burn > found.left_after_leaving
    if found.short and found.weeks is not None and found.has_costs:
        # Short means the weeks fall below the threshold, or the one-offs are not covered.
        assert found.weeks < threshold or found.left_after_leaving < 0


# A year in cents that every period divides: 52, 26, 24 and 12 all divide 312.
YEARS = st.integers(min_value=0, max_value=10**11 // 312).map(lambda n: Decimal(n * 312) / 100)


@given(year=YEARS, saved=AMOUNTS, days=st.integers(1, 400))
def test_a_yearly_total_counts_the_same_whatever_period_it_is_entered_in(
    year: Decimal, saved: Decimal, days: int
) -> None:
    """A cost of one yearly total, entered a week, two weeks, half a month or a month at a
    time, costs the same each week, and leaves the same runway to the cent."""
    seen = set()
    for per in PERS:
        amount = year / TIMES_A_YEAR[per]
        assert amount == amount.quantize(CENT)  # an amount a person can type
        row = Money(1, "cost", "rent", amount, per=per)
        assert weekly(row) == year / 52
        found = runway(
            money(("saved", str(saved), "month"), ("cost", str(amount), per)),
            TODAY + timedelta(days=days),
            TODAY,
        )
        seen.add((found.needed, found.per_week, found.whole_weeks))
    assert len(seen) == 1


@given(amount=AMOUNTS, per=st.sampled_from(PERS))
def test_a_week_of_any_period_is_its_year_over_52_to_the_cent(amount: Decimal, per: str) -> None:
    """A week's worth times 52 gives back the amount times the period's count a year, to the
    cent the screens round to: the conversion loses nothing."""
    row = Money(1, "income", "pay", amount, per=per)  # type: ignore[arg-type]
    year = amount * TIMES_A_YEAR[row.per]
    assert (weekly(row) * 52).quantize(CENT) == year.quantize(CENT)
