"""The private cache: used only while every file is exactly as cached, never trusted otherwise."""

from __future__ import annotations

import pytest

from exitplan.base.limits import SEALED_MARK
from exitplan.crypto.vault import MAGIC
from exitplan.formats import cache


def test_sealed_mark_matches_the_vault() -> None:
    """The store's copy of the vault's magic bytes cannot drift."""
    assert SEALED_MARK == MAGIC


@pytest.mark.parametrize(
    ("name", "mine"),
    [
        ("catalog.es.json", True),
        ("texts.es_ES.json", True),
        ("catalog.fr_CA.json", True),
        ("catalog.es-ES.json", False),
        ("catalog.es_es.json", False),
        ("notes.es_ES.json", False),
    ],
)
def test_a_countrys_catalog_cache_files_are_the_caches_own(name: str, mine: bool) -> None:
    """catalog.es_ES.json and texts.fr_CA.json are the cache's (wipe and drop erase them);
    other names in the folder are not."""
    assert cache.is_cache_file(name) is mine
    if mine and "_" in name:
        assert cache.catalog_files("es_ES") == ("catalog.es_ES.json", "texts.es_ES.json")
