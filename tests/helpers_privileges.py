"""Running exitplan as an unprivileged user, where file modes bind (root ignores them).

As root (CI), `reachable_python` builds a venv on /usr/bin/python3 under /tmp that uid 65534 can
read, and runs it through setpriv; as any other user, this interpreter as it is.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import REPO

# What the exitplan package needs at run time (dev tools are not copied).
RUNTIME = (
    "annotated_doc",
    "annotated_types",
    "cffi",
    "_cffi_backend",
    "cryptography",
    "markdown_it",
    "mdurl",
    "platformdirs",
    "pycparser",
    "pydantic",
    "pydantic_core",
    "pygments",
    "rich",
    "shellingham",
    "tomli_w",
    "typer",
    "typing_extensions",
    "typing_inspection",
)
NOBODY = 65534


@pytest.fixture(scope="module")
def reachable_python() -> Iterator[list[str]]:
    """How to run exitplan as an unprivileged user: as root, setpriv to uid 65534 with a venv
    on /usr/bin/python3 under /tmp that user can read; otherwise this user, as it is."""
    if os.geteuid() != 0:
        yield [sys.executable]
        return
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.fail("setpriv (util-linux) is needed to test wipe as an unprivileged user")
    system = Path("/usr/bin/python3")
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    probe = [str(system), "-c", "import sys; print(f'{sys.version_info[0]}.{sys.version_info[1]}')"]
    if (
        not system.exists()
        or subprocess.run(probe, capture_output=True, text=True, check=False).stdout.strip()
        != version
    ):
        pytest.fail(f"/usr/bin/python3 {version} is needed to test wipe as an unprivileged user")
    root = Path(tempfile.mkdtemp(prefix="exitplan-unpriv-", dir="/tmp"))
    try:
        venv = root / "venv"
        subprocess.run([str(system), "-m", "venv", "--without-pip", str(venv)], check=True)
        site = venv / "lib" / f"python{version}" / "site-packages"
        here = Path(next(p for p in sys.path if p.endswith("site-packages")))
        for name in RUNTIME:
            for found in here.glob(f"{name}*"):
                if found.name.split("-")[0].split(".")[0] != name:
                    continue
                if found.is_dir():
                    shutil.copytree(found, site / found.name)
                else:
                    shutil.copy2(found, site / found.name)
        shutil.copytree(REPO / "exitplan", site / "exitplan")
        shutil.copytree(REPO / "checklists", site / "exitplan" / "checklists")
        for folder, dirs, files in os.walk(root):
            for name in [*dirs, *files, "."]:
                path = Path(folder) / name
                path.chmod(
                    path.stat().st_mode | 0o555 if path.is_dir() else path.stat().st_mode | 0o444
                )
        yield [
            setpriv,
            f"--reuid={NOBODY}",
            f"--regid={NOBODY}",
            "--clear-groups",
            str(venv / "bin" / "python"),
        ]
    finally:
        shutil.rmtree(root, ignore_errors=True)
