"""The `--lang` option through the command line: every command runs as before in English, and an
unknown language is one plain line."""

from __future__ import annotations

from pathlib import Path

from helpers import cli


def test_an_unknown_lang_option_is_one_plain_line(tmp_path: Path) -> None:
    """`--lang xx` names the languages there are, exits 2 and writes nothing."""
    home = tmp_path / "home"
    result = cli(home, "--lang", "xx", "status")
    assert result.exit_code == 2
    assert "'xx' is not a language exitplan speaks; use one of: en" in result.stderr
    assert "Traceback" not in result.output
    assert not home.exists()


def test_lang_english_runs_every_command_as_before(tmp_path: Path) -> None:
    """`--lang en` is accepted before any command and changes nothing."""
    result = cli(tmp_path / "home", "--lang", "en", "status")
    assert result.exit_code == 0, result.output
    assert "You have no plan yet" in result.stdout
