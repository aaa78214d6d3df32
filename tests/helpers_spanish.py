"""Spanish in the tests: exitplan's own Spanish catalog, or a small stand-in while it has none.

`exitplan --lang es` needs a compiled catalog in exitplan/locale/es. Until the interface strings
are translated there, the content tests (the checklists, the region files) run against a
stand-in catalog holding only the messages they read; once the real catalog ships, every test
here uses it, and the stand-in is never built.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from exitplan.base import i18n

STAND_IN = r"""
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "Answers in your language."
msgstr "Atiende en español."
"""


def shipped() -> bool:
    """Whether exitplan itself has a Spanish catalog."""
    return (Path(i18n.locale_dir()) / "es" / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo").is_file()


def stand_in(folder: Path) -> Path:
    """A locale folder holding the stand-in Spanish catalog, compiled as Babel compiles ours."""
    catalog = read_po(io.StringIO(STAND_IN), locale="es", domain=i18n.DOMAIN)
    target = folder / "es" / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    with (target / f"{i18n.DOMAIN}.mo").open("wb") as handle:
        write_mo(handle, catalog)
    return folder


def child_prefix(locale: Path | None) -> str:
    """Python to run in a child process before exitplan: the stand-in catalog, when needed."""
    if locale is None:
        return ""
    return (
        "from pathlib import Path as _P; from exitplan.base import i18n as _i; "
        f"_i.locale_dir = lambda: _P({str(locale)!r})\n"
    )


def exitplan_child(
    locale: Path | None,
    *args: str,
    env: dict[str, str] | None = None,
    input: str | None = None,
    code: str = "from exitplan.cli.entry import main\nmain()",
) -> subprocess.CompletedProcess[str]:
    """The console script's entry point (the glance first), or other `code`, in a real child
    process whose environment holds no language or exitplan setting but those in `env`."""
    code = child_prefix(locale) + code
    base = {k: v for k, v in os.environ.items() if not k.startswith(("EXITPLAN_", "LC_", "LANG"))}
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        input=input,
        env={**base, **(env or {})},
        timeout=60,
        check=False,
    )


# The form of address the Spanish words never use: they speak to the reader as "tú".
OTHER_ADDRESS = re.compile(r"\b(usted|ustedes|vosotros|vosotras|os|\w+áis|\w+éis)\b", re.I)


# One neutral word per concept (the glossary of the translation): a regional word points to it.
GLOSSARY = {
    "celular": "teléfono",
    "móvil": "teléfono",
    "ordenador": "computadora",
    "computador": "computadora",
    "laptop": "computadora portátil",
    "coche": "auto",
    "carro": "auto",
    "aparcar": "estacionar",
    "coger": "tomar, llevar",
    "platicar": "hablar",
    "ahorita": "ahora",
    "enojo": "rabia",
    "enfado": "rabia",
    "lentes": "gafas",
    "localizador": "rastreador",
    "intercesor": "persona de apoyo",
    "intercesora": "persona de apoyo",
    # a person's word, not a job title (a native reader, 2026-12-04)
    "profesional de apoyo": "tu persona de apoyo, alguien de un servicio especializado",
    # "after you leave" to a reader; the flag means "not done"
    "tras salir": "sin hacer",
    # "when your turn comes" (and a shock, in Mexico)
    "cuando toque": "si pasa",
}
