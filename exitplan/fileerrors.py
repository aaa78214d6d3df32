"""Plain one-line messages for a TOML file that cannot be read: syntax positions, field errors.

Shared by the checklist catalog and the plan file, so neither needs the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pydantic import ValidationError


def toml_error(exc: ValueError) -> str:
    """`line 3, column 7: TOML syntax error: ...` from tomllib's message (any Python version)."""
    import re

    text = str(exc)
    match = re.search(r"\s*\(at line (\d+), column (\d+)\)", text)
    if match is None:
        return f"TOML syntax error: {text}"
    reason = (text[: match.start()] + text[match.end() :]).strip() or "invalid TOML"
    return f"line {match[1]}, column {match[2]}: TOML syntax error: {reason}"


def describe_errors(error: ValidationError, data: dict[str, Any]) -> list[str]:
    """Turn pydantic's errors into sentences naming the item and the field."""
    problems = []
    raw_items = data.get("item")
    items: list[Any] = raw_items if isinstance(raw_items, list) else []
    for err in error.errors():
        loc = list(err["loc"])
        where = []
        if len(loc) >= 2 and loc[0] == "item" and isinstance(loc[1], int):
            index = loc[1]
            item = items[index] if index < len(items) else None
            item_id = item.get("id") if isinstance(item, dict) else None
            label = f"item {index + 1}"
            if isinstance(item_id, str):
                label += f" ('{item_id}')"
            where.append(label)
            loc = loc[2:]
        if loc:
            where.append("field '" + ".".join(str(part) for part in loc) + "'")
        message = _plain_message(err)
        problems.append(", ".join(where) + ": " + message if where else message)
    return problems


def _plain_message(err: Any) -> str:
    kind = err["type"]
    if kind == "extra_forbidden":
        return "is not a known field (check the spelling)"
    if kind == "missing":
        return "is required"
    message = str(err["msg"])
    for prefix in ("Value error, ", "Assertion failed, "):
        message = message.removeprefix(prefix)
    return message
