"""Checking checklist files, and crisis numbers that need no plan."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from exitplan.base.errors import ChecklistProblems
from exitplan.base.i18n import N_, _
from exitplan.cli.common import JsonOpt, say
from exitplan.cli.talk import helptext

if TYPE_CHECKING:
    from exitplan.cli.common import Env


@helptext(
    N_(
        "Check checklist (or region) files and report every problem.\n"
        "\n"
        "With --coverage: for every place, which steps use its own sourced facts, which keep "
        "general words (and why), and which are missing.\n"
        "\n"
        "Example: exitplan validate mine.toml"
    )
)
def validate(
    files: Annotated[
        list[Path] | None, typer.Argument(help=N_("Checklist files to check."))
    ] = None,
    coverage: Annotated[
        bool,
        typer.Option(
            "--coverage", help=N_("Report, place by place, the local facts the steps use.")
        ),
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    if coverage:
        report_coverage(as_json)
        return
    if not files:
        raise typer.BadParameter(
            _("{command} needs {name}, or {option}").format(
                command="exitplan validate", name=_("FILES"), option="--coverage"
            )
        )
    from exitplan.cli.common import render
    from exitplan.service.reading import file_checks

    checks = file_checks(files)
    render(checks, json=False)  # --json is for --coverage; files are reported in words
    if checks.problems:
        raise ChecklistProblems(list(checks.problems))


def report_coverage(as_json: bool) -> None:
    """Print the coverage report; exit 1 when a place kept complete has a missing cell."""
    from exitplan.cli.common import render
    from exitplan.service.reading import coverage_report

    report = coverage_report()
    render(report, json=as_json)
    if report.incomplete:
        raise ChecklistProblems([_("a place kept complete has a missing local fact")])


@helptext(
    N_(
        "Show crisis numbers now, with nothing asked: where you live first.\n"
        "\n"
        "Works with no plan and never needs the passphrase. Example: exitplan "
        "help-now --region Wales"
    )
)
def help_now(
    ctx: typer.Context,
    region: Annotated[
        str | None,
        typer.Option(
            "--region",
            "-r",
            metavar="PLACE",
            help=N_(
                "The numbers for this place: a country, state, province or nation, by name "
                'or code ("United Kingdom", Scotland, Ontario, au-nsw). Nothing is saved.'
            ),
            show_default=False,
        ),
    ] = None,
    sources: Annotated[
        bool, typer.Option("--sources", help=N_("Show where each number was checked, and when."))
    ] = False,
    every: Annotated[bool, typer.Option("--all", help=N_("Every number exitplan knows."))] = False,
    as_json: JsonOpt = False,
) -> None:
    from exitplan.cli.common import env_of, render
    from exitplan.cli.keyboard import someone_typing as at_terminal
    from exitplan.service.helpnow import help_lines

    env = env_of(ctx)
    asking = not as_json and region is None and not every and at_terminal()
    shown = help_lines(
        env.home, region, sources=sources, every=every, plain=env.plain, asking=asking
    )
    render(shown, json=as_json, plain=env.plain)
    if shown.problem:
        # In a crisis a typo must not cost the numbers: they are shown, then the one line.
        say(shown.problem)
        raise typer.Exit(2)
    if asking and shown.data["plan_encrypted"]:
        code = sealed_place(env)
        if code is not None:
            place = help_lines(env.home, None, sources=sources, plain=env.plain, code=code)
            render(place, json=False, plain=env.plain)


def sealed_place(env: Env) -> str | None:
    """The place a sealed plan names, once its passphrase is typed after the numbers (hidden;
    Enter, Ctrl-C or Ctrl-D skip it, and the numbers already shown stay)."""
    from exitplan.cli.common import prompt_text

    try:
        typed = typer.prompt(
            prompt_text(_("Passphrase (Enter skips)"), err=True),
            hide_input=True,
            default="",
            show_default=False,
            err=True,
        )
    except (KeyboardInterrupt, EOFError, typer.Abort):
        typer.echo("", err=True)  # the shell prompt must not land on the question's line
        return None
    if not typed:
        return None
    env.use_passphrase(str(typed))
    plan = env.ws.read()
    if plan.region is None:
        say(_("Your plan names no place yet; 'exitplan region' sets it."))
        return None
    return plan.region.code
