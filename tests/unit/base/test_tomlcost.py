"""The bound on what reading TOML may cost: long numbers and many dotted keys, found before
any TOML is parsed."""

from __future__ import annotations

import tomllib

from exitplan.base.tomlcost import MAX_KEY_COST, MAX_NUMBER_CHARS, toml_cost_problem


def test_a_number_past_python_s_digit_limit_is_named_with_its_line() -> None:
    """5,000 digits (which tomllib turns into a ValueError) are refused before parsing."""
    text = "a = 1\nb = " + "9" * 5000 + "\n"
    assert toml_cost_problem(text) == (
        "line 2 has a number of more than 100 digits, more than exitplan reads"
    )


def test_long_hexadecimal_and_underscored_numbers_are_refused() -> None:
    """A hexadecimal number of a million bits, or digits split by underscores, count too."""
    assert toml_cost_problem("a = 0x" + "f" * 5000) is not None
    assert toml_cost_problem("a = " + "1_" * 200 + "1") is not None


def test_numbers_and_names_exitplan_writes_are_never_refused() -> None:
    """Dates, times, floats, long strings and comments of digits are not numbers to bound."""
    fine = [
        "a = 1" + "0" * (MAX_NUMBER_CHARS - 1) + "\n",
        "when = 2026-12-05T10:00:00.123456Z\nb = -1.5e300\n",
        'n = "' + "7" * 5000 + '"\n',
        "# " + "7" * 5000 + "\n",
        "'" + "7" * 300 + "' = 1\n",
    ]
    for text in fine:
        tomllib.loads(text)  # each is TOML
        assert toml_cost_problem(text) is None, text


def test_many_lines_of_dotted_keys_add_up_to_a_refusal() -> None:
    """Lines of 64-part keys (each within the per-line bound) are refused once their dots
    squared pass the budget, naming the line where they do."""
    key = ".".join(["k"] * 63)  # with the first part, 63 dots: allowed on one line
    lines = MAX_KEY_COST // 63**2 + 1
    text = "".join(f"a{i}.{key} = 1\n" for i in range(lines + 10))
    assert toml_cost_problem(text) == (
        f"from line {lines} on, it has more dotted key parts than exitplan reads in one file"
    )
    assert toml_cost_problem("".join(f"a{i}.{key} = 1\n" for i in range(lines - 2))) is None
