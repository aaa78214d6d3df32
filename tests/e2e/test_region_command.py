"""Where the person lives: the `region` command, the place asked with the situation, and the steps
that name local facts (their words, their sources, the steps kept for some places)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Run
from helpers import assert_no_traceback, make_home, ok, one_error_line, read_plan, snapshot

from exitplan.formats.regions import local_for

LOCAL = "t-local"


@pytest.fixture
def local_home(home: Path, no_builtins: Path, run: Run) -> Path:
    """A plan of the test checklist whose steps name local facts; no place chosen yet."""
    make_home(home, LOCAL)
    ok(run("init", "--checklist", LOCAL, "--exit-date", "+6w"))
    return home


def show(run: Run, step: str) -> str:
    """`show STEP` at 200 columns, as one string."""
    return ok(run("show", f"{LOCAL}.{step}")).stdout


def steps(run: Run) -> dict[str, dict[str, object]]:
    """`list --all --json` by step id."""
    return {row["id"]: row for row in json.loads(ok(run("list", "--all", "--json")).stdout)}


# -- without a place --------------------------------------------------------------------------


def test_without_a_place_steps_use_neutral_words(run: Run, local_home: Path) -> None:
    """No place: a placeholder reads as its neutral words, no 'Where you live' field is shown,
    and steps kept for some places are set aside."""
    text = show(run, "order")
    assert "Ask about a protection order" in text
    assert "Call the emergency number in danger." in text
    assert "{{" not in text
    assert "Where you live" not in text
    rows = steps(run)
    assert rows[f"{LOCAL}.scotland-only"]["applies"] is False
    assert rows[f"{LOCAL}.uk-only"]["applies"] is False
    assert rows[f"{LOCAL}.order"]["title"] == "Ask about a protection order"


def test_without_a_place_status_and_summary_say_once_how_to_choose(
    run: Run, local_home: Path
) -> None:
    """status ends with one line saying how to choose a place; the summary says it once."""
    status = ok(run("status")).stdout
    assert status.count("exitplan region") == 1
    assert status.rstrip().endswith("Choose where you live: exitplan region")
    summary = ok(run("summary", "--format", "text")).stdout
    assert summary.count("exitplan region") == 1


# -- the region command -----------------------------------------------------------------------


def test_a_piped_place_is_kept_sealed_with_the_plan_and_changes_the_words(
    run: Run, local_home: Path
) -> None:
    """`echo Scotland | exitplan region`: kept in the plan file; steps use Scotland's words;
    the history says only that the place changed, never which."""
    result = ok(run("region", input="Scotland\n"))
    assert "Saved: you live in Scotland (United Kingdom)." in result.stderr
    assert read_plan(local_home).region == "gb-sct"
    text = show(run, "order")
    assert "Call 999 in danger." in text
    assert "Where you live" in text
    assert "Scotland (United Kingdom)" in text
    history = ok(run("history")).stdout
    assert "where you live changed" in history
    assert "Scotland" not in history
    assert "sct" not in history
    assert "Scotland" not in (local_home / "plan.toml").read_text(encoding="utf-8")


def test_region_json_lists_the_places_facts(run: Run, local_home: Path) -> None:
    """`region --json`: the code, the name and every local fact with its sources."""
    assert json.loads(ok(run("region", "--json")).stdout) == {
        "version": 1,
        "region": None,
        "name": None,
        "facts": [],
    }
    ok(run("region", input="New South Wales\n"))
    data = json.loads(ok(run("region", "--json")).stdout)
    assert data["region"] == "au-nsw"
    assert data["name"] == "New South Wales (Australia)"
    keys = {fact["key"] for fact in data["facts"]}
    assert {"court-order", "paid-leave", "emergency-number"} <= keys
    assert all(fact["sources"] and fact["checked"] for fact in data["facts"])


def test_clear_forgets_the_place(run: Run, local_home: Path) -> None:
    """`region --clear`: no place; the words go back to neutral."""
    ok(run("region", input="Wales\n"))
    result = ok(run("region", "--clear"))
    assert "no place is chosen" in result.stderr
    assert read_plan(local_home).region is None
    assert "Ask about a protection order" in show(run, "order")
    before = snapshot(local_home)
    assert "nothing changed" in ok(run("region", "--clear")).stderr
    assert snapshot(local_home) == before


def test_the_same_place_again_writes_nothing(run: Run, local_home: Path) -> None:
    """Choosing the place the plan already has changes nothing on disk."""
    ok(run("region", input="Ontario\n"))
    before = snapshot(local_home)
    assert "nothing changed" in ok(run("region", input="ontario\n")).stderr
    assert snapshot(local_home) == before


@pytest.mark.parametrize(
    ("args", "stdin", "words"),
    [
        (("Scotland",), "", ["never typed on the command line", "echo wales | exitplan region"]),
        ((), "Atlantis\n", ["does not know a place called 'atlantis'"]),
        ((), "Scotlnd\n", ["did you mean scotland"]),
        ((), "\n\n", ["no place was given"]),
    ],
)
def test_bad_input_is_one_line_and_nothing_is_written(
    run: Run, local_home: Path, args: tuple[str, ...], stdin: str, words: list[str]
) -> None:
    """A place on the command line (shell history would keep it), an unknown or empty name:
    one plain error line, exit 1, the plan untouched."""
    before = snapshot(local_home)
    one_error_line(run("region", *args, input=stdin), *words)
    assert snapshot(local_home) == before


def test_a_pipe_gives_its_first_line(run: Run, local_home: Path) -> None:
    """Only the first line of a pipe is read: 'ca' is Canada; the rest is not a place."""
    ok(run("region", input="\nca\nnot a place\n"))
    assert read_plan(local_home).region == "ca"


def test_without_a_plan_the_place_has_nowhere_to_go(run: Run, home: Path) -> None:
    """No plan: one error, nothing created; the list of places needs no plan."""
    one_error_line(run("region", input="Wales\n"))
    assert not (home / "plan.toml").exists()
    listing = ok(run("region", "--list")).stdout
    assert "Scotland (gb-sct)" in listing
    assert "  Ontario (ca-on)" in listing
    assert not (home / "plan.toml").exists()


def test_the_place_in_the_plan_file_is_checked(run: Run, local_home: Path) -> None:
    """A plan file naming a malformed place is refused like any other bad field."""
    path = local_home / "plan.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text('region = "Not a code"\n' + text, encoding="utf-8")
    result = run("status")
    assert result.exit_code == 1
    assert_no_traceback(result)
    assert "region" in result.stderr


def test_a_place_this_version_does_not_know_reads_as_no_place(run: Run, local_home: Path) -> None:
    """A plan from a newer exitplan may name a place this one lacks: neutral words, no error."""
    path = local_home / "plan.toml"
    path.write_text('region = "zz-qq"\n' + path.read_text(encoding="utf-8"), encoding="utf-8")
    assert "Ask about a protection order" in show(run, "order")


# -- at a terminal ----------------------------------------------------------------------------


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The region and situation commands believe a person is typing, and each question is
    shown on stderr as a terminal would show it (piped answers are otherwise asked silently)."""
    import sys

    from exitplan.cli import keyboard, prompts

    monkeypatch.setattr(keyboard, "someone_typing", lambda: True)
    reading = prompts.read_line

    def shown(prompt: str) -> str:
        sys.stderr.write(prompt + "\n")
        return reading(prompt)

    monkeypatch.setattr(prompts, "read_line", shown)


def test_at_a_terminal_a_list_a_country_then_its_part_by_number(
    run: Run, local_home: Path, terminal: None
) -> None:
    """'list' shows the places; a country with parts asks which one (a number or a name); an
    unknown name is said and asked again."""
    result = ok(run("region", input="list\nAtlantis\nUnited Kingdom\n2\n"))
    assert "Where do you live?" in result.stderr
    assert "Argentina (ar)" in result.stderr
    assert "does not know a place called 'Atlantis'" in result.stderr
    assert "United Kingdom: which nation?" in result.stderr
    assert read_plan(local_home).region == "gb-sct"


def test_at_a_terminal_enter_keeps_the_country(run: Run, local_home: Path, terminal: None) -> None:
    """Enter at the part question keeps the whole country; Enter at the first keeps it all."""
    ok(run("region", input="Canada\n\n"))
    assert read_plan(local_home).region == "ca"
    before = snapshot(local_home)
    assert "nothing changed" in ok(run("region", input="\n")).stderr
    assert snapshot(local_home) == before


def test_at_a_terminal_stopping_changes_nothing(run: Run, local_home: Path, terminal: None) -> None:
    """The input ending at the question: a calm line, exit 1, nothing written."""
    before = snapshot(local_home)
    result = run("region", input="Canada\n")
    assert_no_traceback(result)
    assert result.exit_code == 1
    assert "Stopped. Nothing was changed." in result.stderr
    assert snapshot(local_home) == before


# -- with the situation -----------------------------------------------------------------------


def test_the_situation_pipe_takes_the_place(run: Run, local_home: Path) -> None:
    """`region = "Scotland"` among the answers; `situation --json` gives it back."""
    result = ok(run("situation", input='region = "Scotland"\nchildren = false\n'))
    assert "Saved: you live in Scotland (United Kingdom)." in result.stderr
    state = read_plan(local_home)
    assert (state.region, state.situation) == ("gb-sct", {"children": False})
    data = json.loads(ok(run("situation", "--json")).stdout)
    assert data["region"] == "gb-sct"
    ok(run("situation", input='region = "none"\n'))
    assert read_plan(local_home).region is None


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('region = "Atlantis"\n', ["atlantis"]),
        ("region = 3\n", ["'region' must be a place name in quotes"]),
        ('region = ""\n', ["'region' must be a place name"]),
    ],
)
def test_a_bad_place_in_the_situation_pipe_writes_nothing(
    run: Run, local_home: Path, text: str, words: list[str]
) -> None:
    """A place exitplan does not know, or not a name at all: one line, nothing written (not
    even the other answers)."""
    before = snapshot(local_home)
    one_error_line(run("situation", input=text + "children = true\n"), *words)
    assert snapshot(local_home) == before


# -- steps that name facts --------------------------------------------------------------------


def test_a_changed_place_brings_the_right_steps_back_with_their_progress(
    run: Run, local_home: Path
) -> None:
    """Scotland: the Scottish and UK steps apply. Ontario: they are set aside, and the words are
    Ontario's. Back to Scotland: they return, still done."""
    ok(run("region", input="Scotland\n"))
    rows = steps(run)
    assert rows[f"{LOCAL}.scotland-only"]["applies"] is True
    assert rows[f"{LOCAL}.uk-only"]["applies"] is True
    assert "Disclosure Scheme for Domestic Abuse Scotland" in str(
        rows[f"{LOCAL}.scotland-only"]["title"]
    )
    ok(run("done", f"{LOCAL}.scotland-only"))
    result = ok(run("region", input="Ontario\n"))
    assert "2 steps are set aside as not for this place" in result.stderr
    rows = steps(run)
    assert rows[f"{LOCAL}.scotland-only"]["applies"] is False
    assert rows[f"{LOCAL}.uk-only"]["applies"] is False
    ontario = local_for("ca-on")
    assert ontario is not None
    assert rows[f"{LOCAL}.order"]["title"] == f"Ask about {ontario.facts['court-order'].text}"
    result = ok(run("region", input="Scotland\n"))
    assert "2 steps for this place now apply" in result.stderr
    rows = steps(run)
    assert rows[f"{LOCAL}.scotland-only"]["status"] == "done"
    assert rows[f"{LOCAL}.scotland-only"]["applies"] is True


def test_show_names_each_local_source_beside_the_steps_own(run: Run, local_home: Path) -> None:
    """`show`: the step's own source, then each local fact's source with where it holds and
    when it was checked; --json lists the facts."""
    ok(run("region", input="England\n"))
    england = local_for("gb-eaw")
    assert england is not None
    text = " ".join(show(run, "order").split())
    assert "https://example.org/orders" in text
    court = england.facts["court-order"]
    assert f"{court.sources[0]} (England and Wales, checked {court.checked})" in text
    assert court.detail in text
    data = json.loads(ok(run("show", f"{LOCAL}.order", "--json")).stdout)
    assert data["sources"] == ["https://example.org/orders"]
    assert [fact["key"] for fact in data["local"]] == [
        "court-order",
        "emergency-number",
        "police-notice",
    ]


def test_a_changing_law_says_check_with_an_advocate(run: Run, local_home: Path) -> None:
    """England and Wales police notices are changing: show and the summaries say so."""
    ok(run("region", input="England\n"))
    mark = "may have changed: check with an advocate"
    assert mark in " ".join(show(run, "order").split())
    assert mark not in show(run, "credit")
    for fmt in ("text", "markdown", "html"):
        assert mark in ok(run("summary", "--format", fmt)).stdout, fmt


@pytest.mark.parametrize("fmt", ["text", "markdown", "html"])
def test_summaries_name_the_place_and_the_local_sources(
    run: Run, local_home: Path, fmt: str
) -> None:
    """Every summary says where the person lives and lists each local source."""
    ok(run("region", input="Scotland\n"))
    out = ok(run("summary", "--format", fmt)).stdout
    assert "Where you live: Scotland (United Kingdom)." in out
    scotland = local_for("gb-sct")
    assert scotland is not None
    assert scotland.facts["disclosure"].sources[0] in out
    assert "checked 2026-12-01" in out


def test_summary_json_has_the_place_and_each_steps_facts(run: Run, local_home: Path) -> None:
    """summary --format json: the place, and each step's local facts."""
    ok(run("region", input="Scotland\n"))
    data = json.loads(ok(run("summary", "--format", "json")).stdout)
    assert data["region"] == {"code": "gb-sct", "name": "Scotland (United Kingdom)"}
    by_id = {item["id"]: item for item in data["items"]}
    assert [f["key"] for f in by_id[f"{LOCAL}.credit"]["local"]] == ["credit-protection"]
    assert by_id[f"{LOCAL}.plain"]["local"] == []


def test_status_json_says_the_place(run: Run, local_home: Path) -> None:
    """status --json gives the place's code (or null)."""
    assert json.loads(ok(run("status", "--json")).stdout)["region"] is None
    ok(run("region", input="Texas\n"))
    assert json.loads(ok(run("status", "--json")).stdout)["region"] == "us-tx"


@pytest.mark.process
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_lists_at_the_question_fit_80x24(local_home: Path, lang: str) -> None:
    """At an 80x24 terminal 'list' shows the countries in a few lines, and a country's 'list'
    its parts numbered in columns: each fits the screen with the question under it."""
    import sys

    if not sys.platform.startswith("linux"):
        pytest.skip("uses a Linux pseudo-terminal")
    from helpers_terminal import on_terminal, readable

    first, part = (
        ("lo mantiene):", "mantiene Estados Unidos):")
        if lang == "es"
        else (
            "keeps it):",
            "keeps United States):",
        )
    )
    steps = [
        (first, b"list\r"),
        (first, b"us\r"),
        (part, b"list\r"),
        (part, b"51\r"),
    ]
    code, shown = on_terminal(
        ["--home", str(local_home), "region"], steps, env={"EXITPLAN_LANG": lang}
    )
    text = readable(shown)
    assert code == 0, text
    countries = text.split(first, 2)[1]
    states = text.split(part, 2)[1]
    assert "(ar)" in countries
    assert " 1. " in states
    assert "51. " in states
    for listed in (countries, states):
        assert len(listed.splitlines()) <= 24, listed
        assert max(len(line) for line in listed.splitlines()) <= 80, listed
    assert read_plan(local_home).region == "us-wy"
