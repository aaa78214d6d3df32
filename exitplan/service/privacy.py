"""Privacy's decisions for the face: what a new passphrase must be, which files `where` lists,
and what `wipe` finds, erases and leaves of the files exitplan wrote outside its folder.

The CLI asks and words; the rules and the file access live here and below. The types the face
words (`WipeContents`, `WipeReport`, `Written`, `State`) are re-exported from here, so the face
never reaches into the data home for them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import _, ngettext
from exitplan.home.files import WipeContents, WipeReport, describe_files
from exitplan.home.outside import State, Written, erase_written, state_of
from exitplan.service.options import read_passphrase_file
from exitplan.views.term import wrap

if TYPE_CHECKING:
    from exitplan.service.results import Document, Look
    from exitplan.service.workspace import Workspace

__all__ = [
    "MIN_PASSPHRASE",
    "FileRow",
    "HomeFiles",
    "State",
    "WipeContents",
    "WipeReport",
    "Written",
    "encrypt_is_finishing",
    "erase_outside_file",
    "home_files",
    "long_enough",
    "new_passphrase_from_file",
    "outside_state",
]

# The shortest passphrase exitplan sets: a few unrelated words are far longer.
MIN_PASSPHRASE = 8


def long_enough(passphrase: str) -> bool:
    """Whether a new passphrase is long enough to be set."""
    return len(passphrase) >= MIN_PASSPHRASE


def new_passphrase_from_file(path: Path) -> str:
    """A new passphrase read from a file (`--new-passphrase-file`), with the file's checks and
    the length a new passphrase needs."""
    text = read_passphrase_file(path)
    if not long_enough(text):
        raise ExitplanError(
            _("the passphrase is shorter than {count} characters").format(count=MIN_PASSPHRASE)
        )
    return text


def encrypt_is_finishing(ws: Workspace) -> bool:
    """Whether `encrypt` finishes an earlier one (a key file is there, or the plan is sealed)
    rather than setting a first passphrase."""
    return ws.store.keys.keyed() or ws.store.is_encrypted()


class FileRow(NamedTuple):
    """One file in the data folder, as `where` lists it."""

    name: str  # relative to the folder, on one line
    size: int  # bytes
    kind: str  # what it is, in words: sealed or plain, a link never followed...


class HomeFiles(NamedTuple):
    """`where`: the data folder and every file in it; on stdout the folder, then a line per
    file; an empty folder is said on stderr after the folder (`after`)."""

    home: Path
    exists: bool
    rows: list[FileRow]
    notes: tuple[str, ...] = ()

    @property
    def after(self) -> tuple[str, ...]:
        """Said on stderr once the folder is shown: that nothing is in it, when nothing is."""
        if self.rows:
            return ()
        return (_("The folder is empty.") if self.exists else _("Nothing is stored there yet."),)

    def document(self) -> Document:
        rows = [{"name": row.name, "size": row.size, "kind": row.kind} for row in self.rows]
        return {"home": str(self.home), "exists": self.exists, "files": rows}

    def screen(self, look: Look) -> str:
        lines = [str(self.home)]
        for row in self.rows:
            line = ngettext(
                "{name}  ({size} byte, {kind})", "{name}  ({size} bytes, {kind})", row.size
            ).format(name=row.name, size=row.size, kind=row.kind)
            lines += _fitted(line, look)
        return "\n".join(lines) + "\n"


def _fitted(line: str, look: Look) -> list[str]:
    """One file's line, indented; at a terminal narrower than it, wrapped between words with
    the rest indented further (piped, one line, as scripts read it)."""
    if not look.terminal:
        return ["  " + line]
    return wrap(line, look.columns, first="  ", indent=4)


def home_files(ws: Workspace) -> HomeFiles:
    """The data folder and its files (a home that is a link is refused: the folder it leads to
    is never shown as the home; links inside are named, never followed)."""
    ws.store.refuse_linked_home()
    rows = [FileRow(*row) for row in describe_files(ws.home)]
    return HomeFiles(ws.home, ws.home.exists(), rows)


def outside_state(row: Written) -> State:
    """Whether a file exitplan wrote outside its folder is still as written, changed, or gone."""
    return state_of(row)


def erase_outside_file(row: Written) -> State:
    """Erase one file exitplan wrote outside its folder (zeros, then deleted; never through a
    link) only when its content is still what exitplan wrote; what it was found to be ("same"
    means erased now). OSError when it could not be erased."""
    return erase_written(row)
