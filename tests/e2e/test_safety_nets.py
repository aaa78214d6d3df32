"""Safety nets a frightened person relies on, found in review: each holds one promise."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

from conftest import TODAY, Run, assert_error, make_home, snapshot

from exitplan.crypto.vault import MAGIC
from exitplan.home import backups
from exitplan.home.store import Store


def flagged_due(run: Run, item_id: str) -> str | None:
    """The due date `list --json` reports for one item."""
    rows = json.loads(run("list", "--all", "--json").stdout)
    due: str | None = next(row["due"] for row in rows if row["id"] == item_id)
    return due


def test_a_long_lead_in_my_own_file_does_not_move_the_built_in_dates(run: Run, home: Path) -> None:
    """One step with a year's lead in a person's own file is due as soon as its priority allows
    (before every other normal step); a critical built-in step keeps the date it had."""
    run("init", "--exit-date", "+6w")
    before = flagged_due(run, "finances.own-account")
    mine = home / "checklists" / "t-far.toml"
    mine.parent.mkdir(mode=0o700, exist_ok=True)
    mine.write_text(
        'schema = 1\nid = "t-far"\ntitle = "Far"\n\n[[item]]\nid = "a"\ntitle = "Long"\n'
        'why = "Takes a year."\ndue = "-52w"\n',
        encoding="utf-8",
    )
    mine.chmod(0o600)
    assert flagged_due(run, "finances.own-account") == before
    rows = json.loads(run("list", "--all", "--json").stdout)
    far = next(row["due"] for row in rows if row["id"] == "t-far.a")
    normal = [
        row["due"]
        for row in rows
        if row["priority"] == "normal" and row["when"] == "before" and row["id"] != "t-far.a"
    ]
    assert TODAY.isoformat() <= far <= min(normal)


def test_init_never_changes_the_permissions_of_someone_elses_folder(
    run: Run, tmp_path: Path
) -> None:
    """A folder that already holds other files is refused, not quietly made private."""
    shared = tmp_path / "docs"
    shared.mkdir()
    (shared / "cv.odt").write_text("not exitplan's", encoding="utf-8")
    shared.chmod(0o755)
    result = run("init", home_dir=shared)
    assert_error(result, "", exact=False)
    assert "chmod 700" in result.stderr
    assert shared.stat().st_mode & 0o777 == 0o755
    assert not (shared / "plan.toml").exists()


def test_a_past_exit_date_must_be_meant(run: Run, home: Path) -> None:
    """A date already behind us (often a typo in the year) is refused from a script with one
    line saying how to keep it (--past) or fix it, and nothing is written; with --past it is
    kept and said in words."""
    result = run("init", "--exit-date", "2025-12-14")
    assert result.exit_code == 1
    assert "2025-12-14 has already passed; nothing was changed" in result.stderr
    assert "--past" in result.stderr
    assert not (home / "plan.toml").exists()
    result = run("init", "--exit-date", "2025-12-14", "--past")
    assert result.exit_code == 0
    assert "Your exit date: Sunday 14 December 2025, 351 days ago." in result.stderr


def test_a_new_plan_over_encrypted_backups_stays_encrypted(
    run: Run, home: Path, tmp_path: Path
) -> None:
    """plan.toml lost, then `init --force`: the new plan is sealed like the backups beside it."""
    secret = tmp_path / "pass"
    secret.write_text("a long enough passphrase\n", encoding="utf-8")
    secret.chmod(0o600)
    run("init", "--exit-date", "+6w")
    run("done", "1")
    assert run("encrypt", "--passphrase-file", str(secret)).exit_code == 0
    (home / "plan.toml").unlink()
    result = run("--passphrase-file", str(secret), "init", "--force", "--exit-date", "+6w")
    assert result.exit_code == 0, result.stderr
    for name, data in snapshot(home).items():
        if name not in (".lock", "plan.key"):
            assert data.startswith(MAGIC), name


def test_status_with_the_plan_file_gone_leads_with_restore(run: Run, home: Path) -> None:
    """A missing plan.toml with backups left is not 'you have no plan': it says how to restore."""
    run("init", "--exit-date", "+6w")
    run("done", "1")
    (home / "plan.toml").unlink()
    result = run("status")
    assert result.exit_code == 0
    assert result.stdout.startswith("Your plan file is missing, but its backups are safe.")
    assert "exitplan restore" in result.stdout
    assert "You have no plan yet" not in result.stdout


def test_review_asks_again_after_an_unknown_key(run: Run) -> None:
    """A stray key moves nothing on: review asks for d, s, n, Enter, q or h, then takes it."""
    run("init", "--exit-date", "+6w")
    result = run("review", "finances", input="x\nd\nq\n")
    assert result.exit_code == 0
    assert "Please press d, s, n, Enter, q or h" in result.stderr
    statuses = [row["status"] for row in json.loads(run("list", "--all", "--json").stdout)]
    assert statuses.count("done") == 1


def test_a_piped_title_is_kept_on_one_line(run: Run) -> None:
    """Newlines in a title read from stdin become spaces, so lists stay one line a step."""
    run("init", "--exit-date", "+6w")
    result = run("add", "housing", input="line one\nline two\n")
    assert result.exit_code == 0
    full_id = result.stdout.strip()
    shown = json.loads(run("show", full_id, "--json").stdout)
    assert shown["title"] == "line one line two"
    assert full_id not in result.stderr  # people are shown the number, not the typed title


def test_a_bad_due_date_is_explained_in_plain_words(run: Run) -> None:
    """`--due 2027-13-01` is a usage error in exitplan's words, not the library's."""
    run("init", "--exit-date", "+6w")
    result = run("add", "housing", "Something", "--due", "2027-13-01")
    assert result.exit_code == 2
    assert "'2027-13-01' is not a day in the calendar" in result.stderr
    assert "month must be" not in result.stderr


def test_backups_keep_the_last_save_of_earlier_days(home: Path, run: Run) -> None:
    """Many saves today never push out the last plan of each earlier day."""
    make_home(home, "t-money")
    assert run("init", "-c", "t-money", "--exit-date", "+6w").exit_code == 0
    store = Store(home)
    folder = store.backup_dir
    folder.mkdir(mode=0o700, exist_ok=True)
    old = datetime.now(UTC) - timedelta(days=3)
    yesterday_name = f"plan-000000-{old:%Y%m%dT%H%M%S%fZ}.toml"
    (folder / yesterday_name).write_bytes((home / "plan.toml").read_bytes())
    os.chmod(folder / yesterday_name, 0o600)
    for _ in range(backups.KEEP_BACKUPS + 3):
        run("done", "1")
        run("undo", "1")
    names = [b.path.name for b in store.backups()]
    assert yesterday_name in names
    assert len(names) == backups.KEEP_BACKUPS + 1
