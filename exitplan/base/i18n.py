"""The language exitplan speaks: chosen once at start-up, then used through `_()` and `ngettext()`.

Every string a person reads is written in English in the code and marked for translation:

- `_("Saved.")` at the point of use, and `ngettext("{n} step", "{n} steps", n)` where a number
  decides the form (fill the placeholders with `.format()` after translating, never before);
- `N_("...")` marks a module-level constant, which is translated where it is shown
  (`_(CONSTANT)`): a module is imported before the language is chosen, so a `_()` at import
  time would always speak English.

The language is chosen, first match wins, from `--lang` on the command line, `EXITPLAN_LANG`,
then the usual environment as gettext reads it (`LANGUAGE`, a colon-separated list, then
`LC_ALL`, `LC_MESSAGES`, `LANG`: the first one set decides), then, where none is set, the
language of the system's own menus (Windows and macOS, `os_language`), then English. Only
languages with a compiled catalog in `exitplan/locale/<lang>/LC_MESSAGES/exitplan.mo` can be
chosen; any other choice reads as English. English needs no catalog, and `gettext` is not even
imported for it.

The catalogs are managed with Babel (see the README's Development section); at run time only the
standard library's `gettext` reads them. Stdlib only, importable anywhere.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Protocol

from exitplan.base.bundled import bundled

DOMAIN = "exitplan"
ENGLISH = "en"
LANG_OPTION = "--lang"
LANG_ENV = "EXITPLAN_LANG"
# gettext's own order: the first of these that is set (and not empty) decides.
LOCALE_ENV = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class _Catalog(Protocol):
    def gettext(self, message: str, /) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


_catalog: _Catalog | None = None
_current = ENGLISH


def locale_dir() -> Path:
    """The folder of compiled catalogs inside the package."""
    return bundled("locale")


def available() -> tuple[str, ...]:
    """The languages exitplan can speak: English, and every language with a compiled catalog."""
    found = set()
    folder = locale_dir()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        entries = []
    for entry in entries:
        # es_MX: a country's own words over a language's catalog, not a language of its own
        if "_" not in entry.name and (Path(entry.path) / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file():
            found.add(entry.name)
    return (ENGLISH, *sorted(found - {ENGLISH}))


def language_code(value: str) -> str:
    """The language part of a locale name: 'es' for es_MX.UTF-8, es-419 or ES."""
    code = value.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0]
    return code.lower()


def spoken(value: str) -> str | None:
    """The code of the language a `--lang` value or a locale names, when exitplan speaks it."""
    code = language_code(value)
    return code if code in available() else None


def leading_languages(argv: Sequence[str]) -> tuple[list[str | None], tuple[str, ...]]:
    """The values of the `--lang X` / `--lang=X` options that open a command line, and the rest
    of it (a `--lang` with nothing after it gives None)."""
    args, values = list(argv), []
    while args and (args[0] == LANG_OPTION or args[0].startswith(LANG_OPTION + "=")):
        if args[0] == LANG_OPTION:
            values.append(args[1] if len(args) > 1 else None)
            args = args[2:]
        else:
            values.append(args[0].split("=", 1)[1])
            args = args[1:]
    return values, tuple(args)


def from_argv(argv: Sequence[str]) -> str | None:
    """The value of `--lang X` or `--lang=X` on a command line (the last one wins), or None."""
    found = None
    args = iter(argv)
    for arg in args:
        if arg == "--":
            break
        if arg == LANG_OPTION:
            found = next(args, None)
        elif arg.startswith(LANG_OPTION + "="):
            found = arg.split("=", 1)[1]
    return found


def choose(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language to speak, from the command line and the environment (see the module's doc)."""
    known = available()
    named = from_argv(argv) or environ.get(LANG_ENV, "").strip()
    if named:
        return spoken(named) or ENGLISH
    for variable in LOCALE_ENV:
        value = environ.get(variable, "").strip()
        if not value:
            continue
        for part in value.split(":"):
            code = language_code(part)
            if code in known:
                return code
            if code in {"c", "posix"}:
                return ENGLISH
        return ENGLISH
    system = os_language()
    if system is not None and language_code(system) in known:
        return language_code(system)
    return ENGLISH


def os_language() -> str | None:
    """The language of the system's own menus where no variable names one: Windows sets no
    locale variables, and a Mac's Terminal may not. None on other systems, or when unknown."""
    if sys.platform == "win32":
        import ctypes
        import locale

        try:
            langid = ctypes.WinDLL("kernel32").GetUserDefaultUILanguage()
        except (OSError, AttributeError):
            return None
        return locale.windows_locale.get(int(langid))
    if sys.platform == "darwin":
        return _mac_language()
    return None


MAC_DEFAULTS = "/usr/bin/defaults"  # by full path: never a program of that name elsewhere
_MAC_FIRST = re.compile(r'\(\s*"?([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)*)"?')


def _mac_language() -> str | None:
    """The first of the Mac's preferred languages (System Settings, Language & Region).

    `defaults` reads the person's own settings file: no network, a few milliseconds.
    """
    import subprocess

    try:
        done = subprocess.run(
            [MAC_DEFAULTS, "read", "-g", "AppleLanguages"],
            capture_output=True,
            text=True,
            timeout=2,
            check=False,
            stdin=subprocess.DEVNULL,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    found = _MAC_FIRST.match(done.stdout.strip()) if done.returncode == 0 else None
    return found.group(1) if found else None


def install(language: str) -> None:
    """Speak `language` from now on (English when it has no catalog)."""
    global _catalog, _current  # noqa: PLW0603 (the one language of the process, set at start-up)
    code = language_code(language)
    if code == ENGLISH or code not in available():
        _catalog, _current = None, ENGLISH
        return
    import gettext

    path = locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with path.open("rb") as handle:
            _catalog = gettext.GNUTranslations(handle)
    except (OSError, ValueError):
        _catalog, _current = None, ENGLISH  # a damaged catalog: English, never a traceback
        return
    _current = code


def current() -> str:
    """The language being spoken ('en', 'es', ...)."""
    return _current


def _(message: str) -> str:
    """The message in the chosen language (the English text when it has no translation).

    An empty message stays empty: gettext would answer it with the catalog's header."""
    return message if _catalog is None or not message else _catalog.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number `n`, in the chosen language."""
    if _catalog is None:
        return singular if n == 1 else plural
    return _catalog.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a module-level string for translation; translate it where it is shown."""
    return message
