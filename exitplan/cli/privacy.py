"""Privacy commands: encrypt, passphrase, decrypt, where, wipe."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from exitplan.base.errors import ExitplanError
from exitplan.cli.common import Env, ask, env_of, hidden_prompt, read_passphrase_file, say

MIN_PASSPHRASE = 8
TRIES = 3


def new_passphrase(env: Env, source: Path | None) -> str:
    """A new passphrase: from a file, or typed twice with hidden input (length checked first)."""
    if source is not None:
        text = read_passphrase_file(source)
        if len(text) < MIN_PASSPHRASE:
            raise ExitplanError(f"the passphrase is shorter than {MIN_PASSPHRASE} characters")
        return text
    if not sys.stdin.isatty():
        raise ExitplanError(
            "run this in a terminal to type the new passphrase (or give --new-passphrase-file FILE)"
        )
    say(
        "Choose a passphrase you can remember but nobody could guess: a few unrelated words "
        "work well. If it is forgotten, the plan cannot be opened."
    )
    for _ in range(TRIES):
        text = hidden_prompt("New passphrase")
        if len(text) < MIN_PASSPHRASE:
            say(f"That is shorter than {MIN_PASSPHRASE} characters; please choose a longer one.")
            continue
        if hidden_prompt("Type the new passphrase again") == text:
            return text
        say("The two entries were not the same; please type it again.")
    raise ExitplanError("no new passphrase was set; nothing was changed")


NewPassOpt = Annotated[
    Path | None,
    typer.Option(
        "--new-passphrase-file",
        metavar="FILE",
        help="For scripts: read the new passphrase from FILE.",
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
        help="For scripts: read the new passphrase from FILE.",
        show_default=False,
    ),
]


def encrypt(ctx: typer.Context, new_file: EncryptPassOpt = None) -> None:
    """Protect every copy with a passphrase.

    The plan, its backups, your own checklists and the journal become unreadable without it.
    """
    env = env_of(ctx)
    source = new_file or env.passphrase_file
    # A stopped earlier run left a key file: it opens with the same passphrase.
    env.passphrase_file = env.passphrase_file or new_file
    finishing = env.ws.store.keys.key_path.exists() or env.ws.store.is_encrypted()
    sealed = env.ws.encrypt(lambda: new_passphrase(env, source))
    if finishing:
        say(f"Finished encrypting: {sealed} file(s) that were still plain are now encrypted.")
        return
    say("The plan, its backups and your own checklists are now encrypted.")
    say("exitplan will ask for the passphrase each time. 'exitplan help-now' never needs it.")


def passphrase(ctx: typer.Context, new_file: NewPassOpt = None) -> None:
    """Change the passphrase (asks for the current one first)."""
    env = env_of(ctx)
    env.prompt = "Current passphrase"
    if env.passphrase_file is None and sys.stdin.isatty():
        say("First the current passphrase, then the new one.")
    env.ws.change_passphrase(lambda: new_passphrase(env, new_file))
    say("The passphrase is changed; every copy now opens only with the new one.")


def decrypt(ctx: typer.Context) -> None:
    """Store the plan as plain files again."""
    stuck = env_of(ctx).ws.decrypt()
    if stuck:
        say(
            "These files did not open with this plan's key and were left as they are: "
            + ", ".join(str(p) for p in stuck)
        )
    say("The plan is stored as plain files again: anyone who can open your files can read it.")


def where(ctx: typer.Context) -> None:
    """Show the data folder and every file exitplan keeps there."""
    from exitplan.home.files import describe_files

    env = env_of(ctx)
    typer.echo(str(env.home))
    rows = describe_files(env.home)
    if not rows:
        say("Nothing is stored there yet." if not env.home.exists() else "The folder is empty.")
    for rel, size, kind in rows:
        typer.echo(f"  {rel}  ({size} bytes, {kind})")


WIPE_LIMITS = (
    "Not erased: older copies the disk may still hold (the file system's journal, free space, "
    "blocks an SSD set aside), copies elsewhere (other backups, cloud sync), and shell history."
)


def wipe(
    ctx: typer.Context,
    yes: Annotated[bool, typer.Option("--yes", help="Do not ask for confirmation.")] = False,
) -> None:
    """Erase everything exitplan keeps.

    The plan, backups, your own checklists, the journal, the key file, the cache, lock and
    temp files: each is overwritten with zeros, then deleted. Nothing is erased unless all of
    it can be.
    """
    env = env_of(ctx)
    if not env.home.exists():
        say(f"Nothing to erase: {env.home} does not exist.")
        return
    if not yes:
        answer = ask("This erases your whole plan. Type WIPE to go ahead")
        if answer.strip() != "WIPE":
            if answer.strip().upper() == "WIPE":
                raise ExitplanError(
                    "the word must be typed in capitals, WIPE, to erase. Nothing was erased"
                )
            raise ExitplanError("the answer was not WIPE. Nothing was erased")
    report = env.ws.wipe()
    say(
        f"Erased {report.erased} file(s) in {env.home}: each was overwritten with zeros, "
        "then deleted."
        + (f" Left alone (not exitplan's): {', '.join(report.left)}." if report.left else "")
    )
    if env.home.exists() and not report.left:
        say(f"The empty folder {env.home} is still there: its parent folder is not writable.")
    if report.sealed:
        closing = (
            "The plan was encrypted: copies made since then stay unreadable without the passphrase."
        )
    else:
        closing = "The plan was not encrypted, so such copies could still be read."
    say(f"{WIPE_LIMITS}\n{closing}")
