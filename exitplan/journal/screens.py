"""The journal's entries as lines for a screen: the list, and one entry in full.

Pure: lines of text, not yet wrapped (the face wraps them to the terminal). Times are local and
readable, names stay on one line, and in plain mode (for a screen reader) nothing is cut and no
hash is shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from exitplan.base.i18n import _, labelled
from exitplan.base.safetext import one_line
from exitplan.journal.attachments import size_text
from exitplan.journal.entry import QUESTIONS, given, when_words
from exitplan.journal.records import timeline
from exitplan.journal.shapes import EntryView, Fields
from exitplan.journal.times import local_text

__all__ = ["list_lines", "show_lines"]


def list_lines(views: Sequence[EntryView], *, plain: bool = False) -> list[str]:
    """One line per entry, in the order things happened (`list_entries`): number, when, the start
    of what happened, what was added. Plain: whole sentences, no columns, nothing cut."""
    lines = []
    for moment in timeline(views):
        if plain:  # whole words for a screen reader: no cut text, no ellipsis, no columns
            added = _(" ({added})").format(added=moment.added) if moment.added else ""
            lines.append(
                _("Entry {n}, {when}: {what}{added}").format(
                    n=moment.number, when=moment.when, what=moment.text, added=added
                )
            )
            continue
        tail = f"  [{moment.added}]" if moment.added else ""
        lines.append(f"{moment.number:>4}  {moment.when:<22}  {moment.what}{tail}")
    return lines


def show_lines(view: EntryView, *, plain: bool = False) -> list[str]:
    """One entry in full: its fields, its corrections (numbered per entry), its files and its
    hashes. Plain: no hash, which a screen reader would read character by character."""

    def fields(values: Fields) -> list[str]:
        out = []
        for name, value in given(values):
            text = value
            if name == "when" and "when" in values:
                when = values["when"]
                text = when_words(when) + (_(" (approximate)") if when.get("approximate") else "")
            label = _(QUESTIONS[name]).split(" (")[0]
            first, *more = str(text).split("\n")
            out.append(labelled(label, first))
            out += [f"    {line}" if line.strip() else "" for line in more]
        return out

    lines = [
        _("Entry {n}, written {time}").format(n=view["number"], time=local_text(view["recorded"])),
        *fields(view["fields"]),
    ]
    for place, amendment in enumerate(view["amendments"], start=1):
        heading = _("Correction {place} (record {n}), written {time}").format(
            place=place, n=amendment["number"], time=local_text(amendment["recorded"])
        )
        lines += ["", heading, *fields(amendment["fields"])]
    for att in view["attachments"]:
        file = att["file"]
        name = one_line(str(file["name"]))
        if plain:
            lines += [
                "",
                _("File {n}: {name}, {size}.").format(
                    n=att["number"], name=name, size=_size(file["size"])
                ),
            ]
        else:
            lines += [
                "",
                _("File {n}: {name}, {size}, SHA-256 {sha}").format(
                    n=att["number"], name=name, size=_size(file["size"]), sha=file["sha256"]
                ),
            ]
    if plain:
        lines += [
            "",
            _("Its hashes are in 'exitplan log show {n} --json' and in every export.").format(
                n=view["number"]
            ),
        ]
    else:
        lines += [
            "",
            _("hash {hash}").format(hash=view["hash"]),
            _("previous {hash}").format(hash=view["prev"]),
        ]
    return lines


def _size(size: object) -> str:
    return size_text(int(size)) if isinstance(size, int) else str(size)
