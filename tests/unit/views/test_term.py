"""Wrapping for a terminal (views/term.py): no-break spaces are kept and printed as they are."""

from __future__ import annotations

import pytest

from exitplan.views.term import GLUE, wrap

NBSP, NARROW_NBSP = "\u00a0", "\u202f"


@pytest.mark.parametrize("width", [12, 40, 80])
def test_a_no_break_space_is_printed_and_never_broken(width: int) -> None:
    """« Quand : hier » keeps its U+00A0 and « ; » its U+202F, at any width, and no line
    begins with the mark they hold."""
    text = f"mises de côté{NBSP}: 0{NARROW_NBSP}; Quand{NBSP}: hier soir vers 21 h"
    lines = wrap(text, width)
    joined = " ".join(lines)
    assert f"côté{NBSP}:" in joined
    assert f"0{NARROW_NBSP};" in joined
    assert not [line for line in lines if line.lstrip().startswith((":", ";"))]


def test_exitplan_s_own_glue_and_phone_numbers_print_as_plain_spaces() -> None:
    """The caution mark's glue and a phone number's spaces hold while wrapping, and print as
    ordinary spaces."""
    lines = wrap(f"Call 0808 2000 247 now{GLUE}⚠", 12)
    assert "0808 2000 247" in lines
    assert all(GLUE not in line for line in lines)
    assert wrap(f"short{GLUE}⚠", 80) == ["short ⚠"]
