"""The person's evidence at realistic sizes, plain and encrypted, through every way out.

Photos of several MiB, and files on each side of every size boundary of the sealed format (the
size classes of small files, one chunk, one chunk and a byte, several chunks), are attached
through the real command line, then checked by `log verify`, every export (Markdown, HTML,
JSON, and a folder with the files), and `log file`, which saves one back out. Each must come
back byte for byte, named as it was, with the SHA-256 recorded when it was attached. The
multi-GiB video is in the `slow` run (pytest -m slow).
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import subprocess
from pathlib import Path

import pytest
from helpers import EXITPLAN, cli, make_home, ok, one_error_line
from helpers_exitplan import use_fast_kdf

from exitplan.crypto.stream import CHUNK

PASS = "a passphrase for the evidence tests"  # noqa: S105 - a test passphrase
TODAY = "2026-11-30"
# Each side of every boundary: the size classes of a one-chunk copy (1 KiB ... 1 MiB, minus
# the 8 bytes of its length), one chunk, one chunk and a byte, and several-MiB photos.
SIZES = [
    0,
    1,
    1016,
    1017,
    4096,
    CHUNK // 2 - 8,
    CHUNK // 2 - 7,
    CHUNK - 8,
    CHUNK - 7,
    CHUNK,
    CHUNK + 1,
    2 * CHUNK,
    2 * CHUNK + 1,
    3 * CHUNK + 12345,
    6 * CHUNK + 777,
]


def secret(folder: Path) -> Path:
    """A private passphrase file."""
    path = folder / "pass.txt"
    path.write_text(PASS + "\n", encoding="utf-8")
    path.chmod(0o600)
    return path


def originals(folder: Path) -> list[Path]:
    """One file per size, random bytes, named like a phone's photos."""
    folder.mkdir()
    made = []
    for index, size in enumerate(SIZES):
        path = folder / f"IMG_2026113{index % 10}_{index:04d}.jpg"
        path.write_bytes(os.urandom(size))
        made.append(path)
    return made


def sha(path: Path) -> str:
    """SHA-256 of a file, read in blocks."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


@pytest.fixture(scope="module", params=["plain", "encrypted"])
def evidence(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, Path | None, list[Path]]:
    """A home with one entry and a file of every size attached: (home, passphrase file, files)."""
    base = tmp_path_factory.mktemp(request.param)
    home = make_home(base / "home")
    files = originals(base / "originals")
    pass_file = None
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("EXITPLAN_TEST_FAST_KDF", "1")
        use_fast_kdf(mp.setattr)
        if request.param == "encrypted":
            pass_file = secret(base)
            ok(cli(home, "init", today=TODAY))
            ok(cli(home, "encrypt", "--passphrase-file", str(pass_file)))
        ok(cli(home, "log", "add", input='what = "the incident"\n', passphrase=pass_file))
        for path in files:
            ok(cli(home, "log", "attach", "1", str(path), passphrase=pass_file, today=TODAY))
    return home, pass_file, files


@pytest.fixture(autouse=True)
def _fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EXITPLAN_TEST_FAST_KDF", "1")
    use_fast_kdf(monkeypatch.setattr)


def test_every_size_verifies(evidence: tuple[Path, Path | None, list[Path]]) -> None:
    """`log verify` re-hashes every kept copy: all intact, plain and encrypted alike (the
    review found every sealed copy of 1 MiB or more read as damaged)."""
    home, pass_file, files = evidence
    data = json.loads(ok(cli(home, "log", "verify", "--json", passphrase=pass_file)).stdout)
    assert (data["ok"], data["copies"], data["records"]) == (True, [], 1 + len(files))


def test_an_encrypted_copy_holds_nothing_of_the_file(
    evidence: tuple[Path, Path | None, list[Path]],
) -> None:
    """Encrypted, no kept copy holds its file's bytes or name, and each is sealed; plain, each
    copy is the file itself."""
    home, pass_file, files = evidence
    for number, original in enumerate(files, start=2):
        copy = (home / "journal" / "files" / f"{number:06d}").read_bytes()
        data = original.read_bytes()
        if pass_file is None:
            assert copy == data
            continue
        assert copy.startswith(b"\x89EXPLSC\x00")
        if len(data) >= 64:
            assert data[:64] not in copy
            assert data[-64:] not in copy


def test_log_file_gives_each_back_byte_for_byte(
    evidence: tuple[Path, Path | None, list[Path]], tmp_path: Path
) -> None:
    """`log file N` saves each attached file as it was, mode 0600, checked against its hash;
    an existing file is kept unless --force."""
    home, pass_file, files = evidence
    for number, original in enumerate(files, start=2):
        target = tmp_path / f"out-{number}.jpg"
        result = ok(cli(home, "log", "file", str(number), "-o", str(target), passphrase=pass_file))
        assert "checked against its SHA-256" in result.stderr
        assert target.read_bytes() == original.read_bytes(), original.name
        assert target.stat().st_mode & 0o777 == 0o600
    again = cli(home, "log", "file", "2", "-o", str(tmp_path / "out-2.jpg"), passphrase=pass_file)
    one_error_line(again, "already exists", "--force")


def test_every_export_lists_every_file_with_its_hash(
    evidence: tuple[Path, Path | None, list[Path]], tmp_path: Path
) -> None:
    """Markdown, HTML and JSON exports name every file with its size and SHA-256."""
    home, pass_file, files = evidence
    for name in ("journal.md", "journal.html", "journal.json"):
        target = tmp_path / name
        ok(cli(home, "log", "export", "-o", str(target), passphrase=pass_file))
        text = target.read_text(encoding="utf-8")
        for original in files:
            assert sha(original) in text, (name, original.name)
            shown = original.name.replace("_", "\\_") if name.endswith(".md") else original.name
            assert shown in text
    document = json.loads((tmp_path / "journal.json").read_text(encoding="utf-8"))
    listed = {row["name"]: (row["size"], row["sha256"]) for row in document["attachments"]}
    assert listed == {p.name: (p.stat().st_size, sha(p)) for p in files}


def test_a_folder_export_holds_the_page_and_every_file(
    evidence: tuple[Path, Path | None, list[Path]], tmp_path: Path
) -> None:
    """`log export --folder` writes the page and every file under its original name, each the
    same bytes; the page names where each was saved. The folder is 0700, its files 0600."""
    home, pass_file, files = evidence
    target = tmp_path / "for-my-lawyer"
    result = ok(cli(home, "log", "export", "--folder", str(target), passphrase=pass_file))
    assert f"{len(files)} attached files in files/" in " ".join(result.stderr.split())
    saved = sorted(p.name for p in (target / "files").iterdir())
    assert saved == sorted(p.name for p in files)
    for original in files:
        assert (target / "files" / original.name).read_bytes() == original.read_bytes()
        assert (target / "files" / original.name).stat().st_mode & 0o777 == 0o600
    page = (target / "journal.html").read_text(encoding="utf-8")
    assert f"files/{files[0].name}" in page
    assert target.stat().st_mode & 0o777 == 0o700
    assert list(target.rglob("*.tmp")) == []
    again = cli(home, "log", "export", "--folder", str(target), passphrase=pass_file)
    one_error_line(again, "not empty")


def test_a_changed_copy_is_never_saved_out(tmp_path: Path) -> None:
    """A kept copy that no longer matches its hash is not saved by `log file` (nothing is
    left behind), and a folder export saves every other file and names the one it left out."""
    home = make_home(tmp_path / "home")
    files = originals(tmp_path / "originals")[:3]
    ok(cli(home, "log", "add", input='what = "x"\n'))
    for path in files:
        ok(cli(home, "log", "attach", "1", str(path)))
    (home / "journal" / "files" / "000003").write_bytes(b"not the photo")
    target = tmp_path / "out.jpg"
    one_error_line(cli(home, "log", "file", "3", "-o", str(target)), "no longer matches")
    assert not target.exists()
    assert list(tmp_path.glob(".*.tmp")) == []
    result = cli(home, "log", "export", "--folder", str(tmp_path / "folder"))
    assert result.exit_code == 1
    assert "1 attached file was not saved" in result.stderr
    assert sorted(p.name for p in (tmp_path / "folder" / "files").iterdir()) == sorted(
        [files[0].name, files[2].name]
    )


def test_names_are_made_safe_and_kept_apart(tmp_path: Path) -> None:
    """Two files of one name, a name with a new line (that would fake a line), one with a
    path separator and one Windows reserves: each is saved under a safe, distinct name, and
    no screen or export shows a faked line."""
    home = make_home(tmp_path / "home")
    ok(cli(home, "log", "add", input='what = "x"\n'))
    folder = tmp_path / "from"
    (folder / "a").mkdir(parents=True)
    (folder / "b").mkdir()
    names = ["photo.jpg", "fake\nFile 9: forged.jpg, SHA-256 0000.jpg", "con", ".hidden", "a:b"]
    paths = [folder / "a" / "photo.jpg", folder / "b" / "photo.jpg"]
    paths += [folder / name for name in names[1:]]
    for path in paths:
        path.write_bytes(path.name.encode() * 10)
        ok(cli(home, "log", "attach", "1", str(path)))
    shown = ok(cli(home, "log", "show", "1")).stdout
    assert not any(line.startswith("File 9") for line in shown.splitlines())
    assert "fake\ufffdFile 9" in shown
    target = tmp_path / "out"
    ok(cli(home, "log", "export", "--folder", str(target), "-f", "markdown"))
    saved = sorted(p.name for p in (target / "files").iterdir())
    assert saved == sorted(
        [
            "photo.jpg",
            "photo (record 3).jpg",
            "fake\ufffdFile 9_ forged.jpg, SHA-256 0000.jpg",
            "file-5-con",
            "hidden",
            "a_b",
        ]
    )
    page = (target / "journal.md").read_text(encoding="utf-8")
    assert not any(line.startswith("File 9") for line in page.splitlines())


@pytest.mark.slow
@pytest.mark.process
def test_a_video_of_several_gib_is_kept_at_constant_memory(tmp_path: Path) -> None:
    """A 3 GiB video is attached, verified and saved back out, encrypted, by processes whose
    peak memory stays far below the file's size (they stream it, a chunk at a time)."""
    size = 3 * 1024**3 + 12345
    video = tmp_path / "incident.mp4"
    with video.open("wb") as handle:  # random head and tail, a sparse middle
        handle.write(os.urandom(1 << 20))
        handle.seek(size - (1 << 20))
        handle.write(os.urandom(1 << 20))
    home = make_home(tmp_path / "home")
    pass_file = secret(tmp_path)
    env = {**os.environ, "EXITPLAN_TEST_FAST_KDF": "1", "EXITPLAN_TODAY": TODAY}

    def run(*args: str) -> tuple[int, int]:
        argv = [*EXITPLAN, "--home", str(home)]
        argv += ["--passphrase-file", str(pass_file), *args]
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        done = subprocess.run(argv, capture_output=True, env=env, check=False, timeout=3600)
        assert done.returncode == 0, done.stderr
        return done.returncode, max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)

    ok(cli(home, "init", today=TODAY))
    ok(cli(home, "encrypt", "--passphrase-file", str(pass_file)))
    ok(cli(home, "log", "add", input='what = "recorded on my phone"\n', passphrase=pass_file))
    peaks = [run("log", "attach", "1", str(video))[1]]
    peaks.append(run("log", "verify")[1])
    out = tmp_path / "back.mp4"
    peaks.append(run("log", "file", "2", "-o", str(out))[1])
    assert sha(out) == sha(video)
    assert max(peaks) < 200 * 1024  # KiB: a streaming reader, never the file's 3 GiB
