"""Where the data shipped with exitplan lies: inside the package, found one way, and the
built-in checklists in the package (a wheel) or beside it (a checkout)."""

from __future__ import annotations

from pathlib import Path

import pytest

import exitplan
from exitplan.base import bundled as bundled_module
from exitplan.base.bundled import PACKAGE, bundled, checklists_dir


def test_the_package_folder_is_the_one_that_holds_exitplan() -> None:
    """PACKAGE is the exitplan package's own folder, whatever the working directory."""
    assert Path(exitplan.__file__).resolve().parent == PACKAGE
    assert (PACKAGE / "base" / "bundled.py").is_file()


def test_a_bundled_path_is_joined_inside_the_package() -> None:
    """`bundled("data", "regions")` names the folder inside the package, and it is there."""
    regions = bundled("data", "regions")
    assert regions == PACKAGE / "data" / "regions"
    assert regions.is_dir()
    assert bundled() == PACKAGE


def test_the_shipped_catalogs_and_region_files_are_found() -> None:
    """What exitplan ships (a compiled catalog, region files) lies where `bundled` says."""
    assert bundled("locale", "es", "LC_MESSAGES", "exitplan.mo").is_file()
    assert any(bundled("data", "regions").iterdir())


def test_a_checkout_finds_the_checklists_beside_the_package() -> None:
    """Run from a checkout (no checklists in the package), the built-in checklists are the
    repository's own folder beside the package."""
    assert not (PACKAGE / "checklists").is_dir()  # this suite runs from a checkout
    assert checklists_dir() == PACKAGE.parent / "checklists"
    assert (checklists_dir() / "safety.toml").is_file()


def test_a_wheel_finds_the_checklists_inside_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Installed from a wheel (checklists force-included in the package), the package's own
    folder wins over anything beside it."""
    package = tmp_path / "site-packages" / "exitplan"
    (package / "checklists").mkdir(parents=True)
    (tmp_path / "site-packages" / "checklists").mkdir()  # someone else's folder of that name
    monkeypatch.setattr(bundled_module, "PACKAGE", package)
    assert checklists_dir() == package / "checklists"


def test_a_file_named_checklists_in_the_package_is_not_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a folder in the package counts: a stray file of that name falls back to the
    checkout's folder."""
    package = tmp_path / "exitplan"
    package.mkdir()
    (package / "checklists").write_text("", encoding="utf-8")
    monkeypatch.setattr(bundled_module, "PACKAGE", package)
    assert checklists_dir() == tmp_path / "checklists"
