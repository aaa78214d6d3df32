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


# Below this width the number gets a line of its own and the text goes under it.
SIDE_BY_SIDE = 60
COLUMN = 25  # where the service starts, beside the number


def source_lines(entry: dict[str, Any], width: int, pad: str) -> list[str]:
    """Where the number was checked, and when, under `pad`.

    A URL too long for the indent starts its own line at the left edge, so the terminal never
    cuts it into indented pieces that cannot be copied.
    """
    url, checked = entry["source"], entry["verified"]
    for lines in (
        [f"{pad}source: {url}, checked {checked}"],
        [f"{pad}source: {url}", f"{pad}checked {checked}"],
    ):
        if all(len(line) <= width for line in lines):
            return lines
    return [f"{pad}source, checked {checked}:", pad + url if len(pad + url) <= width else url]


def format_lines(lines: list[dict[str, Any]], width: int = 80) -> str:
    """Plain text, grouped by region, with each number's source and check date.

    Wrapped to `width` between words: a number, a word or a URL is never split.
    """
    from exitplan.views.term import wrap

    out = [*wrap("If you are in danger right now, call your local emergency number.", width), ""]
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
            text = entry["service"] + (f" ({detail})" if detail else "")
            if width >= SIDE_BY_SIDE:
                number = f"  {entry['number']:<{COLUMN - 3}} "
                out += wrap(text, width, number, indent=max(COLUMN, len(number)))
                pad = " " * COLUMN
            else:
                out.append(f"  {entry['number']}")
                pad = "    "
                out += wrap(text, width, pad)
            out += source_lines(entry, width, pad)
        out.append("")
    for paragraph in (
        " ".join(WRONG_NUMBER),
        "Calls can show up on phone bills and call logs; a safer phone may be wiser.",
        "A number that is not on the bill still shows in the phone's call log: delete it there.",
    ):
        out += wrap(paragraph, width)
    return "\n".join(out)
