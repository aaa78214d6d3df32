"""An inventory row (or the money settings) given as TOML on a pipe: read, capped, decoded.

Only the form is checked here (size, UTF-8, TOML, one flat table); what each field may hold is
checked by the inventory's own rules (`exitplan.domain.inventory`), as for the plan file and
the prompts. Decimals are read exactly, never as floats.
"""

from __future__ import annotations

from typing import Any

from exitplan.base.i18n import _
from exitplan.domain.inventory import InventoryError

# A row is a few short lines; a note may be long. Anything larger is not a row.
MAX_ROW_BYTES = 64 * 1024


def parse_row_toml(data: bytes) -> dict[str, Any]:
    """The fields of one row given as TOML, as plain values (InventoryError when unusable)."""
    import tomllib
    from decimal import Decimal

    from exitplan.formats.tomlerrors import toml_error

    if len(data) > MAX_ROW_BYTES:
        raise InventoryError(
            _(
                "what was given is larger than {limit} KiB, too large to be a row; "
                "nothing was saved"
            ).format(limit=MAX_ROW_BYTES // 1024)
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InventoryError(_("what was given is not UTF-8 text; nothing was saved")) from None
    try:
        raw = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise InventoryError(
            _(
                "what was given is not valid TOML ({problem}); nothing was saved. Write one field "
                'a line, as in: what = "email"'
            ).format(problem=toml_error(exc))
        ) from None
    except RecursionError:
        raise InventoryError(_("what was given is nested too deeply; nothing was saved")) from None
    if not raw:
        raise InventoryError(_("nothing was given; nothing was saved"))
    for key, value in raw.items():
        if isinstance(value, (dict, list)):
            raise InventoryError(
                _(
                    "'{key}' must be a single value, not a table or a list; nothing was saved"
                ).format(key=key)
            )
    return raw
