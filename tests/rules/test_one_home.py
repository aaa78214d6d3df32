"""One home for each rule: a rule written in two places drifts, and the copy that drifted is a
bug (a closed stdin crashed eight commands that each asked "is someone typing?" their own way).

Each test names the one module allowed to do a thing and fails when another module does it.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable

import pytest
from helpers_imports import modules


def offenders(found: Callable[[ast.AST], bool], home: set[str]) -> list[str]:
    """`module:line` of every node `found` accepts, in any module outside `home`."""
    hits: list[str] = []
    for name, path in modules().items():
        if name in home:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        hits += [f"{name}:{getattr(node, 'lineno', 0)}" for node in ast.walk(tree) if found(node)]
    return hits


def is_attribute(owner: str, attr: str) -> Callable[[ast.AST], bool]:
    """A finder for `owner.attr` (such as `sys.stdin`)."""

    def found(node: ast.AST) -> bool:
        return (
            isinstance(node, ast.Attribute)
            and node.attr == attr
            and isinstance(node.value, ast.Name)
            and node.value.id == owner
        )

    return found


def test_standard_input_is_read_in_one_place() -> None:
    """Only cli/keyboard.py touches sys.stdin: whether someone types, and what a pipe gives."""
    assert offenders(is_attribute("sys", "stdin"), {"exitplan.cli.keyboard"}) == []


def test_a_pipe_is_read_up_to_a_limit_in_one_place() -> None:
    """Text from a pipe is read by `cli/common.read_piped` alone, which refuses more than its
    limit in one plain line (`region` and the iPhone answers once read a pipe whole: 300 MB
    took 12 GB of memory, and the error quoted them back)."""
    assert offenders(is_call("keyboard", "piped_text"), {"exitplan.cli.common"}) == []
    everywhere = offenders(is_call("keyboard", "piped_text"), set())
    assert [hit.split(":")[0] for hit in everywhere] == ["exitplan.cli.common"]


def test_the_finder_sees_what_it_looks_for() -> None:
    """The finder reports `sys.stdin` where it stands, so the rules above cannot pass vacuously."""
    tree = ast.parse("import sys\nx = sys.stdin.isatty()\n")
    found = is_attribute("sys", "stdin")
    assert [getattr(node, "lineno", 0) for node in ast.walk(tree) if found(node)] == [2]


def is_name(name: str) -> Callable[[ast.AST], bool]:
    """A finder for a name used or imported (`lead_date`, `from … import lead_date`)."""

    def found(node: ast.AST) -> bool:
        if isinstance(node, ast.Name):
            return node.id == name
        if isinstance(node, ast.Attribute):
            return node.attr == name
        return isinstance(node, ast.alias) and node.name == name

    return found


def counts_from_the_exit(node: ast.AST) -> bool:
    """A finder for a step's unpaced date worked out by hand: `shift(…, x.due.offset)` or
    `timedelta(days=x.due.offset)`."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
    if name not in {"shift", "timedelta"}:
        return False
    given = [*node.args, *(k.value for k in node.keywords)]
    return any(
        isinstance(part, ast.Attribute)
        and part.attr == "offset"
        and isinstance(part.value, ast.Attribute)
        and part.value.attr == "due"
        for arg in given
        for part in ast.walk(arg)
    )


def before_the_exit(node: ast.AST) -> bool:
    """A finder for "the exit is still ahead" judged by hand (`exit_date >= today`)."""
    return (
        isinstance(node, ast.Compare)
        and any(isinstance(op, (ast.GtE, ast.Gt)) for op in node.ops)
        and (
            getattr(node.left, "id", None) == "exit_date"
            or getattr(node.left, "attr", None) == "exit_date"
        )
        and any(getattr(c, "id", None) == "today" for c in node.comparators)
    )


def test_overdue_is_judged_by_the_schedule_alone() -> None:
    """Only the schedule counts a step's date from the exit (`shift(exit, item.due.offset)`):
    every other module takes its date and flag from `schedule()`, pacing included (`add --due
    -8w` once said "overdue" of a step the schedule left for "if there is time")."""
    assert offenders(counts_from_the_exit, {"exitplan.domain.schedule"}) == []


def test_after_you_leave_is_judged_by_the_findings_alone() -> None:
    """Whether the exit is still ahead, for an inventory, is `findings.still_to_leave`: the
    flag and the words beside it cannot disagree on the exit day itself."""
    assert offenders(before_the_exit, {"exitplan.domain.findings"}) == []


def test_the_exit_finders_see_a_planted_copy() -> None:
    """Both finders report a copy where it stands, and leave other arithmetic alone."""
    tree = ast.parse(
        "a = shift(exit_date, item.due.offset)\n"
        "b = exit + timedelta(days=step.item.due.offset)\n"
        "c = shift(today, 42)\n"
        "d = exit_date is not None and exit_date >= today\n"
        "e = when >= today\n"
    )
    assert [getattr(n, "lineno", 0) for n in ast.walk(tree) if counts_from_the_exit(n)] == [1, 2]
    assert [getattr(n, "lineno", 0) for n in ast.walk(tree) if before_the_exit(n)] == [4]


def is_call(owner: str, attr: str, *, keyword: str | None = None) -> Callable[[ast.AST], bool]:
    """A finder for a call `owner.attr(...)`, only those given `keyword=` when one is named."""
    attribute = is_attribute(owner, attr)

    def found(node: ast.AST) -> bool:
        return (
            isinstance(node, ast.Call)
            and attribute(node.func)
            and (keyword is None or any(k.arg == keyword for k in node.keywords))
        )

    return found


def test_which_characters_are_unsafe_is_decided_in_one_place() -> None:
    """Only base/safetext.py sorts characters by their Unicode category: control, direction and
    zero-width characters are one class there, shown, escaped or refused the same way."""
    assert offenders(is_call("unicodedata", "category"), {"exitplan.base.safetext"}) == []


def test_json_for_people_is_written_in_one_place() -> None:
    """Every JSON document for output (stdout, an export) comes from `safetext.json_text`, which
    never writes a direction override raw; compact JSON (hashes, the cache) is not output."""
    home = {"exitplan.base.safetext", "exitplan.phone.indicators"}  # indicators: a data file
    assert offenders(is_call("json", "dumps", keyword="indent"), home) == []


# Readers of exitplan's own stored forms (a cache, a record's time, a region file's checked day,
# the journal's kept `when`): they read what exitplan wrote, never what a person typed.
STORED_DATE_READERS = {
    "exitplan.formats.cache",
    "exitplan.formats.columns",
    "exitplan.views.render",
    "exitplan.domain.region",
    "exitplan.journal.entry",
    "exitplan.journal.times",
    "exitplan.journal.listing",
}


def test_a_typed_day_is_read_by_the_date_module_alone() -> None:
    """Only domain/dates.py turns a person's text into a day (`parse_day`, `parse_when`,
    `parse_offset`); other modules call it, so every command accepts the same forms."""
    home = {"exitplan.domain.dates", *STORED_DATE_READERS}
    assert offenders(is_call("date", "fromisoformat"), home) == []
    assert offenders(is_call("datetime", "fromisoformat"), home) == []
    assert offenders(is_call("datetime", "strptime"), {"exitplan.home.backups"}) == []


def test_a_day_in_the_person_s_words_is_read_by_the_date_module_alone() -> None:
    """Only domain/dates.py asks for a day in the country's order or an offset in the person's
    words (`numeric_date`, `offset_text`): `--today`, `date`, `add --due` and an expiry each
    read their own once, and "1 juin 2027" was a day to one command and not to another."""
    home = {"exitplan.base.spoken", "exitplan.domain.dates"}
    assert offenders(is_name("numeric_date"), home) == []
    assert offenders(is_name("offset_text"), home) == []


def iso_shape(node: ast.AST) -> bool:
    """A hand-made test of the shape 2027-01-31: the pattern, or a look at the fifth character."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return r"(\d{4})-(\d{2})-(\d{2})" in node.value
    if isinstance(node, ast.Slice):
        bounds = (node.lower, node.upper)
        return all(isinstance(b, ast.Constant) for b in bounds) and [
            getattr(b, "value", None) for b in bounds
        ] == [4, 5]
    return False


def test_the_shape_of_a_day_is_known_in_one_place() -> None:
    """Only domain/dates.py knows the shape 2027-01-31 (`is_iso_day`); the journal's pattern
    reads a stored moment, a day and a time (the schema once told a day from an offset by its
    fifth character)."""
    assert offenders(iso_shape, {"exitplan.domain.dates", "exitplan.journal.entry"}) == []


def test_the_day_finders_see_a_planted_copy() -> None:
    """The finders above report a copy where it stands, so their rules cannot pass vacuously."""
    tree = ast.parse(
        "import re\nx = re.compile(r'^(\\d{4})-(\\d{2})-(\\d{2})$')\nok = text[4:5] == '-'\n"
        "y = spoken.numeric_date(text)\nz = text[4:6]\n"
    )
    assert [getattr(n, "lineno", 0) for n in ast.walk(tree) if iso_shape(n)] == [2, 3]
    assert [getattr(n, "lineno", 0) for n in ast.walk(tree) if is_name("numeric_date")(n)] == [4]


def test_one_function_is_named_parse_when() -> None:
    """The journal's reading of a moment has its own name: two `parse_when` with different
    contracts was a trap."""

    def defines(node: ast.AST) -> bool:
        return isinstance(node, ast.FunctionDef) and node.name == "parse_when"

    assert offenders(defines, {"exitplan.domain.dates"}) == []


def test_the_ten_year_limit_is_decided_once() -> None:
    """Only domain/dates.py reads MAX_OFFSET_DAYS; others ask `within_limit`."""
    assert offenders(is_name("MAX_OFFSET_DAYS"), {"exitplan.domain.dates"}) == []


def test_a_file_is_replaced_in_one_place() -> None:
    """Only disk/atomic.py makes a temp file and renames it over another (`replacing`), so
    the temp file's name, mode, sync and clean-up are written once; the rename itself is
    disk/system.py's `replace` (which tries again while Windows holds the file), called only
    there; renaming a backup to its neutral name (home/rekey.py) replaces nothing."""
    home = {"exitplan.disk.atomic"}
    assert offenders(is_call("tempfile", "mkstemp"), home) == []
    assert offenders(is_call("os", "replace"), {"exitplan.disk.system"}) == []
    assert offenders(is_call("system", "replace"), home) == []
    assert offenders(is_call("os", "rename"), {*home, "exitplan.home.rekey"}) == []


def test_a_language_name_is_read_in_one_place() -> None:
    """Only base/i18n.py reads a `--lang` value or a locale (`spoken`, `leading_languages`):
    the glance, the full command line and the start-up choose alike."""
    assert offenders(is_name("language_code"), {"exitplan.base.i18n"}) == []
    assert offenders(is_name("LANG_OPTION"), {"exitplan.base.i18n"}) == []


def test_the_shipped_data_is_found_one_way() -> None:
    """Only base/bundled.py locates the package on disk: the checklists, regions, catalogs and
    the stalkerware list are found alike in a wheel, a checkout and an editable install."""
    assert offenders(is_name("__file__"), {"exitplan.base.bundled"}) == []

    def resources(node: ast.AST) -> bool:
        return isinstance(node, ast.ImportFrom) and node.module == "importlib.resources"

    assert offenders(resources, {"exitplan.base.bundled"}) == []


def test_html_is_escaped_in_one_place() -> None:
    """Only base/markup.py escapes HTML (`html_text`): every page escapes the same characters."""

    def escapes(node: ast.AST) -> bool:
        if isinstance(node, ast.ImportFrom):
            return node.module == "html"
        return isinstance(node, ast.Import) and any(alias.name == "html" for alias in node.names)

    assert offenders(escapes, {"exitplan.base.markup"}) == []


def test_the_future_s_slack_is_decided_once() -> None:
    """A journal entry and a phone check's record judge "not in the future" by one rule
    (`journal.entry.not_in_future`): no other module adds a day to today to judge it."""

    def one_day_ahead(node: ast.AST) -> bool:
        return (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "timedelta"
            and any(
                k.arg == "days" and isinstance(k.value, ast.Constant) and k.value.value == 1
                for k in node.keywords
            )
        )

    assert offenders(one_day_ahead, {"exitplan.journal.entry"}) == []


def test_exitplan_reads_no_test_switch() -> None:
    """No module of exitplan names an `EXITPLAN_TEST_…` variable: the tests hand their settings
    in through their own entry point (tests/helpers_exitplan.py), never through the program."""

    def test_switch(node: ast.AST) -> bool:
        return (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and "EXITPLAN_TEST" in node.value
        )

    assert offenders(test_switch, set()) == []


def names_a_variable(node: ast.AST) -> bool:
    """A finder for an environment variable's name written out (`"EXITPLAN_HOME"`)."""
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and re.fullmatch(r"EXITPLAN_[A-Z_]+", node.value) is not None
    )


def test_each_variable_is_named_in_one_place() -> None:
    """Only base/limits.py spells an EXITPLAN_… variable (`HOME_ENV`, `TODAY_ENV`…): the glance,
    the options and the start-up read the same names (the glance once chose the home its own
    way, with the name typed again)."""
    assert offenders(names_a_variable, {"exitplan.base.limits"}) == []


def test_the_variable_finder_sees_a_planted_name() -> None:
    """The finder reports a variable's name written out, not a sentence that mentions one."""
    tree = ast.parse(
        'a = "EXITPLAN_HOME"\nb = "or set EXITPLAN_PLAIN=1"\nc = os.environ["EXITPLAN_X"]\n'
    )
    assert [getattr(n, "lineno", 0) for n in ast.walk(tree) if names_a_variable(n)] == [1, 3]


def asks_for_a_key_file(node: ast.AST) -> bool:
    """A finder for a key file's presence asked by hand (`….key_path.exists()`)."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in {"exists", "is_file", "lexists"}
        and isinstance(node.func.value, ast.Attribute)
        and node.func.value.attr in {"key_path", "next_path"}
    )


def test_a_key_file_is_found_one_way() -> None:
    """ "A key file is here" is `paths.key_file_here` (plan.key or plan.key.next, a link too),
    which `KeySession.keyed()` asks: the glance once looked for plan.key alone and served a
    plain plan without the full path's note that it had been encrypted."""
    assert offenders(asks_for_a_key_file, {"exitplan.home.keys"}) == []
    assert offenders(is_name("NEXT_KEY_FILE"), KEY_FILE_NAMERS) == []
    tree = ast.parse("if store.keys.key_path.exists():\n    pass\nx = keys.key_path.read_bytes()\n")
    assert [getattr(n, "lineno", 0) for n in ast.walk(tree) if asks_for_a_key_file(n)] == [1]


# Who may name the next key file: its definition, the one test of presence, the key session,
# and the list of the folder's files.
KEY_FILE_NAMERS = {
    "exitplan.base.limits",
    "exitplan.disk.paths",
    "exitplan.home.keys",
    "exitplan.home.files",
}


# The day view's groups of steps, whose cut and whose "how many more" are the day view's.
GROUPS = {"rows", "danger", "today", "behind", "coming", "for_now"}


def names_a_group(node: ast.AST) -> bool:
    """`rows`, `groups.behind`, `self.view.for_now` or `groups.rows()`: a group of steps."""
    if isinstance(node, ast.Call) and not node.args:
        node = node.func
    if isinstance(node, ast.Name):
        return node.id in GROUPS
    return isinstance(node, ast.Attribute) and node.attr in GROUPS


def cuts_a_group(node: ast.AST) -> bool:
    """`rows[:shown]`: the first steps of a group, cut to a screen's size."""
    return (
        isinstance(node, ast.Subscript)
        and isinstance(node.slice, ast.Slice)
        and node.slice.lower is None
        and node.slice.upper is not None
        and names_a_group(node.value)
    )


def counts_the_rest(node: ast.AST) -> bool:
    """`len(rows) - shown` or `len(groups.rows()) - ...`: how many more, counted by hand."""
    return (
        isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.Sub)
        and isinstance(node.left, ast.Call)
        and isinstance(node.left.func, ast.Name)
        and node.left.func.id == "len"
        and len(node.left.args) == 1
        and names_a_group(node.left.args[0])
    )


def test_how_many_more_is_counted_by_the_day_view() -> None:
    """The screen and the summary take what each group shows and "and N more" (of what needs
    attention, and of the steps for now) from the day view; no view cuts a group or counts
    the rest itself."""
    assert offenders(cuts_a_group, {"exitplan.domain.day"}) == []
    assert offenders(counts_the_rest, {"exitplan.domain.day"}) == []


def test_the_group_finders_see_a_cut_and_a_count() -> None:
    """The finders see each spelling of a cut and a count, and leave other slices alone."""
    tree = ast.parse(
        "part = rows[:shown]\n"
        "more = len(rows) - shown\n"
        "more = len(groups.rows()) - len(shown)\n"
        "few = self.view.for_now[:4]\n"
        "tail = line[len(prefix):]\n"
        "head = text[:9]\n"
    )
    nodes = list(ast.walk(tree))
    assert [getattr(n, "lineno", 0) for n in nodes if cuts_a_group(n)] == [1, 4]
    assert [getattr(n, "lineno", 0) for n in nodes if counts_the_rest(n)] == [2, 3]


def test_the_plan_is_built_from_the_cache_in_one_place() -> None:
    """The glance and the workspace both read the cached plan with `cache.read_cached` (catalog,
    state, place and pacing in one read); nothing outside the cache joins it by hand."""
    home = {"exitplan.formats.cache"}
    assert offenders(is_name("with_cached_pace"), home) == []
    assert offenders(is_name("plan_from_cache"), home) == []
    assert offenders(is_name("load_cached_plan"), home | {"exitplan.service.workspace"}) == []


def is_literal(value: object) -> Callable[[ast.AST], bool]:
    """A finder for a literal of exactly this value and type (`0o600`, `b"..."`, `4000`)."""

    def found(node: ast.AST) -> bool:
        return (
            isinstance(node, ast.Constant)
            and type(node.value) is type(value)
            and node.value == value
        )

    return found


# Numbers, marks and sequences with one meaning, each written in the one module that owns it;
# everywhere else they are read by name. (A number with many meanings, such as 20 or 12, is not
# listed: only the names say which is which.)
ONE_LITERAL: dict[object, str] = {
    0o600: "exitplan.base.limits",  # PRIVATE_FILE
    0o700: "exitplan.base.limits",  # PRIVATE_FOLDER
    0o077: "exitplan.base.limits",  # OTHERS_BITS: a umask, a check of someone else's reach
    365: "exitplan.base.limits",  # MAX_WARN_DAYS (the `--warn-days` bound)
    600: "exitplan.base.limits",  # MAX_PHONE_TIMEOUT (the `phone --timeout` bound)
    4000: "exitplan.base.limits",  # MAX_TEXT_CHARS: a step's why, in a file or typed
    3660: "exitplan.domain.dates",  # MAX_OFFSET_DAYS: ten years
    52: "exitplan.domain.runway",  # WEEKS_A_YEAR: a month's amount as a week's
    91: "exitplan.domain.findings",  # SOON_DAYS: "within three months"
    5.0: "exitplan.home.store",  # LOCK_TIMEOUT, seconds
    b"\x89EXPLVT\x00": "exitplan.base.limits",  # SEALED_MARK (vault.MAGIC)
    b"\x89EXPLSC\x00": "exitplan.base.limits",  # SEALED_COPY_MARK (stream.STREAM_MAGIC)
    "\x1b[H\x1b[2J\x1b[3J": "exitplan.cli.console",  # CLEAR_SEQUENCE
    "\u00a0": "exitplan.base.spoken",  # GLUE: a space wrapping never breaks at
    "%Y-%m-%d %H:%M:%S": "exitplan.base.limits",  # BACKUP_TIME: a backup's time for people
    "backup from": "exitplan.base.limits",  # BACKUP_FROM: a restore's detail, read back by views
}


@pytest.mark.parametrize("value", list(ONE_LITERAL), ids=repr)
def test_each_constant_is_written_once(value: object) -> None:
    """A number or mark with one meaning (a private file's mode, the longest why, ten years,
    weeks a month, three months, a sealed file's first bytes) is written in its one home and
    read by name everywhere else, so two copies can never drift apart."""
    home = ONE_LITERAL[value]
    assert offenders(is_literal(value), {home}) == []
    assert offenders(is_literal(value), set()), f"{value!r} is no longer written in {home}"


def is_assigned(name: str) -> Callable[[ast.AST], bool]:
    """A finder for a module's own definition of `name` (`NAME = ...`)."""

    def found(node: ast.AST) -> bool:
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AnnAssign)
            else []
        )
        return any(isinstance(t, ast.Name) and t.id == name for t in targets)

    return found


def test_the_stopped_code_is_defined_once() -> None:
    """The exit code of a run stopped with Ctrl-C (130) is worked out in base/signals.py, as the
    code of any run ended by a signal is; the prompts, the review and the commands import it."""
    assert offenders(is_assigned("STOPPED_CODE"), {"exitplan.base.signals"}) == []
    assert offenders(is_literal(130), {"exitplan.formats.schema"}) == []  # schema: a length


def test_the_literal_finders_tell_values_apart() -> None:
    """`0o600` is found as 384 and not as 384.0 or "384"; a name's definition is found, not its
    use, so the rules above cannot pass for looking at the wrong thing."""
    tree = ast.parse('a = 0o600\nb = 384.0\nc = "384"\nSTOPPED_CODE = 1\nprint(STOPPED_CODE)\n')
    assert [getattr(n, "lineno", 0) for n in ast.walk(tree) if is_literal(384)(n)] == [1]
    stopped = is_assigned("STOPPED_CODE")
    assert [getattr(n, "lineno", 0) for n in ast.walk(tree) if stopped(n)] == [4]


def test_a_private_folder_is_made_in_one_place() -> None:
    """Folders a run makes for a while (a phone check's adb files) are made by
    `disk/leftovers.private_folder` alone, which holds a lock in each so that a run killed
    outright leaves a folder the next run erases (the phone check once made its own, which no
    later run could tell from someone else's)."""

    def makes_a_folder(node: ast.AST) -> bool:
        return isinstance(node, ast.Attribute) and node.attr in {"mkdtemp", "TemporaryDirectory"}

    assert offenders(makes_a_folder, {"exitplan.disk.leftovers"}) == []


def test_a_temp_file_is_told_by_one_function() -> None:
    """Whether a name is exitplan's temp file is `limits.is_temp` alone: only the modules that
    make temp names use the suffix (`wipe` once erased the person's own holiday.tmp because it
    read the suffix its own way)."""
    home = {"exitplan.base.limits", "exitplan.disk.atomic", "exitplan.disk.leftovers"}
    assert offenders(is_name("TEMP_SUFFIX"), home) == []
    tree = ast.parse("from exitplan.base.limits import TEMP_SUFFIX\nok = n.endswith(TEMP_SUFFIX)\n")
    found = is_name("TEMP_SUFFIX")
    assert sorted({getattr(n, "lineno", 0) for n in ast.walk(tree) if found(n)}) == [1, 2]


def asks_isatty(node: ast.AST) -> bool:
    """A finder for any call of `isatty` (`stream.isatty()`, `os.isatty(fd)`)."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "isatty"
    )


def test_whether_a_stream_is_a_terminal_is_asked_in_one_place() -> None:
    """Only service/terminal.py asks a stream whether it is a terminal (`is_terminal`,
    `terminal_fd`), safe with a closed stream (the review's quick hide once asked a closed
    stdout and crashed)."""
    assert offenders(asks_isatty, {"exitplan.service.terminal"}) == []
    tree = ast.parse("import os, sys\na = sys.stdout.isatty()\nb = os.isatty(1)\nc = isatty\n")
    assert [getattr(n, "lineno", 0) for n in ast.walk(tree) if asks_isatty(n)] == [2, 3]


def sorts_characters_itself(node: ast.AST) -> bool:
    """A finder for a character class written by hand (the C1 range `\\x7f-\\x9f`, raw or
    not) or for `isprintable`, Python's own and different set."""
    if isinstance(node, ast.Attribute):
        return node.attr == "isprintable"
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and ("\x7f-\x9f" in node.value or "\\x7f-\\x9f" in node.value)
    )


def test_unsafe_characters_are_named_in_one_place() -> None:
    """Which characters are unsafe (control, direction, zero-width) is `safetext.UNSAFE_RANGES`
    alone: a file name, the phone's text and a place typed wrong use it (an exported file name
    once kept U+202E, and `isprintable` lets other characters through)."""
    assert offenders(sorts_characters_itself, {"exitplan.base.safetext"}) == []
    tree = ast.parse('a = r"[\\x00-\\x1f\\x7f-\\x9f]"\nb = "[\\x7f-\\x9f]"\nc = s.isprintable()\n')
    assert [getattr(n, "lineno", 0) for n in ast.walk(tree) if sorts_characters_itself(n)] == [
        1,
        2,
        3,
    ]


def test_readable_by_others_is_decided_once() -> None:
    """Whether a mode lets other users in is `safeio.readable_by_others` alone (the home and a
    passphrase file each tested it their own way); the CLI's umask reads the bits too."""
    home = {"exitplan.base.limits", "exitplan.disk.safeio", "exitplan.cli.app"}
    assert offenders(is_name("OTHERS_BITS"), home) == []


def test_canonical_json_is_written_in_one_place() -> None:
    """A record's bytes on disk and the bytes under its hash are `chain.canonical_json` alone
    (records.py once wrote its own copy): two spellings could drift and break every hash."""
    sorted_keys, compact = (
        is_call("json", "dumps", keyword="sort_keys"),
        is_call("json", "dumps", keyword="separators"),
    )

    def canonical(node: ast.AST) -> bool:
        return sorted_keys(node) and compact(node)

    home = {"exitplan.journal.chain", "exitplan.phone.indicators"}  # indicators: a data file
    assert offenders(canonical, home) == []
    tree = ast.parse('json.dumps(d, sort_keys=True, separators=(",", ":"))\njson.dumps(d)\n')
    assert [getattr(n, "lineno", 0) for n in ast.walk(tree) if canonical(n)] == [1]


def writes_stdout(node: ast.AST) -> bool:
    """A write to stdout by hand: `typer.echo(...)` without `err=True`, or `sys.stdout.write`."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return False
    if node.func.attr == "write" and is_attribute("sys", "stdout")(node.func.value):
        return True
    to_stderr = any(
        k.arg == "err" and isinstance(k.value, ast.Constant) and k.value.value is True
        for k in node.keywords
    )
    return is_attribute("typer", "echo")(node.func) and not to_stderr


def renders_json_by_hand(node: ast.AST) -> bool:
    """`render(..., json=True)`: a command that decided on its own to print JSON."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "render"
        and any(
            k.arg == "json" and isinstance(k.value, ast.Constant) and k.value.value is True
            for k in node.keywords
        )
    )


# The CLI modules that still write stdout themselves, each for its reason.
OWN_STDOUT = {
    "exitplan.cli.common",  # the one renderer, `render`, and its JSON, `emit_json`
    "exitplan.cli.reading",  # status: the glance and the full path print the same bytes
    "exitplan.cli.usage",  # the help screens, which Typer asks for before any command runs
    "exitplan.cli.app",  # --version
    "exitplan.cli.log",  # `log add` piped: the new entry's number alone, for a script
    "exitplan.cli.phone",  # the phone guides' paragraphs, between their questions
    "exitplan.cli.talk",  # a prompt's lead lines, on the stream the prompt asks on
    "exitplan.service.glance",  # the status fast path, without the framework
}


def test_a_command_result_reaches_stdout_through_render_alone() -> None:
    """Commands hand a typed result to the one `render()` (cli/common.py), which chooses JSON or
    the screen; none echoes its own lines or prints JSON on its own (`where`, `validate` and
    `region --list` once did)."""
    assert offenders(writes_stdout, OWN_STDOUT) == []
    assert offenders(renders_json_by_hand, set()) == []


def test_the_stdout_finders_see_a_planted_write() -> None:
    """The finders see an echo to stdout, a write to sys.stdout and a JSON-only render, and
    leave an echo to stderr and a render that follows --json alone."""
    tree = ast.parse(
        "typer.echo(x)\n"
        "sys.stdout.write(x)\n"
        "render(r, json=True)\n"
        "typer.echo(x, err=True)\n"
        "render(r, json=as_json)\n"
    )
    nodes = list(ast.walk(tree))
    assert [getattr(n, "lineno", 0) for n in nodes if writes_stdout(n)] == [1, 2]
    assert [getattr(n, "lineno", 0) for n in nodes if renders_json_by_hand(n)] == [3]
