"""Spanish for Mexico and for Spain: each country's words, numbers and dates on the screen, and the
person's own words and forms accepted back, through the real CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import Run
from helpers import ok

MEXICO = {"LANG": "es_MX.UTF-8"}
SPAIN = {"LANG": "es_ES.UTF-8"}


@pytest.fixture
def at_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the inventory commands believe a person is typing at a terminal."""
    from exitplan.cli import questions

    monkeypatch.setattr(questions, "at_terminal", lambda: True)


def money_rows(run: Run) -> list[dict[str, Any]]:
    """The money rows, as `money list --json` gives them."""
    rows: list[dict[str, Any]] = json.loads(ok(run("money", "list", "--json")).stdout)["rows"]
    return rows


def flat(text: str) -> str:
    """The words of a screen on one line, whatever the wrapping."""
    return " ".join(text.split())


def test_an_inventory_error_names_the_field_in_spanish(run: Run, plan_home: Path) -> None:
    """A bad amount or an unknown field, in Spanish, names the field and the inventory in Spanish
    and keeps the key a file is written with beside it; nothing is added."""
    row = 'kind = "saved"\nwhat = "x"\namount = "mucho"\n'
    bad = run("--lang", "es", "money", "add", input=row)
    assert bad.exit_code == 1
    assert "'cantidad (amount)'" in flat(bad.stderr)
    unknown = run("--lang", "es", "money", "add", input='every = "mes"\n')
    assert unknown.exit_code == 1
    assert "'every' no es un campo de dinero" in flat(unknown.stderr)
    assert "campo de money" not in flat(unknown.stderr)
    assert "Traceback" not in bad.stderr + unknown.stderr
    assert "todavía no hay nada en el inventario" in flat(run("--lang", "es", "money").stdout)


@pytest.mark.usefixtures("plan_home", "at_terminal")
@pytest.mark.parametrize(
    ("env", "typed", "kept"),
    [
        (MEXICO, "$12,000.50", "12000.50"),
        (MEXICO, "1,200", "1200"),
        (MEXICO, "950.5", "950.5"),
        (SPAIN, "1.200,50", "1200.50"),
        (SPAIN, "1200,50", "1200.50"),
        (SPAIN, "12.000,50 €", "12000.50"),
        (SPAIN, "1200.50", "1200.50"),
    ],
)
def test_an_amount_is_typed_as_the_country_writes_it(
    run: Run, env: dict[str, str], typed: str, kept: str
) -> None:
    """At a terminal, Mexico's $12,000.50 and Spain's 1.200,50 or 1200,50 are amounts, kept
    exactly as the plan keeps every amount."""
    ok(run("money", "add", input=f"1\nahorros\n{typed}\n\n", env=env))
    [row] = money_rows(run)
    assert row["amount"] == kept


@pytest.mark.usefixtures("plan_home", "at_terminal")
def test_an_amount_in_the_other_countrys_form_is_asked_again_with_local_examples(
    run: Run,
) -> None:
    """Spain's 1.200,50 is not an amount in Mexico: one plain line with Mexico's own forms, and
    the question is asked again; nothing is added until an amount is given."""
    result = ok(run("money", "add", input="1\nahorros\n1.200,50\n1200\n\n", env=MEXICO))
    assert "'1.200,50' no es una cantidad; escríbela como 1200, 1200.50 o 1,200.50" in flat(
        result.output
    )
    [row] = money_rows(run)
    assert row["amount"] == "1200"


@pytest.mark.usefixtures("plan_home")
@pytest.mark.parametrize(
    ("env", "shown"),
    [(MEXICO, "$12,000.50"), (SPAIN, "12.000,50\u00a0€"), ({"LANG": "es_AR.UTF-8"}, "$12.000,50")],
)
def test_money_is_shown_as_the_country_writes_it(run: Run, env: dict[str, str], shown: str) -> None:
    """The same amount reads $12,000.50 in Mexico and 12.000,50 € in Spain."""
    currency = "€" if env is SPAIN else "$"
    ok(run("money", "settings", input=f'currency = "{currency}"\n'))
    ok(run("money", "add", input='kind = "saved"\nwhat = "x"\namount = "12000.50"\n'))
    screen = run("money", env=env).stdout
    assert shown.replace("\u00a0", " ") in screen.replace("\u00a0", " ")
