"""Help screens in exitplan's own words: the usage line, the help text, arguments, options and
commands, wrapped to the terminal; every heading and sentence through `_()`.

`exitplan help` (and `exitplan --help`) is one screen a frightened person can take in at 80x24:
the few commands for today, then the topics (`TOPICS`) each listing a family of commands on a
screen of its own, and `exitplan help all` for every command and option on one page.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from typer.core import TyperArgument, TyperGroup

from exitplan.base.i18n import N_, _

# The names that stand for a value in help and usage errors ("ITEM", "--due DUE"): shown through
# `_()` like every other word (`shown_metavar`), so they are listed here for the catalog.
METAVARS = (
    N_("CHECKLIST"),
    N_("COMMAND"),
    N_("DATE"),
    N_("DUE"),
    N_("FILE"),
    N_("FILES"),
    N_("FINGERPRINT"),
    N_("FMT"),
    N_("FOLDER"),
    N_("FORMAT"),
    N_("ITEM"),
    N_("LANG"),
    N_("NAME"),
    N_("NUMBER"),
    N_("PLACE"),
    N_("PRIORITY"),
    N_("REASON"),
    N_("SECONDS"),
    N_("SHOW"),
    N_("TITLE"),
    N_("TYPED"),
    N_("WARN-DAYS"),
    N_("WHY"),
)


class Topic(NamedTuple):
    """A help page of its own: `exitplan help NAME` lists these commands ("log add" a sub)."""

    name: str  # typed as one word: in English, or as the language shows it (`_()`)
    title: str  # the page's heading (with its colon), through `_()`
    summary: str  # its line on the first screen, through `_()`
    commands: tuple[str, ...]  # a group ("log") brings its own commands after it


# The first screen: what a person may need today, in this order.
TODAY = ("status", "review", "done", "log add", "help-now", "wipe")
# Shorter than the command's own help where the row stands away from its family.
TODAY_WORDS = {
    "status": N_("Days left, and what needs attention."),
    "log add": N_("Write a new entry in your journal."),
    "help-now": N_("Crisis numbers now, with nothing asked."),
}
# Translators: the names of the help topics are typed after 'exitplan help': one word each, lower
# case, none of them the name of a command.
ALL_TOPIC = N_("all")
OPTIONS_TOPIC = N_("options")
TOPICS = (
    Topic(
        N_("steps"),
        N_("Your steps: what to do next, and what is done:"),
        N_("See, tick off, set aside and add steps."),
        ("status", "list", "show", "review", "done", "undo", "skip", "note", "add", "history"),
    ),
    Topic(
        N_("plan"),
        N_("Your plan: the date, your situation, where you live:"),
        N_("The date, your situation, your place, the summary."),
        ("init", "date", "situation", "region", "checklists", "summary"),
    ),
    Topic(
        N_("journal"),
        N_("Your journal:"),
        N_("Write entries, keep files, export, copy."),
        ("log",),
    ),
    Topic(
        N_("papers"),
        N_("Your documents, accounts and money:"),
        N_("Documents, accounts and devices, money."),
        ("documents", "accounts", "money"),
    ),
    Topic(
        N_("safety"),
        N_("Safety and privacy:"),
        N_("Crisis numbers, the phone check, encryption, wipe."),
        ("help-now", "phone-check", "encrypt", "passphrase", "decrypt", "wipe"),
    ),
    Topic(
        N_("files"),
        N_("The files exitplan keeps:"),
        N_("The data folder, earlier versions, checklist files."),
        ("where", "backups", "restore", "validate", "help"),
    ),
)
# A help page keeps within 80x24 with a row left for the shell's prompt.
SCREEN_ROWS = 24
TOPIC_NAMES = (*(topic.name for topic in TOPICS), OPTIONS_TOPIC, ALL_TOPIC)


def _plain_word(word: str) -> str:
    """A typed word without case or accents ("Sécurité" is "securite")."""
    import unicodedata

    parts = unicodedata.normalize("NFKD", word.strip().casefold())
    return "".join(c for c in parts if not unicodedata.combining(c))


def topic_named(word: str) -> str | None:
    """The help topic a typed word names (in English or in the language shown), or None."""
    wanted = _plain_word(word)
    for name in TOPIC_NAMES:
        if wanted in (_plain_word(name), _plain_word(_(name))):
            return name
    return None


def shown_metavar(param: Any) -> str:
    """How a parameter's value is named on screen ("ITEM", "FECHA"), in the chosen language."""
    name = str(param.metavar or param.name or "value").upper().replace("_", "-")
    return _(name)


def command_path(ctx: Any) -> str:
    """`exitplan note`, `exitplan log add`: the command as typed."""
    return str(getattr(ctx, "command_path", "") or "exitplan")


def help_hint(ctx: Any) -> str:
    """The command that shows the help of the command in `ctx`."""
    path = command_path(ctx).split()
    return " ".join(["exitplan", "help", *path[1:]])


def _usage_line(command: Any, ctx: Any) -> str:
    pieces: list[str] = []
    has_options = False
    for param in command.get_params(ctx):
        if isinstance(param, TyperArgument):
            name = shown_metavar(param)
            name += "..." if param.nargs != 1 else ""
            pieces.append(name if param.required else f"[{name}]")
        elif not getattr(param, "hidden", False):
            has_options = True
    if isinstance(command, TyperGroup):
        pieces = [_("[OPTIONS]"), _("COMMAND")] if has_options else [_("COMMAND")]
    elif has_options:
        pieces.append(_("[OPTIONS]"))
    return _("Usage: {command}").format(command=" ".join([command_path(ctx), *pieces]))


def is_help_option(param: Any) -> bool:
    """Whether a parameter is the help option the framework adds (-h, --help)."""
    return param.name == "help" and param.is_eager and not param.expose_value


def _option_row(param: Any, ctx: Any) -> tuple[str, str]:
    every = [*param.opts, *param.secondary_opts]
    names = ", ".join(sorted(every, key=lambda opt: opt.startswith("--")))  # -p before --priority
    if is_help_option(param):
        return names, _("Show this help.")
    if not getattr(param, "is_flag", False):
        names += f" {shown_metavar(param)}"
    text = _(param.help) if getattr(param, "help", None) else ""
    extras: list[str] = []
    low, high = getattr(param, "min", None), getattr(param, "max", None)
    if low is not None and high is not None:
        extras.append(_("from {low} to {high}").format(low=low, high=high))
    default = param.default
    shown = getattr(param, "show_default", True) is not False and not getattr(param, "is_flag", 0)
    if shown and default not in (None, False, (), []) and not callable(default):
        extras.append(_("default: {value}").format(value=getattr(default, "value", default)))
    envvar = param.envvar
    if envvar and getattr(param, "show_envvar", True):
        names_env = envvar if isinstance(envvar, str) else ", ".join(envvar)
        extras.append(_("or set {variable}").format(variable=names_env))
    if extras:
        # Translators: what goes between two remarks in brackets ("default 7; from 0 to 365").
        between = _("; ")
        said = between.join(extras)
        stop = "." if text.endswith(".") else ""
        body = text.removesuffix(".")
        if body.endswith(")"):  # one pair of brackets: "(default 7; from 0 to 365)"
            text = f"{body[:-1]}{between}{said}){stop}"
        else:
            text = f"{body} ({said}){stop}" if body else said
    return names, text


def _rows(rows: list[tuple[str, str]], columns: int) -> list[str]:
    from exitplan.views.term import wrap

    if not rows:
        return []
    left = min(max(len(name) for name, _text in rows), 30) + 4
    out: list[str] = []
    for name, text in rows:
        if len(name) + 4 > left or left + 20 > columns:
            out += wrap(name, columns, "  ", indent=4)
            out += wrap(text, columns, " " * 6) if text else []
        else:
            out += wrap(text or "", columns, f"  {name}".ljust(left), indent=left)
    return out


def _short(text: str) -> str:
    from exitplan.views.term import squeeze

    first = (text or "").strip().split("\n\n")[0]
    return squeeze(re.split(r"(?<=\.) ", squeeze(first), maxsplit=1)[0])


def _columns() -> int:
    from exitplan.service.terminal import width

    return max(width(), 40)


def _sub(group: Any, ctx: Any, name: str) -> tuple[Any, Any] | None:
    """A command of a group and its context, or None (hidden or unknown)."""
    command = group.get_command(ctx, name) if isinstance(group, TyperGroup) else None
    if command is None or getattr(command, "hidden", False):
        return None
    return command, type(ctx)(command, info_name=name, parent=ctx)


def _command_rows(root: Any, ctx: Any, paths: tuple[str, ...]) -> list[tuple[str, str]]:
    """(name as typed, first sentence of its help) for each command path. A group is one row
    naming its commands, or, as a topic's only command, a row for each of its commands."""
    rows: list[tuple[str, str]] = []
    for path in paths:
        command, context = root, ctx
        for name in path.split():
            found = _sub(command, context, name)
            if found is None:
                break
            command, context = found
        else:
            words = TODAY_WORDS.get(path) if paths == TODAY else None
            text = _(words) if words else _short(_(command.help or ""))
            if not isinstance(command, TyperGroup) or paths == TODAY:
                rows.append((path, text))
                continue
            subs = [n for n in command.list_commands(context) if _sub(command, context, n)]
            if len(paths) > 1:  # a family of groups: each one's commands named in its row
                names = ", ".join(subs)
                rows.append(
                    (path, _("{summary} Its commands: {names}.").format(summary=text, names=names))
                )
                continue
            for name in subs:  # a topic of one group: a row for each of its commands
                found = _sub(command, context, name)
                rows.append((f"{path} {name}", _short(_(found[0].help or "")) if found else ""))
    return rows


def _global_options(root: Any, ctx: Any) -> list[tuple[str, str]]:
    return [
        _option_row(p, ctx)
        for p in root.get_params(ctx)
        if not isinstance(p, TyperArgument) and not getattr(p, "hidden", False)
    ]


def _one_command_line() -> str:
    return _("One command in full: exitplan help COMMAND, e.g. exitplan help done")


def first_screen(root: Any, ctx: Any) -> str:
    """`exitplan help`: the commands for today, the quick hide, and the topics; 80x24."""
    from exitplan.views.term import wrap

    columns = _columns()
    lines = [*wrap(_usage_line(root, ctx), columns, indent=4), ""]
    lines += [_("For today:"), *_rows(_command_rows(root, ctx, TODAY), columns), ""]
    lines += [*wrap(_("At a question, Esc twice (or Ctrl-C) clears the screen at once."), columns)]
    lines += ["", _("More: exitplan help TOPIC")]
    topics = [(_(topic.name), _(topic.summary)) for topic in TOPICS]
    topics += [(_(OPTIONS_TOPIC), _("Options for every command: --home, --lang, --plain..."))]
    topics += [(_(ALL_TOPIC), _("Every command and option on one page."))]
    lines += [*_rows(topics, columns), *wrap(_one_command_line(), columns)]
    return "\n".join(lines)


def topic_screen(root: Any, ctx: Any, name: str) -> str:
    """`exitplan help steps` (one family of commands), `help options`, or `help all`."""
    from exitplan.views.term import wrap

    columns = _columns()
    if name == ALL_TOPIC:
        return full_help(root, ctx)
    if name == OPTIONS_TOPIC:
        heading = _("Options for every command, given before it (e.g. exitplan --lang es status):")
        lines = [*wrap(heading, columns), *_rows(_global_options(root, ctx), columns)]
    else:
        topic = next(topic for topic in TOPICS if topic.name == name)
        rows = _command_rows(root, ctx, topic.commands)
        lines = [*wrap(_(topic.title), columns), *_rows(rows, columns)]
    footer = ["", *wrap(_one_command_line(), columns)]
    if len(lines) + len(footer) < SCREEN_ROWS:  # the page keeps to one screen first
        lines += footer
    return "\n".join(lines)


def full_help(root: Any, ctx: Any) -> str:
    """`exitplan help all`: the usage, the options, and every command by topic."""
    from exitplan.views.term import squeeze, wrap

    columns = _columns()
    lines = [*wrap(_usage_line(root, ctx), columns, indent=4), ""]
    for paragraph in _(root.help).strip().split("\n\n") if root.help else []:
        lines += [*wrap(squeeze(paragraph), columns, "  "), ""]
    lines += [_("Options:"), *_rows(_global_options(root, ctx), columns), ""]
    for topic in TOPICS:
        rows = _command_rows(root, ctx, topic.commands)
        lines += [*wrap(_(topic.title), columns), *_rows(rows, columns), ""]
    return "\n".join(lines).rstrip("\n")


def render_help(command: Any, ctx: Any) -> str:
    """A command's help screen in exitplan's words, wrapped to the terminal (exitplan's own:
    the first screen)."""
    from exitplan.views.term import squeeze, wrap

    if ctx.parent is None and isinstance(command, TyperGroup):
        return first_screen(command, ctx)
    columns = _columns()
    lines = [*wrap(_usage_line(command, ctx), columns, indent=4), ""]
    body = _(command.help) if command.help else ""
    for paragraph in body.strip().split("\n\n") if body else []:
        lines += [*wrap(squeeze(paragraph), columns, "  "), ""]
    lines += _parameter_lines(command, ctx, columns)
    if isinstance(command, TyperGroup):
        lines += _subcommand_lines(command, ctx, columns)
    return "\n".join(lines).rstrip("\n")


def _parameter_lines(command: Any, ctx: Any, columns: int) -> list[str]:
    """A command's arguments, then its options (hidden ones left out), each under its heading."""
    arguments = [
        (shown_metavar(p) + ("..." if p.nargs != 1 else ""), _(p.help) if p.help else "")
        for p in command.get_params(ctx)
        if isinstance(p, TyperArgument)
    ]
    options = [
        _option_row(p, ctx)
        for p in command.get_params(ctx)
        if not isinstance(p, TyperArgument) and not getattr(p, "hidden", False)
    ]
    lines: list[str] = []
    if arguments:
        lines += [_("Arguments:"), *_rows(arguments, columns), ""]
    if options:
        lines += [_("Options:"), *_rows(options, columns), ""]
    return lines


def _subcommand_lines(group: Any, ctx: Any, columns: int) -> list[str]:
    """A group's commands (hidden ones left out), each with its help's first sentence."""
    rows = []
    for name in group.list_commands(ctx):
        sub = group.get_command(ctx, name)
        if sub is not None and not getattr(sub, "hidden", False):
            rows.append((name, _short(_(sub.help) if sub.help else "")))
    return [_("Commands:"), *_rows(rows, columns), ""]
