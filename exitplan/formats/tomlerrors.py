"""Plain one-line messages for a TOML file that cannot be read: syntax positions, field errors.

Shared by the checklist catalog and the plan file, so neither needs the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from exitplan.base.i18n import N_, _

if TYPE_CHECKING:
    from collections.abc import Mapping

    from pydantic import ValidationError
    from pydantic_core import ErrorDetails


def toml_error(exc: ValueError) -> str:
    """`line 3, column 7: TOML syntax error: ...` from tomllib's message (any Python version)."""
    import re

    text = str(exc)
    match = re.search(r"\s*\(at line (\d+), column (\d+)\)", text)
    if match is None:
        return _("TOML syntax error: {reason}").format(reason=text)
    reason = (text[: match.start()] + text[match.end() :]).strip() or "invalid TOML"
    return _("line {line}, column {column}: TOML syntax error: {reason}").format(
        line=match[1], column=match[2], reason=reason
    )


def describe_errors(error: ValidationError, data: Mapping[str, object]) -> list[str]:
    """Turn pydantic's errors into sentences naming the item and the field."""
    problems = []
    raw_items = data.get("item")
    items: list[object] = raw_items if isinstance(raw_items, list) else []
    for err in error.errors():
        loc = list(err["loc"])
        where = []
        if len(loc) >= 2 and loc[0] == "item" and isinstance(loc[1], int):
            index = loc[1]
            item = items[index] if index < len(items) else None
            item_id = item.get("id") if isinstance(item, dict) else None
            label = _("item {number}").format(number=index + 1)
            if isinstance(item_id, str):
                label += f" ('{item_id}')"
            where.append(label)
            loc = loc[2:]
        if loc:
            where.append(_("field '{name}'").format(name=".".join(str(part) for part in loc)))
        message = _plain_message(err)
        problems.append(", ".join(where) + ": " + message if where else message)
    return problems


# Pydantic's own wording ("Input should be a valid integer") is written for programmers;
# each kind of problem a hand-edited file can have gets a sentence for the person instead.
_PLAIN = {
    "int_type": N_("should be a whole number, like 7"),
    "int_parsing": N_("should be a whole number, like 7"),
    "int_from_float": N_("should be a whole number, like 7"),
    "float_type": N_("should be a number, like 7"),
    "float_parsing": N_("should be a number, like 7"),
    "string_type": N_('should be text in quotes, like "Call the bank"'),
    "bool_type": N_("should be true or false"),
    "bool_parsing": N_("should be true or false"),
    "list_type": N_('should be a list in square brackets, like ["a", "b"]'),
    "tuple_type": N_('should be a list in square brackets, like ["a", "b"]'),
    "dict_type": N_("should be a table of fields"),
    "model_type": N_("should be a table of fields"),
    "model_attributes_type": N_("should be a table of fields"),
    "date_type": N_("should be a date like 2027-01-31"),
    "date_parsing": N_("should be a date like 2027-01-31"),
    "date_from_datetime_parsing": N_("should be a date like 2027-01-31"),
    "date_from_datetime_inexact": N_("should be a date without a time, like 2027-01-31"),
    "datetime_type": N_("should be a date and time, like 2027-01-31T09:00:00Z"),
    "datetime_parsing": N_("should be a date and time, like 2027-01-31T09:00:00Z"),
    "datetime_from_date_parsing": N_("should be a date and time, like 2027-01-31T09:00:00Z"),
    "timezone_aware": N_("should be a date and time with a time zone, like 2027-01-31T09:00:00Z"),
    "url_type": N_("should be a web address in quotes"),
    "url_parsing": N_("should be a web address, like https://example.org"),
    "url_scheme": N_("should be a web address starting with https:// or http://"),
}


# The patterns of the file formats, in words (pydantic would print the regular expression).
_PATTERNS = {
    r"^[a-z0-9]+(-[a-z0-9]+)*$": N_(
        "is not a usable id: use lower-case letters and digits, with single hyphens between "
        "words, like own-account"
    ),
    r"^([a-z0-9]+(-[a-z0-9]+)*\.)?[a-z0-9]+(-[a-z0-9]+)*$": N_(
        "is not a usable id: use lower-case letters, digits and single hyphens, like "
        "own-account or finances.own-account"
    ),
}
_PATTERN_OTHER = N_("has characters that are not allowed here")


def _choice_message(kind: str, err: ErrorDetails, ctx: Mapping[str, object]) -> str:
    """A value that is not one of the choices, or not in the form an id takes."""
    given = err.get("input")
    shown = f"'{given}' " if isinstance(given, (str, int)) else _("it") + " "
    if kind == "string_pattern_mismatch":
        return shown + _(_PATTERNS.get(str(ctx.get("pattern", "")), _PATTERN_OTHER))
    expected = str(ctx.get("expected", "")).replace("'", "")
    if expected:
        return shown + _("is not one of {expected}").format(
            expected=expected.replace(" or ", " " + _("or") + " ")
        )
    return shown + _("is not allowed here")


def _plain_message(err: ErrorDetails) -> str:
    kind = err["type"]
    ctx = err.get("ctx") or {}
    if kind == "extra_forbidden":
        return _("is not a known field (check the spelling)")
    if kind == "missing":
        return _("is required")
    if kind in _PLAIN:
        return _(_PLAIN[kind])
    if kind in {"literal_error", "enum", "string_pattern_mismatch"}:
        return _choice_message(kind, err, ctx)
    limits = {
        "greater_than_equal": ("ge", N_("should be at least {limit}")),
        "greater_than": ("gt", N_("should be more than {limit}")),
        "less_than_equal": ("le", N_("should be at most {limit}")),
        "less_than": ("lt", N_("should be less than {limit}")),
        "string_too_long": ("max_length", N_("is longer than {limit} characters")),
        "too_long": ("max_length", N_("has more than {limit} entries")),
        "string_too_short": ("min_length", N_("should not be empty")),
        "too_short": ("min_length", N_("should not be empty")),
    }
    if kind in limits:
        key, sentence = limits[kind]
        return _(sentence).format(limit=ctx.get(key, _("the limit")))
    message = str(err["msg"])
    for prefix in ("Value error, ", "Assertion failed, "):
        message = message.removeprefix(prefix)
    # Anything else pydantic says starts with "Input should be ...": keep only the rule.
    return message.replace("Input should be", "should be")
