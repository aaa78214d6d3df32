"""A woman in Mexico and one in Spain, each at a real 80x24 terminal with her own locale: the
questions in her Spanish, the answers typed her way, the screens in her country's numbers."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from helpers import EXITPLAN, TODAY, cli, make_home, ok
from helpers_terminal import on_terminal, readable

# The computer's own day is the tests' today, so no run is a rehearsal.
MEXICO = {"EXITPLAN_TEST_REAL_TODAY": str(TODAY), "LANG": "es_MX.UTF-8", "LC_ALL": ""}
SPAIN = {"EXITPLAN_TEST_REAL_TODAY": str(TODAY), "LANG": "es_ES.UTF-8", "LC_ALL": ""}
ENTER = b"\r"


def program(home: Path, *args: str) -> list[str]:
    """`exitplan --home HOME --today TODAY ARGS` as the terminal's arguments."""
    return [*EXITPLAN, "--home", str(home), "--today", str(TODAY), *args][len(EXITPLAN) :]


@pytest.fixture
def plan(tmp_path: Path) -> Path:
    """A plan of one small test checklist, its currency set."""
    home = make_home(tmp_path / "home", "t-money")
    ok(cli(home, "init", "--checklist", "t-money", "--exit-date", "2026-12-14", today=TODAY))
    return home


def one_line(text: str) -> str:
    """The terminal's words on one line, whatever the wrapping."""
    return " ".join(readable(text).split())


@pytest.mark.process
@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize(
    ("env", "typed", "currency", "shown"),
    [
        (MEXICO, "$12,000.50", "$", "$12,000.50"),
        (SPAIN, "12.000,50", "€", "12.000,50 €"),
    ],
)
def test_money_typed_and_shown_as_each_country_writes_it(
    plan: Path, env: dict[str, str], typed: str, currency: str, shown: str
) -> None:
    """At 80x24, `money add` asks in Spanish, takes the country's own form of the amount, and
    `money` shows it back the same way."""
    ok(cli(plan, "money", "settings", input=f'currency = "{currency}"\n'))
    steps = [
        ("¿Qué tipo de cantidad es?", b"1" + ENTER),
        ("¿Qué es, con tus propias palabras?", b"ahorros" + ENTER),
        ("¿Cuánto?", typed.encode() + ENTER),
        ("Una nota", ENTER),
    ]
    code, screen = on_terminal(program(plan, "money", "add"), steps, env=env)
    assert code == 0, screen
    [row] = json.loads(ok(cli(plan, "money", "list", "--json")).stdout)["rows"]
    assert row["amount"] == "12000.50"
    code, screen = on_terminal(program(plan, "money"), [], env=env)
    assert code == 0, screen
    assert shown in one_line(screen).replace("\u00a0", " ")


@pytest.mark.process
@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize(
    ("env", "key_words"), [(MEXICO, "[Enter] siguiente"), (SPAIN, "[Intro] siguiente")]
)
def test_review_skips_with_o_and_names_the_countrys_key(
    plan: Path, env: dict[str, str], key_words: str
) -> None:
    """At 80x24, review names Enter as the country's keyboard does, o (omitir) skips a step, and
    a (which reads as "apartar", saving) does nothing."""
    steps = [("[s]alir", b"a"), ("Pulsa l, o, n", b"o"), ("Motivo", ENTER), ("[s]alir", b"s")]
    code, screen = on_terminal(program(plan, "review"), steps, env=env)
    assert code == 0, screen
    words = one_line(screen)
    assert key_words in words
    assert "Omitido." in words
    history = ok(cli(plan, "history", "--json")).stdout
    assert history.count('"skip"') == 1


@pytest.mark.process
@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize("env", [MEXICO, SPAIN])
def test_the_exit_date_typed_in_the_countrys_order_at_a_terminal(
    plan: Path, env: dict[str, str]
) -> None:
    """At 80x24, `date` asks in Spanish and takes 20/12/2026 as the 20th of December."""
    steps = [("El día en que piensas irte", b"20/12/2026" + ENTER)]
    code, screen = on_terminal(program(plan, "date", "-"), steps, env=env)
    assert code == 0, screen
    status = json.loads(ok(cli(plan, "status", "--json")).stdout)
    assert status["exit_date"] == "2026-12-20"
