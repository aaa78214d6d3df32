"""Checklist translations: a built-in checklist's words in another language, with the same ids.

A translation file, `checklists/<language>/<checklist-id>.toml`, holds the checklist's title and
summary and, per step (`[item.<step-id>]`), the translated title, why, how and caution, and
`english`: the first 12 hex digits of the SHA-256 of the English texts it translates. When the
English words change, the hash no longer matches and the step keeps its English words until a
translator has checked it again (`scripts/translation-status` lists such steps and stamps them).

Only words are translated: ids, dates, priorities, sources and the rest come from the English
checklist, so progress is kept when the language changes. `apply` is pure: it returns a new
Checklist and never touches the one it is given; `translated` applies every translation file
of a language to a catalog's built-in checklists (a person's own checklists keep their words).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    model_validator,
)

from exitplan.base.errors import ChecklistError
from exitplan.base.i18n import ENGLISH, _
from exitplan.domain.region import fact_keys, placeholder_problems
from exitplan.formats.catalog import Catalog, builtin_dir, signature, translation_files
from exitplan.formats.checklistfile import parse_toml, read_text
from exitplan.formats.schema import Clean, Slug, Text, Title
from exitplan.formats.tomlerrors import describe_errors

if TYPE_CHECKING:
    from pathlib import Path

    from exitplan.domain.model import Checklist, Item

HASH_DIGITS = 12
# The unit separator: it cannot occur in a checklist text (control characters are refused).
SEPARATOR = "\x1f"

Language = Annotated[str, StringConstraints(pattern=r"^[a-z]{2,3}(-[A-Z]{2})?$")]
EnglishHash = Annotated[str, StringConstraints(pattern=rf"^[0-9a-f]{{{HASH_DIGITS}}}$")]


def english_hash(title: str, why: str, how: str | None = None, caution: str | None = None) -> str:
    """The short hash of one English step's texts, as a translation file records it."""
    joined = SEPARATOR.join([title, why, how or "", caution or ""])
    return hashlib.sha256(joined.encode("utf-8")).hexdigest()[:HASH_DIGITS]


def item_hash(item: Item) -> str:
    """The short hash of a step's English texts (as the checklist loader gives them)."""
    return english_hash(item.title, item.why, item.how, item.caution)


@dataclass(frozen=True)
class StepText:
    """One step's translated words, and the hash of the English words they translate."""

    title: str
    why: str
    english: str
    how: str | None = None
    caution: str | None = None


@dataclass(frozen=True)
class Translation:
    """One checklist's words in one language, by step id."""

    language: str
    checklist: str
    title: str
    summary: str
    steps: dict[str, StepText]


class StepFile(BaseModel):
    """One `[item.<id>]` table of a translation file."""

    model_config = ConfigDict(extra="forbid")

    title: Title
    why: Text
    how: Text | None = None
    caution: Text | None = None
    english: EnglishHash

    @model_validator(mode="after")
    def _placeholders(self) -> StepFile:
        # The same rule as an English step: every {{fact|words}} readable, known and worded.
        for name in ("title", "why", "how", "caution"):
            text = getattr(self, name)
            for problem in placeholder_problems(text) if text else ():
                raise ValueError(f"'{name}' {problem}")
        return self


class TranslationFile(BaseModel):
    """A translation file (schema version 1); the limits are those of a checklist file."""

    model_config = ConfigDict(extra="forbid")

    schema_version: Literal[1] = Field(alias="schema")
    language: Language
    checklist: Slug
    title: Annotated[
        str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100), Clean
    ]
    summary: Annotated[str, StringConstraints(max_length=1000), Clean] = ""
    items: dict[Slug, StepFile] = Field(alias="item", default_factory=dict, max_length=100_000)

    def to_translation(self) -> Translation:
        """The validated translation as plain data."""
        return Translation(
            language=self.language,
            checklist=self.checklist,
            title=self.title,
            summary=self.summary,
            steps={
                step_id: StepText(
                    title=s.title, why=s.why, how=s.how, caution=s.caution, english=s.english
                )
                for step_id, s in self.items.items()
            },
        )


def translation_file(checklist_id: str, language: str, folder: Path | None = None) -> Path:
    """Where the translation of a checklist into a language is: `<folder>/<language>/<id>.toml`.

    The folder is the built-in checklists' own unless another is given.
    """
    return (folder or builtin_dir()) / language / f"{checklist_id}.toml"


def parse_translation(data: dict[str, Any]) -> Translation:
    """Validate parsed translation data (raises pydantic's ValidationError)."""
    return TranslationFile.model_validate(data).to_translation()


def load_translation(path: Path) -> Translation:
    """Read and validate one translation file, raising ChecklistError naming every problem.

    The file must sit in a folder named after its language and be named after its checklist,
    as `checklists/es/digital.toml` is, so a file can never translate the wrong checklist.
    """
    data = parse_toml(read_text(path, _("translation file")), path)
    try:
        translation = parse_translation(data)
    except ValidationError as exc:
        problems = "; ".join(describe_errors(exc, data))
        raise ChecklistError(f"{path}: {problems}") from None
    except RecursionError:
        raise ChecklistError(
            _("{path}: is nested too deeply to be a translation").format(path=path)
        ) from None
    if path.stem != translation.checklist:
        raise ChecklistError(
            _("{path}: translates '{checklist}', which should match the file name '{stem}'").format(
                path=path, checklist=translation.checklist, stem=path.stem
            )
        )
    if path.parent.name != translation.language:
        raise ChecklistError(
            _(
                "{path}: is in the language '{language}', so it belongs in a folder '{language}'"
            ).format(path=path, language=translation.language)
        )
    return translation


def is_current(item: Item, step: StepText) -> bool:
    """True when a step's translation translates the English words the step has now.

    The hash must match; the translation must have a how and a caution exactly where the
    English has them (a half-translated step would mix the languages on one screen), and name
    the same local facts ({{court-order|...}}) in each text, so a place fills both alike.
    """
    return (
        step.english == item_hash(item)
        and (step.how is None) == (item.how is None)
        and (step.caution is None) == (item.caution is None)
        and all(
            set(fact_keys(getattr(step, name))) == set(fact_keys(getattr(item, name)))
            for name in ("title", "why", "how", "caution")
        )
    )


@dataclass(frozen=True)
class Differences:
    """How a translation stands against its English checklist: step ids, in checklist order."""

    missing: tuple[str, ...]  # English steps with no translation
    stale: tuple[str, ...]  # translated, but the English has changed since
    extra: tuple[str, ...]  # translated steps the English checklist no longer has


def compare(checklist: Checklist, translation: Translation) -> Differences:
    """The steps of a checklist whose translation is missing or stale, and the extra ones."""
    ids = {item.id for item in checklist.items}
    missing = tuple(item.id for item in checklist.items if item.id not in translation.steps)
    stale = tuple(
        item.id
        for item in checklist.items
        if item.id in translation.steps and not is_current(item, translation.steps[item.id])
    )
    extra = tuple(step_id for step_id in translation.steps if step_id not in ids)
    return Differences(missing=missing, stale=stale, extra=extra)


def apply(checklist: Checklist, translation: Translation) -> Checklist:
    """The checklist with its words in the translation's language wherever they are current.

    A step with no translation, or one whose English has changed since it was translated,
    keeps its English words; everything but the words (ids, dates, sources) stays as it is.
    """
    if translation.checklist != checklist.id:
        raise ChecklistError(
            _("the translation of '{translated}' cannot be used for '{checklist}'").format(
                translated=translation.checklist, checklist=checklist.id
            )
        )
    items = []
    for item in checklist.items:
        step = translation.steps.get(item.id)
        if step is None or not is_current(item, step):
            items.append(item)
            continue
        items.append(
            item.replace(title=step.title, why=step.why, how=step.how, caution=step.caution)
        )
    return checklist.replace(
        title=translation.title,
        summary=translation.summary or checklist.summary,
        items=items,
    )


def translated(catalog: Catalog, language: str) -> Catalog:
    """The catalog with its built-in checklists in a language, wherever a translation is current.

    A person's own checklists keep their own words. A translation file that cannot be read is
    a damaged installation: its checklist keeps its English words and says so once, in
    `problems`, rather than locking the person out of their plan.
    """
    if language == ENGLISH:
        return catalog
    builtin = {checklist.id: checklist for checklist in catalog.checklists if checklist.builtin}
    read = []
    done: dict[str, Checklist] = {}
    problems = list(catalog.problems)
    for path in translation_files(language):
        read.append((str(path), signature(path)))  # taken before reading, as the catalog's
        checklist = builtin.get(path.stem)
        if checklist is None:
            continue  # a translation of a checklist this exitplan no longer has
        try:
            done[checklist.id] = apply(checklist, load_translation(path))
        except ChecklistError as exc:
            problems.append(
                _(
                    "Note: {problem}. Its steps show in English until exitplan is reinstalled."
                ).format(problem=exc)
            )
    return catalog._replace(
        checklists=tuple(done.get(c.id, c) if c.builtin else c for c in catalog.checklists),
        problems=tuple(problems),
        language=language,
        translations=tuple(read),
    )
