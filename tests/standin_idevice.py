"""A stand-in for libimobiledevice's programs: replays a recorded iPhone, records every call.

Tests put `idevice_id`, `idevicepair`, `ideviceinfo`, `ideviceinstaller` and `ideviceprovision`
on the PATH, each a small script that runs this file with the program's name first. It reads:

- STANDIN_IDEVICE_PHONE: the recorded iPhone, `tests/data/iphones/NAME.toml` (`base = "clean"`
  starts from another); its `[outputs]` are keyed by the command line without `-u UDID`
  (`ideviceinfo -k ProductType`), each either a text or a table `{stdout, code}`;
- STANDIN_IDEVICE_LOG: a file to which every call is appended, one JSON list a line;
- STANDIN_IDEVICE_ENV_LOG: a file to which the names of the variables each call saw that could
  steer it (USBMUXD_*, LIBUSBMUXD_*, LIBIMOBILEDEVICE_*) are appended;
- STANDIN_IDEVICE_PAIRED: a file standing for usbmuxd's pairing record. `idevicepair validate`
  succeeds when it exists; `pair` writes it, after as many "accept the trust dialog" answers as
  the recording's `trust_after` says (or says the user denied when `trust = "deny"`); `unpair`
  removes it. `paired = true` in the recording means it exists from the start.

The messages are those of libimobiledevice 1.3.0's tools/idevicepair.c and ideviceinstaller
1.1.1's src/ideviceinstaller.c, with the program's exit code (`EXIT_FAILURE` is 1, -1 is 255).
An output of exactly "HANG" never answers.
"""

from __future__ import annotations

import json
import os
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

IPHONES = Path(__file__).resolve().parent / "data" / "iphones"


def recording(name: str) -> dict[str, Any]:
    path = Path(name) if name.endswith(".toml") else IPHONES / f"{name}.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    merged = recording(data["base"]) if "base" in data else {"outputs": {}}
    merged["outputs"] = {**merged.get("outputs", {}), **data.get("outputs", {})}
    merged.update({k: v for k, v in data.items() if k not in {"outputs", "base"}})
    return merged


def _pair(program: str, args: list[str], phone: dict[str, Any]) -> int:  # noqa: PLR0911 - one return per idevicepair answer
    udid = args[1] if args[:1] == ["-u"] else phone.get("udid", "")
    paired = Path(os.environ["STANDIN_IDEVICE_PAIRED"])
    tries = paired.with_suffix(".tries")
    command = args[-1]
    if command == "validate":
        if paired.exists():
            print(f"SUCCESS: Validated pairing with device {udid}")
            return 0
        print(f"ERROR: Device {udid} is not paired with this host")
        return 1
    if command == "pair":
        if phone.get("trust") == "deny":
            print(f"ERROR: Device {udid} said that the user denied the trust dialog.")
            return 1
        count = int(tries.read_text()) if tries.exists() else 0
        tries.write_text(str(count + 1))
        if count < int(phone.get("trust_after", 0)):
            print(
                f"ERROR: Please accept the trust dialog on the screen of device {udid}, "
                "then attempt to pair again."
            )
            return 1
        paired.write_text("pairing record\n")
        print(f"SUCCESS: Paired with device {udid}")
        return 0
    if command == "unpair":
        paired.unlink(missing_ok=True)
        print(f"SUCCESS: Unpaired with device {udid}")
        return 0
    print(f"ERROR: Invalid command '{command}' specified")
    return 1


def main(program: str, args: list[str]) -> int:
    log = os.environ.get("STANDIN_IDEVICE_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as handle:
            handle.write(json.dumps([program, *args]) + "\n")
    env_log = os.environ.get("STANDIN_IDEVICE_ENV_LOG")
    if env_log:
        steering = sorted(
            k for k in os.environ if k.startswith(("USBMUXD_", "LIBUSBMUXD_", "LIBIMOBILEDEVICE_"))
        )
        with open(env_log, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(steering) + "\n")
    phone = recording(os.environ["STANDIN_IDEVICE_PHONE"])
    paired = Path(os.environ["STANDIN_IDEVICE_PAIRED"])
    if phone.get("paired") and not paired.with_suffix(".started").exists():
        paired.with_suffix(".started").write_text("")
        paired.write_text("pairing record\n")
    paired.with_suffix(".started").write_text("")
    rest = args[2:] if args[:1] == ["-u"] else args
    key = " ".join([program, *rest])
    if program == "idevicepair" and key not in phone["outputs"]:
        return _pair(program, args, phone)
    if program != "idevice_id" and not paired.exists() and key in phone["outputs"]:
        # Without a pairing, lockdownd refuses what needs one (the tools' own message).
        sys.stderr.write("Could not connect to lockdownd. Exiting.\n")
        return 255
    said = phone["outputs"].get(key)
    if said is None:
        sys.stderr.write(f"{program}: no recording for {' '.join(args)}\n")
        return 1
    if said == "HANG":
        time.sleep(3600)
    if isinstance(said, dict):
        sys.stdout.write(said.get("stdout", ""))
        sys.stderr.write(said.get("stderr", ""))
        return int(said.get("code", 0))
    sys.stdout.write(said)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
