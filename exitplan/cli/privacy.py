"""Privacy commands: encrypt, passphrase, decrypt, where, wipe."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import N_, _, ngettext
from exitplan.base.safetext import one_line
from exitplan.cli import keyboard
from exitplan.cli.common import Env, ask, env_of, hidden_prompt, say
from exitplan.cli.talk import helptext

if TYPE_CHECKING:
    from exitplan.home.files import WipeContents
    from exitplan.home.outside import Written

MIN_PASSPHRASE = 8
TRIES = 3


def new_passphrase(env: Env, source: Path | None) -> str:
    """A new passphrase: from a file, or typed twice with hidden input (length checked first)."""
    if source is not None:
        from exitplan.service.options import read_passphrase_file

        text = read_passphrase_file(source)
        if len(text) < MIN_PASSPHRASE:
            raise ExitplanError(
                _("the passphrase is shorter than {count} characters").format(count=MIN_PASSPHRASE)
            )
        return text
    if not keyboard.someone_typing():
        raise ExitplanError(
            _(
                "run this in a terminal to type the new passphrase "
                "(or give --new-passphrase-file FILE)"
            )
        )
    say(
        _(
            "Choose a passphrase you can remember but nobody could guess: a few unrelated words "
            "work well. If it is forgotten, the plan cannot be opened."
        )
    )
    for _try in range(TRIES):
        text = hidden_prompt(_("New passphrase"))
        if len(text) < MIN_PASSPHRASE:
            say(
                _("That is shorter than {count} characters; please choose a longer one.").format(
                    count=MIN_PASSPHRASE
                )
            )
            continue
        if hidden_prompt(_("Type the new passphrase again")) == text:
            return text
        say(_("The two entries were not the same; please type it again."))
    raise ExitplanError(_("no new passphrase was set; nothing was changed"))


NewPassOpt = Annotated[
    Path | None,
    typer.Option(
        "--new-passphrase-file",
        metavar="FILE",
        help=N_("For scripts: read the new passphrase from FILE."),
        show_default=False,
    ),
]


# `encrypt` also takes --passphrase-file here: the new passphrase is the only one it needs.
EncryptPassOpt = Annotated[
    Path | None,
    typer.Option(
        "--passphrase-file",
        "--new-passphrase-file",
        metavar="FILE",
        help=N_("For scripts: read the new passphrase from FILE."),
        show_default=False,
    ),
]


def _left_and_removed(left: list[str], removed: list[str]) -> None:
    """Name the files a change of sealing left as they were, and the copies it erased."""
    if left:
        say(
            ngettext(
                "This file did not open or could not be trusted, so it was left as it is: {files}.",
                "These files did not open or could not be trusted, so they were left as they "
                "are: {files}.",
                len(left),
            ).format(files="; ".join(left))
        )
    for path in removed:
        say(
            _(
                "Erased {path}: a copy kept by an attach that was stopped before its record "
                "was written."
            ).format(path=path)
        )


@helptext(
    N_(
        "Protect every copy with a passphrase.\n"
        "\n"
        "The plan, its backups, your own checklists and the journal become "
        "unreadable without it."
    )
)
def encrypt(ctx: typer.Context, new_file: EncryptPassOpt = None) -> None:
    env = env_of(ctx)
    finishing = env.ws.store.keys.key_path.exists() or env.ws.store.is_encrypted()
    if env.passphrase_from_env and keyboard.someone_typing() and not finishing:
        # A new passphrase is typed at a terminal, never taken from a file the environment
        # names (which anyone who can change the shell's start-up files could plant).
        env.passphrase_file = None
    source = new_file or env.passphrase_file
    # A stopped earlier run left a key file: it opens with the same passphrase.
    env.passphrase_file = env.passphrase_file or new_file
    done = env.ws.encrypt(lambda: new_passphrase(env, source))
    _left_and_removed(done.left, done.removed)
    if finishing:
        say(
            ngettext(
                "Finished encrypting: {count} file that was still plain is now encrypted.",
                "Finished encrypting: {count} files that were still plain are now encrypted.",
                done.done,
            ).format(count=done.done)
        )
        return
    say(_("The plan, its backups, your own checklists and the journal are now encrypted."))
    if source is not None:
        say(
            _(
                "The passphrase was read from the file {path}: keep that file safe, or delete "
                "it. 'exitplan help-now' never needs it."
            ).format(path=one_line(source))
        )
        return
    say(_("exitplan will ask for the passphrase each time. 'exitplan help-now' never needs it."))


@helptext(
    N_(
        "Change the passphrase (asks for the current one first).\n"
        "\n"
        "Every file is sealed again with a new key, so a copy of the old key "
        "file and the old passphrase open nothing written from now on."
    )
)
def passphrase(ctx: typer.Context, new_file: NewPassOpt = None) -> None:
    env = env_of(ctx)
    env.prompt = N_("Current passphrase")
    if env.passphrase_file is None and keyboard.someone_typing():
        say(_("First the current passphrase, then the new one."))
    done = env.ws.change_passphrase(lambda: new_passphrase(env, new_file))
    _left_and_removed(done.left, done.removed)
    say(
        _(
            "The passphrase is changed: every file here is now sealed with a new key that only "
            "the new passphrase opens. Copies made before the change (in a backup or a sync) "
            "still open with the old passphrase."
        )
    )


@helptext(N_("Store the plan as plain files again."))
def decrypt(ctx: typer.Context) -> None:
    done = env_of(ctx).ws.decrypt()
    _left_and_removed(done.left, done.removed)
    say(_("The plan is stored as plain files again: anyone who can open your files can read it."))


@helptext(N_("Show the data folder and every file exitplan keeps there."))
def where(ctx: typer.Context) -> None:
    from exitplan.home.files import describe_files

    env = env_of(ctx)
    env.ws.store.refuse_linked_home()  # the folder a link leads to is never shown as the home
    typer.echo(str(env.home))
    rows = describe_files(env.home)
    if not rows:
        say(
            _("Nothing is stored there yet.")
            if not env.home.exists()
            else _("The folder is empty.")
        )
    for rel, size, kind in rows:
        line = ngettext("{name}  ({size} byte, {kind})", "{name}  ({size} bytes, {kind})", size)
        typer.echo("  " + line.format(name=rel, size=size, kind=kind))


WIPE_WORD = N_("WIPE")
WIPE_LIMITS = N_(
    "Not erased: older copies the disk may still hold (the file system's journal, free space, "
    "blocks an SSD keeps in reserve), copies elsewhere (other backups, cloud sync), and shell "
    "history."
)


@helptext(
    N_(
        "Erase everything exitplan keeps.\n"
        "\n"
        "The plan, backups, your own checklists, the journal, the key file, "
        "the cache, lock and temp files: each is overwritten with zeros, then "
        "deleted. Nothing is erased unless all of it can be. Files exitplan wrote "
        "outside its folder (a summary, a journal export) are named, and at a "
        "terminal each is erased only after your yes."
    )
)
def wipe(
    ctx: typer.Context,
    yes: Annotated[bool, typer.Option("--yes", help=N_("Do not ask for confirmation."))] = False,
) -> None:
    env = env_of(ctx)
    if not env.home.exists():
        say(_("Nothing to erase: {home} does not exist.").format(home=env.home))
        return
    outside = _outside_before_wipe(env, yes)
    if not yes:
        for line in _wipe_lines(env.ws.wipe_preview(), env.home):
            say(line)
        for line in _outside_lines(outside, sealed=env.ws.outside_is_sealed()):
            say(line)
        word = _(WIPE_WORD)  # the word to type, in the language spoken (WIPE in English)
        answer = ask(_("Type {word} to go ahead").format(word=word))
        if answer.strip() not in {word, WIPE_WORD}:
            if answer.strip().upper() in {word.upper(), WIPE_WORD}:
                raise ExitplanError(
                    _(
                        "the word must be typed in capitals, {word}, to erase. Nothing was erased"
                    ).format(word=word)
                )
            raise ExitplanError(
                _("the answer was not {word}. Nothing was erased").format(word=word)
            )
    report = env.ws.wipe()
    erased = ngettext(
        "Erased {count} file in {home}: it was overwritten with zeros, then deleted.",
        "Erased {count} files in {home}: each was overwritten with zeros, then deleted.",
        report.erased,
    ).format(count=report.erased, home=env.home)
    if report.left:
        erased += " " + _("Left alone (not exitplan's): {names}.").format(
            names=", ".join(report.left)
        )
    say(erased)
    if env.home.exists() and not report.left:
        say(
            _("The empty folder {home} is still there: its parent folder is not writable.").format(
                home=env.home
            )
        )
    if report.sealed:
        closing = _(
            "The plan was encrypted: copies made since then stay unreadable without the passphrase."
        )
    else:
        closing = _("The plan was not encrypted, so such copies could still be read.")
    say(f"{_(WIPE_LIMITS)}\n{closing}")
    _erase_outside(outside, ask_each=not yes)


OUTSIDE_STOPPED = N_(
    "Stopped. The folder was erased; the files outside it that were not erased yet are left "
    "as they are."
)


def _outside_before_wipe(env: Env, yes: bool) -> list[Written] | None:
    """The files exitplan wrote outside its folder, read before the wipe erases their list.

    A sealed list is opened only with the passphrase typed at the terminal (Enter skips); None
    when it stays unread (skipped, --yes, a pipe, a wrong passphrase or a damaged list)."""
    from exitplan.cli.keyboard import someone_typing as at_terminal

    sealed = env.ws.outside_is_sealed()
    if sealed:
        if yes or not at_terminal():
            return None
        say(
            _(
                "exitplan keeps a sealed list of the files it wrote outside its folder. Type "
                "your passphrase to name them (Enter skips: they are left where they are)."
            )
        )
        try:
            typed = typer.prompt(
                _("Passphrase (Enter skips)"),
                hide_input=True,
                default="",
                show_default=False,
                err=True,
            )
        except (KeyboardInterrupt, EOFError, typer.Abort):
            typer.echo("", err=True)
            typed = ""
        if not typed:
            return None
        env.use_passphrase(str(typed))
    try:
        return env.ws.outside_files()
    except ExitplanError as exc:
        say(
            _("{problem}; the files exitplan wrote outside its folder are not named.").format(
                problem=str(exc).rstrip(".")
            )
        )
        return None


def _outside_lines(outside: list[Written] | None, *, sealed: bool) -> list[str]:
    """What the wipe says, before it asks, of the files written outside the folder."""
    from exitplan.home.outside import state_of

    if outside is None:
        if not sealed:
            return []
        return [
            _(
                "The files exitplan wrote outside its folder stay where they are: their list is "
                "sealed and was not opened."
            )
        ]
    if not outside:
        return []
    lines = [
        _(
            "exitplan also wrote these files outside its folder; after the wipe, each is "
            "offered for erasing, one at a time:"
        )
    ]
    for row in outside:
        found = state_of(row)
        words = _(OUTSIDE_STATES[found]).format(path=row.path) if found != "same" else row.path
        lines.append("  " + words)
    if not sealed:
        lines.append(
            _(
                "Their list is in plain text in the folder, so it is only as trustworthy as the "
                "folder: a file is erased only if its content is still what exitplan wrote."
            )
        )
    return lines


OUTSIDE_STATES = {
    "changed": N_("{path} (changed since exitplan wrote it: it will be left alone)"),
    "gone": N_("{path} (already gone)"),
}


def _erase_outside(outside: list[Written] | None, *, ask_each: bool) -> None:
    """After the wipe: each file still as exitplan wrote it is erased after a yes at the
    terminal (never with --yes); changed ones are left alone and gone ones said."""
    from exitplan.cli.prompts import ask as ask_line
    from exitplan.cli.replies import meaning
    from exitplan.home.outside import erase_written, state_of

    for row in outside or []:
        found = state_of(row)
        if found == "gone":
            say(_("Already gone: {path}.").format(path=row.path))
            continue
        if found == "changed":
            say(
                _(
                    "Left alone: {path}. Its content changed since exitplan wrote it, so it may "
                    "not be exitplan's any more."
                ).format(path=row.path)
            )
            continue
        if not ask_each:
            say(_("Not erased (outside exitplan's folder): {path}.").format(path=row.path))
            continue
        answer = ask_line(
            _("Erase {path}? Type yes to erase it").format(path=row.path),
            stopped=OUTSIDE_STOPPED,
        )
        if meaning(answer) != "yes":
            say(_("Kept: {path}.").format(path=row.path))
            continue
        try:
            done = erase_written(row)
        except OSError as exc:
            say(_("Could not erase {path}: {reason}.").format(path=row.path, reason=exc.strerror))
            continue
        if done == "same":
            say(_("Erased {path}: overwritten with zeros, then deleted.").format(path=row.path))
        else:
            say(_("Left alone: {path}. It changed just now.").format(path=row.path))


def _wipe_lines(found: WipeContents, home: Path) -> list[str]:
    """What a wipe would erase, named with counts, before the person is asked."""
    lines = [_("This erases everything exitplan keeps in {home}:").format(home=home)]
    if found.plan:
        lines.append("  " + _("your plan"))
    if found.backups:
        lines.append(
            "  "
            + ngettext(
                "{n} earlier version of your plan",
                "{n} earlier versions of your plan",
                found.backups,
            ).format(n=found.backups)
        )
    if found.checklists:
        lines.append(
            "  "
            + ngettext(
                "{n} checklist of your own", "{n} checklists of your own", found.checklists
            ).format(n=found.checklists)
        )
    if found.records:
        lines.append(
            "  "
            + ngettext(
                "your journal: {n} record (an entry, a correction or an attached file)",
                "your journal: {n} records (entries, corrections and attached files)",
                found.records,
            ).format(n=found.records)
        )
    if found.copies:
        lines.append(
            "  "
            + ngettext(
                "{n} file attached to the journal, kept as a copy",
                "{n} files attached to the journal, kept as copies",
                found.copies,
            ).format(n=found.copies)
        )
    if found.key:
        lines.append("  " + _("the key file that the passphrase opens"))
    return lines
