"""Names and limits shared by every room: folder names, the schema version, text limits, types.

One home, so a folder name or a limit is never written twice; stdlib only, importable anywhere.
"""

from __future__ import annotations

from typing import Literal

# The data directory's own names.
PLAN_FILE = "plan.toml"
KEY_FILE = "plan.key"
LOCK_FILE = ".lock"
BACKUP_DIR = "backups"
CHECKLIST_DIR = "checklists"
CACHE_DIR = "cache"
JOURNAL_DIR = "journal"
# The folders exitplan writes, and the names in the data directory that must never be links: a
# link would lead reads, writes, `encrypt` and `wipe` out of the folder.
FOLDERS = (BACKUP_DIR, CHECKLIST_DIR, CACHE_DIR, JOURNAL_DIR)
TEMP_SUFFIX = ".tmp"
OWN_NAMES = frozenset({PLAN_FILE, KEY_FILE, LOCK_FILE, BACKUP_DIR, CHECKLIST_DIR, CACHE_DIR})

# The version written in plan and checklist files (the schema models spell it as Literal[1]).
SCHEMA_VERSION = 1

# Days ahead an open step counts as due soon, unless the person chose another window.
DEFAULT_WARN_DAYS = 7
MAX_WARN_DAYS = 365

# Text limits. A reason typed at the prompt is kept short; the file accepts longer text, up to
# the note limit, so a plan edited by hand is never refused for it.
MAX_NOTE_CHARS = 20_000
MAX_REASON_CHARS = 500

# vault.MAGIC, repeated so that reading a plain plan never imports the vault.
SEALED_MARK = b"\x89EXPLVT\x00"

Priority = Literal["critical", "high", "normal", "low"]
# "event": done the same day something happens (photographing an injury); "anytime": needs no
# exit date (staying safer for now). Neither has a due date, so neither is ever overdue.
When = Literal["before", "exit-day", "after", "event", "anytime"]
UNDATED: frozenset[str] = frozenset({"event", "anytime"})
Status = Literal["open", "done", "skipped"]
