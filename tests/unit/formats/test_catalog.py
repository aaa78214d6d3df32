"""Checklist files: finding, parsing and validating them, and every bad input a person can make."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import DATA, MONEY, PAPERS

from exitplan.base.errors import ExitplanError
from exitplan.domain.plan import find_checklist
from exitplan.formats import catalog
from exitplan.formats.catalog import Catalog, builtin_dir, checklist_files
from exitplan.formats.checklistfile import (
    load_catalog,
    load_checklist,
)

# -- finding and loading -------------------------------------------------------------------------


def test_builtin_dir_is_the_checklists_folder() -> None:
    """The built-in checklists are found: in the package, or in the source tree."""
    folder = builtin_dir()
    assert folder.is_dir()
    assert folder.name == "checklists"


def test_builtin_catalog_loads_and_is_marked_builtin() -> None:
    """Every built-in file loads; each checklist is marked built-in; ids are unique and sorted."""
    loaded = load_catalog()
    assert all(c.builtin for c in loaded.checklists)
    assert len(set(ids(loaded))) == len(ids(loaded))
    assert [c.id for c in loaded.checklists] == [
        c.id for c in sorted(loaded.checklists, key=lambda c: (c.order, c.id))
    ]
    assert len(loaded.checklists) == len(checklist_files(builtin_dir()))


def test_user_checklists_join_the_builtin_ones(tmp_path: Path) -> None:
    """The person's own files load beside the built-in ones, not marked built-in, in order."""
    folder = tmp_path / "mine"
    folder.mkdir()
    for name in (MONEY, PAPERS):
        shutil.copyfile(DATA / f"{name}.toml", folder / f"{name}.toml")
    loaded = load_catalog(folder)
    assert ids(loaded)[:2] == [MONEY, PAPERS]  # order 1 and 2 sort before the built-in ones
    money = find_checklist(loaded.checklists, MONEY)
    assert money is not None
    assert money.builtin is False
    assert [i.id for i in money.items] == [
        "open-account",
        "save-cash",
        "credit-report",
        "change-beneficiaries",
    ]
    assert "nope" not in ids(loaded)
    assert set(ids(load_catalog())) | {MONEY, PAPERS} == set(ids(loaded))


def test_checklist_files_takes_only_toml_files(tmp_path: Path) -> None:
    """Only regular `*.toml` files count, sorted by name; notes and folders are ignored."""
    (tmp_path / "b.toml").write_text("")
    (tmp_path / "a.toml").write_text("")
    (tmp_path / "readme.txt").write_text("")
    (tmp_path / "dir.toml").mkdir()
    assert [p.name for p in checklist_files(tmp_path)] == ["a.toml", "b.toml"]
    assert checklist_files(tmp_path / "missing") == []


def ids(catalog: Catalog) -> list[str]:
    """The checklist ids of a catalog, in display order."""
    return [checklist.id for checklist in catalog.checklists]


def test_the_one_way_to_find_a_checklist_by_name() -> None:
    """A checklist is found by its id or its title, in any case; another name is refused with
    one plain message that names the checklists there are."""
    money = load_checklist(DATA / f"{MONEY}.toml")
    papers = load_checklist(DATA / f"{PAPERS}.toml")
    both = Catalog((money, papers))
    assert ids(both) == [MONEY, PAPERS]
    assert find_checklist(both.checklists, PAPERS) is papers
    assert find_checklist(both.checklists, PAPERS.upper()) is papers
    assert find_checklist(both.checklists, f" {money.title.lower()} ") is money
    with pytest.raises(
        ExitplanError, match=f"no checklist called 'cash'; choose one of: {MONEY}, {PAPERS}"
    ):
        find_checklist(both.checklists, "cash")


def test_a_countrys_override_files_follow_the_shared_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """For fr_CA with an override folder, the translation files are the shared French ones,
    then Canada's; the catalog is kept as fr_CA there, as fr for a country without a folder,
    and as English for English."""
    for folder, name in (("fr", "a.toml"), ("fr", "b.toml"), ("fr_CA", "a.toml")):
        (tmp_path / folder).mkdir(exist_ok=True)
        (tmp_path / folder / name).write_text("", encoding="utf-8")
    monkeypatch.setattr(catalog, "builtin_dir", lambda: tmp_path)
    names = [f"{p.parent.name}/{p.name}" for p in catalog.translation_files("fr_CA")]
    assert names == ["fr/a.toml", "fr/b.toml", "fr_CA/a.toml"]
    assert [p.parent.name for p in catalog.translation_files("fr")] == ["fr", "fr"]
    assert catalog.translation_files("en") == []
    assert catalog.checklist_language("fr_CA") == "fr_CA"
    assert catalog.checklist_language("fr_FR") == "fr"
    assert catalog.checklist_language("fr") == "fr"
    assert catalog.checklist_language("en_GB") == "en"
