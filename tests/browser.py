"""Headless Chromium for the tests that open the HTML edition as a reader's browser would."""

from __future__ import annotations

import shutil

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
#: No sandbox (containers), no GPU, and nothing the browser would fetch on its own: a request
#: a test records is one the page made.
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
