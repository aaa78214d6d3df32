"""No English on a Spanish or French screen, and no string left unmarked.

Two checks on what the CLI shows:

- NO ENGLISH LEAK: every command's help (`exitplan --lang es X --help` and `exitplan --lang es
  help X`, and the same with `fr`) and the common usage errors, rendered in each language
  through CliRunner and in real processes with `LANG=es_ES.UTF-8` or `LANG=fr_CA.UTF-8`, must
  hold none of the framework's sentences
  (`FRAMEWORK_WORDS` of helpers_usage) and none of a list of common English words,
  matched as whole words. Command names, option names, file names and ids (anything with `-`,
  `.`, `/`, `=`, `_`) and the literal values an option takes are not words of the language, so
  they are left out.
- PSEUDO-LANGUAGE: a catalog made at test time from the source itself (Babel's extractor, the
  same map as `pybabel extract`), where every word of every msgstr is wrapped in ⟦ ⟧ and
  `{placeholders}` and markup stay as they are, is installed as the language "xx" over the main
  screens. A word outside ⟦ ⟧ is a string nobody marked, unless the line is content: a line whose
  words, in order, are found in the content files (checklists, region files) is content, and
  English day and month names are dates (the content and dates are translated elsewhere).
"""

from __future__ import annotations

import calendar
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from conftest import Run
from helpers import DATA, MONEY, PAPERS, REPO, child, cli, ok
from helpers_usage import command_paths, leftovers

from exitplan.base import i18n

PATHS = command_paths()

# Common English words: none of them is also a Spanish word (so not "no", "plan", "a", "me").
ENGLISH_WORDS = frozenset(
    re.findall(
        r"\S+",
        """
    the your you and with not step steps this that these those is are was were be been of to
    for from on at by it its or if when which what who how why there here every each only also
    more than then now today day days week weeks folder entry entries journal passphrase
    checklist backup shows give type press please again nothing changed saved kept needs
    default options arguments commands usage example see try use run write read ask asked
    without before after about can cannot will would should must has have had does already
    answer answers yes none nearest command option value number missing invalid such
    """,
    )
)
# Literal values that options take (typed as they are in every language) and proper nouns.
VALUES = frozenset(
    re.findall(
        r"\S+",
        """
    exitplan critical high normal low text markdown html json all open done skipped attention
    documents accounts money exit en es iphone android usb adb toml utf sha pdf enter ctrl
    """,
    )
)


def command_words() -> frozenset[str]:
    """Every command and group name: they are typed in English in every language."""
    return frozenset(word for path in PATHS for word in path)


SKIPPED_WORDS = VALUES | command_words()
# English words that French writes too: on a French screen they are French.
FRENCH_TOO = frozenset({"on", "type", "options", "option", "arguments", "journal", "usage"})
# Each language: how its help screens begin, the line of the help option, and the English words
# that are not English on its screens.
SPEECH = {
    "es": ("Uso: ", "Muestra esta ayuda.", frozenset()),
    "fr": ("Utilisation\u00a0: ", "Afficher cette aide.", FRENCH_TOO),
}


def flat(text: str) -> str:
    """Text with every run of white space one plain space (French holds no-break spaces)."""
    return " ".join(text.split())


def english_left(text: str, language: str = "es") -> list[str]:
    """The common English words in a text, outside names, options, files and ids."""
    also = SPEECH[language][2]
    found = []
    for token in text.split():
        if re.search(r"[-./=_~:@]\w", token) or token.startswith("-"):
            continue  # an option, a file name, an id, a path, a fingerprint
        for word in re.findall(r"[^\W\d_]+", token):
            lower = word.lower()
            if lower in ENGLISH_WORDS and lower not in SKIPPED_WORDS and lower not in also:
                found.append(word)
    return found


def spanish(*args: str, home: Path | None = None, language: str = "es") -> tuple[int, str, str]:
    result = cli(home, "--lang", language, *args)
    return result.exit_code, result.stdout, result.stderr


def test_the_english_word_check_can_fail() -> None:
    """The check finds English words, and leaves commands, options and files alone."""
    assert english_left("Usage: the note needs ITEM") == ["Usage", "the", "needs"]
    assert english_left("Uso: exitplan note PASO --clear journal-for-lawyer mine.toml") == []
    assert english_left("Show this help.") == ["this"]
    assert english_left("the options", "fr") == ["the"]


@pytest.mark.parametrize("language", SPEECH)
@pytest.mark.parametrize("path", PATHS, ids=lambda path: " ".join(path) or "exitplan")
def test_every_help_screen_is_in_the_language(path: tuple[str, ...], language: str) -> None:
    """`--help` and `help X` in Spanish and in French: the same screen, the language's headings,
    no English left."""
    usage, help_line, _also = SPEECH[language]
    code, screen, _err = spanish(*path, "--help", language=language)
    assert code == 0, screen
    assert screen.startswith(f"{usage}{' '.join(('exitplan', *path))}"), screen
    assert leftovers(screen) == [], screen
    assert english_left(screen, language) == [], screen
    # exitplan's own first screen leaves its options to `exitplan help options`
    options = screen if path else spanish("help", "options", language=language)[1]
    assert help_line in options
    assert spanish("help", *path, language=language)[1] == screen


@pytest.mark.parametrize("language", SPEECH)
def test_every_help_topic_is_in_the_language(language: str) -> None:
    """Each topic page (`exitplan help steps` ... `help all`) in Spanish and in French: no
    English left, none of the framework's words."""
    from exitplan.cli.helpscreens import TOPIC_NAMES

    for name in TOPIC_NAMES:
        code, screen, _err = spanish("help", name, language=language)
        assert code == 0, screen
        assert leftovers(screen) == [], screen
        assert english_left(screen, language) == [], screen


# (arguments, Spanish words the one error line must hold)
MISTAKES: list[tuple[tuple[str, ...], str]] = [
    (("helpp",), "'helpp' no es un comando de exitplan; el más parecido es help"),
    (("lis",), "el más parecido es list"),
    (("log", "ad"), "'ad' no es un comando de exitplan log"),
    (("help", "nope"), "'nope' no es un comando de exitplan"),
    (("list", "--foo"), "exitplan list no tiene la opción --foo"),
    (("list", "--al"), "la más parecida es --all"),
    (("done", "1", "--plain"), "--plain es una opción del propio exitplan"),
    (("note",), "exitplan note necesita PASO (número, id o parte de un id). Por ejemplo"),
    (("show",), "exitplan show necesita PASO"),
    (("validate",), "exitplan validate necesita ARCHIVOS"),
    (("log", "export"), "exitplan log export necesita --output"),
    (("help-now", "--region"), "--region necesita un valor después"),
    (("status", "--json=yes"), "--json no lleva ningún valor"),
    (("date", "--per-day", "x"), "--per-day: da un número entero, como 4"),
    (("date", "--warn-days", "999"), "da un número no mayor que 365"),
    (("log", "show", "0"), "da un número de al menos 1"),
    (
        ("add", MONEY, "x", "--priority", "urgent"),
        "'urgent' no es una de las opciones de --priority; usa una de estas: crítica, alta",
    ),
    (("summary", "--format", "pdf"), "usa una de estas: text, markdown, html, json"),
    (("date", "11", "Jan", "2027"), "no puede usar 'Jan 2027'"),
    (("log", "add", "he", "hit", "me"), "no puede usar 3 palabras más"),
    (("--today", "someday", "status"), "'someday' no es una fecha"),
]


# The same mistakes in French: (arguments, French words the one error line must hold).
MISTAKES_FR: list[tuple[tuple[str, ...], str]] = [
    (("helpp",), "« helpp » n'est pas une commande connue pour exitplan ; la plus proche est help"),
    (("lis",), "la plus proche est list"),
    (("log", "ad"), "« ad » n'est pas une commande connue pour exitplan log"),
    (("help", "nope"), "« nope » n'est pas une commande connue pour exitplan"),
    (("list", "--foo"), "exitplan list n'a pas d'option --foo"),
    (("list", "--al"), "la plus proche est --all"),
    (("done", "1", "--plain"), "--plain est une option d'exitplan lui-même"),
    (("note",), "exitplan note demande ÉTAPE (numéro, identifiant ou partie d'identifiant)."),
    (("show",), "exitplan show demande ÉTAPE"),
    (("validate",), "exitplan validate demande FICHIERS"),
    (("log", "export"), "exitplan log export demande --output"),
    (("help-now", "--region"), "--region demande une valeur après elle"),
    (("status", "--json=yes"), "--json ne prend pas de valeur"),
    (("date", "--per-day", "x"), "--per-day : donnez un nombre entier, comme 4"),
    (("date", "--warn-days", "999"), "donnez un nombre qui ne dépasse pas 365"),
    (("log", "show", "0"), "donnez un nombre d'au moins 1"),
    (("add", MONEY, "x", "--priority", "urgent"), "« urgent » ne fait pas partie des choix"),
    (("summary", "--format", "pdf"), "choisissez parmi : text, markdown, html, json"),
    (("date", "11", "Jan", "2027"), "ne peut pas utiliser « Jan 2027 »"),
    (("log", "add", "he", "hit", "me"), "ne peut pas utiliser 3 mots de plus"),
    (("--today", "someday", "status"), "« someday » n'est pas une date"),
]
ALL_MISTAKES = [("es", *mistake) for mistake in MISTAKES] + [
    ("fr", *mistake) for mistake in MISTAKES_FR
]
ERROR_WORD = {"es": "Error: ", "fr": "Erreur : "}


@pytest.mark.parametrize(
    ("language", "args", "words"), ALL_MISTAKES, ids=lambda v: " ".join(v) if v != str(v) else v
)
def test_common_mistakes_are_in_the_language(
    run: Run, plan_home: Path, language: str, args: tuple[str, ...], words: str
) -> None:
    """Each usage error: one `Error: ...` line in Spanish or French, exit 2, no English left."""
    result = run("--lang", language, *args)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    line = flat(lines[0])
    assert line.startswith(ERROR_WORD[language]), line
    assert flat(words) in line, line
    assert leftovers(line) == [], line
    assert english_left(line, language) == [], line


@pytest.mark.process
def test_a_real_process_speaks_spanish_from_lang() -> None:
    """`LANG=es_ES.UTF-8 exitplan ...` in a real process: help and mistakes in Spanish."""
    env = {"LANG": "es_ES.UTF-8"}
    shown = child("help", env=env, script=True)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("Uso: exitplan [OPCIONES] COMANDO")
    assert english_left(shown.stdout) == [], shown.stdout
    for args in (("lis",), ("note",), ("list", "--al"), ("date", "--warn-days", "999")):
        wrong = child(*args, env=env, script=True)
        assert wrong.returncode == 2, wrong.stderr
        assert wrong.stderr.startswith("Error: "), wrong.stderr
        assert leftovers(wrong.stderr) == [], wrong.stderr
        assert english_left(wrong.stderr) == [], wrong.stderr
    note = child("note", env=env, script=True).stderr
    assert "exitplan note necesita PASO" in note


@pytest.mark.process
@pytest.mark.parametrize("locale", ["fr_CA.UTF-8", "fr_FR.UTF-8", "fr_BE.UTF-8", "fr_CH.UTF-8"])
def test_a_real_process_speaks_french_from_lang(locale: str) -> None:
    """`LANG=fr_CA.UTF-8 exitplan ...` (or France's, Belgium's, Switzerland's) in a real process:
    help and mistakes in French."""
    env = {"LANG": locale}
    shown = child("help", env=env, script=True)
    assert shown.returncode == 0, shown.stderr
    assert flat(shown.stdout).startswith("Utilisation : exitplan [OPTIONS] COMMANDE")
    assert english_left(shown.stdout, "fr") == [], shown.stdout
    for args in (("lis",), ("note",), ("list", "--al"), ("date", "--warn-days", "999")):
        wrong = child(*args, env=env, script=True)
        assert wrong.returncode == 2, wrong.stderr
        assert flat(wrong.stderr).startswith("Erreur : "), wrong.stderr
        assert leftovers(wrong.stderr) == [], wrong.stderr
        assert english_left(wrong.stderr, "fr") == [], wrong.stderr
    assert "exitplan note demande ÉTAPE" in child("note", env=env, script=True).stderr


# -- the pseudo-language --------------------------------------------------------------------

PSEUDO = "xx"
_KEPT = re.compile(r"(\{[^{}]*\}|\[/?[a-z][a-z ]*\])")  # placeholders and markup tags


def pseudo(text: str) -> str:
    """Every word wrapped in ⟦ ⟧; {placeholders} and [markup] kept exactly."""
    parts = _KEPT.split(text)
    return "".join(
        part if index % 2 else re.sub(r"[^\W\d_]+", lambda m: f"⟦{m.group(0)}⟧", part)
        for index, part in enumerate(parts)
    )


@pytest.fixture
def pseudo_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A catalog "xx" of every marked string of the source, each visibly transformed, compiled
    into a locale folder the CLI reads instead of its own."""
    catalog = Catalog(locale="en", domain=i18n.DOMAIN)  # English plural rule: two forms
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(REPO), method_map=[("exitplan/**.py", "python")]
    ):
        if isinstance(message, tuple):
            catalog.add(message, tuple(pseudo(form) for form in message[:2]))
        elif message:
            catalog.add(message, pseudo(message))
    folder = tmp_path / "locale" / PSEUDO / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / f"{i18n.DOMAIN}.mo").open("wb") as handle:
        write_mo(handle, catalog)
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path / "locale")
    return PSEUDO


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W\d_]+", text)


def content_words() -> str:
    """Every word of the content the screens may show (the test checklists, the region files),
    in order, as one line: a screen line made only of content is found in it."""
    files = [DATA / f"{MONEY}.toml", DATA / f"{PAPERS}.toml"]
    files += sorted((REPO / "exitplan" / "data" / "regions").glob("*.toml"))
    text = " ".join(p.read_text(encoding="utf-8") for p in files)
    codes = " ".join(p.stem for p in files)  # a region's code is its file's name
    return f" {' '.join(_kept(_words(text))).lower()} {codes} "


def number_words() -> frozenset[str]:
    """Words inside the region files' numbers ("112 or 999"): content, shown among numbers."""
    text = " ".join(
        p.read_text(encoding="utf-8")
        for p in (REPO / "exitplan" / "data" / "regions").glob("*.toml")
    )
    return frozenset(w for value in re.findall(r'number = "([^"]*)"', text) for w in _words(value))


DATES = frozenset(
    [*calendar.day_name, *calendar.day_abbr, *calendar.month_name, *calendar.month_abbr][1:]
) - {""}


NUMBER_WORDS = number_words()
# Names that are the same in every language (the pseudo-language has no word for them).
NAMES = frozenset(
    re.findall(r"\S+", "exitplan xx en es utf sha toml json html pdf usb adb iphone android")
)


def _kept(words: list[str]) -> list[str]:
    """The words that count: not one letter (a key), a date, a name, a word of a number, nor a
    command or an option's value written in lower case as it is typed ("Done" counts)."""
    skipped = NAMES | NUMBER_WORDS
    return [
        w
        for w in words
        if len(w) > 1
        and w not in DATES
        and w.lower() not in skipped
        and not (w.islower() and w in SKIPPED_WORDS)
    ]


def unmarked(screen: str, content: str) -> list[str]:
    """The lines of a screen holding a word outside ⟦ ⟧ that is not content, a date, a command,
    an option, a file name, an id, a single letter (a key) or a quoted echo of what was typed.
    Each run of words between two marked words (or punctuation) is judged alone: it is content
    when its words are found, in order, in the content."""
    found = []
    for line in screen.splitlines():
        rest = line
        while True:  # innermost first: a translated text inside another's placeholder
            shorter = re.sub(r"⟦[^⟦⟧]*⟧", "\x00", rest)
            if shorter == rest:
                break
            rest = shorter
        tokens = []
        for token in rest.split():
            skip = re.search(r"[-./=_~:@#]\w", token) or token.startswith(("-", "'", '"'))
            tokens.append("\x00" if skip else token)
        for segment in re.split(r"[\x00(),;:·.!?]", " ".join(tokens)):
            kept = _kept(_words(segment))
            if kept and f" {' '.join(kept).lower()} " not in content:
                found.append(line)
                break
    return found


def test_the_pseudo_check_can_fail() -> None:
    """A word outside ⟦ ⟧ is found; words inside, commands and content are not."""
    content = " keep copies of your papers "
    assert unmarked("⟦Saved⟧ ⟦the⟧ exitplan note", content) == []
    assert unmarked("⟦Step⟧ 3: Keep copies", content) == []
    assert unmarked("⟦Error⟧: ⟦⟦Saved⟧ it⟧ here", content) == ["⟦Error⟧: ⟦⟦Saved⟧ it⟧ here"]
    assert unmarked("Done: #1 Keep copies", content) == ["Done: #1 Keep copies"]
    assert pseudo("{count} [bold]steps[/bold] left") == "{count} [bold]⟦steps⟧[/bold] ⟦left⟧"


SCREENS: list[tuple[str, ...]] = [
    ("status",),
    ("status", "--all"),
    ("list",),
    ("list", "--all"),
    ("list", "--done"),
    ("show", "1"),
    ("checklists",),
    ("summary",),
    ("history",),
    ("log",),
    ("log", "list"),
    ("log", "verify"),
    ("log", "fingerprint"),
    ("documents",),
    ("accounts",),
    ("money",),
    ("date",),
    ("region", "--list"),
    ("help-now",),
    ("help-now", "--all"),
    ("where",),
    ("backups",),
    ("done", "1"),
    ("undo", "1"),
    ("skip", "2", "--reason", "x"),
    ("note", "1", "--clear"),
    ("lis",),
    ("note",),
    ("list", "--al"),
    ("date", "--warn-days", "999"),
    ("show", "999"),
]


def test_every_help_screen_is_marked(pseudo_language: str) -> None:
    """Every help screen under the pseudo-language: each word came through the catalog."""
    content = content_words()
    missed = {}
    from exitplan.cli.helpscreens import TOPIC_NAMES

    for path in PATHS:
        screen = ok(cli(None, "--lang", pseudo_language, *path, "--help")).stdout
        if lines := unmarked(screen, content):
            missed[" ".join(path)] = lines
    for name in TOPIC_NAMES:  # the topic pages, typed by their English names
        screen = ok(cli(None, "--lang", pseudo_language, "help", name)).stdout
        if lines := unmarked(screen, content):
            missed[f"help {name}"] = lines
    assert missed == {}, "\n".join(f"{k}: {line}" for k, v in missed.items() for line in v)


def test_the_main_screens_are_marked(run: Run, plan_home: Path, pseudo_language: str) -> None:
    """Status, lists, a step, the summary, the journal, inventories, help-now, region, the
    changes and the common mistakes: no word on stdout or stderr escaped the catalog."""
    content = content_words()
    missed = {}
    for args in SCREENS:
        result = run("--lang", pseudo_language, *args)
        lines = unmarked(result.stdout + "\n" + result.stderr, content)
        if lines:
            missed[" ".join(args)] = lines
    assert missed == {}, "\n".join(f"{k}: {line}" for k, v in missed.items() for line in v)


def test_review_and_the_questions_are_marked(
    run: Run, plan_home: Path, pseudo_language: str
) -> None:
    """Review (keys read from a pipe), situation and inventory questions from a pipe."""
    content = content_words()
    missed = {}
    for args, typed in [
        (("review",), "\nx\nq\n"),
        (("situation",), "children = true\n"),
        (("documents", "add"), 'kind = "passport"\n'),
        (("money", "settings"), "threshold_weeks = 6\n"),
        (("region",), "Wales\n"),
    ]:
        result = run("--lang", pseudo_language, *args, input=typed)
        lines = unmarked(result.stdout + "\n" + result.stderr, content)
        if lines:
            missed[" ".join(args)] = lines
    assert missed == {}, "\n".join(f"{k}: {line}" for k, v in missed.items() for line in v)


def test_init_is_marked(run: Run, user_home: Path, pseudo_language: str) -> None:
    """Creating a plan, in the pseudo-language."""
    result = run("--lang", pseudo_language, "init", "--checklist", MONEY, "--exit-date", "+6w")
    assert result.exit_code == 0, result.stderr
    assert unmarked(result.stdout + "\n" + result.stderr, content_words()) == []


# -- answers in Spanish ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("s", "yes"), ("sí", "yes"), ("Si", "yes"), ("y", "yes"), ("yes", "yes"), ("n", "no")],
)
def test_yes_and_no_in_spanish(typed: str, meant: str) -> None:
    """Spanish answers first ("s" is "sí"), English ones where they do not clash."""
    from exitplan.cli.replies import NO, SKIP, YES, meaning

    i18n.install("es")
    assert meaning(typed) == meant
    assert meaning("s", (YES, NO, SKIP)) == "yes"  # never "skip" in Spanish
    assert meaning("omitir", (YES, NO, SKIP)) == "skip"
    assert meaning("quizás") is None
    i18n.install("en")
    assert meaning("s", (YES, NO, SKIP)) == "skip"
    assert meaning("sí") is None


def test_review_keys_in_spanish(run: Run, plan_home: Path) -> None:
    """Review in Spanish: Spanish key names; l (listo) ticks a step, o (omitir) skips one (never
    "a", which reads as "apartar", saving money), s (salir) stops."""
    result = run("--lang", "es", "review", input="l\ns\n")
    assert result.exit_code == 0, result.stderr
    assert "[l]isto  [o]mitir  [n]ota" in result.stderr
    assert "Hecho. Para deshacerlo: exitplan undo" in result.stderr
    assert "Revisión terminada." in result.stderr
    assert run("list", "--done").stdout.count("\n") >= 1
    again = run("--lang", "es", "review", input="x\nh\n")  # h still hides, as in English
    assert "Pulsa l, o, n, Enter, s o e: " in again.stderr
    assert again.exit_code == 0
    skipped = run("--lang", "es", "review", input="o\ns\n")
    assert "Omitido. Para deshacerlo: exitplan undo" in skipped.stderr


def test_wipe_asks_for_the_spanish_word(run: Run, plan_home: Path) -> None:
    """wipe in Spanish asks for BORRAR; 'borrar' in lower case is refused and erases nothing."""
    refused = run("--lang", "es", "wipe", input="borrar\n")
    assert refused.exit_code == 1
    assert "en mayúsculas, BORRAR" in refused.stderr
    assert plan_home.exists()
    done = run("--lang", "es", "wipe", input="BORRAR\n")
    assert done.exit_code == 0, done.stderr


@pytest.mark.parametrize("language", SPEECH)
def test_help_at_40_columns_fits(monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """At 40 columns no Spanish or French help line is wider than the screen, except an
    unbreakable word."""
    monkeypatch.setenv("COLUMNS", "40")
    for path in PATHS:
        screen = ok(cli(None, "--lang", language, *path, "--help")).stdout
        wide = [line for line in screen.splitlines() if len(line) > 40 and " " in line.strip()]
        assert wide == [], (path, wide)


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("o", "yes"), ("oui", "yes"), ("Oui", "yes"), ("y", "yes"), ("n", "no"), ("non", "no")],
)
def test_yes_and_no_in_french(typed: str, meant: str) -> None:
    """French answers first (o, oui, non, je ne sais pas, passer), English ones where they do not
    clash."""
    from exitplan.cli.replies import NO, SKIP, UNSURE, YES, meaning

    i18n.install("fr")
    assert meaning(typed) == meant
    assert meaning("je ne sais pas", (YES, NO, UNSURE)) == "unsure"
    assert meaning("passer", (YES, NO, SKIP)) == "skip"
    assert meaning("p", (YES, NO, SKIP)) == "skip"
    assert meaning("peut-être") is None
    i18n.install("en")
    assert meaning("oui") is None


def test_review_keys_in_french(run: Run, plan_home: Path) -> None:
    """Review in French: French key names; f (fait) ticks a step, q (quitter) stops."""
    result = run("--lang", "fr", "review", input="f\nq\n")
    assert result.exit_code == 0, result.stderr
    assert "[f]ait  [s]ans objet  [n]ote" in result.stderr
    assert "Faite. Pour annuler : exitplan undo" in flat(result.stderr)
    assert "Parcours terminé." in result.stderr
    assert run("list", "--done").stdout.count("\n") >= 1
    again = run("--lang", "fr", "review", input="x\nh\n")  # h still hides, as in English
    assert "Appuyez sur f, s, n, Entrée, q ou c : " in flat(again.stderr) + " "
    assert again.exit_code == 0


def test_wipe_asks_for_the_french_word(run: Run, plan_home: Path) -> None:
    """wipe in French asks for EFFACER; 'effacer' in lower case is refused and erases nothing."""
    refused = run("--lang", "fr", "wipe", input="effacer\n")
    assert refused.exit_code == 1
    assert "en majuscules, EFFACER" in refused.stderr
    assert plan_home.exists()
    done = run("--lang", "fr", "wipe", input="EFFACER\n")
    assert done.exit_code == 0, done.stderr
