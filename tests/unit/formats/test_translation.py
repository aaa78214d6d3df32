"""The checklists in Spanish: every step there and current, faithful to the English markup, in
one neutral Spanish; and the translation module (hash, loader, apply) and its status script."""

from __future__ import annotations

import re
import runpy
import shutil
import subprocess
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import REPO
from helpers_spanish import GLOSSARY, OTHER_ADDRESS

from exitplan.base.errors import ChecklistError
from exitplan.domain.model import Checklist, Due, Item
from exitplan.domain.region import PLACEHOLDER, fill
from exitplan.formats.catalog import checklist_files
from exitplan.formats.checklistfile import load_checklist
from exitplan.formats.translation import (
    Translation,
    apply,
    compare,
    compare_override,
    english_hash,
    item_hash,
    load_override,
    load_translation,
    translation_file,
)

ROOT = REPO
CHECKLIST_DIR = ROOT / "checklists"
SCRIPT = ROOT / "scripts" / "translation-status"
LANGUAGE = "es"
# A Spanish step title gets the room an English one gets (tests/rules/test_content.py: TITLE_MAX).
TITLE_MAX = 70
STEP_FIELDS = ("title", "why", "how", "caution")
# A local fact, `{{court-order|neutral words}}`, keeps its key and has its neutral words
# translated; any other `{...}` placeholder and `...` markup (commands) passes through unchanged.
TOKEN = re.compile(r"\{[^{}]*\}|`[^`]*`")


def facts_of(text: str | None) -> list[str]:
    """The keys of the local facts a text names, sorted, as often as named."""
    return sorted(m[1] for m in PLACEHOLDER.finditer(text or ""))


def tokens_of(text: str | None) -> list[str]:
    """The placeholders and markup a text must keep unchanged (local facts aside)."""
    return sorted(TOKEN.findall(PLACEHOLDER.sub(" ", text or "")))


def words_of(text: str) -> str:
    """What a person reads of a text: the facts' neutral words in, the unchanged markup out."""
    return TOKEN.sub(" ", PLACEHOLDER.sub(lambda m: m[2], text))


def english_checklists() -> dict[str, Checklist]:
    """The built-in English checklists by id."""
    return {
        path.stem: load_checklist(path, builtin=True) for path in checklist_files(CHECKLIST_DIR)
    }


@pytest.fixture(scope="module")
def english() -> dict[str, Checklist]:
    """The English checklists, loaded as exitplan loads them."""
    return english_checklists()


@pytest.fixture(scope="module")
def spanish() -> dict[str, Translation]:
    """Every Spanish translation file there is, loaded (and so validated) by the loader."""
    return {path.stem: load_translation(path) for path in checklist_files(CHECKLIST_DIR / "es")}


def pairs(
    english: dict[str, Checklist], spanish: dict[str, Translation]
) -> Iterator[tuple[str, str, str | None, str | None]]:
    """(where, field, English text, Spanish text) for every text of every translated step."""
    for checklist_id, translation in spanish.items():
        checklist = english[checklist_id]
        yield f"{checklist_id}:title", "title", checklist.title, translation.title
        yield f"{checklist_id}:summary", "summary", checklist.summary, translation.summary
        for item in checklist.items:
            step = translation.steps.get(item.id)
            if step is None:
                continue
            for field in STEP_FIELDS:
                where = f"{checklist_id}.{item.id}:{field}"
                yield where, field, getattr(item, field), getattr(step, field)


def spanish_texts(spanish: dict[str, Translation]) -> Iterator[tuple[str, str]]:
    """(where, text) for every Spanish text."""
    for checklist_id, translation in spanish.items():
        yield f"{checklist_id}:title", translation.title
        yield f"{checklist_id}:summary", translation.summary
        for step_id, step in translation.steps.items():
            for field in STEP_FIELDS:
                text = getattr(step, field)
                if text is not None:
                    yield f"{checklist_id}.{step_id}:{field}", text


# --- complete and current ------------------------------------------------------------------


@pytest.mark.parametrize("checklist_id", sorted(english_checklists()))
def test_every_builtin_checklist_has_a_spanish_file(checklist_id: str) -> None:
    """Each built-in checklist has its Spanish file, `checklists/es/<id>.toml`."""
    assert translation_file(checklist_id, LANGUAGE).is_file(), checklist_id


def test_every_spanish_file_translates_a_builtin_checklist(
    english: dict[str, Checklist], spanish: dict[str, Translation]
) -> None:
    """No Spanish file is left over from a checklist that no longer exists."""
    assert sorted(set(spanish) - set(english)) == []


def test_every_step_is_translated_and_current(
    english: dict[str, Checklist], spanish: dict[str, Translation]
) -> None:
    """Every step of every checklist has a Spanish text that translates its English as it is now.

    A stale step is one whose English changed after it was translated: re-check the Spanish,
    then record the new English with `scripts/translation-status --lang es --stamp <ref>`.
    """
    problems = []
    for checklist_id, checklist in english.items():
        translation = spanish.get(checklist_id)
        if translation is None:
            problems.append(f"{checklist_id}: no Spanish file")
            continue
        found = compare(checklist, translation)
        problems += [f"{checklist_id}.{step}: not translated" for step in found.missing]
        problems += [f"{checklist_id}.{step}: stale, the English changed" for step in found.stale]
    assert problems == []


def test_no_extra_steps(english: dict[str, Checklist], spanish: dict[str, Translation]) -> None:
    """A Spanish file translates only steps its English checklist has."""
    extra = [
        f"{checklist_id}.{step}"
        for checklist_id, translation in spanish.items()
        for step in compare(english[checklist_id], translation).extra
    ]
    assert extra == []


def test_applied_checklists_read_in_spanish_and_keep_everything_else(
    english: dict[str, Checklist], spanish: dict[str, Translation]
) -> None:
    """Applied, each checklist has every step's words in Spanish and its ids, order and dates."""
    for checklist_id, checklist in english.items():
        translated = apply(checklist, spanish[checklist_id])
        assert [i.id for i in translated.items] == [i.id for i in checklist.items]
        for before, after in zip(checklist.items, translated.items, strict=True):
            assert after.title != before.title, f"{checklist_id}.{before.id}"
            assert (after.due, after.priority, after.when, after.sources) == (
                before.due,
                before.priority,
                before.when,
                before.sources,
            )


# --- faithful to the English ---------------------------------------------------------------


def test_placeholders_and_markup_are_kept_unchanged(
    english: dict[str, Checklist], spanish: dict[str, Translation]
) -> None:
    """Every `{...}` placeholder and `...` command in an English text is in its Spanish text,
    unchanged and as often, and the Spanish adds none."""
    changed = [
        (where, tokens_of(en), tokens_of(es))
        for where, _, en, es in pairs(english, spanish)
        if tokens_of(en) != tokens_of(es)
    ]
    assert changed == []


def test_local_facts_are_named_alike_with_spanish_neutral_words(
    english: dict[str, Checklist], spanish: dict[str, Translation]
) -> None:
    """A Spanish text names the same local facts as its English one ({{court-order|...}}), so a
    place fills both alike, and its neutral words (read where no place is chosen) are Spanish."""
    unlike = [
        (where, facts_of(en), facts_of(es))
        for where, _, en, es in pairs(english, spanish)
        if facts_of(en) != facts_of(es)
    ]
    assert unlike == []
    english_words = {
        m[2].strip()
        for _, _, en, _ in pairs(english, spanish)
        for m in PLACEHOLDER.finditer(en or "")
    }
    copied = [
        (where, m[2])
        for where, _, _, es in pairs(english, spanish)
        for m in PLACEHOLDER.finditer(es or "")
        if m[2].strip() in english_words
    ]
    assert copied == []
    assert sum(len(facts_of(es)) for _, _, _, es in pairs(english, spanish)) > 10


def test_no_text_is_left_in_english(
    english: dict[str, Checklist], spanish: dict[str, Translation]
) -> None:
    """No Spanish text is the English one copied over (no allow-list has been needed)."""
    same = [where for where, _, en, es in pairs(english, spanish) if en and es and en == es]
    assert same == []


# Words that occur in any English sentence and in no Spanish one. Names that keep their
# English words ("Safety Check", "Safe Escape", "Freedom Project") contain none of these.
ENGLISH_WORDS = frozenset(
    {
        *("the", "and", "your", "you", "with", "of", "to", "is", "are", "for", "this", "that"),
        *("not", "it", "be", "if", "when", "before", "after", "from", "once", "until", "what"),
        *("who", "have", "can", "will", "do", "don't"),
    }
)


def test_no_english_words_in_spanish_texts(spanish: dict[str, Translation]) -> None:
    """No Spanish text holds an everyday English word (commands in backquotes aside)."""
    found = [
        (where, word)
        for where, text in spanish_texts(spanish)
        for word in re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)*", words_of(text))
        if word.lower() in ENGLISH_WORDS
    ]
    assert found == []


# --- clean, short, calm ----------------------------------------------------------------------


def _control(char: str) -> bool:
    return (char < " " and char not in "\n\t") or "\x7f" <= char <= "\x9f"


def test_no_control_characters(spanish: dict[str, Translation]) -> None:
    """No Spanish text holds a control character (the loader refuses them; this names any)."""
    found = [where for where, text in spanish_texts(spanish) if any(map(_control, text))]
    assert found == []


def test_spanish_text_is_normalised(spanish: dict[str, Translation]) -> None:
    """Accents are composed (NFC), so a search for "acción" finds every "acción"."""
    found = [
        where
        for where, text in spanish_texts(spanish)
        if unicodedata.normalize("NFC", text) != text
    ]
    assert found == []


def test_spanish_titles_are_short_and_unpunctuated(spanish: dict[str, Translation]) -> None:
    """A Spanish step title gets the English room: at most 70 characters as read without a
    place, 80 with any place's facts filled in, and no full stop at the end."""
    from exitplan.formats.regions import load_places, local_for

    places = [local_for(place.code) for place in load_places()]
    long = []
    for cid, translation in spanish.items():
        for sid, step in translation.steps.items():
            widths = [len(fill(step.title, None))]
            widths += [len(fill(step.title, p.texts())) - 10 for p in places if p is not None]
            if max(widths) > TITLE_MAX or step.title.endswith("."):
                long.append((f"{cid}.{sid}", max(widths)))
    assert long == []
    assert [cid for cid, t in spanish.items() if t.title.endswith(".")] == []


def test_no_exclamation_marks(spanish: dict[str, Translation]) -> None:
    """Calm wording: no exclamation mark, opening or closing."""
    assert [where for where, text in spanish_texts(spanish) if "!" in text or "¡" in text] == []


LABELS = re.compile(
    r"\b(abusador|agresor|maltratador|perpetrador|victimario|narcisista|psicópata|tóxic[oa])"
    r"(?:[ae]s?|s)?\b",
    re.IGNORECASE,
)


def test_the_partner_is_never_labelled(spanish: dict[str, Translation]) -> None:
    """The Spanish says "tu pareja", never a label or a diagnosis."""
    found = [(w, m[0]) for w, text in spanish_texts(spanish) for m in LABELS.finditer(text)]
    assert found == []
    assert LABELS.search("si el agresor llama")  # the pattern itself works


# The form of address is "tú" throughout: no usted, no vosotros (nor its verb endings).


def test_one_form_of_address(spanish: dict[str, Translation]) -> None:
    """Every text speaks to the reader as "tú"."""
    found = [(w, m[0]) for w, text in spanish_texts(spanish) for m in OTHER_ADDRESS.finditer(text)]
    assert found == []
    assert OTHER_ADDRESS.search("cuando os vayáis")


def test_one_neutral_word_per_concept(spanish: dict[str, Translation]) -> None:
    """Regional words are replaced by the glossary's neutral ones, the same everywhere."""
    found = [
        (where, word, use)
        for where, text in spanish_texts(spanish)
        for word, use in GLOSSARY.items()
        if re.search(rf"\b{word}\b", text, re.IGNORECASE)
    ]
    assert found == []


# --- the hash --------------------------------------------------------------------------------


def test_english_hash_is_sha256_of_the_joined_texts() -> None:
    """The first 12 hex digits of the SHA-256 of title, why, how, caution joined by U+001F."""
    assert english_hash("Title", "Why") == "83ea1ad138d6"
    assert english_hash("Title", "Why", "How", "Caution") == "76ca852d589d"
    assert english_hash("Title", "Why", None, None) == english_hash("Title", "Why", "", "")


def test_english_hash_changes_with_every_text() -> None:
    """A change to any one of the four texts, or a text moved to another field, is seen."""
    base = ("Title", "Why", "How", "Caution")
    hashes = {english_hash(*base)}
    for index in range(4):
        changed = list(base)
        changed[index] += " now"
        hashes.add(english_hash(*changed))
    hashes.add(english_hash("Title", "Why", "Caution", "How"))
    assert len(hashes) == 6


# --- the loader ------------------------------------------------------------------------------

GOOD = """\
# Spanish texts of a test checklist.
schema = 1
language = "es"
checklist = "demo"
title = "Demostración"
summary = "Una lista de prueba."

[item.first]
title = "Primer paso"
why = "Porque sí."
how = "Así."
english = "{first}"

[item.second]
title = "Segundo paso"
why = "Porque también."
english = "{second}"
"""


def demo_checklist() -> Checklist:
    """An English checklist of two steps, the first with a how."""
    return Checklist(
        id="demo",
        title="Demo",
        summary="A test list.",
        items=[
            Item(id="first", title="First step", why="Because.", how="Like this.", priority="high"),
            Item(id="second", title="Second step", why="Because too.", due=Due(offset=-7)),
        ],
        builtin=True,
    )


def write(folder: Path, text: str, name: str = "demo.toml", language: str = "es") -> Path:
    """A translation file in a language folder, with the demo's current hashes filled in."""
    demo = demo_checklist()
    path = folder / language / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        text.replace("{first}", item_hash(demo.items[0])).replace(
            "{second}", item_hash(demo.items[1])
        ),
        encoding="utf-8",
    )
    return path


def test_loader_reads_a_translation_into_plain_data(tmp_path: Path) -> None:
    """A good file gives its language, checklist, titles and steps."""
    translation = load_translation(write(tmp_path, GOOD))
    assert (translation.language, translation.checklist, translation.title) == (
        "es",
        "demo",
        "Demostración",
    )
    assert translation.steps["first"].how == "Así."
    assert translation.steps["second"].how is None
    assert translation.steps["second"].english == item_hash(demo_checklist().items[1])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('checklist = "demo"', 'checklist = "demo"\norder = 3'), "order"),
        (('how = "Así."', 'how = "Así."\ndue = "-3d"'), "item.first.due"),
        (('why = "Porque sí."', 'why = "Porque \\u001b[2J sí."'), "control character"),
        (('why = "Porque sí."', 'why = "Porque \\u0085 sí."'), "control character"),
        (('title = "Primer paso"', f'title = "{"p" * 201}"'), "item.first.title"),
        (('why = "Porque sí."', f'why = "{"p" * 4001}"'), "item.first.why"),
        (('summary = "Una lista de prueba."', f'summary = "{"s" * 1001}"'), "summary"),
        (('title = "Demostración"', 'title = ""'), "title"),
        (('english = "{first}"', 'english = "XYZ"'), "item.first.english"),
        (('english = "{second}"', ""), "item.second.english"),
        (("schema = 1", "schema = 2"), "schema"),
        (('language = "es"', 'language = "Spanish"'), "language"),
        (("[item.second]", "[item.Second]"), "Second"),
        (('how = "Así."', 'how = "Pide {{court-order|}}."'), "no neutral words"),
        (('how = "Así."', 'how = "Pide {{no-such-fact|una orden}}."'), "no region defines"),
        (('how = "Así."', 'how = "Pide {{court-order una orden}}."'), "cannot read"),
    ],
)
def test_loader_refuses_a_bad_file_naming_the_field(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    """Unknown keys, control characters, lengths beyond the English limits, a bad hash or a
    missing one: one plain ChecklistError naming the file and the field."""
    old, new = change
    assert old in GOOD
    path = write(tmp_path, GOOD.replace(old, new))
    with pytest.raises(ChecklistError) as caught:
        load_translation(path)
    assert str(path) in str(caught.value)
    assert message in str(caught.value)


def test_loader_refuses_a_file_named_for_another_checklist(tmp_path: Path) -> None:
    """A file must be named after the checklist it translates."""
    with pytest.raises(ChecklistError, match="should match the file name 'other'"):
        load_translation(write(tmp_path, GOOD, name="other.toml"))


def test_loader_refuses_a_file_in_another_language_folder(tmp_path: Path) -> None:
    """A file must sit in the folder of its language."""
    with pytest.raises(ChecklistError, match="belongs in a folder 'es'"):
        load_translation(write(tmp_path, GOOD, language="fr"))


def test_loader_reports_toml_syntax_with_the_line(tmp_path: Path) -> None:
    """A TOML syntax error is one line naming the file and the position."""
    path = write(tmp_path, GOOD.replace('title = "Segundo paso"', 'title = "Segundo paso'))
    with pytest.raises(ChecklistError, match=r"line 15, column \d+: TOML syntax error"):
        load_translation(path)


def test_loader_refuses_a_missing_file(tmp_path: Path) -> None:
    """A missing file is a plain error, not a traceback."""
    with pytest.raises(ChecklistError, match="no such translation file"):
        load_translation(tmp_path / "es" / "demo.toml")


# --- apply -----------------------------------------------------------------------------------


def demo_translation(tmp_path: Path, text: str = GOOD) -> Translation:
    """The demo translation, loaded from a file."""
    return load_translation(write(tmp_path, text))


def test_apply_replaces_the_words_of_current_steps(tmp_path: Path) -> None:
    """Current steps, the title and the summary read in Spanish; nothing else changes."""
    english = demo_checklist()
    spanish = apply(english, demo_translation(tmp_path))
    assert (spanish.title, spanish.summary) == ("Demostración", "Una lista de prueba.")
    first, second = spanish.items
    assert (first.title, first.why, first.how, first.caution) == (
        "Primer paso",
        "Porque sí.",
        "Así.",
        None,
    )
    assert (second.title, second.why) == ("Segundo paso", "Porque también.")
    assert (first.id, first.priority, second.due) == ("first", "high", Due(offset=-7))
    assert spanish.builtin is True


def test_apply_keeps_english_for_a_stale_step(tmp_path: Path) -> None:
    """A step whose English changed after translation keeps its (new) English words."""
    english = demo_checklist()
    translation = demo_translation(tmp_path)
    english.items[1].why = "Because, and now more."
    spanish = apply(english, translation)
    assert spanish.items[1].title == "Second step"
    assert spanish.items[1].why == "Because, and now more."
    assert spanish.items[0].title == "Primer paso"
    assert compare(english, translation).stale == ("second",)


def test_apply_keeps_english_for_a_missing_step_and_ignores_an_extra(tmp_path: Path) -> None:
    """A step with no translation stays English; a translated step the English lacks is unused."""
    text = GOOD.replace("[item.second]", "[item.gone]")
    english = demo_checklist()
    translation = demo_translation(tmp_path, text)
    spanish = apply(english, translation)
    assert [i.title for i in spanish.items] == ["Primer paso", "Second step"]
    found = compare(english, translation)
    assert (found.missing, found.stale, found.extra) == (("second",), (), ("gone",))


def test_apply_keeps_english_when_how_or_caution_do_not_match(tmp_path: Path) -> None:
    """A translation without the English step's how (or with a caution it lacks) is not used,
    even with the right hash: one step never mixes two languages."""
    no_how = demo_translation(tmp_path, GOOD.replace('how = "Así."\n', ""))
    assert apply(demo_checklist(), no_how).items[0].title == "First step"
    with_caution = 'why = "Porque también."\ncaution = "Ojo."'
    extra_caution = demo_translation(
        tmp_path, GOOD.replace('why = "Porque también."', with_caution)
    )
    assert apply(demo_checklist(), extra_caution).items[1].title == "Second step"
    assert compare(demo_checklist(), extra_caution).stale == ("second",)


def test_apply_keeps_english_when_the_local_facts_differ(tmp_path: Path) -> None:
    """A translation naming other local facts than the English is not used: a place would fill
    the two languages differently."""
    english = demo_checklist()
    english.items[0].how = "Ask about {{court-order|a protection order}}."
    text = GOOD.replace('how = "Así."', 'how = "Pregunta por {{home-order|una orden}}."')
    path = write(tmp_path, text)
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            item_hash(demo_checklist().items[0]), item_hash(english.items[0])
        ),
        encoding="utf-8",
    )
    translation = load_translation(path)
    assert apply(english, translation).items[0].title == "First step"
    assert compare(english, translation).stale == ("first",)
    right = path.read_text(encoding="utf-8").replace("{{home-order|", "{{court-order|")
    path.write_text(right, encoding="utf-8")
    assert apply(english, load_translation(path)).items[0].how == (
        "Pregunta por {{court-order|una orden}}."
    )


def test_apply_is_pure(tmp_path: Path) -> None:
    """The checklist given is left exactly as it was."""
    english = demo_checklist()
    before = (english.title, [(i.title, i.why, i.how) for i in english.items])
    items = english.items
    apply(english, demo_translation(tmp_path))
    assert english.items is items
    assert (english.title, [(i.title, i.why, i.how) for i in english.items]) == before


def test_apply_refuses_the_translation_of_another_checklist(tmp_path: Path) -> None:
    """A translation of one checklist is never applied to another."""
    other = demo_checklist()
    other.id = "other"
    with pytest.raises(ChecklistError, match="translation of 'demo' cannot be used for 'other'"):
        apply(other, demo_translation(tmp_path))


def test_apply_keeps_the_english_summary_when_none_is_translated(tmp_path: Path) -> None:
    """An empty Spanish summary falls back to the English one, never to nothing."""
    text = GOOD.replace('summary = "Una lista de prueba."\n', "")
    assert apply(demo_checklist(), demo_translation(tmp_path, text)).summary == "A test list."


# --- a country's own words (override files) ----------------------------------------------------

OVERRIDE = """\
# Spain's words of the test checklist.
schema = 1
language = "es_ES"
checklist = "demo"

[item.first]
how = "Así, en España."
english = "{first}"
"""


def test_an_override_words_only_its_fields_over_the_shared_translation(tmp_path: Path) -> None:
    """Spain's how replaces the shared how; the title, why and the other step stay shared."""
    override = load_override(write(tmp_path, OVERRIDE, language="es_ES"))
    spain = apply(demo_checklist(), demo_translation(tmp_path), override)
    first, second = spain.items
    assert (first.title, first.why, first.how) == ("Primer paso", "Porque sí.", "Así, en España.")
    assert second.title == "Segundo paso"
    assert spain.title == "Demostración"
    titled = load_override(
        write(
            tmp_path,
            OVERRIDE.replace('checklist = "demo"', 'checklist = "demo"\ntitle = "Demo ES"'),
            language="es_ES",
        )
    )
    assert apply(demo_checklist(), demo_translation(tmp_path), titled).title == "Demo ES"


def test_a_stale_override_is_set_aside_for_the_shared_words(tmp_path: Path) -> None:
    """An override whose English changed since is not used: the step reads as the shared file
    says it, and the comparison names it stale."""
    english = demo_checklist()
    stale = OVERRIDE.replace('english = "{first}"', f'english = "{"0" * 12}"')
    override = load_override(write(tmp_path, stale, language="es_ES"))
    assert apply(english, demo_translation(tmp_path), override).items[0].how == "Así."
    found = compare_override(english, override)
    assert (found.stale, found.extra) == (("first",), ())


def test_an_override_of_a_step_or_field_the_checklist_lacks_is_extra(tmp_path: Path) -> None:
    """A step the checklist has not, or a caution its English step has not, is extra and never
    shown."""
    text = OVERRIDE + '\n[item.gone]\ntitle = "Nada"\nenglish = "{first}"\n'
    text = text.replace('how = "Así, en España."', 'how = "Así."\ncaution = "Ojo."')
    override = load_override(write(tmp_path, text, language="es_ES"))
    found = compare_override(demo_checklist(), override)
    assert (found.stale, found.extra) == ((), ("first:caution", "gone"))
    first = apply(demo_checklist(), demo_translation(tmp_path), override).items[0]
    assert first.caution is None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('language = "es_ES"', 'language = "es"'), "language"),
        (('language = "es_ES"', 'language = "es-ES"'), "language"),
        (('how = "Así, en España."\n', ""), "names no text"),
        (('english = "{first}"', ""), "item.first.english"),
        (('how = "Así, en España."', 'due = "-3d"'), "item.first.due"),
    ],
)
def test_an_override_loader_refuses_a_bad_file(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    """An override names a language with its country, at least one text per step, and the
    English hash; anything else is one plain error naming the field."""
    old, new = change
    assert old in OVERRIDE
    with pytest.raises(ChecklistError, match=message):
        load_override(write(tmp_path, OVERRIDE.replace(old, new), language="es_ES"))


def test_an_override_must_sit_in_its_countrys_folder(tmp_path: Path) -> None:
    """Spain's file in a folder named for Mexico is refused."""
    with pytest.raises(ChecklistError, match="belongs in a folder 'es_ES'"):
        load_override(write(tmp_path, OVERRIDE, language="es_MX"))


def test_the_country_overrides_are_what_the_script_writes(tmp_path: Path) -> None:
    """checklists/es_ES/ and es_MX/ are written by scripts/country-steps from the shared Spanish:
    after a change to checklists/es/ (or to the script's table), run it again."""
    copy = tmp_path / "checklists"
    shutil.copytree(CHECKLIST_DIR, copy)
    script = runpy.run_path(str(ROOT / "scripts" / "country-steps"))
    assert script["main"](["--checklists", str(copy)]) == 0
    for locale in ("es_ES", "es_MX"):
        written = {p.name: p.read_text(encoding="utf-8") for p in checklist_files(copy / locale)}
        kept = {
            p.name: p.read_text(encoding="utf-8") for p in checklist_files(CHECKLIST_DIR / locale)
        }
        assert written == kept, f"run scripts/country-steps ({locale})"


def override_folders() -> list[Path]:
    """The country folders of the repository's checklists (es_ES, es_MX, fr_CA...)."""
    return sorted(p for p in CHECKLIST_DIR.iterdir() if p.is_dir() and "_" in p.name)


@pytest.mark.parametrize("folder", override_folders(), ids=lambda p: p.name)
def test_every_country_override_is_current_and_known(
    folder: Path, english: dict[str, Checklist]
) -> None:
    """Each override of the repository words a step and fields its English checklist has, and
    is current (its English unchanged since): else re-check it and stamp it with
    `scripts/translation-status --lang <es_ES> --stamp <ref>`."""
    problems = []
    for path in checklist_files(folder):
        checklist = english.get(path.stem)
        if checklist is None:
            problems.append(f"{path.name}: no such checklist")
            continue
        override = load_override(path)
        found = compare_override(checklist, override)
        problems += [f"{path.stem}.{step}: stale" for step in found.stale]
        problems += [f"{path.stem}.{step}: no such step or field" for step in found.extra]
        shared = load_translation(translation_file(path.stem, folder.name.split("_")[0]))
        for step_id, step in override.steps.items():
            for field in step.fields():
                text = getattr(step, field)
                if text == getattr(shared.steps[step_id], field):
                    problems.append(f"{path.stem}.{step_id}:{field}: the same as the shared")
                room = max(TITLE_MAX, len(shared.steps[step_id].title))  # French runs longer
                if field == "title" and (len(text) > room or text.endswith(".")):
                    problems.append(f"{path.stem}.{step_id}: title too long or punctuated")
    assert problems == []


# --- the status script -----------------------------------------------------------------------


def run_script(*args: str) -> subprocess.CompletedProcess[str]:
    """scripts/translation-status in a real process."""
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A copy of the checklists folder, English and Spanish, to change freely."""
    folder = tmp_path / "checklists"
    shutil.copytree(CHECKLIST_DIR, folder)
    return folder


@pytest.mark.process
def test_script_reports_everything_current_on_the_repository(
    english: dict[str, Checklist],
) -> None:
    """On the repository as it is, every Spanish step is current: exit 0."""
    done = run_script("--lang", "es")
    total = sum(len(c.items) for c in english.values())
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines() == [
        f"es: {total} steps, {total} current, 0 missing, 0 stale, 0 extra"
    ]


@pytest.mark.process
def test_script_lists_stale_missing_and_extra_steps(copy: Path) -> None:
    """A changed English step is stale, a removed Spanish one missing, a leftover one extra."""
    english_file = copy / "finances.toml"
    english_file.write_text(
        english_file.read_text(encoding="utf-8").replace(
            "Small amounts add up", "Small sums add up"
        ),
        encoding="utf-8",
    )
    spanish_file = copy / "es" / "housing.toml"
    spanish_file.write_text(
        spanish_file.read_text(encoding="utf-8").replace("[item.transport]", "[item.gone]"),
        encoding="utf-8",
    )
    done = run_script("--checklists", str(copy), "--lang", "es")
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines[0].endswith("1 missing, 1 stale, 1 extra")
    assert lines[1:] == [
        "  stale    finances.save-quietly",
        "  missing  housing.transport",
        "  extra    housing.gone",
    ]


@pytest.mark.process
def test_script_stamps_a_rechecked_step_and_keeps_the_rest_of_the_file(copy: Path) -> None:
    """--stamp writes only the new hash of the steps named; comments and words stay."""
    english_file = copy / "finances.toml"
    english_file.write_text(
        english_file.read_text(encoding="utf-8").replace(
            "Small amounts add up", "Small sums add up"
        ),
        encoding="utf-8",
    )
    spanish_file = copy / "es" / "finances.toml"
    before = spanish_file.read_text(encoding="utf-8")
    done = run_script("--checklists", str(copy), "--lang", "es", "--stamp", "finances.save-quietly")
    assert done.returncode == 0, done.stderr
    after = spanish_file.read_text(encoding="utf-8")
    pairs_of_lines = zip(before.splitlines(), after.splitlines(), strict=True)
    changed = [(old, new) for old, new in pairs_of_lines if old != new]
    assert len(changed) == 1
    assert changed[0][0].startswith('english = "')
    assert changed[0][1].startswith('english = "')
    assert run_script("--checklists", str(copy), "--lang", "es").returncode == 0


@pytest.mark.process
def test_script_stamps_a_new_step_without_an_english_line(copy: Path) -> None:
    """A step written for the first time, with no `english` line yet, gets one."""
    spanish_file = copy / "es" / "after.toml"
    text = spanish_file.read_text(encoding="utf-8")
    spanish_file.write_text(re.sub(r'\nenglish = "[0-9a-f]+"\n\Z', "\n", text), encoding="utf-8")
    assert run_script("--checklists", str(copy), "--lang", "es").returncode == 1
    done = run_script("--checklists", str(copy), "--lang", "es", "--stamp", "after.new-partner")
    assert done.returncode == 0, done.stderr
    assert spanish_file.read_text(encoding="utf-8") == text


@pytest.mark.process
def test_script_refuses_to_stamp_what_is_not_translated(copy: Path) -> None:
    """Stamping a step with no Spanish text, or whose how is missing, writes nothing."""
    spanish_file = copy / "es" / "finances.toml"
    text = spanish_file.read_text(encoding="utf-8")
    spanish_file.write_text(text.replace("[item.ready-money]", "[item.gone]"), encoding="utf-8")
    broken = spanish_file.read_text(encoding="utf-8")
    done = run_script("--checklists", str(copy), "--lang", "es", "--stamp", "finances.ready-money")
    assert done.returncode == 1
    assert "finances.ready-money: has no translation to stamp" in done.stderr
    no_how = re.sub(r'(\[item\.credit-report\]\n(?:.*\n)*?)how = ".*"\n', r"\1", broken)
    spanish_file.write_text(no_how, encoding="utf-8")
    done = run_script(
        "--checklists", str(copy), "--lang", "es", "--stamp", "finances.credit-report"
    )
    assert done.returncode == 1
    assert "'how' is in one language and not the other" in done.stderr
    assert spanish_file.read_text(encoding="utf-8") == no_how


@pytest.mark.process
def test_script_reports_a_countrys_stale_and_extra_overrides(copy: Path) -> None:
    """A Spain override of a changed English step is stale, one of a step the checklist lacks is
    extra: exit 1; stamping it again makes it current."""
    english_file = copy / "finances.toml"
    english_file.write_text(
        english_file.read_text(encoding="utf-8").replace(
            "Statements show what existed", "Statements show what there was"
        ),
        encoding="utf-8",
    )
    override = copy / "es_ES" / "housing.toml"
    override.write_text(
        override.read_text(encoding="utf-8").replace("[item.longer-term]", "[item.gone]"),
        encoding="utf-8",
    )
    done = run_script("--checklists", str(copy), "--lang", "es_ES")
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines[0].endswith("1 stale, 1 extra")
    assert lines[1:] == ["  stale    finances.copy-statements", "  extra    housing.gone"]
    override.write_text(
        override.read_text(encoding="utf-8").replace("[item.gone]", "[item.longer-term]"),
        encoding="utf-8",
    )
    assert (
        run_script(
            "--checklists", str(copy), "--lang", "es", "--stamp", "finances.copy-statements"
        ).returncode
        == 0
    )
    stamped = run_script(
        "--checklists", str(copy), "--lang", "es_ES", "--stamp", "finances.copy-statements"
    )
    assert stamped.returncode == 0, stamped.stderr
    assert run_script("--checklists", str(copy), "--lang", "es_ES").returncode == 0


# -- French punctuation in the steps -----------------------------------------------------------

ORDINARY_BEFORE_MARK = re.compile(r" [;:!?»]|« ")


def _french_texts(checklists: Iterator[Checklist] | tuple[Checklist, ...]) -> Iterator[str]:
    for checklist in checklists:
        yield checklist.title
        yield checklist.summary
        for item in checklist.items:
            yield from (t for t in (item.title, item.why, item.how, item.caution) if t)


def test_no_french_step_has_an_ordinary_space_before_a_mark() -> None:
    """Every field of checklists/fr: U+202F before ; ! ?, U+00A0 before : and inside « », never
    an ordinary space a line could break at."""
    wrong = []
    for path in checklist_files(CHECKLIST_DIR / "fr"):
        translation = load_translation(path)
        texts = [translation.title, translation.summary or ""]
        for step in translation.steps.values():
            texts += [t for t in (step.title, step.why, step.how, step.caution) if t]
        wrong += [f"{path.name}: {t}" for t in texts if ORDINARY_BEFORE_MARK.search(t)]
    assert not wrong, "\n".join(wrong)


def test_quebec_reads_the_steps_without_a_space_before_tall_marks() -> None:
    """The catalog for fr_CA has no space of any kind before ; ! ? and keeps U+00A0 before a
    colon; the one for France keeps U+202F before them."""
    from exitplan.formats.checklistfile import load_catalog
    from exitplan.formats.translation import translated

    catalog = load_catalog()
    quebec = list(_french_texts(translated(catalog, "fr_CA").checklists))
    france = list(_french_texts(translated(catalog, "fr").checklists))
    assert not [t for t in quebec if re.search("[ \u00a0\u202f][;!?]", t)]
    assert any("\u00a0:" in t for t in quebec)
    assert any(re.search("\u202f[;!?]", t) for t in france)
    assert not [t for t in france if ORDINARY_BEFORE_MARK.search(t)]
