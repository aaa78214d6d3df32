"""The printable summary says a danger sign not known either way ("not sure"), in every
language, beside those answered yes or no: an advocate asks about it."""

from __future__ import annotations

from conftest import Run
from helpers import ok


def test_a_danger_sign_answered_not_sure_is_in_the_summary(run: Run, plan_home: object) -> None:
    """Weapons 'unsure' and strangling 'yes' both show under the danger signs, in English and
    in French."""
    ok(run("situation", input='weapons = "unsure"\nstrangled = true\n'))
    text = ok(run("summary")).stdout
    assert "Do they have weapons in the home, or access to them? not sure" in text
    assert "Have they ever choked or strangled you, even once? yes" in text
    french = " ".join(ok(run("--lang", "fr", "summary")).stdout.replace("\u00a0", " ").split())
    assert "ou y a-t-elle accès ? je ne sais pas" in french
