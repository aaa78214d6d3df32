"""The one rule for characters that must not reach a terminal raw (base/safetext.py)."""

from __future__ import annotations

import io
import json

import pytest

from exitplan.base.safetext import (
    REPLACEMENT,
    ScreenGuard,
    escaped,
    json_text,
    one_line,
    screen_text,
    without_invisible,
)

# One of each kind: an escape, a C1 control (CSI), a direction override, an isolate, a
# zero-width space, a byte-order mark, a tag character.
UNSEEN = ["\x1b", "\x9b", "\u202e", "\u2066", "\u200b", "\ufeff", "\U000e0041"]


@pytest.mark.parametrize("char", UNSEEN)
def test_screen_text_shows_each_unsafe_character_as_the_replacement(char: str) -> None:
    """A control, direction or zero-width character becomes U+FFFD on the screen."""
    assert screen_text(f"a{char}b\nc") == f"a{REPLACEMENT}b\nc"


@pytest.mark.parametrize("char", [*UNSEEN, "\n", "\t", "\u2028"])
def test_one_line_never_breaks_or_hides(char: str) -> None:
    """On one line, a line break is as unsafe as an escape."""
    assert one_line(f"a{char}b") == f"a{REPLACEMENT}b"


def test_plain_letters_pass_unchanged() -> None:
    """Accented letters, emoji and other scripts are not touched."""
    text = "Señal — ¿dónde? 🚨 Привет 日本"
    assert screen_text(text) == one_line(text) == without_invisible(text) == text


def test_escaped_writes_the_code_of_what_was_typed() -> None:
    """What the person typed is shown with codes, so they see what went wrong."""
    assert escaped("x\x1b[2J\u202ey\U000e0041") == "x\\x1b[2J\\u202ey\\U000e0041"


@pytest.mark.parametrize("char", UNSEEN)
def test_json_text_is_the_same_data_with_nothing_raw(char: str) -> None:
    """JSON output escapes every unsafe character, and reads back as the same text."""
    data = {"title": f"before{char}after", "lines": "one\ntwo", "word": "señal"}
    text = json_text(data)
    assert char not in text
    assert "señal" in text  # letters stay letters
    assert json.loads(text) == data


def test_without_invisible_keeps_the_terminal_s_own_colours() -> None:
    """The output guard leaves escape codes (exitplan's colours) and takes unseen characters."""
    assert without_invisible("\x1b[31mred\x1b[0m\u202e") == f"\x1b[31mred\x1b[0m{REPLACEMENT}"


def test_the_screen_guard_filters_every_write() -> None:
    """Whatever is written through the guard reaches the stream without unseen characters."""
    stream = io.StringIO()
    guard = ScreenGuard(stream)
    guard.write("a\u202eb")
    guard.writelines(["c\u200b", "d"])
    assert stream.getvalue() == f"a{REPLACEMENT}bc{REPLACEMENT}d"
    assert guard.getvalue() == stream.getvalue()  # everything else is the stream's own


def test_refused_characters_are_found_anywhere_in_decoded_data() -> None:
    """A refused character in a value or a key, at any depth of lists and tables, is found;
    text that keeps to the rules (new lines, tabs, any language) is not."""
    from exitplan.base.safetext import holds_refused

    clean = {"title": "Línea 1\n\tcafé", "rows": [{"n": 1, "words": ["ok", None, 2.5]}]}
    assert not holds_refused(clean)
    assert holds_refused({"rows": [{"n": 1, "words": ["ok", "\x1b[2J"]}]})
    assert holds_refused({"rows": [{"\x07": "a key"}]})
    assert holds_refused(["\x9b"])
    assert not holds_refused("\u202e")  # not refused here: the screen's rule escapes it
