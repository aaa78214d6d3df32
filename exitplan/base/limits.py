"""Names and limits shared by every room: folder names, the schema version, text limits, types.

One home, so a folder name or a limit is never written twice; stdlib only, importable anywhere.
"""

from __future__ import annotations

from pathlib import PurePath
from typing import Literal

# The data directory's own names.
PLAN_FILE = "plan.toml"
KEY_FILE = "plan.key"
NEXT_KEY_FILE = "plan.key.next"  # there only while a passphrase change is being finished
VOUCH_FILE = "plan.vouch"  # there only while an encrypt is being finished (home/vouch.py)
LOCK_FILE = ".lock"
OUTSIDE_FILE = "outside.json"  # the files exitplan wrote outside this folder, with their hashes
BACKUP_DIR = "backups"
CHECKLIST_DIR = "checklists"
CACHE_DIR = "cache"
JOURNAL_DIR = "journal"
JOURNAL_FILES_DIR = f"{JOURNAL_DIR}/files"  # the kept copies of attached files
# `status` reminds of a sealed copy of the journal kept elsewhere (`exitplan log copy`) when
# entries are newer than the last copy and that copy (or the journal, never copied) is older.
JOURNAL_COPY_DAYS = 7
TEMP_SUFFIX = ".tmp"
# The most a plan file (or anything else of the data folder read whole) may weigh, sealed or not.
MAX_PLAN_BYTES = 64 * 1024 * 1024

# The environment variables a person or a script may set, each spelled here alone.
HOME_ENV = "EXITPLAN_HOME"  # the data folder, as --home
TODAY_ENV = "EXITPLAN_TODAY"  # the day to rehearse, as --today
# As --passphrase-file (the name of a variable that names a file, not a passphrase).
PASSPHRASE_FILE_ENV = "EXITPLAN_PASSPHRASE_FILE"  # noqa: S105
PLAIN_ENV = "EXITPLAN_PLAIN"  # plain mode, as --plain
LANG_ENV = "EXITPLAN_LANG"  # the language, as --lang

# exitplan's own files and folders in the data directory: the ONE list. Only exitplan writes
# them: `Store.owns` (and with it every --output refusal and `log attach`), `where` and `wipe`
# read it. None of them may be a link: a link would lead reads, writes, `encrypt` and `wipe` out
# of the folder.
OWN_FILES = (PLAN_FILE, KEY_FILE, NEXT_KEY_FILE, VOUCH_FILE, LOCK_FILE, OUTSIDE_FILE)
FOLDERS = (BACKUP_DIR, CHECKLIST_DIR, CACHE_DIR, JOURNAL_DIR)
OWN_NAMES = frozenset(OWN_FILES + FOLDERS)
NEVER_LINKS = (*OWN_FILES, *FOLDERS, JOURNAL_FILES_DIR)


_OWN_FOLDED = frozenset(name.casefold() for name in OWN_NAMES)
_FOLDERS_FOLDED = frozenset(name.casefold() for name in FOLDERS)


def is_temp(name: str) -> bool:
    """Whether a file name is one of exitplan's temp files (a save in progress, or one a killed
    run left): a dot-name ending in .tmp, case-folded. The person's own `holiday.tmp` is not."""
    return name.startswith(".") and name.casefold().endswith(TEMP_SUFFIX)


def is_own(relative: PurePath) -> bool:
    """Whether a path in the data directory (relative to it) is exitplan's: one of its files, a
    temp file of its own beside them, or anything in one of its folders. Names are compared
    case-folded: on a case-insensitive file system (FAT, exFAT, macOS) PLAN.TOML is plan.toml."""
    parts = [part.casefold() for part in relative.parts]
    if not parts or parts[0] in ("..", "/") or relative.is_absolute():
        return False
    if len(parts) > 1:
        return parts[0] in _FOLDERS_FOLDED
    name = parts[0]
    return name in _OWN_FOLDED or is_temp(name)


# Owner-only: the modes of every file and folder exitplan makes, and the bits of a mode that let
# anyone else in (a umask, a check of a file the person handed in).
PRIVATE_FILE = 0o600
PRIVATE_FOLDER = 0o700
OTHERS_BITS = 0o077

# A backup's time as `backups` and `restore` show it, and as a restore's history keeps it:
# "backup from 2026-11-30 21:15:04" (the change log says it again in the language spoken). ISO
# 8601 with a space, so `datetime.fromisoformat` reads it back.
BACKUP_TIME = "%Y-%m-%d %H:%M:%S"
BACKUP_FROM = "backup from"

# The version written in plan and checklist files (the schema models spell it as Literal[1]).
SCHEMA_VERSION = 1

# Days ahead an open step counts as due soon, unless the person chose another window.
DEFAULT_WARN_DAYS = 7
MAX_WARN_DAYS = 365

# Text limits. A reason typed at the prompt is kept short; the file accepts longer text, up to
# the note limit, so a plan edited by hand is never refused for it.
MAX_NOTE_CHARS = 20_000
MAX_REASON_CHARS = 500
# A step's title (one line, for lists) and its paragraphs (why, how, a caution), in a checklist
# file and typed with `add` alike.
MAX_TITLE_CHARS = 200
MAX_TEXT_CHARS = 4000

# How long a phone check waits for each answer from the phone, in seconds (`phone --timeout`).
PHONE_TIMEOUT = 20
MAX_PHONE_TIMEOUT = 600

# The first bytes of a sealed file (vault.MAGIC) and of a sealed kept copy (crypto.stream's
# STREAM_MAGIC): written here, so that telling a plain file from a sealed one imports no crypto.
SEALED_MARK = b"\x89EXPLVT\x00"
SEALED_COPY_MARK = b"\x89EXPLSC\x00"

Priority = Literal["critical", "high", "normal", "low"]
# "event": done the same day something happens (photographing an injury); "anytime": needs no
# exit date (staying safer for now). Neither has a due date, so neither is ever overdue.
When = Literal["before", "exit-day", "after", "event", "anytime"]
UNDATED: frozenset[str] = frozenset({"event", "anytime"})
Status = Literal["open", "done", "skipped"]
