"""Where the data shipped with exitplan lies: the one way to find it.

Everything exitplan ships (compiled catalogs, region files, the stalkerware list) lies inside the
package, whether it runs from a wheel, a source checkout or an editable install. The built-in
checklists are the one exception: a wheel holds them in the package (hatchling's force-include),
a checkout and an editable install keep them at the repository's top, beside the package.
Stdlib only, importable anywhere.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent  # the exitplan package's own folder


def bundled(*parts: str) -> Path:
    """A file or folder shipped inside the package, e.g. `bundled("data", "regions")`."""
    return PACKAGE.joinpath(*parts)


def checklists_dir() -> Path:
    """The built-in checklists: in the package (a wheel), else beside it (a checkout)."""
    inside = bundled("checklists")
    return inside if inside.is_dir() else PACKAGE.parent / "checklists"
