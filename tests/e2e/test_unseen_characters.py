"""Characters that act unseen (a direction override, a zero-width space) in a planted file's
text never reach the screen raw, whatever the view; JSON keeps them whole, as escapes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Run
from helpers import child, make_home, ok

UNSEEN_TITLE = "Pay the \u202egpj.exe\u202c bill\u200b now"


def planted_checklist(home: Path) -> None:
    """A checklist file in the data folder whose step title hides a direction override and a
    zero-width space."""
    folder = home / "checklists"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "t-unseen.toml").write_text(
        'schema = 1\nid = "t-unseen"\ntitle = "Unseen"\nsummary = "x"\norder = 9\n\n'
        f'[[item]]\nid = "pay"\ntitle = "{UNSEEN_TITLE}"\nwhy = "x"\ndue = "-7d"\n',
        encoding="utf-8",
    )


@pytest.mark.parametrize("args", [("list",), ("show", "1"), ("summary",), ("status", "--full")])
def test_direction_and_zero_width_characters_never_reach_the_screen(
    run: Run, home: Path, args: tuple[str, ...]
) -> None:
    """A step title with U+202E and U+200B is shown with U+FFFD in their place, in every view."""
    make_home(home)
    planted_checklist(home)
    ok(run("init", "--checklist", "t-unseen", "--exit-date", "2026-12-14"))
    result = ok(run(*args))
    assert not {"\u202e", "\u202c", "\u200b"} & set(result.output), repr(result.output)
    assert "Pay the \ufffdgpj.exe\ufffd bill" in result.output


def test_json_keeps_the_title_whole_and_escaped(run: Run, home: Path) -> None:
    """`list --json` writes the unseen characters as escapes: the data is whole, nothing raw."""
    make_home(home)
    planted_checklist(home)
    ok(run("init", "--checklist", "t-unseen", "--exit-date", "2026-12-14"))
    text = ok(run("list", "--json")).stdout
    assert "\u202e" not in text
    assert "\\u202e" in text
    assert json.loads(text)[0]["title"] == UNSEEN_TITLE


@pytest.mark.process
def test_the_console_script_guards_the_glance_too(tmp_path: Path) -> None:
    """`exitplan status` in a real process (the glance's fast path) shows no unseen character."""
    home = make_home(tmp_path / "home")
    planted_checklist(home)
    base = ["--home", str(home), "--today", "2026-11-30"]
    made = child(*base, "init", "--checklist", "t-unseen", "--exit-date", "2026-12-14")
    assert made.returncode == 0, made.stderr
    for args in (("status",), ("list",)):
        shown = child(*base, *args)
        assert shown.returncode == 0, shown.stderr
        assert "\u202e" not in shown.stdout + shown.stderr
        assert "\ufffdgpj.exe\ufffd" in shown.stdout


def test_a_file_saved_back_out_has_no_direction_override_in_its_name(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A photo attached as `photo<U+202E>gpj.exe` (shown as photoexe.jpg) is saved back out by
    `log file` under a name with no override in it (U+FFFD where it stood), so what the folder
    shows is what the file is."""
    ok(run("log", "add", input='when = "2026-11-28"\nwhat = "A note"\n'))
    photo = tmp_path / "photo\u202egpj.exe"
    photo.write_bytes(b"\xff\xd8 a photo")
    ok(run("log", "attach", "1", str(photo)))
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.chdir(out)
    ok(run("log", "file", "2"))
    assert [p.name for p in out.iterdir()] == ["photo\ufffdgpj.exe"]
    assert (out / "photo\ufffdgpj.exe").read_bytes() == b"\xff\xd8 a photo"
