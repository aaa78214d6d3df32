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
    from exitplan.cli import keyboard

    monkeypatch.setattr(keyboard, "someone_typing", lambda: True)


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


def added(run: Run, title: str = "Un paso") -> dict[str, Any]:
    """The step of that title in `list --json`: the one just added."""
    steps: list[dict[str, Any]] = json.loads(ok(run("list", "--json")).stdout)
    [step] = [step for step in steps if step["title"] == title]
    return step


@pytest.mark.usefixtures("plan_home")
@pytest.mark.parametrize(
    ("typed", "priority"), [("alta", "high"), ("crítica", "critical"), ("Baja", "low")]
)
def test_a_priority_is_typed_as_the_screen_says_it(run: Run, typed: str, priority: str) -> None:
    """`--priority alta`: the word the Spanish screens show ("Prioridad alta") is accepted
    back, and the English one still is."""
    ok(run("add", "t-money", "Un paso", "--priority", typed, env=MEXICO))
    assert added(run)["priority"] == priority
    ok(run("add", "t-money", "Otro paso", "--priority", "high", env=SPAIN))
    assert added(run, "Otro paso")["priority"] == "high"


@pytest.mark.usefixtures("plan_home")
def test_a_wrong_priority_names_the_spanish_words(run: Run) -> None:
    """A priority that is none of them: one plain Spanish line naming the Spanish words, exit 2,
    nothing added."""
    before = len(json.loads(ok(run("list", "--json")).stdout))
    wrong = run("add", "t-money", "Un paso", "--priority", "urgente", env=MEXICO)
    assert wrong.exit_code == 2
    assert "usa una de estas: crítica, alta, normal, baja" in flat(wrong.stderr)
    assert "Traceback" not in wrong.output
    assert len(json.loads(ok(run("list", "--json")).stdout)) == before


@pytest.mark.usefixtures("plan_home")
@pytest.mark.parametrize(
    ("typed", "due"),
    [
        ("+6s", "2027-01-25"),  # six weeks after the exit date, 2026-12-14
        ("-2 semanas", "2026-11-30"),
        ("salida", "2026-12-14"),
        ("-3d", "2026-12-11"),
        ("15/01/2027", "2027-01-15"),
        ("2027-01-15", "2027-01-15"),
    ],
)
def test_a_due_is_typed_in_spanish_words_and_order(run: Run, typed: str, due: str) -> None:
    """`--due +6s` (semanas), `salida`, and a date in the country's order, 15/01/2027."""
    ok(run("add", "t-money", "Un paso", "--due", typed, env=SPAIN))
    assert added(run)["due"] == due


@pytest.mark.usefixtures("plan_home")
@pytest.mark.parametrize(("typed", "day"), [("20/12/2026", "2026-12-20"), ("+1s", "2026-12-07")])
def test_the_exit_date_is_typed_in_the_countrys_order(run: Run, typed: str, day: str) -> None:
    """`exitplan date 20/12/2026` in Mexico is the 20th of December; +1s is a week from today."""
    ok(run("date", typed, env=MEXICO))
    assert json.loads(ok(run("status", "--json")).stdout)["exit_date"] == day


@pytest.mark.usefixtures("plan_home")
def test_summary_takes_the_inventorys_spanish_name(run: Run) -> None:
    """`summary --inventory dinero` is the money inventory; `todos` is every one."""
    ok(run("money", "add", input='kind = "saved"\nwhat = "ahorros"\namount = "300"\n'))
    one = ok(run("summary", "--inventory", "dinero", env=SPAIN)).stdout
    assert "ahorros" in one
    every = ok(run("summary", "--inventory", "todos", env=MEXICO)).stdout
    assert "ahorros" in every
    wrong = run("summary", "--inventory", "plata", env=MEXICO)
    assert wrong.exit_code == 2
    assert "usa documentos, cuentas, dinero o todos" in flat(wrong.stderr)


@pytest.mark.usefixtures("plan_home", "at_terminal")
def test_an_expiry_date_is_typed_in_the_countrys_order(run: Run) -> None:
    """At a terminal, a document's expiry date 31/03/2027 is the 31st of March."""
    ok(run("documents", "add", input="1\n5\n\n\n31/03/2027\n\n", env=SPAIN))
    rows = json.loads(ok(run("documents", "list", "--json")).stdout)["rows"]
    assert rows[-1]["expires"] == "2027-03-31"


@pytest.mark.parametrize(
    "command",
    [("add", "--help"), ("summary", "--help"), ("date", "--help")],
)
def test_help_lists_the_values_in_spanish(run: Run, command: tuple[str, ...]) -> None:
    """Help names the values a Spanish reader may type: crítica, alta; -3s, salida; dinero."""
    shown = flat(ok(run(*command, env=SPAIN)).stdout)
    expected = {
        "add": ["crítica, alta, normal o baja", "-3s, +7d, salida", "31/01/2027"],
        "summary": ["documentos, cuentas, dinero o todos"],
        "date": ["+3s / +10d", "31/01/2027"],
    }[command[0]]
    for words in expected:
        assert words in shown


@pytest.mark.usefixtures("plan_home", "at_terminal")
@pytest.mark.parametrize("env", [MEXICO, SPAIN])
def test_yes_no_and_not_sure_are_typed_in_spanish(run: Run, env: dict[str, str]) -> None:
    """At a terminal, "no lo sé", "sí" and "no" answer an account's questions, as the screen
    (and the advice to answer "no lo sé" until it is safe to look) says them."""
    ok(run("accounts", "add", input="correo\nno lo sé\nsí\nno\n\n\n\n\n\n\n", env=env))
    rows = json.loads(ok(run("accounts", "list", "--json")).stdout)["rows"]
    answers = {key: rows[-1][key] for key in ("partner_knows", "shared", "linked")}
    assert answers == {"partner_knows": "unsure", "shared": "yes", "linked": "no"}
    advice = flat(ok(run("accounts", "show", "1", env=env)).stdout)
    assert "not sure" not in advice


def test_validate_speaks_spanish(run: Run, tmp_path: Path) -> None:
    """`exitplan validate` names the item, the field and the problem in Spanish (the keys and
    values a file is written with stay as they are), one line each, exit 1."""
    path = tmp_path / "t-bad.toml"
    path.write_text(
        'schema = 1\nid = "t-bad"\ntitle = "T"\norder = "first"\n\n[[item]]\nid = "a"\n'
        'title = "A"\nwhy = "w"\npriority = "urgent"\ntags = "x"\nsoon = true\n',
        encoding="utf-8",
    )
    result = run("validate", str(path), env=SPAIN)
    assert result.exit_code == 1
    shown = flat(result.stderr)
    assert "campo 'order': debe ser un número entero, como 7" in shown
    assert "paso 1 ('a'), campo 'priority': 'urgent' no es ninguno de estos:" in shown
    assert "campo 'soon': no es un campo conocido" in shown
    assert "should be" not in shown
    assert "field" not in shown


@pytest.mark.parametrize("env", [MEXICO, SPAIN])
def test_help_in_spanish_is_no_longer_than_in_english(run: Run, env: dict[str, str]) -> None:
    """`exitplan help` at 80 columns: each command for today on one line in Spanish, and the
    whole no longer than the English one."""
    columns = {"COLUMNS": "80"}
    english = ok(run("help", env={"LANG": "C.UTF-8", **columns})).stdout.splitlines()
    spanish = ok(run("help", env={**env, **columns})).stdout.splitlines()
    start = spanish.index("Para hoy:") + 1
    today = spanish[start : spanish.index("", start)]
    assert len(today) == 6
    assert len(spanish) <= len(english)


@pytest.mark.parametrize(
    ("args", "env", "spain"),
    [
        (("--lang", "es-ES"), {"LANG": "es_MX.UTF-8"}, True),
        (("--lang", "es_MX"), {"LANG": "es_ES.UTF-8"}, False),
        ((), SPAIN, True),
        ((), {"LANGUAGE": "es_ES:es", "LANG": "C.UTF-8"}, True),
        ((), {"LANG": "es_CO.UTF-8"}, False),
    ],
)
def test_the_locale_chooses_the_countrys_words(
    run: Run, args: tuple[str, ...], env: dict[str, str], spain: bool
) -> None:
    """`--lang es-ES`, LANG or LANGUAGE choose Spain's words (Intro, not Enter); Mexico and any
    other Spanish locale read the shared words."""
    shown = flat(ok(run(*args, "review", "--help", env=env)).stdout)
    assert ("Intro siguiente" in shown) is spain
    assert ("Enter siguiente" in shown) is not spain


@pytest.mark.usefixtures("plan_home", "at_terminal")
def test_an_amount_typed_with_the_persons_own_currency(run: Run) -> None:
    """A currency of any form, set once (Peru's S/), is dropped before the amount is read in the
    country's own way."""
    ok(run("money", "settings", input="S/\n\n"))
    env = {"LANG": "es_PE.UTF-8"}
    ok(run("money", "add", input="1\nahorros\nS/ 1,200.50\n\n", env=env))
    [row] = money_rows(run)
    assert row["amount"] == "1200.50"
