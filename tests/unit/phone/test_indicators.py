"""The shipped stalkerware list: its provenance, its place in the wheel, its format 2 fields."""

from __future__ import annotations

import csv
import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml
from phone_helpers import COMMIT, LIST

from exitplan.phone import indicators

REPO = Path(__file__).resolve().parents[3]
PINNED = "a04c5c1958bff93fec3b1b56edbb412b209f2a38"


def test_the_shipped_list_matches_its_provenance() -> None:
    """The committed list is the one its provenance hashes, from the pinned commit, taken on a
    recorded day, under CC BY 4.0; exitplan loads it and finds real entries in it."""
    folder = indicators.data_folder()
    record = json.loads((folder / indicators.PROVENANCE_FILE).read_text())
    body = (folder / indicators.DATA_FILE).read_bytes()
    assert record["indicators_sha256"] == hashlib.sha256(body).hexdigest()
    assert record["commit"] == PINNED
    assert record["taken"] == "2026-12-05"
    assert record["licence"] == "CC BY 4.0"
    assert set(record["files"]) == {"ioc.yaml", "watchware.yaml", "samples.csv"}
    assert all(len(digest) == 64 for digest in record["files"].values())
    loaded = indicators.load()
    assert loaded.problem is None
    assert loaded.indicators is not None
    assert loaded.indicators.commit == PINNED
    assert loaded.indicators.taken == "2026-12-05"
    assert loaded.indicators.apps > 150
    assert loaded.indicators.by_package["com.thetruth"].name == "TheTruthSpy"
    assert loaded.indicators.by_certificate["31a6ececd97cf39bc4126b8745cd94a7c30bf81c"] == (
        "TheTruthSpy"
    )
    assert loaded.indicators.by_bundle["com.life360.safetymap"].kind == "watchware"


def test_the_built_wheel_contains_the_list(tmp_path: Path) -> None:
    """A wheel built from this repository carries the list and its provenance, byte for byte."""
    from hatchling.builders.wheel import WheelBuilder

    built = list(WheelBuilder(str(REPO)).build(directory=str(tmp_path), versions=["standard"]))
    with zipfile.ZipFile(built[0]) as wheel:
        folder = indicators.data_folder()
        for name in (indicators.DATA_FILE, indicators.PROVENANCE_FILE):
            inside = wheel.read(f"exitplan/data/stalkerware/{name}")
            assert inside == (folder / name).read_bytes()


def test_the_converter_keeps_certificates_and_iphone_bundles() -> None:
    """Fingerprints (lower case) and iPhone bundle ids are kept per app, and the samples'
    certificates are indexed by app name."""
    data = indicators.convert(
        yaml.safe_load((LIST / "ioc.yaml").read_text()),
        yaml.safe_load((LIST / "watchware.yaml").read_text()),
        csv.DictReader((LIST / "samples.csv").read_text().splitlines()),
    )
    quiet = next(a for a in data["apps"] if a["name"] == "QuietWatch")
    assert quiet["certificates"] == ["0123456789abcdef0123456789abcdef01234567"]
    kinder = next(a for a in data["apps"] if a["name"] == "KinderEye")
    assert kinder["ios_bundles"] == ["org.example.kindereye.ios"]
    assert data["certificates"]["0123456789abcdef0123456789abcdef01234567"] == "QuietWatch"


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ({"name": "X", "certificates": ["12AB"]}, "not a SHA-1 fingerprint"),
        ({"name": "X", "ios_bundles": ["not a bundle"]}, "not an iPhone bundle identifier"),
    ],
)
def test_the_converter_refuses_bad_fingerprints_and_bundles(
    entry: dict[str, object], words: str
) -> None:
    """A fingerprint or bundle id that is not one is refused with a plain message."""
    with pytest.raises(indicators.IndicatorError, match=words):
        indicators.convert([entry], [])


@pytest.mark.process
def test_the_script_converts_a_local_clone_at_a_commit(tmp_path: Path) -> None:
    """scripts/fetch-indicators COMMIT --git CLONE reads the three files at that commit of a
    local clone (no network), records the commit's date and the day taken, and writes the same
    JSON as converting the files themselves."""
    git = shutil.which("git")
    assert git is not None, "git is needed to make the test's clone"
    clone = tmp_path / "clone"
    clone.mkdir()
    for name in ("ioc.yaml", "watchware.yaml", "samples.csv"):
        shutil.copy(LIST / name, clone / name)
    env = {
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.org",
        "GIT_COMMITTER_DATE": "2026-06-21T12:00:00Z",
        "GIT_AUTHOR_DATE": "2026-06-21T12:00:00Z",
        "PATH": "/usr/bin:/bin",
    }
    for words in (["init", "-q"], ["add", "."], ["commit", "-q", "-m", "list"]):
        subprocess.run([git, "-C", str(clone), *words], check=True, env=env, timeout=60)
    commit = subprocess.run(
        [git, "-C", str(clone), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    out = tmp_path / "out"
    script = REPO / "scripts" / "fetch-indicators"
    done = subprocess.run(
        [
            *(sys.executable, str(script), commit, "--git", str(clone)),
            *("--taken", "2026-12-05", "--output", str(out)),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    record = json.loads((out / indicators.PROVENANCE_FILE).read_text())
    assert record["commit"] == commit
    assert record["commit_date"] == "2026-06-21"
    assert record["taken"] == "2026-12-05"
    from phone_helpers import convert_list

    same = convert_list(tmp_path / "same")
    assert (out / indicators.DATA_FILE).read_bytes() == (same / indicators.DATA_FILE).read_bytes()
    assert commit != COMMIT
