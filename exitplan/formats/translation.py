"""Checklist translations: a built-in checklist's words in another language, with the same ids.

A translation file, `checklists/<language>/<checklist-id>.toml`, holds the checklist's title and
summary and, per step (`[item.<step-id>]`), the translated title, why, how and caution, and
`english`: the first 12 hex digits of the SHA-256 of the English texts it translates. When the
English words change, the hash no longer matches and the step keeps its English words until a
translator has checked it again (`scripts/translation-status` lists such steps and stamps them).

A country's own words: an override file, `checklists/<language>_<COUNTRY>/<checklist-id>.toml`
(`es_ES/housing.toml`, `fr_CA/digital.toml`), holds only the fields worded differently in that
country (a step's title, why, how or caution; the checklist's title or summary), each step with
the `english` hash of the English it was written against. Read for that locale over the
language's shared file: a field it leaves out reads as the shared file says it. A stale override
(its English changed since) is set aside and the step reads as the shared file says it.

Only words are translated: ids, dates, priorities, sources and the rest come from the English
checklist, so progress is kept when the language changes. `apply` is pure: it returns a new
Checklist and never touches the one it is given; `translated` applies every translation file
of a language to a catalog's built-in checklists (a person's own checklists keep their words).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Literal, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    model_validator,
)

from exitplan.base import typography
from exitplan.base.errors import ChecklistError
from exitplan.base.i18n import ENGLISH, _, shared_language
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

# A language ('es'), and a language in one country ('es_ES', 'fr_CA'), as locale names write them.
Language = Annotated[str, StringConstraints(pattern=r"^[a-z]{2,3}$")]
CountryLanguage = Annotated[str, StringConstraints(pattern=r"^[a-z]{2,3}_[A-Z]{2}$")]
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


@dataclass(frozen=True)
class StepOverride:
    """One step's words in one country, where they differ from the language's shared words."""

    english: str
    title: str | None = None
    why: str | None = None
    how: str | None = None
    caution: str | None = None

    def fields(self) -> tuple[str, ...]:
        """The names of the texts this override words differently."""
        return tuple(name for name in STEP_TEXTS if getattr(self, name) is not None)


@dataclass(frozen=True)
class Override:
    """One checklist's words in one country (`es_ES`), over its language's shared translation."""

    language: str
    checklist: str
    steps: dict[str, StepOverride]
    title: str | None = None
    summary: str | None = None


STEP_TEXTS = ("title", "why", "how", "caution")


class StepOverrideFile(BaseModel):
    """One `[item.<id>]` table of an override file: only the texts that differ, and the hash."""

    model_config = ConfigDict(extra="forbid")

    title: Title | None = None
    why: Text | None = None
    how: Text | None = None
    caution: Text | None = None
    english: EnglishHash

    @model_validator(mode="after")
    def _words(self) -> StepOverrideFile:
        if all(getattr(self, name) is None for name in STEP_TEXTS):
            raise ValueError("names no text to word differently (title, why, how or caution)")
        for name in STEP_TEXTS:
            text = getattr(self, name)
            for problem in placeholder_problems(text) if text else ():
                raise ValueError(f"'{name}' {problem}")
        return self


class OverrideFile(BaseModel):
    """An override file (schema version 1): a country's words over its language's file."""

    model_config = ConfigDict(extra="forbid")

    schema_version: Literal[1] = Field(alias="schema")
    language: CountryLanguage
    checklist: Slug
    title: (
        Annotated[
            str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100), Clean
        ]
        | None
    ) = None
    summary: Annotated[str, StringConstraints(max_length=1000), Clean] | None = None
    items: dict[Slug, StepOverrideFile] = Field(
        alias="item", default_factory=dict, max_length=100_000
    )

    def to_override(self) -> Override:
        """The validated override as plain data."""
        return Override(
            language=self.language,
            checklist=self.checklist,
            title=self.title,
            summary=self.summary,
            steps={
                step_id: StepOverride(
                    english=s.english, title=s.title, why=s.why, how=s.how, caution=s.caution
                )
                for step_id, s in self.items.items()
            },
        )


def translation_file(checklist_id: str, language: str, folder: Path | None = None) -> Path:
    """Where the translation of a checklist into a language is: `<folder>/<language>/<id>.toml`.

    The folder is the built-in checklists' own unless another is given.
    """
    return (folder or builtin_dir()) / language / f"{checklist_id}.toml"


def parse_translation(data: Mapping[str, object]) -> Translation:
    """Validate parsed translation data (raises pydantic's ValidationError)."""
    return TranslationFile.model_validate(data).to_translation()


def load_translation(path: Path) -> Translation:
    """Read and validate one translation file, raising ChecklistError naming every problem.

    The file must sit in a folder named after its language and be named after its checklist,
    as `checklists/es/digital.toml` is, so a file can never translate the wrong checklist.
    """
    return _load_placed(path, parse_translation)


def parse_override(data: Mapping[str, object]) -> Override:
    """Validate parsed override data (raises pydantic's ValidationError)."""
    return OverrideFile.model_validate(data).to_override()


def load_override(path: Path) -> Override:
    """Read and validate one override file, raising ChecklistError naming every problem.

    As a translation file, it must sit in a folder named after its locale (`es_ES`) and be named
    after its checklist."""
    return _load_placed(path, parse_override)


_Placed = TypeVar("_Placed", Translation, Override)


def _load_placed(path: Path, parse: Callable[[Mapping[str, object]], _Placed]) -> _Placed:
    """Read a translation or override file with `parse`; its file name must be its checklist
    and its folder its language, or one ChecklistError says which."""
    data = parse_toml(read_text(path, _("translation file")), path)
    try:
        parsed = parse(data)
    except ValidationError as exc:
        problems = "; ".join(describe_errors(exc, data))
        raise ChecklistError(f"{path}: {problems}") from None
    except RecursionError:
        raise ChecklistError(
            _("{path}: is nested too deeply to be a translation").format(path=path)
        ) from None
    if path.stem != parsed.checklist:
        raise ChecklistError(
            _("{path}: translates '{checklist}', which should match the file name '{stem}'").format(
                path=path, checklist=parsed.checklist, stem=path.stem
            )
        )
    if path.parent.name != parsed.language:
        raise ChecklistError(
            _(
                "{path}: is in the language '{language}', so it belongs in a folder '{language}'"
            ).format(path=path, language=parsed.language)
        )
    return parsed


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


@dataclass(frozen=True)
class OverrideDifferences:
    """How a country's override stands against its English checklist, in checklist order."""

    stale: tuple[str, ...]  # step ids whose English changed since the override was written
    extra: tuple[str, ...]  # 'step' the checklist does not have, or 'step:field' it has not


def compare_override(checklist: Checklist, override: Override) -> OverrideDifferences:
    """The overridden steps that are stale, and those (or their fields) that do not exist.

    A field exists where the English step has it (a how, a caution); a stale step is one whose
    English changed since, or whose texts name other local facts than the English does."""
    by_id = {item.id: item for item in checklist.items}
    stale, extra = [], []
    for step_id, step in override.steps.items():
        item = by_id.get(step_id)
        if item is None:
            extra.append(step_id)
            continue
        missing = [name for name in step.fields() if getattr(item, name) is None]
        extra += [f"{step_id}:{name}" for name in missing]
        if not missing and not _override_current(item, step):
            stale.append(step_id)
    order = {item.id: n for n, item in enumerate(checklist.items)}
    return OverrideDifferences(
        stale=tuple(sorted(stale, key=order.__getitem__)), extra=tuple(extra)
    )


def _override_current(item: Item, step: StepOverride) -> bool:
    """Whether an override still words the English the step has now, naming the same facts."""
    return step.english == item_hash(item) and all(
        set(fact_keys(getattr(step, name))) == set(fact_keys(getattr(item, name)))
        for name in step.fields()
    )


def overridden(item: Item, step: StepText, override: StepOverride | None) -> StepText:
    """A step's shared words with a country's own over them, where the override is current
    and words only texts the step has; else the shared words as they are."""
    if override is None or not _override_current(item, override):
        return step
    if any(getattr(item, name) is None for name in override.fields()):
        return step
    changed = {name: getattr(override, name) for name in override.fields()}
    return StepText(**{**step.__dict__, **changed})


def apply(
    checklist: Checklist, translation: Translation, override: Override | None = None
) -> Checklist:
    """The checklist with its words in the translation's language wherever they are current.

    A step with no translation, or one whose English has changed since it was translated,
    keeps its English words; everything but the words (ids, dates, sources) stays as it is.
    A country's override, when given, words its current steps over the shared translation.
    """
    if translation.checklist != checklist.id:
        raise ChecklistError(
            _("the translation of '{translated}' cannot be used for '{checklist}'").format(
                translated=translation.checklist, checklist=checklist.id
            )
        )
    if override is not None and override.checklist != checklist.id:
        raise ChecklistError(
            _("the translation of '{translated}' cannot be used for '{checklist}'").format(
                translated=override.checklist, checklist=checklist.id
            )
        )
    country = override.steps if override is not None else {}
    items = []
    for item in checklist.items:
        step = translation.steps.get(item.id)
        if step is None or not is_current(item, step):
            items.append(item)
            continue
        step = overridden(item, step, country.get(item.id))
        items.append(
            item.replace(title=step.title, why=step.why, how=step.how, caution=step.caution)
        )
    title = (override.title if override else None) or translation.title
    summary = (override.summary if override else None) or translation.summary
    return checklist.replace(title=title, summary=summary or checklist.summary, items=items)


def punctuated(checklist: Checklist, words: str) -> Checklist:
    """The checklist's words through the punctuation rule of the locale they are read for
    (Quebec's, over the shared French written in France's way); as it is where there is none."""
    rule = typography.rule_for(words)
    if rule is None:
        return checklist
    items = [
        item.replace(
            title=rule(item.title),
            why=rule(item.why),
            how=rule(item.how) if item.how is not None else None,
            caution=rule(item.caution) if item.caution is not None else None,
        )
        for item in checklist.items
    ]
    return checklist.replace(
        title=rule(checklist.title), summary=rule(checklist.summary), items=items
    )


def translated(catalog: Catalog, language: str) -> Catalog:
    """The catalog with its built-in checklists in a language, wherever a translation is current.

    `language` is a language ('es') or a language in a country with override files ('es_ES',
    see `catalog.checklist_language`): then the country's words go over the shared ones.
    A person's own checklists keep their own words. A translation file that cannot be read is
    a damaged installation: its checklist keeps its English words and says so once, in
    `problems`, rather than locking the person out of their plan.
    """
    if language == ENGLISH:
        return catalog
    builtin = {checklist.id: checklist for checklist in catalog.checklists if checklist.builtin}
    done: dict[str, Checklist] = {}
    problems = list(catalog.problems)
    files = translation_files(language)
    # Taken before reading, as the catalog's: the shared files, then the country's overrides.
    read = [(str(path), signature(path)) for path in files]
    shared = shared_language(language)
    overrides = {path.stem: path for path in files if path.parent.name != shared}
    for path in files:
        checklist = builtin.get(path.stem)
        if checklist is None or path.parent.name != shared:
            continue  # an override (read below), or a checklist this exitplan no longer has
        try:
            base = load_translation(path)
            own = overrides.get(path.stem)
            try:
                override = load_override(own) if own is not None else None
            except ChecklistError as exc:  # the country's words set aside, the shared ones kept
                problems.append(
                    _(
                        "Note: {problem}. Its steps show in the language's shared words until "
                        "exitplan is reinstalled."
                    ).format(problem=exc)
                )
                override = None
            done[checklist.id] = punctuated(apply(checklist, base, override), language)
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
