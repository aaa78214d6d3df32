"""What in the data folder is exitplan's own (the one list behind `wipe`, every --output refusal
and `log attach`), compared case-folded as FAT and macOS compare names, and the limits that each
have one home."""

from __future__ import annotations

from pathlib import PurePosixPath

import pytest

from exitplan.base.limits import (
    FOLDERS,
    NEVER_LINKS,
    OWN_FILES,
    OWN_NAMES,
    PRIVATE_FILE,
    PRIVATE_FOLDER,
    TEMP_SUFFIX,
    is_own,
    is_temp,
)


@pytest.mark.parametrize(
    "name",
    [
        "plan.toml",
        "PLAN.TOML",  # the same file on a case-insensitive drive
        "plan.key",
        ".lock",
        "outside.json",
        ".plan.toml.a1b2c3.tmp",  # a temp file of exitplan's, beside the others
        "backups/plan-2026-11-30.toml",
        "Journal/000001.rec",
        "cache/catalog.json",
        "checklists/mine.toml",
    ],
)
def test_exitplan_s_own_files_temp_files_and_folders_are_its_own(name: str) -> None:
    """Every file exitplan writes, a temp file of its own, and anything in one of its folders
    is exitplan's, whatever the case of the name."""
    assert is_own(PurePosixPath(name))


@pytest.mark.parametrize(
    "name",
    [
        "notes.txt",  # the person's own file beside the plan
        "plan.toml.bak",
        "plan.tmp",  # a temp suffix without exitplan's leading dot
        ".hidden",
        "../plan.toml",
        "/plan.toml",
        "",
        "my-folder/plan.toml",  # a file of the same name in a folder of the person's
    ],
)
def test_anything_else_is_the_person_s(name: str) -> None:
    """A file of the person's, a name that only looks like exitplan's, or a path that leaves
    the folder is never exitplan's (so `wipe` never erases it)."""
    assert not is_own(PurePosixPath(name))


@pytest.mark.parametrize(
    ("name", "temp"),
    [
        (".plan.toml.a1b2c3.tmp", True),
        (".exitplan-partial-x9.TMP", True),  # the same name on a case-insensitive drive
        ("holiday.tmp", False),  # the person's own file: no leading dot
        ("notes.tmp.txt", False),
        (".hidden", False),
    ],
)
def test_a_temp_file_is_a_dot_name_ending_in_tmp(name: str, temp: bool) -> None:
    """Only a dot-name ending in .tmp (case-folded) is one of exitplan's temp files, so `wipe`,
    the sweep after a killed run and the cache's clean-up leave `holiday.tmp` alone."""
    assert is_temp(name) is temp


def test_the_one_list_holds_every_file_and_folder_and_none_may_be_a_link() -> None:
    """The names exitplan owns are its files and folders, and every one of them is on the
    list of names that may never be a link, the kept copies' folder too."""
    assert frozenset(OWN_FILES + FOLDERS) == OWN_NAMES
    assert set(OWN_NAMES) <= set(NEVER_LINKS)
    assert "journal/files" in NEVER_LINKS
    assert TEMP_SUFFIX == ".tmp"


def test_private_means_the_owner_alone() -> None:
    """A private file is read and written by its owner alone, a private folder entered by its
    owner alone: no bit for the group or anyone else."""
    assert PRIVATE_FILE == 0o600
    assert PRIVATE_FOLDER == 0o700
