"""Reading what adb printed: package lines that cannot be read, and readings that failed."""

from __future__ import annotations

from exitplan.phone.parse import clean, failed, read_packages


def test_unreadable_package_lines_are_counted_not_read() -> None:
    """A uid of 5,000 digits and a line that is not a package are left out and counted; the
    others are read, with their installer and uid."""
    text = (
        "package:com.example.ok  installer=com.android.vending uid:10150\n"
        f"package:com.example.big  installer=null uid:{'9' * 5000}\n"
        "package:not a package\n"
        "some other line\n"
    )
    packages, unreadable = read_packages(text)
    assert packages is not None
    assert [(p.name, p.installer, p.uid) for p in packages] == [
        ("com.example.ok", "com.android.vending", 10150)
    ]
    assert unreadable == 2
    assert read_packages("Error: unknown option -U\n") == (None, 0)


def test_a_refused_or_crashed_reading_is_a_failure() -> None:
    """A non-zero exit, a SecurityException or Permission Denial printed in place of a value, or
    a setting of several lines is a failed reading; a plain value is not."""
    denial = "java.lang.SecurityException: Permission Denial: reading settings\n"
    assert failed(0, denial)
    assert failed(1, "")
    assert failed(0, "Can't find service: device_policy\n")
    assert failed(0, "one\ntwo\n", one_line=True)
    assert not failed(0, "1\n", one_line=True)
    assert not failed(0, "com.a/com.a.Svc:com.b/.Listener\n", one_line=True)


def test_the_phone_s_text_is_shown_without_any_unsafe_character() -> None:
    """A line from the phone loses control, direction and zero-width characters (a label with
    U+202E would show its words reversed), each read as a space."""
    assert clean("Spy\u202eppa\x1b[2J\u200bnow") == "Spy ppa [2J now"
