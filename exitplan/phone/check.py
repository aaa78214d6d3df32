"""One Android check from start to end: the adb session, the reads, the findings."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from exitplan.disk.leftovers import private_folder
from exitplan.phone.adb import Adb, session
from exitplan.phone.analysis import Outcome, analyse, outside_store
from exitplan.phone.indicators import Loaded
from exitplan.phone.reading import Readings, find_phone, hash_apps, read_phone


def check_android(
    program: str,
    timeout: float,
    loaded: Loaded,
    ask_developer: Callable[[], str] = lambda: "unsure",
    folder_in: Path | None = None,
) -> tuple[Readings, Outcome]:
    """Read the one phone on USB (read-only) and turn what it said into findings.

    The adb server is stopped at the end if this check started it, whatever happens; a
    PhoneError (no phone, not allowed, two phones, no answer) comes back before anything is
    written anywhere. The phone is found first; only then is the person asked whether developer
    options were on before today (`ask_developer`, which returns yes, no or unsure). A server
    this check starts keeps its key and log in a private folder made in `folder_in` (the data
    folder) or the system's temporary folder, erased at the end (by the next run, if this one is
    killed).
    """
    with private_folder(folder_in, ".adb-") as folder:
        adb = Adb(program, timeout, folder)
        with session(adb):
            readings = find_phone(adb)
            developer_before = ask_developer()
            read_phone(adb, readings)
            hash_apps(adb, readings, outside_store(readings))
    return readings, analyse(readings, loaded, developer_before)
