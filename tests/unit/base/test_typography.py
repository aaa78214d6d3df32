"""French punctuation: France's no-break spaces before ; : ! ? and inside « », Quebec's none
before ; ! ?, from the one module that holds both rules."""

from __future__ import annotations

from exitplan.base import typography


def test_france_turns_a_typed_space_into_the_right_no_break_space() -> None:
    """A space typed before ; ! ? becomes U+202F, before : U+00A0, and « » hold U+00A0."""
    text = "Écoutez ; appelez ! Prêt ? Voici : « oui »"
    assert typography.france(text) == (
        "Écoutez\u202f; appelez\u202f! Prêt\u202f? Voici\u00a0: «\u00a0oui\u00a0»"
    )


def test_france_leaves_urls_times_and_unspaced_marks_alone() -> None:
    """No space is added where none was typed: a URL, a time, a placeholder stay as written."""
    text = "https://3114.fr/?q=1 à 21:05 {{fact|x}}"
    assert typography.france(text) == text


def test_france_is_idempotent_and_quebec_takes_out_the_space_before_tall_marks() -> None:
    """France's words read twice stay the same; Quebec's keep the colon's space, drop ; ! ?'s."""
    once = typography.france("Non ; non ! Quoi ? Ceci : « cela »")
    assert typography.france(once) == once
    assert typography.quebec(once) == "Non; non! Quoi? Ceci\u00a0: «\u00a0cela\u00a0»"
    assert typography.quebec("Non ; non") == "Non; non"


def test_only_quebec_has_a_rule_of_its_own() -> None:
    """fr_CA reads through Quebec's rule; France's locale and Spain's read the shared words."""
    assert typography.rule_for("fr_CA") is typography.quebec
    assert typography.rule_for("fr") is None
    assert typography.rule_for("es_ES") is None
