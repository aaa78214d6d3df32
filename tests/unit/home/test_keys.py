"""Tests for exitplan.home.keys: the plan's data key for one run, asked for once, refused when it
opens nothing here, and the files it seals and opens."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers_journal_crash import fixed_key

from exitplan.base.errors import PassphraseNeeded, PlanError
from exitplan.base.limits import SEALED_COPY_MARK
from exitplan.crypto import vault
from exitplan.crypto.datakey import DataKey, open_with, seal_with
from exitplan.crypto.keyfile import new_key_file, next_file, next_slot
from exitplan.home.keys import (
    WRONG,
    KeySession,
    adopt_key,
    is_plain,
    plain_files,
    seal_leftovers,
)
from exitplan.home.store import Store
from exitplan.home.vouch import digest, write_vouch

OLD = "old passphrase for the tests"
NEW = "new passphrase for the tests"


class Asker:
    """Answers the passphrase prompt from a list, counting how often it was asked."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.asked = 0

    def __call__(self) -> str:
        """The next answer."""
        self.asked += 1
        return self.answers.pop(0)


def encrypted(home: Path, passphrase: str = OLD, plan: bytes = b"plan") -> DataKey:
    """A home whose plan.key wraps a new data key with `passphrase` and whose plan.toml is
    sealed with it; the key."""
    home.mkdir(parents=True, exist_ok=True)
    key, data = new_key_file(passphrase)
    (home / "plan.key").write_bytes(data)
    (home / "plan.toml").write_bytes(seal_with(plan, key))
    return key


def changing(home: Path, old: DataKey) -> DataKey:
    """A passphrase change stopped half way: plan.key.next holds a new key wrapped by NEW."""
    new = DataKey.generate()
    (home / "plan.key.next").write_bytes(next_file(old, new, NEW))
    return new


# -- the key file ------------------------------------------------------------------------


def test_the_key_files_are_in_the_home(tmp_path: Path) -> None:
    """plan.key, and plan.key.next while a change runs; no key held until one is unlocked."""
    keys = KeySession(tmp_path)
    assert (keys.key_path, keys.next_path) == (tmp_path / "plan.key", tmp_path / "plan.key.next")
    assert (keys.key, keys.ring) == (None, ())
    assert keys.read_key_file() is None


def test_a_key_file_that_is_a_link_is_never_followed(tmp_path: Path) -> None:
    """A link in plan.key's place is refused with one plain line, not read through."""
    elsewhere = tmp_path / "elsewhere.key"
    elsewhere.write_bytes(b"x" * 143)
    (tmp_path / "plan.key").symlink_to(elsewhere)
    with pytest.raises(PlanError, match=r"plan\.key: cannot be read"):
        KeySession(tmp_path).read_key_file()


def test_without_a_way_to_ask_the_passphrase_is_needed(tmp_path: Path) -> None:
    """No prompt (no terminal, no passphrase file): a plain PassphraseNeeded."""
    encrypted(tmp_path)
    with pytest.raises(PassphraseNeeded, match="this plan is encrypted and no passphrase"):
        KeySession(tmp_path).unlock_key_file()


def test_the_key_is_unwrapped_once_per_run(tmp_path: Path) -> None:
    """The right passphrase gives the key; later calls ask nothing more."""
    key = encrypted(tmp_path)
    asker = Asker(OLD)
    keys = KeySession(tmp_path, asker)
    assert keys.unlock_key_file() == key
    assert keys.unlock_key_file() == key
    assert keys.unlock(seal_with(b"x", key)) == b"x"
    assert (asker.asked, keys.ring) == (1, (key,))


def test_a_wrong_passphrase_is_asked_again_while_tries_are_left(tmp_path: Path) -> None:
    """After a wrong passphrase, `retry` decides; the right one then opens the key."""
    key = encrypted(tmp_path)
    asker = Asker("wrong", OLD)
    assert KeySession(tmp_path, asker, retry=lambda: True).unlock_key_file() == key
    assert asker.asked == 2


def test_a_wrong_passphrase_never_sticks(tmp_path: Path) -> None:
    """With no tries left: one plain line saying nothing was read or written, and no key
    held, so the right passphrase still works after."""
    encrypted(tmp_path)
    keys = KeySession(tmp_path, Asker("wrong", OLD), retry=lambda: False)
    with pytest.raises(vault.WrongPassphrase) as caught:
        keys.unlock_key_file()
    assert str(caught.value) == WRONG
    assert keys.key is None
    assert keys.unlock_key_file() is not None


def test_a_missing_key_file_says_how_to_put_it_back(tmp_path: Path) -> None:
    """Sealed files and no plan.key: no passphrase is asked, and the line names the file."""
    encrypted(tmp_path)
    (tmp_path / "plan.key").unlink()
    asker = Asker(OLD)
    with pytest.raises(PlanError, match=r"its key file .*plan\.key is missing"):
        KeySession(tmp_path, asker).unlock_key_file()
    assert asker.asked == 0


def test_a_damaged_key_file_is_named(tmp_path: Path) -> None:
    """One changed byte in plan.key: the key file is named as damaged, nothing changed."""
    encrypted(tmp_path)
    data = bytearray((tmp_path / "plan.key").read_bytes())
    data[40] ^= 1
    (tmp_path / "plan.key").write_bytes(bytes(data))
    with pytest.raises(vault.DamagedKeyFile, match=r"the key file .*plan\.key is damaged"):
        KeySession(tmp_path, Asker(OLD)).unlock_key_file()


def test_an_old_key_file_put_back_is_refused(tmp_path: Path) -> None:
    """A plan.key whose key opens none of the sealed files here (put back from before a
    passphrase change) is refused, and no key is held to seal new files with."""
    encrypted(tmp_path)
    (tmp_path / "plan.toml").write_bytes(seal_with(b"plan", fixed_key(b"n")))
    keys = KeySession(tmp_path, Asker(OLD))
    with pytest.raises(PlanError, match=r"opens none of the encrypted files in"):
        keys.unlock_key_file()
    assert (keys.key, keys.ring) == (None, ())


def test_a_key_file_is_accepted_when_any_sealed_file_opens_with_it(tmp_path: Path) -> None:
    """One sealed journal record with this key is enough, whatever else is there."""
    key = encrypted(tmp_path)
    (tmp_path / "plan.toml").write_bytes(seal_with(b"plan", fixed_key(b"n")))
    (tmp_path / "journal").mkdir()
    (tmp_path / "journal" / "000001.rec").write_bytes(seal_with(b"{}", key))
    assert KeySession(tmp_path, Asker(OLD)).unlock_key_file() == key


# -- a passphrase change stopped half way ------------------------------------------------


def test_no_change_is_in_progress_without_a_next_key_file(tmp_path: Path) -> None:
    """Only plan.key: no change in progress."""
    encrypted(tmp_path)
    assert not KeySession(tmp_path).change_in_progress()


def test_a_change_is_in_progress_until_plan_key_holds_the_new_key(tmp_path: Path) -> None:
    """plan.key.next beside the old plan.key is a change in progress; once plan.key holds the
    new key it is not, and a damaged next file counts as one (nothing is written over it)."""
    old = encrypted(tmp_path)
    changing(tmp_path, old)
    keys = KeySession(tmp_path)
    assert keys.change_in_progress()
    upcoming = (tmp_path / "plan.key.next").read_bytes()
    (tmp_path / "plan.key").write_bytes(next_slot(upcoming))
    assert not keys.change_in_progress()
    (tmp_path / "plan.key.next").write_bytes(upcoming[:-1])
    assert keys.change_in_progress()


@pytest.mark.parametrize("passphrase", [OLD, NEW])
def test_during_a_change_either_passphrase_opens_both_keys(tmp_path: Path, passphrase: str) -> None:
    """The old passphrase and the new one alike give the old key and the new one, so every
    file opens whichever key it is sealed with."""
    old = encrypted(tmp_path)
    new = changing(tmp_path, old)
    keys = KeySession(tmp_path, Asker(passphrase))
    assert keys.unlock_key_file() == old
    assert keys.ring == (old, new)
    assert keys.unlock(seal_with(b"resealed", new)) == b"resealed"


def test_during_a_change_a_missing_plan_key_is_no_loss(tmp_path: Path) -> None:
    """Stopped after plan.key went, the new passphrase alone still opens both keys."""
    old = encrypted(tmp_path)
    new = changing(tmp_path, old)
    (tmp_path / "plan.key").unlink()
    keys = KeySession(tmp_path, Asker(NEW))
    keys.unlock_key_file()
    assert keys.ring == (old, new)


# -- opening files -----------------------------------------------------------------------


def opened(keys: KeySession, data: bytes, path: Path) -> bytes:
    """`keys.open` with advice that says where it came from."""
    return keys.open(data, path, wrong=lambda: " (wrong hint)", damaged=lambda: " damaged hint")


def test_a_plain_file_opens_without_asking(tmp_path: Path) -> None:
    """Plain bytes come back as they are, and no passphrase is asked."""
    asker = Asker()
    assert opened(KeySession(tmp_path, asker), b"plain", tmp_path / "x") == b"plain"
    assert asker.asked == 0


def test_a_file_sealed_with_another_key_is_named_and_left(tmp_path: Path) -> None:
    """A file another key sealed says so, in one line naming it."""
    encrypted(tmp_path)
    keys = KeySession(tmp_path, Asker(OLD))
    with pytest.raises(PlanError, match=r"backup\.toml: is sealed with a key other than"):
        opened(keys, seal_with(b"x", fixed_key(b"z")), tmp_path / "backup.toml")


def test_a_changed_file_is_named_with_the_advice(tmp_path: Path) -> None:
    """One flipped byte: named as changed or damaged, not read, the advice after it."""
    key = encrypted(tmp_path)
    data = bytearray(seal_with(b"the plan", key))
    data[-5] ^= 1
    keys = KeySession(tmp_path, Asker(OLD))
    with pytest.raises(PlanError) as caught:
        opened(keys, bytes(data), tmp_path / "plan.toml")
    assert str(caught.value).endswith(
        "plan.toml: was changed or damaged after it was written; it was not read. damaged hint"
    )


def test_a_wrong_passphrase_when_opening_is_told_once(tmp_path: Path) -> None:
    """The wrong passphrase's own line comes through unchanged (no advice added twice)."""
    key = encrypted(tmp_path)
    keys = KeySession(tmp_path, Asker("wrong"))
    with pytest.raises(vault.WrongPassphrase) as caught:
        opened(keys, seal_with(b"x", key), tmp_path / "plan.toml")
    assert str(caught.value) == WRONG


@pytest.mark.parametrize(
    ("plan", "cache", "used"),
    [
        (b"plain plan", b"plain cache", True),
        (b"plain plan", "sealed", False),
        ("sealed", b"plain cache", False),
        ("sealed", "sealed", True),
        ("sealed", "other key", False),
        (None, b"plain cache", False),
    ],
)
def test_only_a_cache_of_the_current_plan_is_used(
    tmp_path: Path, plan: bytes | str | None, cache: bytes | str, used: bool
) -> None:
    """A cache is used only when sealed as the plan is (plain with plain, the same key with
    sealed); otherwise, or with no plan, it is ignored, never an error."""
    key = encrypted(tmp_path)
    sealed = {"sealed": seal_with(b"cache", key), "other key": seal_with(b"c", fixed_key(b"z"))}
    head = plan if not isinstance(plan, str) else (tmp_path / "plan.toml").read_bytes()[:64]
    data = sealed[cache] if isinstance(cache, str) else cache
    got = KeySession(tmp_path, Asker(OLD)).open_cache(data, head)
    assert (got is not None) == used


def test_a_cache_of_another_key_is_dropped_without_asking(tmp_path: Path) -> None:
    """A cache sealed with a key the plan does not name is ignored before any passphrase is
    asked (a status at a glance never prompts for a cache it cannot use)."""
    encrypted(tmp_path)
    asker = Asker(OLD)
    head = (tmp_path / "plan.toml").read_bytes()[:64]
    keys = KeySession(tmp_path, asker)
    assert keys.open_cache(seal_with(b"c", fixed_key(b"z")), head) is None
    assert asker.asked == 0


# -- writing files -----------------------------------------------------------------------


def test_a_file_is_written_sealed_while_a_key_is_held(tmp_path: Path) -> None:
    """With a key: sealed on disk, private, and it opens to the same bytes."""
    key = fixed_key(b"w")
    keys = KeySession(tmp_path)
    keys.use(key)
    keys.write(tmp_path / "plan.toml", b"PRIVATE PLAN")
    data = (tmp_path / "plan.toml").read_bytes()
    assert b"PRIVATE PLAN" not in data
    assert open_with(data, key) == b"PRIVATE PLAN"
    assert (tmp_path / "plan.toml").stat().st_mode & 0o777 == 0o600
    assert keys.seal(b"x") != b"x"


def test_a_file_is_written_plain_without_a_key(tmp_path: Path) -> None:
    """`use(None)`: the next write is plain."""
    keys = KeySession(tmp_path)
    keys.use(fixed_key(b"w"))
    keys.use(None)
    keys.write(tmp_path / "plan.toml", b"plain plan")
    assert (tmp_path / "plan.toml").read_bytes() == b"plain plan"


def test_what_is_plain(tmp_path: Path) -> None:
    """A regular file not sealed is plain; a sealed file, a sealed copy, a missing file and a
    link are not (a link is never opened)."""
    files = {
        "plain": b"text",
        "empty": b"",
        "sealed": seal_with(b"x", fixed_key(b"p")),
        "copy": SEALED_COPY_MARK + b"rest",
    }
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    (tmp_path / "link").symlink_to(tmp_path / "plain")
    found = {name: is_plain(tmp_path / name) for name in [*files, "missing", "link"]}
    assert found == {
        "plain": True,
        "empty": True,
        "sealed": False,
        "copy": False,
        "missing": False,
        "link": False,
    }


# -- the home's files --------------------------------------------------------------------


def test_the_plain_files_of_a_home_are_listed(tmp_path: Path) -> None:
    """Every private file not sealed: the checklist and the journal record, not the plan."""
    key = encrypted(tmp_path)
    (tmp_path / "checklists").mkdir()
    (tmp_path / "checklists" / "mine.toml").write_bytes(b"plain")
    (tmp_path / "checklists" / "sealed.toml").write_bytes(seal_with(b"x", key))
    (tmp_path / "journal").mkdir()
    (tmp_path / "journal" / "000001.rec").write_bytes(b"{}")
    assert plain_files(Store(tmp_path)) == [
        tmp_path / "checklists" / "mine.toml",
        tmp_path / "journal" / "000001.rec",
    ]


def test_a_plan_made_again_in_an_encrypted_home_adopts_its_key(tmp_path: Path) -> None:
    """With plan.key there, the key is unlocked so new saves are sealed too, even when no
    sealed file is left to show the home was encrypted."""
    key = encrypted(tmp_path)
    (tmp_path / "plan.toml").unlink()
    store = Store(tmp_path, Asker(OLD))
    adopt_key(store, [])
    assert store.key == key


def test_sealed_files_without_a_key_file_are_never_written_over_in_plain(tmp_path: Path) -> None:
    """A sealed backup and no plan.key: the missing key file is named, no key is made up."""
    key = encrypted(tmp_path)
    (tmp_path / "plan.key").unlink()
    (tmp_path / "plan.toml").unlink()
    kept = tmp_path / "kept.toml"
    kept.write_bytes(seal_with(b"x", key))
    store = Store(tmp_path, Asker(OLD))
    with pytest.raises(PlanError, match=r"plan\.key is missing"):
        adopt_key(store, [kept])
    assert store.key is None


def test_a_plain_home_adopts_nothing(tmp_path: Path) -> None:
    """No key file and nothing sealed: no key, no question."""
    (tmp_path / "plan.toml").write_bytes(b"plain plan")
    asker = Asker()
    store = Store(tmp_path, asker)
    adopt_key(store, [])
    assert (store.key, asker.asked) == (None, 0)


def test_leftovers_are_sealed_only_when_the_marker_vouches_for_them(tmp_path: Path) -> None:
    """A plain checklist an unfinished encrypt listed is sealed; one put there since (its
    bytes not listed) is left as it is, never sealed as the person's."""
    key = encrypted(tmp_path)
    folder = tmp_path / "checklists"
    folder.mkdir()
    (folder / "mine.toml").write_bytes(b"mine")
    (folder / "planted.toml").write_bytes(b"planted")
    os.utime(folder / "mine.toml", (1_700_000_000, 1_700_000_000))
    write_vouch(tmp_path, key, {"checklists/mine.toml": digest(b"mine")})
    store = Store(tmp_path, Asker(OLD))
    store.keys.unlock_key_file()
    assert seal_leftovers(store) == 1
    assert open_with((folder / "mine.toml").read_bytes(), key) == b"mine"
    assert (folder / "mine.toml").stat().st_mtime == 1_700_000_000  # its time is kept
    assert (folder / "planted.toml").read_bytes() == b"planted"
    assert seal_leftovers(store) == 0
