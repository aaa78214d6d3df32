"""review at 40 columns in French: the line that says how to read the rest of a long step is
wrapped at whole words, and the rows it takes are kept free."""

from __future__ import annotations

from exitplan.base import i18n
from exitplan.cli.review import fold, folded_lines


def test_the_more_lines_hint_wraps_at_whole_words_and_keeps_its_rows() -> None:
    """'(… 20 lignes de plus : appuyez sur p pour les lire)' never cuts a word at 40 columns,
    and fold leaves as many rows for it as it takes."""
    i18n.install("fr")
    try:
        hint = folded_lines(20, 40)
        assert len(hint) == 2
        assert all(len(line) <= 40 for line in hint)
        assert " ".join(hint).replace("\u00a0", " ").endswith("appuyez sur p pour les lire)")
        lines = [f"ligne {n}" for n in range(30)]
        shown, rest = fold(lines, 10, 40)
        assert len(shown) == 10 - len(hint)
        assert shown + rest == lines
    finally:
        i18n.install(i18n.ENGLISH)
