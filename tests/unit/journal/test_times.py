"""The journal's times: kept in UTC to the second with a Z, shown in this computer's local time
as a person reads it, and anything that is not a time shown as it is."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from exitplan.journal.times import local_text, local_time, utc_text


def test_a_time_is_kept_in_utc_to_the_second() -> None:
    """A time from any zone is kept as the same instant in UTC, without its fraction of a
    second, ending in Z; a time with no zone is taken as UTC already."""
    paris = timezone(timedelta(hours=1))
    assert utc_text(datetime(2026, 11, 30, 13, 5, 9, 999_999, tzinfo=paris)) == (
        "2026-11-30T12:05:09Z"
    )
    assert utc_text(datetime(2026, 11, 30, 12, 5, 9)) == "2026-11-30T12:05:09Z"


def test_a_kept_time_reads_back_as_local_time(an_hour_east: None) -> None:
    """A kept time reads back as the same instant in this computer's zone; Z, an explicit
    offset and no zone at all (UTC) are read alike."""
    expected = datetime(2026, 11, 30, 13, 5, 9, tzinfo=timezone(timedelta(hours=1)))
    for kept in ("2026-11-30T12:05:09Z", "2026-11-30T12:05:09+00:00", "2026-11-30T12:05:09"):
        moment = local_time(kept)
        assert moment == expected
        assert moment is not None
        assert moment.utcoffset() == timedelta(hours=1)
    moment = datetime(2026, 11, 30, 12, 5, 9, tzinfo=UTC)
    assert local_time(utc_text(moment)) == moment


@pytest.mark.parametrize("kept", ["yesterday", "", None, 42, "2026-13-01T00:00:00Z"])
def test_what_is_not_a_time_is_none_and_shown_as_it_is(kept: object) -> None:
    """A damaged or hand-made value is not a time: it reads as None and is shown as it was."""
    assert local_time(kept) is None
    assert local_text(kept) == str(kept)


def test_a_time_is_shown_in_local_words_with_its_offset_on_request(an_hour_east: None) -> None:
    """On the screen the local day and time; on a page read elsewhere the offset from UTC too."""
    assert local_text("2026-11-30T12:05:00Z") == "30 Nov 2026, 13:05"
    assert local_text("2026-11-30T12:05:00Z", offset=True) == "30 Nov 2026, 13:05 UTC+01:00"
