"""The data folder as a reader sees it: its paths, the privacy and link checks, whether a plan
is there and whether it is sealed.

What the glance needs and nothing more: no lock, no plan file format, no keys (a cache file of a
plain plan is read as it is; only a `store.Store`, which holds the key, opens a sealed one).
"""

from __future__ import annotations

import os
from pathlib import Path

from exitplan.base.errors import PlanError, StorageError
from exitplan.base.i18n import _
from exitplan.base.limits import (
    BACKUP_DIR,
    CACHE_DIR,
    CHECKLIST_DIR,
    NEVER_LINKS,
    PLAN_FILE,
    SEALED_MARK,
)
from exitplan.disk.safeio import (
    is_link,
    read_capped,
    readable_by_others,
    refuse_link,
    shared_folder,
)


class Folder:
    """The data directory `home`: where each of its files is, and whether it may be read."""

    def __init__(self, home: Path) -> None:
        self.home = home

    @property
    def plan_path(self) -> Path:
        """The plan file."""
        return self.home / PLAN_FILE

    @property
    def backup_dir(self) -> Path:
        """Where earlier generations of the plan are kept."""
        return self.home / BACKUP_DIR

    @property
    def checklist_dir(self) -> Path:
        """The person's own checklist files."""
        return self.home / CHECKLIST_DIR

    @property
    def cache_dir(self) -> Path:
        """Where the cache lives (only the workspace reads and writes it)."""
        return self.home / CACHE_DIR

    def exists(self) -> bool:
        """Whether a plan has been created here: anything at plan.toml counts (a FIFO or a link
        there is then named when it is read, never taken for "no plan yet")."""
        return os.path.lexists(self.plan_path)

    def is_encrypted(self) -> bool:
        """Whether the plan file on disk is sealed."""
        return (self.plan_head() or b"").startswith(SEALED_MARK)

    def plan_head(self) -> bytes | None:
        """The first bytes of the plan file (its seal header, if any), or None without one."""
        try:
            return read_capped(self.plan_path, 255)
        except OSError:
            return None

    def open_cache(self, data: bytes) -> bytes | None:
        """Plain bytes of a cache file of a plain plan; None for anything sealed."""
        head = self.plan_head()
        if head is None or head.startswith(SEALED_MARK) or data.startswith(SEALED_MARK):
            return None
        return data

    def check_private(self, path: Path | None = None) -> None:
        """Refuse a data directory or file that other users could read, and links in it."""
        self.check_links()
        for target in (self.home, path or self.plan_path):
            try:
                st = target.stat()
            except OSError:
                continue
            mode = st.st_mode
            if target.is_dir() and shared_folder(st.st_mode, st.st_uid):
                raise PlanError(
                    _(
                        "the folder {target} is shared with other users of this computer, so "
                        "exitplan keeps no plan directly in it; give --home a new folder inside "
                        "it (exitplan creates it private), or leave --home out to use your own "
                        "data folder"
                    ).format(target=target)
                )
            if readable_by_others(mode):
                kind = "folder" if target.is_dir() else "file"
                fix = "700" if target.is_dir() else "600"
                raise PlanError(
                    _(
                        "the {kind} {target} can be read by other users of this computer; make it "
                        "private with: chmod {fix} '{target}'"
                    ).format(kind=kind, target=target, fix=fix)
                )

    def refuse_linked_home(self) -> None:
        """Refuse a data folder that is itself a link (to a synced folder, say: the plan would
        go there); a link further up the path (a system's /home) is the system's, and allowed."""
        if not is_link(self.home):
            return
        try:
            target = os.path.realpath(self.home)
        except OSError:  # pragma: no cover - removed between the two calls
            target = _("somewhere else")
        raise StorageError(
            _(
                "the data folder {home} is a link to {target}; exitplan never follows a "
                "link to its folder (it could lead to a synced or shared one), so nothing "
                "was read or changed. Give the real folder instead: --home '{target}'"
            ).format(home=self.home, target=target)
        )

    def check_links(self) -> None:
        """Refuse a link where exitplan keeps its own files or folders (it is never followed),
        the data folder itself included."""
        self.refuse_linked_home()
        for name in NEVER_LINKS:
            refuse_link(self.home, self.home / name)
        for folder in (self.checklist_dir, self.backup_dir):
            if not folder.is_dir():
                continue
            with os.scandir(folder) as listing:
                for entry in listing:
                    if entry.is_symlink() and entry.name.endswith(".toml"):
                        refuse_link(self.home, folder / entry.name)
