"""How soon a phone on a slow network shows the HTML edition: its first contentful paint, and
when the page is ready to use (its `load` event), over the network profile Lighthouse calls
"slow 4G" (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) with the processor slowed 4×,
in headless Chromium (Debian's `chromium`, through Playwright).

    python scripts/benchmark_html_paint.py [output/solo-catan/index.html ...] [--runs 5]

Each page is served over HTTP from its own folder (a file:// page is never throttled) and
opened `--runs` times in a fresh browser context (nothing cached); the median is printed
beside the target of issue 33, 1.5 s to first paint. Built books by default: every
output/*/index.html (run `rulebook build` first). A measurement, not a test: timings belong
here, never in the test suite.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import shutil
import statistics
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
TARGET = 1.5  # seconds to first contentful paint (issue 33)
SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8,
           "uploadThroughput": 750e3 / 8}
CPU_SLOWDOWN = 4


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def _serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, int]:
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1]


def measure(browser, url: str) -> tuple[float, float]:
    """(first contentful paint, load) in seconds, one cold visit."""
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_4G)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    page.goto(url, wait_until="load")
    paint, load = page.evaluate("""() => [
        performance.getEntriesByName('first-contentful-paint')[0].startTime,
        performance.getEntriesByType('navigation')[0].loadEventStart]""")
    context.close()
    return paint / 1000, load / 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", nargs="*", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    pages = args.pages or sorted((ROOT / "output").glob("*/index.html"))
    if not pages:
        sys.exit("no built page: run `rulebook build` first")
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if not executable:
        sys.exit("no chromium on PATH (apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable,
                                             args=["--no-sandbox", "--disable-gpu"])
        print(f"{'page':44} {'KB':>5} {'paint s':>8} {'load s':>7}  target {TARGET} s "
              f"(median of {args.runs}; slow 4G, CPU ÷{CPU_SLOWDOWN})")
        for page in pages:
            server, port = _serve(page.parent)
            try:
                runs = [measure(browser, f"http://127.0.0.1:{port}/{page.name}")
                        for _ in range(args.runs)]
            finally:
                server.shutdown()
            paint = statistics.median(r[0] for r in runs)
            load = statistics.median(r[1] for r in runs)
            name = str(page.relative_to(ROOT) if page.is_relative_to(ROOT) else page)
            print(f"{name:44} {page.stat().st_size // 1024:5d} {paint:8.2f} {load:7.2f}  "
                  f"{'ok' if paint <= TARGET else 'OVER'} ({paint / TARGET:.2f}× target)")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
