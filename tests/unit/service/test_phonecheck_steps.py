"""The phone check's driving, called directly with a stand-in person: the steps' order, the
consent before any read, the plan and the journal kept, the words after the read whatever
happens, and the guided iPhone answers read, saved and summed up."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

import pytest
from helpers import EXIT, MONEY, PLANNED, TODAY, make_home
from phone_helpers import (
    COMMIT,
    IdeviceStandin,
    Standin,
    assert_read_only,
    convert_list,
    make_idevice_standin,
    make_standin,
)

from exitplan.base.errors import ExitplanError
from exitplan.domain.model import PhoneCheck
from exitplan.domain.phonecheck import IPHONE_QUESTIONS, USB_SIGNS
from exitplan.domain.plan import set_phone_check
from exitplan.journal.records import list_entries
from exitplan.phone import indicators, iphone, report
from exitplan.service import journal as logbook
from exitplan.service import phonecheck
from exitplan.service.phonecheck import Paragraph
from exitplan.service.results import Look
from exitplan.service.workspace import Workspace

WHEN = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


class Stopped(Exception):
    """The stand-in person stopped answering."""


class Person:
    """A stand-in for the face: it notes what it was shown, told and asked, and replies in turn
    (a reply None stops the run, as the end of input does)."""

    def __init__(self, *replies: str | None) -> None:
        self.replies = list(replies)
        self.events: list[tuple[str, str]] = []

    def show(self, paragraphs: Iterable[Paragraph], *, err: bool = False) -> None:
        """Note the paragraphs' texts, and where they went."""
        text = " ".join(p.text for p in paragraphs)
        self.events.append(("show-err" if err else "show", text))

    def say(self, text: str) -> None:
        """Note the line said."""
        self.events.append(("say", text))

    def ask(self, question: str, kinds: tuple[str, ...], again: str, *, empty: bool = False) -> str:
        """Note the question and give the next reply."""
        self.events.append(("ask", question))
        reply = self.replies.pop(0)
        if reply is None:
            raise Stopped
        assert reply in {*kinds, ""}
        assert empty or reply
        return reply

    def kinds(self) -> list[str]:
        """What happened, in order, by kind."""
        return [kind for kind, _text in self.events]

    def said(self) -> str:
        """Every line said, as one text."""
        return "\n".join(text for kind, text in self.events if kind == "say")


@pytest.fixture
def ws(home: Path, no_builtins: Path) -> Workspace:
    """A workspace with a plan, whose clock reads a fixed time."""
    make_home(home, MONEY)
    Workspace(home, PLANNED).init(EXIT, [MONEY])
    return Workspace(home, TODAY, clock=lambda: WHEN)


@pytest.fixture
def standin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Standin:
    """The stand-in adb first on the PATH, and the invented list as the one shipped."""
    folder = convert_list(tmp_path / "list")
    monkeypatch.setattr(indicators, "data_folder", lambda: folder)
    return make_standin(tmp_path, monkeypatch)


@pytest.fixture
def idevice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> IdeviceStandin:
    """The stand-in iPhone programs first on the PATH, no real pairing folder looked at."""
    folder = convert_list(tmp_path / "list")
    monkeypatch.setattr(indicators, "data_folder", lambda: folder)
    monkeypatch.setattr(iphone, "PAIR_RECORDS", (tmp_path / "lockdown",))
    return make_idevice_standin(tmp_path, monkeypatch)


def test_a_no_reads_nothing_and_writes_nothing(ws: Workspace, standin: Standin) -> None:
    """The preface comes first, on stderr; a no to reading says so and never calls adb."""
    standin.phone("clean")
    person = Person("no")
    before = ws.store.plan_path.read_bytes()
    phonecheck.android(ws, person, 5, plain=False)
    assert person.kinds() == ["show-err", "ask", "say"]
    assert "Before you look" in person.events[0][1]
    assert person.said() == report.NOTHING_READ
    assert standin.calls() == []
    assert ws.store.plan_path.read_bytes() == before


@pytest.mark.process
def test_the_android_steps_come_in_their_order(ws: Workspace, standin: Standin) -> None:
    """Yes: the phone is looked for, the developer question asked, the findings shown, the plan
    keeps the check, the journal question asked, and the words on USB debugging come last."""
    standin.phone("stalkerware")
    person = Person("yes", "no", "no")
    phonecheck.android(ws, person, 5, plain=True)
    questions = [text for kind, text in person.events if kind == "ask"]
    assert questions == [report.CONFIRM, report.DEVELOPER_QUESTION, report.JOURNAL_QUESTION]
    shown = [text for kind, text in person.events if kind == "show"]
    assert "Things to talk over" in shown[0]
    assert "Revoke USB debugging" in shown[-1]
    assert person.events[-1][0] == "show"
    assert "steps about a watched phone first" in person.said()
    assert phonecheck.SPYWARE_STEP in person.said()
    check = ws.state().phone["android"]
    assert check.signs
    assert check.checked == WHEN
    assert_read_only(standin.calls())


@pytest.mark.process
def test_a_yes_to_the_journal_keeps_an_entry_with_files(ws: Workspace, standin: Standin) -> None:
    """Asked for, the check is kept as one journal entry with the phone's answers attached."""
    standin.phone("clean")
    person = Person("yes", "", "yes")
    phonecheck.android(ws, person, 5, plain=False)
    entries = list_entries(logbook.records(ws))
    assert len(entries) == 1
    assert "Kept as journal entry 1, with" in person.said()
    assert ws.state().phone["android"].signs == ()
    assert "no step moved" in person.said()


@pytest.mark.process
def test_the_words_after_the_read_come_even_when_stopped(ws: Workspace, standin: Standin) -> None:
    """Stopped at the journal question, the check still says how to turn USB debugging off."""
    standin.phone("clean")
    person = Person("yes", "no", None)
    with pytest.raises(Stopped):
        phonecheck.android(ws, person, 5, plain=False)
    assert person.events[-1][0] == "show"
    assert "Revoke USB debugging" in person.events[-1][1]


@pytest.mark.process
def test_without_a_plan_nothing_is_kept(home: Path, standin: Standin) -> None:
    """No plan here: the findings are shown and nothing is written in the data folder."""
    standin.phone("clean")
    bare = Workspace(home, TODAY)
    person = Person("yes", "no", "no")
    phonecheck.android(bare, person, 5, plain=False)
    assert "Your plan" not in person.said()
    assert not bare.store.exists()


@pytest.mark.process
def test_an_iphone_not_paired_is_not_read(ws: Workspace, idevice: IdeviceStandin) -> None:
    """A no to pairing: nothing read, nothing kept, and the person is told."""
    idevice.phone("clean")
    person = Person("yes", "no")
    phonecheck.iphone_usb(ws, person, 5, plain=False)
    assert person.said().endswith(report.NOTHING_READ)
    assert "iphone" not in ws.state().phone
    assert [call[0] for call in idevice.calls() if call[0] == "ideviceinstaller"] == []


@pytest.mark.process
def test_an_iphone_read_keeps_the_answers_signs(ws: Workspace, idevice: IdeviceStandin) -> None:
    """A USB read keeps its signs with those of the guided answers already given."""
    idevice.phone("clean")
    key = next(q for q in IPHONE_QUESTIONS if q.sign not in USB_SIGNS)
    phonecheck.save_iphone_answers(ws, {key.key: "yes"})
    person = Person("yes", "yes", "", "no")
    phonecheck.iphone_usb(ws, person, 5, plain=False)
    assert ws.state().phone["iphone"].signs == (key.sign,)
    assert "When you are done" in person.events[-1][1]


def test_guided_answers_keep_what_a_usb_read_found(ws: Workspace) -> None:
    """Saving answers keeps the USB read's own signs and model beside the answers' signs."""
    ws.change(
        lambda state, _plan: set_phone_check(
            state, "iphone", PhoneCheck(WHEN, ("iphone-jailbreak",), "iPhone 13"), WHEN
        )
    )
    first = IPHONE_QUESTIONS[0]
    given = phonecheck.save_iphone_answers(ws, {first.key: "yes"})
    assert given == {first.key: "yes"}
    check = ws.state().phone["iphone"]
    assert check.signs == (first.sign, "iphone-jailbreak")
    assert check.model == "iPhone 13"


def test_the_guide_asks_each_question_and_keeps_the_answered(ws: Workspace) -> None:
    """Every question is asked in turn; an empty reply is left out of the answers."""
    replies = ["yes", ""] + ["no"] * (len(IPHONE_QUESTIONS) - 2)
    person = Person(*replies)
    answers = phonecheck.ask_iphone(person)
    asked = [text for kind, text in person.events if kind == "ask"]
    assert asked == [q.question for q in IPHONE_QUESTIONS]
    assert IPHONE_QUESTIONS[1].key not in answers
    assert answers[IPHONE_QUESTIONS[0].key] == "yes"
    assert len(answers) == len(IPHONE_QUESTIONS) - 1


def test_piped_answers_are_read_or_refused_plainly() -> None:
    """TOML answers are read; broken TOML, an unknown question or a wrong answer is refused."""
    key = IPHONE_QUESTIONS[0].key
    assert phonecheck.read_iphone_answers(f'{key} = "unsure"\n') == {key: "unsure"}
    with pytest.raises(ExitplanError, match="write one per line"):
        phonecheck.read_iphone_answers("not toml")
    with pytest.raises(ExitplanError, match="not a question"):
        phonecheck.read_iphone_answers('nothing = "no"\n')
    with pytest.raises(ExitplanError, match="must be"):
        phonecheck.read_iphone_answers(f'{key} = "perhaps"\n')


def test_the_summary_names_each_sign_or_says_none_was_found() -> None:
    """No yes: one calm paragraph; a yes: the sign in words, and what to do next."""
    assert len(phonecheck.iphone_summary({})) == 1
    first = IPHONE_QUESTIONS[0]
    lines = phonecheck.iphone_summary({first.key: "yes"})
    texts = " ".join(p.text for p in lines)
    assert "Things to talk over with an advocate" in texts
    assert "steps about a watched phone first" in texts


def test_paragraphs_are_wrapped_and_bold_only_in_colour() -> None:
    """The screen wraps to the look's width, keeps a blank paragraph, and paints only with
    colour on."""
    paragraphs = [Paragraph("word " * 30, style="bold"), Paragraph(""), Paragraph("end", "- ")]
    plain = phonecheck.screen(paragraphs, Look(columns=40))
    lines = plain.split("\n")
    assert all(len(line) <= 40 for line in lines)
    assert lines[-2:] == ["", "- end"]
    assert "\x1b[" not in plain
    assert "\x1b[" in phonecheck.screen(paragraphs, Look(columns=40, colour=True))


def test_about_says_when_no_list_is_shipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without a list, --about says so instead of naming a source, on the screen and as data."""
    monkeypatch.setattr(indicators, "data_folder", lambda: tmp_path / "no-list")
    result = phonecheck.stalkerware_list()
    assert (
        result.screen(Look())
        == "The list of known stalkerware\n"
        + phonecheck.screen([Paragraph(indicators.MISSING)], Look())
        + "\n"
    )
    assert result.document() == {"list": None, "problem": indicators.MISSING}


def test_about_says_when_the_list_does_not_match_its_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A list that does not match its provenance is named as not used, and no source is given."""
    folder = convert_list(tmp_path / "list")
    (folder / indicators.DATA_FILE).write_text("[]")
    monkeypatch.setattr(indicators, "data_folder", lambda: folder)
    result = phonecheck.stalkerware_list()
    assert result.document() == {"list": None, "problem": indicators.DAMAGED}
    assert "source" not in result.screen(Look(columns=200))


def test_about_names_the_source_commit_and_licence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The shipped list's provenance: its commit and licence, on the screen and as data."""
    folder = convert_list(tmp_path / "list")
    monkeypatch.setattr(indicators, "data_folder", lambda: folder)
    result = phonecheck.stalkerware_list()
    document = result.document()
    assert isinstance(document, dict)
    assert document["problem"] is None
    listed = document["list"]
    assert isinstance(listed, dict)
    assert listed["commit"] == COMMIT
    shown = " ".join(result.screen(Look(columns=200)).split())
    assert f"commit {COMMIT}" in shown
    assert listed["licence"] in shown


def test_no_answers_change_nothing_and_say_so(ws: Workspace) -> None:
    """No answer given: nothing saved, nothing on stdout, one calm note."""
    before = ws.store.plan_path.read_bytes()
    result = phonecheck.keep_iphone_answers(ws, {})
    assert result.notes == ("No answers were given, so nothing changed.",)
    assert result.screen(Look()) == ""
    assert ws.store.plan_path.read_bytes() == before


def test_answers_kept_are_counted_and_summed_up(ws: Workspace) -> None:
    """Answers saved: the count of those given this time out of the guide's questions, the step
    to read, every answer kept and its signs as data, and what they point to on the screen."""
    first, second = IPHONE_QUESTIONS[:2]
    phonecheck.keep_iphone_answers(ws, {first.key: "yes"})
    result = phonecheck.keep_iphone_answers(ws, {second.key: "no"})
    total = len(IPHONE_QUESTIONS)
    assert result.notes == (f"Saved 1 of {total} answers in your plan.", phonecheck.SPYWARE_STEP)
    assert result.document() == {
        "saved": 1,
        "answers": {first.key: "yes", second.key: "no"},
        "signs": [first.sign],
    }
    assert "Things to talk over with an advocate" in result.screen(Look())
    assert ws.state().phone["iphone"].signs == (first.sign,)
