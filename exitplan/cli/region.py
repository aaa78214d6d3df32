"""The `region` command: where you live, which chooses the names, services and numbers the plan
speaks of. Typed at a question or piped in, never on the command line, where shell history
would keep it; kept in the plan, sealed with it when it is encrypted."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, NamedTuple

import typer

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import N_, _
from exitplan.cli import keyboard
from exitplan.cli.common import JsonOpt, env_of, render, say
from exitplan.cli.talk import helptext

if TYPE_CHECKING:
    from exitplan.cli.common import Env
    from exitplan.service.changes import PlaceSaved
    from exitplan.service.place import Place

INTRO = N_(
    "Where you live chooses the names of the orders you can ask for, the services and the "
    "numbers your plan speaks of. It stays in your plan on this computer, sealed with it when "
    "it is encrypted."
)
NO_ARGUMENT = N_(
    "where you live is never typed on the command line, where shell history keeps it: run "
    "'exitplan region' and type it at the question, or pipe it in (echo Wales | exitplan region)"
)
# Translators: the answers that clear where you live, lower case, separated by |.
CLEAR = N_("none|clear|no region|nowhere")
# Translators: the answers that list the places exitplan knows, lower case, separated by |.
LIST = N_("list|?|help")
CLEAR_WORDS = frozenset({"none", "clear", "no region", "nowhere"})
LIST_WORDS = frozenset({"list", "?", "help"})


def said(reply: str, english: frozenset[str], marked: str) -> bool:
    """Whether a reply is one of the words (English, or the language spoken)."""
    words = {word.strip().casefold() for word in _(marked).split("|") if word.strip()}
    return reply.strip().casefold() in english | words


class Answer(NamedTuple):
    """A place typed at the question: its code (None: clear it), or keep what there is."""

    code: str | None
    keep: bool = False


KEEP = Answer(None, keep=True)


@helptext(
    N_(
        "Choose where you live: your country, and your state, province or "
        "nation.\n"
        "\n"
        "Asked at a question; from a pipe, one name is read: echo Scotland | "
        "exitplan region"
    )
)
def region(
    ctx: typer.Context,
    typed: Annotated[
        list[str] | None, typer.Argument(hidden=True, show_default=False, metavar="")
    ] = None,
    show_list: Annotated[
        bool, typer.Option("--list", help=N_("Every place exitplan knows, with its code."))
    ] = False,
    clear: Annotated[bool, typer.Option("--clear", help=N_("Forget where you live."))] = False,
    as_json: JsonOpt = False,
) -> None:
    if typed:
        raise ExitplanError(_(NO_ARGUMENT))
    if show_list:
        from exitplan.service.reading import place_list

        render(place_list(), json=False)  # the list is for a person, with or without --json
        return
    from exitplan.service.reading import place_facts

    env = env_of(ctx)
    env.ws.require_plan()
    # --json shows the place and its facts; otherwise the place is chosen (or cleared).
    render(place_facts(env.ws) if as_json else chosen(env, clear=clear), json=as_json)


def chosen(env: Env, *, clear: bool) -> PlaceSaved:
    """The place cleared, asked at the terminal or read from a pipe, kept in the plan; a stop at
    the question ends the run as any stopped prompt does (130 for Ctrl-C, 1 at end of input)."""
    from exitplan.service.changes import save_place

    if clear:
        answer = Answer(None)
    elif keyboard.someone_typing():
        for line in wrap_words(_(INTRO)):
            say(line)
        asked = ask_place(env.ws.state().region)
        if isinstance(asked, int):
            from exitplan.cli.prompts import STOPPED

            say(_(STOPPED))
            raise typer.Exit(asked)
        answer = asked
    else:
        answer = read_place(keyboard.piped_text(-1))
    return save_place(env.ws, answer.code, keep=answer.keep)


def wrap_words(text: str) -> list[str]:
    """A paragraph wrapped to the terminal."""
    from exitplan.service.terminal import width
    from exitplan.views.term import wrap

    return wrap(text, width())


def country_lines() -> list[str]:
    """The countries, as the list at the question shows them: a few wrapped lines that fit the
    screen (a country whose law differs by part asks which part next)."""
    from exitplan.service.place import list_of_countries

    names = ", ".join(f"{place.name} ({place.code})" for place in list_of_countries())
    return [
        *wrap_words(names + "."),
        *wrap_words(
            _(
                "Where the law differs by state, province or nation, exitplan asks which next. "
                "Every place with its code: exitplan region --list"
            )
        ),
    ]


def in_columns(items: list[str], columns: int) -> list[str]:
    """Items in as many columns as `columns` allows, read down each column (never cut)."""
    widest = max((len(item) for item in items), default=0) + 2
    across = max(1, columns // widest)
    rows = -(-len(items) // across)
    return [
        "".join(
            items[column * rows + row].ljust(widest)
            for column in range(across)
            if column * rows + row < len(items)
        ).rstrip()
        for row in range(rows)
    ]


def read_place(text: str) -> Answer:
    """The place piped in: its first line ('none' clears it)."""
    from exitplan.service.place import find

    words = next((line.strip() for line in text.splitlines() if line.strip()), "")
    if not words:
        raise ExitplanError(_("no place was given, so nothing changed: pipe in a name, like Wales"))
    if said(words, CLEAR_WORDS, CLEAR):
        return Answer(None)
    return Answer(find(words).code)


def ask_place(current: str | None, number: str = "") -> Answer | int:
    """Where the person lives, asked at the terminal (and, for a country with parts, which).

    Returns the answer, or the exit code when they stopped (130 for Ctrl-C, 1 at the end of
    input). An unknown name is said in one line and asked again.
    """
    from exitplan.service.place import find, label_of

    now = label_of(current) or _("not chosen")
    question = number + _(
        "Where do you live? (now: {now}; a country, state, province or nation; 'list' shows "
        "them, 'none' clears it, Enter keeps it)"
    ).format(now=now)
    while True:
        reply = _prompt(question)
        if isinstance(reply, int):
            return reply
        if not reply:
            return KEEP
        if said(reply, CLEAR_WORDS, CLEAR):
            return Answer(None)
        if said(reply, LIST_WORDS, LIST):
            for line in country_lines():
                say(line)
            continue
        try:
            place = find(reply)
        except ExitplanError as exc:
            say(str(exc)[:1].upper() + str(exc)[1:])
            continue
        return ask_part(place)


def ask_part(country: Place) -> Answer | int:
    """For a country whose law differs by part: which part (Enter keeps the whole country)."""
    from exitplan.service.place import parts

    among = parts(country)
    if not among:
        return Answer(country.code)
    word = country.parts or "part"
    question = _(
        "{country}: which {part}? The law differs between them ('list' shows them, Enter "
        "keeps {country})"
    ).format(part=word, country=country.name)
    while True:
        reply = _prompt(question)
        if isinstance(reply, int):
            return reply
        if not reply:
            return Answer(country.code)
        if said(reply, LIST_WORDS, LIST):
            say_parts(among)
            continue
        found = part_named(reply, among)
        if found is not None:
            return Answer(found.code)
        say(
            _("{country} has no {part} called '{reply}'; type 'list' to see them.").format(
                country=country.name, part=word, reply="".join(filter(str.isprintable, reply))
            )
        )


def say_parts(among: tuple[Place, ...]) -> None:
    """A country's parts, numbered, in columns that fit the terminal."""
    from exitplan.service.terminal import width

    numbered = [f"{number:>2}. {part.name}" for number, part in enumerate(among, 1)]
    for line in in_columns(numbered, width()):
        say(line)


def part_named(reply: str, among: tuple[Place, ...]) -> Place | None:
    """The part a reply names: its number in the list, or its name."""
    from exitplan.service.place import choose_part

    if reply.isdigit() and 1 <= int(reply) <= len(among):
        return among[int(reply) - 1]
    return choose_part(reply, among)


def _prompt(question: str) -> str | int:
    """One typed reply, stripped; or the exit code when the person stopped."""
    from exitplan.cli.prompts import Stopped, typed  # line editing, no history

    try:
        return typed(question).strip()
    except Stopped as halt:
        typer.echo("", err=True)
        return halt.code
