"""A phone check's place in the plan: which answers of the guided iPhone check are signs, which
answers are refused, whether a check brings the watched phone's steps first, and the calm words
for each kind of sign."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from exitplan.base.errors import ExitplanError
from exitplan.domain.model import PhoneCheck
from exitplan.domain.phonecheck import (
    IPHONE_QUESTIONS,
    SIGNS,
    USB_SIGNS,
    check_iphone_answers,
    flagged,
    iphone_signs,
    sign_words,
)

CHECKED = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def test_only_a_yes_is_a_sign_in_question_order() -> None:
    """A yes is a sign, a no or not sure is not; the signs come in the guide's order whatever
    the order of the answers."""
    answers = {
        "find-my": "yes",
        "profiles": "unsure",
        "safety-check": "yes",
        "family-sharing": "no",
    }
    assert iphone_signs(answers) == ("iphone-sharing", "iphone-location")
    assert iphone_signs({}) == ()


def test_every_question_has_a_known_sign_of_its_own() -> None:
    """Each question of the guide names a sign exitplan has words for, no two the same, and
    none of those only a USB read finds."""
    signs = [question.sign for question in IPHONE_QUESTIONS]
    assert len(set(signs)) == len(signs)
    assert set(signs) <= set(SIGNS)
    assert not set(signs) & USB_SIGNS
    assert set(SIGNS) >= USB_SIGNS


def test_the_answers_of_the_guide_are_accepted() -> None:
    """yes, no and unsure to any question of the guide pass."""
    check_iphone_answers(
        {
            q.key: answer
            for q, answer in zip(IPHONE_QUESTIONS, ["yes", "no", "unsure"] * 2, strict=False)
        }
    )


@pytest.mark.parametrize(
    ("answers", "words"),
    [
        ({"icloud": "yes"}, "'icloud' is not a question of the iPhone check; use one of: "),
        ({"find-my": "maybe"}, 'the answer for \'find-my\' must be "yes", "no" or "unsure"'),
        ({"find-my": True}, "the answer for 'find-my' must be"),
    ],
)
def test_an_unknown_question_or_answer_is_refused(answers: dict[str, object], words: str) -> None:
    """A question the guide does not ask is refused naming the ones it does; an answer other
    than yes, no or unsure (a TOML true included) is refused naming the question."""
    with pytest.raises(ExitplanError) as caught:
        check_iphone_answers(answers)
    assert str(caught.value).startswith(words)
    if "use one of" in words:
        assert "safety-check, apple-account-devices, profiles" in str(caught.value)


def test_a_check_that_found_a_sign_brings_the_watched_phone_first() -> None:
    """The plan is flagged while the last check of any phone found a sign; nothing found, or
    no check at all, is not a flag."""
    calm = PhoneCheck(CHECKED)
    assert not flagged({})
    assert not flagged({"android": calm})
    assert flagged({"android": calm, "iphone": PhoneCheck(CHECKED, ("iphone-location",))})


def test_each_sign_has_calm_words_and_an_unknown_one_is_shown_as_it_is() -> None:
    """A known kind of sign is told in words, never by its key; one a newer version wrote is
    shown as its key rather than refused."""
    for sign in SIGNS:
        assert sign_words(sign) != sign
    assert sign_words("future-sign") == "future-sign"
