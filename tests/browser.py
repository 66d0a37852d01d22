"""Headless Chromium for the tests that open the HTML edition as a reader's browser would."""

from __future__ import annotations

import shutil

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
#: No sandbox (containers), no GPU, and nothing the browser would fetch on its own: a request
#: a test records is one the page made.
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def only_the_page(page, html, requests: list[str] | None = None) -> None:
    """Let `page` load the file `html` and nothing else: any other request it makes is
    refused, and recorded in `requests` (a test that fetches nothing ends with it empty)."""
    def guard(route):
        if route.request.url == html.as_uri():
            route.continue_()
        else:
            if requests is not None:
                requests.append(route.request.url)
            route.abort()
    page.route("**/*", guard)
