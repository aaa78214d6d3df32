"""The README's sample screens and JSON, produced by the real CLI on a fixed plan and day.

    python tests/readme_screens.py          # say whether the README is up to date (exit 1 if not)
    python tests/readme_screens.py --write  # rewrite the samples in README.md

Each sample in the README follows a marker comment, `<!-- screen: NAME -->`, and is replaced by
what `python -m exitplan` prints for that screen: a plan made with `init --exit-date +6w` on
30 November 2026, three steps done, and the status four days later, on an 80-column terminal
without colour. tests/e2e/test_readme.py fails when a sample differs from what the CLI prints.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from helpers import EXITPLAN

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
MADE_ON = "2026-11-30"
LOOKED_ON = "2026-12-04"
DONE = ("finances.save-quietly", "finances.own-account", "documents.document-list")
MARKER = re.compile(r"(<!-- screen: ([a-z-]+) -->\n```(\w+)\n)(.*?)(\n```)", re.DOTALL)


def exitplan(home: Path, today: str, *args: str) -> subprocess.CompletedProcess[str]:
    """`python -m exitplan ARGS` in a child process on `today`, 80 columns, no colour."""
    env = {
        **os.environ,
        "EXITPLAN_HOME": str(home),
        "EXITPLAN_TODAY": today,
        "EXITPLAN_TEST_REAL_TODAY": today,  # the samples show real use, not a rehearsal
        "NO_COLOR": "1",
        "COLUMNS": "80",
        "LINES": "50",
    }
    env.pop("FORCE_COLOR", None)
    env.pop("EXITPLAN_PASSPHRASE_FILE", None)
    done = subprocess.run(
        [*EXITPLAN, *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"exitplan {' '.join(args)} failed: {done.stderr.strip()}")
    return done


def abridged_status_json(text: str) -> str:
    """The status JSON with one checklist and one flagged step, as the README shows it."""
    data = json.loads(text)
    data["checklists"] = data["checklists"][:1]
    data["flagged"] = data["flagged"][:1]
    # One line per top-level key keeps the sample short enough to read.
    lines = [
        f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}"
        for key, value in data.items()
    ]
    return "{\n" + ",\n".join(lines) + "\n}"


def plain(text: str) -> str:
    """Terminal output as the README shows it: no trailing spaces, no final blank lines."""
    return "\n".join(line.rstrip() for line in text.rstrip().splitlines())


def screens() -> dict[str, str]:
    """Every sample, by marker name, as the CLI prints it now."""
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "plan"
        init = exitplan(home, MADE_ON, "init", "--exit-date", "+6w")
        exitplan(home, LOOKED_ON, "done", *DONE)
        status = exitplan(home, LOOKED_ON, "status")
        status_json = exitplan(home, LOOKED_ON, "status", "--json")
    return {
        "init": "$ exitplan init --exit-date +6w\n" + plain(init.stdout + init.stderr),
        "status": "$ exitplan status\n" + plain(status.stdout),
        "status-json": abridged_status_json(status_json.stdout),
    }


def refreshed(readme: str, samples: dict[str, str]) -> str:
    """The README text with every marked sample replaced by the current one."""

    def replace(match: re.Match[str]) -> str:
        name = match[2]
        if name not in samples:
            raise SystemExit(f"README marks an unknown screen '{name}'")
        return f"{match[1]}{samples[name]}{match[5]}"

    return MARKER.sub(replace, readme)


def marked(readme: str) -> list[str]:
    """The names of the samples the README marks."""
    return [match[2] for match in MARKER.finditer(readme)]


def main(argv: list[str]) -> int:
    """Check the README's samples, or rewrite them with --write."""
    text = README.read_text(encoding="utf-8")
    new = refreshed(text, screens())
    if "--write" in argv:
        README.write_text(new, encoding="utf-8")
        return 0
    if new != text:
        print("README.md samples differ: run python tests/readme_screens.py --write")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
