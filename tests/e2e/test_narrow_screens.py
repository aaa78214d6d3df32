"""Translated screens at a narrow terminal: every language wraps without breaking a word."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from helpers import EXIT, REPO, cli, make_home
from helpers import TODAY as TEST_TODAY

from exitplan.base import i18n

LOCALE = REPO / "exitplan" / "locale"
# Each translated language, with the plural rule its header pins and words only it has (a screen
# holding none of them is not in that language).
LANGUAGES = {
    "es": ("(n != 1)", r"\b(de|para|hechos?|paso|pasos|Paso|Fecha|Lista|salida)\b"),
    "fr": ("(n > 1)", r"\b(sur|pour|faites?|étapes?|Étape|Échéance|Liste|départ)\b"),
}
# rich's markup: [bold], [/bold], [dim red], [/], [link=...] (not "Settings > [your name]").


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Every test leaves the process speaking English, as the rest of the suite expects."""
    yield
    i18n.install("en")


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "exitplan.po"


def catalog_of(language: str) -> Catalog:
    with po_path(language).open("rb") as handle:
        return read_po(handle, locale=language, domain=i18n.DOMAIN)


def forms(message: object) -> list[str]:
    """A message's text, or its forms when it has plural forms."""
    if isinstance(message, str):
        return [message]
    if isinstance(message, (tuple, list)):
        return [str(part) if part else "" for part in message]
    return [""]


# France's typography: a no-break space before a colon and inside guillemets, a narrow one before
# ; ! ? (Quebec writes none there, in its own catalog); never an ordinary space or none at all.


# -- screens at 40 columns, in each language -----------------------------------------------------

SCREENS = (
    ("status",),
    ("status", "--full"),
    ("list", "--all"),
    ("show", "1"),
    ("checklists",),
)


@pytest.fixture(params=list(LANGUAGES))
def language_plan(tmp_path: Path, request: pytest.FixtureRequest) -> tuple[str, Path]:
    """A plan of the two test checklists, made in one language, with a done and a set-aside step."""
    language = str(request.param)
    home = make_home(tmp_path / "home", "t-money", "t-papers")
    planned = "2026-11-16"
    steps = [
        ("init", "--checklist", "t-money", "--checklist", "t-papers", "--exit-date", str(EXIT)),
        ("done", "1"),
        ("skip", "2"),
    ]
    for args in steps:
        result = cli(home, "--lang", language, *args, today=planned)
        assert result.exit_code == 0, result.output
    return language, home


def screen(language: str, home: Path, args: tuple[str, ...], columns: int) -> list[str]:
    env: dict[str, str | None] = {"COLUMNS": str(columns)}
    result = cli(home, "--lang", language, *args, today=TEST_TODAY, env=env)
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


def vocabulary(language: str) -> set[str]:
    """Every word of a language's catalog."""
    found: set[str] = set()
    for message in catalog_of(language):
        for text in forms(message.string):
            found.update(WORD.findall(text or ""))
    return found


WORD = re.compile(r"[^\W\d_]+")


@pytest.mark.parametrize("args", SCREENS, ids=" ".join)
def test_screens_wrap_at_40_columns_without_breaking_a_word(
    language_plan: tuple[str, Path], args: tuple[str, ...]
) -> None:
    """Every word at 40 columns is a whole word: of the same screen laid out at 200 columns, or
    of the language's catalog (the layout differs with the width). A word cut in two would leave
    pieces that are neither."""
    language, home = language_plan
    wide = screen(language, home, args, 200)
    narrow = screen(language, home, args, 40)
    known = vocabulary(language) | {word for line in wide for word in WORD.findall(line)}
    pieces = [word for line in narrow for word in WORD.findall(line) if word not in known]
    assert not pieces, f"broken words at 40 columns: {pieces}\n" + "\n".join(narrow)
    assert all(len(line) <= 40 for line in narrow if "http" not in line), "\n".join(narrow)
    # And the screen speaks the language: a word only it has is on it.
    assert re.search(LANGUAGES[language][1], " ".join(narrow))


# -- Quebec's French -----------------------------------------------------------------------------


# --- a country's own words: es_MX and es_ES over the shared Spanish -----------------------------
