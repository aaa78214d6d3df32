"""One inventory row in full, as `show` lays it out: its facts beside their labels (stacked
when narrow or plain), what needs a look, what to do, and the sources, each address whole on a
line of its own. No I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from exitplan.base.i18n import _
from exitplan.views.holdings import CHECKED, SOURCES, row_view
from exitplan.views.render import _field_lines
from exitplan.views.term import Painter, wrap

if TYPE_CHECKING:
    from datetime import date

    from exitplan.domain.inventory import Inventory, Row


def show_lines(
    row: Row,
    inventory: Inventory,
    exit_date: date | None,
    today: date,
    *,
    columns: int = 80,
    paint: Painter | None = None,
    plain: bool = False,
) -> list[str]:
    """One row in full, what matters first: its title, what needs a look and what to do, then
    its facts, and where the advice comes from last."""
    paint = paint or Painter(False)
    view = row_view(row, inventory, exit_date, today)
    fields = [(_("Row"), f"{view.number}: {view.title}")]
    if view.flags:
        fields.append((_("Needs a look"), "\n".join(view.flags)))
    if view.advice:
        fields.append((_("What to do"), "\n".join(view.advice)))
    fields += view.facts
    lines = _field_lines(fields, columns, paint, plain)
    if view.sources:
        # Each address on a line of its own from the left edge: too long to sit beside a label,
        # and never split, so it can be copied whole.
        lines += ["", paint(_("Sources"), "bold")]
        for url in view.sources:
            name = _("{name}, read {date}:").format(name=_(SOURCES[url]), date=CHECKED)
            lines += [*wrap(name, columns), url]
    return lines
