"""Printing a page as a person's browser does: headless Chromium to PDF, read back with poppler.

Needs `chromium` and `pdftotext` (Debian: `apt-get install chromium poppler-utils`; `.ci/run`
installs them). Without them a printing test fails and says how to get them, unless
EXITPLAN_NO_BROWSER=1 is set, which skips it with that reason.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

INSTALL = (
    "install them with: sudo apt-get install chromium poppler-utils "
    "(or run .ci/run as root, which does it), "
    "or set EXITPLAN_NO_BROWSER=1 to skip the printing tests on purpose"
)
PAPER = {"A4": "A4", "Letter": "letter"}  # the CSS size name, and how pdfinfo names it


def browser_tools() -> tuple[str, str, str, str]:
    """Paths to chromium and poppler's pdftotext, pdfinfo and pdftoppm.

    Without them: a loud failure that says how to install them, or a skip with the reason when
    EXITPLAN_NO_BROWSER=1 asks for one.
    """
    found = {
        "chromium": shutil.which("chromium") or shutil.which("chromium-browser"),
        "pdftotext": shutil.which("pdftotext"),
        "pdfinfo": shutil.which("pdfinfo"),
        "pdftoppm": shutil.which("pdftoppm"),
    }
    missing = [name for name, path in found.items() if path is None]
    if missing:
        reason = f"{' and '.join(missing)} not found, so the summary cannot be printed"
        if os.environ.get("EXITPLAN_NO_BROWSER") == "1":
            pytest.skip(f"EXITPLAN_NO_BROWSER=1 is set and {reason}")
        pytest.fail(f"{reason}: {INSTALL}", pytrace=False)
    return tuple(str(path) for path in found.values())  # type: ignore[return-value]


def print_to_pdf(page: str, folder: Path, *, browser_margins: bool = False) -> Path:
    """Print an HTML page to PDF with headless Chromium, writing only inside `folder`.

    `browser_margins`: print as a person's browser does by default, with its own header and
    footer (the date, the title, the file's path) wherever the page does not fill them itself.

    Chromium makes a Unix socket under TMPDIR, and socket paths are short (108 bytes), so the
    folder should have a short path: `tmp_path_factory.mktemp("p")` rather than `tmp_path`.
    """
    chromium = browser_tools()[0]
    folder.mkdir(parents=True, exist_ok=True)
    source = folder / "summary.html"
    source.write_text(page, encoding="utf-8")
    pdf = folder / "summary.pdf"
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(folder / "home"),
        "XDG_CONFIG_HOME": str(folder / "home" / ".config"),
        "XDG_CACHE_HOME": str(folder / "home" / ".cache"),
        "XDG_DATA_HOME": str(folder / "home" / ".local" / "share"),
        "TMPDIR": str(folder),
        "LANG": "C.UTF-8",
    }
    argv = [
        chromium,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        f"--user-data-dir={folder / 'profile'}",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-extensions",
        "--disable-sync",
        "--disable-background-networking",
        "--disable-component-update",
        "--host-resolver-rules=MAP * ~NOTFOUND",  # nothing could be looked up even if asked
        *(
            ()
            if browser_margins
            else (
                "--no-pdf-header-footer",  # no file path or date printed in the margins
                "--print-to-pdf-no-header",  # the same, for older Chromium
            )
        ),
        f"--print-to-pdf={pdf}",
        source.as_uri(),
    ]
    # The timeout only stops a hung browser from hanging the suite; it measures nothing.
    done = subprocess.run(
        argv, cwd=folder, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    if done.returncode != 0 or not pdf.is_file():
        tail = "\n".join(done.stderr.splitlines()[-15:])
        pytest.fail(f"chromium could not print the summary (exit {done.returncode}):\n{tail}")
    return pdf


def pdf_pages(pdf: Path) -> list[str]:
    """The text of each page of a PDF, as pdftotext reads it."""
    pdftotext = browser_tools()[1]
    text = subprocess.run(
        [pdftotext, "-enc", "UTF-8", str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    pages = text.split("\f")
    return pages[:-1] if pages and not pages[-1].strip() else pages


def paper_of(pdf: Path) -> str:
    """The page size line pdfinfo reports (`612 x 792 pts (letter)`)."""
    pdfinfo = browser_tools()[2]
    info = subprocess.run(
        [pdfinfo, str(pdf)], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    return next(line for line in info.splitlines() if line.startswith("Page size:"))


def on_paper(page: str, paper: str) -> str:
    """The page as a browser prints it on the given paper (the person's print dialog choice)."""
    return page.replace("</style>", f"</style>\n<style>@page {{ size: {paper}; }}</style>", 1)


def lines_of(page: str) -> list[str]:
    """The non-empty lines of a page of text."""
    return [line.strip() for line in page.splitlines() if line.strip()]
