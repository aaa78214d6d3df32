"""A stand-in for the adb program: replays recorded outputs of a phone, and records every call.

Tests put a small `adb` script on the PATH that runs this file. It reads:

- STANDIN_ADB_PHONE: the recorded phone, `tests/data/phones/NAME.toml`, or the path of a TOML
  file a test wrote (a file may start from another with `base = "clean"` and add lines with
  `[append]`);
- STANDIN_ADB_LOG: a file to which every call's arguments are appended, one JSON list a line;
- STANDIN_ADB_ENV_LOG: a file to which the names of the variables each call saw that could
  steer adb (ADB_*, ANDROID_*) are appended, one JSON list a line;
- STANDIN_ADB_SERVER: a file standing for a running adb server (start-server creates it and says
  it started one; kill-server removes it). Like the real adb, a server it starts writes a key
  pair to `$HOME/.android/` and a log to `$TMPDIR/adb.UID.log`.

`adb -s SERIAL pull REMOTE LOCAL` replays the recording's "pull REMOTE", whose value names a
file (`FILE:/path/of/an.apk`): it is copied to LOCAL and adb's summary line printed. A command
the recording does not hold prints an error and exits 1, as adb does for an unknown one.
A recorded output "FILE:/path" replays that file's bytes. A recorded output of exactly "HANG"
never answers; "ORPHAN" first starts a process in a session
of its own that holds the output open (its id written to STANDIN_ADB_ORPHAN), then never answers.
"""

from __future__ import annotations

import json
import os
import sys
import time
import tomllib
from pathlib import Path

PHONES = Path(__file__).resolve().parent / "data" / "phones"


def recording(name: str) -> dict[str, str]:
    path = Path(name) if name.endswith(".toml") else PHONES / f"{name}.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    outputs = recording(data["base"]) if "base" in data else {}
    outputs.update(data.get("outputs", {}))
    for key, extra in data.get("append", {}).items():
        outputs[key] = outputs.get(key, "") + extra
    return outputs


def main(args: list[str]) -> int:
    log = os.environ.get("STANDIN_ADB_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(args) + "\n")
    env_log = os.environ.get("STANDIN_ADB_ENV_LOG")
    if env_log:
        steering = sorted(k for k in os.environ if k.startswith(("ADB_", "ANDROID_")))
        with open(env_log, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(steering) + "\n")
    server = Path(os.environ.get("STANDIN_ADB_SERVER", "/nonexistent/standin-adb-server"))
    if args == ["start-server"]:
        if not server.exists():
            server.write_text("running\n", encoding="utf-8")
            keys = Path(os.environ["HOME"]) / ".android"
            keys.mkdir(exist_ok=True)
            (keys / "adbkey").write_text("a private key\n", encoding="utf-8")
            (keys / "adbkey.pub").write_text("a public key\n", encoding="utf-8")
            temp = Path(os.environ.get("TMPDIR", "/tmp"))
            (temp / f"adb.{os.getuid()}.log").write_text("started\n", encoding="utf-8")
            sys.stderr.write("* daemon not running; starting now at tcp:5037\n")
            sys.stderr.write("* daemon started successfully\n")
        return 0
    if args == ["kill-server"]:
        server.unlink(missing_ok=True)
        return 0
    outputs = recording(os.environ["STANDIN_ADB_PHONE"])
    if args[:1] == ["-s"] and args[2:3] == ["pull"] and len(args) == 5:
        source = outputs.get(f"pull {args[3]}", "")
        if not source.startswith("FILE:"):
            sys.stderr.write(f"adb: error: failed to stat remote object '{args[3]}'\n")
            return 1
        body = Path(source.removeprefix("FILE:")).read_bytes()
        Path(args[4]).write_bytes(body)
        sys.stdout.write(
            f"{args[3]}: 1 file pulled, 0 skipped. 31.4 MB/s ({len(body)} bytes in 0.001s)\n"
        )
        return 0
    key = " ".join(args[3:]) if args[:1] == ["-s"] and args[2:3] == ["shell"] else " ".join(args)
    if key not in outputs:
        sys.stderr.write(f"adb: unknown command {' '.join(args)}\n")
        return 1
    if outputs[key] == "ORPHAN":
        import subprocess

        orphan = subprocess.Popen(["/bin/sleep", "600"], start_new_session=True)
        Path(os.environ["STANDIN_ADB_ORPHAN"]).write_text(str(orphan.pid), encoding="utf-8")
        time.sleep(3600)
    if outputs[key] == "HANG":
        time.sleep(3600)
    said = outputs[key]
    # A long output is kept in a file of its own.
    body = Path(said[5:]).read_bytes() if said.startswith("FILE:") else said.encode()
    sys.stdout.buffer.write(body)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
