"""One Android check from start to end: the adb session, the reads, the findings."""

from __future__ import annotations

from exitplan.phone.adb import Adb, session
from exitplan.phone.analysis import Outcome, analyse, outside_store
from exitplan.phone.indicators import Loaded
from exitplan.phone.reading import Readings, find_phone, hash_apps, read_phone


def check_android(
    program: str, timeout: float, loaded: Loaded, developer_before: str = "unsure"
) -> tuple[Readings, Outcome]:
    """Read the one phone on USB (read-only) and turn what it said into findings.

    The adb server is stopped at the end if this check started it, whatever happens; a
    PhoneError (no phone, not allowed, two phones, no answer) comes back before anything is
    written anywhere.
    """
    adb = Adb(program, timeout)
    with session(adb):
        readings = find_phone(adb)
        read_phone(adb, readings)
        hash_apps(adb, readings, outside_store(readings))
    return readings, analyse(readings, loaded, developer_before)
