"""The plan file format: TOML bytes to a validated PlanState and back, with its schema version."""

from __future__ import annotations

from typing import TYPE_CHECKING

from exitplan.base.errors import PlanError
from exitplan.base.limits import SCHEMA_VERSION
from exitplan.base.tomlcost import toml_cost_problem
from exitplan.formats.schema import validate_plan
from exitplan.formats.tomlerrors import describe_errors, toml_error

if TYPE_CHECKING:
    from pathlib import Path

    from exitplan.domain.model import PlanState


def dump_plan(state: PlanState) -> bytes:
    """The plan as TOML bytes."""
    import tomli_w

    return tomli_w.dumps(state.to_dict()).encode("utf-8")


def parse_plan(data: bytes, path: Path, hint: str = "") -> PlanState:
    """Validate plan bytes into a PlanState, with one plain message on any problem."""
    import tomllib
    from decimal import Decimal

    from pydantic import ValidationError

    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise PlanError(f"{path}: is not valid UTF-8 text.{hint}") from None

    if problem := toml_cost_problem(text):
        raise PlanError(f"{path}: cannot be read: {problem}.{hint}")
    try:
        raw = tomllib.loads(text, parse_float=Decimal)  # amounts exact, never float
    except tomllib.TOMLDecodeError as exc:
        raise PlanError(f"{path}: cannot be read: {toml_error(exc)}.{hint}") from None
    except RecursionError:
        raise PlanError(f"{path}: is nested too deeply to be a plan.{hint}") from None
    version = raw.get("schema")
    if version is None:
        raise PlanError(f"{path}: is empty or damaged (it has no 'schema' line).{hint}")
    if version != SCHEMA_VERSION:
        raise PlanError(
            f"{path}: has plan format version {version!r}, which this exitplan does not know"
            f" (it reads version {SCHEMA_VERSION}).{hint}"
        )
    try:
        return validate_plan(raw)
    except ValidationError as exc:
        problem = describe_errors(exc, {})[0]
        raise PlanError(f"{path}: {problem}.{hint}") from None
    except RecursionError:
        raise PlanError(f"{path}: is nested too deeply to be a plan.{hint}") from None
