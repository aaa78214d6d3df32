"""Privacy commands: encrypt, passphrase, decrypt, where, wipe."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from exitplan.base.errors import ExitplanError
from exitplan.base.i18n import N_, _, ngettext
from exitplan.base.safetext import one_line
from exitplan.cli import keyboard
from exitplan.cli.common import Env, ask, env_of, hidden_prompt, render, say
from exitplan.cli.talk import helptext

if TYPE_CHECKING:
    from exitplan.service.privacy import WipeContents, WipeReport, Written

TRIES = 3


def new_passphrase(source: Path | None) -> str:
    """A new passphrase: from a file, or typed twice with hidden input (length checked first)."""
    from exitplan.service.privacy import new_passphrase_from_file

    if source is not None:
        return new_passphrase_from_file(source)
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
        text = _typed_twice()
        if text is not None:
            return text
    raise ExitplanError(_("no new passphrase was set; nothing was changed"))


def _typed_twice() -> str | None:
    """One try at a new passphrase: typed, its length checked, then typed again to match."""
    from exitplan.service.privacy import MIN_PASSPHRASE, long_enough

    text = hidden_prompt(_("New passphrase"))
    if not long_enough(text):
        say(
            _("That is shorter than {count} characters; please choose a longer one.").format(
                count=MIN_PASSPHRASE
            )
        )
        return None
    if hidden_prompt(_("Type the new passphrase again")) == text:
        return text
    say(_("The two entries were not the same; please type it again."))
    return None


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
    from exitplan.service.privacy import encrypt_is_finishing

    env = env_of(ctx)
    finishing = encrypt_is_finishing(env.ws)
    if env.passphrase_from_env and keyboard.someone_typing() and not finishing:
        # A new passphrase is typed at a terminal, never taken from a file the environment
        # names (which anyone who can change the shell's start-up files could plant).
        env.passphrase_file = None
    source = new_file or env.passphrase_file
    # A stopped earlier run left a key file: it opens with the same passphrase.
    env.passphrase_file = env.passphrase_file or new_file
    done = env.ws.encrypt(lambda: new_passphrase(source))
    _left_and_removed(done.left, done.removed)
    for line in _encrypted_lines(done.done, finishing=finishing, source=source):
        say(line)


def _encrypted_lines(count: int, *, finishing: bool, source: Path | None) -> list[str]:
    """What an encrypt says when it is done: how many files it finished, or where the new
    passphrase came from."""
    if finishing:
        return [
            ngettext(
                "Finished encrypting: {count} file that was still plain is now encrypted.",
                "Finished encrypting: {count} files that were still plain are now encrypted.",
                count,
            ).format(count=count)
        ]
    done = _("The plan, its backups, your own checklists and the journal are now encrypted.")
    if source is None:
        asked = _(
            "exitplan will ask for the passphrase each time. 'exitplan help-now' never needs it."
        )
        return [done, asked]
    read = _(
        "The passphrase was read from the file {path}: keep that file safe, or delete "
        "it. 'exitplan help-now' never needs it."
    ).format(path=one_line(source))
    return [done, read]


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
    done = env.ws.change_passphrase(lambda: new_passphrase(new_file))
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
    from exitplan.service.privacy import home_files

    found = home_files(env_of(ctx).ws)
    render(found, json=False)  # `where` has no JSON: its paths are for a person to read
    for line in found.after:
        say(line)


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
        _confirm_wipe()
    for line in _wiped_lines(env.ws.wipe(), env.home):
        say(line)
    _erase_outside(outside, ask_each=not yes)


def _confirm_wipe() -> None:
    """Ask for the wipe word; anything else (the word not in capitals too) erases nothing."""
    word = _(WIPE_WORD)  # the word to type, in the language spoken (WIPE in English)
    answer = ask(_("Type {word} to go ahead").format(word=word)).strip()
    if answer in {word, WIPE_WORD}:
        return
    if answer.upper() in {word.upper(), WIPE_WORD}:
        raise ExitplanError(
            _("the word must be typed in capitals, {word}, to erase. Nothing was erased").format(
                word=word
            )
        )
    raise ExitplanError(_("the answer was not {word}. Nothing was erased").format(word=word))


def _wiped_lines(report: WipeReport, home: Path) -> list[str]:
    """What a wipe did, and what it could not reach, worded."""
    erased = ngettext(
        "Erased {count} file in {home}: it was overwritten with zeros, then deleted.",
        "Erased {count} files in {home}: each was overwritten with zeros, then deleted.",
        report.erased,
    ).format(count=report.erased, home=home)
    if report.left:
        erased += " " + _("Left alone (not exitplan's): {names}.").format(
            names=", ".join(report.left)
        )
    lines = [erased]
    if home.exists() and not report.left:
        lines.append(
            _("The empty folder {home} is still there: its parent folder is not writable.").format(
                home=home
            )
        )
    if report.sealed:
        closing = _(
            "The plan was encrypted: copies made since then stay unreadable without the passphrase."
        )
    else:
        closing = _("The plan was not encrypted, so such copies could still be read.")
    return [*lines, f"{_(WIPE_LIMITS)}\n{closing}"]


OUTSIDE_STOPPED = N_(
    "Stopped. The folder was erased; the files outside it that were not erased yet are left "
    "as they are."
)


def _outside_before_wipe(env: Env, yes: bool) -> list[Written] | None:
    """The files exitplan wrote outside its folder, read before the wipe erases their list.

    A sealed list is opened only with the passphrase typed at the terminal (Enter skips); None
    when it stays unread (skipped, --yes, a pipe, a wrong passphrase or a damaged list)."""
    if env.ws.outside_is_sealed():
        if yes or not keyboard.someone_typing():
            return None
        say(
            _(
                "exitplan keeps a sealed list of the files it wrote outside its folder. Type "
                "your passphrase to name them (Enter skips: they are left where they are)."
            )
        )
        typed = _passphrase_or_skip()
        if not typed:
            return None
        env.use_passphrase(typed)
    try:
        return env.ws.outside_files()
    except ExitplanError as exc:
        say(
            _("{problem}; the files exitplan wrote outside its folder are not named.").format(
                problem=str(exc).rstrip(".")
            )
        )
        return None


def _passphrase_or_skip() -> str:
    """The passphrase typed with hidden input; Enter, Ctrl-C or the end of input skip ("")."""
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
        return ""
    return str(typed)


def _outside_lines(outside: list[Written] | None, *, sealed: bool) -> list[str]:
    """What the wipe says, before it asks, of the files written outside the folder."""
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
    lines += ["  " + _outside_named(row) for row in outside]
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


def _outside_named(row: Written) -> str:
    """One file written outside the folder, named with what became of it since."""
    from exitplan.service.privacy import outside_state

    found = outside_state(row)
    return _(OUTSIDE_STATES[found]).format(path=row.path) if found != "same" else row.path


def _erase_outside(outside: list[Written] | None, *, ask_each: bool) -> None:
    """After the wipe: each file still as exitplan wrote it is erased after a yes at the
    terminal (never with --yes); changed ones are left alone and gone ones said."""
    for row in outside or []:
        say(_erase_one(row, ask_each=ask_each))


def _erase_one(row: Written, *, ask_each: bool) -> str:
    """One file written outside the folder: erased after a yes, or why it was not."""
    from exitplan.service.privacy import outside_state

    found = outside_state(row)
    if found == "gone":
        return _("Already gone: {path}.").format(path=row.path)
    if found == "changed":
        return _(
            "Left alone: {path}. Its content changed since exitplan wrote it, so it may "
            "not be exitplan's any more."
        ).format(path=row.path)
    if not ask_each:
        return _("Not erased (outside exitplan's folder): {path}.").format(path=row.path)
    return _erase_after_yes(row)


def _erase_after_yes(row: Written) -> str:
    """Ask before erasing one file written outside the folder; erase it only after a yes."""
    from exitplan.cli.prompts import ask as ask_line
    from exitplan.cli.replies import meaning
    from exitplan.service.privacy import erase_outside_file

    answer = ask_line(
        _("Erase {path}? Type yes to erase it").format(path=row.path), stopped=OUTSIDE_STOPPED
    )
    if meaning(answer) != "yes":
        return _("Kept: {path}.").format(path=row.path)
    try:
        done = erase_outside_file(row)
    except OSError as exc:
        return _("Could not erase {path}: {reason}.").format(path=row.path, reason=exc.strerror)
    if done == "same":
        return _("Erased {path}: overwritten with zeros, then deleted.").format(path=row.path)
    return _("Left alone: {path}. It changed just now.").format(path=row.path)


def _wipe_lines(found: WipeContents, home: Path) -> list[str]:
    """What a wipe would erase, named with counts, before the person is asked."""
    counted = _plan_parts(found) + _journal_parts(found)
    head = _("This erases everything exitplan keeps in {home}:").format(home=home)
    return [head] + ["  " + words.format(n=count) for count, words in counted if count]


def _plan_parts(found: WipeContents) -> list[tuple[int, str]]:
    """The plan, its earlier versions and the person's own checklists, each with its count."""
    return [
        (int(found.plan), _("your plan")),
        (
            found.backups,
            ngettext(
                "{n} earlier version of your plan",
                "{n} earlier versions of your plan",
                found.backups,
            ),
        ),
        (
            found.checklists,
            ngettext("{n} checklist of your own", "{n} checklists of your own", found.checklists),
        ),
    ]


def _journal_parts(found: WipeContents) -> list[tuple[int, str]]:
    """The journal's records, its kept copies and the key file, each with its count."""
    return [
        (
            found.records,
            ngettext(
                "your journal: {n} record (an entry, a correction or an attached file)",
                "your journal: {n} records (entries, corrections and attached files)",
                found.records,
            ),
        ),
        (
            found.copies,
            ngettext(
                "{n} file attached to the journal, kept as a copy",
                "{n} files attached to the journal, kept as copies",
                found.copies,
            ),
        ),
        (int(found.key), _("the key file that the passphrase opens")),
    ]
