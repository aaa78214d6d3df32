"""Answers said the way people say them (cli/replies.py), in English, Spanish and French."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from exitplan.base import i18n
from exitplan.cli.replies import NO, SKIP, UNSURE, YES, meaning

DANGER = (YES, NO, UNSURE, SKIP)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Each test installs its language; English is put back after it."""
    yield
    i18n.install("en")


@pytest.mark.parametrize(
    ("language", "said", "read"),
    [
        ("es_MX", "a veces", "yes"),
        ("es_MX", "una vez sí", "yes"),
        ("es_MX", "sí, el de mi pareja", "yes"),
        ("es_MX", "claro", "yes"),
        ("es_MX", "Creo que sí", "yes"),
        ("es_MX", "ni idea", "unsure"),
        ("es_MX", "nose", "unsure"),
        ("es_MX", "no sé", "unsure"),
        ("es_MX", "nel", "no"),
        ("es_ES", "sí, dos", "yes"),
        ("es_ES", "puede que sí", "yes"),
        ("es_ES", "no lo sé seguro", "unsure"),
        ("es_ES", "creo que no", "unsure"),
        ("es_ES", "no, nunca", "no"),
        ("es_ES", "no, bueno, una vez sí", "yes"),
        ("es_ES", "sí, a veces, no sé", "unsure"),
        ("fr_FR", "je sais pas", "unsure"),
        ("fr_FR", "jsp", "unsure"),
        ("fr_FR", "peut-être", "unsure"),
        ("fr_FR", "pas sûre", "unsure"),
        ("fr_FR", "parfois", "yes"),
        ("fr_FR", "oui, une fois", "yes"),
        ("fr_CA", "je pense que oui", "yes"),
        ("fr_CA", "non", "no"),
        ("en", "sometimes", "yes"),
        ("en", "I think so", "yes"),
        ("en", "maybe", "unsure"),
        ("en", "dunno", "unsure"),
        ("en", "yes, his", "yes"),
        ("en", "no, well, yes", "yes"),
        ("en", "nope", "no"),
    ],
)
def test_a_danger_answer_is_read_as_people_say_it(language: str, said: str, read: str) -> None:
    """A hedged or partial yes is yes, a doubt is "not sure", and a plain no is no."""
    i18n.install(language)
    assert meaning(said, DANGER) == read


@pytest.mark.parametrize(
    ("language", "said"),
    [("es_MX", "y no"), ("es_ES", "no, pero a veces"), ("fr_FR", "non, enfin je sais pas")],
)
def test_an_unclear_answer_is_never_a_no(language: str, said: str) -> None:
    """An answer that says no and something else is never read as "no"."""
    i18n.install(language)
    assert meaning(said, DANGER) != "no"


@pytest.mark.parametrize(("language", "said"), [("es_MX", "a veces"), ("en", "maybe")])
def test_a_plain_yes_or_no_question_reads_only_its_words(language: str, said: str) -> None:
    """Where "not sure" is not an answer (confirming an erase, say), loose words are not read."""
    i18n.install(language)
    assert meaning(said) is None


def test_words_that_mean_nothing_are_asked_again() -> None:
    """Words that are no answer at all stay unread, so the question is asked again."""
    i18n.install("es_MX")
    assert meaning("el perro", DANGER) is None
