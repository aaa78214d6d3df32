"""Numbers, money and date order as each locale writes them, from Babel's CLDR data."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from datetime import date
from decimal import Decimal

import pytest
from helpers import REPO

from exitplan.base import i18n, spoken
from exitplan.base.errors import DateError


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Every test leaves the process speaking English, as the rest of the suite expects."""
    yield
    i18n.install("en")


@pytest.mark.parametrize(
    ("tag", "currency", "big", "small", "count"),
    [
        ("en", "£", "£12,000.50", "£1,200.50", "1,500"),
        ("es_MX.UTF-8", "$", "$12,000.50", "$1,200.50", "1,500"),
        ("es_ES.UTF-8", "€", "12.000,50\u00a0€", "1200,50\u00a0€", "1500"),
        ("es_AR.UTF-8", "$", "$12.000,50", "$1200,50", "1500"),
        ("es", "€", "12.000,50\u00a0€", "1200,50\u00a0€", "1500"),
    ],
)
def test_money_and_numbers_follow_the_locale(
    tag: str, currency: str, big: str, small: str, count: str
) -> None:
    """Mexico writes $12,000.50, Spain 12.000,50 € and 1200,50 € (four digits stay together),
    every locale its own way; a code goes after the amount; small numbers are as typed."""
    i18n.install(tag)
    assert spoken.with_currency(spoken.decimal_text(Decimal("12000.5"), 2), currency) == big
    assert spoken.with_currency(spoken.decimal_text(Decimal("1200.5"), 2), currency) == small
    assert spoken.number_text(1500) == count
    assert spoken.number_text(-999) == "-999"
    assert spoken.decimal_text(Decimal("-0.001"), 2) in {"0.00", "0,00"}
    assert spoken.with_currency("5", "EUR").endswith("EUR")


def test_an_unknown_country_reads_as_its_language() -> None:
    """A locale Babel does not know (es_ZZ) writes numbers as its language does."""
    i18n.install("es_ZZ")
    assert spoken.number_text(12000) == "12.000"


@pytest.mark.process
def test_english_and_small_numbers_never_load_babel() -> None:
    """The English start-up never imports Babel, nor does a Spanish number under 1000."""
    code = (
        "import sys; from exitplan.base import i18n, spoken; "
        "i18n.install('en'); spoken.number_text(12000); "
        "i18n.install('es_MX'); spoken.number_text(999); print('babel' in sys.modules); "
        "spoken.number_text(1000); print('babel' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO
    )
    assert out.stdout.split() == ["False", "True"]


@pytest.mark.parametrize(
    ("tag", "typed", "kept"),
    [
        ("es_MX", "$12,000.50", "12000.50"),
        ("es_MX", "12000.5", "12000.5"),
        ("es_MX", "1,200 MXN", "1200"),
        ("es_MX", "1.200,50", None),
        ("es_MX", "12,00", None),
        ("es_ES", "1.200,50", "1200.50"),
        ("es_ES", "1200,50", "1200.50"),
        ("es_ES", "1 200,50", "1200.50"),
        ("es_ES", "12.000,50\u00a0€", "12000.50"),
        ("es_ES", "1.200", "1200"),
        ("es_ES", "1200.50", "1200.50"),
        ("es_ES", "1,200.50", None),
        ("es_ES", "12.00.0", None),
        ("es_ES", "doce", None),
    ],
)
def test_an_amount_is_read_as_the_country_writes_it(tag: str, typed: str, kept: str | None) -> None:
    """The country's own forms of an amount, as exitplan keeps it; another country's is not read
    (1.200,50 in Mexico), and never guessed."""
    i18n.install(tag)
    assert spoken.read_amount(typed) == kept


@pytest.mark.parametrize(
    ("typed", "offset"),
    [
        ("+6s", "+6w"),
        ("-3 semanas", "-3w"),
        ("+1 semana", "+1w"),
        ("-10 días", "-10d"),
        ("salida", "exit"),
        ("día de salida", "exit"),
        ("-3w", "-3w"),
        ("exit", "exit"),
        ("+6x", "+6x"),
    ],
)
def test_an_offset_is_read_in_spanish_words(typed: str, offset: str) -> None:
    """+6s is six weeks and salida the exit in Spanish; English still reads; anything else is
    left for the offset's own check to refuse."""
    i18n.install("es_MX")
    assert spoken.offset_text(typed) == offset


def test_spanish_offset_words_are_not_read_in_english() -> None:
    """In English, +6s is not an offset (the English words alone are read)."""
    assert spoken.offset_text("+6s") == "+6s"
    assert spoken.offset_text("+2 weeks") == "+2w"


@pytest.mark.parametrize(
    ("tag", "typed", "day"),
    [
        ("es_MX", "15/01/2027", date(2027, 1, 15)),
        ("es_ES", "5-1-27", date(2027, 1, 5)),
        ("es_ES", "31.03.2027", date(2027, 3, 31)),
        ("es_ES", "31/02/2027", None),
        ("es_ES", "2027/01/15", None),
        ("en", "2027/01/15", None),
    ],
)
def test_a_numeric_date_is_read_in_the_locales_order(
    tag: str, typed: str, day: date | None
) -> None:
    """Day, month, year in Spanish locales (Babel's short date pattern); English reads no
    year-first form but ISO, elsewhere."""
    i18n.install(tag)
    assert spoken.numeric_date(typed) == day
    if day is not None:
        assert spoken.date_example(day) == f"{day.day:02d}/{day.month:02d}/{day.year}"


@pytest.mark.parametrize(
    ("country", "order"),
    [("gb", "dmy"), ("ie", "dmy"), ("au", "dmy"), ("nz", "dmy"), ("us", "mdy"), ("ca", "")],
)
def test_a_place_s_date_order_comes_from_its_locale_data(country: str, order: str) -> None:
    """Day first in the UK, Ireland, Australia and New Zealand, month first in the United
    States, neither in Canada (year first there), from CLDR's data for English there."""
    assert spoken.place_order(country) == order


@pytest.mark.parametrize(
    ("place", "typed", "day"),
    [
        ("gb-sct", "10/02/2027", date(2027, 2, 10)),
        ("nz", "1/2/27", date(2027, 2, 1)),
        ("us-ny", "10/02/2027", date(2027, 10, 2)),
        ("us-ny", "31/01/2027", None),
        (None, "31/01/2027", date(2027, 1, 31)),
        (None, "01/31/2027", date(2027, 1, 31)),
        (None, "05/05/2027", date(2027, 5, 5)),
        (None, "31/02/2027", None),
    ],
)
def test_english_reads_a_typed_date_in_the_place_s_order(
    place: str | None, typed: str, day: date | None
) -> None:
    """In English a typed date is read in the order of the plan's place; with none, when only
    one order makes a day of it (or both make the same day)."""
    i18n.install("en")
    spoken.set_place(place)
    assert spoken.numeric_date(typed) == day


@pytest.mark.parametrize("place", [None, "ca-on"])
def test_english_refuses_a_date_both_orders_make(place: str | None) -> None:
    """10/02/2027 with no place (or a year-first one) is refused, naming both readings and
    the two ISO forms to type."""
    i18n.install("en")
    spoken.set_place(place)
    with pytest.raises(DateError) as refused:
        spoken.numeric_date("10/02/2027")
    assert str(refused.value) == (
        "'10/02/2027' could be 10 Feb 2027 or 2 Oct 2027, depending on the country: type the "
        "one you mean as 2027-02-10 or 2027-10-02"
    )


def test_english_examples_stay_iso_wherever_the_place() -> None:
    """The example of a date to type stays 2027-03-31 in English, even in a day-first place."""
    i18n.install("en")
    spoken.set_place("gb")
    assert spoken.date_example(date(2027, 3, 31)) == "2027-03-31"
