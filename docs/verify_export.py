"""Check an exitplan journal export (JSON) with nothing but Python's standard library.

Usage: python3 verify_export.py EXPORT.json [FINGERPRINT]

For every record, in order: take all its fields except "hash", write them as JSON with sorted
keys, separators "," and ":" and non-ASCII kept as UTF-8; the SHA-256 of those bytes must be the
record's "hash" and the next record's "prev" (the first "prev" is 64 zeros). Prints the result
and the head fingerprint (record count, ":", the first 20 base32 characters of the last hash);
given a FINGERPRINT noted earlier, also checks that the journal still extends it.
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


def short(hex_hash):
    chars = base64.b32encode(bytes.fromhex(hex_hash)).decode("ascii")[:20]
    return "-".join(chars[i : i + 4] for i in range(0, 20, 4))


def main(argv):
    with open(argv[1], encoding="utf-8") as handle:
        records = json.load(handle)["records"]
    prev, hashes = "0" * 64, []
    for index, record in enumerate(records, start=1):
        if (
            record.get("n") != index
            or record.get("prev") != prev
            or record.get("hash") != digest(record)
        ):
            print(f"record {index}: changed, removed or out of order")
            return 1
        prev = digest(record)
        hashes.append(prev)
    print(f"{len(records)} records, chain intact; fingerprint {len(records)}:{short(prev)}")
    if len(argv) > 2:
        count, _, chars = argv[2].partition(":")
        count = int(count)
        wanted = chars.replace("-", "").replace(" ", "").upper()
        then = hashes[count - 1] if 0 < count <= len(hashes) else ("0" * 64 if count == 0 else None)
        if then is None or short(then).replace("-", "")[: len(wanted)] != wanted:
            print(f"the journal does not extend the fingerprint {argv[2]}")
            return 1
        print(f"it extends the fingerprint {argv[2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
