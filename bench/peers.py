"""Peer to-do tools for the glance benchmark: topydo (Python), todo.sh (bash), taskwarrior (C++).

Each peer gets a list as long as the built-in plan, in its own files under the sandbox, so every
tool lists the same number of lines. A peer that is not installed is left out with a reason
(Debian's packages: `topydo`, `todotxt-cli`, `taskwarrior`).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

TODO_SH_NAMES = ("todo.sh", "todo-txt")  # Debian installs todo.sh as todo-txt


def _todo_lines(items: int) -> str:
    letters = "ABCD"
    return "".join(
        f"({letters[n % 4]}) Step {n}: put copy {n} of the papers somewhere safe\n"
        for n in range(1, items + 1)
    )


def build_peers(tmp: Path, items: int) -> tuple[dict[str, list[str]], dict[str, str]]:
    """(name -> argv of the timed command, name -> reason a peer is missing)."""
    argvs: dict[str, list[str]] = {}
    missing: dict[str, str] = {}
    folder = tmp / "peers"
    folder.mkdir(exist_ok=True)
    todo = folder / "todo.txt"
    todo.write_text(_todo_lines(items), encoding="utf-8")

    topydo = shutil.which("topydo")
    if topydo:
        argvs["topydo ls"] = [topydo, "-t", str(todo), "ls"]
    else:
        missing["topydo"] = "topydo is not installed (apt-get install topydo)"

    todo_sh = next((found for name in TODO_SH_NAMES if (found := shutil.which(name))), None)
    if todo_sh:
        config = folder / "todo.cfg"
        config.write_text(
            f"export TODO_DIR={folder}\nexport TODO_FILE={todo}\n"
            f"export DONE_FILE={folder}/done.txt\nexport REPORT_FILE={folder}/report.txt\n",
            encoding="utf-8",
        )
        argvs["todo.sh ls"] = [todo_sh, "-d", str(config), "ls"]
    else:
        missing["todo.sh"] = "todo.sh is not installed (apt-get install todotxt-cli)"

    task = shutil.which("task")
    if task:
        data = folder / "task"
        data.mkdir(exist_ok=True)
        rc = folder / "taskrc"
        rc.write_text(
            f"data.location={data}\nconfirmation=off\nverbose=nothing\nnews.version=99.9.9\n",
            encoding="utf-8",
        )
        tasks = [
            {
                "description": f"Step {n}: put copy {n} of the papers somewhere safe",
                "status": "pending",
            }
            for n in range(1, items + 1)
        ]
        dump = folder / "tasks.json"
        dump.write_text(json.dumps(tasks), encoding="utf-8")
        made = subprocess.run(
            [task, f"rc:{rc}", "import", str(dump)],
            capture_output=True,
            check=False,
            timeout=120,
        )
        if made.returncode == 0:
            argvs["task next"] = [task, f"rc:{rc}", "next"]
        else:
            missing["task"] = f"taskwarrior could not import the list (exit {made.returncode})"
    else:
        missing["task"] = "taskwarrior is not installed (apt-get install taskwarrior)"
    return argvs, missing
