"""The glance: `status` served from a fresh, plain cache in a private folder with exactly the
bytes the full command line prints, and every doubt (another command, an option it does not
know, a bad day, an encrypted or stale or open plan) left to the full command line."""

from __future__ import annotations

import errno
import io
import json
from pathlib import Path

import pytest
from helpers import EXIT, MONEY, PLANNED, TODAY, make_home

from exitplan.base.limits import CACHE_DIR, PLAN_FILE
from exitplan.service import glance as glancing
from exitplan.service.glance import glance, without_language, write
from exitplan.service.status import status_output
from exitplan.service.workspace import Workspace


@pytest.fixture
def served(home: Path, no_builtins: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A plain plan of the money checklist with a fresh cache, named by EXITPLAN_HOME, on
    TODAY (EXITPLAN_TODAY)."""
    make_home(home, MONEY)
    Workspace(home, PLANNED).init(EXIT, [MONEY])
    monkeypatch.setenv("EXITPLAN_HOME", str(home))
    monkeypatch.setenv("EXITPLAN_TODAY", TODAY.isoformat())
    return home


def full_status(home: Path, *, as_json: bool = False) -> str:
    """What the full command line prints for status: the same renderer, on the saved plan."""
    out, _err, _code = status_output(
        Workspace(home, TODAY).read(), TODAY, as_json=as_json, home=home
    )
    return out


def test_status_is_served_with_the_full_paths_bytes(
    served: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No arguments and `status` print the status screen from the cache, the same text the full
    command line prints for the saved plan, and exit 0."""
    for argv in ([], ["status"]):
        assert glance(argv) == 0
        out, err = capsys.readouterr()
        assert out == full_status(served)
        assert err == ""
    assert "14 days until Monday 14 December 2026." in out


def test_status_json_is_served_as_one_document(
    served: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`status --json` prints the same JSON document as the full path, its exit date the plan's."""
    assert glance(["status", "--json"]) == 0
    out = capsys.readouterr().out
    assert out == full_status(served, as_json=True)
    assert json.loads(out)["exit_date"] == EXIT.isoformat()


@pytest.mark.parametrize(
    "argv",
    [
        ["list"],
        ["status", "--all"],
        ["--json", "status"],
        ["status", "--json", "--json"],
        ["--help"],
        ["--lang", "xx", "status"],
        ["--lang"],
    ],
)
def test_any_other_command_line_goes_to_the_full_path(
    served: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Another command, another option, or a language exitplan does not speak is left to the
    full command line (which says what it must): the glance prints nothing."""
    assert glance(argv) is None
    assert capsys.readouterr() == ("", "")


def test_a_language_named_first_is_left_to_the_entry_point(
    served: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--lang es status` and `--lang=es` are served: the entry point has already chosen the
    language, the glance only looks past it."""
    assert without_language(["--lang", "es", "status"]) == ("status",)
    assert without_language(["--lang=fr_CA"]) == ()
    assert without_language(["--lang", "xx"]) is None
    assert glance(["--lang", "es", "status"]) == 0
    assert capsys.readouterr().out == full_status(served)


@pytest.mark.parametrize(
    ("name", "value"),
    [("EXITPLAN_PASSPHRASE_FILE", "/dev/null"), ("_EXITPLAN_COMPLETE", "bash_source")],
)
def test_a_passphrase_file_or_shell_completion_goes_to_the_full_path(
    served: Path, monkeypatch: pytest.MonkeyPatch, name: str, value: str
) -> None:
    """A passphrase file in the environment (an encrypted plan) and shell completion are the
    full command line's alone."""
    monkeypatch.setenv(name, value)
    assert glance(["status"]) is None


def test_a_bad_day_goes_to_the_full_path_and_an_empty_one_is_today(
    served: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An EXITPLAN_TODAY that is not a day is the full path's to refuse; an empty one counts as
    unset, so the computer's own day is used."""
    monkeypatch.setenv("EXITPLAN_TODAY", "tomorrow-ish")
    assert glance(["status"]) is None
    monkeypatch.setenv("EXITPLAN_TODAY", "")
    monkeypatch.setattr(glancing, "real_today", lambda: TODAY)  # the computer's own day
    assert glance(["status"]) == 0
    assert capsys.readouterr().out == full_status(served)


def test_no_plan_an_encrypted_one_or_a_data_key_goes_to_the_full_path(
    served: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A data folder that does not exist, one with no plan, one holding a data-key file (the
    next one of an unfinished passphrase change too) or a sealed plan is never read by the
    glance."""
    monkeypatch.setenv("EXITPLAN_HOME", str(tmp_path / "nowhere"))
    assert glance([]) is None
    empty = make_home(tmp_path / "empty")
    monkeypatch.setenv("EXITPLAN_HOME", str(empty))
    assert glance([]) is None
    monkeypatch.setenv("EXITPLAN_HOME", str(served))
    (served / "plan.key").write_bytes(b"")
    assert glance([]) is None
    (served / "plan.key").unlink()
    (served / "plan.key.next").write_bytes(b"")
    assert glance([]) is None
    (served / "plan.key.next").unlink()
    assert glance([]) == 0
    # A sealed plan file is never read, even beside a cache that still looks fresh.
    monkeypatch.setattr("exitplan.home.folder.Folder.is_encrypted", lambda self: True)
    assert glance([]) is None


def test_a_plan_changed_behind_the_cache_goes_to_the_full_path(served: Path) -> None:
    """A plan file edited after the cache was written (the cache is stale) is never shown from
    the cache: the full path reads the plan itself."""
    plan = served / PLAN_FILE
    plan.write_text(plan.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert glance(["status"]) is None


def test_an_open_folder_or_a_lost_cache_goes_to_the_full_path(served: Path) -> None:
    """A data folder others can read is the full path's to warn about; with no cache the glance
    has nothing to serve."""
    served.chmod(0o755)
    assert glance(["status"]) is None
    served.chmod(0o700)
    assert glance(["status"]) == 0
    for file in (served / CACHE_DIR).iterdir():
        file.unlink()
    assert glance(["status"]) is None


def test_a_day_in_another_form_goes_to_the_full_path(
    served: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The glance reads EXITPLAN_TODAY in the form 2026-12-20 alone (blanks around it allowed)
    and never guesses: `+3d`, `20/12/2026` or a wrong day in the right form go to the full
    path, which reads every form `exitplan date` reads."""
    monkeypatch.setenv("EXITPLAN_TODAY", f" {TODAY.isoformat()} ")
    assert glance(["status"]) == 0
    assert capsys.readouterr().out == full_status(served)
    for text in ("+3d", "20/12/2026", "today", "2026-02-30"):
        monkeypatch.setenv("EXITPLAN_TODAY", text)
        assert glance(["status"]) is None, text
    assert capsys.readouterr().out == ""


class LostOutput(io.StringIO):
    """A standard output whose reader is gone (`number` is the error writing gives)."""

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number

    def write(self, text: str) -> int:
        """Fail as a closed pipe or a full disk does."""
        raise OSError(self.number, "lost")


def test_output_that_cannot_be_written_exits_1_with_one_line_at_most(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Notes go to stderr first; a closed pipe (`| head`) ends with 1 and says nothing, a full
    disk ends with 1 and one plain line."""
    assert write("the screen\n", "Note: x.\n") == 0
    assert capsys.readouterr() == ("the screen\n", "Note: x.\n")
    monkeypatch.setattr("sys.stdout", LostOutput(errno.EPIPE))
    assert write("the screen\n", "") == 1
    assert capsys.readouterr().err == ""
    monkeypatch.setattr("sys.stdout", LostOutput(errno.ENOSPC))
    assert write("the screen\n", "") == 1
    assert capsys.readouterr().err == (
        "Error: the output could not be written (the disk is full).\n"
    )


def test_finishing_skips_the_teardown_only_when_nothing_waits_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With no exit handler registered the process ends at once with the glance's code; with one
    (a test's audit) it ends the usual way, so the handler runs."""
    import atexit

    class Ended(Exception):
        """os._exit, which never returns."""

    def end_at_once(code: int) -> None:
        raise Ended(code)

    monkeypatch.setattr("os._exit", end_at_once)
    monkeypatch.setattr(atexit, "_ncallbacks", lambda: 0)
    with pytest.raises(Ended) as ended:
        glancing.finish(3)
    assert ended.value.args == (3,)
    monkeypatch.setattr(atexit, "_ncallbacks", lambda: 1)
    with pytest.raises(SystemExit) as stopped:
        glancing.finish(2)
    assert stopped.value.code == 2
