"""Help and usage errors in exitplan's own words: none of the framework's wording is shown.

Typer (0.29, which carries its own copy of Click) writes its messages as plain English literals
("Missing argument 'ITEM'", "Got unexpected extra argument(s)", "No such command", "Try
'exitplan -h' for help.", "Show this message and exit."), out of gettext's reach. This module is
the one place that turns each kind of usage error (by its class and its fields, never by its
wording) and every help screen into sentences written for the person, all through `_()`:

- `usage_words(exc)`: one sentence for a usage error, for one `Error: ...` line and exit code 2;
- `PlainCommand` / `PlainGroup`: help screens drawn here (`render_help`), extra words and
  unknown commands refused in our words;
- `help_command`: `exitplan help [COMMAND...]`.

`tests/e2e/test_usage_is_plain.py` renders every help screen and the common mistakes and fails
on any of the framework's sentences left over.
"""

from __future__ import annotations

import re
from difflib import get_close_matches
from typing import Annotated, Any

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from exitplan.base.i18n import N_, _, ngettext
from exitplan.cli.helpscreens import (
    command_path,
    help_hint,
    render_help,
    shown_metavar,
    topic_named,
    topic_screen,
)
from exitplan.cli.talk import helptext, visible

# The framework's usage error (a bad option, a missing argument), of which BadParameter is one.
UsageError: type[Exception] = next(
    kind for kind in typer.BadParameter.__mro__ if kind.__name__ == "UsageError"
)


class PlainUsage(typer.BadParameter):
    """A usage error already in exitplan's words: shown as it is."""


def _kind(exc: Exception) -> str:
    """The name of the framework's class of a usage error (its fields say the rest)."""
    return type(exc).__name__


# -- usage errors --------------------------------------------------------------------------


def usage_words(exc: Any) -> str:
    """One sentence (no "Error:") for a usage error, whatever raised it."""
    ctx = getattr(exc, "ctx", None)
    kind = _kind(exc)
    if isinstance(exc, PlainUsage):
        return str(exc.message)
    if kind == "MissingParameter":
        return _missing(exc, ctx)
    if kind == "NoSuchOption":
        return _no_such_option(exc, ctx)
    if kind == "BadOptionUsage":
        return _bad_option_usage(exc, ctx)
    if isinstance(exc, typer.BadParameter):
        return _bad_value(exc)
    return str(getattr(exc, "message", exc))  # our own UsageError text, or a stranger's


def _sentence(text: str | None) -> str:
    """A help text as part of a sentence: its first sentence, lower case, no full stop."""
    from exitplan.views.term import squeeze

    words = squeeze(_(text)) if text else ""
    first = re.split(r"(?<=\.) (?=[¿¡«]?[A-ZÀ-ÖØ-Þ])", words, maxsplit=1)[0]
    first = first.rstrip(".")
    return first[:1].lower() + first[1:] if first[1:2].islower() else first


def example_of(ctx: Any) -> str | None:
    """The example a command's help gives ("Example: exitplan note 3"), if any."""
    # "Example:" as the help is shown (its translation says "Ejemplo:" where the English does).
    marker = re.escape(_("Example:"))
    found = re.search(marker + r" (exitplan\b.*?)(?:\s{2,}|\n|$)", _help_of(ctx))
    return found.group(1).strip() if found else None


def _help_of(ctx: Any) -> str:
    command = getattr(ctx, "command", None)
    text = str(getattr(command, "help", "") or "")
    return _(text) if text else ""


def _with_example(text: str, ctx: Any) -> str:
    example = example_of(ctx)
    if example:
        return _("{sentence}. For example: {example}").format(sentence=text, example=example)
    return _("{sentence}. See: {help}").format(sentence=text, help=help_hint(ctx))


def param_name(param: Any) -> str:
    """How a parameter is written: `--output` for an option, `ITEM` for an argument."""
    if isinstance(param, TyperArgument) or getattr(param, "param_type_name", "") == "argument":
        return shown_metavar(param)
    longs = [opt for opt in getattr(param, "opts", []) if opt.startswith("--")]
    return longs[0] if longs else str((getattr(param, "opts", None) or [param.name])[0])


def _missing(exc: Any, ctx: Any) -> str:
    param = exc.param
    if param is None:
        return _("{command} needs more than was given").format(command=command_path(ctx))
    what = _sentence(getattr(param, "help", None))
    name = param_name(param)
    if what:
        text = _("{command} needs {name} ({what})").format(
            command=command_path(ctx), name=name, what=what
        )
    else:
        text = _("{command} needs {name}").format(command=command_path(ctx), name=name)
    return _with_example(text, ctx)


def _options_of(ctx: Any) -> list[str]:
    command = getattr(ctx, "command", None)
    if command is None:
        return []
    names: list[str] = []
    for param in command.get_params(ctx):
        option = isinstance(param, TyperOption) or param.param_type_name == "option"
        if option and not getattr(param, "hidden", False):
            names += [*param.opts, *param.secondary_opts]
    return names


def _no_such_option(exc: Any, ctx: Any) -> str:
    option = visible(exc.option_name)
    root = ctx.find_root() if ctx is not None else None
    if root is not None and root is not ctx and option in _options_of(root):
        return _(
            "{option} is an option of exitplan itself, so it goes before the command: "
            "exitplan {option} {command} ..."
        ).format(option=option, command=" ".join(command_path(ctx).split()[1:]))
    near = get_close_matches(option, _options_of(ctx), n=1)
    if near:
        return _("{command} has no option {option}; the nearest is {near}. See: {help}").format(
            command=command_path(ctx), option=option, near=near[0], help=help_hint(ctx)
        )
    return _("{command} has no option {option}. See: {help}").format(
        command=command_path(ctx), option=option, help=help_hint(ctx)
    )


def _option_param(ctx: Any, option: str) -> Any:
    command = getattr(ctx, "command", None)
    for param in command.get_params(ctx) if command is not None else []:
        if option in (*getattr(param, "opts", ()), *getattr(param, "secondary_opts", ())):
            return param
    return None


def _bad_option_usage(exc: Any, ctx: Any) -> str:
    param = _option_param(ctx, exc.option_name)
    option = visible(exc.option_name)
    if param is not None and getattr(param, "is_flag", False):
        return _("{option} takes no value: write it alone").format(option=option)
    what = _sentence(getattr(param, "help", None))
    if what:
        return _("{option} needs a value after it ({what})").format(option=option, what=what)
    return _("{option} needs a value after it").format(option=option)


# Typer's messages for a value it could not convert, and the words written for the person.
_VALUE_WORDS = (
    (re.compile(r"Input should be a valid integer.*"), N_("give a whole number, like 4")),
    (
        re.compile(r"Input should be less than or equal to (\S+)"),
        N_("give a number no higher than {0}"),
    ),
    (
        re.compile(r"Input should be greater than or equal to (\S+)"),
        N_("give a number of at least {0}"),
    ),
    (re.compile(r"Input should be less than (\S+)"), N_("give a number below {0}")),
    (re.compile(r"Input should be greater than (\S+)"), N_("give a number above {0}")),
    (re.compile(r"(?i:file|directory|path) '?(.*?)'? is a directory\."), N_("{0} is a folder")),
    (re.compile(r"(?i:file|directory|path) '?(.*?)'? is a file\."), N_("{0} is a file")),
    (
        re.compile(r"(?i:file|directory|path) '?(.*?)'? does not exist\."),
        N_("{0} does not exist"),
    ),
    (
        re.compile(r"(?i:file|directory|path) '?(.*?)'? is not readable\."),
        N_("{0} cannot be read"),
    ),
    (
        re.compile(r"(?i:file|directory|path) '?(.*?)'? is not writable\."),
        N_("{0} cannot be written"),
    ),
)
_NOT_ONE_OF = re.compile(r"'(.*)' is not one of ")


def plain_words(message: str) -> str:
    """A bad value's message without the validator's jargon ("Value error, ...", "Input should
    be a valid integer ..."), in words for the person."""
    message = message.removeprefix("Value error, ")
    for pattern, words in _VALUE_WORDS:
        found = pattern.fullmatch(message)
        if found:
            return _(words).format(*found.groups())
    return message


def _choices(param: Any) -> list[str]:
    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is None or not getattr(descriptor, "is_choice", False):
        return []
    return [str(getattr(choice, "value", choice)) for choice in descriptor.choices or []]


def _bad_value(exc: Any) -> str:
    param = exc.param
    hint = exc.param_hint
    name = (hint if isinstance(hint, str) else None) or (param_name(param) if param else None)
    choices = _choices(param) if param is not None else []
    typed = _NOT_ONE_OF.match(str(exc.message).removeprefix("Value error, "))
    if choices and typed:
        return _("'{value}' is not one of the choices for {name}; use one of: {choices}").format(
            value=visible(typed.group(1)), name=name, choices=", ".join(choices)
        )
    words = plain_words(str(exc.message))
    return _("{name}: {problem}").format(name=name, problem=words) if name else words


class _Plain:
    """What every exitplan command and group shares: its help and its refusals in our words."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The help screen, drawn by `render_help` (never the framework's)."""
        formatter.write(render_help(self, ctx) + "\n")

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Words the command does not take are refused in our words (never kept, never shown
        back beyond what is needed to find them)."""
        if isinstance(self, TyperGroup):
            try:
                return super().parse_args(ctx, args)  # type: ignore[misc, no-any-return]
            except UsageError as exc:
                if getattr(exc, "ctx", None) is None:
                    exc.ctx = ctx  # type: ignore[attr-defined]
                raise
        ctx.allow_extra_args = True
        try:
            rest: list[str] = super().parse_args(ctx, args)  # type: ignore[misc]
        except UsageError as exc:
            if getattr(exc, "ctx", None) is None:  # the parser's errors come without one
                exc.ctx = ctx  # type: ignore[attr-defined]
            raise
        if rest and not ctx.resilient_parsing:
            raise PlainUsage(extra_words(ctx, rest), ctx=ctx)
        return rest


def extra_words(ctx: Any, rest: list[str]) -> str:
    """Words after a command that it does not take (often a date written with spaces). A short
    slip is quoted back; text (a note typed on the command line, say) is only counted."""
    arguments = [p for p in ctx.command.params if isinstance(p, TyperArgument)]
    takes = [shown_metavar(p) for p in arguments]
    shown = " ".join(rest)
    if len(rest) <= 2 and len(shown) <= 20 and not any(" " in word for word in rest):
        extra = _("'{words}'").format(words=visible(shown))
    else:
        extra = ngettext("{n} more word", "{n} more words", len(rest)).format(n=len(rest))
    if takes:
        text = _("{command} takes {takes} and options; it cannot use {extra}").format(
            command=command_path(ctx), takes=" ".join(takes), extra=extra
        )
    else:
        text = _("{command} takes only options; it cannot use {extra}").format(
            command=command_path(ctx), extra=extra
        )
    if any(str(p.metavar).upper() == "DATE" for p in arguments):  # often "11 Jan 2027"
        text = _("{sentence} (a date is written like 2027-01-31)").format(sentence=text)
    return _with_example(text, ctx)


class PlainCommand(_Plain, TyperCommand):
    """A command whose help reads `ITEM...` and `--due DUE`, in exitplan's words."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            if isinstance(param, TyperOption) and not param.is_flag and param.metavar is None:
                param.metavar = (param.name or "value").upper().replace("_", "-")


class PlainGroup(_Plain, TyperGroup):
    """A group of commands (exitplan, exitplan log): an unknown command is said in our words."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """The command named first; an unknown one is refused with the nearest names."""
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            raise PlainUsage(unknown_command(self, ctx, name), ctx=ctx)
        return super().resolve_command(ctx, args)


def unknown_command(group: Any, ctx: Any, name: str) -> str:
    """'lis' is not an exitplan command; the nearest, and where the list is."""
    known = [n for n in group.list_commands(ctx) if n != "help"]
    near = get_close_matches(name, known, n=2)
    where = help_hint(ctx)
    shown = visible(name if len(name) <= 40 else name[:39] + "\u2026")
    if near:
        return _(
            "'{name}' is not a command of {group}; the nearest is {near}. '{where}' lists them all"
        ).format(name=shown, group=command_path(ctx), near=either(near), where=where)
    return _("'{name}' is not a command of {group}; '{where}' lists them all").format(
        name=shown, group=command_path(ctx), where=where
    )


def either(names: list[str]) -> str:
    """One name, or two joined as the language joins them ("help or helpp")."""
    if len(names) == 2:
        return _("{first} or {second}").format(first=names[0], second=names[1])
    return ", ".join(names)


@helptext(
    N_(
        "Show how to use exitplan: the commands for today, a topic (exitplan help lists them), "
        "or one command. Example: exitplan help note"
    )
)
def help_command(
    ctx: typer.Context,
    names: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="COMMAND", help=N_("The topic or command to explain, e.g. journal or log add.")
        ),
    ] = None,
) -> None:
    root = ctx.find_root()
    command: Any = root.command
    context: Any = root
    word = names[0] if names and len(names) == 1 else None
    topic = topic_named(word) if word is not None else None
    if topic is not None and command.get_command(context, word) is None:
        typer.echo(topic_screen(command, context, topic))
        return
    for name in names or []:
        sub = command.get_command(context, name) if isinstance(command, TyperGroup) else None
        if sub is None:
            if isinstance(command, TyperGroup):
                raise PlainUsage(unknown_command(command, context, name))
            raise PlainUsage(
                _("{command} has no commands of its own").format(command=command_path(context))
            )
        context = type(ctx)(sub, info_name=name, parent=context)
        command = sub
    typer.echo(render_help(command, context))
