"""The checklist file format: one file read, parsed and validated, and the whole catalog loaded.

Every problem is one plain line naming the file (and the line, for TOML syntax errors). A
person's own file that cannot be used is left out with a note; a broken built-in one raises.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import ValidationError

from exitplan.base.errors import ChecklistError, os_reason
from exitplan.base.safetext import one_line
from exitplan.base.tomlcost import toml_cost_problem
from exitplan.disk import safeio
from exitplan.formats.catalog import Catalog, all_checklist_files, signature
from exitplan.formats.schema import validate_checklist
from exitplan.formats.tomlerrors import describe_errors, toml_error

if TYPE_CHECKING:
    from exitplan.domain.model import Checklist

# A checklist of 10,000 items is about 3 MB; anything far beyond is a mistake or an attack.
MAX_FILE_BYTES = 16 * 1024 * 1024
Reader = Callable[[Path], bytes]


def read_text(path: Path, what: str = "file") -> str:
    """Read a UTF-8 file (a byte-order mark is fine) with a size cap and plain errors."""
    try:
        # A regular file only: a FIFO (or a device) is named, never waited on for ever.
        data = safeio.read_capped(path, MAX_FILE_BYTES, follow=True)
    except FileNotFoundError:
        raise ChecklistError(f"{path}: no such {what}") from None
    except IsADirectoryError:
        raise ChecklistError(f"{path}: is a folder, not a {what}") from None
    except OSError as exc:
        raise ChecklistError(f"{path}: cannot be read ({os_reason(exc)})") from None
    if len(data) > MAX_FILE_BYTES:
        raise ChecklistError(f"{path}: is larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB")
    return decode_utf8(data, path)


def decode_utf8(data: bytes, path: Path) -> str:
    """Decode UTF-8, accepting a BOM and naming the line of the first bad byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ChecklistError(
            f"{path}: line {line}: is not valid UTF-8 text (save it as UTF-8)"
        ) from None


def parse_toml(text: str, path: Path) -> dict[str, object]:
    """Parse TOML text, turning syntax errors into one line with the position."""
    if problem := toml_cost_problem(text):
        raise ChecklistError(f"{path}: {problem}")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ChecklistError(f"{path}: {toml_error(exc)}") from None
    except RecursionError:
        raise ChecklistError(f"{path}: is nested too deeply to be a checklist") from None


def checklist_problems(
    path: Path, reader: Reader | None = None
) -> tuple[Checklist | None, list[str]]:
    """Load one checklist file; return it, or every problem found in it."""
    try:
        if reader is None:
            text = read_text(path, "checklist file")
        else:
            raw = reader(path)
            if len(raw) > MAX_FILE_BYTES:
                raise ChecklistError(f"{path}: is larger than {MAX_FILE_BYTES // 1048576} MiB")
            text = decode_utf8(raw, path)
        data = parse_toml(text, path)
    except ChecklistError as exc:
        return None, [str(exc)]
    try:
        checklist = validate_checklist(data)
    except ValidationError as exc:
        return None, [f"{path}: {problem}" for problem in describe_errors(exc, data)]
    except RecursionError:
        return None, [f"{path}: is nested too deeply to be a checklist"]
    if path.suffix == ".toml" and path.stem != checklist.id:
        return checklist, [f"{path}: id '{checklist.id}' should match the file name '{path.stem}'"]
    return checklist, []


def load_checklist(path: Path, *, builtin: bool = False, reader: Reader | None = None) -> Checklist:
    """Load and validate one checklist file, raising ChecklistError on the first problem."""
    checklist, problems = checklist_problems(path, reader)
    if problems or checklist is None:
        more = len(problems) - 1
        extra = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        advice = "" if builtin else f"; check the file with: exitplan validate '{path}'"
        raise ChecklistError(problems[0] + extra + advice)
    checklist.builtin = builtin
    return checklist


def load_catalog(user_dir: Path | None = None, reader: Reader | None = None) -> Catalog:
    """Load the built-in checklists and, if given, the person's own folder of them.

    `reader` returns a file's plain bytes; the store passes one that opens sealed files.
    A personal checklist file that cannot be used is left out, with one line in `problems`,
    so one typo never locks the person out of the rest of the plan. A broken built-in
    checklist is a bug in exitplan and raises.
    """
    loaded: dict[str, tuple[Checklist, Path]] = {}
    files = []
    problems = []
    for path in all_checklist_files(user_dir):
        files.append((str(path), signature(path)))
        builtin = user_dir is None or path.parent != user_dir
        try:
            checklist = load_checklist(path, builtin=builtin, reader=None if builtin else reader)
            if checklist.id in loaded:
                raise ChecklistError(
                    f"{path}: uses the id '{checklist.id}', which {loaded[checklist.id][1]} "
                    "already uses; give one of them another id"
                )
        except ChecklistError as exc:
            if builtin:
                raise
            problems.append(left_out(path, str(exc)))
            continue
        loaded[checklist.id] = (checklist, path)
    ordered = sorted((c for c, _ in loaded.values()), key=lambda c: (c.order, c.id))
    return Catalog(tuple(ordered), tuple(files), problems=tuple(problems))


def left_out(path: Path, problem: str) -> str:
    """The one warning line for a personal checklist file that cannot be used right now."""
    problem = problem.split("; check the file with:", maxsplit=1)[0]
    # One line, whatever the file is called: a new line in a planted file's name cannot split
    # the warning into a line that looks like exitplan's own.
    return one_line(
        f"Note: {problem}. Its steps are left out for now, their progress is kept, and some "
        "step numbers have moved until it is fixed (check the title, or use the step's id); "
        f"see every problem with: exitplan validate '{path}'"
    )
