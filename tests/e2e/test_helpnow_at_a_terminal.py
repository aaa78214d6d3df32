"""help-now on an encrypted plan, at a real pseudo-terminal: the emergency numbers at once,
then the passphrase offered (hidden; Enter skips) to show the numbers for where the person
lives, with no place ever typed on the command line."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import Run
from helpers import ok, snapshot
from helpers_terminal import ENTER, on_terminal, readable

pytestmark = [
    pytest.mark.process,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses a Linux terminal"),
]

PASSPHRASE = "a calm long passphrase"  # noqa: S105 - a test passphrase
SCOTLAND = "0800 027 1234"  # Scotland's own helpline: shown only once the place is known


@pytest.fixture
def sealed_in_glasgow(run: Run, home: Path, tmp_path: Path) -> Path:
    """An encrypted plan whose person lives in Scotland."""
    ok(run("init", "--exit-date", "2027-01-16"))
    ok(run("region", input="Scotland\n"))
    secret = tmp_path / "pass.txt"
    secret.write_text(PASSPHRASE + "\n")
    secret.chmod(0o600)
    ok(run("encrypt", "--passphrase-file", str(secret)))
    return home


def help_now(home: Path, keys: bytes, columns: int = 80, lang: str = "en") -> tuple[int, str]:
    """`help-now` at an 80x24 (or narrower) terminal; `keys` typed at the passphrase offer."""
    offer = "saltar):" if lang == "es" else "skips):"
    return on_terminal(
        ["--home", str(home), "help-now"],
        [(offer, keys)],
        columns=columns,
        env={"EXITPLAN_LANG": lang},
        quiet_seconds=10,
    )


def test_the_passphrase_after_the_numbers_shows_the_place(sealed_in_glasgow: Path) -> None:
    """Every emergency number shows before anything is asked; the passphrase, typed hidden,
    then shows Scotland's own numbers; nothing is written."""
    before = snapshot(sealed_in_glasgow)
    code, shown = help_now(sealed_in_glasgow, PASSPHRASE.encode() + ENTER)
    text = readable(shown)
    assert code == 0, text
    offer = text.index("Passphrase (Enter skips):")
    assert "United Kingdom 999" in " ".join(text[:offer].split())  # the numbers came first
    assert SCOTLAND in text[offer:]
    assert "Scotland (United Kingdom)" in text[offer:]
    assert PASSPHRASE not in text  # typed unseen
    assert snapshot(sealed_in_glasgow) == before


def test_enter_skips_and_keeps_the_numbers_shown(sealed_in_glasgow: Path) -> None:
    """Enter at the offer ends calmly with exit 0: the emergency numbers stay, no place."""
    code, shown = help_now(sealed_in_glasgow, ENTER)
    text = readable(shown)
    assert code == 0, text
    assert "Your plan is encrypted. Below the numbers" in " ".join(text.split())
    assert SCOTLAND not in text


def test_a_wrong_passphrase_is_one_line_and_the_numbers_stay(sealed_in_glasgow: Path) -> None:
    """A wrong passphrase is said in one line (exit 1, no traceback, not asked again)."""
    code, shown = help_now(sealed_in_glasgow, b"not it" + ENTER)
    text = readable(shown)
    assert code == 1, text
    assert "Traceback" not in text
    assert SCOTLAND not in text
    assert "United Kingdom 999" in " ".join(text.split())
    assert text.count("skips):") == 1


def test_in_spanish_at_40_columns(sealed_in_glasgow: Path) -> None:
    """In Spanish at 40 columns the offer is Spanish and the passphrase shows the place."""
    code, shown = help_now(sealed_in_glasgow, PASSPHRASE.encode() + ENTER, columns=40, lang="es")
    text = readable(shown)
    assert code == 0, text
    assert "Tu plan está cifrado" in text
    assert SCOTLAND in text
    assert max(len(line) for line in text.splitlines()) <= 40


def test_piped_help_now_asks_nothing(run: Run, sealed_in_glasgow: Path) -> None:
    """From a pipe nothing is asked: the numbers and how to name the place, exit 0."""
    result = ok(run("help-now", input=PASSPHRASE + "\n"))
    assert "Passphrase" not in result.output
    assert SCOTLAND not in result.output
