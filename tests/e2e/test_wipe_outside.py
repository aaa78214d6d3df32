"""`wipe` and the files exitplan wrote outside its folder: a summary, a journal export, a
folder export. Named before the question, each erased only after a yes and only while its
content is still what exitplan wrote; sealed with the plan; tried in a real terminal too."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import Run
from helpers import cli, ok
from helpers_terminal import ENTER, on_terminal, readable

PASSPHRASE = "a calm long passphrase"  # noqa: S105 - a test passphrase


@pytest.fixture
def written(run: Run, plan_home: Path, tmp_path: Path) -> dict[str, Path]:
    """A plan that wrote a summary, a journal export and a folder export outside its home."""
    out = tmp_path / "elsewhere"
    out.mkdir()
    paths = {
        "summary": out / "plan.html",
        "export": out / "journal.md",
        "folder": out / "for-my-lawyer",
    }
    ok(run("summary", "--output", str(paths["summary"])))
    ok(run("log", "add", input='what = "He took my keys"\n'))
    ok(run("log", "export", "--output", str(paths["export"])))
    ok(run("log", "export", "--folder", str(paths["folder"])))
    paths["page"] = paths["folder"] / "journal.html"
    return paths


def said(text: str) -> str:
    """Output with its line breaks undone, as one line."""
    return " ".join(text.split())


def test_wipe_names_each_outside_file_and_erases_only_after_yes(
    run: Run, plan_home: Path, written: dict[str, Path]
) -> None:
    """Before the question every outside file is named; after the wipe each is offered: yes
    erases it, anything else keeps it; a changed one is left alone, a gone one said."""
    written["page"].write_text("the person changed this")
    written["export"].unlink()
    result = ok(run("wipe", input="WIPE\nyes\n"))
    text = said(result.stderr)
    assert "exitplan also wrote these files outside its folder" in text
    assert f"{written['summary']}" in text
    assert f"{written['page']} (changed since exitplan wrote it" in text
    assert f"{written['export']} (already gone)" in text
    assert "only as trustworthy as the folder" in text  # a plain home says so
    assert f"Erased {written['summary']}: overwritten with zeros" in text
    assert not written["summary"].exists()
    assert written["page"].read_text() == "the person changed this"
    assert f"Already gone: {written['export']}." in text
    assert not plan_home.exists()


def test_no_keeps_the_file(run: Run, written: dict[str, Path]) -> None:
    """An answer other than yes keeps that outside file."""
    result = ok(run("wipe", input="WIPE\nno\nno\nno\n"))
    assert f"Kept: {written['summary']}." in said(result.stderr)
    assert written["summary"].exists()


def test_wipe_yes_erases_nothing_outside_and_names_it(run: Run, written: dict[str, Path]) -> None:
    """`wipe --yes` erases the folder only and names each outside file it left."""
    result = ok(run("wipe", "--yes"))
    text = said(result.stderr)
    assert f"Not erased (outside exitplan's folder): {written['summary']}." in text
    assert written["summary"].exists()


def test_a_refused_wipe_erases_nothing_anywhere(
    run: Run, plan_home: Path, written: dict[str, Path]
) -> None:
    """A wrong word at the question: nothing erased, in the folder or outside it."""
    result = run("wipe", input="no\n")
    assert result.exit_code == 1
    assert plan_home.exists()
    assert written["summary"].exists()


@pytest.fixture
def sealed_written(
    run: Run, plan_home: Path, written: dict[str, Path], tmp_path: Path
) -> dict[str, Path]:
    """The same, then encrypted: the list of outside files is sealed with the plan."""
    secret = tmp_path / "pass.txt"
    secret.write_text(PASSPHRASE + "\n")
    secret.chmod(0o600)
    ok(run("encrypt", "--passphrase-file", str(secret)))
    raw = (plan_home / "outside.json").read_bytes()
    assert str(written["summary"]).encode() not in raw
    return written


@pytest.mark.process
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses a Linux terminal")
@pytest.mark.parametrize(("columns", "lang"), [(80, "en"), (40, "es")])
def test_at_a_terminal_the_sealed_list_opens_with_the_passphrase(
    plan_home: Path, sealed_written: dict[str, Path], columns: int, lang: str
) -> None:
    """On an encrypted plan, wipe at an 80x24 (and a 40-column Spanish) terminal offers the
    passphrase for the sealed list, names the files, and erases one after a yes."""
    spanish = lang == "es"
    steps = [
        ("saltar):" if spanish else "skips):", PASSPHRASE.encode() + ENTER),
        ("para continuar:" if spanish else "to go ahead:", b"BORRAR\r" if spanish else b"WIPE\r"),
        ("borrarlo:" if spanish else "erase it:", "sí\r".encode() if spanish else b"yes\r"),
        ("borrarlo:" if spanish else "erase it:", b"no\r"),
        ("borrarlo:" if spanish else "erase it:", b"no\r"),
    ]
    code, shown = on_terminal(
        ["--home", str(plan_home), "wipe"],
        steps,
        columns=columns,
        env={"EXITPLAN_LANG": lang},
        quiet_seconds=10,
    )
    text = said(readable(shown))
    assert code == 0, text
    assert PASSPHRASE not in text
    assert "plan.html" in text.replace(" ", "")
    assert not sealed_written["summary"].exists(), readable(shown)
    assert sealed_written["export"].exists()
    assert not plan_home.exists()


@pytest.mark.process
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses a Linux terminal")
def test_enter_skips_the_passphrase_and_the_outside_files_stay(
    plan_home: Path, sealed_written: dict[str, Path]
) -> None:
    """Enter at the passphrase offer: the wipe goes on without it (it never needs one), and
    the outside files stay, said as such."""
    steps = [("skips):", ENTER), ("to go ahead:", b"WIPE\r")]
    code, shown = on_terminal(["--home", str(plan_home), "wipe"], steps, quiet_seconds=10)
    text = said(readable(shown))
    assert code == 0, text
    assert "their list is sealed and was not opened" in text
    assert sealed_written["summary"].exists()
    assert not plan_home.exists()


def test_piped_wipe_on_an_encrypted_plan_needs_no_passphrase(
    plan_home: Path, sealed_written: dict[str, Path]
) -> None:
    """From a pipe nothing is asked but the word: the folder goes, the outside files stay."""
    result = ok(cli(plan_home, "wipe", input="WIPE\n"))
    assert "their list is sealed and was not opened" in said(result.stderr)
    assert sealed_written["summary"].exists()


def test_where_names_the_list_and_whether_it_is_sealed(
    plan_home: Path, sealed_written: dict[str, Path]
) -> None:
    """`where` lists the list of outside files for what it is, encrypted with the plan."""
    result = ok(cli(plan_home, "where"))
    line = next(line for line in result.output.splitlines() if "outside.json" in line)
    assert "the files exitplan wrote outside this folder, with their hashes: encrypted" in line


def test_where_fits_a_narrow_terminal_and_stays_one_line_a_file_when_piped(
    plan_home: Path, sealed_written: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a 40-column terminal each file's line is wrapped between words, its rest indented;
    piped, each file is one line whatever the width."""
    import exitplan.cli.talk

    piped = ok(cli(plan_home, "where", env={"COLUMNS": "40"})).output.splitlines()
    assert any(len(line) > 40 for line in piped)
    monkeypatch.setattr(exitplan.cli.talk, "stream_is_terminal", lambda *, err: True)
    shown = ok(cli(plan_home, "where", env={"COLUMNS": "40"})).output.splitlines()
    assert all(len(line) <= 40 for line in shown[1:])
    assert len(shown) > len(piped)
    assert all(line.startswith("  ") for line in shown[1:])
    assert (
        " ".join(line.strip() for line in shown[1:]).split()
        == " ".join(line.strip() for line in piped[1:]).split()
    )
