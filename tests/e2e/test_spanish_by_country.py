"""Spanish for Mexico and for Spain: each country's words, numbers and dates on the screen, and the
person's own words and forms accepted back, through the real CLI."""

from __future__ import annotations

from pathlib import Path

from conftest import Run


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
