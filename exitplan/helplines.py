"""Crisis numbers shipped as data, shown offline with no plan and no passphrase."""

from __future__ import annotations

import tomllib
from typing import Any

KIND_WORDS = {"helpline": "", "emergency": "emergency", "text": "text", "web": "website"}


# How to report a wrong number, said in the tool itself: a pip-installed exitplan has no README.
WRONG_NUMBER = [
    "Numbers change. If one is wrong, its source page above shows the current one.",
    "To get it fixed in exitplan, report it where you got exitplan (its project page): give the",
    "number, the service and the official page that shows the right one. Use a safe device.",
]


def load_lines() -> list[dict[str, Any]]:
    """The verified helplines shipped with exitplan."""
    from importlib.resources import files

    data = tomllib.loads((files("exitplan") / "helplines.toml").read_text(encoding="utf-8"))
    lines: list[dict[str, Any]] = data.get("line", [])
    return lines


def format_lines(lines: list[dict[str, Any]]) -> str:
    """Plain text, grouped by region, with each number's source and check date."""
    out = ["If you are in danger right now, call your local emergency number.", ""]
    regions: dict[str, list[dict[str, Any]]] = {}
    for line in lines:
        regions.setdefault(line["region"], []).append(line)
    for region, entries in regions.items():
        out.append(region)
        for entry in entries:
            extra = [
                KIND_WORDS.get(entry.get("kind", ""), ""),
                entry.get("hours", ""),
                entry.get("note", ""),
            ]
            detail = "; ".join(part for part in extra if part)
            out.append(
                f"  {entry['number']:<22} {entry['service']}" + (f" ({detail})" if detail else "")
            )
            out.append(f"  {'':<22} source: {entry['source']}, checked {entry['verified']}")
        out.append("")
    out.extend(WRONG_NUMBER)
    out.append("Calls can show up on phone bills and call logs; a safer phone may be wiser.")
    out.append(
        "A number that is not on the bill still shows in the phone's call log: delete it there."
    )
    return "\n".join(out)
