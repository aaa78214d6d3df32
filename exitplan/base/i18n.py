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

A country's own words: a catalog named for a language and a country
(`exitplan/locale/es_MX/...`) holds only the messages worded differently there, and falls back to
the language's shared catalog (`es`) for the rest, as gettext's fallbacks do. The locale chosen
(`es_MX.UTF-8`, `--lang es-ES`) picks it; a locale with no catalog of its own (`es_AR`) reads the
shared words. The whole locale is kept either way (`locale_tag()`), since numbers, money and dates
are written as that country writes them (see `spoken`).

The catalogs are managed with Babel (see the README's Development section); at run time only the
standard library's `gettext` reads them. Stdlib only, importable anywhere.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from exitplan.base.bundled import bundled
from exitplan.base.limits import LANG_ENV

DOMAIN = "exitplan"
ENGLISH = "en"
LANG_OPTION = "--lang"
# gettext's own order: the first of these that is set (and not empty) decides.
LOCALE_ENV = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class _Catalog(Protocol):
    def gettext(self, message: str, /) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


_catalog: _Catalog | None = None
_current = ENGLISH
_locale = ENGLISH  # the whole locale chosen: 'es_MX' even where es_MX has no catalog of its own
_words = ENGLISH  # the catalog whose words are spoken: 'es_MX', or 'es' for the shared words


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


def locale_code(value: str) -> str:
    """A locale name as exitplan keeps it: 'es_MX' for es_MX.UTF-8, es-mx or ES_mx; the language
    alone where no two-letter country follows ('es' for es, es-419 or es@euro)."""
    base = value.strip().split(".")[0].split("@")[0].replace("-", "_")
    language, _sep, country = base.partition("_")
    country = country.split("_")[0]
    if len(country) == 2 and country.isascii() and country.isalpha():
        return f"{language.lower()}_{country.upper()}"
    return language.lower()


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
        return _chosen(named, known)
    for variable in LOCALE_ENV:
        value = environ.get(variable, "").strip()
        if not value:
            continue
        for part in value.split(":"):
            code = language_code(part)
            if code in known:
                return _chosen(part, known)
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


def _chosen(value: str, known: tuple[str, ...]) -> str:
    """A language exitplan speaks, with its country ('es_MX'); English for any other."""
    code = language_code(value)
    if code == ENGLISH or code not in known:
        return ENGLISH
    return locale_code(value)


def install(language: str) -> None:
    """Speak `language` from now on (English when it has no catalog): 'es', or a locale such as
    'es_MX', whose own catalog, where there is one, goes over the language's shared one."""
    # The one language of the process, set at start-up.
    global _catalog, _current, _locale, _words
    code = language_code(language)
    tag = locale_code(language)
    if code == ENGLISH or code not in available():
        english = code == ENGLISH  # en_GB stays en_GB: English dates and numbers need no catalog
        _catalog, _current, _locale, _words = None, ENGLISH, tag if english else ENGLISH, ENGLISH
        return
    import gettext

    shared = _read_catalog(gettext, code)
    if shared is None:
        _catalog, _current, _locale, _words = None, ENGLISH, ENGLISH, ENGLISH
        return  # a damaged catalog: English, never a traceback
    _catalog, _current, _locale, _words = shared, code, tag, code
    own = _read_catalog(gettext, tag) if tag != code else None
    if own is not None:  # a damaged country catalog: the shared words, never a traceback
        _catalog, _words = _Layered(own, shared), tag


class _Layered:
    """A country's own words over its language's shared ones.

    A message the country's catalog leaves untranslated reads as the shared catalog says it.
    Compiled catalogs carry an untranslated plural as its English words (Babel writes them so),
    so an answer that is still the English counts as untranslated too."""

    def __init__(self, own: _Catalog, shared: _Catalog) -> None:
        self.own, self.shared = own, shared

    def gettext(self, message: str, /) -> str:
        text = self.own.gettext(message)
        return self.shared.gettext(message) if text == message else text

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        text = self.own.ngettext(singular, plural, n)
        return self.shared.ngettext(singular, plural, n) if text in {singular, plural} else text


def _read_catalog(gettext: Any, name: str) -> Any:
    """The compiled catalog of a language or locale, or None when there is none or it is broken."""
    path = locale_dir() / name / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with path.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    except (OSError, ValueError):
        return None


def current() -> str:
    """The language being spoken ('en', 'es', ...)."""
    return _current


def locale_tag() -> str:
    """The whole locale chosen ('es_MX', 'es_AR', 'es', 'en'): how numbers, money and dates are
    written follows it, even where its words are the language's shared ones."""
    return _locale


def words() -> str:
    """The catalog whose words are spoken: 'es_MX' or 'es_ES' where the country has its own,
    else the language ('es', 'en')."""
    return _words


def shared_language(tag: str) -> str:
    """The language whose shared words a locale's own go over: 'es' for es_ES, fr for fr_CA."""
    return language_code(tag)


def words_for(tag: str, countries: Collection[str]) -> str:
    """The name a text's words are kept under for a locale: the locale itself where it has words
    of its own (one of `countries`: 'es_ES'), else its language ('es' for es_AR), 'en' for any
    English."""
    code = language_code(tag)
    if code == ENGLISH:
        return ENGLISH
    tag = locale_code(tag)
    return tag if tag != code and tag in countries else code


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


def labelled(label: str, value: str) -> str:
    """`label: value` on one line as the language writes it: French puts a no-break space
    before the colon (« Quand : hier »), which wrapping keeps and prints."""
    # Translators: a label and its value on one line ("Where: the kitchen").
    return _("{label}: {value}").format(label=label, value=value)
