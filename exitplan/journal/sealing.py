"""How the journal's files are sealed: the keys the data home hands in, and what a plain file means.

The journal knows no workspace: the home (`exitplan.service.journal`) unlocks the plan and hands
in a `Sealing`, or None for a journal kept in plain text. With a sealing:

- every new record is sealed with `key` (sealed-file format 2) and every kept copy is sealed in
  chunks (:mod:`exitplan.crypto.stream`);
- a file opens with `key` or any of `others` (both keys are held while a passphrase change is
  being finished);
- a record in plain text is never read as the person's, with one exception: while an encrypt or
  decrypt is unfinished (`stopped`), the records before the first sealed one are read. Encrypt
  seals from the last record back to the first and decrypt opens from the first on, so a stopped
  run always leaves plain records in front of sealed ones, and the first sealed record's `prev`
  (authenticated by the key) vouches for the plain records before it through the hash chain.
  A plain record after a sealed one, or any plain record once the plan itself is sealed, was put
  there by someone else. So is one the stopped run's sealed marker does not list (`vouched`):
  a journal whose sealed records were all deleted and rewritten in plain text has no sealed
  record to vouch for it, and is never read, nor sealed by a later `encrypt`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from exitplan.base.limits import SEALED_MARK
from exitplan.crypto.datakey import open_with_any, seal_with
from exitplan.crypto.stream import open_copy, seal_copy

if TYPE_CHECKING:
    from exitplan.crypto.datakey import DataKey

COPY_CHUNK = 1024 * 1024  # exitplan.crypto.stream.CHUNK, repeated so no crypto is imported here


def is_sealed_record(data: bytes) -> bool:
    """Whether a record file's bytes are sealed (format 2, or any other sealed format)."""
    return data[: len(SEALED_MARK)] == SEALED_MARK


@dataclass(frozen=True)
class Sealing:
    """The journal's keys: `key` seals new files; `others` may also open one."""

    key: DataKey
    others: tuple[DataKey, ...] = field(default=())
    stopped: bool = False  # an encrypt or decrypt was stopped: see the module's docstring
    # While stopped: the SHA-256 of the plain records the sealed marker of the stopped encrypt
    # or decrypt vouches for (exitplan.home.vouch); no other plain record is read. None: the
    # hash chain alone decides (a journal read outside any such run).
    vouched: frozenset[str] | None = None
    chunk: int = COPY_CHUNK  # plaintext bytes per chunk of a kept copy (tests use small ones)

    @property
    def keys(self) -> tuple[DataKey, ...]:
        """Every key that may open a file."""
        return (self.key, *self.others)

    def seal(self, plain: bytes) -> bytes:
        """A record's bytes sealed with `key`."""

        return seal_with(plain, self.key)

    def open(self, data: bytes) -> bytes:
        """A sealed record's bytes (VaultError when no key opens them or they were changed)."""

        return open_with_any(data, self.keys)

    def seal_copy(self, pieces: Iterable[bytes]) -> Iterator[bytes]:
        """A kept copy sealed in chunks, header first."""

        return seal_copy(pieces, self.key, self.chunk)

    def open_copy(self, read: Callable[[int], bytes], total: int) -> Iterator[bytes]:
        """A sealed kept copy's bytes, chunk by chunk (VaultError when damaged or foreign)."""

        return open_copy(read, total, self.keys)
