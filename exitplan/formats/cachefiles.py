"""The cache's JSON files, typed: each file as :mod:`exitplan.formats.cache` writes it, and the one
way a value read back is taken for a list of objects.

A file read back is not trusted: it stays `dict[str, object]` until the cache's checks (and
the constructors they guard) have judged it, and a value of any other shape raises ValueError,
so that the cache is a miss and the files are read instead. Nothing here reads or writes.

No `from __future__ import annotations`: Python 3.11 reads `NotRequired` and the like only from
annotations evaluated when the class is made, and these are kept evaluable for the same reason.
"""

from typing import TypedDict

from exitplan.domain.model import Checklist
from exitplan.domain.pacing import PaceData
from exitplan.formats.columns import Columns
from exitplan.formats.regions import RegionCache

# A file's path and its signature (size, times, inode), as JSON keeps them.
SignatureRow = list[str | list[int]]


class CachedChecklist(TypedDict):
    """A checklist in the catalog file: its fields and its items' columns, texts apart."""

    id: str
    title: str
    summary: str
    order: int
    builtin: bool
    items: Columns


class CatalogFile(TypedDict):
    """`catalog.json` (or `catalog.LANG.json`): the checklists and the files they came from."""

    format: int
    files: list[SignatureRow]
    language: str
    translations: list[SignatureRow]
    checklists: list[CachedChecklist]


class TextsFile(TypedDict):
    """`texts.json` (or `texts.LANG.json`): the steps' texts, for the catalog file whose checksum
    line is `index`, one set of columns per checklist in the same order."""

    format: int
    index: str
    checklists: list[Columns]


class CachedPace(PaceData):
    """The pacing as `plan.json` keeps it, with the code and the checklist files it was worked
    out by: used again only for the very same ones."""

    code: str
    files: list[SignatureRow]


class PlanFile(TypedDict):
    """`plan.json`: the plan state as data, its pacing and the place's facts, for the plan file
    whose signature it holds (the state as `formats.cachedrows.state_data` shapes it)."""

    format: int
    signature: list[int]
    state: dict[str, object]
    pace: CachedPace | None
    region: RegionCache | None


def cached_checklist(checklist: Checklist, items: Columns) -> CachedChecklist:
    """A checklist as the catalog file keeps it, with its items' columns."""
    return {
        "id": checklist.id,
        "title": checklist.title,
        "summary": checklist.summary,
        "order": checklist.order,
        "builtin": checklist.builtin,
        "items": items,
    }
