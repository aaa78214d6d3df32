"""How long the money lasts after leaving, and how much more is needed by the exit date.

Exact arithmetic in `Decimal`, never float. The model is deliberately simple, and every screen
says so in words: the one-off costs of leaving are paid on the day; from then on, each week
costs the costs less the income (each converted through a year of 52 weeks: a month is 52/12
weeks, half a month 52/24); the money set aside pays the difference. Debts and joint accounts
are listed, never counted: a debt's repayments belong in the monthly costs, and a joint account
is within the partner's reach.

Pure: `today` and the exit date are parameters.
"""

from __future__ import annotations

from datetime import date
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from typing import TYPE_CHECKING, NamedTuple

from exitplan.base import spoken

if TYPE_CHECKING:
    from collections.abc import Iterable

    from exitplan.domain.checks import Per
    from exitplan.domain.inventory import Inventory, Money

CENT = Decimal("0.01")
# A year of 52 weeks and 12 months: the one place an amount of any period becomes a week's.
WEEKS_A_YEAR = 52
MONTHS_A_YEAR = 12
WEEK = 7
# How many times a year each period comes (pay every two weeks is 26 a year, twice a month 24).
TIMES_A_YEAR: dict[Per, int] = {
    "week": WEEKS_A_YEAR,
    "fortnight": WEEKS_A_YEAR // 2,
    "half-month": MONTHS_A_YEAR * 2,
    "month": MONTHS_A_YEAR,
}


def weekly(row: Money) -> Decimal:
    """A row's amount for one week: its amount for a year, over 52 (a month's times 12/52)."""
    return row.amount * TIMES_A_YEAR[row.per] / WEEKS_A_YEAR


def total(rows: Iterable[Money]) -> Decimal:
    """The sum of the rows' amounts."""
    return sum((row.amount for row in rows), Decimal(0))


class Runway(NamedTuple):
    """The money as it stands for one exit date and day; every amount exact.

    - `saved`: set aside where the partner cannot reach it; `one_off`: the costs of leaving.
    - `burn`: what a week after leaving costs beyond the income (0 or less: the income covers
      the costs); `has_costs`: whether any monthly cost is known at all.
    - `weeks`: how many weeks the money left after the one-off costs lasts from the exit date
      (None: it does not run out, or no cost is known).
    - `needed`: how much more to set aside by the exit date to cover the one-off costs and
      `threshold` weeks; `per_week`: that amount spread over the weeks until the exit date
      (None when the day has come, or no exit date is set).
    """

    saved: Decimal
    one_off: Decimal
    income: Decimal  # a week
    costs: Decimal  # a week
    debts: Decimal
    joint: Decimal
    threshold: int
    days_left: int | None
    has_rows: bool

    @property
    def has_costs(self) -> bool:
        """Whether any cost after leaving is known (the runway means nothing without one)."""
        return self.costs > 0

    @property
    def burn(self) -> Decimal:
        """What one week after leaving costs beyond the income."""
        return self.costs - self.income

    @property
    def left_after_leaving(self) -> Decimal:
        """The money set aside once the one-off costs are paid (negative: not enough for them)."""
        return self.saved - self.one_off

    @property
    def weeks(self) -> Decimal | None:
        """Weeks the money lasts from the exit date (None: it does not run out, or unknown)."""
        if not self.has_costs and self.left_after_leaving >= 0:
            return None
        if self.left_after_leaving <= 0:
            return Decimal(0)
        if self.burn <= 0:
            return None
        return self.left_after_leaving / self.burn

    @property
    def whole_weeks(self) -> int | None:
        """`weeks` rounded down to whole weeks (what "about 5 weeks" says)."""
        weeks = self.weeks
        return None if weeks is None else int(weeks.to_integral_value(rounding=ROUND_FLOOR))

    @property
    def target(self) -> Decimal:
        """What would cover the one-off costs and `threshold` weeks after leaving."""
        return self.one_off + self.threshold * max(self.burn, Decimal(0))

    @property
    def needed(self) -> Decimal:
        """How much more to set aside by the exit date (0 when the target is met)."""
        return max(self.target - self.saved, Decimal(0)).quantize(CENT, rounding=ROUND_CEILING)

    @property
    def short(self) -> bool:
        """Whether the money falls short of the threshold (the one line status shows)."""
        return self.has_rows and self.needed > 0

    @property
    def per_week(self) -> Decimal | None:
        """`needed` spread over the weeks left before the exit date, rounded up to the cent."""
        if self.days_left is None or self.days_left <= 0 or self.needed <= 0:
            return None
        return (self.needed * WEEK / self.days_left).quantize(CENT, rounding=ROUND_CEILING)


def runway(inventory: Inventory, exit_date: date | None, today: date) -> Runway:
    """The runway of the money inventory for this exit date, seen on `today`."""
    by_kind: dict[str, list[Money]] = {}
    for row in inventory.money:
        by_kind.setdefault(row.kind, []).append(row)
    return Runway(
        saved=total(by_kind.get("saved", ())),
        one_off=total(by_kind.get("one-off", ())),
        income=sum((weekly(row) for row in by_kind.get("income", ())), Decimal(0)),
        costs=sum((weekly(row) for row in by_kind.get("cost", ())), Decimal(0)),
        debts=total(by_kind.get("debt", ())),
        joint=total(by_kind.get("joint", ())),
        threshold=inventory.threshold_weeks,
        days_left=None if exit_date is None else (exit_date - today).days,
        has_rows=bool(inventory.money),
    )


def money_text(amount: Decimal, currency: str | None = None) -> str:
    """An amount as the person reads it: whole numbers without decimals, others with two, in
    groups of three digits; the currency before a symbol's amount (£1,200) or after a code's
    (1,200 EUR); in Spanish, 1200 € (see base/spoken). Never converted."""
    exact = amount.quantize(CENT)
    places = 0 if exact == exact.to_integral_value() else 2
    return spoken.with_currency(spoken.decimal_text(exact, places), currency)
