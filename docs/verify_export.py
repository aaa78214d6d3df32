"""Check an exitplan journal export (JSON) with nothing but Python's standard library.

Usage: python3 verify_export.py EXPORT.json [FINGERPRINT]

For every record, in order: take all its fields except "hash", write them as JSON with sorted
keys, separators "," and ":" and non-ASCII kept as UTF-8; the SHA-256 of those bytes must be the
record's "hash" and the next record's "prev" (the first "prev" is 64 zeros). Prints the result
and the head fingerprint (record count, ":", the first 19 base32 characters of the last hash and
a Luhn mod 32 check character, in groups of 4); given a whole FINGERPRINT noted earlier, also
checks that it was copied without a mistake and that the journal still extends it.
Exit status 0 when intact, 1 otherwise.
"""

import base64
import hashlib
import json
import sys


def digest(record):
    body = {key: value for key, value in record.items() if key != "hash"}
    data = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(data.encode("utf-8")).hexdigest()


ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def check_char(count, chars):
    """Luhn mod 32 over the count's digits and the hash characters."""
    values = [int(d) for d in str(count)] + [ALPHABET.index(c) for c in chars]
    total, factor = 0, 2
    for value in reversed(values):
        addend = factor * value
        total += addend // 32 + addend % 32
        factor = 3 - factor
    return ALPHABET[(32 - total % 32) % 32]


def short(count, hex_hash):
    chars = base64.b32encode(bytes.fromhex(hex_hash)).decode("ascii")[:19]
    chars += check_char(count, chars)
    return "-".join(chars[i : i + 4] for i in range(0, 20, 4))


MAX_EXPORT_BYTES = 512 * 1024 * 1024  # far more than any journal's records


def read_records(path):
    """The export's records, or a sentence saying why the file is not an export."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_EXPORT_BYTES + 1)
    except OSError as exc:
        return f"{path}: cannot be read ({exc.strerror or exc})"
    if len(data) > MAX_EXPORT_BYTES:
        return f"{path}: is far larger than any journal export"
    try:
        loaded = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return f"{path}: is not a JSON journal export"
    records = loaded.get("records") if isinstance(loaded, dict) else None
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        return f"{path}: has no list of records; is it a JSON export of an exitplan journal?"
    return records


def main(argv):
    if len(argv) < 2:
        print(__doc__.splitlines()[2])
        return 1
    records = read_records(argv[1])
    if isinstance(records, str):
        print(records)
        return 1
    prev, hashes = "0" * 64, []
    for index, record in enumerate(records, start=1):
        try:
            computed = digest(record)
        except (TypeError, ValueError, RecursionError):  # a value JSON cannot write back
            computed = None
        if (
            computed is None
            or record.get("n") != index
            or record.get("prev") != prev
            or record.get("hash") != computed
        ):
            print(f"record {index}: changed, removed or out of order")
            return 1
        prev = computed
        hashes.append(prev)
    print(
        f"{len(records)} records, chain intact; fingerprint {len(records)}:"
        f"{short(len(records), prev)}"
    )
    if len(argv) > 2:
        count, _, chars = argv[2].partition(":")
        if not count.isdigit() or len(count) > 12:
            print(f"{argv[2]} is not a whole fingerprint, or a character was copied wrong")
            return 1
        count = int(count)
        wanted = chars.replace("-", "").replace(" ", "").upper()
        if (
            len(wanted) != 20
            or any(c not in ALPHABET for c in wanted)
            or check_char(count, wanted[:19]) != wanted[19]
        ):
            print(f"{argv[2]} is not a whole fingerprint, or a character was copied wrong")
            return 1
        then = hashes[count - 1] if 0 < count <= len(hashes) else ("0" * 64 if count == 0 else None)
        if then is None or short(count, then).replace("-", "") != wanted:
            print(f"the journal does not extend the fingerprint {argv[2]}")
            return 1
        print(f"it extends the fingerprint {argv[2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
