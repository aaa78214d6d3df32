"""Numbers, money and date order as each locale writes them, from Babel's CLDR data."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from decimal import Decimal

import pytest
from helpers import REPO

from exitplan.base import i18n, spoken


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
