"""The private cache: used only while every file is exactly as cached, never trusted otherwise."""

from __future__ import annotations

from exitplan.base.limits import SEALED_MARK
from exitplan.crypto.vault import MAGIC


def test_sealed_mark_matches_the_vault() -> None:
    """The store's copy of the vault's magic bytes cannot drift."""
    assert SEALED_MARK == MAGIC
