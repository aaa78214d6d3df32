"""Help screens in exitplan's own words: the usage line, the help text, arguments, options and
commands, wrapped to the terminal; every heading and sentence through `_()`."""

from __future__ import annotations

import re
from typing import Any

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


def render_help(command: Any, ctx: Any) -> str:
    """A command's help screen in exitplan's words, wrapped to the terminal."""
    from exitplan.service.terminal import width
    from exitplan.views.term import squeeze, wrap

    columns = max(width(), 40)
    lines = [*wrap(_usage_line(command, ctx), columns, indent=4), ""]
    body = _(command.help) if command.help else ""
    for paragraph in body.strip().split("\n\n") if body else []:
        lines += [*wrap(squeeze(paragraph), columns, "  "), ""]
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
    if arguments:
        lines += [_("Arguments:"), *_rows(arguments, columns), ""]
    if options:
        lines += [_("Options:"), *_rows(options, columns), ""]
    if isinstance(command, TyperGroup):
        rows = []
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None and not getattr(sub, "hidden", False):
                rows.append((name, _short(_(sub.help) if sub.help else "")))
        lines += [_("Commands:"), *_rows(rows, columns), ""]
    return "\n".join(lines).rstrip("\n")
