"""The traces exitplan leaves on a shared computer, said at the moment they are made, each
with its fix: the folder and shell history at the first use, the file's path in history at an
attach, the browser's history at an HTML summary."""

from __future__ import annotations

from pathlib import Path

from conftest import Run
from helpers import cli, ok

HISTORY = "in bash, run history -c just before you close this terminal"


def said(text: str) -> str:
    """Output with its line breaks undone, as one line."""
    return " ".join(text.split())


def test_init_in_the_usual_folder_names_it_and_shell_history(tmp_path: Path) -> None:
    """At the first use in the usual data folder, init names the folder (whose name says
    exitplan) with how to keep it elsewhere, and says how to keep shell history clean."""
    data = tmp_path / "data"
    result = ok(
        cli(
            None,
            "init",
            "--exit-date",
            "2027-01-20",
            today="2026-12-05",
            env={"XDG_DATA_HOME": str(data), "EXITPLAN_HOME": None},
        )
    )
    text = said(result.stderr)
    assert f"your plan is in {data / 'exitplan'}, a folder whose name says exitplan" in text
    assert "use --home (or EXITPLAN_HOME)" in text
    assert HISTORY in text


def test_init_with_a_folder_of_ones_own_says_only_shell_history(run: Run, home: Path) -> None:
    """With --home the folder is the person's choice: only the history line is said."""
    text = said(ok(run("init", "--exit-date", "2027-01-20")).stderr)
    assert "whose name says exitplan" not in text
    assert HISTORY in text


def test_attach_says_the_path_is_in_shell_history(
    run: Run, plan_home: Path, tmp_path: Path
) -> None:
    """An attach says its command line holds the file's path, and how to keep it out."""
    photo = tmp_path / "bruise.jpg"
    photo.write_bytes(b"\xff\xd8 not really a photo")
    ok(run("log", "add", input='what = "Pushed me"\n'))
    text = said(ok(run("log", "attach", "1", str(photo))).stderr)
    assert "The command you typed holds the path of bruise.jpg" in text
    assert HISTORY in text


def test_an_html_summary_says_the_browser_keeps_it_in_history(
    run: Run, plan_home: Path, tmp_path: Path
) -> None:
    """Saving the summary as a page says a browser keeps it in its history, and the fix; a
    text summary, never opened in a browser, does not."""
    page = said(ok(run("summary", "--output", str(tmp_path / "plan.html"))).stderr)
    assert "open this one in a private window" in page
    text = said(ok(run("summary", "--output", str(tmp_path / "plan.txt"))).stderr)
    assert "private window" not in text
