"""exitplan: a private, offline planner for leaving an abusive or controlling partner."""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    # importlib.metadata costs ~60 ms to import; only `--version` needs it.
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("exitplan")
        except PackageNotFoundError:  # a source tree that was never installed
            return "0.0.0+unknown"
    raise AttributeError(f"module 'exitplan' has no attribute {name!r}")
