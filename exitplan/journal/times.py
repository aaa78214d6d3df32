"""Times of the journal: kept in UTC to the second, shown in local time as a person reads it."""

from __future__ import annotations

from datetime import UTC, datetime

from exitplan.base import spoken

__all__ = ["local_text", "local_time", "utc_text"]


def utc_text(now: datetime) -> str:
    """A time as it is kept in a record: ISO 8601 in UTC, to the second, with a Z."""
    if now.tzinfo is None:
        now = now.replace(tzinfo=UTC)
    return now.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def local_time(iso: object) -> datetime | None:
    """A recorded time (ISO 8601, UTC) as this computer's local time, or None if unreadable."""
    try:
        moment = datetime.fromisoformat(str(iso).replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone()


def local_text(iso: object, *, offset: bool = False) -> str:
    """A recorded time as a person reads it, in local time: '30 Nov 2026, 13:05'.

    With `offset`, the difference from UTC follows ('30 Nov 2026, 13:05 UTC+01:00'), for pages
    read elsewhere. Text that is not a time is shown as it is."""
    moment = local_time(iso)
    if moment is None:
        return str(iso)
    text = spoken.day_and_time(moment)
    if offset:
        zone = moment.strftime("%z")
        text += f" UTC{zone[:3]}:{zone[3:]}" if zone else ""
    return text
