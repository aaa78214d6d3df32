"""The catalog: every checklist that can be used, and where their files are.

Finding the files and telling whether one changed (its signature) is all this module does; a
file is read and validated by `checklistfile`, so the cache can check the files without pydantic.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from exitplan.base import typography
from exitplan.base.bundled import checklists_dir
from exitplan.base.i18n import ENGLISH, current, locale_tag, shared_language, words_for

if TYPE_CHECKING:
    from exitplan.domain.model import Checklist


def builtin_dir() -> Path:
    """The folder of built-in checklists (see `base.bundled`)."""
    return checklists_dir()


Signature = tuple[int, int, int, int]


def signature(path: Path) -> Signature:
    """What changes whenever a file's content can have changed: size, times and inode."""
    st = os.stat(path)
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


class Catalog(NamedTuple):
    """Every checklist available: the built-in ones and the person's own."""

    checklists: tuple[Checklist, ...]
    # Each file read, with its signature taken *before* reading, so a change during the read
    # makes the cache look stale rather than fresh.
    files: tuple[tuple[str, Signature], ...] = ()
    from_cache: bool = False
    # One line per personal checklist file left out because it cannot be used right now.
    problems: tuple[str, ...] = ()
    # False: read from the cache without the steps' texts (why, how, caution, sources, tags),
    # for the status screen, which shows none of them.
    texts: bool = True
    # The language of the built-in checklists' words, and the translation files read for it
    # (with their signatures, as `files`); see exitplan.formats.translation.
    language: str = ENGLISH
    translations: tuple[tuple[str, Signature], ...] = ()


def checklist_files(folder: Path) -> list[Path]:
    """The `*.toml` files in a folder, sorted; none if the folder does not exist."""
    if not folder.is_dir():
        return []
    return sorted(path for path in folder.glob("*.toml") if path.is_file())


def translation_files(language: str) -> list[Path]:
    """The translation files of the built-in checklists into a language (`checklists/es/`),
    sorted; none for English, the language they are written in. For a language in a country
    (`es_ES`, `fr_CA`), the language's shared files, then the country's override files
    (`checklists/es_ES/`), which word only what differs there."""
    code = shared_language(language)
    if code == ENGLISH:
        return []
    shared = checklist_files(builtin_dir() / code)
    return shared + checklist_files(builtin_dir() / language) if language != code else shared


def country_languages() -> list[str]:
    """The locales with override files of their own (`checklists/es_ES/`, `fr_CA/`), sorted."""
    folder = builtin_dir()
    try:
        names = sorted(entry.name for entry in os.scandir(folder) if entry.is_dir())
    except OSError:
        return []
    return [name for name in names if "_" in name and checklist_files(folder / name)]


def checklist_language(locale: str | None = None) -> str:
    """The words the built-in checklists are read in for a locale: 'es_ES' where the country
    has override files of its own (`checklists/es_ES/`) or its own punctuation ('fr_CA', see
    `base.typography`), else the language ('es' for es_AR),
    English for English. The catalog and its cache are kept under this name. The locale is the
    one chosen (`i18n.locale_tag()`) unless named."""
    if locale is None:
        locale = locale_tag() if current() != ENGLISH else ENGLISH
    if shared_language(locale) in {ENGLISH, locale}:
        return shared_language(locale)
    return words_for(locale, [*country_languages(), *typography.RULES])


def all_checklist_files(user_dir: Path | None) -> list[Path]:
    """The built-in checklist files, then the person's own."""
    paths = checklist_files(builtin_dir())
    if user_dir is not None:
        paths += checklist_files(user_dir)
    return paths
