"""The words of the phone check, as paragraphs: the preface, the list's provenance, what could
not be read, the findings (signs first, then notes, each capped with a count of the rest), the
calm "nothing found does not mean safe", the next steps, and putting the phone back as it was,
for an Android phone and for an iPhone."""

from __future__ import annotations

import dataclasses

import pytest

from exitplan.phone.analysis import Finding, Outcome
from exitplan.phone.indicators import MISSING, About
from exitplan.phone.iphone import IphoneFinding, IphoneOutcome
from exitplan.phone.reading import CERTIFICATE_OF
from exitplan.phone.report import (
    BLANK,
    MAX_NOTES_SHOWN,
    MAX_SIGNS_SHOWN,
    PREFACE,
    Paragraph,
    about_list,
    findings,
    iphone_after,
    iphone_findings,
    list_line,
    next_steps,
    phone_line,
    turn_off_again,
    unread_lines,
)

NOT_SAFE = "That does not mean the phone is safe"
ABOUT = About(
    source="https://github.com/AssoEchap/stalkerware-indicators",
    commit="0123456",
    commit_date="2026-11-01",
    taken="2026-11-02",
    licence="CC BY 4.0",
    licence_url="https://creativecommons.org/licenses/by/4.0/",
    attribution="Stalkerware indicators by Echap",
    apps=180,
)


def outcome(**changes: object) -> Outcome:
    """A Pixel 7 on Android 14 with 13 apps, compared with a list of 180 apps, nothing found."""
    base = Outcome(
        model="Google Pixel 7",
        android="14",
        security_patch="2026-10-05",
        findings=[],
        apps=13,
        outside_store=[],
        list_apps=180,
        list_taken="2026-11-02",
    )
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def texts(paragraphs: list[Paragraph] | tuple[Paragraph, ...]) -> list[str]:
    """The paragraphs' texts, in order."""
    return [p.text for p in paragraphs]


def sign(n: int) -> Finding:
    """A sign of monitoring about app n."""
    return Finding("stalkerware", f"net.example.watch{n}", f"App {n} is on the list.")


def note(n: int) -> Finding:
    """A note (not a sign) about app n."""
    return Finding(None, f"org.example.app{n}", f"App {n} can read notifications.")


def test_the_preface_warns_before_anything_is_read() -> None:
    """The preface comes first, in bold, says that removing an app may not be safe and that
    finding nothing does not mean safe, and names where that advice comes from."""
    assert PREFACE[0] == Paragraph("Before you look", style="bold")
    words = " ".join(texts(PREFACE))
    assert "removing such an app may not be safe" in words
    assert "finding nothing does not mean the phone is safe" in words
    assert "stopstalkerware.org, techsafety.org" in words
    assert "It removes nothing and changes nothing on the phone." in words


def test_about_the_list_gives_its_source_date_licence_and_attribution() -> None:
    """`--about` names the list's size, source, commit and day taken, its licence and the
    attribution it asks for; a list with no recorded day says so."""
    lines = about_list(ABOUT, None)
    assert lines[0] == Paragraph("The list of known stalkerware", style="bold")
    assert lines[1].text.startswith(
        "180 apps from stalkerware-indicators by Echap "
        "(https://github.com/AssoEchap/stalkerware-indicators), commit 0123456, taken on "
        "2026-11-02."
    )
    assert lines[3].text == (
        "Licence: CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/). Attribution, as "
        "the licence asks:"
    )
    assert lines[4].text == "Stalkerware indicators by Echap"
    undated = about_list(dataclasses.replace(ABOUT, taken=None), None)
    assert "commit 0123456, date not recorded." in undated[1].text


def test_about_a_missing_list_says_why() -> None:
    """With no list, `--about` says the problem found, or that this copy has no list."""
    assert texts(about_list(None, "The list's files do not match.")) == [
        "The list of known stalkerware",
        "The list's files do not match.",
    ]
    assert texts(about_list(None, None)) == ["The list of known stalkerware", MISSING]


def test_the_list_line_gives_the_lists_day_or_none_when_no_list_was_used() -> None:
    """The findings name the list compared with and the day it was taken (or only that newer
    apps may be missing); with no list, or a list problem, there is no such line."""
    dated = list_line(outcome())
    assert dated is not None
    assert dated.startswith("The apps were compared with a list of 180 known stalkerware")
    assert "taken on 2026-11-02: apps newer than that may be missing." in dated
    undated = list_line(outcome(list_taken=None))
    assert undated is not None
    assert "CC BY 4.0): newer apps may be missing." in undated
    assert list_line(outcome(list_apps=0)) is None
    assert list_line(outcome(list_problem="The list is damaged.")) is None


def test_what_could_not_be_read_is_said_in_words() -> None:
    """Each setting not read is named in words, an app's certificate by the app's name, an
    unknown name as it is; lines of the app list left out are counted (one, or many)."""
    assert unread_lines(outcome()) == []
    lines = unread_lines(
        outcome(
            unread=("adb_enabled", CERTIFICATE_OF + "net.example.helper", "something_new"),
            unreadable_packages=1,
        )
    )
    assert lines == [
        "The phone did not let the check read some things, so it says nothing about them: "
        "whether USB debugging is on; the signing certificate of net.example.helper; "
        "something_new.",
        "1 line of the phone's list of apps could not be read and was left out.",
    ]
    assert unread_lines(outcome(unreadable_packages=3)) == [
        "3 lines of the phone's list of apps could not be read and were left out."
    ]


def test_the_phone_is_named_as_it_named_itself() -> None:
    """The heading names the phone's model and Android version and counts its apps; a phone
    that gave neither is "An Android phone"."""
    assert phone_line(outcome()) == "Google Pixel 7, Android 14. 13 apps listed."
    assert (
        phone_line(outcome(model=None, android=None, apps=1)) == "An Android phone. 1 app listed."
    )


def test_signs_are_listed_with_the_next_steps_and_never_a_calm_all_clear() -> None:
    """Signs are bulleted under "Things to talk over with an advocate" and followed by the
    numbered next steps; the "nothing stood out" words never appear beside them."""
    lines = findings(outcome(findings=[sign(1), note(2), sign(3)]))
    words = texts(lines)
    start = words.index("Things to talk over with an advocate")
    assert lines[start + 1 : start + 3] == [
        Paragraph("App 1 is on the list.", "• "),
        Paragraph("App 3 is on the list.", "• "),
    ]
    assert "What may help next" in words
    assert [p.prefix for p in lines if p.prefix[:1].isdigit()] == ["1. ", "2. ", "3. "]
    assert not any("stood out" in text or NOT_SAFE in text for text in words)
    assert lines[-1] == Paragraph("App 2 can read notifications.", "• ")


def test_a_screen_reader_gets_plain_dashes() -> None:
    """In plain mode the bullets are dashes, which a screen reader reads quietly."""
    lines = findings(outcome(findings=[sign(1), note(2)]), plain=True)
    assert {p.prefix for p in lines if p.text.startswith("App")} == {"- "}


def test_many_signs_are_capped_and_the_rest_counted() -> None:
    """At most thirty signs are shown; the rest are counted and said to be kept in the
    journal record."""
    lines = findings(outcome(findings=[sign(n) for n in range(MAX_SIGNS_SHOWN + 4)]))
    shown = [p for p in lines if p.text.endswith("is on the list.")]
    assert len(shown) == MAX_SIGNS_SHOWN
    assert (
        Paragraph("And 4 more like these (kept in the journal record, if you keep one).", "• ")
        in lines
    )
    exactly = findings(outcome(findings=[sign(n) for n in range(MAX_SIGNS_SHOWN)]))
    assert not any(p.text.startswith("And ") for p in exactly)


def test_many_notes_are_capped_and_the_first_five_of_the_rest_named() -> None:
    """At most twenty notes are shown; the rest are counted and the first five named, with an
    ellipsis when there are more than five."""
    lines = findings(outcome(findings=[note(n) for n in range(MAX_NOTES_SHOWN + 6)]))
    assert len([p for p in lines if p.text.endswith("can read notifications.")]) == 20
    names = ", ".join(f"org.example.app{n}" for n in range(20, 25))
    assert lines[-1] == Paragraph(
        f"And 6 more apps or powers worth a look, not shown here ({names}, …).", "• "
    )
    five = findings(outcome(findings=[note(n) for n in range(MAX_NOTES_SHOWN + 5)]))
    assert five[-1].text.endswith(f"not shown here ({names}).")
    one_more = findings(outcome(findings=[note(n) for n in range(MAX_NOTES_SHOWN + 1)]))
    assert one_more[-1].text == (
        "And 1 more app or power worth a look, not shown here (org.example.app20)."
    )


@pytest.mark.parametrize(
    ("problem", "unread", "nothing"),
    [
        (
            None,
            (),
            "Nothing from the list of known monitoring apps was found, and no setting stood out.",
        ),
        (
            None,
            ("adb_enabled",),
            "Nothing from the list of known monitoring apps was found, and nothing stood out in "
            "what could be read.",
        ),
        ("The list is damaged.", (), "No setting or app power stood out."),
        ("The list is damaged.", ("adb_enabled",), "Nothing stood out in what could be read."),
    ],
)
def test_nothing_found_is_said_for_exactly_what_was_checked(
    problem: str | None, unread: tuple[str, ...], nothing: str
) -> None:
    """With no sign, the words claim only what was checked (the list, if there was one; the
    settings, if all were read), and always add that this does not mean the phone is safe."""
    lines = findings(outcome(list_problem=problem, unread=unread))
    words = texts(lines)
    assert nothing in words
    after = words[words.index(nothing) + 1]
    assert after.startswith(NOT_SAFE)
    assert (problem in words) == (problem is not None)
    assert "What may help next" not in words


def test_putting_the_phone_back_depends_on_developer_options_before_today() -> None:
    """USB debugging is always to be turned off and this computer forgotten; developer options
    are to be turned off again unless they were already on before today."""
    on_before = texts(turn_off_again("yes"))
    assert on_before[1] == "When you are done"
    assert "turn USB debugging off" in on_before[2]
    assert not any("developer options were off" in text for text in on_before)
    for answer in ("no", "unsure"):
        assert "If developer options were off before today" in turn_off_again(answer)[-1].text


def test_next_steps_keep_the_phone_as_evidence_or_note_it_on_an_iphone() -> None:
    """The second step keeps an Android phone as it is for the journal; after an iPhone read it
    says to note what was seen with `exitplan log add`."""
    assert next_steps()[2].text.startswith("Keep the phone as it is: it may be evidence.")
    assert "(exitplan log add)" in next_steps(android=False)[2].text
    assert next_steps()[1].text.startswith("Do not remove or stop anything yet.")


def iphone(**changes: object) -> IphoneOutcome:
    """An iPhone 13 on iOS 17.5 with 40 apps, nothing found, paired for the check and unpaired."""
    base = IphoneOutcome(
        model="iPhone 13",
        ios="17.5",
        apps=40,
        findings=[],
        unread=(),
        profiles=0,
        paired_before=False,
        unpaired=True,
        record_left=None,
        list_problem=None,
        list_apps=180,
        list_taken="2026-11-02",
    )
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def test_an_iphone_with_nothing_found_is_told_calmly_and_honestly() -> None:
    """The heading names the iPhone and its iOS; the list line says it names few iPhone apps;
    nothing found is said together with "that does not mean the phone is safe"."""
    words = texts(iphone_findings(iphone()))
    assert words[0] == "iPhone 13, iOS 17.5. 40 apps listed."
    assert "taken on 2026-11-02, which names few iPhone apps" in words[2]
    assert words[-1].startswith("No app from the list, no app from outside the App Store")
    assert NOT_SAFE.lower() in words[-1].lower()
    bare = texts(iphone_findings(iphone(model=None, ios=None, apps=1, list_taken=None)))
    assert bare[0] == "An iPhone. 1 app listed."
    assert "taken on a day not recorded" in bare[2]


def test_an_iphone_list_problem_and_unread_profiles_are_said() -> None:
    """A list problem is said instead of the list line, and no list means no list line;
    profiles not read are said to be left out of what the check can tell, and only they."""
    words = texts(
        iphone_findings(iphone(list_problem="The list is damaged.", unread=("profiles",)))
    )
    assert words[2] == "The list is damaged."
    assert not any("were compared with a list" in text for text in words)
    assert any(
        text.startswith("The iPhone did not let the check read its provisioning") for text in words
    )
    listless = texts(iphone_findings(iphone(list_apps=0, unread=("apps",))))
    assert not any("compared with a list" in text for text in listless)
    assert not any("provisioning profiles" in text for text in listless)


def test_iphone_signs_are_capped_and_followed_by_the_iphone_steps() -> None:
    """Signs found on an iPhone are bulleted, at most thirty with the rest counted, then the
    next steps for a phone that cannot be kept as evidence by exitplan."""
    found = [
        IphoneFinding("profile", f"profile {n}", f"Profile {n} manages it.") for n in range(32)
    ]
    lines = iphone_findings(iphone(findings=found), plain=True)
    assert len([p for p in lines if p.text.endswith("manages it.")]) == MAX_SIGNS_SHOWN
    assert Paragraph("And 2 more like these.", "- ") in lines
    assert "(exitplan log add)" in lines[-2].text
    assert not any(NOT_SAFE in p.text for p in lines)


@pytest.mark.parametrize(
    ("before", "unpaired", "said"),
    [
        (True, None, "This computer was already trusted by the iPhone before today"),
        (False, True, "The pairing made for this check was removed"),
        (False, False, "could not be removed. With the iPhone plugged in and unlocked, run"),
    ],
)
def test_after_an_iphone_read_the_pairing_is_accounted_for(
    before: bool, unpaired: bool | None, said: str
) -> None:
    """After the read the person learns whether the pairing was left as it was, removed, or
    could not be removed (and how to remove it), then how the iPhone forgets every computer."""
    lines = iphone_after(iphone(paired_before=before, unpaired=unpaired))
    assert lines[:2] == [BLANK, Paragraph("When you are done", style="bold")]
    assert said in lines[2].text
    assert lines[3].text.startswith("To make the iPhone forget every computer it trusts")
    assert lines[-1].text.endswith("exitplan phone-check --iphone")


def test_a_pairing_record_left_behind_is_named_with_its_path() -> None:
    """A pairing record usbmuxd still keeps is named by its path, with the command an
    administrator can use to delete it."""
    path = "/var/lib/lockdown/00008030-0001.plist"
    lines = iphone_after(iphone(unpaired=False, record_left=path))
    assert lines[3].text == (
        f"usbmuxd still keeps a pairing record at {path}; an administrator can delete it "
        f"(sudo rm {path})."
    )
