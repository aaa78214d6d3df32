"""The run's global options decided by the service: the home, the day, the passphrase file."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from exitplan.base.errors import ExitplanError, StorageError
from exitplan.base.limits import HOME_ENV
from exitplan.disk.paths import default_home
from exitplan.domain import dates
from exitplan.service.options import (
    PASSPHRASE_FILE_LIMIT,
    check_home,
    plan_signature,
    read_passphrase_file,
    run_options,
)


def test_a_home_given_is_used_and_counted_as_chosen(tmp_path: Path) -> None:
    """`--home FOLDER` is the home, and the person chose it."""
    chosen = run_options(tmp_path / "stick", None)
    assert (chosen.home, chosen.home_given) == (tmp_path / "stick", True)


def test_the_environment_names_the_home_when_no_option_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """EXITPLAN_HOME is the home when --home is not given, and counts as chosen."""
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "env"))
    chosen = run_options(None, None)
    assert (chosen.home, chosen.home_given) == (tmp_path / "env", True)


def test_without_a_choice_the_platform_folder_is_the_home(monkeypatch: pytest.MonkeyPatch) -> None:
    """Neither --home nor EXITPLAN_HOME: the platform's data folder, not chosen."""
    monkeypatch.delenv(HOME_ENV, raising=False)
    chosen = run_options(None, None)
    assert (chosen.home, chosen.home_given) == (default_home(), False)


def test_a_rehearsed_day_is_today_and_a_rehearsal(tmp_path: Path) -> None:
    """--today naming another day than the clock's is that day, and a rehearsal."""
    other = dates.real_today() + timedelta(days=40)
    chosen = run_options(tmp_path, other)
    assert (chosen.today, chosen.rehearsing) == (other, True)


def test_the_real_day_is_no_rehearsal(tmp_path: Path) -> None:
    """No --today, or --today naming the clock's own day: the real day, no rehearsal."""
    real = dates.real_today()
    assert run_options(tmp_path, None)[2:] == (real, False)
    assert run_options(tmp_path, real)[2:] == (real, False)


def test_a_chosen_home_on_a_missing_drive_is_refused(tmp_path: Path) -> None:
    """A chosen home whose parent folder is missing is refused; the default one is not checked."""
    missing = tmp_path / "not-plugged-in" / "exitplan"
    with pytest.raises(StorageError, match="Is the drive connected"):
        check_home(missing, given=True)
    check_home(missing, given=False)
    check_home(tmp_path / "exitplan", given=True)  # its parent is there: it will be made


def passphrase_file(tmp_path: Path, data: bytes, mode: int = 0o600) -> Path:
    """A passphrase file with this content and mode."""
    path = tmp_path / "pass"
    path.write_bytes(data)
    path.chmod(mode)
    return path


def test_the_first_line_is_the_passphrase(tmp_path: Path) -> None:
    """Only the first line is read, whatever line ending it has."""
    assert read_passphrase_file(passphrase_file(tmp_path, b"long words here\nmore\n")) == (
        "long words here"
    )
    assert read_passphrase_file(passphrase_file(tmp_path, b"crlf words\r\n")) == "crlf words"
    assert read_passphrase_file(passphrase_file(tmp_path, "clé sûre".encode())) == "clé sûre"


def test_a_file_others_can_read_is_refused(tmp_path: Path) -> None:
    """A passphrase file readable by other users is refused, with the chmod that fixes it."""
    path = passphrase_file(tmp_path, b"long words here\n", 0o644)
    with pytest.raises(ExitplanError, match="can be read by other users"):
        read_passphrase_file(path)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"", "is empty"),
        (b"\nsecond line\n", "is empty"),
        (b"\xff\xfe not text\n", "not readable UTF-8 text"),
        (b"x" * (PASSPHRASE_FILE_LIMIT + 1), "is longer than 4096 bytes"),
    ],
)
def test_a_file_without_a_passphrase_is_refused(tmp_path: Path, data: bytes, words: str) -> None:
    """Empty, not UTF-8, or one line past the limit: one plain error naming the file."""
    path = passphrase_file(tmp_path, data)
    with pytest.raises(ExitplanError, match=words) as raised:
        read_passphrase_file(path)
    assert str(path) in str(raised.value)


def test_a_long_file_with_a_short_first_line_is_read(tmp_path: Path) -> None:
    """A first line within the limit is read even when the file goes on far past it."""
    path = passphrase_file(tmp_path, b"x" * PASSPHRASE_FILE_LIMIT + b"\n" + b"y" * 100_000)
    assert read_passphrase_file(path) == "x" * PASSPHRASE_FILE_LIMIT


def test_a_missing_file_is_one_plain_error(tmp_path: Path) -> None:
    """A passphrase file that is not there is refused with the system's reason."""
    with pytest.raises(ExitplanError, match="cannot read the passphrase file"):
        read_passphrase_file(tmp_path / "nowhere")


def test_the_plan_signature_changes_when_the_plan_is_written(tmp_path: Path) -> None:
    """No plan file: no signature; writing the plan again gives another one."""
    assert plan_signature(tmp_path) is None
    plan = tmp_path / "plan.toml"
    plan.write_text("a = 1\n", encoding="utf-8")
    before = plan_signature(tmp_path)
    assert before is not None
    replaced = tmp_path / "new.toml"
    replaced.write_text("a = 22\n", encoding="utf-8")
    replaced.replace(plan)  # as an atomic save does: another file, another size
    assert plan_signature(tmp_path) not in {None, before}
