"""A tiny book (contentedit.new_book) whose first chapter is its title and a hostile section,
built: for the tests that the PDF (tests/unit/test_attacks.py) and the HTML edition in Chromium
(tests/browser/test_attacks_in_chromium.py) show it as text and run or fetch nothing of it."""

from __future__ import annotations

from pathlib import Path

from contentedit import TINY_CHAPTER, new_book
from generator.build import build_book

#: Chapter 1 under its title: each payload would set window.__pwned if anything of it ran.
HOSTILE = """
## Pruebas {#pruebas onclick="window.__pwned = 'heading'" onmouseover="window.__pwned = 'heading-hover'"}

Párrafo con atributos.
{: onclick="window.__pwned = 'attr-list'" onmouseover="window.__pwned = 'attr-hover'" style="background-image: url(http://127.0.0.1:9/style.png)" }

Un *énfasis*{: onclick="window.__pwned = 'inline-attr'" onmouseenter="window.__pwned = 'enter'" } aquí.

Enlaces: [uno](javascript:window.__pwned='javascript-link'),
[dos](JaVaScRiPt:window.__pwned='mixed-case'),
[tres](data:text/html,hola),
[cuatro](//127.0.0.1:9/relativo), [cinco](file:///etc/passwd),
[seis](#introduction){: href="javascript:window.__pwned='attr-href'" onclick="window.__pwned='attr-onclick'" },
[siete](<http://a"b>), [web](https://example.org/reglas) y <correo@example.org>.

<script>window.__pwned = 'script'</script>

<img src="http://127.0.0.1:9/raw.png" onerror="window.__pwned = 'onerror'">

<iframe src="javascript:parent.__pwned = 'iframe'"></iframe>

<svg onload="window.__pwned = 'svg'"><circle r="5"/></svg>

<a href="javascript:window.__pwned = 'raw-link'">pulsa</a>

Por referencia: [ocho][cap], &#88;&#89; y &#82;99.

[cap]: #introduction

## Rara {: id='comillas" onclick="window.__pwned = 1' }

Código: `<b>negrita</b>`, `a &amp; b`, `x < y && z` y &copy; &lt;b&gt;.

    <pre>bloque & código</pre>
"""


def hostile_book(root: Path) -> tuple[Path, Path]:
    """The book with the hostile section built under `root`: (PDF, HTML)."""
    book = new_book(root / "project")
    (book / TINY_CHAPTER).write_text("# Introduction\n" + HOSTILE, encoding="utf-8")
    built = build_book(book, root / "out")
    return built.files[0], built.files[0].parent / "index.html"
