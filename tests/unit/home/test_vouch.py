"""Tests for exitplan.home.vouch: the sealed marker that vouches for an encrypt's plain files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from helpers_journal_crash import fixed_key
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exitplan.crypto.datakey import open_with, seal_with
from exitplan.home.store import Store
from exitplan.home.vouch import (
    digest,
    drop_vouch,
    journal_vouched,
    not_vouched,
    plain_digests,
    read_vouch,
    relative,
    vouch_path,
    write_vouch,
)

KEY = fixed_key(b"a")
OTHER = fixed_key(b"b")
EMPTY_SHA = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
ABC_SHA = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


def put(home: Path, name: str, data: bytes) -> Path:
    """Write `data` at home/name, making its folders."""
    path = home / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def test_a_digest_is_the_sha256_in_hex() -> None:
    """The marker keeps the standard SHA-256 of a file's bytes, as any tool would print it."""
    assert digest(b"") == EMPTY_SHA
    assert digest(b"abc") == ABC_SHA


def test_a_name_in_the_marker_is_relative_with_forward_slashes(tmp_path: Path) -> None:
    """A file's name is its path below the home, the same on every system."""
    assert relative(tmp_path, tmp_path / "journal" / "000001.rec") == "journal/000001.rec"
    assert relative(tmp_path, tmp_path / "plan.toml") == "plan.toml"
    assert vouch_path(tmp_path) == tmp_path / "plan.vouch"


def test_the_marker_lists_every_plain_file_an_encrypt_would_seal(tmp_path: Path) -> None:
    """Plan, own checklists and journal records are listed; sealed files, the cache and the
    kept copies of attached files (vouched for by their records) are not."""
    home = tmp_path / "home"
    put(home, "plan.toml", b"abc")
    put(home, "checklists/mine.toml", b"")
    put(home, "journal/000001.rec", b"abc")
    put(home, "journal/files/000002", b"a kept copy")
    put(home, "cache/status", b"a cache")
    put(home, "checklists/sealed.toml", seal_with(b"sealed", KEY))
    found = plain_digests(Store(home), home)
    assert found == {
        "plan.toml": ABC_SHA,
        "checklists/mine.toml": EMPTY_SHA,
        "journal/000001.rec": ABC_SHA,
    }


def test_an_empty_home_vouches_for_nothing(tmp_path: Path) -> None:
    """A home with no files gives an empty list, not an error."""
    assert plain_digests(Store(tmp_path / "none"), tmp_path / "none") == {}


def test_the_marker_is_sealed_and_reads_back(tmp_path: Path) -> None:
    """What is written opens with the key and gives the same list; no name or digest is on
    disk in plain text."""
    listed = {"plan.toml": ABC_SHA, "journal/000001.rec": EMPTY_SHA}
    write_vouch(tmp_path, KEY, listed)
    data = vouch_path(tmp_path).read_bytes()
    assert b"plan.toml" not in data
    assert ABC_SHA.encode() not in data
    assert json.loads(open_with(data, KEY)) == {"v": 1, "files": listed}
    assert read_vouch(tmp_path, (KEY,)) == listed
    assert (vouch_path(tmp_path).stat().st_mode & 0o777) == 0o600


def test_a_marker_opens_with_either_key_of_a_passphrase_change(tmp_path: Path) -> None:
    """While two keys are held, a marker sealed with either one is read."""
    write_vouch(tmp_path, OTHER, {"plan.toml": ABC_SHA})
    assert read_vouch(tmp_path, (KEY, OTHER)) == {"plan.toml": ABC_SHA}


@pytest.mark.parametrize(
    "body",
    [
        None,  # no marker at all
        b"plain text put there by someone",
        seal_with(b"not json", KEY),
        seal_with(b"[1, 2]", KEY),
        seal_with(b'{"v": 1, "files": ["plan.toml"]}', KEY),
        seal_with(b'{"v": 1, "files": {"plan.toml": "' + ABC_SHA.encode() + b'"}}', OTHER),
    ],
    ids=["missing", "plain", "not-json", "a-list", "files-not-a-table", "another-key"],
)
def test_a_marker_that_cannot_be_trusted_vouches_for_nothing(
    tmp_path: Path, body: bytes | None
) -> None:
    """A missing, plain, unreadable, misshapen or foreign marker reads as an empty list."""
    if body is not None:
        vouch_path(tmp_path).write_bytes(body)
    assert read_vouch(tmp_path, (KEY,)) == {}


def test_only_the_journal_records_are_vouched_to_the_journal(tmp_path: Path) -> None:
    """The journal is handed the digests of its own records, and nothing else's."""
    write_vouch(
        tmp_path,
        KEY,
        {"plan.toml": "p", "journal/000001.rec": "r1", "journal/000002.rec": "r2", "journalx": "x"},
    )
    assert journal_vouched(tmp_path, (KEY,)) == frozenset({"r1", "r2"})
    assert journal_vouched(tmp_path, (OTHER,)) == frozenset()


def test_dropping_the_marker_wipes_it_first(tmp_path: Path) -> None:
    """The marker's bytes are overwritten with zeros before it is deleted (seen through a
    second name of the same file), and it is gone."""
    write_vouch(tmp_path, KEY, {"plan.toml": ABC_SHA})
    size = vouch_path(tmp_path).stat().st_size
    os.link(vouch_path(tmp_path), tmp_path / "second-name")
    drop_vouch(tmp_path)
    assert not vouch_path(tmp_path).exists()
    assert (tmp_path / "second-name").read_bytes() == bytes(size)


def test_dropping_a_marker_that_is_a_link_leaves_its_target(tmp_path: Path) -> None:
    """A link in the marker's place (to a file or to nothing) is removed, and the file it
    points to is never touched; dropping no marker at all is no error."""
    outside = tmp_path / "outside.txt"
    outside.write_bytes(b"someone's file")
    home = tmp_path / "home"
    home.mkdir()
    vouch_path(home).symlink_to(outside)
    drop_vouch(home)
    assert not vouch_path(home).is_symlink()
    assert outside.read_bytes() == b"someone's file"
    vouch_path(home).symlink_to(tmp_path / "nowhere")  # a link to nothing goes too
    drop_vouch(home)
    assert not vouch_path(home).is_symlink()
    drop_vouch(home)


def test_the_line_for_a_file_nothing_vouches_for(tmp_path: Path) -> None:
    """It names the file below the home and the home, and says what to do, without blame."""
    line = not_vouched(tmp_path / "checklists" / "x.toml", tmp_path)
    assert line.startswith(f"checklists/x.toml in {tmp_path} is in plain text")
    assert "was not read, sealed or used; move it out of the data folder" in line
    assert "\n" not in line


names = st.text(alphabet="abcdefghij/._-é", min_size=1, max_size=30)
digests = st.text(alphabet="0123456789abcdef", min_size=64, max_size=64)


# Each example writes the one marker over the last, so the shared folder is no leak.
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(listed=st.dictionaries(names, digests, max_size=8))
def test_what_is_vouched_for_is_what_reads_back(tmp_path: Path, listed: dict[str, str]) -> None:
    """Any list of names and digests written is read back exactly."""
    write_vouch(tmp_path, KEY, listed)
    assert read_vouch(tmp_path, (KEY,)) == listed
