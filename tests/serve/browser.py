"""Headless Chromium for the browser test and the README's screenshots: Debian's package
(``apt-get install chromium``), driven by Playwright; Playwright's own browser download is
not used (it needs the internet)."""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from typing import Any

# The two screens the pages are tested at (issue 42, "Tests and figures"): a phone's and a laptop's.
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
VIEWPORTS = {"phone": PHONE, "laptop": LAPTOP}

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    """Debian's chromium, or the one $CHROMIUM names; None if there is none."""
    named = os.environ.get("CHROMIUM")
    if named:
        return named if os.access(named, os.X_OK) else None
    for candidate in ("/usr/bin/chromium", shutil.which("chromium") or ""):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """A launched browser (Playwright's ``Browser``)."""
    from playwright.sync_api import sync_playwright

    path = chromium_path()
    assert path is not None, "no chromium: apt-get install chromium"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()
